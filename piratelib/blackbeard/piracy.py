"""Blackbeard's mat and Piracy in Hunt for Blackbeard: plan, prepare, resolve, score.

The mat is an immutable :class:`Mat`: the Purse, Taken Loot, the spare cubes and Loot,
the Piracy tiles drawn into the two rows (Acts of Piracy and Pirate's Life), the cubes
and this turn's pawns on them, and the Prepared Defenses with the gold Paid on them.
Every rule is a pure function returning a new Mat; a refused action raises
:class:`~piratelib.errors.IllegalActionError` and changes nothing.
:func:`resolve_piracy` returns its steps, each with the rule it applied and the mat
after it. Every function takes the tile set (:func:`piratelib.blackbeard.tiles.load_tiles`)
so a user can try other Loot values or square counts.

Cubes are conserved: gold in the Purse, on tiles, Paid on Defenses and in spares always
adds up to the game's 20; black on tiles and in spares to its 15.

Examples
--------
The rulebook's "Example: Resolve Piracy": three pawns on Banyan for Vane, Adventure at
the Anchorage of Nots Island; the tile fills with gold from the Purse, Shows, and Takes 1
Loot.

>>> import random
>>> mat = Mat(purse=5, spare_gold=15, pirates_life=("banyan_for_vane",), loot_pool=(1,))
>>> mat = plan_piracy(mat, "banyan_for_vane", 3)
>>> steps = resolve_piracy(mat, Position(adventure="nots_island"), random.Random(1))
>>> steps[-1].state.purse, steps[-1].state.taken_loot
(3, (1,))
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, replace

from piratelib.blackbeard.board import check_space, load_map
from piratelib.blackbeard.tiles import Tiles, load_tiles
from piratelib.errors import IllegalActionError, did_you_mean
from piratelib.steps import Step

__all__ = [
    "ROWS",
    "Mat",
    "Position",
    "acting_space",
    "draw_tiles",
    "end_turn",
    "pawns_allowed",
    "penalties",
    "piracy_victory",
    "plan_piracy",
    "prepare_defense",
    "resolve_piracy",
    "row_cubes",
    "setup",
]

ROWS = ("acts_of_piracy", "pirates_life")

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
        "Piracy Locations: 'Four Pirate's Life tiles show black Blackbeard icons ... Place "
        "cubes here if either Adventure or Blackbeard alone ... is at a listed space. Three "
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

    def on(self, tile: str) -> int:
        """Cubes on `tile`."""
        return dict(self.cubes).get(tile, 0)

    def planned(self, tile: str) -> int:
        """This turn's pawns on `tile`."""
        return dict(self.pawns).get(tile, 0)

    def drawn(self) -> tuple[str, ...]:
        """Every Piracy tile face up on the mat, Acts of Piracy first."""
        return self.acts_of_piracy + self.pirates_life


@dataclass(frozen=True)
class Position:
    """Where the pirates are when Piracy resolves, and whether Adventure Sailed this turn.

    ``sailed`` counts an Escape too: Careen Sloop "may not receive cubes on the same turn
    that Adventure Sails (even to Escape from Battle)".
    """

    adventure: str | None = None
    camp: str | None = None
    blackbeard: str | None = None
    israel_hands: str | None = None
    sailed: bool = False


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
    for row in ROWS:
        stack = getattr(mat, f"{row}_stack")
        if stack:
            tile = stack[rng.randrange(len(stack))]
            mat = replace(
                mat,
                **{row: (*getattr(mat, row), tile), f"{row}_stack": _without(stack, tile)},
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
    tiles = tiles or load_tiles()
    return frozenset(
        tiles.piracy[t]["penalty"]
        for t in mat.drawn()
        if tiles.piracy[t]["penalty"] and mat.on(t) < tiles.squares(t)
    )


def pawns_allowed(mat: Mat, tiles: Tiles | None = None) -> int:
    """Return Blackbeard's pawns this turn: 5, or 4 while Buy Rum is unfilled.

    Examples
    --------
    >>> pawns_allowed(Mat()), pawns_allowed(Mat(pirates_life=("buy_rum",)))
    (5, 4)
    """
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
    return replace(
        mat,
        pawns=_put(mat.pawns, tile, mat.planned(tile) + pawns),
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
    return replace(
        mat,
        purse=mat.purse - gold,
        defenses=_put(mat.defenses, defense, gold, keep_zero=True),
        pawns_used=mat.pawns_used + 1,
    )


def resolve_piracy(
    mat: Mat,
    position: Position,
    rng: random.Random,
    tiles: Tiles | None = None,
    *,
    pardon: str | None = None,
    fete: Iterable[str] = (),
) -> tuple[Step, ...]:
    """Place cubes on the tiles with pawns, apply what filling them does; return the steps.

    Each tile with pawns, Acts of Piracy first, receives one cube per pawn if a piece that
    may act for it is at a listed space (Adventure; Blackbeard alone on Blackbeard-icon
    tiles; Israel Hands on Israel-Hands-icon tiles if that Defense is Prepared). Black
    cubes come from the pool, gold only from the Purse; pawns that cannot be Paid for are
    wasted. Careen Sloop takes nothing on a turn Adventure Sailed. A filled tile Shows,
    Takes Loot, and applies its effect.

    Parameters
    ----------
    pardon : str, optional
        The tile Seek Pardon sets aside, if Seek Pardon fills (required then).
    fete : iterable of str
        The 2 Defenses Fete Tobias Knight adds, if it fills (required then).

    Raises
    ------
    IllegalActionError
        An unknown space in `position`, or a missing or illegal `pardon` / `fete` choice.

    Examples
    --------
    >>> mat = plan_piracy(Mat(acts_of_piracy=("raid_delaware",)), "raid_delaware", 3)
    >>> steps = resolve_piracy(mat, Position(adventure="roanoke_inlet"), random.Random(1))
    >>> steps[1].text
    'Raid Delaware: no piece at Currituck Inlet, so its 3 pawns are wasted.'
    """
    tiles = tiles or load_tiles()
    G = load_map()
    for space in (position.adventure, position.camp, position.blackbeard, position.israel_hands):
        if space is not None:
            check_space(G, space)
    steps = [Step("start", _summary(mat, position, G, tiles), RULES["location"], mat)]
    for tile in mat.drawn():
        pawns = mat.planned(tile)
        if not pawns:
            continue
        info = tiles.piracy[tile]
        where = acting_space(tiles, tile, position, mat)
        if where is None:
            listed = ", ".join(_place_name(G, w) for w in info["where"])
            text = f"{info['name']}: no piece at {listed}, so {_pawns(pawns)} wasted."
            steps.append(Step(tile, text, RULES["location"], mat))
            continue
        if info["not_if_sailed"] and position.sailed and mat.on(tile) < tiles.squares(tile):
            text = f"{info['name']}: Adventure Sailed this turn, so {_pawns(pawns)} wasted."
            steps.append(Step(tile, text, RULES["careen"], mat))
            continue
        mat, text, rule = _place_cubes(mat, tile, pawns, tiles)
        steps.append(Step(tile, f"{info['name']} at {G.nodes[where]['name']}: {text}", rule, mat))
        if mat.on(tile) == tiles.squares(tile):
            for effect_step in _fill_effects(mat, tile, where, rng, tiles, G, pardon, fete):
                mat = effect_step.state
                steps.append(effect_step)
    return tuple(steps)


def end_turn(mat: Mat) -> Mat:
    """Clear this turn's pawns and go to the next turn.

    End Turn: "Players clear all pawns from their mats and the Map to make them available
    for use again next turn."

    Examples
    --------
    >>> end_turn(Mat(turn=2, pawns=(("buy_rum", 2),), pawns_used=2))
    Mat(turn=3, ...)
    """
    return replace(mat, turn=mat.turn + 1, pawns=(), pawns_used=0)


def row_cubes(mat: Mat, row: str, tiles: Tiles | None = None) -> tuple[int, int]:
    """Return (cubes, squares) on one Piracy row, black and gold alike.

    Examples
    --------
    >>> row_cubes(
    ...     Mat(pirates_life=("banyan_for_vane",), cubes=(("banyan_for_vane", 2),)), "pirates_life"
    ... )
    (2, 3)
    """
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
    tiles = tiles or load_tiles()
    for row in ROWS:
        cubes, squares = row_cubes(mat, row, tiles)
        if squares and (2 * cubes > squares if more_than_half else 2 * cubes >= squares):
            return True
    return False


def acting_space(tiles: Tiles, tile: str, position: Position, mat: Mat) -> str | None:
    """Return the listed space where a pirate piece may act for `tile`, if any.

    Adventure always may; Blackbeard alone on Blackbeard-icon tiles; Israel Hands on
    Israel-Hands-icon tiles once that Defense is Prepared (Piracy Locations).

    Examples
    --------
    >>> acting_space(load_tiles(), "visit_with_wife", Position(blackbeard="bath_town"), Mat())
    'bath_town'
    """
    info = tiles.piracy[tile]
    pieces = [position.adventure]
    if info["icons"] == "blackbeard":
        pieces.append(position.blackbeard)
    if info["icons"] == "israel_hands" and "israel_hands" in dict(mat.defenses):
        pieces.append(position.israel_hands)
    listed = tiles.spaces(tile, camp=position.camp)
    return next((space for space in pieces if space in listed), None)


def _place_cubes(mat: Mat, tile: str, pawns: int, tiles: Tiles) -> tuple[Mat, str, str]:
    """One cube per pawn, up to the open squares: black from the pool, gold from the Purse."""
    info = tiles.piracy[tile]
    room = tiles.squares(tile) - mat.on(tile)
    wanted = min(pawns, room)
    if info["cubes"] == "gold":
        placed = min(wanted, mat.purse)
        mat = replace(
            mat, purse=mat.purse - placed, cubes=_put(mat.cubes, tile, mat.on(tile) + placed)
        )
        source, rule = "gold from the Purse", RULES["gold"]
    else:
        placed = min(wanted, mat.spare_black)
        mat = replace(
            mat,
            spare_black=mat.spare_black - placed,
            cubes=_put(mat.cubes, tile, mat.on(tile) + placed),
        )
        source, rule = "black from the pool", RULES["black"]
    text = f"{placed} {source} ({mat.on(tile)} of {tiles.squares(tile)} squares)"
    wasted = pawns - placed
    if wasted:
        why = "the Purse ran dry" if info["cubes"] == "gold" and placed < wanted else "no room"
        why = "the pool ran out" if info["cubes"] == "black" and placed < wanted else why
        text += f"; {wasted} pawn{'' if wasted == 1 else 's'} wasted ({why})"
    return mat, text + ".", rule


def _fill_effects(
    mat: Mat,
    tile: str,
    where: str,
    rng: random.Random,
    tiles: Tiles,
    G,
    pardon: str | None,
    fete: Iterable[str],
) -> list[Step]:
    """The steps that filling `tile` sets off: Show, Take Loot, its effect, its penalty ends."""
    info = tiles.piracy[tile]
    steps = []
    if info["show"]:
        text = f"{info['name']} is full: Show the block at {G.nodes[where]['name']}."
        steps.append(Step(tile, text, RULES["show"], mat))
    for i in range(info["take_loot"]):
        if not mat.loot_pool:
            steps.append(Step(tile, "No Loot markers are left to Take.", RULES["take"], mat))
            break
        value = mat.loot_pool[rng.randrange(len(mat.loot_pool))]
        gold = min(value + (info["extra_gold"] if i == 0 else 0), mat.spare_gold)
        mat = replace(
            mat,
            loot_pool=_without(mat.loot_pool, value),
            taken_loot=(*mat.taken_loot, value),
            purse=mat.purse + gold,
            spare_gold=mat.spare_gold - gold,
        )
        text = f"Take Loot: a marker worth {value}; {gold} gold from spares to the Purse."
        steps.append(Step(tile, text, RULES["take"], mat))
    effect = info["effect"]
    if effect in ("stow_booty", "sell_cargo"):
        owed = sum(mat.taken_loot) + (2 if effect == "sell_cargo" else 0)
        gold = min(owed, mat.spare_gold)
        mat = replace(mat, purse=mat.purse + gold, spare_gold=mat.spare_gold - gold)
        text = f"{info['name']}: Taken Loot shows {sum(mat.taken_loot)}; {gold} gold to the Purse."
        steps.append(Step(tile, text, RULES["stow_booty"], mat))
    elif effect == "seek_pardon":
        mat, text = _seek_pardon(mat, tile, pardon, rng, tiles)
        steps.append(Step(tile, text, RULES["seek_pardon"], mat))
    elif effect == "fete_tobias_knight":
        mat, text = _fete(mat, fete, tiles)
        steps.append(Step(tile, text, RULES["fete_tobias_knight"], mat))
    if info["penalty"]:
        text = f"{info['name']} is full: its penalty ends."
        steps.append(Step(tile, text, RULES["penalty"], mat))
    return steps


def _seek_pardon(
    mat: Mat, tile: str, pardon: str | None, rng: random.Random, tiles: Tiles
) -> tuple[Mat, str]:
    """Set aside another face-up tile, its cubes to spares, and redraw into its place."""
    others = [t for t in mat.drawn() if t != tile]
    if pardon not in others:
        raise IllegalActionError(
            f"Seek Pardon filled: name another face-up tile to set aside (pardon=...); "
            f"face up: {', '.join(others) or 'none'}"
        )
    row = tiles.piracy[pardon]["row"]
    cubes = mat.on(pardon)
    spare = {"gold": "spare_gold", "black": "spare_black"}[tiles.piracy[pardon]["cubes"]]
    stack = getattr(mat, f"{row}_stack")
    new = stack[rng.randrange(len(stack))] if stack else None
    row_tiles = tuple(new if t == pardon else t for t in getattr(mat, row) if new or t != pardon)
    mat = replace(
        mat,
        **{
            row: row_tiles,
            f"{row}_stack": _without(stack, new) if new else stack,
            spare: getattr(mat, spare) + cubes,
        },
        set_aside=(*mat.set_aside, pardon),
        cubes=_put(mat.cubes, pardon, 0),
        pawns=_put(mat.pawns, pardon, 0),
    )
    drawn = (
        f"; redraw {tiles.piracy[new]['name']} into its place" if new else "; its stack is empty"
    )
    return (
        mat,
        f"Seek Pardon: set aside {tiles.piracy[pardon]['name']} ({cubes} cubes to spares){drawn}.",
    )


def _fete(mat: Mat, fete: Iterable[str], tiles: Tiles) -> tuple[Mat, str]:
    """Add 2 Defenses free: no cubes, no pawns."""
    chosen = tuple(fete)
    free = [d for d in tiles.defenses if d not in dict(mat.defenses)]
    if (
        len(chosen) != min(2, len(free))
        or len(set(chosen)) != len(chosen)
        or not set(chosen) <= set(free)
    ):
        raise IllegalActionError(
            f"Fete Tobias Knight filled: choose 2 Defenses not yet Prepared (fete=...), got "
            f"{list(chosen)}; available: {', '.join(free)}"
        )
    defenses = mat.defenses
    for defense in chosen:
        defenses = _put(defenses, defense, 0, keep_zero=True)
    return replace(
        mat, defenses=defenses
    ), f"Fete Tobias Knight: Prepare {' and '.join(chosen)} free."


def _place_name(G, where: str) -> str:
    """A tile location in words."""
    words = {"any_anchorage": "Any Anchorage", "any_town": "Any Town", "camp": "Camp"}
    return words.get(where) or G.nodes[where]["name"]


def _pawns(n: int) -> str:
    """'its 1 pawn is' / 'its 3 pawns are'."""
    return f"its {n} pawn is" if n == 1 else f"its {n} pawns are"


def _summary(mat: Mat, position: Position, G, tiles: Tiles) -> str:
    """The first step: where the pieces are and what is planned."""
    planned = ", ".join(f"{tiles.piracy[t]['name']} {n}" for t, n in mat.pawns if n) or "no pawns"
    where = G.nodes[position.adventure]["name"] if position.adventure else "nowhere on the Map"
    at = f"Adventure at {where}"
    sailed = ", after Sailing" if position.sailed else ""
    return (
        f"Resolve Piracy on turn {mat.turn}: {at}{sailed}; Purse {mat.purse}; planned: {planned}."
    )


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


def _put(
    pairs: tuple[tuple[str, int], ...], key: str, value: int, *, keep_zero: bool = False
) -> tuple[tuple[str, int], ...]:
    """`pairs` with `key` set to `value`; zeros dropped unless `keep_zero`."""
    items = {**dict(pairs), key: value}
    return tuple((k, v) for k, v in items.items() if v or keep_zero)


def _without(values: tuple, item: object) -> tuple:
    """`values` with one `item` removed."""
    i = values.index(item)
    return values[:i] + values[i + 1 :]
