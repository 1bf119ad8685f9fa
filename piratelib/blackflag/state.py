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

import operator
import random
import reprlib
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from piratelib.blackflag.cards import (
    _CARD_TYPE,
    _CAUSES,
    _MOST,
    _PENDING_KINDS,
    _PHASES,
    _SHIP_TYPE,
    _TOKEN_SIDES,
    Card,
    Ship,
    _cards,
    _flag,
    _listed,
    _name,
    _whole,
    ship_deck,
    teaching_deck,
)
from piratelib.blackflag.data import CARD_KINDS, load_blackflag
from piratelib.blackflag.scoring import Outcome
from piratelib.errors import IllegalActionError, check_id

__all__ = [
    "Card",
    "Pending",
    "Player",
    "Ship",
    "State",
    "Token",
    "check_state",
    "setup",
    "ship_deck",
    "teaching_deck",
]


_NUMBER = operator.attrgetter("number")
_LAST = load_blackflag().track["spaces_per_side"]
_COINS = load_blackflag().components["doubloons"]
_SHIP_NAME = operator.attrgetter("name")


@dataclass(frozen=True)
class Player:
    """One seat at the table.

    ``role`` is a Role id, ``revealed`` whether it is face up; ``doubloons`` are those on
    the Captain card (a face-down Role is worth one more); ``captain`` is a Captain id or
    ``""`` for a Captain whose ability piratelib does not model. A player without a Ship
    has no Barrels; only Equipment cards are in play.

    Examples
    --------
    >>> Player("Ann", "admirl", False, None)
    Traceback (most recent call last):
      ...
    piratelib.errors.IllegalActionError: unknown Role 'admirl': did you mean 'admiral'? ...
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

    def __post_init__(self) -> None:
        bf = load_blackflag()
        _name("a player's name", self.name)
        if self.role not in bf.roles:
            check_id("Role", self.role, bf.roles)
        _flag(f"{self.name}'s revealed", self.revealed)
        if self.ship is not None and type(self.ship) is not Ship:
            raise IllegalActionError(
                f"{self.name}'s ship must be a Ship or None, got {self.ship!r}"
            )
        _whole(f"{self.name}'s Barrels", self.barrels, 0, _MOST)
        if self.ship is None and self.barrels:
            raise IllegalActionError(f"{self.name} has no Ship, so no Barrels; got {self.barrels}")
        _cards(f"{self.name}'s hand", self.hand)
        _cards(f"{self.name}'s Equipment", self.equipment)
        for card in self.equipment:
            if CARD_KINDS[card.kind] != "equipment":
                raise IllegalActionError(f"{card} is not an Equipment card, in {self.name}'s play")
        _whole(f"{self.name}'s Doubloons", self.doubloons, 0, bf.components["doubloons"])
        if self.captain != "" and self.captain not in bf.captains:
            check_id("Captain", self.captain, bf.captains)

    def has(self, kind: str) -> int:
        """How many Equipment cards of `kind` this player has in play."""
        return sum(card.kind == kind for card in self.equipment)


_PLAYER_TYPE = frozenset({Player})
_NATIONS = tuple(load_blackflag().track["sides"])


def _is_shown(pair: object, names: set[str]) -> bool:
    """Whether `pair` is a (seated player, nation) pair, as :attr:`State.shown` holds."""
    return type(pair) is tuple and len(pair) == 2 and pair[0] in names and pair[1] in _NATIONS


@dataclass(frozen=True)
class Token:
    """The double-sided token: ``"flying_deutchmann"`` on a Ship, or ``"davey_jones"``."""

    side: str
    holder: str

    def __post_init__(self) -> None:
        if self.side not in _TOKEN_SIDES:
            check_id("token side", self.side, _TOKEN_SIDES)
        _name("the token's holder", self.holder)


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

    def __post_init__(self) -> None:
        if self.kind not in _PENDING_KINDS:
            check_id("pending decision", self.kind, _PENDING_KINDS)
        _name("the deciding player", self.player)
        if self.by is not None:
            _name("the player who caused it", self.by)
        if self.card is not None and type(self.card) is not Card:
            raise IllegalActionError(f"a pending card must be a Card or None, got {self.card!r}")
        if (self.cause != "" or self.kind == "keep") and self.cause not in _CAUSES:
            check_id("cause", self.cause, _CAUSES)
        needs = {"shot": ("by", "the SHOT's attacker"), "deutchmann": ("card", "the revealed card")}
        if self.kind in needs and getattr(self, needs[self.kind][0]) is None:
            raise IllegalActionError(f"a pending {self.kind} needs {needs[self.kind][1]}")


@dataclass(frozen=True)
class State:
    """A moment of a game of Black Flag!.

    ``players`` sit clockwise. ``phase`` is the active player's turn phase (``new_ship``,
    ``play`` or ``discard``; Draw is automatic). ``deck`` lists the draw deck top first,
    ``discard`` the discard pile; ``ship_row`` the face-up Ships and ``ship_deck`` the
    others, top first. ``chest`` is the Treasure Chest's space (positive toward the
    Ibberian Flag) and ``flags`` the space both Flags stand on. Doubloon tokens are on the
    ``hourglass``, in the ``reserve`` or on players' Captain cards. ``shown`` holds the
    (player, nation) of each hidden player whose team a sinking of the Pirate showed: the
    Chest moves "Toward the Flag of the player who caused the sinking, if the Pirate was
    sunk. Note: If that player still has a hidden role, this will indirectly reveal their
    team!"
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
    shown: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        # Every state the engine builds passes through here (about 4 per action), so the
        # usual case is one expression of flat type and range checks, plus one pass over
        # the cards (distinct numbers: no card in two places) and Ships (distinct names);
        # only a state that fails it is examined field by field to say what is wrong.
        players, deck, discard = self.players, self.deck, self.discard
        row, ships, token, pending = self.ship_row, self.ship_deck, self.token, self.pending
        n = len(players) if type(players) is tuple else 0
        if (
            4 <= n <= 8
            and set(map(type, players)) <= _PLAYER_TYPE
            and type(deck) is tuple
            and type(discard) is tuple
            and type(row) is tuple
            and type(ships) is tuple
            and set(map(type, deck)).union(map(type, discard)) <= _CARD_TYPE
            and set(map(type, row)).union(map(type, ships)) <= _SHIP_TYPE
            and type(self.active) is int
            and 0 <= self.active < n
            and self.phase in _PHASES
            and type(self.chest) is int
            and -_LAST <= self.chest <= _LAST
            and type(self.flags) is int
            and 1 <= self.flags <= _LAST
            and type(self.hourglass) is int
            and type(self.reserve) is int
            and 0 <= self.hourglass <= _COINS
            and 0 <= self.reserve <= _COINS
            and type(self.attacks) is int
            and 0 <= self.attacks <= _MOST
            and type(self.shuffles) is int
            and 0 <= self.shuffles <= 10**9
            and type(self.seed) in (int, str)
            and (token is None or type(token) is Token)
            and (pending is None or type(pending) is Pending)
            and (self.outcome is None or type(self.outcome) is Outcome)
            and type(self.shown) is tuple
        ):
            names = set(map(_SHIP_NAME, players))
            cards = [*deck, *discard]
            shipped = [*row, *ships]
            for p in players:
                cards += p.hand
                cards += p.equipment
                if p.ship is not None:
                    shipped.append(p.ship)
            if (
                len(names) == n
                and len(set(map(_NUMBER, cards))) == len(cards)
                and len(set(map(_SHIP_NAME, shipped))) == len(shipped)
                and (token is None or token.holder in names)
                and (pending is None or pending.player in names)
                and all(_is_shown(pair, names) for pair in self.shown)
            ):
                return
        self._explain()

    def _explain(self) -> None:
        """Raise an IllegalActionError saying which field of this state is not valid."""
        bf = load_blackflag()
        players = self.players
        if type(players) is not tuple or not all(type(p) is Player for p in players):
            raise IllegalActionError(
                f"players must be a tuple of Player, got {reprlib.repr(players)}"
            )
        names = [p.name for p in players]
        if not 4 <= len(names) <= 8 or len(set(names)) != len(names):
            raise IllegalActionError(f"a table seats 4 to 8 different players, got {names}")
        _whole("active", self.active, 0, len(names) - 1)
        if self.phase not in _PHASES:
            check_id("phase", self.phase, _PHASES)
        cards = [*self.deck, *self.discard]
        for field in ("deck", "discard"):
            _cards(field, getattr(self, field))
        ships = [*self.ship_row, *self.ship_deck]
        for field in ("ship_row", "ship_deck"):
            value = getattr(self, field)
            if type(value) is not tuple or not set(map(type, value)) <= _SHIP_TYPE:
                raise IllegalActionError(
                    f"{field} must be a tuple of Ship, got {reprlib.repr(value)}"
                )
        for p in players:
            cards += p.hand
            cards += p.equipment
            if p.ship is not None:
                ships.append(p.ship)
        if len(set(map(_NUMBER, cards))) != len(cards):
            count = Counter(card.number for card in cards)
            twice = sorted({str(card) for card in cards if count[card.number] > 1})
            raise IllegalActionError(
                f"each card number is in one place only, got more than once: {', '.join(twice)}"
            )
        if len(set(map(_SHIP_NAME, ships))) != len(ships):
            twice = sorted(n for n, k in Counter(s.name for s in ships).items() if k > 1)
            raise IllegalActionError(f"each Ship is in one place only, got twice: {twice}")
        last = bf.track["spaces_per_side"]
        _whole("chest", self.chest, -last, last)
        _whole("flags", self.flags, 1, last)
        coins = bf.components["doubloons"]
        _whole("hourglass", self.hourglass, 0, coins)
        _whole("reserve", self.reserve, 0, coins)
        _whole("attacks", self.attacks, 0, _MOST)
        _whole("shuffles", self.shuffles, 0, 10**9)
        if not isinstance(self.seed, int | str) or isinstance(self.seed, bool):
            raise IllegalActionError(f"seed must be a whole number or text, got {self.seed!r}")
        for field, kind in (("token", Token), ("pending", Pending), ("outcome", Outcome)):
            value = getattr(self, field)
            if value is not None and type(value) is not kind:
                raise IllegalActionError(
                    f"{field} must be a {kind.__name__} or None, got {value!r}"
                )
        for field in ("token", "pending"):
            value = getattr(self, field)
            who = value and (value.holder if field == "token" else value.player)
            if who and who not in names:
                check_id(f"player ({field})", who, names)
        for pair in self.shown if type(self.shown) is tuple else [self.shown]:
            if not _is_shown(pair, set(names)):
                raise IllegalActionError(
                    f"shown holds (player, nation) pairs of a seated player and one of "
                    f"{', '.join(_NATIONS)}, got {reprlib.repr(pair)}"
                )
        raise IllegalActionError(f"not a valid Black Flag! state: {reprlib.repr(self)}")

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
        """A copy of the state with the player called `name` changed.

        Raises
        ------
        IllegalActionError
            If nobody of that name sits at the table, or the new state is not valid.
        """
        return self.update({name: changes})

    def update(self, players: Mapping[str, Mapping[str, Any]], **fields: Any) -> State:
        """A copy with `players` (name to changes) and the state's `fields` changed at once.

        A card that moves from the deck to a hand changes both in one new state, which is
        checked once: no card is ever in two places.

        Raises
        ------
        IllegalActionError
            If a name is not at the table, or the new state is not valid.
        """
        for name in players:
            if name not in self.names:
                check_id("player", name, self.names)
        seated = tuple(
            replace(p, **players[p.name]) if p.name in players else p for p in self.players
        )
        return replace(self, players=seated, **fields)

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


def check_state(state: object) -> None:
    """Raise :class:`~piratelib.errors.IllegalActionError` unless `state` is a State.

    A :class:`State` checks itself when it is built, so this is all a rule needs.

    Examples
    --------
    >>> check_state("a game")
    Traceback (most recent call last):
      ...
    piratelib.errors.IllegalActionError: expected a Black Flag! State, got 'a game'
    """
    if type(state) is not State:
        raise IllegalActionError(f"expected a Black Flag! State, got {reprlib.repr(state)}")


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
    names = _listed("names", names)
    row = bf.setup_for(len(names))
    if not all(isinstance(n, str) and n for n in names) or len(set(names)) != len(names):
        raise IllegalActionError(f"players need different names, got {names!r}")
    if isinstance(seed, bool) or not isinstance(seed, int | str):
        raise IllegalActionError(f"seed must be a whole number or text, got {seed!r}")
    rng = random.Random(seed)
    dealt = list(bf.dealt_roles(len(names)))
    if roles is None:
        rng.shuffle(dealt)
        roles = dealt
    elif (roles := _listed("roles", roles)) and not all(isinstance(r, str) for r in roles):
        raise IllegalActionError(f"roles must be Role ids, got {roles!r}")
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
    deck, ships = _listed("deck", deck), _listed("ships", ships)
    _cards("deck", tuple(deck))
    if not all(type(ship) is Ship for ship in ships):
        raise IllegalActionError(f"ships must be Ship cards, got {reprlib.repr(ships)}")
    for what, things, key in (("card", deck, "number"), ("Ship", ships, "name")):
        count = Counter(getattr(thing, key) for thing in things)
        twice = sorted(str(k) for k, n in count.items() if n > 1)
        if twice:
            raise IllegalActionError(
                f"each {what} is in the box once: {what} {key}s given more than once: "
                f"{', '.join(twice)}"
            )
    captains = _listed("captains", captains) if captains is not None else [""] * len(names)
    for captain in captains:
        if captain != "":
            check_id("Captain", captain, bf.captains)
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
