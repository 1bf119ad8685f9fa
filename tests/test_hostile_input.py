"""Hostile input gets a clear error and changes nothing, everywhere (issue 16).

The walker imports every module under ``piratelib`` (``pkgutil.walk_packages``) and calls
every callable named in a module's ``__all__`` (functions, classes, and the public methods
of a valid example of each class) with hostile arguments: one argument at a time is made
hostile while the others keep a VALID example value (a default, or :data:`EXAMPLES` below),
so the hostile value is the one the callable has to refuse. Hostile values (drawn by
hypothesis from :func:`_hostile`): wrong types, unknown ids (``"no_such_id"`` and a near
miss of a valid id), duplicates, negative and huge (10**12) numbers, NaN and infinities,
empty collections, None, and records rebuilt with one field hostile.

A call fails the test when it

- raises anything but a :class:`~piratelib.errors.PiratelibError`; a :class:`TypeError`
  is allowed only when an argument is plainly the wrong Python type for its annotation
  (a dict where a ``str`` is annotated), never for a right-typed bad value;
- takes more than 5 seconds of CPU (a guard, measured around each call with the process's
  CPU clock so that a loaded CI machine does not fail it; not a timing test);
- is refused but has changed one of its arguments (each is deep-copied before the call
  and compared after it).

The engines (Black Flag!, Dread Pirate, Hunt for Blackbeard) also get hostile ACTIONS on a
real ``new_game`` state (:func:`test_engine_refuses_hostile_actions`); a refused action
leaves the state and the caller's log unchanged.

Parametrized per callable, with the module's dotted name in the id, so ``-k blackflag``
selects a package. :data:`COVERED` lists the packages whose names the walker calls in the
full suite run; the others run when a ``-k`` expression is given (the helpers fixing them
run ``-k <package>``). The engine test runs for all three games always.

Names that are not called, and why:

- constants and type aliases (not callable; counted in :func:`test_walker_sees_every_name`);
- methods of classes that have no valid example in :func:`_by_class` (the class itself is
  still called with hostile arguments);
- the exception classes in :mod:`piratelib.errors` (they take any message by design);
- enum classes (``Ending``, ``Termination``, ``Condition``): calling one looks a member up
  by value, and Python's own ``ValueError`` is the answer.
"""

from __future__ import annotations

import ast
import contextlib
import copy
import dataclasses
import enum
import functools
import importlib
import inspect
import math
import pkgutil
import random
import signal
import time
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import piratelib
from piratelib.errors import PiratelibError

BUDGET = 5.0  # seconds allowed for one call
EXAMPLES_PER_CALLABLE = 30

# Packages whose names run in the full suite (without -k); see the module docstring.
COVERED = (
    "piratelib.errors",
    "piratelib.dice",
    "piratelib.steps",
    "piratelib.words",
    "piratelib.blackflag",
    "piratelib.dreadpirate",
    "piratelib.blackbeard",
    "piratelib.data",
    "piratelib.sweep",
    "piratelib.lab",
    "piratelib.draw",
    "piratelib.widgets",
)

# Modules whose ids, counts and records refuse even the plainly wrong Python type with a
# PiratelibError, not a TypeError (issue 29: where a caller could plausibly pass it).
STRICT = (
    "piratelib.dreadpirate.battle.fight",
    "piratelib.dreadpirate.game.state",
    "piratelib.blackbeard.encounter.solver",
    "piratelib.blackflag.table",
    "piratelib.dreadpirate.sea",
)


def _boundary(hint: object) -> bool:
    """Whether `hint` is an id (str), a count (int) or a record (a dataclass)."""
    classes = _classes(hint)
    return bool(classes) and all(
        c in (str, int, type(None)) or dataclasses.is_dataclass(c) for c in classes
    )


# Names never called, with the reason (see the module docstring).
NOT_CALLED = {
    "piratelib.draw.blackbeard.marks.Marks": "a TypedDict (the Map's marks), not a callable",
    "piratelib.errors.PiratelibError": "an exception class: takes any message by design",
    "piratelib.errors.IllegalActionError": "an exception class: takes any message by design",
    "piratelib.errors.DataError": "an exception class: takes any message by design",
    "piratelib.sweep.dask_client": (
        "starts or connects to a Dask cluster (processes, sockets) when a hostile value"
        " happens to be valid; its refusals are tested in tests/test_sweep.py"
    ),
    "piratelib.widgets.App": (
        "the apps' base class: its constructor is ipywidgets' VBox's (traitlets refuse with"
        " TraitError); each app built on it checks its own arguments, walked here"
    ),
    "piratelib.lab.remember": (
        "plays every question's default games (half a minute) and writes a file at any path"
        " it is given; tests/test_lab.py checks the rows it stores"
    ),
    "piratelib.blackbeard.readonly.Fixed": (
        "a read-only dict: its constructor is dict's own (no signature to read), and its "
        "refusals are TypeError by design, as types.MappingProxyType's are"
    ),
}


class _TooSlow(BaseException):
    """Raised by the alarm when one call runs over the budget (not an Exception, so no
    library ``except Exception`` can swallow it)."""


# ---------------------------------------------------------------------------------------
# Valid example arguments
# ---------------------------------------------------------------------------------------


def _lab_question():
    from piratelib.lab import QUESTIONS

    return dataclasses.replace(QUESTIONS["table"], games=1, block=1)


@functools.cache
def _lab_rows():
    from piratelib.lab import ask

    return ask(_lab_question())


def _lab_shares():
    from piratelib.lab import shares

    return shares(_lab_question(), copy.deepcopy(_lab_rows()))


def _tally():
    from piratelib.blackbeard.bots.tally import tally

    return tally


@functools.cache
def _bb_state():
    from piratelib.blackbeard import game

    return game.new_game(seed=1)


@functools.cache
def _bb_encounter():
    from piratelib.blackbeard.encounter import Encounter

    return Encounter(hunters=frozenset({"jane"}), pirates=frozenset({"adventure"}))


@functools.cache
def _bf_state():
    from piratelib.blackflag import game

    return game.new_game(["Ann", "Bo", "Cy", "Di"], seed=4)


@functools.cache
def _dp_state():
    from piratelib.dreadpirate import game

    return game.new_game(["Ann", "Bob"], seed=1)


@functools.cache
def _dp_battle():
    from piratelib.dreadpirate.battle import roll_battle
    from piratelib.widgets.dreadpirate_battle import ATTACKER, DEFENDER

    return roll_battle(ATTACKER, DEFENDER, random.Random(1))


def _by_class() -> dict[type, Callable[[], object]]:
    """Valid examples of the library's own types, found from resolved annotations."""
    from piratelib.blackbeard import encounter, game, piracy
    from piratelib.blackbeard.encounter import rules as encounter_rules
    from piratelib.blackbeard.encounter.whatif import TileWorth
    from piratelib.blackbeard.game import state as game_state
    from piratelib.blackbeard.piracy import tiles as bb_tiles
    from piratelib.blackflag import state as bf_state
    from piratelib.dice import ScriptedRolls
    from piratelib.dreadpirate import battle
    from piratelib.dreadpirate import sea as board
    from piratelib.dreadpirate.game import state as dp_state
    from piratelib.steps import Step

    return {
        random.Random: lambda: random.Random(1),
        nx.Graph: lambda: _graph_for(""),
        game_state.State: _bb_state,
        encounter.Encounter: _bb_encounter,
        encounter.State: lambda: encounter_rules.start(_bb_encounter()),
        game.Observation: lambda: game.observation(_bb_state(), "hunters"),
        piracy.Mat: lambda: piracy.setup(random.Random(1)),
        piracy.Position: lambda: piracy.Position(adventure="nots_island", camp="bats_grave"),
        bb_tiles.Tiles: bb_tiles.load_tiles,
        TileWorth: lambda: TileWorth("lookouts", "blackbeard", "add", None),
        bf_state.State: _bf_state,
        bf_state.Card: lambda: _bf_state().deck[0],
        bf_state.Player: lambda: _bf_state().players[0],
        bf_state.Ship: lambda: _bf_state().players[0].ship,
        dp_state.State: _dp_state,
        dp_state.Pirate: lambda: _dp_state().players[0],
        dp_state.MissionCard: lambda: dp_state.mission_deck()[0],
        dp_state.ActionCard: lambda: dp_state.action_deck()[0],
        battle.Battle: _dp_battle,
        battle.Battler: lambda: _dp_battle().attacker,
        battle.Purse: lambda: battle.Purse(gold=5, gems=(("red", 2),)),
        board.Sea: board.load_sea,
        Step: lambda: Step("start", "Nothing yet.", "rule", None),
        ScriptedRolls: lambda: ScriptedRolls([1, 2, 3, 4, 5, 6]),
        Fraction: lambda: Fraction(1, 3),
    }


def _graph_for(module: str) -> nx.Graph:
    if "dreadpirate" in module:
        from piratelib.dreadpirate.sea import sea_graph

        return sea_graph()
    from piratelib.blackbeard.board import load_map

    return load_map()


# Valid examples by parameter name, for ids and plain values (first match wins: the
# longest package prefix of the callable's module, then "").
EXAMPLES: dict[str, dict[str, Callable[[], object]]] = {
    "": {
        "rng": lambda: random.Random(1),
        "log": list,
        "n": lambda: 2,
        "name": lambda: "Ann",
        "names": lambda: ["Ann", "Bo", "Cy", "Di"],
        "text": lambda: "Bath Town",
        "title": lambda: "A title",
        "key": lambda: "bath_town",
        "p": lambda: Fraction(1, 3),
        "trials": lambda: 100,
        "seed": lambda: 1,
        "what": lambda: "space",
        "known": lambda: ["bath_town", "fish_town"],
        "value": lambda: "bath_town",
        "low": lambda: 0,
        "high": lambda: 10,
        "a_wins_ties": lambda: True,
        "a_dice": lambda: 2,
        "b_dice": lambda: 2,
        "faces": lambda: [1, 2, 3],
        "total": lambda: 7,
        "items": lambda: ["bath_town", "fish_town"],
        "noun": lambda: "die",
        "games": lambda: 2,
    },
    "piratelib.lab": {
        "question": lambda: _lab_question(),
        "rows": lambda: _lab_rows(),
    },
    "piratelib.draw.lab": {"shares": lambda: _lab_shares()},
    "piratelib.sweep": {
        "fn": lambda: _tally(),
        "grid": lambda: [{"games": 1, "seed": 0, "hunters": "random"}],
        "variants": lambda: [{"hunters": "random", "blackbeard": "random"}],
        "rows": lambda: [{"games": 1, "blackbeard": 0}],
        "successes": lambda: 1,
        "trials": lambda: 4,
    },
    "piratelib.blackbeard": {
        "G": lambda: _graph_for("blackbeard"),
        "space": lambda: "bath_town",
        "start": lambda: "bath_town",
        "end": lambda: "fish_town",
        "to": lambda: "fish_town",
        "camp": lambda: "bats_grave",
        "adventure": lambda: "nots_island",
        "at": lambda: "bath_town",
        "piece": lambda: "jane",
        "tile": lambda: "grape",
        "tile_id": lambda: "raid_delaware",
        "row": lambda: "acts_of_piracy",
        "side": lambda: "hunters",
        "informant": lambda: "wm_howard",
        "asset": lambda: "lt_maynard",
        "pawns": lambda: 2,
        "path": lambda: ("james_river", "hampton"),
        "positions": lambda: {"jane": "james_river"},
        "assets": lambda: ["lt_maynard"],
        "targets": lambda: ["hampton"],
        "blackbeard_dice": lambda: 3,
        "hunter_dice": lambda: 2,
        "policy": lambda: "board",
        "sloop": lambda: "jane",
        "hits": lambda: (0, 0, 0),
        "winner": lambda: "blackbeard",
        "action": lambda: _bb_legal()[0],
        "actions": lambda: _bb_legal(),
        "view": lambda: _by_class_cached()[_obs_type()](),
        "face_up": lambda: frozenset(),
        "keep": lambda: frozenset(),
        "max_sail": lambda: 6,
        "silence": lambda: False,
        "sighting": lambda: "bath_town",
        "defense": lambda: "lookouts",
        "draws": lambda: ("raid_delaware",),
        "figure": lambda: "blackbeard",
        "changes": lambda: {},
        "sightings": lambda: {},
        "spaces": lambda: ("bath_town",),
        "experiment": lambda: lambda rng: rng.randint(1, 2),
        "values": lambda: (1, 2),
        "item": lambda: 1,
        "counts": lambda: {"raid_delaware": 1},
        "pairs": lambda: (("raid_delaware", 1),),
        "show": lambda: True,
    },
    "piratelib.blackflag": {
        "seats": lambda: ["Ann", "Bo", "Cy", "Di"],
        "ships": lambda: ["Ann", "Bo"],
        "a": lambda: "Ann",
        "b": lambda: "Bo",
        "attacker": lambda: "Ann",
        "target": lambda: "Bo",
        "victim": lambda: "Bo",
        "sinker": lambda: "Ann",
        "toward": lambda: "Ann",
        "sunk": lambda: "Bo",
        "player": lambda: "Ann",
        "cause": lambda: "shot",
        "why": lambda: "a test",
        "role": lambda: "admiral",
        "winner": lambda: "navy",
        "roles": lambda: {"Ann": "admiral", "Bo": "pirate_captain"},
        "doubloons": lambda: {"Ann": 1, "Bo": 2},
        "hidden": lambda: frozenset(),
        "chest": lambda: 0,
        "flags": lambda: 0,
        "spaces": lambda: 1,
        "hand": lambda: 4,
        "players": lambda: 5,
        "ship_range": lambda: 2,
        "action": lambda: _bf_legal()[0],
        "file": lambda: "blackflag.toml",
        "raw": lambda: {},
    },
    "piratelib.dreadpirate": {
        "G": lambda: _graph_for("dreadpirate"),
        "names": lambda: ["Ann", "Bob"],
        "name": lambda: "Ann",
        "actions": lambda: list(_dp_legal()),
        "role": lambda: "attacker",
        "card": lambda: "hard_to_starboard",
        "place": lambda: "port_diablo",
        "mission": lambda: "port_diablo",
        "roll": lambda: 7,
        "bonus": lambda: 0,
        "start": lambda: _water(),
        "target": lambda: _water(),
        "square": lambda: _water(),
        "attacker": lambda: _dp_battle().attacker,
        "defender": lambda: _dp_battle().defender,
        "picks": lambda: ("gold",),
        "rolls": lambda: random.Random(1),
        "item": lambda: "gold",
        "diagonal": lambda: "one_side_water",
        "cities": lambda: None,
        "action": lambda: _dp_legal()[0],
        "winner": lambda: _dp_battle().attacker.purse,
        "loser": lambda: _dp_battle().defender.purse,
        "attacker_won": lambda: True,
    },
    "piratelib.draw": {
        "G": lambda: _graph_for("blackbeard"),
        "seats": lambda: ["Ann", "Bo", "Cy", "Di"],
        "ships": lambda: ["Ann", "Bo"],
        "chest": lambda: 0,
        "flags": lambda: 0,
        "series": lambda: {"A": {1: Fraction(1, 2), 2: Fraction(1, 2)}},
        "xlabel": lambda: "dice",
        "ylabel": lambda: "dice",
        "grid": lambda: [[Fraction(1, 2)]],
        "chances": lambda: {"bath_town": Fraction(1, 2)},
        "delta": lambda: Fraction(1, 10),
        "alt": lambda: "A picture",
        "attacker_bonus": lambda: 0,
        "defender_bonus": lambda: 0,
        "attacker_wins": lambda: Fraction(1, 2),
        "distributions": lambda: {"Ann": {1: Fraction(1, 2), 2: Fraction(1, 2)}},
        "sea_or_graph": lambda: _graph_for("dreadpirate"),
        "rows": lambda: [("A", [(0.5, "half")])],
        "dx": lambda: 1.0,
        "dy": lambda: 0.0,
    },
    "piratelib.widgets": {
        "steps": lambda: [],
        "states": lambda: [_bb_state()],
        "reader": lambda: "hunters",
        "side": lambda: "hunters",
        "k": lambda: 0,
        "css": lambda: "",
        "query": lambda: "",
        "players": lambda: 5,
    },
}


@functools.cache
def _by_class_cached():
    return _by_class()


def _obs_type():
    from piratelib.blackbeard.game import Observation

    return Observation


@functools.cache
def _bb_legal():
    from piratelib.blackbeard import game

    return tuple(game.legal_actions(_bb_state()))


@functools.cache
def _bf_legal():
    from piratelib.blackflag import actions

    return tuple(actions.legal_actions(_bf_state()))


@functools.cache
def _dp_legal():
    from piratelib.dreadpirate import game

    return tuple(game.legal_actions(_dp_state()))


@functools.cache
def _water():
    return sorted(_graph_for("dreadpirate"))[0]


_MISSING = object()


def _example(module: str, param: inspect.Parameter, hint: object) -> object:
    """A valid example for `param` of a callable in `module`, or _MISSING."""
    if param.default is not param.empty:
        return param.default
    for prefix in sorted(EXAMPLES, key=len, reverse=True):
        if module.startswith(prefix) and param.name in EXAMPLES[prefix]:
            return EXAMPLES[prefix][param.name]()
    for cls in _classes(hint):
        if cls in _by_class_cached():
            return _by_class_cached()[cls]()
        if cls is nx.Graph:
            return _graph_for(module)
    return _MISSING


# ---------------------------------------------------------------------------------------
# Hostile values
# ---------------------------------------------------------------------------------------

_NAN, _INF = float("nan"), float("inf")
GENERIC = (
    None,
    "no_such_id",
    "",
    -1,
    0,
    10**12,
    -(10**12),
    _NAN,
    _INF,
    -_INF,
    2.5,
    True,
    [],
    (),
    {},
    frozenset(),
    {"no_such_id": 1},
    ["no_such_id", "no_such_id"],
    b"bytes",
)


def _hostile(example: object) -> list[object]:
    """Hostile variants of a valid `example` (plus the generic ones)."""
    out: list[object] = list(GENERIC)
    if example is _MISSING or example is None:
        return out
    if isinstance(example, str):
        out += [example + "x", example.upper(), example + " "]
    elif isinstance(example, bool):
        out += [1, "yes"]
    elif isinstance(example, int):
        out += [-example - 1, example + 10**12, float(example), Fraction(example, 1)]
    elif isinstance(example, float | Fraction):
        out += [-example - 1, Fraction(3, 2), Fraction(-1, 2)]
    elif isinstance(example, tuple | list | frozenset | set) and not hasattr(example, "_fields"):
        kind = type(example)
        items = list(example)
        out += [kind(), kind([*items, "no_such_id"]), kind([*items, None])]
        if items and kind in (tuple, list):
            out += [kind(items + items), kind([items[0]] * 3)]
    elif isinstance(example, Mapping):
        items = dict(example)
        out += [{}, {**items, "no_such_id": next(iter(items.values()), 1)}]
        out += [{k: None for k in items}, {k: -1 for k in items}, {k: _NAN for k in items}]
    elif dataclasses.is_dataclass(example) and not isinstance(example, type):
        out += _record_variants(example)
    elif isinstance(example, nx.Graph):
        out += [nx.Graph(), nx.path_graph(3)]
    return out


def _record_variants(record: object) -> list[object]:
    """Copies of a dataclass `record` with one field hostile, made by the record's own
    constructor (a record that refuses a value cannot be passed on, so it is not)."""
    variants = []
    for field in dataclasses.fields(record):
        if not field.init:
            continue
        value = getattr(record, field.name)
        for bad in (None, "no_such_id", -1, _NAN, (), _dup(value)):
            if bad is _MISSING:
                continue
            try:
                variants.append(dataclasses.replace(record, **{field.name: bad}))
            except (PiratelibError, TypeError):
                pass
            except Exception:
                pass
    return variants


def _dup(value: object) -> object:
    if isinstance(value, tuple) and value:
        return value + value[:1]
    return _MISSING


# ---------------------------------------------------------------------------------------
# Which TypeErrors are allowed
# ---------------------------------------------------------------------------------------

_ABC = {
    Iterable: (list, tuple, set, frozenset, dict, range, str, types.GeneratorType),
}


def _classes(hint: object) -> tuple[type, ...]:
    """The runtime classes an annotation allows (outer level), or () when unknown."""
    if hint is None or hint is type(None):
        return (type(None),)
    if hint is typing.Any or hint is object or isinstance(hint, str | typing.TypeVar):
        return ()
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        out: tuple[type, ...] = ()
        for arg in typing.get_args(hint):
            classes = _classes(arg)
            if not classes:
                return ()
            out += classes
        return out
    if origin is typing.Literal:
        return tuple({type(a) for a in typing.get_args(hint)})
    if origin is not None:
        hint = origin
    if hint is float:
        return (float, int, Fraction)
    if isinstance(hint, type):
        return (hint,)
    return ()


def _plainly_wrong(value: object, hint: object) -> bool:
    """True when `value` is plainly the wrong Python type for the annotation `hint`."""
    classes = _classes(hint)
    if not classes:
        return False
    if not isinstance(value, classes):
        return True
    origin = typing.get_origin(hint) or hint
    if isinstance(value, str | bytes) and origin is not str and str not in classes:
        return True  # a string where a collection of ids is meant
    args = typing.get_args(hint)
    if isinstance(value, list | tuple | set | frozenset) and args and origin is not tuple:
        return any(_plainly_wrong(item, args[0]) for item in value)
    if isinstance(value, tuple) and origin is tuple and args:
        element = args[0] if len(args) == 2 and args[1] is Ellipsis else None
        if element is not None:
            return any(_plainly_wrong(item, element) for item in value)
        return len(args) != len(value) or any(map(_plainly_wrong, value, args))
    if isinstance(value, Mapping) and len(args) == 2:
        return any(
            _plainly_wrong(k, args[0]) or _plainly_wrong(v, args[1]) for k, v in value.items()
        )
    return False


# ---------------------------------------------------------------------------------------
# The walk
# ---------------------------------------------------------------------------------------


@functools.cache
def _modules() -> tuple[str, ...]:
    return tuple(sorted(m.name for m in pkgutil.walk_packages(piratelib.__path__, "piratelib.")))


@functools.cache
def _names() -> tuple[tuple[str, str], ...]:
    """(module, name) for every callable in an `__all__`, each object once (where defined,
    or in the first module naming it)."""
    seen: set[int] = set()
    out = []
    for module in _modules():
        mod = importlib.import_module(module)
        for name in getattr(mod, "__all__", ()):
            obj = getattr(mod, name)
            if id(obj) in seen or not callable(obj) or _alias(obj) or _enum(obj):
                continue
            seen.add(id(obj))
            out.append((module, name))
    return tuple(out)


def _enum(obj: object) -> bool:
    """Enum classes: calling one looks a member up by value (Python's own ValueError)."""
    return inspect.isclass(obj) and issubclass(obj, enum.Enum)


def _alias(obj: object) -> bool:
    """Type aliases (``Square = tuple[int, int]``, unions): callable but not functions."""
    return isinstance(obj, types.GenericAlias | types.UnionType) or typing.get_origin(obj)


def _targets() -> list[tuple[str, str, str | None]]:
    """(module, name, method or None) for every callable the walker calls."""
    out = []
    for module, name in _names():
        if f"{module}.{name}" in NOT_CALLED:
            continue
        out.append((module, name, None))
        obj = getattr(importlib.import_module(module), name)
        if obj in _by_class_cached():
            for method, fn in vars(obj).items():
                if not method.startswith("_") and inspect.isfunction(fn):
                    out.append((module, name, method))
    return out


def _hints(fn: Callable) -> dict[str, object]:
    target = fn.__init__ if inspect.isclass(fn) else fn
    try:
        return typing.get_type_hints(target)
    except Exception:
        hints = {}
        module = importlib.import_module(getattr(target, "__module__", "piratelib"))
        for key, ann in getattr(target, "__annotations__", {}).items():
            try:
                hints[key] = _evaluate(ann, vars(module)) if isinstance(ann, str) else ann
            except Exception:
                hints[key] = typing.Any
        return hints


def _evaluate(annotation: str, namespace: dict[str, object]) -> object:
    """Evaluate a string annotation; a generic that cannot be subscripted at run time
    (``nx.Graph[str]``: networkx's classes are generic only in their stubs) stands for its
    class."""

    class Unsubscript(ast.NodeTransformer):
        def visit_Subscript(self, node: ast.Subscript) -> ast.AST:
            self.generic_visit(node)
            base = eval(compile(ast.Expression(node.value), "<hint>", "eval"), namespace)
            if isinstance(base, type) and not hasattr(base, "__class_getitem__"):
                return node.value
            return node

    tree = Unsubscript().visit(ast.parse(annotation, mode="eval"))
    return eval(compile(ast.fix_missing_locations(tree), "<hint>", "eval"), namespace)


def _call(fn: Callable, args: dict[str, object], params: list[inspect.Parameter]) -> object:
    positional, keywords = [], {}
    for p in params:
        if p.name not in args:
            continue
        if p.kind is p.KEYWORD_ONLY:
            keywords[p.name] = args[p.name]
        elif p.kind is p.VAR_POSITIONAL:
            positional.extend(args[p.name])
        else:
            positional.append(args[p.name])
    return fn(*positional, **keywords)


def _same(a: object, b: object) -> bool:
    """Deep equality that also compares graphs and NaN-holding values sensibly."""
    if isinstance(a, nx.Graph) and isinstance(b, nx.Graph):
        return (
            type(a) is type(b)
            and dict(a.nodes(data=True)) == dict(b.nodes(data=True))
            and sorted(map(repr, a.edges(data=True))) == sorted(map(repr, b.edges(data=True)))
            and a.graph == b.graph
        )
    if isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b):
        return True
    if isinstance(a, list | tuple) and isinstance(b, list | tuple):
        return type(a) is type(b) and len(a) == len(b) and all(map(_same, a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, random.Random) and isinstance(b, random.Random):
        return True  # drawing from the caller's rng is allowed
    try:
        return bool(a == b) or repr(a) == repr(b)
    except Exception:
        return repr(a) == repr(b)


def _alarm(signum, frame):
    raise _TooSlow


def check_call(where: str, fn: Callable, args: dict, params, hints, hostile: str) -> None:
    """Call `fn` once and fail on anything the issue forbids (see the module docstring)."""
    before = {k: copy.deepcopy(v) for k, v in args.items()}
    old = signal.signal(signal.SIGPROF, _alarm)
    signal.setitimer(signal.ITIMER_PROF, BUDGET)
    start = time.process_time()
    refused = None
    try:
        _call(fn, args, params)
    except _TooSlow:
        pytest.fail(f"{where}: over {BUDGET} s with {hostile}={args[hostile]!r}")
    except PiratelibError as error:
        refused = error
    except TypeError as error:
        wrong = [k for k, v in args.items() if _plainly_wrong(v, hints.get(k, typing.Any))]
        if where.startswith(STRICT) and _boundary(hints.get(hostile, typing.Any)):
            pytest.fail(
                f"{where}({hostile}={args[hostile]!r:.80}) raised TypeError where an id, a count"
                f" or a record is expected (issue 29: refuse it with a PiratelibError): {error}"
            )
        if not wrong:
            pytest.fail(
                f"{where}({hostile}={args[hostile]!r}) raised TypeError for a value of the"
                f" right type: {error}"
            )
        refused = error
    except Exception as error:
        pytest.fail(f"{where}({hostile}={args[hostile]!r}) raised {type(error).__name__}: {error}")
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, old)
    elapsed = time.process_time() - start
    assert elapsed <= BUDGET, f"{where}: {elapsed:.1f} s with {hostile}={args[hostile]!r}"
    if refused is not None:
        changed = [k for k in args if not _same(before[k], args[k])]
        assert not changed, f"{where} refused {hostile}={args[hostile]!r} but changed {changed}"


def _resolve_target(module: str, name: str, method: str | None):
    """The callable, its parameters (self dropped) and hints; None when no instance."""
    obj = getattr(importlib.import_module(module), name)
    if method is None:
        fn = obj
    else:
        instance = _by_class_cached().get(obj)
        if instance is None:
            return None
        fn = getattr(instance(), method)
    try:
        params = list(inspect.signature(fn).parameters.values())
    except (TypeError, ValueError):
        return None
    hints = _hints(getattr(obj, method) if method else obj)
    return fn, params, hints


def _selected(config, module: str) -> bool:
    return bool(config.getoption("keyword")) or module.startswith(COVERED)


def pytest_generate_tests(metafunc):
    if "target" in metafunc.fixturenames:
        targets = [t for t in _targets() if _selected(metafunc.config, t[0])]
        ids = [f"{m}.{n}" + (f".{meth}" if meth else "") for m, n, meth in targets]
        metafunc.parametrize("target", targets, ids=ids)
    if "engine" in metafunc.fixturenames:
        metafunc.parametrize("engine", sorted(ENGINES))


def test_walker_sees_every_name():
    """Every module under piratelib is imported and its `__all__` read; the walk covers
    hundreds of callables (a broken import would silently shrink it)."""
    assert len(_modules()) >= 90
    assert len(_names()) >= 350, len(_names())
    for key in NOT_CALLED:
        module, name = key.rsplit(".", 1)
        assert name in importlib.import_module(module).__all__, key


def test_hostile_arguments(target):
    module, name, method = target
    found = _resolve_target(module, name, method)
    assert found is not None, (
        f"{module}.{name}.{method}: cannot be called (no signature, or no valid instance in "
        "the registry): give it an example, or list it in NOT_CALLED with the reason"
    )
    fn, params, hints = found
    valid = {p.name: _example(module, p, hints.get(p.name)) for p in params}
    for p in params:
        if p.kind is p.VAR_KEYWORD:
            valid.pop(p.name)
        elif p.kind is p.VAR_POSITIONAL:
            valid[p.name] = ()
    slots = [p for p in params if p.kind is not p.VAR_KEYWORD]
    if not slots:
        check_call(f"{module}.{name}", fn, {}, params, hints, "")
        return
    choices = [(p.name, value) for p in slots for value in _hostile(valid[p.name])]
    where = f"{module}.{name}" + (f".{method}" if method else "")
    star = {p.name for p in slots if p.kind is p.VAR_POSITIONAL}

    @settings(
        max_examples=EXAMPLES_PER_CALLABLE,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(st.sampled_from(range(len(choices))))
    def walk(index):
        key, value = choices[index]
        args = {k: v for k, v in valid.items() if v is not _MISSING}
        args = copy.deepcopy(args)
        args[key] = copy.deepcopy(value) if key != "rng" else value
        if key in star:
            args[key] = (args[key],)
        if any(p.name not in args and p.default is p.empty for p in slots):
            missing = [p.name for p in slots if p.name not in args and p.default is p.empty]
            for m in missing:
                args[m] = None
        check_call(where, fn, args, slots, hints, key)

    walk()


ENGINES = {
    "piratelib.blackflag": ("piratelib.blackflag.actions", _bf_state, _bf_legal),
    "piratelib.dreadpirate": ("piratelib.dreadpirate.game.actions", _dp_state, _dp_legal),
    "piratelib.blackbeard": ("piratelib.blackbeard.game.actions", _bb_state, _bb_legal),
}


def _hostile_actions(actions_module: str, legal: tuple) -> list[object]:
    """Actions no rule should look at: wrong types, and each action class built (by its
    own constructor) with one hostile field; legal ones of other games too."""
    out: list[object] = [None, "no_such_id", 7, _NAN, (), {}, object()]
    out += [other()[0] for other in (_bf_legal, _dp_legal, _bb_legal) if other() is not legal]
    module = importlib.import_module(actions_module)
    examples = {type(a): a for a in legal}
    for name in module.__all__:
        cls = getattr(module, name)
        if not (inspect.isclass(cls) and dataclasses.is_dataclass(cls)):
            continue
        fields = [f for f in dataclasses.fields(cls) if f.init]
        base = examples.get(cls)
        for field in fields:
            for bad in _hostile(getattr(base, field.name) if base else _MISSING):
                kwargs = {f.name: getattr(base, f.name) for f in fields} if base else {}
                kwargs[field.name] = bad
                with contextlib.suppress(Exception):  # refused when built: cannot be passed
                    out.append(cls(**kwargs))
    return out


def test_engine_refuses_hostile_actions(engine):
    """`resolve` and `apply` refuse hostile actions on a real new game with a piratelib
    error, and the state (and the caller's log, where one is taken) is unchanged."""
    package = engine
    actions_module, new_state, legal = ENGINES[package]
    game = importlib.import_module(f"{package}.game")
    state = new_state()
    before = copy.deepcopy(state)
    allowed = set(map(repr, legal()))
    for action in _hostile_actions(actions_module, legal()):
        if repr(action) in allowed:
            continue
        for fn in (game.resolve, game.apply):
            try:
                fn(state, action)
            except PiratelibError:
                pass
            else:
                pytest.fail(f"{package}: {fn.__name__} accepted the illegal action {action!r}")
            assert _same(state, before), f"{package}: {action!r} changed the state"
