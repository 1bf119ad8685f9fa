"""How a variant-lab sweep scales: games per second on 1 and 2 workers, and the cost of a task.

Plays the same seeded grid (Hunt for Blackbeard between the smart bots, standard and
"more than half" Victory) with :func:`piratelib.sweep.play` on a process pool of 1 worker
and of 2 workers, side by side, each repeated (median of the repeats), and prints games
per second and the median of the runs' ratios (goal: at least 1.6x on 2 cores); the order
of the two pools alternates, since a shared machine's speed drifts. Each pool is started and
warmed (one small block per worker) before the clock starts, as a designer's long sweep
would amortize it. Then the overhead of one task: a do-nothing function run over many
tasks, in this process, on the process pool, and (when the [scale] extra is installed)
on a Dask LocalCluster of 2 worker processes. The rows of every run are checked equal.
Run inside the venv:

    .venv/bin/python benchmarks/sweep.py [--games 400] [--block 10] [--repeats 5]
"""

from __future__ import annotations

import argparse
import statistics
import time
from concurrent.futures import Executor, ProcessPoolExecutor

from piratelib import sweep
from piratelib.blackbeard.bots.tally import tally
from piratelib.errors import PiratelibError

GOAL = 1.6  # 2 workers against 1, on a 2-core machine
VARIANTS = sweep.product(more_than_half=[False, True])


def nothing(x: int) -> dict[str, int]:
    """A task that does no work: what is left is the cost of sending it and its answer."""
    return {"y": x}


def timed(games: int, block: int, executor: Executor) -> tuple[float, list[dict]]:
    start = time.perf_counter()
    rows = sweep.play(tally, VARIANTS, games, block=block, executor=executor)
    return time.perf_counter() - start, rows


def overhead(executor: Executor, tasks: int) -> float:
    """Seconds per task of a do-nothing sweep of `tasks` points, one point a task."""
    sweep.run(nothing, [{"x": 0}] * 4, executor=executor)  # warm
    start = time.perf_counter()
    sweep.run(nothing, [{"x": x} for x in range(tasks)], executor=executor)
    return (time.perf_counter() - start) / tasks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games of each variant")
    parser.add_argument("--block", type=int, default=10, help="games in one task")
    parser.add_argument("--repeats", type=int, default=5, help="runs of each pool, median")
    parser.add_argument("--tasks", type=int, default=2000, help="tasks timed for overhead")
    args = parser.parse_args()
    total = args.games * len(VARIANTS)

    with ProcessPoolExecutor(1) as one, ProcessPoolExecutor(2) as two:
        for pool in (one, two):  # start the workers and load the game's data in each
            sweep.play(tally, VARIANTS, 2, block=1, executor=pool)
        seconds: dict[int, list[float]] = {1: [], 2: []}
        answers = []
        for repeat in range(args.repeats):
            order = ((1, one), (2, two)) if repeat % 2 == 0 else ((2, two), (1, one))
            for workers, pool in order:  # alternate which goes first: the machine drifts
                elapsed, rows = timed(args.games, args.block, pool)
                seconds[workers].append(elapsed)
                answers.append(rows)
        pooled = {w: overhead(pool, args.tasks) for w, pool in ((1, one), (2, two))}
    if any(rows != answers[0] for rows in answers):
        raise SystemExit("the rows differ between runs: the sweep is not reproducible")
    rate = {w: total / statistics.median(s) for w, s in seconds.items()}
    ratios = sorted(one / two for one, two in zip(seconds[1], seconds[2], strict=True))
    ratio = statistics.median(ratios)
    print(
        f"{total:,} games of Hunt for Blackbeard (smart bots, {len(VARIANTS)} variants,"
        f" blocks of {args.block}), median of {args.repeats}:"
    )
    print(f"  1 worker:  {rate[1]:7.1f} games/s")
    print(f"  2 workers: {rate[2]:7.1f} games/s")
    verdict = "met" if ratio >= GOAL else "NOT MET"
    print(
        f"2 workers / 1 worker: {ratio:.2f}x, median of {args.repeats} side-by-side runs"
        f" ({ratios[0]:.2f}x to {ratios[-1]:.2f}x) (goal: at least {GOAL}x; {verdict})"
    )
    print("the rows were identical in every run")
    here = overhead(sweep.InProcess(), args.tasks)
    print(f"overhead per task ({args.tasks:,} do-nothing tasks):")
    print(f"  {'in this process:':<25}{here * 1e6:8.1f} us")
    for workers, cost in pooled.items():
        label = f"process pool, {workers} worker{'s' if workers > 1 else ''}:"
        print(f"  {label:<25}{cost * 1e6:8.1f} us")
    try:
        client = sweep.dask_client(workers=2)
    except PiratelibError as missing:
        print(f"  Dask: {missing}")
        return
    with client:
        cost = overhead(client.get_executor(), args.tasks)
    print(f"  {'Dask LocalCluster, 2:':<25}{cost * 1e6:8.1f} us")


if __name__ == "__main__":
    main()
