"""Dread Pirate's battles in a game: the Attack, the Action cards, the winner and the spoils.

Battles: "At the end your movement, if you are next to another Pirate, you can fight
them. You can only attack one Pirate each turn." An
:class:`~piratelib.dreadpirate.game.actions.Attack`
rolls both sides' dice (:mod:`~piratelib.dreadpirate.battle.fight`), then the battle waits in
``State.pending`` while the Pirates play Action cards or pass, alternately from the
attacker, until both pass in a row (assumed); then the winner, the Dread Pirate Flag,
battle tasks of started Missions, and the spoils the winner takes
(:mod:`~piratelib.dreadpirate.battle.spoils`). These functions read and change a
:class:`~piratelib.dreadpirate.game.state.State` for :mod:`piratelib.dreadpirate.game`,
appending each :class:`~piratelib.steps.Step` to a log.

Examples
--------
>>> from piratelib.dreadpirate.game import new_game
>>> state = new_game(["Ann", "Bo"], seed=3)
>>> print(attack_refusal(state, Attack("Bo")))
Ann's Ship is not next to Bo's: (0, 0) is not next to (0, 19): Battles: At the end your
movement, if you are next to another Pirate, you can fight them.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from itertools import combinations_with_replacement

from piratelib.dreadpirate.battle import (
    describe_attack,
    describe_card,
    describe_flag,
    describe_roll,
    describe_spoils,
    describe_switch,
    describe_winner,
)
from piratelib.dreadpirate.battle.fight import (
    ROLES,
    RULE_ATTACK,
    RULE_CARDS,
    RULE_FLAG,
    RULE_ROLL,
    RULE_WINNER,
    Battle,
    Battler,
    card_refusal,
    decide,
    other_role,
    play_card,
    roll_battle,
)
from piratelib.dreadpirate.battle.spoils import RULE_SPOILS, RULE_SWITCH, spoils_due, take_spoils
from piratelib.dreadpirate.data import load_dreadpirate
from piratelib.dreadpirate.game.actions import (
    Action,
    Attack,
    Pass,
    PlayCard,
    TakeSpoils,
    check_action,
)
from piratelib.dreadpirate.game.missions import RULE_GOAL, complete, declare_win
from piratelib.dreadpirate.game.state import Pending, State, check_state
from piratelib.dreadpirate.game.turn import sea_graph
from piratelib.dreadpirate.sea.movement import check_attack
from piratelib.dreadpirate.treasure import GOLD, Purse
from piratelib.errors import IllegalActionError, did_you_mean
from piratelib.steps import Step

__all__ = ["RULE_ONE_ATTACK", "attack_refusal", "battle_actions", "battle_refusal"]
# start_battle, play_action_card, pass_card and claim_spoils are the engine's steps: they
# trust that game.resolve has checked the action (it refuses an illegal one first).

RULE_ONE_ATTACK = "You can only attack one Pirate each turn."


def attack_refusal(state: State, action: Attack) -> str | None:
    """Why the active Pirate may not make `action`, in the rulebook's words; None if they may."""
    check_state(state)
    check_action(action)
    if not isinstance(action, Attack):
        raise IllegalActionError(f"attack_refusal judges an Attack, got {action!r}")
    me = state.active_player
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
        check_attack(G, me.square, state.player(action.defender).square)
    except IllegalActionError as error:
        return f"{me.name}'s Ship is not next to {action.defender}'s: {error}"
    return None


def battle_actions(state: State) -> list[Action]:
    """Every decision worth checking while a battle waits: cards and passing, or spoils."""
    pending = check_state(state).pending
    if pending is None:
        raise IllegalActionError("there is no battle going on")
    if pending.kind == "cards":
        return [*(PlayCard(c) for c in state.player(pending.player).hand), Pass()]
    assert pending.battle.winner is not None  # a battle waits for its spoils once decided
    loser = state.player(_side_name(pending.battle, other_role(pending.battle.winner))).purse
    due = spoils_due(_with_purses(state, pending.battle))
    return [
        TakeSpoils(picks, switch) for picks in _pick_sets(loser, due) for switch in (False, True)
    ]


def battle_refusal(state: State, action: Action) -> str | None:
    """Why a decision in the waiting battle is illegal, or None."""
    pending = check_state(state).pending
    check_action(action)
    if pending is None:
        return "there is no battle going on"
    wants = (PlayCard, Pass) if pending.kind == "cards" else (TakeSpoils,)
    if not isinstance(action, wants):
        return f"the battle is waiting for {pending.player} to " + (
            "play an Action card or pass" if pending.kind == "cards" else "take the spoils"
        )
    me = state.player(pending.player)
    if isinstance(action, Pass):
        return None
    if isinstance(action, PlayCard):
        if action.card not in me.hand:
            return f"{action.card} is not in {me.name}'s hand"
        return card_refusal(pending.battle, _role_of(pending.battle, me.name), action.card.kind)
    switch: object = action.switch  # a TakeSpoils may be made with anything: check it
    if not isinstance(switch, bool):
        return f"switch must be True or False, got {action.switch!r}"
    battle = pending.battle
    assert battle.winner is not None  # a battle waits for its spoils once decided
    won = battle.winner == "attacker"
    winner_purse = state.player(_side_name(battle, battle.winner)).purse
    loser_purse = state.player(_side_name(battle, other_role(battle.winner))).purse
    try:
        take_spoils(winner_purse, loser_purse, action.picks, attacker_won=won)
    except IllegalActionError as error:
        return str(error)
    return None


def start_battle(state: State, action: Attack, log: list[Step], rng: random.Random) -> State:
    """The active Pirate attacks ``action.defender``: both roll; the battle waits for cards."""
    me = state.active_player
    attacker, defender = _battler(state, me.name), _battler(state, action.defender)
    elsewhere = state.dread_pirate not in (None, me.name, action.defender)
    state = replace(state, attacked=True, roll=None)
    battle = roll_battle(attacker, defender, rng, flag_elsewhere=elsewhere)
    log.append(Step("Battle", describe_attack(battle), RULE_ATTACK, state))
    state = replace(state, pending=Pending("cards", battle, me.name), battles=state.battles + 1)
    for role in ROLES:
        text = describe_roll(battle, role)
        log.append(Step("Battle: roll", text, RULE_ROLL[role], state))
    return _advance(state, log)


def play_action_card(state: State, action: PlayCard, log: list[Step], rng: random.Random) -> State:
    """The deciding Pirate plays ``action.card`` in the waiting battle."""
    pending = state.pending
    assert pending is not None  # resolve has checked that a battle waits
    me = state.player(pending.player)
    role = _role_of(pending.battle, me.name)
    battle = play_card(pending.battle, role, action.card.kind)
    hand = tuple(card for card in me.hand if card != action.card)
    state = state.replace_player(me.name, hand=hand)
    state = replace(state, action_discard=(*state.action_discard, action.card))
    if battle.dread_pirate == role:
        state = replace(state, dread_pirate=me.name)
    other = _side_name(battle, other_role(role))
    state = replace(state, pending=Pending("cards", battle, other, 0))
    text = describe_card(pending.battle, battle, role, action.card.kind)
    log.append(Step("Battle: Action card", text, RULE_CARDS, state))
    return _advance(state, log)


def pass_card(state: State, action: Pass, log: list[Step], rng: random.Random) -> State:
    """The deciding Pirate plays no card now; after two passes in a row the battle is decided."""
    pending = state.pending
    assert pending is not None  # resolve has checked that a battle waits
    other = _side_name(pending.battle, other_role(_role_of(pending.battle, pending.player)))
    state = replace(state, pending=replace(pending, player=other, passes=pending.passes + 1))
    log.append(Step("Battle: Action card", f"{pending.player} plays no card.", RULE_CARDS, state))
    return _advance(state, log)


def claim_spoils(state: State, action: TakeSpoils, log: list[Step], rng: random.Random) -> State:
    """The winner takes ``action.picks`` from the loser, and maybe switches spaces with them."""
    assert state.pending is not None  # resolve has checked that a battle waits
    battle = state.pending.battle
    assert battle.winner is not None  # a battle waits for its spoils once decided
    won, lost = _side_name(battle, battle.winner), _side_name(battle, other_role(battle.winner))
    got, left = take_spoils(
        state.player(won).purse,
        state.player(lost).purse,
        action.picks,
        attacker_won=battle.winner == "attacker",
    )
    state = replace(
        state.replace_player(won, purse=got).replace_player(lost, purse=left), pending=None
    )
    text = describe_spoils(battle, action.picks)
    log.append(Step("The Spoils of Battle", text, RULE_SPOILS[battle.winner], state))
    if action.switch:
        here, there = state.player(won).square, state.player(lost).square
        squares = {won: there, lost: here}  # both at once: no two Ships share a square
        state = replace(
            state,
            players=tuple(replace(p, square=squares.get(p.name, p.square)) for p in state.players),
        )
        text = f"{describe_switch(battle)[:-1]}: {won} to {there}, {lost} to {here}."
        log.append(Step("The Spoils of Battle", text, RULE_SWITCH, state))
    return declare_win(state, won, log)


def _advance(state: State, log: list[Step]) -> State:
    """Skip whoever has no card to play; once both pass in a row, decide the battle."""
    pending = state.pending
    assert pending is not None  # called while a battle waits for cards
    while pending.passes < 2:
        role = _role_of(pending.battle, pending.player)
        hand = state.player(pending.player).hand
        if any(card_refusal(pending.battle, role, c.kind) is None for c in hand):
            return state
        other = _side_name(pending.battle, other_role(role))
        text = f"{pending.player} has no Action card to play as the {role}."
        pending = replace(pending, player=other, passes=pending.passes + 1)
        state = replace(state, pending=pending)
        log.append(Step("Battle: Action card", text, RULE_CARDS, state))
    return _decide(state, log)


def _decide(state: State, log: list[Step]) -> State:
    """All cards are played: the winner, the Flag, battle tasks, then the spoils."""
    assert state.pending is not None  # called while a battle waits for cards
    battle = decide(state.pending.battle)
    winner = battle.winner
    assert winner is not None  # decide names the winner
    won, lost = _side_name(battle, winner), _side_name(battle, other_role(winner))
    state = replace(state, pending=None)
    log.append(Step("Battle: winner", describe_winner(battle), RULE_WINNER, state))
    if battle.flag_after is not None:
        state = replace(state, dread_pirate=_side_name(battle, battle.flag_after))
    log.append(Step("The Dread Pirate", describe_flag(battle), RULE_FLAG, state))
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
    due = spoils_due(battle)
    text = f"{won} may take {due} item{'s' * (due != 1)} from {lost}, and may switch spaces."
    log.append(Step("The Spoils of Battle", text, RULE_SPOILS[winner], state))
    return state


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


def _with_purses(state: State, battle: Battle) -> Battle:
    """`battle` with both sides' purses as they are in `state`."""
    for role in ROLES:
        side = battle.side(role)
        battle = battle.with_side(role, replace(side, purse=state.player(side.name).purse))
    return battle


def _pick_sets(loser: Purse, due: int) -> Iterator[tuple[str, ...]]:
    """Every choice of `due` items from `loser`'s purse, each once, in item order."""
    items = [item for item in (GOLD, *load_dreadpirate().colours) if loser.count(item)]
    for picks in combinations_with_replacement(items, due):
        if all(picks.count(item) <= loser.count(item) for item in set(picks)):
            yield picks
