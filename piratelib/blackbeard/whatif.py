"""What-if questions about Piracy: what a position yields now, and what a plan can reach.

Two kinds of question:

- **From a mat and a position**: which drawn tiles can receive cubes if Adventure (or
  another pirate piece) stands where it does, how many cubes each row would then hold,
  and whether Blackbeard would win (:func:`receiving`, :func:`outlook`).
- **Over the random tile draws**: if Blackbeard commits to one Piracy row and the Hunters
  never interfere, how likely is it that the row can reach the Victory threshold by the
  end of Turn 4 (:func:`plan_odds`)? Each turn's draw is one of the remaining tiles of the
  row at random, so the 9 x 8 x 7 x 6 = 3,024 ordered draws of four turns are equally
  likely, and the answer is an exact Fraction over all of them.

The plan model is stated: Adventure starts Turn 1 at the Camp. Each turn Blackbeard has 5
pawns (4 while Buy Rum is drawn and unfilled); he Sails Adventure by the cheapest Water
route to one space (1 pawn per space, at most 3 while Hire Doctor is drawn and unfilled)
and puts every pawn left on the committed row's tiles listed there, choosing the space
where that fills the most open squares this turn (fewest pawns Sailed on a tie). Careen
Sloop takes nothing on a turn he Sailed. The Hunters never interfere, and the Purse never
runs dry (gold and Loot are left out). It is a greedy plan, not a proven best one.

Examples
--------
>>> result = plan_odds("acts_of_piracy", camp="roanoke_island")
>>> 0 <= result.at_least_half <= 1, result.more_than_half <= result.at_least_half
(True, True)
"""

from __future__ import annotations

import functools
import itertools
import random
from dataclasses import dataclass
from fractions import Fraction

import networkx as nx

from piratelib.blackbeard.board import check_space, load_map
from piratelib.blackbeard.movement import move_graph
from piratelib.blackbeard.piracy import (
    ROWS,
    Mat,
    Position,
    acting_space,
    piracy_victory,
    resolve_piracy,
    row_cubes,
)
from piratelib.blackbeard.tiles import Tiles, load_tiles
from piratelib.errors import IllegalActionError

__all__ = ["Outlook", "PlanOdds", "outlook", "plan_odds", "plan_reach", "receiving"]


@dataclass(frozen=True)
class Outlook:
    """What one Resolve Piracy would give: cubes per row, and Victory with each option."""

    acts_of_piracy: tuple[int, int]
    pirates_life: tuple[int, int]
    wins: bool
    wins_more_than_half: bool


@dataclass(frozen=True)
class PlanOdds:
    """Exact chances that a one-row plan can reach the Victory threshold by Turn 4."""

    row: str
    at_least_half: Fraction
    more_than_half: Fraction
    draws: int


def receiving(mat: Mat, position: Position, tiles: Tiles | None = None) -> dict[str, str]:
    """Return, for each drawn tile, whether it can receive cubes here and why.

    Piracy Locations: "To receive cubes, a tile must list a space that has Adventure in
    it", with the Blackbeard and Israel Hands icon exceptions, and Careen Sloop "not if
    Adventure Sails".

    Examples
    --------
    >>> mat = Mat(acts_of_piracy=("raid_delaware", "careen_sloop"))
    >>> answers = receiving(mat, Position(adventure="currituck_inlet"))
    >>> answers["raid_delaware"], answers["careen_sloop"]
    ('yes: a piece at Currituck Inlet', 'no: no piece at a listed space')
    """
    tiles = tiles or load_tiles()
    G = load_map()
    answers = {}
    for tile in mat.drawn():
        space = acting_space(tiles, tile, position, mat)
        if space is None:
            answers[tile] = "no: no piece at a listed space"
        elif tiles.piracy[tile]["not_if_sailed"] and position.sailed:
            answers[tile] = "no: Adventure Sailed this turn"
        else:
            answers[tile] = f"yes: a piece at {G.nodes[space]['name']}"
    return answers


def outlook(
    mat: Mat, position: Position, rng: random.Random, tiles: Tiles | None = None, **choices
) -> Outlook:
    """Resolve the planned Piracy and report each row's cubes and Victory either way.

    `choices` go on to :func:`~piratelib.blackbeard.piracy.resolve_piracy` (``pardon``,
    ``fete``). Loot draws use `rng`.

    Examples
    --------
    >>> from piratelib.blackbeard.piracy import plan_piracy
    >>> mat = plan_piracy(Mat(pirates_life=("hire_doctor",)), "hire_doctor", 3)
    >>> outlook(mat, Position(adventure="bath_town"), random.Random(1))
    Outlook(acts_of_piracy=(0, 0), pirates_life=(3, 3), wins=True, wins_more_than_half=True)
    """
    tiles = tiles or load_tiles()
    end = resolve_piracy(mat, position, rng, tiles, **choices)[-1].state
    return Outlook(
        row_cubes(end, "acts_of_piracy", tiles),
        row_cubes(end, "pirates_life", tiles),
        piracy_victory(end, tiles),
        piracy_victory(end, tiles, more_than_half=True),
    )


def plan_reach(
    row: str, draws: tuple[str, ...], *, camp: str, tiles: Tiles | None = None
) -> tuple[int, int]:
    """Return (cubes, squares) the one-row plan reaches by the end of the given draws.

    One tile of `row` is drawn per turn, in the order of `draws`; each turn all pawns go
    where they fill the most open squares (see the module docstring for the model).

    Examples
    --------
    >>> plan_reach(
    ...     "acts_of_piracy",
    ...     ("raid_delaware", "seize_prize_roanoke_inlet", "raid_charles_town", "careen_sloop"),
    ...     camp="roanoke_island",
    ... )
    (6, 13)
    """
    tiles = tiles or load_tiles()
    _check_row(row)
    places = _places(tiles, row, camp)
    sail = _sailing()
    open_squares: dict[str, int] = {}
    at, cubes = camp, 0
    for tile in draws:
        open_squares[tile] = tiles.squares(tile)
        pawns = 4 if open_squares.get("buy_rum", 0) else 5
        cap = 3 if open_squares.get("hire_doctor", 0) else pawns
        best = (0, 0, at)
        for space, listed in places.items():
            cost = sail[at].get(space)
            if cost is None or cost > cap or cost >= pawns:
                continue
            fill = _fill(listed, open_squares, pawns - cost, cost > 0, tiles)
            best = max(best, (sum(fill.values()), -cost, space))
        placed, minus_cost, at = best
        fill = _fill(places.get(at, []), open_squares, pawns + minus_cost, minus_cost < 0, tiles)
        for t, n in fill.items():
            open_squares[t] -= n
        cubes += placed
    return cubes, sum(tiles.squares(t) for t in draws)


def plan_odds(row: str, *, camp: str, turns: int = 4, tiles: Tiles | None = None) -> PlanOdds:
    """Return the exact chance, over every ordered draw of the row, that the plan can win.

    Parameters
    ----------
    row : {"acts_of_piracy", "pirates_life"}
        The row Blackbeard commits to.
    camp : str
        The Camp's Anchorage (it is a listed place on some tiles).
    turns : int
        Turns of drawing (Victory is judged after Turn 4).

    Raises
    ------
    IllegalActionError
        For an unknown row or space, a Camp that is not an Anchorage, or turns not 1 to 4.
    """
    tiles = tiles or load_tiles()
    _check_row(row)
    if isinstance(turns, bool) or not isinstance(turns, int) or not 1 <= turns <= 4:
        raise IllegalActionError(f"turns must be a whole number from 1 to 4, got {turns!r}")
    G = load_map()
    check_space(G, camp)
    if G.nodes[camp]["kind"] != "anchorage":
        raise IllegalActionError(f"the Camp is always in an Anchorage, and {camp} is not one")
    half = more = total = 0
    for draws in itertools.permutations(tiles.row(row), turns):
        cubes, squares = plan_reach(row, draws, camp=camp, tiles=tiles)
        total += 1
        half += 2 * cubes >= squares
        more += 2 * cubes > squares
    return PlanOdds(row, Fraction(half, total), Fraction(more, total), total)


def _fill(
    listed: list[str], open_squares: dict[str, int], pawns: int, sailed: bool, tiles: Tiles
) -> dict[str, int]:
    """Cubes that `pawns` put on the open squares of the `listed` tiles, in row order."""
    fill = {}
    for tile in listed:
        if tiles.piracy[tile]["not_if_sailed"] and sailed:
            continue
        n = min(pawns, open_squares.get(tile, 0))
        if n:
            fill[tile] = n
            pawns -= n
    return fill


@functools.cache
def _sailing() -> dict[str, dict[str, int]]:
    """Adventure's cheapest Sail, in pawns, between every two block slots."""
    H = move_graph(load_map(), "adventure")
    return dict(nx.all_pairs_dijkstra_path_length(H, weight="pawns"))


def _places(tiles: Tiles, row: str, camp: str) -> dict[str, list[str]]:
    """For each space, the row's tiles that list it, in row order."""
    places: dict[str, list[str]] = {}
    for tile in tiles.row(row):
        for space in sorted(tiles.spaces(tile, camp=camp)):
            places.setdefault(space, []).append(tile)
    return places


def _check_row(row: str) -> None:
    """Raise unless `row` is one of the two Piracy rows."""
    if row not in ROWS:
        raise IllegalActionError(f"unknown Piracy row {row!r}: the rows are {', '.join(ROWS)}")
