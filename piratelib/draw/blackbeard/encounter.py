"""Pictures of the Encounter calculator's answers: two setups side by side, and what each
tile is worth.

:func:`compare_bars` draws how the Encounter ends for setups A and B as grouped horizontal
bars, one group per Ending that can happen (an Ending at 0% in every setup is left out),
with the legend to the right of the bars. :func:`tile_worth_bars` draws the change in one Ending's
chance (the Hunters' win, by default) from adding or removing each tile, in percentage
points, sorted. :func:`compare_bars_alt` and :func:`tile_worth_bars_alt` say in words what each
draws; :func:`points` writes a change in percentage points as players read it. Colours are
the Okabe-Ito palette (safe for colour-blind readers), and signs and labels carry the
meaning as well as colour. :func:`roll_odds_grid` and :func:`roll_odds_grid_alt` draw and
say Blackbeard's chance to win one opposed roll (Arrest, Escape, Boarding) for every
number of dice a side.

Examples
--------
>>> from fractions import Fraction
>>> points(Fraction(21, 500)), points(Fraction(-3, 1000)), points(Fraction(0))
('+4.2 points', '\u22120.3 points', 'same')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from piratelib.blackbeard.encounter import Ending
from piratelib.blackbeard.encounter.record import TILE_NAMES
from piratelib.blackbeard.encounter.whatif import TileWorth
from piratelib.draw.charts_html import hbars_html
from piratelib.errors import PiratelibError, check_id, check_number, check_whole
from piratelib.words import percent

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = [
    "ENDING_NAMES",
    "compare_bars",
    "compare_bars_alt",
    "compare_bars_html",
    "points",
    "roll_odds_grid",
    "roll_odds_grid_alt",
    "tile_worth_bars",
    "tile_worth_bars_alt",
    "tile_worth_bars_html",
    "worth_label",
]

ENDING_NAMES = {
    Ending.HUNTERS_WIN: "Hunters win",
    Ending.BLACKBEARD_WINS: "Blackbeard wins",
    Ending.BLACKBEARD_ESCAPES: "Pirates Escape",
    Ending.HUNTERS_ESCAPE: "Hunters Escape",
    Ending.ISRAEL_HANDS_ARRESTED: "Israel Hands arrested",
}
"""Each Ending's short name, for a table's row or a chart's label."""

MINUS = "\u2212"
_SERIES_COLOURS = ("#0072B2", "#E69F00", "#009E73", "#CC79A7")  # Okabe-Ito
_UP, _DOWN = "#009E73", "#D55E00"  # Okabe-Ito bluish green and vermillion
_TO_WIN = {
    Ending.HUNTERS_WIN: "the Hunters' chance to win",
    Ending.BLACKBEARD_WINS: "Blackbeard's chance to win",
    Ending.BLACKBEARD_ESCAPES: "the chance that the pirates Escape",
    Ending.HUNTERS_ESCAPE: "the chance that the Hunters Escape",
    Ending.ISRAEL_HANDS_ARRESTED: "the chance that Israel Hands is arrested",
}


def points(delta: Fraction, *, exact: bool = False) -> str:
    """A change in chance, in percentage points with its sign: "+4.2 points", "same".

    A change too small to show at one decimal is "+ under 0.1 points"; with `exact`, the
    exact change follows in brackets.

    Examples
    --------
    >>> points(Fraction(1, 100000)), points(Fraction(-7, 216), exact=True)
    ('+ under 0.1 points', '\u22123.2 points (exactly \u22127 in 216)')
    """
    check_number("a change in chance", delta, -1, 1)
    if delta == 0:
        return "same"
    sign = "+" if delta > 0 else MINUS
    size = abs(Fraction(delta))
    shown = percent(size).removesuffix("%")
    words = f"{sign} under 0.1 points" if shown.startswith("under") else f"{sign}{shown} points"
    if exact:
        words += f" (exactly {sign}{size.numerator:,} in {size.denominator:,})"
    return words


def worth_label(worth: TileWorth) -> str:
    """A tile-worth record's label: "+ Cannon (Jane)" (added) or "\u2212 Lookouts" (removed).

    Examples
    --------
    >>> print(worth_label(TileWorth("lookouts", "blackbeard", "removed", None)))
    \u2212 Lookouts
    """
    _check_worths([worth], Ending.HUNTERS_WIN)
    return f"{'+' if worth.change == 'added' else MINUS} {worth.name}"


def compare_bars(series: Mapping[str, Mapping[Ending, Fraction]], title: str) -> Figure:
    """Draw how the Encounter ends in each setup as grouped horizontal bars, one group per
    Ending, each bar labelled with its percentage; Endings at 0% in every setup are left
    out, and the legend sits to the right of the bars.

    Parameters
    ----------
    series : mapping of a setup's name ("A", "B") to its distribution of Endings
    title : str

    Examples
    --------
    >>> from piratelib.blackbeard.encounter import Encounter, odds
    >>> jane = odds(Encounter(hunters=frozenset({"jane"}), pirates=frozenset({"adventure"})))
    >>> fig = compare_bars({"A": jane, "B": jane}, "How it ends")
    >>> [t.get_text() for t in fig.axes[0].get_yticklabels()]
    ['Hunters win', 'Blackbeard wins']
    >>> sorted({t.get_text() for t in fig.axes[0].texts})
    ['31.1%', '68.9%']
    """
    _check_series(series, title)
    endings = _shown_endings(series.values())
    tall = 0.28 * max(len(endings), 1) * max(len(series), 1)
    right = 0.55 + 0.075 * max((len(str(label)) for label in series), default=0)
    fig = _figure(6.0, tall, [ENDING_NAMES[e] for e in endings], right=right, xlabel=True)
    ax = fig.axes[0]
    height = 0.8 / max(len(series), 1)
    for i, (label, dist) in enumerate(series.items()):
        ys = [j + (i - (len(series) - 1) / 2) * height for j in range(len(endings))]
        widths = [float(dist.get(e, 0)) for e in endings]
        colour = _SERIES_COLOURS[i % len(_SERIES_COLOURS)]
        bars = ax.barh(ys, widths, height=height, label=label, color=colour)
        labels = [percent(dist.get(e, 0)) for e in endings]
        for bar, text in zip(bars, labels, strict=True):
            ax.text(
                bar.get_width() + 0.01,
                bar.get_y() + bar.get_height() / 2,
                text,
                va="center",
                fontsize=8,
            )
    ax.set_yticks(range(len(endings)), [ENDING_NAMES[e] for e in endings])
    ax.invert_yaxis()
    ax.set_xlim(0, 1.12)
    ax.set_xticks([0, 0.25, 0.5, 0.75, 1], ["0%", "25%", "50%", "75%", "100%"])
    ax.set_xlabel("chance")
    ax.set_title(title)
    if series:
        ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), frameon=False, title="setup")
    ax.spines[["top", "right"]].set_visible(False)
    return fig


def compare_bars_alt(series: Mapping[str, Mapping[Ending, Fraction]], title: str) -> str:
    """Say in words what :func:`compare_bars` draws: each setup's chance of each Ending.

    Examples
    --------
    >>> from piratelib.blackbeard.encounter import Encounter, odds
    >>> jane = odds(Encounter(hunters=frozenset({"jane"}), pirates=frozenset({"adventure"})))
    >>> print(compare_bars_alt({"A": jane}, "How it ends"))
    Bar chart, How it ends. A: Hunters win 31.1%, Blackbeard wins 68.9%.
    """
    _check_series(series, title)
    endings = _shown_endings(series.values())
    parts = [f"Bar chart, {title}."]
    for label, dist in series.items():
        said = ", ".join(f"{ENDING_NAMES[e]} {percent(dist.get(e, 0))}" for e in endings)
        parts.append(f"{label}: {said or 'nothing to show'}.")
    return " ".join(parts)


def tile_worth_bars(worths: Sequence[TileWorth], ending: Ending = Ending.HUNTERS_WIN) -> Figure:
    """Draw the change in `ending`'s chance from adding or removing each tile, in
    percentage points, largest gain at the top: bars up in green, down in vermillion,
    each labelled with its signed change. Refused changes are left out.

    Examples
    --------
    >>> from piratelib.blackbeard.encounter import Encounter
    >>> from piratelib.blackbeard.encounter.whatif import tile_worth
    >>> jane = Encounter(hunters=frozenset({"jane"}), pirates=frozenset({"adventure"}))
    >>> fig = tile_worth_bars(tile_worth(jane))
    >>> [t.get_text() for t in fig.axes[0].get_yticklabels()][:2]
    ['+ Extra Hands (Jane)', '+ Lt Maynard']
    >>> [t.get_text() for t in fig.axes[0].texts][-1]
    '\u221219.9 points'
    """
    _check_worths(worths, ending)
    done = _ranked(worths, ending)
    fig = _figure(6.4, 0.3 * max(len(done), 1), [worth_label(w) for w in done], xlabel=bool(done))
    ax = fig.axes[0]
    ax.set_title(f"Change in {_TO_WIN[ending]}, tile by tile")
    if not done:
        ax.text(0.5, 0.5, "No tile can be added or removed here.", ha="center", va="center")
        ax.set_axis_off()
        return fig
    values = [100 * float(_delta(w, ending)) for w in done]
    colours = [_UP if v > 0 else _DOWN for v in values]
    bars = ax.barh(range(len(done)), values, color=colours, height=0.7)
    reach = max(max(abs(v) for v in values), 1.0)
    for bar, w, v in zip(bars, done, values, strict=True):
        ax.text(
            v + (0.02 * reach if v >= 0 else -0.02 * reach),
            bar.get_y() + bar.get_height() / 2,
            points(_delta(w, ending)),
            ha="left" if v >= 0 else "right",
            va="center",
            fontsize=8,
        )
    ax.set_yticks(range(len(done)), [worth_label(w) for w in done])
    ax.invert_yaxis()
    ax.axvline(0, color="#333", linewidth=0.8)
    ax.set_xlim(-1.45 * reach, 1.45 * reach)
    ax.set_xlabel("percentage points")
    ax.spines[["top", "right"]].set_visible(False)
    return fig


def tile_worth_bars_alt(worths: Sequence[TileWorth], ending: Ending = Ending.HUNTERS_WIN) -> str:
    """Say in words what :func:`tile_worth_bars` draws: the largest gain and loss, and how
    many tiles change nothing.

    Examples
    --------
    >>> from piratelib.blackbeard.encounter import Encounter
    >>> from piratelib.blackbeard.encounter.whatif import tile_worth
    >>> jane = Encounter(hunters=frozenset({"jane"}), pirates=frozenset({"adventure"}))
    >>> print(tile_worth_bars_alt(tile_worth(jane)))  # doctest: +NORMALIZE_WHITESPACE
    Bar chart, change in the Hunters' chance to win from each of 9 tiles. Largest gain: +
    Extra Hands (Jane), +26.5 points. Largest loss: + Grape, \u221219.9 points. 2 tiles
    change nothing.
    """
    _check_worths(worths, ending)
    done = _ranked(worths, ending)
    if not done:
        return f"Bar chart of the change in {_TO_WIN[ending]}: no tile can be added or removed."
    parts = [f"Bar chart, change in {_TO_WIN[ending]} from each of {len(done)} tiles."]
    top, low = done[0], done[-1]
    if _delta(top, ending) > 0:
        parts.append(f"Largest gain: {worth_label(top)}, {points(_delta(top, ending))}.")
    if _delta(low, ending) < 0:
        parts.append(f"Largest loss: {worth_label(low)}, {points(_delta(low, ending))}.")
    same = sum(1 for w in done if _delta(w, ending) == 0)
    if same:
        parts.append("1 tile changes nothing." if same == 1 else f"{same} tiles change nothing.")
    return " ".join(parts)


def compare_bars_html(series: Mapping[str, Mapping[Ending, Fraction]], title: str) -> str:
    """:func:`compare_bars` as HTML bars, for an app that redraws on every change.

    Examples
    --------
    >>> from piratelib.blackbeard.encounter import Encounter, odds
    >>> jane = odds(Encounter(hunters=frozenset({"jane"}), pirates=frozenset({"adventure"})))
    >>> shown = compare_bars_html({"setup A": jane}, "How it ends")
    >>> "Hunters win" in shown and "31.1%" in shown and "Hunters Escape" not in shown
    True
    """
    _check_series(series, title)
    rows = [
        (ENDING_NAMES[e], [(float(d.get(e, 0)), percent(d.get(e, 0))) for d in series.values()])
        for e in _shown_endings(series.values())
    ]
    return hbars_html(rows, legend=list(series), title=title, css="piratelib-compare-chart")


def tile_worth_bars_html(worths: Sequence[TileWorth], ending: Ending = Ending.HUNTERS_WIN) -> str:
    """:func:`tile_worth_bars` as HTML bars, for an app that redraws on every change.

    Examples
    --------
    >>> from piratelib.blackbeard.encounter import Encounter
    >>> from piratelib.blackbeard.encounter.whatif import tile_worth
    >>> jane = Encounter(hunters=frozenset({"jane"}), pirates=frozenset({"adventure"}))
    >>> shown = tile_worth_bars_html(tile_worth(jane))
    >>> shown.index("+ Extra Hands (Jane)") < shown.index("+ Grape"), "\u221219.9 points" in shown
    (True, True)
    """
    _check_worths(worths, ending)
    done = _ranked(worths, ending)
    title = f"Change in {_TO_WIN[ending]}, tile by tile"
    if not done:
        return f"<p><b>{title}</b>: no tile can be added or removed here.</p>"
    rows = [(worth_label(w), [(float(_delta(w, ending)), points(_delta(w, ending)))]) for w in done]
    return hbars_html(rows, title=title, css="piratelib-worth-chart")


def roll_odds_grid(*, warned: bool = False, dice: int = 6) -> Figure:
    """Blackbeard's chance to win one Arrest, Escape or Boarding roll, for 0 to `dice`
    dice a side, as a heatmap (ties to the Hunters, or to Blackbeard once `warned`).

    Examples
    --------
    >>> [t.get_text() for t in roll_odds_grid(dice=1).axes[0].texts]
    ['0%', '100%', '0%', '42%']
    """
    from piratelib.draw.charts import odds_grid

    _check_roll(warned, dice)
    title = (
        "... after an Escape (Warned)"
        if warned
        else "Blackbeard wins the roll: ties to the Hunters"
    )
    return odds_grid(
        _roll_grid(warned, dice), title=title, xlabel="Blackbeard's dice", ylabel="Hunters' dice"
    )


def roll_odds_grid_alt(*, warned: bool = False, dice: int = 6) -> str:
    """Say in words what :func:`roll_odds_grid` draws: its alt text.

    Examples
    --------
    >>> print(roll_odds_grid_alt(dice=3))  # doctest: +NORMALIZE_WHITESPACE
    Heatmap of Blackbeard's chance to win one Arrest, Escape or Boarding roll, for 0 to 3
    dice a side; ties go to the Hunters. With equal dice he wins 41.7% (1 against 1) to
    35.2% (3 against 3); with one die more than the Hunters, 57.9% (2 against 1) to 47.2%
    (3 against 2); with one die fewer, 25.5% (1 against 2) to 28.1% (2 against 3).
    """
    from piratelib.words import percent

    _check_roll(warned, dice)
    grid = _roll_grid(warned, dice)
    ties = "Blackbeard, who is Warned" if warned else "the Hunters"

    def spread(shift: int) -> str:
        pairs = [(a, a - shift) for a in range(1, dice + 1) if 1 <= a - shift <= dice]
        (a, b), (c, d) = pairs[0], pairs[-1]
        return f"{percent(grid[b][a])} ({a} against {b}) to {percent(grid[d][c])} ({c} against {d})"

    text = (
        f"Heatmap of Blackbeard's chance to win one Arrest, Escape or Boarding roll, for 0 to "
        f"{dice} dice a side; ties go to {ties}. With equal dice he wins {spread(0)}"
    )
    if dice == 1:
        return text + "."
    more, fewer = spread(1), spread(-1)
    return f"{text}; with one die more than the Hunters, {more}; with one die fewer, {fewer}."


def _figure(
    width: float, tall: float, labels: Sequence[str], *, right: float = 0.15, xlabel: bool
) -> Figure:
    """A figure with one axes, its margins fixed from the longest tick label (inches).

    Fixed margins draw the figure once when saved; a layout engine draws it twice, which
    is most of a chart's cost, and the calculator redraws on every change. Matplotlib is
    imported here, not with the module: the calculator's HTML charts need none.
    """
    from matplotlib.figure import Figure

    left = 0.25 + 0.075 * max((len(label) for label in labels), default=0)
    top, bottom = 0.35, 0.5 if xlabel else 0.15
    fig = Figure(figsize=(width, tall + top + bottom))
    height = tall + top + bottom
    fig.add_axes((left / width, bottom / height, 1 - (left + right) / width, tall / height))
    return fig


def _shown_endings(dists: Iterable[Mapping[Ending, Fraction]]) -> list[Ending]:
    """The Endings above 0% in at least one distribution, in the Ending enum's order."""
    dists = list(dists)
    return [e for e in Ending if any(d.get(e, 0) for d in dists)]


def _ranked(worths: Sequence[TileWorth], ending: Ending) -> list[TileWorth]:
    """The changes the rules allow, sorted by the change in `ending`, largest first."""
    done = [w for w in worths if w.deltas is not None]
    return sorted(done, key=lambda w: -_delta(w, ending))


def _delta(worth: TileWorth, ending: Ending) -> Fraction:
    """The change in `ending`'s chance of a change the rules allow (one :func:`_ranked` keeps)."""
    assert worth.deltas is not None  # _ranked leaves out the refused changes
    return worth.deltas[ending]


def _check_series(series: object, title: object) -> None:
    """Raise PiratelibError unless `series` maps labels to {Ending: chance} and `title` is
    text."""
    if not isinstance(title, str):
        raise PiratelibError(f"title must be text, got {title!r}")
    if not isinstance(series, Mapping) or not series:
        raise PiratelibError(f"series must map labels to odds by Ending, got {series!r}")
    for label, dist in series.items():
        if not isinstance(dist, Mapping) or not all(isinstance(e, Ending) for e in dist):
            raise PiratelibError(f"the odds of {label!r} must map each Ending to a chance")
        for p in dist.values():
            check_number(f"a chance of {label!r}", p, 0, 1)


def _check_worths(worths: object, ending: object) -> None:
    """Raise PiratelibError unless `worths` is a list of TileWorth and `ending` an Ending."""
    if not isinstance(ending, Ending):
        raise PiratelibError(f"ending must be one of {[e.name for e in Ending]}, got {ending!r}")
    if (
        isinstance(worths, str)
        or not isinstance(worths, Sequence)
        or not all(isinstance(w, TileWorth) for w in worths)
    ):
        raise PiratelibError(f"expected a list of TileWorth records, got {worths!r:.80}")
    for worth in worths:
        check_id("tile", worth.tile, TILE_NAMES, error=PiratelibError)
        check_id("side", worth.side, ("blackbeard", "hunters"), error=PiratelibError)
        check_id("change", worth.change, ("added", "removed"), error=PiratelibError)
        if not isinstance(worth.reason, str):
            raise PiratelibError(f"a TileWorth's reason must be text, got {worth.reason!r:.80}")
        if worth.deltas is None:
            continue
        if not isinstance(worth.deltas, Mapping) or set(worth.deltas) != set(Ending):
            raise PiratelibError(
                f"the deltas of {worth.tile} must map every Ending to a change in chance"
            )
        for delta in worth.deltas.values():
            check_number(f"a change in chance of {worth.tile}", delta, -1, 1)


_MAX_DICE = 12
"""The most dice a side in :func:`roll_odds_grid`: more cells than that are unreadable."""


def _check_roll(warned: object, dice: object) -> None:
    if not isinstance(warned, bool):
        raise PiratelibError(f"warned must be True or False, got {warned!r:.80}")
    check_whole("dice (the most dice a side)", dice, 1, _MAX_DICE)


def _roll_grid(warned: bool, dice: int) -> list[list[Fraction]]:
    """Row = the Hunters' dice, column = Blackbeard's: his exact chance to win the roll."""
    from piratelib.blackbeard.encounter import roll_odds

    return [[roll_odds(a, b, warned=warned) for a in range(dice + 1)] for b in range(dice + 1)]
