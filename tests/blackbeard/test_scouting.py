"""Scouting, Sighting chains, Longboat and Israel Hands: rulebook examples and bad input."""

from __future__ import annotations

import pytest

from piratelib.blackbeard.board import load_map
from piratelib.blackbeard.board.scouting import (
    check_scout,
    israel_hands_spaces,
    longboat_spaces,
    scout_targets,
    sighting_chain,
)
from piratelib.errors import IllegalActionError

G = load_map()


def test_example_brand_scouts_with_partisans_and_canoes():
    # "Brand uses a pawn to Scout his own locale at Queen Anne's Creek ... Declaring
    # Partisans and Canoes, he then Scouts across Albemarle Sound to Pasquotank River".
    targets = scout_targets(G, "brand", "queen_annes_creek", assets={"partisans", "canoes"})
    assert targets["queen_annes_creek"] == "own"
    assert targets["pasquotank_river"] == "canoes"
    assert "pasquotank_river" not in scout_targets(G, "brand", "queen_annes_creek")
    assert (
        check_scout(
            G,
            "brand",
            "queen_annes_creek",
            ["queen_annes_creek", "pasquotank_river"],
            assets={"partisans", "canoes"},
        )
        == 1
    )


def test_example_sloops_scout_currituck_sound_and_by_canoe_nots_island():
    # "The Sloops could use one pawn each to Scout Currituck Sound and, beyond it by canoe,
    # Nots Island".
    assert check_scout(G, "jane", "roanoke_inlet", ["currituck_sound"]) == 1
    assert check_scout(G, "ranger", "roanoke_inlet", ["nots_island"], assets={"canoes"}) == 1
    with pytest.raises(IllegalActionError, match="cannot Scout nots_island"):
        check_scout(G, "ranger", "roanoke_inlet", ["nots_island"])


def test_example_sighting_chain_to_gun_inlet():
    # Ranger "Spots a Sighting block! The Hunters immediately choose an adjacent block to
    # Spot as well, Gun Inlet". Chains follow Water Routes only.
    chain = sighting_chain(G, "roanoke_inlet")
    assert "gun_inlet" in chain
    assert sighting_chain(G, "bath_town") == {"west_pamlico_sound"}  # not its Land neighbours


def test_scouting_by_land_or_water_and_only_blocks():
    assert set(scout_targets(G, "brand", "james_river")) == set()  # neighbours hold no block
    targets = scout_targets(G, "brand", "bath_town")
    assert {"bath_town", "west_pamlico_sound", "roanoke_river", "neuse_river"} == set(targets)


def test_master_wm_butler_two_spaces_one_pawn_each():
    pawns = check_scout(
        G, "jane", "roanoke_inlet", ["gun_inlet", "currituck_sound"], assets={"master_wm_butler"}
    )
    assert pawns == 2
    with pytest.raises(IllegalActionError, match="at most 2 space"):
        check_scout(
            G,
            "jane",
            "roanoke_inlet",
            ["gun_inlet", "currituck_sound", "roanoke_island"],
            assets={"master_wm_butler"},
        )


def test_only_one_canoe_space_regardless_of_butler():
    with pytest.raises(IllegalActionError, match="only 1 such space"):
        check_scout(
            G,
            "jane",
            "roanoke_inlet",
            ["nots_island", "pasquotank_river"],
            assets={"master_wm_butler", "canoes"},
        )


@pytest.mark.parametrize(
    ("piece", "space", "targets", "assets", "message"),
    [
        ("jane", "cape_henry", ["roanoke_inlet"], (), r"cannot Scout from Cape Henry"),
        (
            "jane",
            "roanoke_inlet",
            ["bath_town"],
            (),
            r"cannot Scout bath_town: Scout: 'Jane, Ranger",
        ),
        ("jane", "roanoke_inlet", ["gun_inlet", "gun_inlet"], (), r"repeated"),
        ("jane", "roanoke_inlet", ["gun_inlet"], ("partisans",), r"partisans does not help jane"),
        (
            "brand",
            "bath_town",
            ["bath_town"],
            ("canoe",),
            r"unknown Commandeered Asset 'canoe'.*'canoes'",
        ),
        ("adventure", "bath_town", ["bath_town"], (), r"only Hunter pieces Scout"),
        ("brand", "bath_town", [], (), r"at least one target"),
    ],
)
def test_bad_scouting(piece, space, targets, assets, message):
    with pytest.raises(IllegalActionError, match=message):
        check_scout(G, piece, space, targets, assets=assets)


def test_longboat_within_three_spaces_of_camp():
    spaces = longboat_spaces(G, "core_banks")
    assert "core_banks" in spaces  # Blackbeard-at-Camp
    assert "bath_town" in spaces and "fish_town" in spaces
    assert "currituck_inlet" not in spaces
    assert all(G.nodes[s]["slot"] for s in spaces)
    assert "bath_town" not in longboat_spaces(G, "core_banks", occupied=["bath_town"])
    with pytest.raises(IllegalActionError, match="Camp is always in an Anchorage"):
        longboat_spaces(G, "bath_town")


def test_israel_hands_any_town():
    assert israel_hands_spaces(G) == {"bath_town", "queen_annes_creek", "fish_town"}
    assert israel_hands_spaces(G, occupied=["fish_town", "gun_inlet"]) == {
        "bath_town",
        "queen_annes_creek",
    }
