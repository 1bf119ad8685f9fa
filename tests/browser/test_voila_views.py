"""Every notebook as Voila shows it: the app and the lesson, no code, no test plumbing.

Voila hides the code, and (binder/voila.json) the cells tagged ``test`` or ``api``. The
page, once every cell has run, must show no trace of the notebook's checks (nbval
markers, "tests pass", asserts, tracebacks), and every picture must have alt text.
"""

from __future__ import annotations

from pathlib import Path

import pytest

NOTEBOOKS = sorted(p.name for p in (Path(__file__).parents[2] / "notebooks").glob("*.ipynb"))
APPS = {"encounter_calculator.ipynb": ".piratelib-calculator"}
"""App pages end with their app; every lesson ends with its Previous and Next links."""
PLUMBING = ("NBVAL", "nbval", "tests pass", "assert ", "Traceback")


@pytest.mark.parametrize("voila", NOTEBOOKS, indirect=True)
def test_the_voila_view_shows_no_code_and_no_plumbing(open_app, voila, request):
    notebook = request.node.callspec.params["voila"]
    app = open_app(voila, APPS.get(notebook, "a:text-matches('^(Previous|Next)') >> nth=0"))
    app.page.wait_for_load_state("networkidle", timeout=180_000)
    shown = app.page.locator("body").inner_text()
    for trace in PLUMBING:
        assert trace not in shown, f"the Voila view shows {trace!r}"
    assert app.page.locator(".jp-CodeCell .jp-InputArea, .jp-CodeMirrorEditor").count() == 0
    images = app.page.locator("img")
    for k in range(images.count()):
        assert (images.nth(k).get_attribute("alt") or "").strip(), "a picture without alt text"
