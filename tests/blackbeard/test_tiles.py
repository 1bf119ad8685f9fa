"""Blackbeard's tiles: the rulebook's numbers, checked data, and trying other values."""

from __future__ import annotations

import tomllib
from importlib import resources

import pytest

from piratelib.blackbeard.board import load_map
from piratelib.blackbeard.piracy.tiles import (
    PLACES,
    ROWS,
    assumed_facts,
    load_tiles,
    with_loot,
    with_squares,
)
from piratelib.errors import DataError, IllegalActionError

TILES = load_tiles()
TEXT = (resources.files("piratelib.data") / "blackbeard_tiles.toml").read_text()


def test_nine_tiles_per_row():
    assert len(TILES.piracy) == 18
    assert {row: len(TILES.row(row)) for row in ROWS} == {"acts_of_piracy": 9, "pirates_life": 9}
    assert TILES.row("acts_of_piracy")[-3:] == ("careen_sloop", "take_on_stores", "divvy_with_eden")
    assert "banyan_for_vane" in TILES.row("pirates_life")


@pytest.mark.parametrize(
    ("tile", "squares"),
    [
        ("seize_prize_ocracoke_inlet", 2),  # "Upon filling the tile with 2 black cubes"
        ("seize_prize_gun_inlet", 2),
        ("seize_prize_roanoke_inlet", 2),
        ("seize_prize_cape_hatteras", 2),
        ("raid_delaware", 4),  # "when filled with 4 black cubes"
        ("raid_charles_town", 4),
        ("fete_tobias_knight", 2),  # "fills Fete Tobias Knight ... with 2 cubes"
        ("banyan_for_vane", 3),  # "All three pawns ... With the tile all full of cubes"
    ],
)
def test_rulebook_squares(tile, squares):
    assert TILES.squares(tile) == squares
    assert TILES.piracy[tile]["squares_src"] in (("rulebook",), ("implied",))


def test_icons():
    icons = {
        kind: [t for t, tile in TILES.piracy.items() if tile["icons"] == kind]
        for kind in ("blackbeard", "israel_hands")
    }
    # "Four Pirate's Life tiles show black Blackbeard icons"
    assert len(icons["blackbeard"]) == 4
    assert all(TILES.piracy[t]["row"] == "pirates_life" for t in icons["blackbeard"])
    # "Three Piracy tiles show gold Israel Hands icons"
    assert sorted(icons["israel_hands"]) == ["buy_rum", "crew_to_ordinary", "divvy_with_eden"]


def test_loot_and_effects():
    # "Seven tiles say Take and show one or two Loot markers" ... "No Loot without Show!"
    takers = [tile for tile in TILES.piracy.values() if tile["take_loot"]]
    assert len(takers) == 7
    assert all(tile["show"] for tile in takers)
    assert TILES.piracy["seize_prize_cape_hatteras"]["extra_gold"] == 1
    assert sum(tile["extra_gold"] for tile in TILES.piracy.values()) == 1
    assert [t for t, tile in TILES.piracy.items() if tile["not_if_sailed"]] == ["careen_sloop"]
    penalties = {tile["penalty"]: t for t, tile in TILES.piracy.items() if tile["penalty"]}
    assert penalties == {p: p for p in ("hire_doctor", "buy_rum", "crew_to_ordinary")}
    assert TILES.piracy["crew_to_ordinary"]["cubes_src"] == ("board",)
    gold = {t for t, tile in TILES.piracy.items() if tile["cubes"] == "gold"}
    assert gold == {
        "take_on_stores",
        "divvy_with_eden",
        "banyan_for_vane",
        "fete_tobias_knight",
        "hire_doctor",
        "buy_rum",
    }


def test_counts():
    counts = TILES.counts
    assert (counts["gold_cubes"], counts["black_cubes"], counts["purse_at_setup"]) == (20, 15, 5)
    assert (counts["pawns"], counts["pawns_while_buy_rum"], counts["turns"]) == (5, 4, 4)
    assert counts["loot_markers"] == 12 and counts["loot_at_setup"] == 1


def test_loot_values():
    assert len(TILES.loot) == 12
    assert 1 in TILES.loot  # "worth just one gold cube"
    assert all(isinstance(v, int) and v >= 0 for v in TILES.loot)
    assert TILES.loot_src == ("assumed",)


def test_defense_costs():
    gold = {d: tile["gold"] for d, tile in TILES.defenses.items()}
    assert gold.pop("philip_morton") == 2
    assert gold.pop("israel_hands") == 2
    assert gold.pop("bought_silence") == 0
    assert set(gold.values()) == {1} and len(gold) == 6
    assert TILES.defenses["bought_silence"]["gold_per_sighting"] == 2
    hidden = {d for d, tile in TILES.defenses.items() if tile["hidden"]}
    assert hidden == {"longboat", "israel_hands", "bought_silence"}
    assert hidden == {d for d, tile in TILES.defenses.items() if tile["advanced"]}


def test_every_where_resolves():
    G = load_map()
    for tile_id, tile in TILES.piracy.items():
        assert all(place in G or place in PLACES for place in tile["where"])
        spaces = TILES.spaces(tile_id, camp="roanoke_island")
        assert spaces and spaces <= set(G), tile_id
    assert TILES.spaces("stow_booty") == frozenset()
    assert TILES.spaces("careen_sloop") == TILES.spaces("banyan_for_vane")
    assert len(TILES.spaces("careen_sloop")) == 10


def test_immutable():
    with pytest.raises(TypeError):
        TILES.piracy["raid_delaware"]["squares"] = 5  # type: ignore[index]
    assert hash(TILES) == hash(TILES)


def test_assumed_facts():
    facts = assumed_facts(TILES)
    assert facts[0].startswith("Loot markers are worth 1, 1, 1, 1, 2")
    assert all("assumed" in fact for fact in facts)
    assert "Careen Sloop: no Show (assumed)" in facts
    assert not any("Raid" in fact for fact in facts)


def test_with_loot():
    tiles = with_loot(TILES, range(12))
    assert tiles.loot == tuple(range(12)) and tiles.loot_src == ("board",)
    assert TILES.loot[0] == 1  # the original is unchanged
    assert not any(fact.startswith("Loot") for fact in assumed_facts(tiles))
    assert with_loot(TILES, [3] * 12, src="assumed").loot_src == ("assumed",)
    for bad, match in [
        ([1] * 11, "there are 12 Loot markers, got 11"),
        ([1] * 11 + [-1], r"0 or more, got \[-1\]"),
        ([1] * 11 + [1.5], r"got \[1.5\]"),
        ([True] * 12, "whole numbers"),
    ]:
        with pytest.raises(IllegalActionError, match=match):
            with_loot(TILES, bad)
    with pytest.raises(IllegalActionError, match="src must be one of"):
        with_loot(TILES, [1] * 12, src="guess")


def test_with_squares():
    tiles = with_squares(TILES, "careen_sloop", 4, src="rulebook")
    assert tiles.squares("careen_sloop") == 4 and TILES.squares("careen_sloop") == 3
    assert tiles.piracy["careen_sloop"]["squares_src"] == ("rulebook",)
    assert tiles.row_squares("acts_of_piracy") == 26
    assert tuple(tiles.piracy) == tuple(TILES.piracy)  # order kept
    assumed = with_squares(TILES, "stow_booty", 5, src="assumed")
    assert "Stow Booty: 5 squares (assumed)" in assumed_facts(assumed)
    with pytest.raises(IllegalActionError, match="did you mean 'careen_sloop'"):
        with_squares(TILES, "careen_slop", 3)
    for bad in (0, -2, 2.5, True):
        with pytest.raises(IllegalActionError, match="from 1 to 20"):
            with_squares(TILES, "careen_sloop", bad)


def test_row_errors():
    with pytest.raises(IllegalActionError, match="did you mean 'pirates_life'"):
        TILES.row("pirate_life")
    with pytest.raises(IllegalActionError, match="not on the pirates_life row"):
        TILES.row_squares("pirates_life", ["raid_delaware"])


def test_packaged_file_parses():
    raw = tomllib.loads(TEXT)
    assert load_tiles(None) is load_tiles()
    assert len(raw["piracy"]) == 18


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            'id = "raid_delaware"\nname = "Raid Delaware"\n',
            'id = "raid_delaware"\n',
            r"tiles\.toml: piracy #5 \(raid_delaware\): missing name",
        ),
        (
            'where = ["bath_town", "camp"]',
            'where = ["bath_twn", "camp"]',
            r"tiles\.toml: piracy #11 \(fete_tobias_knight\): unknown space 'bath_twn'.*"
            r"did you mean 'bath_town'",
        ),
        (
            "take_loot = 2",
            "take_loot = -2",
            r"tiles\.toml: piracy #5 \(raid_delaware\): take_loot must be a whole number",
        ),
        (
            "black_cubes = 15",
            "black_cubes = -1",
            r"tiles\.toml: counts: black_cubes must be",
        ),
    ],
)
def test_malformed(corrupt, old, new, message):
    with pytest.raises(DataError, match=message):
        load_tiles(corrupt("blackbeard_tiles.toml", old, new))


def test_duplicate_id(corrupt):
    path = corrupt(
        "blackbeard_tiles.toml", 'id = "seize_prize_gun_inlet"', 'id = "seize_prize_ocracoke_inlet"'
    )
    with pytest.raises(
        DataError, match=r"tiles\.toml: piracy #2 \(seize_prize_ocracoke_inlet\): duplicate"
    ):
        load_tiles(path)


def test_wrong_row_size(corrupt):
    path = corrupt(
        "blackbeard_tiles.toml",
        'row = "acts_of_piracy"\nwhere = ["any_anchorage"]',
        'row = "pirates_life"\nwhere = ["any_anchorage"]',
    )
    with pytest.raises(DataError, match=r"tiles\.toml: piracy: the acts_of_piracy row has 8 tiles"):
        load_tiles(path)


@pytest.mark.parametrize(
    "values",
    ["[1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3]", "[1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, -4]", '"many"'],
)
def test_bad_loot(corrupt, values):
    path = corrupt(
        "blackbeard_tiles.toml",
        "values = [1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 4]",
        f"values = {values}",
    )
    with pytest.raises(DataError, match=r"tiles\.toml: loot: values must be 12 whole numbers"):
        load_tiles(path)


def test_bad_fields(corrupt):
    cases = [
        ('row = "pirates_life"', 'row = "pirates_lives"', r"piracy #10 \(banyan_for_vane\): row"),
        ('cubes = "gold"', 'cubes = "silver"', r"piracy #8 \(take_on_stores\): cubes"),
        ("squares = 4", "squares = 0", r"piracy #5 \(raid_delaware\): squares must"),
        ('icons = "israel_hands"', 'icons = "hands"', r"piracy #9 \(divvy_with_eden\): icons"),
        ('effect = "seek_pardon"', 'effect = "pardon"', r"piracy #12 \(seek_pardon\): effect"),
        ('penalty = "buy_rum"', 'penalty = "rum"', r"piracy #15 \(buy_rum\): penalty"),
        ("gold = 2", "gold = -2", r"defense #5 \(philip_morton\): gold must"),
        ('squares_src = ["rulebook"]', 'squares_src = ["guess"]', r"piracy #1 .*squares_src"),
        ('src = ["assumed"]\nwhy', 'src = ["assumed"]\nwhence', r"loot: assumed values need a why"),
    ]
    for old, new, message in cases:
        path = corrupt("blackbeard_tiles.toml", old, new)
        with pytest.raises(DataError, match=r"tiles\.toml: " + message):
            load_tiles(path)


def test_missing_why_for_assumed_show(corrupt):
    old = 'why = "The rulebook never says whether Careen Sloop'
    path = corrupt(
        "blackbeard_tiles.toml", old, 'notes = "The rulebook never says whether Careen Sloop'
    )
    with pytest.raises(DataError, match=r"piracy #7 \(careen_sloop\): an assumed show_src"):
        load_tiles(path)


def test_blocks():
    # Setup: "select 24 blank blocks (seagulls), 4 sightings (gray ship), and one of each of
    # the 7 other unique blocks"; Components: "35 painted blocks".
    counts = load_tiles().counts
    assert counts["blank_blocks"] + counts["sighting_blocks"] + counts["unique_blocks"] == 35
    assert counts["blocks"] == 35
