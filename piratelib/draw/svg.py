"""Pictures as SVG text, for apps that redraw on every click.

Saving a matplotlib figure as PNG takes a large part of a second; an app must answer
within a click's time (about 100 ms). So an app's picture is SVG written as text, built
from the same geometry and style as its matplotlib drawing (each game's ``style``
module), the way python-chess's ``chess.svg`` writes a board: the part that never changes
(the Map's coast and routes, the sea grid, the seating circle) is written once and kept,
and each click writes only the marks on top. No matplotlib is needed.

The picture is drawn at its own size in pixels (one SVG unit is one pixel), so a text's
size is the size a reader sees; :func:`text` refuses anything under 12 px. Its alt text is
the SVG's accessible name (``role="img"``, ``aria-label`` and ``<title>``).

Examples
--------
>>> body = circle(10, 10, 5, fill="#0072B2") + text(20, 14, "Ocracoke & Bath")
>>> shown = svg(120, 20, body, alt="A blue dot by Ocracoke")
>>> shown.startswith("<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 120 20' ")
True
>>> "<text x='20' y='14' font-size='13' fill='#000'>Ocracoke &amp; Bath</text>" in shown
True
"""

from __future__ import annotations

import base64
import html
import re
from collections.abc import Iterable

from piratelib.errors import PiratelibError, check_number

__all__ = [
    "SMALLEST",
    "as_img",
    "circle",
    "element",
    "group",
    "line",
    "path",
    "polygon",
    "rect",
    "svg",
    "text",
]

SMALLEST = 12
"""The smallest text, in pixels, a picture may write (the apps' readable size)."""
_LARGEST = 10_000


def svg(width: float, height: float, body: str, *, alt: str, css: str = "") -> str:
    """Return a whole SVG picture `width` by `height` pixels around `body`, named by `alt`.

    It shrinks to fit a narrow page (``max-width:100%``) and never grows.

    Examples
    --------
    >>> svg(10, 10, "", alt="Nothing")[-49:]
    "aria-label='Nothing'><title>Nothing</title></svg>"
    >>> svg(0, 10, "", alt="x")
    Traceback (most recent call last):
    ...
    piratelib.errors.PiratelibError: width must be a number from 1 to 10000, got 0
    """
    check_number("width", width, 1, _LARGEST)
    check_number("height", height, 1, _LARGEST)
    for what, value in (("body", body), ("alt", alt), ("css", css)):
        if not isinstance(value, str):
            raise PiratelibError(f"{what} must be text, got {value!r:.80}")
    words = html.escape(alt)
    css_class = f" class='{html.escape(css)}'" if css else ""
    return (
        f"<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 {_n(width)} {_n(height)}' "
        f"width='{_n(width)}' height='{_n(height)}'{css_class} "
        f"style='max-width:100%;height:auto' role='img' aria-label='{words}'>"
        f"<title>{words}</title>{body}</svg>"
    )


def as_img(picture: str) -> str:
    """Return each SVG picture in `picture` (HTML) as an ``<img>`` of it, its alt text
    kept: for a stored output, which GitHub's notebook view shows without inline SVG.

    Examples
    --------
    >>> shown = as_img("<p>x</p>" + svg(10, 10, circle(5, 5, 2), alt="A dot"))
    >>> shown.startswith("<p>x</p><img alt='A dot' width='10' src='data:image/svg+xml;base64,")
    True
    """

    def img(match: re.Match[str]) -> str:
        found = match[0]
        alt = _LABEL.search(found)
        width = _WIDTH.search(found)
        data = base64.b64encode(found.encode()).decode("ascii")
        return (
            f"<img alt='{alt[1] if alt else ''}' width='{width[1] if width else ''}' "
            f"src='data:image/svg+xml;base64,{data}' style='max-width:100%'>"
        )

    return _SVG.sub(img, picture)


_SVG = re.compile(r"<svg\b[^>]*>.*?</svg>", re.DOTALL)
_LABEL = re.compile(r"aria-label='([^']*)'")
_WIDTH = re.compile(r"\bwidth='([\d.]+)'")


def element(tag: str, content: str = "", /, **attrs: object) -> str:
    """Return one SVG element; an attribute's ``_`` is written ``-``, ``None`` is left out.

    `content` is SVG already (escape words with :func:`text`).

    Examples
    --------
    >>> element("rect", x=1.25, y=0, stroke_width=2, fill=None)
    "<rect x='1.2' y='0' stroke-width='2'/>"
    """
    written = "".join(
        f" {key.rstrip('_').replace('_', '-')}='{_value(value)}'"
        for key, value in attrs.items()
        if value is not None
    )
    return f"<{tag}{written}>{content}</{tag}>" if content else f"<{tag}{written}/>"


def text(
    x: float,
    y: float,
    words: str,
    *,
    size: float = 13,
    fill: str = "#000",
    anchor: str | None = None,
    **attrs: object,
) -> str:
    """Return `words` (escaped) at (x, y), `size` pixels high; `anchor` is
    ``"middle"`` or ``"end"`` to centre or right-align it.

    Examples
    --------
    >>> text(0, 0, "Bath", size=14, anchor="middle")
    "<text x='0' y='0' font-size='14' fill='#000' text-anchor='middle'>Bath</text>"
    >>> text(0, 0, "tiny", size=9)
    Traceback (most recent call last):
    ...
    piratelib.errors.PiratelibError: text size (px) must be a number from 12 to 10000, got 9
    """
    check_number("text size (px)", size, SMALLEST, _LARGEST)
    for what, at in (("x", x), ("y", y)):
        check_number(what, at, -_LARGEST, _LARGEST)
    if not isinstance(words, str):
        raise PiratelibError(f"words must be text, got {words!r:.80}")
    escaped = html.escape(words, quote=False) or " "
    return element(
        "text", escaped, x=x, y=y, font_size=size, fill=fill, text_anchor=anchor, **attrs
    )


def circle(x: float, y: float, r: float, **attrs: object) -> str:
    """Return a circle of radius `r` centred on (x, y)."""
    return element("circle", cx=x, cy=y, r=r, **attrs)


def rect(x: float, y: float, width: float, height: float, **attrs: object) -> str:
    """Return a rectangle whose top left corner is (x, y)."""
    return element("rect", x=x, y=y, width=width, height=height, **attrs)


def line(x1: float, y1: float, x2: float, y2: float, **attrs: object) -> str:
    """Return a straight line from (x1, y1) to (x2, y2)."""
    return element("line", x1=x1, y1=y1, x2=x2, y2=y2, **attrs)


def polygon(points: Iterable[tuple[float, float]], **attrs: object) -> str:
    """Return a closed shape through `points`.

    Examples
    --------
    >>> polygon([(0, 0), (4, 0), (2, 3.5)], fill="#000")
    "<polygon points='0,0 4,0 2,3.5' fill='#000'/>"
    """
    return element("polygon", points=_points(points), **attrs)


def path(points: Iterable[tuple[float, float]], **attrs: object) -> str:
    """Return an open line through `points` (a route, a ship's path).

    Examples
    --------
    >>> path([(0, 0), (4, 0), (4, 3)], stroke="#000")
    "<path d='M0,0 L4,0 L4,3' stroke='#000' fill='none'/>"
    """
    steps = _points(points).split(" ")
    d = "M" + " L".join(steps) if steps != [""] else ""
    attrs.setdefault("fill", "none")
    return element("path", d=d, **attrs)


def group(parts: Iterable[str], **attrs: object) -> str:
    """Return `parts` in one group, which `attrs` (a class, a transform) apply to."""
    return element("g", "".join(parts) or " ", **attrs)


def _points(points: Iterable[tuple[float, float]]) -> str:
    """The points as SVG writes them; a point that is not an (x, y) pair is refused."""
    given: object = points  # a caller may pass anything
    if isinstance(given, str | bytes) or not isinstance(given, Iterable):
        raise PiratelibError(f"points must be (x, y) pairs, got {given!r:.80}")
    points = list(points)
    for point in points:
        if not (isinstance(point, tuple | list) and len(point) == 2):
            raise PiratelibError(f"points must be (x, y) pairs, got {point!r:.80}")
        for at in point:
            check_number("a point's coordinate", at, -_LARGEST, _LARGEST)
    return " ".join(f"{_n(x)},{_n(y)}" for x, y in points)


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return _n(value)
    return html.escape(str(value))


def _n(value: float) -> str:
    """A number in at most one decimal, with no trailing zeros: ``2.0`` is ``2``."""
    shown = f"{value:.1f}".rstrip("0").rstrip(".")
    return "0" if shown in ("-0", "") else shown
