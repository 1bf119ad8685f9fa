"""Dread Pirate's turn: the movement roll, Movement on the game's sea, and ending the turn.

Your Turn: "At the start of your turn, before you do anything else, roll the dice. You can
then move up to the full amount shown on the dice, including any amount less than the
total of your dice (even zero)." The roll adds the Pirate's :func:`roll_bonus`. These
functions read and change a :class:`~piratelib.dreadpirate.game.state.State` for
:mod:`piratelib.dreadpirate.game`: :func:`legal_moves` and :func:`move_refusal` say which
:class:`~piratelib.dreadpirate.game.actions.Move` is legal (the board checks each path),
:func:`move_ship` makes one, and :func:`end_turn` ends the turn, drawing a Mission at a
City ("Getting New Mission Cards") and rolling for the next Pirate. Each change appends
its :class:`~piratelib.steps.Step` to a log. We assume a turn has one Move, which may stay
put, and that a Move reaches every place it passes or ends on, in path order.

Examples
--------
>>> from piratelib.dreadpirate.game import new_game
>>> state = new_game(["Ann", "Bo"], seed=3)
>>> state.roll, len(legal_moves(state)), move_over(state) is None
(8, 72, True)
"""

from __future__ import annotations

import functools
import random
from dataclasses import replace

import networkx as nx

from piratelib import dice
from piratelib.dreadpirate.data import load_dreadpirate, place_name
from piratelib.dreadpirate.game.actions import EndTurn, Move, check_action, path_refusal
from piratelib.dreadpirate.game.missions import (
    RULE_DRAW,
    RULE_KEPT,
    RULE_LIMIT,
    draw_mission,
    held_card,
    reach,
)
from piratelib.dreadpirate.game.state import Held, State, check_state
from piratelib.dreadpirate.sea.grid import DEFAULT_DIAGONAL, DIAGONAL_RULES, Sea, Square
from piratelib.dreadpirate.sea.grid import sea_graph as new_sea_graph
from piratelib.dreadpirate.sea.movement import check_move, reachable
from piratelib.errors import IllegalActionError
from piratelib.steps import Step

__all__ = [
    "RULE_BONUS",
    "RULE_MOVE",
    "RULE_MOVED",
    "RULE_TURN",
    "end_refusal",
    "legal_moves",
    "move_over",
    "move_refusal",
    "roll_bonus",
    "roll_for_movement",
    "sea_graph",
]
# move_ship and end_turn are the engine's steps: they trust that game.resolve has checked
# the action (it refuses an illegal one first).

RULE_MOVED = "At the end your movement, if you are next to another Pirate, you can fight them."
RULE_TURN = "At the start of your turn, before you do anything else, roll the dice."
RULE_MOVE = (
    "You can then move up to the full amount shown on the dice, including any amount less than "
    "the total of your dice (even zero). Each square on the board is one movement space."
)
RULE_BONUS = "The Dread Pirate receives +1 to all of their rolls."


def sea_graph(diagonal: str = DEFAULT_DIAGONAL) -> nx.Graph[Square]:
    """Return the packaged sea's frozen graph under the `diagonal` rule, built once per rule.

    :func:`piratelib.dreadpirate.sea.grid.sea_graph` builds a new graph at each call; the game
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
    if diagonal not in DIAGONAL_RULES:
        return new_sea_graph(diagonal=diagonal)  # raises, naming the four readings
    return _sea_graph(diagonal)


def roll_bonus(state: State, name: str) -> int:
    """What Pirate `name` adds to all of their rolls: the Flag's +1 and kept Mission bonuses.

    "The Dread Pirate receives +1 to all of their rolls" - movement rolls as well as battle
    rolls, as the rulebook says "all"; so do kept Missions' "+1 to all rolls". The
    movement roll adds the bonus the Pirate has when their turn starts (``State.roll``).

    Examples
    --------
    >>> from piratelib.dreadpirate.game import new_game
    >>> state = new_game(["Ann", "Bo"])
    >>> roll_bonus(state, "Ann"), roll_bonus(replace(state, dread_pirate="Ann"), "Ann")
    (0, 1)
    """
    bonus = check_state(state).player(name).mission_bonus
    if state.dread_pirate == name:
        bonus += load_dreadpirate().dread_pirate["roll_bonus"]
    return bonus


def roll_for_movement(state: State, rng: random.Random) -> tuple[State, str, str]:
    """Roll the active Pirate's movement dice, plus their bonus: the state, words and rule."""
    check_state(state)
    if not isinstance(rng, random.Random):
        raise TypeError(f"rng must be a random.Random, got {rng!r}")
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


def legal_moves(state: State) -> list[Move]:
    """A Move to each square the active Ship can end on, by one shortest path."""
    if move_over(state) is not None:
        return []
    me = state.active_player
    G = sea_graph(state.diagonal)
    others = state.squares(but=me.name)
    rolled, bonus = _allowance(state)
    ends = reachable(
        G, me.square, rolled, bonus=bonus, occupied=others, pass_through=state.pass_through
    )
    ways = G if state.pass_through else G.subgraph(set(G) - set(others))
    paths = nx.single_source_shortest_path(ways, me.square, cutoff=state.roll)
    return [Move(tuple(paths[end])) for end in sorted(ends)]


def move_over(state: State) -> str | None:
    """Why the active Pirate may not move any more this turn, or None."""
    me = check_state(state).active_player
    if state.roll is not None:
        return None
    if state.attacked:
        return f"{me.name} has fought this turn, so their movement is over: {RULE_MOVED}"
    return f"{me.name} has moved this turn, and the turn's roll is for one move: {RULE_MOVE}"


def move_refusal(state: State, action: Move) -> str | None:
    """Why a Move is illegal, or None: the board checks the path."""
    over = move_over(state)
    check_action(action)
    if not isinstance(action, Move):
        raise IllegalActionError(f"move_refusal judges a Move, got {action!r}")
    if over is not None:
        return over
    me = state.active_player
    path = action.path
    why = path_refusal(path)
    if why:
        return why
    if path[0] != me.square:
        return f"a Move starts from {me.name}'s Ship's square {me.square}, not {path[0]}"
    rolled, bonus = _allowance(state)
    try:
        check_move(
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


def move_ship(state: State, action: Move, log: list[Step], rng: random.Random) -> State:
    """The active Ship moves along ``action.path``, reaching each place on it in turn."""
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


def end_refusal(state: State, action: EndTurn) -> str | None:
    """Why ending the turn this way is illegal, or None."""
    me = check_state(state).active_player
    check_action(action)
    if not isinstance(action, EndTurn):
        raise IllegalActionError(f"end_refusal judges an EndTurn, got {action!r}")
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
    if not state.mission_deck and not state.mission_discard:
        return (
            "no Mission card is left to draw: the Mission Deck and its discard pile are empty "
            "(a Mission discarded to draw another is not drawn back)"
        )
    return None


def end_turn(state: State, action: EndTurn, log: list[Step], rng: random.Random) -> State:
    """End the active Pirate's turn (drawing a Mission if asked) and roll for the next Pirate."""
    me = state.active_player
    if action.draw:
        if action.discard is not None:
            missions = tuple(h for h in me.missions if h.card != action.discard)
            mine = replace(me, missions=missions)
            state = replace(  # off the Pirate and onto the pile at once: never in no place
                state,
                players=tuple(mine if p.name == me.name else p for p in state.players),
                mission_discard=(*state.mission_discard, action.discard),
            )
            text = f"{me.name} discards {action.discard} face up next to the Mission Deck."
            log.append(Step("Getting New Mission Cards", text, RULE_DRAW, state))
        # "discard one of your current Missions to draw another": if the deck is empty, its
        # discard pile is reshuffled without the Mission just discarded, which stays face up,
        # so the Pirate draws another card, never the same one back (our reading).
        state, card = draw_mission(state, log, keep=action.discard)
        missions = (*state.player(me.name).missions, Held(card))
        state = state.replace_player(me.name, missions=missions)
        at = _place(state, me.square)
        assert at is not None  # end_refusal lets a Pirate draw only at a City
        city = place_name(at)
        text = f"{me.name}, at {city}, draws a Mission card and keeps it secret."
        log.append(Step("Getting New Mission Cards", text, RULE_DRAW, state))
    nxt = (state.active + 1) % len(state.players)
    state = replace(state, active=nxt, attacked=False, turn=state.turn + 1)
    state, rolled, rule = roll_for_movement(state, rng)
    text = f"{me.name} ends their turn. {state.active_player.name}'s turn starts: {rolled}"
    log.append(Step("Your Turn", text, rule, state))
    return state


@functools.cache
def _sea_graph(diagonal: str) -> nx.Graph[Square]:
    """The packaged sea's graph under a known diagonal rule, built once."""
    return new_sea_graph(diagonal=diagonal)


def _place(state: State, square: Square) -> str | None:
    """The id of the place on `square`, or None."""
    sea: Sea = sea_graph(state.diagonal).graph["sea"]
    return sea.place_at(square)


def _allowance(state: State) -> tuple[int, int]:
    """The turn's roll as the board takes it: the dice's total, and the bonus on top."""
    assert state.roll is not None  # asked only while move_over is None: the roll is still there
    rolled = min(sum(state.dice), state.roll, 12)
    return rolled, state.roll - rolled
