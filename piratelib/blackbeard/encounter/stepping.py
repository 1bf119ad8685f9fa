"""An Encounter step by step with real dice, and many times over as a simulation.

:func:`resolve` walks one path of the Encounter's game tree with dice from an ``rng`` and
says what happened at each step and why (the rule, in the rulebook's words, from
:data:`RULES`); :func:`simulate` walks many paths to cross-check
:func:`~piratelib.blackbeard.encounter.solver.odds`. Choices follow the same policies as
the exact odds.

Examples
--------
>>> import random
>>> jane = Encounter(hunters=frozenset({"jane"}), pirates=frozenset({"adventure"}))
>>> steps = resolve(jane, random.Random(1))
>>> print(steps[0].text)  # doctest: +NORMALIZE_WHITESPACE
Jane meets Adventure: the Encounter begins with Battle. Blackbeard's tiles: none. The
Hunters' tiles: none.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from fractions import Fraction

from piratelib import dice
from piratelib.blackbeard.encounter.record import (
    PIECE_NAMES,
    TILE_NAMES,
    Encounter,
    Ending,
    State,
    _expect,
)
from piratelib.blackbeard.encounter.rules import (
    CHANCE_PHASES,
    adventure_fire_dice,
    adventure_flexible,
    after_fire,
    after_roll,
    hunter_fire_dice,
    opposed_dice,
    options,
    sloop_flexible,
    start,
)
from piratelib.blackbeard.encounter.solver import Solver, _EscapePolicy
from piratelib.errors import IllegalActionError, check_whole
from piratelib.steps import Step

__all__ = ["RULES", "resolve", "simulate"]


RULES = {
    "dice": "Dice: 'Pirate pieces begin with two dice each, Hunter pieces one die each.'",
    "roll": (
        "Roll Dice: 'the highest roll on any single die wins. When one side has zero dice, "
        "the other wins if it has at least one die. If neither side has dice, treat that as "
        "a tied roll. The Hunters win tied rolls ... until any Escape, after which, "
        "Blackbeard wins tied rolls'"
    ),
    "most_dice": (
        "Option: 'compare how many dice each side has - whoever has the most dice wins. If "
        "equal number of dice, roll, and always roll Fire.'"
    ),
    "arrest": "Arrest: 'Encounters that include any figure piece begin with Arrest.'",
    "arrest_black": (
        "Arrest: 'If the Hunters win Arrest at a black piece - Adventure or Blackbeard alone "
        "(Advanced) - they immediately win the game.'"
    ),
    "arrest_hands": (
        "Arrest: 'Successful Arrest of Israel Hands instead permanently removes the Israel "
        "Hands tile and figure from play. The Blackbeard player may immediately Show the "
        "Camp location block ... to add 4 gold to Purse'"
    ),
    "arrest_escape": (
        "Arrest: 'If Adventure beats the Arrest attempt and only Brand is there, Adventure "
        "must Escape ... If unable, the Hunters win the game.'"
    ),
    "hammer_and_anvil": (
        "Arrest: 'If Adventure beats the Arrest and Jane or Ranger is in the space, Battle "
        'ensues ... the Hunters may not choose Escape ("Hammer & Anvil").\''
    ),
    "figure_escapes": "Arrest: 'If Blackbeard alone or Israel Hands wins, he Escapes.'",
    "fire": (
        "Firing: 'A roll of 6 is a Rigging Hit ... A roll of 5 is a Crew Hit ... A roll of "
        "3 or 4 is a Miss unless the player declared Chain or Grape ... Apply, at most, one "
        "Rigging Hit and one Crew Hit to each Hunter Sloop, and, at most, two of each Hit "
        "type to Adventure. Excess Hits are wasted.'"
    ),
    "morton": (
        "Philip Morton: 'Fire before the Hunters declare and Fire. Each Hunter Sloop that "
        "Adventure Hits reduces by one ... the number of dice that that Sloop will use when "
        "it Fires next.'"
    ),
    "escape": (
        "Escape: 'find the number of dice by Sloops present, tiles, and Firing Hits. Roll "
        "... - the winner may Escape, if desired.' 'If the winning side opts not to Escape, "
        "Board.'"
    ),
    "boarding": (
        "Boarding: 'count dice by Sloops present, tiles, and Firing Hits. ... The winning "
        "side seizes the enemy's Sloop(s) as a prize and immediately wins the game.'"
    ),
    "lookouts": (
        "Lookouts: 'Declare ahead of any 1 Arrest or Escape per turn for Blackbeard to add 1 die.'"
    ),
    "lt_maynard": (
        "Lt Maynard: 'adds 1 die to any 1 roll with Jane per turn, never beyond 3 Hunter "
        "dice total'"
    ),
    "midshipman_hyde": (
        "Midshipman Hyde: 'acts for Ranger like Lt Maynard does for Jane, but only so long "
        "as total Hunter dice for that segment remain at 1 or 2'"
    ),
}


def resolve(
    encounter: Encounter,
    rng: random.Random,
    *,
    escape_policy: _EscapePolicy = "board",
    decisions: Mapping[str, str] | None = None,
) -> tuple[Step, ...]:
    """Resolve `encounter` once with dice from `rng`; return every step with its rule.

    The first step lists the declared tiles; each later step is a roll (with its dice and
    why each side has that many) or a decision, and the last names the Ending. Use
    :class:`piratelib.dice.ScriptedRolls` to replay the dice of a rulebook example, and
    `decisions` to replay its players' choices: a phase (such as ``"split:hunters"`` or
    ``"escape:blackbeard"``) mapped to words of the option to take there; other choices
    follow the policy. Declaring Lt Maynard or Midshipman Hyde for the Hunters' Fire
    (``"volley:hunters"``) is a step only when they declare one.

    Raises
    ------
    IllegalActionError
        If a scripted decision matches none of the options open at its phase.

    Examples
    --------
    >>> brand = Encounter(hunters=frozenset({"brand"}), pirates=frozenset({"adventure"}))
    >>> steps = resolve(brand, dice.ScriptedRolls([6, 2, 5]))
    >>> print(steps[3].text)  # doctest: +NORMALIZE_WHITESPACE
    Arrest: Blackbeard rolls 2 dice (Adventure 2) against the Hunters' 1 (Capt Brand 1):
    6, 2 against 5. Blackbeard's side wins.
    >>> steps[-1].state.ending
    <Ending.BLACKBEARD_ESCAPES: 'the pirates Escape'>
    """
    _expect("decisions", decisions, Mapping, optional=True)
    _expect("encounter", encounter, Encounter)
    _expect("rng", rng, random.Random)
    solver = Solver(encounter, escape_policy)
    state = start(encounter)
    steps = [Step("declare", _declared_text(encounter), RULES["dice"], state)]
    while state.ending is None:
        phase = state.phase
        if phase in CHANCE_PHASES:
            state, text, rule = _roll(encounter, state, rng)
        else:
            text, state = _scripted(encounter, state, (decisions or {}).get(phase), solver)
            rule = _choice_rule(phase, text)
            if phase == "volley:hunters" and not state.declared:
                continue  # no helper for the Hunters' Fire: its Fire step tells the dice
        steps.append(Step(phase, text, rule, state))
    ending = f"The Encounter ends: {state.ending.value}."
    steps.append(Step("end", ending, _ending_rule(encounter, state, steps[-1].phase), state))
    return tuple(steps)


def simulate(
    encounter: Encounter,
    n: int,
    rng: random.Random,
    *,
    escape_policy: _EscapePolicy = "board",
) -> dict[Ending, Fraction]:
    """Resolve `encounter` `n` times with real dice; return how often each Ending came.

    Examples
    --------
    >>> from piratelib.blackbeard.encounter.solver import odds
    >>> jane = Encounter(hunters=frozenset({"jane"}), pirates=frozenset({"adventure"}))
    >>> freq = simulate(jane, 2000, random.Random(1))
    >>> abs(freq[Ending.HUNTERS_WIN] - odds(jane)[Ending.HUNTERS_WIN]) < 0.05
    True
    """
    _expect("encounter", encounter, Encounter)
    _expect("rng", rng, random.Random)
    check_whole("n", n, 1, 10_000_000)
    solver = Solver(encounter, escape_policy)
    counts = dict.fromkeys(Ending, 0)
    for _ in range(n):
        state = start(encounter)
        while state.ending is None:
            if state.phase in CHANCE_PHASES:
                state = _roll(encounter, state, rng, explain=False)[0]
            else:
                state = solver.choose(state)[1]
        counts[state.ending] += 1
    return {ending: Fraction(count, n) for ending, count in counts.items()}


def _scripted(
    enc: Encounter, state: State, wanted: str | None, solver: Solver
) -> tuple[str, State]:
    """The option whose label contains `wanted`, or the policy's choice when none is given."""
    if wanted is None:
        return solver.choose(state)
    open_options = options(enc, state)
    for label, after in open_options:
        if wanted.lower() in label.lower():
            return label, after
    labels = "; ".join(label for label, _ in open_options)
    raise IllegalActionError(f"no option at {state.phase} matches {wanted!r}; options: {labels}")


def _roll(
    enc: Encounter, state: State, rng: random.Random, explain: bool = True
) -> tuple[State, str, str]:
    """Roll real dice at a chance phase; return the state after, what happened, the rule.

    Without `explain` (simulation), skip writing the text.
    """
    kind, who = state.phase.split(":")
    if kind == "fire":
        shooters = [("Adventure", adventure_fire_dice(enc), adventure_flexible(enc))]
        if who == "hunters":
            shooters = [
                (PIECE_NAMES[s], hunter_fire_dice(enc, state, s), sloop_flexible(enc, s))
                for s in enc.sloops
            ]
        hits, parts = [0, 0, 0], []
        for name, (n, why), flexible in shooters:
            faces = dice.roll(n, rng)
            hits[0] += faces.count(6)
            hits[1] += faces.count(5)
            hits[2] += sum(3 <= f <= 4 for f in faces) if flexible else 0
            if explain:
                parts.append(f"{name} Fires {n} dice ({why}): {_faces(faces)}")
        r, c, f = hits
        if not explain:
            return after_fire(enc, state, (r, c, f)), "", ""
        text = (
            "; ".join(parts)
            + f" -> {r} Rigging, {c} Crew"
            + (f", {f} Hits of either type" if f else "")
            + "."
        )
        rule = RULES["fire"] + (
            f" {RULES['morton']}" if "philip_morton" in enc.blackbeard_tiles else ""
        )
        return after_fire(enc, state, (r, c, f)), text, rule
    a, b, why_a, why_b = opposed_dice(enc, state, explain)
    if not explain:
        if enc.most_dice_win and a != b:
            return after_roll(enc, state, "blackbeard" if a > b else "hunters"), "", ""
        high_a, high_b = max(dice.roll(a, rng), default=0), max(dice.roll(b, rng), default=0)
        won = high_a > high_b or (high_a == high_b and enc.warned)
        return after_roll(enc, state, "blackbeard" if won else "hunters"), "", ""
    title = kind.title()
    head = f"{title}: Blackbeard rolls {a} dice ({why_a}) against the Hunters' {b} ({why_b})"
    if enc.most_dice_win and a != b:
        winner = "blackbeard" if a > b else "hunters"
        text = f"{head}: most dice win, no roll."
        rule = RULES["most_dice"]
    else:
        fa, fb = dice.roll(a, rng), dice.roll(b, rng)
        high_a, high_b = max(fa, default=0), max(fb, default=0)
        blackbeard_wins = high_a > high_b or (high_a == high_b and enc.warned)
        winner = "blackbeard" if blackbeard_wins else "hunters"
        tie = (
            " (a tie, which goes to "
            + ("Blackbeard, Warned" if enc.warned else "the Hunters")
            + ")"
        )
        text = f"{head}: {_faces(fa)} against {_faces(fb)}{tie if high_a == high_b else ''}."
        rule = RULES["roll"]
    text += " Blackbeard's side wins." if winner == "blackbeard" else " The Hunters win."
    return after_roll(enc, state, winner), text, rule


def _faces(faces: tuple[int, ...]) -> str:
    """Dice faces as text."""
    return ", ".join(map(str, faces)) or "no dice"


def _declared_text(enc: Encounter) -> str:
    """The first step: who is there and which tiles each side declares."""
    bb = ", ".join(TILE_NAMES[t] for t in sorted(enc.blackbeard_tiles)) or "none"
    hunters = ", ".join(TILE_NAMES[t] for t in sorted(enc.hunter_tiles)) or "none"
    options = [
        text
        for flag, text in (
            (enc.warned, "Warned: Blackbeard wins ties"),
            (enc.most_dice_win, "most dice win"),
            (enc.crew_to_ordinary, "Crew to Ordinary in effect"),
            (not enc.adventure_can_escape, "Adventure has nowhere to Escape"),
        )
        if flag
    ]
    first = "Arrest" if enc.arrest else "Battle"
    return (
        f"{' and '.join(PIECE_NAMES[p] for p in sorted(enc.hunters))} "
        f"{'meet' if len(enc.hunters) > 1 else 'meets'} "
        f"{PIECE_NAMES[enc.pirate]}: the Encounter begins with {first}. Blackbeard's tiles: "
        f"{bb}. The Hunters' tiles: {hunters}."
        + (f" Options: {'; '.join(options)}." if options else "")
    )


def _choice_rule(phase: str, text: str) -> str:
    """The rule behind a decision."""
    if "Lookouts" in text:
        return RULES["lookouts"]
    if "Maynard" in text or "Hyde" in text:
        return RULES["lt_maynard"] + " " + RULES["midshipman_hyde"]
    if phase.startswith(("split", "assign")):
        return RULES["fire"]
    if phase == "escape:choice":
        return RULES["escape"]
    return "Blackbeard declares any tiles used, then the Hunters do."


def _ending_rule(enc: Encounter, state: State, last: str) -> str:
    """The rule that ended the Encounter, from the phase that ended it."""
    if last == "boarding:roll":
        return RULES["boarding"]
    if last == "escape:choice":
        return RULES["escape"]
    if state.ending is Ending.ISRAEL_HANDS_ARRESTED:
        return RULES["arrest_hands"]
    if enc.pirate != "adventure":
        return (
            RULES["arrest_black"] if state.ending is Ending.HUNTERS_WIN else RULES["figure_escapes"]
        )
    if state.ending is Ending.HUNTERS_WIN:
        return RULES["arrest_black"] + (
            "" if enc.adventure_can_escape else " " + RULES["arrest_escape"]
        )
    return RULES["arrest_escape"]
