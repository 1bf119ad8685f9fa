"""Tests for piratelib.draw.charts: the charts show the exact numbers they were given."""

from __future__ import annotations

import pytest

from piratelib import dice
from piratelib.draw.charts import distribution_bars, png


def test_distribution_bars_heights_are_the_probabilities():
    fig = distribution_bars(
        {"none": dice.highest_die(0), "two": dice.highest_die(2)},
        title="t",
        xlabel="x",
        outcome_names={0: "no dice"},
    )
    ax = fig.axes[0]
    labels = [tick.get_text() for tick in ax.get_xticklabels()]
    assert labels == ["no dice", "1", "2", "3", "4", "5", "6"]
    none_bars, two_bars = ax.containers
    assert [bar.get_height() for bar in none_bars] == [1, 0, 0, 0, 0, 0, 0]
    assert [bar.get_height() for bar in two_bars] == pytest.approx(
        [0] + [float(p) for p in dice.highest_die(2).values()]
    )


def test_png_is_an_image():
    fig = distribution_bars({"d6": dice.die()}, title="one die", xlabel="face")
    assert png(fig)[:8] == b"\x89PNG\r\n\x1a\n"
