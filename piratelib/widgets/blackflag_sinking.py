"""Black Flag!'s sinking and scoring apps: step through a sinking, and score the Edge of the World.

A sinking is data: :func:`piratelib.blackflag.game.resolve` returns its steps, each with
what happened, the rule in the rulebook's words and the state after it.
:class:`SinkingApp` steps through one of the scripted scenarios of
:mod:`piratelib.blackflag.examples` with the score board drawn after each step (as SVG, by
:func:`piratelib.draw.blackflag.scores_svg.score_board_svg`, its alt text the SVG's name);
:class:`EdgeApp` scores a game At the Edge of the World with
:func:`piratelib.blackflag.scoring.edge_of_the_world`. The apps index into step histories
and call piratelib; a choice the rules refuse is shown as a message. For the notebook,
:func:`steps_markdown` lists a history's steps, :func:`table_html` shows the table after a
step, and :func:`edge_table_html` the winner At the Edge of the World for every player
count and space.
"""

from __future__ import annotations

import html
import inspect
from collections.abc import Callable, Mapping, Sequence
from typing import cast

import ipywidgets as widgets

from piratelib.blackflag.data import PLAYERS, load_blackflag, setup_for
from piratelib.blackflag.examples import NAMES, SCENARIOS
from piratelib.blackflag.scoring import Outcome, edge_of_the_world, side_name, space_name
from piratelib.blackflag.state import State
from piratelib.draw.blackflag.scores_svg import score_board_svg
from piratelib.errors import (
    IllegalActionError,
    PiratelibError,
    check_id,
    check_items,
    check_whole,
    did_you_mean,
)
from piratelib.steps import Step
from piratelib.widgets import App, chosen, refusal, step_html
from piratelib.widgets._args import check_kind, check_steps

__all__ = [
    "EDGE_HELP",
    "EdgeApp",
    "SinkingApp",
    "default_roles",
    "edge_table_html",
    "seated_roles",
    "steps_markdown",
    "table_html",
]

EDGE_HELP = (
    "<p style='line-height:1.4;margin:2px 0'><b>Treasure Chest</b>: its space on the score board, "
    "negative on the Brittish side, positive on the Ibberian side. <b>Role</b>: each "
    "player's Role card, face up now that the game is over. <b>Doubloons</b>: what each "
    "player holds after the hidden Roles were revealed and paid.</p>"
)
"""What each option of the EdgeApp means, shown where it is set."""

_STYLE = {"description_width": "initial"}
_TEXT = "line-height:1.4"
_BOARD = "piratelib-bf-board-svg"
"""The class of the score board's ``<svg>``."""


def default_roles(players: int) -> tuple[str, ...]:
    """Return the setup row's Roles for `players`, in the fixed order the EdgeApp seats them.

    Raises
    ------
    IllegalActionError
        For a player count other than 4 to 8.

    Examples
    --------
    >>> default_roles(7)
    ('admiral', 'commodore', 'ensign', 'ensign', 'lieutenant', 'lieutenant', 'pirate')
    """
    return load_blackflag().dealt_roles(players)


def seated_roles(players: int) -> dict[str, str]:
    """Return :func:`default_roles` seated at the first `players` of :data:`NAMES`.

    Raises
    ------
    IllegalActionError
        For a player count other than 4 to 8.

    Examples
    --------
    >>> seated_roles(4)
    {'Andrew': 'admiral', 'Barbara': 'commodore', 'Cody': 'ibberian_privateer', \
'Daniel': 'brittish_privateer'}
    """
    return dict(zip(NAMES[:players], default_roles(players), strict=True))


def steps_markdown(steps: Sequence[Step], *, rules: bool = False) -> str:
    """A numbered Markdown list of what each step did (with `rules`, the rule it applied).

    Examples
    --------
    >>> from piratelib.blackflag.examples import rulebook_sinking
    >>> for line in steps_markdown(rulebook_sinking()[2:4]).splitlines():
    ...     print(line[:61])
    1. **Sinking a Ship: 1**: Andrew's Role is revealed: Brittish
    2. **Sinking a Ship: 2**: The Treasure Chest moves 2 spaces t
    """
    check_steps("steps", steps)
    lines = []
    for k, step in enumerate(steps, start=1):
        lines.append(f"{k}. **{step.phase}**: {step.text}")
        if rules:
            lines.append(f"   <br><i>{html.escape(step.rule, quote=False)}</i>")
    return "\n".join(lines)


def edge_table_html(players: Sequence[int] = PLAYERS) -> str:
    """Who wins At the Edge of the World, by player count and the Treasure Chest's space.

    Each cell scores two tables of Doubloons with
    :func:`~piratelib.blackflag.scoring.edge_of_the_world`: one where the lone players are
    **ahead** (the Pirate and the Brittish Privateer 3, the Ibberian Privateer 2, everyone
    else 1) and one where everyone has 1. Where they agree the cell names the winner,
    where they differ it says "X if ahead, else Y". Equal columns and neighbouring equal
    rows are merged.

    Examples
    --------
    >>> table = edge_table_html()
    >>> "<th>5, 7 players</th>" in table and "<th>Ibberian 2 to 6</th>" in table
    True
    """
    check_items("players", players, int)
    if not players:
        raise PiratelibError(f"players must name at least one player count, got {players!r}")
    for n in players:
        check_whole("players", n, min(PLAYERS), max(PLAYERS))
    last = load_blackflag().track["spaces_per_side"]
    spaces = range(-last, last + 1)
    columns: dict[tuple[str, ...], list[int]] = {}
    for n in players:
        columns.setdefault(tuple(_edge_winner(n, chest) for chest in spaces), []).append(n)
    head = "".join(f"<th>{', '.join(map(str, ns))} players</th>" for ns in columns.values())
    rows: list[tuple[list[int], tuple[str, ...]]] = []
    for chest, cells in zip(spaces, zip(*columns, strict=True), strict=True):
        if rows and rows[-1][1] == cells and (chest > 0) == (rows[-1][0][0] > 0) and chest:
            rows[-1][0].append(chest)
        else:
            rows.append(([chest], cells))
    body = []
    for chests, cells in rows:
        side = "Brittish " if chests[0] < 0 else "Ibberian " if chests[0] > 0 else ""
        near, far = min(abs(c) for c in chests), max(abs(c) for c in chests)
        where = f"{side}{near}" + (f" to {far}" if far != near else "")
        body.append(
            f"<tr><th>{where}</th>" + "".join(f"<td>{html.escape(c)}</td>" for c in cells) + "</tr>"
        )
    return (
        "<table class='piratelib-bf-edge-table'><tr><th>Chest on</th>"
        f"{head}</tr>{''.join(body)}</table>"
    )


class SinkingApp(App):
    """Choose a scenario and step through it: the rule, the table, and the score board.

    Parameters
    ----------
    scenario : str
        A key of :data:`SCENARIOS` to open on.
    step : int
        The step shown first, from 1.

    Raises
    ------
    IllegalActionError
        If `scenario` is not a key of :data:`SCENARIOS`.

    Examples
    --------
    >>> app = SinkingApp()
    >>> app.step.max, app.steps[3].phase, app.steps[3].state.chest
    (7, 'Sinking a Ship: 2', 2)
    >>> app.step.value = 4
    >>> "Step 4 of 7</b>: Sinking a Ship: 2:" in app.shown.value
    True
    >>> app.scenario.value = "admiral_sinking"
    >>> app.step.value, app.steps[-1].state.chest
    (1, -3)
    """

    def __init__(self, scenario: str = "rulebook_sinking", *, step: int = 1) -> None:
        if scenario not in SCENARIOS:
            raise IllegalActionError(
                f"unknown scenario {scenario!r}; {did_you_mean(scenario, SCENARIOS)}"
                f"scenarios: {', '.join(SCENARIOS)}"
            )
        check_whole("step", step, 1, len(SCENARIOS[scenario]()))
        self.scenario = widgets.Dropdown(
            options=[(_summary(run), name) for name, run in SCENARIOS.items()],
            value=scenario,
            description="Scenario",
            style=_STYLE,
            layout={"width": "760px"},
        )
        self.intro = widgets.HTML()
        self.step = widgets.IntSlider(
            value=1,
            min=1,
            max=1,
            description="Step",
            style=_STYLE,
            layout={"width": "480px"},
            continuous_update=False,
        )
        self.shown = widgets.HTML()
        self.shown.add_class("piratelib-bf-step")
        self.table = widgets.HTML()
        self.table.add_class("piratelib-bf-state")
        self.picture = widgets.HTML()
        self.picture.add_class("piratelib-bf-board")
        self.steps: tuple[Step, ...] = ()
        self._loading = False
        super().__init__(
            [self.scenario, self.intro, self.step, self.shown, self.table, self.picture]
        )
        self.scenario.observe(self._load, names="value")
        self.step.observe(self._show, names="value")
        self._load(first=step)

    def _load(self, change: object = None, *, first: int = 1) -> None:
        """Run the chosen scenario and show its first step."""
        try:
            run = SCENARIOS[chosen(self.scenario, "the scenario")]
        except PiratelibError as error:
            self.intro.value = refusal(error)  # the steps shown stay as they were
            return
        self.steps = run()
        self.intro.value = f"<div style='{_TEXT}'>{html.escape(_story(run), quote=False)}</div>"
        self._loading = True
        try:
            with self.step.hold_trait_notifications():
                self.step.max = len(self.steps)
                self.step.value = min(max(first, 1), len(self.steps))
        finally:
            self._loading = False
        self._show()

    def _show(self, change: object = None) -> None:
        """Show the chosen step's text and rule, the table after it, and the score board."""
        if self._loading:
            return
        k, n = self.step.value, len(self.steps)
        step = self.steps[k - 1]
        state = step.state
        title = f"After step {k} of {n}: the Treasure Chest on {space_name(state.chest)}"
        self.picture.value = score_board_svg(
            state.chest,
            state.flags,
            spaces_per_side=load_blackflag().track["spaces_per_side"],
            hourglass=state.hourglass,
            title=title,
            css=_BOARD,
        )
        self.table.value = table_html(step.state)
        self.shown.value = step_html(step, k, n, "piratelib-bf-step-text")


class EdgeApp(App):
    """Score a game At the Edge of the World: Roles, Doubloons and the Treasure Chest.

    Parameters
    ----------
    players : int
        How many players, 4 to 8 (the first of :data:`NAMES`).
    chest : int
        The Treasure Chest's space, -6 to 6: positive toward the Ibberian Flag.
    doubloons : mapping of str to int, optional
        Each player's Doubloons after the hidden Roles were paid (default 1 each).
    roles : sequence of str, optional
        Each seat's Role id (default :func:`default_roles`).

    Raises
    ------
    IllegalActionError
        If `roles` does not give one known Role id per player.

    Examples
    --------
    >>> app = EdgeApp(players=5)
    >>> app.outcome.winners
    ('Emma',)
    >>> app.chest.value = 1
    >>> app.outcome.winner
    'ibberia'
    >>> app.doubloons["Emma"].value = 2
    >>> app.outcome.winners
    ('Emma',)
    """

    def __init__(
        self,
        *,
        players: int = 5,
        chest: int = 0,
        doubloons: Mapping[str, int] | None = None,
        roles: Sequence[str] | None = None,
    ) -> None:
        last = load_blackflag().track["spaces_per_side"]
        check_whole("players", players, min(PLAYERS), max(PLAYERS))
        check_whole("chest", chest, -last, last)
        if doubloons is not None:
            check_kind("doubloons", doubloons, Mapping)
            for name, count in doubloons.items():
                check_id("player", name, NAMES[:players])
                check_whole(f"{name}'s Doubloons", count, 0, 6)
        if roles is not None:
            _check_roles(roles, players)
        self.players = widgets.IntSlider(
            value=players,
            min=min(PLAYERS),
            max=max(PLAYERS),
            description="Players",
            style=_STYLE,
            layout={"width": "420px"},
            continuous_update=False,
        )
        self.chest = widgets.IntSlider(
            value=chest,
            min=-last,
            max=last,
            description="Treasure Chest",
            style=_STYLE,
            layout={"width": "480px"},
            continuous_update=False,
        )
        self.where = widgets.HTML(layout={"margin": "0 0 0 1em"})
        self.seats = widgets.VBox()
        self.result = widgets.HTML()
        self.result.add_class("piratelib-bf-edge")
        self.picture = widgets.HTML()
        self.picture.add_class("piratelib-bf-board")
        # One row per possible seat, built once; the Players slider only shows and hides
        # the rows of the seats that come and go (see _seat).
        labels = [(entry["name"], role_id) for role_id, entry in load_blackflag().roles.items()]
        spare = default_roles(max(PLAYERS))
        self._role_of: dict[str, widgets.Dropdown] = {}
        self._doubloons_of: dict[str, widgets.IntSlider] = {}
        self._rows: dict[str, widgets.HBox] = {}
        for name, role in zip(NAMES, spare, strict=True):
            self._role_of[name] = widgets.Dropdown(
                options=labels,
                value=role,
                description=f"{name}: Role",
                style={"description_width": "100px"},
                layout={"width": "330px"},
            )
            self._doubloons_of[name] = widgets.IntSlider(
                value=1,
                min=0,
                max=6,
                description="Doubloons",
                style=_STYLE,
                layout={"width": "420px"},
                continuous_update=False,
            )
            self._rows[name] = widgets.HBox([self._role_of[name], self._doubloons_of[name]])
        self.seats.children = tuple(self._rows.values())
        self.role: dict[str, widgets.Dropdown] = {}
        """The seated players' Role dropdowns."""
        self.doubloons: dict[str, widgets.IntSlider] = {}
        """The seated players' Doubloons sliders."""
        self.outcome: Outcome | None = None
        self._seating = False
        super().__init__(
            [
                self.players,
                widgets.HBox([self.chest, self.where]),
                self.seats,
                widgets.HTML(EDGE_HELP, layout={"max_width": "760px"}),
                self.result,
                self.picture,
            ]
        )
        self.players.observe(self._seat, names="value")
        self.chest.observe(self._score, names="value")
        for name in NAMES:
            self._role_of[name].observe(self._score, names="value")
            self._doubloons_of[name].observe(self._score, names="value")
        self._seat(roles=roles, doubloons=doubloons or {})

    @property
    def roles(self) -> dict[str, str]:
        """Each seated player's Role, as the dropdowns say."""
        return {name: dropdown.value for name, dropdown in self.role.items()}

    def _seat(
        self,
        change: object = None,
        *,
        roles: Sequence[str] | None = None,
        doubloons: Mapping[str, int] | None = None,
    ) -> None:
        """Seat the players: show their rows, hide the others, deal the Roles, then score.

        The rows of all :data:`NAMES` are built once: a change of the Players slider only
        shows or hides the rows of the seats that come or go, sets the Roles of the new
        count's setup row, and gives each newcomer 1 Doubloon. The values are set under a
        guard, so that the score is worked out once, at the end.
        """
        seats = NAMES[: self.players.value]
        roles = list(roles) if roles is not None else list(default_roles(len(seats)))
        _check_roles(roles, len(seats))
        given = doubloons or {}
        self._seating = True
        try:
            for name, role in zip(seats, roles, strict=True):
                self._role_of[name].value = role
                if name in given or name not in self.doubloons:  # given, or a newcomer
                    self._doubloons_of[name].value = given.get(name, 1)
            for name, row in self._rows.items():
                display = None if name in seats else "none"
                if row.layout.display != display:
                    row.layout.display = display
            self.role = {name: self._role_of[name] for name in seats}
            self.doubloons = {name: self._doubloons_of[name] for name in seats}
        finally:
            self._seating = False
        self._score()

    def _score(self, change: object = None) -> None:
        """Score with the rules and show the winners and why, or the rules' refusal."""
        if self._seating:
            return
        chest = self.chest.value
        self.where.value = html.escape(space_name(chest))
        flags = setup_for(self.players.value)["flags"]
        doubloons = {name: slider.value for name, slider in self.doubloons.items()}
        try:
            self.outcome = edge_of_the_world(self.roles, doubloons, chest=chest)
        except PiratelibError as error:
            self.outcome = None
            result = refusal(error)
            title = "At the Edge of the World: no score until the Roles are a setup row"
        else:
            result = _outcome_html(self.outcome, self.roles)
            title = f"At the Edge of the World: {side_name(self.outcome.winner)} wins"
        self.picture.value = score_board_svg(
            chest,
            flags,
            spaces_per_side=load_blackflag().track["spaces_per_side"],
            hourglass=0,
            title=title,
            css=_BOARD,
        )
        self.result.value = result  # last, so a browser that shows it shows the picture


def _check_roles(roles: object, players: int) -> None:
    """Raise unless `roles` is a list or tuple of one known Role id per player."""
    check_items("roles", roles, str)
    roles = cast("Sequence[str]", roles)  # check_items refused anything else
    if len(roles) != players:
        raise IllegalActionError(f"give one Role per player: expected {players}, got {len(roles)}")
    names = load_blackflag().roles
    for role in roles:
        if role not in names:
            raise IllegalActionError(
                f"unknown Role {role!r}; {did_you_mean(role, names)}Roles: {', '.join(names)}"
            )


def _summary(run: Callable[[], object]) -> str:
    """A scenario's one-line summary, from its docstring."""
    doc = cast(str, inspect.getdoc(run))  # every scenario has a docstring
    return doc.split("\n", 1)[0]


def _story(run: Callable[[], object]) -> str:
    """A scenario's setup, the docstring's second paragraph, on one line."""
    doc = cast(str, inspect.getdoc(run))  # every scenario has a docstring
    return " ".join(doc.split("\n\n")[1].split())


def table_html(state: State) -> str:
    """The table after a step: each player's Role, Ship, Barrels and Doubloons; the board.

    Examples
    --------
    >>> from piratelib.blackflag.examples import rulebook_sinking
    >>> shown = table_html(rulebook_sinking()[0].state)
    >>> "Treasure Chest on space 0; Flags on space 5" in shown
    True
    >>> "<td style='padding:2px 8px'>Brittish Privateer, face down" in shown
    True
    """
    check_kind("state", state, State)
    bf = load_blackflag()
    rows = []
    for i, p in enumerate(state.players):
        role = bf.roles[p.role]["name"]
        face = "face up" if p.revealed else "face down (a Doubloon on its back)"
        ship = f"{p.ship.name} (Treasure Chest {p.ship.treasure})" if p.ship else "no Ship"
        barrels = str(p.barrels) if p.ship else "—"
        turn = " ◀ turn" if i == state.active else ""
        token = ""
        if state.token and state.token.holder == p.name:
            token = f" ({_TOKEN[state.token.side]})"
        rows.append(
            f"<tr><th style='text-align:left;padding:2px 8px'>{html.escape(p.name)}{turn}</th>"
            f"<td style='padding:2px 8px'>{role}, {face}</td>"
            f"<td style='padding:2px 8px'>{html.escape(ship)}{token}</td>"
            f"<td style='padding:2px 8px;text-align:center'>{barrels}</td>"
            f"<td style='padding:2px 8px;text-align:center'>{p.doubloons}</td></tr>"
        )
    head = "".join(
        f"<th style='padding:2px 8px'>{label}</th>"
        for label in ("Player", "Role", "Ship", "Barrels", "Doubloons")
    )
    board = (
        f"Treasure Chest on {space_name(state.chest)}; Flags on space {state.flags}; "
        f"Hourglass {state.hourglass} Doubloons; supply {state.reserve}."
    )
    end = ""
    if state.outcome is not None:
        how, why = state.outcome.termination.value, html.escape(state.outcome.why)
        end = f"<p><b>Game over ({how})</b>: {why}.</p>"
    return (
        f"<div style='{_TEXT}'><p>{board}</p><table style='border-collapse:collapse'>"
        f"<tr>{head}</tr>{''.join(rows)}</table>{end}</div>"
    )


_TOKEN = {"flying_deutchmann": "the Flying Deutchmann is on it", "davey_jones": "Davey Jones"}


def _capital(text: str) -> str:
    """`text` with its first letter in upper case."""
    return text[:1].upper() + text[1:]


def _outcome_html(outcome: Outcome, roles: Mapping[str, str]) -> str:
    """Who wins, with their Roles, and the rule's reason."""
    bf = load_blackflag()
    who = ", ".join(f"{name} ({bf.roles[roles[name]]['name']})" for name in outcome.winners)
    side = html.escape(_capital(side_name(outcome.winner)))
    return (
        f"<div class='piratelib-bf-edge-result'><p><b>{side} wins</b>: {html.escape(who)}.</p>"
        f"<p><i>Why</i>: {html.escape(outcome.why, quote=False)}.</p></div>"
    )


_AHEAD = {"pirate": 3, "brittish_privateer": 3, "ibberian_privateer": 2}
"""Doubloons of the lone players when they are ahead, for :func:`edge_table_html`."""
_SHORT = {
    "ibberia": "Ibberia",
    "brittonia": "Brittonia",
    "pirate": "Pirate",
    "ibberian_privateer": "Ibberian Privateer",
    "brittish_privateer": "Brittish Privateer",
}


def _edge_winner(players: int, chest: int) -> str:
    """The winner at `chest`, when the lone players are ahead and when everyone is level."""
    roles = seated_roles(players)
    ahead = {name: _AHEAD.get(role, 1) for name, role in roles.items()}
    level = dict.fromkeys(roles, 1)
    a, b = (_SHORT[edge_of_the_world(roles, d, chest=chest).winner] for d in (ahead, level))
    return a if a == b else f"{a} if ahead, else {b}"
