"""Blackbeard's mat and Piracy: the rulebook's examples and FAQ, conservation, bad input."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from piratelib.blackbeard.board import load_map
from piratelib.blackbeard.piracy import (
    RULES,
    Mat,
    Position,
    acting_space,
    draw_tiles,
    end_turn,
    pawns_allowed,
    penalties,
    piracy_victory,
    plan_piracy,
    prepare_defense,
    resolve_piracy,
    row_cubes,
    setup,
)
from piratelib.blackbeard.piracy.tiles import load_tiles
from piratelib.errors import IllegalActionError

TILES = load_tiles()
G = load_map()


def gold(mat: Mat) -> int:
    on_tiles = sum(n for t, n in mat.cubes if TILES.piracy[t]["cubes"] == "gold")
    return mat.purse + mat.spare_gold + on_tiles + sum(n for _, n in mat.defenses)


def black(mat: Mat) -> int:
    return mat.spare_black + sum(n for t, n in mat.cubes if TILES.piracy[t]["cubes"] == "black")


def test_setup_loot_adds_no_gold():
    # FAQ: "Do you add Purse cubes for Setup Loot? A: No".
    mat = setup(random.Random(5))
    assert mat.purse == 5 and len(mat.taken_loot) == 1
    assert gold(mat) == 20 and black(mat) == 15
    assert sorted(mat.loot_pool + mat.taken_loot) == sorted(TILES.loot)


def test_example_plan_piracy_on_raid_delaware():
    # "the Blackbeard player commits 3 of 5 pawns to partly fill the Raid Delaware Piracy
    # tile. Cubes will go onto the tile later ... but only if Adventure is at Currituck Inlet".
    mat = plan_piracy(Mat(acts_of_piracy=("raid_delaware",)), "raid_delaware", 3)
    elsewhere = resolve_piracy(mat, Position(adventure="roanoke_inlet"), random.Random(1))
    assert elsewhere[-1].state.on("raid_delaware") == 0
    assert "wasted" in elsewhere[-1].text
    there = resolve_piracy(mat, Position(adventure="currituck_inlet"), random.Random(1))
    assert there[-1].state.on("raid_delaware") == 3
    assert there[-1].state.spare_black == 12


def test_example_resolve_piracy_banyan_for_vane():
    # "All three pawns left go on Banyan for Vane ... The cubes must be gold ones from the
    # Purse ... The Blackbeard player flips the block at Nots Island face up ... The marker
    # turns out to be worth just one gold cube, added to the Purse."
    mat = Mat(purse=5, spare_gold=15, pirates_life=("banyan_for_vane",), loot_pool=(1,))
    mat = plan_piracy(mat, "banyan_for_vane", 3)
    steps = resolve_piracy(mat, Position(adventure="nots_island"), random.Random(1))
    texts = [s.text for s in steps]
    assert any("3 gold from the Purse (3 of 3 squares)" in t for t in texts)
    assert any("Show the block at Nots Island" in t for t in texts)
    assert any("a marker worth 1; 1 gold from spares" in t for t in texts)
    end = steps[-1].state
    assert (end.purse, end.taken_loot, end.spare_gold) == (3, (1,), 14)


def test_example_win_by_piracy():
    # "4 out of 12 boxes ... less than half"; "5 out of 10 boxes. This row is exactly half
    # filled, just enough"; with more than half "Blackbeard would have lost here".
    mat = Mat(
        acts_of_piracy=(
            "raid_delaware",
            "raid_charles_town",
            "seize_prize_gun_inlet",
            "seize_prize_roanoke_inlet",
        ),
        pirates_life=("buy_rum", "hire_doctor", "banyan_for_vane", "fete_tobias_knight"),
        cubes=(("raid_delaware", 4), ("buy_rum", 2), ("hire_doctor", 3)),
    )
    assert row_cubes(mat, "acts_of_piracy") == (4, 12)
    assert row_cubes(mat, "pirates_life") == (5, 10)
    assert piracy_victory(mat) and not piracy_victory(mat, more_than_half=True)


def test_gold_pawns_beyond_the_purse_are_wasted():
    mat = Mat(purse=1, spare_gold=19, pirates_life=("banyan_for_vane",))
    mat = plan_piracy(mat, "banyan_for_vane", 3)
    steps = resolve_piracy(mat, Position(adventure="core_banks"), random.Random(1))
    assert steps[-1].state.on("banyan_for_vane") == 1 and steps[-1].state.purse == 0
    assert "2 pawns wasted (the Purse ran dry)" in steps[-1].text


def test_careen_sloop_not_after_sailing_or_escape():
    mat = plan_piracy(Mat(acts_of_piracy=("careen_sloop",)), "careen_sloop", 2)
    sailed = resolve_piracy(mat, Position(adventure="core_banks", sailed=True), random.Random(1))
    assert sailed[-1].state.on("careen_sloop") == 0 and "Sailed" in sailed[-1].text
    stayed = resolve_piracy(mat, Position(adventure="core_banks"), random.Random(1))
    assert stayed[-1].state.on("careen_sloop") == 2


def test_seek_pardon_sets_aside_and_redraws():
    mat = Mat(
        purse=5,
        spare_gold=15,
        acts_of_piracy=("careen_sloop",),
        pirates_life=("seek_pardon", "buy_rum"),
        pirates_life_stack=("stow_booty",),
        cubes=(("buy_rum", 1),),
    )
    mat = replace_gold(mat)
    mat = plan_piracy(mat, "seek_pardon", 2)
    steps = resolve_piracy(mat, Position(adventure="bath_town"), random.Random(1), pardon="buy_rum")
    end = steps[-1].state
    assert end.pirates_life == ("seek_pardon", "stow_booty")
    assert end.set_aside == ("buy_rum",) and end.on("buy_rum") == 0
    assert penalties(end) == frozenset()
    with pytest.raises(IllegalActionError, match="name another face-up tile"):
        resolve_piracy(mat, Position(adventure="bath_town"), random.Random(1))


def replace_gold(mat: Mat) -> Mat:
    """Take the gold on tiles out of spares, so the mat holds the game's 20."""
    on = sum(n for t, n in mat.cubes if TILES.piracy[t]["cubes"] == "gold")
    return Mat(**{**mat.__dict__, "spare_gold": 20 - mat.purse - on})


def test_stow_booty_and_sell_cargo():
    mat = Mat(purse=0, spare_gold=20, taken_loot=(2, 3), pirates_life=("stow_booty", "sell_cargo"))
    mat = plan_piracy(mat, "stow_booty", 4)
    end = resolve_piracy(
        mat, Position(adventure="core_banks", camp="core_banks"), random.Random(1)
    )[-1].state
    assert end.purse == 5
    mat = plan_piracy(end_turn(end), "sell_cargo", 3)
    end = resolve_piracy(mat, Position(adventure="fish_town"), random.Random(1))[-1].state
    assert end.purse == 5 + 7


def test_fete_tobias_knight_adds_two_defenses_free():
    mat = Mat(purse=5, spare_gold=15, pirates_life=("fete_tobias_knight",))
    mat = plan_piracy(mat, "fete_tobias_knight", 2)
    end = resolve_piracy(
        mat, Position(adventure="bath_town"), random.Random(1), fete=["lookouts", "grape"]
    )[-1].state
    assert dict(end.defenses) == {"lookouts": 0, "grape": 0}
    assert end.purse == 3
    with pytest.raises(IllegalActionError, match="choose 2 Defenses"):
        resolve_piracy(mat, Position(adventure="bath_town"), random.Random(1), fete=["grape"])


def test_blackbeard_alone_and_israel_hands_icons():
    # "Place cubes here if either Adventure or Blackbeard alone - placed via the advanced
    # Longboat Prepared Defense tile - is at a listed space."
    mat = plan_piracy(Mat(pirates_life=("visit_with_wife",)), "visit_with_wife", 2)
    position = Position(adventure="gun_inlet", blackbeard="bath_town")
    without = resolve_piracy(mat, position, random.Random(1))
    assert without[-1].state.on("visit_with_wife") == 0
    assert "only with the Longboat Defense Prepared" in without[-1].text
    assert without[-1].rule == RULES["icons"]
    mat = Mat(**{**mat.__dict__, "defenses": (("longboat", 1),)})
    alone = resolve_piracy(mat, position, random.Random(1))
    assert alone[-1].state.on("visit_with_wife") == 2
    mat = Mat(purse=5, spare_gold=15, acts_of_piracy=("divvy_with_eden",))
    mat = plan_piracy(mat, "divvy_with_eden", 2)
    hands = Position(adventure="gun_inlet", israel_hands="bath_town")
    assert resolve_piracy(mat, hands, random.Random(1))[-1].state.on("divvy_with_eden") == 0
    mat = Mat(**{**mat.__dict__, "defenses": (("israel_hands", 2),), "purse": 3})
    assert resolve_piracy(mat, hands, random.Random(1))[-1].state.on("divvy_with_eden") == 2


@pytest.mark.parametrize(
    "tile", sorted(t for t, info in TILES.piracy.items() if info["icons"] == "blackbeard")
)
@pytest.mark.parametrize(
    ("defenses", "fills"),
    [
        ((), False),
        ((("israel_hands", 2),), False),  # the other advanced piece's tile is no Longboat
        ((("longboat", 1),), True),
        ((("longboat", 0),), True),  # Prepared free by Fete Tobias Knight
    ],
)
def test_blackbeard_alone_needs_longboat_on_every_blackbeard_icon_tile(tile, defenses, fills):
    # "Four Pirate's Life tiles show black Blackbeard icons in each square."
    space = "bath_town"  # each lists Bath Town: Visit with Wife, Fete, Seek Pardon, any Town
    assert space in TILES.spaces(tile, camp="bats_grave")
    position = Position(adventure="gun_inlet", camp="bats_grave", blackbeard=space)
    mat = Mat(purse=5, spare_gold=15, pirates_life=(tile,), defenses=defenses)
    assert acting_space(TILES, tile, position, mat) == (space if fills else None)
    mat = plan_piracy(mat, tile, 1)
    steps = resolve_piracy(mat, position, random.Random(1))
    assert steps[1].state.on(tile) == (1 if fills else 0)
    # Adventure always may: "the icons just add an option".
    there = Position(adventure=space, camp="bats_grave")
    assert acting_space(TILES, tile, there, Mat(pirates_life=(tile,))) == space


def test_four_tiles_show_blackbeard_icons():
    assert len([t for t, info in TILES.piracy.items() if info["icons"] == "blackbeard"]) == 4


def test_buy_rum_cuts_pawns_to_four():
    mat = Mat(acts_of_piracy=("raid_delaware",), pirates_life=("buy_rum",))
    assert pawns_allowed(mat) == 4
    mat = plan_piracy(mat, "raid_delaware", 4)
    with pytest.raises(IllegalActionError, match=r"4 pawns this turn \(Buy Rum is unfilled\)"):
        plan_piracy(mat, "buy_rum", 1)


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (lambda m: plan_piracy(m, "raid_delaware", 5), r"4 open squares.*not 5"),
        (
            lambda m: plan_piracy(plan_piracy(m, "raid_delaware", 4), "banyan_for_vane", 2),
            r"5 pawns this turn.*too many",
        ),
        (
            lambda m: plan_piracy(m, "raid_delawere", 1),
            r"unknown Piracy tile 'raid_delawere'.*'raid_delaware'",
        ),
        (lambda m: plan_piracy(m, "raid_charles_town", 1), r"not face up"),
        (lambda m: plan_piracy(m, "raid_delaware", 0), r"at least 1"),
        (
            lambda m: prepare_defense(m, "philip_morton"),
            r"costs 2 gold from the Purse, which holds 1",
        ),
        (
            lambda m: prepare_defense(m, "swivel_gun"),
            r"unknown Prepared Defense 'swivel_gun'.*'swivel_guns'",
        ),
        (
            lambda m: prepare_defense(prepare_defense(m, "lookouts"), "lookouts"),
            r"already Prepared",
        ),
        (
            lambda m: resolve_piracy(m, Position(adventure="atlantis"), random.Random(1)),
            r"unknown space 'atlantis'",
        ),
    ],
)
def test_bad_actions_name_the_rule_and_change_nothing(action, message):
    mat = Mat(
        purse=1, spare_gold=19, acts_of_piracy=("raid_delaware",), pirates_life=("banyan_for_vane",)
    )
    before = Mat(**mat.__dict__)
    with pytest.raises(IllegalActionError, match=message):
        action(mat)
    assert mat == before


def test_pawns_on_a_full_tile():
    mat = Mat(
        acts_of_piracy=("seize_prize_gun_inlet",),
        cubes=(("seize_prize_gun_inlet", 2),),
        spare_black=13,
    )
    with pytest.raises(IllegalActionError, match="0 open squares"):
        plan_piracy(mat, "seize_prize_gun_inlet", 1)


SLOTS = sorted(n for n, slot in G.nodes(data="slot") if slot)


@settings(max_examples=120, deadline=None)
@given(seed=st.integers(0, 10**6), turns=st.integers(1, 4), data=st.data())
def test_random_games_conserve_cubes_and_respect_squares(seed, turns, data):
    rng = random.Random(seed)
    mat = setup(rng)
    for _ in range(turns):
        mat = draw_tiles(mat, rng)
        for _ in range(data.draw(st.integers(0, 6))):
            choice = data.draw(st.sampled_from([*mat.drawn(), "defense"]))
            before = mat
            try:
                if choice == "defense":
                    mat = prepare_defense(mat, data.draw(st.sampled_from(sorted(TILES.defenses))))
                else:
                    mat = plan_piracy(mat, choice, data.draw(st.integers(1, 3)))
            except IllegalActionError:
                assert mat == before  # a refused action changes nothing
        position = Position(
            adventure=data.draw(st.sampled_from(SLOTS)),
            camp=data.draw(
                st.sampled_from(sorted(n for n in SLOTS if G.nodes[n]["kind"] == "anchorage"))
            ),
            blackbeard=data.draw(st.sampled_from([None, *SLOTS])),
            israel_hands=data.draw(st.sampled_from([None, *SLOTS])),
            sailed=data.draw(st.booleans()),
        )
        others = [t for t in mat.drawn() if t != "seek_pardon"]
        free = [d for d in TILES.defenses if d not in dict(mat.defenses)][:2]
        try:
            steps = resolve_piracy(
                mat, position, rng, pardon=others[0] if others else None, fete=free
            )
        except IllegalActionError as error:
            assert "Seek Pardon" in str(error)  # nothing else to set aside
            continue
        for step in steps:
            state = step.state
            assert gold(state) == 20 and black(state) == 15
            assert state.purse >= 0 and state.spare_gold >= 0 and state.spare_black >= 0
            assert all(state.on(t) <= TILES.squares(t) for t in state.drawn())
        mat = end_turn(steps[-1].state)
    assert mat.turn == turns + 1
