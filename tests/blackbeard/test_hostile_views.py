"""Issue 16 for Hunt for Blackbeard: what helper D left, refused cleanly with nothing changed.

A bot's view (Observation) checks itself; the bots and the random policy check the view's
side and the actions; an Encounter phase must be a known one; a game State with no blocks
is refused by resolve; the internal rule steps are no longer public names.
"""

import random
from dataclasses import replace

import pytest

from piratelib.blackbeard import game
from piratelib.blackbeard.bots.policies import random_policy
from piratelib.blackbeard.bots.smart import smart_blackbeard, smart_hunters
from piratelib.blackbeard.deduce.sails import sail_groups, sail_table
from piratelib.blackbeard.encounter import Encounter
from piratelib.blackbeard.encounter.record import State as EncounterState
from piratelib.blackbeard.encounter.rules import (
    CHANCE_PHASES,
    CHOICE_PHASES,
    chance_outcomes,
    chooser,
    options,
    start,
)
from piratelib.blackbeard.game import advanced as game_advanced
from piratelib.blackbeard.game import blackbeard as game_blackbeard
from piratelib.blackbeard.game import hunters as game_hunters
from piratelib.blackbeard.game import sequence as game_flow
from piratelib.blackbeard.game.actions import Done, SetCamp
from piratelib.blackbeard.game.state import State
from piratelib.errors import IllegalActionError


def _views():
    state = game.new_game(seed=1)
    return state, game.observation(state, "blackbeard"), game.observation(state, "hunters")


@pytest.mark.parametrize(
    ("field", "bad", "said"),
    [
        ("jane", None, "jane must be str"),
        ("ranger", "bath_twn", "did you mean 'bath_town'"),
        ("side", "pirates", "unknown side"),
        ("segment", "H", "unknown segment"),
        ("step", "sial", "did you mean 'sail'"),
        ("hunter_pawns", -1, "hunter_pawns"),
        ("mat", {"pawns": 3}, "mat must be"),
        ("camp", "no_such_space", "unknown space"),
    ],
)
def test_an_observation_refuses_a_field_no_game_can_show(field, bad, said):
    _, _, hunters = _views()
    with pytest.raises(IllegalActionError, match=said):
        replace(hunters, **{field: bad})


def test_smart_blackbeard_refuses_the_hunters_view_that_crashed_it():
    state, _, hunters = _views()
    legal = game.legal_actions(state)
    before = list(legal)
    with pytest.raises(IllegalActionError, match="'blackbeard' view, got the 'hunters' view"):
        smart_blackbeard(hunters, legal, random.Random(0))
    assert legal == before


@pytest.mark.parametrize(
    ("actions", "said"),
    [
        ([], "got none"),
        (["no_such_id"], "game actions"),
        ([SetCamp("bath_twn")], "did you mean 'bath_town'"),
        (None, "actions must be a list or tuple"),
    ],
)
def test_bots_and_the_random_policy_refuse_hostile_actions(actions, said):
    _, blackbeard, hunters = _views()
    rng = random.Random(0)
    state_before = rng.getstate()
    for bot, view in ((smart_blackbeard, blackbeard), (smart_hunters, hunters)):
        with pytest.raises(IllegalActionError, match=said):
            bot(view, actions, rng)
    with pytest.raises(IllegalActionError, match=said):
        random_policy(None, actions, rng)
    assert rng.getstate() == state_before


def test_the_bots_still_choose_from_their_own_view():
    state, blackbeard, _ = _views()
    action = smart_blackbeard(blackbeard, game.legal_actions(state), random.Random(1))
    assert action == SetCamp("hatteras_bank")
    assert random_policy(None, (Done(),), random.Random(0)) == Done()


def test_options_refuse_an_unknown_encounter_phase_naming_the_close_ones():
    enc = Encounter(hunters=frozenset({"brand"}), pirates=frozenset({"adventure"}))
    state = EncounterState(phase="arest:blackbeard")
    with pytest.raises(IllegalActionError, match="did you mean 'arrest:blackbeard'"):
        options(enc, state)
    with pytest.raises(IllegalActionError, match="unknown Encounter phase"):
        chooser(EncounterState(phase="no_such_phase"))
    with pytest.raises(IllegalActionError, match="'arrest:roll'"):
        chance_outcomes(enc, EncounterState(phase="arrest:rol"))
    assert state == EncounterState(phase="arest:blackbeard")
    assert start(enc).phase in CHOICE_PHASES
    assert not CHOICE_PHASES & CHANCE_PHASES


def test_resolve_refuses_a_state_without_blocks_and_changes_nothing():
    state = State(camp="nots_island")
    legal = game.legal_actions(state)
    with pytest.raises(IllegalActionError, match=r"blocks=blank_blocks\(\)"):
        game.resolve(state, legal[0], random.Random(0))
    assert state == State(camp="nots_island")


@pytest.mark.parametrize(
    ("module", "name"),
    [
        (game_blackbeard, "apply_blackbeard"),
        (game_blackbeard, "set_blocks"),
        (game_flow, "dispatch"),
        (game_hunters, "hunter_actions"),
        (game_advanced, "figure_escapes"),
        (game_advanced, "arrest_israel_hands"),
    ],
)
def test_rule_steps_that_trust_resolve_are_not_public(module, name):
    assert callable(getattr(module, name))
    assert name not in module.__all__


def test_the_remembered_sail_tables_are_read_only():
    table = sail_table(frozenset({"bath_town"}), frozenset(), 5, False)("hatteras_bank")
    groups, by_end, by_space, paths = sail_groups("hatteras_bank")
    before = (dict(table[()]), dict(by_end), dict(by_space))
    for change in (
        lambda: table.__setitem__((), {}),
        lambda: table[()].__setitem__(("x", frozenset()), 1),
        lambda: by_end.__setitem__("x", ((), ())),
        lambda: by_end["hatteras_bank"][1].append(0),
        lambda: by_space.pop(next(iter(by_space))),
    ):
        with pytest.raises((TypeError, AttributeError)):
            change()
    assert (dict(table[()]), dict(by_end), dict(by_space)) == before
    assert isinstance(groups, tuple) and isinstance(paths, tuple)


@pytest.mark.parametrize(
    ("args", "said"),
    [
        ((frozenset(), frozenset(), 6, False), "max_sail"),
        ((frozenset(), frozenset(), 5, 1), "silence"),
    ],
)
def test_sail_table_refuses_a_sail_limit_or_silence_out_of_range(args, said):
    with pytest.raises(IllegalActionError, match=said):
        sail_table(*args)
