"""Dread Pirate's sea: the grid data, the diagonal rule's readings, reachability against a
brute-force search, the exact odds and turns to reach a square, and bad input."""

from __future__ import annotations

import random
from fractions import Fraction

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from piratelib.dice import standard_error, sum_of_dice
from piratelib.dreadpirate.sea import (
    CITIES,
    DEFAULT_DIAGONAL,
    DIAGONAL_RULES,
    Sea,
    check_attack,
    check_move,
    load_sea,
    move_toward,
    reach_probability,
    reachable,
    sea_graph,
    simulate_turns,
    square_of,
    turns_to_reach,
)
from piratelib.errors import DataError, IllegalActionError

SEA = load_sea()
G = sea_graph()
PORT_DIABLO = square_of(G, "port_diablo")
KRAKEN = square_of(G, "krakens_reach")


def step_ok(rows: list[str], a, b, rule: str) -> bool:
    """The diagonal rule, written again from the rulebook's words for this test."""
    water = lambda r, c: 0 <= r < len(rows) and 0 <= c < len(rows[0]) and rows[r][c] == "~"  # noqa: E731
    if not (water(*a) and water(*b)) or max(abs(a[0] - b[0]), abs(a[1] - b[1])) != 1:
        return False
    if a[0] == b[0] or a[1] == b[1]:  # "horizontally, vertically"
        return True
    # "or diagonally ... only ... if there is water between the two spaces"
    sides = [water(a[0], b[1]), water(b[0], a[1])]
    return {
        "never": False,
        "both_sides_water": all(sides),
        "one_side_water": any(sides),
        "always": True,
    }[rule]


def brute_force_reach(rows, start, roll, rule, occupied=frozenset(), pass_through=True):
    """Every square ending some sequence of at most `roll` steps: no graph library."""
    ends, frontier = {start}, {start}
    for _ in range(roll):
        step = set()
        for r, c in frontier:
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    b = (r + dr, c + dc)
                    allowed = b != (r, c) and step_ok(rows, (r, c), b, rule)
                    if allowed and (pass_through or b not in occupied):
                        step.add(b)
        frontier = step
        ends |= step
    return {square for square in ends if square not in occupied - {start}}


def sea_from(rows: list[str]) -> Sea:
    """A small sea with no places, for the property test."""
    return Sea(tuple(rows), {})


@st.composite
def small_seas(draw):
    height, width = draw(st.integers(1, 5)), draw(st.integers(1, 5))
    cells = draw(st.lists(st.booleans(), min_size=height * width, max_size=height * width))
    rows = [
        "".join("~" if w else "#" for w in cells[r * width : (r + 1) * width])
        for r in range(height)
    ]
    water = [(r, c) for r in range(height) for c in range(width) if rows[r][c] == "~"]
    start = draw(st.sampled_from(water)) if water else None
    occupied = draw(st.sets(st.sampled_from(water), max_size=3)) if water else set()
    return rows, start, frozenset(occupied), draw(st.integers(0, 6)), draw(st.booleans())


@settings(max_examples=300, deadline=None)
@given(small_seas(), st.sampled_from(DIAGONAL_RULES))
def test_reachable_equals_brute_force(case, rule):
    rows, start, occupied, roll, pass_through = case
    if start is None:
        return
    graph = sea_graph(sea_from(rows), diagonal=rule)
    got = reachable(graph, start, roll, occupied=occupied, pass_through=pass_through)
    assert got == brute_force_reach(rows, start, roll, rule, occupied, pass_through)


def test_the_packaged_sea():
    assert (SEA.height, SEA.width) == (13, 20)
    # "in one of the four corners of the board"
    corners = {(0, 0), (0, 19), (12, 0), (12, 19)}
    assert {SEA.places[city]["at"] for city in CITIES} == corners
    assert all(SEA.is_water(entry["at"]) for entry in SEA.places.values())
    # The rulebook does not publish the board: every square is our reconstruction.
    assert all("assumed" in entry["at_src"] for entry in SEA.places.values())
    assert str(SEA).splitlines()[0] == "C" + "~" * 18 + "C"


@pytest.mark.parametrize(
    ("rule", "steps"),
    [("never", 16), ("both_sides_water", 13), ("one_side_water", 12), ("always", 10)],
)
def test_the_diagonal_rule_changes_the_way_to_krakens_reach(rule, steps):
    graph = sea_graph(diagonal=rule)
    assert nx.shortest_path_length(graph, PORT_DIABLO, KRAKEN) == steps
    if steps <= 12:
        assert KRAKEN not in reachable(graph, PORT_DIABLO, steps - 1)
        assert KRAKEN in reachable(graph, PORT_DIABLO, steps)
    # The chance this turn is P(2d6 >= steps).
    want = sum((p for t, p in sum_of_dice(2).items() if t >= steps), Fraction(0))
    assert reach_probability(graph, PORT_DIABLO, KRAKEN) == want


def test_default_reading():
    assert DEFAULT_DIAGONAL == "one_side_water" and G.graph["diagonal"] == DEFAULT_DIAGONAL


def test_move_up_to_the_roll_even_zero():
    # "You can then move up to the full amount shown on the dice, including any amount
    # less than the total of your dice (even zero)."
    assert reachable(G, PORT_DIABLO, 0) == {PORT_DIABLO}
    assert reachable(G, PORT_DIABLO, 2) > reachable(G, PORT_DIABLO, 1) > {PORT_DIABLO}


def test_ships_cannot_share_a_space():
    # "Two or more ships cannot occupy the same space."
    other = (0, 1)
    assert other not in reachable(G, PORT_DIABLO, 3, occupied=[other])
    assert (0, 2) in reachable(G, PORT_DIABLO, 2, occupied=[other, (1, 1)])
    assert (0, 2) not in reachable(
        G, PORT_DIABLO, 2, occupied=[other, (1, 1), (1, 0)], pass_through=False
    )


@pytest.mark.parametrize(
    ("path", "roll", "occupied", "pass_through", "message"),
    [
        ([(0, 3), (1, 4)], 7, (), True, r"\(1, 4\) is land: .*Ships must stay on water"),
        ([(0, 0), (0, 2)], 7, (), True, "not a step to a neighbouring square"),
        ([(0, 3), (0, 4), (0, 5), (0, 6)], 2, (), True, "3 steps but the roll is 2"),
        ([(0, 0), (0, 1)], 7, [(0, 1)], True, r"\(0, 1\) already holds a ship"),
        ([(0, 0), (0, 1), (0, 2)], 7, [(0, 1)], False, "passes through"),
        ([(0, 0), (-1, 0)], 7, (), True, "off the board"),
    ],
)
def test_illegal_moves_name_the_rule(path, roll, occupied, pass_through, message):
    with pytest.raises(IllegalActionError, match=message):
        check_move(G, path, roll, occupied=occupied, pass_through=pass_through)


def test_attack_only_a_ship_next_to_you():
    # "At the end your movement, if you are next to another Pirate, you can fight them."
    check_attack(G, (0, 0), (1, 1))
    with pytest.raises(IllegalActionError, match=r"\(0, 0\) is not next to \(0, 2\)"):
        check_attack(G, (0, 0), (0, 2))
    # Across a land corner: next to only where the diagonal rule lets a ship step.
    with pytest.raises(IllegalActionError, match="not next to"):
        check_attack(G, KRAKEN, (7, 11))
    check_attack(sea_graph(diagonal="always"), KRAKEN, (7, 11))
    with pytest.raises(IllegalActionError, match="Two or more ships cannot occupy"):
        check_attack(G, KRAKEN, KRAKEN)


def test_a_blocked_corner():
    # Kraken's Reach (6, 10) to (7, 11): both squares beside the step are land.
    assert SEA.rows[6][11] == "#" and SEA.rows[7][10] == "#"
    with pytest.raises(IllegalActionError, match=r"crosses a blocked corner.*'one_side_water'"):
        check_move(G, [KRAKEN, (7, 11)], 7)
    assert check_move(sea_graph(diagonal="always"), [KRAKEN, (7, 11)], 7) == 1


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: reachable(G, (1, 4), 3), r"start \(1, 4\) is land"),
        (lambda: reachable(G, PORT_DIABLO, 13), "0 to 12 spaces, got 13"),
        (lambda: reachable(G, PORT_DIABLO, 3, occupied=[(1, 4)]), "an occupied square"),
        (lambda: square_of(G, "krakens_rech"), "did you mean 'krakens_reach'"),
        (lambda: sea_graph(diagonal="sometimes"), "choose one of never, both_sides_water"),
        (lambda: reach_probability(G, PORT_DIABLO, (99, 0)), "target .* off the board"),
    ],
)
def test_bad_input(call, message):
    with pytest.raises(IllegalActionError, match=message):
        call()


@pytest.mark.parametrize("rule", DIAGONAL_RULES)
@pytest.mark.parametrize("place", ["krakens_reach", "la_antigua", "smugglers_cove"])
def test_turns_to_reach_sums_to_1_and_matches_the_closed_form(rule, place):
    graph = sea_graph(diagonal=rule)
    target = square_of(graph, place)
    turns = turns_to_reach(graph, PORT_DIABLO, target)
    assert sum(turns.values()) == 1
    # With nothing in the way the policy shrinks the distance by the whole roll, so
    # P(T <= k) = P(sum of 2k dice >= distance).
    steps = nx.shortest_path_length(graph, PORT_DIABLO, target)
    done = Fraction(0)
    for k in range(1, max(turns) + 1):
        at_most_k = sum((p for t, p in sum_of_dice(2 * k).items() if t >= steps), Fraction(0))
        assert turns.get(k, 0) == at_most_k - done
        done = at_most_k
    assert done == 1


@pytest.mark.parametrize("bonus", [1, 2])
def test_a_roll_bonus_in_the_closed_form_and_the_simulation(bonus):
    # "The Dread Pirate receives +1 to all of their rolls": k turns move 2k dice + k bonus.
    target = square_of(G, "la_antigua")
    turns = turns_to_reach(G, PORT_DIABLO, target, bonus=bonus)
    steps = nx.shortest_path_length(G, PORT_DIABLO, target)
    done = Fraction(0)
    for k in range(1, max(turns) + 1):
        at_most_k = sum(
            (p for t, p in sum_of_dice(2 * k, bonus=k * bonus).items() if t >= steps), Fraction(0)
        )
        assert turns.get(k, 0) == at_most_k - done
        done = at_most_k
    assert done == 1 and sum(turns.values()) == 1
    rng, trials = random.Random(bonus), 5_000
    counts: dict[int, int] = {}
    for _ in range(trials):
        k = simulate_turns(G, PORT_DIABLO, target, rng, bonus=bonus)
        counts[k] = counts.get(k, 0) + 1
    for k, p in turns.items():
        assert abs(counts.get(k, 0) / trials - p) <= 4 * standard_error(p, trials) + 1e-12


def test_turns_to_reach_matches_a_seeded_simulation():
    target = square_of(G, "la_antigua")
    turns = turns_to_reach(G, PORT_DIABLO, target)
    rng, trials = random.Random(2024), 20_000
    counts: dict[int, int] = {}
    for _ in range(trials):
        k = simulate_turns(G, PORT_DIABLO, target, rng)
        counts[k] = counts.get(k, 0) + 1
    assert set(counts) <= set(turns)
    for k, p in turns.items():
        assert abs(counts.get(k, 0) / trials - p) <= 4 * standard_error(p, trials) + 1e-12


def test_turns_to_an_unreachable_square():
    rows = ["~#~", "#~#", "~#~"]
    graph = sea_graph(sea_from(rows), diagonal="never")
    with pytest.raises(IllegalActionError, match="cannot be reached"):
        turns_to_reach(graph, (0, 0), (2, 2))
    assert turns_to_reach(sea_graph(sea_from(rows), diagonal="always"), (0, 0), (2, 2)) == {
        1: Fraction(1)
    }


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("~~~~##~~~~~~~~#~~~~~\n", "~~~~##~~~~~~~~#~~~~\n", "ragged rows: row 1 has 19 squares"),
        (
            "~~~~##~~~~~~~~#~~~~~\n",
            "~~~~##~~~~~~~~#~~~~X\n",
            "unknown symbol 'X' at row 1, column 19",
        ),
        ("at = [6, 10]", "at = [4, 9]", r"Kraken's Reach at \(4, 9\) is on land"),
        ("at = [6, 10]", "at = [6, 99]", "off the board"),
        ("at = [2, 8]", "at = [0, 0]", r"\(0, 0\) is already port_diablo"),
        ('id = "la_antigua"', 'id = "antigua"', "no City 'la_antigua'"),
        ('kind = "mission"', 'kind = "treasure"', "kind must be one of city, mission"),
        ('src = ["assumed"]\nevidence = "Each', 'src = ["guess"]\nevidence = "Each', "src must"),
        (
            'why = "The rulebook does not publish',
            'note = "The rulebook does not publish',
            "needs a why",
        ),
        (
            '~~~#~~~~~~~~~~~~~~~~\n~~~~~~~~~~~~~~~~~~~~\n"""',
            '~~~#~~~~~~~~~~~~~~~#\n~~~~~~~~~~~~~~~~~~#~\n"""',
            "La Antigua cannot be reached by water",
        ),
    ],
)
def test_malformed_sea(corrupt, old, new, message):
    with pytest.raises(DataError, match=r"dreadpirate_sea\.toml: .*" + message):
        load_sea(corrupt("dreadpirate_sea.toml", old, new))


@pytest.mark.parametrize("rule", DIAGONAL_RULES)
@pytest.mark.parametrize("place", ["krakens_reach", "la_antigua"])
def test_move_toward_is_the_nearest_reachable_square(rule, place):
    # The policy's definition, searched the slow way: every square the roll reaches, the
    # one nearest the target by water, ties to the smallest (row, column).
    graph = sea_graph(diagonal=rule)
    target = square_of(graph, place)
    to_target = nx.single_source_shortest_path_length(graph, target)
    for square in sorted(to_target)[::3]:
        for roll in range(13):
            for bonus in (0, 1) if rule == DEFAULT_DIAGONAL else (0,):
                ends = reachable(graph, square, roll, bonus=bonus)
                best = min(ends, key=lambda s: (to_target[s], s))
                assert move_toward(graph, square, target, roll, bonus=bonus) == best
