"""Tests for piratelib.draw.dreadpirate.odds: battle charts read in percent, as the text does."""

from __future__ import annotations

from fractions import Fraction

import pytest

from piratelib.draw.dreadpirate.odds import (
    battle_chances,
    battle_chances_alt,
    battle_totals,
    battle_totals_alt,
    turns_bars,
)
from piratelib.draw.dreadpirate.odds import turns_bars as reexported
from piratelib.dreadpirate.battle import Battler, attacker_win_probability, battle_odds
from piratelib.words import percent

CHANCES = {d: attacker_win_probability(d, 0) for d in range(-6, 7)}


def test_turns_bars_is_still_importable_from_the_sea_module():
    assert reexported is turns_bars


def test_every_bar_says_the_percentage_the_text_says():
    ax = battle_chances(CHANCES).axes[0]
    labels = [t.get_text() for t in ax.texts if t.get_gid() == "bar_label"]
    assert labels == [percent(p) for p in CHANCES.values()]
    assert "55.6%" in labels and "33.6%" in labels  # no bonuses; two points behind
    heights = [bar.get_height() for bar in ax.containers[0]]
    assert heights == pytest.approx([float(p) for p in CHANCES.values()])
    (line,) = ax.get_lines()
    assert line.get_ydata()[0] == pytest.approx(1 / 3)
    assert any("33.3%: attacking pays above it" in t.get_text() for t in ax.texts)
    assert ax.get_ylabel() == "chance" and ax.yaxis.get_major_formatter()(0.5) == "50%"


def test_the_chances_alt_text_names_every_bar_and_where_attacking_pays():
    alt = battle_chances_alt(CHANCES)
    assert "-6: 5.4%" in alt and "0: 55.6%" in alt and "+6: 97.3%" in alt
    assert alt.endswith("Attacking pays (above 33.3%) from a difference of -2.")
    assert "pays" not in battle_chances_alt({-6: CHANCES[-6]})


def test_the_totals_chart_title_and_alt_say_the_apps_percentage():
    odds = battle_odds(Battler(), Battler(cards=("hard_to_starboard",)))
    options = {
        "attacker_bonus": odds.attacker_bonus,
        "defender_bonus": odds.defender_bonus,
        "attacker_wins": odds.attacker_wins,
    }
    fig = battle_totals(odds.attacker_totals, odds.defender_totals, **options)
    assert odds.attacker_wins == Fraction(103, 648)
    assert fig.axes[0].get_title() == "Each side's final total: the attacker wins 15.9%"
    assert fig.axes[0].yaxis.get_major_formatter()(0.25) == "25%"
    alt = battle_totals_alt(odds.attacker_totals, odds.defender_totals, **options)
    assert alt.startswith("Bar chart of each side's final total; the attacker wins 15.9%.")
    assert "The defender rolls two dice +4: totals 6 to 16, likeliest 11 (16.7%)." in alt
