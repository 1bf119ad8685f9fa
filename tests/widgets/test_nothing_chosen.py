"""Every app of the site keeps going when a dropdown or toggle holds nothing (None): it says
which choice is missing, never raises to the caller, and works again once one is picked.

Before, 14 such controls in 8 apps raised a KeyError or a piratelib error to the caller
(the hunt app, given no side, even asked the Hunters' bot to play Blackbeard's view).
"""

from __future__ import annotations

import html
import re
import tomllib
from collections.abc import Iterator
from pathlib import Path

import ipywidgets as widgets
import pytest

ROOT = Path(__file__).resolve().parents[2]
APPS = tomllib.loads((ROOT / "lite" / "apps.toml").read_text(encoding="utf-8"))["app"]
SELECTIONS = (widgets.Dropdown, widgets.ToggleButtons, widgets.RadioButtons, widgets.Select)

# (app, control's description): the controls without which the app has nothing to answer
MUST_SAY = {
    ("encounter_calculator", "When Blackbeard wins the Escape roll"),
    ("encounter_calculator", "When the Hunters win it"),
    ("variant_lab", "Question"),
    ("blackbeard_hunt", "You play"),
    ("blackbeard_hunt", "Bot"),
    ("blackbeard_whole_turn", "Seen by"),
    ("blackbeard_informants", "Informant"),
    ("blackflag_sinking", "Scenario"),
    ("dreadpirate_movement", "Your ship at"),
    ("dreadpirate_movement", "Diagonal rule"),
    ("dreadpirate_movement", "Compare with"),
    ("dreadpirate_movement", "Target"),
}


def build(app: dict[str, str]) -> widgets.Widget:
    """The app its page shows, from lite/apps.toml's code."""
    *body, last = app["code"].splitlines()
    namespace: dict[str, object] = {}
    exec("\n".join(body), namespace)
    return eval(last, namespace)


def parts(widget: widgets.Widget, seen: set[int] | None = None) -> Iterator[widgets.Widget]:
    """`widget` and every widget inside it (children and attributes), once each."""
    seen = set() if seen is None else seen
    if id(widget) in seen:
        return
    seen.add(id(widget))
    yield widget
    inside = [*getattr(widget, "children", ()), *vars(widget).values()]
    for part in inside:
        if isinstance(part, widgets.Widget):
            yield from parts(part, seen)


def shown_text(app: widgets.Widget) -> str:
    """Every HTML the app shows, as text."""
    found = [w.value for w in parts(app) if isinstance(w, widgets.HTML)]
    return html.unescape(re.sub("<[^>]+>", " ", " ".join(found)))


def selections(app: dict[str, str]) -> list[tuple[str, str, int]]:
    """(app name, description, index among the app's selection controls) of each control."""
    built = [w for w in parts(build(app)) if isinstance(w, SELECTIONS)]
    return [(app["name"], w.description, k) for k, w in enumerate(built)]


CASES = [case for app in APPS for case in selections(app)]


@pytest.mark.parametrize("case", CASES, ids=[f"{a}-{d or k}" for a, d, k in CASES])
def test_a_control_set_to_nothing_is_refused_in_words_and_the_app_goes_on(case):
    name, description, k = case
    app = build(next(a for a in APPS if a["name"] == name))
    control = [w for w in parts(app) if isinstance(w, SELECTIONS)][k]
    before = control.value
    control.value = None  # raised KeyError or a piratelib error to the caller before
    if (name, description) in MUST_SAY:
        assert "nothing is chosen for" in shown_text(app)
        assert "Traceback" not in shown_text(app)
    control.value = before
    assert "nothing is chosen for" not in shown_text(app)


def test_every_control_that_must_say_so_is_found():
    assert {(a, d) for a, d, _ in CASES} >= MUST_SAY
