"""Black Flag!'s table: the rulebook's distance examples, properties, and bad input."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from piratelib.blackflag.table import distance, distance_matrix, in_range, targets_in_range
from piratelib.errors import IllegalActionError

SEATS = ["Andrew", "Barbara", "Cody", "Daniel", "Emma", "Frank"]


def test_distances_from_andrew():
    # "Andrew is 1 space away from Frank and Barbara, 2 spaces away from Emma and Cody,
    # and 3 spaces away from Daniel."
    got = {b: distance(SEATS, SEATS, "Andrew", b) for b in SEATS[1:]}
    assert got == {"Barbara": 1, "Frank": 1, "Cody": 2, "Emma": 2, "Daniel": 3}


def test_sails():
    # "Andrew has a Sails card in play. Now Barbara must have a Range value of at least 2
    # in order to hit him. Andrew, on the other hand, is not affected and can hit Barbara
    # with a Range of 1."
    assert not in_range(SEATS, SEATS, "Barbara", "Andrew", ship_range=1, sails=["Andrew"])
    assert in_range(SEATS, SEATS, "Barbara", "Andrew", ship_range=2, sails=["Andrew"])
    assert in_range(SEATS, SEATS, "Andrew", "Barbara", ship_range=1, sails=["Andrew"])


def test_telescope():
    # "Andrew has a Telescope card in play, which increases his Range by 1. His Ship, which
    # has a Range of 2, can now hit Daniel."
    assert not in_range(SEATS, SEATS, "Andrew", "Daniel", ship_range=2)
    assert in_range(SEATS, SEATS, "Andrew", "Daniel", ship_range=2, telescopes=["Andrew"])
    assert distance(SEATS, SEATS, "Andrew", "Daniel") == 3  # "the distance remains unchanged"


def test_a_sinking_moves_players_closer():
    # "it may happen that some players 'move closer' following a sinking".
    ships = set(SEATS) - {"Barbara", "Cody"}
    assert distance(SEATS, ships, "Andrew", "Daniel") == 1
    assert not in_range(SEATS, ships, "Andrew", "Barbara", ship_range=8)  # shipless target
    assert targets_in_range(SEATS, ships, "Andrew", ship_range=1) == ("Daniel", "Frank")


def test_distance_matrix():
    matrix = distance_matrix(SEATS, SEATS, sails=["Daniel"])
    assert matrix["Andrew"]["Daniel"] == 4 and matrix["Daniel"]["Andrew"] == 3
    assert set(matrix) == set(SEATS)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: distance(SEATS, SEATS, "Andrew", "Barbra"),
            r"'Barbra' in player is not at the table \(did you mean 'Barbara'\?\)",
        ),
        (
            lambda: distance(SEATS, set(SEATS) - {"Cody"}, "Andrew", "Cody"),
            r"Cody \(the player seen\) has no Ship",
        ),
        (
            lambda: distance(SEATS, set(SEATS) - {"Andrew"}, "Andrew", "Cody"),
            r"Andrew \(the player who looks\) has no Ship",
        ),
        (lambda: distance(SEATS, SEATS, "Andrew", "Andrew"), r"between two players"),
        (
            lambda: in_range(SEATS, SEATS, "Andrew", "Cody", ship_range=0),
            r"ship_range must be a whole number from 1 to 8, got 0",
        ),
        (
            lambda: distance(["Andrew", "Andrew"], ["Andrew"], "Andrew", "Andrew"),
            r"at least 2 different players",
        ),
        (
            lambda: distance(SEATS, SEATS, "Andrew", "Cody", sails=["Zed"]),
            r"'Zed' in sails is not at the table",
        ),
    ],
)
def test_bad_input_names_the_rule(call, message):
    with pytest.raises(IllegalActionError, match=message):
        call()


@st.composite
def tables(draw):
    n = draw(st.integers(4, 8))
    seats = [f"P{i}" for i in range(n)]
    ships = draw(st.sets(st.sampled_from(seats), min_size=2))
    a, b = draw(st.lists(st.sampled_from(sorted(ships)), min_size=2, max_size=2, unique=True))
    telescopes = draw(st.sets(st.sampled_from(seats)))
    return seats, ships, a, b, telescopes


@given(tables())
def test_distance_properties(table):
    seats, ships, a, b, telescopes = table
    d = distance(seats, ships, a, b)
    assert d == distance(seats, ships, b, a)  # symmetric without Sails
    assert 1 <= d <= len(ships) // 2
    assert distance(seats, ships, a, b, sails=[a]) == d  # the attacker's own Sails
    assert distance(seats, ships, a, b, sails=[b]) == d + 1
    for ship_range in range(1, 5):  # a Telescope changes range, never distance
        plain = in_range(seats, ships, a, b, ship_range=ship_range)
        scoped = in_range(seats, ships, a, b, ship_range=ship_range, telescopes=telescopes)
        assert plain == (d <= ship_range)
        assert scoped == (d <= ship_range + (a in telescopes))
