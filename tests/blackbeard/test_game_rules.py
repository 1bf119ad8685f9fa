"""Rules of Hunt for Blackbeard that span a turn, checked through the whole-game API."""

from __future__ import annotations

from dataclasses import replace

import pytest

from piratelib.blackbeard.game import (
    Commandeer,
    Done,
    EndMove,
    FeteTobiasKnight,
    Interview,
    Meet,
    Move,
    PlanPiracy,
    PrepareDefense,
    Sail,
    Scout,
    SeekPardon,
    SetCamp,
    Surveil,
    legal_actions,
    new_game,
    observation,
    replay,
)
from piratelib.blackbeard.game.encounters import build_encounter
from piratelib.blackbeard.game.state import block_at
from piratelib.errors import IllegalActionError


def test_reset_map_turns_last_turns_sightings_to_blanks_and_the_sighting_at_camp_to_the_camp():
    state = replay(new_game(seed=1), SetCamp("roanoke_island"), Done(), Sail("roanoke_inlet"))
    state = replay(state, Done(), Done(), Done())  # C, D; Turn 2's B
    state = replay(state, Sail("roanoke_island"), Sail("currituck_sound"))
    assert block_at(state, "roanoke_island") == "sighting_at_camp"
    assert block_at(state, "roanoke_inlet") == "blank"
    state = replay(state, Done(), Done(), Done())  # D; Turn 3's B; C begins with Reset Map
    assert state.turn == 3 and state.segment == "C"
    assert block_at(state, "roanoke_island") == "camp"
    assert [s for s, b in state.blocks if b != "blank"] == ["currituck_sound", "roanoke_island"]


def test_a_sighting_laid_face_up_at_a_surveil_marker_gives_no_sighting_chain():
    state = replace(replay(new_game(seed=2), SetCamp("roanoke_island")), informants=("fishermen",))
    state = replay(state, Interview("fishermen", "currituck_sound"), Surveil("currituck_sound"))
    state = replay(state, Done(), Sail("currituck_sound"), Sail("nots_island"))
    assert block_at(state, "currituck_sound") == "sighting"
    assert "currituck_sound" in state.face_up and state.chain == ()
    state = replay(state, Done())
    assert state.segment == "D" and state.chain == ()
    assert not any(
        isinstance(a, Scout) and a.space == "currituck_sound" for a in legal_actions(state)
    )


def test_careen_sloop_takes_no_cubes_on_a_turn_adventure_sailed():
    def turn_with(*sails):
        state = replay(new_game(seed=3), SetCamp("roanoke_island"), Done())
        state = replace(state, mat=replace(state.mat, acts_of_piracy=("careen_sloop",)))
        state = replay(state, PlanPiracy("careen_sloop"), *sails, Done(), Done())
        return state.mat.on("careen_sloop")

    assert turn_with() == 1  # at Camp, an Anchorage
    assert turn_with(Sail("currituck_sound"), Sail("nots_island")) == 0


def test_a_sloops_assets_need_that_sloop_at_james_river():
    state = replay(new_game(seed=4), SetCamp("nots_island"), Done(), Done())
    state = replace(state, jane="cape_henry")
    legal = legal_actions(state)
    assert Commandeer("cannon_ranger") in legal and Commandeer("cannon_jane") not in legal
    assert Commandeer("skilled_helm") not in legal and Commandeer("capt_gordon") in legal


def test_an_encounter_declares_only_tiles_prepared_or_commandeered_for_pieces_present():
    state = replay(new_game(seed=5), SetCamp("nots_island"), Done(), Done())
    state = replay(state, Commandeer("cannon_jane"), Commandeer("capt_gordon"))
    state = replace(state, ranger="nots_island", mat=replace(state.mat, defenses=(("grape", 1),)))
    enc = build_encounter(state, "nots_island")
    assert enc.hunters == {"ranger"} and enc.hunter_tiles == frozenset()
    assert enc.blackbeard_tiles == {"grape"}
    state = replace(state, ranger="james_river", brand="nots_island")
    enc = build_encounter(state, "nots_island")
    assert enc.hunter_tiles == {"capt_gordon"} and enc.blackbeard_tiles == frozenset()


def test_each_piece_spots_where_it_ends_its_move_even_without_moving():
    state = replay(new_game(seed=6), SetCamp("nots_island"), Done(), Done())
    state = replay(
        state, Move(("jane", "ranger"), "cape_henry"), Move(("jane",), "currituck_inlet")
    )
    state = replay(state, EndMove("jane"))
    assert "currituck_inlet" in state.face_up
    assert Move(("jane",), "roanoke_inlet") not in legal_actions(state)  # its move has ended
    state = replay(state, Move(("ranger",), "roanoke_inlet"), Done())  # Ranger's move ends too
    ends = [(s.space, s.how) for s in state.spots if s.open]
    assert ends == [("currituck_inlet", "end_move"), ("roanoke_inlet", "end_move")]


def test_a_piece_scouts_its_own_space_only_before_moving():
    # "Jane, Ranger, and Brand each may Scout their own space (before moving) or one space
    # adjacent to them." Once Sailing has begun, a Scout ends every move, each piece
    # Spotting where it stands, so no Scout of a space a piece stands on is offered then.
    state = replay(new_game(seed=6), SetCamp("nots_island"), Done(), Done())
    state = replace(
        state, brand="queen_annes_creek", jane="currituck_sound", ranger="currituck_sound"
    )
    assert Scout("brand", "queen_annes_creek") in legal_actions(state)  # before moving
    state = replay(state, Move(("jane", "ranger"), "albemarle_sound"))
    scouts = [a for a in legal_actions(state) if isinstance(a, Scout)]
    assert scouts and not {a.space for a in scouts} & {"albemarle_sound", "queen_annes_creek"}
    assert Scout("brand", "bats_grave") in scouts  # an adjacent space is still open
    try:
        replay(state, Scout("brand", "queen_annes_creek"))
    except IllegalActionError as error:
        assert "their own space (before moving)" in str(error)
    else:
        raise AssertionError("an own-space Scout after moving was accepted")


def test_seek_pardon_asks_which_tile_to_set_aside_before_the_cubes_go_on():
    state = replay(new_game(seed=7), SetCamp("bats_grave"), Done())
    other = state.mat.acts_of_piracy[0]
    state = replace(state, mat=replace(state.mat, pirates_life=("seek_pardon",)))
    state = replay(state, PlanPiracy("seek_pardon"), PlanPiracy("seek_pardon"))
    state = replay(state, Sail("queen_annes_creek"), Done())
    # the pawns to fill it: he chooses once Done, in C, where the Hunters see no step
    assert (state.segment, state.step) == ("C", "choose")
    assert legal_actions(state) == [SeekPardon(other)]
    assert observation(state, "hunters").step == ""  # the Hunters do not see why he waits
    state = replay(state, SeekPardon(other))
    assert state.segment == "D" and state.mat.set_aside == ()  # not yet: Piracy is in F
    state = replay(state, Done())
    assert state.turn == 2 and state.mat.set_aside == (other,)
    assert state.mat.on("seek_pardon") == 2 and other not in state.mat.acts_of_piracy


def test_fete_tobias_knight_at_camp_adds_two_defenses_free():
    state = replay(new_game(seed=8), SetCamp("nots_island"), Done())
    state = replace(state, mat=replace(state.mat, pirates_life=("fete_tobias_knight",)))
    state = replay(state, PlanPiracy("fete_tobias_knight"), PlanPiracy("fete_tobias_knight"))
    state = replay(state, Done())
    assert len(legal_actions(state)) == 15  # any 2 of the 6 standard Defenses
    state = replay(state, FeteTobiasKnight(("grape", "lookouts")), Done())
    assert dict(state.mat.defenses) == {"grape": 0, "lookouts": 0}
    assert state.mat.purse == 3 and state.shows == ((1, "nots_island"),)
    assert observation(state, "hunters").camp_marker == "nots_island"  # Shown at the Camp


def test_a_once_per_turn_tile_never_declared_stays_hidden():
    choices = {"escape:blackbeard": "no once-per-turn", "escape:choice": "Board"}
    state = replay(new_game(seed=9, encounter_decisions=choices), SetCamp("nots_island"), Done())
    state = replay(state, PrepareDefense("lookouts"), PrepareDefense("swivel_guns"), Done())
    state = replay(
        state, Move(("jane", "ranger"), "cape_henry"), Move(("jane",), "currituck_inlet")
    )
    state = replay(state, Move(("jane",), "nots_island"), Done())
    state = replay(state, Meet("nots_island"))
    view = observation(state, "hunters")
    assert view.encounters and not any("Lookouts" in line for line in view.encounters)
    assert "swivel_guns" in view.declared and "lookouts" not in view.declared


def _battle_at_nots_island(seed: int, choice: str):
    """Jane meets Adventure at Nots Island; he has Grenadoes and Swivel Guns, she Extra Hands."""
    choices = {"escape:blackbeard": "no once-per-turn", "escape:choice": choice}
    state = replay(new_game(seed=seed, encounter_decisions=choices), SetCamp("nots_island"), Done())
    state = replay(state, PrepareDefense("grenadoes"), PrepareDefense("swivel_guns"), Done())
    state = replay(
        state, Move(("jane", "ranger"), "cape_henry"), Move(("jane",), "currituck_inlet")
    )
    state = replay(state, Move(("jane",), "nots_island"), Done())
    state = replace(state, assets=state.assets | {"extra_hands_jane"})
    return replay(state, Meet("nots_island"))


@pytest.mark.parametrize(
    ("seed", "choice", "declared"),
    [
        (9, "Escape", {"swivel_guns"}),  # no Boarding: its tiles stay behind the screens
        (9, "Board", {"swivel_guns", "grenadoes", "extra_hands_jane"}),  # he won the Escape
        (10, "Board", {"swivel_guns", "extra_hands_jane"}),  # the Hunters won it
    ],
)
def test_boarding_tiles_are_declared_only_at_a_boarding_roll_they_affect(seed, choice, declared):
    # "Players must declare Defenses or Assets at the first moment that they use them,
    # before any rolls they affect"; Grenadoes: "If Adventure wins Escape (only) then
    # Boards, it adds 1 die"
    state = _battle_at_nots_island(seed, choice)
    for side in ("hunters", "blackbeard"):
        view = observation(state, side)
        assert set(view.declared) == declared
        first = view.encounters[0]
        assert ("Grenadoes" in first) == ("grenadoes" in declared)
        assert ("Extra Hands" in first) == ("extra_hands_jane" in declared)
