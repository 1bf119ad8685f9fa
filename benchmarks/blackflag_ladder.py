"""Black Flag!'s bots against random players: does the team bot's side win more often?

At each table size from 4 to 8 players, game ``i`` is ``new_game(names, seed=SEED + i)``
played with ``random.Random(SEED + i)`` (``SEED`` is ``--seed``) three ways: the team bot
in seat ``i % players`` and random players in the others; a random player in that seat
(the same seed, so the same deal of Roles, cards and Ships); and the team bot in every
seat. For the first two it prints how often the player in that seat was among the
winners, with 95% intervals (Wilson's), and the difference; for the third, which side
won. A game still going after ``--max-actions`` counts as not won.

    .venv/bin/python benchmarks/blackflag_ladder.py [--games 600] [--workers 2]
        [--players 4,5,6,7,8] [--seed 30000]
"""

from __future__ import annotations

import argparse
import concurrent.futures
import random
import time
from collections import Counter

from piratelib.blackflag.bots import play_bots, random_policy, team_policy
from piratelib.blackflag.game import new_game
from piratelib.blackflag.scoring import side_name
from piratelib.sweep import interval

SEED = 30_000
WAYS = ("team bot in the seat", "random player in the seat", "team bots everywhere")


def _block(job: tuple[int, int, int, int]) -> tuple[int, list[tuple[bool, bool, str, str]], float]:
    """Play games `first` .. `first + games - 1` at a table of `players`, each three ways."""
    players, first, games, most = job
    names = [f"Player {n}" for n in range(1, players + 1)]
    start = time.process_time()
    rows = []
    for seed in range(first, first + games):
        seat = seed % players
        won = []
        ends = []
        for way in WAYS:
            policies = [team_policy if way != WAYS[1] else random_policy] * players
            if way != WAYS[2]:
                policies = [random_policy] * players
                policies[seat] = team_policy if way == WAYS[0] else random_policy
            state = new_game(names, seed=seed)
            history = play_bots(state, random.Random(seed), *policies, max_actions=most)
            outcome = history[-1][1][-1].state.outcome if history else None
            won.append(outcome is not None and names[seat] in outcome.winners)
            ends.append("unfinished" if outcome is None else outcome.winner)
        rows.append((won[0], won[1], ends[2], ends[0]))
    return players, rows, time.process_time() - start


def _side(winner: str) -> str:
    return winner if winner == "unfinished" else side_name(winner)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=600, help="games a table size")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--block", type=int, default=50)
    parser.add_argument("--players", default="4,5,6,7,8")
    parser.add_argument("--seed", type=int, default=SEED, help="the first game's seed")
    parser.add_argument("--max-actions", type=int, default=20_000)
    args = parser.parse_args()
    sizes = [int(n) for n in args.players.split(",")]
    jobs = [
        (n, first, min(args.block, args.seed + args.games - first), args.max_actions)
        for n in sizes
        for first in range(args.seed, args.seed + args.games, args.block)
    ]
    rows: dict[int, list[tuple[bool, bool, str, str]]] = {n: [] for n in sizes}
    cpu = 0.0
    wall = time.perf_counter()
    with concurrent.futures.ProcessPoolExecutor(args.workers) as pool:
        for players, block, seconds in pool.map(_block, jobs):
            rows[players] += block
            cpu += seconds
    print(
        f"{args.games} games a table size from seed {args.seed}; the team bot in seat "
        f"(game % players), random players elsewhere, against a random player in the same "
        f"seat and game; share of games that seat's player won (95% interval)"
    )
    print(f"{'players':>7}  {'team bot in the seat':>28}  {'random in the seat':>28}  difference")
    for n in sizes:
        games = len(rows[n])
        team = sum(r[0] for r in rows[n])
        rand = sum(r[1] for r in rows[n])
        cells = []
        for wins in (team, rand):
            low, high = interval(wins, games)
            cells.append(f"{wins / games:6.1%} ({low:5.1%}-{high:5.1%})")
        both = Counter((r[0], r[1]) for r in rows[n])
        # the paired difference's standard error, from the games where only one side won
        gap = (team - rand) / games
        se = ((both[(True, False)] + both[(False, True)]) / games - gap**2) ** 0.5 / games**0.5
        print(f"{n:>7}  {cells[0]:>28}  {cells[1]:>28}  {gap:+6.1%} +- {1.96 * se:4.1%}")
    print("\nthe team bot in every seat: who won")
    for n in sizes:
        ends = Counter(r[2] for r in rows[n])
        print(f"{n:>7}  " + ", ".join(f"{_side(side)} {k}" for side, k in ends.most_common()))
    print(
        f"\n{cpu:.1f} s CPU in all ({cpu / (3 * sum(map(len, rows.values()))) * 1000:.0f} ms "
        f"a game), {time.perf_counter() - wall:.1f} s wall with {args.workers} workers"
    )


if __name__ == "__main__":
    main()
