"""Dread Pirate's game data: components, winning, setup, battles, Gems, places and cards.

The numbers and names of the rulebook are data (``dreadpirate.toml``), each fact tagged
with its source; :func:`load_dreadpirate` checks them. "Be the first pirate to collect 20
Gold, 12 Gems of a single color, or 4 Gems of each color" (``winning``); "4 Gems matching
the color of the band on their Ship, and 5 Gold" (``setup``); "The Dread Pirate receives
+1 to all of their rolls" (``dread_pirate``). The rulebook shows only two Mission cards
and two Action cards: the rest of each 50-card deck is a few stand-ins marked ``assumed``,
and so are the two Gem colours it does not name (see :func:`assumed_facts`). The place ids
are those of the sea, ``dreadpirate_sea.toml``.

Examples
--------
>>> DP = load_dreadpirate()
>>> DP.winning["gold"], DP.winning["gems_of_one_colour"], DP.winning["gems_of_each_colour"]
(20, 12, 4)
>>> list(DP.colours), DP.gems["per_colour"]
(['red', 'brown', 'blue', 'green'], 15)
>>> DP.cities
('port_diablo', 'lost_city_of_orichal', 'san_cristobal', 'la_antigua')
>>> DP.actions["hard_to_starboard"]["amount"], DP.missions["example_two_battles"]["count"]
(4, 2)
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from piratelib import data
from piratelib.dreadpirate.files import check_field_types
from piratelib.errors import DataError, IllegalActionError, did_you_mean

__all__ = [
    "ACTION_EFFECTS",
    "GOAL_KINDS",
    "NOT_MODELLED",
    "PLACE_KINDS",
    "WHEN",
    "DreadPirateData",
    "assumed_facts",
    "load_dreadpirate",
    "mission_text",
    "place_name",
]

PLACE_KINDS = ("city", "site")
"""A place is one of the 4 Cities ("large anchors") or another Mission location."""
WHEN = ("attacking", "defending", "either")
"""When an Action card is played: "Play when you are attacking or defending"."""
ACTION_EFFECTS = ("dread_pirate", "roll")
"""What an Action card does: "Become the Dread Pirate", or "+4 to your defense roll"."""
GOAL_KINDS = ("place", "battles", "pay")
"""A Mission's objective: "a second location", "a task" (winning battles), or "to pay"."""

_FILE = "dreadpirate.toml"
_SECTIONS = {
    "components": (
        "dice",
        "mission_cards",
        "action_cards",
        "ships",
        "gold",
        "gems",
        "dread_pirate_flags",
        "velvet_bags",
        "maps",
        "rule_books",
    ),
    "winning": ("gold", "gems_of_one_colour", "gems_of_each_colour"),
    "setup": (
        "players_min",
        "players_max",
        "gems",
        "gold",
        "missions",
        "actions",
        "max_uncompleted",
    ),
    "turn_order": ("dice", "ties", "then"),
    "battle": ("dice", "attacker_wins_ties", "attacks_per_turn"),
    "dread_pirate": ("roll_bonus",),
    "spoils": ("attacker_takes", "defender_takes", "winner_may_switch", "short"),
    "bank": ("short", "reshuffle"),
    "gems": ("colours", "per_colour"),
}
_CHOICES = {
    ("turn_order", "ties"): ("reroll",),
    ("turn_order", "then"): ("seat_order",),
    ("spoils", "short"): ("all",),
    ("bank", "short"): ("what_is_left",),
}
_TAGS = {
    "setup": ("players_src",),
    "turn_order": ("ties_src", "then_src"),
    "spoils": ("short_src",),
    "gems": ("per_colour_src",),
}
"""The sources of single values that :func:`assumed_facts` reads, required where they are."""
_NOTES = {"src", "evidence", "why"}
"""Keys every table may have besides its facts."""
_BOOLS = {("battle", "attacker_wins_ties"), ("spoils", "winner_may_switch"), ("bank", "reshuffle")}
_KEYS = {
    "colour": {"id", "name", "src", "evidence"},
    "place": {"id", "kind", "name", "src", "evidence"},
    "action": {"id", "name", "when", "effect", "amount", "text", "src", "evidence"},
    "mission": {
        "id",
        "start",
        "goal_kind",
        "goal",
        "count",
        "pay",
        "reward",
        "bonus",
        "roll_bonus",
        "src",
        "evidence",
    },
}


@dataclass(frozen=True, eq=False)
class DreadPirateData:
    """Dread Pirate's rulebook data, read-only; compare and hash by identity.

    Every mapping is read-only and keeps the file's order; entries keep their ``src`` and
    ``evidence`` (and ``why`` where assumed).

    Attributes
    ----------
    components : mapping of str to int
        The box's contents, e.g. ``gold`` (40), ``gems`` (60), ``mission_cards`` (50).
    winning : mapping
        ``gold`` (20), ``gems_of_one_colour`` (12), ``gems_of_each_colour`` (4).
    setup : mapping
        ``players_min``, ``players_max``, each Pirate's ``gems``, ``gold``, ``missions`` and
        ``actions``, and ``max_uncompleted`` Missions.
    turn_order, battle, dread_pirate, spoils, bank, gems : mapping
        The numbers and switches of each section of ``dreadpirate.toml``.
    colours : mapping of str to mapping
        The Gem colours (and Ship bands) by id, in the file's order.
    places : mapping of str to mapping
        The places Missions name, by id: ``kind`` ``"city"`` or ``"site"``.
    actions, missions : mapping of str to mapping
        The Action and Mission cards by id: the rulebook's examples and the stand-ins.
    action_deck, mission_deck : mapping of str to int
        How many copies of each card make up each 50-card deck (``assumed``).

    Examples
    --------
    >>> dp = load_dreadpirate()
    >>> dp.spoils["attacker_takes"], dp.spoils["defender_takes"], dp.dread_pirate["roll_bonus"]
    (2, 1, 1)
    >>> dict(dp.missions["example_orichal"]["reward"])
    {'red': 1, 'brown': 1, 'actions': 1}
    """

    components: Mapping[str, int]
    winning: Mapping[str, int]
    setup: Mapping[str, Any]
    turn_order: Mapping[str, Any]
    battle: Mapping[str, Any]
    dread_pirate: Mapping[str, Any]
    spoils: Mapping[str, Any]
    bank: Mapping[str, Any]
    gems: Mapping[str, Any]
    colours: Mapping[str, Mapping[str, Any]]
    places: Mapping[str, Mapping[str, Any]]
    actions: Mapping[str, Mapping[str, Any]]
    missions: Mapping[str, Mapping[str, Any]]
    action_deck: Mapping[str, int]
    mission_deck: Mapping[str, int]

    def __copy__(self) -> Any:
        return self  # read-only all the way down: a copy is the same

    def __deepcopy__(self, memo: dict[int, Any]) -> Any:
        return self

    @property
    def cities(self) -> tuple[str, ...]:
        """The 4 Cities' place ids, in the file's order.

        Examples
        --------
        >>> len(load_dreadpirate().cities)
        4
        """
        return tuple(p for p, place in self.places.items() if place["kind"] == "city")

    def colour(self, colour: object) -> str:
        """Return `colour` if it is a known Gem colour id.

        Raises
        ------
        IllegalActionError
            For an unknown colour, suggesting the closest.

        Examples
        --------
        >>> load_dreadpirate().colour("gren")
        Traceback (most recent call last):
          ...
        piratelib.errors.IllegalActionError: unknown Gem colour 'gren': did you mean 'green'? ...
        """
        return _known_name("Gem colour", colour, self.colours)

    def place(self, place: object) -> str:
        """Return `place` if it is a known place id.

        Raises
        ------
        IllegalActionError
            For an unknown place, suggesting the closest.

        Examples
        --------
        >>> load_dreadpirate().place("krakens_reach")
        'krakens_reach'
        """
        return _known_name("place", place, self.places)


def load_dreadpirate(path: str | Path | None = None) -> DreadPirateData:
    """Return Dread Pirate's rulebook data, checked; the packaged file is read once.

    Raises
    ------
    DataError
        If the file is malformed; the message names the file and the entry.

    Examples
    --------
    >>> dp = load_dreadpirate()
    >>> dp.components["gold"], dp.components["gems"], len(dp.places)
    (40, 60, 9)
    >>> load_dreadpirate() is dp
    True
    """
    if path is None:
        return _default_data()
    return _build(*data.read_path(path))


def place_name(place: str) -> str:
    """Return a place's printed name.

    The rulebook names the four Cities and Kraken's Reach; the stand-in sites are named in
    the sea's data (``dreadpirate_sea.toml``), and their names are taken from there.

    Raises
    ------
    IllegalActionError
        For an unknown place id.

    Examples
    --------
    >>> place_name("krakens_reach"), place_name("smugglers_cove")
    ("Kraken's Reach", "Smugglers' Cove")
    """
    from piratelib.dreadpirate.sea.grid import load_sea  # the sea's data names the stand-ins

    dp = load_dreadpirate()
    name: str = dp.places[dp.place(place)]["name"] or load_sea().places[place]["name"]
    return name


def mission_text(mission: str) -> str:
    """Return a Mission card in words: Start, Goal, Rewards and any Mission Bonus.

    Raises
    ------
    IllegalActionError
        For an unknown Mission id.

    Examples
    --------
    >>> print(mission_text("example_orichal"))
    Start: Kraken's Reach; Goal: Lost City of Orichal; Rewards: 1 red Gem, 1 brown Gem,
    1 Action card
    >>> print(mission_text("example_two_battles"))
    Start: Kraken's Reach; Goal: Win 2 Battles; Rewards: 2 Action cards; Mission Bonus (not
    modelled: piratelib plays only bonuses to rolls): Instead of moving, move to a space
    next to any pirate.
    """
    dp = load_dreadpirate()
    card = dp.missions[_known_name("Mission", mission, dp.missions)]
    if card["goal_kind"] == "place":
        goal = place_name(card["goal"])
    elif card["goal_kind"] == "battles":
        goal = f"Win {card['count']} Battle" + "s" * (card["count"] != 1)
    else:
        goal = "Pay " + _items(card["pay"])
    text = f"Start: {place_name(card['start'])}; Goal: {goal}; Rewards: {_items(card['reward'])}"
    note = "" if card["roll_bonus"] else NOT_MODELLED
    return text + (f"; Mission Bonus{note}: {card['bonus']}" if card["bonus"] else "")


NOT_MODELLED = " (not modelled: piratelib plays only bonuses to rolls)"
"""Said of a kept Mission Bonus that the engine never plays ("Instead of moving, ...")."""


def assumed_facts(dp: DreadPirateData) -> list[str]:
    """Return, in words, every value of `dp` that is assumed rather than sourced.

    Examples
    --------
    >>> facts = assumed_facts(load_dreadpirate())
    >>> print(facts[0])
    at least 2 Pirates play (assumed; at most 4 is implied by 4 Ships and 4 corners)
    >>> "the Gem colour 'blue' (assumed)" in facts
    True
    """
    if not isinstance(dp, DreadPirateData):
        raise TypeError(f"expected DreadPirateData (see load_dreadpirate), got {dp!r}")
    facts = []
    if "assumed" in dp.setup["players_src"]:
        facts.append(
            f"at least {dp.setup['players_min']} Pirates play (assumed; at most "
            f"{dp.setup['players_max']} is implied by 4 Ships and 4 corners)"
        )
    if "assumed" in dp.turn_order["ties_src"]:
        facts.append("Pirates tied for the highest first roll roll again (assumed)")
    if "assumed" in dp.turn_order["then_src"]:
        facts.append("play goes round in seat order from the first Pirate (assumed)")
    if "assumed" in dp.spoils["short_src"]:
        facts.append("a loser with fewer items than the winner takes gives all they have (assumed)")
    if "assumed" in dp.bank["src"]:
        facts.append(
            "a reward pays what is left when the bank runs low, and an empty deck is remade "
            "from its discard pile (assumed)"
        )
    if "assumed" in dp.gems["src"]:
        facts.append(
            f"{dp.gems['colours']} Gem colours, one per Ship band, {dp.gems['per_colour']} Gems "
            "of each (assumed)"
        )
    for group, what in ((dp.colours, "Gem colour"), (dp.places, "place")):
        for key, entry in group.items():
            if "assumed" in entry["src"]:
                facts.append(f"the {what} {key!r} (assumed)")
    for entry in dp.actions.values():
        if "assumed" in entry["src"]:
            facts.append(f"the Action card {entry['name']!r}: {entry['text']} (assumed)")
    for key, entry in dp.missions.items():
        if "assumed" in entry["src"]:
            facts.append(f"the Mission {key!r}: {mission_text(key)} (assumed)")
        elif entry["bonus"] and not entry["roll_bonus"]:
            facts.append(f"the Mission {key!r}'s bonus is kept but never played{NOT_MODELLED}")
    for deck, name in ((dp.action_deck, "Action"), (dp.mission_deck, "Mission")):
        facts.append(
            f"the {name} deck: "
            + ", ".join(f"{n} {card}" for card, n in deck.items())
            + " (assumed)"
        )
    return facts


@functools.cache
def _default_data() -> DreadPirateData:
    """The packaged data, loaded once."""
    return _build(*data.read(_FILE))


def _known_name(what: str, name: object, known: Iterable[str]) -> str:
    """Return `name` if it is one of `known`; IllegalActionError suggesting the closest."""
    known = list(known)
    if name not in known:
        raise IllegalActionError(
            f"unknown {what} {name!r}: {did_you_mean(name, known)}known: {', '.join(known)}"
        )
    return name


def _items(table: Mapping[str, int]) -> str:
    """A reward or payment table in words: "1 red Gem, 2 Gold, 1 Action card"."""
    words = []
    for key, n in table.items():
        if not n:
            continue
        if key == "gold":
            words.append(f"{n} Gold")
        elif key == "actions":
            words.append(f"{n} Action card" + "s" * (n != 1))
        else:
            words.append(f"{n} {key} Gem" + "s" * (n != 1))
    return ", ".join(words) or "nothing"


def _section(file: str, raw: dict[str, Any], key: str) -> dict[str, Any]:
    """Check the ``[key]`` table: present, its required keys, whole numbers, its sources."""
    where = f"{file}: {key}"
    section = raw.get(key)
    if not isinstance(section, dict):
        raise DataError(f"{file}: missing [{key}]")
    missing = {*_SECTIONS[key], *_TAGS.get(key, ()), "src", "evidence"} - section.keys()
    if missing:
        raise DataError(f"{where}: missing {', '.join(sorted(missing))}")
    unknown = section.keys() - {*_SECTIONS[key], *_TAGS.get(key, ()), *_NOTES}
    if unknown:
        raise DataError(
            f"{where}: unknown keys {', '.join(sorted(unknown))}; known: "
            f"{', '.join([*_SECTIONS[key], *_TAGS.get(key, ())])}"
        )
    data.check_sourced(where, section)
    for name in _SECTIONS[key]:
        value = section[name]
        if (key, name) in _CHOICES:
            data.check_known(where, name, value, _CHOICES[key, name])
        elif (key, name) in _BOOLS:
            if not isinstance(value, bool):
                raise DataError(f"{where}: {name} must be true or false, got {value!r}")
        elif not data.is_count(value, 1):
            raise DataError(f"{where}: {name} must be a whole number of at least 1, got {value!r}")
    return section


_TEXTS = (
    "id",
    "name",
    "evidence",
    "why",
    "text",
    "bonus",
    "start",
    "goal",
    "kind",
    "when",
    "effect",
)


def _build(file: str, raw: dict[str, Any]) -> DreadPirateData:
    """Check the parsed file and return its DreadPirateData."""
    check_field_types(file, raw, _TEXTS)
    sections = {key: _section(file, raw, key) for key in _SECTIONS}
    components, setup, gems = sections["components"], sections["setup"], sections["gems"]
    if setup["players_min"] > setup["players_max"] or setup["players_max"] > components["ships"]:
        raise DataError(
            f"{file}: setup: players must be from players_min to players_max, at most the "
            f"{components['ships']} Ships, got {setup['players_min']} to {setup['players_max']}"
        )
    for kind, keys in _KEYS.items():
        for i, entry in enumerate(data.tables(file, raw, kind)):
            unknown = entry.keys() - keys - _NOTES
            if unknown:
                raise DataError(
                    f"{file}: {kind} #{i + 1} ({entry.get('id', '?')}): unknown keys "
                    f"{', '.join(sorted(unknown))}"
                )
            if kind in ("colour", "action") and not entry.get("name"):
                raise DataError(f"{file}: {kind} #{i + 1} ({entry.get('id', '?')}): needs a name")
    colours = data.sourced_entries(file, raw, "colour", _KEYS["colour"])
    if len(colours) != gems["colours"] or gems["colours"] != components["ships"]:
        raise DataError(
            f"{file}: colour: {len(colours)} colours; gems says {gems['colours']}, and there "
            f"is one per Ship band ({components['ships']} Ships)"
        )
    if gems["colours"] * gems["per_colour"] != components["gems"]:
        raise DataError(
            f"{file}: gems: {gems['colours']} colours of {gems['per_colour']} is not the "
            f"{components['gems']} Gems of the box"
        )
    _check_numbers(file, sections)
    places = data.sourced_entries(file, raw, "place", _KEYS["place"])
    for where, place in places.values():
        data.check_known(where, "kind", place["kind"], PLACE_KINDS)
        if not isinstance(place["name"], str) or ("rulebook" in place["src"]) != bool(
            place["name"]
        ):
            raise DataError(f"{where}: a place the rulebook names needs its name, others none")
    cities = [p for p, (_, place) in places.items() if place["kind"] == "city"]
    if len(cities) != components["ships"]:
        raise DataError(
            f"{file}: place: {len(cities)} Cities, want {components['ships']}, one per corner"
        )
    actions = data.sourced_entries(file, raw, "action", _KEYS["action"])
    for where, action in actions.values():
        data.check_known(where, "when", action["when"], WHEN)
        data.check_known(where, "effect", action["effect"], ACTION_EFFECTS)
        least = 1 if action["effect"] == "roll" else 0
        if not data.is_count(action["amount"], least):
            raise DataError(f"{where}: amount must be a whole number of at least {least}")
    missions = data.sourced_entries(file, raw, "mission", _KEYS["mission"])
    for where, mission in missions.values():
        _check_mission(where, mission, places, colours)
    decks = {}
    for key, cards, box in (
        ("action_deck", actions, "action_cards"),
        ("mission_deck", missions, "mission_cards"),
    ):
        decks[key] = _build_deck(file, raw, key, cards, components[box])
    return DreadPirateData(
        **{key: data.freeze(section) for key, section in sections.items()},
        colours=data.freeze_entries(colours),
        places=data.freeze_entries(places),
        actions=data.freeze_entries(actions),
        missions=data.freeze_entries(missions),
        action_deck=data.freeze(decks["action_deck"]),
        mission_deck=data.freeze(decks["mission_deck"]),
    )


def _check_numbers(file: str, sections: Mapping[str, dict[str, Any]]) -> None:
    """The numbers must fit the box: what is won, dealt and taken."""
    components, setup, gems = sections["components"], sections["setup"], sections["gems"]
    winning = sections["winning"]
    if winning["gold"] > components["gold"]:
        raise DataError(f"{file}: winning: gold {winning['gold']} is more than the box's Gold")
    for key in ("gems_of_one_colour", "gems_of_each_colour"):
        if winning[key] > gems["per_colour"]:
            raise DataError(
                f"{file}: winning: {key} {winning[key]} is more than the {gems['per_colour']} "
                "Gems of a colour"
            )
    most = setup["players_max"]
    for key, box in (("gold", "gold"), ("missions", "mission_cards"), ("actions", "action_cards")):
        if setup[key] * most > components[box]:
            raise DataError(
                f"{file}: setup: {most} Pirates with {setup[key]} {key} each is more than "
                f"the box's {components[box]}"
            )
    if setup["gems"] > gems["per_colour"]:
        raise DataError(
            f"{file}: setup: {setup['gems']} Gems of a colour is more than {gems['per_colour']}"
        )
    if setup["max_uncompleted"] < setup["missions"]:
        raise DataError(
            f"{file}: setup: max_uncompleted {setup['max_uncompleted']} is fewer than the "
            f"{setup['missions']} Missions dealt"
        )
    for key in ("battle", "turn_order"):
        if sections[key]["dice"] != components["dice"]:
            raise DataError(
                f"{file}: {key}: dice must be the box's {components['dice']}, "
                f"got {sections[key]['dice']}"
            )


def _check_mission(
    where: str,
    mission: dict[str, Any],
    places: Mapping[str, Any],
    colours: Mapping[str, Any],
) -> None:
    """A Mission's Start, goal, payment, rewards and bonus must make sense."""
    data.check_known(where, "start place", mission["start"], places)
    kind = mission["goal_kind"]
    data.check_known(where, "goal_kind", kind, GOAL_KINDS)
    if kind == "place":
        data.check_known(where, "goal place", mission["goal"], places)
        if mission["goal"] == mission["start"]:
            raise DataError(f"{where}: the goal place must differ from the start")
    elif mission["goal"] != "":
        raise DataError(f'{where}: goal must be "" unless goal_kind is "place"')
    if not data.is_count(mission["count"], 1 if kind == "battles" else 0) or (
        kind != "battles" and mission["count"]
    ):
        raise DataError(f"{where}: count must be the battles to win (at least 1), else 0")
    for key, keys in (("pay", ["gold", *colours]), ("reward", ["gold", *colours, "actions"])):
        table = mission[key]
        if not isinstance(table, dict):
            raise DataError(f"{where}: {key} must be a table of item = count")
        for item, n in table.items():
            data.check_known(f"{where}: {key}", "item", item, keys)
            if not data.is_count(n, 1):
                raise DataError(f"{where}: {key}: {item} must be a whole number of at least 1")
    if (kind == "pay") != bool(mission["pay"]):
        raise DataError(f'{where}: pay must list what to pay exactly when goal_kind is "pay"')
    if not isinstance(mission["bonus"], str) or not data.is_count(mission["roll_bonus"]):
        raise DataError(f"{where}: bonus must be text and roll_bonus a whole number of 0 or more")
    if mission["roll_bonus"] and not mission["bonus"]:
        raise DataError(f"{where}: a roll_bonus needs its bonus text")


def _build_deck(
    file: str, raw: dict[str, Any], key: str, cards: Mapping[str, Any], box: int
) -> dict[str, int]:
    """Check ``[key]``: known cards, each at least once, summing to the box's count."""
    where = f"{file}: {key}"
    section = raw.get(key)
    if not isinstance(section, dict):
        raise DataError(f"{file}: missing [{key}]")
    if "evidence" not in section:
        raise DataError(f"{where}: missing evidence (the rulebook's words for the deck)")
    data.check_sourced(where, section)
    deck = section.get("cards")
    if not isinstance(deck, dict) or not deck:
        raise DataError(f"{where}: cards must be a table of card id = copies")
    for card, n in deck.items():
        data.check_known(where, "card", card, cards)
        if not data.is_count(n, 1):
            raise DataError(f"{where}: {card} must be a whole number of at least 1")
    if sum(deck.values()) != box:
        raise DataError(f"{where}: {sum(deck.values())} cards, the box has {box}")
    return deck
