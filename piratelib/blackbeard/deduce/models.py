"""How Blackbeard is assumed to choose his Sail: the models behind the Hunters' chances.

The deduction finds every history that fits what the Hunters saw; the chances need a
model of how likely each one was. :data:`MODELS` names them:

- ``"histories"``: every fitting history counts once. A Sail of 5 pawns along one of
  its hundreds of routes weighs as much as staying put, so far spaces, reached by many
  routes, look likely.
- ``"sails"``: each turn Blackbeard first picks how far to Sail (0 to 5 pawns, each
  equally likely), then where to end among the spaces a Sail of that many pawns can
  reach (each equally likely), then one of the ways to get there (each route and, in the
  ADVANCED game, each way to buy Bought Silence along it, equally likely). What his mat
  cannot allow is then ruled out, as for any history. While he is still Sailing, the
  Sail so far is weighed as if it were the whole Sail.

Both ignore why he Sails: his Piracy tiles, the Hunters' pieces, his Defenses.
``"sails"`` is :func:`~piratelib.blackbeard.deduce.count.chances`' default: over bot games
it predicts the true space better than a flat spread against both Blackbeard bots, where
``"histories"`` does worse than the flat spread against the smart one.

Examples
--------
>>> prior("hatteras_bank", 0, "hatteras_bank", False)  # stay put: 1/6, the only way
Fraction(1, 6)
>>> prior("hatteras_bank", 1, "east_pamlico_sound", False)  # its only neighbour
Fraction(1, 6)
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping
from fractions import Fraction

from piratelib.blackbeard.deduce.sails import exactly, sail_groups
from piratelib.blackbeard.game.state import slots
from piratelib.blackbeard.readonly import Fixed, check_type
from piratelib.errors import IllegalActionError, check_id, check_whole

__all__ = ["MODELS", "prior"]

MODELS = {
    "histories": "every fitting history equally likely",
    "sails": "how far first, then where, then which way, each equally likely",
}
"""The chance models by name, each with its assumption in a few words."""

_MOST = 5  # "Use each of the 5 black pawns only once each turn"


def prior(start: str, pawns: int, end: str, silence: bool) -> Fraction:
    """The ``"sails"`` model's chance of one way to Sail `pawns` pawns from `start` to `end`.

    ``1/6`` for the length, one over the ends a Sail of that length can reach, one over
    its ways to get there (routes, and with `silence` each route's ways to buy Bought
    Silence: 2 for each step leaving a space other than the start).

    Raises
    ------
    IllegalActionError
        For a space no block stands on, a length off 0 to 5, or an end that length
        cannot reach.
    """
    check_id("block slot", start, slots())
    check_id("block slot", end, slots())
    check_whole("pawns", pawns, 0, _MOST, error=IllegalActionError)
    check_type("silence", silence, bool)
    ends = _denominators(start, silence)[pawns]
    if end not in ends:
        raise IllegalActionError(
            f"no Sail of {pawns} pawns from {start} ends at {end}: it ends at one of "
            f"{', '.join(sorted(ends))}"
        )
    return Fraction(1, ends[end])


@functools.cache
def _denominators(start: str, silence: bool) -> tuple[Mapping[str, int], ...]:
    """For each length 0 to 5, each end's :func:`prior` as one over this (a Map table)."""
    return tuple(
        Fixed({end: (_MOST + 1) * len(ends) * n for end, n in ends.items()})
        for ends in _ways(start, silence)
    )


@functools.cache
def _scale(silence: bool) -> int:
    """A Map table: the least whole number that every :func:`prior` turns whole."""
    return math.lcm(
        *(d for s in slots() for ends in _denominators(s, silence) for d in ends.values())
    )


@functools.cache
def _scaled(start: str, silence: bool) -> tuple[Mapping[str, int], ...]:
    """:func:`prior` times :func:`_scale`, a whole number, by length and end: a Map table.

    Weights in whole numbers add and multiply without the cost of reducing fractions.
    """
    scale = _scale(silence)
    return tuple(
        Fixed({end: scale // d for end, d in ends.items()})
        for ends in _denominators(start, silence)
    )


@functools.cache
def _ways(start: str, silence: bool) -> tuple[Mapping[str, int], ...]:
    """For each length 0 to 5, each end's ways to get there from `start` (a Map table)."""
    groups, _, _, _ = sail_groups(start)
    column = 1 if silence else 0
    found: list[dict[str, int]] = [{} for _ in range(_MOST + 1)]
    for end, _, counts, _ in groups:
        for k in range(_MOST + 1):
            ways = exactly(counts[column], k)
            if ways:
                found[k][end] = found[k].get(end, 0) + ways
    return tuple(map(Fixed, found))
