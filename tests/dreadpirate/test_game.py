"""Dread Pirate's game: setup, the first roll, Missions, battles in play, winning, refused
actions, and the invariants of random legal play."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from piratelib.dice import ScriptedRolls
from piratelib.dreadpirate.data import load_dreadpirate
from piratelib.dreadpirate.game import (
    ActionCard,
    Attack,
    EndTurn,
    MissionCard,
    Pass,
    Pay,
    PlayCard,
    Reach,
    TakeSpoils,
    apply,
    decider,
    first_player,
    legal_actions,
    new_game,
    playout,
    resolve,
    roll_bonus,
)
from piratelib.dreadpirate.treasure import Condition, Purse, check_win
from piratelib.errors import IllegalActionError

DP = load_dreadpirate()
ORICHAL = MissionCard(1, "example_orichal")
SALVAGE = MissionCard(2, "stand_in_salvage")
TWO_BATTLES = MissionCard(3, "example_two_battles")
BONUS = MissionCard(4, "stand_in_voyage_bonus")
HOIST = ActionCard(1, "hoist_the_jolly_roger")
PLUS_TWO = ActionCard(2, "stand_in_attack")
STARBOARD = ActionCard(3, "hard_to_starboard")
STARBOARD_2 = ActionCard(4, "hard_to_starboard")
SCRIPTED = 24  # cards in each deck of the scripted games


def game(names=("Ann", "Bo"), first=0, missions=None, actions=None):
    """A scripted game: Ann holds Orichal and Salvage, Hoist and +2; Bo holds Two Battles and
    the bonus voyage, and two Hard to Starboard!; `first` rolls 12, the others 2."""
    missions = missions or [ORICHAL, SALVAGE, TWO_BATTLES, BONUS]
    missions += [MissionCard(n, "stand_in_voyage_gold") for n in range(10, 30)]
    actions = actions or [HOIST, PLUS_TWO, STARBOARD, STARBOARD_2]
    actions += [ActionCard(n, "stand_in_either") for n in range(10, 30)]
    faces = []
    for i in range(len(names)):
        faces += [6, 6] if i == first else [1, 1]
    return new_game(names, missions=missions, actions=actions, rolls=ScriptedRolls(faces))


def give(state, name, purse):
    """Set `name`'s purse, moving the difference to or from the bank (treasure is kept)."""
    old = state.player(name).purse
    bank = state.bank
    for item in ("gold", *DP.colours):
        change = purse.count(item) - old.count(item)
        bank = bank.remove(item, change) if change > 0 else bank.add(item, -change)
    return replace(state.replace_player(name, purse=purse), bank=bank)


def check(state, cards=50):
    """The invariants of one state; `cards` in each deck (24 in the scripted games)."""
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


# ---------------------------------------------------------------- setup


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup(players):
    names = ["Ann", "Bo", "Cy", "Di"][:players]
    state = new_game(names, seed=players)
    check(state)
    for p, colour in zip(state.players, list(DP.colours), strict=False):
        # "gives each Pirate 4 Gems matching the color of the band on their Ship, and 5 Gold."
        assert p.colour == colour and p.purse == Purse.of(gold=5, **{colour: 4})
        # "Deal 2 Mission Cards ... Deal 2 Action Cards ... to each Pirate"
        assert len(p.missions) == 2 and not any(h.started for h in p.missions)
        assert len(p.hand) == 2 and p.kept == ()
    assert state.bank.gold == 40 - 5 * players
    assert len(state.mission_deck) == len(state.action_deck) == 50 - 2 * players
    assert state.dread_pirate is None and state.outcome is None


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


# ---------------------------------------------------------------- Missions


def test_a_mission_starts_at_its_start_and_completes_at_its_goal():
    state = game()
    # Reaching the goal first does nothing: "In order to start a Mission, you must travel
    # to the first location listed on it".
    steps = resolve(state, Reach("lost_city_of_orichal"))
    assert len(steps) == 1 and steps[-1].state.player("Ann") == state.player("Ann")
    # "Once activated, turn the Mission card face up for all Pirates to see."
    steps = resolve(state, Reach("krakens_reach"))
    assert steps[-1].phase == "Starting a Mission"
    state = steps[-1].state
    assert [h.started for h in state.player("Ann").missions] == [True, False]
    assert "Mission #1 (Kraken's Reach to Lost City of Orichal) face up" in str(state)
    # "the Mission is completed when you reach the second location" and "you are awarded
    # from the bank, the amount of Gold, Gems of any color, and Action Cards listed".
    bank = state.bank
    steps = resolve(state, Reach("lost_city_of_orichal"))
    state = steps[-1].state
    ann = state.player("Ann")
    assert ann.purse == Purse.of(gold=5, red=5, brown=1)
    assert ann.hand == (HOIST, PLUS_TWO, ActionCard(10, "stand_in_either"))
    assert state.bank == bank.remove("red").remove("brown")
    # "If there is no bonus, the Mission card is then discarded."
    assert ann.kept == () and state.mission_discard == (ORICHAL,)
    assert [h.card for h in ann.missions] == [SALVAGE]
    assert "The only way to get Action cards" in steps[-1].rule
    check(state, SCRIPTED)


def test_a_bonus_mission_is_kept_and_adds_to_all_rolls():
    state = apply(game(), EndTurn())  # Bo's turn
    state = apply(state, Reach("mermaid_lagoon"))
    state = apply(state, Reach("port_diablo"))
    bo = state.player("Bo")
    # "If there is a bonus on the Mission (for example, +1 to all rolls), then that Mission
    # card is kept with the Pirate off to the side in order to keep track of bonuses."
    assert bo.kept == (BONUS,) and bo.mission_bonus == 1
    assert roll_bonus(state, "Bo") == 1
    assert roll_bonus(replace(state, dread_pirate="Bo"), "Bo") == 2
    assert bo.purse == Purse.of(gold=6, brown=4)
    # In a battle Bo adds it: 3 + 3 + 1 against Ann's 3 + 3.
    state = apply(state, Attack("Ann"), ScriptedRolls([3, 3, 3, 3]))
    assert (
        "Bo, the attacker, rolls 3 + 3 = 6, +1 from Missions: 7."
        in str([s.text for s in resolve(apply(game(), EndTurn()), Reach("mermaid_lagoon"))])
        or state.pending.battle.total("attacker") == 7
    )


def test_paying_a_mission():
    state = game()
    # "If the objective is to pay Gold or Gems, pay them to the bank any time during your
    # turn." It must have started first.
    with pytest.raises(IllegalActionError, match="has not started: In order to start a Mission"):
        apply(state, Pay(SALVAGE))
    state = apply(state, Reach("sunken_galleon"))
    poor = give(state, "Ann", Purse.of(gold=2, red=4))
    with pytest.raises(IllegalActionError, match="Ann cannot pay 3 Gold: they have 2"):
        apply(poor, Pay(SALVAGE))
    with pytest.raises(IllegalActionError, match="is not completed by paying"):
        apply(apply(state, Reach("krakens_reach")), Pay(ORICHAL))
    steps = resolve(state, Pay(SALVAGE))
    assert steps[0].text.startswith("Ann pays 3 Gold to the bank for Mission #2")
    after = steps[-1].state
    assert after.player("Ann").purse == Purse.of(gold=2, red=5, brown=1, blue=1, green=1)
    assert after.bank.gold == state.bank.gold + 3
    check(after, SCRIPTED)


def test_a_third_mission_is_refused():
    state = game()
    # "Each Pirate can have only 2 uncompleted Mission Cards at any time."
    with pytest.raises(
        IllegalActionError,
        match=r"has 2 uncompleted Missions .* Each Pirate can have only 2 uncompleted Mission "
        r"Cards at any time",
    ):
        apply(state, EndTurn("port_diablo", draw=True))
    # "... or to discard one of your current Missions to draw another."
    steps = resolve(state, EndTurn("port_diablo", draw=True, discard=SALVAGE))
    after = steps[-1].state
    assert [h.card for h in after.player("Ann").missions] == [
        ORICHAL,
        MissionCard(10, "stand_in_voyage_gold"),
    ]
    assert after.mission_discard == (SALVAGE,) and after.active_player.name == "Bo"
    assert [s.phase for s in steps] == ["Getting New Mission Cards"] * 2 + ["Your Turn"]
    check(after, SCRIPTED)


def test_drawing_a_mission_only_at_a_city():
    state = game()
    state = apply(apply(state, Reach("krakens_reach")), Reach("lost_city_of_orichal"))
    assert len(state.player("Ann").missions) == 1
    # "At the end of your turn, if you are at one of the 4 Cities (large anchors), you can
    # choose to either draw a new Mission card".
    with pytest.raises(IllegalActionError, match="not at one of the 4 Cities"):
        apply(state, EndTurn("krakens_reach", draw=True))
    with pytest.raises(IllegalActionError, match="not at one of the 4 Cities"):
        apply(state, EndTurn(None, draw=True))
    with pytest.raises(IllegalActionError, match="discarded only to draw another"):
        apply(state, EndTurn("la_antigua", discard=SALVAGE))
    after = apply(state, EndTurn("la_antigua", draw=True))
    assert len(after.player("Ann").missions) == 2


def test_a_battle_task_counts_battles_won_after_it_starts():
    # "If the objective is to complete a task, the Mission is completed once the task is
    # finished." Bo holds "Win 2 Battles"; his first battle comes before it starts.
    state = apply(game(), EndTurn())
    state = _battle(state, "Ann", [6, 6, 1, 1])
    assert state.player("Bo").missions[0].wins == 0
    state = apply(apply(state, EndTurn()), EndTurn())
    state = apply(state, Reach("krakens_reach"))
    assert state.player("Bo").missions[0].started
    state = _battle(state, "Ann", [6, 6, 1, 1])
    assert state.player("Bo").missions[0].wins == 1
    state = apply(apply(state, EndTurn()), EndTurn())
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


def _battle(state, defender, faces, who=None):
    """The active Pirate attacks `defender` with scripted dice; both pass; the winner takes
    the first legal spoils."""
    state = apply(state, Attack(defender), ScriptedRolls(faces))
    while state.pending is not None:
        if state.pending.kind == "cards":
            state = apply(state, Pass())
        else:
            state = apply(state, legal_actions(state)[0])
    return state


# ---------------------------------------------------------------- battles in play


def test_a_battle_with_cards_the_flag_and_the_spoils():
    state = game()
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
    steps = resolve(state, TakeSpoils(("red",), switch=True))
    state = steps[-1].state
    assert state.player("Bo").purse == Purse.of(gold=5, red=1, brown=4)
    assert steps[-1].text == "Bo switches spaces on the map with Ann."
    # "You can only attack one Pirate each turn."
    with pytest.raises(IllegalActionError, match="You can only attack one Pirate each turn"):
        apply(state, Attack("Bo"))
    # Movement ended before the battle.
    with pytest.raises(IllegalActionError, match="their movement is over"):
        apply(state, Reach("krakens_reach"))
    after = apply(state, EndTurn())
    assert not after.attacked and after.active_player.name == "Bo"
    check(after, SCRIPTED)


def test_the_first_winner_becomes_the_dread_pirate():
    state = _battle(game(), "Bo", [6, 6, 1, 1])
    # "The first Pirate to win a battle becomes the Dread Pirate"
    assert state.dread_pirate == "Ann"
    assert roll_bonus(state, "Ann") == 1
    # Beating someone else does not take the Flag from Ann.
    three = game(names=("Ann", "Bo", "Cy"))
    three = replace(_battle(three, "Bo", [6, 6, 1, 1]), attacked=False)
    three = apply(apply(three, EndTurn()), EndTurn())  # Cy's turn
    three = _battle(three, "Bo", [6, 6, 1, 1])
    assert three.dread_pirate == "Ann"
    assert three.player("Cy").purse.items == 11


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (Attack("Ann"), "cannot attack their own Ship"),
        (Attack("Zed"), "'Zed' is not a Pirate in this game"),
        (Attack("Bo", adjacent=False), "Ship is not next to Bo's: At the end your movement"),
        (Reach("atlantis"), "unknown place 'atlantis'"),
        (Reach("krakens_rech"), "did you mean 'krakens_reach'"),
        (EndTurn("nowhere"), "unknown place 'nowhere'"),
        (Pass(), "there is no battle going on"),
        (TakeSpoils(("gold",)), "there is no battle going on"),
        (Pay(TWO_BATTLES), "is not an uncompleted Mission of Ann's"),
        (EndTurn("port_diablo", draw=True, discard=BONUS), "is not an uncompleted Mission"),
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
    state = give(game(), "Ann", Purse.of(gold=18, red=4))
    state = _battle(state, "Bo", [6, 6, 1, 1])
    assert state.outcome is not None and state.outcome.winner == "Ann"
    assert state.outcome.condition == Condition.GOLD
    assert legal_actions(state) == []
    with pytest.raises(IllegalActionError, match="the game is over: Ann won"):
        apply(state, EndTurn())
    assert "Ann wins: 20 Gold" in str(state)


def test_a_reward_that_wins_ends_the_game():
    state = give(game(), "Ann", Purse.of(gold=5, red=3, brown=3, blue=4, green=4))
    state = apply(state, Reach("krakens_reach"))
    steps = resolve(state, Reach("lost_city_of_orichal"))
    assert steps[-1].phase == "Winning"
    assert steps[-1].state.outcome.condition == Condition.EACH_COLOUR


# ---------------------------------------------------------------- random play


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**9), players=st.integers(2, 4))
def test_random_legal_play_keeps_the_invariants(seed, players):
    state = new_game(["Ann", "Bo", "Cy", "Di"][:players], seed=seed)
    check(state)
    history = playout(state, random.Random(seed), max_actions=250)
    for action, steps in history:
        before = state
        for step in steps:
            check(step.state)
            # "The only way to get Action cards, besides the 2 at the start of the game, is
            # to complete Missions."
            for p in step.state.players:
                if len(p.hand) > len(before.player(p.name).hand):
                    assert step.phase == "Completing a Mission", step.text
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
    tries = [Pass(), EndTurn(), TakeSpoils(()), TakeSpoils(("gold",)), TakeSpoils(("gold", "red"))]
    tries += [Reach(p) for p in DP.places] + [Attack(n) for n in state.names]
    for p in state.players:
        tries += [PlayCard(c) for c in p.hand]
        for held in p.missions:
            tries += [Pay(held.card), EndTurn("port_diablo", draw=True, discard=held.card)]
    tries += [EndTurn(city, draw=True) for city in DP.cities]
    before = state
    for action in tries:
        if action in legal:
            apply(state, action)
        else:
            with pytest.raises(IllegalActionError):
                apply(state, action)
    assert state == before


def test_random_games_end_with_a_win():
    wins = Counter()
    for seed in range(6):
        state = new_game(["Ann", "Bo"], seed=seed)
        history = playout(state, random.Random(seed), max_actions=4000)
        outcome = history[-1][1][-1].state.outcome
        wins[outcome.condition if outcome else None] += 1
    assert wins[None] <= 1 and sum(wins.values()) == 6
