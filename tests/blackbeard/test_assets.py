"""Commandeered Assets: only at James River, Canoes anywhere."""

from __future__ import annotations

import pytest

from piratelib.blackbeard.assets import check_commandeer, load_assets
from piratelib.errors import DataError, IllegalActionError

HOME = {"jane": "james_river", "ranger": "james_river", "brand": "james_river"}


def test_ten_assets():
    assert len(load_assets()) == 10


@pytest.mark.parametrize("asset", sorted(load_assets()))
def test_everything_can_be_commandeered_at_james_river(asset):
    check_commandeer(asset, HOME)


def test_away_from_james_river():
    away = {"jane": "cape_henry", "ranger": "james_river", "brand": "bath_town"}
    check_commandeer("cannon", away)  # Ranger is still there
    check_commandeer("midshipman_hyde", away)
    check_commandeer("canoes", away)  # "The Hunters may Commandeer Canoes anywhere."
    for asset in (
        "lt_maynard",
        "skilled_helm",
        "chain_and_grape",
        "master_wm_butler",
        "capt_gordon",
        "partisans",
    ):
        with pytest.raises(IllegalActionError, match="at James River"):
            check_commandeer(asset, away)


def test_malformed_assets(tmp_path):
    path = tmp_path / "assets.toml"
    path.write_text(
        '[[asset]]\nid = "a"\nname = "A"\npieces = ["adventure"]\n'
        'at_james_river = "any"\nadvanced = false\neffect = "e"\nsrc = ["rulebook"]\n'
    )
    with pytest.raises(DataError, match=r"assets\.toml: asset #1 \(a\): pieces must be"):
        load_assets(path)
