"""What-if Piracy: what a position yields, and exact odds of a one-row plan over the draws."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from piratelib.blackbeard.piracy import Mat, Position, plan_piracy
from piratelib.blackbeard.tiles import load_tiles
from piratelib.blackbeard.whatif import outlook, plan_odds, plan_reach, receiving
from piratelib.dice import standard_error
from piratelib.errors import IllegalActionError

TILES = load_tiles()


def test_receiving_names_where_and_why():
    mat = Mat(acts_of_piracy=("careen_sloop", "take_on_stores"), pirates_life=("visit_with_wife",))
    answers = receiving(mat, Position(adventure="core_banks", camp="core_banks", sailed=True))
    assert answers == {
        "careen_sloop": "no: Adventure Sailed this turn",
        "take_on_stores": "yes: a piece at Core Banks",
        "visit_with_wife": "yes: a piece at Core Banks",
    }


def test_outlook_of_the_banyan_example():
    mat = plan_piracy(
        Mat(purse=5, spare_gold=15, pirates_life=("banyan_for_vane",), loot_pool=(1,)),
        "banyan_for_vane",
        3,
    )
    result = outlook(mat, Position(adventure="nots_island"), random.Random(1))
    assert result.pirates_life == (3, 3) and result.wins and result.wins_more_than_half


def test_plan_reach_by_hand():
    # Camp at Roanoke Island. Turn 1: Raid Delaware; Sail 2 to Currituck Inlet, 3 cubes.
    # Turn 2: Seize Prize at Roanoke Inlet; Sail 1 there, both its squares (4 pawns left,
    # 2 squares). Turn 3: Raid Charles Town is far (Topsail Inlet); Sail 1 back to Currituck
    # Inlet for Raid Delaware's last square. Turn 4: Careen Sloop, Any Anchorage, not after
    # Sailing: Currituck Inlet is an Ocean, Nots Island is 1 away, so nothing fits better
    # than 0. 3 + 2 + 1 + 0 = 6 of 4 + 2 + 4 + 3 = 13 squares.
    draws = ("raid_delaware", "seize_prize_roanoke_inlet", "raid_charles_town", "careen_sloop")
    assert plan_reach("acts_of_piracy", draws, camp="roanoke_island") == (6, 13)


def test_plan_odds_agree_with_random_draws():
    exact = plan_odds("acts_of_piracy", camp="nots_island")
    assert exact.draws == 9 * 8 * 7 * 6
    assert exact.more_than_half <= exact.at_least_half
    rng = random.Random(1718)
    trials = 3000
    hits = 0
    for _ in range(trials):
        draws = tuple(rng.sample(TILES.row("acts_of_piracy"), 4))
        cubes, squares = plan_reach("acts_of_piracy", draws, camp="nots_island")
        assert 0 <= cubes <= squares
        hits += 2 * cubes >= squares
    assert abs(Fraction(hits, trials) - exact.at_least_half) <= 4 * standard_error(
        exact.at_least_half, trials
    )


def test_fewer_turns_fewer_draws():
    assert plan_odds("pirates_life", camp="core_banks", turns=1).draws == 9


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"row": "piracy"}, r"unknown Piracy row 'piracy'"),
        ({"camp": "bath_town"}, r"Camp is always in an Anchorage"),
        ({"camp": "nowhere"}, r"unknown space 'nowhere'"),
        ({"turns": 5}, r"turns must be a whole number from 1 to 4, got 5"),
    ],
)
def test_bad_plans(kwargs, message):
    with pytest.raises(IllegalActionError, match=message):
        plan_odds(**{"row": "acts_of_piracy", "camp": "core_banks", **kwargs})
