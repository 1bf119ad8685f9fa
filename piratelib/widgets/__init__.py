"""Interactive ipywidgets apps for the notebooks; they display rules, never implement them.

Each app is an ipywidgets container built from piratelib's pure functions. Its callbacks
write results into widget traits (``HTML.value``, ``Image.value``), so an app can be
driven and checked in plain pytest as well as in a browser. When the rules refuse what a
learner asked for, the app shows the message (:func:`refusal`) instead of a traceback.
"""

from __future__ import annotations

import html

from piratelib.errors import PiratelibError
from piratelib.steps import Step
from piratelib.widgets._args import check_step
from piratelib.words import say

__all__ = ["refusal", "step_html"]


def refusal(error: PiratelibError) -> str:
    """Return HTML showing a rule's refusal to the learner, with names for the ids in it.

    The library's message names ids, which a programmer needs; the learner reads names
    (:func:`piratelib.words.say`).

    Examples
    --------
    >>> shown = refusal(PiratelibError("capt_gordon needs <b>brand</b>"))
    >>> shown.startswith("<p class='piratelib-error' style='color:#a00'>Not allowed: ")
    True
    >>> shown.split("Not allowed: ")[1]
    'Capt Gordon needs &lt;b&gt;Capt Brand&lt;/b&gt;</p>'
    """
    words = html.escape(say(str(error)))
    return f"<p class='piratelib-error' style='color:#a00'>Not allowed: {words}</p>"


def step_html(step: Step, k: int, n: int, css: str) -> str:
    """Return HTML for step `k` of `n` (counted from 1): its phase, text and rule.

    Examples
    --------
    >>> shown = step_html(Step("Draw", "Ann draws 2.", "Draw 2 cards.", None), 1, 3, "x")
    >>> shown.startswith("<div class='x' style='line-height:1.4'><p><b>Step 1 of 3</b>: Draw:")
    True
    >>> shown.endswith("Ann draws 2.</p><p><i>Draw 2 cards.</i></p></div>")
    True
    """
    check_step("step", step)
    return (
        f"<div class='{css}' style='line-height:1.4'><p><b>Step {k} of {n}</b>: "
        f"{html.escape(step.phase, quote=False)}: {html.escape(step.text, quote=False)}</p>"
        f"<p><i>{html.escape(step.rule, quote=False)}</i></p></div>"
    )
