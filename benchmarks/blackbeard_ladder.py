"""A strength ladder for Hunt for Blackbeard's bots: every pairing, seeded games, intervals.

Plays every pairing of the Hunters' bots {random, smart, search} with Blackbeard's
{random, smart, search}: game ``i`` of a pairing is ``new_game(seed=SEED + i)`` with
``random.Random(SEED + i)`` (``SEED`` is ``--seed``; the same seeds for every pairing, as
:func:`~piratelib.blackbeard.bots.tally.tally` plays them), split into blocks over
``--workers`` processes. The search bots have a fixed budget of ``--playouts`` playouts a
decision (no clock, so the games are the same on any machine). For each pairing it prints
the Hunters' share of wins with its 95% interval (Wilson's), how the games ended, and CPU
seconds a game; then the search goals of issue 26: the search Hunters at least 10 points
above the smart Hunters against every Blackbeard, and the search Blackbeard above the
smart Blackbeard against every Hunters (his wins are the Hunters' losses).

    .venv/bin/python benchmarks/blackbeard_ladder.py [--games 300] [--playouts 48]
        [--workers 2] [--advanced] [--only search] [--bots random,smart] [--seed 20000]
"""

from __future__ import annotations

import argparse
import concurrent.futures
import time

from piratelib.blackbeard.bots.policies import BOTS
from piratelib.blackbeard.bots.search import SearchBot
from piratelib.blackbeard.bots.tally import ENDINGS, tally
from piratelib.sweep import interval

SEED = 20_000
NAMES = ("random", "smart", "search")


def _bot(side: str, name: str, playouts: int) -> object:
    return SearchBot(playouts=playouts, seconds=None) if name == "search" else BOTS[side][name]


def _block(job: tuple[str, str, int, int, int, bool]) -> tuple[dict[str, int], float]:
    hunters, blackbeard, first, games, playouts, advanced = job
    start = time.process_time()
    counts = tally(
        games,
        seed=first,
        hunters=_bot("hunters", hunters, playouts),  # type: ignore[arg-type]  # a Policy
        blackbeard=_bot("blackbeard", blackbeard, playouts),  # type: ignore[arg-type]
        advanced=advanced,
    )
    return counts, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--playouts", type=int, default=48)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--block", type=int, default=10)
    parser.add_argument("--seed", type=int, default=SEED, help="the first game's seed")
    parser.add_argument("--advanced", action="store_true")
    parser.add_argument("--only", choices=NAMES, help="only pairings with this bot on a side")
    parser.add_argument(
        "--bots", default=",".join(NAMES), help="the bots on each side, by name, comma-separated"
    )
    args = parser.parse_args()
    bots = args.bots.split(",")
    if not set(bots) <= set(NAMES):
        parser.error(f"--bots names only {', '.join(NAMES)}; got {args.bots!r}")
    pairings = [(h, b) for h in bots for b in bots if args.only is None or args.only in (h, b)]
    jobs = [
        (h, b, args.seed + first, min(args.block, args.games - first), args.playouts, args.advanced)
        for h, b in pairings
        for first in range(0, args.games, args.block)
    ]
    totals: dict[tuple[str, str], dict[str, int]] = {p: {} for p in pairings}
    cpu: dict[tuple[str, str], float] = dict.fromkeys(pairings, 0.0)
    with concurrent.futures.ProcessPoolExecutor(args.workers) as pool:
        for job, (counts, seconds) in zip(jobs, pool.map(_block, jobs), strict=True):
            key = (job[0], job[1])
            for name, n in counts.items():
                totals[key][name] = totals[key].get(name, 0) + n
            cpu[key] += seconds
    kind = "ADVANCED" if args.advanced else "standard"
    print(
        f"{kind} games, {args.games} a pairing from seed {args.seed}, search budget "
        f"{args.playouts} playouts"
    )
    print(f"{'Hunters':>7} {'Blackbeard':>10} {'Hunters win':>12} {'95% interval':>15}  endings")
    share: dict[tuple[str, str], float] = {}
    for h, b in pairings:
        counts = totals[h, b]
        won = counts["hunters_wins"]
        low, high = interval(won, args.games)
        share[h, b] = won / args.games
        endings = ", ".join(f"{ENDINGS[e]} {counts[e]}" for e in ENDINGS if counts[e])
        print(
            f"{h:>7} {b:>10} {won / args.games:>11.1%} {low:>7.1%}-{high:<7.1%}  {endings}"
            f"  ({cpu[h, b] / args.games:.1f} s CPU a game)"
        )
    for b in NAMES:
        if ("search", b) in share and ("smart", b) in share:
            gain = share["search", b] - share["smart", b]
            goal = "met" if gain >= 0.10 else "NOT met"
            print(f"search Hunters vs smart Hunters against {b} Blackbeard: {gain:+.1%} ({goal})")
    for h in NAMES:
        if (h, "search") in share and (h, "smart") in share:
            gain = share[h, "smart"] - share[h, "search"]
            goal = "met" if gain > 0 else "NOT met"
            print(
                f"search Blackbeard vs smart Blackbeard against {h} Hunters: {gain:+.1%} ({goal})"
            )


if __name__ == "__main__":
    main()
