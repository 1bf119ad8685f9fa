"""Headless tests of the hunt app: whole games through its buttons, refusals, beliefs, no peeks."""

from __future__ import annotations

import html
import random
import re
from fractions import Fraction

import pytest

from piratelib.blackbeard.bots.policies import play_bots
from piratelib.blackbeard.deduce import camp_spaces, chances, possible_spaces
from piratelib.blackbeard.deduce.record import hunt_record
from piratelib.blackbeard.game import (
    Done,
    SetCamp,
    adventure_space,
    decider,
    legal_actions,
    new_game,
    observation,
    winner,
)
from piratelib.blackbeard.game.state import game_map
from piratelib.widgets.blackbeard_hunt import HuntApp, public_steps

NAMES = {name: space for space, name in game_map().nodes(data="name")}


def possible_listed(app: HuntApp) -> dict[str, str]:
    """The spaces the belief box lists as possible, by id, with the percentage shown."""
    text = html.unescape(app.belief.value)
    listed = text.split("Every possible space, likeliest first: ")[1].split(".<")[0]
    pairs = [re.fullmatch(r"(.+) (\d+%|under 1%|over 99%)", item) for item in listed.split(", ")]
    return {NAMES[m[1]]: m[2] for m in pairs}


def play_through_the_buttons(app: HuntApp, *, check=lambda app: None) -> int:
    """Play the reader's side with the buttons: Done when offered, else the first action."""
    clicks = 0
    while app.state.outcome is None:
        assert decider(app.state) == app.reader
        assert app.choices == legal_actions(app.state)
        check(app)
        if Done() in app.choices:
            assert not app.done.disabled
            app.done.click()
        else:
            assert app.done.disabled and app.actions.value == 0
            app.play_button.click()
        clicks += 1
        assert clicks < 200
    return clicks


def test_a_whole_game_as_the_hunters_ends_with_the_true_track_revealed():
    app = HuntApp(seed=1)  # the smart Blackbeard bot by default
    assert app.opponent.value == "smart" and app.reader == "hunters"

    def beliefs_match_deduce(app):
        view = observation(app.state, "hunters")
        assert set(possible_listed(app)) == possible_spaces(view)
        assert "piratelib-map-hunters" in app.map.value
        assert "piratelib-map-blackbeard" not in app.map.value  # no peeking at his Map

    clicks = play_through_the_buttons(app, check=beliefs_match_deduce)
    assert clicks >= 8  # at least B and D of four turns
    outcome = winner(app.state)
    status = html.unescape(app.status.value)
    assert "The game is over" in status
    assert ("The Hunters win" if outcome.side == "hunters" else "Blackbeard wins") in status
    assert app.choices == [] and app.actions.disabled and app.play_button.disabled
    record = html.unescape(app.record.value)
    assert "piratelib-hunt-record" in record
    rows = hunt_record(app.states)
    assert [row.turn for row in rows] == list(range(1, app.state.turn + 1))
    assert rows[-1].adventure == adventure_space(app.state)
    for row in rows:
        cells = record.split("<tr><td>")[row.turn].split("</td><td>")
        assert cells[0] == str(row.turn)
        assert cells[2] == game_map().nodes[row.adventure]["name"]  # the true track
        assert cells[3].startswith(game_map().nodes[row.camp]["name"])
        assert row.truth > 0  # the Hunters never ruled the truth out
    assert "piratelib-map-blackbeard" in app.map.value  # his Map revealed at the end


def test_a_whole_game_as_blackbeard_hides_the_hunters_beliefs_until_the_end():
    app = HuntApp(seed=3, side="blackbeard")
    assert app.choices[0] == SetCamp("bats_grave") and app.state.segment == "A"
    seen_logs = []

    def no_peeking(app):
        assert "Adventure can be in" not in app.belief.value
        assert "piratelib-map-hunters" not in app.map.value
        assert "piratelib-map-blackbeard" in app.map.value
        seen_logs.append(app.shown_log.value)
        spots = observation(app.state, "hunters").spots
        for spot in spots:
            if not spot.open:  # a secret Spot: Blackbeard must not read where it was
                where = game_map().nodes[spot.space]["name"]
                assert f"secretly Spot {where}" not in html.unescape(app.shown_log.value)

    play_through_the_buttons(app, check=no_peeking)
    assert any("behind their screen and secretly Spot" in log for log in seen_logs)
    assert "Revealed: what the Hunters believe now." in app.belief.value
    assert "piratelib-map-hunters" in app.map.value
    assert "piratelib-hunt-record" in app.record.value
    rows = hunt_record(app.states)
    assert rows and rows[-1].camp == "bats_grave"


def test_an_illegal_try_move_is_refused_as_a_sentence_and_changes_nothing():
    app = HuntApp(seed=1, opponent="random")
    before, count = app.state, len(app.states)
    app.piece.value, app.space.value = "jane", "bath_town"
    app.verb["move"].click()  # Sailing in segment B, and Bath Town is not next to James River
    refusal = html.unescape(app.refusal.value)
    assert "piratelib-hunt-refusal" in refusal and "Not allowed: Sail Jane to Bath Town" in refusal
    assert "the Hunters to decide" in refusal
    assert not re.search(r"\b[a-z]+_[a-z_]+\b", refusal.split(">", 2)[2])  # no snake_case ids
    assert "EndMove" not in refusal and "Traceback" not in refusal
    assert app.state is before and len(app.states) == count
    app.done.click()  # now in D: a legal move clears the refusal and is played
    assert app.state.segment == "D"
    assert app.try_move("jane", "cape_henry", "move")
    assert app.refusal.value == "" and app.state.jane == "cape_henry"
    assert not app.try_move("jane", "bath_town", "scout")  # too far to Scout
    assert "Scouts Bath Town" in html.unescape(app.refusal.value)


def test_the_try_row_offers_each_sides_pieces_and_verbs():
    app = HuntApp(seed=2, side="blackbeard", opponent="random")
    assert [value for _, value in app.piece.options] == ["adventure"]
    assert app.piece.value == "adventure" and app.space.value == "bath_town"  # ready to try
    shown = [verb for verb, button in app.verb.items() if button.layout.display != "none"]
    assert shown == ["sail", "set_camp"]
    assert app.try_move("adventure", "nots_island", "set_camp")  # legal: Camp at an Anchorage
    assert app.state.camp == "nots_island"
    with pytest.raises(ValueError, match="verb must be one of"):
        app.try_move("adventure", "nots_island", "fly")
    app.side.value = "hunters"  # switching sides starts a new game
    assert app.reader == "hunters" and app.state.segment == "B"
    assert [label for label, _ in app.piece.options] == ["Jane", "Ranger", "Capt Brand"]
    assert app.piece.value == "jane"


def test_the_belief_sentence_and_camp_set_follow_deduce_as_the_game_goes():
    app = HuntApp(seed=5, opponent="random")
    for _ in range(3):
        view = observation(app.state, "hunters")
        odds = chances(view)
        listed = possible_listed(app)
        assert set(listed) == possible_spaces(view) == set(odds)
        text = html.unescape(app.belief.value)
        assert f"Adventure can be in {len(odds)} space" in text
        top = max(odds, key=lambda s: (odds[s], s[::-1]))
        assert game_map().nodes[top]["name"] in text.split("likeliest: ")[1].split(".")[0]
        camps = camp_spaces(view)
        assert (f"{len(camps)} Anchorages" in text) or len(camps) == 1
        alt = html.unescape(app.map.value.split("alt='")[1].split("'")[0])
        assert f"Adventure can be in {len(odds)} spaces" in alt or len(odds) == 1
        app.done.click()


def test_the_log_hides_blackbeards_secret_steps_from_the_hunters():
    app = HuntApp(seed=1, opponent="smart")
    app.done.click()  # Blackbeard acts in C
    log = html.unescape(app.shown_log.value)
    assert "piratelib-hunt-log" in log and "The smart Blackbeard bot" in log
    assert "behind his screen" in log
    truth = game_map().nodes[adventure_space(app.state)]["name"]
    camp = game_map().nodes[app.state.camp]["name"]
    assert f"Sets Camp at {camp}" not in log and "Sails to" not in log
    assert f"Adventure at {truth}" not in log
    assert "_" not in log


def test_public_steps_say_secret_steps_only_as_secrets():
    state = new_game(seed=1)
    rng = random.Random(1)
    history = play_bots(state, rng)
    steps = [step for _, taken in history for step in taken]
    for reader in ("hunters", "blackbeard"):
        lines = public_steps(steps, reader)
        assert lines and all("_" not in line for line in lines)
    camp = game_map().nodes[history[-1][1][-1].state.camp]["name"]
    hunters = " ".join(public_steps(steps, "hunters"))
    assert f"Sets Camp at {camp}" not in hunters and "Resolve Piracy on turn" not in hunters
    assert "Blackbeard secretly Sets Camp at an Anchorage." in hunters
    blackbeard = " ".join(public_steps(steps, "blackbeard"))
    assert "A rose pawn on" not in blackbeard


def test_hunt_record_rows_are_the_truth_at_each_turns_end():
    start = new_game(seed=7)
    history = play_bots(start, random.Random(7))
    states = [start] + [taken[-1].state for _, taken in history]
    rows = hunt_record(states)
    for row in rows:
        end = next(s for s in states if s.turn > row.turn or s.outcome is not None)
        assert row.adventure == adventure_space(end) and row.camp == end.camp
        assert sum(p for _, p in row.chances) == 1
        assert row.truth == chances(observation(end, "hunters"))[row.adventure]
        assert row.truth > Fraction(0)
    assert hunt_record(states[:1]) == []  # no turn finished yet


def test_unknown_side_or_opponent_is_refused():
    with pytest.raises(ValueError, match="side must be"):
        HuntApp(side="pirates")
