"""A seat-by-seat ladder for Dread Pirate's greedy bot against random bots, with intervals.

At each table size (2, 3 and 4 Pirates) and each seat, plays ``--games`` games with the
greedy bot in that seat and random bots in the others, and ``--games`` games with random
bots in every seat: the baseline, a random bot in the same seat (one set of all-random
games serves every seat's baseline). Game ``i`` is ``new_game(NAMES[:n], seed=SEED + i)``
with ``random.Random(SEED + i)``, as :func:`~piratelib.dreadpirate.tally.tally` plays them
(``SEED`` is ``--seed``; the same seeds in every cell, so the greedy and the random seat
meet the same deals), each capped at ``--cap`` actions, in blocks over ``--workers``
processes. Every bot chooses from its own view
(:func:`~piratelib.dreadpirate.game.observation`).

For each cell it prints the seat's share of ALL the games played (a game nobody won by the
cap counts as not won) with its 95% interval (Wilson's), the unfinished games, how the
finished ones were won, and the greedy seat's gain over the random seat with Newcombe's
interval (for two independent shares; these games share their seeds, which at worst
makes it wide). Random games rarely end ("Its games rarely end"), so the baseline is
mostly unfinished games.

    .venv/bin/python benchmarks/dreadpirate_ladder.py [--games 300] [--cap 2000]
        [--workers 2] [--block 25] [--seed 20000] [--sizes 2,3,4]
"""

from __future__ import annotations

import argparse
import concurrent.futures
import time

from piratelib.dreadpirate.tally import tally
from piratelib.sweep import difference, interval

SEED = 20_000
WAYS = {"gold": "20 Gold", "one_colour": "12 of a colour", "each_colour": "4 of each"}

Cell = tuple[int, int | None]  # (Pirates, the greedy bot's seat from 1, or None: all random)


def _bots(cell: Cell) -> list[str]:
    pirates, seat = cell
    return ["greedy" if s == seat else "random" for s in range(1, pirates + 1)]


def _block(job: tuple[Cell, int, int, int]) -> tuple[dict[str, int], float]:
    cell, first, games, cap = job
    start = time.process_time()
    counts = tally(games, seed=first, pirates=cell[0], bot=_bots(cell), max_actions=cap)
    return counts, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=300, help="games a cell")
    parser.add_argument("--cap", type=int, default=2_000, help="actions a game at most")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--block", type=int, default=25, help="games a job")
    parser.add_argument("--seed", type=int, default=SEED, help="the first game's seed")
    parser.add_argument("--sizes", default="2,3,4", help="table sizes, comma-separated")
    args = parser.parse_args()
    sizes = [int(n) for n in args.sizes.split(",")]
    if not set(sizes) <= {2, 3, 4} or args.games < 1:
        parser.error(f"--sizes names 2, 3 or 4 Pirates and --games is at least 1, got {args}")
    cells: list[Cell] = [(n, seat) for n in sizes for seat in (*range(1, n + 1), None)]
    jobs = [
        (cell, args.seed + first, min(args.block, args.games - first), args.cap)
        for cell in cells
        for first in range(0, args.games, args.block)
    ]
    totals: dict[Cell, dict[str, int]] = {cell: {} for cell in cells}
    cpu: dict[Cell, float] = dict.fromkeys(cells, 0.0)
    wall = time.perf_counter()
    with concurrent.futures.ProcessPoolExecutor(args.workers) as pool:
        for job, (counts, seconds) in zip(jobs, pool.map(_block, jobs), strict=True):
            for name, n in counts.items():
                totals[job[0]][name] = totals[job[0]].get(name, 0) + n
            cpu[job[0]] += seconds
    wall = time.perf_counter() - wall

    n_games = args.games
    print(
        f"Dread Pirate, greedy bot in one seat against random bots; {n_games} games a cell "
        f"from seed {args.seed}, capped at {args.cap} actions (default diagonal rule)"
    )
    print(
        f"{'Pirates':>7} {'seat':>4} {'seat bot':>8} {'seat wins':>10} {'95% interval':>13} "
        f"{'unfinished':>10} {'gain':>7} {'95% interval':>15}  how the games ended"
    )
    for n in sizes:
        base = totals[n, None]
        for seat in range(1, n + 1):
            for bot, counts in (("greedy", totals[n, seat]), ("random", base)):
                won = counts[f"seat_{seat}_wins"]
                low, high = interval(won, n_games)
                ended = n_games - counts["unfinished"]
                ways = ", ".join(f"{WAYS[w]} {counts[w]}" for w in WAYS if counts[w])
                gain = ""
                if bot == "greedy":
                    d, d_low, d_high = difference(
                        (won, n_games), (base[f"seat_{seat}_wins"], n_games)
                    )
                    gain = f"{d:>+7.1%} {d_low:>+7.1%}..{d_high:<+6.1%}"
                print(
                    f"{n:>7} {seat:>4} {bot:>8} {won / n_games:>10.1%} "
                    f"{low:>6.1%}-{high:<6.1%} {counts['unfinished']:>10} {gain:>23}  "
                    f"{ended} finished, {ended - won} won by another seat: {ways or '-'}"
                )
        seconds = sum(cpu[n, s] for s in (*range(1, n + 1), None))
        print(f"{'':>7} ({seconds:.0f} s CPU for the {n}-Pirate cells)")
    print(f"{len(jobs)} jobs on {args.workers} workers: {wall:.0f} s")


if __name__ == "__main__":
    main()
