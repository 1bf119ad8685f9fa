"""Dread Pirate's battle charts as SVG text, for the battle app that redraws on every click.

:func:`battle_totals_svg` and :func:`battle_chances_svg` take the arguments of
:func:`~piratelib.draw.dreadpirate.odds.battle_totals` and
:func:`~piratelib.draw.dreadpirate.odds.battle_chances` and draw the same bars with
:mod:`piratelib.draw.svg`: the same titles, axis words and alt text
(:mod:`~piratelib.draw.dreadpirate.alt`), the same colours and fill patterns
(:data:`~piratelib.draw.dreadpirate.style.SERIES`: the attacker's bars plain, the
defender's striped, so the sides read apart without colour). Every bar also says its
percentage as a tooltip. No matplotlib is needed.

Bars carry the class ``bar`` with ``data-series`` and ``data-outcome``; the legend is
``legend``.

Examples
--------
>>> from piratelib.dreadpirate.battle import attacker_win_probability as p
>>> shown = battle_chances_svg({d: p(d, 0) for d in (-1, 0, 1)})
>>> shown.count("class='bar'"), "55.6%</text>" in shown
(3, True)
"""

from __future__ import annotations

import functools
import html
from collections.abc import Mapping, Sequence
from fractions import Fraction

from piratelib.draw._checks import check_text
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
)
from piratelib.draw.dreadpirate.style import PAYS, SERIES, TOTALS_TOP
from piratelib.draw.dreadpirate.svg_parts import fill, legend, patterns, swatch
from piratelib.draw.svg import element, group, line, rect, svg, text
from piratelib.words import percent

__all__ = ["battle_chances_svg", "battle_totals_svg"]

_WIDTH, _HEIGHT = 720, 330
_LEFT, _RIGHT, _BOTTOM = 64, 16, 52
"""The plot's margins in pixels: tick labels and the axis' words outside it."""
_SIZE = 13
_INK = "#333"
"""Axis words and tick labels: 12.6:1 on white."""


def battle_totals_svg(
    attacker: Mapping[int, Fraction],
    defender: Mapping[int, Fraction],
    *,
    attacker_bonus: int,
    defender_bonus: int,
    attacker_wins: Fraction,
    css: str = "",
) -> str:
    """Draw each side's final total (two dice plus bonus) in one battle as SVG bars.

    The same chart as :func:`~piratelib.draw.dreadpirate.odds.battle_totals`, with the
    same arguments, plus `css`, a class for the ``<svg>``.

    Raises
    ------
    PiratelibError
        If the totals are not distributions, or a bonus or the chance is out of range.

    Examples
    --------
    >>> import xml.etree.ElementTree as ET
    >>> from piratelib.dreadpirate.battle import Battler, battle_odds
    >>> odds = battle_odds(Battler(dread_pirate=True), Battler())
    >>> shown = battle_totals_svg(
    ...     odds.attacker_totals,
    ...     odds.defender_totals,
    ...     attacker_bonus=1,
    ...     defender_bonus=0,
    ...     attacker_wins=odds.attacker_wins,
    ... )
    >>> ET.fromstring(shown).get("aria-label")[:62]
    "Bar chart of each side's final total; the attacker wins 66.4%."
    >>> shown.count("class='bar'")  # totals 2 to 13, both sides
    24
    """
    check_battle(attacker, defender, attacker_bonus, defender_bonus, attacker_wins)
    check_text("css", css)
    series = totals_series(attacker, defender, attacker_bonus, defender_bonus)
    outcomes = range(min(min(attacker), min(defender)), max(max(attacker), max(defender)) + 1)
    body = _bars(
        series,
        list(outcomes),
        {},
        title=totals_title(attacker_wins),
        xlabel=TOTALS_XLABEL,
        top=TOTALS_TOP,
    )
    alt = battle_totals_alt(
        attacker,
        defender,
        attacker_bonus=attacker_bonus,
        defender_bonus=defender_bonus,
        attacker_wins=attacker_wins,
    )
    return svg(_WIDTH, _HEIGHT, body, alt=alt, css=css)


def battle_chances_svg(
    chances: Mapping[int, Fraction], *, title: str | None = None, css: str = ""
) -> str:
    """Draw the attacker's chance for each bonus difference as SVG bars, each with its
    percentage, and the dashed line above which attacking pays.

    The same chart as :func:`~piratelib.draw.dreadpirate.odds.battle_chances`, with the
    same arguments, plus `css`, a class for the ``<svg>``.

    Examples
    --------
    >>> from piratelib.dreadpirate.battle import attacker_win_probability as p
    >>> shown = battle_chances_svg({d: p(d, 0) for d in range(-6, 7)})
    >>> "dashed line, 33.3%: attacking pays above it</text>" in shown
    True
    >>> battle_chances_svg({})
    Traceback (most recent call last):
      ...
    piratelib.errors.PiratelibError: chances of 'the attacker wins' must map whole numbers ...
    """
    check_series({"the attacker wins": chances}, "chances")
    check_text("title", title, optional=True)
    check_text("css", css)
    outcomes = sorted(chances)
    body = _bars(
        {"the attacker wins": chances},
        outcomes,
        {d: f"{d:+d}" if d else "0" for d in outcomes},
        title=title or CHANCES_TITLE,
        xlabel=CHANCES_XLABEL,
        top=1.1,
        labelled=True,
    )
    return svg(_WIDTH, _HEIGHT, body, alt=battle_chances_alt(chances, title=title), css=css)


def _bars(
    series: Mapping[str, Mapping[int, Fraction]],
    outcomes: Sequence[int],
    names: Mapping[int, str],
    *,
    title: str,
    xlabel: str,
    top: float,
    labelled: bool = False,
) -> str:
    """Grouped bars, one group per outcome and one bar per series, on a chance axis from 0
    to `top`: the title, a legend (for more than one series), the axes and the bars.
    `labelled` writes each bar's percentage above it and draws where attacking pays."""
    many = len(series) > 1
    plot_top = 66 if many else 44
    x0, x1, y1 = _LEFT, _WIDTH - _RIGHT, _HEIGHT - _BOTTOM
    height = y1 - plot_top
    parts = [
        patterns(),
        text(_WIDTH / 2, 22, title, size=15, anchor="middle", fill="#000"),
    ]
    if many:
        keys = [(swatch(SERIES[k][0], SERIES[k][2]), label) for k, label in enumerate(series)]
        parts.append(legend(keys, _WIDTH, _SIZE, top=32)[0])
    parts.append(_axes(top, plot_top))
    group_w = (x1 - x0) / len(outcomes)
    bar_w = 0.8 * group_w / len(series)
    for j, outcome in enumerate(outcomes):
        centre = x0 + (j + 0.5) * group_w
        shown = names.get(outcome, str(outcome))
        parts.append(text(centre, y1 + 17, shown, size=_SIZE - 1, fill=_INK, anchor="middle"))
        for k, (label, dist) in enumerate(series.items()):
            p = dist.get(outcome, Fraction(0))
            tall = float(p) / top * height
            x = centre + (k - len(series) / 2) * bar_w
            colour, _, pattern = SERIES[k % len(SERIES)]
            parts.append(_bar(x, y1 - tall, bar_w, tall, colour, pattern, label, shown, p))
            if labelled:
                parts.append(
                    text(
                        x + bar_w / 2,
                        y1 - tall - 5,
                        percent(p),
                        size=_SIZE - 1,
                        fill="#000",
                        anchor="middle",
                    )
                )
    parts.append(text((x0 + x1) / 2, _HEIGHT - 10, xlabel, size=_SIZE, fill=_INK, anchor="middle"))
    if labelled:
        y = y1 - float(PAYS) / top * height
        parts.append(line(x0, y, x1, y, stroke="#595959", stroke_width=1.2, stroke_dasharray="6 4"))
        parts.append(text(x0 + 6, plot_top + 4, pays_note(), size=_SIZE - 1, fill="#4d4d4d"))
    return "".join(parts)


@functools.lru_cache(maxsize=16)
def _axes(top: float, plot_top: float) -> str:
    """The chance axis from 0 to `top`: its grid lines, percentages and word."""
    x0, x1, y1 = _LEFT, _WIDTH - _RIGHT, _HEIGHT - _BOTTOM
    height = y1 - plot_top
    step = 0.05 if top <= 0.3 else 0.2
    parts = []
    for tick in (k * step for k in range(int(top / step + 1e-9) + 1)):
        y = y1 - tick / top * height
        parts.append(line(x0, y, x1, y, stroke="#d9d9d9" if tick else _INK, stroke_width=1))
        parts.append(text(x0 - 6, y + 4.5, f"{tick:.0%}", size=_SIZE - 1, fill=_INK, anchor="end"))
    middle = (plot_top + y1) / 2
    parts.append(
        text(
            16,
            middle,
            "chance",
            size=_SIZE,
            fill=_INK,
            anchor="middle",
            transform=f"rotate(-90 16 {middle:.1f})",
        )
    )
    return "".join(parts)


@functools.lru_cache(maxsize=1024)
def _bar(
    x: float,
    y: float,
    width: float,
    tall: float,
    colour: str,
    pattern: str,
    label: str,
    outcome: str,
    p: Fraction,
) -> str:
    """One bar, filled with its series' colour and pattern, saying its percentage when
    pointed at."""
    said = element("title", html.escape(f"{label}, {outcome}: {percent(p)}", quote=False))
    drawn = [rect(x, y, width, tall, fill=colour, stroke="#1a1a1a", stroke_width=0.6)]
    if pattern != "plain":
        drawn.append(rect(x, y, width, tall, fill=fill(pattern), stroke="none"))
    return group([said, *drawn], class_="bar", data_series=label, data_outcome=outcome)
