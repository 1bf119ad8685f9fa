"""Time exact Encounter odds against a 100,000-run simulation of the same Encounter.

Two full Battles with tiles: the rulebook's "Example: Battle" (Jane alone against
Adventure; Swivel Guns, Lookouts, Cannon, Chain & Grape, Lt Maynard) and a Battle with
both Hunter Sloops and every tile that can apply; and the heaviest Encounter, Capt Brand,
Jane and Ranger together against Adventure with every tile that can apply on both sides
(an Arrest, then a Battle), whose goal is 10 ms or less. For each, under the "best"
policy, the script prints the median time of one exact `odds` call (each call starts from
scratch: the solver's memo of game-tree states lives for one call; only pure dice tables,
such as the chance that n dice beat m dice and the counts of Hits among n dice, are kept
across calls), the time of one simulation, their ratio, and checks that they agree within
4 standard errors. Run inside the project's venv:

    .venv/bin/python benchmarks/encounter.py [--repeats 7] [--trials 100000]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from piratelib.blackbeard.encounter import (
    BLACKBEARD_TILES,
    HUNTER_TILES,
    Encounter,
    odds,
    simulate,
)
from piratelib.dice import standard_error

ADVENTURE = frozenset({"adventure"})
BATTLES = {
    "rulebook Example: Battle": Encounter(
        hunters=frozenset({"jane"}),
        pirates=ADVENTURE,
        blackbeard_tiles=frozenset({"swivel_guns", "lookouts"}),
        hunter_tiles=frozenset({"cannon_jane", "chain_and_grape", "lt_maynard"}),
    ),
    "both Sloops, every tile": Encounter(
        hunters=frozenset({"jane", "ranger"}),
        pirates=ADVENTURE,
        blackbeard_tiles=BLACKBEARD_TILES,
        hunter_tiles=HUNTER_TILES - {"capt_gordon"},  # Capt Gordon needs Brand
    ),
    "Brand, Jane and Ranger, every tile": Encounter(
        hunters=frozenset({"brand", "jane", "ranger"}),
        pirates=ADVENTURE,
        blackbeard_tiles=BLACKBEARD_TILES,
        hunter_tiles=HUNTER_TILES,
    ),
}
GOALS_MS = {"Brand, Jane and Ranger, every tile": 10}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7, help="timed exact calls")
    parser.add_argument("--trials", type=int, default=100_000, help="simulated Encounters")
    args = parser.parse_args()
    print(
        "Each exact call starts from scratch; kept across calls: pure dice tables only "
        "(n dice against m, Hits among n dice)."
    )
    for name, battle in BATTLES.items():
        times = []
        for _ in range(args.repeats):
            start = time.perf_counter()
            exact = odds(battle, escape_policy="best")
            times.append(time.perf_counter() - start)
        start = time.perf_counter()
        seen = simulate(battle, args.trials, random.Random(1718), escape_policy="best")
        simulated = time.perf_counter() - start
        worst = max(
            abs(seen[e] - p) / standard_error(p, args.trials) for e, p in exact.items() if 0 < p < 1
        )
        median = statistics.median(times)
        print(f"{name}:")
        goal = f"   (goal: {GOALS_MS[name]} ms or less)" if name in GOALS_MS else ""
        print(f"  exact odds, median of {args.repeats}: {median * 1000:10.1f} ms{goal}")
        print(f"  {args.trials:,}-run simulation:       {simulated * 1000:10.1f} ms")
        print(f"  simulation / exact:              {simulated / median:10.1f}x")
        print(f"  largest gap: {worst:.2f} standard errors (agree: {worst <= 4})")


if __name__ == "__main__":
    main()
