"""What-if questions about one Encounter: how it ends in detail, and what each tile is worth.

:func:`ending_detail` walks the same game tree as
:func:`~piratelib.blackbeard.encounter.solver.odds`, following the same
:class:`~piratelib.blackbeard.encounter.solver.Solver`'s choices, and says exactly in which
phase the Encounter ended (Arrest, Escape or Boarding) with which Ending, and how many
Rigging and Crew Hits each Sloop and Adventure took. :func:`tile_worth` adds each tile
that could be declared (or removes each declared one) and gives the change in the chance
of each Ending (a setup written as text to share it:
:mod:`~piratelib.blackbeard.encounter.share`); its ~15 exact solves share what the
solver knows by outlook, since the setups differ only in their tiles. No rule lives here:
the rules are :mod:`~piratelib.blackbeard.encounter.rules`'.

Examples
--------
>>> jane = Encounter(hunters=frozenset({"jane"}), pirates=frozenset({"adventure"}))
>>> detail = ending_detail(jane)
>>> detail.phases()["arrest"], sum(detail.phases().values())
(Fraction(0, 1), Fraction(1, 1))
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from fractions import Fraction
from typing import cast

from piratelib.blackbeard.encounter.record import (
    BLACKBEARD_TILES,
    HUNTER_TILES,
    TILE_NAMES,
    Encounter,
    Ending,
    State,
)
from piratelib.blackbeard.encounter.rules import CHANCE_PHASES, chance_outcomes, start
from piratelib.blackbeard.encounter.solver import Solver, _EscapePolicy, _Shared
from piratelib.blackbeard.readonly import check_type
from piratelib.errors import IllegalActionError, PiratelibError

__all__ = [
    "PHASES",
    "Detail",
    "TileWorth",
    "ending_detail",
    "tile_worth",
]


PHASES = ("arrest", "escape", "boarding")
"""The phases in which an Encounter can end, in the order they come."""


Hits = tuple[tuple[str, int, int], ...]
"""Hits taken: (piece, Rigging Hits, Crew Hits) for each Sloop present, Jane first, then
Adventure in a Battle."""


@dataclass(frozen=True)
class Detail:
    """How an Encounter ends, in detail: the exact joint chance of (phase, Ending, Hits).

    ``joint`` maps (phase in which it ended, :class:`Ending`, Hits taken) to its exact
    chance; Hits taken are (piece, Rigging, Crew) for each Sloop present and Adventure (in
    a Battle). Only outcomes that can happen are listed.
    """

    joint: dict[tuple[str, Ending, Hits], Fraction]

    def endings(self) -> dict[Ending, Fraction]:
        """The chance of each Ending, every Ending listed (equal to :func:`odds`)."""
        out = dict.fromkeys(Ending, Fraction(0))
        for (_, ending, _), p in self.joint.items():
            out[ending] += p
        return out

    def phases(self) -> dict[str, Fraction]:
        """The chance that the Encounter ended in each phase of :data:`PHASES`."""
        out = dict.fromkeys(PHASES, Fraction(0))
        for (phase, _, _), p in self.joint.items():
            out[phase] = out.get(phase, Fraction(0)) + p
        return out

    def by_phase(self) -> dict[tuple[str, Ending], Fraction]:
        """The chance of each (phase, Ending) that can happen."""
        out: dict[tuple[str, Ending], Fraction] = {}
        for (phase, ending, _), p in self.joint.items():
            out[phase, ending] = out.get((phase, ending), Fraction(0)) + p
        return out

    def hits(self) -> dict[Hits, Fraction]:
        """The exact distribution of the Hits taken by every piece together."""
        out: dict[Hits, Fraction] = {}
        for (_, _, hits), p in self.joint.items():
            out[hits] = out.get(hits, Fraction(0)) + p
        return out

    def hits_on(self, piece: str) -> dict[tuple[int, int], Fraction]:
        """The distribution of (Rigging, Crew) Hits that `piece` took.

        Raises
        ------
        PiratelibError
            If `piece` takes no Hits in this Encounter (it is no Sloop or Adventure there).
        """
        out: dict[tuple[int, int], Fraction] = {}
        for hits, p in self.hits().items():
            for name, rigging, crew in hits:
                if name == piece:
                    out[rigging, crew] = out.get((rigging, crew), Fraction(0)) + p
        if not out:
            pieces = sorted({name for hits in self.hits() for name, _, _ in hits})
            raise PiratelibError(
                f"{piece!r} takes no Hits in this Encounter; pieces that can: "
                f"{', '.join(pieces) or 'none (there is no Battle)'}"
            )
        return out


def ending_detail(encounter: Encounter, escape_policy: _EscapePolicy = "best") -> Detail:
    """Return the exact chance of each (phase it ended in, Ending, Hits each piece took).

    The *phase it ended in* is the step whose outcome ended the Encounter: ``"arrest"``
    (the Arrest roll), ``"escape"`` (the Escape winner chose to Escape) or ``"boarding"``.
    The tree walked and the choices made are those of :func:`odds` with the same
    `escape_policy`, so ``ending_detail(e).endings() == odds(e, escape_policy=...)``.

    Parameters
    ----------
    encounter : Encounter
    escape_policy : {"best", "board", "escape"}, per-side mapping or callable
        What the winner of the Escape roll does, as for :func:`odds`.

    Raises
    ------
    IllegalActionError
        For an unknown policy, or a callable policy's answer the rules do not allow.

    Examples
    --------
    >>> brand = Encounter(hunters=frozenset({"brand"}), pirates=frozenset({"adventure"}))
    >>> detail = ending_detail(brand)
    >>> detail.by_phase()[("arrest", Ending.BLACKBEARD_ESCAPES)]  # 2 dice beat 1
    Fraction(125, 216)
    >>> detail.hits()
    {(): Fraction(1, 1)}
    """
    check_type("encounter", encounter, Encounter)
    solver = Solver(encounter, escape_policy)
    no_hits = _hits(encounter, start(encounter))
    frontier: dict[tuple[State, Hits, str], Fraction] = {
        (start(encounter), no_hits, ""): Fraction(1)
    }
    joint: dict[tuple[str, Ending, Hits], Fraction] = {}
    while frontier:
        after: dict[tuple[State, Hits, str], Fraction] = {}
        for (state, hits, _), p in frontier.items():
            if state.phase in CHANCE_PHASES:
                nexts = chance_outcomes(encounter, state)
            else:
                nexts = [(solver.choose(state)[1], Fraction(1))]
            kind = state.phase.split(":")[0]
            for new, q in nexts:
                new_hits = _hits(encounter, new) if new.phase in _HITS_LAND else hits
                if new.ending is not None:
                    key = (kind, new.ending, new_hits)
                    joint[key] = joint.get(key, Fraction(0)) + p * q
                else:
                    key3 = (new, new_hits, kind)
                    after[key3] = after.get(key3, Fraction(0)) + p * q
        frontier = after
    return Detail(dict(sorted(joint.items(), key=lambda kv: _order(kv[0]))))


@dataclass(frozen=True)
class TileWorth:
    """The change that adding (or removing) one tile makes to how an Encounter ends.

    ``deltas`` maps each :class:`Ending` to its change in chance (new minus old); it is
    None when the change is refused, and then ``reason`` says why (the rule's words).
    """

    tile: str
    side: str
    change: str
    deltas: dict[Ending, Fraction] | None
    reason: str = ""

    @property
    def name(self) -> str:
        """The tile's name as players read it."""
        return TILE_NAMES[self.tile]


def tile_worth(encounter: Encounter, escape_policy: _EscapePolicy = "best") -> list[TileWorth]:
    """Return what each tile is worth here: the change in each Ending's chance when it is
    added (every tile not declared) or removed (every declared one).

    Records come sorted by the change in the Hunters' win, largest first; changes the
    rules refuse (the tile needs a piece that is not there, say) come last, with the
    reason.

    Parameters
    ----------
    encounter : Encounter
    escape_policy : {"best", "board", "escape"}, per-side mapping or callable
        What the winner of the Escape roll does, as for :func:`odds`.

    Examples
    --------
    >>> jane = Encounter(hunters=frozenset({"jane"}), pirates=frozenset({"adventure"}))
    >>> worth = tile_worth(jane)
    >>> worth[0].name, worth[0].change, worth[0].deltas[Ending.HUNTERS_WIN] > 0
    ('Extra Hands (Jane)', 'added', True)
    >>> gordon = next(w for w in worth if w.tile == "capt_gordon")
    >>> gordon.deltas is None, gordon.reason.split(";")[0]
    (True, 'capt_gordon needs brand in the Encounter (an Arrest)')
    """
    check_type("encounter", encounter, Encounter)
    shared: _Shared = {}  # the setups differ only in tiles: they share outlooks' values
    base = _odds(encounter, escape_policy, shared)
    done: list[TileWorth] = []
    refused: list[TileWorth] = []
    for side, field, tiles in (
        ("blackbeard", "blackbeard_tiles", BLACKBEARD_TILES),
        ("hunters", "hunter_tiles", HUNTER_TILES),
    ):
        declared = getattr(encounter, field)
        for tile in sorted(tiles):
            change = "removed" if tile in declared else "added"
            try:
                other = dataclasses.replace(encounter, **{field: declared ^ {tile}})
            except IllegalActionError as error:
                refused.append(TileWorth(tile, side, change, None, str(error)))
                continue
            new = _odds(other, escape_policy, shared)
            deltas = {e: new[e] - base[e] for e in Ending}
            done.append(TileWorth(tile, side, change, deltas))
    # stable: ties keep tile order; every record in done has its deltas (refused ones have none)
    done.sort(key=lambda w: -cast("dict[Ending, Fraction]", w.deltas)[Ending.HUNTERS_WIN])
    return done + refused


def _odds(
    encounter: Encounter, escape_policy: _EscapePolicy, shared: _Shared
) -> dict[Ending, Fraction]:
    """:func:`~piratelib.blackbeard.encounter.solver.odds`, sharing what the solver knows by
    outlook with the other calls given the same `shared`."""
    return Solver(encounter, escape_policy, shared).distribution(start(encounter))


_HITS_LAND = frozenset({"fire:hunters", "escape:blackbeard"})
"""The phases entered as Hits land: Blackbeard's placed (the Hunters Fire next), the
Hunters' typed (the Escape comes next). Later states no longer carry every Hit."""


def _hits(enc: Encounter, state: State) -> Hits:
    """The Hits taken so far, read off a state in which they have just landed."""
    hits = tuple((s, int(s in state.rigged), int(s in state.crewed)) for s in enc.sloops)
    if enc.pirate == "adventure" and enc.sloops:
        hits += (("adventure", state.adventure_rigging, state.adventure_crew),)
    return hits


def _order(key: tuple[str, Ending, Hits]) -> tuple[int, int, Hits]:
    """Sort (phase, Ending, Hits) in phase order, then Ending order, then Hits."""
    phase, ending, hits = key
    rank = PHASES.index(phase) if phase in PHASES else len(PHASES)
    return rank, list(Ending).index(ending), hits
