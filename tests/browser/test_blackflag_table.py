"""Black Flag!'s table app in a real browser: Andrew's Sails put him 2 away from Barbara."""

from __future__ import annotations

import pytest

from piratelib.blackflag.table import distance, targets_in_range

SEATS = ["Andrew", "Barbara", "Cody", "Daniel", "Emma", "Frank"]


def cell(looks: str, seen: str) -> str:
    """The matrix cell where `looks` sees `seen`."""
    return f".piratelib-bf-matrix td[data-looks='{looks}'][data-seen='{seen}']"


@pytest.mark.parametrize("voila", ["blackflag_1_distance_and_range.ipynb"], indirect=True)
def test_andrews_sails_change_barbaras_distance_to_him(open_app, voila):
    app = open_app(voila, ".piratelib-bf-matrix")
    assert app.text(cell("Barbara", "Andrew")) == str(distance(SEATS, SEATS, "Barbara", "Andrew"))
    assert "Andrew, Range 1, can hit: Barbara (1), Frank (1)" in app.text(".piratelib-bf-targets")
    # the options grid: one column per player; Andrew's Sails box
    app.page.locator(".piratelib-bf-sails-Andrew input").click()
    # "Andrew has a Sails card in play. Now Barbara must have a Range value of at least 2
    # in order to hit him."
    expected = distance(SEATS, SEATS, "Barbara", "Andrew", sails=["Andrew"])
    assert expected == 2
    app.page.wait_for_function(
        "([selector, text]) => document.querySelector(selector)?.innerText.trim() === text",
        arg=[cell("Barbara", "Andrew"), str(expected)],
        timeout=60_000,
    )
    assert app.text(cell("Andrew", "Barbara")) == "1"  # "Andrew ... is not affected"
    assert "Sails (Andrew)" in app.text(".piratelib-bf-matrix")
    app.wait_for_text(".piratelib-bf-targets", "Barbara, Range 1, can hit: Cody (1)")
    # the picture (an SVG) says what it draws now in its accessible name, and draws the tag
    app.page.wait_for_function(
        "text => document.querySelector('.piratelib-bf-picture svg')"
        "?.getAttribute('aria-label').includes(text)",
        arg="Sails in play: Andrew.",
        timeout=60_000,
    )
    picture = app.page.locator("svg.piratelib-bf-table-svg")
    assert picture.get_attribute("role") == "img"
    assert picture.locator("[data-gid='tag:Andrew:Sails']").text_content().strip() == "Sails"
    # an arrow for each pair in range: Barbara and Frank no longer reach Andrew
    hits = [targets_in_range(SEATS, SEATS, a, ship_range=1, sails=["Andrew"]) for a in SEATS]
    assert picture.locator("[data-gid^='arrow:']").count() == sum(map(len, hits)) == 10
    box = picture.bounding_box()
    assert box["width"] == pytest.approx(540, abs=1)  # drawn at its size, one unit a pixel
