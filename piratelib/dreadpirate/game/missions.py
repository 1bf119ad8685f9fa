"""Dread Pirate's Missions: starting them, completing them, their rewards, and the decks.

Mission Cards: "In order to start a Mission, you must travel to the first location listed
on it ... Once activated, turn the Mission card face up for all Pirates to see." "Each
Mission card has an objective": a second location, a task, or a payment. "Once a Mission is
complete, you are awarded from the bank, the amount of Gold, Gems of any color, and Action
Cards listed on the Mission." These functions change a
:class:`~piratelib.dreadpirate.game.state.State` and append what happened to a log of
:class:`~piratelib.steps.Step`; :mod:`piratelib.dreadpirate.game` decides when they apply
(:func:`pay_refusal` says when a :class:`~piratelib.dreadpirate.game.actions.Pay` may).
Where the rulebook is silent: the bank pays what it has left, and an empty deck is remade
by shuffling its discard pile.

Examples
--------
The rulebook's first example card: Start Kraken's Reach, Goal Lost City of Orichal.

>>> from piratelib.dreadpirate.game import new_game
>>> from piratelib.dreadpirate.game.state import mission_deck
>>> card = MissionCard(1, "example_orichal")  # the unshuffled deck deals it to Ann
>>> state = new_game(["Ann", "Bo"], seed=1, missions=mission_deck())
>>> state = state.replace_player("Ann", missions=(Held(card),))
>>> log = []
>>> state = reach(state, "lost_city_of_orichal", log)  # not started yet: nothing happens
>>> state = reach(state, "krakens_reach", log)
>>> state = reach(state, "lost_city_of_orichal", log)
>>> for step in log:
...     print(step.text)
Ann reaches Kraken's Reach and turns Mission #1 (Kraken's Reach to Lost City of Orichal) face
up: it has started.
Ann reaches Lost City of Orichal, the goal of Mission #1 (Kraken's Reach to Lost City of
Orichal).
Ann completes Mission #1 (Kraken's Reach to Lost City of Orichal), is awarded 1 red Gem, 1
brown Gem, 1 Action card from the bank, and discards it.
>>> print(state.player("Ann").purse)
5 Gold, 5 red Gems, 1 brown Gem
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from piratelib.dreadpirate.data import NOT_MODELLED, load_dreadpirate, place_name
from piratelib.dreadpirate.game.actions import Pay, check_action
from piratelib.dreadpirate.game.state import (
    ActionCard,
    Held,
    MissionCard,
    Pirate,
    State,
    check_state,
)
from piratelib.dreadpirate.treasure import RULE_WINNING, check_win, item_words
from piratelib.errors import IllegalActionError
from piratelib.steps import Step

__all__ = [
    "RULE_ACTIONS",
    "RULE_CONTINUE",
    "RULE_DRAW",
    "RULE_GOAL",
    "RULE_KEPT",
    "RULE_LIMIT",
    "RULE_REWARD",
    "RULE_START",
    "held_card",
    "pay_refusal",
]
# reach, complete, declare_win, draw_mission, draw_action and pay_mission are the engine's
# steps: they trust that game.resolve has checked the action (it refuses an illegal one).

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

RULE_KEPT = (
    "If there is a bonus on the Mission (for example, +1 to all rolls), then that Mission card "
    "is kept with the Pirate off to the side in order to keep track of bonuses. These bonuses "
    "are only in effect if the Mission is completed."
)

RULE_CONTINUE = (
    "If you have more movement than needed to reach the starting location, you can continue "
    "with your movement after placing your Mission card face up."
)


def reach(state: State, place: str, log: list[Step]) -> State:
    """The active Ship reaches `place`: Missions start there, and place goals there complete.

    A Move reaches each place on its path in turn, after the Ship has moved: "If you have
    more movement than needed to reach the starting location, you can continue with your
    movement after placing your Mission card face up."
    """
    me = state.active_player
    name = place_name(place)
    for held in me.missions:
        if not held.started and held.card.info["start"] == place:
            missions = tuple(
                replace(h, started=True) if h == held else h for h in state.active_player.missions
            )
            state = state.replace_player(me.name, missions=missions)
            text = f"{me.name} reaches {name} and turns {held.card} face up: it has started."
            log.append(Step("Starting a Mission", text, f"{RULE_START} {RULE_CONTINUE}", state))
    for held in state.active_player.missions:
        info = held.card.info
        if held.started and info["goal_kind"] == "place" and info["goal"] == place:
            text = f"{me.name} reaches {name}, the goal of {held.card}."
            log.append(Step("Completing a Mission", text, RULE_GOAL["place"], state))
            state = complete(state, me.name, held.card, log)
            if state.outcome:
                return state
    return state


def complete(state: State, name: str, card: MissionCard, log: list[Step]) -> State:
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
    # The card leaves the Pirate's Missions and is kept or discarded in the same state, so
    # it is never in no place (nor drawn by a reshuffle of the Action Deck in between).
    if info["bonus"]:
        kept = {"kept": (*me.kept, card)}
        note = "" if info["roll_bonus"] else NOT_MODELLED
        after = f"keeps it for its bonus{note}: {info['bonus']}"
        discard = state.mission_discard
    else:
        kept = {}
        after = "discards it"
        discard = (*state.mission_discard, card)
    state = replace(
        state.replace_player(name, purse=purse, missions=missions, **kept),
        bank=bank,
        mission_discard=discard,
    )
    drawn = []
    for _ in range(info["reward"].get("actions", 0)):
        state, action = draw_action(state, log)
        if action is None:
            break
        drawn.append(action)
        state = state.replace_player(name, hand=(*state.player(name).hand, action))
    if drawn:
        got.append(f"{len(drawn)} Action card" + "s" * (len(drawn) != 1))
    reward = ", ".join(got) or "nothing (the bank is empty)"
    text = f"{name} completes {card}, is awarded {reward} from the bank, and {after}."
    rule = RULE_REWARD + (f" {RULE_ACTIONS}" if drawn else "")
    log.append(Step("Completing a Mission", text, rule, state))
    return declare_win(state, name, log)


def declare_win(state: State, name: str, log: list[Step]) -> State:
    """End the game if `name`'s treasure wins it."""
    outcome = check_win(state.player(name))
    if outcome is None:
        return state
    state = replace(state, outcome=outcome, pending=None)
    log.append(Step("Winning", f"{name} wins with {outcome.why}", RULE_WINNING, state))
    return state


def draw_mission(
    state: State, log: list[Step], *, keep: MissionCard | None = None
) -> tuple[State, MissionCard]:
    """Draw the Mission deck's top card, remaking the deck from its discards if empty.

    `keep` is a Mission just discarded "to draw another": it stays on the discard pile
    when the deck is remade, so it is not drawn straight back (our reading).

    Raises
    ------
    IllegalActionError
        If no card is left to draw.
    """
    check_state(state)
    if not state.mission_deck:
        state = _reshuffle(state, "mission", log, keep=keep)
    if not state.mission_deck:
        raise IllegalActionError("no Mission card is left to draw")
    return replace(state, mission_deck=state.mission_deck[1:]), state.mission_deck[0]


def draw_action(state: State, log: list[Step]) -> tuple[State, ActionCard | None]:
    """Draw the Action deck's top card (remade from its discards if empty), or None."""
    if not state.action_deck:
        state = _reshuffle(state, "action", log)
    if not state.action_deck:
        return state, None
    return replace(state, action_deck=state.action_deck[1:]), state.action_deck[0]


def pay_refusal(state: State, action: Pay) -> str | None:
    """Why the active Pirate may not pay for Mission ``action.card`` now, or None.

    "If the objective is to pay Gold or Gems, pay them to the bank any time during your
    turn": the Mission must be theirs, started, and of that kind, and they must have it.
    """
    check_state(state)
    check_action(action)
    if not isinstance(action, Pay):
        raise IllegalActionError(f"pay_refusal judges a Pay, got {action!r}")
    me = state.active_player
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
            return f"{me.name} cannot pay {item_words(item, n)}: they have {me.purse.count(item)}"
    return None


def pay_mission(state: State, action: Pay, log: list[Step], rng: random.Random) -> State:
    """The active Pirate pays what Mission ``action.card`` asks to the bank, and completes it."""
    me = state.active_player
    purse, bank = me.purse, state.bank
    for item, n in action.card.info["pay"].items():
        purse, bank = purse.remove(item, n), bank.add(item, n)
    state = replace(state.replace_player(me.name, purse=purse), bank=bank)
    paid = ", ".join(item_words(item, n) for item, n in action.card.info["pay"].items())
    text = f"{me.name} pays {paid} to the bank for {action.card}."
    log.append(Step("Completing a Mission", text, RULE_GOAL["pay"], state))
    return complete(state, me.name, action.card, log)


def held_card(pirate: Pirate, card: MissionCard) -> Held | None:
    """`pirate`'s uncompleted Mission `card`, or None."""
    if not isinstance(pirate, Pirate) or not isinstance(card, MissionCard):
        raise TypeError(f"expected a Pirate and a MissionCard, got {pirate!r} and {card!r}")
    return next((held for held in pirate.missions if held.card == card), None)


def _reshuffle(state: State, deck: str, log: list[Step], *, keep: object = None) -> State:
    """An empty deck is remade by shuffling its discard pile (assumed), all but `keep`."""
    cards = [card for card in getattr(state, f"{deck}_discard") if card != keep]
    if not cards:
        return state
    left = (keep,) if keep is not None and keep in getattr(state, f"{deck}_discard") else ()
    random.Random(f"{state.seed}:shuffle:{state.shuffles}").shuffle(cards)
    piles: dict[str, Any] = {f"{deck}_deck": tuple(cards), f"{deck}_discard": left}
    state = replace(state, **piles, shuffles=state.shuffles + 1)
    text = (
        f"The {deck.capitalize()} Deck is empty: its {len(cards)} discards are shuffled into a "
        "new deck (assumed; the rulebook does not say)."
    )
    if left:
        text += f" {keep} stays face up: it was discarded to draw another."
    log.append(Step("Decks", text, load_dreadpirate().bank["why"], state))
    return state
