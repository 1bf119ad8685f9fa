"""Exact odds of answering the Flying Deutchmann (or Davey Jones) with a card in hand.

The Flying Deutchmann's holder "must "reveal" a card: Turn over the top card from the deck
... and note which of the four symbols appears in the lower-left corner", then may
"respond": "Reveal a card from your hand that has the same symbol as the card you just
placed in the discard pile." Each corner symbol "appears on 1 card out of 2, 1 card out of
4, 1 card out of 8, and 1 card out of 8 respectively". Davey Jones asks the same question,
but "If a player can respond, they must do so" and "As soon as someone fails to respond,
the game ends".

The chance that a hand of `k` cards can respond is :func:`respond_chance`: exact, for a
hand and a revealed card dealt from one well-shuffled deck (a hypergeometric sum over the
four symbols), with nothing else known about the cards. :func:`independent_respond_chance`
is the quick approximation that treats every card as an independent draw with the
rulebook's shares, and :func:`sample_respond` deals one case with an ``rng``, for
simulations.

Examples
--------
With 4 cards in hand, from the 72-card teaching deck:

>>> respond_chance(4)
Fraction(1428407, 1943270)
>>> round(float(respond_chance(4)), 4), round(float(independent_respond_chance(4)), 4)
(0.7351, 0.7431)
"""

from __future__ import annotations

import functools
import random
import reprlib
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from math import comb

from piratelib.blackflag.data import load_blackflag
from piratelib.blackflag.state import Card, teaching_deck
from piratelib.errors import IllegalActionError, check_number

__all__ = [
    "corner_shares",
    "independent_respond_chance",
    "respond_chance",
    "sample_respond",
]


def corner_shares() -> dict[str, Fraction]:
    """Return each corner symbol's share of the deck: "1 card out of 2, ... 4, ... 8, ... 8".

    Examples
    --------
    >>> {corner: str(share) for corner, share in corner_shares().items()}
    {'corner_a': '1/2', 'corner_b': '1/4', 'corner_c': '1/8', 'corner_d': '1/8'}
    """
    return {
        corner: Fraction(1, entry["per"])
        for corner, entry in load_blackflag().corner_symbols.items()
    }


def respond_chance(hand: int, deck: Sequence[Card] | None = None) -> Fraction:
    """Return the exact chance that a hand of `hand` cards can respond to a revealed card.

    To **respond** is to show a card whose lower-left corner symbol is the revealed card's.
    The revealed card and the hand are dealt from one shuffled `deck`: the revealed card
    has symbol ``c`` with chance ``n_c / N``, and then the hand is `hand` of the other
    ``N - 1`` cards, of which ``n_c - 1`` show ``c``, so it misses them all with chance
    ``C(N - n_c, hand) / C(N - 1, hand)``.

    Parameters
    ----------
    hand : int
        Cards in the holder's hand, 0 to ``len(deck) - 1``.
    deck : sequence of Card, optional
        The cards dealt from (default: the 72 of
        :func:`~piratelib.blackflag.state.teaching_deck`). Only their corners matter.

    Raises
    ------
    IllegalActionError
        If `hand` is not a whole number from 0 to ``len(deck) - 1``, or `deck` is not a
        non-empty sequence of Cards.

    Examples
    --------
    One card in hand responds when two cards in a row share a symbol:

    >>> respond_chance(1)
    Fraction(95, 284)
    >>> respond_chance(0), respond_chance(71)
    (Fraction(0, 1), Fraction(1, 1))
    """
    counts = Counter(card.corner for card in _deck(deck))
    total = sum(counts.values())
    _check_hand(hand, total - 1)
    return sum(
        (
            Fraction(n, total) * (1 - Fraction(comb(total - n, hand), comb(total - 1, hand)))
            for n in counts.values()
        ),
        Fraction(0),
    )


def independent_respond_chance(hand: int, shares: Mapping[str, Fraction] | None = None) -> Fraction:
    """Return the chance to respond if every card showed each symbol independently.

    With shares ``p_c`` (default :func:`corner_shares`), the revealed card shows ``c`` with
    chance ``p_c`` and each of the `hand` cards misses it with chance ``1 - p_c``, so the
    chance is the sum of ``p_c * (1 - (1 - p_c) ** hand)``. It slightly overstates
    :func:`respond_chance`, since a revealed card's symbol is one fewer among the rest.

    Raises
    ------
    IllegalActionError
        If `hand` is not a whole number from 0 to 100, or the shares are not numbers from 0
        to 1, by corner symbol, summing to 1.

    Examples
    --------
    >>> independent_respond_chance(1)
    Fraction(11, 32)
    """
    shares = corner_shares() if shares is None else _shares(shares)
    _check_hand(hand, 100)
    if sum(shares.values()) != 1:
        raise IllegalActionError(f"the corner shares must sum to 1, got {sum(shares.values())}")
    return sum(
        (Fraction(p) * (1 - (1 - Fraction(p)) ** hand) for p in shares.values()), Fraction(0)
    )


def sample_respond(hand: int, rng: random.Random, deck: Sequence[Card] | None = None) -> bool:
    """Deal a revealed card and a hand of `hand` cards with `rng`; can the hand respond?

    Raises
    ------
    IllegalActionError
        If `hand` is not a whole number from 0 to ``len(deck) - 1``, `deck` is not a
        non-empty sequence of Cards, or `rng` is not a ``random.Random``.

    Examples
    --------
    >>> rng = random.Random(1)
    >>> sum(sample_respond(4, rng) for _ in range(1000))
    751
    """
    cards = list(_deck(deck))
    _check_hand(hand, len(cards) - 1)
    if not isinstance(rng, random.Random):
        raise IllegalActionError(f"rng must be a random.Random, got {rng!r}")
    revealed, *dealt = rng.sample(cards, hand + 1)
    return any(card.corner == revealed.corner for card in dealt)


@functools.cache
def _teaching_deck() -> tuple[Card, ...]:
    """The teaching deck, built once."""
    return teaching_deck()


def _deck(deck: object) -> Sequence[Card]:
    """The teaching deck for None, else `deck` after checking it holds only Cards."""
    if deck is None:
        return _teaching_deck()
    if isinstance(deck, str | Mapping) or not isinstance(deck, Iterable):
        raise IllegalActionError(f"deck must be a sequence of Cards, got {reprlib.repr(deck)}")
    deck = list(deck)
    wrong = [card for card in deck if type(card) is not Card]
    if wrong or not deck:
        raise IllegalActionError(
            f"deck must be a non-empty sequence of Cards, got {reprlib.repr(wrong or deck)}"
        )
    return deck


def _shares(shares: object) -> dict[str, Fraction]:
    """`shares` as a dict, after checking it maps corner symbols to numbers from 0 to 1."""
    if not isinstance(shares, Mapping) or not shares:
        raise IllegalActionError(
            f"shares must map corner symbols to their shares, got {reprlib.repr(shares)}"
        )
    for corner, share in shares.items():
        if type(corner) is not str:
            raise IllegalActionError(f"shares are keyed by corner symbol, got {corner!r}")
        check_number(f"the share of {corner}", share, 0, 1, error=IllegalActionError)
    return dict(shares)


def _check_hand(hand: object, most: int) -> None:
    """Refuse a hand size that is not a whole number from 0 to `most`."""
    if isinstance(hand, bool) or not isinstance(hand, int) or not 0 <= hand <= most:
        raise IllegalActionError(
            f"a hand must be a whole number of cards from 0 to {most}, got {hand!r}"
        )
