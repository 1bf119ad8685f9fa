"""Hunt for Blackbeard's variant options and many-game tallies (issue 17)."""

from __future__ import annotations

import random

import pytest

from piratelib.blackbeard.bots.policies import play_bots, random_policy, smart_blackbeard
from piratelib.blackbeard.bots.tally import ENDINGS, tally
from piratelib.blackbeard.game import (
    Commandeer,
    FeteTobiasKnight,
    PrepareDefense,
    legal_actions,
    new_game,
    observation,
    set_aside_choices,
    winner,
)
from piratelib.blackbeard.game.state import game_tiles
from piratelib.errors import PiratelibError


def _named_tiles(action) -> set[str]:
    match action:
        case PrepareDefense(defense):
            return {defense}
        case Commandeer(asset):
            return {asset}
        case FeteTobiasKnight(defenses):
            return set(defenses)
    return set()


@pytest.mark.parametrize("advanced", [False, True])
def test_a_set_aside_tile_is_never_offered(advanced):
    """Random games with half the tiles set aside: no legal action names one, while the
    others are still offered (so the check is not vacuous)."""
    choices = set_aside_choices(advanced=advanced)
    out = set(choices[::2])
    offered: set[str] = set()
    for seed in range(30):
        state = new_game(seed=seed, advanced=advanced, set_aside=sorted(out))
        rng = random.Random(seed)
        while winner(state) is None:
            legal = legal_actions(state)
            named = set().union(*map(_named_tiles, legal))
            assert not named & out, (seed, named & out)
            offered |= named
            state = play_bots(state, rng, max_actions=1)[-1][1][-1].state
    assert offered & (set(choices) - out)


def test_set_aside_is_public_and_removes_defenses_from_the_game():
    state = new_game(seed=2, set_aside=["lookouts", "lt_maynard"])
    assert "lookouts" not in game_tiles(state).defenses
    assert "grape" in game_tiles(state).defenses
    for side in ("hunters", "blackbeard"):
        assert observation(state, side).set_aside == ("lookouts", "lt_maynard")


@pytest.mark.parametrize(
    ("set_aside", "words"),
    [
        (["lookoutz"], "did you mean 'lookouts'"),
        (["longboat"], "the standard rules"),  # an ADVANCED Defense in a standard game
        ("lookouts", "a list of tile ids"),
        ([None], "cannot set aside None"),
        (["raid_delaware"], "cannot set aside 'raid_delaware'"),  # a Piracy tile
    ],
)
def test_a_bad_set_aside_is_refused(set_aside, words):
    with pytest.raises(PiratelibError, match=words):
        new_game(set_aside=set_aside)


def test_tally_counts_what_play_bots_plays():
    """Oracle: the same seeds played one by one with play_bots."""
    counts = tally(12, seed=30, blackbeard="smart", hunters="random", most_dice_win=True)
    sides = []
    for seed in range(30, 42):
        history = play_bots(
            new_game(seed=seed, most_dice_win=True),
            random.Random(seed),
            blackbeard=smart_blackbeard,
            hunters=random_policy,
        )
        sides.append(winner(history[-1][1][-1].state).side)
    assert counts["blackbeard_wins"] == sides.count("blackbeard")
    assert counts["hunters_wins"] == sides.count("hunters")
    assert sum(counts[e] for e in ENDINGS) == 12
    assert counts["unfinished"] == 0


def test_tally_refuses_before_playing():
    with pytest.raises(PiratelibError, match="unknown hunters bot 'clever'"):
        tally(3, hunters="clever")
    with pytest.raises(PiratelibError, match="unknown option"):
        tally(3, sails=2)
    with pytest.raises(PiratelibError, match="games must be a whole number"):
        tally(0)
