"""Blackbeard's tiles of Hunt for Blackbeard: 18 Piracy tiles, 9 Prepared Defenses, 12 Loot.

"Blackbeard wins by filling half of his ambitions for either Acts of Piracy or Pirate's
Life". Each Piracy tile lists where Adventure must be, the colour of its squares ("dark
gray squares, place black cubes"; "gold squares ... from the Purse box only"), how many
squares it has, and what happens when it is filled (Show, Take Loot, an effect) or until
it is (a penalty). The tiles are data (``blackbeard_tiles.toml``); :func:`load_tiles`
checks them. The rulebook does not print the Loot values nor every tile's squares, so
some values are assumed: :func:`assumed_facts` lists them, and :func:`with_loot` and
:func:`with_squares` try other values.

Examples
--------
>>> TILES = load_tiles()
>>> TILES.row("acts_of_piracy")[:2]
('seize_prize_ocracoke_inlet', 'seize_prize_gun_inlet')
>>> TILES.squares("raid_delaware"), TILES.piracy["raid_delaware"]["take_loot"]
(4, 2)
>>> TILES.defenses["philip_morton"]["gold"]
2
>>> TILES.loot
(1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 4)
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any

from piratelib import data
from piratelib.blackbeard.board import load_map, of_kind
from piratelib.blackbeard.readonly import TEXT, check_fields, check_record, check_type
from piratelib.errors import DataError, IllegalActionError, did_you_mean

__all__ = [
    "CUBES",
    "EFFECTS",
    "ICONS",
    "MOST_SQUARES",
    "PENALTIES",
    "PLACES",
    "ROWS",
    "Tiles",
    "assumed_facts",
    "load_tiles",
    "with_loot",
    "with_squares",
]

ROWS = ("acts_of_piracy", "pirates_life")
"""The two Piracy rows on Blackbeard's mat (gray Acts of Piracy above, white Pirate's Life)."""
MOST_SQUARES = 20
"""The most squares a Piracy tile may have in a variant: 5 pawns a turn for 4 turns."""
CUBES = ("black", "gold")
"""Square colours: black cubes from the pool, or gold cubes Paid from the Purse."""
PLACES = ("any_anchorage", "any_town", "camp")
"""Words a tile's ``where`` may use besides Map space ids."""
ICONS = ("", "blackbeard", "israel_hands")
"""Icons in a tile's squares: Blackbeard alone (Longboat) or Israel Hands may fill it too."""
EFFECTS = ("", "stow_booty", "sell_cargo", "seek_pardon", "fete_tobias_knight")
"""Effects of filling a tile, besides Show and Take Loot."""
PENALTIES = ("", "hire_doctor", "buy_rum", "crew_to_ordinary")
"""Penalties while a tile is face up and not filled."""

_FILE = "blackbeard_tiles.toml"
_COUNTS = (
    "acts_of_piracy",
    "pirates_life",
    "gold_cubes",
    "black_cubes",
    "purse_at_setup",
    "loot_markers",
    "loot_at_setup",
    "pawns",
    "pawns_while_buy_rum",
    "turns",
)
_PIRACY_KEYS = {
    "id",
    "name",
    "row",
    "where",
    "cubes",
    "squares",
    "squares_src",
    "show",
    "show_src",
    "take_loot",
    "extra_gold",
    "icons",
    "effect",
    "penalty",
    "not_if_sailed",
    "src",
    "evidence",
}
_BLOCK_COUNTS = ("blocks", "blank_blocks", "sighting_blocks", "unique_blocks")
"""Counts of blocks, listed for the reader (the Map's blocks come from the map data)."""
_DEFENSE_KEYS = {"id", "name", "gold", "advanced", "hidden", "effect", "src", "evidence"}
_PIRACY_FIELDS = {
    **{key: (str, True) for key in ("id", "name", "row", "cubes", "icons", "effect", "penalty")},
    **{key: (int, True) for key in ("squares", "take_loot", "extra_gold")},
    **{key: (bool, True) for key in ("show", "not_if_sailed")},
    **{key: (list, True) for key in ("where", "src", "squares_src", "show_src")},
    "evidence": (str, True),
    "cubes_src": (list, False),
    "why": TEXT,
}
_PIRACY_VALUES = (
    "row",
    "cubes",
    "icons",
    "effect",
    "penalty",
    "squares",
    "take_loot",
    "extra_gold",
    "show",
    "not_if_sailed",
    "where",
)
"""The fields of a Piracy tile that the rules read (checked by :func:`_check_piracy`)."""
_DEFENSE_FIELDS = {
    **{key: (str, True) for key in ("id", "name", "effect", "evidence")},
    "gold": (int, True),
    "gold_per_sighting": (int, False),
    **{key: (bool, True) for key in ("advanced", "hidden")},
    "src": (list, True),
    **dict.fromkeys(("subtitle", "why"), TEXT),
}


@dataclass(frozen=True, eq=False)
class Tiles:
    """Blackbeard's tiles and counts, read-only; compare and hash by identity.

    Attributes
    ----------
    counts : mapping of str to int
        Components and limits: ``acts_of_piracy``, ``pirates_life`` (tiles per stack),
        ``gold_cubes``, ``black_cubes``, ``purse_at_setup``, ``loot_markers``,
        ``loot_at_setup``, ``pawns``, ``pawns_while_buy_rum`` and ``turns``.
    loot : tuple of int
        The gold value printed on each Loot marker.
    piracy : mapping of str to mapping
        The Piracy tiles by id, in file order (Acts of Piracy, then Pirate's Life).
    defenses : mapping of str to mapping
        The Prepared Defense tiles by id.
    loot_src : tuple of str
        Where the Loot values come from (``("assumed",)`` for the packaged file).

    Examples
    --------
    >>> tiles = load_tiles()
    >>> tiles.counts["gold_cubes"], tiles.counts["purse_at_setup"]
    (20, 5)
    >>> tiles.piracy["careen_sloop"]["where"]
    ('any_anchorage',)
    """

    counts: Mapping[str, int]
    loot: tuple[int, ...]
    piracy: Mapping[str, Mapping[str, Any]]
    defenses: Mapping[str, Mapping[str, Any]]
    loot_src: tuple[str, ...] = ("assumed",)

    def __post_init__(self) -> None:
        """Refuse fields of the wrong type, and Piracy tiles whose values the rules could not
        read (build Tiles with load_tiles, with_loot, ...)."""
        check_record(self)
        spaces = [*load_map(), *PLACES]
        for tile_id, tile in self.piracy.items():
            if not isinstance(tile, Mapping) or not set(_PIRACY_VALUES) <= set(tile):
                raise IllegalActionError(
                    f"Tiles: Piracy tile {tile_id!r} must map {', '.join(_PIRACY_VALUES)}, "
                    f"got {tile!r:.100}"
                )
            _check_piracy(f"Tiles: Piracy tile {tile_id!r}", tile, spaces)

    def __copy__(self) -> Tiles:
        return self  # read-only all through: a copy is the same tiles

    def __deepcopy__(self, memo: dict[int, Any]) -> Tiles:
        return self

    def row(self, name: str) -> tuple[str, ...]:
        """Return the ids of the Piracy tiles of row `name`, in file order.

        Raises
        ------
        IllegalActionError
            For an unknown row, suggesting the closest.

        Examples
        --------
        >>> load_tiles().row("pirates_life")[-2:]
        ('stow_booty', 'sell_cargo')
        >>> load_tiles().row("pirate_life")
        Traceback (most recent call last):
          ...
        piratelib.errors.IllegalActionError: unknown Piracy row 'pirate_life': did you mean ...
        """
        if name not in ROWS:
            raise IllegalActionError(f"unknown Piracy row {name!r}: {_hint(name, ROWS)}")
        return tuple(t for t, tile in self.piracy.items() if tile["row"] == name)

    def squares(self, tile_id: str) -> int:
        """Return how many squares Piracy tile `tile_id` has.

        Raises
        ------
        IllegalActionError
            For an unknown tile id, suggesting the closest.

        Examples
        --------
        >>> load_tiles().squares("banyan_for_vane")
        3
        """
        squares: int = self.tile(tile_id)["squares"]  # a whole number, checked at load
        return squares

    def row_squares(self, name: str, tile_ids: Iterable[str] | None = None) -> int:
        """Return the squares of row `name`: of all its tiles, or of `tile_ids` only.

        Victory counts "cubes in at least half of the total number of squares in tiles on
        that row", i.e. the tiles face up on the mat.

        Examples
        --------
        >>> load_tiles().row_squares("acts_of_piracy")
        25
        >>> load_tiles().row_squares("acts_of_piracy", ["raid_delaware", "careen_sloop"])
        7
        """
        ids = self.row(name) if tile_ids is None else list(tile_ids)
        for tile_id in ids:
            if self.tile(tile_id)["row"] != name:
                raise IllegalActionError(f"{tile_id} is not on the {name} row")
        return sum(self.squares(t) for t in ids)

    def tile(self, tile_id: str) -> Mapping[str, Any]:
        """Return Piracy tile `tile_id`, or raise IllegalActionError suggesting the closest.

        Examples
        --------
        >>> load_tiles().tile("raid_delawar")
        Traceback (most recent call last):
          ...
        piratelib.errors.IllegalActionError: unknown Piracy tile 'raid_delawar': did you mean...
        """
        if tile_id not in self.piracy:
            raise IllegalActionError(
                f"unknown Piracy tile {tile_id!r}: {_hint(tile_id, self.piracy)}"
            )
        return self.piracy[tile_id]

    def spaces(self, tile_id: str, camp: str | None = None) -> frozenset[str]:
        """Return the Map spaces where Piracy tile `tile_id` may receive cubes.

        ``any_anchorage`` and ``any_town`` become those spaces; ``camp`` becomes `camp`
        (Blackbeard's Camp, an Anchorage) if given, and is left out otherwise.

        Examples
        --------
        >>> sorted(load_tiles().spaces("take_on_stores", camp="nots_island"))
        ['bath_town', 'fish_town', 'nots_island', 'queen_annes_creek']
        """
        G = load_map()
        spaces: set[str] = set()
        for place in self.tile(tile_id)["where"]:
            if place == "any_anchorage":
                spaces |= of_kind(G, "anchorage")
            elif place == "any_town":
                spaces |= of_kind(G, "town")
            elif place == "camp":
                spaces |= {camp} if camp is not None else set()
            else:
                spaces.add(place)
        return frozenset(spaces)


def load_tiles(path: str | Path | None = None) -> Tiles:
    """Return Blackbeard's Piracy, Defense and Loot data, checked.

    Raises
    ------
    DataError
        If the file is malformed; the message names the file and the entry.

    Examples
    --------
    >>> tiles = load_tiles()
    >>> len(tiles.piracy), len(tiles.defenses), len(tiles.loot)
    (18, 9, 12)
    """
    if path is None:
        return _default_tiles()
    return _build(*data.read_path(path))


def with_loot(tiles: Tiles, values: Iterable[int], src: str = "board") -> Tiles:
    """Return a copy of `tiles` whose Loot markers are worth `values` gold each.

    Parameters
    ----------
    tiles : Tiles
        The tiles to copy, such as ``load_tiles()``.
    values : iterable of int
        One whole number of gold cubes (0 or more) per Loot marker.
    src : str
        Where the values come from (one of ``piratelib.data.SOURCES``); ``"board"`` means
        read off the real markers, ``"assumed"`` a guess.

    Raises
    ------
    IllegalActionError
        For the wrong number of values, a value that is not a whole number of 0 or more,
        or an unknown `src`.

    Examples
    --------
    >>> tiles = with_loot(load_tiles(), [2] * 12)
    >>> sum(tiles.loot), tiles.loot_src
    (24, ('board',))
    >>> with_loot(load_tiles(), [1, 2])
    Traceback (most recent call last):
      ...
    piratelib.errors.IllegalActionError: there are 12 Loot markers, got 2 values: [1, 2]
    """
    check_type("tiles", tiles, Tiles)
    values = list(values)
    want = tiles.counts["loot_markers"]
    if len(values) != want:
        raise IllegalActionError(
            f"there are {want} Loot markers, got {len(values)} values: {values}"
        )
    bad = [v for v in values if not data.is_count(v)]
    if bad:
        raise IllegalActionError(f"Loot values must be whole numbers of 0 or more, got {bad}")
    return dataclasses.replace(tiles, loot=tuple(values), loot_src=(_source(src),))


def with_squares(tiles: Tiles, tile_id: str, n: int, src: str = "board") -> Tiles:
    """Return a copy of `tiles` in which Piracy tile `tile_id` has `n` squares.

    Raises
    ------
    IllegalActionError
        For an unknown tile (suggesting the closest), `n` not a whole number from 1 to
        :data:`MOST_SQUARES`, or an unknown `src`.

    Examples
    --------
    >>> tiles = with_squares(load_tiles(), "careen_sloop", 4)
    >>> tiles.squares("careen_sloop"), load_tiles().squares("careen_sloop")
    (4, 3)
    >>> with_squares(load_tiles(), "careen_sloop", 0)
    Traceback (most recent call last):
      ...
    piratelib.errors.IllegalActionError: careen_sloop needs a whole number of squares ...
    """
    check_type("tiles", tiles, Tiles)
    tile = tiles.tile(tile_id)
    if not data.is_count(n) or not 1 <= n <= MOST_SQUARES:
        raise IllegalActionError(
            f"{tile_id} needs a whole number of squares from 1 to {MOST_SQUARES} (the most "
            f"pawns a whole game gives: 5 a turn for 4 turns), got {n!r}"
        )
    new = _freeze({**tile, "squares": n, "squares_src": [_source(src)]})
    piracy = MappingProxyType({**tiles.piracy, tile_id: new})
    return dataclasses.replace(tiles, piracy=piracy)


def assumed_facts(tiles: Tiles) -> list[str]:
    """Return, in words, every value of `tiles` that is assumed rather than sourced.

    Examples
    --------
    >>> facts = assumed_facts(load_tiles())
    >>> print(facts[0])
    Loot markers are worth 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 4 gold (assumed; not printed in the
    rulebook)
    >>> "Careen Sloop: no Show (assumed)" in facts
    True
    >>> len(assumed_facts(with_loot(load_tiles(), [1] * 12))) == len(facts) - 1
    True
    """
    check_type("tiles", tiles, Tiles)
    facts = []
    if "assumed" in tiles.loot_src:
        values = ", ".join(map(str, tiles.loot))
        facts.append(f"Loot markers are worth {values} gold (assumed; not printed in the rulebook)")
    for tile in tiles.piracy.values():
        if "assumed" in tile["squares_src"]:
            facts.append(f"{tile['name']}: {tile['squares']} squares (assumed)")
        if "assumed" in tile["show_src"]:
            facts.append(f"{tile['name']}: {'Show' if tile['show'] else 'no Show'} (assumed)")
        if "assumed" in tile.get("cubes_src", ()):
            facts.append(f"{tile['name']}: {tile['cubes']} squares (assumed)")
    return facts


@functools.cache
def _default_tiles() -> Tiles:
    """The packaged tiles, loaded once."""
    return _build(*data.read(_FILE))


def _hint(name: object, known: Iterable[str]) -> str:
    """'did you mean ...? ' plus the known names."""
    known = list(known)
    return f"{did_you_mean(name, known)}known: {', '.join(known)}"


def _source(src: str) -> str:
    """`src` if it is a provenance tag, else IllegalActionError."""
    if src not in data.SOURCES:
        raise IllegalActionError(f"src must be one of {sorted(data.SOURCES)}, got {src!r}")
    return src


def _freeze(entry: Mapping[str, Any]) -> Mapping[str, Any]:
    """A read-only copy of `entry` with lists as tuples."""
    return MappingProxyType({k: tuple(v) if isinstance(v, list) else v for k, v in entry.items()})


def _check_text(where: str, entry: dict[str, Any], keys: Iterable[str]) -> None:
    """Check that the entry's id is snake_case and its text fields (and ``why``) are text."""
    if not isinstance(entry["id"], str) or not re.fullmatch(r"[a-z][a-z0-9_]*", entry["id"]):
        raise DataError(f"{where}: id must be snake_case, got {entry['id']!r}")
    for key in (*keys, "why"):
        if key in entry and not isinstance(entry[key], str):
            raise DataError(f"{where}: {key} must be text, got {entry[key]!r}")


def _check_tags(where: str, entry: dict[str, Any], key: str) -> None:
    """Check a provenance list such as ``squares_src`` (with evidence or why as needed)."""
    data.check_sources(f"{where}: {key}", {"src": entry.get(key), "evidence": entry["evidence"]})
    if "assumed" in entry[key] and not entry.get("why"):
        raise DataError(f"{where}: an assumed {key} needs a why")


def _check_piracy(where: str, tile: Mapping[str, Any], spaces: Iterable[str]) -> None:
    """Check the values the rules read from one Piracy tile (its row, cubes, icons, effect,
    penalty, squares, Loot, flags and spaces); DataError naming `where`."""
    spaces = list(spaces)
    for key, allowed in (
        ("row", ROWS),
        ("cubes", CUBES),
        ("icons", ICONS),
        ("effect", EFFECTS),
        ("penalty", PENALTIES),
    ):
        if not isinstance(tile[key], str) or tile[key] not in allowed:
            raise DataError(f"{where}: {key} must be one of {allowed}, got {tile[key]!r}")
    if not data.is_count(tile["squares"]) or tile["squares"] < 1:
        raise DataError(f"{where}: squares must be a whole number of at least 1")
    for key in ("take_loot", "extra_gold"):
        if not data.is_count(tile[key]):
            raise DataError(f"{where}: {key} must be a whole number of 0 or more")
    for key in ("show", "not_if_sailed"):
        if not isinstance(tile[key], bool):
            raise DataError(f"{where}: {key} must be true or false")
    if not isinstance(tile["where"], list | tuple) or not tile["where"]:
        raise DataError(f"{where}: where must list at least one space")
    if len(set(map(str, tile["where"]))) < len(tile["where"]):
        raise DataError(f"{where}: where names a space twice: {tile['where']!r}")
    for place in tile["where"]:
        if not isinstance(place, str) or place not in spaces:
            raise DataError(f"{where}: unknown space {place!r} in where: {_hint(place, spaces)}")


def _build(file: str, raw: dict[str, Any]) -> Tiles:
    """Check the parsed tiles file and return its Tiles."""
    counts = _build_counts(file, raw)
    loot = _build_loot(file, raw, counts)
    spaces = [*load_map(), *PLACES]
    piracy: dict[str, Mapping[str, Any]] = {}
    for where, tile in data.entries(file, raw, "piracy", _PIRACY_KEYS):
        _check_text(where, tile, ("name", "evidence"))
        _check_piracy(where, tile, spaces)
        data.check_sources(where, tile)
        for key in ("squares_src", "show_src", *(["cubes_src"] if "cubes_src" in tile else [])):
            _check_tags(where, tile, key)
        check_fields(where, tile, _PIRACY_FIELDS)
        piracy[tile["id"]] = _freeze(tile)
    sizes = Counter(tile["row"] for tile in piracy.values())
    for row in ROWS:
        if sizes[row] != counts[row]:
            raise DataError(
                f"{file}: piracy: the {row} row has {sizes[row]} tiles, counts says {counts[row]}"
            )
    defenses: dict[str, Mapping[str, Any]] = {}
    for where, tile in data.entries(file, raw, "defense", _DEFENSE_KEYS):
        _check_text(where, tile, ("name", "effect", "evidence"))
        for key in ("gold", "gold_per_sighting"):
            if key in tile and not data.is_count(tile[key]):
                raise DataError(f"{where}: {key} must be a whole number of 0 or more")
        for key in ("advanced", "hidden"):
            if not isinstance(tile[key], bool):
                raise DataError(f"{where}: {key} must be true or false")
        if tile["id"] == "bought_silence" and "gold_per_sighting" not in tile:
            raise DataError(f"{where}: Bought Silence needs gold_per_sighting (gold per space)")
        data.check_sources(where, tile)
        check_fields(where, tile, _DEFENSE_FIELDS)
        defenses[tile["id"]] = _freeze(tile)
    return Tiles(
        counts=MappingProxyType(counts),
        loot=loot,
        piracy=MappingProxyType(piracy),
        defenses=MappingProxyType(defenses),
        loot_src=tuple(raw["loot"]["src"]),
    )


def _build_counts(file: str, raw: dict[str, Any]) -> dict[str, int]:
    """Check ``[counts]`` and return its numbers."""
    section = raw.get("counts")
    if not isinstance(section, dict):
        raise DataError(f"{file}: missing [counts]")
    check_fields(
        f"{file}: counts",
        section,
        {
            **{key: (int, True) for key in _COUNTS},
            **{key: (int, True) for key in _BLOCK_COUNTS},
            "src": (list, True),
            "evidence": (str, True),
            "why": TEXT,
        },
    )
    data.check_sources(f"{file}: counts", section)
    counts = {k: v for k, v in section.items() if k not in {"src", "evidence", "why"}}
    for key, value in counts.items():
        if not data.is_count(value):
            raise DataError(f"{file}: counts: {key} must be a whole number of 0 or more")
    return counts


def _build_loot(file: str, raw: dict[str, Any], counts: dict[str, int]) -> tuple[int, ...]:
    """Check ``[loot]`` and return its values."""
    loot = raw.get("loot")
    if not isinstance(loot, dict) or "values" not in loot:
        raise DataError(f"{file}: missing [loot] values")
    values = loot["values"]
    want = counts["loot_markers"]
    if not isinstance(values, list) or len(values) != want or not all(map(data.is_count, values)):
        raise DataError(
            f"{file}: loot: values must be {want} whole numbers of 0 or more, got {values!r}"
        )
    data.check_sources(f"{file}: loot", loot)
    if "assumed" in loot["src"] and not loot.get("why"):
        raise DataError(f"{file}: loot: assumed values need a why")
    check_fields(f"{file}: loot", loot, {"values": (list, True), "src": (list, True), "why": TEXT})
    return tuple(values)
