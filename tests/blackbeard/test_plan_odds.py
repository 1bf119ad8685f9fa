"""Exact odds of a one-row Piracy plan: checked by the whole game tree and by simulation.

plan_odds keeps, turn by turn, the mats the plan can reach with their probabilities, and
merges those that behave alike; it lumps the other row's tiles without a pawn penalty,
puts Loot in value order, and counts the last turn's planned pawns as cubes. Each of
those shortcuts is checked here against a way without them: :func:`chances` over
:func:`play_plan` follows every raw draw of the real rules (the whole game tree), and a
seeded simulation of play_plan agrees within four standard errors.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from piratelib.blackbeard.piracy import (
    Mat,
    Position,
    draw_tiles,
    end_turn,
    plan_piracy,
    resolve_piracy,
    row_cubes,
    setup,
)
from piratelib.blackbeard.piracy.plan_odds import Plan, chances, choose_plan, plan_odds, play_plan
from piratelib.blackbeard.piracy.tiles import load_tiles
from piratelib.dice import standard_error
from piratelib.errors import IllegalActionError

TILES = load_tiles()


def tree_odds(row: str, camp: str, turns: int) -> dict[tuple[int, int], Fraction]:
    """(cubes, squares) of the row over the whole game tree: every raw draw of the rules."""
    return chances(
        lambda rng: row_cubes(play_plan(row, camp=camp, rng=rng, turns=turns), row),
        limit=10**6,
    )


def test_chances_of_two_dice():
    assert chances(lambda rng: rng.randint(1, 6) + rng.randint(1, 6) == 7) == {
        False: Fraction(5, 6),
        True: Fraction(1, 6),
    }


def test_chances_refuses_draws_it_cannot_follow():
    with pytest.raises(TypeError, match="randrange only"):
        chances(lambda rng: rng.choice("ab"))
    with pytest.raises(ValueError, match="more than 10 runs"):
        chances(lambda rng: rng.randrange(100), limit=10)


@pytest.mark.parametrize("row", ["acts_of_piracy", "pirates_life"])
@pytest.mark.parametrize("camp", ["roanoke_island", "nots_island", "core_banks"])
def test_one_turn_equals_the_whole_game_tree(row, camp):
    tree = tree_odds(row, camp, 1)
    exact = plan_odds(row, camp=camp, turns=1)
    assert sum(tree.values()) == 1
    assert exact.at_least_half == sum(p for (c, s), p in tree.items() if 2 * c >= s)
    assert exact.more_than_half == sum(p for (c, s), p in tree.items() if 2 * c > s)
    assert exact.cubes == sum(p * c for (c, _), p in tree.items())
    assert exact.squares == sum(p * s for (_, s), p in tree.items())


@pytest.mark.parametrize(
    ("row", "camp"),
    [("acts_of_piracy", "nots_island"), ("pirates_life", "core_banks")],
)
def test_four_turns_agree_with_a_seeded_simulation(row, camp):
    exact = plan_odds(row, camp=camp)
    assert exact.draws == 9 * 8 * 7 * 6
    trials, hits, more = 2000, 0, 0
    rng = random.Random(1718)
    for _ in range(trials):
        cubes, squares = row_cubes(play_plan(row, camp=camp, rng=rng), row)
        assert 0 <= cubes <= squares
        hits += 2 * cubes >= squares
        more += 2 * cubes > squares
    # Four standard errors: a false alarm about 1 run in 16,000.
    for seen, p in ((hits, exact.at_least_half), (more, exact.more_than_half)):
        assert abs(Fraction(seen, trials) - p) <= 4 * standard_error(p, trials)


@pytest.mark.parametrize("row", ["acts_of_piracy", "pirates_life"])
def test_every_planned_pawn_becomes_a_cube(row):
    # plan_odds counts the last turn's planned pawns as cubes without resolving them.
    rng = random.Random(5)
    for _ in range(60):
        mat, at = setup(rng), "nots_island"
        for _turn in range(4):
            mat = draw_tiles(mat, rng)
            plan = choose_plan(mat, at, row, camp="nots_island")
            planned = mat
            for tile, n in plan.pawns:
                planned = plan_piracy(planned, tile, n)
            position = Position(adventure=plan.space, camp="nots_island", sailed=plan.sailed > 0)
            other = mat.pirates_life if row == "acts_of_piracy" else mat.acts_of_piracy
            fete = ("grape", "lookouts")
            end = resolve_piracy(planned, position, rng, pardon=other[0], fete=fete)
            before, after = row_cubes(mat, row)[0], row_cubes(end[-1].state, row)[0]
            assert after - before == plan.cubes
            mat, at = end_turn(end[-1].state), plan.space


def test_gold_is_in_the_model():
    # Pirate's Life tiles are mostly Paid from the Purse: with an endless Purse the plan
    # does at least as well, and on some draws strictly better (the Purse runs dry).
    real = plan_odds("pirates_life", camp="core_banks", turns=3)
    rich = plan_odds("pirates_life", camp="core_banks", turns=3, endless_purse=True)
    assert real.cubes < rich.cubes and real.at_least_half <= rich.at_least_half
    # Banyan for Vane's 3 gold squares, 1 gold in the Purse: 1 pawn, not 3.
    mat = Mat(purse=1, pirates_life=("banyan_for_vane",))
    assert choose_plan(mat, "nots_island", "pirates_life", camp="nots_island") == Plan(
        "nots_island", 0, (("banyan_for_vane", 1),)
    )


def test_the_other_rows_penalties_count():
    # Buy Rum face up in Pirate's Life cuts an Acts of Piracy plan to 4 pawns.
    mat = Mat(acts_of_piracy=("raid_delaware",), pirates_life=("buy_rum",))
    plan = choose_plan(mat, "currituck_inlet", "acts_of_piracy", camp="nots_island")
    assert plan.pawns == (("raid_delaware", 4),)
    mat = Mat(acts_of_piracy=("raid_delaware",), pirates_life=("buy_rum",))
    plan = choose_plan(mat, "roanoke_island", "acts_of_piracy", camp="roanoke_island")
    assert plan == Plan("currituck_inlet", 2, (("raid_delaware", 2),))
    # Hire Doctor: Sailing at most 3 pawns, so Raid Charles Town at Topsail Inlet is out
    # of reach from Nots Island.
    mat = Mat(acts_of_piracy=("raid_charles_town",), pirates_life=("hire_doctor",))
    assert choose_plan(mat, "nots_island", "acts_of_piracy", camp="nots_island").cubes == 0


def test_the_defaults_are_remembered():
    assert plan_odds("pirates_life", camp="core_banks", turns=2) is plan_odds(
        "pirates_life", camp="core_banks", turns=2
    )


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
        plan_odds(**{"row": "acts_of_piracy", "camp": "core_banks", "tiles": TILES, **kwargs})


def test_the_stored_answers_are_what_plan_odds_computes():
    # The lessons' slow answers are stored so a page opens at once; each must still be
    # exactly what the model gives from the packaged data (tiles=... skips the store).
    from piratelib.blackbeard.piracy import plan_odds as module

    assert module._fingerprint() == module._MADE_FROM, "recompute _STORED for the new data"
    for (row, camp, turns, endless), stored in module._STORED.items():
        computed = plan_odds(row, camp=camp, turns=turns, tiles=TILES, endless_purse=endless)
        shown = plan_odds(row, camp=camp, turns=turns, endless_purse=endless)
        assert shown == computed
        assert tuple(map(Fraction, stored)) == (
            computed.at_least_half,
            computed.more_than_half,
            computed.cubes,
            computed.squares,
        )
