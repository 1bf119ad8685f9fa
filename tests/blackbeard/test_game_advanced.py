"""The ADVANCED rules of Hunt for Blackbeard, played through the whole-game API.

Longboat and Israel Hands place their blocks at Set Map and Reset Map clears them;
Encounters with a figure begin with Arrest; Piracy counts the figures on their icon tiles;
Bought Silence pays 2 gold per Sighting avoided; Canoes, Master Wm Butler and Partisans
help the Hunters Scout; none of Blackbeard's ADVANCED Defenses is ever declared.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from piratelib.blackbeard.game import (
    Commandeer,
    Done,
    EscapeTo,
    FeteTobiasKnight,
    Meet,
    Move,
    PlaceBlackbeard,
    PlaceIsraelHands,
    PlanPiracy,
    PrepareDefense,
    Sail,
    Scout,
    SetCamp,
    ShowCamp,
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
from piratelib.blackbeard.game.state import block_at, game_tiles
from piratelib.dice import ScriptedRolls
from piratelib.errors import IllegalActionError


def blackbeards_actions(camp="roanoke_island", seed=1, **options):
    """An ADVANCED game at Turn 1's C (Blackbeard's Actions), with 5 gold in the Purse."""
    return replay(new_game(seed=seed, advanced=True, **options), SetCamp(camp), Done())


def with_life(state, *life):
    return replace(state, mat=replace(state.mat, pirates_life=life, acts_of_piracy=()))


def test_longboat_places_blackbeard_alone_within_3_spaces_of_camp_with_no_pawn():
    state = replay(blackbeards_actions(), PrepareDefense("longboat"), Sail("roanoke_inlet"))
    assert state.mat.purse == 4 and state.mat.pawns_used == 2  # 1 gold and 1 pawn
    state = replay(state, Sail("currituck_inlet"))  # a Sighting at Roanoke Inlet
    places = {a.space for a in legal_actions(state) if isinstance(a, PlaceBlackbeard)}
    assert "roanoke_island" in places  # the empty Camp: Blackbeard at Camp
    assert not {"roanoke_inlet", "currituck_inlet", "fish_town"} & places  # Sighting, ...
    state = replay(state, PlaceBlackbeard("roanoke_island"))
    assert block_at(state, "roanoke_island") == "blackbeard_at_camp"
    assert state.mat.pawns_used == 3 and state.step == "set_map"
    assert not any(isinstance(a, Sail | PlaceBlackbeard) for a in legal_actions(state))
    assert legal_actions(state) == [Done()]  # no Israel Hands Defense: nothing more to Set


def test_israel_hands_goes_to_a_town_where_no_adventure_blackbeard_or_sighting():
    state = replay(
        blackbeards_actions(), PrepareDefense("longboat"), PrepareDefense("israel_hands")
    )
    assert state.mat.purse == 2  # Longboat 1 gold, Israel Hands 2
    state = replay(state, PlaceBlackbeard("bath_town"))
    towns = {a.space for a in legal_actions(state) if isinstance(a, PlaceIsraelHands)}
    assert towns == {"fish_town", "queen_annes_creek"}  # not with Blackbeard at Bath Town


def test_israel_hands_may_go_to_any_town_even_far_from_camp():
    state = replay(blackbeards_actions(), PrepareDefense("israel_hands"))
    towns = {a.space for a in legal_actions(state) if isinstance(a, PlaceIsraelHands)}
    assert towns == {"bath_town", "fish_town", "queen_annes_creek"}


def test_reset_map_clears_the_figures_blocks_blackbeard_at_camp_to_the_camp():
    state = replay(
        blackbeards_actions(), PrepareDefense("longboat"), PrepareDefense("israel_hands")
    )
    state = replay(state, Sail("currituck_sound"), PlaceBlackbeard("roanoke_island"))
    state = replay(state, PlaceIsraelHands("bath_town"), Done(), Done())  # C, D: Turn 2's B
    assert state.turn == 2 and block_at(state, "bath_town") == "israel_hands"
    state = replay(state, Done())  # Turn 2's C begins with Reset Map
    assert block_at(state, "roanoke_island") == "camp" and block_at(state, "bath_town") == "blank"
    assert {b for _, b in state.blocks} == {"blank", "camp", "adventure"}


def _figure_at_bath_town(place, defense, *, brand_from="new_bern", **options):
    """Blackbeard's figure at Bath Town (Set with `place`), Brand Marching in: E begins."""
    state = replay(blackbeards_actions(**options), PrepareDefense(defense), place, Done())
    state = replace(state, brand=brand_from)
    return replay(state, Move(("brand",), "bath_town"), Done())


def test_arrest_of_blackbeard_alone_wins_the_game_for_the_hunters():
    state = _figure_at_bath_town(PlaceBlackbeard("bath_town"), "longboat")
    assert observation(state, "hunters").pieces == (("blackbeard", "bath_town"),)
    assert (state.segment, legal_actions(state)) == ("E", [Meet("bath_town")])
    steps = resolve(state, Meet("bath_town"), ScriptedRolls([2, 3, 5]))  # 2 dice against Brand's 1
    after = steps[-1].state
    assert winner(after).side == "hunters" and "Arrest of Blackbeard alone" in winner(after).why
    assert observation(after, "hunters").encounters[0].startswith("1:Capt Brand meet Blackbeard")


def test_blackbeard_alone_who_wins_the_arrest_escapes_off_the_map_and_escaped_goes_out():
    state = _figure_at_bath_town(PlaceBlackbeard("bath_town"), "longboat")
    after = replay(state, Meet("bath_town"), rng=ScriptedRolls([6, 1, 5]))
    assert after.escaped and block_at(after, "bath_town") == "blank"
    assert after.segment != "E" and winner(after) is None  # no Escape destination to choose
    assert observation(after, "hunters").pieces == ()


def test_arrest_of_israel_hands_removes_him_for_good_and_blackbeard_may_show_the_camp():
    state = _figure_at_bath_town(PlaceIsraelHands("bath_town"), "israel_hands")
    after = replay(state, Meet("bath_town"), rng=ScriptedRolls([2, 3, 5]))
    assert after.israel_hands_out and "israel_hands" not in dict(after.mat.defenses)
    assert block_at(after, "bath_town") == "blank" and not after.escaped
    assert (decider(after), legal_actions(after)) == (
        "blackbeard",
        [ShowCamp(True), ShowCamp(False)],
    )
    assert after.mat.spare_gold == state.mat.spare_gold + 2  # the Paid gold back to spares
    purse = after.mat.purse
    shown = replay(after, ShowCamp(True))
    assert shown.mat.purse == purse + 4 and shown.turn == 2  # "to add 4 gold to Purse"
    view = observation(shown, "hunters")
    assert view.camp_marker == "roanoke_island" and view.israel_hands_out
    assert ("roanoke_island", "adventure_at_camp") in view.face_up  # the Camp, as it is
    hidden = replay(after, ShowCamp(False))
    assert hidden.mat.purse == purse and observation(hidden, "hunters").camp_marker is None
    # "permanently removes the Israel Hands tile": never Prepared again, nor by Fete
    assert "israel_hands" not in game_tiles(hidden).defenses
    hidden = replay(hidden, Done())
    assert PrepareDefense("israel_hands") not in legal_actions(hidden)


def test_blackbeard_alone_fills_a_blackbeard_icon_tile_and_shows_his_block():
    state = with_life(blackbeards_actions(), "fete_tobias_knight")
    state = replay(state, PlanPiracy("fete_tobias_knight"), PlanPiracy("fete_tobias_knight"))
    state = replay(state, PrepareDefense("longboat"), Sail("currituck_sound"))
    state = replay(state, PlaceBlackbeard("bath_town"), Done())
    # the pawns to fill it: he chooses once Done, in C (a pause in F would tell the Hunters)
    assert (state.segment, state.step) == ("C", "choose")
    fetes = legal_actions(state)
    assert FeteTobiasKnight(("bought_silence", "israel_hands")) in fetes  # ADVANCED ones too
    state = replay(state, FeteTobiasKnight(("bought_silence", "israel_hands")))
    assert state.segment == "D"
    state = replay(state, Done())  # Adventure is elsewhere: Blackbeard alone fetes
    assert state.mat.on("fete_tobias_knight") == 2 and state.mat.purse == 2
    assert {"bought_silence", "israel_hands"} <= set(dict(state.mat.defenses))
    view = observation(state, "hunters")
    assert view.shows == ((1, "bath_town"),) and view.pieces == (("blackbeard", "bath_town"),)
    assert view.camp_marker is None and view.declared == ()  # Fete's choice stays hidden


@pytest.mark.parametrize("hands", [True, False])
def test_israel_hands_fills_divvy_with_eden_only_with_his_defense(hands):
    state = blackbeards_actions()
    state = replace(state, mat=replace(state.mat, acts_of_piracy=("divvy_with_eden",)))
    state = replay(state, *[PlanPiracy("divvy_with_eden")] * 3)
    if hands:
        state = replay(state, PrepareDefense("israel_hands"), Sail("currituck_sound"))
        state = replay(state, PlaceIsraelHands("bath_town"))
    else:
        state = replay(state, Sail("currituck_sound"))
        with pytest.raises(IllegalActionError, match="not legal"):
            apply(state, PlaceIsraelHands("bath_town"))  # no Israel Hands Defense
    state = replay(state, Done(), Done())  # no Encounter; Piracy resolves
    assert state.turn == 2
    assert state.mat.on("divvy_with_eden") == (3 if hands else 0)
    assert state.mat.purse == (0 if hands else 5)  # 3 gold from the Purse, after Hands' 2
    assert observation(state, "hunters").shows == ()  # Divvy with Eden does not Show


def test_bought_silence_costs_2_gold_per_sighting_avoided_from_the_purse():
    state = replay(with_life(blackbeards_actions()), PrepareDefense("bought_silence"))
    assert state.mat.purse == 5 and state.mat.pawns_used == 1  # "no cubes (just 1 pawn)"
    assert Sail("roanoke_inlet", True) not in legal_actions(state)  # nothing passed yet
    state = replay(state, Sail("roanoke_inlet"), Sail("currituck_inlet", True))
    assert block_at(state, "roanoke_inlet") == "blank"  # no Sighting
    assert adventure_space(state) == "currituck_inlet"  # "it only prevents Sightings"
    assert state.mat.purse == 3 and state.mat.spare_gold == 17 and state.silence_paid == 2
    # back to Roanoke Inlet, silencing Currituck Inlet: Roanoke Inlet, where he now is,
    # needs no silence (its 2 gold come back), Currituck Inlet costs 2
    state = replay(state, Sail("roanoke_inlet", True))
    assert state.mat.purse == 3 and state.silenced == ("currituck_inlet",)
    assert block_at(state, "currituck_inlet") == "blank"
    state = replay(state, Sail("roanoke_island", True))  # passing Roanoke Inlet again
    assert state.mat.purse == 1 and state.silence_paid == 4
    assert block_at(state, "roanoke_inlet") == block_at(state, "currituck_inlet") == "blank"
    assert block_at(state, "roanoke_island") == "adventure_at_camp"


def test_bought_silence_gives_the_gold_back_where_adventure_finally_ends():
    state = replay(blackbeards_actions(), PrepareDefense("bought_silence"))
    state = replay(state, Sail("roanoke_inlet"), Sail("currituck_inlet", True))
    assert state.mat.purse == 3
    state = replay(state, Sail("roanoke_inlet"))  # ends where he silenced: no Sighting to avoid
    assert state.mat.purse == 5 and state.silenced == () and state.silence_paid == 0
    assert block_at(state, "currituck_inlet") == "sighting"  # passed through, not silenced


def test_without_bought_silence_no_sail_is_silent_and_the_tile_is_never_declared():
    state = replay(blackbeards_actions(), Sail("roanoke_inlet"))
    assert not any(isinstance(a, Sail) and a.silence for a in legal_actions(state))
    with pytest.raises(IllegalActionError, match="Bought Silence: 'Pay from Purse") as refused:
        apply(state, Sail("currituck_inlet", True))
    assert "Sail Adventure to currituck_inlet, Bought Silence" in str(refused.value)
    standard = replay(new_game(seed=1), SetCamp("roanoke_island"), Done())
    assert not any(
        isinstance(a, PrepareDefense) and a.defense in ("longboat", "bought_silence")
        for a in legal_actions(standard)
    )


def test_the_hunters_advanced_assets_canoes_anywhere_butler_and_partisans_at_james_river():
    state = replay(blackbeards_actions(), Done())
    legal = legal_actions(state)
    assets = {"canoes", "master_wm_butler", "partisans"}
    assert assets <= {a.asset for a in legal if isinstance(a, Commandeer)}
    state = replace(state, jane="cape_henry", brand="bath_town")
    legal = {a.asset for a in legal_actions(state) if isinstance(a, Commandeer)}
    assert "canoes" in legal and not {"master_wm_butler", "partisans"} & legal
    standard = replay(new_game(seed=1), SetCamp("roanoke_island"), Done(), Done())
    legal = {a.asset for a in legal_actions(standard) if isinstance(a, Commandeer)}
    assert not assets & legal


def test_master_wm_butler_lets_each_sloop_scout_2_spaces_for_a_pawn_each():
    state = replay(blackbeards_actions(), Done(), Commandeer("master_wm_butler"))
    state = replace(state, jane="roanoke_inlet", ranger="roanoke_inlet")
    state = replay(state, Scout("jane", "currituck_sound"), Scout("jane", "gun_inlet"))
    assert state.hunter_pawns == 3 and "master_wm_butler" in state.declared
    assert not any(isinstance(a, Scout) and a.piece == "jane" for a in legal_actions(state))
    assert Scout("ranger", "roanoke_island") in legal_actions(state)
    plain = replay(blackbeards_actions(), Done())
    plain = replay(replace(plain, jane="roanoke_inlet"), Scout("jane", "currituck_sound"))
    assert not any(isinstance(a, Scout) and a.piece == "jane" for a in legal_actions(plain))


def test_an_adventure_escape_into_a_figures_space_takes_him_aboard():
    state = replay(blackbeards_actions(camp="bats_grave"), PrepareDefense("longboat"))
    state = replay(state, Sail("queen_annes_creek"), PlaceBlackbeard("albemarle_sound"), Done())
    state = replace(state, brand="roanoke_river")
    state = replay(state, Move(("brand",), "queen_annes_creek"), Done())
    state = replay(state, Meet("queen_annes_creek"), rng=ScriptedRolls([6, 1, 5]))
    assert state.step == "escape_adventure" and EscapeTo("albemarle_sound") in legal_actions(state)
    state = replay(state, EscapeTo("albemarle_sound"))
    assert block_at(state, "albemarle_sound") == "adventure"
    assert all(b not in ("blackbeard", "blackbeard_at_camp") for _, b in state.blocks)
    assert winner(state) is None
