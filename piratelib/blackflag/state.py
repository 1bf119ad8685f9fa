"""Black Flag!'s game state: cards, Ships, players and the table, as immutable data.

A :class:`State` is a frozen dataclass of tuples and small frozen records, so states can
be compared, hashed and kept as the history of a game. :func:`new_game` carries out the
rulebook's Setup for 4 to 8 players; the deck, the Ship deck and the Roles may be given
in order, so tests and notebooks can script a game. The rules that change a state live
in :mod:`piratelib.blackflag.game`, :mod:`piratelib.blackflag.turn` and
:mod:`piratelib.blackflag.sinking`; the game's ``new_game`` starts from :func:`setup`.

Examples
--------
>>> state = setup(["Ann", "Bo", "Cy", "Di", "Ed"], seed=1)
>>> state.flags, state.hourglass, state.reserve, state.chest
(5, 7, 12, 0)
>>> [len(p.hand) for p in state.players], state.active_player.role
([4, 4, 4, 4, 4], 'admiral')
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from piratelib.blackflag.data import CARD_KINDS, load_blackflag
from piratelib.blackflag.scoring import Outcome
from piratelib.errors import IllegalActionError

__all__ = [
    "Card",
    "Pending",
    "Player",
    "Ship",
    "State",
    "Token",
    "setup",
    "ship_deck",
    "teaching_deck",
]


@dataclass(frozen=True, order=True)
class Card:
    """A playing card: its number in the deck, its kind, and its lower-left corner symbol.

    Kinds are those of ``[teaching_deck]``: ``shot``, ``miss``, ``cannon``, ``sails``,
    ``telescope`` and ``flying_deutchmann``.

    Examples
    --------
    >>> print(Card(7, "shot", "corner_a"))
    SHOT #7 (A)
    """

    number: int
    kind: str
    corner: str

    def __str__(self) -> str:
        name = {"shot": "SHOT", "miss": "MISS"}.get(self.kind)
        name = name or load_blackflag().cards[self.kind]["name"]
        return f"{name} #{self.number} ({self.corner.removeprefix('corner_').upper()})"

    @property
    def type(self) -> str:
        """The card type: ``attack``, ``defense``, ``equipment`` or ``action``."""
        return CARD_KINDS[self.kind]


@dataclass(frozen=True)
class Ship:
    """A Ship card: "Treasure Chest", "Range", "Ammunition", "Barrels" and a Cannon ability.

    Examples
    --------
    >>> ship_deck()[0]
    Ship(name='Calypso', treasure=2, range=2, ammunition=1, barrels=4, cannon=True)
    """

    name: str
    treasure: int
    range: int
    ammunition: int
    barrels: int
    cannon: bool = False


@dataclass(frozen=True)
class Player:
    """One seat at the table.

    ``role`` is a Role id, ``revealed`` whether it is face up; ``doubloons`` are those on
    the Captain card (a face-down Role is worth one more); ``captain`` is a Captain id or
    ``""`` for a Captain whose ability piratelib does not model.
    """

    name: str
    role: str
    revealed: bool
    ship: Ship | None
    barrels: int = 0
    hand: tuple[Card, ...] = ()
    equipment: tuple[Card, ...] = ()
    doubloons: int = 0
    captain: str = ""

    def has(self, kind: str) -> int:
        """How many Equipment cards of `kind` this player has in play."""
        return sum(card.kind == kind for card in self.equipment)


@dataclass(frozen=True)
class Token:
    """The double-sided token: ``"flying_deutchmann"`` on a Ship, or ``"davey_jones"``."""

    side: str
    holder: str


@dataclass(frozen=True)
class Pending:
    """A decision the game waits for from someone other than the active player's Play.

    ``kind`` is ``"shot"`` (the target may MISS), ``"keep"`` (a sunk player keeps at most
    one Equipment) or ``"deutchmann"`` (the holder may respond to the revealed card).
    """

    kind: str
    player: str
    by: str | None = None
    card: Card | None = None
    cause: str = ""


@dataclass(frozen=True)
class State:
    """A moment of a game of Black Flag!.

    ``players`` sit clockwise. ``phase`` is the active player's turn phase (``new_ship``,
    ``play`` or ``discard``; Draw is automatic). ``deck`` lists the draw deck top first,
    ``discard`` the discard pile; ``ship_row`` the face-up Ships and ``ship_deck`` the
    others, top first. ``chest`` is the Treasure Chest's space (positive toward the
    Ibberian Flag) and ``flags`` the space both Flags stand on. Doubloon tokens are on the
    ``hourglass``, in the ``reserve`` or on players' Captain cards.
    """

    players: tuple[Player, ...]
    active: int
    phase: str
    deck: tuple[Card, ...]
    discard: tuple[Card, ...]
    ship_row: tuple[Ship, ...]
    ship_deck: tuple[Ship, ...]
    chest: int
    flags: int
    hourglass: int
    reserve: int
    attacks: int = 0
    token: Token | None = None
    pending: Pending | None = None
    outcome: Outcome | None = None
    seed: int = 0
    shuffles: int = 0

    def __str__(self) -> str:
        lines = [
            f"Chest on {self.chest:+d}, Flags on {self.flags}, Hourglass {self.hourglass}, "
            f"reserve {self.reserve}, deck {len(self.deck)}, discard {len(self.discard)}"
        ]
        for i, p in enumerate(self.players):
            role = load_blackflag().roles[p.role]["name"] + ("" if p.revealed else " (hidden)")
            barrels = f"{p.barrels} Barrel" + "s" * (p.barrels != 1)
            ship = f"{p.ship.name}, {barrels}" if p.ship else "no Ship"
            turn = " <- turn" if i == self.active else ""
            coins = f"{p.doubloons} Doubloon" + "s" * (p.doubloons != 1)
            lines.append(f"{p.name}: {role}; {ship}; {coins}{turn}")
        return "\n".join(lines)

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names, clockwise."""
        return tuple(p.name for p in self.players)

    @property
    def active_player(self) -> Player:
        """The player whose turn it is."""
        return self.players[self.active]

    def player(self, name: str) -> Player:
        """The player called `name`.

        Raises
        ------
        IllegalActionError
            If nobody of that name sits at the table.
        """
        for p in self.players:
            if p.name == name:
                return p
        raise IllegalActionError(
            f"{name!r} is not a player at the table; seated: {', '.join(self.names)}"
        )

    def replace_player(self, name: str, **changes: Any) -> State:
        """A copy of the state with the player called `name` changed."""
        return replace(
            self,
            players=tuple(replace(p, **changes) if p.name == name else p for p in self.players),
        )

    @property
    def roles(self) -> dict[str, str]:
        """Each player's Role, in seating order."""
        return {p.name: p.role for p in self.players}

    @property
    def hidden(self) -> frozenset[str]:
        """The players whose Role is still face down."""
        return frozenset(p.name for p in self.players if not p.revealed)

    def doubloon_tokens(self) -> int:
        """All Doubloon tokens: Hourglass, reserve and Captain cards (always 19)."""
        return self.hourglass + self.reserve + sum(p.doubloons for p in self.players)


def teaching_deck() -> tuple[Card, ...]:
    """Return the 72 cards of ``[teaching_deck]``, numbered 1 to 72, in kind order.

    Examples
    --------
    >>> deck = teaching_deck()
    >>> len(deck), Counter(card.corner for card in deck)["corner_a"]
    (72, 36)
    """
    spec = load_blackflag().teaching_deck
    pattern = spec["corner_pattern"]
    kinds = [kind for kind, count in spec["cards"].items() for _ in range(count)]
    return tuple(Card(i + 1, kind, pattern[i % len(pattern)]) for i, kind in enumerate(kinds))


def ship_deck() -> tuple[Ship, ...]:
    """Return the 14 Ships, the named ones first.

    Examples
    --------
    >>> len(ship_deck()), ship_deck()[1].name
    (14, 'Ship 2')
    """
    return tuple(
        Ship(
            ship["name"],
            ship["treasure"],
            ship["range"],
            ship["ammunition"],
            ship["barrels"],
            "cannon" in ship["abilities"],
        )
        for ship in load_blackflag().ship_deck
    )


def setup(
    names: Sequence[str],
    *,
    seed: int = 0,
    roles: Sequence[str] | None = None,
    deck: Sequence[Card] | None = None,
    ships: Sequence[Ship] | None = None,
    captains: Sequence[str] | None = None,
) -> State:
    """Set up a game for 4 to 8 players seated clockwise, following Setup steps 1 to 15.

    Each player gets a Ship and its Barrels (step 6), a Role (step 9; the Admiral's face
    up), the Hourglass gets the row's Doubloons (step 11) and the rest form the reserve,
    the Flags start on 5 or 6 (step 10), and hands of 4 (5 for the 6th to 8th players) are
    dealt starting with the Admiral (step 13). The Admiral's turn is about to start.

    Parameters
    ----------
    names : sequence of str
        The players, clockwise.
    seed : int
        Shuffles whatever is not given, and every later reshuffle of the discard pile.
    roles : sequence of str, optional
        Each player's Role id in seating order, instead of a shuffled deal.
    deck : sequence of Card, optional
        The playing deck, top first, instead of a shuffled :func:`teaching_deck`.
    ships : sequence of Ship, optional
        The Ship deck, top first: players take Ships from it in seating order, then 3 are
        revealed face up (the rulebook matches each Captain to a Ship we do not know).
    captains : sequence of str, optional
        Each player's Captain id (``""`` for one piratelib does not model).

    Raises
    ------
    IllegalActionError
        For an illegal player count, repeated names, Roles that the setup table does not
        deal for that many players, or too few cards or Ships.

    Examples
    --------
    >>> state = setup(["Ann", "Bo", "Cy", "Di", "Ed", "Flo"], seed=2)
    >>> state.flags, state.hourglass, [len(p.hand) for p in state.players].count(5)
    (6, 8, 1)
    >>> setup(["Ann", "Bo", "Cy"])
    Traceback (most recent call last):
      ...
    piratelib.errors.IllegalActionError: 3 is an illegal player count: ... 4 to 8 players
    """
    bf = load_blackflag()
    names = list(names)
    row = bf.setup_for(len(names))
    if len(set(names)) != len(names) or not all(isinstance(n, str) and n for n in names):
        raise IllegalActionError(f"players need different names, got {names!r}")
    rng = random.Random(seed)
    dealt = list(bf.dealt_roles(len(names)))
    if roles is None:
        rng.shuffle(dealt)
        roles = dealt
    elif Counter(roles) != Counter(dealt):
        raise IllegalActionError(
            f"Setup step 8: {len(names)} players take the Roles {sorted(dealt)}, "
            f"got {sorted(roles)}"
        )
    if deck is None:
        deck = list(teaching_deck())
        rng.shuffle(deck)
    if ships is None:
        ships = list(ship_deck())
        rng.shuffle(ships)
    captains = list(captains) if captains is not None else [""] * len(names)
    for captain in captains:
        if captain and captain not in bf.captains:
            raise IllegalActionError(
                f"unknown Captain {captain!r}; named: {', '.join(bf.captains)}"
            )
    if len(captains) != len(names):
        raise IllegalActionError(f"give one Captain per player, got {len(captains)}")
    ships, deck = list(ships), list(deck)
    if len(ships) < len(names) + bf.turn["ship_row"]:
        raise IllegalActionError(
            f"Setup step 5: {len(names)} players and a row of {bf.turn['ship_row']} need "
            f"{len(names) + bf.turn['ship_row']} Ships, got {len(ships)}"
        )
    if len(deck) < sum(row["hands"]):
        raise IllegalActionError(
            f"Setup step 13: the hands need {sum(row['hands'])} cards, got {len(deck)}"
        )
    face_up = {role for role, entry in bf.roles.items() if entry["face_up"]}
    players = [
        Player(
            name,
            role,
            role in face_up,
            ship,
            ship.barrels,
            doubloons=0,
            captain=captain,
        )
        for name, role, ship, captain in zip(names, roles, ships, captains, strict=False)
    ]
    rest = ships[len(names) :]
    first = roles.index(bf.turn["first"])
    for k, size in enumerate(row["hands"]):
        i = (first + k) % len(names)
        players[i] = replace(players[i], hand=tuple(deck[:size]))
        del deck[:size]
    return State(
        players=tuple(players),
        active=first,
        phase="new_ship",
        deck=tuple(deck),
        discard=(),
        ship_row=tuple(rest[: bf.turn["ship_row"]]),
        ship_deck=tuple(rest[bf.turn["ship_row"] :]),
        chest=bf.track["chest_start"],
        flags=row["flags"],
        hourglass=row["hourglass"],
        reserve=bf.components["doubloons"] - row["hourglass"],
        seed=seed,
    )
