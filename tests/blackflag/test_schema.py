"""Black Flag!'s data file checks: each malformed entry is refused, naming the file and the
entry."""

from __future__ import annotations

from importlib import resources

import pytest

from piratelib import data
from piratelib.blackflag.data import BlackFlagData, load_blackflag
from piratelib.blackflag.schema import check
from piratelib.errors import DataError

TEXT = (resources.files("piratelib.data") / "blackflag.toml").read_text()


def test_check_gives_the_fields_of_the_data():
    fields = check(*data.read("blackflag.toml"))
    assert BlackFlagData(**fields).setup[8]["hourglass"] == load_blackflag().setup[8]["hourglass"]
    assert set(fields) == set(BlackFlagData.__dataclass_fields__)


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        # a missing field
        ("hourglass = 9\n", "", r"setup #4 \(7_players\): missing hourglass"),
        ('name = "Blackbeer"\n', "", r"captain #3 \(blackbeer\): missing name"),
        ("doubloons = 19\n", "", r"components: missing doubloons"),
        # a wrong role sum
        (
            "roles = { admiral = 1, commodore = 1, ensign = 1, lieutenant = 1, pirate = 1 }",
            "roles = { admiral = 1, commodore = 1, ensign = 1, lieutenant = 2, pirate = 1 }",
            r"setup #2 \(5_players\): roles sum to 6, not 5 players",
        ),
        # player count 3 in the table
        ("players = 4\n", "players = 3\n", r"setup #1 \(4_players\): players must be one of 4"),
        # a duplicate id
        ('id = "william_kid"', 'id = "henry_moghan"', r"captain #6 \(henry_moghan\): duplicate"),
        ('id = "5_players"', 'id = "4_players"', r"setup #2 \(4_players\): duplicate setup id"),
        # bad sources
        ('src = ["implied"]', 'src = ["hearsay"]', r"captain #7 \(eddy_englund\): src must"),
        ('src = ["implied"]', "src = []", r"captain #7 \(eddy_englund\): src must"),
        ('stats_src = ["assumed"]', 'stats_src = ["guess"]', r"ship #1 \(calypso\): stats_src"),
        (
            "why = \"The rulebook prints no Ship's",
            "notes = \"The rulebook prints no Ship's",
            r"ship #1 \(calypso\): an assumed fact needs a why",
        ),
        # other checks
        ("flags = 5\n", "flags = 7\n", r"setup #1 \(4_players\): flags must be a space"),
        ("chest_start = 0", "chest_start = 9", r"track: chest_start must be a space"),
        (
            "roles = { admiral = 1, commodore = 1, ib",
            "roles = { admiral = 1, comodore = 1, ib",
            r"setup #1 \(4_players\): unknown role 'comodore': did you mean 'commodore'",
        ),
        (
            'tie_break = "ibberian_privateer"',
            'tie_break = "pirate"',
            r"edge #4 \(centre_privateers\): there is no pirate with 4 players",
        ),
        ("players = [5, 7]\n", "players = [5]\n", r"edge: 0 rows for 7 players at centre"),
        ("per = 4\n", "per = 3\n", r"corner_symbol #2 \(corner_b\): 1 card out of 3"),
        ('type = "equipment"', 'type = "equipement"', r"card #1 \(cannon\): unknown card type"),
        # the teaching deck and the stand-in Ships
        (
            "shot = 32, miss = 20",
            "shot = 33, miss = 20",
            r"teaching_deck: 73 cards, the deck has 72",
        ),
        (
            "shot = 32, miss = 20",
            "shoot = 32, miss = 20",
            r"teaching_deck: unknown card kind 'shoot'",
        ),
        (
            '"corner_a", "corner_b", "corner_a", "corner_c"',
            '"corner_e"',
            r"teaching_deck: unknown corner symbol 'corner_e'",
        ),
        ('name = "Ship 3"', 'name = "Ship 2"', r"teaching_ships: the Ship deck must be 11 to 14"),
        (
            'name = "Ship 5", treasure = 1, range = 3',
            'name = "Ship 5", treasure = 1, range = 0',
            r"teaching_ships: ship 4: range must be a whole number of at least 1",
        ),
        (
            'abilities = ["cannon"] },',
            'abilities = ["cannons"] },',
            r"teaching_ships: ship 3: unknown symbol 'cannons'",
        ),
        ("flag_floor = 1", "flag_floor = 0", r"rules.end_of_deck: flag_floor must be a space"),
        (
            'flag_floor_src = ["assumed"]',
            'flag_floor_src = ["guess"]',
            r"rules.end_of_deck: flag_floor_src: src must",
        ),
    ],
)
def test_malformed(corrupt, old, new, message):
    with pytest.raises(DataError, match=r"blackflag\.toml: " + message):
        load_blackflag(corrupt("blackflag.toml", old, new))


def test_missing_setup_row(tmp_path):
    start = TEXT.index('[[setup]]\nid = "8_players"')
    path = tmp_path / "blackflag.toml"
    path.write_text(TEXT[:start] + TEXT[TEXT.index("\n[[card_type]]\n") :])
    with pytest.raises(DataError, match=r"blackflag\.toml: setup: no row for 8 players"):
        load_blackflag(path)
