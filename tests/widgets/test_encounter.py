"""Headless tests of an Encounter stepped through, and its odds said in words (the
calculator: test_encounter_calculator.py)."""

from __future__ import annotations

from piratelib.blackbeard.encounter import Encounter, odds, resolve
from piratelib.dice import ScriptedRolls
from piratelib.widgets.encounter import StepThroughApp


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


def test_odds_in_words_says_every_ending_likeliest_first():
    from piratelib.widgets.encounter import odds_in_words

    brand = Encounter(hunters=frozenset({"brand"}), pirates=frozenset({"adventure"}))
    said = odds_in_words(odds(brand))
    assert said.startswith("The pirates Escape 57.9% (exactly ")
    assert "; the Hunters win the game 42.1%" in said and "Ending" not in said
