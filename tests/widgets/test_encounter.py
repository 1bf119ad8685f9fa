"""Headless tests of the Encounter apps: tick tiles, read the exact odds shown."""

from __future__ import annotations

from fractions import Fraction

from piratelib.blackbeard.encounter import Encounter, Ending, odds, resolve
from piratelib.dice import ScriptedRolls
from piratelib.widgets.encounter import EncounterCalculator, StepThroughApp
from piratelib.words import percent


def test_calculator_opens_on_jane_against_adventure():
    app = EncounterCalculator()
    jane = Encounter(hunters=frozenset({"jane"}), pirates=frozenset({"adventure"}))
    assert app.odds == odds(jane)
    assert "<b>31.1%</b> (exactly 14,525 in 46,656, about 1 in 3)" in app.result.value


def test_ticking_a_tile_changes_the_odds_to_the_exact_values():
    app = EncounterCalculator()
    app.tiles["swivel_guns"].value = True
    expected = odds(
        Encounter(
            hunters=frozenset({"jane"}),
            pirates=frozenset({"adventure"}),
            blackbeard_tiles=frozenset({"swivel_guns"}),
        )
    )
    assert app.odds == expected
    p = expected[Ending.BLACKBEARD_WINS]
    assert f"<b>{percent(p)}</b> (exactly {p.numerator:,} in {p.denominator:,}" in app.result.value


def test_swap_one_tile_side_by_side():
    app = EncounterCalculator()
    app.swap.value = "cannon_jane"
    assert "with Cannon (Jane)" in app.result.value
    app.tiles["cannon_jane"].value = True
    assert "without Cannon (Jane)" in app.result.value
    before = app.chart.value
    app.policy.value = "escape"
    assert app.chart.value != before


def test_refusals_are_shown_not_raised():
    app = EncounterCalculator()
    app.tiles["capt_gordon"].value = True
    assert (
        "piratelib-error" in app.result.value and "Capt Gordon needs Capt Brand" in app.result.value
    )
    assert "capt_gordon" not in app.result.value
    assert app.odds == {}
    app.hunters["brand"].value = True
    assert app.odds[Ending.HUNTERS_WIN] > Fraction(1, 2)


def test_step_through_indexes_the_resolution():
    brand = Encounter(hunters=frozenset({"brand"}), pirates=frozenset({"adventure"}))
    steps = resolve(brand, ScriptedRolls([6, 2, 5]))
    app = StepThroughApp(steps)
    assert (app.step.min, app.step.max) == (1, len(steps))  # counted from 1, as players count
    assert f"Step 1 of {len(steps)}" in app.shown.value and "begins with Arrest" in app.shown.value
    app.step.value = 4
    assert "6, 2 against 5" in app.shown.value and "Roll Dice" in app.shown.value
    app.step.value = app.step.max
    assert "the pirates Escape" in app.shown.value


def test_step_through_says_names_not_ids():
    jane = Encounter(
        hunters=frozenset({"jane"}),
        pirates=frozenset({"adventure"}),
        hunter_tiles=frozenset({"cannon_jane"}),
    )
    app = StepThroughApp(resolve(jane, ScriptedRolls([6, 6, 6, 6, 6, 6, 6, 6, 6, 6])))
    for k in range(1, app.step.max + 1):
        app.step.value = k
        assert "cannon_jane" not in app.shown.value and " jane" not in app.shown.value


def test_calculator_explains_its_options_where_they_are_ticked():
    app = EncounterCalculator()
    shown = " ".join(str(getattr(child, "value", "")) for child in app.children)
    for option in ("Warned", "Most dice win", "Crew to Ordinary", "Adventure can Escape"):
        assert f"<b>{option}</b>:" in shown
    assert "Blackbeard wins tied rolls" in shown and "every way out is blocked" in shown


def test_the_odds_chart_has_alt_text_with_the_percentages():
    app = EncounterCalculator()
    assert "<img" in app.chart.value
    assert "alt='Bar chart, How the Encounter ends (exact)." in app.chart.value
    assert "Blackbeard wins, 68.9%" in app.chart.value


def test_odds_in_words_says_every_ending_likeliest_first():
    from piratelib.widgets.encounter import odds_in_words

    brand = Encounter(hunters=frozenset({"brand"}), pirates=frozenset({"adventure"}))
    said = odds_in_words(odds(brand))
    assert said.startswith("The pirates Escape 57.9% (exactly ")
    assert "; the Hunters win the game 42.1%" in said and "Ending" not in said
