"""Time the Hunters' deduction in Hunt for Blackbeard, and pit the bots against each other.

Part 1 plays seeded random games, standard and ADVANCED (each side picks uniformly among
its legal actions; every third game with the Encounter policy "escape", so Adventure
sometimes flees) and, after every action once the Camp is Set, times one
``possible_spaces`` and one ``chances`` (its default model, ``"sails"``) of the Hunters'
observation, each computed from scratch: every remembered answer that depends on the
observation (``count_histories``, the ``sail_table``, ``length_table`` and
``purse_table`` of the Sails the evidence can tell apart, ``turn_options``) is cleared
before each call; only the Map's own tables, which depend on a start space alone, are
kept (built on first use; the table of every Sail from each space is timed apart
below). Prints
the CPU time's median, 95th percentile and worst, and the wall time's median, of each
against the goal (a median of at most 50 ms on one core); for Turns 3 and 4 of the
ADVANCED games, against the late-turn goal (CPU median 50 ms, p95 100 ms, worst 500 ms);
how large the possible sets are; and checks that the true space is always among them.

Part 2 plays `--bot-games` standard games for each pairing of the bots of
:mod:`piratelib.blackbeard.bots.policies` (random or smart Hunters against random or smart
Blackbeard; game ``k`` uses seed ``k`` for the game and the bots), on every core, and
prints each side's wins with a 95% interval (Wilson's), how the games ended, and whether
each smart bot beats the random one clearly (the intervals do not overlap).

Part 3 asks how well the chances predict where Adventure really is. It plays
`--loss-games` standard games per pairing (seeded as in part 2), and
`--search-loss-games` of each Hunters bot against the search Blackbeard (24 playouts a
decision), and, at every Hunters' decision once Adventure is on the Map, scores
``chances`` under each model of :data:`~piratelib.blackbeard.deduce.models.MODELS` by
its log-loss on the true space (nats: minus the natural log of the chance it gave the
truth; lower is better) beside a flat spread over the same possible spaces, and how
often each one's likeliest space is the true one (ties split). Prints them for each
Blackbeard bot, all Hunters bots together, and for each pairing. Run inside the project's venv:

    .venv/bin/python benchmarks/blackbeard_deduce.py [--games 200] [--advanced 100]
        [--bot-games 2000] [--loss-games 200] [--search-loss-games 0]
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import random
import statistics
import time
from collections import Counter

from piratelib.blackbeard import deduce
from piratelib.blackbeard.bots.policies import BOTS, play_bots
from piratelib.blackbeard.bots.search import SearchBot
from piratelib.blackbeard.deduce import means as deduce_means
from piratelib.blackbeard.deduce import sails as deduce_sails
from piratelib.blackbeard.deduce.models import MODELS
from piratelib.blackbeard.game import (
    adventure_space,
    decider,
    legal_actions,
    new_game,
    observation,
    resolve,
)
from piratelib.blackbeard.game.state import slots

GOAL_MS = 50  # median of one update, in CPU time on one core
GOAL_P95_MS, GOAL_MAX_MS = 100, 500  # and on late turns of ADVANCED games, p95 and worst
LATE = 3  # the late turns: 3 and 4


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="random standard games")
    parser.add_argument("--advanced", type=int, default=100, help="random ADVANCED games")
    parser.add_argument("--bot-games", type=int, default=2000, help="games per bot pairing")
    parser.add_argument(
        "--search-loss-games",
        type=int,
        default=0,
        help="games per Hunters bot against the search Blackbeard (24 playouts), for the log-loss",
    )
    parser.add_argument(
        "--loss-games", type=int, default=200, help="games per pairing for the chances' log-loss"
    )
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
    if args.bot_games:
        duel(args.bot_games)
    if args.loss_games or args.search_loss_games:
        log_loss(args.loss_games, args.search_loss_games)


def run(games: int, advanced: bool) -> None:
    """Time every update of `games` random games and print the lines for them."""
    times: dict[str, list[tuple[float, float, int]]] = {"possible_spaces": [], "chances": []}
    sizes, missed = [], 0
    for seed in range(games):
        policy = "escape" if seed % 3 == 0 else "best"
        rng = random.Random(seed)
        state = new_game(seed=seed, encounter_policy=policy, advanced=advanced)
        while legal_actions(state):
            state = resolve(state, rng.choice(legal_actions(state)), rng)[-1].state
            if state.camp is None:
                continue
            view = observation(state, "hunters")
            for name, ask in (
                ("possible_spaces", deduce.possible_spaces),
                ("chances", deduce.chances),
            ):
                forget()
                wall, cpu = time.perf_counter(), time.process_time()
                answer = ask(view)
                cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
                times[name].append((cpu * 1e3, wall * 1e3, state.turn))
            sizes.append(len(answer))
            missed += adventure_space(state) not in answer

    kind = "ADVANCED" if advanced else "standard"
    print(f"{games:,} random {kind} games, {len(sizes):,} Hunters' observations:")
    for name, measured in times.items():
        cpu = [c for c, _, _ in measured]
        wall = [w for _, w, _ in measured]
        median = statistics.median(cpu)
        verdict = "met" if median <= GOAL_MS else "NOT MET"
        print(
            f"  {name:<16} CPU median {median:6.2f} ms, p95 {p95(cpu):7.2f} ms, worst "
            f"{max(cpu):7.2f} ms; wall median {statistics.median(wall):6.2f} ms "
            f"(goal: median at most {GOAL_MS} ms on one core; {verdict})"
        )
    late = [c for c, _, turn in times["chances"] if turn >= LATE]
    if late:
        median, high, worst = statistics.median(late), p95(late), max(late)
        met = median <= GOAL_MS and high <= GOAL_P95_MS and worst <= GOAL_MAX_MS
        print(
            f"  chances on Turns {LATE}-4 ({len(late):,} observations): CPU median "
            f"{median:.2f} ms, p95 {high:.2f} ms, worst {worst:.2f} ms (goal: {GOAL_MS}, "
            f"{GOAL_P95_MS} and {GOAL_MAX_MS} ms; {'met' if met else 'NOT MET'})"
        )
    print(
        f"  possible spaces: median {statistics.median(sizes):.0f} of 24, "
        f"largest {max(sizes)}, a single space in {sizes.count(1):,} observations"
    )
    print(f"  the true space was outside the possible set {missed} times (must be 0)")


def p95(values: list[float]) -> float:
    """The 95th percentile of `values` (the nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]


def forget() -> None:
    """Clear the deduction's remembered answers, so that the next call starts from scratch."""
    deduce.count_histories.cache_clear()
    deduce_sails.sail_table.cache_clear()
    deduce_sails.length_table.cache_clear()
    deduce_sails.purse_table.cache_clear()
    deduce_means.turn_options.cache_clear()


SEARCH_PLAYOUTS = 24
"""The search Blackbeard's playouts a decision in the log-loss games (a fixed budget)."""
PAIRINGS = (("random", "random"), ("smart", "random"), ("random", "smart"), ("smart", "smart"))


def duel(games: int) -> None:
    """Play `games` bot games per pairing on every core and print the win rates."""
    jobs = [(h, b, seed) for h, b in PAIRINGS for seed in range(games)]
    start = time.perf_counter()
    with multiprocessing.Pool(os.cpu_count()) as pool:
        ends = pool.map(one_game, jobs, chunksize=20)
    seconds = time.perf_counter() - start
    print(
        f"{games:,} standard games per pairing of bots ({len(jobs):,} games on "
        f"{os.cpu_count()} cores in {seconds:.0f} s):"
    )
    rates = {}
    for h, b in PAIRINGS:
        mine = [(side, how) for (hh, bb, side, how) in ends if (hh, bb) == (h, b)]
        wins = Counter(side for side, _ in mine)
        hows = Counter(f"{side} by {how}" for side, how in mine)
        low, high = wilson(wins["hunters"], len(mine))
        rates[h, b] = (low, high)
        print(
            f"  {h:>6} Hunters vs {b:>6} Blackbeard: Hunters win "
            f"{wins['hunters'] / len(mine):6.1%} (95% interval {low:.1%} to {high:.1%}); "
            + ", ".join(f"{how} {n}" for how, n in hows.most_common())
        )
    for seat, other in (("hunters", "blackbeard"), ("blackbeard", "hunters")):
        for opponent in ("random", "smart"):
            smart, rand = (
                rates[(bot, opponent) if seat == "hunters" else (opponent, bot)]
                for bot in ("smart", "random")
            )
            # the rates are the Hunters' wins: smart Hunters win more, smart Blackbeard less
            clear = smart[0] > rand[1] if seat == "hunters" else smart[1] < rand[0]
            verdict = "clearly (the intervals do not overlap)" if clear else "NOT clearly"
            print(
                f"  the smart {seat.title()} bot does better than the random one against "
                f"the {opponent} {other.title()} bot: {verdict}"
            )


def one_game(job: tuple[str, str, int]) -> tuple[str, str, str, str]:
    """Play one bot game; return the pairing, the winning side and how it ended."""
    hunters, blackbeard, seed = job
    history = play_bots(
        new_game(seed=seed),
        random.Random(seed),
        hunters=BOTS["hunters"][hunters],
        blackbeard=BOTS["blackbeard"][blackbeard],
    )
    outcome = history[-1][1][-1].state.outcome
    how = outcome.why.split(" at ")[0].split(" (")[0]
    return hunters, blackbeard, outcome.side, how


def log_loss(games: int, search_games: int = 0) -> None:
    """Score each chance model against a flat spread at every Hunters' decision; with
    `search_games`, also that many games of each Hunters bot against the search Blackbeard."""
    jobs = [(h, b, seed) for h, b in PAIRINGS for seed in range(games)]
    jobs += [(h, "search", seed) for h in ("random", "smart") for seed in range(search_games)]
    with multiprocessing.Pool(os.cpu_count()) as pool:
        scores = pool.map(one_loss, jobs, chunksize=10)
    names = [*MODELS, "flat"]
    print(
        f"{games:,} standard games per pairing ({search_games:,} against the search Blackbeard, "
        f"{SEARCH_PLAYOUTS} playouts a decision): log-loss on the true space in nats (lower is "
        "better), and how often the likeliest space is the true one"
    )
    for b in ("random", "smart", "search"):
        for h in ("all", "random", "smart"):
            mine = [x for (hh, bb, x) in scores if bb == b and h in ("all", hh)]
            n = sum(x[0] for x in mine)
            if not n:
                continue
            nats = [sum(x[1 + 2 * k] for x in mine) / n for k in range(len(names))]
            hits = [sum(x[2 + 2 * k] for x in mine) / n for k in range(len(names))]
            who = "every Hunters bot" if h == "all" else f"the {h} Hunters"
            parts = ", ".join(
                f"{m} {v:.3f} nats ({r:.1%})" for m, v, r in zip(names, nats, hits, strict=True)
            )
            beat = [m for m, v in zip(names, nats, strict=True) if m != "flat" and v < nats[-1]]
            print(
                f"  {b:>6} Blackbeard, {who} ({n:,} decisions): {parts}; below the flat "
                f"spread: {', '.join(beat) or 'none'}"
            )


def one_loss(job: tuple[str, str, int]) -> tuple[str, str, tuple[float, ...]]:
    """One bot game's decisions, then for each model and the flat spread its nats and hits."""
    hunters, blackbeard, seed = job
    state = new_game(seed=seed)
    history = play_bots(
        state,
        random.Random(seed),
        hunters=BOTS["hunters"][hunters],
        blackbeard=SearchBot(playouts=SEARCH_PLAYOUTS, seconds=None)
        if blackbeard == "search"
        else BOTS["blackbeard"][blackbeard],
    )
    n, totals = 0, [0.0] * (2 * len(MODELS) + 2)
    for _, steps in history:
        if decider(state) == "hunters" and state.camp is not None:
            view, truth = observation(state, "hunters"), adventure_space(state)
            spreads = [deduce.chances(view, model) for model in MODELS]
            spreads.append({space: 1 / len(spreads[0]) for space in spreads[0]})
            n += 1
            for k, odds in enumerate(spreads):
                best = max(odds.values())
                top = [space for space, p in odds.items() if p == best]
                totals[2 * k] -= math.log(odds[truth])
                totals[2 * k + 1] += (truth in top) / len(top)
        state = steps[-1].state
    return hunters, blackbeard, (n, *totals)


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson's 95% interval for a win rate of `wins` in `games`."""
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


if __name__ == "__main__":
    main()
