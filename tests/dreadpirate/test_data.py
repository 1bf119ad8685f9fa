"""Dread Pirate's data: the rulebook's numbers and example cards, checked data, bad input."""

from __future__ import annotations

from importlib import resources

import pytest

from piratelib.dreadpirate.data import (
    NOT_MODELLED,
    assumed_facts,
    load_dreadpirate,
    mission_text,
    place_name,
)
from piratelib.errors import DataError, IllegalActionError

DP = load_dreadpirate()
TEXT = (resources.files("piratelib.data") / "dreadpirate.toml").read_text()


def test_components():
    # Components: "2 Dice; 1 Mission Deck (50 Cards, black border); 1 Action Deck (50 Cards,
    # gold border); 4 Pirate Ships; 40 Gold; 60 Gems; 1 Dread Pirate Flag".
    c = DP.components
    assert (c["dice"], c["mission_cards"], c["action_cards"], c["ships"]) == (2, 50, 50, 4)
    assert (c["gold"], c["gems"], c["dread_pirate_flags"]) == (40, 60, 1)


def test_winning():
    # "Be the first pirate to collect 20 Gold, 12 Gems of a single color, or 4 Gems of each
    # color, and you will win the game!"
    assert dict(DP.winning) == {
        "gold": 20,
        "gems_of_one_colour": 12,
        "gems_of_each_colour": 4,
        "src": ("rulebook",),
        "evidence": DP.winning["evidence"],
    }


def test_setup():
    s = DP.setup
    # "gives each Pirate 4 Gems matching the color of the band on their Ship, and 5 Gold."
    assert (s["gems"], s["gold"]) == (4, 5)
    # "Deal 2 Mission Cards ... Deal 2 Action Cards ... Each Pirate can have only 2
    # uncompleted Mission Cards at any time."
    assert (s["missions"], s["actions"], s["max_uncompleted"]) == (2, 2, 2)
    # "4 Pirate Ships" and "No two Pirates can start in the same corner": at most 4.
    assert s["players_max"] == 4 and "implied" in s["players_src"]
    assert s["players_min"] == 2 and "assumed" in s["players_src"] and s["why"]


def test_battle_dread_pirate_and_spoils():
    # "The attacker rolls two dice ... The attacker wins ties." "You can only attack one
    # Pirate each turn."
    assert DP.battle["dice"] == 2 and DP.battle["attacker_wins_ties"] is True
    assert DP.battle["attacks_per_turn"] == 1
    # "The Dread Pirate receives +1 to all of their rolls."
    assert DP.dread_pirate["roll_bonus"] == 1
    # "If the attacker wins, he takes 2 treasure items ... If the defender wins, he takes 1
    # Gold or 1 Gem ... can also choose to switch spaces".
    assert (DP.spoils["attacker_takes"], DP.spoils["defender_takes"]) == (2, 1)
    assert DP.spoils["winner_may_switch"] is True
    # The rulebook is silent on a loser with fewer items: assumed, with why.
    assert DP.spoils["short"] == "all" and DP.spoils["short_src"] == ("assumed",)
    # "Each Pirate rolls the dice. Whichever rolls highest goes first!" - ties assumed.
    assert DP.turn_order["ties"] == "reroll" and "assumed" in DP.turn_order["ties_src"]


def test_gem_colours():
    # One colour per Ship band ("4 Gems matching the color of the band on their Ship"), 4
    # Ships: 4 colours; 60 Gems split evenly is an assumption.
    assert DP.gems["colours"] == len(DP.colours) == DP.components["ships"] == 4
    assert DP.gems["per_colour"] * 4 == DP.components["gems"] == 60
    assert "implied" in DP.gems["per_colour_src"] and "assumed" in DP.gems["per_colour_src"]
    # "Rewards of 1 red gem, 1 brown gem": the rulebook names red and brown.
    assert [c for c, e in DP.colours.items() if e["src"] == ("rulebook",)] == ["red", "brown"]
    for colour in ("blue", "green"):
        assert DP.colours[colour]["src"] == ("assumed",) and DP.colours[colour]["why"]


def test_places():
    # "The four starting Cities shown on the board are Port Diablo, Lost City of Orichal,
    # San Cristobal and La Antigua." - the ids the board uses too.
    assert DP.cities == ("port_diablo", "lost_city_of_orichal", "san_cristobal", "la_antigua")
    assert [place_name(c) for c in DP.cities] == [
        "Port Diablo",
        "Lost City of Orichal",
        "San Cristobal",
        "La Antigua",
    ]
    # "Start: Kraken's Reach"
    assert DP.places["krakens_reach"]["kind"] == "site"
    assert place_name("krakens_reach") == "Kraken's Reach"
    stand_ins = {"skull_rock", "smugglers_cove", "mermaid_lagoon", "sunken_galleon"}
    assert {p for p, e in DP.places.items() if e["src"] == ("assumed",)} == stand_ins
    assert all(DP.places[p]["why"] and DP.places[p]["name"] == "" for p in stand_ins)


def test_the_rulebooks_example_cards():
    # "The first example card shows Start: Kraken's Reach and Goal: Lost City of Orichal,
    # with Rewards of 1 red gem, 1 brown gem and 1 Action card."
    first = DP.missions["example_orichal"]
    assert (first["start"], first["goal_kind"], first["goal"]) == (
        "krakens_reach",
        "place",
        "lost_city_of_orichal",
    )
    assert dict(first["reward"]) == {"red": 1, "brown": 1, "actions": 1}
    assert first["bonus"] == ""
    # "The second example card shows Start: Kraken's Reach and Goal: Win 2 Battles, with
    # Rewards of 0 red gems, 0 brown gems and 2 Action cards, and the Mission Bonus
    # "Instead of moving, move to a space next to any pirate.""
    second = DP.missions["example_two_battles"]
    assert (second["start"], second["goal_kind"], second["count"]) == (
        "krakens_reach",
        "battles",
        2,
    )
    assert dict(second["reward"]) == {"actions": 2}
    assert second["bonus"] == "Instead of moving, move to a space next to any pirate."
    assert second["roll_bonus"] == 0
    # ""Hoist the Jolly Roger!" (Play when you are attacking or defending. Become the
    # Dread Pirate.) and "Hard to Starboard!" (Play when you are defending. +4 to your
    # defense roll.)"
    hoist, starboard = DP.actions["hoist_the_jolly_roger"], DP.actions["hard_to_starboard"]
    assert (hoist["name"], hoist["when"], hoist["effect"]) == (
        "Hoist the Jolly Roger!",
        "either",
        "dread_pirate",
    )
    assert hoist["text"] == "Play when you are attacking or defending. Become the Dread Pirate."
    assert (starboard["name"], starboard["when"], starboard["effect"], starboard["amount"]) == (
        "Hard to Starboard!",
        "defending",
        "roll",
        4,
    )
    assert starboard["text"] == "Play when you are defending. +4 to your defense roll."


def test_stand_in_cards_and_decks():
    # Only the examples are the rulebook's; every other card is a few assumed stand-ins.
    rulebook = {"example_orichal", "example_two_battles", "hoist_the_jolly_roger"}
    rulebook.add("hard_to_starboard")
    for entry in (*DP.missions.values(), *DP.actions.values()):
        assert (entry["id"] in rulebook) == (entry["src"] == ("rulebook",))
        assert entry["id"] in rulebook or entry["why"]
    assert len(DP.missions) + len(DP.actions) <= 12  # few, generic
    # "1 Mission Deck (50 Cards ...)"; "1 Action Deck (50 Cards ...)".
    assert sum(DP.mission_deck.values()) == sum(DP.action_deck.values()) == 50
    assert set(DP.mission_deck) == set(DP.missions) and set(DP.action_deck) == set(DP.actions)
    # "(for example, +1 to all rolls)": one stand-in carries that bonus.
    assert [m for m, e in DP.missions.items() if e["roll_bonus"]] == ["stand_in_voyage_bonus"]


def test_every_entry_has_provenance():
    for group in (DP.colours, DP.places, DP.missions, DP.actions):
        for entry in group.values():
            assert entry["src"] and entry["evidence"]
            assert "assumed" not in entry["src"] or entry["why"]


def test_mission_text():
    assert mission_text("example_orichal") == (
        "Start: Kraken's Reach; Goal: Lost City of Orichal; Rewards: 1 red Gem, 1 brown Gem, "
        "1 Action card"
    )
    assert mission_text("stand_in_salvage").startswith("Start: Sunken Galleon; Goal: Pay 3 Gold;")


def test_assumed_facts():
    facts = assumed_facts(DP)
    assert "the Gem colour 'blue' (assumed)" in facts
    assert "the Gem colour 'red' (assumed)" not in facts
    assert "Pirates tied for the highest first roll roll again (assumed)" in facts
    assert any(f.startswith("the Mission deck: 8 example_orichal") for f in facts)
    assert not any("Hard to Starboard!" in f for f in facts)


def test_read_only_and_cached():
    assert load_dreadpirate() is DP
    with pytest.raises(TypeError):
        DP.winning["gold"] = 10  # type: ignore[index]
    with pytest.raises(TypeError):
        DP.missions["example_orichal"]["reward"]["red"] = 9  # type: ignore[index]


def test_the_packaged_file_loads_from_a_path(tmp_path):
    path = tmp_path / "copy.toml"
    path.write_text(TEXT)
    copy = load_dreadpirate(path)
    assert copy is not DP and dict(copy.mission_deck) == dict(DP.mission_deck)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: DP.colour("gren"), r"unknown Gem colour 'gren': did you mean 'green'\?"),
        (lambda: DP.place("krakens_rech"), r"unknown place .*did you mean 'krakens_reach'"),
        (lambda: place_name("atlantis"), r"unknown place 'atlantis'"),
        (lambda: mission_text("example"), r"unknown Mission 'example'"),
    ],
)
def test_unknown_names(call, message):
    with pytest.raises(IllegalActionError, match=message):
        call()


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        # missing sections and fields
        ("[winning]\ngold = 20\n", "[winning]\n", r"winning: missing gold"),
        ("[dread_pirate]\nroll_bonus = 1\n", "[dread_pirate]\n", r"dread_pirate: missing roll"),
        ('id = "hard_to_starboard"\nname', 'id = "hard_to_starboard"\nnom', r"action #2 "),
        # numbers that do not fit the box
        ("gold = 40\n", "gold = 15\n", r"winning: gold 20 is more than the box's Gold"),
        ("mission_cards = 50", "mission_cards = 6", r"setup: 4 Pirates with 2 missions each"),
        ("per_colour = 15\n", "per_colour = 14\n", r"gems: 4 colours of 14 is not the 60"),
        ("gems_of_one_colour = 12", "gems_of_one_colour = 16", r"winning: gems_of_one_colour 16"),
        ("players_max = 4", "players_max = 5", r"setup: players must be"),
        ("max_uncompleted = 2", "max_uncompleted = 1", r"setup: max_uncompleted 1 is fewer"),
        ("roll_bonus = 1\nsrc", "roll_bonus = 0\nsrc", r"dread_pirate: roll_bonus must be"),
        ("attacker_wins_ties = true", "attacker_wins_ties = 1", r"battle: attacker_wins_ties"),
        ('ties = "reroll"', 'ties = "coin"', r"turn_order: unknown ties 'coin'"),
        # bad sources
        (
            'src = ["rulebook"]\nevidence = "1 Velvet',
            'src = ["rumour"]\nevidence = "1 Velvet',
            r"components: src must",
        ),
        ('ties_src = ["assumed"]', 'ties_src = ["hunch"]', r"turn_order: ties_src: src must"),
        (
            'why = "A stand-in Mission location; dreadpirate_sea.toml names and places it."\n',
            "",
            r"place #7 \(smugglers_cove\): an assumed fact needs a why",
        ),
        # colours, places, cards
        ('[[colour]]\nid = "green"', '[[colour]]\nid = "blue"', r"colour #4 \(blue\): duplicate"),
        (
            'id = "la_antigua"\nkind = "city"',
            'id = "la_antigua"\nkind = "site"',
            r"place: 3 Cities, want 4",
        ),
        (
            'kind = "site"\nname = "Kraken',
            'kind = "island"\nname = "Kraken',
            r"place #5 \(krakens_reach\): unknown kind 'island'",
        ),
        (
            'name = "Port Diablo"',
            'name = ""',
            r"place #1 \(port_diablo\): a place the rulebook names",
        ),
        (
            'when = "defending"',
            'when = "sailing"',
            r"action #2 \(hard_to_starboard\): unknown when",
        ),
        ("amount = 4", "amount = 0", r"action #2 \(hard_to_starboard\): amount must"),
        (
            'start = "skull_rock"',
            'start = "skul_rock"',
            r"mission #3 \(stand_in_voyage_gold\): unknown start place 'skul_rock': did you mean "
            r"'skull_rock'",
        ),
        ('goal = "la_antigua"', 'goal = "skull_rock"', r"mission #3 .*goal place must differ"),
        (
            'goal_kind = "battles"\ngoal = ""\ncount = 2',
            'goal_kind = "battles"\ngoal = ""\ncount = 0',
            r"mission #2 \(example_two_battles\): count must",
        ),
        (
            "reward = { gold = 3 }",
            "reward = { silver = 3 }",
            r"mission #3 .*: reward: unknown item 'silver'",
        ),
        ("pay = { gold = 3 }", "pay = {}", r"mission #6 \(stand_in_salvage\): pay must list"),
        (
            'bonus = "+1 to all rolls."',
            'bonus = ""',
            r"mission #5 .*: a roll_bonus needs its bonus text",
        ),
        (
            "hoist_the_jolly_roger = 10,",
            "hoist_the_jolly_roger = 11,",
            r"action_deck: 51 cards, the box has 50",
        ),
        (
            "example_orichal = 8,",
            "example_orichl = 8,",
            r"mission_deck: unknown card 'example_orichl'",
        ),
    ],
)
def test_malformed(corrupt, old, new, message):
    with pytest.raises(DataError, match=r"dreadpirate\.toml: " + message):
        load_dreadpirate(corrupt("dreadpirate.toml", old, new))


def test_missing_file(tmp_path):
    with pytest.raises(DataError, match="no such data file"):
        load_dreadpirate(tmp_path / "dreadpirate.toml")


def test_every_place_is_on_the_sea_with_one_name():
    from piratelib.dreadpirate.sea import load_sea

    sea = load_sea()
    for place, entry in DP.places.items():
        assert place in sea.places, place
        assert place_name(place) == sea.places[place]["name"]
        assert entry["name"] in ("", sea.places[place]["name"])


def test_a_mission_bonus_that_is_not_a_roll_bonus_says_it_is_not_modelled():
    # issue 29 item 12b: "Instead of moving, move to a space next to any pirate." was kept
    # as text while no such move is ever offered, and nothing said so
    for key, card in DP.missions.items():
        said = mission_text(key)
        unplayed = bool(card["bonus"]) and not card["roll_bonus"]
        assert (NOT_MODELLED in said) == unplayed, key
    assert "Bonus (not modelled: " in mission_text("example_two_battles")
    facts = assumed_facts(DP)
    assert any("'example_two_battles'" in f and NOT_MODELLED in f for f in facts)
