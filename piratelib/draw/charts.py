"""Charts any game draws: exact distributions as bars, tables of odds as a heatmap, and PNG.

Each function builds a :class:`matplotlib.figure.Figure` directly (no ``pyplot`` state), so
a chart works the same in a notebook, in Voila, in a test and on a server with no screen.

- :func:`distribution_bars`: exact distributions as grouped bars.
- :func:`odds_grid`: a table of probabilities as a heatmap.
- :func:`png`: any figure as PNG bytes.
- :func:`image` and :func:`img_html`: a figure with its alt text, for a notebook's output
  (a :class:`Picture`) or for an HTML widget (every picture a reader sees says in words
  what it shows).
- :func:`bars_alt`: what :func:`distribution_bars` draws, in words (its alt text), from
  :mod:`piratelib.draw.charts_html`, which draws the same bars as SVG for apps
  (:func:`~piratelib.draw.charts_html.distribution_bars_svg`) in the same colours and
  patterns.
"""

from __future__ import annotations

import base64
import html
import io
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

import numpy as np
from matplotlib.figure import Figure

from piratelib.draw.charts_html import COLOURS, PATTERNS, bars_alt, check_series
from piratelib.errors import PiratelibError, check_number, check_whole

__all__ = ["Picture", "bars_alt", "distribution_bars", "image", "img_html", "odds_grid", "png"]


def distribution_bars(
    series: Mapping[str, Mapping[Any, Fraction]],
    *,
    title: str,
    xlabel: str,
    outcome_names: Mapping[Any, str] | None = None,
    outcomes: Sequence[Any] | None = None,
    percent_labels: bool = False,
) -> Figure:
    """Draw one or more distributions as grouped bars, one colour and pattern per series
    (:data:`~piratelib.draw.charts_html.COLOURS`, :data:`~piratelib.draw.charts_html.PATTERNS`).

    Parameters
    ----------
    series : mapping of label to distribution
        Each distribution maps an outcome to its exact probability.
    title, xlabel : str
        Text for the chart.
    outcome_names : mapping of outcome to str, optional
        Tick labels for outcomes that read better as words (e.g. ``{0: "no dice"}``).
    outcomes : sequence, optional
        The outcomes to show, in order (default: every outcome, sorted).
    percent_labels : bool
        Write each bar's percentage above it.

    Examples
    --------
    >>> from piratelib.dice import highest_die
    >>> fig = distribution_bars(
    ...     {"3 dice": highest_die(3), "2 dice": highest_die(2)},
    ...     title="Highest die",
    ...     xlabel="highest single die",
    ... )
    >>> [tick.get_text() for tick in fig.axes[0].get_xticklabels()]
    ['1', '2', '3', '4', '5', '6']
    """
    check_series(series, outcome_names)
    outcome_names = outcome_names or {}
    if outcomes is None:
        outcomes = sorted({outcome for dist in series.values() for outcome in dist})
    fig = Figure(figsize=(6 if len(outcomes) < 8 else 8, 3), layout="constrained")
    ax = fig.add_subplot()
    width = 0.8 / max(len(series), 1)
    for i, (label, dist) in enumerate(series.items()):
        offsets = [j + (i - (len(series) - 1) / 2) * width for j in range(len(outcomes))]
        heights = [float(dist.get(outcome, 0)) for outcome in outcomes]
        colour, hatch = COLOURS[i % len(COLOURS)], PATTERNS[i % len(PATTERNS)]
        bars = ax.bar(
            offsets,
            heights,
            width=width,
            label=label,
            color=colour,
            hatch=hatch or None,
            edgecolor="white" if hatch else colour,
        )
        if percent_labels:
            ax.bar_label(bars, labels=[f"{h:.1%}" for h in heights], fontsize=8)
    ax.set_xticks(range(len(outcomes)), [outcome_names.get(o, str(o)) for o in outcomes])
    ax.set_xlabel(xlabel)
    ax.set_ylabel("probability")
    ax.set_ylim(0, 1)
    ax.set_title(title)
    if ax.get_legend_handles_labels()[0]:  # none for no series, or labels matplotlib hides
        ax.legend(loc="upper left")
    return fig


def odds_grid(
    grid: Sequence[Sequence[Fraction]],
    *,
    title: str,
    xlabel: str,
    ylabel: str,
) -> Figure:
    """Draw a table of probabilities as a heatmap, each cell written as a percentage.

    Row i and column j of `grid` are drawn at y = i, x = j, so counts from 0 read upwards.

    Examples
    --------
    >>> from piratelib.dice import highest_die_contest as p
    >>> grid = [[p(a, b, a_wins_ties=False) for a in range(3)] for b in range(3)]
    >>> fig = odds_grid(grid, title="t", xlabel="a", ylabel="b")
    >>> [t.get_text() for t in fig.axes[0].texts][:3]
    ['0%', '100%', '100%']
    >>> odds_grid([[0.5], [0.5, 0.5]], title="t", xlabel="a", ylabel="b")
    Traceback (most recent call last):
      ...
    piratelib.errors.PiratelibError: grid must be rows of equal length ... got [[0.5], [0.5, 0.5]]
    """
    _check_grid(grid)
    for name, text in (("title", title), ("xlabel", xlabel), ("ylabel", ylabel)):
        if not isinstance(text, str):
            raise PiratelibError(f"{name} must be text, got {text!r:.80}")
    fig = Figure(figsize=(5.2, 4.4), layout="constrained")
    ax = fig.add_subplot()
    values = np.array([[float(p) for p in row] for row in grid])
    image = ax.imshow(values, origin="lower", cmap="RdYlBu_r", vmin=0, vmax=1)
    for (i, j), value in np.ndenumerate(values):
        colour = "white" if abs(value - 0.5) > 0.3 else "black"
        ax.text(j, i, f"{value:.0%}", ha="center", va="center", fontsize=8, color=colour)
    ax.set_xticks(range(values.shape[1]))
    ax.set_yticks(range(values.shape[0]))
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    fig.colorbar(image, ax=ax, shrink=0.8, label="probability")
    return fig


def png(fig: Figure, *, dpi: int = 90) -> bytes:
    """Return `fig` rendered as PNG bytes, ready for an ``ipywidgets.Image``.

    Examples
    --------
    >>> png(Figure()).startswith(b"\\x89PNG")
    True
    """
    if not isinstance(fig, Figure):
        raise PiratelibError(f"expected a matplotlib Figure to render, got {fig!r}")
    check_whole("dpi", dpi, 10, 1200)
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=dpi)
    return buffer.getvalue()


def image(fig: Figure, alt: str, *, dpi: int = 90, colours: int | None = 128) -> Picture:
    """Return `fig` as a :class:`Picture` that carries `alt` text, for a notebook cell.

    With `colours`, the PNG keeps at most that many colours (a palette PNG, about a
    quarter of the bytes), so a picture stored in a notebook stays small; None keeps
    every colour.

    Raises
    ------
    PiratelibError
        If `alt` is blank: every picture says in words what it shows.

    Examples
    --------
    >>> picture = image(Figure(figsize=(1, 1)), "An empty square.")
    >>> picture.alt, picture.data.startswith(b"\\x89PNG")
    ('An empty square.', True)
    """
    data = png(fig, dpi=dpi)
    if colours is not None:
        check_whole("colours", colours, 2, 256)
        data = _palette(data, colours)
    return Picture(data, _alt(alt))


class Picture:
    """PNG bytes with alt text, shown by Jupyter as an ``<img>`` that keeps its alt.

    The output holds the picture twice: as ``image/png`` with its ``alt`` in the output's
    metadata (where nbformat tools look), and as ``text/html``, an ``<img alt=...>``, which
    JupyterLab and Voila prefer and which keeps the alt text there (their own PNG renderer
    drops it).

    Examples
    --------
    >>> data, metadata = Picture(png(Figure(figsize=(1, 1))), "A square.")._repr_mimebundle_()
    >>> sorted(data), metadata
    (['image/png', 'text/html'], {'image/png': {'alt': 'A square.'}})
    """

    def __init__(self, data: bytes, alt: str) -> None:
        self.data, self.alt = data, _alt(alt)

    def _repr_mimebundle_(
        self, include: object = None, exclude: object = None
    ) -> tuple[dict[str, str], dict[str, dict[str, str]]]:
        """The picture as PNG (alt in the metadata) and as an ``<img>`` tag with alt."""
        data = {
            "image/png": base64.b64encode(self.data).decode("ascii"),
            "text/html": img_html(self.data, self.alt, width="auto"),
        }
        return data, {"image/png": {"alt": self.alt}}


def img_html(fig: Figure | bytes, alt: str, *, width: str = "540px", css: str = "") -> str:
    """Return an ``<img>`` tag showing `fig` (or PNG bytes) with `alt` text, for an HTML widget.

    An ``ipywidgets.Image`` has no alt text, so the apps show their pictures this way. The
    alt text is also the tag's title, which a mouse pointer shows.

    Raises
    ------
    PiratelibError
        If `alt` is blank.

    Examples
    --------
    >>> tag = img_html(Figure(figsize=(1, 1)), "An empty square, 1 inch wide.", css="x")
    >>> tag.startswith("<img class='x' src='data:image/png;base64,iVBOR")
    True
    >>> tag.endswith(
    ...     "alt='An empty square, 1 inch wide.' title='An empty square, 1 inch wide.' "
    ...     "style='width:540px;max-width:100%'>"
    ... )
    True
    """
    data = fig if isinstance(fig, bytes) else png(fig)
    words = html.escape(_alt(alt), quote=True)
    source = base64.b64encode(data).decode("ascii")
    return (
        f"<img class='{css}' src='data:image/png;base64,{source}' alt='{words}' "
        f"title='{words}' style='width:{width};max-width:100%'>"
    )


def _palette(data: bytes, colours: int) -> bytes:
    """PNG `data` again, with at most `colours` colours (no dithering: flat colours stay flat)."""
    from PIL import Image

    picture = Image.open(io.BytesIO(data)).convert("RGB")
    buffer = io.BytesIO()
    picture.quantize(colours, dither=Image.Dither.NONE).save(buffer, "PNG", optimize=True)
    return buffer.getvalue()


def _check_grid(grid: object) -> None:
    """Raise PiratelibError unless `grid` is rows of equal length (at least one row and
    column) of chances from 0 to 1."""
    rows = grid if isinstance(grid, Sequence) and not isinstance(grid, str) else None
    if (
        not rows
        or not all(isinstance(row, Sequence) and not isinstance(row, str) for row in rows)
        or not rows[0]
        or any(len(row) != len(rows[0]) for row in rows)
    ):
        raise PiratelibError(
            "grid must be rows of equal length (at least one) of chances from 0 to 1, "
            f"got {grid!r:.80}"
        )
    for row in rows:
        for p in row:
            check_number("a chance in the grid", p, 0, 1)


def _alt(alt: str) -> str:
    """`alt`, checked not to be blank."""
    if not isinstance(alt, str) or not alt.strip():
        raise PiratelibError(f"a picture needs alt text: say in words what it shows, got {alt!r}")
    return alt.strip()
