"""Headless tests of the hunt app: whole games through its buttons, refusals, beliefs, no peeks."""

from __future__ import annotations

import html
import random
import re

import pytest

from piratelib.blackbeard.bots.policies import BOTS, bot_action
from piratelib.blackbeard.deduce import possible_spaces
from piratelib.blackbeard.deduce.record import hunt_record
from piratelib.blackbeard.game import (
    Done,
    Meet,
    Move,
    PrepareDefense,
    Scout,
    SetCamp,
    adventure_space,
    decider,
    describe,
    legal_actions,
    observation,
    winner,
)
from piratelib.blackbeard.game.encounters import build_encounter
from piratelib.blackbeard.game.state import game_map
from piratelib.play import Record
from piratelib.widgets.blackbeard_hunt import HuntApp
from piratelib.widgets.encounter_setup import setups_from_query
from piratelib.words import say

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
        assert sorted(map(repr, app.choices)) == sorted(map(repr, legal_actions(app.state)))
        check(app)
        if Done() in app.choices:
            assert not app.done.disabled
            app.done.click()
        else:
            assert app.done.disabled and app.selected == app.choices[0]
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
    assert app.choices == [] and app.what.disabled and app.play_button.disabled
    record = html.unescape(app.record_table.value)
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
    assert "piratelib-hunt-record" in app.record_table.value
    rows = hunt_record(app.states)
    assert rows and rows[-1].camp == "bats_grave"


def test_an_illegal_move_is_refused_as_a_sentence_and_changes_nothing():
    app = HuntApp(seed=1, opponent="random")
    before, count = app.state, len(app.states)
    assert not app.play(Move(("jane",), "bath_town"))  # Sailing in B, and too far
    refusal = html.unescape(app.refusal.value)
    assert "piratelib-hunt-refusal" in refusal and "Not allowed: Sail Jane to Bath Town" in refusal
    assert "the Hunters to decide" in refusal
    assert not re.search(r"\b[a-z]+_[a-z_]+\b", refusal.split(">", 2)[2])  # no snake_case ids
    assert "EndMove" not in refusal and "Traceback" not in refusal
    assert app.state is before and len(app.states) == count
    app.done.click()  # now in D: a legal move clears the refusal and is played
    assert app.state.segment == "D"
    assert app.play(Move(("jane",), "cape_henry"))
    assert app.refusal.value == "" and app.state.jane == "cape_henry"


def shown_lists(app: HuntApp) -> list[list[str]]:
    """Every list of entries the app's controls show now (hidden ones too)."""
    found = [[str(o) for o in control.options] for control in (app.what, app.kind, app.where)]
    found += [[str(o) for o in c.options] for c in (app.side, app.opponent)]
    return found


@pytest.mark.parametrize("side", ["hunters", "blackbeard"])
@pytest.mark.parametrize("seed", [1, 4])
def test_no_control_lists_more_than_12_entries_at_any_decision(seed, side):
    app = HuntApp(seed=seed, side=side, opponent="random", advanced=seed == 4)
    rng = random.Random(seed)
    decisions = 0
    while app.state.outcome is None:
        offered = []
        for what in app.what.options:  # every first step, and every kind under it
            app.what.value = what
            for kind in app.kind.options:
                app.kind.value = kind
                assert all(len(entries) <= 12 for entries in shown_lists(app)), shown_lists(app)
                offered += [action for _, action in app.where.options]
        assert sorted(map(repr, offered)) == sorted(map(repr, legal_actions(app.state)))
        assert app.play(rng.choice(offered))
        decisions += 1
    assert decisions > 10


def test_the_two_steps_choose_what_then_where():
    app = HuntApp(seed=1, opponent="random")
    app.done.click()  # to D, the Hunters Actions
    assert "Jane and Ranger: Sail together" in app.what.options
    app.what.value = "Jane and Ranger: Sail together"
    assert app.kind.layout.display == "none" or len(app.kind.options) > 1
    labels = [label for label, _ in app.where.options]
    assert "Cape Henry" in labels and all("_" not in label for label in labels)
    app.where.value = dict(app.where.options)["Cape Henry"]
    app.play_button.click()
    assert app.state.jane == app.state.ranger == "cape_henry"


def test_done_with_pawns_left_is_named_before_it_is_taken():
    app = HuntApp(seed=1, opponent="random")
    app.done.click()
    app.what.value = "Done: end your part of this segment"
    assert "Done leaves 7 rose pawns unused this turn" in html.unescape(app.warning.value)
    app.what.value = app.what.options[0]
    assert app.warning.value == "" or "Done" not in app.what.value


def test_undo_takes_back_quiet_moves_only():
    app = HuntApp(seed=1, opponent="random")
    assert app.undo_button.disabled  # nothing of the reader's to take back
    app.done.click()
    assert app.undo_button.disabled  # the bot has played since
    before = app.state
    assert app.play(Move(("jane", "ranger"), "cape_henry"))  # a move Spots nothing yet
    assert not app.undo_button.disabled
    app.undo_button.click()
    assert app.state == before and app.undo_button.disabled is True
    rng = random.Random(1)
    while not any(isinstance(a, Scout) for a in app.choices):  # Sail on until a Scout is open
        assert app.play(rng.choice([a for a in app.choices if isinstance(a, Move)]))
    assert app.play(next(a for a in app.choices if isinstance(a, Scout)))
    # a Scout reveals a block: no taking it back
    assert app.undo_button.disabled and not app.undo()
    assert "revealed something" in html.unescape(app.refusal.value)


def test_save_and_load_give_back_the_same_game():
    app = HuntApp(seed=3, opponent="random")
    app.done.click()
    app.play(Move(("jane",), "cape_henry"))
    saved = app.saved()
    link = app.save.value
    assert "download='hunt-for-blackbeard.json'" in link and "Save this game" in link
    other = HuntApp(seed=9, side="hunters", opponent="random")
    assert other.load(saved)
    assert other.state == app.state and other.seed.value == 3
    assert other.record == app.record
    assert not other.load("{not json")
    assert "a saved game is JSON text" in html.unescape(other.refusal.value)
    assert other.state == app.state  # a bad file changes nothing


def test_an_encounter_met_links_to_the_calculator_with_its_tiles():
    # smart bots play game 4 until the Hunters Meet (the first seed where they do)
    record = Record.start("blackbeard", seed=4)
    while not record.actions or not any(step.phase == "E:declare" for step in record.steps()[-1]):
        state = record.states()[-1]
        bot = BOTS[decider(state)]["smart"]
        record = record.play(bot_action(state, bot, random.Random(f"1:{state.ply}")))
    app = HuntApp(seed=4, opponent="random")
    assert app.load(record.to_json())
    log = html.unescape(app.shown_log.value)
    assert "Open the Encounter at" in log and "encounter_calculator.ipynb?a=h=" in log
    query = log.split("encounter_calculator.ipynb?")[1].split("'")[0]
    met = setups_from_query(query)["a"][0]
    state, after = record.states()[-2:]
    held = build_encounter(state, legal_actions(state)[record.actions[-1]].space)
    assert met.hunters == held.hunters and met.pirates == held.pirates
    assert met.blackbeard_tiles == held.blackbeard_tiles & after.declared
    assert met.hunter_tiles == held.hunter_tiles & after.declared


def test_the_calculator_link_names_no_tile_the_encounter_left_undeclared():
    # Grenadoes add a die only to a Boarding; both sides Escape, so he never declares them
    record = Record.start("blackbeard", seed=9, encounter_policy="escape")
    for action in (
        SetCamp("nots_island"),
        Done(),
        PrepareDefense("grenadoes"),
        PrepareDefense("swivel_guns"),
        Done(),
        Move(("jane", "ranger"), "cape_henry"),
        Move(("jane",), "currituck_inlet"),
        Move(("jane",), "nots_island"),
        Done(),
        Meet("nots_island"),
    ):
        record = record.play(action)
    assert "grenadoes" in build_encounter(record.states()[-2], "nots_island").blackbeard_tiles
    app = HuntApp(seed=9, opponent="random")
    assert app.load(record.to_json())
    log = html.unescape(app.shown_log.value)
    query = log.split("encounter_calculator.ipynb?")[1].split("'")[0]
    assert setups_from_query(query)["a"][0].blackbeard_tiles == {"swivel_guns"}
    assert "Grenadoes" not in re.sub("<[^>]+>", "", log)


@pytest.mark.parametrize("side", ["hunters", "blackbeard"])
def test_the_hint_says_what_the_search_bot_would_play_among_the_legal_actions(side):
    app = HuntApp(seed=3, side=side, opponent="random")
    assert app.hint.value == "" and not app.hint_button.disabled
    app.hint_button.click()
    words = html.unescape(re.sub("<[^>]+>", "", app.hint.value))
    said = words.removeprefix("The search bot would: ").split(". Played out")[0]
    offered = {html.unescape(re.sub("<[^>]+>", "", c)) for c in map(_said, app.choices)}
    assert said in offered
    assert re.search(r"your side won \d+% of them", words)
    assert "_" not in words and "Fraction" not in words
    app.play(app.choices[0])
    assert app.hint.value == ""  # a hint is for the moment it was asked


def _said(action):
    return say(describe(action))
