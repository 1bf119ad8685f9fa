"""The Hunters' deduction: sound in random games, exact in the rulebook's scenes, strict on input.

Soundness: in seeded random games (uniform random actions for both sides; every third
game with the Encounter policy "escape", so Adventure sometimes flees), after every
action once the Camp is Set, Adventure's true space is among the possible spaces of the
Hunters' observation and the true Camp among the Camp spaces; the chances are positive
exactly there and sum to 1. Tightness against brute force is in test_deduce_oracle.py.
"""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

import pytest

from piratelib.blackbeard.deduce import camp_spaces, chances, history_counts, possible_spaces
from piratelib.blackbeard.deduce_evidence import MAX_SAIL, read_evidence
from piratelib.blackbeard.game import (
    Done,
    Interview,
    PlanPiracy,
    Sail,
    SetCamp,
    Surveil,
    adventure_space,
    apply,
    legal_actions,
    new_game,
    observation,
    resolve,
)
from piratelib.errors import PiratelibError

ANCHORAGES = {
    "bats_grave",
    "core_banks",
    "hatteras_bank",
    "machapunga_bluff",
    "neuse_river",
    "nots_island",
    "ocracoke_island",
    "pasquotank_river",
    "roanoke_island",
    "roanoke_river",
}


def play(state, *actions, rng=None):
    for action in actions:
        assert action in legal_actions(state), action
        state = apply(state, action, rng)
    return state


def random_views(seed):
    """Each (state, Hunters' observation) of one random game after the Camp is Set."""
    policy = "escape" if seed % 3 == 0 else "best"
    rng = random.Random(seed)
    state = new_game(seed=seed, encounter_policy=policy)
    while legal_actions(state):
        state = resolve(state, rng.choice(legal_actions(state)), rng)[-1].state
        if state.camp is not None:
            yield state, observation(state, "hunters")


@pytest.mark.parametrize("seed", range(60))
def test_the_truth_is_always_possible_in_random_games(seed):
    for state, view in random_views(seed):
        counts = history_counts(view)
        assert (state.camp, adventure_space(state)) in counts, (state.turn, state.segment)
        assert all(n > 0 for n in counts.values())
    # the public answers are the counts' projections (checked on the last observation)
    spaces = {a for _, a in counts}
    assert possible_spaces(view) == spaces and camp_spaces(view) == {c for c, _ in counts}
    odds = chances(view)
    assert set(odds) == spaces and sum(odds.values()) == 1 and min(odds.values()) > 0


def test_before_the_camp_is_set_adventure_is_nowhere_yet():
    view = observation(new_game(seed=1), "hunters")
    assert possible_spaces(view) == frozenset() and camp_spaces(view) == frozenset()
    assert chances(view) == {} and history_counts(view) == {}


def test_at_first_every_anchorage_is_equally_likely():
    # "Secretly stand the Adventure at Camp block on the Map in any Anchorage slot"
    view = observation(play(new_game(seed=1), SetCamp("bats_grave")), "hunters")
    assert possible_spaces(view) == camp_spaces(view) == ANCHORAGES
    assert chances(view) == {a: Fraction(1, 10) for a in sorted(ANCHORAGES)}


def test_interview_informants_example_the_camp_set_is_the_space_found():
    # Example: Interview Informants: "The Hunters find the Camp with the third pawn. They
    # decide to stop Interviewing and to place the most Surveil markers they can (three)"
    state = play(new_game(seed=1), SetCamp("roanoke_island"))
    state = play(
        replace(state, informants=("wm_howard",)),
        Interview("wm_howard", "nots_island"),
        Interview("wm_howard", "core_banks"),
    )
    two_blanks = observation(state, "hunters")
    assert camp_spaces(two_blanks) == ANCHORAGES - {"nots_island", "core_banks"}
    state = play(state, Interview("wm_howard", "roanoke_island"))
    assert camp_spaces(observation(state, "hunters")) == {"roanoke_island"}
    state = play(state, Surveil("nots_island"), Surveil("core_banks"), Surveil("roanoke_island"))
    view = observation(state, "hunters")
    assert view.camp_marker == "roanoke_island"
    assert camp_spaces(view) == {"roanoke_island"} == possible_spaces(view)
    # Blackbeard Sails away from the Surveilled Camp: the Hunters see the Camp empty,
    # but not where he went nor how far (he may Sail on, out of their view)
    state = play(state, Done(), Sail("albemarle_sound"))
    view = observation(state, "hunters")
    assert ("roanoke_island", "camp") in view.face_up
    near = {"albemarle_sound", "currituck_sound", "east_pamlico_sound", "gun_inlet"}
    assert "roanoke_island" not in possible_spaces(view)
    assert near | {"roanoke_inlet", "pasquotank_river", "ocracoke_inlet"} <= possible_spaces(view)
    assert camp_spaces(view) == {"roanoke_island"}


def test_resolve_piracy_example_a_show_leaves_one_possible_space():
    # Example: Resolve Piracy: "The Blackbeard player flips the block at Nots Island face
    # up ... (first Sailing to Nots Island has kept Blackbeard's Camp hidden!)"
    state = play(new_game(seed=1), SetCamp("roanoke_island"))
    state = replace(state, mat=replace(state.mat, pirates_life=("banyan_for_vane",)))
    state = play(state, Done(), *[PlanPiracy("banyan_for_vane")] * 3)
    state = play(state, Sail("currituck_sound"), Sail("nots_island"), Done())
    state = play(state, Done(), rng=random.Random(5))
    view = observation(state, "hunters")
    assert view.shows == ((1, "nots_island"),)
    assert possible_spaces(view) == {"nots_island"}
    assert chances(view) == {"nots_island": Fraction(1)}
    assert "nots_island" not in camp_spaces(view)  # the block shows Adventure, not at Camp
    # a pawn went on the Piracy that Showed, so at most 4 Sailed that turn
    assert read_evidence(view).turns[0].max_sail == MAX_SAIL - 1


@pytest.mark.parametrize(
    "bad, words",
    [
        ("nots_island", "Hunters' Observation"),
        (None, "Hunters' Observation"),
    ],
)
def test_anything_but_an_observation_is_refused(bad, words):
    for function in (possible_spaces, camp_spaces, chances, history_counts):
        with pytest.raises(PiratelibError, match=words):
            function(bad)


def test_blackbeards_observation_is_refused():
    state = play(new_game(seed=1), SetCamp("nots_island"))
    with pytest.raises(PiratelibError, match="observation\\(state, 'hunters'\\)"):
        possible_spaces(observation(state, "blackbeard"))


def test_advanced_observations_are_refused_until_modelled():
    view = observation(new_game(seed=1, advanced=True), "hunters")
    with pytest.raises(PiratelibError, match="standard game only"):
        possible_spaces(view)
