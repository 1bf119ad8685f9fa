"""What a loader or graph builder returns is the caller's own: changing it changes nothing
for the next caller (issue 16: "immutable or freshly copied results from every loader").

Each loader is called, its answer snapshotted, then every mutable thing reachable from the
answer is changed where the object lets it be (dict items set and removed, lists appended
and cleared, sets added to, graph nodes, edges and their attribute dicts changed, mutable
fields inside frozen records); a refusal (TypeError, a networkx frozen-graph error,
FrozenInstanceError ...) is fine. The loader is then called again and must give the same
answer as before the changes.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Mapping
from fractions import Fraction

import networkx as nx
import pytest

from piratelib.blackbeard import board
from piratelib.blackbeard.board import assets, informants, movement
from piratelib.blackbeard.game import state as game_state
from piratelib.blackbeard.piracy import tiles
from piratelib.blackflag import data as bf_data
from piratelib.blackflag import odds as bf_odds
from piratelib.dreadpirate import data as dp_data
from piratelib.dreadpirate import game as dp_game
from piratelib.dreadpirate.game import state as dp_state
from piratelib.dreadpirate.sea import grid as sea

LOADERS: dict[str, Callable[[], object]] = {
    "blackbeard.board.load_map": board.load_map,
    "blackbeard.game_state.game_map": game_state.game_map,
    "blackbeard.assets.load_assets": assets.load_assets,
    "blackbeard.informants.load_informants": informants.load_informants,
    "blackbeard.tiles.load_tiles": tiles.load_tiles,
    "blackbeard.movement.move_graph": lambda: movement.move_graph(board.load_map(), "jane"),
    "blackbeard.movement.move_costs": lambda: movement.move_costs("jane"),
    "blackflag.data.load_blackflag": bf_data.load_blackflag,
    "blackflag.data.setup_for": lambda: bf_data.setup_for(5),
    "blackflag.odds.corner_shares": bf_odds.corner_shares,
    "dreadpirate.sea.load_sea": sea.load_sea,
    "dreadpirate.sea.sea_graph": sea.sea_graph,
    "dreadpirate.game.sea_graph": dp_game.sea_graph,
    "dreadpirate.data.load_dreadpirate": dp_data.load_dreadpirate,
    "dreadpirate.state.mission_deck": dp_state.mission_deck,
    "dreadpirate.state.action_deck": dp_state.action_deck,
}


@pytest.mark.parametrize("name", sorted(LOADERS))
def test_changing_a_loaded_answer_changes_nothing_for_the_next_call(name):
    load = LOADERS[name]
    first = load()
    before = snapshot(first)
    tried = vandalize(first)
    assert tried, f"{name}: found nothing to try to change"
    assert snapshot(load()) == before, f"{name}: a caller's change reached the next call"


def snapshot(obj: object) -> object:
    """A canonical, immutable picture of `obj`, deep (graphs, mappings, records, lists)."""
    if isinstance(obj, nx.Graph):
        nodes = sorted((repr(n), snapshot(d)) for n, d in obj.nodes(data=True))
        edges = sorted(
            [*sorted(map(repr, (u, v))), snapshot(d)] for u, v, d in obj.edges(data=True)
        )
        return (type(obj).__name__, nodes, repr(edges), snapshot(obj.graph))
    if isinstance(obj, Mapping):
        return ("map", sorted((repr(k), snapshot(v)) for k, v in obj.items()))
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return (
            type(obj).__name__,
            [(f.name, snapshot(getattr(obj, f.name))) for f in dataclasses.fields(obj)],
        )
    if isinstance(obj, list | tuple):
        return (type(obj).__name__, [snapshot(x) for x in obj])
    if isinstance(obj, set | frozenset):
        return ("set", sorted(map(repr, obj)))
    if isinstance(obj, str | int | float | Fraction | bool | type(None)):
        return obj
    return repr(obj)


def vandalize(obj: object, depth: int = 0, seen: set | None = None) -> int:
    """Try to change everything mutable reachable from `obj`; return how many changes were
    tried (refused ones count: they were tried)."""
    seen = set() if seen is None else seen
    if depth > 6 or id(obj) in seen:
        return 0
    seen.add(id(obj))
    tried = 0
    if isinstance(obj, nx.Graph):
        for _, data in list(obj.nodes(data=True)):
            tried += vandalize(data, depth + 1, seen)
        for *_, data in list(obj.edges(data=True)):
            tried += vandalize(data, depth + 1, seen)
        tried += vandalize(obj.graph, depth + 1, seen)
        for change in (
            lambda: obj.add_node("vandal"),
            lambda: obj.remove_node(next(iter(obj))),
            lambda: obj.add_edge(*list(obj)[:2], vandal=True),
        ):
            tried += _try(change)
        return tried
    if isinstance(obj, Mapping):
        for value in list(obj.values()):
            tried += vandalize(value, depth + 1, seen)
        keys = list(obj)
        tried += _try(lambda: obj.__setitem__("vandal", -1))
        if keys:
            tried += _try(lambda: obj.__setitem__(keys[0], "vandal"))
            tried += _try(lambda: obj.__delitem__(keys[-1]))
        return tried
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for field in dataclasses.fields(obj):
            tried += vandalize(getattr(obj, field.name), depth + 1, seen)
            tried += _try(lambda f=field: setattr(obj, f.name, "vandal"))
        return tried
    if isinstance(obj, list | tuple):
        for item in list(obj):
            tried += vandalize(item, depth + 1, seen)
        if isinstance(obj, list):
            tried += _try(lambda: obj.append("vandal")) + _try(
                lambda: random.Random(1).shuffle(obj)
            )
        return tried + 1
    if isinstance(obj, set):
        return _try(lambda: obj.add("vandal"))
    return 1 if isinstance(obj, str | int | float | Fraction | frozenset | type(None)) else 0


def _try(change: Callable[[], object]) -> int:
    try:
        change()
    except (TypeError, AttributeError, nx.NetworkXError, dataclasses.FrozenInstanceError):
        pass
    except (KeyError, IndexError, StopIteration, ValueError):
        pass
    return 1
