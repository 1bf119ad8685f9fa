"""Tests for piratelib.draw.blackbeard.encounter: the compare and tile-worth charts show the
exact numbers of odds() and tile_worth(), leave out 0% Endings, and sign each change."""

from __future__ import annotations

from fractions import Fraction

import pytest

from piratelib.blackbeard.encounter import Encounter, Ending, odds
from piratelib.blackbeard.encounter.whatif import TileWorth, tile_worth
from piratelib.draw.blackbeard.encounter import (
    ENDING_NAMES,
    compare_bars,
    compare_bars_alt,
    points,
    tile_worth_bars,
    tile_worth_bars_alt,
    worth_label,
)

MINUS = "\u2212"
JANE = Encounter(hunters=frozenset({"jane"}), pirates=frozenset({"adventure"}))
CANNON = Encounter(
    hunters=frozenset({"jane"}),
    pirates=frozenset({"adventure"}),
    hunter_tiles=frozenset({"cannon_jane"}),
)


def test_compare_bars_are_the_exact_chances_and_leave_out_endings_at_0_in_both():
    a, b = odds(JANE), odds(CANNON, escape_policy="best")
    fig = compare_bars({"A": a, "B": b}, "How it ends")
    ax = fig.axes[0]
    shown = [e for e in Ending if a[e] or b[e]]
    assert Ending.ISRAEL_HANDS_ARRESTED not in shown and Ending.BLACKBEARD_ESCAPES in shown
    assert [t.get_text() for t in ax.get_yticklabels()] == [ENDING_NAMES[e] for e in shown]
    bars_a, bars_b = ax.containers
    assert [bar.get_width() for bar in bars_a] == pytest.approx([float(a[e]) for e in shown])
    assert [bar.get_width() for bar in bars_b] == pytest.approx([float(b[e]) for e in shown])
    assert "68.9%" in [t.get_text() for t in ax.texts]


def test_compare_legend_is_outside_the_axes():
    fig = compare_bars({"A": odds(JANE), "B": odds(CANNON)}, "How it ends")
    fig.canvas.draw()
    ax = fig.axes[0]
    legend = ax.get_legend()
    assert [t.get_text() for t in legend.get_texts()] == ["A", "B"]
    box, axes_box = legend.get_window_extent(), ax.get_window_extent()
    assert box.x0 >= axes_box.x1 or box.y0 >= axes_box.y1


def test_compare_alt_says_each_setup_in_percentages():
    said = compare_bars_alt({"A": odds(JANE), "B": odds(CANNON, escape_policy="best")}, "t")
    assert said.startswith("Bar chart, t. A: Hunters win 31.1%, Blackbeard wins 68.9%, ")
    assert "Israel Hands" not in said and "Fraction" not in said


def test_points_are_signed_and_say_same_for_no_change():
    assert points(Fraction(21, 500)) == "+4.2 points"
    assert points(Fraction(-3, 1000)) == f"{MINUS}0.3 points"
    assert points(Fraction(0)) == "same"
    assert points(Fraction(1, 46656), exact=True) == "+ under 0.1 points (exactly +1 in 46,656)"


def test_tile_worth_bars_are_the_exact_changes_sorted_and_signed():
    worths = tile_worth(JANE)
    fig = tile_worth_bars(worths)
    ax = fig.axes[0]
    done = [w for w in worths if w.deltas is not None]
    widths = [bar.get_width() for bar in ax.containers[0]]
    expected = sorted((100 * float(w.deltas[Ending.HUNTERS_WIN]) for w in done), reverse=True)
    assert widths == pytest.approx(expected)
    labels = [t.get_text() for t in ax.get_yticklabels()]
    assert labels[0] == "+ Extra Hands (Jane)" and labels[-1] == "+ Grape"
    assert len(labels) == len(done)  # refused tiles (Capt Gordon here) are not drawn
    assert not any("Gordon" in label for label in labels)
    colours = {bar.get_facecolor()[:3] for bar in ax.containers[0] if bar.get_width() < 0}
    assert len(colours) == 1 and colours != {
        bar.get_facecolor()[:3] for bar in ax.containers[0][:1]
    }


def test_tile_worth_bars_for_another_ending_and_for_a_removed_tile():
    declared = Encounter(
        hunters=frozenset({"jane"}),
        pirates=frozenset({"adventure"}),
        blackbeard_tiles=frozenset({"lookouts"}),
    )
    worths = tile_worth(declared)
    fig = tile_worth_bars(worths, Ending.BLACKBEARD_WINS)
    ax = fig.axes[0]
    assert "Blackbeard's chance to win" in ax.get_title()
    labels = [t.get_text() for t in ax.get_yticklabels()]
    assert f"{MINUS} Lookouts" in labels
    lookouts = next(w for w in worths if w.tile == "lookouts")
    assert lookouts.change == "removed" and worth_label(lookouts) == f"{MINUS} Lookouts"
    row = labels.index(f"{MINUS} Lookouts")
    assert ax.containers[0][row].get_width() == pytest.approx(
        100 * float(lookouts.deltas[Ending.BLACKBEARD_WINS])
    )


def test_tile_worth_alt_names_the_largest_gain_and_loss():
    said = tile_worth_bars_alt(tile_worth(JANE))
    assert "Largest gain: + Extra Hands (Jane), +26.5 points." in said
    assert f"Largest loss: + Grape, {MINUS}19.9 points." in said


def test_tile_worth_bars_with_nothing_to_draw_say_so():
    refused = [TileWorth("capt_gordon", "hunters", "added", None, "capt_gordon needs brand")]
    fig = tile_worth_bars(refused)
    assert [t.get_text() for t in fig.axes[0].texts] == ["No tile can be added or removed here."]
    assert "no tile can be added or removed" in tile_worth_bars_alt(refused)
