"""Black Flag!'s data: the rulebook's setup table and scoring, as loaded; bad input is in
test_schema.py."""

from __future__ import annotations

from importlib import resources

import pytest

from piratelib.blackflag.data import PLAYERS, assumed_facts, load_blackflag, setup_for
from piratelib.errors import IllegalActionError

BF = load_blackflag()
TEXT = (resources.files("piratelib.data") / "blackflag.toml").read_text()


# Setup, step 8: "Depending on the number of players, take the following Role cards and
# Doubloons:" (Players | Roles | Doubloons).
RULEBOOK_SETUP = {
    # "4 Admiral, Commodore, Ibberian Privateer, Brittish Privateer 7"
    4: ({"admiral": 1, "commodore": 1, "ibberian_privateer": 1, "brittish_privateer": 1}, 7),
    # "5 Admiral, Commodore, Ensign, Lieutenant, Pirate 7"
    5: ({"admiral": 1, "commodore": 1, "ensign": 1, "lieutenant": 1, "pirate": 1}, 7),
    # "6 Admiral, Commodore, Ensign, Lieutenant, Ibberian Privateer, Brittish Privateer 8"
    6: (
        {
            "admiral": 1,
            "commodore": 1,
            "ensign": 1,
            "lieutenant": 1,
            "ibberian_privateer": 1,
            "brittish_privateer": 1,
        },
        8,
    ),
    # "7 Admiral, Commodore, 2 Ensigns, 2 Lieutenants, Pirate 9"
    7: ({"admiral": 1, "commodore": 1, "ensign": 2, "lieutenant": 2, "pirate": 1}, 9),
    # "8 Admiral, Commodore, 2 Ensigns, 2 Lieutenants, Ibberian Privateer, Brittish Privateer 10"
    8: (
        {
            "admiral": 1,
            "commodore": 1,
            "ensign": 2,
            "lieutenant": 2,
            "ibberian_privateer": 1,
            "brittish_privateer": 1,
        },
        10,
    ),
}


@pytest.mark.parametrize("players", PLAYERS)
def test_setup_rows_match_the_rulebook(players):
    roles, doubloons = RULEBOOK_SETUP[players]
    row = setup_for(players)
    assert dict(row["roles"]) == roles
    assert sum(row["roles"].values()) == players  # one Role card per player
    # Step 11: "Put the Doubloons taken during step 8 in the area ... marked with an Hourglass."
    assert row["hourglass"] == doubloons
    # Step 10: "With 4 or 5 players, put the Flag tokens on the corresponding spaces
    # numbered "5" ...; with 6 or more players, put them on the "6" spaces instead."
    assert row["flags"] == (5 if players <= 5 else 6)
    # Step 13: "deal each player a hand of 4 facedown cards; the 6th, 7th, and 8th players,
    # if present, start with 5 cards instead."
    assert row["hands"] == (4,) * min(players, 5) + (5,) * max(players - 5, 0)


def test_role_names_as_printed():
    # The rulebook's spellings: "Ibberian Privateer, Brittish Privateer".
    names = {role["name"] for role in BF.roles.values()}
    assert names == {
        "Admiral",
        "Commodore",
        "Ensign",
        "Lieutenant",
        "Pirate",
        "Ibberian Privateer",
        "Brittish Privateer",
    }
    # Contents: "9 Role cards".
    assert sum(role["cards"] for role in BF.roles.values()) == BF.components["role_cards"] == 9
    # Goal of the Game: "Kingdom of Ibberia: Admiral, Lieutenant (x2)".
    assert {r for r, role in BF.roles.items() if role["team"] == "ibberia"} == {
        "admiral",
        "lieutenant",
    }


def test_track_and_turn():
    # "Place the Treasure Chest token on the "0" space of the scoring track".
    assert BF.track["chest_start"] == BF.track["centre"] == 0
    assert all(0 < row["flags"] <= BF.track["spaces_per_side"] for row in BF.setup.values())
    # "1. New Ship ... 2. Draw ... 3. Play ... 4. Discard"
    assert BF.phase_names == ("New Ship", "Draw", "Play", "Discard")
    # "Draw 2 cards from the deck"; "the maximum number of cards ... is 5".
    assert (BF.turn["draw"], BF.turn["hand_limit"]) == (2, 5)


def test_corner_symbols():
    # "Each symbol appears on 1 card out of 2, 1 card out of 4, 1 card out of 8, and 1 card
    # out of 8 respectively."
    assert [c["per"] for c in BF.corner_symbols.values()] == [2, 4, 8, 8]
    assert sum(c["cards"] for c in BF.corner_symbols.values()) == 72


def test_named_captains_and_ship():
    # Notes on the Cards, Captains.
    names = {captain["name"] for captain in BF.captains.values()}
    assert {
        "Annie Bonnie",
        "Bart Robbers",
        "Blackbeer",
        "Francis Brake",
        "Henry Moghan",
        "William Kid",
    } <= names
    # "Andrew's Calypso Ship has the Cannon ability"
    assert BF.ships["calypso"]["abilities"] == ("cannon",)
    assert BF.cards["cannon"]["type"] == "equipment"
    assert "Calypso: Treasure 2, Range 2, Ammunition 1, Barrels 4 (assumed)" in assumed_facts(BF)


@pytest.mark.parametrize("players", PLAYERS)
def test_edge_of_the_world_rows(players):
    rows = {(row["side"], row["space"]): row for row in BF.edge_rows(players)}
    assert set(rows) == {
        ("centre", 0),
        ("ibberia", 1),
        ("ibberia", 2),
        ("brittonia", 1),
        ("brittonia", 2),
    }
    # "Space 2 or beyond (3, 4...) closer to the Ibberian Flag: The Kingdom of Ibberia's
    # team wins!"
    assert rows["ibberia", 2]["winner"] == "ibberia" and rows["ibberia", 2]["or_beyond"]
    assert rows["brittonia", 2]["winner"] == "brittonia"
    centre = rows["centre", 0]
    if players in (5, 7):  # "Space 0: 5/7 players: The Pirate wins!"
        assert (centre["rule"], centre["winner"]) == ("wins", "pirate")
        assert rows["ibberia", 1]["challenger"] == "pirate"
    else:  # "4/6/8 players: The Privateer with the most Doubloons wins! In case of a tie,
        # the Ibberian Privateer wins."
        assert centre["rule"] == "most_doubloons"
        assert centre["tie_break"] == "ibberian_privateer"
        # "The Ibberian Privateer wins if they have more Doubloons than the Ibberian team
        # member who has the fewest; otherwise, the Kingdom of Ibberia team wins."
        assert rows["ibberia", 1]["challenger"] == "ibberian_privateer"
        assert rows["brittonia", 1]["challenger"] == "brittish_privateer"
    assert rows["ibberia", 1]["rule"] == "more_than_fewest"
    assert rows["ibberia", 1]["winner"] == "ibberia"


def test_rules_numbers():
    # "if the Admiral or the Commodore is sunk, the Treasure Chest is moved one additional
    # space"; "collects 4 Doubloons"; "makes you lose 2 Barrels".
    assert BF.rules["sinking"]["extra_spaces"] == 1
    assert BF.rules["sinking"]["extra_for"] == ("admiral", "commodore")
    assert BF.rules["wealth"]["doubloons_to_win"] == 4
    assert BF.rules["flying_deutchmann"]["barrels_lost"] == 2
    assert BF.promotions["ibberia"]["successor"] == "lieutenant"


def test_read_only_and_cached():
    assert load_blackflag() is BF
    with pytest.raises(TypeError):
        BF.setup[4]["roles"]["pirate"] = 1  # type: ignore[index]
    with pytest.raises(TypeError):
        BF.ships["calypso"] = {}  # type: ignore[index]


@pytest.mark.parametrize("players", [3, 9, 0, -4, "4", 4.0, True])
def test_illegal_player_count(players):
    with pytest.raises(IllegalActionError, match=r"an illegal player count: .*4 to 8 players"):
        setup_for(players)


def test_the_packaged_file_loads_from_a_path(tmp_path):
    path = tmp_path / "copy.toml"
    path.write_text(TEXT)
    copy = load_blackflag(path)
    assert copy is not BF and dict(copy.setup[7]["roles"]) == dict(BF.setup[7]["roles"])


def test_teaching_deck_and_ship_deck():
    # "72 playing cards"; "14 Ship cards"; corner symbols on "1 card out of 2, 1 card out of
    # 4, 1 card out of 8, and 1 card out of 8".
    assert sum(BF.teaching_deck["cards"].values()) == 72
    pattern = BF.teaching_deck["corner_pattern"]
    assert [pattern.count(c) * 72 // len(pattern) for c in BF.corner_symbols] == [36, 18, 9, 9]
    assert len(BF.ship_deck) == 14 and BF.ship_deck[0]["name"] == "Calypso"
    assert all("assumed" in ship.get("stats_src", ship["src"]) for ship in BF.ship_deck)
