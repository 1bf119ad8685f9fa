"""Time exact Encounter odds against a 100,000-run simulation of the same Encounter.

Two full Battles with tiles: the rulebook's "Example: Battle" (Jane alone against
Adventure; Swivel Guns, Lookouts, Cannon, Chain & Grape, Lt Maynard) and a Battle with
both Hunter Sloops and every tile that can apply; and the heaviest Encounter, Capt Brand,
Jane and Ranger together against Adventure with every tile that can apply on both sides
(an Arrest, then a Battle). For each, under the "best" policy, the script prints the
median time of one exact `odds` call (each call starts from scratch: the solver's memo of
game-tree states lives for one call; only pure dice tables, such as the chance that n dice
beat m dice and the counts of Hits among n dice, are kept across calls), the time of one
simulation, their ratio, and checks that they agree within 4 standard errors.

Then it sweeps legal setups for the heaviest `odds` call, whose goal is 10 ms or less on
one core: every pieces x Escape-or-Board policy (each named one, and each side its own) x
Maynard reading with every tile that can apply; every subset of one side's tiles with all
of the other side's (fewer tiles can mean more branches); and a seeded random sample of
all the rest (tiles, options, once-per-turn tiles already used). Each setup is timed
once, the 50 slowest once more (the quicker time kept: noise only adds), the 5 slowest of
those again, median of --repeats; the slowest is printed in words. Run inside the project's venv:

    .venv/bin/python benchmarks/encounter.py [--repeats 7] [--trials 100000] [--sample 2000]
        [--no-subsets]
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import time

from piratelib.blackbeard.encounter import (
    BLACKBEARD_TILES,
    HUNTER_PIECES,
    HUNTER_TILES,
    ONCE_PER_TURN,
    PIECE_NAMES,
    PIRATE_PIECES,
    POLICIES,
    TILE_NAMES,
    Encounter,
    odds,
    simulate,
)
from piratelib.blackbeard.encounter.record import MAYNARD_READINGS
from piratelib.dice import standard_error
from piratelib.errors import IllegalActionError

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
GOAL_MS = 10
"""The heaviest legal Encounter's `odds` call, median, on one core."""
SWEEP_POLICIES = [*POLICIES] + [
    {"blackbeard": b, "hunters": h} for b, h in itertools.product(POLICIES, POLICIES) if b != h
]
"""Every Escape-or-Board policy: each named one, and each side its own (a mapping naming
one policy twice is that policy)."""
OPTIONS = ("crew_to_ordinary", "warned", "most_dice_win", "adventure_can_escape")
HUNTER_SETS = [
    frozenset(c) for n in (1, 2, 3) for c in itertools.combinations(sorted(HUNTER_PIECES), n)
]


def legal(**setup) -> Encounter | None:
    """The Encounter of `setup`, or None if the rules refuse it."""
    try:
        return Encounter(**setup)
    except IllegalActionError:
        return None


def every_tile(hunters: frozenset, pirate: str) -> tuple[frozenset, frozenset]:
    """Every tile each side can declare in this meeting (Cannon before Chain & Grape)."""
    held: frozenset[str] = frozenset()
    for tile in sorted(BLACKBEARD_TILES | HUNTER_TILES):
        more = held | {tile}
        if legal(
            hunters=hunters,
            pirates=frozenset({pirate}),
            blackbeard_tiles=more & BLACKBEARD_TILES,
            hunter_tiles=more & HUNTER_TILES,
        ):
            held = more
    return held & BLACKBEARD_TILES, held & HUNTER_TILES


def sweep_setups(
    sample: int, rng: random.Random, subsets: bool = True
) -> dict[str, list[tuple[Encounter, object]]]:
    """Legal (Encounter, policy) pairs, in three parts: every pieces x policy x Maynard
    reading with every tile that can apply; with `subsets`, every subset of one side's tiles
    with every tile of the other's, under "best", each Maynard reading (fewer tiles can mean
    more branches: without Extra Hands, Lt Maynard and Midshipman Hyde can still join
    Boarding); then `sample` random ones of everything else (seeded)."""
    meetings = [(h, p) for h in HUNTER_SETS for p in sorted(PIRATE_PIECES)]
    tiles = {m: every_tile(*m) for m in meetings}
    parts: dict[str, list[tuple[Encounter, object]]] = {"every tile": [], "tile subsets": []}
    for (h, p), policy, r in itertools.product(meetings, SWEEP_POLICIES, MAYNARD_READINGS):
        encounter = Encounter(
            hunters=h,
            pirates=frozenset({p}),
            blackbeard_tiles=tiles[h, p][0],
            hunter_tiles=tiles[h, p][1],
            maynard_reading=r,
        )
        parts["every tile"].append((encounter, policy))
    seen = {e for e, p in parts["every tile"] if p == "best"}
    for (h, p), r in itertools.product(meetings if subsets else [], MAYNARD_READINGS):
        bb, ht = tiles[h, p]
        for side, every in ((bb, ht), (ht, bb)):
            for n in range(len(side) + 1):
                for some in itertools.combinations(sorted(side), n):
                    mine = frozenset(some) | every
                    encounter = legal(
                        hunters=h,
                        pirates=frozenset({p}),
                        blackbeard_tiles=mine & BLACKBEARD_TILES,
                        hunter_tiles=mine & HUNTER_TILES,
                        maynard_reading=r,
                    )
                    if encounter is not None and encounter not in seen:
                        seen.add(encounter)
                        parts["tile subsets"].append((encounter, "best"))
    parts["random"] = []
    while len(parts["random"]) < sample:
        hunters, pirate = rng.choice(meetings)
        bb, ht = tiles[hunters, pirate]
        encounter = legal(
            hunters=hunters,
            pirates=frozenset({pirate}),
            blackbeard_tiles=frozenset(t for t in sorted(bb) if rng.random() < 0.5),
            hunter_tiles=frozenset(t for t in sorted(ht) if rng.random() < 0.5),
            used_this_turn=frozenset(t for t in sorted(ONCE_PER_TURN) if rng.random() < 0.25),
            maynard_reading=rng.choice(MAYNARD_READINGS),
            **{o: rng.random() < (0.75 if o == "adventure_can_escape" else 0.25) for o in OPTIONS},
        )
        if encounter is not None:
            parts["random"].append((encounter, rng.choice(SWEEP_POLICIES)))
    return parts


def in_words(encounter: Encounter, policy: object) -> str:
    """A setup as a player would say it."""
    names = [PIECE_NAMES[p] for p in sorted(encounter.hunters)]
    tiles = sorted(TILE_NAMES[t] for t in encounter.blackbeard_tiles | encounter.hunter_tiles)
    options = [
        text
        for on, text in (
            (encounter.crew_to_ordinary, "Crew to Ordinary"),
            (encounter.warned, "Blackbeard warned (wins tied rolls)"),
            (encounter.most_dice_win, "most dice win"),
            (not encounter.adventure_can_escape, "Adventure has nowhere to Escape"),
        )
        if on
    ]
    if encounter.used_this_turn:
        used = ", ".join(sorted(TILE_NAMES[t] for t in encounter.used_this_turn))
        options.append(f"already used this turn: {used}")
    reading = (
        "Lt Maynard and Midshipman Hyde may join any roll, Fire included"
        if encounter.maynard_reading == "any_roll"
        else "Lt Maynard and Midshipman Hyde join Escape or Boarding only (assumed)"
    )
    if isinstance(policy, dict):
        choice = f"Blackbeard {policy['blackbeard']}, the Hunters {policy['hunters']}"
    else:
        choice = f"{policy} for both sides"
    return (
        f"{', '.join(names)} against {PIECE_NAMES[encounter.pirate]}; tiles: "
        f"{', '.join(tiles) or 'none'}; options: {'; '.join(options) or 'none'}; {reading}; "
        f"Escape or Board: {choice}"
    )


def median_ms(encounter: Encounter, policy: object, repeats: int) -> float:
    """The median time of one exact `odds` call, in milliseconds."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        odds(encounter, escape_policy=policy)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def sweep(sample: int, repeats: int, subsets: bool) -> None:
    """Time every setup of the sweep once, the 50 slowest once more (the quicker of two
    times: a noisy machine only ever adds time), the 5 slowest of those with the median of
    `repeats`, and print the slowest."""
    parts = sweep_setups(sample, random.Random(15), subsets)
    setups = [setup for part in parts.values() for setup in part]
    once = sorted(((median_ms(e, p, 1), i) for i, (e, p) in enumerate(setups)), reverse=True)
    twice = sorted(((min(t, median_ms(*setups[i], 1)), i) for t, i in once[:50]), reverse=True)
    again = sorted(((median_ms(*setups[i], repeats), i) for _, i in twice[:5]), reverse=True)
    worst, index = again[0]
    counted = ", ".join(f"{len(part):,} {name}" for name, part in parts.items() if part)
    print(
        f"Sweep: {len(setups):,} legal setups timed once ({counted}); the 50 slowest twice, "
        f"the 5 slowest of those {repeats} times."
    )
    print(f"  heaviest: {in_words(*setups[index])}")
    print(f"  exact odds, median of {repeats}: {worst:10.1f} ms   (goal: {GOAL_MS} ms or less)")
    print(f"  median of one call over the sweep: {once[len(once) // 2][0]:.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7, help="timed exact calls")
    parser.add_argument("--trials", type=int, default=100_000, help="simulated Encounters")
    parser.add_argument("--sample", type=int, default=2000, help="random setups swept")
    parser.add_argument(
        "--subsets",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="sweep every subset of one side's tiles with all of the other's",
    )
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
        print(f"  exact odds, median of {args.repeats}: {median * 1000:10.1f} ms")
        print(f"  {args.trials:,}-run simulation:       {simulated * 1000:10.1f} ms")
        print(f"  simulation / exact:              {simulated / median:10.1f}x")
        print(f"  largest gap: {worst:.2f} standard errors (agree: {worst <= 4})")
    sweep(args.sample, args.repeats, args.subsets)


if __name__ == "__main__":
    main()
