"""The variant lab's chart and its alt text (issue 17)."""

from __future__ import annotations

import html
import re

import pytest

from piratelib.draw.lab import win_rates, win_rates_alt, win_rates_html
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


def test_the_html_bars_say_each_share_and_interval_on_a_scale_of_100_percent():
    shown = win_rates_html(SHARES, "Black Flag!")
    assert "<img" not in shown and "role='img'" in shown
    aria = re.search(r"aria-label='([^']*)'", shown).group(1)
    assert html.unescape(aria) == win_rates_alt(SHARES, "Black Flag!")
    assert shown.index("4 players") < shown.index("8 players")
    assert "40.0% (31.0% to 50.0%)" in shown and "width:32.0%" in shown  # 40% of 80%
    assert "Ibberia" in shown and "Brittonia" in shown  # the legend names each side
    assert "repeating-linear-gradient" in shown  # the second side is striped, not colour alone


def test_one_side_is_named_in_the_title_not_a_legend():
    one = [s for s in SHARES if s.side == "Ibberia"]
    shown = win_rates_html(one, "Black Flag!")
    assert "Ibberia&#x27;s share of games won and its 95% interval, 100 games of each" in shown


@pytest.mark.parametrize("bad", [[], None, [1], "shares"])
def test_the_html_bars_refuse_what_the_chart_refuses(bad):
    with pytest.raises(PiratelibError, match="shares must be"):
        win_rates_html(bad, "t")
