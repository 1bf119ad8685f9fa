"""Lt Maynard and Midshipman Hyde in the Hunters' Fire (issue 15), counted die face by die face.

Using the Tiles: Maynard "adds 1 die to any 1 roll with Jane per turn, never beyond 3 Hunter
dice total"; Hyde "acts for Ranger like Lt Maynard does for Jane, but only so long as total
Hunter dice for that segment remain at 1 or 2"; and "For Firing in Battle, rolls Hit or Miss".
Each test below enumerates every face of every die in the Battle's Fire (Adventure's and the
Hunters') with ``itertools.product`` and compares the Hits with the engine's exact
distribution, both following the same fixed choices: Blackbeard places his Hits Jane first,
the Hunters declare every helper the limits allow for their Fire, and make flexible Hits
Rigging. Endings against a brute-force oracle are in ``test_encounter_oracle.py``.
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest

from piratelib.blackbeard.encounter import Encounter, Ending, odds, resolve
from piratelib.blackbeard.encounter.rules import CHANCE_PHASES, chance_outcomes, options, start
from piratelib.dice import ScriptedRolls
from piratelib.errors import IllegalActionError

ADVENTURE = frozenset({"adventure"})
HELPER = {"jane": "lt_maynard", "ranger": "midshipman_hyde"}


def battle(hunters: str, bb: str = "", hu: str = "", **flags) -> Encounter:
    """A Battle against Adventure from space-separated names."""
    return Encounter(
        hunters=frozenset(hunters.split()),
        pirates=ADVENTURE,
        blackbeard_tiles=frozenset(bb.split()),
        hunter_tiles=frozenset(hu.split()),
        **flags,
    )


SETUPS = {
    "Jane alone with Lt Maynard": battle("jane", hu="lt_maynard"),
    "Ranger alone with Midshipman Hyde": battle("ranger", hu="midshipman_hyde"),
    "Jane with Cannon, Chain & Grape, Lt Maynard": battle(
        "jane", hu="lt_maynard cannon_jane chain_and_grape"
    ),
    "Lt Maynard against Philip Morton": battle("jane", "philip_morton", "lt_maynard cannon_jane"),
    "Midshipman Hyde against Philip Morton": battle("ranger", "philip_morton", "midshipman_hyde"),
    "both Sloops, Maynard and Hyde": battle("jane ranger", hu="lt_maynard midshipman_hyde"),
    "both Sloops against Philip Morton": battle(
        "jane ranger", "philip_morton", "lt_maynard midshipman_hyde"
    ),
    "both Sloops with Cannon against Philip Morton": battle(
        "jane ranger", "philip_morton swivel_guns", "lt_maynard midshipman_hyde cannon_ranger"
    ),
}


def brute_force_fire(enc: Encounter) -> dict[tuple, Fraction]:
    """Every face of both sides' Fire, read straight off the rulebook (no engine code)."""
    sloops = [s for s in ("jane", "ranger") if s in enc.hunters]
    bb_tiles, hu_tiles = enc.blackbeard_tiles, enc.hunter_tiles
    adventure = 2 + ("swivel_guns" in bb_tiles)
    counts: Counter[tuple] = Counter()
    for bb_roll in itertools.product(range(1, 7), repeat=adventure):
        # '6 is a Rigging Hit ... 5 is a Crew Hit'; at most one of each per Hunter Sloop
        rigged = frozenset(sloops[: bb_roll.count(6)])
        crewed = frozenset(sloops[: bb_roll.count(5)])
        base = {
            s: 1
            + (f"cannon_{s}" in hu_tiles)
            - ("philip_morton" in bb_tiles and s in rigged | crewed)
            for s in sloops
        }
        total = sum(base.values())
        # 'never beyond 3 Hunter dice total'; Hyde 'only so long as total ... remain at 1 or 2'
        maynard = "lt_maynard" in hu_tiles
        hyde = "midshipman_hyde" in hu_tiles
        if maynard and hyde and total + 2 <= 2:
            used = {"lt_maynard", "midshipman_hyde"}
        elif hyde and total + 1 <= 2:
            used = {"midshipman_hyde"}
        elif maynard and total + 1 <= 3:
            used = {"lt_maynard"}
        else:
            used = set()
        dice = [(s, base[s] + (HELPER[s] in used)) for s in sloops]
        n = sum(k for _, k in dice)
        for roll in itertools.product(range(1, 7), repeat=n):
            rigging = crew = flexible = 0
            at = 0
            for s, k in dice:
                mine = roll[at : at + k]
                at += k
                rigging += mine.count(6)
                crew += mine.count(5)
                if f"cannon_{s}" in hu_tiles and "chain_and_grape" in hu_tiles:
                    flexible += sum(f in (3, 4) for f in mine)
            # flexible Hits made Rigging, as many as land; the rest Crew ("a firing side
            # places as many Hits as the caps allow", issue 29, item 12)
            to_rigging = min(flexible, max(0, 2 - rigging))
            rigging, crew = rigging + to_rigging, crew + flexible - to_rigging
            key = (
                min(rigging, 2),  # 'at most, two of each Hit type to Adventure'
                min(crew, 2),
                rigged,
                crewed,
                maynard and "lt_maynard" not in used,
                hyde and "midshipman_hyde" not in used,
            )
            counts[key] += 6 ** (10 - adventure - n)
    whole = sum(counts.values())
    return {key: Fraction(c, whole) for key, c in counts.items()}


def engine_fire(enc: Encounter) -> dict[tuple, Fraction]:
    """The engine's exact distribution after Fire, with the same fixed choices."""
    frontier = {start(enc): Fraction(1)}
    done: dict[tuple, Fraction] = {}
    while frontier:
        state, p = frontier.popitem()
        if state.phase == "escape:blackbeard":
            key = (
                state.adventure_rigging,
                state.adventure_crew,
                state.rigged,
                state.crewed,
                state.lt_maynard,
                state.midshipman_hyde,
            )
            done[key] = done.get(key, 0) + p
            continue
        if state.phase in CHANCE_PHASES:
            nxt = chance_outcomes(enc, state)
        else:
            open_options = options(enc, state)
            pick = -1 if state.phase == "volley:hunters" else 0  # every helper allowed
            nxt = [(open_options[pick][1], Fraction(1))]
        for after, q in nxt:
            frontier[after] = frontier.get(after, 0) + p * q
    return done


@pytest.mark.parametrize("name", SETUPS)
def test_fire_hits_with_maynard_and_hyde_equal_brute_force(name):
    enc = SETUPS[name]
    expected = brute_force_fire(enc)
    assert engine_fire(enc) == expected
    assert sum(expected.values()) == 1


def test_brute_force_sees_the_extra_die():
    """Jane alone with Maynard Fires 2 dice: Adventure takes no Hit with chance (4/6)**2."""
    no_hit = (0, 0, frozenset(), frozenset(), False, False)
    assert (
        brute_force_fire(SETUPS["Jane alone with Lt Maynard"])[no_hit]
        == Fraction(2, 3) ** 2 * Fraction(4, 6) ** 2
    )


def test_escape_or_board_reading_never_adds_to_fire():
    enc = battle("jane ranger", hu="lt_maynard midshipman_hyde", maynard_reading="escape_or_board")
    phases = set()
    frontier = [start(enc)]
    while frontier:
        state = frontier.pop()
        phases.add(state.phase)
        if state.ending is not None:
            continue
        if state.phase in CHANCE_PHASES:
            frontier += [after for after, _ in chance_outcomes(enc, state)]
        else:
            frontier += [after for _, after in options(enc, state)]
    assert "volley:hunters" not in phases and "fire:hunters" in phases


# The odds before issue 15 (Maynard and Hyde never in Fire), computed with the old code.
OLD = {
    ("both Sloops, Maynard and Hyde", "board"): {
        Ending.HUNTERS_WIN: 0.7268,
        Ending.BLACKBEARD_WINS: 0.2732,
    },
    ("both Sloops, Maynard and Hyde", "best"): {
        Ending.HUNTERS_WIN: 0.7181,
        Ending.BLACKBEARD_WINS: 0.2732,
        Ending.BLACKBEARD_ESCAPES: 0.0087,
    },
}
OLD_EXACT = {
    ("Jane alone with Lt Maynard", "board"): {
        Ending.HUNTERS_WIN: Fraction(161371, 279936),
        Ending.BLACKBEARD_WINS: Fraction(118565, 279936),
    },
    ("Ranger alone with Midshipman Hyde", "escape"): {
        Ending.BLACKBEARD_ESCAPES: Fraction(32131, 46656),
        Ending.HUNTERS_ESCAPE: Fraction(14525, 46656),
    },
}


@pytest.mark.parametrize(("name", "policy"), list(OLD_EXACT))
def test_escape_or_board_reading_reproduces_the_old_exact_odds(name, policy):
    enc = SETUPS[name]
    narrow = Encounter(**{**enc.__dict__, "maynard_reading": "escape_or_board"})
    got = {e: p for e, p in odds(narrow, escape_policy=policy).items() if p}
    assert got == OLD_EXACT[name, policy]


@pytest.mark.parametrize(("name", "policy"), list(OLD))
def test_both_sloops_gain_from_maynard_in_fire(name, policy):
    """The old numbers come back under "escape_or_board"; the default gives the Hunters more."""
    enc = SETUPS[name]
    narrow = Encounter(**{**enc.__dict__, "maynard_reading": "escape_or_board"})
    old = odds(narrow, escape_policy=policy)
    for ending, rounded in OLD[name, policy].items():
        assert round(float(old[ending]), 4) == rounded
    new = odds(enc, escape_policy=policy)
    assert new[Ending.HUNTERS_WIN] > old[Ending.HUNTERS_WIN]
    assert new[Ending.BLACKBEARD_WINS] < old[Ending.BLACKBEARD_WINS]


def test_step_through_shows_maynard_firing_with_jane():
    enc = SETUPS["both Sloops, Maynard and Hyde"]
    steps = resolve(
        enc,
        ScriptedRolls([1, 1, 6, 5, 2] + [1] * 20),
        decisions={
            "volley:hunters": "Lt Maynard",
        },
    )
    by_phase = {s.phase: s for s in steps}
    assert "Lt Maynard to their Fire" in by_phase["volley:hunters"].text
    assert "Jane Fires 2 dice (Jane 1, Lt Maynard +1): 6, 5" in by_phase["fire:hunters"].text
    assert "any 1 roll with Jane" in by_phase["volley:hunters"].rule


def test_unknown_reading_is_refused():
    with pytest.raises(IllegalActionError, match=r"maynard_reading 'fire'.*any_roll"):
        battle("jane", hu="lt_maynard", maynard_reading="fire")
