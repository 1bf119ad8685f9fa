"""Black Flag!'s turn between the players' choices: its phases, the deck, and the end.

"The game is played in turns in clockwise order. The Admiral begins." These functions
carry a turn forward from one decision to the next: the start of the turn (the Flying
Deutchmann's or Davey Jones's reveal), "1. New Ship", "2. Draw" and on to "3. Play", the
end of "4. Discard" and the next player's turn, "Adrift!", "End of the Deck", and "At the
Edge of the World". Each changes a :class:`~piratelib.blackflag.state.State` and appends
what happened to a log of :class:`~piratelib.steps.Step`, as
:mod:`piratelib.blackflag.sinking` does; :mod:`piratelib.blackflag.game` calls them after
each action. Where the rulebook is silent we assume: the deck "runs out" when a card must
be drawn and none is left, and the Flags stop at space 1.

Examples
--------
>>> from piratelib.blackflag.state import setup
>>> log = []
>>> state = start_turn(setup(["Ann", "Bo", "Cy", "Di"], seed=4), log)
>>> [(step.phase, step.text) for step in log]
[('2. Draw', 'Bo draws 2 cards. On to 3. Play.')]
>>> state.phase, next_ship(state, "Bo")
('play', 'Cy')
"""

from __future__ import annotations

import random
from dataclasses import replace

from piratelib.blackflag import sinking
from piratelib.blackflag.actions import RULE_REVEAL
from piratelib.blackflag.data import load_blackflag
from piratelib.blackflag.scoring import edge_of_the_world
from piratelib.blackflag.state import Card, Pending, State, Token, check_state
from piratelib.errors import IllegalActionError, check_id
from piratelib.steps import Step

__all__ = [
    "RULE_NEW_SHIP",
    "adrift",
    "after_sinking",
    "deutchmann_strikes",
    "draw",
    "draw_phase",
    "end_turn_if_done",
    "new_ship_or_draw",
    "next_ship",
    "start_turn",
]

RULE_NEW_SHIP = (
    "1. New Ship: At the start of your turn, if you don't have a Ship, you must take one from "
    "the row of 3 face-up Ships on the table or draw the top one from the deck ... take from "
    "the supply the number of Barrels indicated by the Barrel symbol."
)
_DRAW = "2. Draw: During this phase, draw 2 cards from the playing deck."
_ADRIFT = (
    "Adrift!: If it's not your turn and you have no cards in your hand, immediately draw 1 "
    "card from the deck. If you run out of cards during your turn ... Draw only after you've "
    "finished your turn"
)
_END_OF_DECK = (
    "End of the Deck: Every time the deck runs out, remove 1 Doubloon from the Hourglass ... "
    "move both Flags on the score board one space toward the center ... if the Treasure Chest "
    "reaches a team's Flag during this step, the game is not over yet! Finally, shuffle the "
    "discard pile and form a new draw deck."
)
_STRIKES = "If you do not respond, the Flying Deutchmann makes you lose 2 Barrels, then disappears"
_AFTER_DEUTCHMANN = (
    "Since it is still the beginning of your turn, after checking for promotion, take a new "
    "Ship immediately and play your turn as normal."
)
_HOLDER_SUNK = (
    "If the Ship of a player who has the Flying Deutchmann sinks when it is not their turn, "
    "they immediately move the Flying Deutchmann token to the next Ship, going clockwise"
)
_DAVEY_JONES = (
    "Davey Jones ... also goes in front of players who do not have a Ship, who must still "
    "reveal and respond. If a player can respond, they must do so ... As soon as someone fails "
    "to respond, the game ends immediately"
)
_EDGE = (
    "Each player whose Role is still hidden at the end of the game reveals it and takes a "
    "Doubloon from the supply. Then, check where the Treasure Chest is located on the scoring "
    "track"
)


def start_turn(state: State, log: list[Step]) -> State:
    """Start the active player's turn and carry it to their first choice.

    A Flying Deutchmann or Davey Jones on them is revealed first: Davey Jones moves on if
    they can respond and ends the game if they cannot; the Flying Deutchmann waits for their
    choice if they can respond, and strikes if they cannot. Then :func:`new_ship_or_draw`.
    """
    _check_log(state, log)
    state = replace(state, attacks=0, phase="new_ship")
    me = state.active_player
    token = state.token
    if token is None or token.holder != me.name:
        return new_ship_or_draw(state, log)
    state, card = _reveal(state, log)
    if card is None:
        return new_ship_or_draw(state, log)
    matches = [c for c in me.hand if c.corner == card.corner]
    if token.side == "davey_jones":
        if not matches:
            return _edge_of_the_world(state, f"{me.name} cannot respond to {card}", log)
        left = state.players[(state.active + 1) % len(state.players)].name
        state = replace(state, token=Token("davey_jones", left))
        text = f"{me.name} must respond, and reveals {matches[0]}: Davey Jones moves to {left}."
        log.append(Step("At the Edge of the World", text, _DAVEY_JONES, state))
        return new_ship_or_draw(state, log)
    if matches:
        state = replace(state, pending=Pending("deutchmann", me.name, card=card))
        log[-1] = replace(log[-1], state=state)
        return state
    return deutchmann_strikes(state, log, could=False)


def deutchmann_strikes(state: State, log: list[Step], *, could: bool = True) -> State:
    """The active player does not respond to the Flying Deutchmann: it strikes.

    They lose 2 Barrels and the token disappears; if that sinks their Ship, they take a new
    one at once. `could` says whether they could have responded (for the step's text).
    """
    _check_log(state, log)
    if type(could) is not bool:
        raise IllegalActionError(f"could must be True or False, got {could!r}")
    me = state.active_player
    lost = load_blackflag().rules["flying_deutchmann"]["barrels_lost"]
    left = max(0, me.barrels - lost)
    state = state.update({me.name: {"barrels": left}}, token=None)
    text = (
        f"{me.name} {'does not' if could else 'cannot'} respond: the Flying Deutchmann "
        f"takes {lost} Barrels "
        f"({left} left) and disappears."
    )
    log.append(Step("The Flying Deutchmann", text, _STRIKES, state))
    if left:
        return new_ship_or_draw(state, log)
    state = sinking.sink(state, me.name, None, "deutchmann", log)
    return after_sinking(state, me.name, "deutchmann", log)


def after_sinking(state: State, victim: str, cause: str, log: list[Step]) -> State:
    """Resume play after `victim`'s Ship sank by `cause` (``"shot"`` or ``"deutchmann"``).

    Nothing moves if the game ended or a choice waits. Sunk by the Flying Deutchmann, the
    victim takes a new Ship at once and plays their turn; a holder of the Flying Deutchmann
    sunk out of turn passes it to the next Ship clockwise.
    """
    _check_log(state, log)
    check_id("player", victim, state.names)
    check_id("cause", cause, ("shot", "deutchmann"))
    if state.outcome is not None or state.pending is not None:
        return state
    if cause == "deutchmann":
        state = replace(state, phase="new_ship")
        text = f"{victim} takes a new Ship immediately and plays their turn."
        log.append(Step("The Flying Deutchmann", text, _AFTER_DEUTCHMANN, state))
        return new_ship_or_draw(state, log)
    token = state.token
    if token and token.side == "flying_deutchmann" and token.holder == victim:
        holder = next_ship(state, victim)
        state = replace(state, token=Token("flying_deutchmann", holder) if holder else None)
        text = f"The Flying Deutchmann moves from {victim} to {holder or 'nobody'}."
        log.append(Step("The Flying Deutchmann", text, _HOLDER_SUNK, state))
    return state


def new_ship_or_draw(state: State, log: list[Step]) -> State:
    """1. New Ship waits for a choice if the active player has no Ship; otherwise 2. Draw."""
    _check_log(state, log)
    if state.active_player.ship is None:
        state = replace(state, phase="new_ship")
        text = f"{state.active_player.name} has no Ship and must take one."
        log.append(Step("1. New Ship", text, RULE_NEW_SHIP, state))
        return state
    return draw_phase(state, log)


def draw_phase(state: State, log: list[Step]) -> State:
    """2. Draw: the active player draws 2 cards; then on to 3. Play."""
    _check_log(state, log)
    state = replace(state, phase="draw")
    state = draw(state, state.active_player.name, load_blackflag().turn["draw"], "2. Draw", log)
    if state.outcome is None:
        state = replace(state, phase="play")
        log[-1] = replace(log[-1], text=log[-1].text + " On to 3. Play.", state=state)
    return state


def end_turn_if_done(state: State, log: list[Step]) -> State:
    """After a discard, end the turn once the active player's hand is within the limit.

    A player who ends their turn with no cards draws 1 (Adrift!); then the next player
    clockwise starts their turn (:func:`start_turn`).
    """
    _check_log(state, log)
    me = state.active_player
    if len(me.hand) > load_blackflag().turn["hand_limit"]:
        return state
    if not me.hand:
        state = draw(state, me.name, load_blackflag().turn["adrift_draw"], "Adrift!", log)
    state = replace(state, active=(state.active + 1) % len(state.players))
    return start_turn(state, log)


def adrift(state: State, log: list[Step]) -> State:
    """Adrift!: players out of cards out of their turn draw 1, clockwise from the active one."""
    _check_log(state, log)
    n = len(state.players)
    for k in range(1, n):
        player = state.players[(state.active + k) % n]
        if not player.hand:
            state = draw(state, player.name, load_blackflag().turn["adrift_draw"], "Adrift!", log)
    return state


def draw(state: State, name: str, n: int, phase: str, log: list[Step]) -> State:
    """`name` draws `n` cards, running End of the Deck whenever the deck is empty.

    `phase` names the step; ``"Adrift!"`` quotes the Adrift! rule, any other the Draw rule.

    Raises
    ------
    IllegalActionError
        If `name` is not at the table, `n` is not a whole number from 0 to 72, or `phase`
        is not text.
    """
    _check_log(state, log)
    check_id("player", name, state.names)
    if type(n) is not int or not 0 <= n <= 72 or type(phase) is not str:
        raise IllegalActionError(
            f"draw needs a whole number of cards from 0 to 72 and a phase's name, got "
            f"{n!r}, {phase!r}"
        )
    drawn = []
    for _ in range(n):
        if not state.deck:
            state = _end_of_deck(state, log)
        if not state.deck:
            break
        drawn.append(state.deck[0])
        hand = (*state.player(name).hand, state.deck[0])
        state = state.update({name: {"hand": hand}}, deck=state.deck[1:])
    rule = _ADRIFT if phase == "Adrift!" else _DRAW
    text = f"{name} draws {len(drawn)} card{'s' * (len(drawn) != 1)}."
    log.append(Step(phase, text, rule, state))
    return state


def next_ship(state: State, name: str) -> str | None:
    """Return the next player clockwise from `name` who has a Ship (maybe `name`), or None."""
    check_state(state)
    check_id("player", name, state.names)
    start = state.names.index(name)
    n = len(state.players)
    for k in range(1, n + 1):
        player = state.players[(start + k) % n]
        if player.ship is not None:
            return player.name
    return None


def _check_log(state: object, log: object) -> None:
    """Refuse anything but a State and a list of steps."""
    check_state(state)
    if type(log) is not list:
        raise IllegalActionError(f"log must be a list of steps, got {log!r}")


def _reveal(state: State, log: list[Step]) -> tuple[State, Card | None]:
    """Turn over the deck's top card onto the discard pile."""
    if not state.deck:
        state = _end_of_deck(state, log)
    if not state.deck:
        return state, None
    card = state.deck[0]
    state = replace(state, deck=state.deck[1:], discard=(*state.discard, card))
    text = f"{state.active_player.name} reveals {card}."
    log.append(Step("The Flying Deutchmann", text, RULE_REVEAL, state))
    return state, card


def _end_of_deck(state: State, log: list[Step]) -> State:
    """The deck ran out: Hourglass -1, Flags toward the centre, reshuffle the discards."""
    if not state.discard:
        return state
    rules = load_blackflag().rules["end_of_deck"]
    taken = min(state.hourglass, rules["hourglass_removed"])
    flags = max(rules["flag_floor"], state.flags - rules["flag_step"])
    deck = list(state.discard)
    random.Random(f"{state.seed}:{state.shuffles}").shuffle(deck)
    state = replace(
        state,
        hourglass=state.hourglass - taken,
        reserve=state.reserve + taken,
        flags=flags,
        deck=tuple(deck),
        discard=(),
        shuffles=state.shuffles + 1,
    )
    text = (
        f"The deck runs out: {taken} Doubloon from the Hourglass to the supply, the Flags move "
        f"to space {flags}, and the discard pile is shuffled into a new deck of {len(deck)}."
    )
    log.append(Step("End of the Deck", text, _END_OF_DECK, state))
    return sinking.davey_jones_enters(state, log)


def _edge_of_the_world(state: State, why: str, log: list[Step]) -> State:
    """Davey Jones ends the game: hidden Roles become Doubloons, then score."""
    for p in state.players:
        if not p.revealed:
            paid = min(1, state.reserve)
            state = state.replace_player(p.name, revealed=True, doubloons=p.doubloons + paid)
            state = replace(state, reserve=state.reserve - paid)
    doubloons = {p.name: p.doubloons for p in state.players}
    outcome = edge_of_the_world(state.roles, doubloons, chest=state.chest)
    state = replace(state, outcome=outcome)
    log.append(
        Step("At the Edge of the World", f"{why}: the game ends. {outcome.why}.", _EDGE, state)
    )
    return state
