"""The Encounter calculator's result views: setups A and B compared, how one Encounter
ended in detail, what each tile is worth, and "Roll it".

:func:`compare_html` puts two distributions of Endings side by side with the difference in
percentage points. :class:`DetailView` shows in which phase an Encounter ended and the Hits
each side took (:func:`~piratelib.blackbeard.encounter.whatif.ending_detail`);
:class:`TileWorthView` shows what adding or removing each tile changes
(:func:`~piratelib.blackbeard.encounter.whatif.tile_worth`) as a table and a chart;
:class:`RollIt` rolls real dice on a setup and steps through the Encounter with
:class:`~piratelib.widgets.encounter.StepThroughApp`. Each view computes its answer once
per :meth:`show` and keeps it (``.detail``, ``.worths``, ``.steps``) for reuse; a refused
setup is shown with :meth:`clear` and the reason. The exact answers of the last
:data:`REMEMBERED` setups are kept, so a tile switched off again (or the exact fractions
switched on) is shown at once. Percentages come first with one decimal; the exact
fraction only when asked for.

Examples
--------
>>> from piratelib.blackbeard.encounter import Encounter, odds
>>> jane = odds(Encounter(hunters=frozenset({"jane"}), pirates=frozenset({"adventure"})))
>>> "<td>31.1%</td><td>31.1%</td><td>same</td>" in compare_html(jane, jane)
True
"""

from __future__ import annotations

import functools
import html
import random
import re
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import TypeVar, cast

import ipywidgets as widgets

from piratelib.blackbeard import encounter as enc
from piratelib.blackbeard.encounter.whatif import (
    PHASES,
    Detail,
    TileWorth,
    ending_detail,
    tile_worth,
)
from piratelib.draw.blackbeard.encounter import (
    ENDING_NAMES,
    MINUS,
    points,
    tile_worth_bars_html,
)
from piratelib.errors import PiratelibError, check_items, check_whole
from piratelib.widgets import App, refusal
from piratelib.widgets._args import check_odds
from piratelib.widgets.encounter import StepThroughApp
from piratelib.words import name, percent, say

__all__ = ["REMEMBERED", "DetailView", "RollIt", "TileWorthView", "chance_cell", "compare_html"]

REMEMBERED = 32
"""How many setups' exact answers (detail, tile worth) the views keep, the last ones shown."""

Odds = Mapping[enc.Ending, Fraction]
# a named policy, one per side, or ``policy(winner, state) -> "escape" | "board"``
Policy = str | Mapping[str, str] | Callable[..., str]
_PHASE_NAMES = {"arrest": "Arrest", "escape": "Escape", "boarding": "Boarding"}
_SIDE_NAMES = {"blackbeard": "Blackbeard's Defense", "hunters": "Hunters' Asset"}
_TABLE = "border-collapse:collapse;margin:0.3em 1.5em 0.6em 0"
_T = TypeVar("_T")


def chance_cell(p: Fraction, *, exact: bool = False) -> str:
    """A chance for a table cell: "31.1%", or with `exact` "31.1% (exactly 14,525 in 46,656)".

    Examples
    --------
    >>> chance_cell(Fraction(14525, 46656)), chance_cell(Fraction(14525, 46656), exact=True)
    ('31.1%', '31.1% (exactly 14,525 in 46,656)')
    >>> chance_cell(Fraction(0), exact=True), chance_cell(Fraction(1), exact=True)
    ('0%', '100%')
    """
    if exact and 0 < p < 1:
        return f"{percent(p)} (exactly {p.numerator:,} in {p.denominator:,})"
    return percent(p)


def compare_html(
    a: Odds | None, b: Odds | None, *, exact: bool = False, names: Sequence[str] = ("A", "B")
) -> str:
    """Return a table of how setups A and B end, one row per Ending, with the difference
    "B \u2212 A" in percentage points ("+4.2 points", "same").

    An Ending at 0% in both setups is left out. A side that is None (the rules refuse its
    setup) shows "—", and so does the difference.

    Examples
    --------
    >>> from piratelib.blackbeard.encounter import Encounter, odds
    >>> jane = odds(Encounter(hunters=frozenset({"jane"}), pirates=frozenset({"adventure"})))
    >>> shown = compare_html(jane, None, names=("Jane", "Jane & Ranger"))
    >>> "<th>Jane &amp; Ranger</th>" in shown, "<td>68.9%</td><td>—</td><td>—</td>" in shown
    (True, True)
    """
    for side, odds in (("a", a), ("b", b)):
        if odds is not None:
            check_odds(side, odds)
    check_items("names", names, str)
    check_whole("the number of names", len(names), 2, 2)
    first, second = (html.escape(str(n)) for n in names)
    known = [d for d in (a, b) if d is not None]
    if not known:
        return (
            "<p class='piratelib-compare'>The rules refuse both setups; the reasons are "
            "shown with each.</p>"
        )
    rows = []
    for ending in enc.Ending:
        if not any(d.get(ending, 0) for d in known):
            continue
        cells = [chance_cell(d.get(ending, Fraction(0)), exact=exact) if d else "—" for d in (a, b)]
        if a is None or b is None:
            change = "—"
        else:
            change = points(b.get(ending, Fraction(0)) - a.get(ending, Fraction(0)), exact=exact)
        rows.append(
            f"<tr><td>{ENDING_NAMES[ending]}</td><td>{cells[0]}</td><td>{cells[1]}</td>"
            f"<td>{change}</td></tr>"
        )
    head = f"<tr><th>Ending</th><th>{first}</th><th>{second}</th>"
    head += f"<th>{second} {MINUS} {first}</th></tr>"
    return f"<table class='piratelib-compare' style='{_TABLE}'>{head}{''.join(rows)}</table>"


class DetailView(App):
    """How one Encounter ends, beneath the Endings: the phase it ended in (Arrest, Escape,
    Boarding) with each Ending, and the exact distribution of Hits each piece took.

    After :meth:`show`, ``.detail`` holds the :class:`~piratelib.blackbeard.encounter.whatif.Detail`
    (its ``.endings()`` equal :func:`~piratelib.blackbeard.encounter.odds`, for reuse).

    Examples
    --------
    >>> view = DetailView()
    >>> brand = enc.Encounter(hunters=frozenset({"brand"}), pirates=frozenset({"adventure"}))
    >>> view.show(brand, "board")
    >>> "<td>Arrest</td>" in view.shown.value, "no Battle" in view.shown.value
    (True, True)
    """

    def __init__(self) -> None:
        self.shown = widgets.HTML()
        self.detail: Detail | None = None
        self._shown: tuple[enc.Encounter, object, bool] | None = None
        super().__init__([self.shown])
        self.add_class("piratelib-detail")

    def show(self, encounter: enc.Encounter, escape_policy: Policy, exact: bool = False) -> None:
        """Show how `encounter` ends in detail (one exact walk of its game tree); nothing is
        recomputed for a setup among the last :data:`REMEMBERED` shown."""
        shown = (encounter, _hashable(escape_policy), exact)
        if shown == self._shown:
            return
        self._shown = shown
        try:
            self.detail = _remembered(_detail, encounter, escape_policy)
        except PiratelibError as error:
            self.clear(refusal(error))
            return
        self.shown.value = (
            f"<div class='piratelib-detail'>{_phase_table(self.detail, exact)}"
            f"{_hits_tables(self.detail, exact)}</div>"
        )

    def clear(self, message_html: str = "") -> None:
        """Show `message_html` (the reason a setup is refused) instead of a detail."""
        self.detail, self._shown = None, None
        self.shown.value = message_html


class TileWorthView(App):
    """What each tile is worth here: the change in each Ending's chance from adding each
    tile not declared (or removing each declared one), sorted, as a table and a chart;
    tiles that cannot be added are listed with the rule's reason.

    After :meth:`show`, ``.worths`` holds the records of
    :func:`~piratelib.blackbeard.encounter.whatif.tile_worth`.

    Examples
    --------
    >>> view = TileWorthView()
    >>> view.show(
    ...     enc.Encounter(hunters=frozenset({"jane"}), pirates=frozenset({"adventure"})), "best"
    ... )
    >>> "<td>+ Extra Hands (Jane)</td>" in view.table.value, "tile by tile" in view.chart.value
    (True, True)
    >>> "Capt Gordon</b> cannot be added: Capt Gordon needs Capt Brand" in view.table.value
    True
    """

    def __init__(self) -> None:
        self.table = widgets.HTML()
        self.chart = widgets.HTML()
        self.worths: list[TileWorth] = []
        self._shown: tuple[enc.Encounter, object, bool] | None = None
        super().__init__([self.table, self.chart])
        self.add_class("piratelib-worth")

    def show(self, encounter: enc.Encounter, escape_policy: Policy, exact: bool = False) -> None:
        """Show what each tile is worth in `encounter` (one tile_worth call, ~15 odds);
        nothing is recomputed for a setup among the last :data:`REMEMBERED` shown."""
        shown = (encounter, _hashable(escape_policy), exact)
        if shown == self._shown:
            return
        self._shown = shown
        try:
            self.worths = list(_remembered(_worths, encounter, escape_policy))
        except PiratelibError as error:
            self.clear(refusal(error))
            return
        self.table.value = _worth_table(self.worths, exact)
        self.chart.value = tile_worth_bars_html(self.worths)

    def clear(self, message_html: str = "") -> None:
        """Show `message_html` (the reason a setup is refused) instead of the table."""
        self.worths, self._shown = [], None
        self.table.value, self.chart.value = message_html, ""


class RollIt(App):
    """A "Roll it" button: roll real dice on the setup shown and step through the Encounter,
    each step with its rule.

    ``rng`` (a :class:`random.Random`) rolls the dice; replace it to repeat a roll. A
    refused setup (:meth:`clear`) disables the button and says why.

    Examples
    --------
    >>> roller = RollIt(random.Random(1))
    >>> roller.show(
    ...     enc.Encounter(hunters=frozenset({"jane"}), pirates=frozenset({"adventure"})), "board"
    ... )
    >>> roller.roll()
    >>> roller.steps[-1].state.ending in enc.Ending, roller.app.step.max == len(roller.steps)
    (True, True)
    """

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng if rng is not None else random.Random()
        self.button = widgets.Button(description="Roll it", icon="dice", disabled=True)
        self.button.add_class("piratelib-roll")
        self.note = widgets.HTML()
        self.stepper = widgets.VBox()
        self.said = widgets.HTML()
        self.encounter: enc.Encounter | None = None
        self.escape_policy: Policy = "board"
        self.steps: tuple[enc.Step, ...] = ()
        self.app: StepThroughApp | None = None
        super().__init__([self.button, self.note, self.stepper, self.said])
        self.button.on_click(lambda _: self.roll())

    def show(self, encounter: enc.Encounter, escape_policy: Policy) -> None:
        """Set the setup to roll (an old roll is cleared away)."""
        self.encounter, self.escape_policy = encounter, escape_policy
        self._forget()
        self.button.disabled, self.button.tooltip = False, "Roll real dice for this setup"
        self.note.value = "<p>Press <b>Roll it</b> to roll real dice for this setup.</p>"

    def clear(self, message_html: str = "") -> None:
        """Disable the button and show `message_html`, the reason the setup is refused."""
        self.encounter = None
        self._forget()
        self.button.disabled = True
        self.button.tooltip = html.unescape(re.sub(r"<[^>]+>", "", message_html)).strip()
        self.note.value = message_html

    def roll(self) -> None:
        """Roll the dice once (what a click does) and show the Encounter step by step."""
        if self.encounter is None:
            return
        try:
            self.steps = enc.resolve(self.encounter, self.rng, escape_policy=self.escape_policy)
        except PiratelibError as error:
            self._forget()
            self.note.value = refusal(error)
            return
        self.app = StepThroughApp(self.steps)
        self.stepper.children = (self.app,)
        ending = self.steps[-1].state.ending
        self.note.value = "<p>Move the slider to follow the roll step by step.</p>"
        self.said.value = (
            f"<p class='piratelib-roll-result'>This roll ends after {len(self.steps)} steps: "
            f"<b>{html.escape(ending.value if ending else 'no Ending')}</b>. Press "
            "<b>Roll it</b> again for new dice.</p>"
        )

    def _forget(self) -> None:
        """Clear away the last roll."""
        self.steps, self.app = (), None
        self.stepper.children = ()
        self.said.value = ""


def _hashable(policy: Policy) -> object:
    """A policy as something to compare and remember: a mapping as its sorted items."""
    return tuple(sorted(policy.items())) if isinstance(policy, Mapping) else policy


def _remembered(
    kept: functools._lru_cache_wrapper[_T], encounter: enc.Encounter, policy: Policy
) -> _T:
    """`kept(encounter, policy)`, one of its last :data:`REMEMBERED` answers; a policy that
    cannot be kept (not a name, a mapping of names or a function) goes to the rules as it
    is, which say what is wrong with it."""
    key = _hashable(policy)
    try:
        hash(key)
    except TypeError:
        return kept.__wrapped__(encounter, key)
    return kept(encounter, key)


@functools.lru_cache(maxsize=REMEMBERED)
def _detail(encounter: enc.Encounter, policy: object) -> Detail:
    """How `encounter` ends in detail, under a policy as :func:`_hashable` keeps it."""
    return ending_detail(encounter, _policy(policy))


@functools.lru_cache(maxsize=REMEMBERED)
def _worths(encounter: enc.Encounter, policy: object) -> tuple[TileWorth, ...]:
    """Each tile's worth in `encounter` (a tuple: the view hands out a new list each time)."""
    return tuple(tile_worth(encounter, _policy(policy)))


def _policy(key: object) -> Policy:
    """A policy again from what :func:`_hashable` made of it."""
    # a tuple is a mapping's sorted items; anything else is passed on for the rules to check
    return dict(key) if isinstance(key, tuple) else cast("Policy", key)


def _phase_table(detail: Detail, exact: bool) -> str:
    """Where the Encounter ended: a row per phase, a column per Ending that can happen."""
    by_phase = detail.by_phase()
    endings = [e for e, p in detail.endings().items() if p]
    phases = [(ph, p) for ph, p in detail.phases().items() if p]
    head = "".join(f"<th>{ENDING_NAMES[e]}</th>" for e in endings)
    rows = "".join(
        f"<tr><td>{_PHASE_NAMES.get(ph, html.escape(ph))}</td>"
        + "".join(
            f"<td>{chance_cell(by_phase.get((ph, e), Fraction(0)), exact=exact)}</td>"
            for e in endings
        )
        + f"<td><b>{chance_cell(p, exact=exact)}</b></td></tr>"
        for ph, p in sorted(phases, key=lambda x: PHASES.index(x[0]) if x[0] in PHASES else 9)
    )
    return (
        "<p style='margin:0.3em 0'><b>In which phase it ended</b></p>"
        f"<table style='{_TABLE}'><tr><th>Phase</th>{head}<th>in all</th></tr>{rows}</table>"
    )


def _hits_tables(detail: Detail, exact: bool) -> str:
    """The Hits each piece took: one small table per Sloop and Adventure."""
    pieces = list(dict.fromkeys(piece for hits in detail.hits() for piece, _, _ in hits))
    if not pieces:
        return "<p style='margin:0.3em 0'>Nobody takes Hits: there is no Battle here.</p>"
    tables = []
    for piece in pieces:
        rows = "".join(
            f"<tr><td>{_hits_words(rigging, crew)}</td><td>{chance_cell(p, exact=exact)}</td></tr>"
            for (rigging, crew), p in sorted(detail.hits_on(piece).items())
        )
        tables.append(
            f"<table style='{_TABLE};display:inline-table;vertical-align:top'>"
            f"<tr><th>Hits on {html.escape(name(piece))}</th><th>chance</th></tr>{rows}</table>"
        )
    return "<p style='margin:0.3em 0'><b>Hits each side took</b> (Rigging and Crew)</p>" + "".join(
        tables
    )


def _hits_words(rigging: int, crew: int) -> str:
    """(1, 0) as "1 Rigging", (1, 1) as "1 Rigging, 1 Crew", (0, 0) as "no Hits"."""
    parts = [f"{n} {kind}" for n, kind in ((rigging, "Rigging"), (crew, "Crew")) if n]
    return ", ".join(parts) or "no Hits"


def _worth_table(worths: Sequence[TileWorth], exact: bool) -> str:
    """The tile-worth table (changes the rules allow, sorted) and the tiles refused, why."""
    done = [(w, w.deltas) for w in worths if w.deltas is not None]
    refused = [w for w in worths if w.deltas is None]
    endings = [e for e in enc.Ending if any(deltas[e] for _, deltas in done)]
    head = "".join(f"<th>{ENDING_NAMES[e]}</th>" for e in endings)
    rows = "".join(
        f"<tr><td>{'+' if w.change == 'added' else MINUS} {html.escape(w.name)}</td>"
        f"<td>{_SIDE_NAMES.get(w.side, html.escape(w.side))}</td><td>{w.change}</td>"
        + "".join(f"<td>{points(deltas[e], exact=exact)}</td>" for e in endings)
        + "</tr>"
        for w, deltas in done
    )
    table = (
        "<p style='margin:0.3em 0'><b>What each tile is worth here</b>: the change in each "
        "Ending's chance, in percentage points, when the tile is added (+) or removed "
        f"({MINUS}); largest gain for the Hunters first.</p>"
        f"<table style='{_TABLE}'><tr><th>Tile</th><th>Whose</th><th>Change</th>{head}</tr>"
        f"{rows}</table>"
        if done
        else "<p>No tile can be added or removed here.</p>"
    )
    if refused:
        items = "".join(
            f"<li><b>{html.escape(w.name)}</b> cannot be {w.change}: "
            f"{html.escape(_sentence(say(w.reason)))}</li>"
            for w in refused
        )
        table += f"<p style='margin:0.3em 0'>Not allowed here:</p><ul>{items}</ul>"
    return table


def _sentence(text: str) -> str:
    """`text` with a capital first letter and a full stop."""
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")
