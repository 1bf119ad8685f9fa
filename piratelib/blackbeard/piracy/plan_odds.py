"""Exact odds that a one-row Piracy plan wins by the end of Turn 4, gold and Loot included.

If Blackbeard commits every pawn to one Piracy row and the Hunters never get in his way,
how likely is it that the row holds cubes in at least half of its squares after Turn 4
(Victory: "Blackbeard wins if at least one Piracy row ... has cubes in at least half of
the total number of squares in tiles on that row")? :func:`plan_odds` answers exactly,
as a Fraction, by following every chance event of the game with its probability:

- **Setup**: "place 1 randomly drawn Loot marker face up in the Taken Loot box. Place
  exactly 5 gold cubes ... into the Purse box" (which of the 12 markers matters later, to
  Stow Booty and Sell Cargo);
- **Draw Tiles**: each turn "randomly draw one tile from each of their draw piles", one
  into each row; the other row's tiles matter only through their penalties (Buy Rum: "4
  pawns"; Hire Doctor: Sailing "three pawns per turn"), since they never get pawns;
- **Take Loot**: "randomly draw that many Loot markers ... and add the number of gold
  cubes they show from spares to the Purse".

Gold is in the model: gold squares take cubes "from the Purse box only", so a plan can
fill them only while the Purse pays; Take Loot, Stow Booty and Sell Cargo refill it. The
rules themselves come from :func:`~piratelib.blackbeard.piracy.resolve_piracy`, run on
every outcome. :func:`chances` enumerates what any function of an ``rng`` can return, and
:func:`play_plan` plays the plan once with a real ``rng``, for a simulation.

The plan is stated, not proven best (:func:`choose_plan`): Adventure starts Turn 1 at the
Camp; each turn Blackbeard Sails Adventure by the cheapest Water route (1 pawn a space)
to the one space where the pawns left fill the most open squares of the row now, gold
squares only as far as the Purse pays (fewest pawns Sailed on a tie); he Prepares no
Defenses; Careen Sloop takes nothing on a turn he Sailed; Seek Pardon sets aside a tile of
the other row and Fete Tobias Knight adds the first two Defenses in the tile list.

Examples
--------
>>> odds = plan_odds("acts_of_piracy", camp="nots_island")
>>> odds.draws, odds.more_than_half <= odds.at_least_half <= 1
(3024, True)
>>> chances(lambda rng: rng.randrange(3) + rng.randrange(2) > 1)
{False: Fraction(1, 2), True: Fraction(1, 2)}
"""

from __future__ import annotations

import functools
import hashlib
import math
import random
from collections import defaultdict
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from importlib import resources
from typing import NoReturn, TypeVar, cast

from piratelib.blackbeard.board import check_space, load_map
from piratelib.blackbeard.board.movement import move_costs
from piratelib.blackbeard.piracy import (
    ROWS,
    Mat,
    Position,
    draw_tiles,
    end_turn,
    pawns_allowed,
    penalties,
    plan_piracy,
    resolve_piracy,
    row_cubes,
    setup,
)
from piratelib.blackbeard.piracy.mat import _changed
from piratelib.blackbeard.piracy.tiles import Tiles, load_tiles
from piratelib.blackbeard.readonly import Fixed, check_type
from piratelib.errors import IllegalActionError, check_id, check_whole

__all__ = ["Plan", "PlanOdds", "chances", "choose_plan", "plan_odds", "play_plan"]

H = TypeVar("H", bound=Hashable)

ENDLESS = 10**6
"""The Purse of the ``endless_purse`` switch: gold never runs short."""


@dataclass(frozen=True)
class PlanOdds:
    """Exact chances that a one-row plan reaches the Victory threshold by the last turn.

    ``draws`` counts the equally likely ordered draws of the row (9 x 8 x 7 x 6 = 3,024
    for four turns); ``cubes`` and ``squares`` are the row's expected cubes and squares
    at the end.
    """

    row: str
    at_least_half: Fraction
    more_than_half: Fraction
    draws: int
    camp: str = ""
    cubes: Fraction = Fraction(0)
    squares: Fraction = Fraction(0)
    endless_purse: bool = False


@dataclass(frozen=True)
class Plan:
    """One turn of the plan: where Adventure Sails, for how many pawns, and the pawns per tile."""

    space: str
    sailed: int
    pawns: tuple[tuple[str, int], ...]

    @property
    def cubes(self) -> int:
        """Pawns put on tiles, each expected to become a cube."""
        return sum(n for _, n in self.pawns)


def chances(experiment: Callable[[random.Random], H], *, limit: int = 200_000) -> dict[H, Fraction]:
    """Every result `experiment(rng)` can return, with its exact probability.

    The experiment may draw only with ``rng.randrange`` (``randint`` too), each value
    equally likely, as every draw in piratelib's rules does. It is run once for every
    sequence of values its draws can take; a result's probability is the sum over the
    runs that give it of the product of ``1 / n`` over their draws.

    Raises
    ------
    ValueError
        If the experiment needs more than `limit` runs.
    TypeError
        If it draws any other way (``random()``, ``choice``, ``shuffle`` ...).

    Examples
    --------
    Two dice, a double or not:

    >>> chances(lambda rng: rng.randint(1, 6) == rng.randint(1, 6))
    {False: Fraction(5, 6), True: Fraction(1, 6)}
    """
    check_whole("limit", limit, 1, 10**9, error=IllegalActionError)
    found: dict[H, Fraction] = defaultdict(Fraction)
    pending: list[tuple[int, ...]] = [()]
    runs = 0
    while pending:
        runs += 1
        if runs > limit:
            raise ValueError(f"more than {limit} runs to enumerate; raise limit= or sample")
        prefix = pending.pop()
        rng = _Scripted(prefix)
        result = experiment(rng)
        found[result] += Fraction(1, math.prod(rng.sizes))
        for i in range(len(prefix), len(rng.sizes)):
            pending.extend((*rng.values[:i], k) for k in range(1, rng.sizes[i]))
    return dict(sorted(found.items(), key=lambda item: repr(item[0])))


def choose_plan(mat: Mat, at: str, row: str, *, camp: str, tiles: Tiles | None = None) -> Plan:
    """The plan's choice this turn: where Adventure Sails and the pawns on the row's tiles.

    Each space that lists a face-up tile of `row` is weighed: the pawns left after Sailing
    there (Blackbeard Actions: "5 black pawns ... 4 pawns if the Buy Rum tile is
    unfilled"; Hire Doctor "restricts Blackbeard's Sailing to three pawns per turn") go on
    its tiles in row order, at most their open squares (Plan Piracy: "never more pawns on a
    tile than open squares"), gold squares at most what the Purse can Pay ("Any pawns on
    gold squares beyond the cubes that Blackbeard can Pay from his Purse are wasted"),
    nothing on Careen Sloop after Sailing. The space filling most wins, fewest pawns Sailed
    on a tie; staying put with no pawns if nothing fills.

    Examples
    --------
    >>> mat = Mat(acts_of_piracy=("raid_delaware",))
    >>> choose_plan(mat, "roanoke_island", "acts_of_piracy", camp="roanoke_island")
    Plan(space='currituck_inlet', sailed=2, pawns=(('raid_delaware', 3),))
    >>> mat = Mat(purse=1, pirates_life=("banyan_for_vane",))
    >>> choose_plan(mat, "nots_island", "pirates_life", camp="nots_island").pawns
    (('banyan_for_vane', 1),)
    """
    check_space(load_map(), at)
    check_space(load_map(), camp)
    check_id("row", row, ROWS)
    check_type("mat", mat, Mat)
    check_type("tiles", tiles, Tiles, optional=True)
    tiles = tiles or load_tiles()
    pawns = pawns_allowed(mat, tiles)
    cap = 3 if "hire_doctor" in penalties(mat, tiles) else pawns
    sail = move_costs("adventure")[at]
    room = {t: tiles.squares(t) - n for t, n in ((t, mat.on(t)) for t in getattr(mat, row))}
    best: tuple[int, int, str, tuple[tuple[str, int], ...]] = (0, 0, at, ())
    for space, listed in _places(tiles, row, camp).items():
        cost = sail.get(space)
        if cost is None or cost > cap or cost >= pawns:
            continue
        fill = _fill(room, mat.purse, listed, pawns - cost, cost > 0, tiles)
        key = (sum(n for _, n in fill), -cost, space, fill)
        best = max(best, key)
    _, minus_cost, space, fill = best
    return Plan(space, -minus_cost, fill)


def play_plan(
    row: str,
    *,
    camp: str,
    rng: random.Random,
    turns: int = 4,
    tiles: Tiles | None = None,
    endless_purse: bool = False,
) -> Mat:
    """Play the plan once, with real draws from `rng`; return the mat after the last turn.

    The whole game as the rules run it: :func:`~piratelib.blackbeard.piracy.setup`,
    :func:`~piratelib.blackbeard.piracy.draw_tiles` into both rows, :func:`choose_plan`,
    :func:`~piratelib.blackbeard.piracy.resolve_piracy` and End Turn, `turns` times.
    :func:`plan_odds` follows every outcome of the same turns exactly; this is the
    simulation to check it by.

    Examples
    --------
    >>> mat = play_plan("acts_of_piracy", camp="nots_island", rng=random.Random(1))
    >>> mat.turn, len(mat.acts_of_piracy), len(mat.pirates_life)
    (5, 4, 4)
    """
    check_type("rng", rng, random.Random)
    check_type("tiles", tiles, Tiles, optional=True)
    tiles = tiles or load_tiles()
    _check(row, camp, turns)
    mat, at = _start(setup(rng, tiles), endless_purse), camp
    for _ in range(turns):
        mat, at = _turn(draw_tiles(mat, rng), at, row, camp, rng, tiles)
    return mat


def plan_odds(
    row: str,
    *,
    camp: str,
    turns: int = 4,
    tiles: Tiles | None = None,
    endless_purse: bool = False,
) -> PlanOdds:
    """Return the exact chance, over every draw of tiles and Loot, that the plan wins.

    Turn by turn, every mat the plan can reach is kept with its probability; mats that
    differ only in the order tiles were drawn, Loot was Taken, or in which of the other
    row's tiles without a pawn penalty lie face up behave alike and are counted together.

    Parameters
    ----------
    row : {"acts_of_piracy", "pirates_life"}
        The row Blackbeard commits to.
    camp : str
        The Camp's Anchorage (a listed place on some tiles, and where Adventure starts).
    turns : int
        Turns played (Victory is judged after Turn 4).
    endless_purse : bool
        Start with a Purse that never runs short, to see what gold costs the plan.

    Raises
    ------
    IllegalActionError
        For an unknown row or space, a Camp that is not an Anchorage, or turns not 1 to 4.

    Examples
    --------
    >>> real = plan_odds("pirates_life", camp="core_banks", turns=2)
    >>> rich = plan_odds("pirates_life", camp="core_banks", turns=2, endless_purse=True)
    >>> real.at_least_half <= rich.at_least_half
    True
    """
    if not isinstance(endless_purse, bool):
        raise IllegalActionError(f"endless_purse must be True or False, got {endless_purse!r}")
    check_type("tiles", tiles, Tiles, optional=True)
    if tiles is None:
        return _default_odds(row, camp, turns, endless_purse)
    _check(row, camp, turns)
    # (mat, where Adventure is) until the last turn, then ((cubes, squares), "") after it
    states: dict[tuple[Mat | tuple[int, int], str], Fraction] = defaultdict(Fraction)
    for start, p in chances(lambda rng: setup(rng, tiles)).items():
        states[(_canonical(_start(start, endless_purse), row, tiles, turns), camp)] += p
    for left in reversed(range(turns)):
        after: dict[tuple[Mat | tuple[int, int], str], Fraction] = defaultdict(Fraction)
        for (mat, at), p in states.items():
            assert isinstance(mat, Mat)  # (cubes, squares) come only after the last turn
            for drawn, q in _draws(mat, row, tiles):
                if not left:  # the last turn: every planned pawn becomes a cube
                    plan = choose_plan(drawn, at, row, camp=camp, tiles=tiles)
                    c, s = row_cubes(drawn, row, tiles)
                    after[((c + plan.cubes, s), "")] += p * q
                    continue
                plan, planned = _planned(drawn, at, row, camp, tiles)
                if _gold_idle(planned, row, tiles, left):
                    planned = _changed(planned, loot_pool=())  # no Loot can change the plan
                for ordered, r in _loot_orders(planned, tiles):
                    end = _resolved(ordered, plan, row, camp, _FIRST, tiles)
                    after[(_canonical(end, row, tiles, left), plan.space)] += p * q * r
        states = after
    half = more = cubes = squares = Fraction(0)
    for (tally, _), p in states.items():
        assert not isinstance(tally, Mat)  # after the last turn, each is (cubes, squares)
        c, s = tally
        half += p if 2 * c >= s else 0
        more += p if 2 * c > s else 0
        cubes, squares = cubes + p * c, squares + p * s
    draws = math.perm(len(_row(tiles, row)), turns)
    return PlanOdds(row, half, more, draws, camp, cubes, squares, endless_purse)


@functools.cache
def _default_odds(row: str, camp: str, turns: int, endless_purse: bool) -> PlanOdds:
    """plan_odds with the data file's tiles, remembered (it is pure); the lessons' slow
    answers are read from ``_STORED`` while the data files are the ones it was made from.
    """
    stored = (
        _STORED.get((row, camp, turns, endless_purse)) if _fingerprint() == _MADE_FROM else None
    )
    if stored is not None:
        half, more, cubes, squares = map(Fraction, stored)
        draws = math.perm(len(_row(load_tiles(), row)), turns)
        return PlanOdds(row, half, more, draws, camp, cubes, squares, endless_purse)
    return plan_odds(row, camp=camp, turns=turns, tiles=load_tiles(), endless_purse=endless_purse)


_STORED: dict[tuple[str, str, int, bool], tuple[str, str, str, str]] = {
    (row, camp, int(turns), endless == "endless"): (half, more, cubes, squares)
    for row, camp, turns, endless, half, more, cubes, squares in map(
        str.split,
        """\
acts_of_piracy nots_island 4 real 179857/217728 162871/217728 1544239/217728 100/9
acts_of_piracy roanoke_island 4 real 197633/217728 93593/108864 422837/54432 100/9
acts_of_piracy nots_island 4 endless 183593/217728 9217/12096 1555325/217728 100/9
pirates_life nots_island 4 real 107/108 1475/1512 607835/66528 100/9
pirates_life roanoke_island 4 real 1 3005/3024 2052473/199584 100/9""".splitlines(),
    )
}
"""The answers the lessons show (at least half, more than half, cubes, squares), as
:func:`plan_odds` computed them from the packaged data, so a page opens at once; a test
recomputes every one."""
_MADE_FROM = "5f07c24d95a79034"
"""The fingerprint of the packaged tiles and map that ``_STORED`` was computed from."""


@functools.cache
def _fingerprint() -> str:
    """A short hash of the packaged tiles and map files, to tell if _STORED still holds."""
    digest = hashlib.sha256()
    for file in ("blackbeard_tiles.toml", "blackbeard_map.toml"):
        digest.update((resources.files("piratelib.data") / file).read_bytes())
    return digest.hexdigest()[:16]


class _Scripted(random.Random):
    """An rng whose draws follow a script, then 0; it records every draw's size and value."""

    def __init__(self, script: tuple[int, ...]) -> None:
        super().__init__(0)
        self.script = script
        self.sizes: list[int] = []
        self.values: list[int] = []

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        low, n = (0, start) if stop is None else (start, stop - start)
        if step != 1 or n <= 0:
            raise ValueError(f"chances() supports randrange(n) and randrange(a, b), got n={n}")
        i = len(self.sizes)
        value = self.script[i] if i < len(self.script) else 0
        self.sizes.append(n)
        self.values.append(value)
        return low + value

    def _randbelow(self, n: int) -> NoReturn:
        raise TypeError("chances() follows rng.randrange only, not choice/shuffle/sample")

    def random(self) -> NoReturn:
        raise TypeError("chances() follows rng.randrange only, not random()")


def _check(row: str, camp: str, turns: int) -> None:
    """Raise unless the row, the Camp and the number of turns make a plan."""
    if row not in ROWS:
        raise IllegalActionError(f"unknown Piracy row {row!r}: the rows are {', '.join(ROWS)}")
    if isinstance(turns, bool) or not isinstance(turns, int) or not 1 <= turns <= 4:
        raise IllegalActionError(f"turns must be a whole number from 1 to 4, got {turns!r}")
    G = load_map()
    check_space(G, camp)
    if G.nodes[camp]["kind"] != "anchorage":
        raise IllegalActionError(f"the Camp is always in an Anchorage, and {camp} is not one")


def _start(mat: Mat, endless_purse: bool) -> Mat:
    """The Setup mat, with an endless Purse if asked."""
    return _changed(mat, purse=ENDLESS) if endless_purse else mat


def _turn(
    mat: Mat, at: str, row: str, camp: str, rng: random.Random, tiles: Tiles
) -> tuple[Mat, str]:
    """One turn after Draw Tiles: plan, Sail, Resolve Piracy, End Turn."""
    plan, mat = _planned(mat, at, row, camp, tiles)
    return _resolved(mat, plan, row, camp, rng, tiles), plan.space


def _planned(mat: Mat, at: str, row: str, camp: str, tiles: Tiles) -> tuple[Plan, Mat]:
    """The plan's choice, and the mat with its Sail and pawns planned."""
    plan = choose_plan(mat, at, row, camp=camp, tiles=tiles)
    mat = _changed(mat, pawns_used=plan.sailed)  # Sailing uses pawns too
    for tile, n in plan.pawns:
        mat = plan_piracy(mat, tile, n, tiles)
    return plan, mat


def _resolved(mat: Mat, plan: Plan, row: str, camp: str, rng: random.Random, tiles: Tiles) -> Mat:
    """Resolve Piracy as planned, then End Turn."""
    pardon = next(iter(getattr(mat, ROWS[1 - ROWS.index(row)])), None)
    free = [d for d in tiles.defenses if d not in dict(mat.defenses)]
    position = Position(adventure=plan.space, camp=camp, sailed=plan.sailed > 0)
    steps = resolve_piracy(mat, position, rng, tiles, pardon=pardon, fete=free[:2])
    return end_turn(steps[-1].state)


def _loot_orders(mat: Mat, tiles: Tiles) -> list[tuple[Mat, Fraction]]:
    """The Loot pool put in every order its next draws can come in, with their chances.

    Resolve Piracy draws ``pool[rng.randrange(len(pool))]``; with the pool reordered so
    the markers to come stand first, an rng that always says 0 draws them. Markers of
    the same value are alike, so each order of values is one outcome, weighted by how
    many markers could give it. As many draws as the planned tiles could Take are set.
    """
    k = sum(tiles.piracy[t]["take_loot"] for t, _ in mat.pawns)
    orders: list[tuple[tuple[int, ...], Fraction]] = [((), Fraction(1))]
    for _ in range(min(k, len(mat.loot_pool))):
        longer = []
        for drawn, p in orders:
            rest = list(mat.loot_pool)
            for v in drawn:
                rest.remove(v)
            for v in sorted(set(rest)):
                longer.append(((*drawn, v), p * Fraction(rest.count(v), len(rest))))
        orders = longer
    out = []
    for drawn, p in orders:
        rest = list(mat.loot_pool)
        for v in drawn:
            rest.remove(v)
        out.append((_changed(mat, loot_pool=(*drawn, *rest)), p))
    return out


class _First(random.Random):
    """An rng whose every draw is the first: randrange(n) is 0."""

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        return 0 if stop is None else start


_FIRST = _First(0)


def _draws(mat: Mat, row: str, tiles: Tiles) -> list[tuple[Mat, Fraction]]:
    """Draw Tiles' outcomes: each tile of `row`'s stack, and the other row's lumped draw."""
    other = ROWS[1 - ROWS.index(row)]
    own_stack, other_stack = getattr(mat, f"{row}_stack"), getattr(mat, f"{other}_stack")
    own: list[tuple[tuple[str, ...], Fraction]] = [
        ((t,), Fraction(1, len(own_stack))) for t in own_stack
    ] or [((), Fraction(1))]
    theirs: dict[tuple[str, ...], Fraction] = defaultdict(Fraction)
    for t in other_stack:
        # Tiles without a pawn penalty behave alike: draw the first of them in their stead.
        stand_in = t if _matters(tiles, t) else _first_idle(other_stack, tiles)
        theirs[(stand_in,)] += Fraction(1, len(other_stack))
    outcomes = []
    for mine, p in own:
        for drawn, q in theirs.items() or [((), Fraction(1))]:
            changes = {}
            for r, picked in ((row, mine), (other, drawn)):
                stack = getattr(mat, f"{r}_stack")
                changes[r] = (*getattr(mat, r), *picked)
                changes[f"{r}_stack"] = tuple(t for t in stack if t not in picked)
            outcomes.append((_changed(mat, **changes), p * q))
    return outcomes


def _canonical(mat: Mat, row: str, tiles: Tiles, left: int) -> Mat:
    """One mat for all that behave alike for the plan's `left` turns to come.

    Rows in tile order; the other row's tiles without a pawn penalty renamed to the first
    ones; Taken Loot as its total (all that Stow Booty and Sell Cargo read); no Defenses
    (no piece here acts by them); and no Loot once the Purse holds all the gold the row can
    still take (then just that much gold) or before the last turn (its Loot comes after
    the plan has Paid).
    """
    other = ROWS[1 - ROWS.index(row)]
    order = _order(tiles)
    place = cast("Callable[[str], int]", order.get)  # every tile on the mat has its place
    idle = [t for t in _row(tiles, other) if not _matters(tiles, t)]
    aside_idle = [t for t in mat.set_aside if t in idle]
    drawn_idle = [t for t in getattr(mat, other) if t in idle]
    rename = dict(zip(aside_idle + drawn_idle, idle, strict=False))
    kept = [t for t in mat.set_aside if t not in rename] + [rename[t] for t in aside_idle]
    other_drawn = [rename.get(t, t) for t in getattr(mat, other)]
    taken = set(kept) | set(other_drawn) | set(getattr(mat, row))
    gold_idle = _gold_idle(mat, row, tiles, left)
    gold: dict[str, object] = {"loot_pool": tuple(sorted(mat.loot_pool))}
    if gold_idle:
        gold = {"purse": _gold_need(mat, row, tiles, left), "loot_pool": (), "spare_gold": 0}
    elif left <= 1:  # Loot Taken on the last turn comes too late to Pay for anything
        gold = {"loot_pool": (), "spare_gold": 0}
    loot = 0 if gold_idle or left <= 1 else sum(mat.taken_loot)
    return _changed(
        mat,
        **{
            row: tuple(sorted(getattr(mat, row), key=place)),
            other: tuple(sorted(other_drawn, key=place)),
            f"{other}_stack": tuple(t for t in _row(tiles, other) if t not in taken),
        },
        set_aside=tuple(sorted(kept, key=place)),
        taken_loot=(loot,) if loot else (),
        cubes=tuple(sorted(mat.cubes, key=lambda pair: order[pair[0]])),
        defenses=(),
        **gold,
    )


@functools.cache
def _row(tiles: Tiles, row: str) -> tuple[str, ...]:
    """The tiles of one row, in the tile list's order (remembered)."""
    return tiles.row(row)


@functools.cache
def _order(tiles: Tiles) -> Mapping[str, int]:
    """Each Piracy tile's place in its row."""
    return Fixed({t: i for r in ROWS for i, t in enumerate(tiles.row(r))})


def _gold_need(mat: Mat, row: str, tiles: Tiles, left: int) -> int:
    """The most gold the plan can still Pay in `left` turns: open gold squares, pawns."""
    planned = dict(mat.pawns)
    open_gold = sum(
        tiles.squares(t) - mat.on(t) - planned.get(t, 0)
        for t in _row(tiles, row)
        if tiles.piracy[t]["cubes"] == "gold" and t not in mat.set_aside
    )
    return min(open_gold, tiles.counts["pawns"] * left)


def _gold_idle(mat: Mat, row: str, tiles: Tiles, left: int) -> bool:
    """Whether the Purse, after this turn's planned gold, can Pay for every gold square the
    plan can still fill, so that no Loot drawn can change what it does."""
    planned_gold = sum(n for t, n in mat.pawns if tiles.piracy[t]["cubes"] == "gold")
    return mat.purse - planned_gold >= _gold_need(mat, row, tiles, left)


def _matters(tiles: Tiles, tile: str) -> bool:
    """Whether a tile of the row without pawns still changes the plan: a pawn penalty."""
    return tiles.piracy[tile]["penalty"] in ("buy_rum", "hire_doctor")


def _first_idle(stack: tuple[str, ...], tiles: Tiles) -> str:
    """The first tile in `stack` without a pawn penalty."""
    return next(t for t in stack if not _matters(tiles, t))


def _fill(
    room: dict[str, int], purse: int, listed: Sequence[str], pawns: int, sailed: bool, tiles: Tiles
) -> tuple[tuple[str, int], ...]:
    """Pawns on the open squares (`room`) of the face-up `listed` tiles, in row order."""
    fill = []
    for tile in listed:
        info = tiles.piracy[tile]
        if tile not in room or (info["not_if_sailed"] and sailed):
            continue
        n = min(pawns, room[tile])
        if info["cubes"] == "gold":
            n = min(n, purse)
            purse -= n
        if n > 0:
            fill.append((tile, n))
            pawns -= n
    return tuple(fill)


@functools.cache
def _places(tiles: Tiles, row: str, camp: str) -> Mapping[str, tuple[str, ...]]:
    """For each space, the row's tiles that list it, in row order."""
    places: dict[str, list[str]] = {}
    for tile in _row(tiles, row):
        for space in sorted(tiles.spaces(tile, camp=camp)):
            places.setdefault(space, []).append(tile)
    return Fixed({space: tuple(listed) for space, listed in places.items()})
