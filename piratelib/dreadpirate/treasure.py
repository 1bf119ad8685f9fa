"""Dread Pirate's treasure: Gold and Gems in a Pirate's purse, and the three ways to win.

Winning: "Be the first pirate to collect 20 Gold, 12 Gems of a single color, or 4 Gems of
each color, and you will win the game!" A :class:`Purse` holds Gold and Gems by colour (the
colours are in ``dreadpirate.toml``); an **item** is one Gold or one Gem, as the Spoils of
Battle count them. :func:`check_win` says which way to win a purse reaches, if any.

Examples
--------
>>> purse = Purse.of(gold=5, red=4)
>>> purse.needs()
{'gold': 15, 'one_colour': 8, 'each_colour': 12}
>>> check_win(purse.add("gold", 15)).condition
<Condition.GOLD: 'gold'>
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace
from typing import Protocol

from piratelib.dreadpirate.data import load_dreadpirate
from piratelib.errors import IllegalActionError, check_id, check_whole

__all__ = ["GOLD", "RULE_WINNING", "Condition", "Outcome", "Purse", "check_win", "item_words"]

GOLD = "gold"
"""The item name of Gold; a Gem is named by its colour id."""
RULE_WINNING = (
    "Be the first pirate to collect 20 Gold, 12 Gems of a single color, or 4 Gems of each color"
)


class Condition(enum.Enum):
    """The three ways to win: "20 Gold, 12 Gems of a single color, or 4 Gems of each color"."""

    GOLD = "gold"
    ONE_COLOUR = "one_colour"
    EACH_COLOUR = "each_colour"

    @classmethod
    def _missing_(cls, value: object) -> Condition:
        """An unknown winning condition is refused, naming the three.

        Examples
        --------
        >>> Condition("silver")
        Traceback (most recent call last):
          ...
        piratelib.errors.IllegalActionError: unknown winning condition 'silver': ...
        """
        check_id("winning condition", value, [c.value for c in cls])
        raise AssertionError("unreachable: check_id refuses every value not found")


@dataclass(frozen=True)
class Outcome:
    """A win: the Pirate (``""`` for a bare purse), the way they won, and why."""

    condition: Condition
    winner: str
    why: str


@dataclass(frozen=True)
class Purse:
    """A Pirate's treasure: Gold, and Gems by colour, as a canonical immutable record.

    ``gems`` holds ``(colour, count)`` pairs in the colours' order, without zero counts,
    so equal purses compare equal. Build one with :meth:`of`. An **item** is one Gold
    (``"gold"``) or one Gem (its colour id): the Spoils of Battle count items.

    Raises
    ------
    IllegalActionError
        For a negative count, an unknown colour, or pairs out of order.

    Examples
    --------
    >>> purse = Purse.of(gold=5, red=4)
    >>> purse
    Purse(gold=5, gems=(('red', 4),))
    >>> print(purse), purse.items, purse.gem("blue")
    5 Gold, 4 red Gems
    (None, 9, 0)
    >>> print(purse.remove("red").add("blue", 2))
    5 Gold, 3 red Gems, 2 blue Gems
    """

    gold: int = 0
    gems: tuple[tuple[str, int], ...] = ()

    def __post_init__(self) -> None:
        dp = load_dreadpirate()
        check_whole("Gold", self.gold, 0, dp.components["gold"], error=IllegalActionError)
        order = list(dp.colours)
        last = -1
        for pair in self.gems:
            if not isinstance(pair, tuple) or len(pair) != 2:
                raise IllegalActionError(f"gems must be (colour, count) pairs, got {pair!r}")
            colour, count = pair
            dp.colour(colour)
            check_whole(f"{colour} Gems", count, 1, dp.components["gems"], error=IllegalActionError)
            if order.index(colour) <= last:
                raise IllegalActionError(
                    f"gems must list each colour once, in the order {', '.join(order)}: "
                    "build purses with Purse.of"
                )
            last = order.index(colour)

    @classmethod
    def of(cls, gold: int = 0, **gems: int) -> Purse:
        """Return the purse with `gold` Gold and the given Gems by colour.

        Examples
        --------
        >>> print(Purse.of(green=2, gold=1, red=0))
        1 Gold, 2 green Gems
        """
        dp = load_dreadpirate()
        for colour, count in gems.items():
            dp.colour(colour)
            check_whole(f"{colour} Gems", count, 0, dp.components["gems"], error=IllegalActionError)
        return cls(gold, tuple((c, gems[c]) for c in dp.colours if gems.get(c)))

    def gem(self, colour: str) -> int:
        """How many Gems of `colour` the purse holds."""
        return dict(self.gems).get(load_dreadpirate().colour(colour), 0)

    @property
    def gem_count(self) -> int:
        """All Gems, of every colour."""
        return sum(n for _, n in self.gems)

    @property
    def items(self) -> int:
        """Every treasure item: Gold and Gems."""
        return self.gold + self.gem_count

    def count(self, item: str) -> int:
        """How many of `item` (``"gold"`` or a colour id) the purse holds."""
        return self.gold if item == GOLD else self.gem(item)

    def add(self, item: str, n: int = 1) -> Purse:
        """Return the purse with `n` more of `item` (``"gold"`` or a colour id).

        Raises
        ------
        IllegalActionError
            For an unknown item, or an `n` that is not a whole number of 0 or more.

        Examples
        --------
        >>> Purse.of(red=1).add("red", -1)
        Traceback (most recent call last):
          ...
        piratelib.errors.IllegalActionError: how many must be a whole number from 0 to 100, got -1
        """
        _check_item(item, n)
        return self._changed(item, n)

    def remove(self, item: str, n: int = 1) -> Purse:
        """Return the purse with `n` fewer of `item`.

        Raises
        ------
        IllegalActionError
            If the purse holds fewer than `n` of `item`.

        Examples
        --------
        >>> Purse.of(gold=1).remove("red")
        Traceback (most recent call last):
          ...
        piratelib.errors.IllegalActionError: cannot take 1 red Gem from 1 Gold: it holds 0
        """
        _check_item(item, n)
        have = self.count(item)
        if have < n:
            raise IllegalActionError(
                f"cannot take {item_words(item, n)} from {self}: it holds {have}"
            )
        return self._changed(item, -n)

    def plus(self, other: Purse) -> Purse:
        """This purse and `other` together.

        Examples
        --------
        >>> print(Purse.of(gold=1, red=2).plus(Purse.of(red=1, blue=1)))
        1 Gold, 3 red Gems, 1 blue Gem
        """
        _check_purse(other)
        gems = {c: self.gem(c) + other.gem(c) for c in load_dreadpirate().colours}
        return Purse.of(self.gold + other.gold, **gems)

    def minus(self, other: Purse) -> Purse:
        """This purse without what `other` holds.

        Raises
        ------
        IllegalActionError
            If this purse holds less of something than `other`.
        """
        _check_purse(other)
        purse = self.remove(GOLD, other.gold) if other.gold else self
        for colour, n in other.gems:
            purse = purse.remove(colour, n)
        return purse

    def needs(self) -> dict[str, int]:
        """How many more items each way of winning needs: 0 means it is won.

        Keys: ``"gold"`` (to 20 Gold), ``"one_colour"`` (to 12 Gems of the best colour)
        and ``"each_colour"`` (to 4 Gems of each colour).

        Examples
        --------
        >>> Purse.of(gold=5, red=4).needs()
        {'gold': 15, 'one_colour': 8, 'each_colour': 12}
        """
        dp = load_dreadpirate()
        win = dp.winning
        counts = [self.gem(c) for c in dp.colours]
        return {
            "gold": max(0, win["gold"] - self.gold),
            "one_colour": max(0, win["gems_of_one_colour"] - max(counts)),
            "each_colour": sum(max(0, win["gems_of_each_colour"] - n) for n in counts),
        }

    def __str__(self) -> str:
        words = [f"{self.gold} Gold"] if self.gold else []
        words += [item_words(colour, n) for colour, n in self.gems]
        return ", ".join(words) or "nothing"

    def _changed(self, item: str, n: int) -> Purse:
        """The purse with `n` (may be negative) added to `item`."""
        if item == GOLD:
            return replace(self, gold=self.gold + n)
        dp = load_dreadpirate()
        dp.colour(item)
        gems = dict(self.gems)
        gems[item] = gems.get(item, 0) + n
        return Purse.of(self.gold, **gems)


def check_win(who: _Holder | Purse) -> Outcome | None:
    """Return the win a Pirate's (or a purse's) treasure makes, or None.

    `who` is a :class:`~piratelib.dreadpirate.game.state.Pirate` (anything with a ``name`` and a
    ``purse``) or a bare :class:`Purse`.

    "Be the first pirate to collect 20 Gold, 12 Gems of a single color, or 4 Gems of each
    color, and you will win the game!" When more than one holds, the first in that order.

    Examples
    --------
    >>> check_win(Purse.of(gold=3, red=12)).condition
    <Condition.ONE_COLOUR: 'one_colour'>
    >>> print(check_win(Purse.of(red=4, brown=5, blue=4, green=4)).why)
    4 Gems of each color (red 4, brown 5, blue 4, green 4): Be the first pirate to collect 20
    Gold, 12 Gems of a single color, or 4 Gems of each color
    >>> check_win(Purse.of(gold=19, red=11)) is None
    True
    """
    purse = getattr(who, "purse", who)
    name = getattr(who, "name", "")
    if not isinstance(purse, Purse) or not isinstance(name, str):
        raise IllegalActionError(f"check_win needs a Pirate or a Purse, got {who!r}")
    dp = load_dreadpirate()
    win = dp.winning
    needs = purse.needs()
    if not needs["gold"]:
        return Outcome(Condition.GOLD, name, f"{purse.gold} Gold: {RULE_WINNING}")
    if not needs["one_colour"]:
        colour = max(dp.colours, key=purse.gem)
        why = f"{purse.gem(colour)} {colour} Gems, {win['gems_of_one_colour']} or more of one color"
        return Outcome(Condition.ONE_COLOUR, name, f"{why}: {RULE_WINNING}")
    if not needs["each_colour"]:
        counts = ", ".join(f"{c} {purse.gem(c)}" for c in dp.colours)
        why = f"{win['gems_of_each_colour']} Gems of each color ({counts})"
        return Outcome(Condition.EACH_COLOUR, name, f"{why}: {RULE_WINNING}")
    return None


def item_words(item: str, n: int) -> str:
    """Return `n` of `item` in words.

    Examples
    --------
    >>> item_words("gold", 3), item_words("red", 1), item_words("blue", 2)
    ('3 Gold', '1 red Gem', '2 blue Gems')
    >>> item_words("red", -1)
    Traceback (most recent call last):
      ...
    piratelib.errors.IllegalActionError: how many must be a whole number from 0 to ..., got -1
    """
    _check_item(item, n)
    return f"{n} Gold" if item == GOLD else f"{n} {item} Gem" + "s" * (n != 1)


def _check_item(item: object, n: object) -> None:
    """`item` must be Gold or a Gem colour, and `n` a whole number of them, 0 or more."""
    dp = load_dreadpirate()
    check_id("item", item, (GOLD, *dp.colours))
    check_whole(
        "how many", n, 0, dp.components["gold"] + dp.components["gems"], error=IllegalActionError
    )


def _check_purse(other: object) -> None:
    """`other` must be a Purse."""
    if not isinstance(other, Purse):
        raise TypeError(f"expected a Purse, got {other!r}")


class _Holder(Protocol):
    """Anything holding a purse under a name, such as a Pirate (this module sits below state)."""

    @property
    def name(self) -> str: ...

    @property
    def purse(self) -> Purse: ...
