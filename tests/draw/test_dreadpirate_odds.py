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
from piratelib.errors import PiratelibError
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


def test_the_turns_chart_reads_without_colour():
    """Each reading has its own fill pattern, shown in the legend and named in the alt text."""
    from piratelib.draw.dreadpirate.odds import turns_alt

    turns = {name: {1: Fraction(1, 2), 2: Fraction(1, 2)} for name in ("a", "b", "c", "d")}
    ax = turns_bars(turns).axes[0]
    hatches = [{bar.get_hatch() for bar in container} for container in ax.containers]
    assert hatches == [{None}, {"//"}, {".."}, {"xx"}]
    legend = [patch.get_hatch() for patch in ax.get_legend().get_patches()]
    assert legend == [None, "//", "..", "xx"]
    colours = {tuple(container[0].get_facecolor()) for container in ax.containers}
    assert len(colours) == 4
    alt = turns_alt(turns)
    for part in ("a (plain bars)", "b (striped bars)", "c (dotted bars)", "d (cross-hatched bars)"):
        assert part in alt
    with pytest.raises(PiratelibError, match="at most 4 series"):
        turns_bars({**turns, "e": {1: Fraction(1)}})
