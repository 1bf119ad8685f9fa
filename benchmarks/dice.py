"""Time piratelib's exact highest-die contest against icepool and a 100,000-roll simulation.

The goal: piratelib's exact answer at least 3x faster than icepool's cached one. piratelib
uses the closed form (k**n rolls of n dice have their highest die at most k); icepool
computes general distributions. Neither keeps answers between calls except icepool's own
caches, which the first pass shows without.

For a grid of contests (each side 1 to 6 dice, ties to B), every method runs on every
contest in the same process, interleaved, several times; the script prints the median time
per contest for each method and the ratios between them, and checks that the exact and
icepool answers agree. Run inside the project's venv:

    .venv/bin/python benchmarks/dice.py [--repeats 5] [--trials 100000]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from fractions import Fraction

import icepool

from piratelib.dice import highest_die_contest, simulate_highest_die_contest

GRID = [(a, b) for a in range(1, 7) for b in range(1, 7)]


def exact(a: int, b: int, trials: int) -> Fraction:
    return highest_die_contest(a, b, a_wins_ties=False)


def with_icepool(a: int, b: int, trials: int) -> Fraction:
    return (icepool.d6.highest(a) > icepool.d6.highest(b)).probability(True)


def simulated(a: int, b: int, trials: int) -> Fraction:
    return simulate_highest_die_contest(
        a, b, a_wins_ties=False, trials=trials, rng=random.Random(a * 10 + b)
    )


METHODS: dict[str, Callable[[int, int, int], Fraction]] = {
    "piratelib exact": exact,
    "icepool": with_icepool,
    "simulation": simulated,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5, help="timed runs per method")
    parser.add_argument("--trials", type=int, default=100_000, help="rolls per simulation")
    args = parser.parse_args()

    # icepool caches what it computes; its first pass shows the cost without those caches.
    start = time.perf_counter()
    oracle = {(a, b): with_icepool(a, b, 0) for a, b in GRID}
    icepool_first_pass = (time.perf_counter() - start) / len(GRID)
    for a, b in GRID:
        assert exact(a, b, 0) == oracle[a, b], (a, b)

    seconds: dict[str, list[float]] = {name: [] for name in METHODS}
    for _ in range(args.repeats):
        for name, method in METHODS.items():
            start = time.perf_counter()
            for a, b in GRID:
                method(a, b, args.trials)
            seconds[name].append((time.perf_counter() - start) / len(GRID))

    medians = {name: statistics.median(times) for name, times in seconds.items()}
    print(f"{len(GRID)} contests (1-6 dice a side), {args.repeats} runs, median per contest:")
    for name, median in medians.items():
        print(f"  {name:<16} {median * 1e6:12.1f} µs")
    print(f"  icepool's first pass, before its caches fill: {icepool_first_pass * 1e6:.1f} µs")
    base = medians["piratelib exact"]
    speedup = medians["icepool"] / base
    goal = f"goal: at least 3x; {'met' if speedup >= 3 else 'NOT MET'}"
    print(f"icepool (cached) / exact:            {speedup:10.1f}x ({goal})")
    print(f"icepool (first pass) / exact:        {icepool_first_pass / base:10.1f}x")
    print(f"{args.trials:,}-roll simulation / exact: {medians['simulation'] / base:10.1f}x")
    print("exact and icepool agree on every contest")


if __name__ == "__main__":
    main()
