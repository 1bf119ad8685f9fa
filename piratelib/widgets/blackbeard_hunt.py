"""Hunt for Blackbeard against a bot: play one side, see what the Hunters can deduce.

:class:`HuntApp` lets the reader play the Hunters or Blackbeard against a bot of the other
side (:data:`~piratelib.blackbeard.bots.policies.BOTS`, the smart one by default). The bot plays
whenever its side must decide; the reader picks from the legal actions now (in players'
words) or tries any move, and an illegal one is refused as a sentence. Playing the
Hunters, the reader sees their Map shaded by the chance that Adventure is at each space
(:func:`~piratelib.blackbeard.deduce.chances`) and where the Camp can be; playing
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
"""

from __future__ import annotations

import base64
import functools
import html
import random
import re
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from typing import cast

import ipywidgets as widgets

from piratelib.blackbeard.bots.policies import BOTS, bot_action
from piratelib.blackbeard.deduce import camp_spaces, chances
from piratelib.blackbeard.deduce.record import RecordRow, hunt_record
from piratelib.blackbeard.game import (
    SEQUENCE,
    Action,
    Done,
    Move,
    Observation,
    Sail,
    Scout,
    SetCamp,
    State,
    decider,
    describe,
    legal_actions,
    new_game,
    observation,
    resolve,
)
from piratelib.blackbeard.game.hunters import HUNTER_PAWNS
from piratelib.blackbeard.game.state import game_map
from piratelib.blackbeard.piracy.mat import pawns_allowed
from piratelib.draw.blackbeard.game import likeliest
from piratelib.errors import IllegalActionError, PiratelibError, check_id, check_whole
from piratelib.steps import Step
from piratelib.widgets import App, refusal
from piratelib.widgets._args import SEEDS, check_flag, check_steps
from piratelib.widgets.blackbeard_game import view_html
from piratelib.words import name, percent, say

__all__ = ["HuntApp", "belief_map_html", "public_steps"]

SIDE_NAMES = {"hunters": "the Hunters", "blackbeard": "Blackbeard"}
BOT_NAMES = {"hunters": "Hunters", "blackbeard": "Blackbeard"}
SEGMENT_NAMES = {segment.letter: segment.name for segment in SEQUENCE}
TRY_VERBS = {"hunters": ("move", "scout"), "blackbeard": ("sail", "set_camp")}
"""The verbs of the "try a move" row for each side."""
_VERB_NAMES = {"move": "Move", "scout": "Scout", "sail": "Sail", "set_camp": "Set Camp"}
_TRY_PIECES = {"hunters": ("jane", "ranger", "brand"), "blackbeard": ("adventure",)}
_MAX_BOT_ACTIONS = 2_000
_STYLE = {"description_width": "70px"}
_ADVANCED_HELP = (
    "<p style='margin:0;color:#555'><b>Advanced rules</b>: the tiles marked with a skull "
    "(Longboat, Israel Hands, Bought Silence) and the advanced Assets join the game.</p>"
)
# Steps one side must not read when the other side takes them (or they follow on their own)
_SECRET_FROM_HUNTERS = {
    "A:set_camp": "Blackbeard secretly Sets Camp at an Anchorage.",
    "C:reset": "Reset Map: blocks stand up, and Blackbeard secretly clears last turn's Sightings.",
    "C:plan": "Blackbeard uses a pawn behind his screen.",
    "C:prepare": "Blackbeard uses a pawn behind his screen.",
    "C:sail": "Blackbeard uses a pawn behind his screen.",
    "C:longboat": "Blackbeard secretly Sets the Map.",
    "C:israel_hands": "Blackbeard secretly Sets the Map.",
    "F:": "Blackbeard Resolves Piracy behind his screen.",
}
_SECRET_FROM_BLACKBEARD = {
    "interview": "The Hunters Interview an Informant behind their screen and secretly Spot.",
    "spot:informant": "The Hunters Interview an Informant behind their screen and secretly Spot.",
    "pass": "",
    "commandeer": "The Hunters use a pawn behind their screen.",
}


def public_steps(steps: Sequence[Step], reader: str) -> list[str]:
    """The steps `reader`'s side may read, in players' words; a secret step says only that.

    The Hunters do not read Blackbeard's Camp, Plans, Defenses, Sails, Reset Map or
    Piracy (only what is Shown); Blackbeard does not read the Hunters' Interviews, secret
    Spots or Commandeered Assets. Segment headings become their names.

    Examples
    --------
    >>> state = new_game(seed=1)
    >>> public_steps(resolve(state, SetCamp("nots_island")), "hunters")
    ['Blackbeard secretly Sets Camp at an Anchorage.']
    >>> public_steps(resolve(state, SetCamp("nots_island")), "blackbeard")[0]
    'Blackbeard Sets Camp at Nots Island.'
    """
    check_steps("steps", steps)
    check_id("reader", reader, ("hunters", "blackbeard"))
    secret = _SECRET_FROM_HUNTERS if reader == "hunters" else _SECRET_FROM_BLACKBEARD
    out: list[str] = []
    for step in steps:
        phase = step.phase
        if phase in SEGMENT_NAMES:
            text = f"{phase}. {SEGMENT_NAMES[phase]}"
        elif phase == "spot:sighting" and reader == "blackbeard" and "secretly" in step.text:
            text = _SECRET_FROM_BLACKBEARD["interview"]
        elif phase in secret or (phase.startswith("F:") and phase != "F:show" and "F:" in secret):
            text = secret.get(phase, secret.get("F:", ""))
        else:
            text = say(step.text).replace("Blackbeard win:", "Blackbeard wins:")
        if text and (not out or out[-1] != text):
            out.append(text)
    return out


class HuntApp(App):
    """Play Hunt for Blackbeard as the Hunters or as Blackbeard against a bot of the other side.

    Parameters
    ----------
    seed : int
        The game's seed; it also seeds the app's own ``random.Random``, which makes the
        bot's choices, draws the tiles and rolls the dice.
    side : {"hunters", "blackbeard"}
        The side the reader plays.
    opponent : {"smart", "random"}
        The bot playing the other side (:data:`~piratelib.blackbeard.bots.policies.BOTS`).
    advanced : bool
        Play the ADVANCED rules.

    Attributes
    ----------
    states : tuple of State
        The game so far, one state after each action (read-only).
    happened : list of (str, list of str)
        Who acted and the steps the reader may read, since the reader's last action.

    Examples
    --------
    >>> app = HuntApp(seed=2, side="blackbeard", opponent="random")
    >>> app.choices[0]
    SetCamp(space='bats_grave')
    >>> app.try_move("adventure", "bath_town", "set_camp")
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
        self.states: tuple[State, ...] = ()
        self.happened: list[tuple[str, list[str]]] = []
        self._choices: list[Action] = []
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
        self.actions = widgets.Dropdown(
            description="Actions", style=_STYLE, layout={"width": "680px"}
        )
        self.play_button = widgets.Button(description="Play", button_style="success")
        self.done = widgets.Button(description="Done", tooltip="end your part of this segment")
        self.piece = widgets.Dropdown(description="Try", style=_STYLE, layout={"width": "190px"})
        self.space = widgets.Dropdown(
            options=_space_options(), value="bath_town", layout={"width": "220px"}
        )
        self.verb = {v: widgets.Button(description=_VERB_NAMES[v]) for v in _VERB_NAMES}
        self.refusal = widgets.HTML()
        self.belief = widgets.HTML()
        self.map = widgets.HTML(layout={"width": "100%"})
        self.shown_log = widgets.HTML()
        self.record = widgets.HTML()
        super().__init__(
            [
                widgets.HBox([self.side, self.opponent]),
                widgets.HBox([self.seed, self.advanced, self.new]),
                widgets.HTML(_ADVANCED_HELP),
                self.status,
                widgets.HBox([self.actions, self.play_button, self.done]),
                widgets.HBox([self.piece, self.space, *self.verb.values()]),
                self.refusal,
                self.belief,
                self.map,
                self.shown_log,
                self.record,
            ]
        )
        self.new.on_click(lambda _: self.new_game())
        self.side.observe(lambda _: self.new_game(), names="value")
        self.opponent.observe(lambda _: self.new_game(), names="value")
        self.advanced.observe(lambda _: self.new_game(), names="value")
        self.play_button.on_click(lambda _: self._play_selected())
        self.done.on_click(lambda _: self.play(Done()))
        for verb, button in self.verb.items():
            button.on_click(functools.partial(self._try_selected, verb))
        self.new_game()

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
        return list(self._choices)

    def new_game(self, seed: int | None = None) -> None:
        """Start a new game with `seed` (default: the Seed box) and let the bot open it."""
        if seed is not None:
            self.seed.value = seed
        self.rng = random.Random(self.seed.value)
        self.states = (new_game(seed=self.seed.value, advanced=self.advanced.value),)
        self.happened = []
        self.refusal.value = ""
        self.piece.options = [(say(p), p) for p in _TRY_PIECES[self.reader]]
        self.piece.value = _TRY_PIECES[self.reader][0]
        for verb, button in self.verb.items():
            button.layout.display = None if verb in TRY_VERBS[self.reader] else "none"
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
            steps = resolve(state, action, self.rng)
        except IllegalActionError as error:
            self.refusal.value = _refusal_html(error)
            return False
        self.refusal.value = ""
        self.states = (*self.states, steps[-1].state)
        you = "You: " + say(describe(action))
        self.happened = [(you, public_steps(steps, self.reader))]
        self._run_bot()
        self._show()
        return True

    def try_move(self, piece: str, space: str, verb: str = "move") -> bool:
        """Build a move from the "try a move" row and play it, legal or not (see :meth:`play`).

        `verb` is ``"move"`` (Sail a Sloop or March Brand one space) or ``"scout"`` for the
        Hunters; ``"sail"`` (Adventure one space) or ``"set_camp"`` for Blackbeard.
        """
        actions: dict[str, Callable[[], Action]] = {
            "move": lambda: Move((piece,), space),
            "scout": lambda: Scout(piece, space),
            "sail": lambda: Sail(space),
            "set_camp": lambda: SetCamp(space),
        }
        if verb not in actions:
            raise PiratelibError(f"verb must be one of {', '.join(actions)}, got {verb!r}")
        return self.play(actions[verb]())

    def _play_selected(self) -> None:
        """Play the action chosen in the Actions list."""
        if self.actions.value is not None:
            self.play(self._choices[self.actions.value])

    def _try_selected(self, verb: str, _button: object = None) -> None:
        """Play the move built from the Try row."""
        self.try_move(self.piece.value, self.space.value, verb)

    def _run_bot(self) -> None:
        """Let the bot play its side until the reader must decide or the game ends."""
        bot = BOTS[_other(self.reader)][self.opponent.value]
        who = f"The {self.opponent.value} {BOT_NAMES[_other(self.reader)]} bot"
        for _ in range(_MAX_BOT_ACTIONS):
            state = self.state
            if state.outcome is not None or decider(state) == self.reader:
                break
            action = bot_action(state, bot, self.rng)
            steps = resolve(state, action, self.rng)
            self.states = (*self.states, steps[-1].state)
            lines = public_steps(steps, self.reader)
            if self.happened and self.happened[-1][0] == who:  # one entry per run of the bot
                before = self.happened[-1][1]
                lines = before + lines[1:] if before[-1:] == lines[:1] else before + lines
                self.happened[-1] = (who, lines)
            else:
                self.happened.append((who, lines))

    def _show(self) -> None:
        """Show the game now: status, choices, belief, Map, log, and the record at the end."""
        state, reader = self.state, self.reader
        over = state.outcome is not None
        mine = not over and decider(state) == reader
        self._choices = legal_actions(state) if mine else []
        self.actions.options = _labels(self._choices)
        self.actions.value = 0 if self._choices else None
        self.actions.disabled = self.play_button.disabled = not self._choices
        has_done = Done() in self._choices
        self.done.disabled = not has_done
        self.done.layout.display = None if has_done else "none"
        for button in self.verb.values():
            button.disabled = not mine
        self.status.value = _status_html(state, reader, self.opponent.value, self.seed.value)
        hunters = observation(state, "hunters")
        if reader == "hunters" or over:
            odds = chances(hunters)
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
        self.shown_log.value = _log_html(self.happened)
        self.record.value = _record_html(hunt_record(self.states)) if over else ""


def _other(side: str) -> str:
    return "blackbeard" if side == "hunters" else "hunters"


def _name(space: str | None) -> str:
    return "nowhere" if space is None else name(space)


@functools.cache
def _space_options() -> list[tuple[str, str]]:
    names = cast("Iterable[tuple[str, str]]", game_map().nodes(data="name"))  # stub: the dict
    return sorted((name, space) for space, name in names)


def _labels(actions: list[Action]) -> list[tuple[str, int]]:
    """Each action in players' words, numbered if two would read the same."""
    labels = [say(describe(a)) for a in actions]
    seen: dict[str, int] = {}
    out = []
    for i, label in enumerate(labels):
        seen[label] = seen.get(label, 0) + 1
        out.append((label if seen[label] == 1 else f"{label} ({seen[label]})", i))
    return out


def _refusal_html(error: IllegalActionError) -> str:
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


def _belief_html(view: Observation, odds: dict[str, Fraction], *, reveal: bool) -> str:
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
    """The Hunters' Map shaded by the chance of each possible space: an ``<img>`` with alt.

    `view` is the Hunters' :func:`~piratelib.blackbeard.game.observation`; the chances are
    :func:`~piratelib.blackbeard.deduce.chances` of it. Cached, as views hash.

    Examples
    --------
    >>> state = resolve(new_game(seed=1), SetCamp("nots_island"))[-1].state
    >>> shown = belief_map_html(observation(state, "hunters"))
    >>> shown.startswith("<img class='piratelib-map-hunters'"), "Bats Grave 10%" in shown
    (True, True)
    """
    from piratelib.draw.blackbeard.game import side_map, side_map_alt
    from piratelib.draw.charts import png

    shaded = chances(view)
    data = base64.b64encode(png(side_map(view, chances=shaded))).decode("ascii")
    alt = html.escape(side_map_alt(view, chances=shaded))
    return (
        f"<img class='piratelib-map-hunters' src='data:image/png;base64,{data}' "
        f"alt='{alt}' title='{alt}' style='width:100%'>"
    )


def _log_html(log: list[tuple[str, list[str]]]) -> str:
    """What just happened: each actor and the steps the reader may read."""
    if not log:
        return ""
    parts = ["<div class='piratelib-hunt-log'><p><b>What just happened</b></p>"]
    for who, lines in log:
        items = "".join(f"<li>{html.escape(line)}</li>" for line in lines)
        parts.append(f"<p>{html.escape(who)}</p><ul>{items}</ul>")
    return "".join(parts) + "</div>"


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
