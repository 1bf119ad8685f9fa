"""Encounters: the rulebook's worked examples, step-through, simulation and bad input.

The comparison with an independent brute-force enumeration is in test_encounter_oracle.py.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from piratelib.blackbeard.encounter import Encounter, Ending, odds, resolve, roll_odds, simulate
from piratelib.dice import ScriptedRolls, standard_error
from piratelib.errors import IllegalActionError

ADVENTURE = frozenset({"adventure"})
FISH_TOWN = Encounter(
    hunters=frozenset({"brand"}),
    pirates=ADVENTURE,
    blackbeard_tiles=frozenset({"lookouts"}),
    hunter_tiles=frozenset({"capt_gordon"}),
)
BATTLE = Encounter(
    hunters=frozenset({"jane"}),
    pirates=ADVENTURE,
    blackbeard_tiles=frozenset({"swivel_guns", "lookouts"}),
    hunter_tiles=frozenset({"cannon_jane", "chain_and_grape", "lt_maynard"}),
)
# The rulebook's "Example: Battle" choices: the Hunters put "one Rigging and one Crew Hit on
# Adventure"; "Blackbeard declares Lookouts"; "The Hunters counter with Lt Maynard"; "They
# press the attack and Board!"; "Boarding. No one declares any tiles."
BATTLE_CHOICES = {
    "split:hunters": "1 of the 3-4 Hits Rigging",
    "escape:blackbeard": "Lookouts",
    "escape:hunters": "Maynard",
    "escape:choice": "Board",
    "boarding:hunters": "no once-per-turn tile",
}


def test_roll_odds_known_values():
    assert roll_odds(3, 2) == Fraction(3667, 7776)  # ties to the Hunters
    assert roll_odds(1, 1) == Fraction(5, 12)
    assert roll_odds(1, 1, warned=True) == Fraction(7, 12)
    assert roll_odds(0, 0) == 0 and roll_odds(0, 0, warned=True) == 1
    assert roll_odds(3, 4, most_dice_win=True) == 0
    assert roll_odds(2, 2, most_dice_win=True) == roll_odds(2, 2)


def test_example_arrest_and_escape_at_fish_town():
    # "Blackbeard gets 3 dice for Adventure plus Lookouts. The Hunters would get 1 die for
    # Brand, but Capt Gordon changes that to 4 dice total." Blackbeard's high die wins and
    # "the pirate Escapes the Arrest attempt! Adventure must Sail adjacent".
    steps = resolve(
        FISH_TOWN, ScriptedRolls([6, 2, 1, 5, 5, 3, 1]), decisions={"arrest:blackbeard": "Lookouts"}
    )
    roll = next(s for s in steps if s.phase == "arrest:roll")
    assert "Blackbeard rolls 3 dice (Adventure 2, Lookouts +1)" in roll.text
    assert "the Hunters' 4 (Capt Gordon 4)" in roll.text
    assert "6, 2, 1 against 5, 5, 3, 1" in roll.text
    assert steps[-1].state.ending is Ending.BLACKBEARD_ESCAPES
    assert "only Brand is there, Adventure must Escape" in steps[-1].rule
    assert odds(FISH_TOWN) == {
        Ending.HUNTERS_WIN: 1 - roll_odds(3, 4),
        Ending.BLACKBEARD_WINS: 0,
        Ending.BLACKBEARD_ESCAPES: roll_odds(3, 4),
        Ending.HUNTERS_ESCAPE: 0,
        Ending.ISRAEL_HANDS_ARRESTED: 0,
    }
    # "If playing with the "most dice win" option, the Hunters' 4 dice would beat
    # Blackbeard's 3 dice: they would Arrest the pirate and win the game!"
    most = Encounter(**{**FISH_TOWN.__dict__, "most_dice_win": True})
    assert odds(most)[Ending.HUNTERS_WIN] == 1


def test_example_battle_step_by_step():
    # "Adventure Fires with 3 dice, rolling two misses and a Rigging Hit on Jane. The
    # Hunters roll 2 dice: both show Rigging or Crew Hits with Chain & Grape" ... "Adventure
    # rolls two dice to Jane's one. The Hunters get lucky with a 6" ... "each player will
    # roll a single die" ... "the Hunters hold the edge by winning on a tied roll."
    faces = [1, 2, 6, 3, 4, 2, 5, 6, 4, 4]
    steps = resolve(BATTLE, ScriptedRolls(faces), decisions=BATTLE_CHOICES)
    text = {s.phase: s.text for s in steps}
    assert (
        "Adventure Fires 3 dice (Adventure 2, Swivel Guns +1): 1, 2, 6" in text["fire:blackbeard"]
    )
    assert text["assign:blackbeard"] == "Blackbeard places a Rigging Hit on Jane"
    assert "Jane Fires 2 dice (Jane 1, Cannon +1): 3, 4" in text["fire:hunters"]
    assert "2 Hits of either type" in text["fire:hunters"]
    assert (
        "Blackbeard rolls 2 dice (Adventure 2, Rigging Hits -1, Lookouts +1)" in text["escape:roll"]
    )
    assert "the Hunters' 1 (Jane 0, Lt Maynard +1)" in text["escape:roll"]
    assert "Blackbeard rolls 1 dice (Adventure 2, Crew Hits -1)" in text["boarding:roll"]
    assert "the Hunters' 1 (Jane 1)" in text["boarding:roll"]
    assert "a tie, which goes to the Hunters" in text["boarding:roll"]
    assert steps[-1].state.ending is Ending.HUNTERS_WIN
    hit = next(s for s in steps if s.phase == "split:hunters").state
    assert (hit.adventure_rigging, hit.adventure_crew, hit.rigged) == (1, 1, {"jane"})
    assert all(step.rule for step in steps)


def test_steps_carry_the_state_after_them():
    steps = resolve(BATTLE, random.Random(3))
    assert steps[0].phase == "declare" and steps[-1].phase == "end"
    assert all(step.state.ending is None for step in steps[:-2])
    assert steps[-1].state.ending is not None


@pytest.mark.parametrize("policy", ["board", "escape", "best"])
def test_odds_are_a_distribution(policy):
    result = odds(BATTLE, escape_policy=policy)
    assert set(result) == set(Ending) and sum(result.values()) == 1
    assert all(type(p) is Fraction for p in result.values())


def test_policies_differ_as_documented():
    board, escape, best = (odds(BATTLE, escape_policy=p) for p in ("board", "escape", "best"))
    assert board[Ending.BLACKBEARD_ESCAPES] == board[Ending.HUNTERS_ESCAPE] == 0
    assert escape[Ending.BLACKBEARD_WINS] == escape[Ending.HUNTERS_WIN] == 0
    # "best" never does worse for either side than the fixed policies when it decides.
    assert best[Ending.HUNTERS_WIN] >= min(board[Ending.HUNTERS_WIN], escape[Ending.HUNTERS_WIN])


def test_hammer_and_anvil_forbids_the_hunters_escape():
    enc = Encounter(hunters=frozenset({"brand", "jane"}), pirates=ADVENTURE)
    assert odds(enc, escape_policy="escape")[Ending.HUNTERS_ESCAPE] == 0


def test_adventure_that_cannot_escape_brand_is_taken():
    enc = Encounter(hunters=frozenset({"brand"}), pirates=ADVENTURE, adventure_can_escape=False)
    assert odds(enc)[Ending.HUNTERS_WIN] == 1


def test_israel_hands_and_blackbeard_alone():
    hands = odds(Encounter(hunters=frozenset({"brand"}), pirates=frozenset({"israel_hands"})))
    assert hands[Ending.ISRAEL_HANDS_ARRESTED] == 1 - roll_odds(2, 1)
    assert hands[Ending.BLACKBEARD_ESCAPES] == roll_odds(2, 1)
    alone = odds(Encounter(hunters=frozenset({"jane"}), pirates=frozenset({"blackbeard"})))
    assert alone[Ending.HUNTERS_WIN] == 1 - roll_odds(2, 1)


def test_once_per_turn_tiles_already_used():
    fresh = odds(FISH_TOWN)[Ending.BLACKBEARD_ESCAPES]
    used = Encounter(**{**FISH_TOWN.__dict__, "used_this_turn": frozenset({"lookouts"})})
    assert odds(used)[Ending.BLACKBEARD_ESCAPES] == roll_odds(2, 4) < fresh


def test_a_callable_policy_is_held_to_the_rules():
    def always_escape(winner, state):
        return "escape"

    enc = Encounter(hunters=frozenset({"brand", "jane"}), pirates=ADVENTURE)
    with pytest.raises(IllegalActionError, match="Hammer & Anvil"):
        odds(enc, escape_policy=always_escape)
    assert odds(BATTLE, escape_policy=always_escape) == odds(BATTLE, escape_policy="escape")


SIMULATED = [
    (Encounter(hunters=frozenset({"jane"}), pirates=ADVENTURE), "board"),
    (BATTLE, "best"),
    (FISH_TOWN, "board"),
    (
        Encounter(
            hunters=frozenset({"jane", "ranger"}),
            pirates=ADVENTURE,
            blackbeard_tiles=frozenset({"philip_morton", "chain_shot"}),
        ),
        "best",
    ),
    (
        Encounter(
            hunters=frozenset({"jane", "ranger"}),
            pirates=ADVENTURE,
            blackbeard_tiles=frozenset({"chain_shot", "grape", "grenadoes"}),
            hunter_tiles=frozenset({"extra_hands_jane", "midshipman_hyde"}),
        ),
        "escape",
    ),
    (
        Encounter(
            hunters=frozenset({"ranger"}),
            pirates=ADVENTURE,
            crew_to_ordinary=True,
            hunter_tiles=frozenset({"cannon_ranger", "chain_and_grape", "extra_hands_ranger"}),
            warned=True,
        ),
        "board",
    ),
    (
        Encounter(
            hunters=frozenset({"brand", "jane"}),
            pirates=ADVENTURE,
            hunter_tiles=frozenset({"lt_maynard"}),
            blackbeard_tiles=frozenset({"lookouts"}),
        ),
        "best",
    ),
    (
        Encounter(
            hunters=frozenset({"brand"}),
            pirates=frozenset({"israel_hands"}),
            hunter_tiles=frozenset({"capt_gordon"}),
        ),
        "board",
    ),
    (
        Encounter(
            hunters=frozenset({"jane"}),
            pirates=frozenset({"blackbeard"}),
            hunter_tiles=frozenset({"lt_maynard"}),
        ),
        "board",
    ),
    (
        Encounter(
            hunters=frozenset({"jane", "ranger"}),
            pirates=ADVENTURE,
            most_dice_win=True,
            blackbeard_tiles=frozenset({"swivel_guns", "grape"}),
        ),
        "best",
    ),
    (
        Encounter(
            hunters=frozenset({"jane"}),
            pirates=ADVENTURE,
            adventure_can_escape=False,
            blackbeard_tiles=frozenset({"grenadoes", "lookouts"}),
        ),
        "escape",
    ),
    (
        Encounter(
            hunters=frozenset({"ranger"}),
            pirates=ADVENTURE,
            blackbeard_tiles=frozenset({"philip_morton", "swivel_guns"}),
            hunter_tiles=frozenset({"cannon_ranger", "midshipman_hyde"}),
        ),
        "best",
    ),
]


@pytest.mark.parametrize(("encounter", "policy"), SIMULATED)
def test_a_seeded_simulation_of_20000_encounters_agrees_with_odds(encounter, policy):
    """A seeded sample; benchmarks/encounter.py runs 100,000 Encounters."""
    trials = 20_000
    exact = odds(encounter, escape_policy=policy)
    seen = simulate(encounter, trials, random.Random(1718), escape_policy=policy)
    for ending, p in exact.items():
        assert abs(seen[ending] - p) <= 4 * standard_error(p, trials), ending
    assert simulate(encounter, 50, random.Random(7), escape_policy=policy) == simulate(
        encounter, 50, random.Random(7), escape_policy=policy
    )


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        (
            {"hunters": frozenset({"ranger"}), "hunter_tiles": frozenset({"cannon_jane"})},
            r"cannon_jane needs jane",
        ),
        (
            {"hunters": frozenset({"jane"}), "hunter_tiles": frozenset({"capt_gordon"})},
            r"capt_gordon needs brand",
        ),
        (
            {"hunters": frozenset({"brand"}), "blackbeard_tiles": frozenset({"grenadoes"})},
            r"grenadoes needs a Battle",
        ),
        (
            {"hunters": frozenset({"jane"}), "hunter_tiles": frozenset({"chain_and_grape"})},
            r"chain_and_grape needs a Battle and Cannon",
        ),
        (
            {"hunters": frozenset({"jane"}), "hunter_tiles": frozenset({"midshipman_hyde"})},
            r"midshipman_hyde needs ranger",
        ),
        (
            {"hunters": frozenset({"jane"}), "blackbeard_tiles": frozenset({"lookout"})},
            r"unknown Blackbeard tile 'lookout'.*'lookouts'",
        ),
        (
            {"hunters": frozenset({"jane"}), "hunter_tiles": frozenset({"lookouts"})},
            r"unknown Hunters' tile 'lookouts'",
        ),
        ({"hunters": frozenset()}, r"at least one Hunter piece"),
        (
            {"hunters": frozenset({"jane"}), "pirates": frozenset({"adventure", "blackbeard"})},
            r"exactly one pirate piece",
        ),
        ({"hunters": frozenset({"janne"})}, r"unknown Hunter piece 'janne'.*'jane'"),
        ({"hunters": "jane"}, r"hunters must be a set of ids"),
        (
            {"hunters": frozenset({"brand"}), "crew_to_ordinary": True},
            r"crew_to_ordinary needs a Battle",
        ),
    ],
)
def test_bad_encounters_name_the_rule(kwargs, message):
    with pytest.raises(IllegalActionError, match=message):
        Encounter(**{"pirates": ADVENTURE, **kwargs})


def test_bad_calls():
    with pytest.raises(IllegalActionError, match="unknown escape_policy 'flee'"):
        odds(BATTLE, escape_policy="flee")
    with pytest.raises(ValueError, match=r"got -1"):
        roll_odds(-1, 2)
    with pytest.raises(IllegalActionError, match="no option at escape:blackbeard matches 'Grape'"):
        resolve(BATTLE, random.Random(1), decisions={"escape:blackbeard": "Grape"})
