"""Bar charts as plain HTML, for apps that redraw on every click.

A matplotlib picture takes tens of milliseconds to save as PNG; an app that must answer
within a blink (the Encounter calculator) draws its bars as HTML instead: each bar a
coloured box whose width is its share of the longest, with its value written beside it.
The words are in the page, so a screen reader reads the chart itself (no alt text needed),
and the legend sits above the bars, never on them.

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
from collections.abc import Iterable, Sequence

from piratelib.errors import PiratelibError, check_number

__all__ = ["COLOURS", "hbars_html"]

COLOURS = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9")
"""Series colours: the Okabe-Ito palette, safe for colour-blind readers."""
_UP, _DOWN = "#009E73", "#D55E00"


def hbars_html(
    rows: Sequence[tuple[str, Sequence[tuple[float, str]]]],
    *,
    legend: Sequence[str] = (),
    title: str = "",
    css: str = "",
) -> str:
    """Horizontal bars as HTML: one row per label, one bar per series in each row.

    Parameters
    ----------
    rows : sequence of (label, bars)
        Each bar is (value, text): its length is `value` over the largest size of any bar,
        and `text` is written at its end.
    legend : sequence of str
        The series' names, in the order of each row's bars (drawn above the bars). With
        one series and no legend, a negative value is drawn leftwards in vermillion and a
        positive one rightwards in green (a signed chart, such as a change in points).
    title : str
    css : str
        A CSS class for the chart's box.

    Examples
    --------
    A signed chart: the change each tile makes.

    >>> shown = hbars_html([("+ Cannon", [(0.05, "+5.0 points")]), ("+ Grape", [(-0.02, "")])])
    >>> "#009E73" in shown and "#D55E00" in shown and "justify-content:flex-end" in shown
    True
    """
    _check_rows(rows, legend, title, css)
    largest = max((abs(v) for _, bars in rows for v, _ in bars), default=0) or 1
    signed = not legend and any(v < 0 for _, bars in rows for v, _ in bars)
    keys = "".join(
        f"<span style='margin-right:1em'><span style='display:inline-block;width:0.9em;"
        f"height:0.9em;background:{COLOURS[k % len(COLOURS)]};vertical-align:middle'>"
        f"</span> {html.escape(name)}</span>"
        for k, name in enumerate(legend)
    )
    body = "".join(
        f"<div style='display:flex;align-items:center;margin:0.15em 0'>"
        f"<div style='width:11em;text-align:right;padding-right:0.6em'>{html.escape(label)}"
        f"</div><div style='flex:1'>"
        + "".join(
            _bar(value / largest, text, k, legend, signed) for k, (value, text) in enumerate(bars)
        )
        + "</div></div>"
        for label, bars in rows
    )
    return (
        f"<div class='{html.escape(css)}' style='max-width:640px'>"
        + (f"<p style='margin:0.2em 0'><b>{html.escape(title)}</b></p>" if title else "")
        + (f"<p style='margin:0.2em 0'>{keys}</p>" if keys else "")
        + body
        + "</div>"
    )


def _bar(share: float, text: str, k: int, legend: Sequence[str], signed: bool) -> str:
    """One bar: a box `share` of the full width (of each half, for a signed chart)."""
    width = f"{abs(share) * (50 if signed else 80):.1f}%"
    colour = (_DOWN if share < 0 else _UP) if signed else COLOURS[k % len(COLOURS)]
    box = (
        "<span style='display:inline-block;height:0.95em;"
        f"width:{width};background:{colour}'></span>"
    )
    said = f"<span style='margin:0 0.4em'>{html.escape(text)}</span>"
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
