"""Dread Pirate's Spoils of Battle: what the winner takes from the loser, and switching spaces.

"The Spoils of Battle: If the attacker wins, he takes 2 treasure items from the defender.
This can be any combination of Gems or Gold. If the defender wins, he takes 1 Gold or 1
Gem from the attacker. The winner of the battle chooses the color of gem if the other
player has multiple colors. Whichever Pirate wins the battle can also choose to switch
spaces on the map with the losing Pirate." An **item** is one Gold or one Gem. Where the
rulebook is silent we decide, and say so: a loser with fewer items than due gives all
they have; :func:`greedy_picks` is one way for the winner to choose.

Examples
--------
>>> winner, loser = Purse.of(gold=5, red=4), Purse.of(gold=5, red=1, brown=4)
>>> picks = greedy_picks(winner, loser, 2)
>>> picks
('red', 'brown')
>>> print(*take_spoils(winner, loser, picks, attacker_won=True), sep=" | ")
5 Gold, 5 red Gems, 1 brown Gem | 5 Gold, 3 brown Gems
"""

from __future__ import annotations

from collections.abc import Iterable

from piratelib.dreadpirate.battle.fight import Battle, check_battle, other_role
from piratelib.dreadpirate.data import load_dreadpirate
from piratelib.dreadpirate.treasure import GOLD, Purse
from piratelib.errors import IllegalActionError, check_whole

__all__ = ["RULE_SPOILS", "RULE_SWITCH", "greedy_picks", "spoils_due", "take_spoils"]

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


def spoils_due(battle: Battle) -> int:
    """How many items the winner of a decided battle takes from the loser.

    The attacker takes 2, the defender 1; a loser with fewer gives all they have (assumed).
    """
    check_battle(battle)
    if battle.winner is None:
        raise IllegalActionError("the battle is not decided yet")
    dp = load_dreadpirate()
    due: int = dp.spoils["attacker_takes" if battle.winner == "attacker" else "defender_takes"]
    return min(due, battle.side(other_role(battle.winner)).purse.items)


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
    _check_purses(winner, loser)
    if not isinstance(attacker_won, bool):
        raise IllegalActionError(f"attacker_won must be True or False, got {attacker_won!r}")
    if isinstance(picks, str | bytes):
        raise TypeError(f"picks are a sequence of items, not one string: got {picks!r}")
    picks = list(picks)
    for item in picks:
        if item != GOLD:
            dp.colour(item)
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
    _check_purses(winner, loser)
    check_whole("n", n, 0, _ITEMS, error=IllegalActionError)
    picks = []
    for _ in range(min(n, loser.items)):
        options = [GOLD, *load_dreadpirate().colours]
        options = [item for item in options if loser.count(item)]
        best = min(options, key=lambda item: _distance(winner.add(item)))
        picks.append(best)
        winner, loser = winner.add(best), loser.remove(best)
    return tuple(picks)


_ITEMS = 100  # the most items a purse can hold: the box's 40 Gold and 60 Gems


def _check_purses(*purses: object) -> None:
    """Each must be a Purse."""
    for purse in purses:
        if not isinstance(purse, Purse):
            raise TypeError(f"expected a Purse, got {purse!r}")


def _distance(purse: Purse) -> tuple[int, ...]:
    """How far `purse` is from a win: the fewest items needed, then the others."""
    return tuple(sorted(purse.needs().values()))
