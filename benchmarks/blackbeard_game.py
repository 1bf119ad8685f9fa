"""Time random complete games of Hunt for Blackbeard, and count how they end.

Plays seeded games from `new_game(seed=i)` to the end with `playout` (each side picks
uniformly among its legal actions; the same `random.Random(i)` draws the tiles and rolls
the dice), in one process on one core, and prints games per second, actions per second,
the median time of one game, and how the games ended: Arrest, Boarding (by either side),
Blackbeard's Piracy, or the Hunters at the end of Turn 4. The goal is at least 200 games a
second. Run inside the project's venv:

    .venv/bin/python benchmarks/blackbeard_game.py [--games 10000]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter

from piratelib.blackbeard.game import new_game, playout, winner

GOAL = 200  # games a second, on one core


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="random games played")
    args = parser.parse_args()

    endings: Counter[str] = Counter()
    seconds, actions = [], 0
    for seed in range(args.games):
        start = time.perf_counter()
        history = playout(new_game(seed=seed), random.Random(seed))
        seconds.append(time.perf_counter() - start)
        actions += len(history)
        outcome = winner(history[-1][1][-1].state)
        if outcome is None:
            raise SystemExit(f"game {seed} did not end in {len(history)} actions")
        endings[ending(outcome.side, outcome.why)] += 1

    total = sum(seconds)
    rate = args.games / total
    print(
        f"{args.games:,} random games, {actions:,} actions in {total:.1f} s on one core: "
        f"{rate:,.0f} games/s (goal: at least {GOAL}; {'met' if rate >= GOAL else 'NOT MET'}), "
        f"{actions / total:,.0f} actions/s, median game {statistics.median(seconds) * 1e3:.2f} ms"
    )
    print("how the games ended:")
    for name, count in endings.most_common():
        print(f"  {name:<34} {count:>7,}  {count / args.games:6.1%}")


def ending(side: str, why: str) -> str:
    """A short name for how a game ended, from its Outcome."""
    how = why.split()[0]
    if how == "Piracy":
        return (
            "Blackbeard by Piracy" if side == "blackbeard" else "the Hunters at the end of Turn 4"
        )
    return f"{'Blackbeard' if side == 'blackbeard' else 'the Hunters'} by {how}"


if __name__ == "__main__":
    main()
