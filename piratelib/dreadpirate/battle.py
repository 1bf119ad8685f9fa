"""Dread Pirate's battles: exact odds, the Dread Pirate Flag, Action cards and the spoils.

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
with the rule in the rulebook's words. Where the rulebook is silent we decide, and say so:

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

import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from itertools import zip_longest

from piratelib import dice
from piratelib.dreadpirate.data import load_dreadpirate
from piratelib.dreadpirate.treasure import GOLD, Purse, item_words
from piratelib.errors import IllegalActionError, check_whole, did_you_mean
from piratelib.steps import Step

__all__ = [
    "ROLES",
    "Battle",
    "BattleOdds",
    "Battler",
    "attacker_win_probability",
    "battle_odds",
    "break_even_difference",
    "card_refusal",
    "decide",
    "describe_attack",
    "describe_card",
    "describe_flag",
    "describe_roll",
    "describe_spoils",
    "describe_switch",
    "describe_winner",
    "expected_swing",
    "final_bonuses",
    "greedy_picks",
    "play_all",
    "play_card",
    "resolve_battle",
    "roll_battle",
    "spoils_due",
    "take_spoils",
]

ROLES = ("attacker", "defender")
"""The two sides of a battle: "You are the attacker, and the other Pirate is the defender"."""

_MOST = 50  # the largest bonus, either way, any function accepts
_DOING = {"attacker": "attacking", "defender": "defending"}  # a role as an Action card says it

RULE_ATTACK = (
    "At the end your movement, if you are next to another Pirate, you can fight them. You can "
    "only attack one Pirate each turn. You are the attacker, and the other Pirate is the defender."
)
RULE_ROLL = {
    "attacker": "The attacker rolls two dice and adds any of his or her bonuses to them.",
    "defender": "The defender then rolls two dice and adds any of his or her bonuses to them.",
}
RULE_CARDS = (
    "The players in the battle can now play Action cards one at a time, starting with the "
    "attacker. ... Each Action card says when it can be played and what it does. Discard each "
    "action card after it has been used."
)
RULE_WINNER = (
    "Once all cards are played, whichever player has the highest number wins the battle. The "
    "attacker wins ties."
)
RULE_FLAG = (
    "The first Pirate to win a battle becomes the Dread Pirate, and gets the Dread Pirate Flag "
    "for their Ship. From that point on, in order to become the Dread Pirate, a Pirate must "
    "defeat the Dread Pirate in battle. The Dread Pirate receives +1 to all of their rolls."
)
RULE_SPOILS = {
    "attacker": (
        "The Spoils of Battle: If the attacker wins, he takes 2 treasure items from the defender. "
        "This can be any combination of Gems or Gold. ... The winner of the battle chooses the "
        "color of gem if the other player has multiple colors."
    ),
    "defender": (
        "The Spoils of Battle: ... If the defender wins, he takes 1 Gold or 1 Gem from the "
        "attacker. The winner of the battle chooses the color of gem if the other player has "
        "multiple colors."
    ),
}
RULE_SWITCH = (
    "Whichever Pirate wins the battle can also choose to switch spaces on the map with the "
    "losing Pirate."
)


@dataclass(frozen=True)
class Battler:
    """One side of a battle.

    ``dread_pirate`` says whether this side holds the Dread Pirate Flag; ``mission_bonus``
    is what its completed Missions add "to all rolls"; ``cards`` are the ids of the Action
    cards it plays in this battle, in order (see ``dreadpirate.toml``).

    Examples
    --------
    >>> Battler("Ann", dread_pirate=True, cards=("hoist_the_jolly_roger",)).cards
    ('hoist_the_jolly_roger',)
    """

    name: str = ""
    purse: Purse = field(default_factory=lambda: Purse())
    dread_pirate: bool = False
    mission_bonus: int = 0
    cards: tuple[str, ...] = ()


@dataclass(frozen=True)
class Battle:
    """A battle in progress: the two sides, their dice, the cards played, and the winner.

    ``flag_elsewhere`` is True when a third Pirate, not in this battle, holds the Dread
    Pirate Flag (so winning this battle does not make anyone the Dread Pirate). ``played``
    lists ``(role, card id)`` in the order played; ``winner`` is a role once decided, and
    ``flag_after`` the role holding the Flag after the battle (None if neither does). The
    sides' ``dread_pirate`` say who holds it during the battle, so the totals stay those
    that decided it.

    Examples
    --------
    >>> battle = Battle(Battler("Ann", dread_pirate=True), Battler("Bo"), (3, 4), (5, 1))
    >>> battle.total("attacker"), battle.total("defender"), battle.leader
    (8, 6, 'attacker')
    """

    attacker: Battler
    defender: Battler
    attacker_dice: tuple[int, ...] = ()
    defender_dice: tuple[int, ...] = ()
    played: tuple[tuple[str, str], ...] = ()
    winner: str | None = None
    flag_elsewhere: bool = False
    flag_after: str | None = None

    def side(self, role: str) -> Battler:
        """The :class:`Battler` in `role`, ``"attacker"`` or ``"defender"``."""
        return self.attacker if _role(role) == "attacker" else self.defender

    def dice(self, role: str) -> tuple[int, ...]:
        """The dice `role` rolled (empty before the roll)."""
        return self.attacker_dice if _role(role) == "attacker" else self.defender_dice

    def bonus(self, role: str) -> int:
        """Everything `role` adds to its dice: the Flag, Missions and Action cards.

        Examples
        --------
        >>> battle = Battle(Battler("Ann"), Battler("Bo", mission_bonus=1))
        >>> battle = play_card(battle, "defender", "hard_to_starboard")
        >>> battle.bonus("defender")
        5
        """
        return sum(n for _, n in self.bonus_parts(role))

    def bonus_parts(self, role: str) -> list[tuple[str, int]]:
        """`role`'s bonuses in words, e.g. ``[("the Dread Pirate", 1)]``."""
        dp = load_dreadpirate()
        side = self.side(role)
        parts = []
        if side.dread_pirate:
            parts.append(("the Dread Pirate", dp.dread_pirate["roll_bonus"]))
        if side.mission_bonus:
            parts.append(("Missions", side.mission_bonus))
        for who, card in self.played:
            action = dp.actions[card]
            if who == role and action["effect"] == "roll":
                parts.append((action["name"], action["amount"]))
        return parts

    def total(self, role: str) -> int:
        """`role`'s dice plus its bonus.

        Raises
        ------
        IllegalActionError
            Before the dice are rolled.
        """
        rolled = self.dice(role)
        if not rolled:
            raise IllegalActionError(f"the {role} has not rolled yet")
        return sum(rolled) + self.bonus(role)

    @property
    def leader(self) -> str:
        """The role winning on the totals now: "The attacker wins ties"."""
        return "attacker" if self.total("attacker") >= self.total("defender") else "defender"

    @property
    def dread_pirate(self) -> str | None:
        """The role holding the Flag during the battle, or None if neither does."""
        for role in ROLES:
            if self.side(role).dread_pirate:
                return role
        return None

    def with_side(self, role: str, battler: Battler) -> Battle:
        """A copy with `role`'s side replaced by `battler`."""
        key = "attacker" if _role(role) == "attacker" else "defender"
        return replace(self, **{key: battler})


@dataclass(frozen=True)
class BattleOdds:
    """The exact chances of a battle before the roll.

    ``attacker_bonus`` and ``defender_bonus`` are each side's bonus once its cards are
    played; ``attacker_totals`` and ``defender_totals`` the distributions of each side's
    final total (dice plus bonus); ``attacker_wins`` the chance the attacker wins.
    """

    attacker_bonus: int
    defender_bonus: int
    attacker_wins: Fraction
    attacker_totals: dict[int, Fraction]
    defender_totals: dict[int, Fraction]

    @property
    def defender_wins(self) -> Fraction:
        """The chance the defender wins."""
        return 1 - self.attacker_wins


def attacker_win_probability(attacker_bonus: int = 0, defender_bonus: int = 0) -> Fraction:
    """Return the exact chance that the attacker wins a battle.

    Each side rolls two dice and adds its bonus; "whichever player has the highest number
    wins the battle. The attacker wins ties." The chance depends only on the difference
    ``attacker_bonus - defender_bonus``.

    Parameters
    ----------
    attacker_bonus, defender_bonus : int
        What each side adds to its two dice, from -50 to 50.

    Raises
    ------
    IllegalActionError
        If a bonus is not a whole number from -50 to 50.

    Examples
    --------
    >>> attacker_win_probability()
    Fraction(721, 1296)
    >>> attacker_win_probability(0, 1) == attacker_win_probability(3, 4)
    True
    >>> attacker_win_probability(10, 0), attacker_win_probability(0, 11)
    (Fraction(1, 1), Fraction(0, 1))
    """
    check_whole("attacker_bonus", attacker_bonus, -_MOST, _MOST, error=IllegalActionError)
    check_whole("defender_bonus", defender_bonus, -_MOST, _MOST, error=IllegalActionError)
    rules = load_dreadpirate().battle
    n = rules["dice"]
    # The attacker's dice and 7 minus each of the defender's make one sum of 2n dice, S,
    # and attacker - defender = S - 7n: the attacker wins when S >= 7n - difference
    # (one more when ties do not go to the attacker).
    least = 7 * n - (attacker_bonus - defender_bonus) + (not rules["attacker_wins_ties"])
    return Fraction(6 ** (2 * n) - _sums_at_most(2 * n, least - 1), 6 ** (2 * n))


def final_bonuses(
    attacker: Battler, defender: Battler, *, flag_elsewhere: bool = False
) -> tuple[int, int]:
    """Return each side's bonus once all its Action cards are played.

    Cards are played alternately, starting with the attacker (see :func:`play_card`).

    Raises
    ------
    IllegalActionError
        If a card is unknown or played in the wrong role.

    Examples
    --------
    The defender is the Dread Pirate; the attacker hoists the Jolly Roger and takes the +1:

    >>> final_bonuses(
    ...     Battler("Ann", cards=("hoist_the_jolly_roger",)), Battler("Bo", dread_pirate=True)
    ... )
    (1, 0)
    """
    battle = play_all(Battle(attacker, defender, flag_elsewhere=flag_elsewhere))
    return battle.bonus("attacker"), battle.bonus("defender")


def battle_odds(
    attacker: Battler, defender: Battler, *, flag_elsewhere: bool = False
) -> BattleOdds:
    """Return the exact odds of a battle in which each side plays its ``cards``.

    Parameters
    ----------
    attacker, defender : Battler
        The sides; their ``cards`` are played whatever the dice show.
    flag_elsewhere : bool
        A third Pirate holds the Dread Pirate Flag.

    Raises
    ------
    IllegalActionError
        If a card is unknown or played in the wrong role.

    Examples
    --------
    The Dread Pirate attacks a defender who plays "Hard to Starboard!" (+4):

    >>> odds = battle_odds(Battler(dread_pirate=True), Battler(cards=("hard_to_starboard",)))
    >>> odds.attacker_bonus, odds.defender_bonus, odds.attacker_wins
    (1, 4, Fraction(155, 648))
    >>> min(odds.defender_totals), max(odds.defender_totals)
    (6, 16)
    """
    a, d = final_bonuses(attacker, defender, flag_elsewhere=flag_elsewhere)
    n = load_dreadpirate().battle["dice"]
    return BattleOdds(
        a,
        d,
        attacker_win_probability(a, d),
        dice.sum_of_dice(n, bonus=a),
        dice.sum_of_dice(n, bonus=d),
    )


def expected_swing(
    attacker_bonus: int = 0,
    defender_bonus: int = 0,
    *,
    attacker_items: int | None = None,
    defender_items: int | None = None,
) -> Fraction:
    """Return the attacker's expected gain in treasure items from attacking.

    Winning takes ``min(2, defender_items)`` items; losing gives ``min(1,
    attacker_items)``. With enough items on both sides (the default, None) that is
    ``2 P(win) - 1 P(lose) = 3 P(win) - 1``. Every item counts the same here, Gold or Gem
    of any colour, though they need not be worth the same toward a win.

    Raises
    ------
    IllegalActionError
        If a bonus or an item count is out of range.

    Examples
    --------
    >>> expected_swing()
    Fraction(289, 432)
    >>> expected_swing(0, 2) > 0 > expected_swing(0, 3)
    True
    >>> expected_swing(defender_items=0)
    Fraction(-575, 1296)
    """
    p = attacker_win_probability(attacker_bonus, defender_bonus)
    dp = load_dreadpirate()
    gain, loss = dp.spoils["attacker_takes"], dp.spoils["defender_takes"]
    if defender_items is not None:
        check_whole(
            "defender_items",
            defender_items,
            0,
            dp.components["gold"] + dp.components["gems"],
            error=IllegalActionError,
        )
        gain = min(gain, defender_items)
    if attacker_items is not None:
        check_whole(
            "attacker_items",
            attacker_items,
            0,
            dp.components["gold"] + dp.components["gems"],
            error=IllegalActionError,
        )
        loss = min(loss, attacker_items)
    return gain * p - loss * (1 - p)


def break_even_difference() -> int:
    """Return the lowest bonus difference (attacker minus defender) at which attacking pays.

    "Pays" means :func:`expected_swing` is above 0, with enough items on both sides.

    Examples
    --------
    >>> break_even_difference()
    -2
    >>> float(attacker_win_probability(0, 2))  # just above 1/3
    0.3356...
    """
    return next(d for d in range(-2 * _MOST // 4, _MOST // 4) if expected_swing(d, 0) > 0)


def card_refusal(battle: Battle, role: str, card: str) -> str | None:
    """Why `role` may not play Action card `card` in `battle`, or None if it may.

    "Each Action card says when it can be played": "Hard to Starboard!" only when
    defending, "Hoist the Jolly Roger!" when attacking or defending.

    Examples
    --------
    >>> print(card_refusal(Battle(Battler(), Battler()), "attacker", "hard_to_starboard"))
    Hard to Starboard! is played when you are defending, not attacking: Play when you are
    defending. +4 to your defense roll.
    """
    dp = load_dreadpirate()
    _role(role)
    if card not in dp.actions:
        return f"unknown Action card {card!r}: {did_you_mean(card, dp.actions)}"
    action = dp.actions[card]
    if battle.winner is not None:
        return "the battle is over"
    doing = _DOING[role]
    if action["when"] not in ("either", doing):
        return (
            f"{action['name']} is played when you are {action['when']}, not {doing}: "
            f"{action['text']}"
        )
    return None


def play_card(battle: Battle, role: str, card: str) -> Battle:
    """Return the battle after `role` plays Action card `card`.

    A roll card adds its amount to the player's total. "Hoist the Jolly Roger!": "Become
    the Dread Pirate." We decide that this happens at once: the Flag's +1 moves to its
    player for the rest of the battle, from the other side or from a third Pirate.

    Raises
    ------
    IllegalActionError
        If :func:`card_refusal` refuses the card.

    Examples
    --------
    >>> battle = Battle(Battler("Ann"), Battler("Bo", dread_pirate=True))
    >>> after = play_card(battle, "attacker", "hoist_the_jolly_roger")
    >>> after.dread_pirate, after.bonus("attacker"), after.bonus("defender")
    ('attacker', 1, 0)
    """
    reason = card_refusal(battle, role, card)
    if reason is not None:
        raise IllegalActionError(f"the {role} cannot play {card!r}: {reason}")
    battle = replace(battle, played=(*battle.played, (role, card)))
    if load_dreadpirate().actions[card]["effect"] == "dread_pirate":
        other = _other(role)
        battle = battle.with_side(role, replace(battle.side(role), dread_pirate=True))
        battle = battle.with_side(other, replace(battle.side(other), dread_pirate=False))
        battle = replace(battle, flag_elsewhere=False)
    return battle


def play_all(battle: Battle) -> Battle:
    """Return `battle` with both sides' ``cards`` played, alternately from the attacker.

    Raises
    ------
    IllegalActionError
        If a card is unknown or played in the wrong role.

    Examples
    --------
    >>> battle = play_all(Battle(Battler(cards=("stand_in_attack",)), Battler(dread_pirate=True)))
    >>> battle.played, battle.bonus("attacker"), battle.bonus("defender")
    ((('attacker', 'stand_in_attack'),), 2, 1)
    """
    for role, card in _order(battle.attacker.cards, battle.defender.cards):
        battle = play_card(battle, role, card)
    return battle


def roll_battle(
    attacker: Battler,
    defender: Battler,
    rolls: random.Random | Sequence[int],
    *,
    flag_elsewhere: bool = False,
) -> Battle:
    """Roll the battle's dice: the attacker's two, then the defender's two.

    Parameters
    ----------
    rolls : random.Random or sequence of int
        Where the dice come from: a generator (such as
        :class:`~piratelib.dice.ScriptedRolls`) or the four faces in order.

    Raises
    ------
    PiratelibError
        If the scripted faces run out or are not faces of a die.

    Examples
    --------
    >>> roll_battle(Battler("Ann"), Battler("Bo"), [6, 1, 3, 3]).leader
    'attacker'
    """
    rng = rolls if isinstance(rolls, random.Random) else dice.ScriptedRolls(rolls)
    n = load_dreadpirate().battle["dice"]
    first = dice.roll(n, rng)
    return Battle(attacker, defender, first, dice.roll(n, rng), flag_elsewhere=flag_elsewhere)


def decide(battle: Battle) -> Battle:
    """Return the battle with its winner, and where the Dread Pirate Flag goes after it.

    "whichever player has the highest number wins the battle. The attacker wins ties."
    "The first Pirate to win a battle becomes the Dread Pirate ... From that point on, in
    order to become the Dread Pirate, a Pirate must defeat the Dread Pirate in battle."

    Examples
    --------
    >>> battle = decide(roll_battle(Battler("Ann"), Battler("Bo"), [2, 2, 6, 6]))
    >>> battle.winner, battle.flag_after, battle.total("defender")
    ('defender', 'defender', 12)
    """
    if battle.winner is not None:
        raise IllegalActionError("the battle is already decided")
    winner = battle.leader
    holder = battle.dread_pirate
    first = holder is None and not battle.flag_elsewhere
    flag_after = winner if first or holder == _other(winner) else holder
    return replace(battle, winner=winner, flag_after=flag_after)


def spoils_due(battle: Battle) -> int:
    """How many items the winner of a decided battle takes from the loser.

    The attacker takes 2, the defender 1; a loser with fewer gives all they have (assumed).
    """
    if battle.winner is None:
        raise IllegalActionError("the battle is not decided yet")
    dp = load_dreadpirate()
    due = dp.spoils["attacker_takes" if battle.winner == "attacker" else "defender_takes"]
    return min(due, battle.side(_other(battle.winner)).purse.items)


def take_spoils(
    winner: Purse, loser: Purse, picks: Iterable[str], *, attacker_won: bool
) -> tuple[Purse, Purse]:
    """Move the spoils `picks` from the loser's purse to the winner's.

    "If the attacker wins, he takes 2 treasure items from the defender. This can be any
    combination of Gems or Gold. If the defender wins, he takes 1 Gold or 1 Gem from the
    attacker. The winner of the battle chooses the color of gem". Each pick is ``"gold"``
    or a colour id. A loser with fewer items than due gives all they have (assumed), so
    there must be exactly ``min(due, loser.items)`` picks.

    Returns
    -------
    (Purse, Purse)
        The winner's and the loser's purses after.

    Raises
    ------
    IllegalActionError
        For the wrong number of picks, an unknown item, or more than the loser has.

    Examples
    --------
    >>> ann, bo = take_spoils(
    ...     Purse.of(gold=5), Purse.of(gold=1, brown=4), ["gold", "brown"], attacker_won=True
    ... )
    >>> print(ann, "|", bo)
    6 Gold, 1 brown Gem | 3 brown Gems
    >>> take_spoils(Purse(), Purse.of(gold=1, red=1), ["gold", "gold"], attacker_won=True)
    Traceback (most recent call last):
      ...
    piratelib.errors.IllegalActionError: cannot take 1 Gold from 1 red Gem: it holds 0
    """
    dp = load_dreadpirate()
    picks = list(picks)
    due = dp.spoils["attacker_takes" if attacker_won else "defender_takes"]
    want = min(due, loser.items)
    who = "attacker" if attacker_won else "defender"
    if len(picks) != want:
        short = f" (the loser has only {loser.items})" if loser.items < due else ""
        raise IllegalActionError(
            f"the {who} takes {want} item{'s' * (want != 1)}{short}, got {len(picks)} "
            f"picks: {RULE_SPOILS[who]}"
        )
    for item in picks:
        if item != GOLD:
            dp.colour(item)
        loser = loser.remove(item)
        winner = winner.add(item)
    return winner, loser


def greedy_picks(winner: Purse, loser: Purse, n: int) -> tuple[str, ...]:
    """Pick `n` items (or all the loser has) that bring the winner closest to winning.

    Each pick takes the item, Gold or a colour of Gem the loser holds, that most lowers
    the fewest items the winner still needs (:meth:`Purse.needs`); ties go to Gold, then
    to the colours in order. One policy of many: the rules let the winner choose.

    Examples
    --------
    >>> greedy_picks(Purse.of(gold=5, red=4), Purse.of(gold=5, red=1, brown=4), 2)
    ('red', 'brown')
    """
    picks = []
    for _ in range(min(n, loser.items)):
        options = [GOLD, *load_dreadpirate().colours]
        options = [item for item in options if loser.count(item)]
        best = min(options, key=lambda item: _distance(winner.add(item)))
        picks.append(best)
        winner, loser = winner.add(best), loser.remove(best)
    return tuple(picks)


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
        cards = _order(attacker.cards, defender.cards)
    elif attacker.cards or defender.cards:
        raise IllegalActionError("give the cards either as `cards` or as the sides' cards")
    cards = [tuple(pair) for pair in cards]
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
    loser = _other(winner)
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
    who = _names(battle)[ROLES.index(_role(role))]
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
    """The words of playing `card`: what it did, and the totals after."""
    action = load_dreadpirate().actions[card]
    a, d = _names(after)
    names = {"attacker": a, "defender": d}
    who = names[_role(role)]
    if action["effect"] != "dread_pirate":
        did = f"{action['amount']:+d} to {who}'s roll"
    elif before.dread_pirate == role:
        did = f"{who} is the Dread Pirate already, so nothing changes"
    elif before.dread_pirate is not None:
        did = f"{who} becomes the Dread Pirate: the Flag's +1 moves from {names[_other(role)]}"
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
    a, d = _names(battle)
    at, dt = battle.total("attacker"), battle.total("defender")
    name = a if battle.winner == "attacker" else d
    if at == dt:
        return f"{at} against {dt}: a tie, and the attacker wins ties. {name} wins the battle."
    return f"{at} against {dt}: {name}, the {battle.winner}, wins the battle."


def describe_flag(battle: Battle) -> str:
    """The words of where the Dread Pirate Flag goes after a decided battle, and why."""
    a, d = _names(battle)
    names = {"attacker": a, "defender": d}
    winner, loser = names[battle.winner], names[_other(battle.winner)]
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
    a, d = _names(battle)
    winner, loser = (a, d) if battle.winner == "attacker" else (d, a)
    return f"{winner} switches spaces on the map with {loser}."


def _role(role: object) -> str:
    """`role` if it is a battle role; IllegalActionError otherwise."""
    if role not in ROLES:
        raise IllegalActionError(f"a battle role is 'attacker' or 'defender', got {role!r}")
    return role  # type: ignore[return-value]


def _other(role: str) -> str:
    """The other battle role."""
    return "defender" if _role(role) == "attacker" else "attacker"


def _distance(purse: Purse) -> tuple[int, ...]:
    """How far `purse` is from a win: the fewest items needed, then the others."""
    return tuple(sorted(purse.needs().values()))


def _order(attacker: Sequence[str], defender: Sequence[str]) -> list[tuple[str, str]]:
    """Both sides' cards alternately, starting with the attacker."""
    pairs = zip_longest(attacker, defender)
    return [
        (role, card) for a, d in pairs for role, card in (("attacker", a), ("defender", d)) if card
    ]


def _sums_at_most(m: int, total: int) -> int:
    """How many of the 6**m rolls of m dice sum to `total` or less, in closed form.

    Inclusion-exclusion over the dice above 6: the sum of ``(-1)**j C(m, j) C(total - 6j,
    m)`` over the j with ``total - 6j >= m``.
    """
    return sum(
        (-1) ** j * math.comb(m, j) * math.comb(total - 6 * j, m)
        for j in range(m + 1)
        if total - 6 * j >= m
    )


def _names(battle: Battle) -> tuple[str, str]:
    """The two sides' names for messages."""
    return battle.attacker.name or "The attacker", battle.defender.name or "The defender"
