"""A firing side places as many Hits as the caps allow (issue 29, item 12a).

The Encounter rules say so (``piratelib.blackbeard.encounter.rules``, "Where the rulebook
is silent we chose"). Before, the Hunters' 3-4 Hits could be typed Crew when Adventure
already had 2 Crew Hits, wasting both: with Blackbeard always Boarding and the Hunters
always Escaping, the solver chose exactly that, so that Blackbeard would win the Escape
roll and Board a Crew-hit Adventure.
"""

from __future__ import annotations

import dataclasses

import pytest

from piratelib.blackbeard.encounter import Encounter
from piratelib.blackbeard.encounter.record import MAX_HITS
from piratelib.blackbeard.encounter.rules import options, start
from piratelib.blackbeard.encounter.sixths import typings
from piratelib.blackbeard.encounter.solver import Solver

JANE_AND_RANGER = Encounter(
    hunters=frozenset({"jane", "ranger"}),
    pirates=frozenset({"adventure"}),
    blackbeard_tiles=frozenset({"philip_morton"}),
    hunter_tiles=frozenset({"cannon_jane", "chain_and_grape"}),
)
POLICY = {"blackbeard": "board", "hunters": "escape"}


def _split(enc: Encounter, who: str, pending: tuple[int, int, int]):
    return dataclasses.replace(start(enc), phase=f"split:{who}", pending=pending)


def test_the_hunters_put_their_3_4_hits_where_they_land():
    state = _split(JANE_AND_RANGER, "hunters", (0, 2, 2))
    offered = [
        (after.adventure_rigging, after.adventure_crew)
        for _, after in options(JANE_AND_RANGER, state)
    ]
    assert offered == [(2, 2)]
    label, after = Solver(JANE_AND_RANGER, POLICY).choose(state)
    assert (after.adventure_rigging, after.adventure_crew) == (2, 2), label


def test_when_every_typing_lands_every_hit_all_are_offered():
    state = _split(JANE_AND_RANGER, "hunters", (0, 0, 2))
    assert len(options(JANE_AND_RANGER, state)) == 3


@pytest.mark.parametrize("rigging", range(4))
@pytest.mark.parametrize("crew", range(4))
@pytest.mark.parametrize("flexible", range(1, 5))
def test_no_offered_typing_lands_fewer_hits_than_another_would(rigging, crew, flexible):
    cap = MAX_HITS["adventure"]
    state = _split(JANE_AND_RANGER, "hunters", (rigging, crew, flexible))
    landed = [a.adventure_rigging + a.adventure_crew for _, a in options(JANE_AND_RANGER, state)]
    best = max(min(rigging + k, cap) + min(crew + flexible - k, cap) for k in range(flexible + 1))
    assert landed and set(landed) == {best}
    # the solver's short cut lists the same typings, in the same order
    assert [r + c for r, c, _ in typings((min(rigging, cap), min(crew, cap), flexible))] == [
        best
    ] * len(landed)


def test_blackbeard_puts_his_3_4_hits_where_they_land():
    """With Chain Shot and Grape, his 3-4 Hits go on Hunter Sloops: 1 of each type each."""
    enc = Encounter(
        hunters=frozenset({"jane"}),
        pirates=frozenset({"adventure"}),
        blackbeard_tiles=frozenset({"chain_shot", "grape"}),
    )
    labels = [label for label, _ in options(enc, _split(enc, "blackbeard", (0, 1, 1)))]
    assert labels == ["Blackbeard makes 1 of the 3-4 Hits Rigging and 0 Crew"]
