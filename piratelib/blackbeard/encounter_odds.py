"""Exact odds of an Encounter: the game tree solved with whole numbers, and its policies.

:func:`odds` walks the whole tree of :mod:`piratelib.blackbeard.encounter_rules` with
exact arithmetic; :class:`Solver` also makes the choices that the step-through and the
simulation follow.

Choices follow a stated policy. Every choice but "Escape or Board" is made by the choosing
side to maximise its own objective, compared in order: Blackbeard wants (P(Blackbeard
wins), P(Blackbeard Escapes), -P(Hunters win)); the Hunters want (P(Hunters win),
P(Israel Hands arrested), -P(Blackbeard wins)). Exact ties go to the first option (not
using a once-per-turn tile before using it; more Rigging Hits first; Jane before Ranger).
"Escape or Board" follows `escape_policy`: ``"board"`` (always Board), ``"escape"``
(Escape whenever allowed), ``"best"`` (as every other choice; Board first on a tie) or a
callable ``policy(winner, state) -> "escape" | "board"``.

Examples
--------
>>> jane = Encounter(hunters=frozenset({"jane"}), pirates=frozenset({"adventure"}))
>>> sum(odds(jane, escape_policy="best").values())
Fraction(1, 1)
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from fractions import Fraction

from piratelib.blackbeard.encounter_record import Encounter, Ending, State
from piratelib.blackbeard.encounter_rules import (
    CHANCE_PHASES,
    chance_outcomes,
    chooser,
    options,
    start,
)
from piratelib.errors import IllegalActionError

__all__ = ["POLICIES", "Solver", "odds"]


POLICIES = ("board", "escape", "best")


_ENDINGS = tuple(Ending)


_Value = tuple[int, tuple[int, ...]]
"""An exact distribution over Endings as (k, numerators): P(ending i) = numerators[i] / 6**k.
Every chance in an Encounter is a whole number of sixths to some power, so whole numbers
carry it exactly, and many times faster than Fractions (the calculator must feel instant)."""


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
    return Solver(encounter, escape_policy).distribution(start(encounter))


class Solver:
    """Exact values of states, memoised, and the choices the policy makes from them."""

    def __init__(self, enc: Encounter, policy: str | Callable) -> None:
        if not callable(policy) and policy not in POLICIES:
            raise IllegalActionError(
                f"unknown escape_policy {policy!r}: use one of {', '.join(POLICIES)} or a "
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
            elif state.phase in CHANCE_PHASES:
                k, total = 0, [0] * len(_ENDINGS)
                for after, p in chance_outcomes(self.enc, state):
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
        open_options = options(self.enc, state)
        if state.phase == "escape:choice" and self.policy != "best":
            if callable(self.policy):
                return _ask(self.policy, state, open_options)
            return open_options[0] if self.policy == "board" else open_options[-1]
        if len(open_options) == 1:
            return open_options[0]
        side = chooser(state)
        values = [self.value(after) for _, after in open_options]
        top = max(k for k, _ in values)
        scores = [_objective(side, [n * 6 ** (top - k) for n in ns]) for k, ns in values]
        return open_options[scores.index(max(scores))]


@functools.cache
def _base6(p: Fraction) -> tuple[int, int]:
    """Write `p` as n / 6**k with the smallest k."""
    k = 0
    while (6**k) % p.denominator:
        k += 1
    return k, p.numerator * 6**k // p.denominator


def _objective(chooser: str, chances: list[int]) -> tuple[int, ...]:
    """What a side maximises, compared in order, from chances over a common denominator."""
    p = dict(zip(_ENDINGS, chances, strict=True))
    if chooser == "blackbeard":
        return p[Ending.BLACKBEARD_WINS], p[Ending.BLACKBEARD_ESCAPES], -p[Ending.HUNTERS_WIN]
    return p[Ending.HUNTERS_WIN], p[Ending.ISRAEL_HANDS_ARRESTED], -p[Ending.BLACKBEARD_WINS]


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
