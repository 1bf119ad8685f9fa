"""Matplotlib charts of Dread Pirate's odds: turns to reach a place, and battles, in percent.

Each chart reads in percent, as the notebooks' and apps' sentences do
(:func:`piratelib.words.percent`), and has an ``*_alt`` function that says in words what it
draws, for the picture's alt text.

- :func:`turns_bars` and :func:`turns_alt`: exact turns-to-reach distributions as grouped
  bars, one colour and one fill pattern per series (e.g. per reading of the diagonal
  rule), so the series read apart without colour.
- :func:`battle_chances` and :func:`battle_chances_alt`: the attacker's chance for each
  difference of bonuses, with the line above which attacking pays in treasure.
- :func:`battle_totals` and :func:`battle_totals_alt`: each side's final total (two dice
  plus its bonus) in one battle.

Built on :func:`piratelib.draw.charts.distribution_bars`; render with
:func:`piratelib.draw.charts.png` or :func:`piratelib.draw.charts.image`.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING

from matplotlib.figure import Figure
from matplotlib.ticker import PercentFormatter

from piratelib.draw._common import check_text
from piratelib.draw.charts import distribution_bars
from piratelib.errors import PiratelibError, check_number, check_whole
from piratelib.words import percent, plural

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

_PAYS = Fraction(1, 3)
"""Attacking pays in treasure above this chance: 2 items won against 1 lost."""


_PATTERNS = (("", "plain"), ("//", "striped"), ("..", "dotted"), ("xx", "cross-hatched"))
"""Each series' fill pattern and its name in the alt text, in series order."""
_COLOURS = ("#0072B2", "#E69F00", "#56B4E9", "#CC79A7")
"""Okabe and Ito's colour-blind-safe blue, orange, sky blue and purple: no red-green pair."""


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
    _check_series(distributions, "distributions", least=0)
    check_text("title", title, optional=True)
    if len(distributions) > len(_PATTERNS):
        raise PiratelibError(
            f"turns_bars draws at most {len(_PATTERNS)} series, got {len(distributions)}"
        )
    fig = distribution_bars(
        distributions,
        title=title if title is not None else "Turns to reach the target",
        xlabel="turns",
    )
    ax = fig.axes[0]
    for container, (hatch, _), colour in zip(ax.containers, _PATTERNS, _COLOURS, strict=False):
        for bar in container:
            bar.set_facecolor(colour)
            bar.set_edgecolor("#1a1a1a")
            bar.set_linewidth(0.6)
            bar.set_hatch(hatch or None)
    ax.legend(loc="upper right", handleheight=1.6, handlelength=2.4)
    _in_percent(ax)
    return fig


def turns_alt(
    distributions: Mapping[str, Mapping[int, Fraction]], *, title: str | None = None
) -> str:
    """Say in words what :func:`turns_bars` draws: each series' mean and likeliest turn.

    With more than one series, each is named with its bars' fill pattern.

    Examples
    --------
    >>> from fractions import Fraction
    >>> print(turns_alt({"always": {1: Fraction(1, 6), 2: Fraction(5, 6)}}))
    ... # doctest: +NORMALIZE_WHITESPACE
    Bar chart, Turns to reach the target, chance by number of turns. always: mean 1.8
    turns; likeliest 2 turns, 83.3%.
    >>> print(turns_alt({"a": {1: Fraction(1)}, "b": {2: Fraction(1)}}))
    ... # doctest: +NORMALIZE_WHITESPACE
    Bar chart, Turns to reach the target, chance by number of turns, one group of bars per
    turn. a (plain bars): mean 1.0 turns; likeliest 1 turn, 100%. b (striped bars): mean
    2.0 turns; likeliest 2 turns, 100%.
    """
    _check_series(distributions, "distributions", least=0)
    check_text("title", title, optional=True)
    many = len(distributions) > 1
    parts = [
        f"Bar chart, {title or 'Turns to reach the target'}, chance by number of turns"
        + (", one group of bars per turn." if many else ".")
    ]
    for i, (label, dist) in enumerate(distributions.items()):
        mean = sum((k * p for k, p in dist.items()), Fraction(0))
        top = max(dist, key=lambda k: (dist[k], -k))
        pattern = f" ({_PATTERNS[i][1]} bars)" if many and i < len(_PATTERNS) else ""
        parts.append(
            f"{label}{pattern}: mean {float(mean):.1f} turns; likeliest {plural(top, 'turn')}, "
            f"{percent(dist[top])}."
        )
    return " ".join(parts)


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
    _check_series({"the attacker wins": chances}, "chances")
    check_text("title", title, optional=True)
    fig = distribution_bars(
        {"the attacker wins": chances},
        title=title or _CHANCES_TITLE,
        xlabel="attacker's bonus minus defender's bonus",
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
    ax.axhline(float(_PAYS), color="grey", linestyle="--", linewidth=1)
    ax.text(
        -0.4,
        1.0,
        f"dashed line, {percent(_PAYS)}: attacking pays above it",
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


def battle_chances_alt(chances: Mapping[int, Fraction], *, title: str | None = None) -> str:
    """Say in words what :func:`battle_chances` draws.

    Examples
    --------
    >>> from piratelib.dreadpirate.battle import attacker_win_probability as p
    >>> print(battle_chances_alt({d: p(d, 0) for d in (-3, -2, 0)}))
    ... # doctest: +ELLIPSIS +NORMALIZE_WHITESPACE
    Bar chart, The attacker's chance ... -3: 23.9%; -2: 33.6%; 0: 55.6%. Attacking pays
    (above 33.3%) from a difference of -2.
    """
    _check_series({"the attacker wins": chances}, "chances")
    check_text("title", title, optional=True)
    bars = "; ".join(
        f"{d:+d}: {percent(p)}" if d else f"0: {percent(p)}" for d, p in sorted(chances.items())
    )
    pays = [d for d, p in sorted(chances.items()) if p > _PAYS]
    end = (
        f" Attacking pays (above {percent(_PAYS)}) from a difference of {pays[0]:+d}."
        if pays
        else ""
    )
    return f"Bar chart, {title or _CHANCES_TITLE}, by bonus difference: {bars}.{end}"


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
    _check_battle(attacker, defender, attacker_bonus, defender_bonus, attacker_wins)
    fig = distribution_bars(
        _series(attacker, defender, attacker_bonus, defender_bonus),
        title=f"Each side's final total: the attacker wins {percent(attacker_wins)}",
        xlabel="two dice plus bonuses (the attacker wins ties)",
    )
    ax = fig.axes[0]
    ax.set_ylim(0, 0.25)  # two dice total 7 at most 1 time in 6
    _in_percent(ax)
    return fig


def battle_totals_alt(
    attacker: Mapping[int, Fraction],
    defender: Mapping[int, Fraction],
    *,
    attacker_bonus: int,
    defender_bonus: int,
    attacker_wins: Fraction,
) -> str:
    """Say in words what :func:`battle_totals` draws.

    Examples
    --------
    >>> from piratelib.dreadpirate.battle import Battler, battle_odds
    >>> odds = battle_odds(Battler(dread_pirate=True), Battler())
    >>> print(
    ...     battle_totals_alt(
    ...         odds.attacker_totals,
    ...         odds.defender_totals,
    ...         attacker_bonus=1,
    ...         defender_bonus=0,
    ...         attacker_wins=odds.attacker_wins,
    ...     )
    ... )
    ... # doctest: +NORMALIZE_WHITESPACE
    Bar chart of each side's final total; the attacker wins 66.4%. The attacker rolls two
    dice +1: totals 3 to 13, likeliest 8 (16.7%). The defender rolls two dice +0: totals 2
    to 12, likeliest 7 (16.7%).
    """
    _check_battle(attacker, defender, attacker_bonus, defender_bonus, attacker_wins)
    parts = [f"Bar chart of each side's final total; the attacker wins {percent(attacker_wins)}."]
    for role, totals, bonus in (
        ("attacker", attacker, attacker_bonus),
        ("defender", defender, defender_bonus),
    ):
        top = max(totals, key=lambda t: (totals[t], -t))
        parts.append(
            f"The {role} rolls two dice {bonus:+d}: totals {min(totals)} to {max(totals)}, "
            f"likeliest {top} ({percent(totals[top])})."
        )
    return " ".join(parts)


_CHANCES_TITLE = "The attacker's chance (2 dice each, the attacker wins ties)"


def _series(
    attacker: Mapping[int, Fraction],
    defender: Mapping[int, Fraction],
    attacker_bonus: int,
    defender_bonus: int,
) -> dict[str, Mapping[int, Fraction]]:
    """The two sides' totals, labelled with their bonuses."""
    return {
        f"attacker (2 dice {attacker_bonus:+d})": attacker,
        f"defender (2 dice {defender_bonus:+d})": defender,
    }


def _check_series(series: object, what: str, *, least: int | None = None) -> None:
    """Raise PiratelibError unless `series` maps text labels to distributions that are not
    empty: whole numbers (at least `least`, if given) to chances from 0 to 1."""
    if not isinstance(series, Mapping) or not series:
        raise PiratelibError(f"{what} must map labels to distributions, got {series!r:.80}")
    for label, dist in series.items():
        check_text("a label", label)
        if not isinstance(dist, Mapping) or not dist:
            raise PiratelibError(
                f"{what} of {label!r} must map whole numbers to chances, got {dist!r:.80}"
            )
        for key, p in dist.items():
            low = -_MOST if least is None else least
            check_whole(f"a number in {what} of {label!r}", key, low, _MOST)
            check_number(f"the chance of {key!r} in {what} of {label!r}", p, 0, 1)


_MOST = 10_000
"""The largest number of turns, total or bonus difference a chart shows."""


def _check_battle(
    attacker: object,
    defender: object,
    attacker_bonus: object,
    defender_bonus: object,
    attacker_wins: object,
) -> None:
    """Refuse totals that are not distributions, or bonuses and a chance out of range."""
    _check_series({"attacker": attacker, "defender": defender}, "the totals")
    check_whole("attacker_bonus", attacker_bonus, -100, 100)
    check_whole("defender_bonus", defender_bonus, -100, 100)
    check_number("attacker_wins", attacker_wins, 0, 1)


def _in_percent(ax: Axes) -> None:
    """Label the chance axis in percent, as the text says it."""
    ax.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
    ax.set_ylabel("chance")
