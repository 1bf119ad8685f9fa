"""Commandeered Assets: only at James River, Canoes anywhere; one vocabulary with Encounters."""

from __future__ import annotations

import pytest

from piratelib.blackbeard.board.assets import check_assets, check_commandeer, load_assets
from piratelib.blackbeard.encounter.record import HUNTER_TILES, TILE_NAMES
from piratelib.errors import DataError, IllegalActionError

HOME = {"jane": "james_river", "ranger": "james_river", "brand": "james_river"}
PER_SLOOP = ("cannon_jane", "cannon_ranger", "extra_hands_jane", "extra_hands_ranger")


def test_twelve_assets_with_cannon_and_extra_hands_per_sloop():
    assets = load_assets()
    assert len(assets) == 12
    for asset in PER_SLOOP:
        assert assets[asset]["pieces"] == [asset.rsplit("_", 1)[1]]


def test_encounter_tiles_are_assets_with_the_same_names():
    # DESIGN.md fixes the Encounter's ids; a tile id means the same thing in both places.
    assets = load_assets()
    assert set(assets) >= HUNTER_TILES
    for tile in HUNTER_TILES:
        assert assets[tile]["name"] == TILE_NAMES[tile]
    check_assets(HUNTER_TILES)


@pytest.mark.parametrize("asset", sorted(load_assets()))
def test_everything_can_be_commandeered_at_james_river(asset):
    check_commandeer(asset, HOME)


def test_away_from_james_river():
    away = {"jane": "cape_henry", "ranger": "james_river", "brand": "bath_town"}
    check_commandeer("cannon_ranger", away)  # Ranger is still there
    check_commandeer("extra_hands_ranger", away)
    check_commandeer("midshipman_hyde", away)
    check_commandeer("canoes", away)  # "The Hunters may Commandeer Canoes anywhere."
    check_commandeer("cannon_ranger", {**away, "jane": None})  # None: not on the Map
    with pytest.raises(IllegalActionError, match="now ranger not on the Map"):
        check_commandeer("cannon_ranger", {"jane": "james_river"})
    for asset in (
        "cannon_jane",
        "extra_hands_jane",
        "lt_maynard",
        "skilled_helm",
        "chain_and_grape",
        "master_wm_butler",
        "capt_gordon",
        "partisans",
    ):
        with pytest.raises(IllegalActionError, match="at James River"):
            check_commandeer(asset, away)


@pytest.mark.parametrize("home", ["jane", "ranger"])
def test_a_sloops_tile_needs_that_sloop(home):
    # "Jane and Ranger can only Commandeer Cannon if the Sloop is at James River."
    # "Commandeer Extra Hands only if the named Sloop (Jane or Ranger) is at James River."
    other = {"jane": "ranger", "ranger": "jane"}[home]
    positions = {home: "james_river", other: "cape_henry", "brand": "james_river"}
    check_commandeer(f"cannon_{home}", positions)
    check_commandeer(f"extra_hands_{home}", positions)
    for asset in (f"cannon_{other}", f"extra_hands_{other}"):
        with pytest.raises(IllegalActionError, match=rf"needs {other} at James River; now "):
            check_commandeer(asset, positions)


@pytest.mark.parametrize("asset", ["skilled_helm", "chain_and_grape", "master_wm_butler"])
@pytest.mark.parametrize(
    "positions",
    [
        {"jane": "james_river", "ranger": "cape_henry"},
        {"jane": "cape_henry", "ranger": "james_river"},
        {"brand": "james_river"},
    ],
)
def test_tiles_for_both_sloops_need_both(asset, positions):
    # "Assets for both Sloops (red and white icons) while both remain at James River".
    with pytest.raises(IllegalActionError, match="needs jane and ranger at James River"):
        check_commandeer(asset, positions)
    check_commandeer(asset, {"jane": "james_river", "ranger": "james_river"})


@pytest.mark.parametrize(
    ("asset", "positions", "message"),
    [
        ("cannon", HOME, r"'cannon' names no Sloop: .*cannon_jane or cannon_ranger"),
        ("extra_hands", HOME, r"'extra_hands' names no Sloop: .*extra_hands_jane or"),
        ("canon_jane", HOME, r"unknown Commandeered Asset 'canon_jane': did you mean 'cannon_"),
        ("cannon_jane", {"adventure": "james_river"}, r"Hunter pieces jane, ranger, brand"),
        ("cannon_jane", {"jane": "jame_river"}, r"unknown space 'jame_river'"),
    ],
)
def test_bad_commandeer_names_what_is_wrong(asset, positions, message):
    before = dict(positions)
    with pytest.raises(IllegalActionError, match=message):
        check_commandeer(asset, positions)
    assert positions == before


def test_malformed_assets(tmp_path):
    path = tmp_path / "assets.toml"
    path.write_text(
        '[[asset]]\nid = "a"\nname = "A"\npieces = ["adventure"]\n'
        'at_james_river = "any"\nadvanced = false\neffect = "e"\nsrc = ["rulebook"]\n'
    )
    with pytest.raises(DataError, match=r"assets\.toml: asset #1 \(a\): pieces must be"):
        load_assets(path)


def test_a_tile_for_one_piece_names_one(tmp_path):
    # The old Cannon tile, for "jane" or "ranger", let the wrong Sloop Commandeer it.
    path = tmp_path / "assets.toml"
    path.write_text(
        '[[asset]]\nid = "cannon"\nname = "Cannon"\npieces = ["jane", "ranger"]\n'
        'at_james_river = "any"\nadvanced = false\neffect = "e"\nsrc = ["rulebook"]\n'
    )
    with pytest.raises(DataError, match=r"asset #1 \(cannon\): an Asset for one piece"):
        load_assets(path)
