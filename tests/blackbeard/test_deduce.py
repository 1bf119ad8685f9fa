"""The Hunters' deduction: sound in random games, exact in the rulebook's scenes, strict on input.

Soundness: in 300 seeded games, after every action once the Camp is Set, Adventure's
true space is among the possible spaces of the Hunters' observation and the true Camp
among the Camp spaces; the chances are positive exactly there and sum to 1. 120 games
are uniform random actions for both sides (every third with the Encounter policy
"escape", so Adventure sometimes flees), 180 are bot games (:mod:`piratelib.blackbeard.
policies`: smart against random and smart against smart); 46 of the 300 are ADVANCED
(Bought Silence, Blackbeard alone, Israel Hands). Tightness against brute force is in
test_deduce_oracle.py.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from dataclasses import replace
from fractions import Fraction

import networkx as nx
import pytest

from piratelib.blackbeard.board import of_kind
from piratelib.blackbeard.board.movement import move_graph
from piratelib.blackbeard.board.scouting import longboat_spaces
from piratelib.blackbeard.bots.policies import BOTS, play_bots
from piratelib.blackbeard.deduce import camp_spaces, chances, history_counts, possible_spaces
from piratelib.blackbeard.deduce import sails as deduce_sails
from piratelib.blackbeard.deduce.evidence import read_evidence
from piratelib.blackbeard.deduce.means import turn_options
from piratelib.blackbeard.deduce.models import MODELS
from piratelib.blackbeard.game import (
    Done,
    EndMove,
    Interview,
    Move,
    PlaceBlackbeard,
    PlanPiracy,
    PrepareDefense,
    Sail,
    SetCamp,
    Surveil,
    adventure_space,
    legal_actions,
    new_game,
    observation,
    replay,
    resolve,
)
from piratelib.blackbeard.game.state import game_map, slots
from piratelib.errors import PiratelibError

SLOTS = list(slots())

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


def random_views(seed, advanced=False):
    """Each (state, Hunters' observation) of one random game after the Camp is Set."""
    policy = "escape" if seed % 3 == 0 else "best"
    rng = random.Random(seed)
    state = new_game(seed=seed, encounter_policy=policy, advanced=advanced)
    while legal_actions(state):
        state = resolve(state, rng.choice(legal_actions(state)), rng)[-1].state
        if state.camp is not None:
            yield state, observation(state, "hunters")


def assert_sound(state, view):
    """The truth is possible: Adventure's space and the Camp fit what the Hunters saw."""
    counts = history_counts(view)
    assert (state.camp, adventure_space(state)) in counts, (state.turn, state.segment)
    assert all(n > 0 for n in counts.values())
    return counts


@pytest.mark.parametrize(
    "seed, advanced", [(seed, False) for seed in range(104)] + [(seed, True) for seed in range(16)]
)
def test_the_truth_is_always_possible_in_random_games(seed, advanced):
    for state, view in random_views(seed, advanced):
        counts = assert_sound(state, view)
    # the public answers are the counts' projections (checked on the last observation)
    spaces = {a for _, a in counts}
    assert possible_spaces(view) == spaces and camp_spaces(view) == {c for c, _ in counts}
    for model in MODELS:
        odds = chances(view, model)
        assert set(odds) == spaces and sum(odds.values()) == 1 and min(odds.values()) > 0


BOT_GAMES = [
    (hunters, blackbeard, seed, advanced)
    for hunters in ("random", "smart")
    for blackbeard in ("random", "smart")
    if "smart" in (hunters, blackbeard)
    for seed, advanced in [(seed, False) for seed in range(50)]
    + [(50 + seed, True) for seed in range(10)]
]


@pytest.mark.parametrize("hunters, blackbeard, seed, advanced", BOT_GAMES)
def test_the_truth_is_always_possible_in_bot_games(hunters, blackbeard, seed, advanced):
    """Bots play to win, so their games reach what random play rarely does: Encounters
    found by deduction, Escapes, Shows, a Blackbeard far from the Hunters."""
    history = play_bots(
        new_game(seed=seed, advanced=advanced),
        random.Random(seed),
        hunters=BOTS["hunters"][hunters],
        blackbeard=BOTS["blackbeard"][blackbeard],
    )
    for _, steps in history:
        state = steps[-1].state
        assert_sound(state, observation(state, "hunters"))
    assert state.outcome is not None


def test_before_the_camp_is_set_adventure_is_nowhere_yet():
    view = observation(new_game(seed=1), "hunters")
    assert possible_spaces(view) == frozenset() and camp_spaces(view) == frozenset()
    assert chances(view) == {} and history_counts(view) == {}


def test_at_first_every_anchorage_is_equally_likely():
    # "Secretly stand the Adventure at Camp block on the Map in any Anchorage slot"
    view = observation(replay(new_game(seed=1), SetCamp("bats_grave")), "hunters")
    assert possible_spaces(view) == camp_spaces(view) == ANCHORAGES
    assert chances(view) == {a: Fraction(1, 10) for a in sorted(ANCHORAGES)}


def test_interview_informants_example_the_camp_set_is_the_space_found():
    # Example: Interview Informants: "The Hunters find the Camp with the third pawn. They
    # decide to stop Interviewing and to place the most Surveil markers they can (three)"
    state = replay(new_game(seed=1), SetCamp("roanoke_island"))
    state = replay(
        replace(state, informants=("wm_howard",)),
        Interview("wm_howard", "nots_island"),
        Interview("wm_howard", "core_banks"),
    )
    two_blanks = observation(state, "hunters")
    assert camp_spaces(two_blanks) == ANCHORAGES - {"nots_island", "core_banks"}
    state = replay(state, Interview("wm_howard", "roanoke_island"))
    assert camp_spaces(observation(state, "hunters")) == {"roanoke_island"}
    state = replay(state, Surveil("nots_island"), Surveil("core_banks"), Surveil("roanoke_island"))
    view = observation(state, "hunters")
    assert view.camp_marker == "roanoke_island"
    assert camp_spaces(view) == {"roanoke_island"} == possible_spaces(view)
    # Blackbeard Sails away from the Surveilled Camp: the Hunters see the Camp empty,
    # but not where he went nor how far (he may Sail on, out of their view)
    state = replay(state, Done(), Sail("albemarle_sound"))
    view = observation(state, "hunters")
    assert ("roanoke_island", "camp") in view.face_up
    near = {"albemarle_sound", "currituck_sound", "east_pamlico_sound", "gun_inlet"}
    assert "roanoke_island" not in possible_spaces(view)
    assert near | {"roanoke_inlet", "pasquotank_river", "ocracoke_inlet"} <= possible_spaces(view)
    assert camp_spaces(view) == {"roanoke_island"}


def test_resolve_piracy_example_a_show_leaves_one_possible_space():
    # Example: Resolve Piracy: "The Blackbeard player flips the block at Nots Island face
    # up ... (first Sailing to Nots Island has kept Blackbeard's Camp hidden!)"
    state = replay(new_game(seed=1), SetCamp("roanoke_island"))
    state = replace(state, mat=replace(state.mat, pirates_life=("banyan_for_vane",)))
    state = replay(state, Done(), *[PlanPiracy("banyan_for_vane")] * 3)
    state = replay(state, Sail("currituck_sound"), Sail("nots_island"), Done())
    state = replay(state, Done(), rng=random.Random(5))
    view = observation(state, "hunters")
    assert view.shows == ((1, "nots_island"),)
    assert possible_spaces(view) == {"nots_island"}
    assert chances(view) == {"nots_island": Fraction(1)}
    assert "nots_island" not in camp_spaces(view)  # the block shows Adventure, not at Camp
    # on Turn 1 the Show filled a whole tile: Banyan for Vane (3 squares) is the cheapest
    # that Shows at an Anchorage, so 3 pawns went on Piracy and at most 2 Sailed
    first = read_evidence(view).turns[0]
    assert [m.sail for m in turn_options(1, first.shows, first.declared, "bats_grave")] == [2]
    H = move_graph(game_map(), "adventure")
    near = nx.single_source_shortest_path_length(H, "nots_island", cutoff=2)
    assert camp_spaces(view) == {c for c in near if c != "nots_island"} & of_kind(
        game_map(), "anchorage"
    )


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
    state = replay(new_game(seed=1), SetCamp("nots_island"))
    with pytest.raises(PiratelibError, match="observation\\(state, 'hunters'\\)"):
        possible_spaces(observation(state, "blackbeard"))


def test_bought_silence_leaves_any_part_of_the_sightings_each_part_equally_often():
    # the tables counted by group agree with taking every Sail (and every choice of
    # Bought Silence) one by one, face-up changes included
    rng = random.Random(1)
    for _ in range(12):
        start = rng.choice(sorted(ANCHORAGES))
        keep = frozenset(rng.sample(SLOTS, rng.randint(0, 6)))
        face_up = frozenset(rng.sample(SLOTS, rng.randint(0, 2)))
        for silence in (False, True):
            table = deduce_sails.sail_table(face_up, keep, 5, silence)(start)
            got = Counter()
            for seen, counts in table.items():
                for key, n in counts.items():
                    got[seen, key] += n
            want = Counter()
            paths = deduce_sails.sail_groups(start)[3]
            plain = deduce_sails.sail_changes(paths, face_up)
            for j, (path, _) in enumerate(paths):
                passed = frozenset(s for s in path[1:-1] if s not in (path[0], path[-1]))
                ways = silent_ways(path, face_up) if silence else [(plain[j], passed)]
                for seen, left in ways:
                    want[seen, (path[-1], left & keep)] += 1
            assert got == want


def silent_ways(path, face_up):
    """Every choice of Bought Silence along `path`, one by one: (changes seen, Sightings)."""
    start = path[0]
    choices = [i for i in range(2, len(path)) if path[i - 1] != start]
    ways = []
    for flags in itertools.product((False, True), repeat=len(choices)):
        silent_at = {i for i, flag in zip(choices, flags, strict=True) if flag}
        silenced, view, changes = set(), {s: "A" if s == start else "E" for s in face_up}, []
        for i in range(1, len(path)):
            if i in silent_at:
                silenced.add(path[i - 1])
            silenced.discard(path[i])
            inner = path[1:i]
            sightings = {s for s in inner if s not in (start, path[i])} - silenced
            for s in sorted(face_up):
                kind = "A" if s == path[i] else "S" if s in sightings else "E"
                if view[s] != kind:
                    view[s] = kind
                    changes.append((s, kind))
        ways.append((tuple(changes), frozenset(sightings if len(path) > 1 else ())))
    return ways


def test_advanced_a_silent_sail_past_a_surveil_shows_no_sighting_and_stays_possible():
    state = replay(new_game(seed=2, advanced=True), SetCamp("roanoke_island"))
    state = replay(
        replace(state, informants=("condemned_pirates",)),
        Interview("condemned_pirates", "albemarle_sound"),
        Surveil("albemarle_sound"),
        Done(),
        PrepareDefense("bought_silence"),
        Sail("albemarle_sound"),
        Sail("pasquotank_river", True),
    )
    view = observation(state, "hunters")
    assert ("albemarle_sound", "blank") in view.face_up  # no Sighting where he passed
    assert "pasquotank_river" in possible_spaces(view)
    assert "albemarle_sound" not in possible_spaces(view)


def test_advanced_blackbeard_alone_seen_puts_the_camp_within_three_spaces():
    state = replay(new_game(seed=2, advanced=True), SetCamp("nots_island"))
    state = replay(state, Done(), PrepareDefense("longboat"), PlaceBlackbeard("currituck_inlet"))
    state = replay(state, Done(), Move(("jane", "ranger"), "cape_henry"))
    state = replay(state, Move(("jane", "ranger"), "currituck_inlet"), EndMove("jane"))
    view = observation(state, "hunters")
    assert ("currituck_inlet", "blackbeard") in view.face_up
    camps = camp_spaces(view)
    # Longboat: "place the appropriate Blackbeard block ... within 3 Map spaces of Camp"
    assert "nots_island" in camps and camps < ANCHORAGES
    assert all("currituck_inlet" in longboat_spaces(game_map(), camp) for camp in camps)
    assert "currituck_inlet" not in possible_spaces(view)
