"""Dread Pirate's sea: a grid of water and land squares as a networkx graph, and movement.

Movement: "roll the dice. You can then move up to the full amount shown on the dice,
including any amount less than the total of your dice (even zero). Each square on the
board is one movement space. You can move horizontally, vertically, or diagonally. Ships
must stay on water, and can only move from one space to another if there is water between
the two spaces ... Two or more ships cannot occupy the same space."

The sea is data (``dreadpirate_sea.toml``, a reconstruction marked ``assumed``, or your own
board in the same format). :func:`sea_graph` makes it a frozen networkx graph whose nodes
are the water squares ``(row, column)`` and whose edges are the steps allowed. What "water
between the two spaces" means for a diagonal step is a switch, ``diagonal``:

- ``"never"``: no diagonal steps;
- ``"both_sides_water"``: only if both squares beside the step are water;
- ``"one_side_water"`` (the default): if at least one of them is water - the step passes
  through water rather than over a land corner;
- ``"always"``: any diagonal step between two water squares.

Examples
--------
>>> G = sea_graph()
>>> start = square_of(G, "port_diablo")
>>> len(reachable(G, start, 2))
9
>>> reach_probability(G, start, square_of(G, "skull_rock"))  # 8 squares away
Fraction(5, 12)
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from types import MappingProxyType
from typing import Any

import networkx as nx

from piratelib import data
from piratelib.dice import sum_of_dice
from piratelib.errors import DataError, IllegalActionError, did_you_mean

__all__ = [
    "CITIES",
    "DEFAULT_DIAGONAL",
    "DIAGONAL_RULES",
    "Sea",
    "check_attack",
    "check_move",
    "load_sea",
    "move_toward",
    "reach_probability",
    "reachable",
    "sea_graph",
    "simulate_turns",
    "square_of",
    "turns_to_reach",
]

Square = tuple[int, int]

DIAGONAL_RULES = ("never", "both_sides_water", "one_side_water", "always")
"""The readings of "only ... if there is water between the two spaces" for a diagonal."""
DEFAULT_DIAGONAL = "one_side_water"
"""piratelib's default reading: a diagonal step may pass beside land, not between two."""
CITIES = ("port_diablo", "lost_city_of_orichal", "san_cristobal", "la_antigua")
"""The four starting Cities, by id: "Port Diablo, Lost City of Orichal, San Cristobal and
La Antigua"."""

_FILE = "dreadpirate_sea.toml"
_PLACE_KEYS = {"id", "name", "kind", "at", "src", "at_src", "evidence", "why"}
_KINDS = ("city", "mission")
_MOVE = (
    "Movement: You can move horizontally, vertically, or diagonally. Ships must stay on "
    "water, and can only move from one space to another if there is water between the two "
    "spaces"
)
_UP_TO = (
    "You can then move up to the full amount shown on the dice, including any amount less "
    "than the total of your dice (even zero)."
)
_SHARE = "Two or more ships cannot occupy the same space."
_ROLLS = 6**2  # the rolls of two dice, equally likely


@dataclass(frozen=True, eq=False)
class Sea:
    """A sea board: its rows of water (``~``) and land (``#``), and its named places.

    Printed, Cities show as ``C`` and other Mission places as ``M``.

    ``places`` maps a place id to its entry (``name``, ``kind``, ``at`` as a square, and
    its sources). Compare and hash by identity.
    """

    rows: tuple[str, ...]
    places: Mapping[str, Mapping[str, Any]]

    @property
    def height(self) -> int:
        """The number of rows."""
        return len(self.rows)

    @property
    def width(self) -> int:
        """The number of columns."""
        return len(self.rows[0])

    def on_board(self, square: Square) -> bool:
        """Whether `square` is a ``(row, column)`` on the board."""
        r, c = square
        return 0 <= r < self.height and 0 <= c < self.width

    def is_water(self, square: Square) -> bool:
        """Whether `square` is on the board and water.

        Examples
        --------
        >>> load_sea().is_water((0, 0)), load_sea().is_water((1, 4)), load_sea().is_water((0, 99))
        (True, False, False)
        """
        return self.on_board(square) and self.rows[square[0]][square[1]] == "~"

    def place_at(self, square: Square) -> str | None:
        """The id of the place on `square`, or None."""
        for place, entry in self.places.items():
            if entry["at"] == tuple(square):
                return place
        return None

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
    return _build(*data.read(Path(path)))


def sea_graph(sea: Sea | None = None, *, diagonal: str = DEFAULT_DIAGONAL) -> nx.Graph:
    """Return the sea as a frozen graph: water squares, and the steps allowed between them.

    Nodes are ``(row, column)`` with ``pos`` (x, y for drawing) and ``place`` (an id or
    None); edges carry ``step``: ``"orthogonal"`` or ``"diagonal"``. The graph keeps the
    ``sea`` and the ``diagonal`` rule in ``G.graph``.

    Raises
    ------
    IllegalActionError
        For an unknown diagonal rule, naming the four readings.

    Examples
    --------
    >>> G = sea_graph(diagonal="never")
    >>> G.degree[(0, 0)], sea_graph().degree[(0, 0)]
    (2, 3)
    """
    sea = sea or load_sea()
    if diagonal not in DIAGONAL_RULES:
        raise IllegalActionError(
            f"unknown diagonal rule {diagonal!r}: {did_you_mean(diagonal, DIAGONAL_RULES)}"
            f"choose one of {', '.join(DIAGONAL_RULES)}"
        )
    G = nx.Graph(sea=sea, diagonal=diagonal)
    for r, row in enumerate(sea.rows):
        for c, _ in enumerate(row):
            if sea.is_water((r, c)):
                G.add_node((r, c), pos=(c, -r), place=sea.place_at((r, c)))
    for r, c in list(G):
        for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
            other = (r + dr, c + dc)
            if other in G and _step_allowed(sea, (r, c), other, diagonal):
                G.add_edge((r, c), other, step="diagonal" if dr and dc else "orthogonal")
    return nx.freeze(G)


def square_of(G: nx.Graph, place: str) -> Square:
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
    places = G.graph["sea"].places
    if place not in places:
        raise IllegalActionError(
            f"unknown place {place!r}: {did_you_mean(place, places)}known: {', '.join(places)}"
        )
    return places[place]["at"]


def reachable(
    G: nx.Graph,
    start: Square,
    roll: int,
    *,
    occupied: Iterable[Square] = (),
    pass_through: bool = True,
    bonus: int = 0,
) -> frozenset[Square]:
    """Return the squares a ship on `start` can end on with `roll`, `start` included.

    "move up to the full amount shown on the dice, including any amount less than the
    total of your dice (even zero)". Squares in `occupied` (other ships) cannot be ended
    on: "Two or more ships cannot occupy the same space." With ``pass_through=False`` they
    cannot be moved through either. `bonus` (0 or more) is added to the roll: "The Dread
    Pirate receives +1 to all of their rolls".

    Raises
    ------
    IllegalActionError
        If `start` is not a water square or `roll` is not a whole number from 0 to 12.

    Examples
    --------
    >>> G = sea_graph()
    >>> sorted(reachable(G, (0, 0), 1))
    [(0, 0), (0, 1), (1, 0), (1, 1)]
    >>> sorted(reachable(G, (0, 0), 1, occupied=[(0, 1)]))
    [(0, 0), (1, 0), (1, 1)]
    """
    _check_roll(roll)
    _check_bonus(bonus)
    return frozenset(_ends(G, start, roll + bonus, occupied, pass_through))


def check_move(
    G: nx.Graph,
    path: Sequence[Square],
    roll: int,
    *,
    occupied: Iterable[Square] = (),
    pass_through: bool = True,
    bonus: int = 0,
) -> int:
    """Check a move square by square and return its length in movement spaces.

    `bonus` (0 or more) is added to the roll, as in :func:`reachable`.

    Raises
    ------
    IllegalActionError
        Naming the rule: a square off the board or on land ("Ships must stay on water"),
        a step that is not to a neighbouring square, a diagonal step across land (the
        diagonal rule in force), more steps than the roll, ending on (or, without
        `pass_through`, passing) another ship.

    Examples
    --------
    >>> G = sea_graph()
    >>> check_move(G, [(0, 0), (1, 1), (2, 2)], 7)
    2
    >>> check_move(G, [(0, c) for c in range(14)], 12, bonus=1)  # the Dread Pirate rolls 12
    13
    >>> check_move(G, [(0, 3), (1, 4)], 7)
    Traceback (most recent call last):
      ...
    piratelib.errors.IllegalActionError: (1, 4) is land: Movement: ... Ships must stay on water, ...
    """
    sea = G.graph["sea"]
    path = [tuple(square) for square in path]
    if not path:
        raise IllegalActionError("a move needs at least its starting square")
    _check_roll(roll)
    _check_bonus(bonus)
    for square in path:
        if not sea.on_board(square):
            raise IllegalActionError(
                f"{square} is off the board, which has rows 0 to {sea.height - 1} and "
                f"columns 0 to {sea.width - 1}"
            )
        if not sea.is_water(square):
            raise IllegalActionError(f"{square} is land: {_MOVE}")
    for a, b in itertools.pairwise(path):
        if max(abs(a[0] - b[0]), abs(a[1] - b[1])) != 1:
            raise IllegalActionError(
                f"{a} to {b} is not a step to a neighbouring square. Each square on the board "
                "is one movement space. You can move horizontally, vertically, or diagonally."
            )
        if not G.has_edge(a, b):
            raise IllegalActionError(
                f"{a} to {b} crosses a blocked corner: under the diagonal rule "
                f"{G.graph['diagonal']!r} there is no water between the two spaces. {_MOVE}"
            )
    steps = len(path) - 1
    if steps > roll + bonus:
        allowed = f"{roll} + {bonus} = {roll + bonus}" if bonus else f"{roll}"
        raise IllegalActionError(f"the move has {steps} steps but the roll is {allowed}. {_UP_TO}")
    others = _blocked(G, occupied) - {path[0]}
    if path[-1] in others:
        raise IllegalActionError(f"{path[-1]} already holds a ship. {_SHARE}")
    if not pass_through:
        crossed = [square for square in path[1:-1] if square in others]
        if crossed:
            raise IllegalActionError(
                f"the move passes through {crossed[0]}, which holds a ship, and ships may not "
                f"pass through each other here (pass_through=False). {_SHARE}"
            )
    return steps


def check_attack(G: nx.Graph, attacker: Square, defender: Square) -> None:
    """Check that the attacker's ship is next to the defender's, as a battle needs.

    Battles: "At the end your movement, if you are next to another Pirate, you can fight
    them." The rulebook does not define "next to"; we read it as one allowed step apart
    under the graph's diagonal rule, so two ships across a land corner are not next to
    each other unless that rule lets a ship step between them.

    Raises
    ------
    IllegalActionError
        If either square is not water, they are the same, or they are not next to each
        other, naming the rule.

    Examples
    --------
    >>> G = sea_graph()
    >>> check_attack(G, (0, 0), (1, 1))
    >>> check_attack(G, (0, 0), (0, 2))
    Traceback (most recent call last):
      ...
    piratelib.errors.IllegalActionError: (0, 0) is not next to (0, 2): ... you can fight them.
    """
    _check_water(G, attacker, "the attacker's square")
    _check_water(G, defender, "the defender's square")
    if attacker == defender:
        raise IllegalActionError(f"two ships on {attacker}: {_SHARE}")
    if not G.has_edge(attacker, defender):
        raise IllegalActionError(
            f"{attacker} is not next to {defender}: Battles: At the end your movement, if you "
            "are next to another Pirate, you can fight them."
        )


def reach_probability(
    G: nx.Graph,
    start: Square,
    target: Square,
    *,
    occupied: Iterable[Square] = (),
    pass_through: bool = True,
    bonus: int = 0,
) -> Fraction:
    """Return the exact chance that a 2d6 roll lets a ship on `start` end on `target`.

    `bonus` is added to every roll, as for the Dread Pirate: "The Dread Pirate receives +1
    to all of their rolls."

    Examples
    --------
    >>> G = sea_graph()
    >>> reach_probability(G, square_of(G, "port_diablo"), square_of(G, "krakens_reach"))
    Fraction(1, 36)
    >>> reach_probability(G, square_of(G, "port_diablo"), square_of(G, "krakens_reach"), bonus=1)
    Fraction(1, 12)
    """
    _check_water(G, target, "target")
    _check_bonus(bonus)
    steps = _ends(G, start, 12 + bonus, occupied, pass_through).get(target)
    if steps is None:
        return Fraction(0)
    return sum((p for total, p in sum_of_dice(2).items() if total + bonus >= steps), Fraction(0))


def move_toward(
    G: nx.Graph, square: Square, target: Square, roll: int, *, bonus: int = 0
) -> Square:
    """Return where a ship on `square` moves with `roll`, heading for `target`.

    The policy of :func:`turns_to_reach` and :func:`simulate_turns`: of the squares the
    ship can end on (:func:`reachable`), the one nearest `target` by water, ties to the
    smallest ``(row, column)``; so the target itself whenever the roll reaches it.

    Raises
    ------
    IllegalActionError
        If a square is not water, the roll or bonus is out of range, or `target` cannot
        be reached from `square` by water under the graph's diagonal rule.

    Examples
    --------
    Kraken's Reach is 12 squares from Port Diablo:

    >>> G = sea_graph()
    >>> kraken = square_of(G, "krakens_reach")
    >>> move_toward(G, (0, 0), kraken, 7), move_toward(G, (0, 0), kraken, 12)
    ((1, 7), (6, 10))
    >>> move_toward(G, (1, 7), kraken, 4), move_toward(G, (1, 7), kraken, 4, bonus=1)
    ((5, 9), (6, 10))
    """
    _check_water(G, square, "start")
    _check_water(G, target, "target")
    _check_roll(roll)
    _check_bonus(bonus)
    return _mover(G, square, target)(square, roll, bonus)


def turns_to_reach(
    G: nx.Graph, start: Square, target: Square, *, bonus: int = 0
) -> dict[int, Fraction]:
    """Return the exact distribution of the number of turns to end a move on `target`.

    A Markov chain over squares. Each turn the ship rolls 2d6 and moves, by the policy
    stated here (:func:`move_toward`), to the square it can reach that is nearest `target`
    by water (ties to the smallest ``(row, column)``), so it arrives as soon as a roll
    allows. Other ships are left out: they move too, and the rulebook lets a ship stop
    short of them. `bonus` is added to every roll, as for the Dread Pirate.

    Raises
    ------
    IllegalActionError
        If `target` cannot be reached from `start` by water under the graph's diagonal rule.

    Examples
    --------
    >>> G = sea_graph()
    >>> turns = turns_to_reach(G, square_of(G, "port_diablo"), square_of(G, "krakens_reach"))
    >>> {k: str(p) for k, p in turns.items()}
    {1: '1/36', 2: '475/648', 3: '1783/7776', 4: '5489/559872', 5: '5929/60466176',
     6: '11/60466176'}
    >>> sum(turns.values())
    Fraction(1, 1)
    >>> turns_to_reach(G, (0, 0), square_of(G, "krakens_reach"), bonus=1)[1]
    Fraction(1, 12)
    """
    _check_water(G, start, "start")
    _check_water(G, target, "target")
    _check_bonus(bonus)
    moves = _mover(G, start, target)
    if start == target:
        return {0: Fraction(1)}
    rolls = {total: p.numerator * (_ROLLS // p.denominator) for total, p in sum_of_dice(2).items()}
    onward: dict[Square, dict[Square, int]] = {}  # each square's next squares, in rolls of 36
    turns: dict[int, Fraction] = {}
    here = {start: 1}  # the chance of each square after `turn` turns, times 36 ** turn
    turn = 0
    while here:
        turn += 1
        there: dict[Square, int] = {}
        arrived = 0
        for square, n in here.items():
            if square not in onward:
                onward[square] = {}
                for total, ways in rolls.items():
                    after = moves(square, total, bonus)
                    onward[square][after] = onward[square].get(after, 0) + ways
            for after, ways in onward[square].items():
                if after == target:
                    arrived += n * ways
                else:
                    there[after] = there.get(after, 0) + n * ways
        if arrived:
            turns[turn] = Fraction(arrived, _ROLLS**turn)
        here = there
    return turns


def simulate_turns(
    G: nx.Graph, start: Square, target: Square, rng: random.Random, *, bonus: int = 0
) -> int:
    """Play turns with real dice under :func:`turns_to_reach`'s policy; return how many.

    Examples
    --------
    >>> G = sea_graph()
    >>> simulate_turns(G, (0, 0), (12, 19), random.Random(1))
    4
    """
    _check_water(G, start, "start")
    _check_water(G, target, "target")
    _check_bonus(bonus)
    moves = _mover(G, start, target)
    turns, here = 0, start
    while here != target:
        turns += 1
        here = moves(here, rng.randint(1, 6) + rng.randint(1, 6), bonus)
    return turns


@functools.cache
def _default_sea() -> Sea:
    """The packaged sea, loaded once."""
    return _build(*data.read(_FILE))


def _mover(G: nx.Graph, start: Square, target: Square):
    """The movement policy toward `target`, checked to reach it from `start`."""
    move = _policy(G, target)
    if start not in move.to_target:
        raise IllegalActionError(
            f"{target} cannot be reached from {start} by water under the diagonal rule "
            f"{G.graph['diagonal']!r}"
        )
    return move


@functools.lru_cache(maxsize=64)
def _policy(G: nx.Graph, target: Square):
    """The movement policy: the reachable square nearest the target, ties to the smallest.

    One search from the target gives every square's distance to it. A ship that can reach
    the target ends there. Otherwise the nearest squares it can reach are those a whole
    roll along a shortest way to the target, so the policy's square is the smallest of
    them: ``along(square, k)``, the smallest square k steps along a shortest way, is the
    smallest of ``along(v, k - 1)`` over the neighbours v one step nearer the target.
    """
    to_target = nx.single_source_shortest_path_length(G, target)
    known: dict[tuple[Square, int], Square] = {}

    def along(square: Square, k: int) -> Square:
        if k == 0:
            return square
        found = known.get((square, k))
        if found is None:
            nearer = to_target[square] - 1
            found = min(along(v, k - 1) for v in G[square] if to_target[v] == nearer)
            known[square, k] = found
        return found

    @functools.cache
    def move(square: Square, roll: int, bonus: int = 0) -> Square:
        most = roll + bonus
        return target if to_target[square] <= most else along(square, most)

    move.to_target = to_target
    return move


def _ends(
    G: nx.Graph, start: Square, most: int, occupied: Iterable[Square], pass_through: bool
) -> dict[Square, int]:
    """The squares a ship on `start` can end on within `most` steps, with their distances."""
    _check_water(G, start, "start")
    blocked = _blocked(G, occupied) - {start}
    moves = G if pass_through else G.subgraph(set(G) - blocked)
    lengths = nx.single_source_shortest_path_length(moves, start, cutoff=most)
    return {square: n for square, n in lengths.items() if square not in blocked}


def _step_allowed(sea: Sea, a: Square, b: Square, diagonal: str) -> bool:
    """Whether one step between two neighbouring water squares is allowed."""
    if a[0] == b[0] or a[1] == b[1]:
        return True
    sides = sea.is_water((a[0], b[1])) + sea.is_water((b[0], a[1]))
    return {"never": False, "both_sides_water": sides == 2, "one_side_water": sides >= 1}.get(
        diagonal, True
    )


def _blocked(G: nx.Graph, occupied: Iterable[Square]) -> frozenset[Square]:
    """The occupied squares, each checked to be water."""
    squares = frozenset(tuple(square) for square in occupied)
    for square in squares:
        _check_water(G, square, "an occupied square")
    return squares


def _check_water(G: nx.Graph, square: object, what: str) -> None:
    """Raise unless `square` is a water square of the board."""
    sea = G.graph["sea"]
    if not (
        isinstance(square, tuple) and len(square) == 2 and all(isinstance(x, int) for x in square)
    ):
        raise IllegalActionError(f"{what} must be a (row, column) square, got {square!r}")
    if not sea.on_board(square):
        raise IllegalActionError(
            f"{what} {square} is off the board: rows 0 to {sea.height - 1}, columns 0 to "
            f"{sea.width - 1}"
        )
    if not sea.is_water(square):
        raise IllegalActionError(f"{what} {square} is land: {_MOVE}")


def _check_roll(roll: object) -> None:
    """Raise unless `roll` is a whole number a 2d6 roll could allow (0 to 12)."""
    if isinstance(roll, bool) or not isinstance(roll, int) or not 0 <= roll <= 12:
        raise IllegalActionError(f"a roll of two dice moves 0 to 12 spaces, got {roll!r}")


def _check_bonus(bonus: object) -> None:
    """Raise unless `bonus` is a whole number of spaces, 0 or more, added to a roll."""
    if isinstance(bonus, bool) or not isinstance(bonus, int) or bonus < 0:
        raise IllegalActionError(f"a roll bonus adds 0 or more spaces, got {bonus!r}")


def _initial(entry: Mapping[str, Any]) -> str:
    """A place's letter in the text picture: ``C`` for a City, ``M`` for a Mission place."""
    return entry["kind"][0].upper()


def _build(file: str, raw: dict[str, Any]) -> Sea:
    """Check the parsed sea file and return its Sea."""
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
        if entry["kind"] not in _KINDS:
            raise DataError(
                f"{where}: kind must be one of {', '.join(_KINDS)}, got {entry['kind']!r}"
            )
        at = entry["at"]
        if not (isinstance(at, list) and len(at) == 2 and all(isinstance(x, int) for x in at)):
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
    sea = Sea(rows, MappingProxyType({k: MappingProxyType(v) for k, v in places.items()}))
    G = sea_graph(sea, diagonal="never")
    home = places[CITIES[0]]["at"]
    for city in CITIES[1:]:
        if not nx.has_path(G, home, places[city]["at"]):
            raise DataError(
                f"{file}: place: {places[city]['name']} cannot be reached by water from "
                f"{places[CITIES[0]]['name']} (moving only horizontally and vertically)"
            )
    return sea
