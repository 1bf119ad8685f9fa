"""Bar charts as HTML and SVG text, for apps that redraw on every click.

A matplotlib picture takes a large part of a second to save as PNG; an app must answer
within a click's time, so its bars are text: :func:`hbars_html` draws horizontal bars as
HTML boxes (each bar's width its share of the longest, its value written beside it), and
:func:`distribution_bars_svg` draws exact distributions as grouped vertical bars in SVG
(:mod:`piratelib.draw.svg`), the picture :func:`~piratelib.draw.charts.distribution_bars`
draws with matplotlib. Both drawings take their series' colours and patterns from here
(:data:`COLOURS`, :data:`PATTERNS`): the second series is striped, the third dotted, so
no series is told by colour alone. The legend sits above the bars, never on them.
:func:`bars_alt` says what a distribution chart shows, in words (its alt text).

Examples
--------
>>> shown = hbars_html(
...     [("Hunters win", [(0.311, "31.1%"), (0.4, "40.0%")])],
...     legend=["setup A", "setup B"],
...     title="How it ends",
... )
>>> "setup A" in shown and "31.1%" in shown and "width:80.0%" in shown
True
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from piratelib.draw import svg
from piratelib.errors import PiratelibError, check_number

__all__ = [
    "COLOURS",
    "PATTERNS",
    "bars_alt",
    "check_series",
    "distribution_bars_svg",
    "hbars_html",
]

COLOURS = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9")
"""Series colours: the Okabe-Ito palette, safe for colour-blind readers."""
PATTERNS = ("", "//", "..", "\\\\")
"""Each series' pattern over its colour, as matplotlib hatches: none, stripes, dots, and
stripes the other way (then again, with the next colours)."""
_UP, _DOWN = "#009E73", "#D55E00"
_PLOT = 588
"""The plot's width in pixels in :func:`distribution_bars_svg` (a 654 px picture)."""
_LABEL = 40
"""The narrowest bar slot, in pixels, that a percentage at 12 px fits over."""


def hbars_html(
    rows: Sequence[tuple[str, Sequence[tuple[float, str]]]],
    *,
    legend: Sequence[str] = (),
    title: str = "",
    css: str = "",
    full: float | None = None,
    alt: str = "",
) -> str:
    """Horizontal bars as HTML: one row per label, one bar per series in each row.

    Parameters
    ----------
    rows : sequence of (label, bars)
        Each bar is (value, text): its length is `value` over `full`, and `text` is
        written at its end.
    legend : sequence of str
        The series' names, in the order of each row's bars (drawn above the bars, each
        with its colour and pattern). With one series and no legend, a negative value is
        drawn leftwards in vermillion and a positive one rightwards in green (a signed
        chart, such as a change in points).
    title : str
    css : str
        A CSS class for the chart's box.
    full : float, optional
        The value of a bar the full width (default: the largest size of any bar).
    alt : str
        The chart in words: when given, the chart is one picture (``role="img"``) with
        these words as its accessible name.

    Examples
    --------
    A signed chart: the change each tile makes.

    >>> shown = hbars_html([("+ Cannon", [(0.05, "+5.0 points")]), ("+ Grape", [(-0.02, "")])])
    >>> "#009E73" in shown and "#D55E00" in shown and "justify-content:flex-end" in shown
    True

    Shares of 100%, named in words:

    >>> shown = hbars_html([("4 players", [(0.3, "30%")])], full=1, alt="Win rates: 30%.")
    >>> "width:24.0%" in shown, "role='img' aria-label='Win rates: 30%.'" in shown
    (True, True)
    """
    _check_rows(rows, legend, title, css)
    if not isinstance(alt, str):
        raise PiratelibError(f"alt must be text, got {alt!r:.80}")
    if full is not None:
        check_number("full (the value of a full bar)", full, 1e-12, 1e12)
    largest = full or max((abs(v) for _, bars in rows for v, _ in bars), default=0) or 1
    signed = not legend and any(v < 0 for _, bars in rows for v, _ in bars)
    keys = "".join(
        f"<span style='margin-right:1em'><span style='display:inline-block;width:0.9em;"
        f"height:0.9em;background:{_fill_css(k)};vertical-align:middle;"
        f"outline:1px solid {COLOURS[k % len(COLOURS)]}'></span> {html.escape(name)}</span>"
        for k, name in enumerate(legend)
    )
    body = "".join(
        f"<div style='display:flex;align-items:center;margin:0.15em 0'>"
        f"<div style='width:11em;text-align:right;padding-right:0.6em'>{html.escape(label)}"
        f"</div><div style='flex:1'>"
        + "".join(_bar(value / largest, text, k, signed) for k, (value, text) in enumerate(bars))
        + "</div></div>"
        for label, bars in rows
    )
    named = f" role='img' aria-label='{html.escape(alt)}'" if alt else ""
    return (
        f"<div class='{html.escape(css)}'{named} style='max-width:640px'>"
        + (f"<p style='margin:0.2em 0'><b>{html.escape(title)}</b></p>" if title else "")
        + (f"<p style='margin:0.2em 0'>{keys}</p>" if keys else "")
        + body
        + "</div>"
    )


def distribution_bars_svg(
    series: Mapping[str, Mapping[Any, Fraction]],
    *,
    title: str,
    xlabel: str,
    outcome_names: Mapping[Any, str] | None = None,
    outcomes: Sequence[Any] | None = None,
    css: str = "",
) -> str:
    """Exact distributions as grouped vertical bars in SVG, each bar's percentage above it.

    The picture :func:`~piratelib.draw.charts.distribution_bars` draws, as text: one group
    of bars per outcome, one bar per series (its colour and pattern from :data:`COLOURS`
    and :data:`PATTERNS`, named in the legend above), on a scale of 0 to 100%. It is 654
    pixels wide, wider when the percentages need more room; its accessible name is
    :func:`bars_alt`'s words.

    Parameters
    ----------
    series : mapping of label to distribution
        Each distribution maps an outcome to its exact probability.
    title, xlabel : str
    outcome_names : mapping of outcome to str, optional
        Names for outcomes that read better as words (e.g. ``{0: "no dice"}``).
    outcomes : sequence, optional
        The outcomes to show, in order (default: every outcome, sorted).
    css : str
        A CSS class for the ``<svg>``.

    Raises
    ------
    PiratelibError
        If `series` does not map labels to distributions of chances from 0 to 1, or the
        words are not text.

    Examples
    --------
    >>> from piratelib.dice import highest_die
    >>> shown = distribution_bars_svg(
    ...     {"3 dice": highest_die(3), "2 dice": highest_die(2)},
    ...     title="Highest die",
    ...     xlabel="highest single die",
    ... )
    >>> "aria-label='Bar chart, Highest die. 3 dice: likeliest 6, 42.1%;" in shown
    True
    >>> ">42.1%</text>" in shown and ">30.6%</text>" in shown  # 91/216 and 11/36
    True
    >>> distribution_bars_svg({"d6": {1: 2}}, title="t", xlabel="x")
    Traceback (most recent call last):
      ...
    piratelib.errors.PiratelibError: the chances of 'd6' must be a number from 0 to 1, got 2
    """
    from piratelib.words import percent

    alt = bars_alt(series, title=title, outcome_names=outcome_names)  # checks the series
    for name, words in (("xlabel", xlabel), ("css", css)):
        if not isinstance(words, str):
            raise PiratelibError(f"{name} must be text, got {words!r:.80}")
    names = outcome_names or {}
    if outcomes is None:
        outcomes = sorted({outcome for dist in series.values() for outcome in dist})
    n = max(len(series), 1)
    group = max(_PLOT / max(len(outcomes), 1), n * _LABEL + 14)
    left, top, tall = 58, 76, 180
    bottom = top + tall
    width = left + group * len(outcomes) + 8
    parts = [svg.text(4, 18, title, size=15, font_weight="bold"), *_keys(list(series), 4, 42)]
    for share in (0, 0.25, 0.5, 0.75, 1):
        y = bottom - share * tall
        parts.append(svg.line(left, y, width - 8, y, stroke="#d0d0d0" if share else "#333"))
        parts.append(svg.text(left - 6, y + 4, f"{share:.0%}", size=12, anchor="end"))
    slot = min(44.0, (group - 14) / n)
    for j, outcome in enumerate(outcomes):
        x0 = left + j * group + (group - slot * n) / 2
        for k, dist in enumerate(series.values()):
            p = dist.get(outcome, Fraction(0))
            high = float(p) * tall
            x = x0 + k * slot
            if p:
                parts.append(svg.rect(x + 1, bottom - high, slot - 2, high, **_fill_svg(k)))
                parts.append(
                    svg.text(x + slot / 2, bottom - high - 5, percent(p), size=12, anchor="middle")
                )
        said = names.get(outcome, str(outcome))
        parts.append(svg.text(left + (j + 0.5) * group, bottom + 17, said, anchor="middle"))
    parts.append(svg.text(left + (width - left) / 2, bottom + 38, xlabel, anchor="middle"))
    parts.append(
        svg.text(
            14,
            top + tall / 2,
            "chance",
            anchor="middle",
            transform=f"rotate(-90 14 {top + tall / 2})",
        )
    )
    return svg.svg(width, bottom + 46, _patterns(n) + "".join(parts), alt=alt, css=css)


def bars_alt(
    series: Mapping[str, Mapping[Any, Fraction]],
    *,
    title: str,
    outcome_names: Mapping[Any, str] | None = None,
) -> str:
    """Say in words what a distribution chart draws: each series' likeliest outcome.

    The alt text of :func:`~piratelib.draw.charts.distribution_bars` and
    :func:`distribution_bars_svg`.

    Examples
    --------
    >>> from piratelib.dice import highest_die
    >>> print(
    ...     bars_alt(
    ...         {"3 dice": highest_die(3), "no dice": highest_die(0)},
    ...         title="Best die",
    ...         outcome_names={0: "no dice"},
    ...     )
    ... )
    Bar chart, Best die. 3 dice: likeliest 6, 42.1%; least likely 1, 0.5%. no dice: always no dice.
    """
    from piratelib.words import percent

    check_series(series, outcome_names)
    if not isinstance(title, str):
        raise PiratelibError(f"title must be text, got {title!r:.80}")
    outcome_names = outcome_names or {}
    parts = [f"Bar chart, {title}."]
    for label, dist in series.items():
        shown = {o: p for o, p in dist.items() if p > 0}
        if len(shown) == 1:
            (only,) = shown
            parts.append(f"{label}: always {outcome_names.get(only, only)}.")
            continue
        top = max(shown, key=lambda o: shown[o])
        low = min(shown, key=lambda o: shown[o])
        parts.append(
            f"{label}: likeliest {outcome_names.get(top, top)}, {percent(shown[top])}; "
            f"least likely {outcome_names.get(low, low)}, {percent(shown[low])}."
        )
    return " ".join(parts)


def check_series(series: object, outcome_names: object = None) -> None:
    """Raise PiratelibError unless `series` maps labels to distributions (outcome to a
    probability from 0 to 1) and `outcome_names`, if given, maps outcomes to names.

    Examples
    --------
    >>> check_series({"d2": {1: 0.5, 2: 0.5}})
    >>> check_series([0.5, 0.5])
    Traceback (most recent call last):
      ...
    piratelib.errors.PiratelibError: series must map each label to a distribution (outcome: \
chance), got [0.5, 0.5]
    """
    if not isinstance(series, Mapping) or not all(
        isinstance(dist, Mapping) for dist in series.values()
    ):
        raise PiratelibError(
            f"series must map each label to a distribution (outcome: chance), got {series!r}"
        )
    for label, dist in series.items():
        for p in dist.values():
            check_number(f"the chances of {label!r}", p, 0, 1)
    if outcome_names is not None and not isinstance(outcome_names, Mapping):
        raise PiratelibError(f"outcome_names must map outcomes to names, got {outcome_names!r}")


def _keys(names: Sequence[str], x: float, y: float) -> list[str]:
    """The legend in a row from (x, y): each series' swatch, then its name."""
    parts = []
    for k, name in enumerate(names):
        parts.append(svg.rect(x, y - 12, 14, 14, **_fill_svg(k)))
        parts.append(svg.text(x + 20, y, name))
        x += 20 + 8 * len(name) + 22  # about 0.6 em a letter at 13 px
    return parts


def _fill_svg(k: int) -> dict[str, object]:
    """The fill and outline of series `k`'s bars: its colour, or its pattern over it."""
    colour = COLOURS[k % len(COLOURS)]
    fill = f"url(#{_pattern_id(k)})" if PATTERNS[k % len(PATTERNS)] else colour
    return {"fill": fill, "stroke": colour, "stroke_width": 1}


def _patterns(n: int) -> str:
    """SVG definitions of the first `n` series' patterns."""
    shapes = []
    for k in range(n):
        hatch, colour = PATTERNS[k % len(PATTERNS)], COLOURS[k % len(COLOURS)]
        if not hatch:
            continue
        ground = svg.rect(0, 0, 6, 6, fill=colour)
        mark = (
            svg.circle(3, 3, 1.3, fill="#ffffff")
            if hatch == ".."
            else svg.line(3, 0, 3, 6, stroke="#ffffff", stroke_width=2)
        )
        turn = {"//": "rotate(45)", "\\\\": "rotate(-45)"}.get(hatch)
        shapes.append(
            svg.element(
                "pattern",
                ground + mark,
                id=_pattern_id(k),
                width=6,
                height=6,
                patternUnits="userSpaceOnUse",
                patternTransform=turn,
            )
        )
    return svg.element("defs", "".join(shapes)) if shapes else ""


def _pattern_id(k: int) -> str:
    """The id of series `k`'s pattern (the same pattern wherever it is on a page)."""
    return f"piratelib-pattern-{k % len(PATTERNS)}-{COLOURS[k % len(COLOURS)][1:]}"


def _fill_css(k: int) -> str:
    """Series `k`'s colour, or its pattern over it, as a CSS background."""
    hatch, colour = PATTERNS[k % len(PATTERNS)], COLOURS[k % len(COLOURS)]
    if hatch == "..":
        return f"radial-gradient(circle, #fff 1.3px, transparent 1.6px) 0 0/6px 6px, {colour}"
    if hatch:
        angle = 45 if hatch == "//" else -45
        return f"repeating-linear-gradient({angle}deg, {colour} 0 3px, #fff 3px 5px)"
    return colour


def _bar(share: float, text: str, k: int, signed: bool) -> str:
    """One bar: a box `share` of the full width (of each half, for a signed chart)."""
    width = f"{abs(share) * (50 if signed else 80):.1f}%"
    colour = (_DOWN if share < 0 else _UP) if signed else _fill_css(k)
    box = (
        "<span style='display:inline-block;height:0.95em;"
        f"width:{width};background:{colour}'></span>"
    )
    said = f"<span style='margin:0 0.4em;white-space:nowrap'>{html.escape(text)}</span>"
    if not signed:
        return f"<div style='display:flex;align-items:center'>{box}{said}</div>"
    left = f"{said}{box}" if share < 0 else ""
    right = f"{box}{said}" if share >= 0 else ""
    return (
        "<div style='display:flex;align-items:center'>"
        f"<div style='width:50%;display:flex;justify-content:flex-end;align-items:center;"
        f"border-right:1px solid #555'>{left}</div>"
        f"<div style='width:50%;display:flex;align-items:center'>{right}</div></div>"
    )


def _check_rows(
    rows: Iterable[object], legend: Iterable[object], title: object, css: object
) -> None:
    """Raise PiratelibError unless `rows` are (label, [(number, text), ...]) pairs and the
    legend, title and css are text."""
    for name, value in (("title", title), ("css", css)):
        if not isinstance(value, str):
            raise PiratelibError(f"{name} must be text, got {value!r}")
    if isinstance(legend, str) or not all(isinstance(x, str) for x in legend):
        raise PiratelibError(f"legend must be a list of text, got {legend!r}")
    shape = "rows must be (label, [(number, text), ...]) pairs"
    if isinstance(rows, str | bytes):
        raise PiratelibError(f"{shape}, got {rows!r}")
    for row in rows:
        if not (isinstance(row, tuple | list) and len(row) == 2 and isinstance(row[0], str)):
            raise PiratelibError(f"{shape}, got {row!r}")
        for bar in row[1]:
            if not (isinstance(bar, tuple | list) and len(bar) == 2 and isinstance(bar[1], str)):
                raise PiratelibError(f"{shape}, got the bar {bar!r}")
            check_number(f"the bar {bar[1]!r}", bar[0], -1e12, 1e12)
