"""Headless tests of Dread Pirate's battle apps: the odds table, the battle stepper and the
win checker show exactly what the rules compute, and refusals as messages."""

from __future__ import annotations

import html
import random
import re
import time
import xml.etree.ElementTree as ET
from fractions import Fraction

import pytest

from piratelib.dreadpirate.battle import (
    Battler,
    Purse,
    attacker_win_probability,
    expected_swing,
    resolve_battle,
)
from piratelib.widgets import snapshot_html
from piratelib.widgets.dreadpirate_battle import (
    ATTACKER,
    DEFENDER,
    BattleStepper,
    BattleTable,
    WinChecker,
)
from piratelib.words import chance, percent


def shown(app: BattleStepper) -> list[str]:
    """The step HTML for every position of the step slider, in order."""
    texts = []
    for k in range(app.step.min, app.step.max + 1):
        app.step.value = k
        texts.append(html.unescape(app.shown.value))
    return texts


# ---------------------------------------------------------------- the odds table


def test_the_table_opens_on_an_even_battle():
    table = BattleTable()
    # No bonuses: "The attacker wins ties."
    assert table.exact == attacker_win_probability() == Fraction(721, 1296)
    assert "<b>55.6% (exactly 721 in 1,296, about 5 in 9)</b>" in table.result.value
    assert "the defender 44.4% (exactly 575 in 1,296" in table.result.value
    assert table.swing == expected_swing() == Fraction(289, 432)
    assert "<b>+0.67 items</b> (exactly +289/432)" in table.swing_text.value
    assert "attacking <b>pays</b>" in table.swing_text.value
    assert "from a bonus difference of -2 up" in table.swing_text.value
    assert "piratelib-dp-odds" in table.result._dom_classes
    assert "piratelib-dp-swing" in table.swing_text._dom_classes
    chart = ET.fromstring(table.picture.value)
    assert chart.tag == "{http://www.w3.org/2000/svg}svg"
    assert chart.get("class") == "piratelib-dp-totals-chart"
    assert chart.get("aria-label").startswith(
        "Bar chart of each side's final total; the attacker wins 55.6%."
    )
    bars = [g for g in chart.iter("{http://www.w3.org/2000/svg}g") if g.get("class") == "bar"]
    assert len(bars) == 2 * 11  # totals 2 to 12, each side
    # the picture redraws in a few milliseconds, not a PNG's half second (issue 25)
    start = time.perf_counter()
    table.attacker_bonus.value = 1
    assert time.perf_counter() - start < 0.1


@pytest.mark.parametrize(("attacker", "defender"), [(a, d) for a in (0, 2, 5, 6) for d in (0, 6)])
def test_the_sliders_give_the_exact_chance(attacker, defender):
    table = BattleTable()
    table.attacker_bonus.value = attacker
    table.defender_bonus.value = defender
    assert table.exact == attacker_win_probability(attacker, defender)
    assert f"<b>{chance(table.exact)}</b>" in table.result.value or table.exact in (0, 1)
    assert f"the attacker wins {percent(table.exact)}" in table.picture.value
    assert table.swing == 3 * table.exact - 1


def test_controls_are_wide_redraw_on_release_and_are_explained():
    table = BattleTable()
    for slider in (table.attacker_bonus, table.defender_bonus):
        assert slider.layout.width == "560px" and not slider.continuous_update
    helps = " ".join(str(getattr(child, "value", "")) for child in table.children)
    assert "<i>A third Pirate</i>: the Flag is on a Ship not in this battle" in helps
    assert "<i>Hard to Starboard!</i>: +4 to the defender's roll." in helps
    stepper = BattleStepper()
    assert stepper.step.layout.width == "560px"
    helps = " ".join(str(getattr(child, "value", "")) for child in stepper.children)
    assert "The seed fixes the dice" in helps and "<i>The winner switches spaces</i>" in helps


@pytest.mark.parametrize(
    ("flag", "difference"),
    [("nobody yet", 0), ("attacker", 1), ("defender", -1), ("a third Pirate", 0)],
)
def test_the_dread_pirate_adds_one_to_their_side(flag, difference):
    # "The Dread Pirate receives +1 to all of their rolls."
    table = BattleTable(dread_pirate=flag)
    assert table.exact == attacker_win_probability(difference, 0)


def test_cards_in_the_table():
    table = BattleTable(dread_pirate="defender")
    # "Hard to Starboard!": "+4 to your defense roll."
    table.hard_to_starboard.value = True
    assert table.exact == attacker_win_probability(0, 5)
    assert "4 (Hard to Starboard!)" in table.result.value
    # "Hoist the Jolly Roger!": the attacker becomes the Dread Pirate, the +1 moves over.
    table.hoist.value = True
    assert table.exact == attacker_win_probability(1, 4)
    assert (table.odds.attacker_bonus, table.odds.defender_bonus) == (1, 4)
    assert "does not pay" in table.swing_text.value


# ---------------------------------------------------------------- the stepper


def test_the_stepper_shows_resolve_battle_step_by_step():
    app = BattleStepper(faces=[6, 3, 2, 4])
    expected = resolve_battle(ATTACKER, DEFENDER, [6, 3, 2, 4])
    assert app.steps == expected and app.step.max == len(expected) == 6
    texts = shown(app)
    for k, (text, step) in enumerate(zip(texts, expected, strict=True), start=1):
        assert f"Step {k} of 6</b>: {step.phase}: {step.text}" in text
        assert step.rule in text
    assert "9 against 6: Ann, the attacker, wins the battle." in texts[3]
    assert "Ann is the first Pirate to win a battle" in texts[4]
    table = app.table.value
    assert "piratelib-dp-step" in app.shown._dom_classes
    assert "piratelib-dp-state" in app.table._dom_classes
    assert "5 Gold, 4 red Gems, 2 brown Gems" in table and "5 Gold, 2 brown Gems" in table


def test_the_defender_plays_hard_to_starboard():
    app = BattleStepper(faces=[6, 3, 2, 4])
    app.defender_card.value = True
    assert app.step.value == 1 and app.step.max == 7
    texts = shown(app)
    assert "Bo plays Hard to Starboard!" in texts[3] and "Totals: Ann 9, Bo 10." in texts[3]
    assert "9 against 10: Bo, the defender, wins the battle." in texts[4]
    assert app.steps[-1].text == "Bo takes 1 item from Ann: 1 red Gem."


def test_the_flag_and_hoisting():
    app = BattleStepper(faces=[4, 4, 4, 4])
    app.flag.value = "defender"  # 8 against 9
    assert app.steps[3].text == "8 against 9: Bo, the defender, wins the battle."
    assert app.steps[4].text == "Bo, the Dread Pirate, keeps the Flag."
    app.hoist.value = True  # the +1 moves to Ann: 9 against 8
    texts = [step.text for step in app.steps]
    assert "the Flag's +1 moves from Bo" in texts[3]
    assert "9 against 8: Ann, the attacker, wins the battle." in texts
    assert "Ann became the Dread Pirate in this battle and, winning it, keeps the Flag." in texts


def test_a_refused_card_is_shown_not_raised():
    app = BattleStepper(faces=[6, 3, 2, 4])
    app.attacker_card.value = True
    assert app.steps == () and app.step.disabled
    assert "piratelib-error" in app.shown.value
    assert "is played when you are defending, not attacking" in app.shown.value
    app.attacker_card.value = False
    assert len(app.steps) == 6 and not app.step.disabled


def test_seeded_dice_replay_and_change_with_the_seed():
    app = BattleStepper(seed=11)
    assert app.steps == resolve_battle(ATTACKER, DEFENDER, random.Random(11))
    app.seed.value = 12
    assert app.steps == resolve_battle(ATTACKER, DEFENDER, random.Random(12))
    app.switch.value = True
    winner = app.steps[-3].state.winner
    names = {"attacker": "Ann", "defender": "Bo"}
    other = {"attacker": "Bo", "defender": "Ann"}
    assert app.steps[-1].text == f"{names[winner]} switches spaces on the map with {other[winner]}."


def test_other_sides():
    app = BattleStepper(
        Battler("Cy", Purse.of(gold=1)), Battler("Di", dread_pirate=True), faces=[6, 6, 1, 1]
    )
    assert app.flag.value == "defender"
    assert app.steps[4].text == "Cy defeated the Dread Pirate, Di, and takes the Dread Pirate Flag."
    assert app.steps[-1].text == "Di has no treasure: Cy takes nothing."


# ---------------------------------------------------------------- the win checker


@pytest.mark.parametrize(
    ("gold", "gems", "won"),
    [
        (20, {}, "20 Gold"),
        (19, {"red": 11}, None),
        (0, {"green": 12}, "12 green Gems"),
        (0, {"red": 4, "brown": 4, "blue": 4, "green": 4}, "4 Gems of each color"),
        (0, {"red": 4, "brown": 4, "blue": 4, "green": 3}, None),
    ],
)
def test_the_win_checker(gold, gems, won):
    # "Be the first pirate to collect 20 Gold, 12 Gems of a single color, or 4 Gems of each
    # color, and you will win the game!"
    app = WinChecker(Purse())
    app.gold.value = gold
    for colour, n in gems.items():
        app.gems[colour].value = n
    assert app.purse() == Purse.of(gold, **gems)
    assert "piratelib-dp-win" in app.result._dom_classes
    if won is None:
        assert app.outcome is None and "<b>No win yet</b>" in app.result.value
    else:
        assert won in app.outcome.why and "<b>A win</b>" in app.result.value


def test_the_win_checker_says_what_each_way_needs():
    app = WinChecker()  # a Pirate as set up: 5 Gold, 4 red Gems
    assert "the closest way still needs 8 more items" in app.result.value
    assert ">15 more<" in app.result.value and ">12 more<" in app.result.value
    app.gems["red"].value = 11
    assert "needs 1 more item." in app.result.value
    assert [s.max for s in app.gems.values()] == [15] * 4 and app.gold.max == 40


def readable_text_problems(page: str) -> list[str]:
    """Text a reader may struggle with: <small>, a font under 12px, or a pale grey."""
    problems = re.findall(r"<small\b", page)
    problems += [f"{m}px" for m in re.findall(r"font-size:\s*(\d+)px", page) if int(m) < 12]
    for colour in re.findall(r"(?<![-\w])color:\s*#([0-9a-fA-F]{6})\b", page):
        channels = [int(colour[i : i + 2], 16) / 255 for i in (0, 2, 4)]
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        luminance = 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
        if 1.05 / (luminance + 0.05) < 4.5:
            problems.append(f"#{colour}")
    return problems


def test_every_text_is_at_least_12px_and_dark_enough():
    """Rule 12: no <small>, no font under 12px, no grey paler than 4.5:1 on white."""
    for app in (BattleTable(), BattleStepper(), WinChecker()):
        assert readable_text_problems(snapshot_html(app)) == []
    assert readable_text_problems("<small style='color:#888888;font-size:11px'>") == [
        "<small",
        "11px",
        "#888888",
    ]
