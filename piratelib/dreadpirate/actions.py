"""Dread Pirate's actions: what a Pirate may do, as small immutable records.

A turn is a movement roll, then one :class:`Move`, at most one :class:`Attack`, and
:class:`EndTurn` (drawing a Mission at a City, if wanted). In a battle the Pirates
:class:`PlayCard` or :class:`Pass`, and the winner :class:`TakeSpoils`; :class:`Pay`
completes a Mission that asks for Gold or Gems. :func:`~piratelib.dreadpirate.game.legal_actions`
lists them and :func:`~piratelib.dreadpirate.game.apply` applies one. Each is a frozen
dataclass, so actions compare equal and can be kept in sets.

Examples
--------
>>> Move([[0, 0], [1, 1]]) == Move(((0, 0), (1, 1))), EndTurn(draw=True)
(True, EndTurn(draw=True, discard=None))
"""

from __future__ import annotations

from dataclasses import dataclass

from piratelib.dreadpirate.sea import Square
from piratelib.dreadpirate.state import ActionCard, MissionCard

__all__ = ["Action", "Attack", "EndTurn", "Move", "Pass", "Pay", "PlayCard", "TakeSpoils"]


@dataclass(frozen=True)
class Move:
    """Move the active Pirate's Ship along `path`: squares from its own square, one step each.

    ``Move((square,))`` stays put (moves zero). A list of lists is turned into a tuple of
    squares, so the action can be compared and hashed.
    """

    path: tuple[Square, ...]

    def __post_init__(self) -> None:
        path = self.path
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
