"""The rulebook's worked examples inside a turn, replayed through the whole-game API.

Each test builds its start from ``new_game`` and a few actions (and, where the example
fixes tiles that a seeded draw would not give, the mat's drawn tiles), then plays the
example's moves as actions and checks the outcome the rulebook states.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from piratelib.blackbeard.game import (
    Commandeer,
    Done,
    EndMove,
    EscapeTo,
    FollowSighting,
    Interview,
    Meet,
    Move,
    PlanPiracy,
    PrepareDefense,
    Sail,
    Scout,
    SetCamp,
    Surveil,
    adventure_space,
    apply,
    decider,
    legal_actions,
    new_game,
    observation,
    replay,
    resolve,
    winner,
)
from piratelib.blackbeard.game.encounters import build_encounter
from piratelib.blackbeard.game.state import block_at
from piratelib.blackbeard.piracy.mat import Mat
from piratelib.dice import ScriptedRolls
from piratelib.errors import IllegalActionError, PiratelibError


def with_tiles(state, acts=(), life=()):
    """The state with Blackbeard's face-up Piracy tiles set (the example's draw)."""
    return replace(state, mat=replace(state.mat, acts_of_piracy=acts, pirates_life=life))


def at_camp(camp="roanoke_island", seed=1, **options):
    """A new game whose Camp is Set at `camp`; the Hunters to Interview (B)."""
    return replay(new_game(seed=seed, **options), SetCamp(camp))


def test_interview_informants_wm_howard_finds_the_camp_with_the_third_pawn():
    state = replace(at_camp("roanoke_island"), informants=("wm_howard",))
    state = replay(
        state,
        Interview("wm_howard", "nots_island"),
        Interview("wm_howard", "core_banks"),
        Interview("wm_howard", "roanoke_island"),
    )
    spots = observation(state, "hunters").spots
    assert [(s.space, s.shown, s.open) for s in spots] == [
        ("nots_island", "blank", False),
        ("core_banks", "blank", False),
        ("roanoke_island", "adventure_at_camp", False),
    ]
    assert not state.face_up and not state.camp_marker
    # Wm Howard: "4 Anchorages" only
    assert Interview("wm_howard", "bath_town") not in legal_actions(state)
    # "place the most Surveil markers they can (three), at the spaces just secretly Spotted"
    state = replay(state, Surveil("nots_island"), Surveil("core_banks"), Surveil("roanoke_island"))
    assert state.hunter_pawns == 3  # FAQ: Surveil costs no pawns
    assert state.face_up == {"nots_island", "core_banks", "roanoke_island"}
    assert observation(state, "hunters").camp_marker == "roanoke_island"
    assert observation(state, "blackbeard").spots == ()  # secret Spots stay secret
    # "Blocks in those spaces lay face up for the rest of the turn, even if ... changes"
    state = replay(state, Done(), Sail("roanoke_inlet"))
    assert "roanoke_island" in state.face_up and block_at(state, "roanoke_island") == "camp"
    seen = observation(state, "hunters").spots[-1]
    assert (seen.space, seen.shown, seen.how) == ("roanoke_island", "camp", "face_up")


def test_plan_piracy_and_sail_adventure_leave_the_empty_camp_and_a_sighting():
    state = replay(with_tiles(at_camp("roanoke_island"), acts=("raid_delaware",)), Done())
    assert (state.segment, decider(state)) == ("C", "blackbeard")
    state = replay(state, *[PlanPiracy("raid_delaware")] * 3)
    assert state.mat.planned("raid_delaware") == 3
    state = replay(state, Sail("roanoke_inlet"), Sail("currituck_inlet"))
    assert block_at(state, "roanoke_island") == "camp"  # "The Camp is now empty."
    assert block_at(state, "roanoke_inlet") == "sighting"
    assert adventure_space(state) == "currituck_inlet"
    assert state.sailed == 2 and state.mat.pawns_used == 5
    assert legal_actions(state) == [Done()]  # all 5 pawns used
    # Resolve: Adventure is at Currituck Inlet, so Raid Delaware gets its 3 black cubes
    state = replay(state, Done(), Done())
    assert state.turn == 2 and state.mat.on("raid_delaware") == 3


def test_sailing_pawns_count_against_buy_rum_and_hire_doctor_caps_sailing():
    state = replay(with_tiles(at_camp(), acts=("raid_delaware",), life=("buy_rum",)), Done())
    state = replay(state, *[PlanPiracy("raid_delaware")] * 4)
    with pytest.raises(IllegalActionError, match="not legal"):
        apply(state, Sail("roanoke_inlet"))
    state = replay(with_tiles(at_camp(), life=("hire_doctor",)), Done())
    state = replay(state, Sail("roanoke_inlet"), Sail("currituck_inlet"), Sail("nots_island"))
    assert not any(isinstance(a, Sail) for a in legal_actions(state))


def test_scout_march_sail_spot_in_full_with_partisans_and_canoes():
    """The whole example, ADVANCED: Brand holds Partisans and the Hunters Canoes."""
    state = at_camp("roanoke_island", advanced=True)
    state = replay(state, Done(), Sail("roanoke_inlet"), Sail("currituck_inlet"))
    state = replace(state, brand="queen_annes_creek", assets=frozenset({"partisans", "canoes"}))
    state = replay(state, Done())
    assert (state.segment, decider(state)) == ("D", "hunters")
    # "Brand uses a pawn to Scout his own locale at Queen Anne's Creek ... reveals a blank.
    # Declaring Partisans and Canoes, he then Scouts across Albemarle Sound to Pasquotank
    # River in search of the Camp - finding that space empty too."
    state = replay(state, Scout("brand", "queen_annes_creek"))
    assert state.hunter_pawns == 1 and not {"partisans", "canoes"} & state.declared
    state = replay(state, Scout("brand", "pasquotank_river"))
    assert state.hunter_pawns == 1  # "Brand may Scout 2 spaces for 1 pawn"
    assert {"partisans", "canoes"} <= set(observation(state, "hunters").declared)
    assert not any(isinstance(a, Scout) and a.piece == "brand" for a in legal_actions(state))
    state = replay(
        state,
        Move(("brand",), "roanoke_river"),
        Move(("brand",), "bath_town"),
        EndMove("brand"),
        Move(("jane", "ranger"), "cape_henry"),
        Move(("jane", "ranger"), "roanoke_inlet"),
        EndMove("ranger"),
    )
    assert state.chain == ("roanoke_inlet",)  # "where it Spots a Sighting block!"
    assert decider(state) == "hunters"
    state = replay(state, FollowSighting("gun_inlet"))
    spots = [(s.space, s.shown, s.how) for s in observation(state, "hunters").spots]
    assert spots == [
        ("queen_annes_creek", "blank", "scout"),
        ("pasquotank_river", "blank", "scout"),
        ("bath_town", "blank", "end_move"),
        ("roanoke_inlet", "sighting", "end_move"),
        ("gun_inlet", "blank", "sighting"),
    ]
    assert state.hunter_pawns == 5  # "With up to two pawns left"
    assert Move(("jane",), "currituck_inlet") in legal_actions(state)
    # "Or they could again Scout, with Partisans (with Brand) or Canoes as needed. The
    # Sloops could use one pawn each to Scout Currituck Sound and, beyond it by canoe,
    # Nots Island, hoping to pick up Adventure's trail."
    state = replay(state, EndMove("jane"), Scout("jane", "currituck_sound"))
    assert state.step == "scout_after" and state.hunter_pawns == 6
    assert Scout("ranger", "nots_island") in legal_actions(state)  # beyond the Sound, by canoe
    state = replay(state, Scout("ranger", "nots_island"))
    assert state.hunter_pawns == 7
    assert [s.space for s in state.spots[-2:]] == ["currituck_sound", "nots_island"]
    assert not any(isinstance(a, Scout) for a in legal_actions(state))  # no pawns left


def test_scout_march_sail_spot_standard_parts():
    """The standard game: the same moves without Partisans and Canoes."""
    state = replay(
        at_camp("roanoke_island"), Done(), Sail("roanoke_inlet"), Sail("currituck_inlet")
    )
    state = replay(replace(state, brand="queen_annes_creek"), Done())
    state = replay(
        state,
        Scout("brand", "queen_annes_creek"),
        Move(("brand",), "roanoke_river"),
        Move(("brand",), "bath_town"),
        EndMove("brand"),
        Move(("jane", "ranger"), "cape_henry"),
        Move(("jane", "ranger"), "roanoke_inlet"),
        EndMove("ranger"),
    )
    assert state.chain == ("roanoke_inlet",)
    state = replay(state, FollowSighting("gun_inlet"))
    assert state.hunter_pawns == 5  # "With up to two pawns left"
    assert Scout("ranger", "nots_island") not in legal_actions(state)  # no Canoes
    # FAQ: "Can Hunter pieces Scout twice in a turn? Yes, before, and again after"
    state = replay(state, EndMove("jane"), Scout("brand", "roanoke_river"))
    assert state.step == "scout_after" and state.hunter_pawns == 6


def _fish_town_arrest(**options):
    """Adventure at Fish Town with Lookouts; Brand with Capt Gordon marches in from New Bern."""
    state = at_camp("bats_grave", **options)
    state = replace(state, brand="james_river")
    state = replay(state, Done(), PrepareDefense("lookouts"), Done(), Commandeer("capt_gordon"))
    state = replay(state, Done(), Done())  # D ends; Turn 2's B ends: Turn 2, C
    # put Adventure at Fish Town with Take on Stores planned there
    state = with_tiles(state, life=("take_on_stores",))
    state = replace(
        state,
        blocks=tuple(
            (s, "adventure" if s == "fish_town" else "camp" if s == "bats_grave" else "blank")
            for s, _ in state.blocks
        ),
        brand="new_bern",
    )
    state = replay(state, PlanPiracy("take_on_stores"), Done())
    return replay(state, Move(("brand",), "fish_town"), Done())


def test_arrest_and_escape_sets_escaped_and_fish_town_piracy_does_not_occur():
    state = _fish_town_arrest()
    assert (state.segment, state.step, decider(state)) == ("E", "meet", "hunters")
    steps = resolve(state, Meet("fish_town"), ScriptedRolls([6, 2, 3, 5, 4, 3, 1]))
    texts = " ".join(step.text for step in steps)
    assert "Lookouts" in texts and "Capt Gordon" in texts
    assert "Blackbeard rolls 3 dice" in texts and "the Hunters' 4" in texts
    state = steps[-1].state
    assert state.escaped and decider(state) == "blackbeard"
    assert legal_actions(state) == [EscapeTo("hunting_quarter_sound"), EscapeTo("topsail_inlet")]
    state = replay(state, EscapeTo("topsail_inlet"))
    assert state.turn == 3 and adventure_space(state) == "topsail_inlet"
    assert state.mat.on("take_on_stores") == 0  # "Any Piracy planned at Fish Town does not occur."
    assert state.escaped  # Escaped! stays for the rest of the game: later rolls are Warned
    assert build_encounter(replace(state, jane="topsail_inlet"), "topsail_inlet").warned
    assert "topsail_inlet" not in dict(observation(state, "hunters").face_up)
    assert {"lookouts", "capt_gordon"} <= set(observation(state, "hunters").declared)


def test_arrest_with_most_dice_win_needs_no_roll():
    state = _fish_town_arrest(most_dice_win=True)
    steps = resolve(state, Meet("fish_town"), ScriptedRolls([]))
    assert winner(steps[-1].state).side == "hunters"
    assert "Arrest" in winner(steps[-1].state).why
    assert legal_actions(steps[-1].state) == []


def test_resolve_piracy_banyan_for_vane_shows_at_nots_island_and_takes_loot():
    state = with_tiles(at_camp("roanoke_island"), life=("banyan_for_vane",))
    state = replay(state, Done(), *[PlanPiracy("banyan_for_vane")] * 3)
    state = replay(state, Sail("currituck_sound"), Sail("nots_island"), Done())
    purse, taken = state.mat.purse, len(state.mat.taken_loot)
    state = replay(state, Done(), rng=random.Random(5))  # no Encounters; Piracy resolves
    assert state.turn == 2
    mat = state.mat
    assert mat.on("banyan_for_vane") == 3 and len(mat.taken_loot) == taken + 1
    assert mat.purse == purse - 3 + mat.taken_loot[-1]
    view = observation(state, "hunters")
    assert ("nots_island", "adventure") in view.face_up and view.shows == ((1, "nots_island"),)
    assert (
        view.camp_marker is None
    )  # "first Sailing to Nots Island has kept Blackbeard's Camp hidden!"


@pytest.mark.parametrize(("more_than_half", "side"), [(False, "blackbeard"), (True, "hunters")])
def test_win_by_piracy_under_both_victory_options(more_than_half, side):
    acts = (
        "raid_delaware",
        "raid_charles_town",
        "seize_prize_gun_inlet",
        "seize_prize_roanoke_inlet",
    )
    life = ("buy_rum", "hire_doctor", "banyan_for_vane", "fete_tobias_knight")
    state = at_camp(more_than_half=more_than_half)
    cubes = (("raid_delaware", 4), ("buy_rum", 2), ("hire_doctor", 3))
    mat = Mat(turn=4, acts_of_piracy=acts, pirates_life=life, cubes=cubes)
    state = replace(state, turn=4, mat=mat)
    state = replay(state, Done(), Done(), Done())
    assert winner(state).side == side and "Turn 4" in winner(state).why
    assert legal_actions(state) == [] and decider(state) is None


@pytest.mark.parametrize("advanced", [False, True])
def test_faq_setup_loot_adds_no_purse_cubes(advanced):
    state = new_game(seed=7, advanced=advanced)
    assert state.advanced is advanced
    assert state.mat.purse == 5 and len(state.mat.taken_loot) == 1
    assert len(state.mat.acts_of_piracy_stack) == len(state.mat.pirates_life_stack) == 8
    assert {state.jane, state.ranger, state.brand} == {"james_river"}
    with pytest.raises(PiratelibError, match="unknown option"):
        new_game(advance=True)


def test_faq_no_sighting_where_adventure_starts_or_ends():
    state = replay(at_camp("roanoke_island"), Done(), Sail("roanoke_inlet"), Sail("roanoke_island"))
    assert block_at(state, "roanoke_inlet") == "sighting"
    assert block_at(state, "roanoke_island") == "adventure_at_camp"


def test_battle_jane_alone_meets_adventure_and_the_hunters_board():
    choices = {
        "split:hunters": "1 of the 3-4 Hits Rigging",  # "one Rigging and one Crew Hit"
        "escape:blackbeard": "Lookouts",
        "escape:hunters": "Maynard",
        "escape:choice": "Board",  # "They press the attack and Board!"
    }
    state = at_camp("nots_island", encounter_decisions=choices)
    state = replay(state, Done(), Done())
    state = replay(state, Commandeer("cannon_jane"), Commandeer("chain_and_grape"))
    state = replay(state, Commandeer("lt_maynard"))
    defenses = (("swivel_guns", 1), ("lookouts", 1))
    state = replace(state, mat=replace(state.mat, defenses=defenses), jane="nots_island")
    state = replay(state, Done())
    faces = [1, 2, 6, 3, 4, 2, 3, 6, 4, 4]  # Fire 3 + 2, Escape 2 + 1, Boarding 1 + 1 (a tie)
    steps = resolve(state, Meet("nots_island"), ScriptedRolls(faces))
    texts = [step.text for step in steps]
    assert "Adventure Fires 3 dice" in texts[1] and "Jane Fires 2 dice" in texts[3]
    assert any("Blackbeard rolls 2 dice" in t and "Hunters' 1" in t for t in texts)
    assert any("Boarding: Blackbeard rolls 1 dice" in t for t in texts)
    assert winner(steps[-1].state) == winner(
        steps[-1].state.__class__(outcome=winner(steps[-1].state))
    )
    assert winner(steps[-1].state).side == "hunters" and "Boarding" in winner(steps[-1].state).why
