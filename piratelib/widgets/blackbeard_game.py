"""Hunt for Blackbeard's whole-turn app: step through one seeded turn A-G, seen by each side.

:func:`turn_history` plays one seeded game with :mod:`piratelib.blackbeard.game` and keeps
every step of one turn (pure code, computed once). :class:`TurnStepper` shows step `i` of
that history: a slider and Back / Forward buttons, one button per segment A-G to jump to
it, the step's text and the rule it applied (:func:`~piratelib.widgets.step_html`), and
the Map twice side by side, each drawn from that side's
:func:`~piratelib.blackbeard.game.observation` (:func:`~piratelib.draw.blackbeard.game.side_map`),
with alt text. The app computes no rule: it only indexes the history.

Examples
--------
>>> app = TurnStepper(seed=5)
>>> app.segment_of(0), app.segment_of(app.step.max - 1)
('A', 'G')
>>> app.forward.click()
>>> app.step.value
2
"""

from __future__ import annotations

import base64
import functools
import html
import random
from collections.abc import Callable, Sequence
from dataclasses import replace

import ipywidgets as widgets

from piratelib.blackbeard.game import (
    SEQUENCE,
    Action,
    Done,
    Observation,
    State,
    describe,
    legal_actions,
    new_game,
    observation,
    resolve,
)
from piratelib.blackbeard.game.state import Spot
from piratelib.blackbeard.readonly import check_type
from piratelib.errors import PiratelibError, check_id, check_whole
from piratelib.play import Record
from piratelib.steps import Step
from piratelib.widgets import App, chosen, refusal, step_html
from piratelib.widgets._args import SEEDS, check_kind, check_steps
from piratelib.words import name, plural, say

__all__ = [
    "ROW_NAMES",
    "WHO_DECIDES",
    "TurnStepper",
    "busy_policy",
    "ending_in_words",
    "game_history",
    "log_html",
    "public_steps",
    "save_html",
    "spot_sentence",
    "turn_history",
    "turn_in_words",
    "view_html",
]

Policy = Callable[[State, list[Action], random.Random], Action]
SEGMENT_NAMES = {segment.letter: segment.name for segment in SEQUENCE}
_STYLE = {"description_width": "60px"}
WHO_DECIDES = {
    "A": "The tiles are drawn by themselves; on Turn 1 Blackbeard then decides where to Set Camp.",
    "B": "The Hunters decide.",
    "C": "Blackbeard decides, once the Map has been Reset (which happens by itself); when he is "
    "Done, he also decides for Seek Pardon or Fete Tobias Knight if he has the pawns to fill them.",
    "D": "The Hunters decide.",
    "E": "The Hunters decide which Encounter comes first, and a side that Escapes decides "
    "where to go (with the advanced rules, Blackbeard decides whether to Show the Camp "
    "after the Arrest of Israel Hands).",
    "F": "It happens by itself (Blackbeard's choices for Seek Pardon and Fete Tobias Knight were "
    "made in C, so that no pause tells the Hunters a tile fills).",
    "G": "It happens by itself.",
}
"""Who decides in each segment A-G of the Sequence of Play, in a sentence a player reads."""
ROW_NAMES = {"acts_of_piracy": "Acts of Piracy", "pirates_life": "Pirate's Life"}
"""Blackbeard's two Piracy rows, as the rulebook names them."""
_SIDE_NAMES = {"hunters": "The Hunters", "blackbeard": "Blackbeard"}
History = list[tuple[Action, tuple[Step, ...]]]


# Steps one side must not read when the other side takes them (or they follow on their own)
_SECRET_FROM_HUNTERS = {
    "A:set_camp": "Blackbeard secretly Sets Camp at an Anchorage.",
    "C:reset": "Reset Map: blocks stand up, and Blackbeard secretly clears last turn's Sightings.",
    "C:plan": "Blackbeard uses a pawn behind his screen.",
    "C:prepare": "Blackbeard uses a pawn behind his screen.",
    "C:sail": "Blackbeard uses a pawn behind his screen.",
    "C:longboat": "Blackbeard secretly Sets the Map.",
    "C:pardon": "",  # chosen once he is Done, unseen: no line, so no pause shows
    "C:fete": "",
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
    >>> from piratelib.blackbeard.game import SetCamp, new_game, resolve
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


def busy_policy(state: State, actions: list[Action], rng: random.Random) -> Action:
    """Pick at random among the legal actions, saying Done only when nothing else is left.

    A player who uses every pawn, not a strategy: it makes a turn with something to see.

    Examples
    --------
    >>> busy_policy(None, [Done()], random.Random(1))
    Done()
    """
    if not isinstance(actions, list | tuple) or not actions:
        raise PiratelibError(f"busy_policy needs a list of legal actions, got {actions!r:.80}")
    others = [a for a in actions if not isinstance(a, Done)]
    return rng.choice(others or actions)


def turn_history(
    seed: int, *, turn: int = 1, policy: Policy = busy_policy, actions: Sequence[Action] = ()
) -> tuple[tuple[Step, ...], tuple[Action | None, ...]]:
    """Every step of `turn` of the game with `seed`, and the action behind each step.

    The game is :func:`~piratelib.blackbeard.game.new_game` with `seed`; `actions` are
    played first, then `policy` chooses (with ``random.Random(seed)``); chance comes from
    the game's own seed. Step 0 is the turn's start (after A. Draw Tiles); the last is G.
    End Turn (or the end of the game). Actions are None for the steps that follow
    automatically.

    Examples
    --------
    >>> steps, actions = turn_history(5)
    >>> steps[0].phase, steps[-1].phase, actions[1]
    ('A', 'G:end', SetCamp(space='roanoke_river'))
    """
    state = new_game(seed=seed)
    rng = random.Random(seed)
    script = list(actions)
    steps: list[Step] = []
    done: list[Action | None] = []
    while state.outcome is None and state.turn <= turn:
        if state.turn == turn and not steps:
            steps.append(_start_step(state))
            done.append(None)
        choices = legal_actions(state)
        action = script.pop(0) if script else policy(state, choices, rng)
        taken = resolve(state, action)
        if state.turn == turn:
            for k, step in enumerate(taken):
                if step.phase.startswith("A:draw") and step.state.turn > turn:
                    break
                steps.append(step)
                done.append(action if k == 0 else None)
        state = taken[-1].state
    return tuple(steps), tuple(done)


def game_history(seed: int) -> tuple[State, History]:
    """Game `seed` from its start to its end, played by piratelib's smart players.

    Returns the starting state and each action with its steps, as
    :func:`piratelib.blackbeard.bots.policies.play_bots` plays it (with
    ``random.Random(seed)``, as :func:`piratelib.blackbeard.bots.tally.tally` does).

    Examples
    --------
    >>> start, history = game_history(13)
    >>> start.turn, history[-1][1][-1].state.outcome.side
    (1, 'blackbeard')
    """
    from piratelib.blackbeard.bots.policies import play_bots, smart_blackbeard, smart_hunters

    check_whole("seed", seed, *SEEDS)
    start = new_game(seed=seed)
    rng = random.Random(seed)
    return start, play_bots(start, rng, hunters=smart_hunters, blackbeard=smart_blackbeard)


def turn_in_words(start: State, history: History, turn: int = 1) -> dict[str, list[str]]:
    """What happened in each segment A-G of `turn`: each action in a player's words
    (without the Done that ends a segment), and what Encounters, Piracy and End Turn did
    (they follow by themselves). Each entry is a phrase without its final full stop.

    Examples
    --------
    >>> said = turn_in_words(*game_history(13))
    >>> said["A"]
    ['Set Camp at Machapunga Bluff']
    >>> said["F"][-2]
    'Seek Pardon at Bath Town: 2 black from the pool (2 of 2 squares)'
    >>> said["G"]
    ['End of the turn; Turn 2 begins']
    """
    check_kind("start", start, State)
    check_kind("history", history, list)
    for k, item in enumerate(history):
        if not (isinstance(item, tuple) and len(item) == 2 and isinstance(item[1], tuple | list)):
            raise PiratelibError(f"history[{k}] must be an (action, steps) pair, got {item!r:.80}")
    check_whole("turn", turn, 1, 4)
    said: dict[str, list[str]] = {letter: [] for letter in SEGMENT_NAMES}
    state = start
    for action, steps in history:
        if state.turn == turn:
            if not isinstance(action, Done):
                said[state.segment].append(say(describe(action)).rstrip("."))
            for step in steps:
                if step.phase[:2] in ("E:", "F:", "G:"):
                    said[step.phase[0]].append(say(step.text).rstrip("."))
        state = steps[-1].state
    return said


def ending_in_words(state: State) -> str:
    """How a finished game ended, in a sentence, percentages first.

    Examples
    --------
    >>> start, history = game_history(13)
    >>> print(ending_in_words(history[-1][1][-1].state))  # doctest: +NORMALIZE_WHITESPACE
    Blackbeard won at the end of Turn 4: Blackbeard's best Piracy row, Pirate's Life, had
    cubes in 64% of its squares (7 of 11), at least half.
    """
    from piratelib.blackbeard.piracy import row_cubes
    from piratelib.words import percent

    check_kind("state", state, State)
    outcome = state.outcome
    if outcome is None:
        raise PiratelibError("the game is not over yet: play it to its end first")
    side = _SIDE_NAMES[outcome.side]
    if not outcome.why.startswith("Piracy"):
        return f"{side} won by {say(outcome.why)}."
    rows = {row: row_cubes(state.mat, row) for row in ROW_NAMES}
    best = max(rows, key=lambda row: (rows[row][0] / max(rows[row][1], 1), row))
    cubes, squares = rows[best]
    enough = "at least half" if outcome.side == "blackbeard" else "short of half"
    share = percent(cubes / max(squares, 1), 0)
    return (
        f"{side} won at the end of Turn 4: Blackbeard's best Piracy row, {ROW_NAMES[best]}, "
        f"had cubes in {share} of its squares ({cubes} of {squares}), {enough}."
    )


def view_html(state: State, side: str, width: str = "100%", moment: str | None = None) -> str:
    """The Map as `side` sees `state`, drawn from its observation only: an SVG named by its
    alt text (:func:`~piratelib.draw.blackbeard.map_svg.side_map_svg`).

    `moment` names when the picture is taken, in its title and alt text (default: the
    state's turn and segment); give both sides' Maps of one step the same moment.
    """
    if not isinstance(width, str):
        raise PiratelibError(f"width must be a CSS width such as '100%', got {width!r:.80}")
    return _view_html(observation(state, side), width, moment)


@functools.lru_cache(maxsize=256)
def _view_html(view: Observation, width: str, moment: str | None = None) -> str:
    """Render one observation as SVG (hashable, so cached across steps that look the same)."""
    from piratelib.draw.blackbeard.map_svg import side_map_svg

    shown = side_map_svg(view, moment=moment)
    return f"<div style='width:{html.escape(width)}'>{shown}</div>"


class TurnStepper(App):
    """Step forward and back through one seeded turn; jump to a segment; see both sides' Map.

    Parameters
    ----------
    seed : int
        The game's seed (and the busy policy's).
    turn : int
        Which turn to show (1-4); the turns before it are played without being shown.
    policy, actions
        As for :func:`turn_history`.

    Examples
    --------
    >>> app = TurnStepper(seed=5)
    >>> app.jump["C"].click()
    >>> app.segment_of(app.step.value - 1)
    'C'
    >>> "piratelib-turn-step" in app.shown.value
    True
    """

    def __init__(
        self,
        *,
        seed: int = 5,
        turn: int = 1,
        policy: Policy = busy_policy,
        actions: Sequence[Action] = (),
    ) -> None:
        check_whole("seed", seed, *SEEDS)
        check_whole("turn", turn, 1, 4)
        if not callable(policy):
            raise PiratelibError(f"policy must be a function like busy_policy, got {policy!r:.80}")
        check_kind("actions", actions, list | tuple)
        self.turn, self.policy, self.actions = turn, policy, tuple(actions)
        self.steps: tuple[Step, ...] = ()
        self.taken: tuple[Action | None, ...] = ()
        self.seed = widgets.IntText(value=seed, description="Seed", style=_STYLE)
        self.step = widgets.IntSlider(
            value=1,
            min=1,
            max=1,
            description="Step",
            style=_STYLE,
            layout={"width": "420px"},
            continuous_update=False,  # each step draws two Maps
        )
        self.back = widgets.Button(description="◀ Back", tooltip="the step before")
        self.forward = widgets.Button(description="Forward ▶", tooltip="the next step")
        self.jump = {
            letter: widgets.Button(
                description=f"{letter}. {name}",
                tooltip=f"jump to {letter}. {name}",
                layout={"width": "auto"},
            )
            for letter, name in SEGMENT_NAMES.items()
        }
        self.view = widgets.ToggleButtons(
            options=[("Both sides", "both"), ("Blackbeard", "blackbeard"), ("Hunters", "hunters")],
            value="both",
            description="Seen by",
            style={"description_width": "60px", "button_width": "100px"},
        )
        self.load_file = widgets.FileUpload(accept=".json", description="Step through a saved game")
        self.record: Record | None = None
        self.where = widgets.HTML()
        self.shown = widgets.HTML()
        self.blackbeard_map = widgets.HTML(layout={"width": "50%"})
        self.hunters_map = widgets.HTML(layout={"width": "50%"})
        super().__init__(
            [
                widgets.HBox([self.seed, self.back, self.step, self.forward]),
                widgets.HBox(list(self.jump.values()), layout={"flex_flow": "row wrap"}),
                widgets.HBox([self.view, self.load_file]),
                self.where,
                self.shown,
                widgets.HBox([self.blackbeard_map, self.hunters_map]),
            ]
        )
        self.back.on_click(lambda _: self._move(-1))
        self.forward.on_click(lambda _: self._move(1))
        for letter, button in self.jump.items():
            button.on_click(functools.partial(self._jump, letter))
        self.step.observe(self._show, names="value")
        self.view.observe(self._show, names="value")
        self.seed.observe(self._play, names="value")
        self.load_file.observe(self._load_uploaded, names="value")
        self._play()

    def segment_of(self, k: int) -> str:
        """The segment letter (A-G) that ``steps[k]`` belongs to (the slider shows k + 1)."""
        return _segment(self.steps[k])

    def moment(self, k: int) -> str:
        """When ``steps[k]`` happens, as both Maps' titles name it: "Turn 1, C. Blackbeard Actions".

        A step that ends its segment (Set Camp, End Turn) leaves the game in the next one;
        both Maps still name the step's own segment, as the step's text does.
        """
        letter = self.segment_of(k)
        turn = self.steps[k].state.turn if self.record else self.turn
        return f"Turn {turn}, step {k + 1}, {letter}. {SEGMENT_NAMES[letter]}"

    def load(self, text: str | bytes) -> bool:
        """Step through a game saved by the hunt app (:meth:`piratelib.play.Record.to_json`),
        every step of every turn; False (and why) if the text is not a saved game of Hunt
        for Blackbeard. Changing the Seed goes back to the seeded turn."""
        try:
            record = Record.from_json(text)
            if record.game != "blackbeard":
                raise PiratelibError(f"this is a saved game of {record.game}, not of this game")
        except PiratelibError as error:
            self.where.value = refusal(error)
            return False
        states = record.states()
        steps: list[Step] = [_start_step(states[0])]
        taken: list[Action | None] = [None]
        for state, index, done in zip(states, record.actions, record.steps(), strict=False):
            steps += done
            taken += [legal_actions(state)[index], *[None] * (len(done) - 1)]
        self.record, self.steps, self.taken = record, tuple(steps), tuple(taken)
        self._ready()
        return True

    def _load_uploaded(self, change: object = None) -> None:
        """Load the file just chosen."""
        for upload in self.load_file.value:
            self.load(bytes(upload["content"]))
        self.load_file.value = ()

    def _play(self, change: object = None) -> None:
        """Compute the turn's history for the seed (once), then show its first step."""
        self.record = None
        try:
            self.steps, self.taken = turn_history(
                self.seed.value, turn=self.turn, policy=self.policy, actions=self.actions
            )
        except PiratelibError as error:
            self.steps, self.taken = (), ()
            self.where.value = refusal(error)
            self.shown.value = self.blackbeard_map.value = self.hunters_map.value = ""
            self.step.disabled = True
            return
        self._ready()

    def _ready(self) -> None:
        """Show the first of the steps just computed or loaded."""
        self.step.disabled = False
        with self.step.hold_trait_notifications():
            self.step.value = 1
            self.step.max = len(self.steps)
        present = {self.segment_of(k) for k in range(len(self.steps))}
        for letter, button in self.jump.items():
            button.disabled = letter not in present
        self._show()

    def _move(self, delta: int) -> None:
        """Go one step back or forward (staying inside the turn)."""
        self.step.value = min(max(self.step.value + delta, 1), self.step.max)

    def _jump(self, letter: str, _button: object = None) -> None:
        """Go to the first step of segment `letter` in the turn of the step shown."""
        turn = self.steps[self.step.value - 1].state.turn
        for k in range(len(self.steps)):
            if self.steps[k].state.turn >= turn and self.segment_of(k) == letter:
                self.step.value = k + 1
                return

    def _show(self, change: object = None) -> None:
        """Show step k: where in the turn, its text and rule, and both sides' Map."""
        if not self.steps:
            return
        try:
            side = chosen(self.view, "whose view to show")
        except PiratelibError as error:
            self.where.value = refusal(error)  # the step and Maps shown stay as they were
            return
        k = self.step.value - 1
        step, action = self.steps[k], self.taken[k]
        letter = self.segment_of(k)
        for other, button in self.jump.items():
            button.button_style = "info" if other == letter else ""
        self.back.disabled = self.step.value == 1
        self.forward.disabled = self.step.value == self.step.max
        text = say(step.text)
        if side != "both":  # only what that side may read: a secret step says only that
            text = " ".join(public_steps([step], side)) or text
            action = action if action and text == say(step.text) else None
        who = f" Action: <b>{html.escape(say(describe(action)))}</b>." if action else ""
        game = (
            f"A saved game (seed {_seed(self.record)})"
            if self.record
            else f"Seed {self.seed.value}"
        )
        self.where.value = (
            f"<p class='piratelib-turn-where'>{game}, Turn {step.state.turn}, "
            f"segment <b>{letter}. {SEGMENT_NAMES[letter]}</b>.{who}</p>"
        )
        shown = replace(step, phase=f"{letter}. {SEGMENT_NAMES[letter]}", text=text)
        self.shown.value = step_html(shown, k + 1, len(self.steps), "piratelib-turn-step")
        moment = self.moment(k)
        for seen, picture in (("blackbeard", self.blackbeard_map), ("hunters", self.hunters_map)):
            mine = side in ("both", seen)
            picture.layout.display = None if mine else "none"
            picture.layout.width = "50%" if side == "both" else "100%"
            picture.value = view_html(step.state, seen, moment=moment) if mine else ""


def spot_sentence(spot: Spot) -> str:
    """One entry of the Hunters' record of what they saw, as a sentence a player reads.

    Examples
    --------
    >>> from piratelib.blackbeard.game.state import Spot
    >>> spot_sentence(Spot(1, "B", "nots_island", "blank", False, "informant"))
    'Turn 1, B. Interview Informants: Nots Island, secretly Spotted by an Informant, showed blank.'
    >>> print(spot_sentence(Spot(1, "C", "albemarle_sound", "adventure", True, "face_up")))
    ... # doctest: +NORMALIZE_WHITESPACE
    Turn 1, C. Blackbeard Actions: Albemarle Sound, updated face up at its Surveil marker,
    showed Adventure.
    """
    from piratelib.draw.blackbeard.view import BLOCK_NAMES, spot_words

    how = spot_words(spot)
    segment = SEGMENT_NAMES[spot.segment]
    return (
        f"Turn {spot.turn}, {spot.segment}. {segment}: {name(spot.space)}, {how}, showed "
        f"{BLOCK_NAMES[spot.shown]}."
    )


def _start_step(state: State) -> Step:
    """Step 0: the turn as A. Draw Tiles leaves it, in words."""
    drawn = ", ".join(name(t) for t in state.mat.drawn())
    informants = ", ".join(name(i) for i in state.informants if i not in state.flipped)
    text = (
        f"Turn {state.turn} begins. Blackbeard's Piracy tiles face up: {drawn}. The Hunters' "
        f"Informants face up: {informants or 'none'}."
    )
    if state.turn == 1:
        text = "Setup is done. " + text + " Blackbeard must now Set Camp."
    return Step("A", text, SEQUENCE[0].rule, state)


def _seed(record: Record) -> object:
    """The seed a saved game was played with."""
    return dict(record.options).get("seed", 0)


def _segment(step: Step) -> str:
    """The segment a step belongs to: its phase's letter ("C:plan"), else its state's."""
    phase = step.phase
    if phase[:1] in SEGMENT_NAMES and phase[1:2] in ("", ":"):
        return phase[0]
    state: State = step.state  # a step of this game holds its State
    return state.segment


def save_html(saved: str, actions: int) -> str:
    """A link that downloads the game so far (`saved`, its `actions` played) as JSON."""
    check_type("saved", saved, str)
    check_whole("actions", actions, 0, 10**9)
    data = base64.b64encode(saved.encode()).decode("ascii")
    return (
        f"<span class='piratelib-hunt-save'><a download='hunt-for-blackbeard.json' "
        f"href='data:application/json;base64,{data}'>Save this game</a> "
        f"({plural(actions, 'action')} so far; Load it back here, or step through it in the "
        "whole-turn stepper of lesson 5)</span>"
    )


def log_html(log: list[tuple[str, list[str]]]) -> str:
    """What just happened: each actor and the steps the reader may read."""
    check_type("log", log, list)
    for entry in log:
        check_type("log entry", entry, tuple)
    if not log:
        return ""
    parts = ["<div class='piratelib-hunt-log'><p><b>What just happened</b></p>"]
    for who, lines in log:
        items = "".join(f"<li>{html.escape(line)}</li>" for line in lines)
        parts.append(f"<p>{html.escape(who)}</p><ul>{items}</ul>")
    return "".join(parts) + "</div>"
