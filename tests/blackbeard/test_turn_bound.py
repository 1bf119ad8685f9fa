"""A turn outside the game is refused (issue 29, item 5).

"Play lasts up to four turns" (the tiles file's ``turns = 4``). The deduction counts
through every turn of a view, so a view of Turn 10**9 used to never return; State took
Turn 10**12. Both now raise the piratelib error that names the turns allowed.
"""

from __future__ import annotations

import dataclasses

import pytest

from piratelib.blackbeard.deduce import possible_spaces
from piratelib.blackbeard.game import State, new_game, observation
from piratelib.blackbeard.piracy.tiles import load_tiles
from piratelib.errors import IllegalActionError

BAD_TURNS = [0, 5, 1000, 10**9, 10**12]
NOT_TURNS = [-1, True, 2.0, "2", None]  # refused as not whole numbers, as before


def test_the_game_lasts_four_turns():
    assert load_tiles().counts["turns"] == 4  # "Play lasts up to four turns."


@pytest.mark.parametrize("turn", BAD_TURNS)
def test_a_state_refuses_a_turn_outside_the_game(turn):
    with pytest.raises(IllegalActionError, match=r"State: turn must be a whole number from 1 to 4"):
        State(turn=turn)


@pytest.mark.parametrize("turn", BAD_TURNS)
def test_a_view_refuses_a_turn_outside_the_game(turn):
    view = observation(new_game(seed=3), "hunters")
    with pytest.raises(IllegalActionError, match=r"Observation: turn must be .* from 1 to 4"):
        dataclasses.replace(view, turn=turn)


@pytest.mark.parametrize("turn", NOT_TURNS)
def test_a_turn_must_be_a_whole_number(turn):
    with pytest.raises(IllegalActionError, match=r"State: turn must be"):
        State(turn=turn)


@pytest.mark.parametrize("turn", [1, 2, 3, 4])
def test_every_turn_of_the_game_is_allowed(turn):
    assert State(turn=turn).turn == turn
    view = dataclasses.replace(observation(new_game(seed=3), "hunters"), turn=turn)
    assert view.turn == turn
    possible_spaces(view)  # answers (the view may or may not be one a game reaches)
