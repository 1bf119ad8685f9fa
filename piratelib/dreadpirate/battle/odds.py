"""Dread Pirate's battle odds: exact chances from the two sides' bonuses, and what they are worth.

A side's **bonus** is +1 if it is the Dread Pirate ("The Dread Pirate receives +1 to all
of their rolls"), plus the roll bonuses of its completed Missions ("for example, +1 to all
rolls"), plus what its Action cards add ("Hard to Starboard!": "+4 to your defense roll").
Only the difference of the two bonuses matters: :func:`attacker_win_probability`, in
closed form, since "The attacker wins ties". :func:`battle_odds` plays the sides' cards
(:mod:`~piratelib.dreadpirate.battle.fight`) before the roll and gives each side's totals;
:func:`expected_swing` weighs a battle in treasure items won and lost.

Examples
--------
Two dice each, no bonuses: the attacker wins ties, so wins more than half the time.

>>> attacker_win_probability()
Fraction(721, 1296)
>>> attacker_win_probability(1, 0), attacker_win_probability(0, 4)
(Fraction(287, 432), Fraction(103, 648))
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from piratelib import dice
from piratelib.dreadpirate.battle.fight import Battle, Battler, play_all
from piratelib.dreadpirate.data import load_dreadpirate
from piratelib.errors import IllegalActionError, check_whole

__all__ = [
    "BattleOdds",
    "attacker_win_probability",
    "battle_odds",
    "break_even_difference",
    "expected_swing",
    "final_bonuses",
]

_MOST = 50  # the largest bonus, either way, any function accepts


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
        What each side adds to its two dice, from -50 to 50. Every bonus in the game adds
        ("+1 to all rolls"); a negative one is allowed on purpose: only the difference
        matters, and the charts and the break-even ask by difference ("two behind" is
        ``attacker_win_probability(-2, 0)``), as a designer's penalty card would.

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
    return Fraction(6 ** (2 * n) - dice.rolls_summing_at_most(2 * n, least - 1), 6 ** (2 * n))


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
    gain: int = dp.spoils["attacker_takes"]
    loss: int = dp.spoils["defender_takes"]
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
