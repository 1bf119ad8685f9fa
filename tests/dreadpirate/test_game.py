"""Dread Pirate's game: setup on the Cities, the movement roll, Moves checked on the sea,
Missions along a path, battles between neighbours, winning, refused actions, and the
invariants of random legal play."""

from __future__ import annotations

import functools
import itertools
import random
from collections import Counter
from dataclasses import replace

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from piratelib.dice import ScriptedRolls
from piratelib.dreadpirate import sea as board
from piratelib.dreadpirate.data import load_dreadpirate
from piratelib.dreadpirate.game import (
    Attack,
    EndTurn,
    Move,
    Pass,
    Pay,
    PlayCard,
    TakeSpoils,
    apply,
    decider,
    first_player,
    legal_actions,
    new_game,
    playout,
    resolve,
    roll_bonus,
    sea_graph,
)
from piratelib.dreadpirate.game.state import ActionCard, Held, MissionCard
from piratelib.dreadpirate.treasure import Condition, Purse, check_win
from piratelib.errors import IllegalActionError

DP = load_dreadpirate()
G = sea_graph()
ORICHAL = MissionCard(1, "example_orichal")
SALVAGE = MissionCard(2, "stand_in_salvage")
TWO_BATTLES = MissionCard(3, "example_two_battles")
BONUS = MissionCard(4, "stand_in_voyage_bonus")
HOIST = ActionCard(1, "hoist_the_jolly_roger")
PLUS_TWO = ActionCard(2, "stand_in_attack")
STARBOARD = ActionCard(3, "hard_to_starboard")
STARBOARD_2 = ActionCard(4, "hard_to_starboard")
SCRIPTED = 24  # cards in each deck of the scripted games
# Squares of the packaged sea (dreadpirate_sea.toml).
PORT_DIABLO, ORICHAL_CITY, SAN_CRISTOBAL, LA_ANTIGUA = (0, 0), (0, 19), (12, 0), (12, 19)
KRAKEN, MERMAID, GALLEON = (6, 10), (7, 4), (5, 16)


def game(names=("Ann", "Bo"), first=0, missions=None, actions=None, roll=(3, 4), **options):
    """A scripted game: Ann holds Orichal and Salvage, Hoist and +2; Bo holds Two Battles and
    the bonus voyage, and two Hard to Starboard!; `first` rolls 12, the others 2; then
    `first` rolls `roll` to move."""
    missions = missions or [ORICHAL, SALVAGE, TWO_BATTLES, BONUS]
    missions += [MissionCard(n, "stand_in_voyage_gold") for n in range(10, 30)]
    actions = actions or [HOIST, PLUS_TWO, STARBOARD, STARBOARD_2]
    actions += [ActionCard(n, "stand_in_either") for n in range(10, 30)]
    faces = []
    for i in range(len(names)):
        faces += [6, 6] if i == first else [1, 1]
    return new_game(
        names,
        missions=missions,
        actions=actions,
        rolls=ScriptedRolls([*faces, *roll]),
        **options,
    )


def give(state, name, purse):
    """Set `name`'s purse, moving the difference to or from the bank (treasure is kept)."""
    old = state.player(name).purse
    bank = state.bank
    for item in ("gold", *DP.colours):
        change = purse.count(item) - old.count(item)
        bank = bank.remove(item, change) if change > 0 else bank.add(item, -change)
    return replace(state.replace_player(name, purse=purse), bank=bank)


def put(state, **squares):
    """Set Ships' squares, e.g. ``put(state, Bo=(1, 1))``."""
    for name, square in squares.items():
        state = state.replace_player(name, square=square)
    return state


def started(state, name, card):
    """`name`'s Mission `card` turned face up."""
    held = tuple(
        replace(h, started=h.started or h.card == card) for h in state.player(name).missions
    )
    return state.replace_player(name, missions=held)


def via(*squares):
    """A shortest path on the default sea through each of `squares` in turn."""
    path = [squares[0]]
    for a, b in itertools.pairwise(squares):
        path += nx.shortest_path(G, a, b)[1:]
    return tuple(path)


def end_turns(state, *rolls):
    """End turns in a row, the next Pirates rolling `rolls` (pairs of faces) to move."""
    for faces in rolls:
        state = apply(state, EndTurn(), ScriptedRolls(faces))
    return state


def check(state, cards=50):
    """The invariants of one state; `cards` in each deck (24 in the scripted games)."""
    # "Ships must stay on water ... Two or more ships cannot occupy the same space."
    squares = [p.square for p in state.players]
    assert len(set(squares)) == len(squares), squares
    assert all(square in G for square in squares), squares
    # Treasure is kept between the bank and the Pirates: 40 Gold, 15 Gems of each colour.
    total = state.treasure()
    assert total.gold == DP.components["gold"]
    assert all(total.gem(c) == DP.gems["per_colour"] for c in DP.colours)
    # "Each Pirate can have only 2 uncompleted Mission Cards at any time."
    assert all(len(p.missions) <= DP.setup["max_uncompleted"] for p in state.players)
    # Cards are kept: 50 Missions and 50 Action cards between decks, discards and Pirates.
    missions = [*state.mission_deck, *state.mission_discard]
    actions = [*state.action_deck, *state.action_discard]
    for p in state.players:
        missions += [*(h.card for h in p.missions), *p.kept]
        actions += p.hand
    assert len(missions) == len(set(missions)) == cards
    assert len(actions) == len(set(actions)) == cards
    # Only Missions with a bonus are kept.
    assert all(card.info["bonus"] for p in state.players for card in p.kept)
    # One Flag at most.
    assert state.dread_pirate in (None, *state.names)
    # The turn's roll: two dice, plus a bonus; gone once the Pirate has moved or fought.
    assert len(state.dice) == 2 and all(1 <= face <= 6 for face in state.dice)
    assert state.roll is None or state.roll >= sum(state.dice)
    assert not (state.attacked and state.roll is not None)


# ---------------------------------------------------------------- setup


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup(players):
    names = ["Ann", "Bo", "Cy", "Di"][:players]
    state = new_game(names, seed=players)
    check(state)
    for i, (p, colour) in enumerate(zip(state.players, list(DP.colours), strict=False)):
        # "gives each Pirate 4 Gems matching the color of the band on their Ship, and 5 Gold."
        assert p.colour == colour and p.purse == Purse.of(gold=5, **{colour: 4})
        # "Deal 2 Mission Cards ... Deal 2 Action Cards ... to each Pirate"
        assert len(p.missions) == 2 and not any(h.started for h in p.missions)
        assert len(p.hand) == 2 and p.kept == ()
        # "places it on a separate City (large anchor) in one of the four corners"
        assert p.square == board.square_of(G, board.CITIES[i])
    assert state.bank.gold == 40 - 5 * players
    assert len(state.mission_deck) == len(state.action_deck) == 50 - 2 * players
    assert state.dread_pirate is None and state.outcome is None
    assert state.diagonal == "one_side_water" and state.pass_through is True


def test_the_ships_start_on_the_four_cities_in_the_corners():
    # "The four starting Cities shown on the board are Port Diablo, Lost City of Orichal,
    # San Cristobal and La Antigua."
    state = new_game(["Ann", "Bo", "Cy", "Di"])
    assert [p.square for p in state.players] == [
        PORT_DIABLO,
        ORICHAL_CITY,
        SAN_CRISTOBAL,
        LA_ANTIGUA,
    ]
    assert {G.graph["sea"].place_at(p.square) for p in state.players} == set(DP.cities)
    chosen = new_game(["Ann", "Bo"], cities=["la_antigua", "san_cristobal"])
    assert [p.square for p in chosen.players] == [LA_ANTIGUA, SAN_CRISTOBAL]
    assert "Ann (red Ship on La Antigua (12, 19))" in str(chosen)


def test_setup_deals_from_the_given_decks():
    state = game()
    assert [h.card for h in state.player("Ann").missions] == [ORICHAL, SALVAGE]
    assert state.player("Bo").hand == (STARBOARD, STARBOARD_2)
    assert state.active_player.name == "Ann"


@pytest.mark.parametrize(
    ("names", "kwargs", "message"),
    [
        (["Ann"], {}, "played by 2 to 4 Pirates, got 1"),
        (["A", "B", "C", "D", "E"], {}, "played by 2 to 4 Pirates, got 5"),
        (["Ann", "Ann"], {}, "Pirates need different names"),
        (["Ann", "Bo"], {"colours": ["red", "red"]}, "give 2 different band colours"),
        (["Ann", "Bo"], {"colours": ["red", "purple"]}, "unknown Gem colour 'purple'"),
        (["Ann", "Bo"], {"missions": [ORICHAL]}, "2 Pirates need 4 Mission cards, got 1"),
        (["Ann", "Bo"], {"cities": ["port_diablo"]}, "Give 2 Cities"),
        (["Ann", "Bo"], {"cities": ["port_diablo", "atlantis"]}, "'atlantis' is not one of"),
        (["Ann", "Bo"], {"cities": ["la_antigva", "port_diablo"]}, "did you mean 'la_antigua'"),
        (["Ann", "Bo"], {"cities": ["port_diablo", "krakens_reach"]}, "four starting Cities"),
        (
            ["Ann", "Bo", "Cy"],
            {"cities": ["port_diablo", "la_antigua", "port_diablo"]},
            "Ann and Cy both start on Port Diablo: .* No two Pirates can start in the same corner",
        ),
        (["Ann", "Bo"], {"diagonal": "sideways"}, "unknown diagonal rule 'sideways'"),
        (["Ann", "Bo"], {"pass_through": "yes"}, "pass_through must be True or False"),
    ],
)
def test_bad_setup(names, kwargs, message):
    with pytest.raises(IllegalActionError, match=message):
        new_game(names, **kwargs)


def test_highest_roll_goes_first_and_ties_roll_again():
    # "Each Pirate rolls the dice. Whichever rolls highest goes first!" Ties: assumed.
    first, rounds = first_player(["A", "B", "C"], ScriptedRolls([2, 3, 6, 6, 4, 1]))
    assert first == 1 and len(rounds) == 1
    first, rounds = first_player(["A", "B", "C"], ScriptedRolls([6, 6, 1, 2, 6, 6, 1, 2, 3, 3]))
    assert first == 2 and rounds[1] == (("A", 3), ("C", 6))
    state = game(names=("Ann", "Bo", "Cy"), first=2)
    assert state.active_player.name == "Cy"


# ---------------------------------------------------------------- the movement roll


def test_each_turn_starts_with_a_movement_roll():
    # "At the start of your turn, before you do anything else, roll the dice."
    state = game(roll=(3, 4))
    assert state.dice == (3, 4) and state.roll == 7
    assert "Ann (red Ship on Port Diablo (0, 0))" in str(state) and "rolled 7" in str(state)
    steps = resolve(state, EndTurn(), ScriptedRolls([5, 6]))
    after = steps[-1].state
    assert after.active_player.name == "Bo" and after.dice == (5, 6) and after.roll == 11
    assert steps[-1].phase == "Your Turn"
    assert steps[-1].text == (
        "Ann ends their turn. Bo's turn starts: Bo rolls 5 + 6 = 11, and may move up to 11 spaces."
    )
    assert steps[-1].rule.startswith("At the start of your turn, before you do anything else")
    # Without dice given, the roll is seeded by the game and the turn: the same each time.
    assert apply(state, EndTurn()) == apply(state, EndTurn())
    check(after, SCRIPTED)


def test_the_dread_pirate_adds_one_to_the_movement_roll():
    # "The Dread Pirate receives +1 to all of their rolls" - the movement roll too.
    state = replace(game(), dread_pirate="Bo")
    steps = resolve(state, EndTurn(), ScriptedRolls([6, 6]))
    bo = steps[-1].state
    assert bo.dice == (6, 6) and bo.roll == 13 == 12 + roll_bonus(bo, "Bo")
    assert "Bo rolls 6 + 6 = 12, +1 as the Dread Pirate: 13" in steps[-1].text
    assert "The Dread Pirate receives +1 to all of their rolls." in steps[-1].rule
    # 13 squares along the top row from Lost City of Orichal: one more than two dice allow.
    row = tuple((0, c) for c in range(19, -1, -1))
    after = apply(bo, Move(row[:14]))
    assert after.player("Bo").square == (0, 6)
    with pytest.raises(IllegalActionError, match=r"14 steps but the roll is 12 \+ 1 = 13"):
        apply(bo, Move(row[:15]))
    # Ann, not the Dread Pirate, rolls two dice alone.
    assert end_turns(bo, (6, 6)).roll == 12


# ---------------------------------------------------------------- Moves


def test_a_move_goes_up_to_the_roll_even_zero():
    state = game(roll=(3, 4))
    # "You can then move up to the full amount shown on the dice, including any amount less
    # than the total of your dice (even zero)."
    steps = resolve(state, Move((PORT_DIABLO,)))
    assert steps[-1].text == "Ann's Ship stays on (0, 0): 0 of 7 spaces."
    assert steps[-1].state.player("Ann").square == PORT_DIABLO and steps[-1].state.roll is None
    path = tuple((0, c) for c in range(8))
    steps = resolve(state, Move(path))
    assert steps[-1].text == "Ann's Ship moves 7 of 7 spaces, from (0, 0) to (0, 7)."
    after = steps[-1].state
    assert after.player("Ann").square == (0, 7) and after.roll is None
    assert "<- turn" in str(after) and "rolled" not in str(after)
    # A path given as lists is the same Move.
    assert Move([[0, 0], [0, 1]]) == Move(((0, 0), (0, 1)))
    check(after, SCRIPTED)


@pytest.mark.parametrize(
    ("squares", "path", "message"),
    [
        # "Ships must stay on water"
        ({}, ((0, 0), (0, 1), (0, 2), (0, 3), (1, 4)), r"\(1, 4\) is land: .*Ships must stay on"),
        ({}, ((0, 0), (-1, 0)), r"\(-1, 0\) is off the board"),
        # "Each square on the board is one movement space."
        ({}, ((0, 0), (0, 2)), "is not a step to a neighbouring square"),
        # "Two or more ships cannot occupy the same space."
        ({"Bo": (1, 1)}, ((0, 0), (1, 1)), r"\(1, 1\) already holds a ship"),
        # "move up to the full amount shown on the dice"
        ({}, tuple((0, c) for c in range(9)), "8 steps but the roll is 7. You can then move up to"),
        ({}, ((1, 1), (2, 2)), r"starts from Ann's Ship's square \(0, 0\), not \(1, 1\)"),
        ({}, (), "a Move is a path of"),
        ({}, ((0, 0), "north"), "a Move is a path of"),
        ({}, ((0, 0), (0.5, 1)), "a Move is a path of"),
    ],
)
def test_refused_moves_name_the_rule(squares, path, message):
    state = put(game(roll=(3, 4)), **squares)
    with pytest.raises(IllegalActionError, match=message):
        apply(state, Move(path))
    assert Move(path) not in legal_actions(state)


@pytest.mark.parametrize(
    ("diagonal", "beside_land", "between_land"),
    [
        ("never", False, False),
        ("both_sides_water", False, False),
        ("one_side_water", True, False),
        ("always", True, True),
    ],
)
def test_a_diagonal_step_follows_the_games_diagonal_rule(diagonal, beside_land, between_land):
    # "can only move from one space to another if there is water between the two spaces":
    # (0, 4) to (1, 3) passes land on one side; Kraken's Reach (6, 10) to (7, 11) passes
    # between two land squares.
    state = game(diagonal=diagonal)
    assert state.diagonal == diagonal
    for square, step, legal in (((0, 4), (1, 3), beside_land), (KRAKEN, (7, 11), between_land)):
        here = put(state, Ann=square)
        if legal:
            assert apply(here, Move((square, step))).player("Ann").square == step
            assert Move((square, step)) in legal_actions(here)
        else:
            with pytest.raises(IllegalActionError, match=f"under the diagonal rule '{diagonal}'"):
                apply(here, Move((square, step)))


def test_passing_through_another_ship_is_the_games_option():
    # The rulebook forbids sharing a space but not passing one: piratelib's `pass_through`.
    path = ((0, 0), (0, 1), (0, 2))
    state = put(game(), Bo=(0, 1))
    assert apply(state, Move(path)).player("Ann").square == (0, 2)
    blocked = put(game(pass_through=False), Bo=(0, 1))
    assert blocked.pass_through is False
    with pytest.raises(IllegalActionError, match=r"passes through \(0, 1\), which holds a ship"):
        apply(blocked, Move(path))
    # The listed path to (0, 2) goes round Bo instead.
    move = next(m for m in legal_actions(blocked) if m.path[-1] == (0, 2))
    assert (0, 1) not in move.path and len(move.path) == 3


def test_one_move_a_turn():
    state = apply(game(), Move(((0, 0), (0, 1))))
    with pytest.raises(IllegalActionError, match="Ann has moved this turn"):
        apply(state, Move(((0, 1), (0, 2))))
    with pytest.raises(IllegalActionError, match="Ann has moved this turn"):
        apply(state, Move(((0, 1),)))
    assert not any(isinstance(a, Move) for a in legal_actions(state))
    # Ending the turn without moving moves zero; the next Pirate moves.
    bo = apply(game(), EndTurn())
    assert bo.player("Ann").square == PORT_DIABLO
    assert any(isinstance(a, Move) for a in legal_actions(bo))


@pytest.mark.parametrize("pass_through", [True, False])
def test_legal_moves_are_one_shortest_path_to_each_reachable_square(pass_through):
    state = put(game(roll=(2, 3), pass_through=pass_through), Bo=(1, 1))
    moves = [a for a in legal_actions(state) if isinstance(a, Move)]
    ends = board.reachable(G, PORT_DIABLO, 5, occupied=[(1, 1)], pass_through=pass_through)
    assert [m.path[-1] for m in moves] == sorted(ends)
    ways = G if pass_through else G.subgraph(set(G) - {(1, 1)})
    for move in moves:
        assert move.path[0] == PORT_DIABLO
        assert len(move.path) - 1 == nx.shortest_path_length(ways, PORT_DIABLO, move.path[-1])
        assert apply(state, move).player("Ann").square == move.path[-1]
    # Other paths are legal too, though not listed: a detour of 4 steps to (0, 1).
    detour = Move(((0, 0), (1, 0), (2, 1), (1, 2), (0, 1)))
    assert detour not in moves
    assert apply(state, detour).player("Ann").square == (0, 1)


# ---------------------------------------------------------------- Missions


def test_a_mission_starts_on_the_way_and_the_move_continues():
    state = put(game(roll=(3, 4)), Ann=(5, 9))
    # "In order to start a Mission, you must travel to the first location listed on it ...
    # If you have more movement than needed to reach the starting location, you can
    # continue with your movement after placing your Mission card face up."
    steps = resolve(state, Move(((5, 9), KRAKEN, (5, 10), (4, 11))))
    assert [s.phase for s in steps] == ["Movement", "Starting a Mission"]
    assert steps[0].text == (
        "Ann's Ship moves 3 of 7 spaces, from (5, 9) to (4, 11), reaching Kraken's Reach."
    )
    assert "you can continue with your movement" in steps[-1].rule
    after = steps[-1].state
    assert after.player("Ann").square == (4, 11)
    assert [h.started for h in after.player("Ann").missions] == [True, False]
    assert "Mission #1 (Kraken's Reach to Lost City of Orichal) face up" in str(after)
    check(after, SCRIPTED)


def test_a_place_goal_completes_on_arrival():
    state = put(game(cities=["port_diablo", "la_antigua"]), Ann=(1, 18))
    # Reaching the goal before the start does nothing.
    steps = resolve(state, Move(((1, 18), ORICHAL_CITY)))
    assert [s.phase for s in steps] == ["Movement"]
    assert steps[-1].state.player("Ann").missions == state.player("Ann").missions
    # "the Mission is completed when you reach the second location" and "you are awarded
    # from the bank, the amount of Gold, Gems of any color, and Action Cards listed".
    state = started(state, "Ann", ORICHAL)
    steps = resolve(state, Move(((1, 18), ORICHAL_CITY)))
    assert [s.phase for s in steps] == ["Movement", "Completing a Mission", "Completing a Mission"]
    after = steps[-1].state
    ann = after.player("Ann")
    assert ann.square == ORICHAL_CITY
    assert ann.purse == Purse.of(gold=5, red=5, brown=1)
    assert ann.hand == (HOIST, PLUS_TWO, ActionCard(10, "stand_in_either"))
    assert after.bank == state.bank.remove("red").remove("brown")
    # "If there is no bonus, the Mission card is then discarded."
    assert ann.kept == () and after.mission_discard == (ORICHAL,)
    assert [h.card for h in ann.missions] == [SALVAGE]
    assert "The only way to get Action cards" in steps[-1].rule
    # Lost City of Orichal is a City: Ann may draw a Mission as her turn ends.
    drawn = apply(after, EndTurn(draw=True))
    assert [h.card for h in drawn.player("Ann").missions] == [SALVAGE, after.mission_deck[0]]
    check(drawn, SCRIPTED)


def test_a_move_can_start_a_mission_and_reach_its_goal():
    # Kraken's Reach is 1 step from (5, 10), and Lost City of Orichal 10 beyond it.
    state = put(game(roll=(6, 6), cities=["port_diablo", "la_antigua"]), Ann=(5, 10))
    path = via((5, 10), KRAKEN, ORICHAL_CITY)
    assert len(path) - 1 == 11
    steps = resolve(state, Move(path))
    assert [s.phase for s in steps][:3] == [
        "Movement",
        "Starting a Mission",
        "Completing a Mission",
    ]
    assert steps[-1].state.mission_discard == (ORICHAL,)


def test_a_bonus_mission_is_kept_and_adds_to_all_rolls():
    state = game(cities=["la_antigua", "san_cristobal"])
    state = put(apply(state, EndTurn(), ScriptedRolls([6, 6])), Bo=(6, 4))  # Bo's turn
    path = via((6, 4), MERMAID, PORT_DIABLO)
    state = apply(state, Move(path))
    bo = state.player("Bo")
    # "If there is a bonus on the Mission (for example, +1 to all rolls), then that Mission
    # card is kept with the Pirate off to the side in order to keep track of bonuses."
    assert bo.square == PORT_DIABLO and bo.kept == (BONUS,) and bo.mission_bonus == 1
    assert roll_bonus(state, "Bo") == 1
    assert roll_bonus(replace(state, dread_pirate="Bo"), "Bo") == 2
    assert bo.purse == Purse.of(gold=6, brown=4)
    # Bo's next movement roll adds it.
    steps = resolve(
        apply(state, EndTurn(), ScriptedRolls([1, 1])), EndTurn(), ScriptedRolls([3, 4])
    )
    assert steps[-1].state.roll == 8
    assert "Bo rolls 3 + 4 = 7, +1 from Missions: 8" in steps[-1].text
    # In a battle Bo adds it: 3 + 3 + 1 against Ann's 3 + 3.
    bo_turn = put(steps[-1].state, Ann=(1, 0))
    fight = apply(bo_turn, Attack("Ann"), ScriptedRolls([3, 3, 3, 3]))
    assert fight.pending.battle.total("attacker") == 7
    check(fight, SCRIPTED)


def test_paying_a_mission():
    state = put(game(), Ann=(4, 16))
    # "If the objective is to pay Gold or Gems, pay them to the bank any time during your
    # turn." It must have started first.
    with pytest.raises(IllegalActionError, match="has not started: In order to start a Mission"):
        apply(state, Pay(SALVAGE))
    state = apply(state, Move(((4, 16), GALLEON)))
    assert state.player("Ann").missions[1] == Held(SALVAGE, started=True)
    poor = give(state, "Ann", Purse.of(gold=2, red=4))
    with pytest.raises(IllegalActionError, match="Ann cannot pay 3 Gold: they have 2"):
        apply(poor, Pay(SALVAGE))
    with pytest.raises(IllegalActionError, match="is not completed by paying"):
        apply(started(state, "Ann", ORICHAL), Pay(ORICHAL))
    steps = resolve(state, Pay(SALVAGE))
    assert steps[0].text.startswith("Ann pays 3 Gold to the bank for Mission #2")
    after = steps[-1].state
    assert after.player("Ann").purse == Purse.of(gold=2, red=5, brown=1, blue=1, green=1)
    assert after.bank.gold == state.bank.gold + 3
    check(after, SCRIPTED)


def test_a_third_mission_is_refused():
    state = game()  # Ann is on Port Diablo, a City
    # "Each Pirate can have only 2 uncompleted Mission Cards at any time."
    with pytest.raises(
        IllegalActionError,
        match=r"has 2 uncompleted Missions .* Each Pirate can have only 2 uncompleted Mission "
        r"Cards at any time",
    ):
        apply(state, EndTurn(draw=True))
    # "... or to discard one of your current Missions to draw another."
    steps = resolve(state, EndTurn(draw=True, discard=SALVAGE))
    after = steps[-1].state
    assert [h.card for h in after.player("Ann").missions] == [
        ORICHAL,
        MissionCard(10, "stand_in_voyage_gold"),
    ]
    assert after.mission_discard == (SALVAGE,) and after.active_player.name == "Bo"
    assert [s.phase for s in steps] == ["Getting New Mission Cards"] * 2 + ["Your Turn"]
    assert steps[1].text == "Ann, at Port Diablo, draws a Mission card and keeps it secret."
    check(after, SCRIPTED)


@pytest.mark.parametrize(
    ("square", "where"),
    [
        ((0, 1), r"on \(0, 1\)"),
        (KRAKEN, r"on Kraken's Reach \(6, 10\)"),
        (GALLEON, r"on Sunken Galleon \(5, 16\)"),
    ],
)
def test_drawing_a_mission_only_on_a_city(square, where):
    # "At the end of your turn, if you are at one of the 4 Cities (large anchors), you can
    # choose to either draw a new Mission card, or to discard one of your current Missions
    # to draw another."
    state = put(game(), Ann=square)
    draw = EndTurn(draw=True, discard=SALVAGE)
    with pytest.raises(IllegalActionError, match=f"Ann's Ship is {where}.*not at one of the 4"):
        apply(state, draw)
    assert draw not in legal_actions(state) and EndTurn() in legal_actions(state)
    with pytest.raises(IllegalActionError, match="discarded only to draw another"):
        apply(state, EndTurn(discard=SALVAGE))
    # Moving onto La Antigua, a City, lets Ann draw.
    state = put(game(), Ann=(11, 18))
    assert draw not in legal_actions(state)
    state = apply(state, Move(((11, 18), LA_ANTIGUA)))
    assert draw in legal_actions(state)
    after = apply(state, draw)
    assert len(after.player("Ann").missions) == 2 and after.mission_discard == (SALVAGE,)


def test_a_battle_task_counts_battles_won_after_it_starts():
    # "If the objective is to complete a task, the Mission is completed once the task is
    # finished." Bo holds "Win 2 Battles"; his first battle comes before it starts.
    state = put(apply(game(), EndTurn()), Ann=(1, 19))
    state = _battle(state, "Ann", [6, 6, 1, 1])
    assert state.player("Bo").missions[0].wins == 0
    state = put(end_turns(state, (1, 1), (1, 1)), Bo=(5, 10), Ann=(6, 9))
    state = apply(state, Move(((5, 10), KRAKEN)))
    assert state.player("Bo").missions[0].started
    state = _battle(state, "Ann", [6, 6, 1, 1])
    assert state.player("Bo").missions[0].wins == 1
    state = end_turns(state, (1, 1), (1, 1))
    state = _battle(state, "Ann", [6, 6, 1, 1])
    bo = state.player("Bo")
    # Rewards: 2 Action cards; Mission Bonus "Instead of moving, move to a space next to any
    # pirate." - kept, though it adds nothing to rolls.
    assert bo.kept == (TWO_BATTLES,) and bo.mission_bonus == 0
    assert bo.hand == (
        STARBOARD,
        STARBOARD_2,
        *(ActionCard(n, "stand_in_either") for n in (10, 11)),
    )
    assert [h.card for h in bo.missions] == [BONUS]
    check(state, SCRIPTED)


def _battle(state, defender, faces):
    """The active Pirate attacks `defender` with scripted dice; both pass; the winner takes
    the first legal spoils (without switching)."""
    state = apply(state, Attack(defender), ScriptedRolls(faces))
    while state.pending is not None:
        if state.pending.kind == "cards":
            state = apply(state, Pass())
        else:
            state = apply(state, legal_actions(state)[0])
    return state


# ---------------------------------------------------------------- battles in play


def test_a_battle_with_cards_the_flag_and_the_spoils():
    state = put(game(), Bo=(1, 1))
    steps = resolve(state, Attack("Bo"), ScriptedRolls([5, 4, 3, 3]))
    state = steps[-1].state
    assert [s.text for s in steps] == [
        "Ann attacks Bo.",
        "Ann, the attacker, rolls 5 + 4 = 9.",
        "Bo, the defender, rolls 3 + 3 = 6.",
    ]
    # "The players in the battle can now play Action cards one at a time, starting with
    # the attacker."
    assert decider(state) == "Ann" and state.pending.kind == "cards"
    assert set(legal_actions(state)) == {PlayCard(HOIST), PlayCard(PLUS_TWO), Pass()}
    with pytest.raises(IllegalActionError, match="is not in Ann's hand"):
        apply(state, PlayCard(STARBOARD))
    with pytest.raises(IllegalActionError, match="waiting for Ann to play an Action card"):
        apply(state, EndTurn())
    state = apply(state, Pass())
    assert decider(state) == "Bo"
    state = apply(state, PlayCard(STARBOARD))  # 6 + 4 = 10 against 9
    assert STARBOARD in state.action_discard and decider(state) == "Ann"
    state = apply(state, PlayCard(HOIST))  # Ann becomes the Dread Pirate at once: 10 - 10
    assert state.dread_pirate == "Ann" and state.pending.battle.total("attacker") == 10
    state = apply(state, PlayCard(STARBOARD_2))  # 14 against 10
    steps = resolve(state, Pass())  # Ann passes with +2 in hand; Bo has nothing left
    state = steps[-1].state
    texts = [s.text for s in steps]
    assert "Bo has no Action card to play as the defender." in texts
    assert "10 against 14: Bo, the defender, wins the battle." in texts
    # "in order to become the Dread Pirate, a Pirate must defeat the Dread Pirate in battle"
    assert "Bo defeated the Dread Pirate, Ann, and takes the Dread Pirate Flag." in texts
    assert state.dread_pirate == "Bo"
    # "If the defender wins, he takes 1 Gold or 1 Gem from the attacker."
    assert state.pending.kind == "spoils" and decider(state) == "Bo"
    assert TakeSpoils(("red",), True) in legal_actions(state)
    with pytest.raises(IllegalActionError, match="the defender takes 1 item, got 2 picks"):
        apply(state, TakeSpoils(("gold", "red")))
    # "Whichever Pirate wins the battle can also choose to switch spaces on the map with the
    # losing Pirate."
    assert apply(state, TakeSpoils(("red",))).player("Bo").square == (1, 1)
    steps = resolve(state, TakeSpoils(("red",), switch=True))
    state = steps[-1].state
    assert state.player("Bo").purse == Purse.of(gold=5, red=1, brown=4)
    assert steps[-1].text == "Bo switches spaces on the map with Ann: Bo to (0, 0), Ann to (1, 1)."
    assert state.player("Bo").square == PORT_DIABLO and state.player("Ann").square == (1, 1)
    # "You can only attack one Pirate each turn."
    with pytest.raises(IllegalActionError, match="You can only attack one Pirate each turn"):
        apply(state, Attack("Bo"))
    # Movement ended before the battle.
    with pytest.raises(IllegalActionError, match="their movement is over"):
        apply(state, Move(((1, 1), (2, 2))))
    after = apply(state, EndTurn())
    assert not after.attacked and after.active_player.name == "Bo" and after.roll is not None
    check(after, SCRIPTED)


def test_an_attack_needs_the_ships_next_to_each_other():
    # "At the end your movement, if you are next to another Pirate, you can fight them."
    state = game()  # Ann on Port Diablo, Bo on Lost City of Orichal
    with pytest.raises(IllegalActionError, match="if you are next to another Pirate, you can"):
        apply(state, Attack("Bo"))
    assert Attack("Bo") not in legal_actions(state)
    # Ann sails next to Bo, then attacks.
    state = put(state, Bo=(0, 3))
    assert Attack("Bo") not in legal_actions(state)
    state = apply(state, Move(((0, 0), (0, 1), (0, 2))))
    assert Attack("Bo") in legal_actions(state)
    assert apply(state, Attack("Bo"), ScriptedRolls([1, 1, 1, 1])).pending.kind == "cards"
    # Diagonally across two land corners is not next to, unless the diagonal rule allows it.
    for diagonal, legal in (("one_side_water", False), ("always", True)):
        across = put(game(diagonal=diagonal), Ann=KRAKEN, Bo=(7, 11))
        assert (Attack("Bo") in legal_actions(across)) is legal


def test_attacking_without_moving_ends_the_movement():
    state = put(game(), Bo=(1, 0))
    state = apply(state, Attack("Bo"), ScriptedRolls([1, 1, 6, 6]))
    state = _battle_rest(state)
    assert state.player("Ann").square == PORT_DIABLO and state.roll is None
    with pytest.raises(IllegalActionError, match="Ann has fought this turn"):
        apply(state, Move((PORT_DIABLO,)))


def _battle_rest(state):
    """Pass and take the first spoils until the battle is over."""
    while state.pending is not None:
        state = apply(state, Pass() if state.pending.kind == "cards" else legal_actions(state)[0])
    return state


def test_the_first_winner_becomes_the_dread_pirate():
    state = _battle(put(game(), Bo=(1, 1)), "Bo", [6, 6, 1, 1])
    # "The first Pirate to win a battle becomes the Dread Pirate"
    assert state.dread_pirate == "Ann"
    assert roll_bonus(state, "Ann") == 1
    # Beating someone else does not take the Flag from Ann.
    three = put(game(names=("Ann", "Bo", "Cy")), Bo=(1, 1))
    three = _battle(three, "Bo", [6, 6, 1, 1])
    three = put(end_turns(three, (1, 1), (1, 1)), Bo=(11, 1))  # Cy's turn
    three = _battle(three, "Bo", [6, 6, 1, 1])
    assert three.dread_pirate == "Ann"
    assert three.player("Cy").purse.items == 11


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (Attack("Ann"), "cannot attack their own Ship"),
        (Attack("Zed"), "'Zed' is not a Pirate in this game"),
        (Attack("Bo"), "Ship is not next to Bo's: .* At the end your movement"),
        (Move(((0, 0), (0, 2))), "is not a step to a neighbouring square"),
        (Move(((0, 0), (0, 1), (0, 2), (0, 3), (1, 4))), r"\(1, 4\) is land"),
        (Move(((0, 1),)), r"starts from Ann's Ship's square \(0, 0\)"),
        (EndTurn(discard=SALVAGE), "discarded only to draw another"),
        (Pass(), "there is no battle going on"),
        (TakeSpoils(("gold",)), "there is no battle going on"),
        (Pay(TWO_BATTLES), "is not an uncompleted Mission of Ann's"),
        (EndTurn(draw=True, discard=BONUS), "is not an uncompleted Mission"),
    ],
)
def test_refused_actions_change_nothing(action, message):
    state = game()
    with pytest.raises(IllegalActionError, match=message):
        apply(state, action)
    assert action not in legal_actions(state)
    assert state == game()


# ---------------------------------------------------------------- winning


@pytest.mark.parametrize(
    ("purse", "condition"),
    [
        (Purse.of(gold=20), Condition.GOLD),
        (Purse.of(gold=25, red=12), Condition.GOLD),  # the first in the rulebook's order
        (Purse.of(gold=2, brown=12), Condition.ONE_COLOUR),
        (Purse.of(red=4, brown=4, blue=4, green=4), Condition.EACH_COLOUR),
        (Purse.of(red=15, brown=4, blue=4, green=4), Condition.ONE_COLOUR),
    ],
)
def test_the_three_ways_to_win(purse, condition):
    # "Be the first pirate to collect 20 Gold, 12 Gems of a single color, or 4 Gems of each
    # color, and you will win the game!"
    assert check_win(purse).condition == condition
    assert check_win(purse).why.endswith("4 Gems of each color")


@pytest.mark.parametrize(
    "purse",
    [
        Purse.of(gold=19, red=11),
        Purse.of(red=4, brown=4, blue=4, green=3),
        Purse.of(red=11, brown=11, blue=11),
        Purse(),
    ],
)
def test_no_win_yet(purse):
    assert check_win(purse) is None


def test_spoils_that_win_end_the_game():
    state = put(give(game(), "Ann", Purse.of(gold=18, red=4)), Bo=(0, 1))
    state = _battle(state, "Bo", [6, 6, 1, 1])
    assert state.outcome is not None and state.outcome.winner == "Ann"
    assert state.outcome.condition == Condition.GOLD
    assert legal_actions(state) == []
    with pytest.raises(IllegalActionError, match="the game is over: Ann won"):
        apply(state, EndTurn())
    assert "Ann wins: 20 Gold" in str(state)


def test_a_reward_that_wins_ends_the_game():
    state = give(
        game(cities=["port_diablo", "la_antigua"]),
        "Ann",
        Purse.of(gold=5, red=3, brown=3, blue=4, green=4),
    )
    state = put(started(state, "Ann", ORICHAL), Ann=(1, 18))
    steps = resolve(state, Move(((1, 18), ORICHAL_CITY)))
    assert steps[-1].phase == "Winning"
    assert steps[-1].state.outcome.condition == Condition.EACH_COLOUR
    assert steps[-1].state.player("Ann").square == ORICHAL_CITY


# ---------------------------------------------------------------- random play


@settings(max_examples=12, deadline=None)
@given(
    seed=st.integers(0, 10**9),
    players=st.integers(2, 4),
    diagonal=st.sampled_from(board.DIAGONAL_RULES),
    pass_through=st.booleans(),
)
def test_random_legal_play_keeps_the_invariants(seed, players, diagonal, pass_through):
    names = ["Ann", "Bo", "Cy", "Di"][:players]
    state = new_game(names, seed=seed, diagonal=diagonal, pass_through=pass_through)
    check(state)
    history = playout(state, random.Random(seed), max_actions=250)
    turn_actions = Counter()
    for action, steps in history:
        before = state
        turn_actions[state.turn, type(action)] += 1
        # At most one Move and one attack each turn: "You can only attack one Pirate each
        # turn."
        assert turn_actions[state.turn, Move] <= 1 and turn_actions[state.turn, Attack] <= 1
        if isinstance(action, Move):
            assert action.path[0] == state.active_player.square
            assert len(action.path) - 1 <= state.roll
            assert steps[0].state.active_player.square == action.path[-1]
        if isinstance(action, Attack):
            me, them = state.active_player.square, state.player(action.defender).square
            assert sea_graph(diagonal).has_edge(me, them)
        for step in steps:
            check(step.state)
            # "The only way to get Action cards, besides the 2 at the start of the game, is
            # to complete Missions."
            for p in step.state.players:
                if len(p.hand) > len(before.player(p.name).hand):
                    assert step.phase == "Completing a Mission", step.text
            # Ships move only by a Move or a switch.
            moved = {p.name for p in step.state.players if p.square != before.player(p.name).square}
            assert not moved or isinstance(action, Move | TakeSpoils), (action, moved)
            before = step.state
        rolls = random.Random(seed + 1)
        assert apply(state, action, rolls) == apply(state, action, random.Random(seed + 1))
        state = steps[-1].state
        assert (state.outcome is not None) == (not legal_actions(state))


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**9), moves=st.integers(0, 120))
def test_every_action_is_either_legal_or_refused_without_change(seed, moves):
    state = new_game(["Ann", "Bo", "Cy"], seed=seed)
    history = playout(state, random.Random(seed), max_actions=moves)
    if history:
        state = history[-1][1][-1].state
    legal = legal_actions(state)
    tries = [Pass(), EndTurn(), EndTurn(draw=True), TakeSpoils(()), TakeSpoils(("gold",))]
    tries += [TakeSpoils(("gold", "red")), *(Attack(n) for n in state.names)]
    here = state.active_player.square
    tries += [Move((here,)), Move((here, here))]
    tries += [Move((here, (here[0] + dr, here[1] + dc))) for dr in (-1, 0, 1) for dc in (-1, 0, 1)]
    for p in state.players:
        tries += [PlayCard(c) for c in p.hand]
        for held in p.missions:
            tries += [Pay(held.card), EndTurn(draw=True, discard=held.card)]
    before = state
    for action in tries:
        if action in legal:
            apply(state, action)
        else:
            with pytest.raises(IllegalActionError):
                apply(state, action)
    assert state == before


def test_random_games_end_or_hit_the_cap():
    for seed in range(3):
        state = new_game(["Ann", "Bo"], seed=seed)
        history = playout(state, random.Random(seed), max_actions=300)
        last = history[-1][1][-1].state
        assert len(history) == 300 or last.outcome is not None


def test_purposeful_games_end_with_a_win():
    # Uniformly random Moves wander; Pirates who sail for their Missions and fight when they
    # can win. The policy is the test's, not a rule.
    wins = Counter()
    for seed in range(6):
        state = new_game(["Ann", "Bo", "Cy", "Di"][: 2 + seed % 3], seed=seed)
        history = playout(state, random.Random(seed), policy=_purposeful, max_actions=1500)
        for _, steps in history:
            for step in steps:
                check(step.state)
        outcome = history[-1][1][-1].state.outcome
        wins[outcome.condition if outcome else None] += 1
    assert wins[None] == 0, wins


def _purposeful(state, actions, rng):
    """In a battle, play the first card, or take the first spoils. Pay when possible; sail
    for the nearest place a Mission needs (a City to draw at, or another Ship to fight);
    then attack if possible, and end the turn, drawing a Mission if possible."""
    if state.pending is not None:
        return actions[0]
    for kind in (Pay,) if state.roll is not None else (Attack, Pay):
        found = [a for a in actions if isinstance(a, kind)]
        if found:
            return found[0]
    moves = [a for a in actions if isinstance(a, Move)]
    if moves:
        me = state.active_player
        targets = set()
        for held in me.missions:
            info = held.card.info
            if not held.started:
                targets.add(board.square_of(G, info["start"]))
            elif info["goal_kind"] == "place":
                targets.add(board.square_of(G, info["goal"]))
            elif info["goal_kind"] == "battles":
                targets.update(state.squares(but=me.name))
        if len(me.missions) < 2:
            targets.update(board.square_of(G, city) for city in DP.cities)
        targets = targets - {me.square} or set(state.squares(but=me.name))

        def score(move):
            passed = any(square in targets for square in move.path[1:])
            return (not passed, min(_distances(t)[move.path[-1]] for t in targets))

        return min(moves, key=score)
    return EndTurn(draw=True) if EndTurn(draw=True) in actions else EndTurn()


@functools.cache
def _distances(square):
    """Steps by water from `square` to every square of the default sea."""
    return nx.single_source_shortest_path_length(G, square)
