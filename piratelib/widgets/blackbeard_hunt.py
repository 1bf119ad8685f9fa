"""Hunt for Blackbeard against a bot: play one side, see what the Hunters can deduce.

:class:`HuntApp` lets the reader play the Hunters or Blackbeard against a bot of the other
side (:data:`~piratelib.blackbeard.bots.policies.BOTS`, the smart one by default). The bot plays
whenever its side must decide; the reader picks one of the legal actions now in two
steps, what and then where (:mod:`piratelib.blackbeard.game.choices`), may undo their own
last action while nothing has been revealed since, may ask for a Hint (what the search
bot of :mod:`~piratelib.blackbeard.bots.search` would do, and how often it won from
there), and may save the game and load it back (:class:`piratelib.play.Record`); an
illegal action is refused as a sentence. Playing the
Hunters, the reader sees their Map shaded by the chance that Adventure is at each space
(:func:`~piratelib.blackbeard.deduce.chances`, its default ``"sails"`` model) and where
the Camp can be; playing
Blackbeard, the Hunters' beliefs stay hidden until the game ends. Each side only ever
sees its own :func:`~piratelib.blackbeard.game.observation`, and the log hides the
other side's secret steps (:func:`public_steps`). At the end
:func:`~piratelib.blackbeard.deduce.record.hunt_record` (pure code over the game's states)
reveals, turn by turn, where Adventure and the Camp really were beside what the Hunters
believed then. The app computes no rule.

Examples
--------
>>> app = HuntApp(seed=1, opponent="random")
>>> app.state.segment, app.reader
('B', 'hunters')
>>> "Adventure can be in" in app.belief.value
True
>>> app.done.click()
>>> app.state.segment
'D'
>>> app.undo_button.disabled  # the bot has played since
True
"""

from __future__ import annotations

import functools
import html
import random
import re
from collections.abc import Mapping
from fractions import Fraction
from typing import cast

import ipywidgets as widgets

from piratelib.blackbeard.bots.policies import BOTS, bot_action
from piratelib.blackbeard.bots.search import hint
from piratelib.blackbeard.deduce import camp_spaces, chances
from piratelib.blackbeard.deduce.record import RecordRow, hunt_record
from piratelib.blackbeard.game import (
    Action,
    Done,
    Meet,
    Observation,
    State,
    decider,
    describe,
    legal_actions,
    observation,
)
from piratelib.blackbeard.game.choices import choice, warning
from piratelib.blackbeard.game.encounters import declared_encounter
from piratelib.blackbeard.game.hunters import HUNTER_PAWNS
from piratelib.blackbeard.piracy.mat import pawns_allowed
from piratelib.blackbeard.readonly import Fixed
from piratelib.draw.blackbeard.view import likeliest
from piratelib.errors import DataError, IllegalActionError, PiratelibError, check_whole
from piratelib.play import Choice, Record, two_steps
from piratelib.steps import Step
from piratelib.widgets import App, chosen, refusal
from piratelib.widgets._args import SEEDS, check_flag
from piratelib.widgets.blackbeard_game import (
    SEGMENT_NAMES,
    log_html,
    public_steps,
    save_html,
    view_html,
)
from piratelib.widgets.encounter_setup import query_for
from piratelib.words import name, percent, plural, say

__all__ = ["HuntApp", "belief_map_html", "public_steps"]

SIDE_NAMES = {"hunters": "the Hunters", "blackbeard": "Blackbeard"}
BOT_NAMES = {"hunters": "Hunters", "blackbeard": "Blackbeard"}
_MAX_BOT_ACTIONS = 2_000
_STYLE = {"description_width": "70px"}
_ADVANCED_HELP = (
    "<p style='margin:0;color:#555'><b>Advanced rules</b>: the tiles marked with a skull "
    "(Longboat, Israel Hands, Bought Silence) and the advanced Assets join the game.</p>"
)


class HuntApp(App):
    """Play Hunt for Blackbeard as the Hunters or as Blackbeard against a bot of the other side.

    The reader chooses each action in two steps (:func:`~piratelib.play.two_steps`): what
    (a piece or a kind of action), then where; a long list of spaces is first narrowed by
    the kind of space. Undo takes back the reader's own last action while nothing has
    been revealed since (:meth:`piratelib.play.Record.undo`); Save gives the game as a
    small JSON file, and Load plays one back (:class:`piratelib.play.Record`).

    Parameters
    ----------
    seed : int
        The game's seed: chance comes from it and the moment, and the bot's choices too,
        so a saved game replays exactly.
    side : {"hunters", "blackbeard"}
        The side the reader plays.
    opponent : {"smart", "random"}
        The bot playing the other side (:data:`~piratelib.blackbeard.bots.policies.BOTS`).
    advanced : bool
        Play the ADVANCED rules.

    Attributes
    ----------
    record : piratelib.play.Record
        The game so far (options and actions); ``states`` are its states.
    happened : list of (str, list of str)
        Who acted and the steps the reader may read, since the reader's last action.

    Examples
    --------
    >>> app = HuntApp(seed=2, side="blackbeard", opponent="random")
    >>> app.what.value, app.kind.value, app.where.label
    ('Set Camp', '', 'Bats Grave')
    >>> from piratelib.blackbeard.game import Sail
    >>> app.play(Sail("bath_town"))
    False
    >>> "piratelib-hunt-refusal" in app.refusal.value, app.state.segment
    (True, 'A')
    """

    def __init__(
        self,
        seed: int = 0,
        side: str = "hunters",
        opponent: str = "smart",
        advanced: bool = False,
    ) -> None:
        check_whole("seed", seed, *SEEDS)
        if opponent not in (tuple(BOTS[side]) if side in ("hunters", "blackbeard") else ()):
            raise PiratelibError(
                f"side must be 'hunters' or 'blackbeard' and opponent 'smart' or 'random', "
                f"got {side!r:.80} and {opponent!r:.80}"
            )
        check_flag("advanced", advanced)
        self.record = Record.start("blackbeard", seed=seed, advanced=advanced)
        self.happened: list[tuple[str, list[str]]] = []
        self._loading = False  # True while Load sets the Seed and Advanced boxes
        self._steps: dict[str, dict[str, list[Choice]]] = {}
        self.side = widgets.ToggleButtons(
            options=[("Hunters", "hunters"), ("Blackbeard", "blackbeard")],
            value=side,
            description="You play",
            style={"description_width": "70px", "button_width": "100px"},
        )
        self.opponent = widgets.ToggleButtons(
            options=[("Smart", "smart"), ("Random", "random")],
            value=opponent,
            description="Bot",
            style={"description_width": "40px", "button_width": "80px"},
        )
        self.advanced = widgets.Checkbox(value=advanced, description="Advanced rules")
        self.seed = widgets.IntText(
            value=seed, description="Seed", style=_STYLE, layout={"width": "160px"}
        )
        self.new = widgets.Button(description="New game", button_style="primary")
        self.status = widgets.HTML()
        self.what = widgets.Dropdown(description="Action", style=_STYLE, layout={"width": "420px"})
        self.kind = widgets.Dropdown(description="Kind", style=_STYLE, layout={"width": "260px"})
        self.where = widgets.Dropdown(description="Where", style=_STYLE, layout={"width": "320px"})
        self.play_button = widgets.Button(description="Play", button_style="success")
        self.done = widgets.Button(description="Done", tooltip="end your part of this segment")
        self.undo_button = widgets.Button(description="Undo", tooltip="take back your last action")
        self.hint_button = widgets.Button(
            description="Hint", tooltip="what the search bot would do"
        )
        self.hint = widgets.HTML()
        self.warning = widgets.HTML()
        self.save = widgets.HTML()
        self.load_file = widgets.FileUpload(accept=".json", description="Load a game")
        self.refusal = widgets.HTML()
        self.belief = widgets.HTML()
        self.map = widgets.HTML(layout={"width": "100%"})
        self.shown_log = widgets.HTML()
        self.record_table = widgets.HTML()
        super().__init__(
            [
                widgets.HBox([self.side, self.opponent]),
                widgets.HBox([self.seed, self.advanced, self.new]),
                widgets.HTML(_ADVANCED_HELP),
                self.status,
                widgets.HBox([self.what, self.kind, self.where]),
                widgets.HBox([self.play_button, self.done, self.undo_button, self.hint_button]),
                self.hint,
                self.warning,
                self.refusal,
                self.belief,
                self.map,
                self.shown_log,
                widgets.HBox([self.save, self.load_file]),
                self.record_table,
            ]
        )
        for control in (self.what, self.kind, self.where):
            control.add_class(f"piratelib-hunt-{control.description.lower()}")
        self.new.on_click(lambda _: self.new_game())
        self.side.observe(lambda _: self.new_game(), names="value")
        self.opponent.observe(lambda _: self.new_game(), names="value")
        self.advanced.observe(self._restart, names="value")
        self.what.observe(lambda _: self._show_kinds(), names="value")
        self.kind.observe(lambda _: self._show_wheres(), names="value")
        self.where.observe(lambda _: self._show_warning(), names="value")
        self.play_button.on_click(lambda _: self._play_selected())
        self.done.on_click(lambda _: self.play(Done()))
        self.undo_button.on_click(lambda _: self.undo())
        self.hint_button.on_click(lambda _: self.show_hint())
        self.load_file.observe(self._load_uploaded, names="value")
        self.new_game()

    @property
    def states(self) -> tuple[State, ...]:
        """The game so far, one state after each action (read-only)."""
        return cast("tuple[State, ...]", self.record.states())

    @property
    def state(self) -> State:
        """The game now."""
        return self.states[-1]

    @property
    def reader(self) -> str:
        """The side the reader plays: ``"hunters"`` or ``"blackbeard"``."""
        return str(self.side.value)  # ipywidgets values are Any

    @property
    def choices(self) -> list[Action]:
        """The legal actions offered to the reader now (empty while the game is over)."""
        return [c.action for kinds in self._steps.values() for g in kinds.values() for c in g]

    @property
    def selected(self) -> Action | None:
        """The action the two steps have chosen now (None if none is offered)."""
        return cast("Action | None", self.where.value)

    def new_game(self, seed: int | None = None) -> None:
        """Start a new game with `seed` (default: the Seed box) and let the bot open it."""
        try:
            chosen(self.side, "your side"), chosen(self.opponent, "the bot")
        except PiratelibError as error:
            self.refusal.value = _refusal_html(error)  # the game goes on as it was
            return
        if seed is not None:
            self.seed.value = seed
        self.record = Record.start("blackbeard", seed=self.seed.value, advanced=self.advanced.value)
        self.happened = []
        self.refusal.value = ""
        self._run_bot()
        self._show()

    def play(self, action: Action) -> bool:
        """Play `action` for the reader, then let the bot answer; False (and a refusal) if illegal.

        A refused action changes nothing: the refusal is said as a sentence in the
        ``piratelib-hunt-refusal`` box.
        """
        state = self.state
        if state.outcome is not None or decider(state) != self.reader:
            error = IllegalActionError(f"{describe(action)}: it is not your turn to decide now.")
            self.refusal.value = _refusal_html(error)
            return False
        try:
            self.record = self.record.play(action)
        except IllegalActionError as error:
            self.refusal.value = _refusal_html(error)
            return False
        self.refusal.value = ""
        you = "You: " + say(describe(action))
        self.happened = [(you, public_steps(self.record.steps()[-1], self.reader))]
        self._run_bot()
        self._show()
        return True

    def undo(self) -> bool:
        """Take back the reader's last action if nothing was revealed since; False if not."""
        try:
            self.record = self.record.undo(self.reader)
        except IllegalActionError as error:
            self.refusal.value = _refusal_html(error)
            return False
        self.refusal.value = ""
        self.happened = [("You took back your last action.", [])]
        self._show()
        return True

    def saved(self) -> str:
        """The game so far as JSON text: what Save downloads and Load reads."""
        return self.record.to_json()

    def load(self, text: str | bytes) -> bool:
        """Play back a saved game (see :meth:`saved`); False (and why) if it is not one.

        The saved options set the Seed and Advanced rules; the side and bot stay as chosen.
        """
        try:
            record = Record.from_json(text)
            if record.game != "blackbeard":
                raise DataError(f"this is a saved game of {record.game}, not Hunt for Blackbeard")
        except DataError as error:
            self.refusal.value = _refusal_html(IllegalActionError(str(error)))
            return False
        options = dict(record.options)
        self._loading = True
        self.seed.value = options.get("seed", 0)
        self.advanced.value = bool(options.get("advanced", False))
        self._loading = False
        self.record = record
        self.happened = [(f"Loaded a saved game: {plural(len(record.actions), 'action')}.", [])]
        self.refusal.value = ""
        self._run_bot()
        self._show()
        return True

    def _restart(self, change: object = None) -> None:
        """A new game when the Advanced rules box changes (not while Load sets it)."""
        if not self._loading:
            self.new_game()

    def _load_uploaded(self, change: object = None) -> None:
        """Load the file just chosen with Load a game."""
        for upload in self.load_file.value:
            self.load(bytes(upload["content"]))
        self.load_file.value = ()

    def _play_selected(self) -> None:
        """Play the action the two steps have chosen."""
        if self.selected is not None:
            self.play(self.selected)

    def _run_bot(self) -> None:
        """Let the bot play its side until the reader must decide or the game ends.

        The bot's choices are seeded by the game's seed and the moment, so a loaded game
        goes on as it would have.
        """
        bot = BOTS[_other(self.reader)][self.opponent.value]
        who = f"The {self.opponent.value} {BOT_NAMES[_other(self.reader)]} bot"
        for _ in range(_MAX_BOT_ACTIONS):
            state = self.state
            if state.outcome is not None or decider(state) == self.reader:
                break
            rng = random.Random(f"bot:{state.seed}:{state.ply}")
            self.record = self.record.play(bot_action(state, bot, rng))
            lines = public_steps(self.record.steps()[-1], self.reader)
            if self.happened and self.happened[-1][0] == who:  # one entry per run of the bot
                before = self.happened[-1][1]
                lines = before + lines[1:] if before[-1:] == lines[:1] else before + lines
                self.happened[-1] = (who, lines)
            else:
                self.happened.append((who, lines))

    def show_hint(self) -> None:
        """Say what the search bot would do now in the reader's place (about a second)."""
        if not self.hint_button.disabled:  # the reader decides now
            view, legal = observation(self.state, self.reader), legal_actions(self.state)
            words = html.escape(hint(view, legal, random.Random(self.state.ply)))
            self.hint.value = f"<p class='piratelib-hunt-hint'>{words}</p>"

    def _show(self) -> None:
        """Show the game now: status, choices, belief, Map, log, and the record at the end."""
        state, reader = self.state, self.reader
        over = state.outcome is not None
        mine = not over and decider(state) == reader
        self.hint.value = ""
        self.hint_button.disabled = not mine
        self._steps = two_steps([choice(a) for a in legal_actions(state)]) if mine else {}
        with self.hold_sync():
            self.what.options = list(self._steps)
            self.what.value = next(iter(self._steps), None)
            self.what.disabled = self.play_button.disabled = not self._steps
            self._show_kinds()
        has_done = Done() in self.choices
        self.done.disabled = not has_done
        self.done.layout.display = None if has_done else "none"
        self.undo_button.disabled = not self.record.can_undo(reader)
        self.status.value = _status_html(state, reader, self.opponent.value, self.seed.value)
        hunters = observation(state, "hunters")
        if reader == "hunters" or over:
            odds = _chances(hunters)
            self.belief.value = _belief_html(hunters, odds, reveal=reader != "hunters")
            maps = [belief_map_html(hunters)]
            if over:
                maps.append(view_html(state, "blackbeard"))
        else:
            self.belief.value = (
                "<p class='piratelib-hunt-belief'>What the Hunters believe stays hidden until "
                "the game ends: playing Blackbeard, you see only what he may know.</p>"
            )
            maps = [view_html(state, "blackbeard")]
        if reader == "blackbeard":
            maps.reverse()
        self.map.value = "".join(maps)
        self.shown_log.value = log_html(self.happened) + self._met()
        self.save.value = save_html(self.saved(), len(self.record.actions))
        self.record_table.value = _record_html(hunt_record(self.states)) if over else ""

    def _show_kinds(self) -> None:
        """Offer the kinds of space for the action chosen (hidden when there is one)."""
        kinds = self._steps.get(self.what.value, {})
        self.kind.options = list(kinds)
        self.kind.value = next(iter(kinds), None)
        self.kind.layout.display = None if len(kinds) > 1 else "none"
        self._show_wheres()

    def _show_wheres(self) -> None:
        """Offer where (or which) for the action chosen (hidden when there is nothing to pick)."""
        group = self._steps.get(self.what.value, {}).get(self.kind.value, [])
        self.where.options = [(c.where or c.what, c.action) for c in group]
        self.where.value = group[0].action if group else None
        self.where.layout.display = None if group and group[0].where else "none"
        self._show_warning()

    def _show_warning(self) -> None:
        """Say what the chosen action gives up, before it is played."""
        action = self.selected
        said = warning(observation(self.state, self.reader), action) if action else None
        self.warning.value = (
            f"<p class='piratelib-hunt-warning' style='color:#7a4b00'>Before you play it: "
            f"{html.escape(said)}</p>"
            if said
            else ""
        )

    def _met(self) -> str:
        """For each Encounter met since the reader's last action, a link that opens the
        Encounter calculator on it, both sides' declared tiles filled in."""
        links = []
        for state, _ in self._since_reader():
            action = self._action_at(state)
            if isinstance(action, Meet):
                encounter = declared_encounter(state, self.states[state.ply + 1], action.space)
                query = query_for({"a": (encounter, None)})
                links.append(
                    f"<li><a href='encounter_calculator.ipynb?{html.escape(query)}' "
                    f"target='_blank'>Open the Encounter at {html.escape(name(action.space))} "
                    "in the Encounter calculator</a>, with the tiles both sides declared.</li>"
                )
        if not links:
            return ""
        return "<ul class='piratelib-hunt-calculator'>" + "".join(links) + "</ul>"

    def _since_reader(self) -> list[tuple[State, tuple[Step, ...]]]:
        """Each action since the reader's last one (that one too): its state before, steps."""
        states, steps, who = self.states, self.record.steps(), self.record.deciders()
        k = len(steps)
        while k > 0 and who[k - 1] != self.reader:
            k -= 1
        return list(zip(states[max(k - 1, 0) : -1], steps[max(k - 1, 0) :], strict=True))

    def _action_at(self, state: State) -> Action:
        """The action the record took at `state`."""
        return legal_actions(state)[self.record.actions[state.ply]]


def _other(side: str) -> str:
    return "blackbeard" if side == "hunters" else "hunters"


def _name(space: str | None) -> str:
    return "nowhere" if space is None else name(space)


def _refusal_html(error: PiratelibError) -> str:
    """The refusal as a sentence a player reads (names, not ids or class names)."""
    text = say(str(error))
    text = re.sub(r"\b[A-Z][a-z]+(?:[A-Z][a-z]+)+\b", _spaced, text)  # EndMove -> End Move
    text = text.replace("hunters to decide", "the Hunters to decide")
    text = text.replace("blackbeard to decide", "Blackbeard to decide")
    return f"<div class='piratelib-hunt-refusal'>{refusal(PiratelibError(text))}</div>"


def _spaced(match: re.Match[str]) -> str:
    """An action's class name in words: "FollowSighting" -> "Follow Sighting"."""
    return re.sub(r"(?<=[a-z])(?=[A-Z])", " ", match[0])


def _status_html(state: State, reader: str, opponent: str, seed: int) -> str:
    """Who plays, the turn and segment in words, pawns left, whose move; or who won."""
    segment = SEGMENT_NAMES[state.segment]
    you = f"You play {SIDE_NAMES[reader]} against the {opponent} {BOT_NAMES[_other(reader)]} bot"
    head = f"Seed {seed}. {you}. Turn {state.turn} of 4, segment {state.segment}. {segment}."
    if state.outcome is not None:
        won = state.outcome.side == reader
        who = "The Hunters win" if state.outcome.side == "hunters" else "Blackbeard wins"
        verdict = "You win!" if won else "The bot wins."
        why = html.escape(say(state.outcome.why))
        return (
            f"<p class='piratelib-hunt-status'>{html.escape(head)} <b>The game is over. "
            f"{who}: {why}. {verdict}</b></p>"
        )
    view = observation(state, reader)
    if reader == "hunters":
        left = f"{HUNTER_PAWNS - (view.hunter_pawns or 0)} of {HUNTER_PAWNS} rose pawns left"
    else:
        assert view.mat is not None  # Blackbeard's own view holds his Mat
        allowed = pawns_allowed(view.mat)
        left = f"{allowed - view.mat.pawns_used} of {allowed} black pawns left"
    turn = "Your move" if decider(state) == reader else "The bot is thinking"
    return (
        f"<p class='piratelib-hunt-status'>{html.escape(head)} <b>{turn}</b>: {left} this turn.</p>"
    )


def _belief_html(view: Observation, odds: Mapping[str, Fraction], *, reveal: bool) -> str:
    """What the Hunters believe: where Adventure can be (likeliest first) and the Camp."""
    if not odds:
        return (
            "<p class='piratelib-hunt-belief'>Adventure is not on the Map yet: "
            "Blackbeard has not Set Camp.</p>"
        )
    n = len(odds)
    spaces = "1 space" if n == 1 else f"{n} spaces"
    top = ", ".join(f"{_name(s)} {percent(p, 0)}" for s, p in likeliest(odds, 3))
    every = ", ".join(f"{_name(s)} {percent(p, 0)}" for s, p in likeliest(odds, n))
    camps = sorted(camp_spaces(view))
    if len(camps) == 1:
        camp = f"The Camp is at {_name(camps[0])}."
    else:
        camp = f"The Camp can be at {len(camps)} Anchorages: {', '.join(map(_name, camps))}."
    lead = "<b>Revealed: what the Hunters believe now.</b> " if reveal else ""
    return (
        f"<div class='piratelib-hunt-belief'><p>{lead}Adventure can be in {spaces}; "
        f"likeliest: {html.escape(top)}. {html.escape(camp)}</p>"
        f"<p class='piratelib-hunt-possible'>Every possible space, likeliest first: "
        f"{html.escape(every)}.</p></div>"
    )


@functools.lru_cache(maxsize=64)
def belief_map_html(view: Observation) -> str:
    """The Hunters' Map shaded by the chance of each possible space: an SVG named by its alt.

    `view` is the Hunters' :func:`~piratelib.blackbeard.game.observation`; the chances are
    :func:`~piratelib.blackbeard.deduce.chances` of it. Cached, as views hash.

    Examples
    --------
    >>> from piratelib.blackbeard.game import SetCamp, new_game, resolve
    >>> state = resolve(new_game(seed=1), SetCamp("nots_island"))[-1].state
    >>> shown = belief_map_html(observation(state, "hunters"))
    >>> "class='piratelib-map-hunters'" in shown, "Bats Grave 10%" in shown
    (True, True)
    """
    from piratelib.draw.blackbeard.map_svg import side_map_svg

    return side_map_svg(view, chances=_chances(view))


@functools.lru_cache(maxsize=64)
def _chances(view: Observation) -> Mapping[str, Fraction]:
    """The chances of `view` (:func:`~piratelib.blackbeard.deduce.chances`), counted once
    for the belief sentence and the Map alike (views hash); read-only, as it is shared."""
    return Fixed(chances(view))


def _record_html(rows: list[RecordRow]) -> str:
    """The revealed record as a table, one row per turn."""
    head = (
        "<tr><th>Turn</th><th>Adventure Sailed</th><th>Adventure at the turn's end</th>"
        "<th>Camp</th><th>The Hunters: possible spaces</th><th>The Hunters: likeliest</th>"
        "<th>Chance they gave the true space</th></tr>"
    )
    body = []
    for row in rows:
        sailed = " to ".join(map(_name, row.sailed)) if len(row.sailed) > 1 else "did not Sail"
        top = ", ".join(f"{_name(s)} {percent(p, 0)}" for s, p in row.chances[:3])
        cells = (
            row.turn,
            sailed,
            _name(row.adventure),
            f"{_name(row.camp)} ({row.camps} possible)",
            len(row.chances),
            top,
            percent(row.truth, 0),
        )
        body.append("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in cells) + "</tr>")
    return (
        "<div class='piratelib-hunt-record'><p><b>The hunt revealed</b>: where Adventure and "
        "the Camp really were at the end of each turn, beside what the Hunters believed "
        "then.</p><table><thead>"
        + head
        + "</thead><tbody>"
        + "".join(body)
        + "</tbody></table></div>"
    )
