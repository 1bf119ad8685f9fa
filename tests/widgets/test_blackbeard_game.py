"""Headless tests of the whole-turn app: step, jump to a segment, and no hidden fact leaks."""

from __future__ import annotations

import html

from piratelib.blackbeard.game import SEQUENCE, SetCamp, observation
from piratelib.blackbeard.game.state import ADVENTURE_BLOCKS, block_at, slots, with_blocks
from piratelib.widgets.blackbeard_game import (
    WHO_DECIDES,
    TurnStepper,
    spot_sentence,
    turn_history,
    view_html,
)
from piratelib.words import say


def test_the_history_is_one_whole_turn_a_to_g():
    steps, actions = turn_history(5)
    assert len(steps) == len(actions)
    assert steps[0].phase == "A" and actions[0] is None
    assert actions[1] == SetCamp("roanoke_river")
    assert steps[-1].phase == "G:end" and steps[-1].state.turn == 2
    assert all(step.state.turn == 1 for step in steps[:-1])


def test_forward_back_and_the_slider_show_each_step():
    app = TurnStepper(seed=5)
    assert app.step.value == 1 and app.step.max == len(app.steps)
    assert app.back.disabled and not app.forward.disabled
    assert "Step 1 of" in app.shown.value and "Setup is done" in app.shown.value
    app.forward.click()
    assert app.step.value == 2
    assert "Blackbeard Sets Camp at Roanoke River." in app.shown.value
    assert "Action: <b>Set Camp at Roanoke River</b>" in app.where.value
    assert html.escape(app.steps[1].rule, quote=False) in app.shown.value
    app.back.click()
    assert app.step.value == 1 and "Setup is done" in app.shown.value
    app.step.value = app.step.max
    assert app.forward.disabled
    app.forward.click()  # past the end: nothing changes
    assert app.step.value == app.step.max
    assert "G. End Turn" in app.shown.value and "Turn 2 begins" in app.shown.value


def test_jumping_to_each_segment_lands_on_its_first_step():
    app = TurnStepper(seed=5)
    for letter, button in app.jump.items():
        button.click()
        k = app.step.value - 1
        assert app.segment_of(k) == letter
        assert k == 0 or app.segment_of(k - 1) != letter
        assert f"segment <b>{letter}." in app.where.value
        assert button.button_style == "info"
        assert all(b.button_style == "" for other, b in app.jump.items() if other != letter)


def test_step_text_uses_players_names_not_ids():
    app = TurnStepper(seed=5)
    for value in range(1, app.step.max + 1):
        app.step.value = value
        text = app.shown.value.split("<i>")[0]  # the step's text, before its rule
        for raw in ("roanoke_river", "queen_annes_creek", "fishermen", "jane", "buy_rum"):
            assert raw not in text
    assert say("Prepare swivel_guns at bath_town") == "Prepare Swivel Guns at Bath Town"


def test_both_maps_are_drawn_with_alt_text_and_the_hunters_one_from_their_observation():
    app = TurnStepper(seed=5)
    app.jump["D"].click()
    k = app.step.value - 1
    state, moment = app.steps[k].state, app.moment(k)
    assert app.hunters_map.value == view_html(state, "hunters", moment=moment)
    assert app.blackbeard_map.value == view_html(state, "blackbeard", moment=moment)
    assert "aria-label='The Hunters&#x27; view of the Map" in app.hunters_map.value
    assert "aria-label='Blackbeard&#x27;s view of the Map" in app.blackbeard_map.value
    assert "Camp at Roanoke River (standing)" in app.blackbeard_map.value
    assert "Roanoke River" not in app.hunters_map.value.split("aria-label=")[1].split("Face up")[0]


def test_the_hunters_map_shows_no_hidden_fact():
    """Twin states that differ only in standing blocks draw the same Hunters' Map."""
    steps, _ = turn_history(5)
    state = next(s.state for s in steps if s.phase == "C:sail")  # the Camp is left behind
    standing = [s for s in slots() if s not in state.face_up]
    camp = next(s for s in standing if block_at(state, s) == "camp")
    blank = next(s for s in standing if block_at(state, s) == "blank")
    twin = with_blocks(state, {camp: "blank", blank: "camp"})
    assert observation(twin, "hunters") == observation(state, "hunters")
    assert view_html(twin, "hunters") == view_html(state, "hunters")
    assert view_html(twin, "blackbeard") != view_html(state, "blackbeard")


def test_adventure_face_up_at_a_surveil_marker_is_seen_by_the_hunters():
    steps, _ = turn_history(5)
    shown = next(s for s in steps if s.phase == "face_up")
    space = next(s for s in shown.state.surveil if block_at(shown.state, s) in ADVENTURE_BLOCKS)
    assert space == "albemarle_sound"
    assert "Adventure at Albemarle Sound" in view_html(shown.state, "hunters")


def test_a_new_seed_replays_a_new_turn_and_a_refusal_is_a_sentence(monkeypatch):
    app = TurnStepper(seed=5)
    first = app.steps
    app.seed.value = 6
    assert app.steps != first and app.step.value == 1
    assert "Seed 6" in app.where.value

    from piratelib.errors import PiratelibError
    from piratelib.widgets import blackbeard_game

    def refuse(*args, **kwargs):
        raise PiratelibError("no such game")

    monkeypatch.setattr(blackbeard_game, "turn_history", refuse)
    app.seed.value = 7
    assert "piratelib-error" in app.where.value and "no such game" in app.where.value
    assert app.step.disabled and "Traceback" not in app.where.value


def test_both_maps_of_a_step_name_the_same_moment_as_the_step():
    """Set Camp (A) and End Turn (G) leave the game in the next segment; the Maps still
    name the step's own moment, the same for both sides."""
    app = TurnStepper(seed=5)
    for value in range(1, app.step.max + 1):
        app.step.value = value
        letter = app.segment_of(value - 1)
        mine = app.blackbeard_map.value.split("aria-label='")[1].split(".")[0]
        theirs = app.hunters_map.value.split("aria-label='")[1].split(".")[0]
        moment = f"Turn 1, step {value}, {letter}"
        assert mine.endswith(moment) and theirs.endswith(moment), (value, mine, theirs)
        assert f"segment <b>{letter}." in app.where.value


def test_who_decides_is_a_sentence_for_each_segment():
    assert list(WHO_DECIDES) == [segment.letter for segment in SEQUENCE]
    for said in WHO_DECIDES.values():
        assert said[:1].isupper() and said.endswith(".")
        assert "automatic" not in said and "no one (" not in said
    assert WHO_DECIDES["C"] == (
        "Blackbeard decides, once the Map has been Reset (which happens by itself); when he is "
        "Done, he also decides for Seek Pardon or Fete Tobias Knight if he has the pawns to fill "
        "them."
    )
    assert "Seek Pardon" not in WHO_DECIDES["F"].split("(")[0]  # F no longer waits for him


def test_a_surveil_reveal_is_not_called_a_spot():
    steps, _ = turn_history(5)
    record = observation(steps[-1].state, "hunters").spots
    said = [spot_sentence(spot) for spot in record]
    assert said[0] == (
        "Turn 1, B. Interview Informants: Hunting Quarter Sound, secretly Spotted by an "
        "Informant, showed blank."
    )
    reveal = next(s for s, spot in zip(said, record, strict=True) if spot.how == "face_up")
    assert reveal == (
        "Turn 1, C. Blackbeard Actions: Albemarle Sound, updated face up at its Surveil "
        "marker, showed Adventure."
    )
    assert "Spotted" not in reveal
    assert said[-1].endswith(
        "Gun Inlet, openly Spotted where a Hunter piece ended its move, showed blank."
    )


def test_the_stepper_steps_through_a_saved_game_from_either_sides_view():
    from piratelib.blackbeard.game import Done, SetCamp
    from piratelib.play import Record

    record = Record.start("blackbeard", seed=2).play(SetCamp("nots_island")).play(Done())
    app = TurnStepper(seed=5)
    assert app.load(record.to_json())
    assert app.step.max == 1 + sum(len(steps) for steps in record.steps())
    app.step.value = 2  # Blackbeard Sets Camp
    assert "Nots Island" in app.shown.value and "A saved game (seed 2)" in app.where.value
    app.view.value = "hunters"  # the Hunters do not read where the Camp is
    assert "Nots Island" not in app.shown.value and "secretly Sets Camp" in app.shown.value
    assert app.blackbeard_map.layout.display == "none" and app.hunters_map.value
    app.view.value = "blackbeard"
    assert "Nots Island" in app.shown.value and app.hunters_map.layout.display == "none"
    assert not app.load("{}") and "not a saved game" in app.where.value
    app.seed.value = 6  # back to a seeded turn
    assert app.record is None and "Seed 6" in app.where.value
