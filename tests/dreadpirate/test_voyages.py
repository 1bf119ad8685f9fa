"""Voyages past moored ships: the turns to reach a place take the same ships into account
as the chance to reach it this turn ("Two or more ships cannot occupy the same space")."""

from __future__ import annotations

import random
from fractions import Fraction

import networkx as nx
import pytest

from piratelib.dice import standard_error, sum_of_dice
from piratelib.dreadpirate.sea import (
    DIAGONAL_RULES,
    Sea,
    reach_probability,
    sea_graph,
    simulate_turns,
    square_of,
    turns_to_reach,
)
from piratelib.errors import IllegalActionError

G = sea_graph()
PORT_DIABLO = square_of(G, "port_diablo")
KRAKEN = square_of(G, "krakens_reach")
MOORED = [(0, 1), (1, 1)]  # the movement app's Sea Wolf and Black Gull, beside Port Diablo
PLACES = ["krakens_reach", "la_antigua", "smugglers_cove", "skull_rock"]


@pytest.mark.parametrize("rule", DIAGONAL_RULES)
@pytest.mark.parametrize("place", PLACES)
@pytest.mark.parametrize("pass_through", [True, False])
def test_the_first_turn_is_the_chance_this_turn(rule, place, pass_through):
    graph = sea_graph(diagonal=rule)
    target = square_of(graph, place)
    ships = {"occupied": MOORED, "pass_through": pass_through}
    turns = turns_to_reach(graph, PORT_DIABLO, target, **ships)
    assert turns.get(1, 0) == reach_probability(graph, PORT_DIABLO, target, **ships)
    assert sum(turns.values()) == 1


@pytest.mark.parametrize("rule", DIAGONAL_RULES)
@pytest.mark.parametrize("place", PLACES)
def test_ships_that_block_the_way_lengthen_it_closed_form(rule, place):
    # Ships that block the way are land for this voyage: the policy shrinks the distance
    # around them by the whole roll, so P(T <= k) = P(2k dice >= that distance).
    graph = sea_graph(diagonal=rule)
    target = square_of(graph, place)
    turns = turns_to_reach(graph, PORT_DIABLO, target, occupied=MOORED, pass_through=False)
    steps = nx.shortest_path_length(graph.subgraph(set(graph) - set(MOORED)), PORT_DIABLO, target)
    done = Fraction(0)
    for k in range(1, max(turns) + 1):
        at_most_k = sum((p for t, p in sum_of_dice(2 * k).items() if t >= steps), Fraction(0))
        assert turns.get(k, 0) == at_most_k - done
        done = at_most_k
    assert done == 1


def test_krakens_reach_past_ships_that_block_the_way():
    # The movement notebook's contradiction, resolved: the chance this turn is 0 and so is
    # the first row of the turns table; Kraken's Reach is 13 squares away, not 12.
    ships = {"occupied": MOORED, "pass_through": False}
    assert reach_probability(G, PORT_DIABLO, KRAKEN, **ships) == 0
    turns = turns_to_reach(G, PORT_DIABLO, KRAKEN, **ships)
    assert 1 not in turns and min(turns) == 2
    assert turns[2] == sum(p for t, p in sum_of_dice(4).items() if t >= 13)
    # Ships that may be sailed through change nothing on this voyage.
    assert turns_to_reach(G, PORT_DIABLO, KRAKEN, occupied=MOORED) == turns_to_reach(
        G, PORT_DIABLO, KRAKEN
    )


def test_the_simulation_follows_the_same_ships():
    ships = {"occupied": MOORED, "pass_through": False}
    turns = turns_to_reach(G, PORT_DIABLO, KRAKEN, **ships)
    rng, trials = random.Random(7), 5_000
    counts: dict[int, int] = {}
    for _ in range(trials):
        k = simulate_turns(G, PORT_DIABLO, KRAKEN, rng, **ships)
        counts[k] = counts.get(k, 0) + 1
    assert set(counts) <= set(turns)
    for k, p in turns.items():
        assert abs(counts.get(k, 0) / trials - p) <= 4 * standard_error(p, trials) + 1e-12


def test_a_target_that_holds_a_ship_is_refused():
    with pytest.raises(IllegalActionError, match=r"\(0, 1\) already holds a ship"):
        turns_to_reach(G, (5, 5), (0, 1), occupied=MOORED)


def test_ships_that_shut_the_only_way_are_refused():
    channel = Sea(("~~~~~",), {})
    graph = sea_graph(channel)
    with pytest.raises(IllegalActionError, match=r"past the ships on \(0, 2\)"):
        turns_to_reach(graph, (0, 0), (0, 4), occupied=[(0, 2)], pass_through=False)


def test_ships_that_can_keep_a_ship_in_place_are_refused():
    # A channel one square wide: with two ships ahead, a roll of 2 gets no nearer.
    channel = Sea(("~~~~~~",), {})
    graph = sea_graph(channel)
    with pytest.raises(IllegalActionError, match="the voyage may never end"):
        turns_to_reach(graph, (0, 0), (0, 5), occupied=[(0, 1), (0, 2)])
    # One ship ahead never stops a roll of 2 or more.
    assert sum(turns_to_reach(graph, (0, 0), (0, 5), occupied=[(0, 1)]).values()) == 1
