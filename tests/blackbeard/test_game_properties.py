"""Seeded random complete games of Hunt for Blackbeard, checked after every action.

Exactly one space holds Adventure once the Camp is set; 24 blocks on the 24 slots with
the Camp where it was set; gold, black cubes and Loot conserved (Bought Silence's gold
included); no side over its pawns; the turn never past 4; ``legal_actions`` empty exactly
when ``winner`` is not None; every applied action was legal. ADVANCED games too: at most
one Blackbeard-alone and one Israel Hands block, each only with its Defense Prepared,
never with Adventure or a Sighting. Then every kind of action with every argument in
random mid-game states: legal and applies, or refused with the state unchanged.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from piratelib.blackbeard import game
from piratelib.blackbeard.board.informants import load_informants
from piratelib.blackbeard.game import (
    Commandeer,
    Done,
    EndMove,
    EscapeTo,
    FeteTobiasKnight,
    FollowSighting,
    Interview,
    Meet,
    Move,
    PassSighting,
    PlaceBlackbeard,
    PlaceIsraelHands,
    PlanPiracy,
    PrepareDefense,
    Sail,
    Scout,
    SeekPardon,
    SetCamp,
    ShowCamp,
    Surveil,
)
from piratelib.blackbeard.game.hunters import HUNTER_PAWNS
from piratelib.blackbeard.game.state import (
    ADVANCED_BLOCKS,
    ADVENTURE_BLOCKS,
    BLACKBEARD_BLOCKS,
    CAMP_BLOCKS,
    SIGHTING_BLOCKS,
    block_at,
    game_map,
    game_tiles,
    slots,
)
from piratelib.blackbeard.piracy.mat import pawns_allowed, penalties
from piratelib.blackbeard.piracy.tiles import load_tiles
from piratelib.errors import IllegalActionError

TILES = load_tiles()  # every tile: the ADVANCED Defenses are only in advanced games


def busy(state, actions, rng):
    """A random policy that says Done only now and then, so games use their pawns."""
    others = [a for a in actions if not isinstance(a, Done)]
    if others and rng.random() < 0.85:
        return rng.choice(others)
    return rng.choice(actions)


def check(state):
    """The invariants that hold after every action."""
    assert [s for s, _ in state.blocks] == list(slots())
    kinds = Counter(b for _, b in state.blocks)
    if state.camp is None:
        assert kinds == {"blank": 24}
    else:
        assert sum(kinds[b] for b in ADVENTURE_BLOCKS) == 1
        camp_blocks = [s for s, b in state.blocks if b in CAMP_BLOCKS]
        assert camp_blocks == [state.camp]
        assert sum(kinds[b] for b in SIGHTING_BLOCKS) <= 4
    assert sum(kinds[b] for b in BLACKBEARD_BLOCKS) <= 1 and kinds["israel_hands"] <= 1
    prepared = dict(state.mat.defenses)
    assert set(prepared) <= set(game_tiles(state).defenses)
    if not state.advanced:
        assert not any(kinds[b] for b in ADVANCED_BLOCKS)
    if any(kinds[b] for b in BLACKBEARD_BLOCKS):
        assert "longboat" in prepared
    if kinds["israel_hands"]:
        assert "israel_hands" in prepared and not state.israel_hands_out
    if state.israel_hands_out:
        assert "israel_hands" not in prepared
    assert state.silence_paid == 2 * len(state.silenced)
    if state.silenced:
        assert "bought_silence" in prepared
        assert not {block_at(state, s) for s in state.silenced} & SIGHTING_BLOCKS
    mat = state.mat
    gold_on_tiles = sum(n for t, n in mat.cubes if TILES.piracy[t]["cubes"] == "gold")
    black_on_tiles = sum(n for t, n in mat.cubes if TILES.piracy[t]["cubes"] == "black")
    paid = sum(n for _, n in mat.defenses)
    assert mat.purse + mat.spare_gold + gold_on_tiles + paid == 20
    assert mat.spare_black + black_on_tiles == 15
    assert len(mat.taken_loot) + len(mat.loot_pool) == 12
    assert min(mat.purse, mat.spare_gold, mat.spare_black) >= 0
    if state.segment in ("C", "D", "E"):  # pawns planned, cubes not yet placed
        for t in mat.drawn():
            assert mat.on(t) + mat.planned(t) <= TILES.squares(t)
    if state.segment == "C":
        assert mat.pawns_used <= pawns_allowed(mat, TILES)
        if "hire_doctor" in penalties(mat, TILES):
            assert state.sailed <= 3
    assert state.sailed <= mat.pawns_used <= 5
    assert 0 <= state.hunter_pawns <= HUNTER_PAWNS
    assert 1 <= state.turn <= 4
    assert (game.winner(state) is None) == bool(game.legal_actions(state))
    assert (game.decider(state) is None) == (game.winner(state) is not None)
    hash(state)
    hash(game.observation(state, "hunters"))
    hash(game.observation(state, "blackbeard"))


@pytest.mark.parametrize("advanced", [False, True])
@pytest.mark.parametrize("seed", range(30))
def test_random_complete_games_keep_the_invariants(seed, advanced):
    rng = random.Random(seed)
    state = game.new_game(
        seed=seed,
        advanced=advanced,
        most_dice_win=seed % 3 == 0,
        more_than_half=seed % 2 == 0,
    )
    check(state)
    policy = busy if seed % 2 else (lambda s, actions, r: r.choice(actions))
    for _ in range(2000):
        actions = game.legal_actions(state)
        if not actions:
            break
        action = policy(state, actions, rng)
        assert action in actions
        state = game.apply(state, action, rng)
        check(state)
    assert game.winner(state) is not None


def every_action():
    """Every kind of action with every argument it can take."""
    G = game_map()
    spaces = sorted(G.nodes)
    pieces = ("jane", "ranger", "brand")
    groups = [(p,) for p in pieces] + [("jane", "ranger"), ("ranger", "jane")]
    defenses = sorted(load_tiles().defenses)  # the ADVANCED ones too, to be refused
    assets = [
        "capt_gordon",
        "cannon",
        "cannon_jane",
        "cannon_ranger",
        "extra_hands",
        "extra_hands_jane",
        "extra_hands_ranger",
        "lt_maynard",
        "midshipman_hyde",
        "skilled_helm",
        "chain_and_grape",
        "canoes",
        "partisans",
        "master_wm_butler",
    ]
    found = [Done(), PassSighting()]
    for s in spaces:
        found += [SetCamp(s), Surveil(s), FollowSighting(s), Sail(s), Meet(s), EscapeTo(s)]
        found += [Interview(i, s) for i in load_informants()]
        found += [Scout(p, s) for p in pieces] + [Move(g, s) for g in groups]
    found += [PlanPiracy(t) for t in TILES.piracy] + [SeekPardon(t) for t in TILES.piracy]
    found += [PrepareDefense(d) for d in defenses] + [Commandeer(a) for a in assets]
    found += [EndMove(p) for p in pieces]
    found += [FeteTobiasKnight(pair) for pair in itertools.combinations(defenses, 2)]
    found += [Sail(s, True) for s in spaces]
    found += [PlaceBlackbeard(s) for s in spaces] + [PlaceIsraelHands(s) for s in spaces]
    found += [ShowCamp(True), ShowCamp(False)]
    return found


def mid_game_states(n, seed, advanced=False):
    """`n` states met along seeded random games."""
    rng = random.Random(seed)
    states = []
    while len(states) < n:
        state = game.new_game(seed=rng.randrange(10**6), advanced=advanced)
        history = game.playout(state, rng, policy=busy)
        for _, steps in rng.sample(history, min(4, len(history))):
            states.append(steps[-1].state)
    return states[:n]


@pytest.mark.parametrize("advanced", [False, True])
def test_every_action_is_legal_and_applies_or_is_refused_leaving_the_state_equal(advanced):
    candidates = every_action()
    for state in mid_game_states(12, seed=1, advanced=advanced):
        legal = game.legal_actions(state)
        assert set(legal) <= set(candidates), set(legal) - set(candidates)
        for action in candidates:
            before = state
            if action in legal:
                after = game.apply(state, action, random.Random(0))
                check(after)
            else:
                with pytest.raises(IllegalActionError, match=r"not legal|game is over"):
                    game.apply(state, action, random.Random(0))
            assert state == before


@pytest.mark.parametrize("advanced", [False, True])
def test_legal_actions_lists_no_duplicates_and_finishes_games(advanced):
    for state in mid_game_states(20, seed=2, advanced=advanced):
        legal = game.legal_actions(state)
        assert len(legal) == len(set(legal))


def one_state_per_decision_point(advanced=False):
    """The first state met at each (segment, step, Sighting pending, over) along seeded games."""
    rng = random.Random(5 if advanced else 3)  # samples that reach every decision point
    found = {}
    for seed in range(300):
        state = game.new_game(seed=seed, advanced=advanced)
        found.setdefault((state.segment, state.step, False, False), state)
        for _, steps in game.playout(state, rng, policy=busy):
            after = steps[-1].state
            key = (after.segment, after.step, bool(after.chain), after.outcome is not None)
            found.setdefault(key, after)
    return found


@pytest.mark.parametrize("advanced", [False, True])
def test_every_action_at_every_decision_point(advanced):
    found = one_state_per_decision_point(advanced)
    steps = {(segment, step) for segment, step, _, _ in found}
    assert {("A", "set_camp"), ("E", "escape_adventure"), ("E", "escape_sloops")} <= steps
    assert {("C", "choose"), ("B", "interview"), ("D", "scout_before")} <= steps
    assert len(found) >= 21
    if advanced:
        assert {("C", "set_map"), ("E", "show_camp")} <= steps
    candidates = every_action()
    for state in found.values():
        legal = game.legal_actions(state)
        assert set(legal) <= set(candidates)
        for action in candidates:
            if action in legal:
                check(game.apply(state, action, random.Random(0)))
            else:
                with pytest.raises(IllegalActionError):
                    game.apply(state, action, random.Random(0))
