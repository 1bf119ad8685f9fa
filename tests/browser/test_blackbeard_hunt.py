"""The hunt app in a real browser: press Done, and the Hunters' possible spaces change."""

from __future__ import annotations

import html
import re

import pytest

from piratelib.widgets.blackbeard_hunt import HuntApp


def belief_sentence(value: str) -> str:
    """The first sentence of the belief box, as the browser shows it."""
    text = html.unescape(re.sub(r"<[^>]+>", "", value))
    return text.split(";")[0]


@pytest.mark.parametrize("voila", ["blackbeard_7_playing_the_hunt.ipynb"], indirect=True)
def test_done_lets_blackbeard_sail_and_the_possible_spaces_change(open_app, voila):
    twin = HuntApp(seed=1)  # the notebook's app, played headlessly alongside
    before = belief_sentence(twin.belief.value)
    twin.done.click()
    after = belief_sentence(twin.belief.value)
    assert before == "Adventure can be in 10 spaces" and after != before

    app = open_app(voila, ".piratelib-hunt-belief")
    assert app.text(".piratelib-hunt-belief").startswith(before)
    hunters_map = app.page.locator(".widget-html svg.piratelib-map-hunters")  # the app's Map
    assert hunters_map.count() == 1
    alt = hunters_map.get_attribute("aria-label")
    assert "Adventure can be in 10 spaces" in alt and "segment B" in alt
    assert "Your move" in app.text(".piratelib-hunt-status")

    app.page.get_by_role("button", name="Done", exact=True).click()
    app.wait_for_text(".piratelib-hunt-belief", after)
    assert "segment D" in app.text(".piratelib-hunt-status")
    app.page.wait_for_function(  # the Map is a widget of its own: it may arrive a moment later
        "([selector, text]) => document.querySelector(selector)"
        ".getAttribute('aria-label').includes(text)",
        arg=[".widget-html svg.piratelib-map-hunters", after],
        timeout=60_000,
    )
    alt = hunters_map.get_attribute("aria-label")
    assert after in alt and "segment D" in alt
    assert "The smart Blackbeard bot" in app.text(".piratelib-hunt-log")
