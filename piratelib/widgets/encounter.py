"""Hunt for Blackbeard's Encounters step by step, and their odds in words.

:class:`StepThroughApp` shows a resolution from :func:`piratelib.blackbeard.encounter.resolve`
one step at a time: it only indexes into that history. :func:`odds_in_words` says how an
Encounter ends in a sentence. The what-if calculator is
:class:`piratelib.widgets.encounter_calculator.EncounterCalculator`.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from fractions import Fraction

import ipywidgets as widgets

from piratelib.blackbeard import encounter as enc
from piratelib.errors import PiratelibError, check_id
from piratelib.widgets import App
from piratelib.widgets._args import check_kind, check_odds, check_steps
from piratelib.words import chance, listing, say

__all__ = ["StepThroughApp", "odds_in_words"]

_STYLE = {"description_width": "initial"}
_PHASES = {
    "declare": "tiles declared",
    "arrest": "Arrest",
    "fire": "Fire",
    "volley": "Fire",
    "split": "Fire",
    "assign": "Fire",
    "escape": "Escape",
    "boarding": "Boarding",
    "end": "the end",
}
"""Each step's part of the Encounter, by the first word of its phase."""


def odds_in_words(odds: dict[enc.Ending, Fraction]) -> str:
    """How an Encounter ends, in a sentence: each possible Ending, likeliest first, with
    its chance (percentage first, then the exact fraction).

    Examples
    --------
    >>> jane = enc.Encounter(hunters=frozenset({"jane"}), pirates=frozenset({"adventure"}))
    >>> print(odds_in_words(enc.odds(jane)))  # doctest: +NORMALIZE_WHITESPACE
    Blackbeard wins the game 68.9% (exactly 32,131 in 46,656, about 7 in 10); the Hunters
    win the game 31.1% (exactly 14,525 in 46,656, about 1 in 3).
    """
    check_odds("odds", odds)
    ranked = sorted((p, e.value) for e, p in odds.items() if p)[::-1]
    said = "; ".join(f"{ending} {chance(p)}" for p, ending in ranked)
    return said[:1].upper() + said[1:] + "."


class StepThroughApp(App):
    """A slider over the steps of one resolution, showing each step, its rule and state.

    Examples
    --------
    >>> from piratelib.dice import ScriptedRolls
    >>> brand = enc.Encounter(hunters=frozenset({"brand"}), pirates=frozenset({"adventure"}))
    >>> app = StepThroughApp(enc.resolve(brand, ScriptedRolls([6, 2, 5])))
    >>> app.step.value, app.step.max
    (1, 5)
    >>> app.step.value = app.step.max
    >>> "Step 5 of 5" in app.shown.value and "the pirates Escape" in app.shown.value
    True
    """

    def __init__(self, steps: Sequence[enc.Step]) -> None:
        check_steps("steps", steps)
        if not steps:
            raise PiratelibError("steps must hold at least one step of an Encounter, got none")
        for k, step in enumerate(steps):
            check_kind(f"steps[{k}].state", step.state, enc.State)
            check_id("Encounter phase", step.phase.partition(":")[0], _PHASES)
        self.steps = tuple(steps)
        self.step = widgets.IntSlider(
            value=1,
            min=1,
            max=len(self.steps),
            description="Step",
            style=_STYLE,
            layout=widgets.Layout(width="420px"),
        )
        self.shown = widgets.HTML()
        super().__init__([self.step, self.shown])
        self.step.observe(self._show, names="value")
        self._show()

    def _show(self, change: object = None) -> None:
        """Show the chosen step: what happened, the rule it applied, where things stand."""
        step = self.steps[self.step.value - 1]
        state = step.state
        hits = (
            f"Hits on Adventure: {state.adventure_rigging} Rigging, {state.adventure_crew} "
            f"Crew; Rigging Hits on {listing(sorted(state.rigged)) or 'no Hunter Sloop'}; "
            f"Crew Hits on {listing(sorted(state.crewed)) or 'no Hunter Sloop'}"
        )
        self.shown.value = (
            f"<div class='piratelib-step'><p><b>Step {self.step.value} of "
            f"{len(self.steps)}</b> ({_PHASES[step.phase.partition(':')[0]]}): "
            f"{html.escape(say(step.text))}</p>"
            f"<p><i>Rule:</i> {html.escape(step.rule) or '—'}</p>"
            f"<p style='color:#595959'>{hits}.</p></div>"
        )
