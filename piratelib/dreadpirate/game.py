"""Dread Pirate's game: Ships on the sea, treasure, Missions, Action cards, battles, winning.

The state (:mod:`piratelib.dreadpirate.state`) holds the Pirates (Ship colour and square
on the sea, a :class:`~piratelib.dreadpirate.treasure.Purse` of Gold and Gems, a hand of
Action cards, their Missions), the decks, the bank, who holds the Dread Pirate Flag, the
turn's movement roll, and the game's board options: the diagonal rule and whether Ships
may pass through each other (see :mod:`piratelib.dreadpirate.board`).
:func:`legal_actions` lists what the deciding Pirate may do; :func:`resolve` applies one
action and returns its steps, each with the rule in the rulebook's words and the state
after it; :func:`apply` returns just the last state. An action that is not legal raises
:class:`~piratelib.errors.IllegalActionError` naming the rule, and changes nothing.

The sea is the board module's: :func:`sea_graph` is its graph under the game's diagonal
rule, and every :class:`Move` and :class:`Attack` is checked on it with
:func:`~piratelib.dreadpirate.board.check_move` and
:func:`~piratelib.dreadpirate.board.check_attack`. A turn starts with its movement roll,
two dice plus :func:`roll_bonus`; then one Move of up to that many squares, at most one
Attack, and :class:`EndTurn`. Where the rulebook is silent we assume, and say so in the
docstrings: ties for the first roll are rolled again and play goes round in seat order;
the Pirates start on the Cities in seat order unless told otherwise; a turn has one Move,
which may stay put, and attacking or ending the turn without one moves zero; every place a
Move passes or ends on is reached, in path order, but not the square it leaves (so a
Mission drawn at a City starts on the next arrival there); a battle task counts battles
won after the Mission starts; rewards pay what the bank has left; an empty deck is remade
from its discard pile; a battle's Action cards alternate, starting with the attacker,
until both pass.

Examples
--------
>>> state = new_game(["Ann", "Bo"], seed=3)
>>> print(state)
Ann (red Ship on Port Diablo (0, 0)): 5 Gold, 4 red Gems; 2 Action cards; Missions: 2 face
down <- turn: rolled 8
Bo (brown Ship on Lost City of Orichal (0, 19)): 5 Gold, 4 brown Gems; 2 Action cards;
Missions: 2 face down
>>> state.bank
Purse(gold=30, gems=(('red', 11), ('brown', 11), ('blue', 15), ('green', 15)))
>>> state = apply(state, Move(((0, 0), (1, 1), (2, 2))))
>>> state.active_player.square, state.roll
((2, 2), None)
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from itertools import combinations_with_replacement
from typing import Any

import networkx as nx

from piratelib import dice
from piratelib.dreadpirate import battle as fight
from piratelib.dreadpirate import board
from piratelib.dreadpirate.battle import Battle, Battler
from piratelib.dreadpirate.data import load_dreadpirate, place_name
from piratelib.dreadpirate.missions import (
    RULE_DRAW,
    RULE_GOAL,
    RULE_KEPT,
    RULE_LIMIT,
    RULE_START,
    complete,
    declare_win,
    draw_mission,
    held_card,
    reach,
)
from piratelib.dreadpirate.state import (
    ActionCard,
    Held,
    MissionCard,
    Pending,
    Pirate,
    State,
    action_deck,
    mission_deck,
)
from piratelib.dreadpirate.treasure import (
    GOLD,
    Outcome,
    Purse,
    item_words,
)
from piratelib.errors import IllegalActionError, did_you_mean
from piratelib.steps import Step

__all__ = [
    "Attack",
    "EndTurn",
    "Move",
    "Pass",
    "Pay",
    "PlayCard",
    "TakeSpoils",
    "apply",
    "decider",
    "first_player",
    "legal_actions",
    "new_game",
    "playout",
    "resolve",
    "roll_bonus",
    "sea_graph",
    "winner",
]

Square = tuple[int, int]

RULE_CORNERS = (
    "Each player chooses a Pirate Ship and places it on a separate City (large anchor) in one "
    "of the four corners of the board. No two Pirates can start in the same corner."
)
RULE_SETUP = (
    'Deal 2 Mission Cards ... Deal 2 Action Cards ... The "Treasure-Hoarder" gives each '
    "Pirate 4 Gems matching the color of the band on their Ship, and 5 Gold."
)
RULE_ONE_ATTACK = "You can only attack one Pirate each turn."
RULE_MOVED = "At the end your movement, if you are next to another Pirate, you can fight them."
RULE_TURN = "At the start of your turn, before you do anything else, roll the dice."
RULE_MOVE = (
    "You can then move up to the full amount shown on the dice, including any amount less than "
    "the total of your dice (even zero). Each square on the board is one movement space."
)
RULE_BONUS = "The Dread Pirate receives +1 to all of their rolls."


@dataclass(frozen=True)
class Move:
    """Move the active Pirate's Ship along `path`: squares from its own square, one step each.

    ``Move((square,))`` stays put (moves zero). A list of lists is turned into a tuple of
    squares, so the action can be compared and hashed.
    """

    path: tuple[Square, ...]

    def __post_init__(self) -> None:
        path = self.path
        if isinstance(path, list | tuple) and not all(type(s) is tuple for s in path):
            path = tuple(tuple(s) if isinstance(s, list) else s for s in path)
        if isinstance(path, list):
            path = tuple(path)
        object.__setattr__(self, "path", path)


@dataclass(frozen=True)
class Attack:
    """Attack `defender`, whose Ship must be next to yours, at the end of your movement."""

    defender: str


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
    """End your turn; the next Pirate's turn starts with their movement roll.

    With your Ship on a City you may `draw` a Mission, after discarding the uncompleted
    Mission `discard` if you give one.
    """

    draw: bool = False
    discard: MissionCard | None = None


Action = Move | Attack | PlayCard | Pass | TakeSpoils | Pay | EndTurn


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
    cities: Sequence[str] | None = None,
    diagonal: str = board.DEFAULT_DIAGONAL,
    pass_through: bool = True,
) -> State:
    """Set up a game for 2 to 4 Pirates in seat order, roll for who goes first, and roll.

    Each Pirate gets a Ship of a band colour, placed on a City: "Each player chooses a
    Pirate Ship and places it on a separate City (large anchor) in one of the four corners
    of the board. No two Pirates can start in the same corner." They get "4 Gems matching
    the color of the band on their Ship, and 5 Gold", and are dealt 2 Mission cards and 2
    Action cards: the first Pirate the top 2 of each deck, the next the 2 below, and so
    on. The bank keeps the rest of the Gold and Gems. Then :func:`first_player`, and the
    first Pirate's turn starts with their movement roll.

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
        The dice for who goes first and the first movement roll (e.g.
        :class:`~piratelib.dice.ScriptedRolls`).
    cities : sequence of str, optional
        Each Pirate's starting City, by id (default: seat i on
        :data:`~piratelib.dreadpirate.board.CITIES` ``[i]``). The rulebook lets the players
        choose; we assume seat order when they do not.
    diagonal : str
        The reading of "water between the two spaces" for a diagonal step, one of
        :data:`~piratelib.dreadpirate.board.DIAGONAL_RULES`.
    pass_through : bool
        Whether a Ship may move through a square another Ship holds (never end on one).

    Raises
    ------
    IllegalActionError
        For a player count other than 2 to 4, repeated names, unknown or repeated colours,
        unknown or shared Cities, an unknown diagonal rule, or decks too small to deal.

    Examples
    --------
    >>> state = new_game(["Ann", "Bo", "Cy"], colours=["green", "red", "blue"], seed=1)
    >>> [str(p.purse) for p in state.players]
    ['5 Gold, 4 green Gems', '5 Gold, 4 red Gems', '5 Gold, 4 blue Gems']
    >>> [p.square for p in state.players]
    [(0, 0), (0, 19), (12, 0)]
    >>> new_game(["Ann", "Bo"], cities=["la_antigua", "la_antigua"])
    Traceback (most recent call last):
      ...
    piratelib.errors.IllegalActionError: Ann and Bo both start on La Antigua: Each player
    chooses a Pirate Ship and places it on a separate City ... No two Pirates can start in the
    same corner.
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
    squares = _starting_squares(names, cities, diagonal)
    if not isinstance(pass_through, bool):
        raise IllegalActionError(f"pass_through must be True or False, got {pass_through!r}")
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
        bank = bank.minus(purse)
        m, a = setup["missions"], setup["actions"]
        players.append(
            Pirate(
                name,
                colour,
                purse,
                squares[i],
                hand=tuple(action_cards[i * a : (i + 1) * a]),
                missions=tuple(Held(card) for card in mission_cards[i * m : (i + 1) * m]),
            )
        )
    rolls = rolls if rolls is not None else rng
    first, _ = first_player(names, rolls)
    state = State(
        players=tuple(players),
        active=first,
        mission_deck=tuple(mission_cards[len(names) * setup["missions"] :]),
        mission_discard=(),
        action_deck=tuple(action_cards[len(names) * setup["actions"] :]),
        action_discard=(),
        bank=bank,
        seed=seed,
        diagonal=diagonal,
        pass_through=pass_through,
    )
    return _roll_for_movement(state, rolls)[0]


def sea_graph(diagonal: str = board.DEFAULT_DIAGONAL) -> nx.Graph:
    """Return the packaged sea's frozen graph under the `diagonal` rule, built once per rule.

    :func:`piratelib.dreadpirate.board.sea_graph` builds a new graph at each call; the game
    asks for its graph at every action, so it keeps one per rule.

    Raises
    ------
    IllegalActionError
        For an unknown diagonal rule.

    Examples
    --------
    >>> sea_graph() is sea_graph("one_side_water"), sea_graph("always") is sea_graph()
    (True, False)
    """
    if diagonal not in board.DIAGONAL_RULES:
        return board.sea_graph(diagonal=diagonal)  # raises, naming the four readings
    return _sea_graph(diagonal)


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
    rolls, as the rulebook says "all"; so do kept Missions' "+1 to all rolls". The
    movement roll adds the bonus the Pirate has when their turn starts (``State.roll``).

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
    """Return the actions the deciding Pirate may take; none once someone has won.

    Every action but a :class:`Move` is listed. A Move is listed once for each square the
    Ship can end on (:func:`~piratelib.dreadpirate.board.reachable`), by one shortest path
    there (avoiding the other Ships when they cannot be passed through), not by every
    path; :func:`apply` accepts any other legal path too.

    Examples
    --------
    >>> state = new_game(["Ann", "Bo"], seed=3)  # Ann on Port Diablo rolled 8
    >>> Move(((0, 0),)) in legal_actions(state), Attack("Bo") in legal_actions(state)
    (True, False)
    >>> sum(isinstance(action, Move) for action in legal_actions(state))
    72
    """
    found = [action for action in _candidates(state) if _refusal(state, action) is None]
    if state.outcome is None and state.pending is None and _move_over(state) is None:
        found = [*_moves(state), *found]
    return found


def resolve(state: State, action: Action, rng: random.Random | None = None) -> tuple[Step, ...]:
    """Apply `action` and return its steps; the last step's state is the new state.

    `rng` rolls a battle's dice, or the next Pirate's movement roll when a turn ends
    (default: seeded by the game's seed and the battle count, or the turn).

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
        rng = random.Random(
            f"{state.seed}:turn:{state.turn + 1}"
            if isinstance(action, EndTurn)
            else f"{state.seed}:battle:{state.battles}"
        )
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
    rolls the battles and the movement rolls. Returns each action with its steps.

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
    found: list[Action] = [Attack(p.name) for p in state.players if p.name != me.name]
    found += [Pay(held.card) for held in me.missions]
    found += [EndTurn(), EndTurn(draw=True)]
    found += [EndTurn(draw=True, discard=held.card) for held in me.missions]
    return found


def _moves(state: State) -> list[Move]:
    """A Move to each square the active Ship can end on, by one shortest path."""
    me = state.active_player
    G = sea_graph(state.diagonal)
    others = state.squares(but=me.name)
    rolled, bonus = _allowance(state)
    ends = board.reachable(
        G, me.square, rolled, bonus=bonus, occupied=others, pass_through=state.pass_through
    )
    ways = G if state.pass_through else G.subgraph(set(G) - set(others))
    paths = nx.single_source_shortest_path(ways, me.square, cutoff=state.roll)
    return [Move(tuple(paths[end])) for end in sorted(ends)]


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
    if isinstance(action, Move):
        return _move_refusal(state, action)
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
        G = sea_graph(state.diagonal)
        try:
            board.check_attack(G, me.square, state.player(action.defender).square)
        except IllegalActionError as error:
            return f"{me.name}'s Ship is not next to {action.defender}'s: {error}"
        return None
    if isinstance(action, Pay):
        held = held_card(me, action.card)
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


def _move_over(state: State) -> str | None:
    """Why the active Pirate may not move any more this turn, or None."""
    me = state.active_player
    if state.roll is not None:
        return None
    if state.attacked:
        return f"{me.name} has fought this turn, so their movement is over: {RULE_MOVED}"
    return f"{me.name} has moved this turn, and the turn's roll is for one move: {RULE_MOVE}"


def _move_refusal(state: State, action: Move) -> str | None:
    """Why a Move is illegal, or None: the board checks the path."""
    over = _move_over(state)
    if over is not None:
        return over
    me = state.active_player
    path = action.path
    if not (
        isinstance(path, tuple)
        and path
        and all(
            isinstance(square, tuple)
            and len(square) == 2
            and all(isinstance(x, int) and not isinstance(x, bool) for x in square)
            for square in path
        )
    ):
        return f"a Move is a path of (row, column) squares from the Ship's square, got {path!r}"
    if path[0] != me.square:
        return f"a Move starts from {me.name}'s Ship's square {me.square}, not {path[0]}"
    rolled, bonus = _allowance(state)
    try:
        board.check_move(
            sea_graph(state.diagonal),
            path,
            rolled,
            bonus=bonus,
            occupied=state.squares(but=me.name),
            pass_through=state.pass_through,
        )
    except IllegalActionError as error:
        return str(error)
    return None


def _end_refusal(state: State, action: EndTurn) -> str | None:
    """Why ending the turn this way is illegal, or None."""
    me = state.active_player
    dp = load_dreadpirate()
    if action.discard is not None and not action.draw:
        return f"a Mission is discarded only to draw another: {RULE_DRAW}"
    if not action.draw:
        return None
    place = _place(state, me.square)
    if place not in dp.cities:
        where = f"on {place_name(place)} {me.square}" if place else f"on {me.square}"
        return f"{me.name}'s Ship is {where}, not at one of the 4 Cities: {RULE_DRAW}"
    if action.discard is not None:
        if held_card(me, action.discard) is None:
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
    if isinstance(action, Move):
        return f"Move along {action.path}"
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
    return f"end the turn{draw}"


# ---------------------------------------------------------------- what actions do


def _move(state: State, action: Move, log: list[Step], rng: random.Random) -> State:
    me = state.active_player
    path, roll = action.path, state.roll
    places = [place for square in path[1:] if (place := _place(state, square)) is not None]
    state = replace(state.replace_player(me.name, square=path[-1]), roll=None)
    steps = len(path) - 1
    if steps == 0:
        text = f"{me.name}'s Ship stays on {path[0]}: 0 of {roll} spaces."
    else:
        text = f"{me.name}'s Ship moves {steps} of {roll} spaces, from {path[0]} to {path[-1]}"
        text += f", reaching {', '.join(map(place_name, places))}." if places else "."
    log.append(Step("Movement", text, RULE_MOVE, state))
    for place in places:
        state = reach(state, place, log)
        if state.outcome:
            break
    return state


def _attack(state: State, action: Attack, log: list[Step], rng: random.Random) -> State:
    me = state.active_player
    attacker, defender = _battler(state, me.name), _battler(state, action.defender)
    elsewhere = state.dread_pirate not in (None, me.name, action.defender)
    state = replace(state, attacked=True, roll=None)
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
                state = complete(state, won, held.card, log)
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
        here, there = state.player(won).square, state.player(lost).square
        state = state.replace_player(won, square=there).replace_player(lost, square=here)
        text = f"{fight.describe_switch(battle)[:-1]}: {won} to {there}, {lost} to {here}."
        log.append(Step("The Spoils of Battle", text, fight.RULE_SWITCH, state))
    return declare_win(state, won, log)


def _pay(state: State, action: Pay, log: list[Step], rng: random.Random) -> State:
    me = state.active_player
    purse, bank = me.purse, state.bank
    for item, n in action.card.info["pay"].items():
        purse, bank = purse.remove(item, n), bank.add(item, n)
    state = replace(state.replace_player(me.name, purse=purse), bank=bank)
    paid = ", ".join(item_words(item, n) for item, n in action.card.info["pay"].items())
    text = f"{me.name} pays {paid} to the bank for {action.card}."
    log.append(Step("Completing a Mission", text, RULE_GOAL["pay"], state))
    return complete(state, me.name, action.card, log)


def _end_turn(state: State, action: EndTurn, log: list[Step], rng: random.Random) -> State:
    me = state.active_player
    if action.draw:
        if action.discard is not None:
            missions = tuple(h for h in me.missions if h.card != action.discard)
            state = state.replace_player(me.name, missions=missions)
            state = replace(state, mission_discard=(*state.mission_discard, action.discard))
            text = f"{me.name} discards {action.discard} face up next to the Mission Deck."
            log.append(Step("Getting New Mission Cards", text, RULE_DRAW, state))
        state, card = draw_mission(state, log)
        missions = (*state.player(me.name).missions, Held(card))
        state = state.replace_player(me.name, missions=missions)
        city = place_name(_place(state, me.square))
        text = f"{me.name}, at {city}, draws a Mission card and keeps it secret."
        log.append(Step("Getting New Mission Cards", text, RULE_DRAW, state))
    nxt = (state.active + 1) % len(state.players)
    state = replace(state, active=nxt, attacked=False, turn=state.turn + 1)
    state, rolled, rule = _roll_for_movement(state, rng)
    text = f"{me.name} ends their turn. {state.active_player.name}'s turn starts: {rolled}"
    log.append(Step("Your Turn", text, rule, state))
    return state


_DO: dict[type, Callable[[State, Any, list[Step], random.Random], State]] = {
    Move: _move,
    Attack: _attack,
    PlayCard: _play,
    Pass: _pass,
    TakeSpoils: _take,
    Pay: _pay,
    EndTurn: _end_turn,
}


# ---------------------------------------------------------------- the sea and the roll


@functools.cache
def _sea_graph(diagonal: str) -> nx.Graph:
    """The packaged sea's graph under a known diagonal rule, built once."""
    return board.sea_graph(diagonal=diagonal)


def _place(state: State, square: Square) -> str | None:
    """The id of the place on `square`, or None."""
    return sea_graph(state.diagonal).graph["sea"].place_at(square)


def _starting_squares(
    names: Sequence[str], cities: Sequence[str] | None, diagonal: str
) -> list[Square]:
    """Each Pirate's starting square: their City's, checked (seat i on ``CITIES[i]``)."""
    G = sea_graph(diagonal)
    cities = list(cities) if cities is not None else list(board.CITIES[: len(names)])
    if len(cities) != len(names):
        raise IllegalActionError(f"{RULE_CORNERS} Give {len(names)} Cities, got {cities!r}")
    for city in cities:
        if city not in board.CITIES:
            raise IllegalActionError(
                f"{city!r} is not one of the four starting Cities: "
                f"{did_you_mean(city, board.CITIES)}choose from {', '.join(board.CITIES)}"
            )
    for i, city in enumerate(cities):
        if city in cities[:i]:
            first = names[cities.index(city)]
            raise IllegalActionError(
                f"{first} and {names[i]} both start on {place_name(city)}: {RULE_CORNERS}"
            )
    return [board.square_of(G, city) for city in cities]


def _allowance(state: State) -> tuple[int, int]:
    """The turn's roll as the board takes it: the dice's total, and the bonus on top."""
    rolled = min(sum(state.dice), state.roll, 12)
    return rolled, state.roll - rolled


def _roll_for_movement(state: State, rng: random.Random) -> tuple[State, str, str]:
    """Roll the active Pirate's movement dice, plus their bonus: the state, words and rule."""
    me = state.active_player
    faces = dice.roll(load_dreadpirate().components["dice"], rng)
    flag = load_dreadpirate().dread_pirate["roll_bonus"] if state.dread_pirate == me.name else 0
    missions = me.mission_bonus
    roll = sum(faces) + roll_bonus(state, me.name)
    words = f"{me.name} rolls {' + '.join(map(str, faces))} = {sum(faces)}"
    if flag:
        words += f", +{flag} as the Dread Pirate"
    if missions:
        words += f", +{missions} from Missions"
    if flag or missions:
        words += f": {roll}"
    words += f", and may move up to {roll} spaces."
    rule = (
        f"{RULE_TURN} {RULE_MOVE}"
        + f" {RULE_BONUS}" * bool(flag)
        + f" {RULE_KEPT}" * bool(missions)
    )
    return replace(state, dice=faces, roll=roll), words, rule


# ---------------------------------------------------------------- helpers


def _shuffled(cards: Sequence[Any], rng: random.Random) -> list[Any]:
    """A shuffled copy of `cards`."""
    cards = list(cards)
    rng.shuffle(cards)
    return cards


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
