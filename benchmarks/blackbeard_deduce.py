"""Time the Hunters' deduction in Hunt for Blackbeard over random games, one update at a time.

Plays seeded random games, standard and ADVANCED (each side picks uniformly among its
legal actions; every third game with the Encounter policy "escape", so Adventure
sometimes flees) and, after
every action once the Camp is Set, times one ``possible_spaces`` and one ``chances`` of
the Hunters' observation, each computed from scratch: nothing is kept between calls
but the Map's table of every Sail from each space (built once, on first use, and timed
apart below). Prints the median and worst time of each against the goal (a median of
at most 50 ms on one core), how large the possible sets are, and checks that the true
space is always among them. Run inside the project's venv:

    .venv/bin/python benchmarks/blackbeard_deduce.py [--games 200] [--advanced 100]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from piratelib.blackbeard import deduce, deduce_sails
from piratelib.blackbeard.game import (
    adventure_space,
    legal_actions,
    new_game,
    observation,
    resolve,
)
from piratelib.blackbeard.game_state import slots

GOAL_MS = 50  # median of one update, on one core


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="random standard games")
    parser.add_argument("--advanced", type=int, default=100, help="random ADVANCED games")
    args = parser.parse_args()

    start = time.perf_counter()
    for space in slots():
        deduce_sails.sail_groups(space)
    table_ms = (time.perf_counter() - start) * 1e3
    print(
        f"the Map's Sail table built once in {table_ms:.0f} ms "
        "(kept between calls: it depends on the Map only)"
    )
    for games, advanced in ((args.games, False), (args.advanced, True)):
        if games:
            run(games, advanced)


def run(games: int, advanced: bool) -> None:
    """Time every update of `games` random games and print the lines for them."""
    spaces_ms, chances_ms, sizes, missed, updates = [], [], [], 0, 0
    for seed in range(games):
        policy = "escape" if seed % 3 == 0 else "best"
        rng = random.Random(seed)
        state = new_game(seed=seed, encounter_policy=policy, advanced=advanced)
        while legal_actions(state):
            state = resolve(state, rng.choice(legal_actions(state)), rng)[-1].state
            if state.camp is None:
                continue
            view = observation(state, "hunters")
            t0 = time.perf_counter()
            possible = deduce.possible_spaces(view)
            t1 = time.perf_counter()
            deduce.chances(view)
            t2 = time.perf_counter()
            spaces_ms.append((t1 - t0) * 1e3)
            chances_ms.append((t2 - t1) * 1e3)
            sizes.append(len(possible))
            missed += adventure_space(state) not in possible
            updates += 1

    kind = "ADVANCED" if advanced else "standard"
    print(f"{games:,} random {kind} games, {updates:,} Hunters' observations:")
    for name, times in (("possible_spaces", spaces_ms), ("chances", chances_ms)):
        median = statistics.median(times)
        verdict = "met" if median <= GOAL_MS else "NOT MET"
        print(
            f"  {name:<16} median {median:6.2f} ms, worst {max(times):7.2f} ms "
            f"(goal: median at most {GOAL_MS} ms on one core; {verdict})"
        )
    print(
        f"  possible spaces: median {statistics.median(sizes):.0f} of 24, "
        f"largest {max(sizes)}, a single space in {sizes.count(1):,} observations"
    )
    print(f"  the true space was outside the possible set {missed} times (must be 0)")


if __name__ == "__main__":
    main()
