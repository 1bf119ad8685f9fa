"""Hunt for Blackbeard's Encounters (rulebook section E): exact odds, step-through, simulation.

An Encounter is a small game tree. Its *chance* nodes are rolls (Arrest, each side's Fire,
Escape, Boarding); its *choice* nodes are the players' decisions (declaring a once-per-turn
tile now or later, the type of a flexible Hit, which Hunter Sloop takes a Hit, and the
Escape winner's "Escape or Board"). :func:`odds` walks the whole tree with exact
Fractions; :func:`resolve` walks one path with real dice and says what happened and why;
:func:`simulate` walks many paths to cross-check :func:`odds`. This package gathers the
public names of four of its modules, each importable on its own:
:mod:`~piratelib.blackbeard.encounter.record` (the :class:`Encounter` record, pieces,
tiles, :class:`Ending`, :func:`roll_odds`), :mod:`~piratelib.blackbeard.encounter.rules`
(Arrest, Fire, Escape and Boarding phase by phase, and the tiles' effects on dice),
:mod:`~piratelib.blackbeard.encounter.solver` (the exact solver and its policies) and
:mod:`~piratelib.blackbeard.encounter.stepping` (step texts, :func:`resolve`,
:func:`simulate`). Two more are imported on their own:
:mod:`~piratelib.blackbeard.encounter.whatif` (how it ends in detail, what each tile is
worth) and :mod:`~piratelib.blackbeard.encounter.share` (setup codes and share codes).

Choices follow a stated policy. Every choice but "Escape or Board" is made by the choosing
side to maximise its own objective, compared in order: Blackbeard wants (P(Blackbeard
wins), P(Blackbeard Escapes), -P(Hunters win)); the Hunters want (P(Hunters win),
P(Israel Hands arrested), -P(Blackbeard wins)). Exact ties go to the first option (not
using a once-per-turn tile before using it; more Rigging Hits first; Jane before Ranger).
"Escape or Board" follows `escape_policy`: ``"board"`` (always Board), ``"escape"``
(Escape whenever allowed), ``"best"`` (as every other choice; Board first on a tie), a
mapping giving each side one of those (``{"blackbeard": "escape", "hunters": "board"}``)
or a callable ``policy(winner, state) -> "escape" | "board"``.

Where the rulebook is silent we chose (and mark here): Blackbeard Fires and places his
Hits before the Hunters Fire (they see his result); a firing side places as many Hits as
the caps allow; Lt Maynard and Midshipman Hyde may both join one roll if the final total
keeps within both limits.

Examples
--------
Jane alone meets Adventure, and nobody holds any tiles:

>>> result = odds(Encounter(hunters=frozenset({"jane"}), pirates=frozenset({"adventure"})))
>>> result[Ending.HUNTERS_WIN] + result[Ending.BLACKBEARD_WINS]
Fraction(1, 1)
"""

from __future__ import annotations

from piratelib.blackbeard.encounter.record import (
    BLACKBEARD_TILES,
    BOARDING_ONLY,
    HUNTER_PIECES,
    HUNTER_TILES,
    MAX_HITS,
    ONCE_PER_TURN,
    PIECE_NAMES,
    PIRATE_PIECES,
    SLOOPS,
    TILE_NAMES,
    Encounter,
    Ending,
    State,
    random_encounter,
    roll_odds,
)
from piratelib.blackbeard.encounter.solver import ESCAPE_WINNERS, POLICIES, odds
from piratelib.blackbeard.encounter.stepping import RULES, resolve, simulate
from piratelib.steps import Step

__all__ = [
    "BLACKBEARD_TILES",
    "BOARDING_ONLY",
    "ESCAPE_WINNERS",
    "HUNTER_PIECES",
    "HUNTER_TILES",
    "MAX_HITS",
    "ONCE_PER_TURN",
    "PIECE_NAMES",
    "PIRATE_PIECES",
    "POLICIES",
    "RULES",
    "SLOOPS",
    "TILE_NAMES",
    "Encounter",
    "Ending",
    "State",
    "Step",
    "odds",
    "random_encounter",
    "resolve",
    "roll_odds",
    "simulate",
]
