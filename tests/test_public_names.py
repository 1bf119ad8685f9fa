"""The public names that outside code relies on (../shared/DESIGN.md) import from the paths
DESIGN.md gives, and each game's rooms keep the names their old modules offered.

The packages of Hunt for Blackbeard and Dread Pirate gather, in their ``__init__``, the
public names of the module that used to stand at their path (``board``, ``encounter``,
``piracy``, ``game``, ``deduce``; ``battle``, ``game``), so ``from
piratelib.blackbeard.game import new_game`` reads as it always did. (No import cycles,
docstrings and ``__all__``: tests/test_architecture.py.)
"""

from __future__ import annotations

import importlib
import inspect

import pytest

# DESIGN.md, "Public names that outside tests rely on": path -> names.
DESIGN_NAMES = {
    "piratelib.errors": ["PiratelibError", "IllegalActionError", "DataError"],
    "piratelib.dice": ["highest_die_contest"],
    "piratelib.blackbeard.board": ["load_map"],
    "piratelib.blackbeard.encounter": ["roll_odds", "Encounter", "Ending", "odds"],
    "piratelib.blackflag.table": ["distance", "in_range"],
    "piratelib.dreadpirate.battle": ["attacker_win_probability"],
    "piratelib.blackbeard.game": [
        *("new_game", "decider", "legal_actions", "resolve", "apply", "playout", "winner"),
        *("observation", "adventure_space", "Outcome"),
    ],
    "piratelib.blackbeard.deduce": ["possible_spaces"],
    "piratelib.blackflag.game": ["new_game", "decider", "legal_actions", "resolve", "apply"],
    "piratelib.dreadpirate.game": [
        *("new_game", "decider", "legal_actions", "resolve", "apply", "playout", "winner"),
    ],
    "piratelib.sweep": ["run"],
}

# The names the modules that became packages offered before, still offered at their path.
OLD_NAMES = {
    "piratelib.blackbeard.encounter": [
        *("BLACKBEARD_TILES", "HUNTER_PIECES", "HUNTER_TILES", "MAX_HITS", "ONCE_PER_TURN"),
        *("PIRATE_PIECES", "RULES", "SLOOPS", "TILE_NAMES", "Encounter", "Ending", "State"),
        *("Step", "odds", "resolve", "roll_odds", "simulate"),
    ],
    "piratelib.blackbeard.piracy": [
        *("ROWS", "RULES", "Mat", "Position", "acting_space", "draw_tiles", "end_turn"),
        *("pawns_allowed", "penalties", "piracy_victory", "plan_piracy", "prepare_defense"),
        *("resolve_piracy", "row_cubes", "setup"),
    ],
    "piratelib.blackbeard.board": [
        *("CAPE_HENRY", "JAMES_RIVER", "KINDS", "ROUTES", "adjacent", "check_space"),
        *("load_map", "named_island_or_bank", "of_kind"),
    ],
    "piratelib.blackbeard.deduce": [
        *("camp_spaces", "chances", "count_histories", "history_counts", "possible_spaces"),
    ],
    "piratelib.dreadpirate.battle": [
        *("ROLES", "RULE_ATTACK", "RULE_CARDS", "RULE_FLAG", "RULE_ROLL", "RULE_SPOILS"),
        *("RULE_SWITCH", "RULE_WINNER", "Battle", "BattleOdds", "Battler", "Purse"),
        *("attacker_win_probability", "battle_odds", "break_even_difference", "card_refusal"),
        *("decide", "describe_attack", "describe_card", "describe_flag", "describe_roll"),
        *("describe_spoils", "describe_switch", "describe_winner", "expected_swing"),
        *("final_bonuses", "greedy_picks", "play_all", "play_card", "resolve_battle"),
        *("roll_battle", "spoils_due", "take_spoils"),
    ],
    # Dread Pirate's old ``board`` module gathered the sea's names; the ``sea`` package does.
    "piratelib.dreadpirate.sea": [
        *("CITIES", "DEFAULT_DIAGONAL", "DIAGONAL_RULES", "Sea", "check_attack", "check_move"),
        *("load_sea", "reach_probability", "reachable", "sea_graph", "simulate_turns"),
        *("square_of", "turns_to_reach"),
    ],
    "piratelib.dreadpirate.game": [
        *("RULE_BONUS", "RULE_CORNERS", "RULE_MOVE", "RULE_MOVED", "RULE_ONE_ATTACK"),
        *("RULE_SETUP", "RULE_TURN", "Action", "Attack", "EndTurn", "Move", "Pass", "Pay"),
        *("PlayCard", "TakeSpoils", "apply", "decider", "first_player", "legal_actions"),
        *("new_game", "playout", "resolve", "roll_bonus", "sea_graph", "winner"),
    ],
}


@pytest.mark.parametrize("path", sorted(DESIGN_NAMES))
def test_design_names_import_from_their_paths(path):
    module = importlib.import_module(path)
    missing = [name for name in DESIGN_NAMES[path] if not hasattr(module, name)]
    assert missing == [], f"{path} lacks {missing}"


@pytest.mark.parametrize("path", sorted(OLD_NAMES))
def test_old_names_are_offered_where_they_were(path):
    module = importlib.import_module(path)
    missing = [name for name in OLD_NAMES[path] if name not in module.__all__]
    assert missing == [], f"{path} lacks {missing}"


@pytest.mark.parametrize("game", ["blackbeard", "dreadpirate"])
def test_the_engine_names_are_the_engines_own(game):
    # The package gathers them from game.engine, which offers each in its __all__.
    engine = importlib.import_module(f"piratelib.{game}.game.engine")
    package = importlib.import_module(f"piratelib.{game}.game")
    for name in ("new_game", "decider", "legal_actions", "resolve", "apply", "playout", "winner"):
        assert name in engine.__all__ and getattr(package, name) is getattr(engine, name)
        assert inspect.getmodule(getattr(package, name)).__name__.startswith(package.__name__)


def test_the_design_imports_of_the_issue_work():
    # Issue 23's acceptance: one line imports the three rooms of Hunt for Blackbeard.
    import piratelib.blackbeard.deduce as d
    import piratelib.blackbeard.encounter as e
    import piratelib.blackbeard.game as g

    assert callable(e.odds) and callable(g.new_game) and callable(d.possible_spaces)
