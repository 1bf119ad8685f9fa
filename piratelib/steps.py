"""A step of a resolution: what happened, the rule it applied, and the state after it.

Resolutions (an Encounter, a Piracy phase) return a tuple of steps; widgets only index
into that history and never re-apply a rule.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["Step"]


@dataclass(frozen=True)
class Step:
    """One step of a resolution.

    Examples
    --------
    >>> Step("arrest:roll", "Blackbeard's side wins.", "Roll Dice: ...", state=None).phase
    'arrest:roll'
    """

    phase: str
    text: str
    rule: str
    state: Any = field(repr=False)
