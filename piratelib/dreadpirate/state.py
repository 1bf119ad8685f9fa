"""Dread Pirate's game state: Mission and Action cards, Pirates, and the table, as immutable data.

A :class:`State` is a frozen dataclass: the Pirates in seat order (Ship colour, square on
the sea, a :class:`~piratelib.dreadpirate.treasure.Purse`, a hand of Action cards, their
uncompleted Missions face down or started face up, and the completed Missions they keep
for a bonus), the two decks and their face-up discard piles, the bank, who holds the Dread
Pirate Flag, and the turn's roll. The rules that change a state live in
:mod:`piratelib.dreadpirate.game`.

Examples
--------
>>> len(mission_deck()), str(action_deck()[0])
(50, 'Hoist the Jolly Roger! #1')
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from piratelib.dreadpirate.data import load_dreadpirate, mission_text, place_name
from piratelib.dreadpirate.fight import Battle
from piratelib.dreadpirate.sea import DEFAULT_DIAGONAL, load_sea
from piratelib.dreadpirate.treasure import Outcome, Purse
from piratelib.errors import IllegalActionError, did_you_mean

__all__ = [
    "ActionCard",
    "Held",
    "MissionCard",
    "Pending",
    "Pirate",
    "State",
    "action_deck",
    "mission_deck",
]

Square = tuple[int, int]


@dataclass(frozen=True, order=True)
class MissionCard:
    """A Mission card: its number in the deck and its kind (a ``[[mission]]`` id).

    Examples
    --------
    >>> print(MissionCard(3, "example_orichal"))
    Mission #3 (Kraken's Reach to Lost City of Orichal)
    """

    number: int
    kind: str

    def __str__(self) -> str:
        card = load_dreadpirate().missions[self.kind]
        start = place_name(card["start"])
        if card["goal_kind"] == "place":
            return f"Mission #{self.number} ({start} to {place_name(card['goal'])})"
        goal = mission_text(self.kind).split("; ")[1].removeprefix("Goal: ")
        return f"Mission #{self.number} ({start}: {goal})"

    @property
    def info(self) -> Any:
        """The card's entry in ``dreadpirate.toml``."""
        return load_dreadpirate().missions[self.kind]


@dataclass(frozen=True, order=True)
class ActionCard:
    """An Action card: its number in the deck and its kind (an ``[[action]]`` id).

    Examples
    --------
    >>> print(ActionCard(7, "hard_to_starboard"))
    Hard to Starboard! #7
    """

    number: int
    kind: str

    def __str__(self) -> str:
        return f"{load_dreadpirate().actions[self.kind]['name']} #{self.number}"


@dataclass(frozen=True)
class Held:
    """An uncompleted Mission a Pirate holds: face down, or ``started`` (face up).

    ``wins`` counts the battles won since it started, for a "Win N Battles" task.
    """

    card: MissionCard
    started: bool = False
    wins: int = 0


@dataclass(frozen=True)
class Pirate:
    """One Pirate: name, Ship band colour, treasure, where the Ship is, cards and Missions.

    ``square`` is the Ship's ``(row, column)`` on the sea; ``missions`` are the uncompleted
    Missions (at most 2); ``kept`` the completed Missions kept for their bonus.
    """

    name: str
    colour: str
    purse: Purse
    square: Square
    hand: tuple[ActionCard, ...] = ()
    missions: tuple[Held, ...] = ()
    kept: tuple[MissionCard, ...] = ()

    @property
    def mission_bonus(self) -> int:
        """What the kept Missions add "to all rolls"."""
        return sum(card.info["roll_bonus"] for card in self.kept)


@dataclass(frozen=True)
class Pending:
    """A battle waiting for a decision.

    ``kind`` is ``"cards"`` (play an Action card or pass) or ``"spoils"`` (the winner
    takes them); ``player`` decides; ``passes`` counts passes in a row.
    """

    kind: str
    battle: Battle
    player: str
    passes: int = 0


@dataclass(frozen=True)
class State:
    """A moment of a game of Dread Pirate.

    ``players`` in seat order; ``active`` is whose turn it is. Decks list their cards top
    first, discard piles bottom first. ``bank`` holds the Gold and Gems no Pirate has.
    ``dread_pirate`` names the Flag's holder (None until a battle is won); ``attacked``
    says whether the active Pirate has attacked this turn; ``pending`` is a battle waiting
    for a decision; ``outcome`` the win, once someone has won.

    ``dice`` are the faces of the turn's movement roll and ``roll`` what the active Pirate
    may move: the faces plus their :func:`roll_bonus` when the turn started, or None once
    they have moved (or fought, which ends their movement). ``diagonal`` (one of
    :data:`~piratelib.dreadpirate.sea.DIAGONAL_RULES`) and ``pass_through`` are the
    board's options for this game; :func:`sea_graph` gives the graph.
    """

    players: tuple[Pirate, ...]
    active: int
    mission_deck: tuple[MissionCard, ...]
    mission_discard: tuple[MissionCard, ...]
    action_deck: tuple[ActionCard, ...]
    action_discard: tuple[ActionCard, ...]
    bank: Purse
    dread_pirate: str | None = None
    attacked: bool = False
    pending: Pending | None = None
    outcome: Outcome | None = None
    turn: int = 1
    seed: int = 0
    shuffles: int = 0
    battles: int = 0
    dice: tuple[int, ...] = ()
    roll: int | None = None
    diagonal: str = DEFAULT_DIAGONAL
    pass_through: bool = True

    def __str__(self) -> str:
        sea = load_sea()
        lines = []
        for i, p in enumerate(self.players):
            cards = f"{len(p.hand)} Action card" + "s" * (len(p.hand) != 1)
            down = sum(not held.started for held in p.missions)
            up = [str(held.card) for held in p.missions if held.started]
            missions = [f"{down} face down"] if down else []
            missions += [f"{card} face up" for card in up]
            place = sea.place_at(p.square)
            where = f"{place_name(place)} {p.square}" if place else f"{p.square}"
            text = f"{p.name} ({p.colour} Ship on {where}): {p.purse}; {cards}; Missions: "
            text += ", ".join(missions) or "none"
            if p.kept:
                text += "; kept: " + ", ".join(map(str, p.kept))
            if p.name == self.dread_pirate:
                text += "; the Dread Pirate"
            if i == self.active:
                text += f" <- turn: rolled {self.roll}" if self.roll is not None else " <- turn"
            lines.append(text)
        if self.outcome:
            lines.append(f"{self.outcome.winner} wins: {self.outcome.why}")
        return "\n".join(lines)

    @property
    def names(self) -> tuple[str, ...]:
        """The Pirates' names, in seat order."""
        return tuple(p.name for p in self.players)

    @property
    def active_player(self) -> Pirate:
        """The Pirate whose turn it is."""
        return self.players[self.active]

    def player(self, name: str) -> Pirate:
        """The Pirate called `name`.

        Raises
        ------
        IllegalActionError
            If nobody of that name is playing.
        """
        for p in self.players:
            if p.name == name:
                return p
        raise IllegalActionError(
            f"{name!r} is not a Pirate in this game: {did_you_mean(name, self.names)}"
            f"playing: {', '.join(self.names)}"
        )

    def replace_player(self, name: str, **changes: Any) -> State:
        """A copy of the state with the Pirate called `name` changed."""
        return replace(
            self,
            players=tuple(replace(p, **changes) if p.name == name else p for p in self.players),
        )

    def squares(self, *, but: str | None = None) -> tuple[Square, ...]:
        """The Ships' squares in seat order, leaving out Pirate `but`'s."""
        return tuple(p.square for p in self.players if p.name != but)

    def treasure(self) -> Purse:
        """All Gold and Gems: the bank's and every Pirate's (always the box's)."""
        total = self.bank
        for p in self.players:
            total = total.plus(p.purse)
        return total


def mission_deck() -> tuple[MissionCard, ...]:
    """Return the 50 Mission cards of ``[mission_deck]``, numbered 1 to 50, in data order.

    Examples
    --------
    >>> deck = mission_deck()
    >>> len(deck), deck[0]
    (50, MissionCard(number=1, kind='example_orichal'))
    """
    spec = load_dreadpirate().mission_deck
    kinds = [kind for kind, n in spec.items() for _ in range(n)]
    return tuple(MissionCard(i + 1, kind) for i, kind in enumerate(kinds))


def action_deck() -> tuple[ActionCard, ...]:
    """Return the 50 Action cards of ``[action_deck]``, numbered 1 to 50, in data order.

    Examples
    --------
    >>> deck = action_deck()
    >>> len(deck), str(deck[0])
    (50, 'Hoist the Jolly Roger! #1')
    """
    spec = load_dreadpirate().action_deck
    kinds = [kind for kind, n in spec.items() for _ in range(n)]
    return tuple(ActionCard(i + 1, kind) for i, kind in enumerate(kinds))
