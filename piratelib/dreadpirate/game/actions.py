"""Dread Pirate's actions: what a Pirate may do, as small immutable records.

A turn is a movement roll, then one :class:`Move`, at most one :class:`Attack`, and
:class:`EndTurn` (drawing a Mission at a City, if wanted). In a battle the Pirates
:class:`PlayCard` or :class:`Pass`, and the winner :class:`TakeSpoils`; :class:`Pay`
completes a Mission that asks for Gold or Gems. :func:`~piratelib.dreadpirate.game.legal_actions`
lists them and :func:`~piratelib.dreadpirate.game.apply` applies one. Each is a frozen
dataclass, so actions compare equal and can be kept in sets. :func:`check_action` checks
an action's type and fields before any rule looks at it (``apply`` calls it first), so a
rule only ever sees a well-formed action: a wrong field raises
:class:`~piratelib.errors.IllegalActionError` naming what is allowed.

Examples
--------
>>> Move([[0, 0], [1, 1]]) == Move(((0, 0), (1, 1))), EndTurn(draw=True)
(True, EndTurn(draw=True, discard=None))
"""

from __future__ import annotations

from dataclasses import dataclass

from piratelib.dreadpirate.data import load_dreadpirate
from piratelib.dreadpirate.game.state import ActionCard, MissionCard
from piratelib.dreadpirate.sea.grid import Square
from piratelib.dreadpirate.treasure import GOLD
from piratelib.errors import IllegalActionError, check_id

__all__ = [
    "Action",
    "Attack",
    "EndTurn",
    "Move",
    "Pass",
    "Pay",
    "PlayCard",
    "TakeSpoils",
    "check_action",
    "path_refusal",
]


def path_refusal(path: object) -> str | None:
    """Why `path` is not a Move's path (a non-empty tuple of (row, column) whole numbers),
    or None when it has that shape.

    >>> path_refusal(((3, 4), (3, 5))) is None, path_refusal([(3, 4)])
    (True, "a Move is a path of (row, column) squares from the Ship's square, got [(3, 4)]")
    """
    shaped = (
        isinstance(path, tuple)
        and bool(path)
        and all(
            isinstance(square, tuple)
            and len(square) == 2
            and all(isinstance(x, int) and not isinstance(x, bool) for x in square)
            for square in path
        )
    )
    if shaped:
        return None
    return f"a Move is a path of (row, column) squares from the Ship's square, got {path!r}"


@dataclass(frozen=True)
class Move:
    """Move the active Pirate's Ship along `path`: squares from its own square, one step each.

    ``Move((square,))`` stays put (moves zero). A list of lists is turned into a tuple of
    squares, so the action can be compared and hashed.

    """

    path: tuple[Square, ...]

    def __post_init__(self) -> None:
        path: object = self.path  # lists are taken too, as tuples
        if isinstance(path, list | tuple) and not all(type(s) is tuple for s in path):
            path = tuple(tuple(s) if isinstance(s, list) else s for s in path)
        if isinstance(path, list):
            path = tuple(path)
        object.__setattr__(self, "path", path)


@dataclass(frozen=True)
class Attack:
    """Attack `defender`, whose Ship must be next to yours, at the end of your movement."""

    defender: str


@dataclass(frozen=True)
class PlayCard:
    """In a battle, play Action card `card` from your hand."""

    card: ActionCard


@dataclass(frozen=True)
class Pass:
    """In a battle, play no Action card now."""


@dataclass(frozen=True)
class TakeSpoils:
    """As the winner of a battle, take `picks` (``"gold"`` or colour ids); maybe `switch`."""

    picks: tuple[str, ...] = ()
    switch: bool = False

    def __post_init__(self) -> None:
        picks: object = self.picks  # a list is taken too, as a tuple
        if isinstance(picks, list):
            object.__setattr__(self, "picks", tuple(picks))


@dataclass(frozen=True)
class Pay:
    """Pay what started Mission `card` asks, to the bank, and complete it."""

    card: MissionCard


@dataclass(frozen=True)
class EndTurn:
    """End your turn; the next Pirate's turn starts with their movement roll.

    With your Ship on a City you may `draw` a Mission, after discarding the uncompleted
    Mission `discard` if you give one.
    """

    draw: bool = False
    discard: MissionCard | None = None


Action = Move | Attack | PlayCard | Pass | TakeSpoils | Pay | EndTurn
"""Any one of the actions."""


def check_action(action: object) -> None:
    """Check that `action` is one of the actions, well formed, before any rule looks at it.

    The types of its fields, and the ids it names where they are the game's (spoils items);
    whether the action is legal now is :func:`~piratelib.dreadpirate.game.legal_actions`'
    question.

    Raises
    ------
    IllegalActionError
        Naming what is wrong and what is allowed.

    Examples
    --------
    >>> check_action(None)
    Traceback (most recent call last):
      ...
    piratelib.errors.IllegalActionError: None is not a Dread Pirate action: the actions are ...
    >>> check_action(TakeSpoils(picks=(1, 2)))
    Traceback (most recent call last):
      ...
    piratelib.errors.IllegalActionError: unknown spoils item 1: the spoils items are blue, ...
    >>> check_action(TakeSpoils(switch="yes"))
    Traceback (most recent call last):
      ...
    piratelib.errors.IllegalActionError: TakeSpoils switch must be True or False, got 'yes'
    """
    if not isinstance(action, Action):
        names = ", ".join(kind.__name__ for kind in Action.__args__)
        raise IllegalActionError(
            f"{action!r} is not a Dread Pirate action: the actions are {names}"
        )
    if isinstance(action, Move):
        why = path_refusal(action.path)
        if why:
            raise IllegalActionError(why)
    elif isinstance(action, Attack):
        if not isinstance(action.defender, str) or not action.defender:
            raise IllegalActionError(f"Attack names the defending Pirate, got {action.defender!r}")
    elif isinstance(action, PlayCard):
        _check_card(action, action.card, ActionCard)
    elif isinstance(action, Pay):
        _check_card(action, action.card, MissionCard)
    elif isinstance(action, TakeSpoils):
        if not isinstance(action.picks, tuple):
            raise IllegalActionError(
                f"TakeSpoils picks is a tuple of items (gold or Gem colours), got {action.picks!r}"
            )
        known = (GOLD, *load_dreadpirate().colours)
        for item in action.picks:
            check_id("spoils item", item, known)
        _check_flag("TakeSpoils switch", action.switch)
    elif isinstance(action, EndTurn):
        _check_flag("EndTurn draw", action.draw)
        if action.discard is not None:
            _check_card(action, action.discard, MissionCard)


def _check_card(action: object, card: object, kind: type) -> None:
    """An action's card must be a card of `kind` (an ActionCard or a MissionCard)."""
    if not isinstance(card, kind):
        raise IllegalActionError(f"{type(action).__name__} needs a {kind.__name__}, got {card!r}")


def _check_flag(name: str, value: object) -> None:
    """A yes-or-no field must be True or False."""
    if not isinstance(value, bool):
        raise IllegalActionError(f"{name} must be True or False, got {value!r}")
