"""Black Flag!'s modules: each says what it is for, imports the others one way only, and
keeps every public name at the path it had before a split."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import networkx as nx
import pytest

import piratelib.blackflag

PACKAGE = "piratelib.blackflag"
FOLDER = Path(piratelib.blackflag.__file__).parent
MODULES = sorted(path.stem for path in FOLDER.glob("*.py") if path.stem != "__init__")

# Names that moved when game.py and data.py were split: old module -> new module -> names.
MOVED = {
    "game": {
        "actions": [
            "Action",
            "Discard",
            "EndPlay",
            "Keep",
            "Miss",
            "PlayDeutchmann",
            "PlayEquipment",
            "PlayShot",
            "Respond",
            "TakeHit",
            "TakeShip",
            "decider",
            "legal_actions",
            "shot_reach",
        ],
    },
    "data": {"schema": ["CARD_KINDS", "CENTRE", "EDGE_RULES", "PLAYERS"]},
}


def blackflag_imports() -> nx.DiGraph:
    """Module -> the Black Flag! modules it imports anywhere (also inside functions)."""
    G = nx.DiGraph()
    G.add_nodes_from(MODULES)
    for module in MODULES:
        for node in ast.walk(ast.parse((FOLDER / f"{module}.py").read_text())):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                assert node.level == 0, f"{module}: piratelib uses absolute imports"
                names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
            for name in names:
                target = name.removeprefix(f"{PACKAGE}.").split(".")[0]
                if name.startswith(f"{PACKAGE}.") and target in MODULES and target != module:
                    G.add_edge(module, target)
    return G


def test_no_import_cycles():
    assert list(nx.simple_cycles(blackflag_imports())) == []


def test_the_engine_sits_on_top():
    # game uses actions and turn; neither of them uses game.
    G = blackflag_imports()
    assert {"actions", "turn"} <= set(G.successors("game"))
    assert "game" not in nx.descendants(G, "actions") | nx.descendants(G, "turn")
    assert "data" not in nx.descendants(G, "schema")


@pytest.mark.parametrize("module", ["__init__", *MODULES])
def test_each_module_says_what_it_is_for_and_lists_its_names(module):
    name = PACKAGE if module == "__init__" else f"{PACKAGE}.{module}"
    mod = importlib.import_module(name)
    tree = ast.parse((FOLDER / f"{module}.py").read_text())
    assert ast.get_docstring(tree), f"{name} has no docstring"
    assert isinstance(mod.__all__, list) and len(set(mod.__all__)) == len(mod.__all__)
    assert [n for n in mod.__all__ if not hasattr(mod, n)] == []


@pytest.mark.parametrize(
    ("old", "new", "name"),
    [
        (old, new, name)
        for old, moves in MOVED.items()
        for new, names in moves.items()
        for name in names
    ],
)
def test_moved_names_keep_their_old_path(old, new, name):
    before = importlib.import_module(f"{PACKAGE}.{old}")
    after = importlib.import_module(f"{PACKAGE}.{new}")
    assert name in before.__all__ and name in after.__all__
    assert getattr(before, name) is getattr(after, name)


def test_the_engine_names_stay_in_game():
    from piratelib.blackflag import game

    for name in ("new_game", "decider", "legal_actions", "resolve", "apply", "playout"):
        assert name in game.__all__ and callable(getattr(game, name))
