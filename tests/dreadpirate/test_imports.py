"""Dread Pirate's modules import one another one way only: no cycles, however hidden.

Every import counts, wherever it is written: at the top, under ``if TYPE_CHECKING:``, or
inside a function (a lazy import that only hides a cycle does not break it). And the
modules split along the rulebook still offer every name they offered before.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import networkx as nx
import pytest

import piratelib.dreadpirate

PACKAGE = "piratelib.dreadpirate"
FOLDER = Path(piratelib.dreadpirate.__file__).parent


def dreadpirate_imports() -> nx.DiGraph:
    """Module name -> the Dread Pirate modules it imports, read from the source with ast."""
    modules = {path.stem for path in FOLDER.glob("*.py") if path.stem != "__init__"}
    G = nx.DiGraph()
    G.add_nodes_from(modules)
    for module in modules:
        tree = ast.parse((FOLDER / f"{module}.py").read_text())
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
            for name in names:
                if name.startswith(f"{PACKAGE}."):
                    target = name.removeprefix(f"{PACKAGE}.").split(".")[0]
                    if target in modules and target != module:
                        G.add_edge(module, target)
    return G


def test_the_package_is_read():
    G = dreadpirate_imports()
    assert {"game", "battle", "board", "state", "treasure"} <= set(G)
    assert G.has_edge("game", "state")


def test_no_import_cycles():
    G = dreadpirate_imports()
    cycles = list(nx.simple_cycles(G))
    assert not cycles, f"import cycles: {cycles}"


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
