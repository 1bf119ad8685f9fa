"""The Hunt for Blackbeard Map notebook in a real browser: fewer pawns, fewer spaces."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="module")
def voila_map(serve_notebook):
    with serve_notebook("notebooks/blackbeard_1_map_and_movement.ipynb") as url:
        yield url


def test_pawns_slider_changes_the_highlighted_spaces(browser, voila_map):
    page = browser.new_page()
    try:
        page.goto(voila_map, timeout=180_000)
        reachable = page.locator(".piratelib-reachable")
        reachable.wait_for(timeout=180_000)
        # Jane and Ranger at James River with 2 pawns: James River, Cape Henry, 6 Oceans.
        assert "reaches 8 spaces" in reachable.inner_text()
        handle = page.locator(".widget-slider .noUi-handle").first
        handle.focus()
        handle.press("ArrowLeft")
        page.wait_for_function(
            "() => document.querySelector('.piratelib-reachable').innerText"
            ".includes('reaches 2 spaces')",
            timeout=60_000,
        )
        assert "cape_henry, james_river" in reachable.inner_text()
    finally:
        page.close()
