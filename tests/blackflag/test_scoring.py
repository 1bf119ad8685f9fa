"""Black Flag!'s game ends: every At the Edge of the World row for 4 to 8 players, the
Sinking and Wealth victories, and bad input."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from piratelib.blackflag.data import PLAYERS, setup_for
from piratelib.blackflag.scoring import (
    Termination,
    edge_of_the_world,
    sinking_victory,
    space_name,
    wealth_victory,
)
from piratelib.errors import IllegalActionError

IBBERIA = {"admiral", "lieutenant"}
BRITTONIA = {"commodore", "ensign"}


def table(players: int) -> dict[str, str]:
    """One player per Role card of the setup row, named P1, P2, ..."""
    roles = list(Counter(setup_for(players)["roles"]).elements())
    return {f"P{i + 1}": role for i, role in enumerate(roles)}


def rulebook_winner(players: int, roles: dict[str, str], doubloons: dict[str, int], chest: int):
    """The rulebook's bullet list, written out here independently of blackflag.toml."""
    holder = {role: p for p, role in roles.items()}
    fewest = {
        side: min(doubloons[p] for p, role in roles.items() if role in members)
        for side, members in (("ibberia", IBBERIA), ("brittonia", BRITTONIA))
    }
    # "Space 2 or beyond (3, 4...) closer to the Ibberian Flag: The Kingdom of Ibberia's
    # team wins!" and the same for the Brittish Flag.
    if chest >= 2:
        return "ibberia"
    if chest <= -2:
        return "brittonia"
    if chest == 0:
        # "5/7 players: The Pirate wins! 4/6/8 players: The Privateer with the most
        # Doubloons wins! In case of a tie, the Ibberian Privateer wins."
        if players in (5, 7):
            return "pirate"
        i = doubloons[holder["ibberian_privateer"]]
        b = doubloons[holder["brittish_privateer"]]
        return "brittish_privateer" if b > i else "ibberian_privateer"
    # "Space 1 of the Ibberian side: 5/7 players: The Pirate wins if they have more
    # Doubloons than the member of the Ibberian team who has the fewest; otherwise, the
    # Kingdom of Ibberia team wins. 4/6/8 players: The Ibberian Privateer wins if ..."
    side = "ibberia" if chest == 1 else "brittonia"
    privateer = {"ibberia": "ibberian_privateer", "brittonia": "brittish_privateer"}[side]
    challenger = "pirate" if players in (5, 7) else privateer
    return challenger if doubloons[holder[challenger]] > fewest[side] else side


DOUBLOON_PATTERNS = [(0,), (1, 0), (0, 1), (2, 2, 1), (3, 0, 2, 1), (1, 3, 0, 2, 2)]


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("chest", range(-6, 7))
def test_every_edge_row_for_every_player_count(players, chest):
    roles = table(players)
    seen = set()
    for pattern in DOUBLOON_PATTERNS:
        for shift in range(players):
            doubloons = {p: pattern[(i + shift) % len(pattern)] for i, p in enumerate(roles)}
            outcome = edge_of_the_world(roles, doubloons, chest=chest)
            want = rulebook_winner(players, roles, doubloons, chest)
            assert outcome.winner == want, (doubloons, outcome.why)
            assert outcome.termination is Termination.EDGE_OF_THE_WORLD
            team = {"ibberia": IBBERIA, "brittonia": BRITTONIA}.get(want, {want})
            assert outcome.winners == tuple(p for p, r in roles.items() if r in team)
            seen.add(want)
    if chest in (1, -1) or (chest == 0 and players % 2 == 0):
        assert len(seen) == 2  # both sides of the comparison happen


def test_space_1_comparisons_in_words():
    roles = table(6)  # admiral, commodore, ensign, lieutenant, ibberian_p., brittish_p.
    doubloons = dict.fromkeys(roles, 2)
    doubloons["P5"] = 3  # the Ibberian Privateer beats the Ibberian team's fewest (2)
    outcome = edge_of_the_world(roles, doubloons, chest=1)
    assert outcome.winners == ("P5",)
    assert "has 3 Doubloons, more than Kingdom of Ibberia's fewest, 2" in outcome.why
    doubloons["P5"] = 2  # equal is not more: the Kingdom of Ibberia wins
    outcome = edge_of_the_world(roles, doubloons, chest=1)
    assert outcome.winner == "ibberia" and outcome.winners == ("P1", "P4")


def test_ibberian_privateer_wins_ties_at_space_0():
    roles = table(8)
    doubloons = dict.fromkeys(roles, 1)
    assert edge_of_the_world(roles, doubloons, chest=0).winner == "ibberian_privateer"
    doubloons["P8"] = 2  # the Brittish Privateer now has the most
    assert edge_of_the_world(roles, doubloons, chest=0).winner == "brittish_privateer"


@pytest.mark.parametrize("flags", range(1, 7))
def test_sinking_victory_reaches_or_passes(flags):
    roles = table(5)
    for chest in range(-6, 7):
        outcome = sinking_victory(chest, flags, roles)
        if chest >= flags:
            assert outcome.winner == "ibberia" and outcome.winners == ("P1", "P4")
        elif chest <= -flags:
            assert outcome.winner == "brittonia" and outcome.winners == ("P2", "P3")
        else:
            assert outcome is None


def test_wealth_counts_the_face_down_role():
    roles = table(4)
    doubloons = {"P1": 9, "P2": 0, "P3": 3, "P4": 2}
    assert wealth_victory(roles, doubloons, hidden=set()) is None  # the Admiral never wins so
    outcome = wealth_victory(roles, doubloons, hidden={"P3"})
    assert outcome.winners == ("P3",) and outcome.termination is Termination.WEALTH
    assert "face-down Role card" in outcome.why


def test_space_names():
    assert [space_name(c) for c in (-2, 0, 3)] == [
        "space 2 of the Brittish side",
        "space 0",
        "space 3 of the Ibberian side",
    ]


@pytest.mark.parametrize(
    ("roles", "doubloons", "chest", "message"),
    [
        ({"A": "admiral", "B": "commodore", "C": "pirate"}, {}, 0, "illegal player count"),
        (table(5), dict.fromkeys(table(5), 0), 7, "on the track, -6 to 6"),
        (table(5), {**dict.fromkeys(table(5), 0), "P1": -1}, 0, "P1 needs a whole number"),
        (table(5), {"P1": 0}, 0, "P2 needs a whole number"),
        ({**table(4), "P4": "pirate"}, dict.fromkeys(table(4), 0), 0, "not those dealt to 4"),
    ],
)
def test_bad_input(roles, doubloons, chest, message):
    with pytest.raises(IllegalActionError, match=message):
        edge_of_the_world(roles, doubloons, chest=chest)


def test_all_patterns_cover_both_privateers_leading():
    # The doubloon patterns above put each Privateer ahead at least once, for 4 players.
    roles = table(4)
    leaders = set()
    for pattern, shift in itertools.product(DOUBLOON_PATTERNS, range(4)):
        doubloons = {p: pattern[(i + shift) % len(pattern)] for i, p in enumerate(roles)}
        leaders.add(edge_of_the_world(roles, doubloons, chest=0).winner)
    assert leaders == {"ibberian_privateer", "brittish_privateer"}
