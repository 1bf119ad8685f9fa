"""Matplotlib charts of Dread Pirate's odds: turns to reach a place, and battles, in percent.

Each chart reads in percent, as the notebooks' and apps' sentences do
(:func:`piratelib.words.percent`), and has an ``*_alt`` function that says in words what it
draws, for the picture's alt text (written in :mod:`~piratelib.draw.dreadpirate.alt` and
importable from here). Colours and fill patterns come from
:mod:`~piratelib.draw.dreadpirate.style`, which the apps' SVG charts
(:mod:`~piratelib.draw.dreadpirate.odds_svg`) share.

- :func:`turns_bars` and :func:`turns_alt`: exact turns-to-reach distributions as grouped
  bars, one colour and one fill pattern per series (e.g. per reading of the diagonal
  rule), so the series read apart without colour.
- :func:`battle_chances` and :func:`battle_chances_alt`: the attacker's chance for each
  difference of bonuses, with the line above which attacking pays in treasure.
- :func:`battle_totals` and :func:`battle_totals_alt`: each side's final total (two dice
  plus its bonus) in one battle, the attacker's bars plain and the defender's striped.

Built on :func:`piratelib.draw.charts.distribution_bars`; render with
:func:`piratelib.draw.charts.png` or :func:`piratelib.draw.charts.image`.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING

from matplotlib.figure import Figure
from matplotlib.ticker import PercentFormatter

from piratelib.draw._checks import check_text
from piratelib.draw.charts import distribution_bars
from piratelib.draw.dreadpirate.alt import (
    CHANCES_TITLE,
    CHANCES_XLABEL,
    TOTALS_XLABEL,
    battle_chances_alt,
    battle_totals_alt,
    check_battle,
    check_series,
    pays_note,
    totals_series,
    totals_title,
    turns_alt,
)
from piratelib.draw.dreadpirate.style import PAYS, SERIES, TOTALS_TOP
from piratelib.errors import PiratelibError
from piratelib.words import percent

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = [
    "battle_chances",
    "battle_chances_alt",
    "battle_totals",
    "battle_totals_alt",
    "turns_alt",
    "turns_bars",
]


def turns_bars(
    distributions: Mapping[str, Mapping[int, Fraction]],
    *,
    title: str | None = None,
) -> Figure:
    """Draw turns-to-reach distributions as grouped bars, one colour and pattern per series.

    A thin layer over :func:`piratelib.draw.charts.distribution_bars`: the x axis counts turns,
    and the legend sits at the top right, clear of the tall bars of the first few turns.
    Each series has its own fill pattern (plain, striped, dotted, cross-hatched) as well as
    a colour-blind-safe colour, and the legend shows both, so the chart reads without
    colour; :func:`turns_alt` names the patterns.

    Parameters
    ----------
    distributions : mapping of str to distribution
        Each label (e.g. a diagonal rule) maps to an exact distribution of turns, as from
        :func:`~piratelib.dreadpirate.sea.turns_to_reach`. At most four series.
    title : str, optional
        The chart's title (default "Turns to reach the target").

    Examples
    --------
    >>> from fractions import Fraction
    >>> fig = turns_bars({"always": {1: Fraction(1, 6), 2: Fraction(5, 6)}})
    >>> [tick.get_text() for tick in fig.axes[0].get_xticklabels()]
    ['1', '2']
    >>> [text.get_text() for text in fig.axes[0].get_legend().get_texts()]
    ['always']
    >>> fig.axes[0].get_ylabel(), fig.axes[0].yaxis.get_major_formatter()(0.5)
    ('chance', '50%')
    >>> fig = turns_bars({"a": {1: Fraction(1)}, "b": {1: Fraction(1)}})
    >>> [container[0].get_hatch() for container in fig.axes[0].containers]
    [None, '//']
    """
    check_series(distributions, "distributions", least=0)
    check_text("title", title, optional=True)
    if len(distributions) > len(SERIES):
        raise PiratelibError(
            f"turns_bars draws at most {len(SERIES)} series, got {len(distributions)}"
        )
    fig = distribution_bars(
        distributions,
        title=title if title is not None else "Turns to reach the target",
        xlabel="turns",
    )
    ax = fig.axes[0]
    _patterned(ax)
    ax.legend(loc="upper right", handleheight=1.6, handlelength=2.4)
    _in_percent(ax)
    return fig


def battle_chances(chances: Mapping[int, Fraction], *, title: str | None = None) -> Figure:
    """Draw the attacker's chance for each bonus difference, with the line where it pays.

    Each bar is labelled with its percentage (as :func:`piratelib.words.percent` says it);
    a dashed line at 33.3% marks where attacking starts to pay ("If the attacker wins, he
    takes 2 treasure items ... If the defender wins, he takes 1").

    Parameters
    ----------
    chances : mapping of int to Fraction
        The attacker's chance by difference (attacker's bonus minus defender's).
    title : str, optional
        The chart's title.

    Examples
    --------
    >>> from piratelib.dreadpirate.battle import attacker_win_probability as p
    >>> fig = battle_chances({d: p(d, 0) for d in (-1, 0, 1)})
    >>> [t.get_text() for t in fig.axes[0].texts if t.get_gid() == "bar_label"]
    ['44.4%', '55.6%', '66.4%']
    >>> fig.axes[0].yaxis.get_major_formatter()(1 / 3)
    '33%'
    """
    check_series({"the attacker wins": chances}, "chances")
    check_text("title", title, optional=True)
    fig = distribution_bars(
        {"the attacker wins": chances},
        title=title or CHANCES_TITLE,
        xlabel=CHANCES_XLABEL,
        outcome_names={d: f"{d:+d}" if d else "0" for d in chances},
    )
    ax = fig.axes[0]
    for x, d in enumerate(sorted(chances)):
        ax.text(
            x,
            float(chances[d]) + 0.02,
            percent(chances[d]),
            ha="center",
            fontsize=10,
            gid="bar_label",
        )
    ax.axhline(float(PAYS), color="grey", linestyle="--", linewidth=1)
    ax.text(
        -0.4,
        1.0,
        pays_note(),
        va="top",
        color="#4d4d4d",
        fontsize=10,
    )
    ax.set_ylim(0, 1.1)
    _in_percent(ax)
    legend = ax.get_legend()
    assert legend is not None  # distribution_bars gives the one labelled series a legend
    legend.remove()
    return fig


def battle_totals(
    attacker: Mapping[int, Fraction],
    defender: Mapping[int, Fraction],
    *,
    attacker_bonus: int,
    defender_bonus: int,
    attacker_wins: Fraction,
) -> Figure:
    """Draw each side's final total (two dice plus bonus) in one battle, in percent.

    The title gives the attacker's chance as the apps' text does.

    Examples
    --------
    >>> from piratelib.dreadpirate.battle import Battler, battle_odds
    >>> odds = battle_odds(Battler(), Battler())
    >>> fig = battle_totals(
    ...     odds.attacker_totals,
    ...     odds.defender_totals,
    ...     attacker_bonus=0,
    ...     defender_bonus=0,
    ...     attacker_wins=odds.attacker_wins,
    ... )
    >>> fig.axes[0].get_title()
    "Each side's final total: the attacker wins 55.6%"
    """
    check_battle(attacker, defender, attacker_bonus, defender_bonus, attacker_wins)
    fig = distribution_bars(
        totals_series(attacker, defender, attacker_bonus, defender_bonus),
        title=totals_title(attacker_wins),
        xlabel=TOTALS_XLABEL,
    )
    ax = fig.axes[0]
    _patterned(ax)
    ax.legend(loc="upper left", handleheight=1.6, handlelength=2.4)
    ax.set_ylim(0, TOTALS_TOP)
    _in_percent(ax)
    return fig


def _patterned(ax: Axes) -> None:
    """Fill each series' bars with its colour and pattern (:data:`~.style.SERIES`)."""
    for container, (colour, hatch, _) in zip(ax.containers, SERIES, strict=False):
        for bar in container:
            bar.set_facecolor(colour)
            bar.set_edgecolor("#1a1a1a")
            bar.set_linewidth(0.6)
            bar.set_hatch(hatch or None)


def _in_percent(ax: Axes) -> None:
    """Label the chance axis in percent, as the text says it."""
    ax.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
    ax.set_ylabel("chance")
