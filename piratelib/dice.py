"""Exact dice arithmetic shared by the three games, and seeded sampling to cross-check it.

A *distribution* is a ``dict`` from outcome (an ``int``) to its probability (a
:class:`~fractions.Fraction`), with the probabilities summing to 1 and the outcomes in
increasing order. Every exact function here works in whole numbers and Fractions; no
float is used inside. Samplers take a :class:`random.Random` and never touch the global
one, so the same seed always gives the same result.

Examples
--------
Hunt for Blackbeard's Arrest in the rulebook's "Example: Arrest and Escape": Blackbeard
rolls 3 dice against the Hunters' 4, and the Hunters win ties until any Escape.

>>> highest_die_contest(3, 4, a_wins_ties=False)
Fraction(75799, 279936)

Dread Pirate's battles are 2d6 plus bonuses, and the attacker wins ties:

>>> win_probability(sum_of_dice(2, bonus=1), sum_of_dice(2), a_wins_ties=True)
Fraction(287, 432)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction

from piratelib.errors import PiratelibError, check_number, check_rng, check_whole

__all__ = [
    "MAX_DICE",
    "MAX_SIDES",
    "ScriptedRolls",
    "compare",
    "count_showing",
    "die",
    "frequencies",
    "highest_die",
    "highest_die_contest",
    "roll",
    "rolls_summing_at_most",
    "simulate_highest_die_contest",
    "standard_error",
    "sum_of_dice",
    "win_probability",
]

MAX_DICE = 100
"""The most dice any function accepts; far beyond any of the three games."""

MAX_SIDES = 100
"""The most sides a die may have."""

Distribution = dict[int, Fraction]

_SIDES = 6  # Hunt for Blackbeard's Components: "Eight 6-sided dice (four black, four red)"


def die(sides: int = 6) -> Distribution:
    """Return the distribution of one fair die.

    Parameters
    ----------
    sides : int
        Number of faces, numbered 1 to `sides`.

    Raises
    ------
    PiratelibError
        If `sides` is not a whole number from 2 to :data:`MAX_SIDES`.

    Examples
    --------
    >>> die(4)
    {1: Fraction(1, 4), 2: Fraction(1, 4), 3: Fraction(1, 4), 4: Fraction(1, 4)}
    """
    _check_sides(sides)
    return {face: Fraction(1, sides) for face in range(1, sides + 1)}


def sum_of_dice(n: int, *, sides: int = 6, bonus: int = 0) -> Distribution:
    """Return the distribution of the total of `n` dice plus a fixed `bonus`.

    Dread Pirate: "The attacker rolls two dice and adds any of his or her bonuses to
    them." Zero dice total 0 (plus the bonus) for certain.

    Parameters
    ----------
    n : int
        Number of dice, 0 to :data:`MAX_DICE`.
    sides : int
        Faces per die.
    bonus : int
        Added to every total; may be negative.

    Raises
    ------
    PiratelibError
        If `n`, `sides` or `bonus` is not a whole number in range.

    Examples
    --------
    >>> two_d6 = sum_of_dice(2)
    >>> two_d6[7], two_d6[2], sum(two_d6.values())
    (Fraction(1, 6), Fraction(1, 36), Fraction(1, 1))
    >>> sum_of_dice(1, sides=2, bonus=3)
    {4: Fraction(1, 2), 5: Fraction(1, 2)}
    """
    _check_count(n)
    _check_sides(sides)
    check_whole("bonus", bonus, -1000, 1000)
    ways = [1]  # ways[t] = number of ways n dice total t
    for _ in range(n):
        rolled = [0] * (len(ways) + sides)
        for total, count in enumerate(ways):
            for face in range(1, sides + 1):
                rolled[total + face] += count
        ways = rolled
    outcomes = sides**n
    return {total + bonus: Fraction(count, outcomes) for total, count in enumerate(ways) if count}


def rolls_summing_at_most(n: int, total: int, *, sides: int = 6) -> int:
    """Return how many of the ``sides**n`` rolls of `n` dice sum to `total` or less.

    A closed form, for hot paths where :func:`sum_of_dice` would build a whole
    distribution: inclusion-exclusion over the dice that go past `sides` gives the sum of
    ``(-1)**j C(n, j) C(total - sides*j, n)`` over the ``j`` with ``total - sides*j >= n``.

    Raises
    ------
    PiratelibError
        If `n`, `sides` or `total` is not a whole number in range.

    Examples
    --------
    >>> rolls_summing_at_most(2, 7), rolls_summing_at_most(2, 1), rolls_summing_at_most(2, 12)
    (21, 0, 36)
    """
    _check_count(n)
    _check_sides(sides)
    check_whole("total", total, -(MAX_DICE * MAX_SIDES), MAX_DICE * MAX_SIDES)
    return sum(
        (-1) ** j * math.comb(n, j) * math.comb(total - sides * j, n)
        for j in range(n + 1)
        if total - sides * j >= n
    )


def highest_die(n: int, *, sides: int = 6) -> Distribution:
    """Return the distribution of the highest single die among `n` dice.

    Zero dice have no highest die; that outcome is written 0, which is lower than any
    face, so "a side with zero dice loses to a side with at least one" falls out of an
    ordinary comparison (Hunt for Blackbeard, Roll Dice: "When one side has zero dice,
    the other wins if it has at least one die").

    Raises
    ------
    PiratelibError
        If `n` or `sides` is not a whole number in range.

    Examples
    --------
    >>> highest_die(2)[6]
    Fraction(11, 36)
    >>> highest_die(0)
    {0: Fraction(1, 1)}
    """
    _check_count(n)
    _check_sides(sides)
    if n == 0:
        return {0: Fraction(1)}
    outcomes = sides**n
    return {k: Fraction(k**n - (k - 1) ** n, outcomes) for k in range(1, sides + 1)}


def count_showing(n: int, faces: Iterable[int], *, sides: int = 6) -> Distribution:
    """Return the distribution of how many of `n` dice show one of `faces`.

    This counts Hits: in Hunt for Blackbeard's Firing "A roll of 6 is a Rigging Hit. A
    roll of 5 is a Crew Hit", and "3 or 4 is a Miss unless the player declared Chain or
    Grape". Each die is a Hit independently, so the count is binomial.

    Parameters
    ----------
    n : int
        Number of dice rolled.
    faces : iterable of int
        The faces that count, each from 1 to `sides`.
    sides : int
        Faces per die.

    Raises
    ------
    PiratelibError
        If `n` or `sides` is out of range or a face is not on the die.

    Examples
    --------
    >>> count_showing(2, {5, 6})
    {0: Fraction(4, 9), 1: Fraction(4, 9), 2: Fraction(1, 9)}
    >>> count_showing(1, range(3, 7))
    {0: Fraction(1, 3), 1: Fraction(2, 3)}
    """
    _check_count(n)
    _check_sides(sides)
    faces = frozenset(faces)
    for face in faces:
        check_whole("a counted face", face, 1, sides)
    hit = Fraction(len(faces), sides)
    return {k: math.comb(n, k) * hit**k * (1 - hit) ** (n - k) for k in range(n + 1)}


def compare(a: Mapping[int, Fraction], b: Mapping[int, Fraction]) -> tuple[Fraction, ...]:
    """Return ``(P(A higher), P(tie), P(B higher))`` for independent outcomes `a` and `b`.

    Parameters
    ----------
    a, b : distribution
        Independent distributions, such as :func:`sum_of_dice` or :func:`highest_die`.

    Raises
    ------
    PiratelibError
        If either argument is not a distribution (Fractions summing to 1).

    Examples
    --------
    >>> compare(die(), die())
    (Fraction(5, 12), Fraction(1, 6), Fraction(5, 12))
    """
    _check_distribution("a", a)
    _check_distribution("b", b)
    higher = tie = lower = Fraction(0)
    for x, px in a.items():
        for y, py in b.items():
            if x > y:
                higher += px * py
            elif x == y:
                tie += px * py
            else:
                lower += px * py
    return higher, tie, lower


def win_probability(
    a: Mapping[int, Fraction], b: Mapping[int, Fraction], *, a_wins_ties: bool
) -> Fraction:
    """Return the probability that A wins when the higher outcome wins.

    Parameters
    ----------
    a, b : distribution
        Independent outcomes of the two sides.
    a_wins_ties : bool
        Whether A wins when the outcomes are equal (Dread Pirate: "The attacker wins
        ties").

    Examples
    --------
    >>> win_probability(sum_of_dice(2), sum_of_dice(2), a_wins_ties=True)
    Fraction(721, 1296)
    """
    higher, tie, _ = compare(a, b)
    _check_flag("a_wins_ties", a_wins_ties)
    return higher + tie if a_wins_ties else higher


def highest_die_contest(a_dice: int, b_dice: int, *, a_wins_ties: bool) -> Fraction:
    """Return the probability that side A wins a roll where the highest single die wins.

    Hunt for Blackbeard, Roll Dice: "For Arrest, Escape, and Boarding, the highest roll
    on any single die wins. When one side has zero dice, the other wins if it has at
    least one die. If neither side has dice, treat that as a tied roll."

    Parameters
    ----------
    a_dice, b_dice : int
        Dice rolled by each side, 0 to :data:`MAX_DICE`.
    a_wins_ties : bool
        Whether A wins tied rolls (including zero dice against zero).

    Raises
    ------
    PiratelibError
        If a dice count is not a whole number from 0 to :data:`MAX_DICE`.

    Examples
    --------
    >>> highest_die_contest(3, 2, a_wins_ties=False)
    Fraction(3667, 7776)
    >>> highest_die_contest(1, 0, a_wins_ties=False), highest_die_contest(0, 0, a_wins_ties=True)
    (Fraction(1, 1), Fraction(1, 1))
    """
    _check_count(a_dice, "a_dice")
    _check_count(b_dice, "b_dice")
    # The rolls of n dice whose highest die is at most k number k**n, for k from 0 (zero dice
    # show "0": 0**0 == 1) to 6. A's highest die is exactly k in k**a - (k-1)**a of A's rolls;
    # B's is below k in (k-1)**b of B's rolls, or at most k in k**b when A wins ties.
    b_at_most = [0] + [k**b_dice for k in range(_SIDES + 1)]  # b_at_most[k + 1] = k**b_dice
    ways = a_below = 0
    for k in range(_SIDES + 1):
        a_at_most = k**a_dice
        ways += (a_at_most - a_below) * b_at_most[k + 1 if a_wins_ties else k]
        a_below = a_at_most
    return Fraction(ways, _SIDES ** (a_dice + b_dice))


def roll(n: int, rng: random.Random, *, sides: int = 6) -> tuple[int, ...]:
    """Roll `n` dice with `rng` and return the faces.

    Examples
    --------
    >>> roll(3, random.Random(1))
    (2, 5, 1)
    """
    _check_count(n)
    _check_sides(sides)
    check_rng(rng)
    return tuple(rng.randint(1, sides) for _ in range(n))


def frequencies(
    experiment: Callable[[random.Random], int], trials: int, rng: random.Random
) -> Distribution:
    """Run `experiment(rng)` `trials` times and return the observed frequencies.

    The result has the same shape as an exact distribution, so the two can be compared
    outcome by outcome.

    Raises
    ------
    PiratelibError
        If `trials` is not a whole number from 1 to 10,000,000.

    Examples
    --------
    >>> observed = frequencies(lambda rng: sum(roll(2, rng)), 6000, random.Random(7))
    >>> sorted(observed) == sorted(sum_of_dice(2)), sum(observed.values())
    (True, Fraction(1, 1))
    """
    check_whole("trials", trials, 1, 10_000_000)
    check_rng(rng)
    if not callable(experiment):
        raise PiratelibError(f"experiment must be a function of an rng, got {experiment!r}")
    counts: dict[int, int] = {}
    for _ in range(trials):
        outcome = experiment(rng)
        counts[outcome] = counts.get(outcome, 0) + 1
    return {outcome: Fraction(counts[outcome], trials) for outcome in sorted(counts)}


def simulate_highest_die_contest(
    a_dice: int, b_dice: int, *, a_wins_ties: bool, trials: int, rng: random.Random
) -> Fraction:
    """Roll the contest of :func:`highest_die_contest` `trials` times; return A's win rate.

    Examples
    --------
    >>> rate = simulate_highest_die_contest(
    ...     3, 2, a_wins_ties=False, trials=10_000, rng=random.Random(1)
    ... )
    >>> abs(rate - highest_die_contest(3, 2, a_wins_ties=False)) < 0.02
    True
    """
    _check_count(a_dice, "a_dice")
    _check_count(b_dice, "b_dice")
    check_whole("trials", trials, 1, 10_000_000)
    check_rng(rng)
    _check_flag("a_wins_ties", a_wins_ties)

    def a_wins(rng: random.Random) -> int:
        a = max(roll(a_dice, rng), default=0)
        b = max(roll(b_dice, rng), default=0)
        return int(a > b or (a == b and a_wins_ties))

    return frequencies(a_wins, trials, rng).get(1, Fraction(0))


def standard_error(p: Fraction, trials: int) -> float:
    """Return the standard error of a simulated frequency whose true value is `p`.

    Used only to judge how far a simulation may stray from an exact answer.

    Examples
    --------
    >>> standard_error(Fraction(1, 2), 100)
    0.05
    """
    check_number("p", p, 0, 1)
    check_whole("trials", trials, 1, 10_000_000)
    return math.sqrt(p * (1 - p) / trials)


class ScriptedRolls(random.Random):
    """A stand-in for ``random.Random`` whose dice show the given faces, in order.

    Use it to replay a rulebook example with the dice it shows. Only :meth:`randint` is
    scripted; asking for more dice than scripted raises :class:`PiratelibError`.

    Examples
    --------
    >>> roll(3, ScriptedRolls([6, 1, 4]))
    (6, 1, 4)
    """

    def __init__(self, faces: Iterable[int]) -> None:
        super().__init__(0)
        self.faces = list(faces)
        self.used = 0

    def randint(self, a: int, b: int) -> int:
        """Return the next scripted face, checking it lies from `a` to `b`."""
        if self.used >= len(self.faces):
            raise PiratelibError(f"the script ran out of dice after {self.used} faces")
        face = self.faces[self.used]
        check_whole("a scripted face", face, a, b)
        self.used += 1
        return face


def _check_count(n: object, name: str = "number of dice") -> None:
    """Raise PiratelibError unless `n` is a dice count piratelib accepts."""
    check_whole(name, n, 0, MAX_DICE)


def _check_flag(name: str, value: object) -> None:
    """Raise PiratelibError unless `value` is True or False."""
    if not isinstance(value, bool):
        raise PiratelibError(f"{name} must be True or False, got {value!r}")


def _check_sides(sides: object) -> None:
    """Raise PiratelibError unless `sides` is a die size piratelib accepts."""
    check_whole("sides", sides, 2, MAX_SIDES)


def _check_distribution(name: str, dist: object) -> None:
    """Raise PiratelibError unless `dist` maps ints to Fractions summing to 1."""
    if not isinstance(dist, Mapping) or not all(
        isinstance(p, Fraction | int) and not isinstance(p, bool) and p >= 0 for p in dist.values()
    ):
        raise PiratelibError(
            f"{name} must be a distribution: a dict of outcome to Fraction, got {dist!r}"
        )
    total = sum(dist.values())
    if total != 1:
        raise PiratelibError(f"{name} must have probabilities summing to 1, got {total}")
