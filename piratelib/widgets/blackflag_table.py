"""Black Flag!'s table app: seat 4 to 8 players, give them Ships and cards, see who hits whom.

:class:`TableApp` lets a learner choose how many players sit at the table and, in a grid
with one column per player, whether each has a Ship, Sails or a Telescope in play and their
Ship's Range (a help line says what each option does). It shows the table drawn as SVG by
:func:`piratelib.draw.blackflag.table_svg.seating_svg` (the seating circle of
:func:`~piratelib.draw.blackflag.table.seating_circle`, its alt text the SVG's name), the
full distance matrix, and whom one chosen player (or everyone) can hit. Every answer comes
from :mod:`piratelib.blackflag.table`, remembered for each table
(:func:`piratelib.draw.blackflag.marks.distances` and
:func:`~piratelib.draw.blackflag.marks.targets`) so that a click asks each question once;
a question the rules refuse is shown as a message.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import TypedDict

import ipywidgets as widgets

from piratelib.draw.blackflag.marks import distances, targets
from piratelib.draw.blackflag.table_svg import seating_svg
from piratelib.errors import PiratelibError, check_id, check_whole
from piratelib.widgets import App, refusal
from piratelib.widgets._args import check_ids, check_kind

__all__ = ["EVERYONE", "HELP", "NAMES", "OPTIONS", "TableApp"]

NAMES = ("Andrew", "Barbara", "Cody", "Daniel", "Emma", "Frank", "Gina", "Hugo")
"""The players' names, clockwise: the rulebook's six ("Seating clockwise: Andrew, Barbara,
Cody, Daniel, Emma, Frank"), then two more for 7 and 8 players."""
EVERYONE = "everyone"
"""The attacker choice that shows every player's targets."""
RANGES = (1, 2, 3, 4)
"""The Ranges the app offers."""
OPTIONS = ("Ship", "Sails", "Telescope", "Range")
"""The rows of the options grid, one column per seated player."""
HELP = (
    "<p style='line-height:1.4;margin:2px 0'><b>Ship</b>: a player without one is left out when "
    "distances are counted, and cannot be a target. <b>Sails</b>: everyone else sees that "
    "player 1 farther away. <b>Telescope</b>: that player's Range + 1; distances do not "
    "change. <b>Range</b>: the farthest distance that player's Ship can fire a SHOT.</p>"
)
"""What each option does, shown under the grid where the options are ticked."""

_STYLE = {"description_width": "initial"}
_BOX = {"indent": False, "layout": {"width": "auto"}}
_HEAD = "padding:2px 8px;line-height:1.2;"
_CELL = "padding:2px 8px;min-width:2.2em;border:1px solid #d7ccc8;"
_IN_RANGE = "background:#ffe0b2;font-weight:bold;"
_PICTURE = "piratelib-bf-table-svg"
"""The class of the seating circle's ``<svg>``."""
_SUB = "<br><span style='font-weight:normal'>{}</span>"
"""A second line in a header cell: not bold, but full size (at least 12 px, as all app text)."""


class _Shown(TypedDict):
    """What :func:`~piratelib.draw.blackflag.table_svg.seating_svg` and its alt text mark."""

    sails: frozenset[str]
    telescopes: frozenset[str]
    ranges: dict[str, int]
    attacker: str | None


class TableApp(App):
    """Seat the players, toggle Ships, Sails and Telescopes, set Ranges; see who hits whom.

    Parameters
    ----------
    players : int
        How many players sit at the table, 4 to 8 (the first of :data:`NAMES`).
    ships : iterable of str, optional
        Who has a Ship (default: everyone).
    sails, telescopes : iterable of str
        Who has a Sails or a Telescope card in play.
    ranges : mapping of str to int, optional
        Each Ship's Range, 1 to 4 (default 1 for everyone).
    attacker : str
        Whose targets to show, or :data:`EVERYONE`.

    Examples
    --------
    >>> app = TableApp()
    >>> app.distances["Andrew"]["Daniel"]
    3
    >>> app.has_sails["Andrew"].value = True
    >>> app.distances["Barbara"]["Andrew"], app.distances["Andrew"]["Barbara"]
    (2, 1)
    >>> app.attacker.value = "Andrew"
    >>> app.range["Andrew"].value = 2
    >>> app.has_telescope["Andrew"].value = True
    >>> app.targets_of["Andrew"]
    ('Barbara', 'Cody', 'Daniel', 'Emma', 'Frank')
    """

    def __init__(
        self,
        *,
        players: int = 6,
        ships: tuple[str, ...] | frozenset[str] | None = None,
        sails: tuple[str, ...] | frozenset[str] = (),
        telescopes: tuple[str, ...] | frozenset[str] = (),
        ranges: dict[str, int] | None = None,
        attacker: str = EVERYONE,
    ) -> None:
        check_whole("players", players, 4, 8)
        ships = NAMES if ships is None else ships
        for what, chosen in (("Ship", ships), ("Sails", sails), ("Telescope", telescopes)):
            check_ids(f"player with a {what}", chosen, NAMES)
        ranges = {} if ranges is None else ranges
        check_kind("ranges", ranges, Mapping)
        for name, reach in ranges.items():
            check_id("player", name, NAMES)
            check_whole(f"{name}'s Range", reach, min(RANGES), max(RANGES))
        check_id("attacker", attacker, (EVERYONE, *NAMES[:players]))
        self.players = widgets.IntSlider(
            value=players,
            min=4,
            max=8,
            description="Players",
            style=_STYLE,
            layout=widgets.Layout(width="420px"),
            continuous_update=False,
        )
        self.has_ship: dict[str, widgets.Checkbox] = {}
        self.has_sails: dict[str, widgets.Checkbox] = {}
        self.has_telescope: dict[str, widgets.Checkbox] = {}
        self.range: dict[str, widgets.Dropdown] = {}
        for name in NAMES:
            self.has_ship[name] = widgets.Checkbox(value=name in ships, **_BOX)
            self.has_sails[name] = widgets.Checkbox(value=name in sails, **_BOX)
            self.has_telescope[name] = widgets.Checkbox(value=name in telescopes, **_BOX)
            self.range[name] = widgets.Dropdown(
                options=RANGES, value=ranges.get(name, 1), layout={"width": "64px"}
            )
            for option, control in zip(OPTIONS, self._controls(name), strict=True):
                control.tooltip = f"{name}: {option}"
                control.add_class(f"piratelib-bf-{option.lower()}-{name}")
        # Every seat's column is built once, heads included; the Players slider only shows
        # and hides the columns of the seats that come and go (see _seat).
        self._columns: dict[str, tuple[widgets.Widget, ...]] = {
            name: (widgets.HTML(f"<b>{name}</b>"), *self._controls(name)) for name in NAMES
        }
        cells: list[widgets.Widget] = [widgets.HTML("<b>Player</b>")]
        cells += [self._columns[name][0] for name in NAMES]
        for k, option in enumerate(OPTIONS):
            cells.append(widgets.HTML(f"<b>{option}</b>"))
            cells += [self._columns[name][k + 1] for name in NAMES]
        self.options = widgets.GridBox(
            cells,
            layout=widgets.Layout(grid_gap="2px 6px", align_items="center", width="fit-content"),
        )
        self.options.add_class("piratelib-bf-options")
        self.attacker = widgets.Dropdown(
            options=[EVERYONE, *NAMES[:players]],
            value=attacker,
            description="Who shoots",
            style=_STYLE,
            layout={"width": "260px"},
        )
        self.picture = widgets.HTML()
        self.picture.add_class("piratelib-bf-picture")
        self.matrix = widgets.HTML()
        self.matrix.add_class("piratelib-bf-matrix")
        self.targets = widgets.HTML()
        self.targets.add_class("piratelib-bf-targets")
        self.distances: dict[str, dict[str, int]] = {}
        self.targets_of: dict[str, tuple[str, ...]] = {}
        super().__init__(
            [
                self.players,
                self.options,
                widgets.HTML(HELP, layout={"max_width": "760px"}),
                self.attacker,
                self.targets,
                widgets.HBox([self.picture, self.matrix]),
            ]
        )
        self._seating = False
        self.players.observe(self._seat, names="value")
        controls = [self.attacker]
        for boxes in (self.has_ship, self.has_sails, self.has_telescope, self.range):
            controls.extend(boxes.values())
        for control in controls:
            control.observe(self._update, names="value")
        self._seat()

    @property
    def seats(self) -> tuple[str, ...]:
        """The seated players, clockwise."""
        return NAMES[: self.players.value]

    @property
    def ships(self) -> frozenset[str]:
        """The seated players who have a Ship."""
        return frozenset(p for p in self.seats if self.has_ship[p].value)

    @property
    def sails(self) -> frozenset[str]:
        """The seated players with Sails in play."""
        return frozenset(p for p in self.seats if self.has_sails[p].value)

    @property
    def telescopes(self) -> frozenset[str]:
        """The seated players with a Telescope in play."""
        return frozenset(p for p in self.seats if self.has_telescope[p].value)

    @property
    def ranges(self) -> dict[str, int]:
        """Each seated player's Range."""
        return {p: self.range[p].value for p in self.seats}

    def _controls(self, name: str) -> tuple[widgets.Checkbox | widgets.Dropdown, ...]:
        """A player's Ship, Sails and Telescope boxes and Range dropdown, as in :data:`OPTIONS`."""
        return (
            self.has_ship[name],
            self.has_sails[name],
            self.has_telescope[name],
            self.range[name],
        )

    def _seat(self, change: object = None) -> None:
        """Show the columns of the seated players, hide the others, offer the seated as
        attackers, then update once.

        The columns of all :data:`NAMES` are built once: a change of the Players slider
        only shows or hides those of the seats that come or go, so the browser redraws a
        few cells instead of a new grid.
        """
        self._seating = True
        try:
            seats = self.seats
            for name, column in self._columns.items():
                display = None if name in seats else "none"
                for cell in column:
                    if cell.layout.display != display:
                        cell.layout.display = display
            columns = f"90px repeat({len(seats)}, 72px)"
            if self.options.layout.grid_template_columns != columns:
                self.options.layout.grid_template_columns = columns
            chosen = self.attacker.value
            offered = (EVERYONE, *seats)
            if tuple(self.attacker.options) != offered:
                self.attacker.options = offered
                self.attacker.value = chosen if chosen in seats else EVERYONE
        finally:
            self._seating = False
        self._update()

    def _update(self, change: object = None) -> None:
        """Ask the table for distances and targets; show them, or the rules' refusal."""
        if self._seating:
            return
        seats, ships, sails = self.seats, self.ships, self.sails
        telescopes, ranges = self.telescopes, self.ranges
        attacker = None if self.attacker.value == EVERYONE else self.attacker.value
        try:
            self.distances = distances(seats, ships, sails=sails)
            self.matrix.value = self._matrix_html()
            shooters = [attacker] if attacker else [p for p in seats if p in ships]
            self.targets_of = {
                a: targets(
                    seats, ships, a, ship_range=ranges[a], sails=sails, telescopes=telescopes
                )
                for a in shooters
            }
            shown = _Shown(
                sails=sails,
                telescopes=telescopes,
                ranges={p: r for p, r in ranges.items() if p in ships},
                attacker=attacker,
            )
            picture = seating_svg(seats, ships, **shown, css=_PICTURE)
        except PiratelibError as error:
            self.targets_of = {}
            message = refusal(error)
            picture = seating_svg(
                seats,
                ships,
                sails=sails,
                telescopes=telescopes,
                title="No arrows: see the message",
                css=_PICTURE,
            )
        else:
            message = self._targets_html(attacker)
        self.picture.value = picture
        self.targets.value = message  # last, so a browser that shows it shows the picture

    def _reach(self, name: str) -> str:
        """A player's Range as text, with the Telescope's +1 if they have one."""
        if name in self.telescopes:
            return f"Range {self.range[name].value} + 1 (Telescope)"
        return f"Range {self.range[name].value}"

    def _matrix_html(self) -> str:
        """The distance matrix as a table: row = who looks, column = who is seen."""
        seats, ships, sails = self.seats, self.ships, self.sails
        in_range = {
            (a, b)
            for a in ships
            for b in targets(
                seats,
                ships,
                a,
                ship_range=self.range[a].value,
                sails=sails,
                telescopes=self.telescopes,
            )
        }
        head = "".join(
            f"<th style='{_HEAD}'>{name}{_SUB.format('Sails') if name in sails else ''}"
            f"{_SUB.format('no Ship') if name not in ships else ''}</th>"
            for name in seats
        )
        rows = []
        for a in seats:
            cells = []
            for b in seats:
                value = self.distances.get(a, {}).get(b)
                text = "—" if a == b else "" if value is None else str(value)
                title = f" title='{a} sees {b} at distance {value}'" if value is not None else ""
                style = _CELL + (_IN_RANGE if (a, b) in in_range else "")
                cells.append(
                    f"<td data-looks='{a}' data-seen='{b}'{title} style='{style}'>{text}</td>"
                )
            who = a + _SUB.format(self._reach(a) if a in ships else "no Ship")
            rows.append(f"<tr><th style='{_HEAD}text-align:left'>{who}</th>{''.join(cells)}</tr>")
        if sails:
            names = ", ".join(p for p in seats if p in sails)
            note = (
                f'Sails ({names}): "Everyone else sees you as if you were at a distance of '
                '+1, but you continue to see them at the normal distance": 1 more down their '
                "column, their own row unchanged."
            )
        else:
            note = "Nobody has Sails in play, so every distance is the same both ways."
        return (
            "<div class='piratelib-bf-matrix-table'>"
            "<table style='border-collapse:collapse;text-align:center'>"
            f"<tr><th style='{_HEAD}text-align:left'>looks ↓ / is seen →</th>{head}</tr>"
            f"{''.join(rows)}</table>"
            "<p style='max-width:38em;line-height:1.4'>Row: who looks; column: who is "
            "seen. Shaded: in range (distance ≤ Range, +1 with a Telescope). Blank: no Ship, "
            'and "Players who are temporarily without a Ship are not included in the distance '
            f'calculation".<br>{html.escape(note, quote=False)}</p></div>'
        )

    def _targets_html(self, attacker: str | None) -> str:
        """Whom the chosen player (or each player) can hit, and why."""
        if attacker is None:
            items = "".join(
                f"<li><b>{a}</b>, {self._reach(a)}, can hit: "
                f"{', '.join(f'{b} ({self.distances[a][b]})' for b in hits) or 'nobody'}</li>"
                for a, hits in self.targets_of.items()
            )
            return (
                "<div class='piratelib-bf-targets-list'><p>Who can hit whom (distance in "
                f"brackets):</p><ul>{items or '<li>nobody has a Ship</li>'}</ul></div>"
            )
        hits = self.targets_of[attacker]
        seen = self.distances.get(attacker, {})
        reach = self._reach(attacker)
        can = ", ".join(f"{b} (distance {seen[b]})" for b in hits) or "nobody"
        cannot = ", ".join(f"{b} (distance {seen[b]})" for b in seen if b not in hits)
        shipless = ", ".join(p for p in self.seats if p not in self.ships and p != attacker)
        lines = [
            f"<b>{attacker}</b>'s Ship has {reach}.",
            f"Can hit, within {reach}: {can}.",
        ]
        if cannot:
            lines.append(f"Out of range, beyond {reach}: {cannot}.")
        if shipless:
            lines.append(f"No Ship, so not a target: {shipless}.")
        return f"<p class='piratelib-bf-targets-line'>{'<br>'.join(lines)}</p>"
