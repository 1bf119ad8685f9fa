"""Hunt for Blackbeard's Encounter and Piracy modules import one another one way only and
keep every public name at the path it had before the split. (No cycles, a docstring and
``__all__`` in every module: tests/test_architecture.py.)"""

from __future__ import annotations

import importlib

import pytest

PACKAGE = "piratelib.blackbeard"
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


def test_the_split_modules_depend_one_way(import_graph):
    def within(module):
        prefix = f"{PACKAGE}."
        found = import_graph.successors(prefix + module)
        return {name.removeprefix(prefix) for name in found if name.startswith(prefix)}

    record, rules, odds, steps = SPLIT["encounter"]
    assert within(steps) == {record, rules, odds}
    assert within(record) == set()
    assert within(rules) == {record}
    assert within(odds) == {record, rules}
    assert "piracy_resolution" not in within("piracy_mat")


@pytest.mark.parametrize("old", sorted(OLD_NAMES))
def test_old_names_import_from_the_old_path(old):
    module = importlib.import_module(f"{PACKAGE}.{old}")
    for name in OLD_NAMES[old]:
        assert name in module.__all__
        owners = [importlib.import_module(f"{PACKAGE}.{new}") for new in SPLIT[old]]
        moved = [getattr(m, name) for m in owners if name in m.__all__]
        assert all(getattr(module, name) is thing for thing in moved), name
