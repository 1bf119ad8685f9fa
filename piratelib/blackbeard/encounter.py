"""Hunt for Blackbeard's Encounters (rulebook section E): exact odds, step-through, simulation.

An Encounter is a small game tree. Its *chance* nodes are rolls (Arrest, each side's Fire,
Escape, Boarding); its *choice* nodes are the players' decisions (declaring a once-per-turn
tile now or later, the type of a flexible Hit, which Hunter Sloop takes a Hit, and the
Escape winner's "Escape or Board"). :func:`odds` walks the whole tree with exact
Fractions; :func:`resolve` walks one path with real dice and says what happened and why;
:func:`simulate` walks many paths to cross-check :func:`odds`.

Choices follow a stated policy. Every choice but "Escape or Board" is made by the choosing
side to maximise its own objective, compared in order: Blackbeard wants (P(Blackbeard
wins), P(Blackbeard Escapes), -P(Hunters win)); the Hunters want (P(Hunters win),
P(Israel Hands arrested), -P(Blackbeard wins)). Exact ties go to the first option (not
using a once-per-turn tile before using it; more Rigging Hits first; Jane before Ranger).
"Escape or Board" follows `escape_policy`: ``"board"`` (always Board), ``"escape"``
(Escape whenever allowed), ``"best"`` (as every other choice; Board first on a tie) or a
callable ``policy(winner, state) -> "escape" | "board"``.

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

import enum
import functools
import itertools
import math
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from piratelib import dice
from piratelib.errors import IllegalActionError, check_whole, did_you_mean
from piratelib.steps import Step

__all__ = [
    "BLACKBEARD_TILES",
    "HUNTER_TILES",
    "TILE_NAMES",
    "Encounter",
    "Ending",
    "State",
    "Step",
    "odds",
    "resolve",
    "roll_odds",
    "simulate",
]

SLOOPS = ("jane", "ranger")
HUNTER_PIECES = frozenset({"jane", "ranger", "brand"})
PIRATE_PIECES = frozenset({"adventure", "blackbeard", "israel_hands"})
BLACKBEARD_TILES = frozenset(
    {"chain_shot", "grape", "grenadoes", "lookouts", "philip_morton", "swivel_guns"}
)
HUNTER_TILES = frozenset(
    {
        "capt_gordon",
        "cannon_jane",
        "cannon_ranger",
        "extra_hands_jane",
        "extra_hands_ranger",
        "lt_maynard",
        "midshipman_hyde",
        "chain_and_grape",
    }
)
ONCE_PER_TURN = frozenset({"lookouts", "lt_maynard", "midshipman_hyde"})
MAX_HITS = {"hunter_sloop": 1, "adventure": 2}
"""Maximum Hits Taken of each type: "Jane or Ranger: 1 Rigging, 1 Crew. Adventure: 2
Rigging, 2 Crew"."""

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


_PIECE_NAMES = {
    "jane": "Jane",
    "ranger": "Ranger",
    "brand": "Capt Brand",
    "adventure": "Adventure",
    "blackbeard": "Blackbeard alone",
    "israel_hands": "Israel Hands",
}
TILE_NAMES = {
    "chain_shot": "Chain Shot",
    "grape": "Grape",
    "grenadoes": "Grenadoes",
    "lookouts": "Lookouts",
    "philip_morton": "Philip Morton",
    "swivel_guns": "Swivel Guns",
    "capt_gordon": "Capt Gordon",
    "cannon_jane": "Cannon (Jane)",
    "cannon_ranger": "Cannon (Ranger)",
    "extra_hands_jane": "Extra Hands (Jane)",
    "extra_hands_ranger": "Extra Hands (Ranger)",
    "lt_maynard": "Lt Maynard",
    "midshipman_hyde": "Midshipman Hyde",
    "chain_and_grape": "Chain & Grape",
}


class Ending(enum.Enum):
    """How an Encounter ends."""

    HUNTERS_WIN = "the Hunters win the game"
    BLACKBEARD_WINS = "Blackbeard wins the game"
    BLACKBEARD_ESCAPES = "the pirates Escape"
    HUNTERS_ESCAPE = "the Hunters' Sloops Escape"
    ISRAEL_HANDS_ARRESTED = "Israel Hands is arrested and removed from play"


@dataclass(frozen=True)
class Encounter:
    """Who meets whom, which tiles each side declares, and the options in force.

    Parameters
    ----------
    hunters : frozenset of {"jane", "ranger", "brand"}
    pirates : frozenset with one of "adventure", "blackbeard" (alone) or "israel_hands"
    blackbeard_tiles : frozenset of Prepared Defenses declared, from :data:`BLACKBEARD_TILES`
    hunter_tiles : frozenset of Commandeered Assets declared, from :data:`HUNTER_TILES`
        (Cannon and Extra Hands name their Sloop: ``cannon_jane``).
    crew_to_ordinary : bool
        The Crew to Ordinary penalty is in effect (Adventure Fires 1 die fewer).
    warned : bool
        Someone has Escaped already, so Blackbeard wins tied rolls.
    most_dice_win : bool
        The optional rule "most dice win".
    adventure_can_escape : bool
        Adventure has a legal space to Escape to.
    used_this_turn : frozenset
        Once-per-turn tiles (Lookouts, Lt Maynard, Midshipman Hyde) already used this turn.

    Raises
    ------
    IllegalActionError
        For pieces that cannot meet, or a tile the side does not hold or that cannot apply.

    Examples
    --------
    >>> Encounter(
    ...     hunters=frozenset({"ranger"}),
    ...     pirates=frozenset({"adventure"}),
    ...     hunter_tiles=frozenset({"cannon_jane"}),
    ... )
    Traceback (most recent call last):
      ...
    piratelib.errors.IllegalActionError: cannon_jane needs jane in the Encounter, and a Battle; ...
    """

    hunters: frozenset[str]
    pirates: frozenset[str]
    blackbeard_tiles: frozenset[str] = frozenset()
    hunter_tiles: frozenset[str] = frozenset()
    crew_to_ordinary: bool = False
    warned: bool = False
    most_dice_win: bool = False
    adventure_can_escape: bool = True
    used_this_turn: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        for name in ("hunters", "pirates", "blackbeard_tiles", "hunter_tiles", "used_this_turn"):
            value = getattr(self, name)
            if isinstance(value, str) or not isinstance(value, frozenset | set | tuple | list):
                raise IllegalActionError(f"{name} must be a set of ids, got {value!r}")
            object.__setattr__(self, name, frozenset(value))
        _check_ids("Hunter piece", self.hunters, HUNTER_PIECES)
        _check_ids("pirate piece", self.pirates, PIRATE_PIECES)
        _check_ids("Blackbeard tile", self.blackbeard_tiles, BLACKBEARD_TILES)
        _check_ids("Hunters' tile", self.hunter_tiles, HUNTER_TILES)
        _check_ids("once-per-turn tile", self.used_this_turn, ONCE_PER_TURN)
        if not self.hunters:
            raise IllegalActionError("an Encounter needs at least one Hunter piece")
        if len(self.pirates) != 1:
            raise IllegalActionError(
                "an Encounter has exactly one pirate piece: Adventure, Blackbeard alone or "
                "Israel Hands (Longboat and Israel Hands place them 'where no Adventure'), "
                f"got {sorted(self.pirates)}"
            )
        battle = self.pirate == "adventure" and bool(self.sloops)
        needs = {
            "capt_gordon": ("brand" in self.hunters, "brand in the Encounter (an Arrest)"),
            "lt_maynard": ("jane" in self.hunters, "jane in the Encounter"),
            "midshipman_hyde": ("ranger" in self.hunters, "ranger in the Encounter"),
            "chain_and_grape": (
                battle and any(f"cannon_{s}" in self.hunter_tiles for s in self.sloops),
                "a Battle and Cannon on a Sloop there ('When they Fire after declaring Cannon')",
            ),
        }
        for sloop in SLOOPS:
            for tile in (f"cannon_{sloop}", f"extra_hands_{sloop}"):
                needs[tile] = (
                    sloop in self.hunters and battle,
                    f"{sloop} in the Encounter, and a Battle",
                )
        battle_only = "a Battle: Adventure meeting Jane or Ranger"
        for tile in ("chain_shot", "grape", "philip_morton", "swivel_guns", "grenadoes"):
            needs[tile] = (battle, battle_only)
        needs["crew_to_ordinary"] = (battle or not self.crew_to_ordinary, battle_only)
        for tile in self.hunter_tiles | self.blackbeard_tiles | {"crew_to_ordinary"}:
            ok, what = needs.get(tile, (True, ""))
            if not ok:
                raise IllegalActionError(f"{tile} needs {what}; this Encounter has {self._who()}")

    @property
    def pirate(self) -> str:
        """The one pirate piece."""
        return next(iter(self.pirates))

    @property
    def sloops(self) -> tuple[str, ...]:
        """The Hunters' Sloops present, Jane first."""
        return tuple(s for s in SLOOPS if s in self.hunters)

    @property
    def arrest(self) -> bool:
        """Whether the Encounter begins with Arrest: 'Encounters that include any figure piece'."""
        return "brand" in self.hunters or self.pirate != "adventure"

    def _who(self) -> str:
        """The pieces, for messages."""
        return f"{', '.join(sorted(self.hunters))} against {self.pirate}"


@dataclass(frozen=True)
class State:
    """Where an Encounter stands: the phase, tiles left, declarations and Hits so far."""

    phase: str
    lookouts: bool = False
    lt_maynard: bool = False
    midshipman_hyde: bool = False
    declared: frozenset[str] = frozenset()
    hammer_and_anvil: bool = False
    rigged: frozenset[str] = frozenset()
    crewed: frozenset[str] = frozenset()
    adventure_rigging: int = 0
    adventure_crew: int = 0
    pending: tuple[int, int, int] = (0, 0, 0)
    escape_winner: str = ""
    ending: Ending | None = None


@functools.lru_cache(maxsize=4096)
def roll_odds(
    blackbeard_dice: int, hunter_dice: int, *, warned: bool = False, most_dice_win: bool = False
) -> Fraction:
    """Return the probability that Blackbeard's side wins one Arrest, Escape or Boarding roll.

    Roll Dice: "the highest roll on any single die wins ... The Hunters win tied rolls ...
    until any Escape, after which, Blackbeard wins tied rolls". With "most dice win",
    "whoever has the most dice wins. If equal number of dice, roll".

    Raises
    ------
    PiratelibError
        If a dice count is not a whole number from 0 to 100.

    Examples
    --------
    >>> roll_odds(3, 4)  # "Example: Arrest and Escape"
    Fraction(75799, 279936)
    >>> roll_odds(3, 4, most_dice_win=True)
    Fraction(0, 1)
    """
    if most_dice_win and blackbeard_dice != hunter_dice:
        dice.highest_die_contest(blackbeard_dice, hunter_dice, a_wins_ties=warned)  # checks
        return Fraction(int(blackbeard_dice > hunter_dice))
    return dice.highest_die_contest(blackbeard_dice, hunter_dice, a_wins_ties=warned)


def odds(
    encounter: Encounter, *, escape_policy: str | Callable = "board"
) -> dict[Ending, Fraction]:
    """Return the exact distribution of how `encounter` ends, every Ending listed.

    Parameters
    ----------
    encounter : Encounter
    escape_policy : {"board", "escape", "best"} or callable
        What the winner of the Escape roll does (see the module docstring).

    Raises
    ------
    IllegalActionError
        For an unknown policy, or a callable policy's answer the rules do not allow.

    Examples
    --------
    The rulebook's "Example: Arrest and Escape": Blackbeard's 3 dice against the Hunters' 4.

    >>> brand = Encounter(
    ...     hunters=frozenset({"brand"}),
    ...     pirates=frozenset({"adventure"}),
    ...     blackbeard_tiles=frozenset({"lookouts"}),
    ...     hunter_tiles=frozenset({"capt_gordon"}),
    ... )
    >>> odds(brand)[Ending.BLACKBEARD_ESCAPES]
    Fraction(75799, 279936)
    """
    return _Solver(encounter, escape_policy).distribution(_start(encounter))


def resolve(
    encounter: Encounter,
    rng: random.Random,
    *,
    escape_policy: str | Callable = "board",
    decisions: Mapping[str, str] | None = None,
) -> tuple[Step, ...]:
    """Resolve `encounter` once with dice from `rng`; return every step with its rule.

    The first step lists the declared tiles; each later step is a roll (with its dice and
    why each side has that many) or a decision, and the last names the Ending. Use
    :class:`piratelib.dice.ScriptedRolls` to replay the dice of a rulebook example, and
    `decisions` to replay its players' choices: a phase (such as ``"split:hunters"`` or
    ``"escape:blackbeard"``) mapped to words of the option to take there; other choices
    follow the policy.

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
    solver = _Solver(encounter, escape_policy)
    state = _start(encounter)
    steps = [Step("declare", _declared_text(encounter), RULES["dice"], state)]
    while state.ending is None:
        phase = state.phase
        if phase in _CHANCE:
            state, text, rule = _roll(encounter, state, rng)
        else:
            text, state = _scripted(encounter, state, (decisions or {}).get(phase), solver)
            rule = _choice_rule(phase, text)
        steps.append(Step(phase, text, rule, state))
    ending = f"The Encounter ends: {state.ending.value}."
    steps.append(Step("end", ending, _ending_rule(encounter, state, steps[-1].phase), state))
    return tuple(steps)


def _scripted(
    enc: Encounter, state: State, wanted: str | None, solver: _Solver
) -> tuple[str, State]:
    """The option whose label contains `wanted`, or the policy's choice when none is given."""
    if wanted is None:
        return solver.choose(state)
    options = _options(enc, state)
    for label, after in options:
        if wanted.lower() in label.lower():
            return label, after
    labels = "; ".join(label for label, _ in options)
    raise IllegalActionError(f"no option at {state.phase} matches {wanted!r}; options: {labels}")


def simulate(
    encounter: Encounter, n: int, rng: random.Random, *, escape_policy: str | Callable = "board"
) -> dict[Ending, Fraction]:
    """Resolve `encounter` `n` times with real dice; return how often each Ending came.

    Examples
    --------
    >>> jane = Encounter(hunters=frozenset({"jane"}), pirates=frozenset({"adventure"}))
    >>> freq = simulate(jane, 2000, random.Random(1))
    >>> abs(freq[Ending.HUNTERS_WIN] - odds(jane)[Ending.HUNTERS_WIN]) < 0.05
    True
    """
    check_whole("n", n, 1, 10_000_000)
    solver = _Solver(encounter, escape_policy)
    counts = dict.fromkeys(Ending, 0)
    for _ in range(n):
        state = _start(encounter)
        while state.ending is None:
            if state.phase in _CHANCE:
                state = _roll(encounter, state, rng, explain=False)[0]
            else:
                state = solver.choose(state)[1]
        counts[state.ending] += 1
    return {ending: Fraction(count, n) for ending, count in counts.items()}


# --- the procedure, phase by phase --------------------------------------------------------

_CHANCE = frozenset(
    {"arrest:roll", "fire:blackbeard", "fire:hunters", "escape:roll", "boarding:roll"}
)
_POLICIES = ("board", "escape", "best")


_ENDINGS = tuple(Ending)
_Value = tuple[int, tuple[int, ...]]
"""An exact distribution over Endings as (k, numerators): P(ending i) = numerators[i] / 6**k.
Every chance in an Encounter is a whole number of sixths to some power, so whole numbers
carry it exactly, and many times faster than Fractions (the calculator must feel instant)."""


@functools.cache
def _base6(p: Fraction) -> tuple[int, int]:
    """Write `p` as n / 6**k with the smallest k."""
    k = 0
    while (6**k) % p.denominator:
        k += 1
    return k, p.numerator * 6**k // p.denominator


class _Solver:
    """Exact values of states, memoised, and the choices the policy makes from them."""

    def __init__(self, enc: Encounter, policy: str | Callable) -> None:
        if not callable(policy) and policy not in _POLICIES:
            raise IllegalActionError(
                f"unknown escape_policy {policy!r}: use one of {', '.join(_POLICIES)} or a "
                "callable policy(winner, state) -> 'escape' | 'board'"
            )
        self.enc, self.policy = enc, policy
        self.memo: dict[State, _Value] = {}
        self.choices: dict[State, tuple[str, State]] = {}

    def value(self, state: State) -> _Value:
        """The exact chance of each Ending from `state` on, as numerators over 6**k."""
        if state not in self.memo:
            if state.ending is not None:
                result = (0, tuple(int(e is state.ending) for e in _ENDINGS))
            elif state.phase in _CHANCE:
                k, total = 0, [0] * len(_ENDINGS)
                for after, p in _chance_outcomes(self.enc, state):
                    kp, np_ = _base6(p)
                    kv, nv = self.value(after)
                    if kp + kv > k:
                        total = [t * 6 ** (kp + kv - k) for t in total]
                        k = kp + kv
                    scale = np_ * 6 ** (k - kp - kv)
                    total = [t + scale * n for t, n in zip(total, nv, strict=True)]
                result = (k, tuple(total))
            else:
                result = self.value(self.choose(state)[1])
            self.memo[state] = result
        return self.memo[state]

    def distribution(self, state: State) -> dict[Ending, Fraction]:
        """The exact distribution of Endings from `state` on, as Fractions."""
        k, numerators = self.value(state)
        return {e: Fraction(n, 6**k) for e, n in zip(_ENDINGS, numerators, strict=True)}

    def choose(self, state: State) -> tuple[str, State]:
        """The option the chooser takes at a choice phase, with its label (memoised)."""
        if state not in self.choices:
            self.choices[state] = self._choose(state)
        return self.choices[state]

    def _choose(self, state: State) -> tuple[str, State]:
        """Decide at a choice phase: the policy for Escape-or-Board, else the best option."""
        options = _options(self.enc, state)
        if state.phase == "escape:choice" and self.policy != "best":
            if callable(self.policy):
                return _ask(self.policy, state, options)
            return options[0] if self.policy == "board" else options[-1]
        if len(options) == 1:
            return options[0]
        chooser = _chooser(state)
        values = [self.value(after) for _, after in options]
        top = max(k for k, _ in values)
        scores = [_objective(chooser, [n * 6 ** (top - k) for n in ns]) for k, ns in values]
        return options[scores.index(max(scores))]


def _objective(chooser: str, chances: list[int]) -> tuple[int, ...]:
    """What a side maximises, compared in order, from chances over a common denominator."""
    p = dict(zip(_ENDINGS, chances, strict=True))
    if chooser == "blackbeard":
        return p[Ending.BLACKBEARD_WINS], p[Ending.BLACKBEARD_ESCAPES], -p[Ending.HUNTERS_WIN]
    return p[Ending.HUNTERS_WIN], p[Ending.ISRAEL_HANDS_ARRESTED], -p[Ending.BLACKBEARD_WINS]


def _chooser(state: State) -> str:
    """Who decides at a choice phase."""
    if state.phase == "escape:choice":
        return state.escape_winner
    return "blackbeard" if state.phase.endswith("blackbeard") else "hunters"


def _ask(policy: Callable, state: State, options: list[tuple[str, State]]) -> tuple[str, State]:
    """Ask a callable escape policy, and hold it to what the rules allow."""
    answer = policy(state.escape_winner, state)
    allowed = {"board": options[0], **({"escape": options[1]} if len(options) > 1 else {})}
    if answer not in allowed:
        why = "Hammer & Anvil" if state.hammer_and_anvil else "there is nowhere to Escape to"
        raise IllegalActionError(
            f"the escape policy answered {answer!r} for {state.escape_winner}; allowed: "
            f"{', '.join(allowed)}" + ("" if "escape" in allowed else f" ({why})")
        )
    return allowed[answer]


def _with(state: State, **changes: object) -> State:
    """`dataclasses.replace` for State, without its per-call introspection (a hot path)."""
    new = object.__new__(State)
    new.__dict__.update(state.__dict__, **changes)
    return new


def _end(ending: Ending) -> State:
    """The state an Encounter ends in: only the Ending matters then."""
    return State(phase="end", ending=ending)


def _boarding(enc: Encounter, state: State) -> State:
    """The state before Boarding, keeping only what Boarding uses."""
    return State(
        phase="boarding:hunters",
        lt_maynard=state.lt_maynard,
        midshipman_hyde=state.midshipman_hyde,
        crewed=state.crewed,
        adventure_crew=state.adventure_crew,
        escape_winner=state.escape_winner if "grenadoes" in enc.blackbeard_tiles else "",
    )


def _start(enc: Encounter) -> State:
    """The state before the first declaration: once-per-turn tiles still unused."""
    held = enc.blackbeard_tiles | enc.hunter_tiles
    fresh = {t: t in held and t not in enc.used_this_turn for t in ONCE_PER_TURN}
    return State(phase="arrest:blackbeard" if enc.arrest else "fire:blackbeard", **fresh)


def _options(enc: Encounter, state: State) -> list[tuple[str, State]]:
    """The choices open at a choice phase, in canonical order, each with the state after."""
    kind, who = state.phase.split(":")
    if who == "blackbeard" and kind in ("arrest", "escape"):
        after = _with(state, phase=f"{kind}:hunters", declared=frozenset())
        options = [("Blackbeard declares no once-per-turn tile", after)]
        if state.lookouts:
            declared = _with(after, lookouts=False, declared=frozenset({"lookouts"}))
            options.append(("Blackbeard declares Lookouts: +1 die", declared))
        return options
    if who == "hunters" and kind in ("arrest", "escape", "boarding"):
        return _hunter_declarations(enc, state, kind)
    if kind == "split":
        r, c, f = state.pending
        side = "Blackbeard makes" if who == "blackbeard" else "the Hunters make"
        return [
            (
                f"{side} {k} of the 3-4 Hits Rigging and {f - k} Crew",
                _typed(state, who, r + k, c + f - k),
            )
            for k in range(f, -1, -1)
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


def _hunter_declarations(enc: Encounter, state: State, kind: str) -> list[tuple[str, State]]:
    """Lt Maynard and Midshipman Hyde, now or later, within their limits on the total."""
    roll = _with(state, phase=f"{kind}:roll")
    base = _dice(enc, roll)[1]
    options = []
    for use in ((), ("lt_maynard",), ("midshipman_hyde",), ("lt_maynard", "midshipman_hyde")):
        total = base + len(use)
        if not all(getattr(state, t) for t in use):
            continue
        if ("lt_maynard" in use and total > 3) or ("midshipman_hyde" in use and total > 2):
            continue
        names = " and ".join(TILE_NAMES[t] for t in use)
        label = (
            f"the Hunters declare {names}: +{len(use)} dice"
            if use
            else "the Hunters declare no once-per-turn tile"
        )
        after = _with(roll, declared=state.declared | set(use), **dict.fromkeys(use, False))
        options.append((label, after))
    return options


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
    options = {}
    for rigged in itertools.combinations(sloops, min(rigging, len(sloops))):
        for crewed in itertools.combinations(sloops, min(crew, len(sloops))):
            label = "Blackbeard places " + (
                "; ".join(
                    f"a {kind} Hit on {' and '.join(_PIECE_NAMES[s] for s in on)}"
                    for kind, on in (("Rigging", rigged), ("Crew", crewed))
                    if on
                )
                or "no Hits"
            )
            wasted = rigging + crew - len(rigged) - len(crewed)
            label += f" ({wasted} wasted)" if wasted else ""
            after = _with(
                state,
                phase="fire:hunters",
                rigged=frozenset(rigged),
                crewed=frozenset(crewed),
                pending=(0, 0, 0),
            )
            options.setdefault(after, label)
    return [(label, after) for after, label in options.items()]


def _chance_outcomes(enc: Encounter, state: State) -> list[tuple[State, Fraction]]:
    """Each outcome of the roll at a chance phase with its exact probability."""
    if state.phase == "fire:blackbeard":
        counts = _fire_counts(_adventure_fire_dice(enc)[0], _adventure_flexible(enc))
    elif state.phase == "fire:hunters":
        counts = _volley(
            tuple((_hunter_fire_dice(enc, state, s)[0], _flexible(enc, s)) for s in enc.sloops)
        )
    else:
        a, b = _dice(enc, state)[:2]
        p = roll_odds(a, b, warned=enc.warned, most_dice_win=enc.most_dice_win)
        won = (
            (_after_roll(enc, state, "blackbeard"), p),
            (_after_roll(enc, state, "hunters"), 1 - p),
        )
        return [(after, q) for after, q in won if q]
    outcomes: dict[State, Fraction] = {}
    for hits, p in counts.items():
        after = _after_fire(enc, state, hits)
        outcomes[after] = outcomes.get(after, 0) + p
    return list(outcomes.items())


def _after_fire(enc: Encounter, state: State, hits: tuple[int, int, int]) -> State:
    """The state after a Fire roll of (6s, 5s, 3-4s that may Hit)."""
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


def _after_roll(enc: Encounter, state: State, winner: str) -> State:
    """The state after an opposed roll won by `winner`."""
    kind = state.phase.split(":")[0]
    if kind == "boarding":
        return _end(Ending.BLACKBEARD_WINS if winner == "blackbeard" else Ending.HUNTERS_WIN)
    if kind == "escape":  # after it, only what Boarding and the choice use still matters
        return State(
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


def _dice(enc: Encounter, state: State, explain: bool = False) -> tuple[int, int, str, str]:
    """Dice for an opposed roll: (Blackbeard's, the Hunters', and with `explain` why, why)."""
    kind = state.phase.split(":")[0]
    bb = [(_PIECE_NAMES[enc.pirate], 2)]
    if kind == "arrest":
        hunters = (
            [("Capt Gordon", 4)]
            if "capt_gordon" in enc.hunter_tiles
            else [(_PIECE_NAMES[p], 1) for p in sorted(enc.hunters)]
        )
    elif kind == "escape":
        bb.append(("Rigging Hits", -state.adventure_rigging))
        hunters = [(_PIECE_NAMES[s], 1 - (s in state.rigged)) for s in enc.sloops]
    else:
        bb.append(("Crew Hits", -state.adventure_crew))
        if "grenadoes" in enc.blackbeard_tiles and state.escape_winner == "blackbeard":
            bb.append(("Grenadoes", 1))
        hunters = [
            (_PIECE_NAMES[s], 1 - (s in state.crewed) + (f"extra_hands_{s}" in enc.hunter_tiles))
            for s in enc.sloops
        ]
    bb += [("Lookouts", 1)] if "lookouts" in state.declared else []
    hunters += [
        (TILE_NAMES[t], 1) for t in ("lt_maynard", "midshipman_hyde") if t in state.declared
    ]
    why = (_why(bb), _why(hunters)) if explain else ("", "")
    return sum(n for _, n in bb), sum(n for _, n in hunters), *why


def _adventure_fire_dice(enc: Encounter) -> tuple[int, str]:
    """Adventure's Fire dice: 2, +1 Swivel Guns, -1 Crew to Ordinary."""
    parts = [("Adventure", 2)]
    parts += [("Swivel Guns", 1)] if "swivel_guns" in enc.blackbeard_tiles else []
    parts += [("Crew to Ordinary", -1)] if enc.crew_to_ordinary else []
    return max(0, sum(n for _, n in parts)), _why(parts)


def _hunter_fire_dice(enc: Encounter, state: State, sloop: str) -> tuple[int, str]:
    """A Hunter Sloop's Fire dice: 1, +1 Cannon, -1 if Philip Morton's Fire Hit it."""
    parts = [(_PIECE_NAMES[sloop], 1)]
    parts += [("Cannon", 1)] if f"cannon_{sloop}" in enc.hunter_tiles else []
    if "philip_morton" in enc.blackbeard_tiles and sloop in state.rigged | state.crewed:
        parts.append(("Philip Morton's Hit", -1))
    return max(0, sum(n for _, n in parts)), _why(parts)


def _flexible(enc: Encounter, sloop: str) -> bool:
    """Whether this Hunter Sloop's 3-4 Hit: Cannon with Chain & Grape."""
    return f"cannon_{sloop}" in enc.hunter_tiles and "chain_and_grape" in enc.hunter_tiles


@functools.cache
def _fire_counts(n: int, flexible: bool) -> dict[tuple[int, int, int], Fraction]:
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
    return out


@functools.cache
def _volley(shooters: tuple[tuple[int, bool], ...]) -> dict[tuple[int, int, int], Fraction]:
    """Distribution of the total (6s, 5s, 3-4s that Hit) of Sloops Firing (dice, flexible)."""
    total = {(0, 0, 0): Fraction(1)}
    for n, flexible in shooters:
        out: dict[tuple[int, int, int], Fraction] = {}
        for x, p in total.items():
            for y, q in _fire_counts(n, flexible).items():
                key = (x[0] + y[0], x[1] + y[1], x[2] + y[2])
                out[key] = out.get(key, 0) + p * q
        total = out
    return total


def _roll(
    enc: Encounter, state: State, rng: random.Random, explain: bool = True
) -> tuple[State, str, str]:
    """Roll real dice at a chance phase; return the state after, what happened, the rule.

    Without `explain` (simulation), skip writing the text.
    """
    kind, who = state.phase.split(":")
    if kind == "fire":
        shooters = [("Adventure", _adventure_fire_dice(enc), _adventure_flexible(enc))]
        if who == "hunters":
            shooters = [
                (_PIECE_NAMES[s], _hunter_fire_dice(enc, state, s), _flexible(enc, s))
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
            return _after_fire(enc, state, (r, c, f)), "", ""
        text = (
            "; ".join(parts)
            + f" -> {r} Rigging, {c} Crew"
            + (f", {f} Hits of either type" if f else "")
            + "."
        )
        rule = RULES["fire"] + (
            f" {RULES['morton']}" if "philip_morton" in enc.blackbeard_tiles else ""
        )
        return _after_fire(enc, state, (r, c, f)), text, rule
    a, b, why_a, why_b = _dice(enc, state, explain)
    if not explain:
        if enc.most_dice_win and a != b:
            return _after_roll(enc, state, "blackbeard" if a > b else "hunters"), "", ""
        high_a, high_b = max(dice.roll(a, rng), default=0), max(dice.roll(b, rng), default=0)
        won = high_a > high_b or (high_a == high_b and enc.warned)
        return _after_roll(enc, state, "blackbeard" if won else "hunters"), "", ""
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
    return _after_roll(enc, state, winner), text, rule


def _adventure_flexible(enc: Encounter) -> bool:
    """Whether Adventure's 3-4 may Hit: Chain Shot or Grape."""
    return bool({"chain_shot", "grape"} & enc.blackbeard_tiles)


def _faces(faces: tuple[int, ...]) -> str:
    """Dice faces as text."""
    return ", ".join(map(str, faces)) or "no dice"


def _why(parts: list[tuple[str, int]]) -> str:
    """'Adventure 2, Lookouts +1' from (reason, dice) pairs, leaving out zeros after the first."""
    shown = [parts[0]] + [(name, n) for name, n in parts[1:] if n]
    return ", ".join(f"{name} {n:+d}" if i else f"{name} {n}" for i, (name, n) in enumerate(shown))


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
        f"{' and '.join(_PIECE_NAMES[p] for p in sorted(enc.hunters))} "
        f"{'meet' if len(enc.hunters) > 1 else 'meets'} "
        f"{_PIECE_NAMES[enc.pirate]}: the Encounter begins with {first}. Blackbeard's tiles: "
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


def _check_ids(what: str, ids: frozenset, known: frozenset) -> None:
    """Raise for an id that is not one of `known`, suggesting the closest."""
    for item in sorted(ids, key=str):
        if item not in known:
            hint = did_you_mean(item, sorted(known))
            known_ids = ", ".join(sorted(known))
            raise IllegalActionError(f"unknown {what} {item!r}: {hint}known: {known_ids}")
