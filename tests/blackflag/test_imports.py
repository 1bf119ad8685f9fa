"""Black Flag!'s modules: the engine on top of its actions and turn, and every public name
kept at the path it had before a split. (Cycles, docstrings and ``__all__`` for every
module: tests/test_architecture.py.)"""

from __future__ import annotations

import importlib

import networkx as nx
import pytest

PACKAGE = "piratelib.blackflag"

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


def test_the_engine_sits_on_top(import_graph):
    # game uses actions and turn; neither of them uses game.
    def module(name):
        return f"{PACKAGE}.{name}"

    assert {module("actions"), module("turn")} <= set(import_graph.successors(module("game")))
    below = nx.descendants(import_graph, module("actions"))
    below |= nx.descendants(import_graph, module("turn"))
    assert module("game") not in below
    assert module("data") not in nx.descendants(import_graph, module("schema"))


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
