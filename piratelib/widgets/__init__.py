"""Interactive ipywidgets apps for the notebooks; they display rules, never implement them.

Each app is an ipywidgets container (an :class:`App`) built from piratelib's pure
functions. Its callbacks write results into widget traits (``HTML.value``,
``Image.value``), so an app can be driven and checked in plain pytest as well as in a
browser. When the rules refuse what a learner asked for, the app shows the message
(:func:`refusal`) instead of a traceback.
Where widgets cannot run (GitHub, nbviewer, a notebook opened before it runs), an app's
stored output is its first view as static HTML (:func:`snapshot_html`).
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from piratelib.draw.svg import as_img
from piratelib.errors import PiratelibError
from piratelib.steps import Step
from piratelib.widgets._args import check_step, check_text
from piratelib.words import say

__all__ = ["App", "chosen", "refusal", "snapshot_html", "step_html"]


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


def chosen(control: Any, what: str = "") -> Any:
    """The value picked in a dropdown or toggle `control`; a refusal if nothing is picked.

    A selection widget's value may be None (set so by code, or by options that changed
    under it); an app asks through this function, so a learner reads which choice is
    missing and the choices there are, and the app keeps its last answer.

    Examples
    --------
    >>> pick = widgets.Dropdown(options=[("Jane", "jane"), ("Ranger", "ranger")], value=None)
    >>> chosen(pick, "a Sloop")
    Traceback (most recent call last):
      ...
    piratelib.errors.PiratelibError: nothing is chosen for a Sloop: choose one of Jane, Ranger
    >>> pick.value = "ranger"
    >>> chosen(pick)
    'ranger'
    """
    if not (isinstance(control, widgets.ValueWidget) and hasattr(control, "options")):
        raise PiratelibError(f"chosen needs a dropdown or toggle, got {control!r:.60}")
    check_text("what", what)
    if control.value is not None:
        return control.value
    what = what or control.description or "this choice"
    labels = ", ".join(str(o[0] if isinstance(o, tuple) else o) for o in control.options)
    raise PiratelibError(f"nothing is chosen for {what}: choose one of {labels}")


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


class App(widgets.VBox):
    """An app: a VBox whose display also carries a static HTML first view.

    Where widgets run (JupyterLab with a kernel, Voila) the live app shows; where they
    cannot (GitHub, nbviewer, a notebook opened before it runs), the stored output's
    HTML, made by :func:`snapshot_html`, shows the app as it opened.
    """

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        bundle: dict[str, Any] = super()._repr_mimebundle_(**kwargs)
        bundle["text/html"] = snapshot_html(self)
        bundle["text/plain"] = "An app: run the notebook to use it."
        return bundle


def snapshot_html(app: Any) -> str:
    """Return static HTML of a widget tree as it looks now: its first view, for readers
    of a notebook whose widgets cannot run (GitHub, nbviewer).

    Text and pictures show as they are; controls show their label and current value,
    disabled. Hidden widgets (``layout.display == "none"``) are left out.

    Examples
    --------
    >>> box = widgets.VBox([widgets.HTML("<b>Hi</b>"), widgets.IntSlider(3, description="Dice")])
    >>> shown = snapshot_html(box)
    >>> shown.startswith("<div class='piratelib-snapshot'")
    True
    >>> "<div><b>Hi</b></div><div>Dice: <b>3</b></div>" in shown
    True
    """
    return (
        "<div class='piratelib-snapshot' style='border:1px solid #767676;padding:8px'>"
        "<p style='margin:0 0 6px;color:#595959;font-size:13px'><i>The app as it opens; run "
        "the notebook to use it.</i></p>" + _snapshot(app) + "</div>"
    )


def _snapshot(widget: Any) -> str:
    """One widget as static HTML (see :func:`snapshot_html`)."""
    layout = getattr(widget, "layout", None)
    if layout is not None and (layout.display == "none" or layout.visibility == "hidden"):
        return ""
    if isinstance(widget, widgets.Box):
        row = isinstance(widget, widgets.HBox)
        inner = "".join(_snapshot(child) for child in widget.children)
        direction = "row;flex-wrap:wrap" if row else "column"
        return f"<div style='display:flex;flex-direction:{direction};gap:4px'>{inner}</div>"
    label = html.escape(getattr(widget, "description", "") or "", quote=False)
    prefix = f"{label}: " if label else ""
    if isinstance(widget, widgets.HTML | widgets.HTMLMath):
        return f"<div>{prefix}{as_img(widget.value)}</div>"
    if isinstance(widget, widgets.Label):
        return f"<div>{html.escape(str(widget.value), quote=False)}</div>"
    if isinstance(widget, widgets.Button):
        return f"<div><button disabled>{html.escape(widget.description)}</button></div>"
    if isinstance(widget, widgets.Text | widgets.Textarea):  # a field to copy from, as shown
        value = html.escape(str(widget.value))
        return f"<div>{prefix}<input type='text' readonly value='{value}' size='60'></div>"
    if isinstance(widget, widgets.Checkbox | widgets.ToggleButton):
        box = "☑" if widget.value else "☐"
        return f"<div>{box} {label}</div>"
    if hasattr(widget, "label") and hasattr(widget, "options"):  # Dropdown, Select, ...
        chosen = html.escape(str(widget.label), quote=False)
        return f"<div>{prefix}<b>{chosen}</b></div>"
    if hasattr(widget, "value") and not isinstance(widget.value, bytes):
        value = widget.value
        shown = " to ".join(map(str, value)) if isinstance(value, tuple) else str(value)
        return f"<div>{prefix}<b>{html.escape(shown, quote=False)}</b></div>"
    return ""
