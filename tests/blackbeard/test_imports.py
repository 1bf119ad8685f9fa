"""Hunt for Blackbeard's Encounter and Piracy modules: each says what it is for, imports the
others one way only, and keeps every public name at the path it had before the split."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import networkx as nx
import pytest

import piratelib.blackbeard

PACKAGE = "piratelib.blackbeard"
FOLDER = Path(piratelib.blackbeard.__file__).parent
MODULES = sorted(path.stem for path in FOLDER.glob("*.py") if path.stem != "__init__")
SPLIT = {
    "encounter": ["encounter_record", "encounter_rules", "encounter_odds", "encounter_steps"],
    "piracy": ["piracy_mat", "piracy_resolution"],
}
# Every public name the old modules had before the split.
OLD_NAMES = {
    "encounter": [
        "BLACKBEARD_TILES",
        "HUNTER_PIECES",
        "HUNTER_TILES",
        "MAX_HITS",
        "ONCE_PER_TURN",
        "PIRATE_PIECES",
        "RULES",
        "SLOOPS",
        "TILE_NAMES",
        "Encounter",
        "Ending",
        "State",
        "Step",
        "odds",
        "resolve",
        "roll_odds",
        "simulate",
    ],
    "piracy": [
        "ROWS",
        "RULES",
        "Mat",
        "Position",
        "acting_space",
        "draw_tiles",
        "end_turn",
        "pawns_allowed",
        "penalties",
        "piracy_victory",
        "plan_piracy",
        "prepare_defense",
        "resolve_piracy",
        "row_cubes",
        "setup",
    ],
}


def blackbeard_imports() -> nx.DiGraph:
    """Module -> the Blackbeard modules it imports anywhere (also inside functions)."""
    G = nx.DiGraph()
    G.add_nodes_from(MODULES)
    for module in MODULES:
        for node in ast.walk(ast.parse((FOLDER / f"{module}.py").read_text())):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
            for name in names:
                target = name.removeprefix(f"{PACKAGE}.").split(".")[0]
                if name.startswith(f"{PACKAGE}.") and target in MODULES and target != module:
                    G.add_edge(module, target)
    return G


def test_no_import_cycles():
    assert list(nx.simple_cycles(blackbeard_imports())) == []


def test_the_split_modules_depend_one_way():
    G = blackbeard_imports()
    record, rules, odds, steps = SPLIT["encounter"]
    assert set(G.successors(steps)) == {record, rules, odds}
    assert set(G.successors(record)) == set()
    assert set(G.successors(rules)) == {record}
    assert set(G.successors(odds)) == {record, rules}
    assert "piracy_resolution" not in set(G.successors("piracy_mat"))


@pytest.mark.parametrize("old", sorted(OLD_NAMES))
def test_old_names_import_from_the_old_path(old):
    module = importlib.import_module(f"{PACKAGE}.{old}")
    for name in OLD_NAMES[old]:
        assert name in module.__all__
        owners = [importlib.import_module(f"{PACKAGE}.{new}") for new in SPLIT[old]]
        moved = [getattr(m, name) for m in owners if name in m.__all__]
        assert all(getattr(module, name) is thing for thing in moved), name


@pytest.mark.parametrize("module", [m for new in SPLIT.values() for m in new] + sorted(SPLIT))
def test_each_module_says_what_it_is_for(module):
    path = FOLDER / f"{module}.py"
    tree = ast.parse(path.read_text())
    assert ast.get_docstring(tree), module
    mod = importlib.import_module(f"{PACKAGE}.{module}")
    assert all(hasattr(mod, name) for name in mod.__all__)
    assert len(path.read_text().splitlines()) <= 500
