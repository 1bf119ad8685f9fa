"""Dread Pirate's game: Pirates and their treasure, Missions, Action cards, battles, winning.

A :class:`State` is a frozen dataclass: the Pirates (Ship colour, a
:class:`~piratelib.dreadpirate.treasure.Purse` of Gold and Gems, a hand of Action cards,
their uncompleted Missions face down or started face up, and the completed Missions they
keep for a bonus), the two decks and their face-up discard piles, the bank, and who holds
the Dread Pirate Flag. :func:`legal_actions` lists what the deciding Pirate may do;
:func:`resolve` applies one action and returns its steps, each with the rule in the
rulebook's words and the state after it; :func:`apply` returns just the last state. An
action that is not legal raises :class:`~piratelib.errors.IllegalActionError` naming the
rule, and changes nothing.

Where the Ships are is the board's business (:mod:`piratelib.dreadpirate.board`): the
actions here take the place id a Ship reaches or stands on, and "next to" is the caller's
to check. Movement rolls are the board's too; :func:`roll_bonus` says what a Pirate adds to
them. Where the rulebook is silent we assume, and say so in the docstrings: ties for the
first roll are rolled again and play goes round in seat order; a Mission starts when its
Pirate reaches its Start (a Mission drawn there starts on the next arrival); a battle task
counts battles won after the Mission starts; rewards pay what the bank has left; an empty
deck is remade from its discard pile; a battle's Action cards alternate, starting with the
attacker, until both pass.

Examples
--------
>>> state = new_game(["Ann", "Bo"], seed=3)
>>> print(state)
Ann (red Ship): 5 Gold, 4 red Gems; 2 Action cards; Missions: 2 face down <- turn
Bo (brown Ship): 5 Gold, 4 brown Gems; 2 Action cards; Missions: 2 face down
>>> state.bank
Purse(gold=30, gems=(('red', 11), ('brown', 11), ('blue', 15), ('green', 15)))
>>> check_win(Purse.of(gold=20)).why
'20 Gold: Be the first pirate to collect 20 Gold, 12 Gems of a single color, or 4 Gems of
each color'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from itertools import combinations_with_replacement
from typing import Any

from piratelib import dice
from piratelib.dreadpirate import battle as fight
from piratelib.dreadpirate.battle import Battle, Battler
from piratelib.dreadpirate.data import load_dreadpirate, mission_text, place_name
from piratelib.dreadpirate.treasure import (
    GOLD,
    RULE_WINNING,
    Outcome,
    Purse,
    check_win,
    item_words,
)
from piratelib.errors import IllegalActionError, did_you_mean
from piratelib.steps import Step

__all__ = [
    "ActionCard",
    "Attack",
    "EndTurn",
    "Held",
    "MissionCard",
    "Pass",
    "Pay",
    "Pending",
    "Pirate",
    "PlayCard",
    "Reach",
    "State",
    "TakeSpoils",
    "action_deck",
    "apply",
    "decider",
    "first_player",
    "legal_actions",
    "mission_deck",
    "new_game",
    "playout",
    "resolve",
    "roll_bonus",
    "winner",
]

RULE_SETUP = (
    'Deal 2 Mission Cards ... Deal 2 Action Cards ... The "Treasure-Hoarder" gives each '
    "Pirate 4 Gems matching the color of the band on their Ship, and 5 Gold."
)
RULE_LIMIT = "Each Pirate can have only 2 uncompleted Mission Cards at any time."
RULE_DRAW = (
    "At the end of your turn, if you are at one of the 4 Cities (large anchors), you can choose "
    "to either draw a new Mission card, or to discard one of your current Missions to draw "
    "another. You can only have 2 uncompleted Missions at a time."
)
RULE_START = (
    "In order to start a Mission, you must travel to the first location listed on it, which is "
    "shown on the Mission card with a green anchor. Once activated, turn the Mission card face "
    "up for all Pirates to see."
)
RULE_GOAL = {
    "place": (
        "If that objective is a second location, the Mission is completed when you reach the "
        "second location."
    ),
    "battles": (
        "If the objective is to complete a task, the Mission is completed once the task is "
        "finished."
    ),
    "pay": (
        "If the objective is to pay Gold or Gems, pay them to the bank any time during your turn."
    ),
}
RULE_REWARD = (
    "Once a Mission is complete, you are awarded from the bank, the amount of Gold, Gems of any "
    "color, and Action Cards listed on the Mission. If there is a bonus on the Mission (for "
    "example, +1 to all rolls), then that Mission card is kept with the Pirate off to the side "
    "in order to keep track of bonuses. ... If there is no bonus, the Mission card is then "
    "discarded."
)
RULE_ACTIONS = (
    "The only way to get Action cards, besides the 2 at the start of the game, is to complete "
    "Missions."
)
RULE_ONE_ATTACK = "You can only attack one Pirate each turn."
RULE_MOVED = "At the end your movement, if you are next to another Pirate, you can fight them."
RULE_TURN = "At the start of your turn, before you do anything else, roll the dice."
RULE_MOVE = (
    "You can then move up to the full amount shown on the dice, including any amount less than "
    "the total of your dice (even zero). Each square on the board is one movement space."
)


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
    """One Pirate: name, Ship band colour, treasure, Action cards and Missions.

    ``missions`` are the uncompleted Missions (at most 2); ``kept`` the completed Missions
    kept for their bonus.
    """

    name: str
    colour: str
    purse: Purse
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

    def __str__(self) -> str:
        lines = []
        for i, p in enumerate(self.players):
            cards = f"{len(p.hand)} Action card" + "s" * (len(p.hand) != 1)
            down = sum(not held.started for held in p.missions)
            up = [str(held.card) for held in p.missions if held.started]
            missions = [f"{down} face down"] if down else []
            missions += [f"{card} face up" for card in up]
            text = f"{p.name} ({p.colour} Ship): {p.purse}; {cards}; Missions: "
            text += ", ".join(missions) or "none"
            if p.kept:
                text += "; kept: " + ", ".join(map(str, p.kept))
            if p.name == self.dread_pirate:
                text += "; the Dread Pirate"
            lines.append(text + (" <- turn" if i == self.active else ""))
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

    def treasure(self) -> Purse:
        """All Gold and Gems: the bank's and every Pirate's (always the box's)."""
        total = self.bank
        for p in self.players:
            total = _plus(total, p.purse)
        return total


@dataclass(frozen=True)
class Reach:
    """The active Pirate's Ship reaches `place` while moving (the board says it can)."""

    place: str


@dataclass(frozen=True)
class Attack:
    """Attack `defender`, whose Ship is next to yours if `adjacent` (the board's answer)."""

    defender: str
    adjacent: bool = True


@dataclass(frozen=True)
class PlayCard:
    """In a battle, play Action card `card` from your hand."""

    card: ActionCard


@dataclass(frozen=True)
class Pass:
    """In a battle, play no Action card now."""


@dataclass(frozen=True)
class TakeSpoils:
    """As the winner of a battle, take `picks` (``"gold"`` or colour ids); maybe `switch`."""

    picks: tuple[str, ...] = ()
    switch: bool = False


@dataclass(frozen=True)
class Pay:
    """Pay what started Mission `card` asks, to the bank, and complete it."""

    card: MissionCard


@dataclass(frozen=True)
class EndTurn:
    """End your turn with your Ship `at` a place (None: not at one).

    At a City you may `draw` a Mission, after discarding the uncompleted Mission `discard`
    if you give one.
    """

    at: str | None = None
    draw: bool = False
    discard: MissionCard | None = None


Action = Reach | Attack | PlayCard | Pass | TakeSpoils | Pay | EndTurn


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


def first_player(
    names: Sequence[str], rng: random.Random
) -> tuple[int, tuple[tuple[tuple[str, int], ...], ...]]:
    """Roll for who goes first: return their index and every round of rolls.

    "Each Pirate rolls the dice. Whichever rolls highest goes first!" The rulebook does not
    say what a tie does; we assume those tied for highest roll again, until one is highest.

    Examples
    --------
    >>> first_player(["Ann", "Bo", "Cy"], dice.ScriptedRolls([6, 5, 3, 3, 5, 6, 1, 1, 2, 2]))
    (2, ((('Ann', 11), ('Bo', 6), ('Cy', 11)), (('Ann', 2), ('Cy', 4))))
    """
    n = load_dreadpirate().turn_order["dice"]
    rolling = list(names)
    rounds = []
    while True:
        totals = tuple((name, sum(dice.roll(n, rng))) for name in rolling)
        rounds.append(totals)
        best = max(total for _, total in totals)
        rolling = [name for name, total in totals if total == best]
        if len(rolling) == 1:
            return list(names).index(rolling[0]), tuple(rounds)


def new_game(
    names: Sequence[str],
    *,
    colours: Sequence[str] | None = None,
    seed: int = 0,
    missions: Sequence[MissionCard] | None = None,
    actions: Sequence[ActionCard] | None = None,
    rolls: random.Random | None = None,
) -> State:
    """Set up a game for 2 to 4 Pirates in seat order, and roll for who goes first.

    Each Pirate gets a Ship of a band colour, "4 Gems matching the color of the band on
    their Ship, and 5 Gold", and is dealt 2 Mission cards and 2 Action cards: the first
    Pirate the top 2 of each deck, the next the 2 below, and so on. The bank keeps the
    rest of the Gold and Gems. Then :func:`first_player`.

    Parameters
    ----------
    names : sequence of str
        The Pirates, in seat order.
    colours : sequence of str, optional
        Each Pirate's Ship band colour (default: the first colours in data order).
    seed : int
        Shuffles the decks not given, rolls for first unless `rolls` is given, and seeds
        every later battle roll and reshuffle.
    missions, actions : sequence of cards, optional
        The decks, top first, instead of shuffled :func:`mission_deck` and
        :func:`action_deck`.
    rolls : random.Random, optional
        The dice for who goes first (e.g. :class:`~piratelib.dice.ScriptedRolls`).

    Raises
    ------
    IllegalActionError
        For a player count other than 2 to 4, repeated names, unknown or repeated colours,
        or decks too small to deal.

    Examples
    --------
    >>> state = new_game(["Ann", "Bo", "Cy"], colours=["green", "red", "blue"], seed=1)
    >>> [str(p.purse) for p in state.players]
    ['5 Gold, 4 green Gems', '5 Gold, 4 red Gems', '5 Gold, 4 blue Gems']
    >>> new_game(["Ann"])
    Traceback (most recent call last):
      ...
    piratelib.errors.IllegalActionError: Dread Pirate is played by 2 to 4 Pirates, got 1
    """
    dp = load_dreadpirate()
    setup = dp.setup
    names = list(names)
    if not setup["players_min"] <= len(names) <= setup["players_max"]:
        raise IllegalActionError(
            f"Dread Pirate is played by {setup['players_min']} to {setup['players_max']} "
            f"Pirates, got {len(names)}"
        )
    if len(set(names)) != len(names) or not all(isinstance(n, str) and n for n in names):
        raise IllegalActionError(f"Pirates need different names, got {names!r}")
    colours = list(colours) if colours is not None else list(dp.colours)[: len(names)]
    for colour in colours:
        dp.colour(colour)
    if len(colours) != len(names) or len(set(colours)) != len(colours):
        raise IllegalActionError(
            f"each Pirate chooses a different Ship: give {len(names)} different band colours, "
            f"got {colours!r}"
        )
    rng = random.Random(seed)
    mission_cards = list(missions) if missions is not None else _shuffled(mission_deck(), rng)
    action_cards = list(actions) if actions is not None else _shuffled(action_deck(), rng)
    for deck, each, what in (
        (mission_cards, setup["missions"], "Mission"),
        (action_cards, setup["actions"], "Action"),
    ):
        if len(deck) < each * len(names):
            raise IllegalActionError(
                f"{RULE_SETUP} {len(names)} Pirates need {each * len(names)} {what} cards, "
                f"got {len(deck)}"
            )
    bank = Purse.of(dp.components["gold"], **dict.fromkeys(dp.colours, dp.gems["per_colour"]))
    players = []
    for i, (name, colour) in enumerate(zip(names, colours, strict=True)):
        purse = Purse.of(setup["gold"], **{colour: setup["gems"]})
        bank = _minus(bank, purse)
        m, a = setup["missions"], setup["actions"]
        players.append(
            Pirate(
                name,
                colour,
                purse,
                hand=tuple(action_cards[i * a : (i + 1) * a]),
                missions=tuple(Held(card) for card in mission_cards[i * m : (i + 1) * m]),
            )
        )
    first, _ = first_player(names, rolls if rolls is not None else rng)
    return State(
        players=tuple(players),
        active=first,
        mission_deck=tuple(mission_cards[len(names) * setup["missions"] :]),
        mission_discard=(),
        action_deck=tuple(action_cards[len(names) * setup["actions"] :]),
        action_discard=(),
        bank=bank,
        seed=seed,
    )


def winner(state: State) -> Outcome | None:
    """Return the game's win, if someone has won.

    Examples
    --------
    >>> winner(new_game(["Ann", "Bo"])) is None
    True
    """
    return state.outcome


def roll_bonus(state: State, name: str) -> int:
    """What Pirate `name` adds to all of their rolls: the Flag's +1 and kept Mission bonuses.

    "The Dread Pirate receives +1 to all of their rolls" - movement rolls as well as battle
    rolls, as the rulebook says "all".

    Examples
    --------
    >>> state = new_game(["Ann", "Bo"])
    >>> roll_bonus(state, "Ann"), roll_bonus(replace(state, dread_pirate="Ann"), "Ann")
    (0, 1)
    """
    bonus = state.player(name).mission_bonus
    if state.dread_pirate == name:
        bonus += load_dreadpirate().dread_pirate["roll_bonus"]
    return bonus


def decider(state: State) -> str:
    """Return the name of the Pirate who must act next.

    In a battle, whoever may play a card or take the spoils; otherwise the active Pirate.
    """
    return state.pending.player if state.pending else state.active_player.name


def legal_actions(state: State) -> list[Action]:
    """Return every action the deciding Pirate may take; none once someone has won.

    The board decides where a Ship can go and who is next to whom: every place may be
    reached and every other Pirate attacked, as far as this module knows.

    Examples
    --------
    >>> state = new_game(["Ann", "Bo"], seed=3)
    >>> Attack("Bo") in legal_actions(state), Attack("Ann") in legal_actions(state)
    (True, False)
    """
    return [action for action in _candidates(state) if _refusal(state, action) is None]


def resolve(state: State, action: Action, rng: random.Random | None = None) -> tuple[Step, ...]:
    """Apply `action` and return its steps; the last step's state is the new state.

    `rng` rolls a battle's dice (default: seeded by the game's seed and battle count).

    Raises
    ------
    IllegalActionError
        If the action is not legal; the message names the action, the rule and the state.

    Examples
    --------
    >>> state = new_game(["Ann", "Bo"], seed=3)
    >>> resolve(state, Attack("Ann"))
    Traceback (most recent call last):
      ...
    piratelib.errors.IllegalActionError: Ann cannot Attack Ann: Ann cannot attack their own
    Ship (turn 1, Ann's turn)
    """
    reason = _refusal(state, action)
    if reason is not None:
        raise IllegalActionError(
            f"{decider(state)} cannot {_describe(action)}: {reason} "
            f"(turn {state.turn}, {state.active_player.name}'s turn)"
        )
    if rng is None:
        rng = random.Random(f"{state.seed}:battle:{state.battles}")
    log: list[Step] = []
    state = _DO[type(action)](state, action, log, rng)
    assert log and log[-1].state is state, "every change is recorded as a step"
    return tuple(log)


def apply(state: State, action: Action, rng: random.Random | None = None) -> State:
    """Apply `action` and return the new state.

    Raises
    ------
    IllegalActionError
        If the action is not legal.
    """
    return resolve(state, action, rng)[-1].state


def playout(
    state: State,
    rng: random.Random,
    *,
    policy: Callable[[State, list[Action], random.Random], Action] | None = None,
    max_actions: int = 5_000,
) -> list[tuple[Action, tuple[Step, ...]]]:
    """Play from `state` until someone wins or `max_actions`, choosing with `policy`.

    The default policy picks uniformly among the legal actions with `rng`, which also
    rolls the battles. Returns each action with its steps.

    Examples
    --------
    >>> history = playout(new_game(["Ann", "Bo", "Cy"], seed=2), random.Random(2))
    >>> len(history) > 0
    True
    """
    policy = policy or (lambda s, actions, r: r.choice(actions))
    history = []
    for _ in range(max_actions):
        actions = legal_actions(state)
        if not actions:
            break
        action = policy(state, actions, rng)
        steps = resolve(state, action, rng)
        history.append((action, steps))
        state = steps[-1].state
    return history


# ---------------------------------------------------------------- what may be done


def _candidates(state: State) -> list[Action]:
    """Every action worth checking in this state (legal or not)."""
    if state.outcome is not None:
        return []
    pending = state.pending
    if pending is not None:
        if pending.kind == "cards":
            return [*(PlayCard(c) for c in state.player(pending.player).hand), Pass()]
        loser = state.player(_side_name(pending.battle, _other(pending.battle.winner))).purse
        due = fight.spoils_due(_with_purses(state, pending.battle))
        return [
            TakeSpoils(picks, switch)
            for picks in _pick_sets(loser, due)
            for switch in (False, True)
        ]
    me = state.active_player
    dp = load_dreadpirate()
    found: list[Action] = [Reach(place) for place in dp.places]
    found += [Attack(p.name) for p in state.players if p.name != me.name]
    found += [Pay(held.card) for held in me.missions]
    found += [EndTurn(at) for at in (None, *dp.places)]
    for city in dp.cities:
        found.append(EndTurn(city, draw=True))
        found += [EndTurn(city, draw=True, discard=held.card) for held in me.missions]
    return found


def _refusal(state: State, action: Action) -> str | None:
    """Why `action` is illegal in `state`, in the rulebook's words; None if it is legal."""
    if state.outcome is not None:
        return f"the game is over: {state.outcome.winner} won with {state.outcome.why}"
    pending = state.pending
    if pending is not None:
        wants = (PlayCard, Pass) if pending.kind == "cards" else (TakeSpoils,)
        if not isinstance(action, wants):
            return f"the battle is waiting for {pending.player} to " + (
                "play an Action card or pass" if pending.kind == "cards" else "take the spoils"
            )
        return _battle_refusal(state, action)
    if isinstance(action, (PlayCard, Pass, TakeSpoils)):
        return "there is no battle going on"
    me = state.active_player
    dp = load_dreadpirate()
    if isinstance(action, Reach):
        if action.place not in dp.places:
            return f"unknown place {action.place!r}: {did_you_mean(action.place, dp.places)}"
        if state.attacked:
            return f"{me.name} has fought this turn, so their movement is over: {RULE_MOVED}"
        return None
    if isinstance(action, Attack):
        if action.defender == me.name:
            return f"{me.name} cannot attack their own Ship"
        if action.defender not in state.names:
            return (
                f"{action.defender!r} is not a Pirate in this game: "
                f"{did_you_mean(action.defender, state.names)}"
            )
        if state.attacked:
            return f"{me.name} has attacked this turn: {RULE_ONE_ATTACK}"
        if not action.adjacent:
            return f"{me.name}'s Ship is not next to {action.defender}'s: {RULE_MOVED}"
        return None
    if isinstance(action, Pay):
        held = _held(me, action.card)
        if held is None:
            return f"{action.card} is not an uncompleted Mission of {me.name}'s"
        kind = held.card.info["goal_kind"]
        if kind != "pay":
            return f"{action.card} is not completed by paying: {RULE_GOAL[kind]}"
        if not held.started:
            return f"{action.card} has not started: {RULE_START}"
        for item, n in held.card.info["pay"].items():
            if me.purse.count(item) < n:
                return (
                    f"{me.name} cannot pay {item_words(item, n)}: they have {me.purse.count(item)}"
                )
        return None
    return _end_refusal(state, action)


def _battle_refusal(state: State, action: Action) -> str | None:
    """Why a battle decision is illegal, or None."""
    pending = state.pending
    me = state.player(pending.player)
    if isinstance(action, Pass):
        return None
    if isinstance(action, PlayCard):
        if action.card not in me.hand:
            return f"{action.card} is not in {me.name}'s hand"
        return fight.card_refusal(
            pending.battle, _role_of(pending.battle, me.name), action.card.kind
        )
    if not isinstance(action.switch, bool):
        return f"switch must be True or False, got {action.switch!r}"
    battle = pending.battle
    won = battle.winner == "attacker"
    winner_purse = state.player(_side_name(battle, battle.winner)).purse
    loser_purse = state.player(_side_name(battle, _other(battle.winner))).purse
    try:
        fight.take_spoils(winner_purse, loser_purse, action.picks, attacker_won=won)
    except IllegalActionError as error:
        return str(error)
    return None


def _end_refusal(state: State, action: EndTurn) -> str | None:
    """Why ending the turn this way is illegal, or None."""
    me = state.active_player
    dp = load_dreadpirate()
    if action.at is not None and action.at not in dp.places:
        return f"unknown place {action.at!r}: {did_you_mean(action.at, dp.places)}"
    if action.discard is not None and not action.draw:
        return f"a Mission is discarded only to draw another: {RULE_DRAW}"
    if not action.draw:
        return None
    if action.at not in dp.cities:
        where = place_name(action.at) if action.at else "not at a place"
        return f"{me.name}'s Ship is {where}, not at one of the 4 Cities: {RULE_DRAW}"
    if action.discard is not None:
        if _held(me, action.discard) is None:
            return f"{action.discard} is not an uncompleted Mission of {me.name}'s"
    elif len(me.missions) >= dp.setup["max_uncompleted"]:
        return (
            f"{me.name} has {len(me.missions)} uncompleted Missions and cannot draw another "
            f"without discarding one: {RULE_LIMIT}"
        )
    if not state.mission_deck and not (state.mission_discard or action.discard):
        return "no Mission card is left to draw"
    return None


def _describe(action: Action) -> str:
    """An action in words, for messages."""
    if isinstance(action, Reach):
        return f"Reach {action.place}"
    if isinstance(action, Attack):
        return f"Attack {action.defender}"
    if isinstance(action, PlayCard):
        return f"play {action.card}"
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, TakeSpoils):
        return f"take {', '.join(action.picks) or 'nothing'}" + " and switch" * action.switch
    if isinstance(action, Pay):
        return f"pay for {action.card}"
    draw = ""
    if action.draw:
        draw = " and draw a Mission" + (f", discarding {action.discard}" if action.discard else "")
    return f"end the turn at {action.at}{draw}"


# ---------------------------------------------------------------- what actions do


def _reach(state: State, action: Reach, log: list[Step], rng: random.Random) -> State:
    me = state.active_player
    name = place_name(action.place)
    log.append(Step("Movement", f"{me.name}'s Ship reaches {name}.", RULE_MOVE, state))
    for held in me.missions:
        if not held.started and held.card.info["start"] == action.place:
            missions = tuple(
                replace(h, started=True) if h == held else h for h in state.active_player.missions
            )
            state = state.replace_player(me.name, missions=missions)
            text = f"{me.name} reaches {name} and turns {held.card} face up: it has started."
            log.append(Step("Starting a Mission", text, RULE_START, state))
    for held in state.active_player.missions:
        info = held.card.info
        if held.started and info["goal_kind"] == "place" and info["goal"] == action.place:
            text = f"{me.name} reaches {name}, the goal of {held.card}."
            log.append(Step("Completing a Mission", text, RULE_GOAL["place"], state))
            state = _complete(state, me.name, held.card, log)
            if state.outcome:
                return state
    return state


def _attack(state: State, action: Attack, log: list[Step], rng: random.Random) -> State:
    me = state.active_player
    attacker, defender = _battler(state, me.name), _battler(state, action.defender)
    elsewhere = state.dread_pirate not in (None, me.name, action.defender)
    state = replace(state, attacked=True)
    battle = fight.roll_battle(attacker, defender, rng, flag_elsewhere=elsewhere)
    log.append(Step("Battle", fight.describe_attack(battle), fight.RULE_ATTACK, state))
    state = replace(state, pending=Pending("cards", battle, me.name), battles=state.battles + 1)
    for role in fight.ROLES:
        text = fight.describe_roll(battle, role)
        log.append(Step("Battle: roll", text, fight.RULE_ROLL[role], state))
    return _advance(state, log)


def _play(state: State, action: PlayCard, log: list[Step], rng: random.Random) -> State:
    pending = state.pending
    me = state.player(pending.player)
    role = _role_of(pending.battle, me.name)
    battle = fight.play_card(pending.battle, role, action.card.kind)
    hand = tuple(card for card in me.hand if card != action.card)
    state = state.replace_player(me.name, hand=hand)
    state = replace(state, action_discard=(*state.action_discard, action.card))
    if battle.dread_pirate == role:
        state = replace(state, dread_pirate=me.name)
    other = _side_name(battle, _other(role))
    state = replace(state, pending=Pending("cards", battle, other, 0))
    text = fight.describe_card(pending.battle, battle, role, action.card.kind)
    log.append(Step("Battle: Action card", text, fight.RULE_CARDS, state))
    return _advance(state, log)


def _pass(state: State, action: Pass, log: list[Step], rng: random.Random) -> State:
    pending = state.pending
    other = _side_name(pending.battle, _other(_role_of(pending.battle, pending.player)))
    state = replace(state, pending=replace(pending, player=other, passes=pending.passes + 1))
    log.append(
        Step("Battle: Action card", f"{pending.player} plays no card.", fight.RULE_CARDS, state)
    )
    return _advance(state, log)


def _advance(state: State, log: list[Step]) -> State:
    """Skip whoever has no card to play; once both pass in a row, decide the battle."""
    pending = state.pending
    while pending.passes < 2:
        role = _role_of(pending.battle, pending.player)
        hand = state.player(pending.player).hand
        if any(fight.card_refusal(pending.battle, role, c.kind) is None for c in hand):
            return state
        other = _side_name(pending.battle, _other(role))
        text = f"{pending.player} has no Action card to play as the {role}."
        pending = replace(pending, player=other, passes=pending.passes + 1)
        state = replace(state, pending=pending)
        log.append(Step("Battle: Action card", text, fight.RULE_CARDS, state))
    return _decide(state, log)


def _decide(state: State, log: list[Step]) -> State:
    """All cards are played: the winner, the Flag, battle tasks, then the spoils."""
    battle = fight.decide(state.pending.battle)
    won, lost = _side_name(battle, battle.winner), _side_name(battle, _other(battle.winner))
    state = replace(state, pending=None)
    log.append(Step("Battle: winner", fight.describe_winner(battle), fight.RULE_WINNER, state))
    if battle.flag_after is not None:
        state = replace(state, dread_pirate=_side_name(battle, battle.flag_after))
    log.append(Step("The Dread Pirate", fight.describe_flag(battle), fight.RULE_FLAG, state))
    for held in state.player(won).missions:
        if held.started and held.card.info["goal_kind"] == "battles":
            wins = held.wins + 1
            missions = tuple(
                replace(h, wins=wins) if h == held else h for h in state.player(won).missions
            )
            state = state.replace_player(won, missions=missions)
            need = held.card.info["count"]
            if wins >= need:
                text = f"{won} has won {wins} battles since starting {held.card}."
                log.append(Step("Completing a Mission", text, RULE_GOAL["battles"], state))
                state = _complete(state, won, held.card, log)
                if state.outcome:
                    return state
    battle = _with_purses(state, battle)
    state = replace(state, pending=Pending("spoils", battle, won))
    due = fight.spoils_due(battle)
    text = f"{won} may take {due} item{'s' * (due != 1)} from {lost}, and may switch spaces."
    log.append(Step("The Spoils of Battle", text, fight.RULE_SPOILS[battle.winner], state))
    return state


def _take(state: State, action: TakeSpoils, log: list[Step], rng: random.Random) -> State:
    battle = state.pending.battle
    won, lost = _side_name(battle, battle.winner), _side_name(battle, _other(battle.winner))
    got, left = fight.take_spoils(
        state.player(won).purse,
        state.player(lost).purse,
        action.picks,
        attacker_won=battle.winner == "attacker",
    )
    state = replace(
        state.replace_player(won, purse=got).replace_player(lost, purse=left), pending=None
    )
    text = fight.describe_spoils(battle, action.picks)
    log.append(Step("The Spoils of Battle", text, fight.RULE_SPOILS[battle.winner], state))
    if action.switch:
        log.append(
            Step("The Spoils of Battle", fight.describe_switch(battle), fight.RULE_SWITCH, state)
        )
    return _check_win(state, won, log)


def _pay(state: State, action: Pay, log: list[Step], rng: random.Random) -> State:
    me = state.active_player
    purse, bank = me.purse, state.bank
    for item, n in action.card.info["pay"].items():
        purse, bank = purse.remove(item, n), bank.add(item, n)
    state = replace(state.replace_player(me.name, purse=purse), bank=bank)
    paid = ", ".join(item_words(item, n) for item, n in action.card.info["pay"].items())
    text = f"{me.name} pays {paid} to the bank for {action.card}."
    log.append(Step("Completing a Mission", text, RULE_GOAL["pay"], state))
    return _complete(state, me.name, action.card, log)


def _end_turn(state: State, action: EndTurn, log: list[Step], rng: random.Random) -> State:
    me = state.active_player
    if action.draw:
        if action.discard is not None:
            missions = tuple(h for h in me.missions if h.card != action.discard)
            state = state.replace_player(me.name, missions=missions)
            state = replace(state, mission_discard=(*state.mission_discard, action.discard))
            text = f"{me.name} discards {action.discard} face up next to the Mission Deck."
            log.append(Step("Getting New Mission Cards", text, RULE_DRAW, state))
        state, card = _draw_mission(state, log)
        missions = (*state.player(me.name).missions, Held(card))
        state = state.replace_player(me.name, missions=missions)
        text = f"{me.name}, at {place_name(action.at)}, draws a Mission card and keeps it secret."
        log.append(Step("Getting New Mission Cards", text, RULE_DRAW, state))
    nxt = (state.active + 1) % len(state.players)
    state = replace(state, active=nxt, attacked=False, turn=state.turn + 1)
    text = f"{me.name} ends their turn; {state.active_player.name}'s turn starts with a roll."
    log.append(Step("Your Turn", text, RULE_TURN, state))
    return state


_DO: dict[type, Callable[[State, Any, list[Step], random.Random], State]] = {
    Reach: _reach,
    Attack: _attack,
    PlayCard: _play,
    Pass: _pass,
    TakeSpoils: _take,
    Pay: _pay,
    EndTurn: _end_turn,
}


# ---------------------------------------------------------------- Missions and the bank


def _complete(state: State, name: str, card: MissionCard, log: list[Step]) -> State:
    """Award a completed Mission's rewards from the bank; keep it for a bonus or discard it."""
    info = card.info
    me = state.player(name)
    purse, bank = me.purse, state.bank
    got = []
    for item, n in info["reward"].items():
        if item == "actions":
            continue
        paid = min(n, bank.count(item))
        if paid:
            purse, bank = purse.add(item, paid), bank.remove(item, paid)
            got.append(item_words(item, paid))
    missions = tuple(h for h in me.missions if h.card != card)
    state = replace(state.replace_player(name, purse=purse, missions=missions), bank=bank)
    drawn = []
    for _ in range(info["reward"].get("actions", 0)):
        state, action = _draw_action(state, log)
        if action is None:
            break
        drawn.append(action)
        state = state.replace_player(name, hand=(*state.player(name).hand, action))
    if drawn:
        got.append(f"{len(drawn)} Action card" + "s" * (len(drawn) != 1))
    if info["bonus"]:
        state = state.replace_player(name, kept=(*state.player(name).kept, card))
        after = f"keeps it for its bonus: {info['bonus']}"
    else:
        state = replace(state, mission_discard=(*state.mission_discard, card))
        after = "discards it"
    reward = ", ".join(got) or "nothing (the bank is empty)"
    text = f"{name} completes {card}, is awarded {reward} from the bank, and {after}."
    rule = RULE_REWARD + (f" {RULE_ACTIONS}" if drawn else "")
    log.append(Step("Completing a Mission", text, rule, state))
    return _check_win(state, name, log)


def _check_win(state: State, name: str, log: list[Step]) -> State:
    """End the game if `name`'s treasure wins it."""
    outcome = check_win(state.player(name))
    if outcome is None:
        return state
    state = replace(state, outcome=outcome, pending=None)
    log.append(Step("Winning", f"{name} wins with {outcome.why}", RULE_WINNING, state))
    return state


def _draw_mission(state: State, log: list[Step]) -> tuple[State, MissionCard]:
    """Draw the Mission deck's top card, remaking the deck from its discards if empty."""
    if not state.mission_deck:
        state = _reshuffle(state, "mission", log)
    return replace(state, mission_deck=state.mission_deck[1:]), state.mission_deck[0]


def _draw_action(state: State, log: list[Step]) -> tuple[State, ActionCard | None]:
    """Draw the Action deck's top card (remade from its discards if empty), or None."""
    if not state.action_deck:
        state = _reshuffle(state, "action", log)
    if not state.action_deck:
        return state, None
    return replace(state, action_deck=state.action_deck[1:]), state.action_deck[0]


def _reshuffle(state: State, deck: str, log: list[Step]) -> State:
    """An empty deck is remade by shuffling its discard pile (assumed)."""
    cards = list(getattr(state, f"{deck}_discard"))
    if not cards:
        return state
    random.Random(f"{state.seed}:shuffle:{state.shuffles}").shuffle(cards)
    state = replace(
        state, **{f"{deck}_deck": tuple(cards), f"{deck}_discard": ()}, shuffles=state.shuffles + 1
    )
    text = (
        f"The {deck.capitalize()} Deck is empty: its {len(cards)} discards are shuffled into a "
        "new deck (assumed; the rulebook does not say)."
    )
    log.append(Step("Decks", text, load_dreadpirate().bank["why"], state))
    return state


# ---------------------------------------------------------------- helpers


def _shuffled(cards: Sequence[Any], rng: random.Random) -> list[Any]:
    """A shuffled copy of `cards`."""
    cards = list(cards)
    rng.shuffle(cards)
    return cards


def _plus(a: Purse, b: Purse) -> Purse:
    """Two purses together."""
    gems = {c: a.gem(c) + b.gem(c) for c in load_dreadpirate().colours}
    return Purse.of(a.gold + b.gold, **gems)


def _minus(a: Purse, b: Purse) -> Purse:
    """Purse `a` without what `b` holds."""
    a = a.remove(GOLD, b.gold) if b.gold else a
    for colour, n in b.gems:
        a = a.remove(colour, n)
    return a


def _held(pirate: Pirate, card: MissionCard) -> Held | None:
    """`pirate`'s uncompleted Mission `card`, or None."""
    return next((held for held in pirate.missions if held.card == card), None)


def _battler(state: State, name: str) -> Battler:
    """Pirate `name` as a side of a battle."""
    p = state.player(name)
    return Battler(name, p.purse, state.dread_pirate == name, p.mission_bonus)


def _side_name(battle: Battle, role: str) -> str:
    """The name of the Pirate in `role`."""
    return battle.side(role).name


def _role_of(battle: Battle, name: str) -> str:
    """The role Pirate `name` has in `battle`."""
    return "attacker" if battle.attacker.name == name else "defender"


def _other(role: str) -> str:
    """The other battle role."""
    return "defender" if role == "attacker" else "attacker"


def _with_purses(state: State, battle: Battle) -> Battle:
    """`battle` with both sides' purses as they are in `state`."""
    for role in fight.ROLES:
        side = battle.side(role)
        battle = battle.with_side(role, replace(side, purse=state.player(side.name).purse))
    return battle


def _pick_sets(loser: Purse, due: int) -> Iterator[tuple[str, ...]]:
    """Every choice of `due` items from `loser`'s purse, each once, in item order."""
    items = [item for item in (GOLD, *load_dreadpirate().colours) if loser.count(item)]
    for picks in combinations_with_replacement(items, due):
        if all(picks.count(item) <= loser.count(item) for item in set(picks)):
            yield picks
