"""Shapes two games draw alike, as points (no matplotlib); private to :mod:`piratelib.draw`.

Black Flag! and Dread Pirate draw the same Ship: :data:`SHIP_OUTLINE` is it, once, for
their matplotlib markers (:func:`piratelib.draw._common.ship_marker`) and their SVG.

Examples
--------
>>> [len(part) for part in SHIP_OUTLINE]  # the hull, the square sail, the pennant
[4, 4, 3]
"""

from __future__ import annotations

__all__ = ["SHIP_OUTLINE"]

SHIP_OUTLINE: tuple[tuple[tuple[float, float], ...], ...] = (
    ((-1, -0.35), (1, -0.35), (0.65, -0.95), (-0.65, -0.95)),  # the hull
    ((-0.6, 0.75), (0.6, 0.75), (0.5, -0.2), (-0.5, -0.2)),  # the square sail
    ((-0.05, 0.85), (-0.05, 1.1), (0.45, 0.97)),  # the pennant
)
"""A Ship's outline in marker units (x right, y up, within -1 to 1.1): each part a closed
shape."""
