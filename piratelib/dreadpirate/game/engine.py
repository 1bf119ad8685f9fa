"""Dread Pirate's game: Ships on the sea, treasure, Missions, Action cards, battles, winning.

The state (:mod:`piratelib.dreadpirate.game.state`) holds the Pirates (Ship colour and square
on the sea, a :class:`~piratelib.dreadpirate.treasure.Purse` of Gold and Gems, a hand of
Action cards, their Missions), the decks, the bank, who holds the Dread Pirate Flag, the
turn's movement roll, and the game's board options: the diagonal rule and whether Ships
may pass through each other (see :mod:`piratelib.dreadpirate.sea`).
:func:`legal_actions` lists what the deciding Pirate may do; :func:`resolve` applies one
action and returns its steps, each with the rule in the rulebook's words and the state
after it; :func:`apply` returns just the last state. An action that is not legal raises
:class:`~piratelib.errors.IllegalActionError` naming the rule, and changes nothing.
This module is the engine: what each action does lives with its part of the rulebook -
the actions in :mod:`~piratelib.dreadpirate.game.actions`, Set Up in
:mod:`~piratelib.dreadpirate.game.setup`, the roll, Movement and the end of a turn in
:mod:`~piratelib.dreadpirate.game.turn`, battles in :mod:`~piratelib.dreadpirate.game.attack`, and
paying for a Mission in :mod:`~piratelib.dreadpirate.game.missions` - and this module
re-exports the names it always offered.

The sea is the board module's: :func:`sea_graph` is its graph under the game's diagonal
rule, and every :class:`Move` and :class:`Attack` is checked on it with
:func:`~piratelib.dreadpirate.sea.movement.check_move` and
:func:`~piratelib.dreadpirate.sea.movement.check_attack`. A turn starts with its movement roll,
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

import random
from collections.abc import Callable, Sequence
from typing import Any

from piratelib.dreadpirate.data import load_dreadpirate
from piratelib.dreadpirate.game.actions import (
    Action,
    Attack,
    EndTurn,
    Move,
    Pass,
    Pay,
    PlayCard,
    TakeSpoils,
    check_action,
)
from piratelib.dreadpirate.game.attack import (
    RULE_ONE_ATTACK,
    attack_refusal,
    battle_actions,
    battle_refusal,
    claim_spoils,
    pass_card,
    play_action_card,
    start_battle,
)
from piratelib.dreadpirate.game.missions import pay_mission, pay_refusal
from piratelib.dreadpirate.game.setup import (
    RULE_CORNERS,
    RULE_SETUP,
    first_player,
    starting_squares,
)
from piratelib.dreadpirate.game.state import (
    ActionCard,
    Held,
    MissionCard,
    Pirate,
    State,
    action_deck,
    check_state,
    mission_deck,
)
from piratelib.dreadpirate.game.turn import (
    RULE_BONUS,
    RULE_MOVE,
    RULE_MOVED,
    RULE_TURN,
    end_refusal,
    end_turn,
    legal_moves,
    move_over,
    move_refusal,
    move_ship,
    roll_bonus,
    roll_for_movement,
    sea_graph,
)
from piratelib.dreadpirate.sea.grid import DEFAULT_DIAGONAL
from piratelib.dreadpirate.treasure import Outcome, Purse
from piratelib.errors import IllegalActionError, check_whole
from piratelib.steps import Step, play_out

__all__ = [
    "RULE_BONUS",
    "RULE_CORNERS",
    "RULE_MOVE",
    "RULE_MOVED",
    "RULE_ONE_ATTACK",
    "RULE_SETUP",
    "RULE_TURN",
    "Action",
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


def new_game(
    names: Sequence[str],
    *,
    colours: Sequence[str] | None = None,
    seed: int = 0,
    missions: Sequence[MissionCard] | None = None,
    actions: Sequence[ActionCard] | None = None,
    rolls: random.Random | None = None,
    cities: Sequence[str] | None = None,
    diagonal: str = DEFAULT_DIAGONAL,
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
        :data:`~piratelib.dreadpirate.sea.grid.CITIES` ``[i]``). The rulebook lets the players
        choose; we assume seat order when they do not.
    diagonal : str
        The reading of "water between the two spaces" for a diagonal step, one of
        :data:`~piratelib.dreadpirate.sea.grid.DIAGONAL_RULES`.
    pass_through : bool
        Whether a Ship may move through a square another Ship holds (never end on one).

    Raises
    ------
    IllegalActionError
        For a player count other than 2 to 4, repeated names, unknown or repeated colours,
        unknown or shared Cities, an unknown diagonal rule, a seed that is not a whole
        number, or decks too small to deal, holding something other than cards of their
        kind, or holding a card twice.

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
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise IllegalActionError(f"seed must be a whole number, got {seed!r}")
    _check_rng(rolls)
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
    squares = starting_squares(names, cities, diagonal)
    if not isinstance(pass_through, bool):
        raise IllegalActionError(f"pass_through must be True or False, got {pass_through!r}")
    rng = random.Random(seed)
    mission_cards = list(missions) if missions is not None else _shuffled(mission_deck(), rng)
    action_cards = list(actions) if actions is not None else _shuffled(action_deck(), rng)
    for deck, each, what, kind in (
        (mission_cards, setup["missions"], "Mission", MissionCard),
        (action_cards, setup["actions"], "Action", ActionCard),
    ):
        for card in deck:
            if not isinstance(card, kind):
                raise IllegalActionError(f"the {what} deck holds {kind.__name__}s, got {card!r}")
        if len(set(deck)) != len(deck):
            twice = next(card for card in deck if deck.count(card) > 1)
            raise IllegalActionError(f"the {what} deck holds {twice} twice: each card is one card")
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
    return roll_for_movement(state, rolls)[0]


def winner(state: State) -> Outcome | None:
    """Return the game's win, if someone has won.

    Examples
    --------
    >>> winner(new_game(["Ann", "Bo"])) is None
    True
    """
    return check_state(state).outcome


def decider(state: State) -> str:
    """Return the name of the Pirate who must act next.

    In a battle, whoever may play a card or take the spoils; otherwise the active Pirate.
    """
    check_state(state)
    return state.pending.player if state.pending else state.active_player.name


def legal_actions(state: State) -> list[Action]:
    """Return the actions the deciding Pirate may take; none once someone has won.

    Every action but a :class:`Move` is listed. A Move is listed once for each square the
    Ship can end on (:func:`~piratelib.dreadpirate.sea.movement.reachable`), by one shortest path
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
    check_state(state)
    found = [action for action in _candidates(state) if _refusal(state, action) is None]
    if state.outcome is None and state.pending is None and move_over(state) is None:
        found = [*legal_moves(state), *found]
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
    check_state(state)
    try:
        check_action(action)
    except IllegalActionError as error:
        raise IllegalActionError(
            f"{decider(state)} cannot act: {error} "
            f"(turn {state.turn}, {state.active_player.name}'s turn)"
        ) from None
    _check_rng(rng)
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
    after: State = resolve(state, action, rng)[-1].state
    return after


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
    check_state(state)
    if not isinstance(rng, random.Random):
        raise TypeError(f"rng must be a random.Random, got {rng!r}")
    if policy is not None and not callable(policy):
        raise TypeError(f"policy must be a function of (state, actions, rng), got {policy!r}")
    check_whole("max_actions", max_actions, 0, _MOST_ACTIONS, error=IllegalActionError)
    return play_out(state, rng, legal_actions, resolve, policy, max_actions)


_MOST_ACTIONS = 10**7  # the most actions a playout may be asked to play


def _check_rng(rng: object) -> None:
    """`rng` must be None or a random.Random (such as ScriptedRolls)."""
    if rng is not None and not isinstance(rng, random.Random):
        raise TypeError(f"rng must be None or a random.Random, got {rng!r}")


def _candidates(state: State) -> list[Action]:
    """Every action worth checking in this state (legal or not)."""
    if state.outcome is not None:
        return []
    if state.pending is not None:
        return battle_actions(state)
    me = state.active_player
    found: list[Action] = [Attack(p.name) for p in state.players if p.name != me.name]
    found += [Pay(held.card) for held in me.missions]
    found += [EndTurn(), EndTurn(draw=True)]
    found += [EndTurn(draw=True, discard=held.card) for held in me.missions]
    return found


def _refusal(state: State, action: Action) -> str | None:
    """Why `action` is illegal in `state`, in the rulebook's words; None if it is legal."""
    if state.outcome is not None:
        return f"the game is over: {state.outcome.winner} won with {state.outcome.why}"
    if state.pending is not None:
        return battle_refusal(state, action)
    if isinstance(action, (PlayCard, Pass, TakeSpoils)):
        return "there is no battle going on"
    if isinstance(action, Move):
        return move_refusal(state, action)
    if isinstance(action, Attack):
        return attack_refusal(state, action)
    if isinstance(action, Pay):
        return pay_refusal(state, action)
    return end_refusal(state, action)


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


_DO: dict[type, Callable[[State, Any, list[Step], random.Random], State]] = {
    Move: move_ship,
    Attack: start_battle,
    PlayCard: play_action_card,
    Pass: pass_card,
    TakeSpoils: claim_spoils,
    Pay: pay_mission,
    EndTurn: end_turn,
}


def _shuffled(cards: Sequence[Any], rng: random.Random) -> list[Any]:
    """A shuffled copy of `cards`."""
    cards = list(cards)
    rng.shuffle(cards)
    return cards
