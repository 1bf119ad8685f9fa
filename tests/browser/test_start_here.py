"""The start notebook in a real browser: move a slider, see the exact answer change."""

from __future__ import annotations

from piratelib.dice import highest_die_contest


def test_slider_changes_the_exact_probability(browser, voila_start_here):
    page = browser.new_page()
    try:
        # Voila runs the whole notebook before the page is complete.
        page.goto(voila_start_here, timeout=120_000)
        result = page.locator(".piratelib-result")
        result.wait_for(timeout=120_000)
        assert "3667/7776" in result.inner_text()

        # The second slider is the Hunters' dice; one arrow key moves it from 2 to 3.
        handle = page.locator(".widget-slider .noUi-handle").nth(1)
        handle.focus()
        handle.press("ArrowRight")

        expected = highest_die_contest(3, 3, a_wins_ties=False)
        page.wait_for_function(
            "text => document.querySelector('.piratelib-result').innerText.includes(text)",
            arg=f"{expected.numerator}/{expected.denominator}",
            timeout=30_000,
        )
        assert page.locator(".widget-readout").nth(1).inner_text() == "3"
    finally:
        page.close()
