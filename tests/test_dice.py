"""Tests for piratelib.dice: exact answers against brute force and icepool, sampling, errors."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction

import icepool
import pytest
from hypothesis import given
from hypothesis import strategies as st

from piratelib import dice
from piratelib.errors import PiratelibError

counts = st.integers(min_value=0, max_value=8)


def brute_force_highest(n: int) -> Counter[int]:
    """Count, over all 6**n rolls, how often each highest die comes up (0 for no dice)."""
    return Counter(max(faces, default=0) for faces in itertools.product(range(1, 7), repeat=n))


def brute_force_contest(a: int, b: int, *, a_wins_ties: bool) -> Fraction:
    """Tally every pair of highest dice over all rolls of both sides."""
    a_counts, b_counts = brute_force_highest(a), brute_force_highest(b)
    wins = sum(
        ca * cb
        for (x, ca), (y, cb) in itertools.product(a_counts.items(), b_counts.items())
        if x > y or (x == y and a_wins_ties)
    )
    return Fraction(wins, 6 ** (a + b))


@pytest.mark.parametrize("a_wins_ties", [True, False])
@pytest.mark.parametrize(("a", "b"), list(itertools.product(range(6), repeat=2)))
def test_highest_die_contest_equals_brute_force(a, b, a_wins_ties):
    exact = dice.highest_die_contest(a, b, a_wins_ties=a_wins_ties)
    assert exact == brute_force_contest(a, b, a_wins_ties=a_wins_ties)


@pytest.mark.parametrize(("a", "b"), list(itertools.product(range(7), repeat=2)))
def test_highest_die_contest_equals_icepool(a, b):
    d6 = icepool.d6
    assert dice.highest_die_contest(a, b, a_wins_ties=False) == (
        d6.highest(a) > d6.highest(b)
    ).probability(True)
    assert dice.highest_die_contest(a, b, a_wins_ties=True) == (
        d6.highest(a) >= d6.highest(b)
    ).probability(True)


def test_three_against_two_with_ties_to_b():
    # Value from ../shared/reference/notebooks_binder_browser.md ("Known values").
    assert dice.highest_die_contest(3, 2, a_wins_ties=False) == Fraction(3667, 7776)


def test_one_against_one():
    # Known value: one die each, ties to B: 15 of 36 pairs have A higher.
    assert dice.highest_die_contest(1, 1, a_wins_ties=False) == Fraction(5, 12)


def test_zero_dice_rules():
    # HfB Roll Dice: "When one side has zero dice, the other wins if it has at least one
    # die. If neither side has dice, treat that as a tied roll."
    assert dice.highest_die_contest(0, 1, a_wins_ties=True) == 0
    assert dice.highest_die_contest(1, 0, a_wins_ties=False) == 1
    assert dice.highest_die_contest(0, 0, a_wins_ties=True) == 1
    assert dice.highest_die_contest(0, 0, a_wins_ties=False) == 0


@given(counts, counts)
def test_contest_sides_are_complementary(a, b):
    # Exactly one side wins every roll: A winning ties is B losing them.
    assert (
        dice.highest_die_contest(a, b, a_wins_ties=True)
        + dice.highest_die_contest(b, a, a_wins_ties=False)
        == 1
    )


@given(counts, counts)
def test_more_dice_never_hurt(a, b):
    assert dice.highest_die_contest(a + 1, b, a_wins_ties=False) >= dice.highest_die_contest(
        a, b, a_wins_ties=False
    )


@given(st.integers(0, 30), st.integers(2, 20))
def test_highest_die_is_a_distribution(n, sides):
    dist = dice.highest_die(n, sides=sides)
    assert sum(dist.values()) == 1
    assert list(dist) == sorted(dist)


@pytest.mark.parametrize("n", range(6))
def test_highest_die_equals_brute_force(n):
    assert dice.highest_die(n) == {k: Fraction(c, 6**n) for k, c in brute_force_highest(n).items()}


@pytest.mark.parametrize(("n", "bonus"), [(0, 0), (1, 0), (2, 0), (2, 3), (3, -1), (5, 2)])
def test_sum_of_dice_equals_icepool_and_brute_force(n, bonus):
    exact = dice.sum_of_dice(n, bonus=bonus)
    oracle = n @ icepool.d6 + bonus
    assert exact == {outcome: oracle.probability(outcome) for outcome in oracle.outcomes()}
    tally = Counter(sum(faces) + bonus for faces in itertools.product(range(1, 7), repeat=n))
    assert exact == {total: Fraction(c, 6**n) for total, c in sorted(tally.items())}


@pytest.mark.parametrize(("n", "sides"), [(0, 6), (1, 6), (2, 6), (3, 6), (4, 6), (3, 4)])
def test_rolls_summing_at_most_equals_brute_force(n, sides):
    totals = [sum(faces) for faces in itertools.product(range(1, sides + 1), repeat=n)]
    for total in range(-1, n * sides + 2):
        expected = sum(t <= total for t in totals)
        assert dice.rolls_summing_at_most(n, total, sides=sides) == expected, total


@pytest.mark.parametrize("n", range(7))
@pytest.mark.parametrize("faces", [{5, 6}, {3, 4, 5, 6}, {6}, set()])
def test_count_showing_equals_icepool(n, faces):
    exact = dice.count_showing(n, faces)
    oracle = icepool.d6.count(n, sorted(faces))
    assert exact == {k: oracle.probability(k) for k in range(n + 1)}


@pytest.mark.parametrize(("a_bonus", "b_bonus"), list(itertools.product(range(-1, 4), repeat=2)))
def test_sum_comparison_equals_icepool(a_bonus, b_bonus):
    a, b = dice.sum_of_dice(2, bonus=a_bonus), dice.sum_of_dice(2, bonus=b_bonus)
    a_die, b_die = 2 @ icepool.d6 + a_bonus, 2 @ icepool.d6 + b_bonus
    assert dice.win_probability(a, b, a_wins_ties=True) == (a_die >= b_die).probability(True)
    assert dice.win_probability(a, b, a_wins_ties=False) == (a_die > b_die).probability(True)
    higher, tie, lower = dice.compare(a, b)
    assert (tie, higher + tie + lower) == ((a_die == b_die).probability(True), 1)


def test_simulation_of_100000_contests_is_within_four_standard_errors():
    trials = 100_000
    exact = dice.highest_die_contest(3, 2, a_wins_ties=False)
    rate = dice.simulate_highest_die_contest(
        3, 2, a_wins_ties=False, trials=trials, rng=random.Random(20261130)
    )
    assert abs(rate - exact) <= 4 * dice.standard_error(exact, trials)


def test_same_seed_same_simulation():
    def run(seed):
        return dice.simulate_highest_die_contest(
            4, 3, a_wins_ties=True, trials=2000, rng=random.Random(seed)
        )

    assert run(5) == run(5)
    assert run(5) != run(6)  # a different seed draws different rolls


def test_sampled_sums_match_the_exact_distribution():
    trials = 60_000
    exact = dice.sum_of_dice(2, bonus=1)
    observed = dice.frequencies(lambda rng: sum(dice.roll(2, rng)) + 1, trials, random.Random(3))
    assert observed.keys() == exact.keys()
    for outcome, p in exact.items():
        assert abs(observed[outcome] - p) <= 4 * dice.standard_error(p, trials)


def test_sampling_leaves_global_random_alone():
    random.seed(99)
    expected = random.random()
    random.seed(99)
    dice.simulate_highest_die_contest(2, 2, a_wins_ties=True, trials=100, rng=random.Random(1))
    dice.roll(5, random.Random(2))
    assert random.random() == expected


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: dice.highest_die_contest(-1, 2, a_wins_ties=True), r"a_dice .* 0 to 100, got -1"),
        (lambda: dice.highest_die_contest(2, 2.5, a_wins_ties=True), r"b_dice .* got 2.5"),
        (lambda: dice.highest_die_contest("3", 1, a_wins_ties=True), r"a_dice .* got '3'"),
        (lambda: dice.highest_die_contest(True, 1, a_wins_ties=True), r"a_dice .* got True"),
        (lambda: dice.highest_die_contest(10**9, 1, a_wins_ties=True), r"0 to 100, got 1000000000"),
        (lambda: dice.sum_of_dice(101), r"number of dice .* 0 to 100, got 101"),
        (lambda: dice.sum_of_dice(2, sides=1), r"sides .* 2 to 100, got 1"),
        (lambda: dice.sum_of_dice(2, bonus=0.5), r"bonus .* got 0.5"),
        (lambda: dice.highest_die(3, sides=10**6), r"sides .* got 1000000"),
        (lambda: dice.count_showing(3, {5, 7}), r"a counted face .* 1 to 6, got 7"),
        (lambda: dice.roll(-2, random.Random(1)), r"number of dice .* got -2"),
        (lambda: dice.frequencies(lambda rng: 1, 0, random.Random(1)), r"trials .* got 0"),
        (lambda: dice.compare({1: Fraction(1, 2)}, dice.die()), r"a must have .* summing to 1"),
        (lambda: dice.compare(dice.die(), {1: 0.5, 2: 0.5}), r"b must be a distribution"),
        (lambda: dice.compare(dice.die(), [1, 2]), r"b must be a distribution"),
    ],
)
def test_bad_input_raises_a_clear_piratelib_error(call, message):
    with pytest.raises(PiratelibError, match=message):
        call()


def test_piratelib_errors_are_value_errors():
    with pytest.raises(ValueError):
        dice.die(0)


def test_no_floats_inside():
    # Exact answers are Fractions all the way down, even for many dice.
    assert all(type(p) is Fraction for p in dice.count_showing(40, {5, 6}).values())
    assert all(type(p) is Fraction for p in dice.sum_of_dice(30).values())
    assert type(dice.highest_die_contest(100, 99, a_wins_ties=True)) is Fraction
