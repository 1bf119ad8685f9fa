"""Dread Pirate's modules import one another one way only: no cycles, however hidden.

Every import counts, wherever it is written: at the top, under ``if TYPE_CHECKING:``, or
inside a function (a lazy import that only hides a cycle does not break it).
"""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

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
