"""Matplotlib pictures of piratelib's answers: odds now, maps and tables as games arrive.

Drawing stays at the edge: rule modules never import this one, and it builds
:class:`matplotlib.figure.Figure` objects directly (no ``pyplot`` state), so pictures work
the same in a notebook, in Voila, in a test and on a server with no screen.
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from fractions import Fraction

from matplotlib.figure import Figure

__all__ = ["distribution_bars", "png"]


def distribution_bars(
    series: Mapping[str, Mapping[int, Fraction]],
    *,
    title: str,
    xlabel: str,
    outcome_names: Mapping[int, str] | None = None,
) -> Figure:
    """Draw one or more distributions as grouped bars, one colour per series.

    Parameters
    ----------
    series : mapping of label to distribution
        Each distribution maps an outcome to its exact probability.
    title, xlabel : str
        Text for the chart.
    outcome_names : mapping of outcome to str, optional
        Tick labels for outcomes that read better as words (e.g. ``{0: "no dice"}``).

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
    outcome_names = outcome_names or {}
    outcomes = sorted({outcome for dist in series.values() for outcome in dist})
    fig = Figure(figsize=(6, 3), layout="constrained")
    ax = fig.add_subplot()
    width = 0.8 / max(len(series), 1)
    for i, (label, dist) in enumerate(series.items()):
        offsets = [j + (i - (len(series) - 1) / 2) * width for j in range(len(outcomes))]
        heights = [float(dist.get(outcome, 0)) for outcome in outcomes]
        ax.bar(offsets, heights, width=width, label=label)
    ax.set_xticks(range(len(outcomes)), [outcome_names.get(o, str(o)) for o in outcomes])
    ax.set_xlabel(xlabel)
    ax.set_ylabel("probability")
    ax.set_ylim(0, 1)
    ax.set_title(title)
    ax.legend(loc="upper left")
    return fig


def png(fig: Figure) -> bytes:
    """Return `fig` rendered as PNG bytes, ready for an ``ipywidgets.Image``.

    Examples
    --------
    >>> png(Figure()).startswith(b"\\x89PNG")
    True
    """
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=90)
    return buffer.getvalue()
