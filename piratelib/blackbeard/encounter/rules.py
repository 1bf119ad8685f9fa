"""The Encounter procedure phase by phase: Arrest, Fire, Escape and Boarding as a game tree.

Each :class:`~piratelib.blackbeard.encounter.record.State` has a phase. At a *chance*
phase (:data:`CHANCE_PHASES`: a roll) :func:`chance_outcomes` gives every outcome with its
exact probability; at a *choice* phase :func:`options` lists the decisions open to
:func:`chooser` (declaring a once-per-turn tile now or later, the type of a flexible Hit,
which Hunter Sloop takes a Hit, the Escape winner's "Escape or Board"), each with the
state after it. The tiles' effects on dice are here too: :func:`opposed_dice` for Arrest,
Escape and Boarding, :func:`adventure_fire_dice` and :func:`hunter_fire_dice` for Fire.

Lt Maynard "adds 1 die to any 1 roll with Jane per turn, never beyond 3 Hunter dice
total", Midshipman Hyde "acts for Ranger like Lt Maynard does for Jane, but only so long
as total Hunter dice for that segment remain at 1 or 2"; "For Firing in Battle, rolls Hit
or Miss". So by default (``maynard_reading="any_roll"``) the Hunters may declare them at
the Hunters' Fire too (phase ``volley:hunters``), counting both Sloops' Fire dice as the
total; ``"escape_or_board"`` (assumed) keeps them to Arrest, Escape and Boarding.

Where the rulebook is silent we chose (and mark here): Blackbeard Fires and places his
Hits before the Hunters Fire and before they declare their Fire tiles (they see his
result); a firing side places as many Hits as the caps allow (so it types its 3-4 Hits
only in ways that land the most Hits: with 2 Crew Hits on Adventure already, the Hunters'
3-4 Hits go to Rigging); Lt Maynard and Midshipman
Hyde may both join one roll if the final total keeps within both limits; in Fire,
Maynard's die Fires with Jane and Hyde's with Ranger (a 3 or 4 Hits with that Sloop's
Cannon and Chain & Grape).

Examples
--------
>>> enc = Encounter(hunters=frozenset({"brand"}), pirates=frozenset({"adventure"}))
>>> state = start(enc)
>>> state.phase, [label for label, _ in options(enc, state)]
('arrest:blackbeard', ['Blackbeard declares no once-per-turn tile'])
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Mapping
from fractions import Fraction
from typing import TypedDict, cast

from piratelib.blackbeard.encounter.record import (
    MAX_HITS,
    ONCE_PER_TURN,
    PIECE_NAMES,
    TILE_NAMES,
    Encounter,
    Ending,
    State,
    _expect,
    roll_odds,
)
from piratelib.blackbeard.readonly import Fixed
from piratelib.errors import IllegalActionError, check_id

__all__ = [
    "CHANCE_PHASES",
    "CHOICE_PHASES",
    "adventure_fire_dice",
    "adventure_flexible",
    "after_fire",
    "after_roll",
    "chance_outcomes",
    "chooser",
    "hunter_fire_dice",
    "opposed_dice",
    "options",
    "sloop_flexible",
    "start",
    "volley",
]


CHANCE_PHASES = frozenset(
    {"arrest:roll", "fire:blackbeard", "fire:hunters", "escape:roll", "boarding:roll"}
)
"""The phases that are a roll: :func:`chance_outcomes` answers them."""
CHOICE_PHASES = frozenset(
    {
        *("arrest:blackbeard", "arrest:hunters", "escape:blackbeard", "escape:hunters"),
        *("boarding:hunters", "volley:hunters", "split:blackbeard", "split:hunters"),
        *("assign:blackbeard", "escape:choice"),
    }
)
"""The phases where a side decides: :func:`options` and :func:`chooser` answer them."""


class _OncePerTurn(TypedDict):
    """State's flags for the once-per-turn tiles still unused (keyed as :data:`ONCE_PER_TURN`)."""

    lookouts: bool
    lt_maynard: bool
    midshipman_hyde: bool


def _check_phase(state: State, phases: frozenset[str]) -> None:
    """Refuse a State whose phase is not one of `phases`, naming the close ones."""
    if state.phase not in phases:
        check_id("Encounter phase", state.phase, sorted(phases))


def start(enc: Encounter) -> State:
    """The state before the first declaration: once-per-turn tiles still unused."""
    _expect("enc", enc, Encounter)
    held = enc.blackbeard_tiles | enc.hunter_tiles
    # ONCE_PER_TURN are the names of State's flags for those tiles
    fresh = cast(
        "_OncePerTurn", {t: t in held and t not in enc.used_this_turn for t in ONCE_PER_TURN}
    )
    return State(phase="arrest:blackbeard" if enc.arrest else "fire:blackbeard", **fresh)


def chooser(state: State) -> str:
    """Who decides at a choice phase."""
    _expect("state", state, State)
    _check_phase(state, CHOICE_PHASES)
    if state.phase == "escape:choice":
        return state.escape_winner
    return "blackbeard" if state.phase.endswith("blackbeard") else "hunters"


def options(enc: Encounter, state: State) -> list[tuple[str, State]]:
    """The choices open at a choice phase, in canonical order, each with the state after."""
    _expect("enc", enc, Encounter)
    _expect("state", state, State)
    _check_phase(state, CHOICE_PHASES)
    kind, who = state.phase.split(":")
    if who == "blackbeard" and kind in ("arrest", "escape"):
        after = _with(state, phase=f"{kind}:hunters", declared=frozenset())
        options = [("Blackbeard declares no once-per-turn tile", after)]
        if state.lookouts:
            declared = _with(after, lookouts=False, declared=frozenset({"lookouts"}))
            options.append(("Blackbeard declares Lookouts: +1 die", declared))
        return options
    if who == "hunters" and kind in ("arrest", "escape", "boarding"):
        roll = _with(state, phase=f"{kind}:roll")
        return _hunter_declarations(state, roll, opposed_dice(enc, roll)[1], "")
    if kind == "volley":
        fire = _with(state, phase="fire:hunters")
        base = sum(hunter_fire_dice(enc, fire, s, explain=False)[0] for s in enc.sloops)
        return _hunter_declarations(state, fire, base, " to their Fire")
    if kind == "split":
        r, c, f = state.pending
        side = "Blackbeard makes" if who == "blackbeard" else "the Hunters make"
        return [
            (
                f"{side} {k} of the 3-4 Hits Rigging and {f - k} Crew",
                _typed(state, who, r + k, c + f - k),
            )
            for k in _fullest_splits(r, c, f, _split_cap(enc, who))
        ]
    if kind == "assign":
        return _assignments(enc, state)
    winner = "Blackbeard" if state.escape_winner == "blackbeard" else "the Hunters"
    options = [
        (
            f"{winner} Board",
            _boarding(enc, state),
        )
    ]
    may_escape = (
        enc.adventure_can_escape
        if state.escape_winner == "blackbeard"
        else not state.hammer_and_anvil
    )
    if may_escape:
        ending = (
            Ending.BLACKBEARD_ESCAPES
            if state.escape_winner == "blackbeard"
            else Ending.HUNTERS_ESCAPE
        )
        options.append((f"{winner} Escape", _end(ending)))
    return options


def chance_outcomes(
    enc: Encounter, state: State, dice: tuple[int, int] | None = None
) -> list[tuple[State, Fraction]]:
    """Each outcome of the roll at a chance phase with its exact probability.

    For an opposed roll, `dice` may give each side's dice (Blackbeard's, the Hunters') when
    the caller has counted them already with :func:`opposed_dice`.
    """
    _expect("dice", dice, tuple, optional=True)
    _expect("enc", enc, Encounter)
    _expect("state", state, State)
    _check_phase(state, CHANCE_PHASES)
    if state.phase == "fire:blackbeard":
        counts = _fire_counts(adventure_fire_dice(enc)[0], adventure_flexible(enc))
    elif state.phase == "fire:hunters":
        counts = volley(
            tuple(
                (hunter_fire_dice(enc, state, s, explain=False)[0], sloop_flexible(enc, s))
                for s in enc.sloops
            )
        )
    else:
        a, b = dice or opposed_dice(enc, state)[:2]
        p = roll_odds(a, b, warned=enc.warned, most_dice_win=enc.most_dice_win)
        won = (
            (after_roll(enc, state, "blackbeard"), p),
            (
                after_roll(enc, state, "hunters"),
                Fraction(p.denominator - p.numerator, p.denominator),
            ),
        )
        return [(after, q) for after, q in won if q]
    outcomes: dict[State, Fraction] = {}
    for hits, p in counts.items():
        after = after_fire(enc, state, hits)
        outcomes[after] = outcomes[after] + p if after in outcomes else p
    return list(outcomes.items())


def after_fire(enc: Encounter, state: State, hits: tuple[int, int, int]) -> State:
    """The state after a Fire roll of (6s, 5s, 3-4s that may Hit)."""
    _expect("hits", hits, tuple)
    if len(hits) != 3 or not all(type(h) is int and h >= 0 for h in hits):
        raise IllegalActionError(f"hits must be (rigging, crew, sloops) Hits, got {hits!r}")
    _expect("enc", enc, Encounter)
    _expect("state", state, State)
    r, c, f = hits
    if state.phase == "fire:blackbeard":
        tiles = enc.blackbeard_tiles
        if {"chain_shot", "grape"} <= tiles and f:
            return _with(state, phase="split:blackbeard", pending=(r, c, f))
        r += f if "chain_shot" in tiles else 0
        c += f if "grape" in tiles else 0
        return _with(state, phase="assign:blackbeard", pending=(r, c, 0))
    if f:
        return _with(state, phase="split:hunters", pending=(r, c, f))
    return _typed(state, "hunters", r, c)


def after_roll(enc: Encounter, state: State, winner: str) -> State:
    """The state after an opposed roll won by `winner`."""
    _expect("enc", enc, Encounter)
    _expect("state", state, State)
    kind = state.phase.split(":")[0]
    if kind == "boarding":
        return _end(Ending.BLACKBEARD_WINS if winner == "blackbeard" else Ending.HUNTERS_WIN)
    if kind == "escape":  # after it, only what Boarding and the choice use still matters
        return _with(
            _BLANK,
            phase="escape:choice",
            escape_winner=winner,
            hammer_and_anvil=state.hammer_and_anvil,
            lt_maynard=state.lt_maynard,
            midshipman_hyde=state.midshipman_hyde,
            crewed=state.crewed,
            adventure_crew=state.adventure_crew,
        )
    if winner == "hunters":
        ending = (
            Ending.ISRAEL_HANDS_ARRESTED if enc.pirate == "israel_hands" else Ending.HUNTERS_WIN
        )
        return _with(state, phase="end", ending=ending)
    if enc.pirate != "adventure" or not enc.sloops:
        escapes = enc.pirate != "adventure" or enc.adventure_can_escape
        return _end(Ending.BLACKBEARD_ESCAPES if escapes else Ending.HUNTERS_WIN)
    return _with(state, phase="fire:blackbeard", hammer_and_anvil=True, declared=frozenset())


def opposed_dice(enc: Encounter, state: State, explain: bool = False) -> tuple[int, int, str, str]:
    """Dice for an opposed roll: (Blackbeard's, the Hunters', and with `explain` why, why)."""
    _expect("enc", enc, Encounter)
    _expect("state", state, State)
    kind = state.phase[: state.phase.index(":")]
    if not explain:
        return (*_opposed_counts(enc, state, kind), "", "")
    bb = [(PIECE_NAMES[enc.pirate], 2)]
    if kind == "arrest":
        hunters = (
            [("Capt Gordon", 4)]
            if "capt_gordon" in enc.hunter_tiles
            else [(PIECE_NAMES[p], 1) for p in sorted(enc.hunters)]
        )
    elif kind == "escape":
        bb.append(("Rigging Hits", -state.adventure_rigging))
        hunters = [(PIECE_NAMES[s], 1 - (s in state.rigged)) for s in enc.sloops]
    else:
        bb.append(("Crew Hits", -state.adventure_crew))
        if "grenadoes" in enc.blackbeard_tiles and state.escape_winner == "blackbeard":
            bb.append(("Grenadoes", 1))
        hunters = [
            (PIECE_NAMES[s], 1 - (s in state.crewed) + (f"extra_hands_{s}" in enc.hunter_tiles))
            for s in enc.sloops
        ]
    bb += [("Lookouts", 1)] if "lookouts" in state.declared else []
    hunters += [
        (TILE_NAMES[t], 1) for t in ("lt_maynard", "midshipman_hyde") if t in state.declared
    ]
    why = (_why(bb), _why(hunters)) if explain else ("", "")
    return sum(n for _, n in bb), sum(n for _, n in hunters), *why


def _opposed_counts(enc: Encounter, state: State, kind: str) -> tuple[int, int]:
    """:func:`opposed_dice`'s counts alone, the same sums without the reasons (a hot path).

    >>> enc = Encounter(
    ...     hunters=frozenset({"jane", "ranger"}),
    ...     pirates=frozenset({"adventure"}),
    ...     blackbeard_tiles=frozenset({"grenadoes"}),
    ...     hunter_tiles=frozenset({"extra_hands_ranger", "lt_maynard"}),
    ... )
    >>> state = State(
    ...     phase="boarding:roll",
    ...     crewed=frozenset({"jane"}),
    ...     adventure_crew=1,
    ...     escape_winner="blackbeard",
    ...     declared=frozenset({"lt_maynard"}),
    ... )
    >>> _opposed_counts(enc, state, "boarding"), opposed_dice(enc, state, explain=True)[:2]
    ((2, 3), (2, 3))
    """
    declared = state.declared
    if kind == "arrest":
        bb = 2
        hunters = 4 if "capt_gordon" in enc.hunter_tiles else len(enc.hunters)
    elif kind == "escape":
        bb = 2 - state.adventure_rigging
        hunters = sum(1 - (s in state.rigged) for s in enc.sloops)
    else:
        grenadoes = "grenadoes" in enc.blackbeard_tiles and state.escape_winner == "blackbeard"
        bb = 2 - state.adventure_crew + grenadoes
        hunters = sum(
            1 - (s in state.crewed) + (f"extra_hands_{s}" in enc.hunter_tiles) for s in enc.sloops
        )
    bb += "lookouts" in declared
    hunters += ("lt_maynard" in declared) + ("midshipman_hyde" in declared)
    return bb, hunters


def adventure_fire_dice(enc: Encounter) -> tuple[int, str]:
    """Adventure's Fire dice: 2, +1 Swivel Guns, -1 Crew to Ordinary."""
    _expect("enc", enc, Encounter)
    parts = [("Adventure", 2)]
    parts += [("Swivel Guns", 1)] if "swivel_guns" in enc.blackbeard_tiles else []
    parts += [("Crew to Ordinary", -1)] if enc.crew_to_ordinary else []
    return max(0, sum(n for _, n in parts)), _why(parts)


def hunter_fire_dice(
    enc: Encounter, state: State, sloop: str, explain: bool = True
) -> tuple[int, str]:
    """A Hunter Sloop's Fire dice: 1, +1 Cannon, -1 if Philip Morton's Fire Hit it, then +1
    Lt Maynard (Jane) or Midshipman Hyde (Ranger) if declared for this Fire; with `explain`,
    and why.

    >>> enc = Encounter(
    ...     hunters=frozenset({"jane"}),
    ...     pirates=frozenset({"adventure"}),
    ...     blackbeard_tiles=frozenset({"philip_morton"}),
    ...     hunter_tiles=frozenset({"cannon_jane", "lt_maynard"}),
    ... )
    >>> state = State(
    ...     phase="fire:hunters", rigged=frozenset({"jane"}), declared=frozenset({"lt_maynard"})
    ... )
    >>> hunter_fire_dice(enc, state, "jane"), hunter_fire_dice(enc, state, "jane", explain=False)
    ((2, "Jane 1, Cannon +1, Philip Morton's Hit -1, Lt Maynard +1"), (2, ''))
    """
    check_id("Hunter Sloop", sloop, ("jane", "ranger"))
    _expect("enc", enc, Encounter)
    _expect("state", state, State)
    if not explain:
        n = 1 + (f"cannon_{sloop}" in enc.hunter_tiles)
        if "philip_morton" in enc.blackbeard_tiles and (
            sloop in state.rigged or sloop in state.crewed
        ):
            n -= 1
        tile = _FIRE_HELPER[sloop]
        return max(0, n) + (state.phase == "fire:hunters" and tile in state.declared), ""
    parts = [(PIECE_NAMES[sloop], 1)]
    parts += [("Cannon", 1)] if f"cannon_{sloop}" in enc.hunter_tiles else []
    if "philip_morton" in enc.blackbeard_tiles and sloop in state.rigged | state.crewed:
        parts.append(("Philip Morton's Hit", -1))
    n = max(0, sum(n for _, n in parts))
    tile = _FIRE_HELPER[sloop]
    if state.phase == "fire:hunters" and tile in state.declared:
        parts.append((TILE_NAMES[tile], 1))
        n += 1
    return n, _why(parts)


def adventure_flexible(enc: Encounter) -> bool:
    """Whether Adventure's 3-4 may Hit: Chain Shot or Grape."""
    _expect("enc", enc, Encounter)
    return bool({"chain_shot", "grape"} & enc.blackbeard_tiles)


def sloop_flexible(enc: Encounter, sloop: str) -> bool:
    """Whether this Hunter Sloop's 3-4 Hit: Cannon with Chain & Grape."""
    _expect("enc", enc, Encounter)
    return f"cannon_{sloop}" in enc.hunter_tiles and "chain_and_grape" in enc.hunter_tiles


_FIRE_HELPER = {"jane": "lt_maynard", "ranger": "midshipman_hyde"}
"""Whose Fire each once-per-turn Hunter tile adds its die to."""
_BLANK = State(phase="")
"""Every field at its default, for :func:`_with` to fill in."""
_ENDS = {ending: State(phase="end", ending=ending) for ending in Ending}


def _with(state: State, **changes: object) -> State:
    """`dataclasses.replace` for State, without its per-call introspection (a hot path)."""
    new = object.__new__(State)
    new.__dict__.update(state.__dict__, **changes)
    return new


def _end(ending: Ending) -> State:
    """The state an Encounter ends in: only the Ending matters then."""
    return _ENDS[ending]


def _boarding(enc: Encounter, state: State) -> State:
    """The state before Boarding, keeping only what Boarding uses."""
    return _with(
        _BLANK,
        phase="boarding:hunters",
        lt_maynard=state.lt_maynard,
        midshipman_hyde=state.midshipman_hyde,
        crewed=state.crewed,
        adventure_crew=state.adventure_crew,
        escape_winner=state.escape_winner if "grenadoes" in enc.blackbeard_tiles else "",
    )


def _hunter_declarations(
    state: State, roll: State, base: int, where: str
) -> list[tuple[str, State]]:
    """Lt Maynard and Midshipman Hyde, now or later, within their limits on the total.

    `roll` is the state of the roll they would join, `base` the Hunters' dice there
    without them.
    """
    options = [("the Hunters declare no once-per-turn tile", roll)]
    maynard = state.lt_maynard and base < 3
    hyde = state.midshipman_hyde and base < 2
    if maynard:
        after = _with(roll, declared=state.declared | {"lt_maynard"}, lt_maynard=False)
        options.append((f"the Hunters declare Lt Maynard{where}: +1 dice", after))
    if hyde:
        after = _with(roll, declared=state.declared | {"midshipman_hyde"}, midshipman_hyde=False)
        options.append((f"the Hunters declare Midshipman Hyde{where}: +1 dice", after))
    if maynard and hyde and base == 0:  # the total stays within both limits (2)
        after = _with(
            roll,
            declared=state.declared | {"lt_maynard", "midshipman_hyde"},
            lt_maynard=False,
            midshipman_hyde=False,
        )
        label = f"the Hunters declare Lt Maynard and Midshipman Hyde{where}: +2 dice"
        options.append((label, after))
    return options


def _hunters_fire_phase(enc: Encounter, state: State) -> str:
    """Before the Hunters Fire: a chance to declare Lt Maynard or Midshipman Hyde for it
    ("any 1 roll with Jane"), unless the reading keeps them out of Fire or neither is left."""
    if enc.maynard_reading == "any_roll" and (state.lt_maynard or state.midshipman_hyde):
        return "volley:hunters"
    return "fire:hunters"


def _split_cap(enc: Encounter, who: str) -> int:
    """How many Hits of each type the side typing its 3-4 Hits can land: Adventure's 2, or
    1 on each Hunter Sloop in the Encounter for Blackbeard."""
    if who == "hunters":
        return MAX_HITS["adventure"]
    return MAX_HITS["hunter_sloop"] * len(enc.sloops)


def _fullest_splits(rigging: int, crew: int, flexible: int, cap: int) -> list[int]:
    """The numbers of 3-4 Hits typed Rigging (most first) that land as many Hits as the caps
    allow: "a firing side places as many Hits as the caps allow" (module docstring), so a
    typing that wastes a Hit another typing would land is not offered.

    >>> _fullest_splits(0, 2, 2, 2)  # 2 Crew Hits already: both 3-4 Hits go to Rigging
    [2]
    >>> _fullest_splits(0, 0, 2, 2)
    [2, 1, 0]
    """
    landed = {
        k: min(rigging + k, cap) + min(crew + flexible - k, cap) for k in range(flexible, -1, -1)
    }
    most = max(landed.values())
    return [k for k, n in landed.items() if n == most]


def _typed(state: State, who: str, rigging: int, crew: int) -> State:
    """After the Hits' types are fixed: Blackbeard goes on to place his, the Hunters' land."""
    if who == "blackbeard":
        return _with(state, phase="assign:blackbeard", pending=(rigging, crew, 0))
    return _with(
        state,
        phase="escape:blackbeard",
        pending=(0, 0, 0),
        adventure_rigging=min(rigging, MAX_HITS["adventure"]),
        adventure_crew=min(crew, MAX_HITS["adventure"]),
        declared=frozenset(),
    )


def _assignments(enc: Encounter, state: State) -> list[tuple[str, State]]:
    """Every way Blackbeard can place his Hits, as many as the caps allow, Jane first."""
    rigging, crew = state.pending[:2]
    sloops = enc.sloops
    options: dict[State, str] = {}
    for rigged in itertools.combinations(sloops, min(rigging, len(sloops))):
        for crewed in itertools.combinations(sloops, min(crew, len(sloops))):
            label = "Blackbeard places " + (
                "; ".join(
                    f"a {kind} Hit on {' and '.join(PIECE_NAMES[s] for s in on)}"
                    for kind, on in (("Rigging", rigged), ("Crew", crewed))
                    if on
                )
                or "no Hits"
            )
            wasted = rigging + crew - len(rigged) - len(crewed)
            label += f" ({wasted} wasted)" if wasted else ""
            after = _with(
                state,
                phase=_hunters_fire_phase(enc, state),
                rigged=frozenset(rigged),
                crewed=frozenset(crewed),
                pending=(0, 0, 0),
            )
            options.setdefault(after, label)
    return [(label, after) for after, label in options.items()]


@functools.cache
def _fire_counts(n: int, flexible: bool) -> Mapping[tuple[int, int, int], Fraction]:
    """Distribution of (6s, 5s, 3-4s) among n dice; 3-4s count only if `flexible`."""
    out = {}
    for r in range(n + 1):
        for c in range(n + 1 - r):
            for f in range(n + 1 - r - c if flexible else 1):
                m = n - r - c - f
                ways = math.factorial(n) // (
                    math.factorial(r) * math.factorial(c) * math.factorial(f) * math.factorial(m)
                )
                miss = Fraction(1, 3) if flexible else Fraction(2, 3)
                out[r, c, f] = ways * Fraction(1, 6) ** (r + c) * Fraction(1, 3) ** f * miss**m
    return Fixed(out)


@functools.cache
def volley(shooters: tuple[tuple[int, bool], ...]) -> Mapping[tuple[int, int, int], Fraction]:
    """Distribution of the total (6s, 5s, 3-4s that Hit) of Sloops Firing (dice, flexible).

    A pure dice table, kept across calls, so read-only (``dict(...)`` gives a copy to change).

    >>> volley(((1, False),))[0, 0, 0]
    Fraction(2, 3)
    """
    _expect("shooters", shooters, tuple)
    total = {(0, 0, 0): Fraction(1)}
    for n, flexible in shooters:
        out: dict[tuple[int, int, int], Fraction] = {}
        for x, p in total.items():
            for y, q in _fire_counts(n, flexible).items():
                key = (x[0] + y[0], x[1] + y[1], x[2] + y[2])
                out[key] = out.get(key, 0) + p * q
        total = out
    return Fixed(total)


def _why(parts: list[tuple[str, int]]) -> str:
    """'Adventure 2, Lookouts +1' from (reason, dice) pairs, leaving out zeros after the first."""
    shown = [parts[0]] + [(name, n) for name, n in parts[1:] if n]
    return ", ".join(f"{name} {n:+d}" if i else f"{name} {n}" for i, (name, n) in enumerate(shown))
