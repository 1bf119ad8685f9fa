"""Sailing and Marching in Hunt for Blackbeard: legal moves, pawn costs, reach, Sightings.

Each piece moves on its own *move graph*: a directed graph over Map spaces whose edges are
the single moves the rules allow that piece, each with the ``pawns`` it costs and the rule
(``how``) that allows it. Cheapest routes and everything reachable for a number of pawns
are then shortest-path questions for networkx. Pieces: ``adventure`` (Blackbeard's Sloop),
``jane`` and ``ranger`` (the Hunters' Sloops; ``sloops`` for both Sailing together, which
"may Sail together for one pawn per space") and ``brand`` (Capt Brand, a figure).

Examples
--------
The rulebook's "Example: Sail Adventure": from Camp at Roanoke Island through Roanoke
Inlet to Currituck Inlet, two pawns, and a Sighting where Adventure passed through.

>>> from piratelib.blackbeard.board import load_map
>>> G = load_map()
>>> sail = sail_adventure(
...     G, ["roanoke_island", "roanoke_inlet", "currituck_inlet"], camp="roanoke_island"
... )
>>> sail.pawns, sail.sightings
(2, (('roanoke_inlet', 'sighting'),))
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import cast

import networkx as nx

from piratelib.blackbeard.board import CAPE_HENRY, adjacent, check_space, load_map, of_kind
from piratelib.blackbeard.readonly import Fixed, check_type, lock_graph
from piratelib.errors import IllegalActionError, check_whole

__all__ = [
    "PIECES",
    "Route",
    "Sail",
    "cheapest_route",
    "escape_destinations",
    "move_cost",
    "move_costs",
    "move_graph",
    "reach",
    "sail_adventure",
]

PIECES = ("adventure", "jane", "ranger", "sloops", "brand")
HUNTER_SLOOPS = frozenset({"jane", "ranger", "sloops"})
HIRE_DOCTOR_CAP = 3
"""Hire Doctor, until filled, "limits Adventure's Sailing to 3 pawns per turn"."""
BOUGHT_SILENCE_GOLD = 2
"""Bought Silence: "2 gold cubes per space desired" to Sail through without a Sighting."""
SKILLED_HELM_STEPS = 3

_SAIL = "Sail: 'may move via adjacent Water Route spaces for one pawn per space'"
_MARCH = "March: 'Move Brand only via Land Routes', one pawn per space"


@dataclass(frozen=True)
class Route:
    """A legal way for a piece to go: the spaces in order and the pawns it costs."""

    path: tuple[str, ...]
    pawns: int


@dataclass(frozen=True)
class Sail:
    """Adventure's Sail for one Actions step and the blocks it leaves behind.

    ``sightings`` pairs each space Adventure passed completely through with the block
    placed there (``sighting``, or ``sighting_at_camp`` at the Camp); ``silenced`` are the
    spaces where Bought Silence paid ``gold_paid`` to place none.
    """

    path: tuple[str, ...]
    pawns: int
    sightings: tuple[tuple[str, str], ...]
    silenced: tuple[str, ...] = ()
    gold_paid: int = 0


def move_graph(G: nx.Graph[str], piece: str, *, skilled_helm: bool = False) -> nx.DiGraph[str]:
    """Return the directed graph of every single move `piece` may make, with its pawns.

    - Adventure: "may move via adjacent Water Route spaces for one pawn per space", and
      only between block slots ("always keeping one block per Map space").
    - Jane, Ranger (or both together): Water Routes, 1 pawn per space; "between Cape Henry
      and any Ocean space ... for just one pawn"; "between any two Ocean spaces by putting
      two pawns in the destination"; with Skilled Helm, "from any Ocean or Sound space
      (not James River or Cape Henry) up to 3 spaces adjacent by Water Routes" for 1 pawn.
    - Brand: "Move Brand only via Land Routes", 1 pawn per space.

    Edges carry ``pawns`` (the cheapest single move) and ``how`` (the rule).

    Raises
    ------
    IllegalActionError
        For a graph that is not the Map, an unknown piece, or Skilled Helm for a piece
        other than the Hunters' Sloops.

    Examples
    --------
    >>> from piratelib.blackbeard.board import load_map
    >>> H = move_graph(load_map(), "sloops")
    >>> H.edges["cape_henry", "topsail_inlet"]["pawns"]
    1
    >>> H.edges["topsail_inlet", "currituck_inlet"]["pawns"]
    2
    """
    check_type("G", G, nx.Graph)
    if "sloop_moves" not in G.graph:
        raise IllegalActionError(
            "G must be the Map (load_map(), or a graph built by it from a map file): a graph "
            f"without its Sloop moves was given ({G.number_of_nodes()} spaces)"
        )
    _check_piece(piece)
    if skilled_helm and piece not in HUNTER_SLOOPS:
        raise IllegalActionError(
            f"Skilled Helm moves only the Hunters' Sloops (jane, ranger), not {piece}"
        )
    return _move_graph(G, piece, skilled_helm)


def move_cost(
    G: nx.Graph[str],
    piece: str,
    path: Sequence[str],
    *,
    skilled_helm: bool = False,
    hire_doctor: bool = False,
) -> int:
    """Check `path` step by step for `piece` and return the pawns it costs.

    Parameters
    ----------
    path : sequence of space ids
        The start space, then each space moved to.
    skilled_helm : bool
        Whether the Hunters hold Skilled Helm (Sloops only).
    hire_doctor : bool
        Whether Hire Doctor is unfilled, capping Adventure's Sailing at 3 pawns.

    Raises
    ------
    IllegalActionError
        Naming the step and the rule it breaks (not adjacent, wrong kind of Route, a space
        with no block for Adventure, over the Hire Doctor cap).

    Examples
    --------
    >>> from piratelib.blackbeard.board import load_map
    >>> move_cost(load_map(), "brand", ["queen_annes_creek", "roanoke_river", "bath_town"])
    2
    >>> move_cost(load_map(), "brand", ["bath_town", "west_pamlico_sound"])
    Traceback (most recent call last):
      ...
    piratelib.errors.IllegalActionError: brand cannot move bath_town -> west_pamlico_sound: ...
    """
    check_type("G", G, nx.Graph)
    H = move_graph(G, piece, skilled_helm=skilled_helm)
    path = [check_space(G, space) for space in path]
    if not path:
        raise IllegalActionError("a path needs at least its start space")
    pawns = 0
    for u, v in itertools.pairwise(path):
        if not H.has_edge(u, v):
            raise IllegalActionError(f"{piece} cannot move {u} -> {v}: {_why_not(G, piece, u, v)}")
        pawns += H.edges[u, v]["pawns"]
    if hire_doctor:
        _check_hire_doctor(piece, pawns)
    return pawns


def reach(
    G: nx.Graph[str],
    piece: str,
    start: str,
    pawns: int,
    *,
    skilled_helm: bool = False,
    hire_doctor: bool = False,
) -> dict[str, Route]:
    """Return every space `piece` can reach from `start` for at most `pawns`, cheapest route.

    The start space is included at 0 pawns. Two Sloops Sailing together pay one pawn per
    space for both, so ``piece="sloops"`` answers for the pair.

    Raises
    ------
    IllegalActionError
        For an unknown piece or space, or a number of pawns outside 0 to 12.

    Examples
    --------
    >>> from piratelib.blackbeard.board import load_map
    >>> routes = reach(load_map(), "sloops", "james_river", 2)
    >>> routes["roanoke_inlet"]
    Route(path=('james_river', 'cape_henry', 'roanoke_inlet'), pawns=2)
    >>> sorted(reach(load_map(), "brand", "james_river", 2))
    ['albemarle_county', 'james_river', 'queen_annes_creek']
    """
    check_type("G", G, nx.Graph)
    H = move_graph(G, piece, skilled_helm=skilled_helm)
    check_space(G, start)
    if isinstance(pawns, bool) or not isinstance(pawns, int) or not 0 <= pawns <= 12:
        raise IllegalActionError(f"pawns must be a whole number from 0 to 12, got {pawns!r}")
    if piece == "adventure":
        _check_adventure_space(G, start)
    budget = min(pawns, HIRE_DOCTOR_CAP) if hire_doctor and piece == "adventure" else pawns
    # with no target it returns (lengths, paths); pawns are whole, so the lengths are ints
    costs, paths = cast(
        "tuple[dict[str, int], dict[str, list[str]]]",
        nx.single_source_dijkstra(H, start, cutoff=budget, weight="pawns"),
    )
    return {space: Route(tuple(paths[space]), costs[space]) for space in sorted(costs)}


@functools.cache
def move_costs(piece: str, *, skilled_helm: bool = False) -> dict[str, dict[str, int]]:
    """The fewest pawns for `piece` to move between every two spaces of the Map (remembered).

    ``move_costs(piece)[a][b]`` is :func:`cheapest_route`'s pawns from `a` to `b`; spaces
    the piece can never reach from `a` are absent.

    Raises
    ------
    IllegalActionError
        As :func:`move_graph`.

    Examples
    --------
    >>> move_costs("sloops")["james_river"]["roanoke_inlet"]
    2
    >>> move_costs("adventure")["nots_island"]["nots_island"]
    0
    """
    H = move_graph(load_map(), piece, skilled_helm=skilled_helm)
    # pawns are whole numbers, so the lengths are ints (the stub says float)
    costs = cast(
        "Iterator[tuple[str, dict[str, int]]]",
        nx.all_pairs_dijkstra_path_length(H, weight="pawns"),
    )
    return Fixed({u: Fixed(d) for u, d in costs})


def cheapest_route(
    G: nx.Graph[str], piece: str, start: str, end: str, *, skilled_helm: bool = False
) -> Route:
    """Return the cheapest legal route for `piece` from `start` to `end`.

    Raises
    ------
    IllegalActionError
        If `end` cannot be reached at all by that piece.

    Examples
    --------
    >>> from piratelib.blackbeard.board import load_map
    >>> cheapest_route(load_map(), "brand", "james_river", "bath_town").pawns
    4
    """
    check_type("G", G, nx.Graph)
    H = move_graph(G, piece, skilled_helm=skilled_helm)
    check_space(G, start)
    check_space(G, end)
    try:
        # with a target it returns (length, path); pawns are whole, so the length is an int
        pawns, path = cast(
            "tuple[int, list[str]]", nx.single_source_dijkstra(H, start, end, weight="pawns")
        )
    except nx.NetworkXNoPath:
        raise IllegalActionError(f"{piece} can never reach {end} from {start}") from None
    return Route(tuple(path), pawns)


def sail_adventure(
    G: nx.Graph[str],
    path: Sequence[str],
    *,
    camp: str | None = None,
    hire_doctor: bool = False,
    bought_silence: bool = False,
    silenced: Iterable[str] = (),
    purse: int = 0,
) -> Sail:
    """Check Adventure's Sail along `path` and return its pawns and the Sightings it leaves.

    Set Map: "you must place a Sighting block into each space that Adventure passed
    completely through - never at its start or ending space. If such a space happens to
    have the Camp, place the Sighting-at-Camp block there." A space passed through twice
    still holds one block. Bought Silence: "Pay from Purse to Sail through spaces without
    placing Sighting blocks, 2 gold cubes per space desired."

    Parameters
    ----------
    path : sequence of space ids
        Start, then each space entered.
    camp : str, optional
        The Camp's space, if set.
    hire_doctor : bool
        Hire Doctor unfilled: at most 3 pawns of Sailing.
    bought_silence : bool
        Whether Blackbeard has Prepared Bought Silence.
    silenced : iterable of space ids
        Spaces passed through where Bought Silence cancels the Sighting (one space id
        alone is one space); each costs 2 gold once, however often Adventure passes it.
    purse : int
        Gold cubes in the Purse, to pay for Bought Silence.

    Raises
    ------
    IllegalActionError
        For an illegal step, silencing without the tile, a space that gets no Sighting,
        or too little gold.

    Examples
    --------
    >>> from piratelib.blackbeard.board import load_map
    >>> path = ["gun_inlet", "roanoke_island", "albemarle_sound", "pasquotank_river"]
    >>> sail_adventure(load_map(), path, camp="roanoke_island").sightings
    (('roanoke_island', 'sighting_at_camp'), ('albemarle_sound', 'sighting'))
    >>> quiet = sail_adventure(
    ...     load_map(), path, bought_silence=True, silenced=["albemarle_sound"], purse=5
    ... )
    >>> quiet.sightings, quiet.gold_paid
    ((('roanoke_island', 'sighting'),), 2)
    """
    check_type("G", G, nx.Graph)
    check_whole("purse", purse, 0, 10**6, error=IllegalActionError)
    for name, flag in (("hire_doctor", hire_doctor), ("bought_silence", bought_silence)):
        if not isinstance(flag, bool):
            raise IllegalActionError(f"{name} must be True or False, got {flag!r}")
    pawns = move_cost(G, "adventure", path, hire_doctor=hire_doctor)
    if camp is not None:
        check_space(G, camp)
    passed = [s for s in dict.fromkeys(path[1:-1]) if s not in (path[0], path[-1])]
    if isinstance(silenced, str):
        silenced = [silenced]
    silenced = tuple(dict.fromkeys(check_space(G, s) for s in silenced))
    if silenced and not bought_silence:
        raise IllegalActionError(
            "only Bought Silence cancels Sightings, and Blackbeard has not Prepared it"
        )
    not_passed = [s for s in silenced if s not in passed]
    if not_passed:
        raise IllegalActionError(
            f"Bought Silence cancels only Sightings Adventure leaves; {', '.join(not_passed)} "
            f"gets none on this Sail (Sightings: {', '.join(passed) or 'none'})"
        )
    gold = BOUGHT_SILENCE_GOLD * len(silenced)
    if gold > purse:
        raise IllegalActionError(
            f"Bought Silence costs {BOUGHT_SILENCE_GOLD} gold per Sighting: {gold} for "
            f"{len(silenced)}, but the Purse holds {purse}"
        )
    blocks = tuple(
        (s, "sighting_at_camp" if s == camp else "sighting") for s in passed if s not in silenced
    )
    return Sail(tuple(path), pawns, blocks, silenced, gold)


def escape_destinations(
    G: nx.Graph[str], piece: str, space: str, *, hunters_at: Iterable[str] = ()
) -> frozenset[str]:
    """Return where a Sloop that wins Escape may go.

    Escape: "Escaping Sloop pieces must Sail by Water to an adjacent Map space, not Cape
    Henry and, if Adventure, not to a space with a Hunter piece." Adventure also needs a
    block slot to go to.

    Parameters
    ----------
    piece : {"adventure", "jane", "ranger"}
        The escaping Sloop.
    hunters_at : iterable of space ids
        Spaces holding a Hunter piece (they bar Adventure).

    Examples
    --------
    >>> from piratelib.blackbeard.board import load_map
    >>> sorted(escape_destinations(load_map(), "adventure", "fish_town"))
    ['hunting_quarter_sound', 'topsail_inlet']
    >>> sorted(escape_destinations(load_map(), "jane", "james_river"))
    []
    """
    check_type("G", G, nx.Graph)
    _check_piece(piece)
    if piece not in {"adventure", "jane", "ranger"}:
        raise IllegalActionError(f"only Sloops Escape (adventure, jane, ranger), not {piece}")
    blocked = {check_space(G, s) for s in hunters_at} if piece == "adventure" else set()
    options = adjacent(G, space, "water") - {CAPE_HENRY} - blocked
    if piece == "adventure":
        options = frozenset(s for s in options if G.nodes[s]["slot"])
    return frozenset(options)


@functools.cache
def _move_graph(G: nx.Graph[str], piece: str, skilled_helm: bool) -> nx.DiGraph[str]:
    """Build (once per map, piece and option) the frozen move graph."""
    H: nx.DiGraph[str] = nx.DiGraph()
    H.add_nodes_from(G.nodes)
    route = "land" if piece == "brand" else "water"
    # the stub cannot say what edges(data="routes") yields: each edge's frozenset of routes
    edge_routes = cast("Iterable[tuple[str, str, frozenset[str]]]", G.edges(data="routes"))
    for u, v, routes in edge_routes:
        if route in routes and (
            piece != "adventure" or (G.nodes[u]["slot"] and G.nodes[v]["slot"])
        ):
            how = _MARCH if piece == "brand" else _SAIL
            _add_move(H, u, v, 1, how)
            _add_move(H, v, u, 1, how)
    if piece in HUNTER_SLOOPS:
        for move in G.graph["sloop_moves"]:
            a, b = ({e} if e in G else of_kind(G, e) for e in move["between"])
            for u in a:
                for v in b - {u}:
                    _add_move(H, u, v, move["pawns"], move["evidence"])
                    _add_move(H, v, u, move["pawns"], move["evidence"])
        if skilled_helm:
            water = G.edge_subgraph(e for e in G.edges if "water" in G.edges[e]["routes"])
            for u in of_kind(G, "ocean", "sound"):
                steps = nx.single_source_shortest_path_length(water, u, SKILLED_HELM_STEPS)
                for v in set(steps) - {u}:
                    _add_move(H, u, v, 1, "Skilled Helm: up to 3 Water Route spaces for 1 pawn")
    return lock_graph(H)


def _add_move(H: nx.DiGraph[str], u: str, v: str, pawns: int, how: str) -> None:
    """Add the move u -> v unless a move there is already as cheap."""
    if not H.has_edge(u, v) or H.edges[u, v]["pawns"] > pawns:
        H.add_edge(u, v, pawns=pawns, how=how)


def _check_piece(piece: object) -> None:
    """Raise unless `piece` is one of PIECES."""
    if piece not in PIECES:
        raise IllegalActionError(
            f"unknown piece {piece!r}: pieces that move are {', '.join(PIECES)}"
        )


def _check_adventure_space(G: nx.Graph[str], space: str) -> None:
    """Adventure is only ever in a block slot."""
    if not G.nodes[space]["slot"]:
        raise IllegalActionError(
            f"Adventure is only ever in one of the 24 block slots; {space} holds no block"
        )


def _check_hire_doctor(piece: str, pawns: int) -> None:
    """Hire Doctor unfilled: Adventure Sails at most 3 pawns per turn."""
    if piece == "adventure" and pawns > HIRE_DOCTOR_CAP:
        raise IllegalActionError(
            f"Adventure Sails {pawns} pawns, but while Hire Doctor is unfilled it 'limits "
            f"Adventure's Sailing to {HIRE_DOCTOR_CAP} pawns per turn'"
        )


def _why_not(G: nx.Graph[str], piece: str, u: str, v: str) -> str:
    """Explain, with the rule's words, why `piece` cannot move u -> v in one step."""
    routes = G.edges[u, v]["routes"] if G.has_edge(u, v) else frozenset()
    if piece == "adventure" and not (G.nodes[u]["slot"] and G.nodes[v]["slot"]):
        off = u if not G.nodes[u]["slot"] else v
        return f"Adventure Sails only between the 24 block slots, and {off} holds no block"
    if not routes:
        by = "Land" if piece == "brand" else "Water"
        near = sorted(adjacent(G, u, "land" if piece == "brand" else "water"))
        return (
            f"they are not linked by a Route; spaces adjacent to {u} by {by}: "
            f"{', '.join(near) or 'none'} ({_MARCH if piece == 'brand' else _SAIL})"
        )
    if piece == "brand":
        return f"that is a Water Route, and {_MARCH}"
    return f"that is a Land Route only, and Sloops Sail only via Water Routes ({_SAIL})"
