"""The variant lab's chart and its alt text (issue 17)."""

from __future__ import annotations

import pytest

from piratelib.draw.lab import win_rates, win_rates_alt
from piratelib.errors import PiratelibError
from piratelib.lab import Share

SHARES = [
    Share("4 players", "Ibberia", 40, 100, 0.31, 0.50),
    Share("4 players", "Brittonia", 35, 100, 0.26, 0.45),
    Share("8 players", "Ibberia", 45, 100, 0.35, 0.55),
    Share("8 players", "Brittonia", 40, 100, 0.31, 0.50),
]


def test_each_share_is_a_dot_with_its_interval():
    ax = win_rates(SHARES, "Black Flag!").axes[0]
    assert [t.get_text() for t in ax.get_yticklabels()] == ["4 players", "8 players"]
    dots = [line for line in ax.get_lines() if line.get_marker() == "o"]
    assert sorted(x for line in dots for x in line.get_xdata()) == [0.35, 0.4, 0.4, 0.45]
    legend = ax.figure.legends[0]
    assert [t.get_text() for t in legend.get_texts()] == ["Ibberia", "Brittonia"]


def test_the_alt_text_says_every_share_and_interval():
    said = win_rates_alt(SHARES, "Black Flag!")
    assert "4 players: Ibberia 40.0% (31.0% to 50.0%), Brittonia 35.0% (26.0% to 45.0%)." in said


@pytest.mark.parametrize("bad", [[], None, [1], "shares"])
def test_bad_shares_are_refused(bad):
    with pytest.raises(PiratelibError, match="shares must be"):
        win_rates(bad, "t")
