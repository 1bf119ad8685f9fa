"""Black Flag!'s actions: what a player may do, who must decide, and what is legal.

Each choice a player makes is a small frozen record (:class:`TakeShip`, :class:`PlayShot`,
:class:`Miss`, ...; ``Action`` is their union). :func:`decider` names the player who must
act next, :func:`legal_actions` lists what they may do, and :func:`check_legal` refuses
anything else with an :class:`~piratelib.errors.IllegalActionError` naming the rule in the
rulebook's words, e.g. "you can only play a SHOT against a player if they have a Ship and
only if they are at a distance equal to or less than your Ship's Range" (see
:func:`shot_reach`). What an action does is :func:`piratelib.blackflag.game.resolve`'s
business; the ``RULE_*`` quotes are shared with it.

Examples
--------
>>> from piratelib.blackflag.game import new_game
>>> state = new_game(["Ann", "Bo", "Cy", "Di"], seed=4)
>>> decider(state), EndPlay() in legal_actions(state)
('Bo', True)
>>> check_legal(state, TakeShip())
Traceback (most recent call last):
  ...
piratelib.errors.IllegalActionError: Bo cannot TakeShip: Bo already has a Ship: 1. New Ship: ...
"""

from __future__ import annotations

import reprlib
from dataclasses import dataclass
from typing import Protocol

from piratelib.blackflag import table
from piratelib.blackflag.data import load_blackflag
from piratelib.blackflag.state import Card, State, check_state
from piratelib.errors import IllegalActionError

__all__ = [
    "RULE_DEUTCHMANN_CARD",
    "RULE_DISCARD",
    "RULE_MISS",
    "RULE_REVEAL",
    "RULE_SHOT",
    "Action",
    "Discard",
    "EndPlay",
    "Keep",
    "Miss",
    "PlayDeutchmann",
    "PlayEquipment",
    "PlayShot",
    "Respond",
    "TakeHit",
    "TakeShip",
    "check_legal",
    "decider",
    "legal_actions",
    "shot_reach",
]


@dataclass(frozen=True)
class TakeShip:
    """New Ship: take the face-up Ship at `row` (0 to 2), or the Ship deck's top if None."""

    row: int | None = None

    def __post_init__(self) -> None:
        if self.row is not None and (type(self.row) is not int or not 0 <= self.row < 100):
            raise IllegalActionError(
                f"TakeShip's row is a face-up Ship's place from 0, or None for the Ship "
                f"deck's top, got {self.row!r}"
            )


@dataclass(frozen=True)
class PlayShot:
    """Play an Attack card with SHOT against `target`."""

    card: Card
    target: str

    def __post_init__(self) -> None:
        _check_fields(self)


@dataclass(frozen=True)
class PlayEquipment:
    """Play an Equipment card face up in front of you."""

    card: Card

    def __post_init__(self) -> None:
        _check_fields(self)


@dataclass(frozen=True)
class PlayDeutchmann:
    """Play the Flying Deutchmann card against `target`'s Ship."""

    card: Card
    target: str

    def __post_init__(self) -> None:
        _check_fields(self)


@dataclass(frozen=True)
class EndPlay:
    """End the Play phase; go on to Discard."""


@dataclass(frozen=True)
class Discard:
    """Discard `card` from your hand in the Discard phase.

    Examples
    --------
    >>> Discard(None)
    Traceback (most recent call last):
      ...
    piratelib.errors.IllegalActionError: Discard needs a Card (from your hand), got None
    """

    card: Card

    def __post_init__(self) -> None:
        _check_fields(self)


@dataclass(frozen=True)
class Miss:
    """As the target of a SHOT, play a MISS card to cancel it."""

    card: Card

    def __post_init__(self) -> None:
        _check_fields(self)


@dataclass(frozen=True)
class TakeHit:
    """As the target of a SHOT, let it hit."""


@dataclass(frozen=True)
class Keep:
    """After your Ship sank, keep this Equipment (or none) and discard the rest."""

    card: Card | None

    def __post_init__(self) -> None:
        _check_fields(self, optional=True)


@dataclass(frozen=True)
class Respond:
    """With the Flying Deutchmann on your Ship, reveal `card` to respond, or None not to."""

    card: Card | None

    def __post_init__(self) -> None:
        _check_fields(self, optional=True)


class _Carded(Protocol):
    """An action that names a card: what :func:`_check_fields` checks."""

    @property
    def card(self) -> Card | None: ...


def _check_fields(action: _Carded, *, optional: bool = False) -> None:
    """Refuse an action whose card is not a Card (None only if `optional`) or whose target
    is not a player's name."""
    card = action.card
    if not (type(card) is Card or (optional and card is None)):
        allowed = "a Card or None" if optional else "a Card"
        raise IllegalActionError(
            f"{type(action).__name__} needs {allowed} (from your hand), got {reprlib.repr(card)}"
        )
    target = getattr(action, "target", "x")
    if type(target) is not str or not target:
        raise IllegalActionError(
            f"{type(action).__name__} needs a target player's name, got {reprlib.repr(target)}"
        )


Action = (
    TakeShip
    | PlayShot
    | PlayEquipment
    | PlayDeutchmann
    | EndPlay
    | Discard
    | Miss
    | TakeHit
    | Keep
    | Respond
)

_ACTIONS = (
    TakeShip,
    PlayShot,
    PlayEquipment,
    PlayDeutchmann,
    EndPlay,
    Discard,
    Miss,
    TakeHit,
    Keep,
    Respond,
)

RULE_SHOT = (
    "SHOT: you can only play a SHOT against a player if they have a Ship and only if they are "
    "at a distance equal to or less than your Ship's Range"
)
RULE_MISS = "MISS: Cancels a SHOT effect."
RULE_DISCARD = (
    "4. Discard: At the end of your turn ... the maximum number of cards you are allowed to "
    "hold is 5. If you have more than that, you must discard cards from your hand, one at a "
    "time"
)
RULE_DEUTCHMANN_CARD = (
    "The Flying Deutchmann: ... takes the Flying Deutchmann token and places it on top of the "
    "target player's Ship ... If the token is already in play, you may move it onto a "
    "different Ship. If Davey Jones has entered the game, apply only the Draw effect."
)
RULE_REVEAL = (
    'The Flying Deutchmann: 1. At the start of your turn, you must "reveal" a card ... 2. Now, '
    'if you wish, you may "respond": Reveal a card from your hand that has the same symbol'
)
_NEW_SHIP_FIRST = (
    "1. New Ship: At the start of your turn, if you don't have a Ship, you must take one"
)
_AMMUNITION = (
    "Attack card ... During your turn, you may play a number of Attack cards equal to your "
    "Ship's Ammunition value."
)
_NO_SHIP = (
    "Important: If a player does not have a Ship, they cannot be the target of any card until "
    "they get a new Ship"
)


def decider(state: State) -> str:
    """Return the name of the player who must act next.

    That is the active player, unless a SHOT's target may MISS, a sunk player must choose
    which Equipment to keep, or the Flying Deutchmann's holder may respond.
    """
    check_state(state)
    return state.pending.player if state.pending else state.active_player.name


def legal_actions(state: State) -> list[Action]:
    """Return every action the deciding player may take; none once the game has ended.

    Examples
    --------
    >>> from piratelib.blackflag.game import new_game
    >>> state = new_game(["Ann", "Bo", "Cy", "Di"], seed=4)
    >>> EndPlay() in legal_actions(state)
    True
    """
    check_state(state)
    return [action for action in _candidates(state) if _refusal(state, action) is None]


def check_legal(state: State, action: Action) -> None:
    """Raise :class:`~piratelib.errors.IllegalActionError` unless `action` is legal.

    Raises
    ------
    IllegalActionError
        If the action is not legal; the message names the action, the rule and the state.

    Examples
    --------
    >>> from piratelib.blackflag.game import new_game
    >>> state = new_game(["Ann", "Bo", "Cy", "Di"], seed=4)
    >>> check_legal(state, EndPlay())
    >>> check_legal(state, TakeHit())
    Traceback (most recent call last):
      ...
    piratelib.errors.IllegalActionError: Bo cannot TakeHit: there is no SHOT, sinking or
    Flying Deutchmann to answer (phase play, Bo's turn)
    """
    check_state(state)
    if type(action) not in _ACTIONS:
        legal = ", ".join(map(_describe, legal_actions(state))) or "none: the game is over"
        raise IllegalActionError(
            f"{reprlib.repr(action)} is not a Black Flag! action (one of "
            f"{', '.join(a.__name__ for a in _ACTIONS)}); {decider(state)} may now: {legal}"
        )
    reason = _refusal(state, action)
    if reason is not None:
        raise IllegalActionError(
            f"{decider(state)} cannot {_describe(action)}: {reason} "
            f"(phase {state.phase}, {state.active_player.name}'s turn)"
        )


def shot_reach(state: State, attacker: str, target: str) -> tuple[int, int]:
    """Return (distance, reach) for `attacker` aiming at `target`: reach is Range + Telescope.

    Sails on the target add 1 to the distance, a Telescope 1 to the reach (see
    :mod:`piratelib.blackflag.table`); against Annie Bonnie, and by her, the other
    player's Equipment does not work.

    Two of the same Equipment in play: the rulebook does not say whether a second Sails or
    Telescope adds another 1 (assumed: it does not). Each card states a condition, not an
    amount per card - Sails: "Everyone else sees you as if you were at a distance of +1";
    Telescope: "It increases your Ship's Range by 1" - so a second one adds nothing, and
    only Cannons stack (see :func:`piratelib.blackflag.game.resolve`).

    Raises
    ------
    IllegalActionError
        If either player is not at the table or has no Ship.
    """
    check_state(state)
    a, t = state.player(attacker), state.player(target)
    if a.ship is None:
        raise IllegalActionError(f"{attacker} has no Ship to attack with")
    if t.ship is None:
        raise IllegalActionError(f"{target} has no Ship: {_NO_SHIP}")
    ships = [p.name for p in state.players if p.ship]
    sails = [target] if t.has("sails") and a.captain != "annie_bonnie" else []
    scope = a.has("telescope") and t.captain != "annie_bonnie"
    d = table.distance(state.names, ships, attacker, target, sails=sails)
    return d, a.ship.range + bool(scope)


def _candidates(state: State) -> list[Action]:
    """Every action worth checking in this state (legal or not)."""
    if state.outcome is not None:
        return []
    pending = state.pending
    if pending is not None:
        player = state.player(pending.player)
        if pending.kind == "shot":
            return [*(Miss(c) for c in player.hand), TakeHit()]
        if pending.kind == "keep":
            return [*(Keep(c) for c in player.equipment), Keep(None)]
        return [*(Respond(c) for c in player.hand), Respond(None)]
    me = state.active_player
    if state.phase == "new_ship":
        return [*(TakeShip(i) for i in range(len(state.ship_row))), TakeShip(None)]
    if state.phase == "discard":
        return [Discard(c) for c in me.hand]
    found: list[Action] = [EndPlay()]
    for card in me.hand:
        if card.kind == "shot":
            found += [PlayShot(card, p.name) for p in state.players if p.name != me.name]
        elif card.kind == "flying_deutchmann":
            found += [PlayDeutchmann(card, p.name) for p in state.players if p.name != me.name]
        elif card.type == "equipment":
            found.append(PlayEquipment(card))
    return found


def _refusal(state: State, action: Action) -> str | None:
    """Why `action` is illegal in `state`, in the rulebook's words; None if it is legal."""
    if state.outcome is not None:
        return f"the game is over ({state.outcome.termination.value})"
    pending = state.pending
    wants = {"shot": (Miss, TakeHit), "keep": (Keep,), "deutchmann": (Respond,)}
    if pending is not None and not isinstance(action, wants[pending.kind]):
        return f"{pending.player} must first answer: {_PENDING[pending.kind]}"
    if pending is None and isinstance(action, (Miss, TakeHit, Keep, Respond)):
        return "there is no SHOT, sinking or Flying Deutchmann to answer"
    me = state.player(decider(state))
    card = getattr(action, "card", None)
    in_hand = (Miss, Respond, Discard, PlayShot, PlayEquipment, PlayDeutchmann)
    if isinstance(action, in_hand) and card is not None and card not in me.hand:
        return f"{card} is not in {me.name}'s hand"
    if isinstance(action, Miss):
        return None if action.card.kind == "miss" else f"{card} has no MISS: {RULE_MISS}"
    if isinstance(action, Respond):
        # answered above: a Respond answers a pending Flying Deutchmann, which holds its card
        assert pending is not None and pending.card is not None
        if card is None or card.corner == pending.card.corner:
            return None
        return f"{card} does not show the revealed card's symbol ({pending.card}): {RULE_REVEAL}"
    if isinstance(action, (TakeHit, Keep)):
        if isinstance(action, Keep) and card is not None and card not in me.equipment:
            return f"{card} is not Equipment {me.name} has in play"
        return None
    if isinstance(action, TakeShip):
        if state.phase != "new_ship":
            return (
                f"{me.name} already has a Ship: 1. New Ship: If you have a Ship, skip this phase."
            )
        if action.row is None:
            return None if state.ship_deck else "the Ship deck is empty"
        if not isinstance(action.row, int) or not 0 <= action.row < len(state.ship_row):
            return f"the face-up row holds Ships 0 to {len(state.ship_row) - 1}, got {action.row!r}"
        return None
    if isinstance(action, Discard):
        limit = load_blackflag().turn["hand_limit"]
        if state.phase != "discard" or len(me.hand) <= limit:
            return f"{RULE_DISCARD}; {me.name} holds {len(me.hand)} in phase {state.phase}"
        return None
    if state.phase != "play":
        return f"cards are played in the Play phase, not {state.phase}"
    if isinstance(action, EndPlay):
        return None
    if me.ship is None:
        return f"{me.name} has no Ship to play cards from: {_NEW_SHIP_FIRST}"
    if isinstance(action, PlayEquipment):
        return None if action.card.type == "equipment" else f"{card} is not an Equipment card"
    target = state.player(action.target)
    if target.name == me.name:
        return f"{me.name} cannot target their own Ship"
    if target.ship is None:
        return f"{target.name} has no Ship. {_NO_SHIP}"
    if isinstance(action, PlayDeutchmann):
        if action.card.kind != "flying_deutchmann":
            return f"{card} is not the Flying Deutchmann card"
        token = state.token
        if token and token.side == "flying_deutchmann" and token.holder == target.name:
            return (
                f"the Flying Deutchmann is already on {target.name}'s Ship: {RULE_DEUTCHMANN_CARD}"
            )
        return None
    if action.card.kind != "shot":
        return f"{card} has no SHOT"
    ammunition = me.ship.ammunition
    if state.attacks >= ammunition:
        return (
            f"{me.name} has played {state.attacks} Attack cards and {me.ship.name}'s "
            f"Ammunition is {ammunition}. {_AMMUNITION}"
        )
    distance, reach = shot_reach(state, me.name, target.name)
    if distance > reach:
        scope = " with the Telescope" if reach > me.ship.range else ""
        return (
            f"{target.name} is at distance {distance}, beyond {me.name}'s Range of {reach}"
            f"{scope}. {RULE_SHOT}"
        )
    return None


_PENDING = {
    "shot": "the target of a SHOT may play a MISS or take the hit",
    "keep": "a sunk player keeps at most 1 Equipment",
    "deutchmann": "the Flying Deutchmann's holder may respond",
}


def _describe(action: Action) -> str:
    """An action in words, for messages."""
    card = getattr(action, "card", None)
    target = getattr(action, "target", None)
    name = type(action).__name__
    return " ".join(str(x) for x in (name, card, target and f"at {target}") if x)
