"""Dread Pirate's battles told step by step, with every battle name in one place.

Battles: "The attacker rolls two dice and adds any of his or her bonuses to them. The
defender then rolls two dice and adds any of his or her bonuses to them. The players in
the battle can now play Action cards one at a time, starting with the attacker. Once all
cards are played, whichever player has the highest number wins the battle. The attacker
wins ties."

A side's **bonus** is +1 if it is the Dread Pirate ("The Dread Pirate receives +1 to all
of their rolls"), plus the roll bonuses of its completed Missions ("for example, +1 to all
rolls"), plus what its Action cards add ("Hard to Starboard!": "+4 to your defense roll").
Only the difference of the two bonuses matters: :func:`attacker_win_probability`.

A :class:`Battler` is one side: a name, a :class:`Purse` of Gold and Gems, whether it is
the Dread Pirate, its Mission bonus, and the Action cards it plays in this battle. A
:class:`Battle` is a battle in progress; :func:`resolve_battle` returns its steps, each
with the rule in the rulebook's words, and the ``describe_*`` functions give each step's
words. The battle's records and rules are in :mod:`~piratelib.dreadpirate.battle.fight`, its
exact odds in :mod:`~piratelib.dreadpirate.battle.odds` and its spoils in
:mod:`~piratelib.dreadpirate.battle.spoils`; this module re-exports their names, so
``piratelib.dreadpirate.battle`` still offers them all. Where the rulebook is silent we
decide, and say so:

- Action cards are played alternately, starting with the attacker; a side's cards are
  played in the order given (``Battler.cards``).
- "Hoist the Jolly Roger!" played in a battle makes its player the Dread Pirate at once:
  the Flag's +1 moves to them for the rest of the battle (and from whoever held it).
- A loser with fewer items than the winner takes gives everything they have.
- The winner picks the spoils; by default :func:`greedy_picks` picks what brings the
  winner closest to winning.

Examples
--------
Two dice each, no bonuses: the attacker wins ties, so wins more than half the time.

>>> from piratelib.dreadpirate.battle import Purse, attacker_win_probability
>>> attacker_win_probability()
Fraction(721, 1296)
>>> attacker_win_probability(1, 0), attacker_win_probability(0, 4)
(Fraction(287, 432), Fraction(103, 648))

Ann rolls 9 and Bo 6, but Bo plays "Hard to Starboard!":

>>> steps = resolve_battle(
...     Battler("Ann", Purse.of(gold=5, red=4)),
...     Battler("Bo", Purse.of(gold=5, brown=4), cards=("hard_to_starboard",)),
...     rolls=[6, 3, 2, 4],
... )
>>> for step in steps[3:]:
...     print(step.text)
Bo plays Hard to Starboard! (Play when you are defending. +4 to your defense roll.): +4 to
Bo's roll. Totals: Ann 9, Bo 10.
9 against 10: Bo, the defender, wins the battle.
Bo is the first Pirate to win a battle and becomes the Dread Pirate.
Bo takes 1 item from Ann: 1 red Gem.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from piratelib.dreadpirate.battle.fight import (
    ROLES,
    RULE_ATTACK,
    RULE_CARDS,
    RULE_FLAG,
    RULE_ROLL,
    RULE_WINNER,
    Battle,
    Battler,
    card_order,
    check_battle,
    check_role,
    decide,
    other_role,
    play_card,
    roll_battle,
)
from piratelib.dreadpirate.battle.spoils import (
    RULE_SPOILS,
    RULE_SWITCH,
    greedy_picks,
    spoils_due,
    take_spoils,
)
from piratelib.dreadpirate.data import load_dreadpirate
from piratelib.dreadpirate.treasure import item_words
from piratelib.errors import IllegalActionError, check_id
from piratelib.steps import Step

__all__ = [
    "describe_attack",
    "describe_card",
    "describe_flag",
    "describe_roll",
    "describe_spoils",
    "describe_switch",
    "describe_winner",
    "resolve_battle",
]


def resolve_battle(
    attacker: Battler,
    defender: Battler,
    rolls: random.Random | Sequence[int],
    *,
    flag_elsewhere: bool = False,
    adjacent: bool = True,
    cards: Sequence[tuple[str, str]] | None = None,
    picks: Sequence[str] | None = None,
    switch: bool = False,
) -> tuple[Step, ...]:
    """Fight a battle and return its steps: rolls, cards, winner, the Flag and the spoils.

    Each step's state is the :class:`Battle` after it. "Next to" is the board's question:
    pass its answer as `adjacent`.

    Parameters
    ----------
    attacker, defender : Battler
        The two sides, with their purses, Flag, Mission bonus and cards to play.
    rolls : random.Random or sequence of int
        The dice: a generator, or four faces (attacker's two, then defender's two).
    flag_elsewhere : bool
        A third Pirate holds the Dread Pirate Flag.
    adjacent : bool
        Whether the attacker's Ship is next to the defender's.
    cards : sequence of (role, card id), optional
        The Action cards played after the roll, in order, e.g. ``[("defender",
        "hard_to_starboard")]``: "one at a time, starting with the attacker", where a side
        may pass. By default the sides' ``cards``, alternately from the attacker.
    picks : sequence of str, optional
        The spoils the winner takes (default :func:`greedy_picks`).
    switch : bool
        Whether the winner switches spaces with the loser.

    Raises
    ------
    IllegalActionError
        If the ships are not next to each other, a Pirate attacks themselves, both sides
        hold the Flag, a card cannot be played, or the picks are not the spoils due.

    Examples
    --------
    >>> from piratelib.dreadpirate.treasure import Purse
    >>> steps = resolve_battle(
    ...     Battler("Ann", Purse.of(gold=5, red=4)), Battler("Bo", Purse.of(gold=5)), [4, 4, 6, 2]
    ... )
    >>> for step in steps:
    ...     print(step.text)
    Ann attacks Bo.
    Ann, the attacker, rolls 4 + 4 = 8.
    Bo, the defender, rolls 6 + 2 = 8.
    8 against 8: a tie, and the attacker wins ties. Ann wins the battle.
    Ann is the first Pirate to win a battle and becomes the Dread Pirate.
    Ann takes 2 items from Bo: 2 Gold.
    """
    for side in (attacker, defender):
        if not isinstance(side, Battler):
            raise TypeError(f"a side of a battle must be a Battler, got {side!r}")
    for name, flag in (("adjacent", adjacent), ("switch", switch)):
        if not isinstance(flag, bool):
            raise IllegalActionError(f"{name} must be True or False, got {flag!r}")
    if not adjacent:
        raise IllegalActionError(
            f"{attacker.name or 'the attacker'} is not next to {defender.name or 'the defender'}: "
            f"{RULE_ATTACK}"
        )
    if attacker.name and attacker.name == defender.name:
        raise IllegalActionError(f"{attacker.name} cannot attack their own Ship: {RULE_ATTACK}")
    if (attacker.dread_pirate and defender.dread_pirate) or (
        flag_elsewhere and (attacker.dread_pirate or defender.dread_pirate)
    ):
        raise IllegalActionError("there is only 1 Dread Pirate Flag")
    if cards is None:
        cards = card_order(attacker.cards, defender.cards)
    elif attacker.cards or defender.cards:
        raise IllegalActionError("give the cards either as `cards` or as the sides' cards")
    given: object = cards  # callers may pass anything: check it
    if isinstance(given, str | bytes) or not all(
        isinstance(pair, tuple | list) and len(pair) == 2 for pair in cards
    ):
        raise IllegalActionError(f"cards are (role, card id) pairs, got {cards!r}")
    cards = [(role, card) for role, card in cards]  # each a pair, checked above
    check = Battle(attacker, defender, flag_elsewhere=flag_elsewhere)
    for role, card in cards:  # refuse a card before any step
        check = play_card(check, role, card)
    start = Battle(attacker, defender, flag_elsewhere=flag_elsewhere)
    log = [Step("Battle", describe_attack(start), RULE_ATTACK, start)]
    battle = roll_battle(
        replace(attacker, cards=()),
        replace(defender, cards=()),
        rolls,
        flag_elsewhere=flag_elsewhere,
    )
    for role in ROLES:
        log.append(Step("Battle: roll", describe_roll(battle, role), RULE_ROLL[role], battle))
    for role, card in cards:
        before, battle = battle, play_card(battle, role, card)
        text = describe_card(before, battle, role, card)
        log.append(Step("Battle: Action card", text, RULE_CARDS, battle))
    battle = decide(battle)
    log.append(Step("Battle: winner", describe_winner(battle), RULE_WINNER, battle))
    log.append(Step("The Dread Pirate", describe_flag(battle), RULE_FLAG, battle))
    winner = battle.winner
    assert winner is not None  # decide names the winner
    loser = other_role(winner)
    won, lost = battle.side(winner), battle.side(loser)
    if picks is None:
        picks = greedy_picks(won.purse, lost.purse, spoils_due(battle))
    got, left = take_spoils(won.purse, lost.purse, picks, attacker_won=winner == "attacker")
    battle = battle.with_side(winner, replace(won, purse=got))
    battle = battle.with_side(loser, replace(lost, purse=left))
    log.append(
        Step("The Spoils of Battle", describe_spoils(battle, picks), RULE_SPOILS[winner], battle)
    )
    if switch:
        log.append(Step("The Spoils of Battle", describe_switch(battle), RULE_SWITCH, battle))
    return tuple(log)


def describe_attack(battle: Battle) -> str:
    """The words of an attack: "Ann attacks Bo."."""
    a, d = _names(battle)
    return f"{a} attacks {d}."


def describe_roll(battle: Battle, role: str) -> str:
    """The words of `role`'s roll: "Ann, the attacker, rolls 4 + 3 = 7, +1 as ...: 8."."""
    who = _names(battle)[ROLES.index(check_role(role))]
    rolled = battle.dice(role)
    text = f"{who}, the {role}, rolls {' + '.join(map(str, rolled))} = {sum(rolled)}"
    parts = battle.bonus_parts(role)
    if not parts:
        return text + "."
    bonus = ", ".join(
        f"{n:+d} as {what}" if what.startswith("the") else f"{n:+d} from {what}"
        for what, n in parts
    )
    return f"{text}, {bonus}: {battle.total(role)}."


def describe_card(before: Battle, after: Battle, role: str, card: str) -> str:
    """The words of playing `card`: what it did, and the totals after.

    Raises
    ------
    IllegalActionError
        For an unknown card id, naming the close ones.
    """
    actions = load_dreadpirate().actions
    action = actions[check_id("Action card", card, actions)]
    check_battle(before)
    a, d = _names(after)
    names = {"attacker": a, "defender": d}
    who = names[check_role(role)]
    if action["effect"] != "dread_pirate":
        did = f"{action['amount']:+d} to {who}'s roll"
    elif before.dread_pirate == role:
        did = f"{who} is the Dread Pirate already, so nothing changes"
    elif before.dread_pirate is not None:
        did = f"{who} becomes the Dread Pirate: the Flag's +1 moves from {names[other_role(role)]}"
    elif before.flag_elsewhere:
        did = f"{who} becomes the Dread Pirate, taking the Flag and its +1 from its holder"
    else:
        did = f"{who} becomes the Dread Pirate, with the Flag's +1"
    return (
        f"{who} plays {action['name']} ({action['text']}): {did}. Totals: {a} "
        f"{after.total('attacker')}, {d} {after.total('defender')}."
    )


def describe_winner(battle: Battle) -> str:
    """The words of a decided battle's result: the totals and who won."""
    if check_battle(battle).winner is None:
        raise IllegalActionError("the battle is not decided yet")
    a, d = _names(battle)
    at, dt = battle.total("attacker"), battle.total("defender")
    name = a if battle.winner == "attacker" else d
    if at == dt:
        return f"{at} against {dt}: a tie, and the attacker wins ties. {name} wins the battle."
    return f"{at} against {dt}: {name}, the {battle.winner}, wins the battle."


def describe_flag(battle: Battle) -> str:
    """The words of where the Dread Pirate Flag goes after a decided battle, and why."""
    check_battle(battle)
    if battle.winner is None:
        raise IllegalActionError("the battle is not decided yet")
    a, d = _names(battle)
    names = {"attacker": a, "defender": d}
    winner, loser = names[battle.winner], names[other_role(battle.winner)]
    holder = battle.dread_pirate
    if holder is None and not battle.flag_elsewhere:
        return f"{winner} is the first Pirate to win a battle and becomes the Dread Pirate."
    if holder == battle.winner and (battle.winner, "hoist_the_jolly_roger") in battle.played:
        return f"{winner} became the Dread Pirate in this battle and, winning it, keeps the Flag."
    if holder == battle.winner:
        return f"{winner}, the Dread Pirate, keeps the Flag."
    if holder is not None:
        return f"{winner} defeated the Dread Pirate, {loser}, and takes the Dread Pirate Flag."
    return f"{winner} did not defeat the Dread Pirate: the Flag stays where it is."


def describe_spoils(battle: Battle, picks: Sequence[str]) -> str:
    """The words of the spoils the winner of a decided battle took."""
    a, d = _names(battle)
    winner, loser = (a, d) if battle.winner == "attacker" else (d, a)
    if battle.winner is None:
        raise IllegalActionError("the battle is not decided yet")
    if isinstance(picks, str | bytes):
        raise TypeError(f"picks are a sequence of items, got {picks!r}")
    for item in picks:
        check_id("item", item, ("gold", *load_dreadpirate().colours))
    if not picks:
        return f"{loser} has no treasure: {winner} takes nothing."
    counts: dict[str, int] = {}
    for item in picks:
        counts[item] = counts.get(item, 0) + 1
    things = " and ".join(item_words(item, n) for item, n in counts.items())
    n = len(picks)
    return f"{winner} takes {n} item{'s' * (n != 1)} from {loser}: {things}."


def describe_switch(battle: Battle) -> str:
    """The words of the winner switching spaces with the loser."""
    if check_battle(battle).winner is None:
        raise IllegalActionError("the battle is not decided yet")
    a, d = _names(battle)
    winner, loser = (a, d) if battle.winner == "attacker" else (d, a)
    return f"{winner} switches spaces on the map with {loser}."


def _names(battle: Battle) -> tuple[str, str]:
    """The two sides' names for messages (checking it is a Battle)."""
    check_battle(battle)
    return battle.attacker.name or "The attacker", battle.defender.name or "The defender"
