"""Domain-level bad input that raised a non-piratelib error or was accepted (issue 29, item 11).

Each call is one a caller could plausibly make: an unknown row, a NaN count, an unknown
space or block, a graph that is not the Map, a malformed (id, count) pair, a count that
cannot be, an Interview of no space. Each is refused with a piratelib error whose message
names what is allowed.
"""

from __future__ import annotations

import math
import random

import networkx as nx
import pytest

from piratelib.blackbeard.board import load_map
from piratelib.blackbeard.board.informants import check_informant, informant_targets
from piratelib.blackbeard.board.movement import move_graph, reach
from piratelib.blackbeard.game.state import State, blank_blocks, with_blocks
from piratelib.blackbeard.piracy.mat import Mat, put_count
from piratelib.blackbeard.piracy.plan_odds import choose_plan
from piratelib.blackbeard.piracy.tiles import load_tiles, with_squares
from piratelib.blackflag.scoring import wealth_victory
from piratelib.dreadpirate.treasure import item_words
from piratelib.errors import PiratelibError
from piratelib.steps import play_out


def _play_out(max_actions):
    legal = lambda n: [1] if n < 5 else []  # noqa: E731
    return play_out(0, random.Random(1), legal, lambda n, k, r: (), None, max_actions)


_STATE = State(blocks=blank_blocks())

CASES = {
    "choose_plan, unknown row": (
        lambda: choose_plan(Mat(), "nots_island", "no_such_row", camp="nots_island"),
        "the rows are acts_of_piracy, pirates_life",
    ),
    "choose_plan, unknown Camp": (
        lambda: choose_plan(Mat(), "nots_island", "acts_of_piracy", camp="nowhere"),
        "unknown space 'nowhere'",
    ),
    "play_out, NaN actions": (lambda: _play_out(math.nan), "max_actions must be a whole number"),
    "play_out, -1 actions": (lambda: _play_out(-1), "from 0 to"),
    "with_blocks, unknown space": (
        lambda: with_blocks(_STATE, {"nowhere": "blank"}),
        "the block slots are",
    ),
    "with_blocks, unknown block": (
        lambda: with_blocks(_STATE, {"nots_island": "dragon"}),
        "the blocks are adventure",
    ),
    "move_graph, empty graph": (lambda: move_graph(nx.Graph(), "jane"), "G must be the Map"),
    "reach, empty graph": (lambda: reach(nx.Graph(), "jane", "nots_island", 2), "must be the Map"),
    "put_count, a 1-tuple": (lambda: put_count((("buy_rum",),), "grape", 1), "(id, count) pairs"),
    "put_count, a 3-tuple": (
        lambda: put_count((("buy_rum", 1, 2),), "grape", 1),
        "(id, count) pairs",
    ),
    "put_count, a string": (lambda: put_count(("ab",), "grape", 1), "(id, count) pairs"),
    "put_count, a negative count": (lambda: put_count((), "grape", -1), "from 0 to"),
    "wealth_victory, negative Doubloons": (
        lambda: wealth_victory({"Ann": "pirate"}, {"Ann": -3}, hidden=set()),
        "0 or more",
    ),
    "item_words, -1": (lambda: item_words("red", -1), "whole number from 0 to"),
    "item_words, NaN": (lambda: item_words("red", math.nan), "whole number from 0 to"),
    "with_squares, 10**12": (
        lambda: with_squares(load_tiles(), "buy_rum", 10**12),
        "from 1 to 20",
    ),
    "check_informant, no target": (
        lambda: check_informant(load_map(), "wm_howard", []),
        "at least one target space",
    ),
}


@pytest.mark.parametrize("case", CASES)
def test_bad_domain_input_is_refused_naming_what_is_allowed(case):
    call, allowed = CASES[case]
    with pytest.raises(PiratelibError) as refused:
        call()
    assert allowed in str(refused.value)


def test_an_informant_with_nothing_spotted_yet_still_has_every_target():
    # the refusal of an empty Interview does not touch the targets left before any Spot
    G = load_map()
    assert informant_targets(G, "wm_howard", []) == informant_targets(G, "wm_howard", ())
    assert "nots_island" in informant_targets(G, "wm_howard", [])
