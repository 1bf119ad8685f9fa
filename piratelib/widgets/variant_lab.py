"""The variant lab: a designer's what-if, answered by playing many games of each variant.

:class:`VariantLab` asks one of :data:`piratelib.lab.QUESTIONS` (chosen by its title),
plays the chosen number of games of each variant with :func:`piratelib.lab.ask`, in this
notebook or on a local Dask cluster, with a progress bar fed block by block, and shows
:func:`piratelib.lab.verdict`'s sentences beside their chart in HTML
(:func:`piratelib.draw.lab.win_rates_html`, named by its words).
Every number comes from :mod:`piratelib.lab`; this module only arranges the controls.
"""

from __future__ import annotations

import html
import importlib.util
from concurrent.futures import Executor
from typing import TYPE_CHECKING

import ipywidgets as widgets

from piratelib import lab, sweep
from piratelib.draw.lab import win_rates_html
from piratelib.errors import PiratelibError, check_id, check_whole
from piratelib.widgets import App, chosen, refusal

if TYPE_CHECKING:
    from distributed import Client

__all__ = ["MOST_GAMES", "WHERE", "VariantLab"]

MOST_GAMES = 100_000
"""The most games of each variant the lab plays in one press of Play."""
WHERE = (("in this notebook", "here"), ("on a local Dask cluster", "dask"))
"""Where the games are played: (what the reader sees, the value)."""
DASK_WORKERS = 2
_NO_DASK = (
    "<p class='piratelib-lab-note'>To play on a local Dask cluster, install Dask's"
    " distributed: <code>pip install piratelib[scale]</code>, then restart the notebook.</p>"
)
_WIDE = {"description_width": "initial"}


class VariantLab(App):
    """Choose a designer's question and a number of games, press Play, read the answer.

    The answer is the verdict in sentences (each side's share of wins under each variant
    with its 95% interval, and whether the variants differ) and a chart of the same. A
    refusal from the rules shows as a message and leaves the last answer in place. The
    Dask cluster (2 worker processes) starts the first time it is chosen and stays up
    until :meth:`close`.

    Parameters
    ----------
    question : str
        The key of the question to open on, one of :data:`piratelib.lab.QUESTIONS`.
    games : int or None
        Games of each variant, 1 to 100,000; None for the question's small default.

    Raises
    ------
    PiratelibError
        If `question` is not a key of the lab's questions or `games` not a whole number
        from 1 to 100,000.

    Examples
    --------
    >>> app = VariantLab("victory", games=2)
    >>> app.question.label
    'Does "more than half" change who wins Hunt for Blackbeard?'
    >>> app.play_button.click()
    >>> app.status.value
    '2 of 2 blocks played'
    >>> "Blackbeard won" in app.answer.value and "aria-label='" in app.answer.value
    True
    """

    def __init__(self, question: str = "victory", games: int | None = None) -> None:
        check_id("question", question, lab.QUESTIONS, error=PiratelibError)
        if games is not None:
            check_whole("games", games, 1, MOST_GAMES)
        self._client: Client | None = None
        self.question = widgets.Dropdown(
            options=[(q.title, key) for key, q in lab.QUESTIONS.items()],
            value=question,
            description="Question",
            layout={"width": "auto"},
        )
        self.games = widgets.BoundedIntText(
            value=games or lab.QUESTIONS[question].games,
            min=1,
            max=MOST_GAMES,
            description="Games of each variant",
            style=_WIDE,
        )
        self.where = widgets.ToggleButtons(
            options=WHERE,
            value="here",
            description="Play them",
            style={**_WIDE, "button_width": "190px"},
        )
        self.note = widgets.HTML()
        if not _has_dask():
            self.where.disabled = True
            self.note.value = _NO_DASK
        self.play_button = widgets.Button(description="Play", icon="play", button_style="primary")
        self.progress = widgets.IntProgress(value=0, min=0, max=1, description="Played")
        self.status = widgets.Label()
        self.who = widgets.HTML()
        self.message = widgets.HTML()
        self.answer = widgets.HTML()
        self.answer.add_class("piratelib-lab-answer")
        for control, name in [(self.question, "question"), (self.games, "games")]:
            control.add_class(f"piratelib-lab-{name}")
        self.play_button.add_class("piratelib-lab-play")
        super().__init__(
            [
                self.question,
                self.games,
                self.where,
                self.note,
                self.who,
                widgets.HBox([self.play_button, self.progress, self.status]),
                self.message,
                self.answer,
            ]
        )
        self.add_class("piratelib-lab")
        self.question.observe(lambda _: self._new_question(), names="value")
        self.play_button.on_click(lambda _: self.play())
        self._say_who()

    def play(self) -> None:
        """Play the chosen games of each variant and show the answer (or the refusal)."""
        try:
            question = lab.QUESTIONS[chosen(self.question, "the question")]
        except PiratelibError as error:
            self.message.value = refusal(error)
            return
        before = (self.progress.max, self.progress.value, self.status.value)
        self.play_button.disabled = True
        self.message.value = ""
        self.progress.value = 0
        try:
            executor = self._executor()
            self.status.value = "Playing..."
            rows = lab.ask(question, self.games.value, executor=executor, progress=self._done)
            found = lab.shares(question, rows)
            said = lab.verdict(question, rows)
            chart = win_rates_html(found, question.title)
        except PiratelibError as error:
            self.progress.max, self.progress.value, self.status.value = before
            self.message.value = refusal(error)
            return
        finally:
            self.play_button.disabled = False
        sentences = "".join(f"<li>{html.escape(line)}</li>" for line in said.splitlines())
        self.answer.value = f"<h4>{html.escape(question.title)}</h4><ul>{sentences}</ul>{chart}"

    def close(self) -> None:
        """Shut the local Dask cluster down (if it was started), then close the app."""
        client, self._client = getattr(self, "_client", None), None
        if client is not None:
            client.close()  # and the local cluster it started
        super().close()

    def _executor(self) -> Executor | None:
        """None for this process, or the local Dask cluster's executor (started once)."""
        if self.where.value != "dask":
            return None
        if self._client is None:
            self.status.value = f"Starting a local Dask cluster ({DASK_WORKERS} processes)..."
            self._client = sweep.dask_client(workers=DASK_WORKERS)
        executor: Executor = self._client.get_executor()  # type: ignore[no-untyped-call]  # distributed ships it unannotated
        return executor

    def _done(self, done: int, total: int) -> None:
        """Show that `done` of `total` blocks of games are played."""
        self.progress.max = total
        self.progress.value = done
        self.status.value = f"{done} of {total} blocks played"

    def _new_question(self) -> None:
        """A new question: its default number of games, its players, no old answer."""
        try:
            question = lab.QUESTIONS[chosen(self.question, "the question")]
        except PiratelibError as error:
            self.message.value = refusal(error)
            return
        self.games.value = question.games
        self.message.value = self.answer.value = self.status.value = ""
        self.progress.value = 0
        self._say_who()

    def _say_who(self) -> None:
        question = lab.QUESTIONS[chosen(self.question, "the question")]
        self.who.value = (
            f"<p>{html.escape(question.game)} played by {html.escape(question.players)}."
            " Every variant meets the same seeds (its first game is seed 0, its second seed 1,"
            " and so on), so the answer is the same each time, here or on a cluster.</p>"
        )


def _has_dask() -> bool:
    """Whether Dask's distributed can be imported (without importing it: that is slow)."""
    return importlib.util.find_spec("distributed") is not None
