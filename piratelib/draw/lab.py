"""The variant lab's pictures: win rates with their 95% intervals, and the same in words.

:func:`win_rates` draws each side's share of wins under each variant as a dot on a bar,
with the 95% interval as a whisker, one row of bars a variant (matplotlib, for a lesson);
:func:`win_rates_html` draws the same bars as HTML for the lab's app, each bar with its
side, share and interval in words (:func:`~piratelib.draw.charts_html.hbars_html`, in the
same colours); :func:`win_rates_alt` says what they show (their alt text). All take the
:class:`~piratelib.lab.Share` s of :func:`piratelib.lab.shares`.

Examples
--------
>>> from piratelib.lab import Share
>>> found = [Share("4 players", "Great Brittonia", 30, 100, 0.22, 0.40)]
>>> print(win_rates_alt(found, "Black Flag!"))
Black Flag! Win rates with 95% intervals. 4 players: Great Brittonia 30.0% (22.0% to 40.0%).
>>> [float(x) for x in win_rates(found, "Black Flag!").axes[0].get_xlim()]
[0.0, 1.0]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from piratelib.draw._checks import check_text
from piratelib.draw.charts_html import COLOURS, hbars_html
from piratelib.errors import PiratelibError
from piratelib.lab import Share
from piratelib.words import percent

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["win_rates", "win_rates_alt", "win_rates_html"]


def win_rates(shares: Sequence[Share], title: str) -> Figure:
    """Horizontal bars of each side's share of wins per variant, with 95% whiskers.

    Raises
    ------
    PiratelibError
        If `shares` is not a non-empty list of :class:`~piratelib.lab.Share` or `title`
        is not text.
    """
    from matplotlib.figure import Figure

    variants, sides = _check(shares, title)
    height = len(variants) * (0.45 + 0.3 * len(sides)) + 1.2
    fig = Figure(figsize=(7.5, height), layout="constrained")
    ax = fig.add_subplot()
    band = 0.8 / len(sides)
    for k, side in enumerate(sides):
        mine = [s for s in shares if s.side == side]
        ys = [variants.index(s.variant) + (k - (len(sides) - 1) / 2) * band for s in mine]
        xs = [s.share for s in mine]
        colour = COLOURS[k % len(COLOURS)]
        ax.barh(ys, xs, height=band * 0.9, color=colour, alpha=0.35, label=side)
        errors = [[s.share - s.low for s in mine], [s.high - s.share for s in mine]]
        ax.errorbar(xs, ys, xerr=errors, fmt="o", color=colour, capsize=4, lw=1.5)
        for y, s in zip(ys, mine, strict=True):
            ax.annotate(
                percent(s.share),
                (s.high, y),
                xytext=(6, 0),
                textcoords="offset points",
                va="center",
                fontsize=9,
            )
    ax.set_yticks(range(len(variants)), variants)
    ax.invert_yaxis()
    ax.set_xlim(0.0, 1.0)
    ax.xaxis.set_major_formatter(lambda x, _: f"{x:.0%}")
    ax.set_xlabel(
        f"{_axis_words(sides)} (dot) and its 95% interval (whiskers)\n"
        f"{shares[0].games:,} games of each variant"
    )
    ax.set_title(title, loc="left", fontsize=11)
    ax.grid(axis="x", alpha=0.3)
    if len(sides) > 1:  # above the bars, so it never hides one
        fig.legend(loc="outside upper right", ncols=len(sides), fontsize=9, frameon=False)
    return fig


def win_rates_html(shares: Sequence[Share], title: str) -> str:
    """:func:`win_rates` as HTML bars, for the lab's app: each bar says its share of wins
    and its 95% interval, on a scale of 0 to 100% (each side its colour and pattern, named
    in the legend), and the chart is named by :func:`win_rates_alt`.

    Raises
    ------
    PiratelibError
        As :func:`win_rates`.

    Examples
    --------
    >>> from piratelib.lab import Share
    >>> found = [Share("4 players", "Brittonia", 30, 100, 0.22, 0.40)]
    >>> shown = win_rates_html(found, "Black Flag!")
    >>> "30.0% (22.0% to 40.0%)" in shown, "width:24.0%" in shown
    (True, True)
    >>> "aria-label='Black Flag! Win rates with 95% intervals. 4 players: " in shown
    True
    """
    variants, sides = _check(shares, title)
    found = {(s.variant, s.side): s for s in shares}
    rows = [
        (
            variant,
            [
                (s.share, f"{percent(s.share)} ({percent(s.low)} to {percent(s.high)})")
                if (s := found.get((variant, side)))
                else (0.0, f"no games of {side}")
                for side in sides
            ],
        )
        for variant in variants
    ]
    said = f"{_axis_words(sides)} and its 95% interval, {shares[0].games:,} games of each"
    return hbars_html(
        rows,
        legend=sides if len(sides) > 1 else (),
        title=said[:1].upper() + said[1:],
        css="piratelib-lab-chart",
        full=1.0,
        alt=win_rates_alt(shares, title),
    )


def win_rates_alt(shares: Sequence[Share], title: str) -> str:
    """What :func:`win_rates` shows, in words: each variant's shares with their intervals."""
    variants, _ = _check(shares, title)
    parts = []
    for variant in variants:
        said = ", ".join(
            f"{s.side} {percent(s.share)} ({percent(s.low)} to {percent(s.high)})"
            for s in shares
            if s.variant == variant
        )
        parts.append(f"{variant[:1].upper()}{variant[1:]}: {said}.")
    return f"{title} Win rates with 95% intervals. " + " ".join(parts)


def _axis_words(sides: Sequence[str]) -> str:
    """What the bars measure: "Blackbeard's share of games won", or "share of games won"."""
    return f"{sides[0]}'s share of games won" if len(sides) == 1 else "share of games won"


def _check(shares: object, title: object) -> tuple[list[str], list[str]]:
    check_text("title", title)
    if not isinstance(shares, list | tuple) or not shares:
        raise PiratelibError(f"shares must be a non-empty list of lab Shares, got {shares!r:.80}")
    if not all(isinstance(s, Share) for s in shares):
        raise PiratelibError("shares must be lab Shares (from piratelib.lab.shares)")
    variants = list(dict.fromkeys(s.variant for s in shares))
    sides = list(dict.fromkeys(s.side for s in shares))
    return variants, sides
