"""What-if Piracy: what a position yields, a turn's exact yield, a plan's reach by hand."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

import pytest

from piratelib.blackbeard.piracy import Mat, Position, plan_piracy, resolve_piracy, setup
from piratelib.blackbeard.piracy import plan_odds as plan_odds_module
from piratelib.blackbeard.piracy.tiles import load_tiles
from piratelib.blackbeard.piracy.whatif import (
    Yield,
    outlook,
    plan_odds,
    plan_reach,
    receiving,
    turn_yield,
)
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


def test_turn_yield_is_exact_over_every_loot_draw():
    # Raid Delaware filled: 4 black cubes, 2 Loot markers from the 11 left after Setup.
    # Every marker is equally likely to be among them, so 2/12 of the 12 markers' total.
    raid = turn_yield({"raid_delaware": 4}, "currituck_inlet")
    assert raid == Yield(Fraction(4), Fraction(2 * sum(TILES.loot), 12))
    # Banyan for Vane: 3 gold from the Purse, 1 Loot back.
    banyan = turn_yield({"banyan_for_vane": 3}, "nots_island")
    assert banyan == Yield(Fraction(3), Fraction(sum(TILES.loot), 12) - 3)
    # Two Seize Prize tiles at two inlets: only the one where Adventure is pays.
    two = turn_yield({"seize_prize_gun_inlet": 2, "seize_prize_roanoke_inlet": 2}, "gun_inlet")
    assert two == Yield(Fraction(2), Fraction(sum(TILES.loot), 12))


def test_turn_yield_agrees_with_random_draws():
    rng = random.Random(3)
    trials, gold = 3000, 0
    for _ in range(trials):
        mat = plan_piracy(
            replace(setup(rng), acts_of_piracy=("raid_delaware",)), "raid_delaware", 4
        )
        end = resolve_piracy(mat, Position(adventure="currituck_inlet"), rng)[-1].state
        gold += end.purse - mat.purse
    exact = turn_yield({"raid_delaware": 4}, "currituck_inlet").gold
    assert abs(Fraction(gold, trials) - exact) < Fraction(15, 100)  # sd about 1.6 / sqrt(3000)


def test_plan_odds_is_the_exact_one():
    assert plan_odds is plan_odds_module.plan_odds


@pytest.mark.parametrize("tile", ["raid_delaware", "nowhere_tile"])
def test_turn_yield_refuses_what_the_rules_refuse(tile):
    with pytest.raises(IllegalActionError):
        turn_yield({tile: 5}, "currituck_inlet")
