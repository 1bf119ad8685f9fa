"""What-if questions about one Encounter: the ending in detail (checked against odds exactly
and against seeded real-dice resolutions), what each tile is worth, the setup code and the
share code (setup and each side's Escape-or-Board choice)."""

from __future__ import annotations

import dataclasses
import math
import random
import urllib.parse
from fractions import Fraction

import pytest

from piratelib.blackbeard import encounter_whatif
from piratelib.blackbeard.encounter import (
    BLACKBEARD_TILES,
    HUNTER_PIECES,
    HUNTER_TILES,
    ONCE_PER_TURN,
    PIRATE_PIECES,
    Encounter,
    Ending,
    odds,
    roll_odds,
)
from piratelib.blackbeard.encounter_odds import Solver
from piratelib.blackbeard.encounter_rules import CHANCE_PHASES, start
from piratelib.blackbeard.encounter_steps import _roll
from piratelib.blackbeard.encounter_whatif import (
    COMMON_ESCAPE_POLICY,
    PHASES,
    ending_detail,
    from_setup_code,
    from_share_code,
    setup_code,
    share_code,
    tile_worth,
)
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
    """`count` legal Encounters drawn at random (illegal draws are skipped)."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        hunters = frozenset(p for p in sorted(HUNTER_PIECES) if rng.random() < 0.6)
        try:
            found.append(
                Encounter(
                    hunters=hunters,
                    pirates=frozenset({rng.choice(sorted(PIRATE_PIECES))}),
                    blackbeard_tiles=frozenset(
                        t for t in sorted(BLACKBEARD_TILES) if rng.random() < 0.3
                    ),
                    hunter_tiles=frozenset(t for t in sorted(HUNTER_TILES) if rng.random() < 0.3),
                    crew_to_ordinary=rng.random() < 0.2,
                    warned=rng.random() < 0.3,
                    most_dice_win=rng.random() < 0.2,
                    adventure_can_escape=rng.random() < 0.8,
                    used_this_turn=frozenset(
                        t for t in sorted(ONCE_PER_TURN) if rng.random() < 0.2
                    ),
                )
            )
        except IllegalActionError:
            continue
    return found


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

    The same loop as :func:`~piratelib.blackbeard.encounter_steps.simulate` (real dice
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


@pytest.mark.parametrize("enc", [BATTLE, *CHOSEN[2:5]], ids=setup_code)
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


# setup code ---------------------------------------------------------------------------


def test_setup_code_of_the_issue_example():
    code = "h=jane+ranger;p=adventure;bt=swivel_guns;ht=lt_maynard;w=1"
    enc = from_setup_code(code)
    assert enc == Encounter(
        hunters=frozenset({"jane", "ranger"}),
        pirates=ADVENTURE,
        blackbeard_tiles=frozenset({"swivel_guns"}),
        hunter_tiles=frozenset({"lt_maynard"}),
        warned=True,
    )
    assert setup_code(enc) == code


@pytest.mark.parametrize("enc", CHOSEN + random_setups(400, seed=2026), ids=setup_code)
def test_setup_code_round_trips(enc):
    code = setup_code(enc)
    assert from_setup_code(code) == enc
    assert from_setup_code(f" {code.replace(';', ' ; ')} ;") == enc


def test_full_field_names_are_read_too():
    assert from_setup_code("hunters=brand;pirates=blackbeard;most_dice_win=1") == Encounter(
        hunters=frozenset({"brand"}), pirates=frozenset({"blackbeard"}), most_dice_win=True
    )


def test_a_field_added_later_is_written_and_read(monkeypatch):
    @dataclasses.dataclass(frozen=True)
    class Wider(Encounter):
        maynard_any_roll: bool = True
        reading: str = "rulebook"
        spare_turns: int = 0

    monkeypatch.setattr(encounter_whatif, "Encounter", Wider)
    enc = Wider(
        hunters=frozenset({"jane"}),
        pirates=ADVENTURE,
        maynard_any_roll=False,
        reading="battle_example",
        spare_turns=3,
    )
    code = setup_code(enc)
    assert "maynard_any_roll=0" in code and "reading=battle_example" in code
    assert from_setup_code(code) == enc
    assert from_setup_code("h=jane;p=adventure") == Wider(
        hunters=frozenset({"jane"}), pirates=ADVENTURE
    )


@pytest.mark.parametrize(
    ("code", "message"),
    [
        ("", r"h, p missing; needs h \(hunters\), p \(pirates\)"),
        ("h=jane", r"p missing"),
        ("garbage", r"'garbage' is not key=value"),
        ("h=jane;p=adventure;zz=1", r"unknown key 'zz'; keys: h \(hunters\), p \(pirates\)"),
        ("h=jane;p=adventure;w=yes", r"w \(warned\) must be 1 \(yes\) or 0 \(no\), got 'yes'"),
        ("h=jane;hunters=ranger;p=adventure", r"hunters \(hunters\) is given twice"),
        ("h=Jane!;p=adventure", r"ids joined by '\+'.*got 'Jane!'"),
    ],
)
def test_a_malformed_code_says_what_is_wrong_and_what_is_allowed(code, message):
    with pytest.raises(PiratelibError, match=message):
        from_setup_code(code)


def test_a_code_the_rules_refuse_names_the_rule():
    with pytest.raises(IllegalActionError, match=r"setup code .*cannon_jane needs jane"):
        from_setup_code("h=ranger;p=adventure;ht=cannon_jane")
    with pytest.raises(IllegalActionError, match="unknown Hunter piece 'jnae'"):
        from_setup_code("h=jnae;p=adventure")
    with pytest.raises(PiratelibError, match="a setup code is text"):
        from_setup_code(None)


# share code ---------------------------------------------------------------------------

CHOICES = ("board", "escape", "best")
PER_SIDE = [{"blackbeard": b, "hunters": h} for b in CHOICES for h in CHOICES]


@pytest.mark.parametrize("policy", PER_SIDE)
@pytest.mark.parametrize("enc", CHOSEN + random_setups(60, seed=15), ids=setup_code)
def test_share_code_round_trips_setup_and_each_sides_choice(enc, policy):
    code = share_code(enc, policy)
    assert from_share_code(code) == (enc, policy)
    assert from_share_code(urllib.parse.quote(code, safe="")) == (enc, policy)
    assert code.startswith(setup_code(enc))


def test_share_code_writes_each_side_and_leaves_out_the_common_case():
    jane = Encounter(hunters=frozenset({"jane"}), pirates=ADVENTURE)
    assert share_code(jane) == share_code(jane, COMMON_ESCAPE_POLICY) == "h=jane;p=adventure"
    assert COMMON_ESCAPE_POLICY == {"blackbeard": "escape", "hunters": "board"}
    assert share_code(jane, "board") == "h=jane;p=adventure;e=board/board"
    assert share_code(jane, {"hunters": "best", "blackbeard": "board"}).endswith(";e=board/best")
    assert from_share_code("h=jane;p=adventure") == (jane, COMMON_ESCAPE_POLICY)
    assert from_share_code(" h=jane ; e = best ; p=adventure ")[1] == dict.fromkeys(
        ("blackbeard", "hunters"), "best"
    )


def test_share_code_keeps_the_maynard_reading():
    enc = Encounter(
        hunters=frozenset({"jane"}),
        pirates=ADVENTURE,
        hunter_tiles=frozenset({"lt_maynard"}),
        used_this_turn=frozenset({"lt_maynard"}),
        maynard_reading="escape_or_board",
    )
    code = share_code(enc, "best")
    assert "maynard_reading=escape_or_board" in code and "u=lt_maynard" in code
    assert from_share_code(code) == (enc, {"blackbeard": "best", "hunters": "best"})


@pytest.mark.parametrize(
    ("code", "error", "message"),
    [
        ("h=jane;p=adventure;e=sail", IllegalActionError, r"e must be .*board, escape, best"),
        ("h=jane;p=adventure;e=board/sail", IllegalActionError, r"got 'board/sail'"),
        ("h=jane;p=adventure;e=a/b/c", IllegalActionError, r"Blackbeard's choice/the Hunters'"),
        ("h=jane;p=adventure;e=best;e=board", IllegalActionError, r"e \(escape_policy\) is given"),
        ("h=jane;p=adventure;zz=1", PiratelibError, r"unknown key 'zz'"),
        ("h%3Djane", PiratelibError, r"p missing"),
        ("h=ranger;p=adventure;ht=cannon_jane", IllegalActionError, r"cannon_jane needs jane"),
        (None, PiratelibError, r"a share code is text"),
    ],
)
def test_a_malformed_share_code_says_what_is_wrong_and_what_is_allowed(code, error, message):
    with pytest.raises(error, match=message):
        from_share_code(code)


@pytest.mark.parametrize("policy", ["sail", {"blackbeard": "board"}, lambda w, s: "board"])
def test_a_policy_that_cannot_be_shared_is_refused(policy):
    jane = Encounter(hunters=frozenset({"jane"}), pirates=ADVENTURE)
    with pytest.raises(PiratelibError, match="cannot share escape_policy"):
        share_code(jane, policy)
