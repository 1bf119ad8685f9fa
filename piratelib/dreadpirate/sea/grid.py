"""Dread Pirate's sea: the board's grid of water and land squares, loaded and made a graph.

"Each square on the board is one movement space. You can move horizontally, vertically,
or diagonally. Ships must stay on water, and can only move from one space to another if
there is water between the two spaces". The sea is data (``dreadpirate_sea.toml``, a
reconstruction marked ``assumed``, or your own board in the same format), checked by
:func:`load_sea`. :func:`sea_graph` makes it a frozen networkx graph whose nodes are the
water squares ``(row, column)`` and whose edges are the steps allowed. What "water between
the two spaces" means for a diagonal step is a switch, ``diagonal``:

- ``"never"``: no diagonal steps;
- ``"both_sides_water"``: only if both squares beside the step are water;
- ``"one_side_water"`` (the default): if at least one of them is water - the step passes
  through water rather than over a land corner;
- ``"always"``: any diagonal step between two water squares.

Moving on the sea is :mod:`~piratelib.dreadpirate.sea.movement`; voyages over many turns are
:mod:`~piratelib.dreadpirate.sea.voyages`.

Examples
--------
>>> G = sea_graph()
>>> square_of(G, "port_diablo"), G.degree[(0, 0)], G.number_of_nodes()
((0, 0), 3, 236)
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any, NoReturn, Protocol, cast

import networkx as nx

from piratelib import data
from piratelib.dreadpirate.files import check_field_types
from piratelib.errors import DataError, IllegalActionError, check_id, did_you_mean

__all__ = [
    "CITIES",
    "DEFAULT_DIAGONAL",
    "DIAGONAL_NAMES",
    "DIAGONAL_RULES",
    "RULE_WATER",
    "Sea",
    "Square",
    "check_water",
    "load_sea",
    "sea_graph",
    "sea_of",
    "square_of",
]

Square = tuple[int, int]
DIAGONAL_RULES = ("never", "both_sides_water", "one_side_water", "always")
"""The readings of "only ... if there is water between the two spaces" for a diagonal."""
DIAGONAL_NAMES = {
    "never": "never",
    "both_sides_water": "both sides water",
    "one_side_water": "one side water",
    "always": "always",
}
"""Each reading's name for a reader (the ids are for programs)."""
DEFAULT_DIAGONAL = "one_side_water"
"""piratelib's default reading: a diagonal step may pass beside land, not between two."""
CITIES = ("port_diablo", "lost_city_of_orichal", "san_cristobal", "la_antigua")
"""The four starting Cities, by id: "Port Diablo, Lost City of Orichal, San Cristobal and
La Antigua"."""
RULE_WATER = (
    "Movement: You can move horizontally, vertically, or diagonally. Ships must stay on "
    "water, and can only move from one space to another if there is water between the two "
    "spaces"
)
"""The rule a ship's every square and step answers to."""

_FILE = "dreadpirate_sea.toml"
_PLACE_KEYS = {"id", "name", "kind", "at", "src", "at_src", "evidence", "why"}
_KINDS = ("city", "mission")


@dataclass(frozen=True, eq=False)
class Sea:
    """A sea board: its rows of water (``~``) and land (``#``), and its named places.

    Printed, Cities show as ``C`` and other Mission places as ``M``.

    ``places`` maps a place id to its entry (``name``, ``kind``, ``at`` as a square, and
    its sources). Compare and hash by identity.
    """

    rows: tuple[str, ...]
    places: Mapping[str, Mapping[str, Any]]

    def __copy__(self) -> Any:
        return self  # read-only all the way down: a copy is the same

    def __deepcopy__(self, memo: dict[int, Any]) -> Any:
        return self

    @property
    def height(self) -> int:
        """The number of rows."""
        return len(self.rows)

    @property
    def width(self) -> int:
        """The number of columns."""
        return len(self.rows[0])

    def on_board(self, square: Square) -> bool:
        """Whether `square` is a ``(row, column)`` on the board (False for anything else).

        Examples
        --------
        >>> load_sea().on_board((12, 19)), load_sea().on_board((13, 0)), load_sea().on_board("a")
        (True, False, False)
        """
        if type(square) not in (tuple, list) or len(square) != 2:
            return False
        r, c = square
        return type(r) is int and type(c) is int and 0 <= r < len(self.rows) and 0 <= c < self.width

    def is_water(self, square: Square) -> bool:
        """Whether `square` is on the board and water.

        Examples
        --------
        >>> load_sea().is_water((0, 0)), load_sea().is_water((1, 4)), load_sea().is_water((0, 99))
        (True, False, False)
        """
        if type(square) is tuple and len(square) == 2:  # the usual case, quickly
            r, c = square
            if type(r) is int and type(c) is int and 0 <= r < len(self.rows):
                row = self.rows[r]
                return 0 <= c < len(row) and row[c] == "~"
        return self.on_board(square) and self.rows[square[0]][square[1]] == "~"

    def place_at(self, square: Square) -> str | None:
        """The id of the place on `square`, or None.

        Raises
        ------
        IllegalActionError
            If `square` is not a ``(row, column)`` on the board.
        """
        if not self.on_board(square):
            raise IllegalActionError(
                f"a square is a (row, column) on the board, rows 0 to {self.height - 1} and "
                f"columns 0 to {self.width - 1}, got {square!r}"
            )
        for place, entry in self.places.items():
            if entry["at"] == tuple(square):
                return place
        return None

    def square_name(self, square: Square) -> str:
        """A square for a reader: the place's name, or its row and column.

        Examples
        --------
        >>> sea = load_sea()
        >>> sea.square_name((0, 0)), sea.square_name((5, 9))
        ('Port Diablo', 'row 5, column 9')
        """
        place = self.place_at(square)  # checks the square
        return self.places[place]["name"] if place else f"row {square[0]}, column {square[1]}"

    def __str__(self) -> str:
        marks = {entry["at"]: _initial(entry) for entry in self.places.values()}
        return "\n".join(
            "".join(marks.get((r, c), ch) for c, ch in enumerate(row))
            for r, row in enumerate(self.rows)
        )


def load_sea(path: str | Path | None = None) -> Sea:
    """Return the sea board, checked; without `path`, the packaged reconstruction.

    Raises
    ------
    DataError
        Naming the file and what is wrong: ragged rows, unknown symbols, a place off the
        board or on land, a missing City, or Cities that cannot reach each other by water.

    Examples
    --------
    >>> sea = load_sea()
    >>> sea.height, sea.width, sorted(sea.places)[:2]
    (13, 20, ['krakens_reach', 'la_antigua'])
    >>> print(str(sea).splitlines()[0])
    C~~~~~~~~~~~~~~~~~~C
    """
    if path is None:
        return _default_sea()
    return _build(*data.read_path(path))


def sea_graph(sea: Sea | None = None, *, diagonal: str = DEFAULT_DIAGONAL) -> nx.Graph[Square]:
    """Return the sea as a frozen graph: water squares, and the steps allowed between them.

    Nodes are ``(row, column)`` with ``pos`` (x, y for drawing) and ``place`` (an id or
    None); edges carry ``step``: ``"orthogonal"`` or ``"diagonal"``. The graph keeps the
    ``sea`` and the ``diagonal`` rule in ``G.graph``. The graph, node and edge attributes
    are read-only too (the game shares one graph per rule with every caller): copy them
    with ``dict(...)`` to change them.

    Raises
    ------
    IllegalActionError
        For an unknown diagonal rule, naming the four readings.

    Examples
    --------
    >>> G = sea_graph(diagonal="never")
    >>> G.degree[(0, 0)], sea_graph().degree[(0, 0)]
    (2, 3)
    >>> G.nodes[(0, 0)]["place"] = "skull_rock"
    Traceback (most recent call last):
      ...
    TypeError: this graph's attributes are read-only (one graph is shared): copy with dict(...)
    """
    sea = load_sea() if sea is None else sea
    if not isinstance(sea, Sea):
        raise IllegalActionError(f"sea must be a Sea (see load_sea), got {sea!r}")
    if diagonal not in DIAGONAL_RULES:
        raise IllegalActionError(
            f"unknown diagonal rule {diagonal!r}: {did_you_mean(diagonal, DIAGONAL_RULES)}"
            f"choose one of {', '.join(DIAGONAL_RULES)}"
        )
    G: nx.Graph[Square] = nx.Graph(sea=sea, diagonal=diagonal)
    for r, row in enumerate(sea.rows):
        for c, _ in enumerate(row):
            if sea.is_water((r, c)):
                G.add_node((r, c), pos=(c, -r), place=sea.place_at((r, c)))
    for r, c in list(G):
        for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
            other = (r + dr, c + dc)
            if other in G and _step_allowed(sea, (r, c), other, diagonal):
                G.add_edge((r, c), other, step="diagonal" if dr and dc else "orthogonal")
    return _lock(G)


def square_of(G: nx.Graph[Square], place: str) -> Square:
    """Return the square of a named place.

    Raises
    ------
    IllegalActionError
        For an unknown place, suggesting the closest id.

    Examples
    --------
    >>> square_of(sea_graph(), "krakens_reach")
    (6, 10)
    """
    places = sea_of(G).places
    square: Square = places[check_id("place", place, places)]["at"]
    return square


def check_water(G: nx.Graph[Square], square: object, what: str) -> None:
    """Check that `square` is a water square of `G`'s sea; `what` names it in the message.

    Raises
    ------
    IllegalActionError
        If `square` is not a ``(row, column)`` pair, is off the board, or is land.

    Examples
    --------
    >>> check_water(sea_graph(), (1, 4), "the target")
    Traceback (most recent call last):
      ...
    piratelib.errors.IllegalActionError: the target (1, 4) is land: Movement: ...
    """
    sea = sea_of(G)
    if sea.is_water(cast(Square, square)):  # is_water answers False for anything not a square
        return
    if not (isinstance(square, tuple) and len(square) == 2 and all(type(x) is int for x in square)):
        raise IllegalActionError(f"{what} must be a (row, column) square, got {square!r}")
    if not sea.on_board(square):
        raise IllegalActionError(
            f"{what} {square} is off the board: rows 0 to {sea.height - 1}, columns 0 to "
            f"{sea.width - 1}"
        )
    if not sea.is_water(square):
        raise IllegalActionError(f"{what} {square} is land: {RULE_WATER}")


def sea_of(G: nx.Graph[Square]) -> Sea:
    """Return the :class:`Sea` of a graph made by :func:`sea_graph`.

    Raises
    ------
    IllegalActionError
        If `G` is not a graph made by :func:`sea_graph`.

    Examples
    --------
    >>> sea_of(sea_graph()).height
    13
    """
    if not isinstance(G, nx.Graph):
        raise IllegalActionError(f"expected a sea graph made by sea_graph, got {G!r}")
    sea = G.graph.get("sea")
    if not isinstance(sea, Sea) or G.graph.get("diagonal") not in DIAGONAL_RULES:
        raise IllegalActionError(
            f"this graph has no sea and diagonal rule: use one made by sea_graph, got {G!r}"
        )
    return sea


@functools.cache
def _default_sea() -> Sea:
    """The packaged sea, loaded once."""
    return _build(*data.read(_FILE))


class _Fixed(dict[Any, Any]):
    """A dict that refuses changes, yet pickles and copies (unlike a mapping proxy)."""

    __slots__ = ()

    def _refuse(self, *args: object, **kwargs: object) -> NoReturn:
        raise TypeError(
            "this graph's attributes are read-only (one graph is shared): copy with dict(...)"
        )

    __setitem__ = __delitem__ = __ior__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse

    def __reduce__(self) -> tuple[type, tuple[dict[Any, Any]]]:
        return (type(self), (dict(self),))


class _Storage(Protocol):
    """The dicts a networkx graph keeps its nodes and edges in (types-networkx omits them)."""

    _node: dict[Square, dict[str, Any]]
    _adj: dict[Square, dict[Square, dict[str, Any]]]


def _lock(G: nx.Graph[Square]) -> nx.Graph[Square]:
    """Freeze `G` and make its graph, node and edge attribute dicts read-only."""
    G.graph = _Fixed(G.graph)
    store = cast("_Storage", G)  # networkx keeps nodes and edges in these; its stubs omit them
    for n, attrs in list(store._node.items()):
        store._node[n] = _Fixed(attrs)
    locked: dict[int, _Fixed] = {}
    for nbrs in store._adj.values():
        for v, attrs in list(nbrs.items()):  # one dict for both ends of an edge: keep it one
            nbrs[v] = locked.setdefault(id(attrs), _Fixed(attrs))
    nx.freeze(G)  # freezes G in place and returns it (the stubs leave the return untyped)
    return G


def _step_allowed(sea: Sea, a: Square, b: Square, diagonal: str) -> bool:
    """Whether one step between two neighbouring water squares is allowed."""
    if a[0] == b[0] or a[1] == b[1]:
        return True
    sides = sea.is_water((a[0], b[1])) + sea.is_water((b[0], a[1]))
    return {"never": False, "both_sides_water": sides == 2, "one_side_water": sides >= 1}.get(
        diagonal, True
    )


def _initial(entry: Mapping[str, Any]) -> str:
    """A place's letter in the text picture: ``C`` for a City, ``M`` for a Mission place."""
    kind: str = entry["kind"]
    return kind[0].upper()


def _build(file: str, raw: dict[str, Any]) -> Sea:
    """Check the parsed sea file and return its Sea."""
    check_field_types(file, raw, ("id", "name", "kind", "evidence", "why", "rows"))
    section = raw.get("sea")
    if not isinstance(section, dict):
        raise DataError(f"{file}: missing [sea]")
    missing = {"rows", "water", "land", "src", "evidence"} - section.keys()
    if missing:
        raise DataError(f"{file}: sea: missing {', '.join(sorted(missing))}")
    data.check_sources(f"{file}: sea", section)
    if "assumed" in section["src"] and not section.get("why"):
        raise DataError(f"{file}: sea: an assumed fact needs a why")
    water, land = section["water"], section["land"]
    if not (isinstance(water, str) and isinstance(land, str) and len(water) == len(land) == 1):
        raise DataError(f"{file}: sea: water and land must each be one character")
    if water == land:
        raise DataError(f"{file}: sea: water and land need different symbols, got {water!r}")
    text = section["rows"]
    lines = (
        [line.strip() for line in text.strip("\n").splitlines()] if isinstance(text, str) else []
    )
    if not lines or not lines[0]:
        raise DataError(f"{file}: sea: rows must be a multi-line string of squares")
    for r, line in enumerate(lines):
        if len(line) != len(lines[0]):
            raise DataError(
                f"{file}: sea: ragged rows: row {r} has {len(line)} squares, row 0 has "
                f"{len(lines[0])}"
            )
        for c, ch in enumerate(line):
            if ch not in (water, land):
                raise DataError(
                    f"{file}: sea: unknown symbol {ch!r} at row {r}, column {c}; use "
                    f"{water!r} for water and {land!r} for land"
                )
    rows = tuple(line.replace(water, "~").replace(land, "#") for line in lines)
    places: dict[str, dict[str, Any]] = {}
    sea = Sea(rows, {})
    for where, entry in data.entries(file, raw, "place", _PLACE_KEYS - {"why"}):
        unknown = entry.keys() - _PLACE_KEYS
        if unknown:
            raise DataError(f"{where}: unknown keys {', '.join(sorted(unknown))}")
        data.check_sources(where, entry)
        data.check_sources(f"{where}: at_src", {**entry, "src": entry["at_src"]})
        if "assumed" in (*entry["src"], *entry["at_src"]) and not entry.get("why"):
            raise DataError(f"{where}: an assumed fact needs a why")
        if not entry["name"]:
            raise DataError(f"{where}: name must be the place's name, got {entry['name']!r}")
        if entry["kind"] not in _KINDS:
            raise DataError(
                f"{where}: kind must be one of {', '.join(_KINDS)}, got {entry['kind']!r}"
            )
        at = entry["at"]
        if not (
            isinstance(at, list)
            and len(at) == 2
            and all(isinstance(x, int) and not isinstance(x, bool) for x in at)
        ):
            raise DataError(f"{where}: at must be [row, column], got {at!r}")
        square = (at[0], at[1])
        if not sea.on_board(square):
            raise DataError(
                f"{where}: at {square} is off the board ({len(rows)} rows, {len(rows[0])} columns)"
            )
        if not sea.is_water(square):
            raise DataError(f"{where}: {entry['name']} at {square} is on land; ships must reach it")
        clash = [p for p, e in places.items() if e["at"] == square]
        if clash:
            raise DataError(f"{where}: {square} is already {clash[0]}")
        places[entry["id"]] = {**entry, "at": square}
    for city in CITIES:
        if city not in places:
            raise DataError(f"{file}: place: no City {city!r}; the board needs all four Cities")
        if places[city]["kind"] != "city":
            raise DataError(f"{file}: place: {city} must be of kind 'city'")
    sea = Sea(rows, MappingProxyType({k: data.freeze(v) for k, v in places.items()}))
    G = sea_graph(sea, diagonal="never")
    home = places[CITIES[0]]["at"]
    for city in CITIES[1:]:
        if not nx.has_path(G, home, places[city]["at"]):
            raise DataError(
                f"{file}: place: {places[city]['name']} cannot be reached by water from "
                f"{places[CITIES[0]]['name']} (moving only horizontally and vertically)"
            )
    return sea
