"""Time Hunt for Blackbeard's engine as search bots use it: playouts and ``apply`` in a loop.

Five measures, each the median CPU time (``time.process_time``) of several repeats:

- ``fresh``: the first games a new process plays, ``new_game(seed=s)`` and ``playout``
  with ``random.Random(s)`` on the clock, caches empty at the start (a bot's first
  decision); its seeds are 10**6 on, so it leaves no answer the other measures ask.
- ``standard`` and ``advanced``: random-vs-random ``playout`` from ``new_game(seed=s)``
  (``advanced=True`` for the second) with ``random.Random(s)``; the states are set up,
  and ``--warm`` other games played to fill the engine's caches of Map facts (as a bot's
  earlier searches would), before the clock starts.
- ``apply``: the standard games again, one ``legal_actions(state)`` and one ``apply(state,
  action, rng)`` a step, as a bot stepping through a line of play does (it must end each
  game where ``playout`` did); the engine's caches already hold these games' answers, so
  this is its floor.
- ``root``: playouts from one State (12 random actions into a game), each with its own
  rng, as a search bot plays them for one decision.

Each is printed as games a second and µs per action.

It also prints a digest of everything the games produced (each action, each step's
phase, text and rule, and each final state), so two versions of the engine can be shown
to give the same answers. With ``--against DIR`` (a copy of another version, such as
``git archive HEAD~3 | tar -x -C /tmp/base``), each repeat runs once in a child process for this
tree and once for DIR, alternating, and the table compares them side by side. Run inside
the project's venv:

    .venv/bin/python benchmarks/blackbeard_playout.py [--games 40] [--repeats 5] [--warm 200]
        [--against DIR]
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
FRESH = 10**6
ROOT_PLY = 12
MEASURES = ("fresh", "standard", "advanced", "apply", "root")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per measure and repeat")
    parser.add_argument("--repeats", type=int, default=5, help="repeats; the median is shown")
    parser.add_argument("--warm", type=int, default=200, help="other games played first")
    parser.add_argument("--against", help="another checkout to compare with, side by side")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(one_repeat(args.games, args.warm)))
        return
    trees = {"this tree": ROOT}
    if args.against:
        trees = {"against": Path(args.against).resolve(), **trees}
    runs: dict[str, list[dict[str, Any]]] = {name: [] for name in trees}
    for _ in range(args.repeats):
        for name, tree in trees.items():
            runs[name].append(child(tree, args.games, args.warm))
    print(
        f"{args.games} games per measure, median of {args.repeats} repeats, CPU time: "
        "games a second, µs per action"
    )
    header = "".join(f"{name:>22}" for name in runs)
    print(f"  {'':<9}{header}" + ("  speed-up" if len(runs) == 2 else ""))
    for measure in MEASURES:
        medians = [statistics.median(r[measure] for r in repeats) for repeats in runs.values()]
        actions = next(iter(runs.values()))[0][measure + "_actions"]
        row = f"  {measure:<9}"
        row += "".join(f"{args.games / t:9.1f}/s {t / actions * 1e6:7.1f} µs" for t in medians)
        print(row + (f"  {medians[0] / medians[1]:7.2f}x" if len(medians) == 2 else ""))
    digests = [sorted({r["digest"] for r in repeats}) for repeats in runs.values()]
    same = " (the same answers)" if all(d == digests[0] for d in digests) else " (DIFFERENT)"
    print("  digest   " + " | ".join(" ".join(d) for d in digests) + same)


def child(tree: Path, games: int, warm: int) -> dict[str, Any]:
    """One repeat in a fresh process that imports piratelib from `tree`."""
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0"}
    command = [sys.executable, __file__, "--child", "--games", str(games), "--warm", str(warm)]
    out = subprocess.run(command, env=env, cwd=tree, check=True, capture_output=True, text=True)
    result: dict[str, Any] = json.loads(out.stdout)
    return result


def one_repeat(games: int, warm: int) -> dict[str, Any]:
    """Time each measure once; the CPU seconds, the actions played and the answers' digest."""
    from piratelib.blackbeard.game import apply, legal_actions, new_game, playout

    digest = hashlib.sha256()
    result: dict[str, Any] = {"fresh": 0.0, "fresh_actions": 0}
    for s in range(FRESH, FRESH + games):  # seeds no other measure plays
        start = time.process_time()
        history = playout(new_game(seed=s), random.Random(s))
        result["fresh"] += time.process_time() - start
        result["fresh_actions"] += len(history)
    ends = {}
    for measure, advanced in (("standard", False), ("advanced", True)):
        states = [new_game(seed=s, advanced=advanced) for s in range(games)]
        for s in range(games, games + warm):  # other games warm up the caches of Map facts
            playout(new_game(seed=s, advanced=advanced), random.Random(s))
        seconds, actions, ends[measure] = 0.0, 0, []
        for s, state in enumerate(states):
            start = time.process_time()
            history = playout(state, random.Random(s))
            seconds += time.process_time() - start
            actions += len(history)
            # each history is read, then dropped, off the clock
            for action, steps in history:
                digest.update(repr(action).encode())
                for step in steps:
                    digest.update(f"{step.phase}|{step.text}|{step.rule}".encode())
            digest.update(repr(canonical(history[-1][1][-1].state)).encode())
            ends[measure].append((state, len(history), history[-1][1][-1].state))
        result[measure], result[measure + "_actions"] = seconds, actions
    start = time.process_time()
    for s, (state, length, end) in enumerate(ends["standard"]):
        rng = random.Random(s)
        for _ in range(length):
            state = apply(state, rng.choice(legal_actions(state)), rng)
        assert state == end, f"apply gave another game for seed {s}"
    result["apply"] = time.process_time() - start
    result["apply_actions"] = result["standard_actions"]
    root = new_game(seed=FRESH - 1)
    rng = random.Random(FRESH - 1)
    for _ in range(ROOT_PLY):
        root = apply(root, rng.choice(legal_actions(root)), rng)
    result["root"], result["root_actions"] = 0.0, 0
    for s in range(games):
        start = time.process_time()
        history = playout(root, random.Random(s))
        result["root"] += time.process_time() - start
        result["root_actions"] += len(history)
    result["digest"] = digest.hexdigest()[:12]
    return result


def canonical(value: object) -> object:
    """`value` with every set sorted, so its repr is the same in every process."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return (
            type(value).__name__,
            [(f.name, canonical(getattr(value, f.name))) for f in dataclasses.fields(value)],
        )
    if isinstance(value, frozenset | set):
        return sorted(repr(canonical(v)) for v in value)
    if isinstance(value, tuple | list):
        return [canonical(v) for v in value]
    if isinstance(value, dict):
        return sorted((repr(k), canonical(v)) for k, v in value.items())
    return value


if __name__ == "__main__":
    main()
