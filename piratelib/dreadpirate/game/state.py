"""Dread Pirate's game state: Mission and Action cards, Pirates, and the table, as immutable data.

A :class:`State` is a frozen dataclass: the Pirates in seat order (Ship colour, square on
the sea, a :class:`~piratelib.dreadpirate.treasure.Purse`, a hand of Action cards, their
uncompleted Missions face down or started face up, and the completed Missions they keep
for a bonus), the two decks and their face-up discard piles, the bank, who holds the Dread
Pirate Flag, and the turn's roll. The rules that change a state live in
:mod:`piratelib.dreadpirate.game`.

Every record checks itself when it is made (and so on every ``dataclasses.replace``): the
types and ranges of its fields, that cards and Missions are known, that Ships sit on
water, no two on one square, and that no card is in two places at once. A record that
breaks these raises :class:`~piratelib.errors.IllegalActionError` naming the field and
what is allowed. Two things are left to the rules rather than checked here, because the
rules move them in two steps: that the treasure adds up to the box's (a reward moves a
purse and the bank in turn) and that every card of the decks is somewhere.

Examples
--------
>>> len(mission_deck()), str(action_deck()[0])
(50, 'Hoist the Jolly Roger! #1')
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import Any

from piratelib.dreadpirate.battle.fight import ROLES, Battle
from piratelib.dreadpirate.data import load_dreadpirate, mission_text, place_name
from piratelib.dreadpirate.sea.grid import DEFAULT_DIAGONAL, DIAGONAL_RULES, load_sea
from piratelib.dreadpirate.treasure import Outcome, Purse
from piratelib.errors import IllegalActionError, check_id, check_whole, did_you_mean

__all__ = [
    "ActionCard",
    "Held",
    "MissionCard",
    "Pending",
    "Pirate",
    "State",
    "action_deck",
    "check_state",
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

    def __post_init__(self) -> None:
        dp = load_dreadpirate()
        check_whole(
            "a Mission card's number",
            self.number,
            1,
            dp.components["mission_cards"],
            error=IllegalActionError,
        )
        check_id("Mission", self.kind, dp.missions)

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

    def __post_init__(self) -> None:
        dp = load_dreadpirate()
        check_whole(
            "an Action card's number",
            self.number,
            1,
            dp.components["action_cards"],
            error=IllegalActionError,
        )
        check_id("Action card", self.kind, dp.actions)

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

    def __post_init__(self) -> None:
        _check_type("Held card", self.card, MissionCard)
        _check_flag("Held started", self.started)
        check_whole("Held wins", self.wins, 0, _MOST, error=IllegalActionError)
        if self.wins and not self.started:
            raise IllegalActionError(
                f"{self.card} counts {self.wins} battles won but has not started"
            )


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

    def __post_init__(self) -> None:
        dp = load_dreadpirate()
        if not isinstance(self.name, str) or not self.name:
            raise IllegalActionError(f"a Pirate needs a name, got {self.name!r}")
        dp.colour(self.colour)
        _check_type(f"{self.name}'s purse", self.purse, Purse)
        square: object = self.square  # a list is taken too, as a tuple
        if isinstance(square, list):
            square = tuple(square)
        if not (
            isinstance(square, tuple)
            and len(square) == 2
            and all(isinstance(x, int) and not isinstance(x, bool) for x in square)
        ):
            raise IllegalActionError(
                f"{self.name}'s Ship needs a (row, column) square, got {self.square!r}"
            )
        if not load_sea().is_water(square):
            raise IllegalActionError(
                f"{self.name}'s Ship is on {square}, not a water square of the sea: Ships must "
                "stay on water"
            )
        object.__setattr__(self, "square", square)
        for field, kind in (("hand", ActionCard), ("missions", Held), ("kept", MissionCard)):
            _set_tuple(self, field, kind, f"{self.name}'s {field}")
        most = dp.setup["max_uncompleted"]
        if len(self.missions) > most:
            raise IllegalActionError(
                f"{self.name} holds {len(self.missions)} uncompleted Missions: Each Pirate can "
                f"have only {most} uncompleted Mission Cards at any time."
            )

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

    def __post_init__(self) -> None:
        check_id("kind of waiting battle", self.kind, ("cards", "spoils"))
        _check_type("the waiting battle", self.battle, Battle)
        check_id("Pirate in the battle", self.player, _battle_names(self.battle))
        check_whole("passes", self.passes, 0, 2, error=IllegalActionError)
        if (self.kind == "spoils") != (self.battle.winner is not None):
            raise IllegalActionError(
                "a battle waits for its spoils exactly when it is decided, for cards before"
            )


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
    :data:`~piratelib.dreadpirate.sea.grid.DIAGONAL_RULES`) and ``pass_through`` are the
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

    def __post_init__(self) -> None:
        _set_tuple(self, "players", Pirate, "players")
        dp = load_dreadpirate()
        setup = dp.setup
        players = self.players
        if not setup["players_min"] <= len(players) <= setup["players_max"]:
            raise IllegalActionError(
                f"Dread Pirate is played by {setup['players_min']} to {setup['players_max']} "
                f"Pirates, got {len(players)}"
            )
        for what, values in (
            ("names", [p.name for p in players]),
            ("Ship colours", [p.colour for p in players]),
            ("squares", [p.square for p in players]),
        ):
            if len(set(values)) != len(values):
                twice = [v for v, n in Counter(values).items() if n > 1]
                raise IllegalActionError(
                    f"the Pirates need different {what}, got {twice[0]!r} twice"
                    + (
                        ": Two or more ships cannot occupy the same space."
                        if what == "squares"
                        else ""
                    )
                )
        check_whole("active", self.active, 0, len(players) - 1, error=IllegalActionError)
        _check_cards(self)
        _check_type("bank", self.bank, Purse)
        names = [p.name for p in players]
        if self.dread_pirate is not None and self.dread_pirate not in names:
            check_id("Pirate holding the Dread Pirate Flag", self.dread_pirate, names)
        _check_flag("attacked", self.attacked)
        _check_flag("pass_through", self.pass_through)
        if self.pending is not None:
            _check_type("pending", self.pending, Pending)
            for name in _battle_names(self.pending.battle):
                check_id("Pirate in the battle", name, names)
        if self.outcome is not None:
            _check_type("outcome", self.outcome, Outcome)
        for field in ("turn", "shuffles", "battles"):
            check_whole(
                field, getattr(self, field), int(field == "turn"), _MOST, error=IllegalActionError
            )
        if isinstance(self.seed, bool) or not isinstance(self.seed, int):
            raise IllegalActionError(f"seed must be a whole number, got {self.seed!r}")
        dice = self.dice
        if not (type(dice) is tuple and all(type(f) is int for f in dice) and dice in _FACES):
            _set_tuple(self, "dice", int, "dice")
            if self.dice and len(self.dice) != dp.components["dice"]:
                raise IllegalActionError(
                    f"dice are the faces of the {dp.components['dice']} dice, got {self.dice!r}"
                )
            for face in self.dice:
                check_whole("a die", face, 1, 6, error=IllegalActionError)
        if self.roll is not None:
            check_whole("roll", self.roll, 0, _MOST, error=IllegalActionError)
        if self.diagonal not in DIAGONAL_RULES:
            check_id("diagonal rule", self.diagonal, DIAGONAL_RULES)

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


def check_state(state: State) -> State:
    """Return `state` if it is a Dread Pirate :class:`State`; IllegalActionError otherwise.

    Examples
    --------
    >>> check_state(None)
    Traceback (most recent call last):
      ...
    piratelib.errors.IllegalActionError: expected a Dread Pirate State, got None
    """
    if not isinstance(state, State):
        raise IllegalActionError(f"expected a Dread Pirate State, got {state!r}")
    return state


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


_MOST = 10**9  # the largest count (turns, battles, wins, a roll) any record accepts
_FACES = frozenset({(), *((a, b) for a in range(1, 7) for b in range(1, 7))})
"""The dice a state may hold: none yet, or the faces of the two dice."""


def _check_type(what: str, value: object, kind: type) -> None:
    """`value` must be a `kind`."""
    if not isinstance(value, kind):
        raise IllegalActionError(f"{what} must be a {kind.__name__}, got {value!r}")


def _check_flag(what: str, value: object) -> None:
    """A yes-or-no field must be True or False."""
    if not isinstance(value, bool):
        raise IllegalActionError(f"{what} must be True or False, got {value!r}")


def _set_tuple(record: object, field: str, kind: type, what: str) -> None:
    """Check that `record`'s `field` holds only `kind`s, storing a list as a tuple."""
    value = getattr(record, field)
    if isinstance(value, list):
        value = tuple(value)
    if not isinstance(value, tuple):
        raise IllegalActionError(f"{what} must be a tuple of {kind.__name__}s, got {value!r}")
    for item in value:
        if not isinstance(item, kind) or (kind is int and isinstance(item, bool)):
            raise IllegalActionError(f"{what} must hold only {kind.__name__}s, got {item!r}")
    object.__setattr__(record, field, value)


_CHECKED: dict[tuple[int, ...], tuple[tuple[Any, ...], ...]] = {}
"""The card-holding tuples of states already checked, by their ids (kept alive here, so an
id is not reused while it is a key): most states are copies that moved no card."""


def _check_cards(state: State) -> None:
    """The decks hold only cards of their kind, and no card is in two places at once."""
    holders = [state.mission_deck, state.mission_discard, state.action_deck, state.action_discard]
    for p in state.players:
        holders += [p.hand, p.missions, p.kept]
    key = tuple(map(id, holders))
    seen = _CHECKED.get(key)
    if seen is not None and all(a is b for a, b in zip(seen, holders, strict=True)):
        return
    for field, kind in (
        ("mission_deck", MissionCard),
        ("mission_discard", MissionCard),
        ("action_deck", ActionCard),
        ("action_discard", ActionCard),
    ):
        _set_tuple(state, field, kind, field)
    missions = [*state.mission_deck, *state.mission_discard]
    actions = [*state.action_deck, *state.action_discard]
    for p in state.players:
        missions += [*(held.card for held in p.missions), *p.kept]
        actions += p.hand
    for cards in (missions, actions):
        numbers = Counter(card.number for card in cards)  # a card's number names it
        twice = [number for number, n in numbers.items() if n > 1]
        if twice:
            same = [card for card in cards if card.number == twice[0]]
            raise IllegalActionError(
                f"{same[0]} is in two places at once (or two cards share its number): each "
                "card is in one deck, discard pile, hand or Pirate's Missions"
            )
    if len(_CHECKED) > 4096:
        _CHECKED.clear()
    holders = [state.mission_deck, state.mission_discard, state.action_deck, state.action_discard]
    for p in state.players:
        holders += [p.hand, p.missions, p.kept]
    _CHECKED[tuple(map(id, holders))] = tuple(holders)


def _battle_names(battle: Battle) -> tuple[str, ...]:
    """The two sides' names."""
    return tuple(battle.side(role).name for role in ROLES)
