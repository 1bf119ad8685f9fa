"""Dread Pirate's battles: the roll, the Action cards, the winner, the odds and the spoils.

Every battle name is gathered here. Open :mod:`~piratelib.dreadpirate.battle.fight` for a
battle as data (sides, dice, cards, the winner, the Dread Pirate Flag),
:mod:`~piratelib.dreadpirate.battle.odds` for the exact chances
(:func:`attacker_win_probability`), :mod:`~piratelib.dreadpirate.battle.spoils` for what
the winner takes, and :mod:`~piratelib.dreadpirate.battle.resolution` for a battle told
step by step. A battle inside a whole game is :mod:`piratelib.dreadpirate.game.attack`.
"""

from __future__ import annotations

from piratelib.dreadpirate.battle.fight import (
    ROLES,
    RULE_ATTACK,
    RULE_CARDS,
    RULE_FLAG,
    RULE_ROLL,
    RULE_WINNER,
    Battle,
    Battler,
    card_refusal,
    decide,
    play_all,
    play_card,
    roll_battle,
)
from piratelib.dreadpirate.battle.odds import (
    BattleOdds,
    attacker_win_probability,
    battle_odds,
    break_even_difference,
    expected_swing,
    final_bonuses,
)
from piratelib.dreadpirate.battle.resolution import (
    describe_attack,
    describe_card,
    describe_flag,
    describe_roll,
    describe_spoils,
    describe_switch,
    describe_winner,
    resolve_battle,
)
from piratelib.dreadpirate.battle.spoils import (
    RULE_SPOILS,
    RULE_SWITCH,
    greedy_picks,
    spoils_due,
    take_spoils,
)
from piratelib.dreadpirate.treasure import Purse

__all__ = [
    "ROLES",
    "RULE_ATTACK",
    "RULE_CARDS",
    "RULE_FLAG",
    "RULE_ROLL",
    "RULE_SPOILS",
    "RULE_SWITCH",
    "RULE_WINNER",
    "Battle",
    "BattleOdds",
    "Battler",
    "Purse",
    "attacker_win_probability",
    "battle_odds",
    "break_even_difference",
    "card_refusal",
    "decide",
    "describe_attack",
    "describe_card",
    "describe_flag",
    "describe_roll",
    "describe_spoils",
    "describe_switch",
    "describe_winner",
    "expected_swing",
    "final_bonuses",
    "greedy_picks",
    "play_all",
    "play_card",
    "resolve_battle",
    "roll_battle",
    "spoils_due",
    "take_spoils",
]
