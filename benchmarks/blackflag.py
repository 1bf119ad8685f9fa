"""Time Black Flag!'s exact odds of responding to the Flying Deutchmann against a simulation,
and random legal play against the game's own invariants.

For hands of 1 to 7 cards from the 72-card teaching deck, the script prints the median time
of one exact `respond_chance` call (it keeps no cache), the time of a seeded
simulation of the same question, their ratio, and checks that they agree within 4 standard
errors. Then it plays seeded random games to the end and prints the median time per
action. Run inside the project's venv:

    .venv/bin/python benchmarks/blackflag.py [--repeats 7] [--trials 100000] [--games 20]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from piratelib.blackflag.game import new_game, playout
from piratelib.blackflag.odds import respond_chance, sample_respond
from piratelib.blackflag.state import teaching_deck
from piratelib.dice import standard_error


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7, help="timed exact calls")
    parser.add_argument("--trials", type=int, default=100_000, help="simulated reveals")
    parser.add_argument("--games", type=int, default=20, help="random games played")
    args = parser.parse_args()
    deck = teaching_deck()
    exact_times, ratios = [], []
    for hand in range(1, 8):
        times = []
        for _ in range(args.repeats):
            start = time.perf_counter()
            exact = respond_chance(hand, deck)
            times.append(time.perf_counter() - start)
        rng = random.Random(hand)
        start = time.perf_counter()
        hits = sum(sample_respond(hand, rng, deck) for _ in range(args.trials))
        simulated = time.perf_counter() - start
        rate = hits / args.trials
        error = standard_error(exact, args.trials)
        agree = abs(rate - exact) <= 4 * error
        median = statistics.median(times)
        exact_times.append(median)
        ratios.append(simulated / median)
        print(
            f"hand of {hand}: exact {float(exact):.4f} in {median * 1e6:.1f} µs; "
            f"{args.trials:,}-reveal simulation {rate:.4f} in {simulated:.2f} s; "
            f"simulation / exact: {simulated / median:,.0f}x; "
            f"{'agree' if agree else 'DISAGREE'} within 4 SE"
        )
        if not agree:
            raise SystemExit("the exact odds and the simulation disagree")
    print(f"median simulation / exact over hands 1-7: {statistics.median(ratios):,.0f}x")
    per_action, actions, endings = [], 0, {}
    for seed in range(args.games):
        players = 4 + seed % 5
        state = new_game([f"P{i}" for i in range(players)], seed=seed)
        start = time.perf_counter()
        history = playout(state, random.Random(seed))
        elapsed = time.perf_counter() - start
        per_action.append(elapsed / len(history))
        actions += len(history)
        end = history[-1][1][-1].state.outcome.termination.value
        endings[end] = endings.get(end, 0) + 1
    print(
        f"{args.games} random games, {actions:,} actions: median "
        f"{statistics.median(per_action) * 1e6:.0f} µs per action; endings {endings}"
    )


if __name__ == "__main__":
    main()
