"""The variant lab's app page in a real browser: ask Black Flag!'s table question with 2
games of each table size, press Play, and read the verdict for 8 players."""

from __future__ import annotations

import pytest

from piratelib.lab import QUESTIONS


@pytest.mark.parametrize("voila", ["variant_lab.ipynb"], indirect=True)
def test_black_flag_table_sizes_answered_with_intervals(open_app, voila):
    app = open_app(voila, ".piratelib-lab-play")
    question = app.page.locator(".piratelib-lab-question select")
    question.select_option(label=QUESTIONS["table"].title)
    games = app.page.locator(".piratelib-lab-games input")
    app.page.wait_for_function(  # a new question resets the games to its own default
        "n => document.querySelector('.piratelib-lab-games input')?.value === n",
        arg=str(QUESTIONS["table"].games),
        timeout=60_000,
    )
    games.fill("2")
    games.press("Enter")
    app.page.locator(".piratelib-lab-play").click()
    app.wait_for_text(".piratelib-lab-answer", "8 players")
    shown = app.text(".piratelib-lab-answer")
    assert "95% interval" in shown
    assert "8 players: Great Brittonia won" in shown and "of 2 games" in shown
    alt = app.page.locator(".piratelib-lab-answer [role=img]").get_attribute("aria-label")
    assert alt.startswith(QUESTIONS["table"].title)
