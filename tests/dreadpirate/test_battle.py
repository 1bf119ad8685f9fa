"""Dread Pirate's battles: exact odds against brute force and icepool, the Dread Pirate Flag,
Action cards, the spoils, the expected swing, the steps, and refused input."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import icepool
import pytest
from hypothesis import given
from hypothesis import strategies as st

from piratelib.dice import ScriptedRolls, standard_error
from piratelib.dreadpirate.battle import (
    RULE_FLAG,
    RULE_SPOILS,
    Battle,
    Battler,
    attacker_win_probability,
    battle_odds,
    break_even_difference,
    card_refusal,
    decide,
    expected_swing,
    final_bonuses,
    greedy_picks,
    play_card,
    resolve_battle,
    roll_battle,
    spoils_due,
    take_spoils,
)
from piratelib.dreadpirate.treasure import Purse
from piratelib.errors import IllegalActionError, PiratelibError

FACES = range(1, 7)


def brute_force(difference: int) -> Fraction:
    """Every one of the 6**4 rolls: "The attacker rolls two dice and adds any of his or her
    bonuses to them. The defender then rolls two dice ... whichever player has the highest
    number wins the battle. The attacker wins ties." Only the bonus difference is added."""
    wins = sum(
        a1 + a2 + difference >= d1 + d2 for a1, a2, d1, d2 in itertools.product(FACES, repeat=4)
    )
    return Fraction(wins, 6**4)


# ---------------------------------------------------------------- the exact odds


@pytest.mark.parametrize("difference", range(-12, 13))  # past both certain ends
def test_attacker_win_probability_equals_brute_force(difference):
    assert attacker_win_probability(difference, 0) == brute_force(difference)
    assert attacker_win_probability(0, -difference) == brute_force(difference)
    assert attacker_win_probability(3 + difference, 3) == brute_force(difference)


@pytest.mark.parametrize(
    ("a", "d"), [(0, 0), (1, 0), (0, 1), (2, 5), (4, 0), (5, 1), (0, 4), (10, 0), (0, 11), (-3, 7)]
)
def test_attacker_win_probability_equals_icepool(a, d):
    attack, defence = 2 @ icepool.d6 + a, 2 @ icepool.d6 + d
    assert attacker_win_probability(a, d) == (attack >= defence).probability(True)


def test_no_bonuses():
    # Ties (146 of 1296 rolls) go to the attacker: (1296 - 146) / 2 + 146 = 721.
    assert attacker_win_probability() == Fraction(721, 1296)
    assert attacker_win_probability() > Fraction(1, 2)


def test_certain_outcomes():
    # 2 against 12 still loses by 10 or more; 12 against 2 wins.
    assert attacker_win_probability(10, 0) == 1 and attacker_win_probability(9, 0) < 1
    assert attacker_win_probability(0, 11) == 0 and attacker_win_probability(0, 10) > 0


@given(a=st.integers(-20, 20), d=st.integers(-20, 20), k=st.integers(-10, 10))
def test_only_the_difference_matters_and_more_bonus_never_hurts(a, d, k):
    p = attacker_win_probability(a, d)
    assert attacker_win_probability(a + k, d + k) == p
    assert attacker_win_probability(a + 1, d) >= p >= attacker_win_probability(a, d + 1)
    if -11 <= a - d <= 9:  # strictly, while the result is not certain
        assert attacker_win_probability(a + 1, d) > p


@given(d=st.integers(-12, 12))
def test_the_two_sides_chances_sum_to_one(d):
    # The defender wins exactly when the attacker does not: defender total > attacker total.
    attack, defence = 2 @ icepool.d6 + d, 2 @ icepool.d6
    assert 1 - attacker_win_probability(d, 0) == (defence > attack).probability(True)


@pytest.mark.parametrize("bonus", [-51, 51, 1.0, True, "1"])
def test_bad_bonus(bonus):
    with pytest.raises(IllegalActionError, match="must be a whole number from -50 to 50"):
        attacker_win_probability(bonus, 0)


def test_a_seeded_simulation_agrees_within_four_standard_errors():
    rng = random.Random(1670)
    trials = 40_000
    wins = 0
    for _ in range(trials):
        battle = decide(roll_battle(Battler("A", dread_pirate=True), Battler("D"), rng))
        wins += battle.winner == "attacker"
    exact = attacker_win_probability(1, 0)
    assert abs(Fraction(wins, trials) - exact) <= 4 * standard_error(exact, trials)


# ---------------------------------------------------------------- bonuses and cards


def test_the_dread_pirate_adds_one():
    # "The Dread Pirate receives +1 to all of their rolls."
    assert battle_odds(Battler(dread_pirate=True), Battler()).attacker_wins == (
        attacker_win_probability(1, 0)
    )
    assert battle_odds(Battler(), Battler(dread_pirate=True)).attacker_wins == (
        attacker_win_probability(0, 1)
    )


def test_mission_bonuses_add_to_all_rolls():
    # "If there is a bonus on the Mission (for example, +1 to all rolls)"
    odds = battle_odds(Battler(mission_bonus=2, dread_pirate=True), Battler(mission_bonus=1))
    assert (odds.attacker_bonus, odds.defender_bonus) == (3, 1)
    assert odds.attacker_wins == brute_force(2)
    assert odds.attacker_totals[15] == Fraction(1, 36)  # 12 + 3, only double six


def test_hard_to_starboard_adds_four_to_the_defence():
    # "Hard to Starboard!" (Play when you are defending. +4 to your defense roll.)
    odds = battle_odds(Battler(), Battler(cards=("hard_to_starboard",)))
    assert (odds.attacker_bonus, odds.defender_bonus) == (0, 4)
    assert odds.attacker_wins == brute_force(-4) == Fraction(103, 648)
    assert min(odds.defender_totals) == 6 and max(odds.defender_totals) == 16
    reason = card_refusal(Battle(Battler(), Battler()), "attacker", "hard_to_starboard")
    assert reason.startswith("Hard to Starboard! is played when you are defending")
    with pytest.raises(IllegalActionError, match="played when you are defending, not attacking"):
        battle_odds(Battler(cards=("hard_to_starboard",)), Battler())


def test_hoisting_the_jolly_roger_moves_the_flag_and_its_plus_one():
    # "Hoist the Jolly Roger!" (Play when you are attacking or defending. Become the Dread
    # Pirate.) We decide it acts at once: the +1 moves to its player.
    hoist = ("hoist_the_jolly_roger",)
    assert final_bonuses(Battler(cards=hoist), Battler(dread_pirate=True)) == (1, 0)
    assert final_bonuses(Battler(dread_pirate=True), Battler(cards=hoist)) == (0, 1)
    assert final_bonuses(Battler(cards=hoist), Battler()) == (1, 0)
    assert final_bonuses(Battler(dread_pirate=True, cards=hoist), Battler()) == (1, 0)
    # Both hoist: the attacker plays first, so the defender ends up with the Flag.
    assert final_bonuses(Battler(cards=hoist), Battler(cards=hoist)) == (0, 1)
    # The flag on a third Pirate's Ship comes into the battle.
    battle = play_card(Battle(Battler("A"), Battler("D"), flag_elsewhere=True), "defender", *hoist)
    assert battle.dread_pirate == "defender" and not battle.flag_elsewhere


def test_cards_alternate_starting_with_the_attacker():
    # "The players in the battle can now play Action cards one at a time, starting with the
    # attacker."
    steps = resolve_battle(
        Battler("A", cards=("stand_in_attack", "hoist_the_jolly_roger")),
        Battler("D", cards=("hard_to_starboard",)),
        [1, 1, 1, 1],
    )
    cards = [s.state.played[-1] for s in steps if s.phase == "Battle: Action card"]
    assert cards == [
        ("attacker", "stand_in_attack"),
        ("defender", "hard_to_starboard"),
        ("attacker", "hoist_the_jolly_roger"),
    ]


def test_cards_in_an_explicit_order():
    # The attacker passes; the defender plays two cards before the attacker answers.
    cards = [
        ("defender", "hard_to_starboard"),
        ("defender", "stand_in_either"),
        ("attacker", "hoist_the_jolly_roger"),
    ]
    steps = resolve_battle(Battler("A"), Battler("D", dread_pirate=True), [6, 6, 3, 3], cards=cards)
    played = [s.state.played[-1] for s in steps if s.phase == "Battle: Action card"]
    assert played == cards
    battle = steps[-1].state
    assert (battle.total("attacker"), battle.total("defender")) == (13, 11)
    with pytest.raises(IllegalActionError, match="either as `cards` or as the sides' cards"):
        resolve_battle(Battler("A", cards=("stand_in_attack",)), Battler("D"), [1] * 4, cards=[])
    with pytest.raises(IllegalActionError, match="when you are defending, not attacking"):
        resolve_battle(
            Battler("A"), Battler("D"), [1] * 4, cards=[("attacker", "hard_to_starboard")]
        )


def test_unknown_card_and_role():
    with pytest.raises(IllegalActionError, match="unknown Action card 'hard_to_port'"):
        play_card(Battle(Battler(), Battler()), "defender", "hard_to_port")
    with pytest.raises(IllegalActionError, match="a battle role is 'attacker' or 'defender'"):
        play_card(Battle(Battler(), Battler()), "bystander", "hard_to_starboard")


# ---------------------------------------------------------------- the Dread Pirate Flag


@pytest.mark.parametrize(
    ("attacker_dp", "defender_dp", "elsewhere", "rolls", "winner", "flag_after"),
    [
        # "The first Pirate to win a battle becomes the Dread Pirate"
        (False, False, False, [6, 6, 1, 1], "attacker", "attacker"),
        (False, False, False, [1, 1, 6, 6], "defender", "defender"),
        # "in order to become the Dread Pirate, a Pirate must defeat the Dread Pirate"
        (False, True, False, [6, 6, 1, 1], "attacker", "attacker"),
        (True, False, False, [1, 1, 6, 6], "defender", "defender"),
        (True, False, False, [6, 6, 1, 1], "attacker", "attacker"),
        # beating someone who is not the Dread Pirate changes nothing
        (False, False, True, [6, 6, 1, 1], "attacker", None),
        (False, False, True, [1, 1, 6, 6], "defender", None),
    ],
)
def test_who_holds_the_flag_after_a_battle(
    attacker_dp, defender_dp, elsewhere, rolls, winner, flag_after
):
    battle = roll_battle(
        Battler("A", dread_pirate=attacker_dp),
        Battler("D", dread_pirate=defender_dp),
        rolls,
        flag_elsewhere=elsewhere,
    )
    battle = decide(battle)
    assert (battle.winner, battle.flag_after) == (winner, flag_after)


def test_ties_go_to_the_attacker_even_against_the_dread_pirate():
    # 4 + 4 against 3 + 4 + 1 (the Dread Pirate): "The attacker wins ties."
    battle = decide(roll_battle(Battler("A"), Battler("D", dread_pirate=True), [4, 4, 3, 4]))
    assert battle.total("attacker") == battle.total("defender") == 8
    assert battle.winner == "attacker" and battle.flag_after == "attacker"


def test_one_flag_only():
    with pytest.raises(IllegalActionError, match="only 1 Dread Pirate Flag"):
        resolve_battle(Battler("A", dread_pirate=True), Battler("D", dread_pirate=True), [1] * 4)


# ---------------------------------------------------------------- the spoils


def test_the_attacker_takes_two_items_of_any_kind():
    # "If the attacker wins, he takes 2 treasure items from the defender. This can be any
    # combination of Gems or Gold."
    defender = Purse.of(gold=3, brown=4, red=1)
    for picks in (["gold", "gold"], ["brown", "red"], ["gold", "brown"]):
        won, lost = take_spoils(Purse(), defender, picks, attacker_won=True)
        assert won.items == 2 and lost.items == defender.items - 2
        assert all(won.count(item) + lost.count(item) == defender.count(item) for item in picks)


def test_the_defender_takes_one_gold_or_one_gem():
    # "If the defender wins, he takes 1 Gold or 1 Gem from the attacker."
    won, lost = take_spoils(Purse.of(gold=1), Purse.of(gold=5, red=4), ["red"], attacker_won=False)
    assert (won, lost) == (Purse.of(gold=1, red=1), Purse.of(gold=5, red=3))
    with pytest.raises(IllegalActionError, match="the defender takes 1 item, got 2 picks"):
        take_spoils(Purse(), Purse.of(gold=5), ["gold", "gold"], attacker_won=False)


def test_the_winner_chooses_the_colour():
    # "The winner of the battle chooses the color of gem if the other player has multiple
    # colors."
    loser = Purse.of(red=2, blue=2)
    assert take_spoils(Purse(), loser, ["blue"], attacker_won=False)[0] == Purse.of(blue=1)
    assert take_spoils(Purse(), loser, ["red"], attacker_won=False)[0] == Purse.of(red=1)


def test_a_poor_loser_gives_all_they_have():
    # Assumed: the rulebook does not say what a loser with fewer items gives.
    won, lost = take_spoils(Purse(), Purse.of(gold=1), ["gold"], attacker_won=True)
    assert (won.gold, lost.items) == (1, 0)
    assert take_spoils(Purse(), Purse(), [], attacker_won=True) == (Purse(), Purse())
    with pytest.raises(IllegalActionError, match=r"takes 1 item \(the loser has only 1\)"):
        take_spoils(Purse(), Purse.of(gold=1), ["gold", "gold"], attacker_won=True)


@pytest.mark.parametrize(
    ("picks", "message"),
    [
        (["green", "gold"], "cannot take 1 green Gem from 3 Gold, 1 red Gem: it holds 0"),
        (["red", "red"], "cannot take 1 red Gem from 3 Gold: it holds 0"),
        (["silver", "gold"], "unknown Gem colour 'silver'"),
        (["gold"], "the attacker takes 2 items, got 1 picks"),
    ],
)
def test_spoils_that_are_not_there(picks, message):
    with pytest.raises(IllegalActionError, match=message):
        take_spoils(Purse(), Purse.of(gold=3, red=1), picks, attacker_won=True)


def test_spoils_due():
    battle = decide(roll_battle(Battler("A"), Battler("D", Purse.of(gold=1)), [6, 6, 1, 1]))
    assert spoils_due(battle) == 1
    with pytest.raises(IllegalActionError, match="not decided"):
        spoils_due(roll_battle(Battler("A"), Battler("D"), [6, 6, 1, 1]))


def test_greedy_picks_move_the_winner_toward_a_win():
    # 11 red Gems and a red Gem to take: 12 of a single colour wins.
    assert greedy_picks(Purse.of(red=11), Purse.of(gold=9, red=1), 2)[0] == "red"
    # 19 Gold: one more wins.
    assert greedy_picks(Purse.of(gold=19), Purse.of(gold=1, blue=5), 1) == ("gold",)
    assert greedy_picks(Purse(), Purse.of(green=1), 2) == ("green",)


# ---------------------------------------------------------------- the expected swing


@pytest.mark.parametrize("difference", range(-6, 7))
def test_expected_swing_is_two_for_a_win_and_minus_one_for_a_loss(difference):
    p = brute_force(difference)
    assert expected_swing(difference, 0) == 2 * p - (1 - p) == 3 * p - 1


def test_attacking_pays_from_two_behind():
    # 3 P(win) - 1 > 0 exactly when P(win) > 1/3: at -2, P = 145/432 > 144/432.
    assert break_even_difference() == -2
    assert attacker_win_probability(0, 2) == Fraction(145, 432)
    assert expected_swing(0, 2) == Fraction(1, 144) > 0 > expected_swing(0, 3)
    assert [d for d in range(-6, 7) if expected_swing(d, 0) > 0] == list(range(-2, 7))


def test_expected_swing_with_few_items():
    p = attacker_win_probability()
    assert expected_swing(defender_items=1) == p - (1 - p)
    assert expected_swing(attacker_items=0) == 2 * p
    assert expected_swing(attacker_items=0, defender_items=0) == 0
    with pytest.raises(IllegalActionError, match="defender_items must be a whole number"):
        expected_swing(defender_items=-1)


# ---------------------------------------------------------------- the steps


def test_resolve_battle_tells_every_step_with_its_rule():
    steps = resolve_battle(
        Battler("Ann", Purse.of(gold=5, red=4), dread_pirate=True),
        Battler("Bo", Purse.of(gold=2, brown=4), cards=("hard_to_starboard",)),
        [5, 4, 3, 2],
        picks=["brown", "gold"],
        switch=True,
    )
    assert [s.phase for s in steps] == [
        "Battle",
        "Battle: roll",
        "Battle: roll",
        "Battle: Action card",
        "Battle: winner",
        "The Dread Pirate",
        "The Spoils of Battle",
        "The Spoils of Battle",
    ]
    assert [s.text for s in steps[1:]] == [
        "Ann, the attacker, rolls 5 + 4 = 9, +1 as the Dread Pirate: 10.",
        "Bo, the defender, rolls 3 + 2 = 5.",
        "Bo plays Hard to Starboard! (Play when you are defending. +4 to your defense roll.): "
        "+4 to Bo's roll. Totals: Ann 10, Bo 9.",
        "10 against 9: Ann, the attacker, wins the battle.",
        "Ann, the Dread Pirate, keeps the Flag.",
        "Ann takes 2 items from Bo: 1 brown Gem and 1 Gold.",
        "Ann switches spaces on the map with Bo.",
    ]
    assert steps[5].rule == RULE_FLAG and steps[6].rule == RULE_SPOILS["attacker"]
    assert "The attacker wins ties." in steps[4].rule
    end = steps[-1].state
    assert end.attacker.purse == Purse.of(gold=6, red=4, brown=1)
    assert end.defender.purse == Purse.of(gold=1, brown=3)


def test_resolve_battle_with_a_random_generator():
    steps = resolve_battle(Battler("A"), Battler("D"), random.Random(5))
    assert steps[-1].state.winner in ("attacker", "defender")
    assert len(steps[1].state.attacker_dice) == len(steps[1].state.defender_dice) == 2


def test_scripted_dice_must_be_faces_and_enough():
    with pytest.raises(PiratelibError, match="ran out of dice"):
        resolve_battle(Battler("A"), Battler("D"), [6, 6, 6])
    with pytest.raises(PiratelibError, match="a scripted face must be"):
        resolve_battle(Battler("A"), Battler("D"), ScriptedRolls([7, 1, 1, 1]))


def test_refused_battles_change_nothing():
    # "At the end your movement, if you are next to another Pirate, you can fight them."
    with pytest.raises(IllegalActionError, match="Ann is not next to Bo: At the end your"):
        resolve_battle(Battler("Ann"), Battler("Bo"), [1] * 4, adjacent=False)
    with pytest.raises(IllegalActionError, match="cannot attack their own Ship"):
        resolve_battle(Battler("Ann"), Battler("Ann"), [1] * 4)
    with pytest.raises(IllegalActionError, match="cannot play 'hard_to_starboard'"):
        resolve_battle(Battler("Ann", cards=("hard_to_starboard",)), Battler("Bo"), [1] * 4)
    with pytest.raises(IllegalActionError, match="the attacker takes 2 items"):
        resolve_battle(Battler("A"), Battler("D", Purse.of(gold=5)), [6, 6, 1, 1], picks=[])


# ---------------------------------------------------------------- purses


def test_purses_are_canonical():
    assert Purse.of(red=1, gold=2, blue=0) == Purse(2, (("red", 1),))
    assert Purse.of(green=1, red=1).gems == (("red", 1), ("green", 1))
    assert Purse.of(gold=5, red=4).needs() == {"gold": 15, "one_colour": 8, "each_colour": 12}
    with pytest.raises(IllegalActionError, match=r"build purses with Purse\.of"):
        Purse(0, (("green", 1), ("red", 1)))
    with pytest.raises(IllegalActionError, match="Gold must be a whole number from 0 to 40"):
        Purse.of(gold=-1)
    with pytest.raises(IllegalActionError, match="unknown Gem colour 'purple'"):
        Purse.of(purple=1)
