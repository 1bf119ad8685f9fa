"""The package's shape: three layers with arrows only downward, no import cycles, modules
small enough to read in one sitting, and each saying what it is for and what it offers.

The import graph comes from the `import_graph` fixture (tests/conftest.py), which reads
every import in the source, function-level and ``TYPE_CHECKING`` ones included.
"""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import networkx as nx
import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "piratelib"
MODULES = sorted(PACKAGE.rglob("*.py"))
MAX_LINES = 600  # DEVELOPERS.md: "split along the rulebook's sections well before ~600 lines"


def dotted(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def layer(name: str) -> int:
    """0 for rules (and the shared dice, data, steps, errors), 1 for draw, 2 for widgets."""
    if name.startswith("piratelib.widgets"):
        return 2
    if name.startswith("piratelib.draw"):
        return 1
    return 0


def test_the_graph_holds_every_module(import_graph):
    assert set(import_graph) == {dotted(path) for path in MODULES}
    assert import_graph.has_edge("piratelib.widgets.dice", "piratelib.dice")


def test_no_import_cycles(import_graph):
    cycles = list(nx.simple_cycles(import_graph))
    assert not cycles, f"import cycles: {cycles}"


def test_arrows_point_only_downward(import_graph):
    upward = [(a, b) for a, b in import_graph.edges if layer(b) > layer(a)]
    assert not upward, f"a lower layer imports a higher one: {upward}"


def test_drawing_is_one_package():
    assert (PACKAGE / "draw" / "__init__.py").exists()
    assert not list(PACKAGE.glob("draw*.py"))


@pytest.mark.parametrize("path", MODULES, ids=dotted)
def test_module_reads_in_one_sitting(path):
    lines = len(path.read_text().splitlines())
    assert lines <= MAX_LINES, f"{dotted(path)} has {lines} lines; split it"


@pytest.mark.parametrize("path", MODULES, ids=dotted)
def test_module_says_what_it_is_for_and_what_it_offers(path):
    docstring = ast.get_docstring(ast.parse(path.read_text()))
    assert docstring and len(docstring.split()) >= 5, f"{dotted(path)} needs a docstring"
    module = importlib.import_module(dotted(path))
    offered = module.__all__
    assert isinstance(offered, list) and len(set(offered)) == len(offered)
    assert [name for name in offered if not hasattr(module, name)] == []


MAX_MODULES = 15  # issue 23: "no folder of piratelib with more than 15 modules"
FOLDERS = sorted({path.parent for path in MODULES})


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda f: str(f.relative_to(PACKAGE.parent)))
def test_folder_holds_few_enough_modules_to_find_one(folder):
    modules = [p.name for p in folder.glob("*.py") if p.name != "__init__.py"]
    assert len(modules) <= MAX_MODULES, f"{folder.name} holds {len(modules)} modules"


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda f: str(f.relative_to(PACKAGE.parent)))
def test_every_folder_is_a_package_with_a_docstring(folder):
    init = folder / "__init__.py"
    assert init.exists(), f"{folder} is not a package"
    docstring = ast.get_docstring(ast.parse(init.read_text()))
    assert docstring and len(docstring.split()) >= 5, f"{folder} needs a docstring"


@pytest.mark.parametrize("game", ["blackbeard", "dreadpirate"])
def test_a_games_rooms_are_packages_not_name_prefixes(game):
    # "encounter_odds" beside "encounter_rules" is a package waiting to be made.
    stems = [p.stem for p in (PACKAGE / game).glob("*.py") if p.stem != "__init__"]
    prefixes = {stem.split("_")[0] for stem in stems if "_" in stem}
    shared = sorted(p for p in prefixes if sum(s.startswith(f"{p}_") for s in stems) > 1)
    assert shared == [], f"piratelib/{game} has prefixed modules: {shared}"
    assert len(stems) <= 6, f"piratelib/{game} should hold its rooms as packages: {stems}"


def test_every_type_ignore_names_its_error_and_its_reason():
    # make test runs mypy --strict; a silenced line must say which error and why.
    bare = [
        f"{dotted(path)}:{number}: {line.strip()}"
        for path in MODULES
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if "type: ignore" in line
        and not re.search(r"#\s*type:\s*ignore\[[a-z-]+(,\s*[a-z-]+)*\]\s+#\s*\S.{5,}", line)
    ]
    assert bare == [], "a # type: ignore needs [code] and a reason:\n" + "\n".join(bare)
