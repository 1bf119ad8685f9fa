"""The odds of answering the Flying Deutchmann: exact, brute force, approximation, simulation."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations

import pytest

from piratelib.blackflag.odds import (
    corner_shares,
    independent_respond_chance,
    respond_chance,
    sample_respond,
)
from piratelib.blackflag.state import Card, teaching_deck
from piratelib.errors import IllegalActionError

# A small deck with the rulebook's shares: "1 card out of 2, 1 card out of 4, 1 card out of
# 8, and 1 card out of 8".
SMALL = [Card(n, "shot", f"corner_{c}") for n, c in enumerate("aabacabd", start=1)]


def brute_force(hand: int, deck: list[Card]) -> Fraction:
    """Count every revealed card and every hand of the other cards that can respond."""
    yes = cases = 0
    for revealed in deck:
        rest = [card for card in deck if card != revealed]
        for dealt in combinations(rest, hand):
            cases += 1
            yes += any(card.corner == revealed.corner for card in dealt)
    return Fraction(yes, cases)


@pytest.mark.parametrize("hand", range(8))
def test_exact_chance_agrees_with_brute_force_on_a_small_deck(hand):
    assert respond_chance(hand, SMALL) == brute_force(hand, SMALL)


def test_one_card_in_hand_by_hand():
    # Two cards in a row share a symbol: (36*35 + 18*17 + 9*8 + 9*8) / (72*71).
    assert respond_chance(1) == Fraction(36 * 35 + 18 * 17 + 9 * 8 * 2, 72 * 71)
    assert independent_respond_chance(1) == Fraction(1, 4) + Fraction(1, 16) + 2 * Fraction(1, 64)


def test_the_teaching_deck_has_the_rulebooks_shares():
    shares = corner_shares()
    assert list(shares.values()) == [Fraction(1, 2), Fraction(1, 4), Fraction(1, 8), Fraction(1, 8)]
    deck = teaching_deck()
    for corner, share in shares.items():
        assert Fraction(sum(card.corner == corner for card in deck), len(deck)) == share


@pytest.mark.parametrize("hand", range(1, 12))
def test_independence_slightly_overstates_and_more_cards_help(hand):
    exact = respond_chance(hand)
    assert exact < independent_respond_chance(hand) < exact + Fraction(1, 50)
    assert respond_chance(hand - 1) < exact


@pytest.mark.parametrize("hand", [1, 4, 5])
def test_a_seeded_simulation_agrees_with_the_exact_chance(hand):
    rng = random.Random(hand)
    trials = 20_000
    hits = sum(sample_respond(hand, rng) for _ in range(trials))
    exact = float(respond_chance(hand))
    # 4 standard errors of a proportion over 20,000 trials are at most 0.0142.
    assert abs(hits / trials - exact) < 4 * (exact * (1 - exact) / trials) ** 0.5


def test_sampling_is_reproducible():
    first = [sample_respond(4, random.Random(9)) for _ in range(5)]
    assert first == [sample_respond(4, random.Random(9)) for _ in range(5)]


@pytest.mark.parametrize("hand", [-1, 72, 2.0, True])
def test_bad_hands_are_refused(hand):
    with pytest.raises(IllegalActionError, match="a hand must be a whole number of cards"):
        respond_chance(hand)
    with pytest.raises(IllegalActionError, match="a hand must be a whole number of cards"):
        sample_respond(hand, random.Random(0))


def test_shares_must_sum_to_one():
    with pytest.raises(IllegalActionError, match="must sum to 1"):
        independent_respond_chance(2, {"a": Fraction(1, 2)})
