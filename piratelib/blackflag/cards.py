"""Black Flag!'s cards and Ships: the records, the decks piratelib plays with, and the
small checks every Black Flag! record makes when it is built.

A :class:`Card` is a playing card (its number, kind and corner symbol) and a :class:`Ship`
a Ship card; both are frozen and refuse anything the rules do not know. The decks are the
``[teaching_deck]`` and ``[teaching_ships]`` stand-ins of ``blackflag.toml`` (the rulebook
lists neither). :mod:`piratelib.blackflag.state` builds players and states from them.

Examples
--------
>>> deck = teaching_deck()
>>> len(deck), str(deck[0]), len(ship_deck())
(72, 'SHOT #1 (A)', 14)
"""

from __future__ import annotations

import reprlib
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from piratelib.blackflag.data import CARD_KINDS, load_blackflag
from piratelib.errors import IllegalActionError, check_id

__all__ = ["Card", "Ship", "ship_deck", "teaching_deck"]


@dataclass(frozen=True, order=True)
class Card:
    """A playing card: its number in the deck, its kind, and its lower-left corner symbol.

    Kinds are those of ``[teaching_deck]``: ``shot``, ``miss``, ``cannon``, ``sails``,
    ``telescope`` and ``flying_deutchmann``.

    Examples
    --------
    >>> print(Card(7, "shot", "corner_a"))
    SHOT #7 (A)
    """

    number: int
    kind: str
    corner: str

    def __post_init__(self) -> None:
        _whole("a card's number", self.number, 1, _MOST)
        if self.kind not in CARD_KINDS:
            check_id("card kind", self.kind, CARD_KINDS)
        if self.corner not in load_blackflag().corner_symbols:
            check_id("corner symbol", self.corner, load_blackflag().corner_symbols)

    def __str__(self) -> str:
        name = {"shot": "SHOT", "miss": "MISS"}.get(self.kind)
        name = name or load_blackflag().cards[self.kind]["name"]
        return f"{name} #{self.number} ({self.corner.removeprefix('corner_').upper()})"

    @property
    def type(self) -> str:
        """The card type: ``attack``, ``defense``, ``equipment`` or ``action``."""
        return CARD_KINDS[self.kind]


@dataclass(frozen=True)
class Ship:
    """A Ship card: "Treasure Chest", "Range", "Ammunition", "Barrels" and a Cannon ability.

    Each number is a whole number from 1 to 99; refused otherwise, as is an empty name.

    Examples
    --------
    >>> ship_deck()[0]
    Ship(name='Calypso', treasure=2, range=2, ammunition=1, barrels=4, cannon=True)
    >>> Ship("Sloop", treasure=1, range=1, ammunition=1, barrels=-3)
    Traceback (most recent call last):
      ...
    piratelib.errors.IllegalActionError: Sloop's barrels must be a whole number from 1 to 99,
    got -3
    """

    name: str
    treasure: int
    range: int
    ammunition: int
    barrels: int
    cannon: bool = False

    def __post_init__(self) -> None:
        _name("a Ship's name", self.name)
        for key in ("treasure", "range", "ammunition", "barrels"):
            _whole(f"{self.name}'s {key}", getattr(self, key), 1, 99)
        _flag(f"{self.name}'s cannon", self.cannon)


def teaching_deck() -> tuple[Card, ...]:
    """Return the 72 cards of ``[teaching_deck]``, numbered 1 to 72, in kind order.

    Examples
    --------
    >>> deck = teaching_deck()
    >>> len(deck), sum(card.corner == "corner_a" for card in deck)
    (72, 36)
    """
    spec = load_blackflag().teaching_deck
    pattern = spec["corner_pattern"]
    kinds = [kind for kind, count in spec["cards"].items() for _ in range(count)]
    return tuple(Card(i + 1, kind, pattern[i % len(pattern)]) for i, kind in enumerate(kinds))


def ship_deck() -> tuple[Ship, ...]:
    """Return the 14 Ships, the named ones first.

    Examples
    --------
    >>> len(ship_deck()), ship_deck()[1].name
    (14, 'Ship 2')
    """
    return tuple(
        Ship(
            ship["name"],
            ship["treasure"],
            ship["range"],
            ship["ammunition"],
            ship["barrels"],
            "cannon" in ship["abilities"],
        )
        for ship in load_blackflag().ship_deck
    )


_MOST = 10_000
"""A bound on counts (card numbers, Barrels, attacks) far above any game's."""
_PHASES = ("new_ship", "draw", "play", "discard")
_TOKEN_SIDES = ("flying_deutchmann", "davey_jones")
_PENDING_KINDS = ("shot", "keep", "deutchmann")
_CAUSES = ("shot", "deutchmann")


def _whole(name: str, value: object, low: int, high: int) -> None:
    """Refuse `value` unless it is an int (not a bool) from `low` to `high`."""
    if type(value) is not int or not low <= value <= high:
        raise IllegalActionError(
            f"{name} must be a whole number from {low} to {high}, got {value!r}"
        )


def _name(what: str, value: object) -> None:
    """Refuse `value` unless it is a non-empty str."""
    if type(value) is not str or not value:
        raise IllegalActionError(f"{what} must be a non-empty text, got {value!r}")


def _flag(what: str, value: object) -> None:
    """Refuse `value` unless it is True or False."""
    if type(value) is not bool:
        raise IllegalActionError(f"{what} must be True or False, got {value!r}")


def _listed(what: str, values: object) -> list[Any]:
    """`values` as a list, refusing text and anything that is not a collection."""
    if isinstance(values, str | bytes) or not isinstance(values, Iterable):
        raise IllegalActionError(f"{what} must be a sequence, got {values!r}")
    return list(values)


def _cards(what: str, cards: object) -> None:
    """Refuse `cards` unless it is a tuple of Card."""
    if type(cards) is not tuple:
        raise IllegalActionError(f"{what} must be a tuple of Card, got {reprlib.repr(cards)}")
    if not set(map(type, cards)) <= _CARD_TYPE:
        wrong = next(c for c in cards if type(c) is not Card)
        raise IllegalActionError(f"{what} must hold only Cards, got {reprlib.repr(wrong)}")


_CARD_TYPE = frozenset({Card})
_SHIP_TYPE = frozenset({Ship})
