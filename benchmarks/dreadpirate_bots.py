"""Play seeded Dread Pirate games between greedy bots: do they end, how long, and who wins?

For 2, 3 and 4 Pirates under each diagonal rule
(:data:`~piratelib.dreadpirate.sea.grid.DIAGONAL_RULES`),
plays `--games` games with :func:`piratelib.dreadpirate.bots.greedy` for every Pirate
(game ``k`` uses seed ``k`` for the deal, the bots and the dice), each capped at `--cap`
actions, and prints for each: the share that ended with a winner (with a 95% Wilson
interval), the actions and turns (every Pirate's, counted together) the ended games took
(median and max), how they were won
(20 Gold, 12 Gems of one colour, 4 of each), and how often the Pirate who moved first won.
Then times greedy games on one core (games per second), and random games beside them for
scale. Run inside the project's venv:

    .venv/bin/python benchmarks/dreadpirate_bots.py [--games 200] [--cap 5000] [--workers 2]
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

from piratelib.dreadpirate.bots import greedy, play_bots, random_policy
from piratelib.dreadpirate.game import new_game, winner
from piratelib.dreadpirate.sea.grid import DIAGONAL_RULES

NAMES = ("Ann", "Bo", "Cy", "Di")
CONDITION_WORDS = {"gold": "20 Gold", "one_colour": "12 of a colour", "each_colour": "4 of each"}


def play(players: int, diagonal: str, seed: int, cap: int, policy=greedy) -> dict:
    """One seeded game: whether it ended, its length, the win, and whether the first won."""
    state = new_game(list(NAMES[:players]), seed=seed, diagonal=diagonal)
    first = state.active_player.name
    history = play_bots(state, random.Random(seed), policy, max_actions=cap)
    last = history[-1][1][-1].state if history else state
    won = winner(last)
    return {
        "ended": won is not None,
        "actions": len(history),
        "turns": last.turn,
        "how": won.condition.value if won else None,
        "first_won": bool(won) and won.winner == first,
    }


def _block(args: tuple[int, str, range, int]) -> list[dict]:
    players, diagonal, seeds, cap = args
    return [play(players, diagonal, seed, cap) for seed in seeds]


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a share k / n."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--cap", type=int, default=5_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--timing-games", type=int, default=20)
    args = parser.parse_args()

    grid = [(n, d) for n in (2, 3, 4) for d in DIAGONAL_RULES]
    step = max(1, args.games // 4)
    jobs = [
        (n, d, range(s, min(s + step, args.games)), args.cap)
        for n, d in grid
        for s in range(0, args.games, step)
    ]
    with ProcessPoolExecutor(args.workers) as pool:
        blocks = list(pool.map(_block, jobs))
    rows: dict[tuple[int, str], list[dict]] = {key: [] for key in grid}
    for job, block in zip(jobs, blocks, strict=True):
        rows[job[0], job[1]].extend(block)

    print(f"Greedy bots, {args.games} seeded games each, capped at {args.cap} actions")
    header = (
        f"{'Pirates':>7} {'diagonal':<17} {'ended':>7} {'95% interval':>13} "
        f"{'actions med/max':>16} {'turns med/max':>14} {'first mover won':>15}  won by"
    )
    print(header)
    for (n, d), games in rows.items():
        ended = [g for g in games if g["ended"]]
        low, high = wilson(len(ended), len(games))
        acts = [g["actions"] for g in ended] or [0]
        turns = [g["turns"] for g in ended] or [0]
        hows = Counter(g["how"] for g in ended)
        how = ", ".join(
            f"{100 * hows[c] / max(1, len(ended)):.0f}% {w}" for c, w in CONDITION_WORDS.items()
        )
        first = sum(g["first_won"] for g in ended) / max(1, len(ended))
        print(
            f"{n:>7} {d:<17} {100 * len(ended) / len(games):>6.1f}% "
            f"{100 * low:>6.1f}-{100 * high:.1f}% "
            f"{statistics.median(acts):>8.0f}/{max(acts):<7} "
            f"{statistics.median(turns):>6.0f}/{max(turns):<7} {100 * first:>14.0f}%  {how}"
        )

    print(f"\nOne core, {args.timing_games} games of 3 Pirates (default diagonal rule), seeds 0..:")
    for name, policy, cap in (("greedy", greedy, args.cap), ("random", random_policy, 2_000)):
        start = time.process_time()
        played = [play(3, "one_side_water", seed, cap, policy) for seed in range(args.timing_games)]
        spent = time.process_time() - start
        actions = sum(g["actions"] for g in played)
        print(
            f"  {name:<6} {args.timing_games / spent:6.2f} games/s, {actions / spent:7.0f} "
            f"actions/s ({sum(g['ended'] for g in played)} of {len(played)} ended"
            + (f", capped at {cap} actions" if name == "random" else "")
            + ")"
        )


if __name__ == "__main__":
    main()
