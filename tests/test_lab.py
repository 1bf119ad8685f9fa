"""The variant lab's questions: answers from played games, in words (issue 17)."""

from __future__ import annotations

import dataclasses

import pytest

from piratelib import lab, sweep
from piratelib.errors import PiratelibError


@pytest.mark.parametrize("key", sorted(lab.QUESTIONS))
def test_each_question_counts_its_games_and_says_its_shares(key):
    """Oracle: the rows are the game's own tally of the same seeds, variant by variant."""
    question = lab.QUESTIONS[key]
    games = 2 if key == "diagonal" else 3
    rows = lab.ask(question, games, seed=9)
    for variant, row in zip(question.variants, rows, strict=True):
        counts = question.tally(games, seed=9, **variant.options)
        assert {k: row[k] for k in counts} == counts
    found = lab.shares(question, rows)
    assert len(found) == len(question.variants) * len(question.sides)
    for share in found:
        assert 0 <= share.low <= share.share <= share.high <= 1
        assert (share.low, share.high) == sweep.interval(share.wins, share.games)
    said = lab.verdict(question, rows)
    assert said.count("\n") == len(found) + len(question.variants) - 1
    assert said.endswith(f"Played by {question.players}.")
    assert "95% interval" in said and "_" not in said


def test_the_verdict_tells_a_real_difference_from_noise():
    question = lab.QUESTIONS["victory"]
    rows = [
        {**dict(v.options), "games": 1000, "seed": 0, "blackbeard_wins": wins}
        for v, wins in zip(question.variants, (760, 600), strict=True)
    ]
    assert "-16.0 points" in lab.verdict(question, rows)
    assert "a real difference" in lab.verdict(question, rows)
    rows[1]["blackbeard_wins"] = 745
    assert "cannot tell them apart" in lab.verdict(question, rows)


def test_the_same_question_gives_the_same_rows_on_a_process_pool():
    from concurrent.futures import ProcessPoolExecutor

    question = lab.QUESTIONS["table"]
    with ProcessPoolExecutor(2) as pool:
        assert lab.ask(question, 4, executor=pool) == lab.ask(question, 4)


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda: lab.ask("victory"), "question must be one of lab.QUESTIONS"),
        (lambda: lab.ask(lab.QUESTIONS["victory"], 0), "games must be a whole number"),
        (lambda: lab.shares(lab.QUESTIONS["victory"], [{}]), r"the 2 rows ask\(\) gives"),
        (lambda: lab.shares(lab.QUESTIONS["victory"], [{}, {}]), "must count blackbeard_wins"),
    ],
)
def test_bad_input_is_refused(call, words):
    with pytest.raises(PiratelibError, match=words):
        call()


def test_the_command_line_answers_a_question(capsys):
    lab.main(["table", "--games", "2", "--workers", "2"])
    out = capsys.readouterr().out
    assert out.startswith("Which side wins Black Flag! at each table size? (2 games of each")
    assert "8 players: Great Brittonia won" in out


def test_a_question_is_a_record_a_designer_can_vary():
    question = dataclasses.replace(lab.QUESTIONS["victory"], games=2, block=1)
    assert [row["games"] for row in lab.ask(question)] == [2, 2]


@pytest.mark.parametrize("key", sorted(lab.QUESTIONS))
def test_the_remembered_rows_are_what_the_games_give_now(key):
    # The stored answers (lab_answers.toml) that pages show at once are not stale: a fresh
    # play of the same seeds gives the same rows. If a bot or a rule changed, run
    # python -m piratelib.lab --remember and commit the file.
    assert lab.remembered(key) == lab.ask(lab.QUESTIONS[key])


def test_remembered_names_the_questions_it_knows():
    with pytest.raises(PiratelibError, match="victory"):
        lab.remembered("victroy")
