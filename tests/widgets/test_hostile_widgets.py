"""Hostile arguments to the apps and their HTML helpers (issue 16): a clear refusal, early.

Each case is a call the hostile-input walker (tests/test_hostile_input.py) found raising an
ipywidgets ``TraitError``, an ``AttributeError``, ``KeyError`` or ``IndexError``. Now each
raises a :class:`~piratelib.errors.PiratelibError` naming what was wrong and what is
allowed, BEFORE the app builds a single widget (the ipywidgets registry does not grow), and
leaves the caller's arguments as they were. Constructor arguments are the programmer's, so
raising is right there; what a learner does in an app is refused on screen instead.
"""

from __future__ import annotations

import copy
import random

import pytest
from ipywidgets.widgets import widget as ipywidget

from piratelib.blackbeard.deduce.record import hunt_record
from piratelib.blackbeard.encounter import Encounter, odds
from piratelib.errors import IllegalActionError, PiratelibError
from piratelib.steps import Step
from piratelib.widgets import step_html
from piratelib.widgets.blackbeard import InformantApp
from piratelib.widgets.blackbeard import MovementApp as MapMovementApp
from piratelib.widgets.blackbeard_game import TurnStepper, busy_policy
from piratelib.widgets.blackbeard_hunt import HuntApp, public_steps
from piratelib.widgets.blackflag_sinking import (
    EdgeApp,
    SinkingApp,
    edge_table_html,
    steps_markdown,
    table_html,
)
from piratelib.widgets.blackflag_table import TableApp
from piratelib.widgets.dice import HighestDieApp
from piratelib.widgets.dreadpirate_battle import BattleStepper, BattleTable, WinChecker
from piratelib.widgets.dreadpirate_movement import MovementApp as SeaMovementApp
from piratelib.widgets.encounter import StepThroughApp, odds_in_words
from piratelib.widgets.encounter_setup import SetupPanel
from piratelib.widgets.encounter_views import compare_html
from piratelib.widgets.piracy import MatApp

NAN, INF = float("nan"), float("inf")
JANE = Encounter(hunters=frozenset({"jane"}), pirates=frozenset({"adventure"}))
STEP = Step("Draw", "Ann draws 2.", "Draw 2 cards.", None)

# (callable, positional args, keyword args, words the message must hold)
CASES = [
    (InformantApp, (), {"informant": "no_such_id"}, "unknown informant 'no_such_id'"),
    (InformantApp, (), {"informant": "wm_howardx"}, "did you mean 'wm_howard'"),
    (InformantApp, (), {"informant": None}, "unknown informant None: the informants are"),
    (MapMovementApp, (), {"pawns": "no_such_id"}, "pawns must be a whole number from 0 to 7"),
    (MapMovementApp, (), {"pawns": INF}, "pawns must be a whole number from 0 to 7, got inf"),
    (MapMovementApp, (), {"pawns": []}, "pawns must be a whole number"),
    (MapMovementApp, (), {"piece": "no_such_id"}, "the pieces are adventure, brand, jane"),
    (MapMovementApp, (), {"space": None}, "unknown space None"),
    (TurnStepper, (), {"seed": 2.5}, "seed must be a whole number"),
    (TurnStepper, (), {"turn": 0}, "turn must be a whole number from 1 to 4, got 0"),
    (TurnStepper, (), {"actions": {}}, "actions must be a list | tuple"),
    (busy_policy, (None, [], random.Random(1)), {}, "busy_policy needs a list of legal actions"),
    (HuntApp, (), {"advanced": "no_such_id"}, "advanced must be True or False"),
    (HuntApp, (), {"seed": []}, "seed must be a whole number"),
    (HuntApp, (), {"seed": INF}, "seed must be a whole number"),
    (HuntApp, (), {"side": ["hunters"]}, "side must be 'hunters' or 'blackbeard'"),
    (hunt_record, ("no_such_id",), {}, "states must be a list or tuple of State"),
    (public_steps, ("no_such_id", "hunters"), {}, "steps must be a list or tuple of Step"),
    (public_steps, ([STEP], "pirates"), {}, "unknown reader 'pirates'"),
    (EdgeApp, (), {"doubloons": "no_such_id"}, "doubloons must be a Mapping"),
    (EdgeApp, (), {"doubloons": {"Zed": 1}}, "unknown player 'Zed'"),
    (EdgeApp, (), {"doubloons": {"Andrew": -1}}, "Andrew's Doubloons must be a whole number"),
    (EdgeApp, (), {"players": "no_such_id"}, "players must be a whole number from 4 to 8"),
    (EdgeApp, (), {"players": []}, "players must be a whole number from 4 to 8"),
    (EdgeApp, (), {"chest": NAN}, "chest must be a whole number from -6 to 6, got nan"),
    (EdgeApp, (), {"roles": "admiral"}, "roles must be a list or tuple of str"),
    (SinkingApp, (), {"step": NAN}, "step must be a whole number from 1 to"),
    (edge_table_html, ("",), {}, "players must be a list or tuple of int"),
    (edge_table_html, ([],), {}, "players must name at least one player count"),
    (edge_table_html, ([3],), {}, "players must be a whole number from 4 to 8, got 3"),
    (steps_markdown, ("no_such_id",), {}, "steps must be a list or tuple of Step"),
    (table_html, (None,), {}, "state must be a State, got None"),
    (TableApp, (), {"attacker": "no_such_id"}, "unknown attacker 'no_such_id'"),
    (TableApp, (), {"players": 9}, "players must be a whole number from 4 to 8, got 9"),
    (TableApp, (), {"ranges": "no_such_id"}, "ranges must be a Mapping"),
    (TableApp, (), {"ranges": {"Andrew": 5}}, "Andrew's Range must be a whole number from 1 to 4"),
    (TableApp, (), {"ships": "Andrew"}, "must be a tuple or set of ids, got 'Andrew'"),
    (TableApp, (), {"sails": ("Zed",)}, "unknown player with a Sails 'Zed'"),
    (HighestDieApp, (), {"blackbeard_dice": 7}, "blackbeard_dice must be a whole number"),
    (HighestDieApp, (), {"hunter_dice": "2"}, "hunter_dice must be a whole number from 0 to 6"),
    (HighestDieApp, (), {"seed": NAN}, "seed must be a whole number"),
    (HighestDieApp, (), {"warned": "yes"}, "warned must be True or False"),
    (HighestDieApp, (), {"trials": 0}, "trials must be a whole number from 1 to 10000000"),
    (BattleTable, (), {"attacker_bonus": -1}, "attacker_bonus must be a whole number from 0"),
    (BattleTable, (), {"dread_pirate": "no_such_id"}, "unknown dread_pirate 'no_such_id'"),
    (BattleTable, (), {"hoist": None}, "hoist must be True or False, got None"),
    (BattleStepper, (None,), {}, "attacker must be a Battler, got None"),
    (BattleStepper, (), {"seed": "no_such_id"}, "seed must be a whole number"),
    (BattleStepper, (), {"faces": [7]}, "a die's face must be a whole number from 1 to 6"),
    (WinChecker, ("no_such_id",), {}, "purse must be a Purse or None, got 'no_such_id'"),
    (SeaMovementApp, (), {"start": "no_such_id"}, "unknown place 'no_such_id'"),
    (SeaMovementApp, (), {"roll": 13}, "roll must be a whole number from 0 to 12, got 13"),
    (SeaMovementApp, (), {"diagonal": "no_such_id"}, "unknown diagonal rule 'no_such_id'"),
    (SeaMovementApp, (), {"pass_through": 1}, "pass_through must be True or False, got 1"),
    (SeaMovementApp, (), {"others": {"Wreck": "x"}}, "Wreck's ship must be on a square"),
    (StepThroughApp, ([],), {}, "steps must hold at least one step of an Encounter"),
    (StepThroughApp, ("no_such_id",), {}, "steps must be a list or tuple of Step"),
    (StepThroughApp, ([STEP],), {}, "steps[0].state must be a State, got None"),
    (odds_in_words, (None,), {}, "odds must be a Mapping, got None"),
    (odds_in_words, ({"hunters win": 1},), {}, "an Ending must be a Ending"),
    (SetupPanel, (), {"title": None}, "title must be a string, got None"),
    (SetupPanel, (), {"encounter": "no_such_id"}, "encounter must be a Encounter or None"),
    (compare_html, (None, None), {"names": "no_such_id"}, "names must be a list or tuple of str"),
    (compare_html, (None, None), {"names": ("A",)}, "number of names must be a whole number"),
    (compare_html, ("no_such_id", None), {}, "a must be a Mapping"),
    (MatApp, ("no_such_id",), {}, "mat must be a Mat or None, got 'no_such_id'"),
    (MatApp, (), {"pawns": {"no_such_id": 1}}, "unknown face-up Piracy tile 'no_such_id'"),
    (MatApp, (), {"pawns": {"banyan_for_vane": -1}}, "pawns on banyan_for_vane must be"),
    (MatApp, (), {"adventure": "no_such_id"}, "unknown space 'no_such_id'"),
    (MatApp, (), {"camp": "bath_town"}, "unknown Anchorage 'bath_town'"),
    (MatApp, (), {"seed": INF}, "seed must be a whole number"),
    (MatApp, (), {"tiles": "no_such_id"}, "tiles must be a Tiles or None"),
    (step_html, (None, 1, 1, "x"), {}, "step must be a Step, got None"),
    (step_html, (Step("Draw", None, "rule", None), 1, 1, "x"), {}, "step.text must be a string"),
]


def _id(case: tuple) -> str:
    fn, args, kwargs, _ = case
    shown = [repr(a)[:20] for a in args] + [f"{k}={v!r:.20}" for k, v in kwargs.items()]
    return f"{fn.__name__}({', '.join(shown)})"


def _plain(value: object) -> object:
    """`value` with each random.Random replaced by its state (copies compare by state)."""
    if isinstance(value, random.Random):
        return value.getstate()
    if isinstance(value, tuple | list):
        return type(value)(map(_plain, value))
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


@pytest.mark.parametrize("case", CASES, ids=map(_id, CASES))
def test_refused_with_a_clear_message_before_any_widget_is_built(case):
    fn, args, kwargs, words = case
    before = _plain(copy.deepcopy((args, kwargs)))
    built = len(ipywidget._instances)
    with pytest.raises(PiratelibError) as refused:
        fn(*args, **kwargs)
    assert words in str(refused.value)
    assert len(ipywidget._instances) == built, "a widget was built before the refusal"
    assert repr(_plain((args, kwargs))) == repr(before)


def test_unknown_ids_are_illegal_actions_naming_the_close_match():
    with pytest.raises(IllegalActionError, match="did you mean 'bath_town'"):
        MapMovementApp(space="bath_twn")
    with pytest.raises(IllegalActionError, match="did you mean 'port_diablo'"):
        SeaMovementApp(target="port_diabolo")


def test_valid_arguments_still_build_the_apps():
    assert MapMovementApp(piece="jane", space="bath_town", pawns=0).pawns.value == 0
    assert TableApp(players=4, ships=("Andrew",), ranges={"Andrew": 2}).range["Andrew"].value == 2
    assert EdgeApp(players=4, doubloons={"Andrew": 3}).doubloons["Andrew"].value == 3
    assert MatApp(pawns={"banyan_for_vane": 2}).pawns["banyan_for_vane"].value == 2
    assert "Blackbeard" in compare_html(odds(JANE), None, names=["A", "B"])
    assert SetupPanel(title="B", encounter=JANE).title == "B"
