"""The nine Informant tiles: what each may Spot, the rulebook's examples, and limits."""

from __future__ import annotations

import itertools

import pytest

from piratelib.blackbeard.board import load_map, of_kind
from piratelib.blackbeard.board.informants import (
    check_informant,
    informant_spaces,
    informant_targets,
    load_informants,
)
from piratelib.errors import DataError, IllegalActionError

G = load_map()
SLOTS = frozenset(n for n, slot in G.nodes(data="slot") if slot)


def test_nine_tiles():
    assert set(load_informants()) == {
        "wm_howard",
        "condemned_pirates",
        "pardoned_pirates",
        "edwd_moseley",
        "col_moore",
        "capt_vail",
        "isaac_freeman",
        "bumboat_peddlers",
        "fishermen",
    }


def test_example_interview_wm_howard():
    # "Wm Howard can Spot a maximum of four spaces total ... all of those spaces must be
    # Anchorages"; the Hunters "find the Camp with the third pawn".
    assert informant_spaces(G, "wm_howard") == of_kind(G, "anchorage")
    assert check_informant(G, "wm_howard", ["roanoke_island", "nots_island", "core_banks"]) == 3
    with pytest.raises(IllegalActionError, match="at most 4 spaces"):
        check_informant(G, "wm_howard", sorted(of_kind(G, "anchorage"))[:5])


def test_capt_vail_core_banks_via_west_pamlico_sound_and_via_new_bern():
    spaces = informant_spaces(G, "capt_vail")
    assert {"bath_town", "core_banks", "fish_town", "west_pamlico_sound"} <= spaces
    assert "new_bern" not in spaces  # no block there
    assert check_informant(G, "capt_vail", ["bath_town", "core_banks"]) == 2
    with pytest.raises(IllegalActionError, match="too many of one kind"):
        check_informant(G, "capt_vail", ["core_banks", "fish_town"])


def test_edwd_moseley_three_towns_and_one_anchorage():
    assert informant_spaces(G, "edwd_moseley") == of_kind(G, "town", "anchorage")
    assert (
        check_informant(
            G, "edwd_moseley", ["bath_town", "queen_annes_creek", "fish_town", "core_banks"]
        )
        == 4
    )
    with pytest.raises(IllegalActionError, match="too many of one kind"):
        check_informant(G, "edwd_moseley", ["bath_town", "core_banks", "neuse_river"])


def test_col_moore_land_not_island_or_bank():
    assert informant_spaces(G, "col_moore") == {
        "fish_town",
        "bath_town",
        "queen_annes_creek",
        "neuse_river",
        "machapunga_bluff",
        "roanoke_river",
        "bats_grave",
        "pasquotank_river",
    }
    with pytest.raises(IllegalActionError, match="cannot Spot core_banks"):
        check_informant(G, "col_moore", ["core_banks"])


def test_isaac_freeman_oceans_with_an_assumed_number():
    assert informant_spaces(G, "isaac_freeman") == of_kind(G, "ocean")
    assert load_informants()["isaac_freeman"]["groups"][0]["max_src"] == "assumed"
    assert check_informant(G, "isaac_freeman", ["gun_inlet", "roanoke_inlet"]) == 2


def test_bumboat_peddlers_and_fishermen():
    assert informant_spaces(G, "bumboat_peddlers") == of_kind(G, "anchorage", "sound")
    assert (
        check_informant(
            G, "bumboat_peddlers", ["core_banks", "nots_island", "bats_grave", "currituck_sound"]
        )
        == 4
    )
    with pytest.raises(IllegalActionError, match="too many of one kind"):
        check_informant(G, "bumboat_peddlers", ["currituck_sound", "albemarle_sound"])
    assert (
        check_informant(
            G, "fishermen", ["bath_town", "core_banks", "currituck_sound", "albemarle_sound"]
        )
        == 4
    )
    with pytest.raises(IllegalActionError, match="cannot Spot gun_inlet, a ocean"):
        check_informant(G, "fishermen", ["gun_inlet"])


@pytest.mark.parametrize("tile", ["condemned_pirates", "pardoned_pirates"])
def test_pirates_any_one_space(tile):
    assert informant_spaces(G, tile) == SLOTS
    assert check_informant(G, tile, ["gun_inlet"]) == 1
    with pytest.raises(IllegalActionError, match="at most 1 spaces"):
        check_informant(G, tile, ["gun_inlet", "bath_town"])


def test_bad_informant_input():
    with pytest.raises(IllegalActionError, match=r"unknown Informant 'wm_howerd'.*'wm_howard'"):
        informant_spaces(G, "wm_howerd")
    with pytest.raises(IllegalActionError, match="repeated"):
        check_informant(G, "wm_howard", ["core_banks", "core_banks"])
    with pytest.raises(IllegalActionError, match="unknown space"):
        check_informant(G, "wm_howard", ["nowhere"])


HEADER = '[[informant]]\nid = "x"\nname = "X"\nprinted = "p"\nevidence = "e"\nsrc = ["rulebook"]\n'


def test_malformed_informant_data(tmp_path):
    path = tmp_path / "informants.toml"
    path.write_text(HEADER + "groups = [{ max = 0 }]\n")
    with pytest.raises(
        DataError, match=r"informants\.toml: informant #1 \(x\): each group needs a max"
    ):
        load_informants(path)
    path.write_text(HEADER + 'groups = [{ max = 1, kinds = ["castle"] }]\n')
    with pytest.raises(DataError, match="kinds must be among"):
        load_informants(path)


@pytest.mark.parametrize("informant", sorted(load_informants()))
def test_informant_targets_are_what_check_informant_accepts(informant):
    spaces = sorted(informant_spaces(G, informant))

    def legal(targets):
        try:
            check_informant(G, informant, targets)
        except IllegalActionError:
            return False
        return True

    for done in itertools.chain.from_iterable(itertools.combinations(spaces, n) for n in range(3)):
        if legal(done):
            expected = {s for s in spaces if s not in done and legal([*done, s])}
            assert informant_targets(G, informant, iter(done)) == expected, done


def test_informant_targets_refuses_what_check_informant_refuses():
    with pytest.raises(IllegalActionError, match="repeated"):
        informant_targets(G, "wm_howard", ["core_banks", "core_banks"])
