"""Time Dread Pirate's exact answers against a simulation and against icepool.

Movement: for three voyages from Port Diablo on the packaged sea, the median time of one
exact `turns_to_reach` (the Markov chain, started from scratch: each exact call gets a
fresh graph, so no move is cached from an earlier call) against a seeded simulation of the
same voyages, their ratio beside its goal (at least 100x), and a check that every turn
count agrees within 4 standard errors. Battles: the median time of
`attacker_win_probability` for every bonus difference from -6 to +6 against icepool's for
the same 13 questions, their ratio beside its goal (piratelib at least as fast), and a
check that they agree exactly. Run inside the project's venv:

    .venv/bin/python benchmarks/dreadpirate.py [--repeats 7] [--trials 100000]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from fractions import Fraction

from piratelib.dice import standard_error
from piratelib.dreadpirate.battle import attacker_win_probability
from piratelib.dreadpirate.sea import sea_graph, simulate_turns, square_of, turns_to_reach

VOYAGES = ("krakens_reach", "smugglers_cove", "la_antigua")
MOVEMENT_GOAL = 100  # simulation / exact, for every voyage, with 100,000 simulated voyages
GOAL_TRIALS = 100_000
BATTLE_GOAL = 1  # icepool / piratelib


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7, help="timed exact calls")
    parser.add_argument("--trials", type=int, default=GOAL_TRIALS, help="simulated voyages")
    args = parser.parse_args()
    movement(args.repeats, args.trials)
    battles(args.repeats)


def movement(repeats: int, trials: int) -> None:
    """Exact turns to reach three places against a seeded simulation."""
    start_place = "port_diablo"
    for place in VOYAGES:
        times = []
        for _ in range(repeats):
            G = sea_graph()  # a fresh graph: no cached moves
            start, target = square_of(G, start_place), square_of(G, place)
            begin = time.perf_counter()
            exact = turns_to_reach(G, start, target)
            times.append(time.perf_counter() - begin)
        G = sea_graph()  # the simulation, too, starts with no cached moves
        rng = random.Random(1691)
        begin = time.perf_counter()
        counts: dict[int, int] = {}
        for _ in range(trials):
            k = simulate_turns(G, start, target, rng)
            counts[k] = counts.get(k, 0) + 1
        simulated = time.perf_counter() - begin
        agree = all(
            abs(counts.get(k, 0) / trials - p) <= 4 * standard_error(p, trials)
            for k, p in exact.items()
        ) and set(counts) <= set(exact)
        median = statistics.median(times)
        mean = sum(k * p for k, p in exact.items())
        ratio = simulated / median
        print(
            f"Port Diablo to {place}: exact mean {float(mean):.3f} turns in {median * 1e3:.2f} ms; "
            f"{trials:,}-voyage simulation in {simulated:.2f} s; "
            f"simulation / exact: {ratio:,.0f}x {_goal(ratio, MOVEMENT_GOAL, trials)}; "
            f"{'agree' if agree else 'DISAGREE'} within 4 SE"
        )
        if not agree:
            raise SystemExit("the exact turns and the simulation disagree")


def battles(repeats: int) -> None:
    """attacker_win_probability for differences -6..+6 against icepool."""
    import icepool

    differences = range(-6, 7)
    ours, theirs = [], []
    for _ in range(repeats):
        begin = time.perf_counter()
        exact = [attacker_win_probability(d, 0) for d in differences]
        ours.append(time.perf_counter() - begin)
        begin = time.perf_counter()
        two = icepool.d6 + icepool.d6
        other = [Fraction((two + d >= two).probability(True)) for d in differences]
        theirs.append(time.perf_counter() - begin)
    same = exact == other
    ratio = statistics.median(theirs) / statistics.median(ours)
    print(
        f"battles, 13 bonus differences: piratelib {statistics.median(ours) * 1e3:.3f} ms, "
        f"icepool {statistics.median(theirs) * 1e3:.2f} ms; icepool / piratelib: "
        f"{ratio:.1f}x {_goal(ratio, BATTLE_GOAL)}; {'agree exactly' if same else 'DISAGREE'}"
    )
    if not same:
        raise SystemExit("piratelib and icepool disagree")


def _goal(ratio: float, goal: float, trials: int | None = None) -> str:
    """The goal beside a ratio, and whether this run meets it.

    A movement ratio grows with the simulated voyages, so its goal is judged only at
    ``GOAL_TRIALS``.
    """
    if trials is not None and trials != GOAL_TRIALS:
        return f"(goal: at least {goal:g}x with {GOAL_TRIALS:,} voyages; not judged here)"
    where = f" with {GOAL_TRIALS:,} voyages" if trials is not None else ""
    return f"(goal: at least {goal:g}x{where}, {'met' if ratio >= goal else 'NOT MET'})"


if __name__ == "__main__":
    main()
