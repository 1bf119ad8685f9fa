"""What-if questions about one Encounter: the ending in detail (checked against odds exactly
and against seeded real-dice resolutions), and what each tile is worth."""

from __future__ import annotations

import dataclasses
import math
import random
from fractions import Fraction

import pytest

from piratelib.blackbeard.encounter import (
    BLACKBEARD_TILES,
    HUNTER_TILES,
    Encounter,
    Ending,
    odds,
    random_encounter,
    roll_odds,
)
from piratelib.blackbeard.encounter.rules import CHANCE_PHASES, start
from piratelib.blackbeard.encounter.share import setup_code
from piratelib.blackbeard.encounter.solver import Solver
from piratelib.blackbeard.encounter.stepping import _roll
from piratelib.blackbeard.encounter.whatif import PHASES, ending_detail, tile_worth
from piratelib.errors import IllegalActionError, PiratelibError

ADVENTURE = frozenset({"adventure"})
HEAVY = Encounter(
    hunters=frozenset({"brand", "jane", "ranger"}),
    pirates=ADVENTURE,
    blackbeard_tiles=BLACKBEARD_TILES,
    hunter_tiles=HUNTER_TILES,
)
BATTLE = Encounter(
    hunters=frozenset({"jane", "ranger"}),
    pirates=ADVENTURE,
    blackbeard_tiles=frozenset({"grape", "philip_morton", "lookouts"}),
    hunter_tiles=frozenset({"cannon_jane", "chain_and_grape", "lt_maynard"}),
)
CHOSEN = [
    HEAVY,
    BATTLE,
    Encounter(hunters=frozenset({"jane"}), pirates=ADVENTURE),
    Encounter(
        hunters=frozenset({"brand", "ranger"}),
        pirates=ADVENTURE,
        blackbeard_tiles=frozenset({"grenadoes", "chain_shot", "swivel_guns"}),
        hunter_tiles=frozenset({"extra_hands_ranger", "midshipman_hyde"}),
        adventure_can_escape=False,
        warned=True,
    ),
    Encounter(hunters=frozenset({"brand"}), pirates=frozenset({"israel_hands"})),
    Encounter(
        hunters=frozenset({"jane", "ranger"}),
        pirates=ADVENTURE,
        hunter_tiles=frozenset({"lt_maynard", "midshipman_hyde"}),
        used_this_turn=frozenset({"lt_maynard"}),
        crew_to_ordinary=True,
        most_dice_win=True,
    ),
]


def random_setups(count: int, seed: int) -> list[Encounter]:
    """`count` legal Encounters drawn at random."""
    rng = random.Random(seed)
    return [random_encounter(rng, chance=0.3) for _ in range(count)]


# ending_detail ------------------------------------------------------------------------


@pytest.mark.parametrize("policy", ["best", "board", "escape"])
@pytest.mark.parametrize("enc", CHOSEN + random_setups(20, seed=15), ids=setup_code)
def test_detail_marginals_equal_odds_exactly(enc, policy):
    detail = ending_detail(enc, escape_policy=policy)
    assert detail.endings() == odds(enc, escape_policy=policy)
    assert sum(detail.phases().values()) == 1
    assert sum(detail.hits().values()) == 1
    assert set(detail.phases()) <= set(PHASES)


def test_detail_pins_dice_arithmetic():
    # Brand alone meets Adventure: only Arrest, 2 dice against 1 (Hunters win ties).
    brand = ending_detail(Encounter(hunters=frozenset({"brand"}), pirates=ADVENTURE))
    assert brand.by_phase() == {
        ("arrest", Ending.HUNTERS_WIN): 1 - roll_odds(2, 1),
        ("arrest", Ending.BLACKBEARD_ESCAPES): roll_odds(2, 1),
    }
    # Jane alone: Adventure Fires 2 dice at her; a 6 is a Rigging Hit, a 5 a Crew Hit.
    jane = ending_detail(Encounter(hunters=frozenset({"jane"}), pirates=ADVENTURE))
    on_jane = jane.hits_on("jane")
    assert on_jane[1, 1] == Fraction(2, 36)  # one 6 and one 5, either order
    assert on_jane[1, 0] + on_jane[1, 1] == 1 - Fraction(25, 36)  # at least one 6
    assert jane.phases()["arrest"] == 0


def test_hits_on_a_piece_that_takes_none_says_which_can():
    detail = ending_detail(Encounter(hunters=frozenset({"brand"}), pirates=ADVENTURE))
    with pytest.raises(PiratelibError, match=r"no Hits.*none"):
        detail.hits_on("jane")


def _resolved(enc: Encounter, rng: random.Random, solver: Solver) -> tuple:
    """(phase it ended in, Ending, Hits taken) of one resolution with real dice.

    The same loop as :func:`~piratelib.blackbeard.encounter.stepping.simulate` (real dice
    from `rng`, the solver's choices), keeping every state passed through; the Hits are
    read off those states independently of :func:`ending_detail`'s bookkeeping.
    """
    state, states, phase = start(enc), [], ""
    while state.ending is None:
        phase = state.phase
        if phase in CHANCE_PHASES:
            state = _roll(enc, state, rng, explain=False)[0]
        else:
            state = solver.choose(state)[1]
        states.append(state)
    hits = tuple(
        (s, int(any(s in x.rigged for x in states)), int(any(s in x.crewed for x in states)))
        for s in enc.sloops
    )
    if enc.pirate == "adventure" and enc.sloops:
        rigging = max(x.adventure_rigging for x in states)
        hits += (("adventure", rigging, max(x.adventure_crew for x in states)),)
    return phase.split(":")[0], state.ending, hits


@pytest.mark.parametrize("enc", [HEAVY, BATTLE], ids=setup_code)
def test_detail_agrees_with_seeded_resolutions(enc):
    n, rng = 20_000, random.Random(15)
    detail = ending_detail(enc, escape_policy="best")
    solver = Solver(enc, "best")
    runs = [_resolved(enc, rng, solver) for _ in range(n)]
    exact = {
        **{("phase", k[0], k[1]): p for k, p in detail.by_phase().items()},
        **{
            ("hits", piece, rc): p
            for piece in [*enc.sloops, "adventure"]
            for rc, p in detail.hits_on(piece).items()
        },
    }
    seen = dict.fromkeys(exact, 0)
    for phase, ending, hits in runs:
        seen["phase", phase, ending] += 1  # a KeyError here is an outcome the detail missed
        for piece, rigging, crew in hits:
            seen["hits", piece, (rigging, crew)] += 1
    for key, p in exact.items():
        error = 4 * math.sqrt(float(p * (1 - p)) / n)
        assert abs(seen[key] / n - float(p)) <= error + 1e-12, key


# tile_worth ---------------------------------------------------------------------------


CALCULATOR_HEAVY = dataclasses.replace(HEAVY, blackbeard_tiles=BLACKBEARD_TILES - {"grape"})
"""The calculator's heaviest tile-worth table (benchmarks/calculator_browser.py)."""


@pytest.mark.parametrize("enc", [BATTLE, *CHOSEN[2:5], CALCULATOR_HEAVY], ids=setup_code)
def test_tile_worth_records_every_tile_once_with_exact_changes(enc):
    base = odds(enc, escape_policy="best")
    worth = tile_worth(enc)
    assert sorted(w.tile for w in worth) == sorted(BLACKBEARD_TILES | HUNTER_TILES)
    declared = enc.blackbeard_tiles | enc.hunter_tiles
    for w in worth:
        assert w.change == ("removed" if w.tile in declared else "added")
        assert w.side == ("blackbeard" if w.tile in BLACKBEARD_TILES else "hunters")
        field = "blackbeard_tiles" if w.side == "blackbeard" else "hunter_tiles"
        if w.deltas is None:
            with pytest.raises(IllegalActionError) as refused:
                dataclasses.replace(enc, **{field: getattr(enc, field) ^ {w.tile}})
            assert w.reason == str(refused.value)
            continue
        other = dataclasses.replace(enc, **{field: getattr(enc, field) ^ {w.tile}})
        new = odds(other, escape_policy="best")
        assert w.deltas == {e: new[e] - base[e] for e in Ending}
        assert sum(w.deltas.values()) == 0
    changes = [w.deltas[Ending.HUNTERS_WIN] for w in worth if w.deltas is not None]
    assert changes == sorted(changes, reverse=True)
    refused_at = [i for i, w in enumerate(worth) if w.deltas is None]
    assert refused_at == list(range(len(changes), len(worth)))  # refusals come last


def test_removing_a_tile_another_needs_is_refused_with_the_reason():
    enc = Encounter(
        hunters=frozenset({"jane"}),
        pirates=ADVENTURE,
        hunter_tiles=frozenset({"cannon_jane", "chain_and_grape"}),
    )
    cannon = next(w for w in tile_worth(enc) if w.tile == "cannon_jane")
    assert (cannon.change, cannon.deltas, cannon.name) == ("removed", None, "Cannon (Jane)")
    assert "chain_and_grape needs a Battle and Cannon" in cannon.reason


def test_a_tile_that_helps_the_hunters_sorts_above_one_that_helps_blackbeard():
    worth = tile_worth(Encounter(hunters=frozenset({"jane"}), pirates=ADVENTURE))
    order = [w.tile for w in worth]
    assert order.index("extra_hands_jane") < order.index("swivel_guns")
    gordon = next(w for w in worth if w.tile == "capt_gordon")
    assert gordon.deltas is None and "brand" in gordon.reason
