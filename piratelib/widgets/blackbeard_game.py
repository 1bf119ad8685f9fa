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
from piratelib.errors import PiratelibError, check_whole
from piratelib.steps import Step
from piratelib.widgets import refusal, step_html
from piratelib.widgets._args import SEEDS, check_kind
from piratelib.words import name, say

__all__ = ["TurnStepper", "busy_policy", "turn_history", "view_html"]

Policy = Callable[[State, list[Action], random.Random], Action]
SEGMENT_NAMES = {segment.letter: segment.name for segment in SEQUENCE}
_STYLE = {"description_width": "60px"}


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


def view_html(state: State, side: str, width: str = "100%") -> str:
    """The Map as `side` sees `state`, drawn from its observation only: an ``<img>`` with alt."""
    return _view_html(observation(state, side), width)


@functools.lru_cache(maxsize=256)
def _view_html(view: Observation, width: str) -> str:
    """Render one observation (hashable, so cached across steps that look the same)."""
    from piratelib.draw.blackbeard.game import side_map, side_map_alt
    from piratelib.draw.charts import png

    data = base64.b64encode(png(side_map(view))).decode("ascii")
    alt = html.escape(side_map_alt(view))
    return (
        f"<img class='piratelib-map-{view.side}' src='data:image/png;base64,{data}' "
        f"alt='{alt}' title='{alt}' style='width:{width}'>"
    )


class TurnStepper(widgets.VBox):
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
        self.where = widgets.HTML()
        self.shown = widgets.HTML()
        self.blackbeard_map = widgets.HTML(layout={"width": "50%"})
        self.hunters_map = widgets.HTML(layout={"width": "50%"})
        super().__init__(
            [
                widgets.HBox([self.seed, self.back, self.step, self.forward]),
                widgets.HBox(list(self.jump.values()), layout={"flex_flow": "row wrap"}),
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
        self.seed.observe(self._play, names="value")
        self._play()

    def segment_of(self, k: int) -> str:
        """The segment letter (A-G) that ``steps[k]`` belongs to (the slider shows k + 1)."""
        return _segment(self.steps[k])

    def _play(self, change: object = None) -> None:
        """Compute the turn's history for the seed (once), then show its first step."""
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
        """Go to the first step of segment `letter`."""
        for k in range(len(self.steps)):
            if self.segment_of(k) == letter:
                self.step.value = k + 1
                return

    def _show(self, change: object = None) -> None:
        """Show step k: where in the turn, its text and rule, and both sides' Map."""
        if not self.steps:
            return
        k = self.step.value - 1
        step, action = self.steps[k], self.taken[k]
        letter = self.segment_of(k)
        for other, button in self.jump.items():
            button.button_style = "info" if other == letter else ""
        self.back.disabled = self.step.value == 1
        self.forward.disabled = self.step.value == self.step.max
        who = f" Action: <b>{html.escape(say(describe(action)))}</b>." if action else ""
        self.where.value = (
            f"<p class='piratelib-turn-where'>Seed {self.seed.value}, Turn {self.turn}, "
            f"segment <b>{letter}. {SEGMENT_NAMES[letter]}</b>.{who}</p>"
        )
        shown = replace(step, phase=f"{letter}. {SEGMENT_NAMES[letter]}", text=say(step.text))
        self.shown.value = step_html(shown, k + 1, len(self.steps), "piratelib-turn-step")
        self.blackbeard_map.value = view_html(step.state, "blackbeard")
        self.hunters_map.value = view_html(step.state, "hunters")


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


def _segment(step: Step) -> str:
    """The segment a step belongs to: its phase's letter ("C:plan"), else its state's."""
    phase = step.phase
    if phase[:1] in SEGMENT_NAMES and phase[1:2] in ("", ":"):
        return phase[0]
    state: State = step.state  # a step of this game holds its State
    return state.segment
