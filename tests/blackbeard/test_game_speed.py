"""The engine's speed-ups change no answer: seeded games pinned, and its caches safe.

The digest below was taken before the engine remembered anything (commit d51911b): every
action, every step's phase, text and rule, and every final state of 12 standard and 12
ADVANCED random games. ``benchmarks/blackbeard_playout.py`` times the same kind of games.
"""

from __future__ import annotations

import dataclasses
import hashlib
import random
import subprocess
import sys
from pathlib import Path

import pytest

from piratelib.blackbeard.game import apply, legal_actions, new_game, playout, resolve

GAMES = 12
DIGEST = {False: "069351072ddad170", True: "70372effbda7c1ba"}


def _canonical(value: object) -> object:
    """`value` with every set sorted, so its repr is the same under any hash seed."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = dataclasses.fields(value)
        return (
            type(value).__name__,
            [(f.name, _canonical(getattr(value, f.name))) for f in fields],
        )
    if isinstance(value, frozenset):
        return sorted(repr(_canonical(v)) for v in value)
    if isinstance(value, tuple | list):
        return [_canonical(v) for v in value]
    if isinstance(value, dict):
        return sorted((repr(k), _canonical(v)) for k, v in value.items())
    return value


@pytest.mark.parametrize("advanced", [False, True])
def test_seeded_games_are_unchanged(advanced):
    digest = hashlib.sha256()
    for seed in range(GAMES):
        history = playout(new_game(seed=seed, advanced=advanced), random.Random(seed))
        for action, steps in history:
            digest.update(repr(action).encode())
            for step in steps:
                digest.update(f"{step.phase}|{step.text}|{step.rule}".encode())
                digest.update(repr(_canonical(step.state)).encode())
    assert digest.hexdigest()[:16] == DIGEST[advanced]


def test_legal_actions_answers_a_fresh_list_each_time():
    state = new_game(seed=4)
    first = legal_actions(state)
    first.clear()
    assert legal_actions(state) != [] and legal_actions(state) is not legal_actions(state)


def test_apply_step_by_step_is_playout():
    state = new_game(seed=5, advanced=True)
    history = playout(state, random.Random(5))
    rng = random.Random(5)
    for action, steps in history:
        assert rng.choice(legal_actions(state)) == action
        assert resolve(state, action, random.Random(0)) == resolve(state, action, random.Random(0))
        state = apply(state, action, rng)
        assert state == steps[-1].state


def test_benchmark_runs_and_prints_each_measure():
    root = Path(__file__).resolve().parents[2]
    command = [sys.executable, "benchmarks/blackbeard_playout.py", "--games", "2"]
    command += ["--repeats", "1", "--warm", "0"]
    out = subprocess.run(command, cwd=root, capture_output=True, text=True, check=True).stdout
    for measure in ("fresh", "standard", "advanced", "apply", "root"):
        assert f"  {measure} " in out and "µs" in out
    assert "(the same answers)" in out
