"""The Encounter solver's memo: states remembered by their outlook give the same exact odds
as the plain game tree, every state solved on its own, also when Solvers of several
Encounters share what they know by outlook."""

from __future__ import annotations

import dataclasses
import random

import pytest

from piratelib.blackbeard.encounter import (
    BLACKBEARD_TILES,
    HUNTER_TILES,
    Encounter,
    odds,
    random_encounter,
)
from piratelib.blackbeard.encounter.rules import start
from piratelib.blackbeard.encounter.solver import Solver
from piratelib.errors import IllegalActionError

ADVENTURE = frozenset({"adventure"})
HEAVY = Encounter(
    hunters=frozenset({"brand", "jane", "ranger"}),
    pirates=ADVENTURE,
    blackbeard_tiles=BLACKBEARD_TILES,
    hunter_tiles=HUNTER_TILES,
)
ENCOUNTERS = [
    HEAVY,
    Encounter(
        hunters=frozenset({"jane", "ranger"}),
        pirates=ADVENTURE,
        blackbeard_tiles=BLACKBEARD_TILES,
        hunter_tiles=HUNTER_TILES - {"capt_gordon"},
        warned=True,
    ),
    Encounter(
        hunters=frozenset({"brand", "ranger"}),
        pirates=ADVENTURE,
        blackbeard_tiles=frozenset({"grenadoes", "philip_morton", "chain_shot", "lookouts"}),
        hunter_tiles=frozenset({"cannon_ranger", "chain_and_grape", "midshipman_hyde"}),
        adventure_can_escape=False,
    ),
    Encounter(
        hunters=frozenset({"jane", "ranger"}),
        pirates=ADVENTURE,
        blackbeard_tiles=frozenset({"grape", "swivel_guns"}),
        hunter_tiles=frozenset({"extra_hands_jane", "lt_maynard"}),
        crew_to_ordinary=True,
        most_dice_win=True,
    ),
]


def plain(encounter: Encounter, policy: str) -> dict:
    """The odds with every state solved on its own (no outlook)."""
    solver = Solver(encounter, policy)
    solver.by_outlook = False
    return solver.distribution(start(encounter))


@pytest.mark.parametrize("policy", ["board", "escape", "best"])
@pytest.mark.parametrize("encounter", ENCOUNTERS, ids=range(len(ENCOUNTERS)))
def test_outlook_memo_gives_the_plain_tree_odds(encounter, policy):
    assert odds(encounter, escape_policy=policy) == plain(encounter, policy)


def test_a_callable_policy_sees_whole_states():
    seen = []

    def board_unless_crewed(winner, state):
        seen.append(state)
        return "escape" if winner == "hunters" and state.crewed else "board"

    encounter = ENCOUNTERS[1]
    result = odds(encounter, escape_policy=board_unless_crewed)
    assert sum(result.values()) == 1 and seen
    assert {s.crewed for s in seen} >= {frozenset(), frozenset({"jane"})}


def test_each_call_starts_afresh():
    first = Solver(HEAVY, "best")
    first.distribution(start(HEAVY))
    assert first.memo and not Solver(HEAVY, "best").memo


MIXED = [
    {"blackbeard": "escape", "hunters": "board"},
    {"blackbeard": "board", "hunters": "escape"},
    {"blackbeard": "best", "hunters": "board"},
]


def test_solvers_sharing_outlooks_each_give_their_own_odds():
    """One `shared` dict for Encounters of every kind, each with its tiles' neighbours (as
    tile_worth solves them), under every policy: each gets the odds it gets alone."""
    rng = random.Random(24)
    shared: dict = {}
    for _ in range(25):
        encounter = random_encounter(rng, 0.5)
        policy = rng.choice(["best", "board", "escape", *MIXED])
        tiles = sorted(encounter.blackbeard_tiles | encounter.hunter_tiles)
        drop = rng.choice(tiles) if tiles else None
        for enc in (encounter, _without(encounter, drop)):
            if enc is not None:
                solved = Solver(enc, policy, shared).distribution(start(enc))
                assert solved == odds(enc, escape_policy=policy)
    assert shared  # the outlooks were shared, one entry for each kin


@pytest.mark.parametrize("policy", MIXED, ids=lambda p: f"{p['blackbeard']}-{p['hunters']}")
@pytest.mark.parametrize("encounter", ENCOUNTERS[1:], ids=range(1, len(ENCOUNTERS)))
def test_each_side_its_own_escape_or_board(encounter, policy):
    """A per-side policy: the outlook memo agrees with the plain tree, and where both sides'
    choices are fixed, with a callable asking the same of whole states."""
    mixed = odds(encounter, escape_policy=policy)
    assert mixed == plain(encounter, policy)
    if "best" not in policy.values() and encounter.adventure_can_escape:
        assert mixed == odds(encounter, escape_policy=lambda winner, state: policy[winner])


def test_a_per_side_policy_naming_one_policy_twice_is_that_policy():
    for name in ("board", "escape", "best"):
        both = dict.fromkeys(("blackbeard", "hunters"), name)
        assert odds(ENCOUNTERS[3], escape_policy=both) == odds(ENCOUNTERS[3], escape_policy=name)


@pytest.mark.parametrize(
    "policy",
    [{"blackbeard": "escape"}, {"blackbeard": "escape", "hunters": "sail"}, "sail", 3],
    ids=["one side", "unknown choice", "unknown name", "a number"],
)
def test_a_malformed_escape_policy_is_refused_naming_what_is_allowed(policy):
    from piratelib.errors import IllegalActionError

    with pytest.raises(IllegalActionError, match="board, escape, best"):
        odds(ENCOUNTERS[3], escape_policy=policy)


def _without(encounter: Encounter, tile: str | None) -> Encounter | None:
    """`encounter` without `tile`, or None if there is none or the rules refuse it."""
    if tile is None:
        return None
    field = "blackbeard_tiles" if tile in BLACKBEARD_TILES else "hunter_tiles"
    try:
        return dataclasses.replace(encounter, **{field: getattr(encounter, field) - {tile}})
    except IllegalActionError:
        return None
