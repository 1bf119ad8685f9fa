"""Blackbeard's mat in Hunt for Blackbeard: the record, drawing, planning and scoring.

The mat is an immutable :class:`Mat`: the Purse, Taken Loot, the spare cubes and Loot,
the Piracy tiles drawn into the two rows (Acts of Piracy and Pirate's Life), the cubes
and this turn's pawns on them, and the Prepared Defenses with the gold Paid on them.
Every rule here is a pure function returning a new Mat (Setup, Draw Tiles, Plan Piracy,
Prepare Defenses, End Turn) or reading one (penalties, pawns, the rows' cubes, Victory);
a refused action raises :class:`~piratelib.errors.IllegalActionError` and changes
nothing. :data:`RULES` quotes the rulebook for every Piracy rule, here and in
:mod:`piratelib.blackbeard.piracy.resolution`.

Examples
--------
>>> mat = plan_piracy(Mat(acts_of_piracy=("raid_delaware",)), "raid_delaware", 3)
>>> mat.planned("raid_delaware"), pawns_allowed(mat) - mat.pawns_used
(3, 2)
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TypeVar

from piratelib.blackbeard.piracy.tiles import Tiles, load_tiles
from piratelib.blackbeard.readonly import check_type
from piratelib.errors import IllegalActionError, check_whole, did_you_mean

__all__ = [
    "ROWS",
    "RULES",
    "Mat",
    "draw_tiles",
    "end_turn",
    "pawns_allowed",
    "penalties",
    "piracy_victory",
    "plan_piracy",
    "prepare_defense",
    "put_count",
    "row_cubes",
    "setup",
    "without_one",
]

_T = TypeVar("_T")

ROWS = ("acts_of_piracy", "pirates_life")
_MOST = 10**6
"""The largest count a Mat holds (plan_odds' endless Purse)."""
_COUNT_FIELDS = ("turn", "purse", "spare_gold", "spare_black", "pawns_used")
_LOOT_FIELDS = ("taken_loot", "loot_pool")
_TILE_FIELDS = (
    "acts_of_piracy",
    "pirates_life",
    "acts_of_piracy_stack",
    "pirates_life_stack",
    "set_aside",
)
_PAIR_FIELDS = ("cubes", "pawns", "defenses")


RULES = {
    "plan": (
        "Plan Piracy: 'Place pawns now on any tiles in one, or both, of the mat's Piracy rows "
        "but never more pawns on a tile than open squares.'"
    ),
    "pawns": (
        "Blackbeard Actions: 'Use each of the 5 black pawns only once each turn (4 pawns if "
        "the Buy Rum tile is unfilled on the mat).'"
    ),
    "defense": (
        "Prepare Defenses: 'place a pawn on each new tile. Preparing Defenses also requires "
        "Paying cubes from the Purse'"
    ),
    "location": (
        "Piracy Locations: 'To receive cubes, a tile must list a space that has Adventure in "
        "it. If not, the pawns are wasted!'"
    ),
    "icons": (
        "Piracy Locations: 'Four Pirate's Life tiles show black Blackbeard icons in each "
        "square. Place cubes here if either Adventure or Blackbeard alone - placed via the "
        "advanced Longboat Prepared Defense tile - is at a listed space. Three "
        "Piracy tiles show gold Israel Hands icons. If Blackbeard has Prepared the advanced "
        "Israel Hands Defense tile, place cubes here if Adventure or Israel Hands is at a "
        "listed space.'"
    ),
    "black": (
        "Placing Cubes: 'If the tile has dark gray squares, place black cubes (from the pool).'"
    ),
    "gold": (
        "Placing Cubes: 'place gold cubes from the Purse box only ... Any pawns on gold "
        "squares beyond the cubes that Blackbeard can Pay from his Purse are wasted.'"
    ),
    "careen": (
        "Careen Sloop: 'may not receive cubes on the same turn that Adventure Sails (even to "
        "Escape from Battle)'"
    ),
    "show": (
        "Piracy Effects: 'When the final cube is placed on the tile, lay the block at the Map "
        "space that was used face up to show its symbol'"
    ),
    "take": (
        "Piracy Effects: 'randomly draw that many Loot markers, put them face up in the Taken "
        "Loot box, and add the number of gold cubes they show from spares to the Purse. For "
        "Seize Prize at Cape Hatteras, add one extra cube.'"
    ),
    "stow_booty": (
        "Piracy Effects: 'When filling a Stow Booty or Sell Cargo Pirate's Life tile, take "
        "cubes from spares (until none) equal to those shown on all markers in Taken Loot, "
        "plus two cubes if noted on the tile'"
    ),
    "seek_pardon": (
        "Seek Pardon: 'select any one other Act of Piracy or Pirate's Life tile and set it "
        "aside ... Set aside any cubes on that tile as spares. Then randomly redraw one tile "
        "from that stack ... in the previously occupied space'"
    ),
    "fete_tobias_knight": (
        "Fete Tobias Knight: 'select and add any 2 Defense tiles to Prepared Defenses without "
        "using any cubes or pawns'"
    ),
    "penalty": (
        "Piracy Effects: 'Three Pirate's Life tiles impose penalties until filled. Hire Doctor "
        "restricts Blackbeard's Sailing to three pawns per turn. Buy Rum reduces his pawns to "
        "four total. Crew to Ordinary reduces Adventure's Fire by one die.'"
    ),
    "victory": (
        "Victory: 'Blackbeard wins if at least one Piracy row ... has cubes in at least half "
        "of the total number of squares in tiles on that row'"
    ),
    "more_than_half": "Option: 'require Blackbeard to fill more than half of a Piracy row to win.'",
}


@dataclass(frozen=True)
class Mat:
    """Blackbeard's mat, behind his screen.

    ``cubes`` and ``pawns`` pair a tile id with the cubes on it and this turn's pawns on
    it; ``defenses`` pairs each Prepared Defense with the gold Paid on it. The two stacks
    hold the tiles not yet drawn; ``loot_pool`` the face-down Loot values.
    """

    turn: int = 1
    purse: int = 5
    spare_gold: int = 15
    spare_black: int = 15
    taken_loot: tuple[int, ...] = ()
    loot_pool: tuple[int, ...] = ()
    acts_of_piracy: tuple[str, ...] = ()
    pirates_life: tuple[str, ...] = ()
    acts_of_piracy_stack: tuple[str, ...] = ()
    pirates_life_stack: tuple[str, ...] = ()
    set_aside: tuple[str, ...] = ()
    cubes: tuple[tuple[str, int], ...] = ()
    pawns: tuple[tuple[str, int], ...] = ()
    defenses: tuple[tuple[str, int], ...] = ()
    pawns_used: int = 0

    def __post_init__(self) -> None:
        """Refuse a mat no play can make: wrong types, negative or absurd counts.

        Examples
        --------
        >>> Mat(purse=-3)
        Traceback (most recent call last):
          ...
        piratelib.errors.IllegalActionError: Mat: purse must be a whole number from 0 to ...
        """
        for name in _COUNT_FIELDS:
            value = getattr(self, name)
            if type(value) is not int or not 0 <= value <= _MOST:
                check_whole(f"Mat: {name}", value, 0, _MOST, error=IllegalActionError)
        if self.turn < 1:
            check_whole("Mat: turn", self.turn, 1, _MOST, error=IllegalActionError)
        for name in _LOOT_FIELDS:
            values = getattr(self, name)
            if type(values) is not tuple or not all(
                type(v) is int and 0 <= v <= _MOST for v in values
            ):
                raise IllegalActionError(
                    f"Mat: {name} must be a tuple of Loot values (whole numbers of 0 or more), "
                    f"got {values!r}"
                )
        for name in _TILE_FIELDS:
            ids = getattr(self, name)
            if type(ids) is not tuple or not all(type(t) is str for t in ids):
                raise IllegalActionError(f"Mat: {name} must be a tuple of tile ids, got {ids!r}")
        for name in _PAIR_FIELDS:
            pairs = getattr(self, name)
            if type(pairs) is not tuple or not all(
                type(p) is tuple
                and len(p) == 2
                and type(p[0]) is str
                and type(p[1]) is int
                and 0 <= p[1] <= _MOST
                for p in pairs
            ):
                raise IllegalActionError(
                    f"Mat: {name} must be a tuple of (tile id, whole number of 0 or more) "
                    f"pairs, got {pairs!r}"
                )
            if len({t for t, _ in pairs}) < len(pairs):
                raise IllegalActionError(f"Mat: {name} names a tile twice: {pairs!r}")

    def on(self, tile: str) -> int:
        """Cubes on `tile`."""
        return dict(self.cubes).get(tile, 0)

    def planned(self, tile: str) -> int:
        """This turn's pawns on `tile`."""
        return dict(self.pawns).get(tile, 0)

    def drawn(self) -> tuple[str, ...]:
        """Every Piracy tile face up on the mat, Acts of Piracy first."""
        return self.acts_of_piracy + self.pirates_life


def _changed(mat: Mat, **changes: object) -> Mat:
    """`mat` with `changes`, unchecked: for rules that make a legal mat from a legal one.

    Checking every mat a rule makes would slow the exact Piracy odds by a third, and a
    rule's own arguments are checked where it takes them.
    """
    new = object.__new__(Mat)
    new.__dict__.update(mat.__dict__, **changes)
    return new


def setup(rng: random.Random, tiles: Tiles | None = None) -> Mat:
    """Return the mat at Setup: 5 gold in the Purse, 1 random Loot in Taken Loot.

    Setup: "place 1 randomly drawn Loot marker face up in the Taken Loot box. Place
    exactly 5 gold cubes (regardless of the Loot) into the Purse box." FAQ: "Do you add
    Purse cubes for Setup Loot? A: No".

    Examples
    --------
    >>> mat = setup(random.Random(1))
    >>> mat.purse, len(mat.taken_loot), len(mat.loot_pool), len(mat.acts_of_piracy_stack)
    (5, 1, 11, 9)
    """
    check_type("rng", rng, random.Random)
    check_type("tiles", tiles, Tiles, optional=True)
    tiles = tiles or load_tiles()
    pool = list(tiles.loot)
    first = pool.pop(rng.randrange(len(pool)))
    purse = tiles.counts["purse_at_setup"]
    return Mat(
        purse=purse,
        spare_gold=tiles.counts["gold_cubes"] - purse,
        spare_black=tiles.counts["black_cubes"],
        taken_loot=(first,),
        loot_pool=tuple(sorted(pool)),
        acts_of_piracy_stack=tiles.row("acts_of_piracy"),
        pirates_life_stack=tiles.row("pirates_life"),
    )


def draw_tiles(mat: Mat, rng: random.Random) -> Mat:
    """Draw one tile at random from each stack onto its row.

    Draw Tiles: "randomly draw one tile from each of their draw piles - one Act of Piracy
    and one Pirate's Life for Blackbeard".

    Examples
    --------
    >>> mat = draw_tiles(setup(random.Random(1)), random.Random(2))
    >>> len(mat.acts_of_piracy), len(mat.pirates_life), len(mat.pirates_life_stack)
    (1, 1, 8)
    """
    check_type("mat", mat, Mat)
    check_type("rng", rng, random.Random)
    for row in ROWS:
        stack = getattr(mat, f"{row}_stack")
        if stack:
            tile = stack[rng.randrange(len(stack))]
            mat = _changed(
                mat,
                **{row: (*getattr(mat, row), tile), f"{row}_stack": without_one(stack, tile)},
            )
    return mat


def penalties(mat: Mat, tiles: Tiles | None = None) -> frozenset[str]:
    """Return the penalties in effect: drawn penalty tiles not yet filled.

    "Three Pirate's Life tiles impose penalties until filled. Hire Doctor restricts
    Blackbeard's Sailing to three pawns per turn. Buy Rum reduces his pawns to four total.
    Crew to Ordinary reduces Adventure's Fire by one die."

    Examples
    --------
    >>> penalties(Mat(pirates_life=("buy_rum",)))
    frozenset({'buy_rum'})
    """
    check_type("mat", mat, Mat)
    check_type("tiles", tiles, Tiles, optional=True)
    tiles = tiles or load_tiles()
    global _last_penalties
    last = _last_penalties  # read once: another thread may set it meanwhile
    if last[0] is mat and last[1] is tiles:
        return last[2]
    piracy = tiles.piracy
    # most drawn tiles impose nothing: count the cubes only on those that do
    imposing = [t for t in mat.drawn() if piracy[t]["penalty"]]
    found = frozenset(piracy[t]["penalty"] for t in imposing if mat.on(t) < tiles.squares(t))
    _last_penalties = (mat, tiles, found)
    return found


def pawns_allowed(mat: Mat, tiles: Tiles | None = None) -> int:
    """Return Blackbeard's pawns this turn: 5, or 4 while Buy Rum is unfilled.

    Examples
    --------
    >>> pawns_allowed(Mat()), pawns_allowed(Mat(pirates_life=("buy_rum",)))
    (5, 4)
    """
    check_type("mat", mat, Mat)
    check_type("tiles", tiles, Tiles, optional=True)
    tiles = tiles or load_tiles()
    key = "pawns_while_buy_rum" if "buy_rum" in penalties(mat, tiles) else "pawns"
    return tiles.counts[key]


def plan_piracy(mat: Mat, tile: str, pawns: int, tiles: Tiles | None = None) -> Mat:
    """Commit `pawns` to a face-up Piracy tile; return the new mat.

    Plan Piracy: "never more pawns on a tile than open squares"; Blackbeard has 5 pawns a
    turn, 4 while Buy Rum is unfilled.

    Raises
    ------
    IllegalActionError
        An unknown or undrawn tile, too many pawns for its open squares, or more pawns than
        Blackbeard has this turn.

    Examples
    --------
    >>> mat = plan_piracy(Mat(acts_of_piracy=("raid_delaware",)), "raid_delaware", 3)
    >>> mat.planned("raid_delaware"), mat.pawns_used
    (3, 3)
    >>> plan_piracy(mat, "raid_delaware", 2)
    Traceback (most recent call last):
      ...
    piratelib.errors.IllegalActionError: Raid Delaware has 1 open square, so it takes ... not 2: ...
    """
    check_type("mat", mat, Mat)
    check_type("tiles", tiles, Tiles, optional=True)
    tiles = tiles or load_tiles()
    _check_drawn(mat, tile, tiles)
    if isinstance(pawns, bool) or not isinstance(pawns, int) or pawns < 1:
        raise IllegalActionError(f"pawns must be a whole number of at least 1, got {pawns!r}")
    open_squares = tiles.squares(tile) - mat.on(tile) - mat.planned(tile)
    if pawns > open_squares:
        raise IllegalActionError(
            f"{tiles.piracy[tile]['name']} has {open_squares} open square"
            f"{'' if open_squares == 1 else 's'}, so it takes at most {open_squares} more "
            f"pawn{'' if open_squares == 1 else 's'}, not {pawns}: {RULES['plan']}"
        )
    _check_pawns(mat, pawns, tiles)
    return _changed(
        mat,
        pawns=put_count(mat.pawns, tile, mat.planned(tile) + pawns),
        pawns_used=mat.pawns_used + pawns,
    )


def prepare_defense(mat: Mat, defense: str, tiles: Tiles | None = None) -> Mat:
    """Prepare a Defense tile: one pawn, and its gold Paid from the Purse onto the tile.

    "Chain Shot and Grape cost 1 gold cube from Purse (and 1 pawn) each" and so on;
    "Prepare Bought Silence for no cubes (just 1 pawn)"; "Defenses, once Prepared, last all
    game".

    Raises
    ------
    IllegalActionError
        An unknown or already Prepared Defense, no pawn left, or too little gold.

    Examples
    --------
    >>> mat = prepare_defense(Mat(purse=5, spare_gold=15), "philip_morton")
    >>> mat.purse, mat.defenses, mat.pawns_used
    (3, (('philip_morton', 2),), 1)
    """
    check_type("mat", mat, Mat)
    check_type("tiles", tiles, Tiles, optional=True)
    tiles = tiles or load_tiles()
    if defense not in tiles.defenses:
        raise IllegalActionError(_unknown("Prepared Defense", defense, tiles.defenses))
    if defense in dict(mat.defenses):
        raise IllegalActionError(f"{defense} is already Prepared; 'Defenses ... last all game'")
    gold = tiles.defenses[defense]["gold"]
    _check_pawns(mat, 1, tiles)
    if gold > mat.purse:
        raise IllegalActionError(
            f"{tiles.defenses[defense]['name']} costs {gold} gold from the Purse, which holds "
            f"{mat.purse}: {RULES['defense']}"
        )
    return _changed(
        mat,
        purse=mat.purse - gold,
        defenses=put_count(mat.defenses, defense, gold, keep_zero=True),
        pawns_used=mat.pawns_used + 1,
    )


def end_turn(mat: Mat) -> Mat:
    """Clear this turn's pawns and go to the next turn.

    End Turn: "Players clear all pawns from their mats and the Map to make them available
    for use again next turn."

    Examples
    --------
    >>> end_turn(Mat(turn=2, pawns=(("buy_rum", 2),), pawns_used=2))
    Mat(turn=3, ...)
    """
    check_type("mat", mat, Mat)
    return _changed(mat, turn=mat.turn + 1, pawns=(), pawns_used=0)


def row_cubes(mat: Mat, row: str, tiles: Tiles | None = None) -> tuple[int, int]:
    """Return (cubes, squares) on one Piracy row, black and gold alike.

    Examples
    --------
    >>> row_cubes(
    ...     Mat(pirates_life=("banyan_for_vane",), cubes=(("banyan_for_vane", 2),)), "pirates_life"
    ... )
    (2, 3)
    """
    check_type("mat", mat, Mat)
    check_type("tiles", tiles, Tiles, optional=True)
    tiles = tiles or load_tiles()
    if row not in ROWS:
        raise IllegalActionError(f"unknown Piracy row {row!r}: the rows are {', '.join(ROWS)}")
    row_tiles = getattr(mat, row)
    return sum(mat.on(t) for t in row_tiles), sum(tiles.squares(t) for t in row_tiles)


def piracy_victory(mat: Mat, tiles: Tiles | None = None, *, more_than_half: bool = False) -> bool:
    """Whether Blackbeard wins by Piracy at the end of Turn 4.

    Victory: "at least one Piracy row ... has cubes in at least half of the total number
    of squares in tiles on that row". Option: "fill more than half".

    Examples
    --------
    The rulebook's "Example: Win by Piracy": 4 of 12 on the Acts of Piracy row, 5 of 10 on
    the Pirate's Life row.

    >>> mat = Mat(
    ...     acts_of_piracy=(
    ...         "raid_delaware",
    ...         "raid_charles_town",
    ...         "seize_prize_gun_inlet",
    ...         "seize_prize_roanoke_inlet",
    ...     ),
    ...     pirates_life=("buy_rum", "hire_doctor", "banyan_for_vane", "fete_tobias_knight"),
    ...     cubes=(("raid_delaware", 4), ("buy_rum", 2), ("hire_doctor", 3)),
    ... )
    >>> row_cubes(mat, "acts_of_piracy"), row_cubes(mat, "pirates_life")
    ((4, 12), (5, 10))
    >>> piracy_victory(mat), piracy_victory(mat, more_than_half=True)
    (True, False)
    """
    check_type("mat", mat, Mat)
    check_type("tiles", tiles, Tiles, optional=True)
    tiles = tiles or load_tiles()
    for row in ROWS:
        cubes, squares = row_cubes(mat, row, tiles)
        if squares and (2 * cubes > squares if more_than_half else 2 * cubes >= squares):
            return True
    return False


def put_count(
    pairs: tuple[tuple[str, int], ...], key: str, value: int, *, keep_zero: bool = False
) -> tuple[tuple[str, int], ...]:
    """Return `pairs` (a Mat's ``cubes``, ``pawns`` or ``defenses``) with `key` set to `value`.

    Zeros are dropped unless `keep_zero` (a Defense Prepared free keeps its 0).

    Examples
    --------
    >>> put_count((("buy_rum", 1),), "buy_rum", 0), put_count((), "grape", 0, keep_zero=True)
    ((), (('grape', 0),))
    """
    check_type("pairs", pairs, tuple)
    for pair in pairs:
        if not (isinstance(pair, tuple) and len(pair) == 2 and isinstance(pair[0], str)):
            raise IllegalActionError(f"pairs must be (id, count) pairs, got {pair!r:.60}")
        check_whole(f"the count of {pair[0]}", pair[1], 0, _MOST, error=IllegalActionError)
    check_type("key", key, str)
    check_whole(f"the count of {key}", value, 0, _MOST, error=IllegalActionError)
    items = {**dict(pairs), key: value}
    return tuple((k, v) for k, v in items.items() if v or keep_zero)


def without_one(values: tuple[_T, ...], item: object) -> tuple[_T, ...]:
    """Return `values` (a stack of tiles, a Loot pool) with one `item` removed.

    Examples
    --------
    >>> without_one((1, 2, 2, 3), 2)
    (1, 2, 3)
    """
    if not isinstance(values, tuple) or item not in values:
        raise IllegalActionError(f"{item!r} is not among {values!r:.120}")
    i = values.index(item)
    return values[:i] + values[i + 1 :]


def _check_drawn(mat: Mat, tile: str, tiles: Tiles) -> None:
    """Raise unless `tile` is a Piracy tile face up on the mat."""
    if tile not in tiles.piracy:
        raise IllegalActionError(_unknown("Piracy tile", tile, tiles.piracy))
    if tile not in mat.drawn():
        raise IllegalActionError(
            f"{tiles.piracy[tile]['name']} is not face up on the mat; drawn: "
            f"{', '.join(mat.drawn()) or 'none yet'}"
        )


def _check_pawns(mat: Mat, pawns: int, tiles: Tiles) -> None:
    """Raise if Blackbeard has fewer pawns left this turn than `pawns`."""
    allowed = pawns_allowed(mat, tiles)
    if mat.pawns_used + pawns > allowed:
        why = " (Buy Rum is unfilled)" if allowed < tiles.counts["pawns"] else ""
        raise IllegalActionError(
            f"Blackbeard has {allowed} pawns this turn{why} and has used {mat.pawns_used}; "
            f"{pawns} more is too many: {RULES['pawns']}"
        )


def _unknown(what: str, name: object, known: Iterable[str]) -> str:
    """A message for an unknown id, suggesting the closest."""
    known = list(known)
    return f"unknown {what} {name!r}: {did_you_mean(name, known)}known: {', '.join(known)}"


# A game asks the penalties of one mat several times for one action (the pawns left, Hire
# Doctor's cap, the Plan or Sail that follows): remember the last answer, by identity (a
# Mat and its Tiles are frozen, so the answer never changes). Replaced in one assignment.
_last_penalties: tuple[Mat | None, Tiles | None, frozenset[str]] = (None, None, frozenset())
