"""No leak: twin states that differ only in a fact hidden from a side look the same to it."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from piratelib.blackbeard import game
from piratelib.blackbeard.game import Done, Sail, SetCamp, Surveil, observation
from piratelib.blackbeard.game_state import Spot
from piratelib.errors import PiratelibError


def play(state, *actions):
    for action in actions:
        state = game.apply(state, action)
    return state


def busy(state, actions, rng):
    others = [a for a in actions if not isinstance(a, Done)]
    return rng.choice(others) if others and rng.random() < 0.85 else rng.choice(actions)


@pytest.mark.parametrize("seed", range(5))
def test_where_the_camp_is_is_hidden_from_the_hunters(seed):
    one = play(game.new_game(seed=seed), SetCamp("nots_island"))
    two = play(game.new_game(seed=seed), SetCamp("core_banks"))
    for _ in range(3):  # B, C and D each end with nothing revealed
        assert observation(one, "hunters") == observation(two, "hunters")
        one, two = play(one, Done()), play(two, Done())
    assert observation(one, "hunters") == observation(two, "hunters")
    assert observation(one, "blackbeard") != observation(two, "blackbeard")


def test_which_route_adventure_took_and_the_sailed_count_are_hidden():
    start = play(game.new_game(seed=4), SetCamp("roanoke_island"), Done())
    there_and_back = play(start, Sail("roanoke_inlet"), Sail("roanoke_island"), Done())
    stayed = play(start, Done())
    assert there_and_back.sailed == 2 and stayed.sailed == 0
    assert there_and_back.blocks != stayed.blocks  # a hidden Sighting at Roanoke Inlet
    assert observation(there_and_back, "hunters") == observation(stayed, "hunters")
    via_inlet = play(start, Sail("roanoke_inlet"), Sail("currituck_sound"), Done())
    via_island = play(start, Sail("currituck_sound"), Sail("nots_island"), Done())
    assert observation(via_inlet, "hunters") == observation(via_island, "hunters")


def test_drawn_piracy_tiles_and_purse_are_hidden():
    state = play(game.new_game(seed=5), SetCamp("nots_island"))
    other = replace(
        state,
        mat=replace(
            state.mat, acts_of_piracy=("raid_delaware",), pirates_life=("buy_rum",), purse=9
        ),
    )
    assert observation(state, "hunters") == observation(other, "hunters")


def test_surveil_is_public_and_secret_spots_are_hidden_from_blackbeard():
    state = replace(play(game.new_game(seed=6), SetCamp("nots_island")), informants=("wm_howard",))
    spotted = play(state, game.Interview("wm_howard", "core_banks"))
    assert observation(spotted, "blackbeard") == observation(
        replace(spotted, spots=(), interviews=(), spotted_now=frozenset(), hunter_pawns=0),
        "blackbeard",
    )
    surveilled = play(spotted, Surveil("core_banks"))
    assert observation(surveilled, "blackbeard").surveil == ("core_banks",)
    assert observation(surveilled, "blackbeard") != observation(spotted, "blackbeard")


def _twin(state, rng):
    """`state` with every fact hidden from the Hunters changed at random."""
    standing = [i for i, (s, _) in enumerate(state.blocks) if s not in state.face_up]
    kinds = [state.blocks[i][1] for i in standing]
    rng.shuffle(kinds)
    blocks = list(state.blocks)
    for i, kind in zip(standing, kinds, strict=True):
        blocks[i] = (blocks[i][0], kind)
    mat = replace(
        state.mat,
        purse=rng.randrange(20),
        acts_of_piracy=tuple(rng.sample(state.mat.acts_of_piracy_stack, 0)),
        pawns=(),
        pawns_used=rng.randrange(6),
    )
    camp = state.camp if state.camp_marker else rng.choice(["nots_island", "core_banks"])
    return replace(
        state,
        blocks=tuple(blocks),
        mat=mat,
        camp=camp,
        sailed=rng.randrange(4),
        sail_path=("nowhere",) * rng.randrange(3),
        adventure_sailed=rng.random() < 0.5,
    )


def test_random_twins_differing_in_hidden_facts_look_the_same_to_the_hunters():
    rng = random.Random(7)
    for seed in range(25):
        history = game.playout(game.new_game(seed=seed), rng, policy=busy)
        for _, steps in rng.sample(history, min(5, len(history))):
            state = steps[-1].state
            twin = _twin(state, rng)
            assert observation(state, "hunters") == observation(twin, "hunters")


def test_the_hunters_record_what_they_saw_and_observations_hash():
    state = play(game.new_game(seed=8), SetCamp("nots_island"))
    view = observation(state, "hunters")
    hash(view)
    assert view.spots == () and view.camp is None and view.mat is None
    assert isinstance(Spot(1, "B", "bath_town", "blank", False, "informant"), Spot)
    with pytest.raises(PiratelibError, match="side"):
        observation(state, "pirates")
