"""Black Flag!'s table app in a real browser: Andrew's Sails put him 2 away from Barbara."""

from __future__ import annotations

import pytest

from piratelib.blackflag.table import distance

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
    # the picture's alt text says what it draws now
    app.page.wait_for_function(
        "text => document.querySelector('.piratelib-bf-picture img')?.alt.includes(text)",
        arg="Sails in play: Andrew.",
        timeout=60_000,
    )
