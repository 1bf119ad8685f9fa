"""Tightness of the Hunters' deduction against brute force, on small scripted scenes.

Each scene is a short game: the Hunters' actions, fixed, and Blackbeard's true history
(his Camp, each turn's Sail). The oracle here does not use :mod:`deduce` at all: it
replays the scene through the game engine with *every* Camp and *every* Sail Blackbeard
could choose in its place (all his legal ``Sail`` actions, then ``Done``; during his
Actions, every Sail so far; every ``EscapeTo``), keeps the histories whose final
Hunters' observation is exactly the true one, and counts them by (Camp, Adventure's
space). ``history_counts`` must give the same counts, so the same sets and the same
exact chances. Where Adventure Escapes, every destination it could choose is a history
too. Seeds are chosen so that no Hire Doctor or Buy Rum caps Blackbeard's Sail (the
Hunters cannot see them).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from fractions import Fraction

import pytest

from piratelib.blackbeard.deduce import camp_spaces, chances, history_counts, possible_spaces
from piratelib.blackbeard.game import (
    Done,
    EndMove,
    EscapeTo,
    FollowSighting,
    Interview,
    Meet,
    Move,
    Sail,
    Scout,
    SetCamp,
    Surveil,
    adventure_space,
    apply,
    legal_actions,
    new_game,
    observation,
)
from piratelib.blackbeard.piracy.mat import penalties

CAMP, SAIL, SAILING, ESCAPE = "camp", "sail", "sailing", "escape"  # Blackbeard's parts


def act(state, action):
    """Apply `action` with the same fixed dice for every history (None if not legal)."""
    if action not in legal_actions(state):
        return None
    return apply(state, action, random.Random(0))


def start(seed, informants, silent=False):
    # the Encounter policy "escape": whoever wins Escape takes it (so Adventure may flee)
    state = new_game(seed=seed, encounter_policy="escape", advanced=silent)
    if silent:  # ADVANCED: Bought Silence Prepared before, and gold for every Silence
        mat = state.mat
        mat = replace(mat, defenses=(("bought_silence", 0),), purse=10, spare_gold=10)
        state = replace(state, mat=mat)
    return replace(state, informants=informants) if informants else state


def play_truth(seed, informants, script, camp, sails, silent=False):
    """The true game: the script with Blackbeard's own Camp and Sails."""
    state = start(seed, informants, silent)
    sails = iter(sails)
    for item in script:
        if item == CAMP:
            state = act(state, SetCamp(camp))
        elif item in (SAIL, SAILING):
            for to in next(sails):
                state = act(state, Sail(*to) if isinstance(to, tuple) else Sail(to))
            if item == SAIL:
                state = act(state, Done())
        elif item == ESCAPE:
            state = act(state, EscapeTo(next(sails)))
        else:
            state = act(state, item)
        assert state is not None, item
    return state


def oracle(seed, informants, script, truth, silent=False):
    """Count every Blackbeard history whose Hunters' observation equals the true one."""
    target = observation(truth, "hunters")
    counts: Counter[tuple[str, str]] = Counter()

    def sails(state, depth, finish):
        if not finish:
            yield state
        else:
            done = act(state, Done())
            if done is not None:
                yield done
        for action in legal_actions(state):
            if isinstance(action, Sail):
                yield from sails(act(state, action), depth + 1, finish)

    def walk(state, i):
        if i == len(script):
            if observation(state, "hunters") == target:
                counts[state.camp, adventure_space(state)] += 1
            return
        item = script[i]
        if item == CAMP:
            for action in legal_actions(state):
                walk(act(state, action), i + 1)
        elif item in (SAIL, SAILING):
            for after in sails(state, 0, item == SAIL):
                walk(after, i + 1)
        elif item == ESCAPE:
            for action in legal_actions(state):
                if isinstance(action, EscapeTo):
                    walk(act(state, action), i + 1)
        else:
            after = act(state, item)
            # Spots only grow: a history that has already shown something else never fits
            if after is not None and target.spots[: len(after.spots)] == after.spots:
                walk(after, i + 1)

    walk(start(seed, informants, silent), 0)
    return dict(sorted(counts.items()))


JANE_RANGER = ("jane", "ranger")
SCENES = {
    # Turn 1 from an unknown Camp: the Sloops Sail to Roanoke Inlet and Spot a Sighting,
    # follow it to Gun Inlet; now B of Turn 2 (the Map Blackbeard left).
    "sloops find a sighting": (
        [
            CAMP,
            Done(),
            SAIL,
            Move(JANE_RANGER, "cape_henry"),
            Move(JANE_RANGER, "roanoke_inlet"),
            EndMove("ranger"),
            FollowSighting("gun_inlet"),
            Done(),
        ],
        "roanoke_island",
        [("roanoke_inlet", "currituck_inlet")],
        None,
    ),
    # Wm Howard finds the Camp and Surveils it; Blackbeard is still Sailing (C, Turn 1).
    "surveil the camp while he sails": (
        [
            CAMP,
            Interview("wm_howard", "nots_island"),
            Interview("wm_howard", "roanoke_island"),
            Surveil("roanoke_island"),
            Done(),
            SAILING,
        ],
        "roanoke_island",
        [("albemarle_sound", "pasquotank_river")],
        ("wm_howard",),
    ),
    # Two blanks found; Blackbeard Sails 3; Brand Marches, ends and Scouts; now D of Turn 1.
    "two blanks and brand": (
        [
            CAMP,
            Interview("wm_howard", "nots_island"),
            Interview("wm_howard", "core_banks"),
            Done(),
            SAIL,
            Move(("brand",), "albemarle_county"),
            Move(("brand",), "queen_annes_creek"),
            EndMove("brand"),
            Scout("brand", "albemarle_sound"),
        ],
        "pasquotank_river",
        [("albemarle_sound", "roanoke_island", "roanoke_inlet")],
        ("wm_howard",),
    ),
    # Two turns: Wm Howard finds the Camp on Turn 1 and the Sloops look at Cape Hatteras;
    # on Turn 2 the Condemned Pirates see Adventure at the Camp again, it Sails and the
    # Sloops look at Ocracoke Inlet; now B of Turn 3. (No Surveil on the first turn: the
    # observation does not say where past Surveil markers stood.)
    "two turns from a found camp": (
        [
            CAMP,
            Interview("wm_howard", "hatteras_bank"),
            Done(),
            SAIL,
            Move(JANE_RANGER, "cape_henry"),
            Move(JANE_RANGER, "cape_hatteras"),
            Done(),
            Interview("condemned_pirates", "hatteras_bank"),
            Done(),
            SAIL,
            Move(JANE_RANGER, "ocracoke_inlet"),
            Done(),
        ],
        "hatteras_bank",
        [("east_pamlico_sound", "hatteras_bank"), ("east_pamlico_sound", "roanoke_island")],
        ("wm_howard", "condemned_pirates"),
    ),
    # The Sloops Sail in on Adventure at its Camp; it wins Escape and flees to Currituck
    # Sound; now B of Turn 2.
    "adventure escapes": (
        [
            CAMP,
            Done(),
            SAIL,
            Move(JANE_RANGER, "cape_henry"),
            Move(JANE_RANGER, "currituck_inlet"),
            Move(JANE_RANGER, "nots_island"),
            Done(),
            Meet("nots_island"),
            ESCAPE,
        ],
        "nots_island",
        [(), "currituck_sound"],
        None,
    ),
}


@pytest.mark.parametrize("name", sorted(SCENES))
def test_deduce_counts_exactly_the_histories_brute_force_finds(name):
    script, camp, sails, informants = SCENES[name]
    seed = 6
    truth = play_truth(seed, informants, script, camp, sails)
    assert not penalties(truth.mat) & {"hire_doctor", "buy_rum"}
    expected = oracle(seed, informants, script, truth)
    view = observation(truth, "hunters")
    assert (truth.camp, adventure_space(truth)) in expected
    assert history_counts(view) == expected
    assert possible_spaces(view) == {a for _, a in expected}
    assert camp_spaces(view) == {c for c, _ in expected}
    total = sum(expected.values())
    by_space = Counter()
    for (_, a), n in expected.items():
        by_space[a] += n
    assert chances(view) == {a: Fraction(n, total) for a, n in sorted(by_space.items())}


def test_advanced_deduce_counts_every_choice_of_bought_silence_as_brute_force_does():
    # Wm Howard finds the Camp and Surveils it; Adventure Sails out and back to Albemarle
    # Sound, buying Silence once; now C (Blackbeard still acting). Bought Silence was
    # Prepared before and the Purse is full, so every Silence is open to him, as deduce
    # assumes.
    script = [CAMP, Interview("wm_howard", "roanoke_island"), Interview("wm_howard", "bats_grave")]
    script += [Surveil("roanoke_island"), Done(), SAILING]
    informants, seed = ("wm_howard",), 6
    sails = [("albemarle_sound", ("pasquotank_river", True), "albemarle_sound")]
    truth = play_truth(seed, informants, script, "roanoke_island", sails, silent=True)
    assert truth.silenced == ()  # Sailing back into Albemarle Sound ended its Silence
    expected = oracle(seed, informants, script, truth, silent=True)
    view = observation(truth, "hunters")
    assert history_counts(view) == expected
