"""Headless tests of the variant lab app: Play shows lab.verdict's sentences and the
chart, the progress bar counts the blocks, a refusal keeps the last answer, and a local
Dask cluster gives the same answer as this process."""

from __future__ import annotations

import dataclasses
import html
import re
import types

import pytest

from piratelib import lab
from piratelib.errors import PiratelibError
from piratelib.widgets import variant_lab
from piratelib.widgets.variant_lab import VariantLab


def sentences(answer: str) -> list[str]:
    """The verdict's sentences as the answer shows them, one list item each."""
    return [html.unescape(item) for item in re.findall(r"<li>(.*?)</li>", answer)]


def test_play_shows_the_verdict_and_the_chart_with_alt_text():
    app = VariantLab("victory", games=2)
    assert app.answer.value == ""
    app.play_button.click()
    q = lab.QUESTIONS["victory"]
    assert sentences(app.answer.value) == lab.verdict(q, lab.ask(q, 2)).splitlines()
    alt = re.search(r"role='img' aria-label='([^']*)'", app.answer.value).group(1)
    assert html.unescape(alt).startswith(q.title + " Win rates with 95% intervals.")
    assert "<img" not in app.answer.value  # HTML bars, not a PNG
    assert "Blackbeard&#x27;s share of games won" in app.answer.value
    assert "% to " in app.answer.value  # each bar says its interval
    assert "piratelib-lab-answer" in app.answer._dom_classes
    assert app.message.value == ""


def test_the_progress_bar_counts_every_block_and_play_is_off_while_playing():
    app = VariantLab("table", games=2)  # 5 table sizes, 2 games: one block each
    disabled = []
    app.progress.observe(lambda _: disabled.append(app.play_button.disabled), names="value")
    app.play_button.click()
    assert (app.progress.value, app.progress.max) == (5, 5)
    assert app.status.value == "5 of 5 blocks played"
    assert disabled and all(disabled)
    assert not app.play_button.disabled


def test_a_new_question_resets_the_games_and_says_who_plays():
    app = VariantLab("victory", games=7)
    assert app.games.value == 7
    assert [label for label, _ in app.question.options] == [q.title for q in lab.QUESTIONS.values()]
    app.question.value = "diagonal"
    assert app.games.value == lab.QUESTIONS["diagonal"].games
    assert "three greedy bots" in app.who.value and "same seeds" in app.who.value
    app.games.value = 3
    app.question.value = "table"
    assert app.games.value == lab.QUESTIONS["table"].games
    assert app.answer.value == ""


def test_games_past_the_bounds_are_clamped_by_the_box():
    app = VariantLab("victory")
    app.games.value = 0
    assert app.games.value == 1
    app.games.value = 10**6
    assert app.games.value == variant_lab.MOST_GAMES


def test_a_refused_play_shows_the_message_and_keeps_the_last_answer(monkeypatch):
    app = VariantLab("table", games=2)
    app.play_button.click()
    answer, status = app.answer.value, app.status.value
    three = dataclasses.replace(
        lab.QUESTIONS["table"], variants=(lab.Variant("3 players", {"players": 3}),)
    )
    # Black Flag! has no 3-player row; QUESTIONS is read-only, so swap the whole table
    monkeypatch.setattr(lab, "QUESTIONS", types.MappingProxyType({**lab.QUESTIONS, "table": three}))
    app.play_button.click()
    assert "Not allowed:" in app.message.value and "from 4 to 8" in app.message.value
    assert app.answer.value == answer
    assert (app.status.value, app.progress.value, app.progress.max) == (status, 5, 5)
    assert not app.play_button.disabled


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("no_such_question",), "unknown question"),
        (("victory", 0), "games must be a whole number from 1 to 100000"),
        (("victory", 2.5), "games must be a whole number"),
    ],
)
def test_the_constructor_refuses_what_it_cannot_ask(args, said):
    with pytest.raises(PiratelibError, match=said):
        VariantLab(*args)


def test_without_distributed_the_cluster_choice_is_off_and_says_how_to_get_it(monkeypatch):
    monkeypatch.setattr(variant_lab, "_has_dask", lambda: False)
    app = VariantLab()
    assert app.where.disabled and app.where.value == "here"
    assert "pip install piratelib[scale]" in app.note.value


def test_a_local_dask_cluster_gives_the_same_verdict_as_this_notebook():
    here = VariantLab("victory", games=2)
    here.play_button.click()
    app = VariantLab("victory", games=2)
    try:
        assert [label for label, _ in app.where.options][1] == "on a local Dask cluster"
        app.where.value = "dask"
        app.play_button.click()
        assert app.message.value == ""
        assert sentences(app.answer.value) == sentences(here.answer.value)
        assert len(app._client.cluster.workers) == 2
        cluster = app._client.cluster
    finally:
        app.close()
    assert app._client is None
    assert cluster.status.name == "closed"  # the client closed the cluster it started
