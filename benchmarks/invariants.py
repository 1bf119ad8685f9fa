"""Random legal play of each game keeps the game's invariants (issue 16): many seeded games
of Black Flag!, Dread Pirate and Hunt for Blackbeard, checked after every action.

Checked after every action (every Step's state for Black Flag! and Dread Pirate):

- Black Flag!: Barrels never negative, none without a Ship; Doubloon tokens conserved; the
  Chest on the track and the Flags between their floor and their start; the 72 playing
  cards and 14 Ship cards conserved, no card twice; Treasure Chest and Barrels on the
  table within the box's counts.
- Dread Pirate: Ships on water, never two on a square; 40 Gold and 15 Gems a colour between
  the bank and the Pirates, no purse negative; at most 2 uncompleted Missions each; the 50
  Mission and 50 Action cards conserved, no card twice; at most one Dread Pirate flag.
- Hunt for Blackbeard: 24 blocks on the 24 slots, one Adventure block once the Camp is set;
  20 gold, 15 black cubes and 12 Loot conserved, the Purse never negative; the turn
  within 1-4; Hunter pawns within 0-7.
- All: ``legal_actions`` is empty exactly when the game has a winner, every applied action
  was among ``legal_actions``, and the state stays hashable.

The checks live here, not in the library (the game packages have no ``invariants(state)``
yet; the test suites keep their own, stronger per-test ones). Run inside the venv:

    .venv/bin/python benchmarks/invariants.py [--games 10000] [--seed 0] [--game all]
        [--workers N]

With the defaults it plays 10,000 games of each game; Dread Pirate games stop after 400
actions when nobody has won (most random ones), and the count of games played to the end
is printed beside the total.
"""

from __future__ import annotations

import argparse
import os
import random
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor

from piratelib.blackbeard import game as bb
from piratelib.blackbeard.game.hunters import HUNTER_PAWNS
from piratelib.blackbeard.game.state import ADVENTURE_BLOCKS, slots
from piratelib.blackbeard.piracy.tiles import load_tiles
from piratelib.blackflag import game as bf
from piratelib.blackflag.data import load_blackflag, setup_for
from piratelib.dreadpirate import game as dp
from piratelib.dreadpirate.data import load_dreadpirate

BF = load_blackflag()
DP = load_dreadpirate()
TILES = load_tiles()


def blackflag_state(state, players: int) -> None:
    """Black Flag!'s invariants of one state."""
    assert all(p.barrels >= 0 for p in state.players), "negative Barrels"
    assert all(p.barrels == 0 for p in state.players if p.ship is None), "Barrels, no Ship"
    assert state.doubloon_tokens() == BF.components["doubloons"], "Doubloons not conserved"
    assert min(state.hourglass, state.reserve) >= 0, "negative Hourglass or reserve"
    last = BF.track["spaces_per_side"]
    assert -last <= state.chest <= last, "Chest off the track"
    floor = BF.rules["end_of_deck"]["flag_floor"]
    assert floor <= state.flags <= setup_for(players)["flags"], "Flags out of range"
    cards = [*state.deck, *state.discard]
    for p in state.players:
        cards += [*p.hand, *p.equipment]
    assert len(cards) == len(set(cards)) == BF.components["playing_cards"], "cards lost"
    ships = [p.ship for p in state.players if p.ship] + [*state.ship_row, *state.ship_deck]
    assert len(ships) == BF.components["ship_cards"], "Ship cards lost"


def dreadpirate_state(state, graph) -> None:
    """Dread Pirate's invariants of one state."""
    squares = [p.square for p in state.players]
    assert len(set(squares)) == len(squares), "two Ships on a square"
    assert all(square in graph for square in squares), "a Ship off the water"
    total = state.treasure()
    assert total.gold == DP.components["gold"], "Gold not conserved"
    assert all(total.gem(c) == DP.gems["per_colour"] for c in DP.colours), "Gems not conserved"
    for holder in (state.bank, *(p.purse for p in state.players)):
        assert holder.gold >= 0 and all(n >= 0 for _, n in holder.gems), "negative purse"
    assert all(len(p.missions) <= DP.setup["max_uncompleted"] for p in state.players)
    missions = [*state.mission_deck, *state.mission_discard]
    actions = [*state.action_deck, *state.action_discard]
    for p in state.players:
        missions += [*(h.card for h in p.missions), *p.kept]
        actions += p.hand
    assert len(missions) == len(set(missions)) == 50, "Mission cards lost or doubled"
    assert len(actions) == len(set(actions)) == 50, "Action cards lost or doubled"
    assert state.dread_pirate in (None, *state.names), "a second Flag"


def blackbeard_state(state) -> None:
    """Hunt for Blackbeard's invariants of one state."""
    assert [s for s, _ in state.blocks] == list(slots()), "blocks off their slots"
    kinds = Counter(b for _, b in state.blocks)
    if state.camp is not None:
        assert sum(kinds[b] for b in ADVENTURE_BLOCKS) == 1, "not one Adventure block"
    mat = state.mat
    gold = sum(n for t, n in mat.cubes if TILES.piracy[t]["cubes"] == "gold")
    black = sum(n for t, n in mat.cubes if TILES.piracy[t]["cubes"] == "black")
    paid = sum(n for _, n in mat.defenses)
    assert mat.purse + mat.spare_gold + gold + paid == 20, "gold not conserved"
    assert mat.spare_black + black == 15, "black cubes not conserved"
    assert len(mat.taken_loot) + len(mat.loot_pool) == 12, "Loot not conserved"
    assert min(mat.purse, mat.spare_gold, mat.spare_black) >= 0, "negative Purse"
    assert 1 <= state.turn <= 4, "turn out of range"
    assert 0 <= state.hunter_pawns <= HUNTER_PAWNS, "Hunter pawns out of range"


def play_blackflag(seed: int) -> int:
    rng = random.Random(seed)
    players = rng.randint(4, 8)
    state = bf.new_game([f"P{i}" for i in range(players)], seed=seed)
    blackflag_state(state, players)
    n = 0
    while state.outcome is None:
        legal = bf.legal_actions(state)
        assert legal, "no legal action before the game ends"
        for step in bf.resolve(state, action := rng.choice(legal)):
            blackflag_state(step.state, players)
        state = bf.apply(state, action)
        hash(state)
        n += 1
    assert not bf.legal_actions(state), "legal actions after the end"
    return n


DREAD_PIRATE_CAP = 400
"""Actions after which a random Dread Pirate game is stopped (random Ships wander: few
random games reach a win; the invariants are checked all the same)."""


def play_dreadpirate(seed: int, cap: int = DREAD_PIRATE_CAP) -> int:
    rng = random.Random(seed)
    names = ["Ann", "Bo", "Cy", "Di"][: rng.randint(2, 4)]
    state = dp.new_game(names, seed=seed)
    graph = dp.sea_graph(state.diagonal)
    dreadpirate_state(state, graph)
    for n in range(cap):
        legal = dp.legal_actions(state)
        if state.outcome is not None:
            assert not legal, "legal actions after the end"
            return -n  # ended (negative: see _run)
        assert legal, "no legal action before the game ends"
        action = rng.choice(legal)
        steps = dp.resolve(state, action, random.Random(seed * 7919 + n))
        for step in steps:
            dreadpirate_state(step.state, graph)
        state = steps[-1].state
        hash(state)
    return cap


def play_blackbeard(seed: int) -> int:
    rng = random.Random(seed)
    state = bb.new_game(seed=seed, advanced=seed % 4 == 0)
    blackbeard_state(state)
    n = 0
    while bb.winner(state) is None:
        legal = bb.legal_actions(state)
        assert legal, "no legal action before the game ends"
        state = bb.apply(state, rng.choice(legal), rng)
        blackbeard_state(state)
        hash(state)
        n += 1
    assert not bb.legal_actions(state), "legal actions after the end"
    return n


GAMES: dict[str, Callable[[int], int]] = {
    "Black Flag!": play_blackflag,
    "Dread Pirate": play_dreadpirate,
    "Hunt for Blackbeard": play_blackbeard,
}


def _run(job: tuple[str, int, int]) -> tuple[int, int, str]:
    """Play games `first` to `first + count - 1` of `name`: (actions, games ended, error)."""
    name, first, count = job
    actions = ended = 0
    for seed in range(first, first + count):
        try:
            n = GAMES[name](seed)
        except AssertionError as error:
            return actions, ended, f"seed {seed}: invariant broken: {error}"
        actions += abs(n)
        ended += n <= 0 or name != "Dread Pirate"
    return actions, ended, ""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="games of each game")
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    parser.add_argument("--game", default="all", choices=["all", *GAMES])
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="processes")
    args = parser.parse_args()
    for name in GAMES:
        if args.game not in ("all", name):
            continue
        start = time.perf_counter()
        chunk = max(1, args.games // (8 * args.workers))
        jobs = [
            (name, first, min(chunk, args.seed + args.games - first))
            for first in range(args.seed, args.seed + args.games, chunk)
        ]
        with ProcessPoolExecutor(args.workers) as pool:
            results = list(pool.map(_run, jobs))
        errors = [error for _, _, error in results if error]
        if errors:
            raise SystemExit(f"{name}: {errors[0]}")
        actions = sum(r[0] for r in results)
        ended = sum(r[1] for r in results)
        elapsed = time.perf_counter() - start
        print(
            f"{name}: {args.games:,} random games ({ended:,} played to the end), {actions:,}"
            f" actions, every invariant held after each ({elapsed:.1f} s on"
            f" {args.workers} processes)"
        )


if __name__ == "__main__":
    main()
