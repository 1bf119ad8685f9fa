"""Exact chances as whole numbers over powers of 6, for the Encounter solver.

Every chance in an Encounter is a whole number of sixths to some power: each roll's
outcomes are so, and so are their sums and products. So
:class:`~piratelib.blackbeard.encounter.solver.Solver` carries a distribution over the
Endings as a :data:`Value`, (k, numerators) with P(ending i) = numerators[i] / 6**k, and
turns it into Fractions only at the end: the same exact answers, many times faster. Here
are the pure dice tables written that way (kept across calls, since they hold nothing of
an Encounter), how to add up a roll's outcomes (:func:`mix`) and how a side picks among
options (:func:`pick`, by the objectives of the solver's module docstring).

Examples
--------
>>> base6(1, 36), mix([(1, 1, (0, (1, 0, 0, 0, 0))), (1, 5, (1, (0, 6, 0, 0, 0)))])
((2, 1), (2, (6, 30, 0, 0, 0)))
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import TypeAlias

from piratelib import dice
from piratelib.blackbeard.encounter.record import MAX_HITS, Ending, roll_odds
from piratelib.blackbeard.encounter.rules import volley
from piratelib.blackbeard.readonly import Fixed

# The functions here are building blocks of this folder's drawings, not an API.
__all__ = ["ENDINGS", "POW6", "Value"]


ENDINGS = tuple(Ending)
"""The Endings, in the order of a :data:`Value`'s numerators."""
POW6 = tuple(6**i for i in range(8 * dice.MAX_DICE + 1))
"""Powers of 6, far beyond the dice of any Encounter (a pure table)."""
_HUNTERS_WIN, _BLACKBEARD_WINS, _BLACKBEARD_ESCAPES, _HANDS_ARRESTED = (
    ENDINGS.index(e)
    for e in (
        Ending.HUNTERS_WIN,
        Ending.BLACKBEARD_WINS,
        Ending.BLACKBEARD_ESCAPES,
        Ending.ISRAEL_HANDS_ARRESTED,
    )
)

Value: TypeAlias = tuple[int, tuple[int, ...]]
"""An exact distribution over Endings as (k, numerators): P(ending i) = numerators[i] / 6**k.
Every chance in an Encounter is a whole number of sixths to some power, so whole numbers
carry it exactly, and many times faster than Fractions (the calculator must feel instant)."""


@functools.cache
def capped(
    shooters: tuple[tuple[int, bool], ...],
) -> Mapping[tuple[int, int, int], tuple[int, int]]:
    """:func:`~piratelib.blackbeard.encounter.rules.volley` with Hits beyond Adventure's
    caps left out, chances as (k, n) for n / 6**k (a pure dice table, kept across calls).

    Six dice without 3-4 Hits: up to 2 Rigging and 2 Crew Hits count, so 9 outcomes.

    >>> from fractions import Fraction
    >>> table = capped(((6, False),))
    >>> len(table), sum(Fraction(n, 6**k) for k, n in table.values())
    (9, Fraction(1, 1))
    """
    out: dict[tuple[int, int, int], tuple[int, int]] = {}
    cap = MAX_HITS["adventure"]
    for (rigging, crew, flexible), p in volley(shooters).items():
        rigging, crew = min(rigging, cap), min(crew, cap)
        hits = rigging, crew, min(flexible, 2 * cap - rigging - crew)
        kp, np_ = base6(p.numerator, p.denominator)
        if hits in out:
            k, n = out[hits]
            top = max(k, kp)
            out[hits] = top, n * POW6[top - k] + np_ * POW6[top - kp]
        else:
            out[hits] = kp, np_
    return Fixed(out)


@functools.cache
def in_sixths(
    shooters: tuple[tuple[int, bool], ...],
) -> Mapping[tuple[int, int, int], tuple[int, int]]:
    """:func:`~piratelib.blackbeard.encounter.rules.volley` with chances as (k, n) for
    n / 6**k (a pure dice table, kept across calls).

    >>> in_sixths(((1, False),))[0, 0, 0]
    (1, 4)
    """
    return Fixed({hits: base6(p.numerator, p.denominator) for hits, p in volley(shooters).items()})


@functools.cache
def typings(hits: tuple[int, int, int]) -> tuple[tuple[int, int, int], ...]:
    """The Hits each typing of the 3-4 Hits in `hits` lands (capped), as :func:`options`
    lists them at ``split:hunters``: the most Rigging first, and only the typings that land
    as many Hits as the caps allow (a pure table).

    >>> typings((1, 0, 2))
    ((2, 1, 0), (1, 2, 0))
    >>> typings((0, 2, 2))
    ((2, 2, 0),)
    """
    rigging, crew, flexible = hits
    cap = MAX_HITS["adventure"]
    landed = [
        (min(rigging + k, cap), min(crew + flexible - k, cap), 0) for k in range(flexible, -1, -1)
    ]
    most = max(r + c for r, c, _ in landed)
    return tuple(hit for hit in landed if hit[0] + hit[1] == most)


@functools.cache
def roll_table(
    blackbeard_dice: int, hunter_dice: int, warned: bool, most_dice_win: bool
) -> tuple[tuple[str, int, int], ...]:
    """Who wins an opposed roll, with chances as n / 6**k: (winner, k, n), the impossible
    left out (a pure dice table, kept across calls).

    >>> roll_table(2, 1, False, True)
    (('blackbeard', 0, 1),)
    """
    p = roll_odds(blackbeard_dice, hunter_dice, warned=warned, most_dice_win=most_dice_win)
    won = (("blackbeard", p), ("hunters", 1 - p))
    return tuple((winner, *base6(q.numerator, q.denominator)) for winner, q in won if q)


@functools.cache
def base6(numerator: int, denominator: int) -> tuple[int, int]:
    """Write a probability as n / 6**k with the smallest k (a pure table, kept across calls)."""
    k = 0
    while (6**k) % denominator:
        k += 1
    return k, numerator * 6**k // denominator


def pick(side: str, values: list[Value]) -> int:
    """The index of the value `side` likes best (:func:`objective`); ties go to the first."""
    top = max(values)[0]  # the largest power of 6
    scores = [objective(side, ns, POW6[top - k]) for k, ns in values]
    return scores.index(max(scores))


def mix(terms: list[tuple[int, int, Value]]) -> Value:
    """The value of a roll from its outcomes, each (k, n, value) with chance n / 6**k."""
    k = max(kp + kv for kp, _, (kv, _) in terms)
    a, b, c, d, f = 0, 0, 0, 0, 0  # the five Endings, unrolled (the hottest loop)
    for kp, np_, (kv, (na, nb, nc, nd, nf)) in terms:
        scale = np_ * POW6[k - kp - kv]
        a, b, c, d, f = (
            a + scale * na,
            b + scale * nb,
            c + scale * nc,
            d + scale * nd,
            f + scale * nf,
        )
    return k, (a, b, c, d, f)


def objective(chooser: str, chances: tuple[int, ...], scale: int) -> tuple[int, ...]:
    """What a side maximises, compared in order, from chances times `scale` over a common
    denominator."""
    if chooser == "blackbeard":
        wins, escapes, loses = _BLACKBEARD_WINS, _BLACKBEARD_ESCAPES, _HUNTERS_WIN
    else:
        wins, escapes, loses = _HUNTERS_WIN, _HANDS_ARRESTED, _BLACKBEARD_WINS
    return chances[wins] * scale, chances[escapes] * scale, -chances[loses] * scale
