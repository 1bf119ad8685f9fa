"""Dread Pirate's modules split along the rulebook still offer every name they offered
before, and the engine stays in ``game``. (No import cycles: tests/test_architecture.py.)
"""

from __future__ import annotations

import importlib

import pytest

PACKAGE = "piratelib.dreadpirate"


# Each split module's names before the split, which notebooks, widgets and users import.
OLD_NAMES = {
    "battle": [
        *("ROLES", "RULE_ATTACK", "RULE_CARDS", "RULE_FLAG", "RULE_ROLL", "RULE_SPOILS"),
        *("RULE_SWITCH", "RULE_WINNER", "Battle", "BattleOdds", "Battler", "Purse"),
        *("attacker_win_probability", "battle_odds", "break_even_difference", "card_refusal"),
        *("decide", "describe_attack", "describe_card", "describe_flag", "describe_roll"),
        *("describe_spoils", "describe_switch", "describe_winner", "expected_swing"),
        *("final_bonuses", "greedy_picks", "play_all", "play_card", "resolve_battle"),
        *("roll_battle", "spoils_due", "take_spoils"),
    ],
    "board": [
        *("CITIES", "DEFAULT_DIAGONAL", "DIAGONAL_RULES", "Sea", "check_attack", "check_move"),
        *("load_sea", "reach_probability", "reachable", "sea_graph", "simulate_turns"),
        *("square_of", "turns_to_reach"),
    ],
    "game": [
        *("RULE_BONUS", "RULE_CORNERS", "RULE_MOVE", "RULE_MOVED", "RULE_ONE_ATTACK"),
        *("RULE_SETUP", "RULE_TURN", "Action", "Attack", "EndTurn", "Move", "Pass", "Pay"),
        *("PlayCard", "TakeSpoils", "apply", "decider", "first_player", "legal_actions"),
        *("new_game", "playout", "resolve", "roll_bonus", "sea_graph", "winner"),
    ],
}


@pytest.mark.parametrize("module", sorted(OLD_NAMES))
def test_every_old_name_is_still_offered_where_it_was(module):
    imported = importlib.import_module(f"{PACKAGE}.{module}")
    for name in OLD_NAMES[module]:
        assert hasattr(imported, name) and name in imported.__all__, f"{module}.{name}"


def test_the_engine_names_are_defined_in_game():
    # DESIGN.md's engine names live in piratelib.dreadpirate.game itself.
    game = importlib.import_module(f"{PACKAGE}.game")
    for name in ("new_game", "decider", "legal_actions", "resolve", "apply", "playout", "winner"):
        assert getattr(game, name).__module__ == game.__name__, name
