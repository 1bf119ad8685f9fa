"""Dread Pirate's battle as data: the two sides, their dice, the Action cards, the winner.

Battles: "The attacker rolls two dice and adds any of his or her bonuses to them. The
defender then rolls two dice and adds any of his or her bonuses to them. The players in
the battle can now play Action cards one at a time, starting with the attacker. Once all
cards are played, whichever player has the highest number wins the battle. The attacker
wins ties." A :class:`Battler` is one side: a name, a
:class:`~piratelib.dreadpirate.treasure.Purse`, whether it holds the Dread Pirate Flag,
its Mission bonus and the Action cards it plays; a :class:`Battle` is a battle in
progress. The rules that change one are small functions: :func:`roll_battle`,
:func:`play_card` (refused by :func:`card_refusal`), :func:`play_all` and :func:`decide`,
which also says where the Flag goes. The exact odds are in
:mod:`~piratelib.dreadpirate.battle.odds`, the spoils in
:mod:`~piratelib.dreadpirate.battle.spoils`, and
a battle told step by step in :mod:`~piratelib.dreadpirate.battle`. Where the rulebook is
silent we decide, and say so: Action cards alternate, starting with the attacker, each
side's in the order given; "Hoist the Jolly Roger!" makes its player the Dread Pirate at
once, moving the Flag's +1 to them for the rest of the battle.

Examples
--------
>>> battle = decide(roll_battle(Battler("Ann"), Battler("Bo"), [4, 4, 6, 2]))
>>> battle.total("attacker"), battle.total("defender"), battle.winner, battle.flag_after
(8, 8, 'attacker', 'attacker')
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from itertools import zip_longest

from piratelib import dice
from piratelib.dreadpirate.data import load_dreadpirate
from piratelib.dreadpirate.treasure import Purse
from piratelib.errors import IllegalActionError, check_id, check_whole, did_you_mean

__all__ = [
    "ROLES",
    "RULE_ATTACK",
    "RULE_CARDS",
    "RULE_FLAG",
    "RULE_ROLL",
    "RULE_WINNER",
    "Battle",
    "Battler",
    "card_order",
    "card_refusal",
    "check_battle",
    "check_role",
    "decide",
    "other_role",
    "play_all",
    "play_card",
    "roll_battle",
]

ROLES = ("attacker", "defender")
"""The two sides of a battle: "You are the attacker, and the other Pirate is the defender"."""

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

    def __post_init__(self) -> None:
        if not isinstance(self.name, str):
            raise IllegalActionError(f"a side's name must be text, got {self.name!r}")
        if not isinstance(self.purse, Purse):
            raise IllegalActionError(f"a side's purse must be a Purse, got {self.purse!r}")
        _check_flag("dread_pirate", self.dread_pirate)
        check_whole("mission_bonus", self.mission_bonus, 0, _MOST, error=IllegalActionError)
        given: object = self.cards  # a list is taken too, as a tuple
        cards = tuple(given) if isinstance(given, list) else given
        if not isinstance(cards, tuple):
            raise IllegalActionError(f"cards must be a tuple of Action card ids, got {cards!r}")
        actions = load_dreadpirate().actions
        for card in cards:
            check_id("Action card", card, actions)
        object.__setattr__(self, "cards", cards)


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

    def __post_init__(self) -> None:
        for role in ROLES:
            if not isinstance(getattr(self, role), Battler):
                raise IllegalActionError(
                    f"the {role} must be a Battler, got {getattr(self, role)!r}"
                )
        n = load_dreadpirate().battle["dice"]
        for key in ("attacker_dice", "defender_dice"):
            faces = getattr(self, key)
            faces = tuple(faces) if isinstance(faces, list) else faces
            if not isinstance(faces, tuple) or len(faces) not in (0, n):
                raise IllegalActionError(f"{key} must be {n} faces, or none yet, got {faces!r}")
            for face in faces:
                check_whole("a die", face, 1, 6, error=IllegalActionError)
            object.__setattr__(self, key, faces)
        if not isinstance(self.played, tuple):
            raise IllegalActionError(f"played must be a tuple of (role, card), got {self.played!r}")
        actions = load_dreadpirate().actions
        for pair in self.played:
            if not (isinstance(pair, tuple) and len(pair) == 2):
                raise IllegalActionError(f"played holds (role, card) pairs, got {pair!r}")
            check_role(pair[0])
            check_id("Action card", pair[1], actions)
        for key in ("winner", "flag_after"):
            if getattr(self, key) is not None:
                check_role(getattr(self, key))
        _check_flag("flag_elsewhere", self.flag_elsewhere)

    def side(self, role: str) -> Battler:
        """The :class:`Battler` in `role`, ``"attacker"`` or ``"defender"``."""
        return self.attacker if check_role(role) == "attacker" else self.defender

    def dice(self, role: str) -> tuple[int, ...]:
        """The dice `role` rolled (empty before the roll)."""
        return self.attacker_dice if check_role(role) == "attacker" else self.defender_dice

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
        if check_role(role) == "attacker":
            return replace(self, attacker=battler)
        return replace(self, defender=battler)


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
    check_battle(battle)
    check_role(role)
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
        other = other_role(role)
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
    check_battle(battle)
    for role, card in card_order(battle.attacker.cards, battle.defender.cards):
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
    for side in (attacker, defender):
        if not isinstance(side, Battler):
            raise IllegalActionError(f"a side of a battle must be a Battler, got {side!r}")
    if not isinstance(flag_elsewhere, bool):
        raise IllegalActionError(f"flag_elsewhere must be True or False, got {flag_elsewhere!r}")
    if not isinstance(rolls, random.Random) and (
        isinstance(rolls, str | bytes) or not isinstance(rolls, Sequence)
    ):
        raise IllegalActionError(f"rolls must be a random.Random or the faces, got {rolls!r}")
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
    if check_battle(battle).winner is not None:
        raise IllegalActionError("the battle is already decided")
    if not battle.attacker_dice:
        raise IllegalActionError("the battle is decided after the roll: roll_battle first")
    winner = battle.leader
    holder = battle.dread_pirate
    first = holder is None and not battle.flag_elsewhere
    flag_after = winner if first or holder == other_role(winner) else holder
    return replace(battle, winner=winner, flag_after=flag_after)


def check_battle(battle: Battle) -> Battle:
    """Return `battle` if it is a :class:`Battle`; IllegalActionError otherwise.

    Examples
    --------
    >>> check_battle(None)
    Traceback (most recent call last):
      ...
    piratelib.errors.IllegalActionError: expected a Battle, got None
    """
    if not isinstance(battle, Battle):
        raise IllegalActionError(f"expected a Battle, got {battle!r}")
    return battle


def check_role(role: object) -> str:
    """Return `role` if it is a battle role, ``"attacker"`` or ``"defender"``.

    Raises
    ------
    IllegalActionError
        For anything else.
    """
    if role not in ROLES:
        raise IllegalActionError(f"a battle role is 'attacker' or 'defender', got {role!r}")
    return role


def other_role(role: str) -> str:
    """Return the other battle role.

    Examples
    --------
    >>> other_role("attacker")
    'defender'
    """
    return "defender" if check_role(role) == "attacker" else "attacker"


def card_order(attacker: Sequence[str], defender: Sequence[str]) -> list[tuple[str, str]]:
    """Return both sides' cards as ``(role, card)``, alternately, starting with the attacker.

    "The players in the battle can now play Action cards one at a time, starting with the
    attacker"; a side with no card left passes.

    Examples
    --------
    >>> card_order(["a1", "a2"], ["d1"])
    [('attacker', 'a1'), ('defender', 'd1'), ('attacker', 'a2')]
    """
    for side in (attacker, defender):
        if isinstance(side, str | bytes) or not isinstance(side, Sequence):
            raise IllegalActionError(f"each side's cards are a sequence of card ids, got {side!r}")
    pairs = zip_longest(attacker, defender)
    return [
        (role, card) for a, d in pairs for role, card in (("attacker", a), ("defender", d)) if card
    ]


_MOST = 50  # the largest Mission bonus a side may have


def _check_flag(name: str, value: object) -> None:
    """A yes-or-no field must be True or False."""
    if not isinstance(value, bool):
        raise IllegalActionError(f"{name} must be True or False, got {value!r}")
