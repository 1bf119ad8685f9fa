"""What-if questions about Piracy: what a position yields now, and what a plan can reach.

- **From a mat and a position**: which drawn tiles can receive cubes if Adventure (or
  another pirate piece) stands where it does, how many cubes each row would then hold,
  and whether Blackbeard would win (:func:`receiving`, :func:`outlook`).
- **One turn from Setup**: the exact expected cubes and change of the Purse of a plan of
  pawns, over every Setup Loot and Take Loot draw (:func:`turn_yield`).
- **Over the random draws of four turns**: if Blackbeard commits to one Piracy row and the
  Hunters never interfere, how likely is it that the row reaches the Victory threshold by
  the end of Turn 4? :func:`~piratelib.blackbeard.piracy.plan_odds.plan_odds` (also importable
  from here) answers exactly, gold and Loot included. :func:`plan_reach` is the older,
  simpler count for one given order of draws with an endless Purse.

The plan model of :func:`plan_reach` (gold left out): Adventure starts Turn 1 at the Camp.
Each turn Blackbeard has 5 pawns (4 while Buy Rum is drawn and unfilled); he Sails
Adventure by the cheapest Water route to one space (1 pawn per space, at most 3 while Hire
Doctor is drawn and unfilled) and puts every pawn left on the committed row's tiles listed
there, choosing the space where that fills the most open squares this turn (fewest pawns
Sailed on a tie). Careen Sloop takes nothing on a turn he Sailed. The Hunters never
interfere, and the Purse never runs dry.

Examples
--------
>>> plan_reach(
...     "acts_of_piracy",
...     ("raid_delaware", "seize_prize_roanoke_inlet", "raid_charles_town", "careen_sloop"),
...     camp="roanoke_island",
... )
(6, 13)
>>> turn_yield({"raid_delaware": 4}, "currituck_inlet").cubes
Fraction(4, 1)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, TypedDict, Unpack

from piratelib.blackbeard.board import check_space, load_map
from piratelib.blackbeard.board.movement import move_costs
from piratelib.blackbeard.piracy import (
    ROWS,
    Mat,
    Position,
    acting_space,
    piracy_victory,
    plan_piracy,
    resolve_piracy,
    row_cubes,
    setup,
)
from piratelib.blackbeard.piracy.plan_odds import PlanOdds, chances, plan_odds
from piratelib.blackbeard.piracy.tiles import Tiles, load_tiles
from piratelib.blackbeard.readonly import check_type
from piratelib.errors import IllegalActionError, check_id

__all__ = [
    "Outlook",
    "PlanOdds",
    "Yield",
    "outlook",
    "plan_odds",
    "plan_reach",
    "receiving",
    "turn_yield",
]


@dataclass(frozen=True)
class Outlook:
    """What one Resolve Piracy would give: cubes per row, and Victory with each option."""

    acts_of_piracy: tuple[int, int]
    pirates_life: tuple[int, int]
    wins: bool
    wins_more_than_half: bool


@dataclass(frozen=True)
class Yield:
    """What one Resolve Piracy is expected to give: cubes placed, and the Purse's change."""

    cubes: Fraction
    gold: Fraction


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
    check_type("mat", mat, Mat)
    check_type("position", position, Position)
    check_type("tiles", tiles, Tiles, optional=True)
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


class _Choices(TypedDict, total=False):
    """The choices :func:`outlook` passes on to Resolve Piracy."""

    pardon: str | None
    fete: Iterable[str]


def outlook(
    mat: Mat,
    position: Position,
    rng: random.Random,
    tiles: Tiles | None = None,
    **choices: Unpack[_Choices],
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
    check_type("mat", mat, Mat)
    check_type("position", position, Position)
    check_type("rng", rng, random.Random)
    check_type("tiles", tiles, Tiles, optional=True)
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
    where they fill the most open squares (see the module docstring for the model). Gold
    is left out here (an endless Purse, no Loot, the other row unseen);
    :func:`~piratelib.blackbeard.piracy.plan_odds.plan_odds` puts them in.

    Examples
    --------
    >>> plan_reach(
    ...     "acts_of_piracy",
    ...     ("raid_delaware", "seize_prize_roanoke_inlet", "raid_charles_town", "careen_sloop"),
    ...     camp="roanoke_island",
    ... )
    (6, 13)
    """
    check_type("draws", draws, tuple)
    check_type("tiles", tiles, Tiles, optional=True)
    tiles = load_tiles() if tiles is None else tiles
    _check_plan(row, draws, camp, tiles)
    places = _places(tiles, row, camp)
    sail = move_costs("adventure")
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


def turn_yield(pawns: Mapping[str, int], adventure: str, *, tiles: Tiles | None = None) -> Yield:
    """The exact expected cubes and Purse change of one turn's Piracy from the Setup mat.

    The tiles named in `pawns` are face up in their rows with that many pawns on each,
    Adventure ends the turn at `adventure` (not Sailed), and Resolve Piracy places cubes.
    Every draw is followed: Setup's "1 randomly drawn Loot marker" (which leaves 11 to
    draw) and each Take Loot ("randomly draw that many Loot markers ... and add the number
    of gold cubes they show from spares to the Purse"), with
    :func:`~piratelib.blackbeard.piracy.plan_odds.chances`.

    Raises
    ------
    IllegalActionError
        For an unknown tile or space, or a plan the rules refuse.

    Examples
    --------
    Banyan for Vane: 3 gold cubes from the Purse, then one Loot marker (2.08 gold on
    average with the assumed values) back into it.

    >>> result = turn_yield({"banyan_for_vane": 3}, "nots_island")
    >>> result.cubes, float(result.gold)
    (Fraction(3, 1), -0.9166666666666666)
    """
    check_type("pawns", pawns, Mapping)
    check_type("tiles", tiles, Tiles, optional=True)
    tiles = tiles or load_tiles()
    for tile in pawns:
        if tile not in tiles.piracy:
            raise IllegalActionError(f"unknown Piracy tile {tile!r}")

    def one(rng: random.Random) -> tuple[int, int]:
        mat = setup(rng, tiles)
        # keyed by ROWS, the names of Mat's row fields
        rows: dict[str, Any] = {
            row: tuple(t for t in pawns if tiles.piracy[t]["row"] == row) for row in ROWS
        }
        mat = replace(mat, **rows)
        for tile, n in pawns.items():
            mat = plan_piracy(mat, tile, n, tiles)
        end = resolve_piracy(mat, Position(adventure=adventure), rng, tiles)[-1].state
        return sum(n for _, n in end.cubes), end.purse - mat.purse

    found = chances(one)
    return Yield(
        sum((p * cubes for (cubes, _), p in found.items()), Fraction(0)),
        sum((p * gold for (_, gold), p in found.items()), Fraction(0)),
    )


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


def _places(tiles: Tiles, row: str, camp: str) -> dict[str, list[str]]:
    """For each space, the row's tiles that list it, in row order."""
    places: dict[str, list[str]] = {}
    for tile in tiles.row(row):
        for space in sorted(tiles.spaces(tile, camp=camp)):
            places.setdefault(space, []).append(tile)
    return places


def _check_plan(row: object, draws: object, camp: object, tiles: object) -> None:
    """Raise unless the row, the draws (that row's tiles, each once) and the Camp make a plan."""
    if not isinstance(tiles, Tiles):
        raise IllegalActionError(f"tiles must be Tiles (load_tiles()), got {tiles!r}")
    row = check_id("Piracy row", row, ROWS)
    if isinstance(draws, str) or not isinstance(draws, tuple | list):
        raise IllegalActionError(f"draws must be a tuple of {row} tile ids, got {draws!r}")
    for tile in draws:
        check_id(f"{row} tile", tile, tiles.row(row))
    if len(set(draws)) < len(draws):
        raise IllegalActionError(f"each tile is drawn once, but draws repeats one: {draws!r}")
    G = load_map()
    camp = check_space(G, camp)
    if G.nodes[camp]["kind"] != "anchorage":
        raise IllegalActionError(f"the Camp is always in an Anchorage, and {camp} is not one")
