"""Dread Pirate's movement app: where a roll takes your ship, and how soon you reach a place.

:class:`MovementApp` lets a learner choose where their ship starts, the roll, the reading
of the diagonal rule (and another to compare it with), a target place, and whether other
ships may be sailed through. It shows the sea drawn as SVG by
:func:`piratelib.draw.dreadpirate.sea_svg.sea_chart_svg` (the sea, its places and their
names drawn once, each click only its marks) with the squares the roll reaches, the squares
the two readings disagree on, the exact chance to reach the target this turn and the exact
distribution of the turns it takes. Every answer comes from
:mod:`piratelib.dreadpirate.sea`; a question the rules refuse is shown as a message.
"""

from __future__ import annotations

import functools
import html
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import TypedDict, TypeVar, cast

import ipywidgets as widgets

from piratelib.draw.dreadpirate import sea_svg as draw_sea
from piratelib.dreadpirate import sea as board
from piratelib.errors import PiratelibError, check_id, check_whole
from piratelib.widgets import App, chosen, refusal
from piratelib.widgets._args import check_flag, check_kind, check_text
from piratelib.words import chance, percent

__all__ = ["NONE", "OTHER_SHIPS", "RULE_NAMES", "MovementApp"]

Square = tuple[int, int]
_T = TypeVar("_T")

OTHER_SHIPS: Mapping[str, Square] = {"Sea Wolf": (0, 1), "Black Gull": (1, 1)}
"""Two rival ships moored beside Port Diablo, where the app's ship starts by default."""
RULE_NAMES = {
    "never": "never: no diagonal steps",
    "both_sides_water": "both sides water",
    "one_side_water": "one side water (piratelib's default)",
    "always": "always: any two water squares",
}
"""How the app names each reading of "only ... if there is water between the two spaces"."""
NONE = "none"
"""The "compare with" choice that compares with no other reading."""


class _Blocking(TypedDict):
    """How the other ships block the way (the board's ``occupied`` and ``pass_through``)."""

    occupied: list[Square]
    pass_through: bool


class _Drawn(TypedDict):
    """What :func:`~piratelib.draw.dreadpirate.sea_svg.sea_chart_svg` and its alt text mark."""

    ships: dict[str, Square]
    highlight: frozenset[Square]
    changed: frozenset[Square]
    target: Square
    highlight_label: str
    changed_label: str


_STYLE = {"description_width": "initial"}
_WIDE = widgets.Layout(width="420px")
_CSS = "piratelib-dp-map"
"""The class of the sea's <svg>."""
_LISTED = 12
"""The most changed squares listed before the rest are folded away."""
_CELL = "padding:1px 8px;text-align:right;border-bottom:1px solid #e0e0e0;"
_HELP = "font-size:13px;line-height:1.4;color:#37474f"
"""Help text under the controls: 13px, dark slate grey (10:1 contrast on white)."""


class MovementApp(App):
    """Pick a start, a roll, a diagonal rule and a target; see the reach and the odds.

    Parameters
    ----------
    start, target : str
        Place ids: where your ship is, and where it wants to go.
    roll : int
        The dice total, 0 to 12.
    diagonal : str
        The reading of the diagonal rule, one of
        :data:`~piratelib.dreadpirate.sea.DIAGONAL_RULES`.
    compare : str
        Another reading to compare with, or :data:`NONE`.
    pass_through : bool
        Whether your ship may sail through a square that holds another ship.
    sea : Sea, optional
        The board (default: the packaged reconstruction).
    others : mapping of str to square, optional
        The other ships, by name (default :data:`OTHER_SHIPS`).

    Examples
    --------
    >>> app = MovementApp()
    >>> len(app.reach), app.chance
    (55, Fraction(1, 36))
    >>> app.diagonal.value = "both_sides_water"
    >>> app.chance
    Fraction(0, 1)
    >>> app.roll.value = 12
    >>> app.compare.value = "one_side_water"
    >>> sorted(app.changes)
    [(5, 9), (5, 12), (6, 9), (6, 10), (6, 12), (12, 3)]

    Rivals that block the way close the only short way out, this turn and in the turns
    table alike:

    >>> app = MovementApp(pass_through=False)
    >>> app.chance, min(app.turns)
    (Fraction(0, 1), 2)
    """

    def __init__(
        self,
        *,
        start: str = "port_diablo",
        roll: int = 7,
        diagonal: str = board.DEFAULT_DIAGONAL,
        compare: str = NONE,
        target: str = "krakens_reach",
        pass_through: bool = True,
        sea: board.Sea | None = None,
        others: Mapping[str, Square] | None = None,
    ) -> None:
        check_kind("sea", sea, board.Sea, optional=True)
        self.sea = sea if sea is not None else board.load_sea()
        check_id("place", start, self.sea.places)
        check_id("place", target, self.sea.places)
        check_whole("roll", roll, 0, 12)
        check_id("diagonal rule", diagonal, RULE_NAMES)
        check_id("diagonal rule", compare, (NONE, *RULE_NAMES))
        check_flag("pass_through", pass_through)
        self.graphs = {rule: board.sea_graph(self.sea, diagonal=rule) for rule in RULE_NAMES}
        others = OTHER_SHIPS if others is None else others
        check_kind("others", others, Mapping)
        for name, at in others.items():
            check_text("a ship's name", name)
            if not (
                isinstance(at, tuple)
                and len(at) == 2
                and all(isinstance(x, int) and not isinstance(x, bool) for x in at)
            ):
                raise PiratelibError(
                    f"{name}'s ship must be on a square (column, row) of whole numbers, "
                    f"got {at!r:.80}"
                )
        self.others = dict(others)
        places = [(entry["name"], place) for place, entry in self.sea.places.items()]
        self.start = widgets.Dropdown(
            options=places, value=start, description="Your ship at", style=_STYLE, layout=_WIDE
        )
        self.roll = widgets.IntSlider(
            value=roll,
            min=0,
            max=12,
            description="Roll",
            style=_STYLE,
            layout=_WIDE,
            continuous_update=False,  # each roll redraws the sea
        )
        rules = [(name, rule) for rule, name in RULE_NAMES.items()]
        self.diagonal = widgets.Dropdown(
            options=rules, value=diagonal, description="Diagonal rule", style=_STYLE, layout=_WIDE
        )
        self.compare = widgets.Dropdown(
            options=[(NONE, NONE), *rules],
            value=compare,
            description="Compare with",
            style=_STYLE,
            layout=_WIDE,
        )
        self.target = widgets.Dropdown(
            options=places, value=target, description="Target", style=_STYLE, layout=_WIDE
        )
        self.pass_through = widgets.Checkbox(
            value=pass_through,
            description="Ships may sail through other ships (never stop on them)",
            indent=False,
            layout={"width": "auto"},
        )
        self.picture = widgets.HTML()
        self.picture.add_class("piratelib-dp-sea")
        self.result = widgets.HTML()
        self.result.add_class("piratelib-dp-reach")
        self.odds = widgets.HTML()
        self.odds.add_class("piratelib-dp-odds")
        self.reach: frozenset[Square] = frozenset()
        self.changes: frozenset[Square] = frozenset()
        self.chance: Fraction | None = None
        self.turns: dict[int, Fraction] = {}
        rule_help = widgets.HTML(
            f"<div style='{_HELP}'>"
            'How to read "can only move from one space to another if there is water '
            'between the two spaces" for a diagonal step. <i>never</i>: no diagonal steps; '
            "<i>both sides water</i>: both squares beside the step are water; <i>one side "
            "water</i>: at least one is; <i>always</i>: any diagonal step from water to water. "
            "<i>Compare with</i> hatches the squares two readings disagree on.</div>"
        )
        ships_help = widgets.HTML(
            f"<div style='{_HELP}'>The rulebook forbids only sharing a space. Ticked: your ship "
            "may pass a "
            "rival's square but not stop on it. Unticked: the rivals block the way. Either way "
            "they stay moored for the whole voyage, this turn and the turns after.</div>"
        )
        super().__init__(
            [
                widgets.HBox([self.start, self.roll]),
                widgets.HBox([self.diagonal, self.compare]),
                rule_help,
                self.target,
                self.pass_through,
                ships_help,
                self.result,
                self.picture,
                self.odds,
            ]
        )
        controls = (
            self.start,
            self.roll,
            self.diagonal,
            self.compare,
            self.target,
            self.pass_through,
        )
        for control in controls:
            control.observe(self._update, names="value")
        self._update()

    def _update(self, change: object = None) -> None:
        """Ask the board what the roll reaches and the odds; show them, or the refusal."""
        try:
            G = self.graphs[chosen(self.diagonal, "the diagonal rule")]
            start = board.square_of(G, chosen(self.start, "your ship's place"))
            target = board.square_of(G, chosen(self.target, "the target"))
            compare = chosen(self.compare, "the reading to compare with")
        except PiratelibError as error:
            self.result.value = refusal(error)  # the chart shown stays as it was
            self.odds.value = ""
            return
        others = {name: at for name, at in self.others.items() if at != start}
        blocking: _Blocking = {
            "occupied": list(others.values()),
            "pass_through": self.pass_through.value,
        }
        ships = {"You": start, **others}
        try:
            self.reach = _ask(board.reachable, G, start, self.roll.value, blocking=blocking)
            other = None
            if compare != NONE:
                other = _ask(
                    board.reachable,
                    self.graphs[compare],
                    start,
                    self.roll.value,
                    blocking=blocking,
                )
            self.changes = self.reach ^ other if other is not None else frozenset()
            self.result.value = self._reach_html(start, others, other)
            drawn: _Drawn = {
                "ships": ships,
                "highlight": self.reach,
                "changed": self.changes,
                "target": target,
                "highlight_label": f"reachable with a roll of {self.roll.value}",
                "changed_label": "reachable under only one of the two readings",
            }
            picture = draw_sea.sea_chart_svg(
                G,
                **drawn,
                title=f"Where a roll of {self.roll.value} takes your ship "
                f"(diagonal rule: {board.DIAGONAL_NAMES[self.diagonal.value]})",
                css=_CSS,
            )
        except PiratelibError as error:
            self.reach, self.changes = frozenset(), frozenset()
            self.result.value = refusal(error)
            picture = draw_sea.sea_chart_svg(
                self.sea,
                title="Nothing to show: see the message",
                css=_CSS,
                alt="The sea, with nothing marked: the rules refused the question (see the "
                "message).",
            )
        self.picture.value = picture
        try:
            self.chance = _ask(board.reach_probability, G, start, target, blocking=blocking)
            chance = self._chance_html(start, target, blocking)
        except PiratelibError as error:
            self.chance, self.turns = None, {}
            self.odds.value = refusal(error)
            return
        try:
            self.turns = dict(_ask(board.turns_to_reach, G, start, target, blocking=blocking))
        except PiratelibError as error:
            self.turns = {}
            self.odds.value = chance + refusal(error)
        else:
            self.odds.value = chance + self._turns_html()

    def _name(self, square: Square) -> str:
        """A square for a reader: the place's name, or its row and column."""
        place = self.sea.place_at(square)
        where = f"row {square[0]}, column {square[1]}"
        return f"{self.sea.places[place]['name']} ({where})" if place else where

    def _squares(self, squares: list[Square]) -> str:
        """Squares as a list: "none", all of them, or the first few and the rest folded away."""
        if not squares:
            return "none"
        text = [html.escape(self._name(square)) for square in squares]
        if len(text) <= _LISTED:
            return "; ".join(text)
        return (
            f"{len(text)} squares, {'; '.join(text[:_LISTED])} ... "
            f"<details style='display:inline'><summary>all {len(text)}</summary>"
            f"{'; '.join(text)}</details>"
        )

    def _reach_html(
        self, start: Square, others: Mapping[str, Square], other: frozenset[Square] | None
    ) -> str:
        """How many squares the roll reaches, the other ships, and what the comparison changes."""
        rule = self.diagonal.value
        roll = self.roll.value
        lines = [
            f"With a roll of <b>{roll}</b> from {html.escape(self._name(start))}, your ship can "
            f"end on <b>{len(self.reach)} squares</b> (staying put included) under the "
            f"diagonal rule <i>{RULE_NAMES[rule]}</i>."
        ]
        if others:
            where = "; ".join(
                f"{html.escape(n)} at {html.escape(self._name(at))}" for n, at in others.items()
            )
            way = (
                "may be sailed through but not stopped on"
                if self.pass_through.value
                else "block the way: your ship may neither stop on nor sail through them"
            )
            lines.append(f"Other ships: {where}; they {way}.")
        if other is not None:
            name = RULE_NAMES[self.compare.value]
            if not self.changes:
                lines.append(
                    f"Compared with <i>{name}</i> ({len(other)} squares): no square changes."
                )
            else:
                gained = sorted(self.reach - other)
                lost = sorted(other - self.reach)
                lines.append(
                    f"Compared with <i>{name}</i> ({len(other)} squares): "
                    f"<b>{len(self.changes)} squares change</b>. Reachable only under "
                    f"<i>{RULE_NAMES[rule]}</i>: {self._squares(gained)}. "
                    f"Only under <i>{name}</i>: {self._squares(lost)}."
                )
        return f"<p class='piratelib-dp-reach-text'>{'<br>'.join(lines)}</p>"

    def _chance_html(self, start: Square, target: Square, blocking: _Blocking) -> str:
        """The exact chance to reach the target this turn, under each reading compared."""
        name = html.escape(self.sea.places[self.target.value]["name"])
        assert self.chance is not None  # _update sets it just before
        lines = [
            f"Chance to reach <b>{name}</b> this turn: <b>{html.escape(_chance(self.chance))}</b> "
            f"(two dice, under <i>{RULE_NAMES[self.diagonal.value]}</i>"
            + (", with the other ships in place" if blocking["occupied"] else "")
            + ")."
        ]
        if self.compare.value != NONE:
            G = self.graphs[self.compare.value]
            theirs = _ask(board.reach_probability, G, start, target, blocking=blocking)
            lines.append(
                f"Under <i>{RULE_NAMES[self.compare.value]}</i>: {html.escape(_chance(theirs))}."
            )
        return f"<p class='piratelib-dp-chance'>{'<br>'.join(lines)}</p>"

    def _turns_html(self) -> str:
        """The exact distribution of the turns to reach the target, and its mean."""
        name = html.escape(self.sea.places[self.target.value]["name"])
        mean = sum((k * p for k, p in self.turns.items()), Fraction(0))
        rows = "".join(
            f"<tr><td style='{_CELL}'>{k}</td><td style='{_CELL}'>{percent(p)}</td>"
            f"<td style='{_CELL}'>{p.numerator:,} in {p.denominator:,}</td></tr>"
            for k, p in self.turns.items()
        )
        ships = " past the other ships, moored where they are" if self.others else ""
        return (
            f"<div class='piratelib-dp-turns'><p>Turns to reach {name}{ships}, moving each "
            "turn to the reachable square nearest it: on average "
            f"<b>{float(mean):.2f}</b> turns. The first row is the chance this turn.</p>"
            f"<table style='border-collapse:collapse'><tr><th style='{_CELL}'>turns</th>"
            f"<th style='{_CELL}'>chance</th><th style='{_CELL}'>exactly</th></tr>{rows}"
            "</table></div>"
        )


def _ask(question: Callable[..., _T], G: object, *args: object, blocking: _Blocking) -> _T:
    """The board's answer to `question` about the sea graph `G`, asked once and kept: a
    click that asks again (back to a roll, a reading, a start) gets it at once."""
    occupied = tuple(blocking["occupied"])
    return cast(_T, _answers(question, G, args, occupied, blocking["pass_through"]))


@functools.lru_cache(maxsize=512)
def _answers(
    question: Callable[..., object],
    G: object,
    args: tuple[object, ...],
    occupied: tuple[Square, ...],
    pass_through: bool,
) -> object:
    """One answer of :mod:`piratelib.dreadpirate.sea` (a refusal is raised, not kept)."""
    return question(G, *args, occupied=list(occupied), pass_through=pass_through)


def _chance(p: Fraction) -> str:
    """A chance to reach a place for a reader (:func:`piratelib.words.chance`), 0 and 1 in words."""
    if p == 0:
        return "0%: no roll of the dice gets there"
    if p == 1:
        return "100%: every roll gets there"
    return chance(p)
