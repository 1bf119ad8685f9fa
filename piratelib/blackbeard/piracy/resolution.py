"""Resolve Piracy in Hunt for Blackbeard: cubes onto the planned tiles, and what filling does.

Given Blackbeard's :class:`~piratelib.blackbeard.piracy.mat.Mat` and where the pirates are
(:class:`Position`), :func:`resolve_piracy` places cubes on each tile with pawns where a
piece may act for it (:func:`acting_space`), then applies what filling a tile sets off:
Show, Take Loot, Stow Booty and Sell Cargo, Seek Pardon, Fete Tobias Knight, the end of a
penalty. It returns its steps, each with the rule it applied and the mat after it. Cubes
are conserved: gold in the Purse, on tiles, Paid on Defenses and in spares always adds up
to the game's 20; black on tiles and in spares to its 15.

Examples
--------
The rulebook's "Example: Resolve Piracy": three pawns on Banyan for Vane, Adventure at
the Anchorage of Nots Island; the tile fills with gold from the Purse, Shows, and Takes 1
Loot.

>>> import random
>>> from piratelib.blackbeard.piracy.mat import Mat, plan_piracy
>>> mat = Mat(purse=5, spare_gold=15, pirates_life=("banyan_for_vane",), loot_pool=(1,))
>>> mat = plan_piracy(mat, "banyan_for_vane", 3)
>>> steps = resolve_piracy(mat, Position(adventure="nots_island"), random.Random(1))
>>> steps[-1].state.purse, steps[-1].state.taken_loot
(3, (1,))
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass

import networkx as nx

from piratelib.blackbeard.board import check_space, load_map
from piratelib.blackbeard.piracy.mat import RULES, Mat, _changed, put_count, without_one
from piratelib.blackbeard.piracy.tiles import Tiles, load_tiles
from piratelib.blackbeard.readonly import check_type
from piratelib.errors import IllegalActionError, check_id
from piratelib.steps import Step

__all__ = ["Position", "acting_space", "resolve_piracy"]


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

    def __post_init__(self) -> None:
        """Refuse a space that is not on the Map, or a `sailed` that is not True or False.

        Examples
        --------
        >>> Position(adventure="bath_twn")
        Traceback (most recent call last):
          ...
        piratelib.errors.IllegalActionError: Position adventure: unknown space 'bath_twn': ...
        """
        G = load_map()
        for name in ("adventure", "camp", "blackbeard", "israel_hands"):
            space = getattr(self, name)
            if space is not None and not (isinstance(space, str) and space in G):
                try:
                    check_space(G, space)
                except IllegalActionError as error:
                    raise IllegalActionError(f"Position {name}: {error}") from None
        if not isinstance(self.sailed, bool):
            raise IllegalActionError(f"Position sailed must be True or False, got {self.sailed!r}")


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
    tiles if the Longboat Defense is Prepared; Israel Hands on Israel-Hands-icon tiles if
    that Defense is Prepared: :func:`acting_space`). Black
    cubes come from the pool, gold only from the Purse; pawns that cannot be Paid for are
    wasted. Careen Sloop takes nothing on a turn Adventure Sailed. A filled tile Shows,
    Takes Loot, and applies its effect. A resolved tile's pawns leave it (they stay in
    ``pawns_used`` until End Turn): "Add cubes to unoccupied squares on Piracy tiles that
    have pawns on them, one cube per pawn there", so cubes stand where the pawns stood,
    and wasted pawns are spent.

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
    >>> from piratelib.blackbeard.piracy.mat import plan_piracy
    >>> mat = plan_piracy(Mat(acts_of_piracy=("raid_delaware",)), "raid_delaware", 3)
    >>> steps = resolve_piracy(mat, Position(adventure="roanoke_inlet"), random.Random(1))
    >>> steps[1].text
    'Raid Delaware: no piece at Currituck Inlet, so its 3 pawns are wasted.'
    >>> there = resolve_piracy(mat, Position(adventure="currituck_inlet"), random.Random(1))
    >>> there[-1].state.on("raid_delaware"), there[-1].state.planned("raid_delaware")
    (3, 0)
    """
    check_type("mat", mat, Mat)
    check_type("position", position, Position)
    check_type("rng", rng, random.Random)
    check_type("tiles", tiles, Tiles, optional=True)
    tiles = load_tiles() if tiles is None else tiles
    G = load_map()
    _check_types(mat, position, tiles)
    for tile in {*mat.drawn(), *(t for t, _ in mat.pawns + mat.cubes)}:
        check_id("Piracy tile", tile, tiles.piracy)
    steps = [Step("start", _summary(mat, position, G, tiles), RULES["location"], mat)]
    for tile in mat.drawn():
        pawns = mat.planned(tile)
        if not pawns:
            continue
        info = tiles.piracy[tile]
        where = acting_space(tiles, tile, position, mat)
        mat = _changed(mat, pawns=put_count(mat.pawns, tile, 0))  # they become cubes, or waste
        if where is None:
            listed = ", ".join(_place_name(G, w) for w in info["where"])
            idle = _unprepared(tiles, tile, position, mat, G)
            text = f"{info['name']}: no piece {'may act ' if idle else ''}at {listed}{idle}, "
            rule = RULES["icons"] if idle else RULES["location"]
            steps.append(Step(tile, f"{text}so {_pawns(pawns)} wasted.", rule, mat))
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


def acting_space(tiles: Tiles, tile: str, position: Position, mat: Mat) -> str | None:
    """Return the listed space where a pirate piece may act for `tile`, if any.

    Adventure always may. Piracy Locations: "Four Pirate's Life tiles show black
    Blackbeard icons in each square. Place cubes here if either Adventure or Blackbeard
    alone - placed via the advanced Longboat Prepared Defense tile - is at a listed space.
    Three Piracy tiles show gold Israel Hands icons. If Blackbeard has Prepared the
    advanced Israel Hands Defense tile, place cubes here if Adventure or Israel Hands is at
    a listed space." So Blackbeard alone counts only with Longboat Prepared, and Israel
    Hands only with the Israel Hands Defense.

    Examples
    --------
    >>> tiles = load_tiles()
    >>> alone = Position(blackbeard="bath_town")
    >>> acting_space(tiles, "visit_with_wife", alone, Mat()) is None
    True
    >>> acting_space(tiles, "visit_with_wife", alone, Mat(defenses=(("longboat", 1),)))
    'bath_town'
    """
    check_type("tiles", tiles, Tiles)
    check_type("position", position, Position)
    check_type("mat", mat, Mat)
    _check_types(mat, position, tiles)
    check_id("Piracy tile", tile, tiles.piracy)
    listed = tiles.spaces(tile, camp=position.camp)
    pieces = [position.adventure]
    pieces += [space for _, space, prepared in _icon_pieces(tiles, tile, position, mat) if prepared]
    return next((space for space in pieces if space in listed), None)


def _check_types(mat: object, position: object, tiles: object) -> None:
    """Raise unless the arguments are a Mat, a Position and Tiles."""
    for name, value, kind in (("mat", mat, Mat), ("position", position, Position)):
        if not isinstance(value, kind):
            raise IllegalActionError(f"{name} must be a {kind.__name__}, got {value!r}")
    if not isinstance(tiles, Tiles):
        raise IllegalActionError(f"tiles must be Tiles (load_tiles()), got {tiles!r}")


def _place_cubes(mat: Mat, tile: str, pawns: int, tiles: Tiles) -> tuple[Mat, str, str]:
    """One cube per pawn, up to the open squares: black from the pool, gold from the Purse."""
    info = tiles.piracy[tile]
    room = tiles.squares(tile) - mat.on(tile)
    wanted = min(pawns, room)
    if info["cubes"] == "gold":
        placed = min(wanted, mat.purse)
        mat = _changed(
            mat, purse=mat.purse - placed, cubes=put_count(mat.cubes, tile, mat.on(tile) + placed)
        )
        source, rule = "gold from the Purse", RULES["gold"]
    else:
        placed = min(wanted, mat.spare_black)
        mat = _changed(
            mat,
            spare_black=mat.spare_black - placed,
            cubes=put_count(mat.cubes, tile, mat.on(tile) + placed),
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
    G: nx.Graph[str],
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
        mat = _changed(
            mat,
            loot_pool=without_one(mat.loot_pool, value),
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
        mat = _changed(mat, purse=mat.purse + gold, spare_gold=mat.spare_gold - gold)
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
    mat = _changed(
        mat,
        **{
            row: row_tiles,
            f"{row}_stack": without_one(stack, new) if new else stack,
            spare: getattr(mat, spare) + cubes,
        },
        set_aside=(*mat.set_aside, pardon),
        cubes=put_count(mat.cubes, pardon, 0),
        pawns=put_count(mat.pawns, pardon, 0),
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
        defenses = put_count(defenses, defense, 0, keep_zero=True)
    return _changed(
        mat, defenses=defenses
    ), f"Fete Tobias Knight: Prepare {' and '.join(chosen)} free."


_ICON_PIECES = {
    "blackbeard": ("blackbeard", "longboat", "Blackbeard alone", "Longboat"),
    "israel_hands": ("israel_hands", "israel_hands", "Israel Hands", "Israel Hands"),
}
"""Icon -> (Position field, the Defense that places the piece, piece name, tile name)."""


def _icon_pieces(
    tiles: Tiles, tile: str, position: Position, mat: Mat
) -> list[tuple[str, str, bool]]:
    """The piece `tile`'s icons let act for it, if on the Map: (icon, space, Defense Prepared)."""
    icon = tiles.piracy[tile]["icons"]
    if icon not in _ICON_PIECES:
        return []
    field, defense, _, _ = _ICON_PIECES[icon]
    space = getattr(position, field)
    return [] if space is None else [(icon, space, defense in dict(mat.defenses))]


def _unprepared(tiles: Tiles, tile: str, position: Position, mat: Mat, G: nx.Graph[str]) -> str:
    """Words for an icon piece at a listed space that may not act: its Defense is not Prepared."""
    listed = tiles.spaces(tile, camp=position.camp)
    for icon, space, prepared in _icon_pieces(tiles, tile, position, mat):
        if space in listed and not prepared:
            _, _, piece, defense = _ICON_PIECES[icon]
            return (
                f" ({piece} is at {G.nodes[space]['name']}, but acts for this tile only "
                f"with the {defense} Defense Prepared, and it is not)"
            )
    return ""


def _place_name(G: nx.Graph[str], where: str) -> str:
    """A tile location in words."""
    words = {"any_anchorage": "Any Anchorage", "any_town": "Any Town", "camp": "Camp"}
    return words.get(where) or G.nodes[where]["name"]


def _pawns(n: int) -> str:
    """'its 1 pawn is' / 'its 3 pawns are'."""
    return f"its {n} pawn is" if n == 1 else f"its {n} pawns are"


def _summary(mat: Mat, position: Position, G: nx.Graph[str], tiles: Tiles) -> str:
    """The first step: where the pieces are and what is planned."""
    planned = ", ".join(f"{tiles.piracy[t]['name']} {n}" for t, n in mat.pawns if n) or "no pawns"
    where = G.nodes[position.adventure]["name"] if position.adventure else "nowhere on the Map"
    at = f"Adventure at {where}"
    sailed = ", after Sailing" if position.sailed else ""
    return (
        f"Resolve Piracy on turn {mat.turn}: {at}{sailed}; Purse {mat.purse}; planned: {planned}."
    )
