"""Nothing that piratelib remembers is handed out changeable (issue 29, item 4).

A cached table or a module-level table is shared by every caller in the process: if a
caller could edit it, one edit would change every later answer. Each is read-only, so an
edit raises ``TypeError`` and the answers stay as they were.
"""

from __future__ import annotations

import functools
import importlib
import inspect
import pkgutil
from collections.abc import Mapping
from fractions import Fraction

import pytest

import piratelib
from piratelib.blackbeard import encounter
from piratelib.blackbeard.bots.policies import BOTS
from piratelib.blackbeard.encounter.rules import volley
from piratelib.blackbeard.encounter.share import COMMON_ESCAPE_POLICY
from piratelib.blackbeard.encounter.sixths import capped, in_sixths
from piratelib.lab import QUESTIONS

JANE = encounter.Encounter(hunters=frozenset({"jane"}), pirates=frozenset({"adventure"}))


def test_volley_cannot_be_edited_and_the_odds_stay():
    # the report: editing volley's table moved this from 32131/46656 to 5501/7776
    before = encounter.odds(JANE)[encounter.Ending.HUNTERS_WIN]
    table = volley(((2, False),))
    with pytest.raises(TypeError, match="read-only"):
        table[0, 0, 0] = Fraction(1)
    with pytest.raises(TypeError, match="read-only"):
        table.clear()  # type: ignore[attr-defined]
    assert encounter.odds(JANE)[encounter.Ending.HUNTERS_WIN] == before
    assert dict(table) == dict(volley(((2, False),)))  # dict(...) still gives a copy


@pytest.mark.parametrize("table", [capped, in_sixths])
def test_dice_tables_cannot_be_edited(table):
    with pytest.raises(TypeError, match="read-only"):
        table(((1, False),))[0, 0, 0] = (0, 1)


def test_module_tables_cannot_be_edited():
    with pytest.raises(TypeError):
        BOTS["hunters"] = BOTS["blackbeard"]  # type: ignore[index]
    with pytest.raises(TypeError):
        BOTS["hunters"]["smart"] = BOTS["hunters"]["random"]  # type: ignore[index]
    with pytest.raises(TypeError):
        QUESTIONS["victory"] = QUESTIONS["lookouts"]  # type: ignore[index]
    with pytest.raises(TypeError):
        QUESTIONS["lookouts"].variants[1].options["set_aside"] = ()  # type: ignore[index]
    with pytest.raises(TypeError):
        COMMON_ESCAPE_POLICY["blackbeard"] = "board"  # type: ignore[index]
    assert dict(COMMON_ESCAPE_POLICY) == {"blackbeard": "escape", "hunters": "board"}


def _cached_without_arguments():
    """Every remembered function of piratelib (outside Black Flag! and Dread Pirate's
    packages) that takes no arguments, by name."""
    found = {}
    for info in pkgutil.walk_packages(piratelib.__path__, "piratelib."):
        if info.name.startswith(("piratelib.widgets", "piratelib.draw")):
            continue
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            remembered = isinstance(value, functools._lru_cache_wrapper)
            own = remembered and value.__module__ == module.__name__
            if own and not inspect.signature(value).parameters:
                found[f"{info.name}.{name}"] = value
    return found


CACHED = _cached_without_arguments()
# private to the game's state module (another change owns piratelib/blackbeard/game/ now);
# it never leaves the module
CACHED.pop("piratelib.blackbeard.game.state._slot_index")


def _changeable(value: object, depth: int = 0) -> bool:
    if type(value) in (list, set, dict, bytearray):  # Fixed and FixedList refuse changes
        return True
    if depth < 2 and isinstance(value, Mapping):
        return any(_changeable(v, depth + 1) for v in list(value.values())[:50])
    if depth < 2 and isinstance(value, tuple):
        return any(_changeable(v, depth + 1) for v in value[:50])
    return False


@pytest.mark.parametrize("name", sorted(CACHED))
def test_remembered_tables_are_read_only(name):
    assert not _changeable(CACHED[name]()), f"{name}() hands out a changeable table"


def _with_arguments():
    from piratelib.blackbeard.board.movement import move_costs
    from piratelib.blackbeard.bots.smart import _danger
    from piratelib.blackbeard.deduce.models import _scaled, _ways
    from piratelib.blackbeard.piracy.plan_odds import _order, _places
    from piratelib.blackbeard.piracy.tiles import load_tiles
    from piratelib.blackbeard.readonly import _hints

    tiles = load_tiles()
    return {
        "models._ways": lambda: _ways("hatteras_bank", False),
        "models._scaled": lambda: _scaled("hatteras_bank", True),
        "smart._danger": lambda: _danger("james_river", "james_river", "james_river"),
        "plan_odds._order": lambda: _order(tiles),
        "plan_odds._places": lambda: _places(tiles, "acts_of_piracy", "nots_island"),
        "movement.move_costs": lambda: move_costs("adventure"),
        "readonly._hints": lambda: _hints(encounter.Encounter),
    }


WITH_ARGUMENTS = _with_arguments()


@pytest.mark.parametrize("name", sorted(WITH_ARGUMENTS))
def test_remembered_tables_with_arguments_are_read_only(name):
    assert not _changeable(WITH_ARGUMENTS[name]()), f"{name}(...) hands out a changeable table"
