"""Black Flag!'s game engine: start a game, apply an action, and play it out.

The game is played in turns clockwise, the Admiral first, each in four phases: "1. New
Ship", "2. Draw", "3. Play", "4. Discard". :func:`legal_actions` lists what the player who
must decide (:func:`decider`) may do (both from :mod:`piratelib.blackflag.actions`, with
the action records); :func:`resolve` applies one action and returns its steps, each with
the rule it applied and the state after it; :func:`apply` returns just the last state. An
action that is not legal raises :class:`~piratelib.errors.IllegalActionError` naming the
rule, and changes nothing. :func:`observation` (from :mod:`piratelib.blackflag.views`) is
what one player may know. This module says what each action does; the turn goes on
between actions in :mod:`piratelib.blackflag.turn`, and a Ship sinks in
:mod:`piratelib.blackflag.sinking`.

piratelib plays with the cards whose effects the rulebook states (SHOT, MISS, Cannon,
Sails, Telescope, Flying Deutchmann) and the stand-in deck and Ships of
``blackflag.toml``. Where the rulebook is silent we assume, and say so in the docstrings:
the face-up Ship row is refilled from the Ship deck; the deck "runs out" when a card must
be drawn and none is left; the Flags stop at space 1; the Flying Deutchmann card also
draws a card (its DRAW effect) and targets another player's Ship; a second Sails or
Telescope in front of a player adds nothing (a second Cannon adds a Barrel, as the
rulebook's Cannon symbol implies).

Examples
--------
Andrew's Calypso has the Cannon ability, and he has a Cannon card in play: "Andrew, with
a single SHOT, would cause the target to lose 3 Barrels if it hits."

>>> from piratelib.blackflag.state import Card, ship_deck
>>> shot, cannon = Card(1, "shot", "corner_a"), Card(2, "cannon", "corner_b")
>>> deck = [shot, cannon] + [Card(n, "telescope", "corner_a") for n in range(3, 40)]
>>> state = new_game(
...     ["Andrew", "Barbara", "Cody", "Daniel"],
...     deck=deck,
...     ships=ship_deck(),
...     roles=["admiral", "commodore", "ibberian_privateer", "brittish_privateer"],
... )
>>> state = apply(state, PlayEquipment(cannon))
>>> print(resolve(state, PlayShot(shot, "Barbara"))[-1].text)
Barbara loses 3 Barrels (1 for the SHOT, 1 for Calypso's Cannon, 1 for Cannon #2 (B)): 2
left.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from piratelib.blackflag import sinking, turn
from piratelib.blackflag.actions import (
    RULE_DEUTCHMANN_CARD,
    RULE_DISCARD,
    RULE_MISS,
    RULE_SHOT,
    Action,
    Discard,
    EndPlay,
    Keep,
    Miss,
    PlayDeutchmann,
    PlayEquipment,
    PlayShot,
    Respond,
    TakeHit,
    TakeShip,
    check_legal,
    decider,
    legal_actions,
    shot_reach,
)
from piratelib.blackflag.state import Card, Pending, State, Token, check_state, setup
from piratelib.blackflag.views import Observation, observation
from piratelib.errors import IllegalActionError
from piratelib.steps import Step, play_out

__all__ = [
    "Action",
    "Discard",
    "EndPlay",
    "Keep",
    "Miss",
    "Observation",
    "PlayDeutchmann",
    "PlayEquipment",
    "PlayShot",
    "Respond",
    "TakeHit",
    "TakeShip",
    "apply",
    "decider",
    "legal_actions",
    "new_game",
    "observation",
    "playout",
    "resolve",
    "shot_reach",
]

_MOST_ACTIONS = 10_000_000
"""More actions than any game of Black Flag! takes; a bound for :func:`playout`."""
_HIT = (
    "When a SHOT hits, it generally causes the loss of Barrels ... CANNON: ... causes the loss "
    "of an additional Barrel when your SHOT hits."
)
_EQUIPMENT = "Equipment card ... Play it face-up in front of you during your turn"
_RESPONDED = (
    "3. If you respond, the Flying Deutchmann moves to the next Ship in a clockwise direction "
    "(skip players who do not have a Ship)."
)
_ANNIE = (
    "Annie Bonnie: Against her, Equipment does not work, not even during the other players' turns."
)


def new_game(names: Sequence[str], **options: Any) -> State:
    """Set up a game (:func:`piratelib.blackflag.state.setup`) and start the Admiral's turn.

    The Admiral has a Ship, so New Ship is skipped; they draw 2 and the game waits for
    their Play.

    Examples
    --------
    >>> state = new_game(["Ann", "Bo", "Cy", "Di"], seed=4)
    >>> state.phase, len(state.active_player.hand), state.active_player.role
    ('play', 6, 'admiral')
    """
    log: list[Step] = []
    return turn.start_turn(setup(names, **options), log)


def resolve(state: State, action: Action) -> tuple[Step, ...]:
    """Apply `action` and return its steps; the last step's state is the new state.

    Raises
    ------
    IllegalActionError
        If the action is not legal; the message names the action, the rule and the state.
    """
    check_legal(state, action)
    log: list[Step] = []
    state = _DO[type(action)](state, action, log)
    if state.outcome is None and state.pending is None:
        state = turn.adrift(state, log)
    assert log and log[-1].state is state, "every change is recorded as a step"
    return tuple(log)


def apply(state: State, action: Action) -> State:
    """Apply `action` and return the new state.

    Raises
    ------
    IllegalActionError
        If the action is not legal.
    """
    new: State = resolve(state, action)[-1].state
    return new


def playout(
    state: State,
    rng: random.Random,
    *,
    policy: Callable[[State, list[Action], random.Random], Action] | None = None,
    max_actions: int = 20_000,
) -> list[tuple[Action, tuple[Step, ...]]]:
    """Play from `state` until the game ends or `max_actions`, choosing with `policy`.

    The default policy picks uniformly among the legal actions with `rng`. Returns each
    action with its steps.

    Examples
    --------
    >>> history = playout(new_game(list("ABCDE"), seed=7), random.Random(7))
    >>> history[-1][1][-1].state.outcome is not None
    True

    Raises
    ------
    IllegalActionError
        If `state` is not a State, `rng` not a ``random.Random``, `policy` not callable,
        `max_actions` not a whole number from 0 to 10,000,000, or the policy picks an
        action that is not legal.
    """
    check_state(state)
    if not isinstance(rng, random.Random):
        raise IllegalActionError(f"rng must be a random.Random, got {rng!r}")
    if policy is not None and not callable(policy):
        raise IllegalActionError(f"policy must be a function or None, got {policy!r}")
    if type(max_actions) is not int or not 0 <= max_actions <= _MOST_ACTIONS:
        raise IllegalActionError(
            f"max_actions must be a whole number from 0 to {_MOST_ACTIONS:,}, got {max_actions!r}"
        )
    return play_out(state, rng, legal_actions, lambda s, a, r: resolve(s, a), policy, max_actions)


def _take_ship(state: State, action: TakeShip, log: list[Step]) -> State:
    me = state.active_player
    if action.row is None:
        ship, row, deck = state.ship_deck[0], state.ship_row, state.ship_deck[1:]
        where = "the top of the Ship deck"
    else:
        ship = state.ship_row[action.row]
        rest = state.ship_row[: action.row] + state.ship_row[action.row + 1 :]
        row, deck = rest + state.ship_deck[:1], state.ship_deck[1:]
        where = "the face-up row (refilled from the Ship deck: assumed)"
    state = replace(state, ship_row=row, ship_deck=deck, phase="draw")
    state = state.replace_player(me.name, ship=ship, barrels=ship.barrels)
    text = f"{me.name} takes {ship.name} from {where} and {ship.barrels} Barrels."
    log.append(Step("1. New Ship", text, turn.RULE_NEW_SHIP, state))
    return turn.draw_phase(state, log)


def _play_shot(state: State, action: PlayShot, log: list[Step]) -> State:
    me = state.active_player
    state = _from_hand(state, me.name, action.card)
    state = replace(state, attacks=state.attacks + 1)
    text = f"{me.name} plays {action.card} at {action.target}."
    target = state.player(action.target)
    if any(card.kind == "miss" for card in target.hand):
        state = replace(state, pending=Pending("shot", action.target, by=me.name))
        log.append(Step("3. Play", text + f" {action.target} may MISS.", RULE_SHOT, state))
        return state
    log.append(Step("3. Play", text + f" {action.target} has no MISS.", RULE_SHOT, state))
    return _hit(state, me.name, action.target, log)


def _miss(state: State, action: Miss, log: list[Step]) -> State:
    assert state.pending is not None  # check_legal: a MISS answers a pending SHOT
    who = state.pending.player
    state = replace(_from_hand(state, who, action.card), pending=None)
    log.append(
        Step("3. Play", f"{who} plays {action.card}: the SHOT is cancelled.", RULE_MISS, state)
    )
    return state


def _take_hit(state: State, action: TakeHit, log: list[Step]) -> State:
    pending = state.pending
    # check_legal: a TakeHit answers a pending SHOT, which names its attacker
    assert pending is not None and pending.by is not None
    return _hit(replace(state, pending=None), pending.by, pending.player, log)


def _hit(state: State, attacker: str, target: str, log: list[Step]) -> State:
    """The SHOT hits: 1 Barrel, plus 1 per Cannon on the attacker's Ship and Equipment.

    Cannons stack (implied): CANNON is "A symbol present on your cards and/or Ship that
    causes the loss of an additional Barrel when your SHOT hits", counted per symbol in
    the rulebook's example ("with a single SHOT, would cause the target to lose 3
    Barrels"), so two Cannon cards add 2. A second Sails or Telescope adds nothing
    (assumed; see :func:`piratelib.blackflag.actions.shot_reach`).
    """
    a, t = state.player(attacker), state.player(target)
    reasons = ["1 for the SHOT"]
    assert a.ship is not None  # check_legal: only a player with a Ship plays a SHOT
    if a.ship.cannon:
        reasons.append(f"1 for {a.ship.name}'s Cannon")
    rule = _HIT
    for card in a.equipment:
        if card.kind == "cannon":
            if t.captain == "annie_bonnie":
                rule = f"{_HIT} {_ANNIE}"
            else:
                reasons.append(f"1 for {card}")
    lost = len(reasons)
    left = max(0, t.barrels - lost)
    state = state.replace_player(target, barrels=left)
    plural = "Barrel" if lost == 1 else "Barrels"
    text = f"{target} loses {lost} {plural} ({', '.join(reasons)}): {left} left."
    log.append(Step("3. Play", text, rule, state))
    if left:
        return state
    state = sinking.sink(state, target, attacker, "shot", log)
    return turn.after_sinking(state, target, "shot", log)


def _play_equipment(state: State, action: PlayEquipment, log: list[Step]) -> State:
    me = state.active_player
    state = _from_hand(state, me.name, action.card, to_discard=False)
    state = state.replace_player(me.name, equipment=(*state.player(me.name).equipment, action.card))
    log.append(
        Step("3. Play", f"{me.name} plays {action.card} in front of them.", _EQUIPMENT, state)
    )
    return state


def _play_deutchmann(state: State, action: PlayDeutchmann, log: list[Step]) -> State:
    me = state.active_player
    state = _from_hand(state, me.name, action.card)
    if state.token and state.token.side == "davey_jones":
        text = f"{me.name} plays {action.card}: Davey Jones is in play, so only its Draw effect."
    else:
        state = replace(state, token=Token("flying_deutchmann", action.target))
        text = (
            f"{me.name} plays {action.card}: the Flying Deutchmann goes on {action.target}'s Ship."
        )
    log.append(Step("3. Play", text, RULE_DEUTCHMANN_CARD, state))
    return turn.draw(state, me.name, 1, "DRAW", log)


def _end_play(state: State, action: EndPlay, log: list[Step]) -> State:
    state = replace(state, phase="discard")
    log.append(
        Step("4. Discard", f"{state.active_player.name} ends their Play.", RULE_DISCARD, state)
    )
    return turn.end_turn_if_done(state, log)


def _discard(state: State, action: Discard, log: list[Step]) -> State:
    me = state.active_player
    state = _from_hand(state, me.name, action.card)
    log.append(Step("4. Discard", f"{me.name} discards {action.card}.", RULE_DISCARD, state))
    return turn.end_turn_if_done(state, log)


def _keep(state: State, action: Keep, log: list[Step]) -> State:
    pending = state.pending
    assert pending is not None  # check_legal: a Keep answers a pending sinking
    state = sinking.finish(state, pending.player, pending.by, pending.cause, action.card, log)
    return turn.after_sinking(state, pending.player, pending.cause, log)


def _respond(state: State, action: Respond, log: list[Step]) -> State:
    me = state.active_player
    state = replace(state, pending=None)
    if action.card is None:
        return turn.deutchmann_strikes(state, log)
    holder = turn.next_ship(state, me.name)
    state = replace(state, token=Token("flying_deutchmann", holder) if holder else None)
    text = f"{me.name} responds with {action.card}: the Flying Deutchmann moves to {holder}'s Ship."
    log.append(Step("The Flying Deutchmann", text, _RESPONDED, state))
    return turn.new_ship_or_draw(state, log)


# Each handler takes the action of its key's type, which a dict's type cannot say.
_DO: dict[type, Callable[[State, Any, list[Step]], State]] = {
    TakeShip: _take_ship,
    PlayShot: _play_shot,
    Miss: _miss,
    TakeHit: _take_hit,
    PlayEquipment: _play_equipment,
    PlayDeutchmann: _play_deutchmann,
    EndPlay: _end_play,
    Discard: _discard,
    Keep: _keep,
    Respond: _respond,
}


def _from_hand(state: State, name: str, card: Card, *, to_discard: bool = True) -> State:
    """Take `card` from a hand, onto the discard pile unless it goes elsewhere."""
    hand = list(state.player(name).hand)
    hand.remove(card)
    if to_discard:
        return state.update({name: {"hand": tuple(hand)}}, discard=(*state.discard, card))
    return state.replace_player(name, hand=tuple(hand))
