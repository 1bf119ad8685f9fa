"""Black Flag!'s game data: the setup table, score track, turn, cards, Ships and scoring.

The numbers and names of the rulebook are data (``blackflag.toml``), each fact tagged with
its source; :func:`load_blackflag` reads them into a read-only :class:`BlackFlagData`,
checked by :func:`piratelib.blackflag.schema.check`. "Depending on the number of players, take
the following Role cards and Doubloons" - one setup row per player count, 4 to 8, whose
Roles sum to the players (:func:`setup_for`). The rulebook does not list the 72 playing
cards, 14 Ships or 12 Captains, only those it names; a Ship's printed numbers are
placeholders marked ``assumed`` (see :func:`assumed_facts`).

Examples
--------
>>> BF = load_blackflag()
>>> dict(setup_for(5)["roles"])
{'admiral': 1, 'commodore': 1, 'ensign': 1, 'lieutenant': 1, 'pirate': 1}
>>> setup_for(8)["hourglass"], setup_for(8)["flags"]
(10, 6)
>>> BF.phase_names
('New Ship', 'Draw', 'Play', 'Discard')
>>> [row["id"] for row in BF.edge_rows(4) if row["space"] == 0]
['centre_privateers']
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from piratelib import data
from piratelib.blackflag.schema import CARD_KINDS, CENTRE, EDGE_RULES, PLAYERS, SHIP_STATS, check
from piratelib.errors import IllegalActionError

__all__ = [
    "CARD_KINDS",
    "CENTRE",
    "EDGE_RULES",
    "PLAYERS",
    "BlackFlagData",
    "assumed_facts",
    "load_blackflag",
    "setup_for",
]

_FILE = "blackflag.toml"


@dataclass(frozen=True, eq=False)
class BlackFlagData:
    """Black Flag!'s rulebook data, read-only; compare and hash by identity.

    Every mapping is read-only and keeps the file's order; entries keep their ``src`` and
    ``evidence`` (and ``why`` where assumed).

    Attributes
    ----------
    components : mapping of str to int
        The box's contents, e.g. ``playing_cards`` (72), ``doubloons`` (19).
    track : mapping
        The score track: ``centre``, ``chest_start``, ``spaces_per_side``, ``sides``.
    turn : mapping
        ``draw`` (2), ``hand_limit`` (5), ``adrift_draw``, ``ship_row``, ``first``.
    phases : mapping of str to mapping
        The turn's phases by id, in order.
    teams, roles : mapping of str to mapping
        The three teams and the seven Roles by id.
    setup : mapping of int to mapping
        The setup row for each player count 4 to 8: ``roles`` (id to count),
        ``hourglass``, ``flags`` and ``hands``.
    card_types, symbols, corner_symbols, cards, ships, captains : mapping of str to mapping
        By id; ``cards``, ``ships`` and ``captains`` hold only those the rulebook names.
    edge : tuple of mapping
        The At the Edge of the World rows.
    promotions : mapping of str to mapping
        By nation team id: its ``leader`` and ``successor`` Roles.
    rules : mapping of str to mapping
        Numbers of ``sinking``, ``wealth``, ``end_of_deck``, ``flying_deutchmann`` and
        ``davey_jones``.
    teaching_deck : mapping
        The assumed playing deck piratelib's game uses: ``cards`` (kind to count, summing
        to the 72 playing cards) and the ``corner_pattern`` dealt over them.
    ship_deck : tuple of mapping
        All 14 Ships: the named ones, then the assumed unnamed stand-ins.

    Examples
    --------
    >>> bf = load_blackflag()
    >>> bf.turn["draw"], bf.turn["hand_limit"], bf.track["chest_start"]
    (2, 5, 0)
    >>> bf.roles["ibberian_privateer"]["name"], bf.roles["ibberian_privateer"]["counts_as"]
    ('Ibberian Privateer', 'ibberia')
    >>> bf.ships["calypso"]["abilities"], bf.ships["calypso"]["stats_src"]
    (('cannon',), ('assumed',))
    """

    components: Mapping[str, int]
    track: Mapping[str, Any]
    turn: Mapping[str, Any]
    phases: Mapping[str, Mapping[str, Any]]
    teams: Mapping[str, Mapping[str, Any]]
    roles: Mapping[str, Mapping[str, Any]]
    setup: Mapping[int, Mapping[str, Any]]
    card_types: Mapping[str, Mapping[str, Any]]
    symbols: Mapping[str, Mapping[str, Any]]
    corner_symbols: Mapping[str, Mapping[str, Any]]
    cards: Mapping[str, Mapping[str, Any]]
    ships: Mapping[str, Mapping[str, Any]]
    captains: Mapping[str, Mapping[str, Any]]
    edge: tuple[Mapping[str, Any], ...]
    promotions: Mapping[str, Mapping[str, Any]]
    rules: Mapping[str, Mapping[str, Any]]
    teaching_deck: Mapping[str, Any]
    ship_deck: tuple[Mapping[str, Any], ...]

    @property
    def phase_names(self) -> tuple[str, ...]:
        """The turn's phases by name, in order.

        Examples
        --------
        >>> load_blackflag().phase_names[0]
        'New Ship'
        """
        return tuple(phase["name"] for phase in self.phases.values())

    def setup_for(self, players: int) -> Mapping[str, Any]:
        """Return the setup row for `players` players.

        Raises
        ------
        IllegalActionError
            For an illegal player count, naming the allowed 4 to 8.

        Examples
        --------
        >>> load_blackflag().setup_for(4)["hourglass"]
        7
        """
        if not data.is_count(players) or players not in self.setup:
            raise IllegalActionError(
                f"{players!r} is an illegal player count: Black Flag! is played by "
                f"{min(self.setup)} to {max(self.setup)} players"
            )
        return self.setup[players]

    def dealt_roles(self, players: int) -> tuple[str, ...]:
        """Return the Role cards dealt to `players` players, one per player, in data order.

        Raises
        ------
        IllegalActionError
            For an illegal player count.

        Examples
        --------
        >>> load_blackflag().dealt_roles(7)
        ('admiral', 'commodore', 'ensign', 'ensign', 'lieutenant', 'lieutenant', 'pirate')
        """
        return tuple(Counter(self.setup_for(players)["roles"]).elements())

    def edge_rows(self, players: int) -> tuple[Mapping[str, Any], ...]:
        """Return the At the Edge of the World rows for `players` players.

        Raises
        ------
        IllegalActionError
            For an illegal player count.

        Examples
        --------
        >>> [row["id"] for row in load_blackflag().edge_rows(7)]
        ['ibberia_2_or_beyond', 'brittonia_2_or_beyond', 'centre_pirate', 'ibberia_1_pirate',
         'brittonia_1_pirate']
        """
        self.setup_for(players)
        return tuple(row for row in self.edge if players in row["players"])


def load_blackflag(path: str | Path | None = None) -> BlackFlagData:
    """Return Black Flag!'s rulebook data, checked; the packaged file is read once.

    The result is read-only all the way down (mappings and tuples), so the one copy of the
    packaged data can be shared: nobody can change it for the next caller.

    Parameters
    ----------
    path : str or Path, optional
        A data file of the same shape to load instead of the packaged ``blackflag.toml``.

    Raises
    ------
    DataError
        If `path` is empty or not a readable UTF-8 TOML file, or the data is malformed;
        the message names the file and the entry.

    Examples
    --------
    >>> bf = load_blackflag()
    >>> sorted(bf.setup), len(bf.captains), bf.components["role_cards"]
    ([4, 5, 6, 7, 8], 7, 9)
    """
    if path is None:
        return _default_data()
    return BlackFlagData(**check(*data.read_path(path)))


def setup_for(players: int) -> Mapping[str, Any]:
    """Return the packaged setup row for `players` players: Roles, Hourglass, Flags, hands.

    Raises
    ------
    IllegalActionError
        For an illegal player count, naming the allowed 4 to 8.

    Examples
    --------
    >>> row = setup_for(6)
    >>> sum(row["roles"].values()), row["hourglass"], row["flags"], row["hands"]
    (6, 8, 6, (4, 4, 4, 4, 4, 5))
    >>> setup_for(3)
    Traceback (most recent call last):
      ...
    piratelib.errors.IllegalActionError: 3 is an illegal player count: ... 4 to 8 players
    """
    return load_blackflag().setup_for(players)


def assumed_facts(bf: BlackFlagData) -> list[str]:
    """Return, in words, every value of `bf` that is assumed rather than sourced.

    Examples
    --------
    >>> facts = assumed_facts(load_blackflag())
    >>> print(facts[0])
    the score track has 6 spaces on each side of 0 (assumed)
    >>> "Calypso: Treasure 2, Range 2, Ammunition 1, Barrels 4 (assumed)" in facts
    True

    Raises
    ------
    IllegalActionError
        If `bf` is not data from :func:`load_blackflag`.
    """
    if type(bf) is not BlackFlagData:
        raise IllegalActionError(f"expected data from load_blackflag(), got {bf!r}")
    facts = []
    if "assumed" in bf.track["spaces_per_side_src"]:
        facts.append(
            f"the score track has {bf.track['spaces_per_side']} spaces on each side of "
            f"{bf.track['centre']} (assumed)"
        )
    for ship in bf.ships.values():
        if "assumed" in ship["stats_src"]:
            stats = ", ".join(f"{key.capitalize()} {ship[key]}" for key in SHIP_STATS)
            facts.append(f"{ship['name']}: {stats} (assumed)")
    stand_ins = [ship for ship in bf.ship_deck if ship["id"] not in bf.ships]
    if stand_ins:
        facts.append(
            f"{len(stand_ins)} unnamed stand-in Ships ({stand_ins[0]['name']} to "
            f"{stand_ins[-1]['name']}) fill the Ship deck (assumed)"
        )
    if "assumed" in bf.teaching_deck["src"]:
        kinds = ", ".join(f"{n} {kind}" for kind, n in bf.teaching_deck["cards"].items())
        facts.append(f"the playing deck piratelib plays with: {kinds} (assumed)")
    if "assumed" in bf.rules["end_of_deck"]["flag_floor_src"]:
        facts.append(
            f"the Flags stop at space {bf.rules['end_of_deck']['flag_floor']} when the deck "
            "runs out (assumed)"
        )
    for symbol in bf.corner_symbols.values():
        if "assumed" in symbol["name_src"]:
            facts.append(
                f"the corner symbol on 1 card out of {symbol['per']} is called "
                f"{symbol['name']!r} (assumed; the rulebook does not name it)"
            )
    for group in (bf.setup, bf.cards, bf.captains, bf.phases, bf.teams, bf.roles):
        for entry in group.values():
            if "assumed" in entry["src"]:
                facts.append(f"{entry.get('name', entry['id'])} (assumed)")
    return facts


@functools.cache
def _default_data() -> BlackFlagData:
    """The packaged data, loaded once."""
    return BlackFlagData(**check(*data.read(_FILE)))
