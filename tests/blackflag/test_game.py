"""Black Flag!'s turn and rules: setup, attacks, the rulebook's examples, sinkings through
play, End of the Deck, the Flying Deutchmann and Davey Jones, and refused actions."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from piratelib.blackflag.data import PLAYERS, setup_for
from piratelib.blackflag.game import (
    Discard,
    EndPlay,
    Keep,
    Miss,
    PlayDeutchmann,
    PlayShot,
    Respond,
    TakeHit,
    TakeShip,
    apply,
    decider,
    legal_actions,
    new_game,
    resolve,
)
from piratelib.blackflag.scoring import Termination
from piratelib.blackflag.state import Card, Ship, Token
from piratelib.errors import IllegalActionError

SIX = ["Andrew", "Barbara", "Cody", "Daniel", "Emma", "Frank"]
SIX_ROLES = [
    "admiral",
    "commodore",
    "ensign",
    "lieutenant",
    "ibberian_privateer",
    "brittish_privateer",
]
CALYPSO = Ship("Calypso", treasure=2, range=2, ammunition=1, barrels=4, cannon=True)
SLOOP = Ship("Sloop", treasure=1, range=1, ammunition=1, barrels=5)
TWO_GUNS = Ship("Two Guns", treasure=1, range=1, ammunition=2, barrels=5)


def filler(n: int = 72, start: int = 100) -> list[Card]:
    """Cards that matter to no test: Telescopes with corner D, numbered from `start`."""
    return [Card(start + i, "telescope", "corner_d") for i in range(n)]


def shot(n: int) -> Card:
    return Card(n, "shot", "corner_a")


def miss(n: int) -> Card:
    return Card(n, "miss", "corner_b")


def game(ships=None, roles=SIX_ROLES, names=SIX, deck=None):
    """A scripted game: Andrew (the Admiral) to play, with the given Ships in seat order."""
    ships = list(ships or [CALYPSO] + [SLOOP] * (len(names) - 1))
    ships += [SLOOP] * 6
    # Each Ship card is in the box once: repeated stand-ins get numbered names.
    ships = [
        replace(s, name=f"{s.name} {i}") if ships.count(s) > 1 else s for i, s in enumerate(ships)
    ]
    return new_game(names, roles=roles, ships=ships, deck=deck or filler())


def holding(state, name, *cards, equipment=()):
    return state.replace_player(name, hand=tuple(cards), equipment=tuple(equipment))


# ---------------------------------------------------------------- setup


@pytest.mark.parametrize("players", PLAYERS)
def test_setup_for_each_player_count(players):
    names = [f"P{i}" for i in range(players)]
    state = new_game(names, seed=players)
    row = setup_for(players)
    assert Counter(state.roles.values()) == Counter(row["roles"])
    # Step 9: "The Admiral reveals their Role and keeps it face up."
    assert [p.revealed for p in state.players] == [p.role == "admiral" for p in state.players]
    assert (state.flags, state.hourglass, state.reserve) == (
        row["flags"],
        row["hourglass"],
        19 - row["hourglass"],
    )
    # Step 13: hands of 4 from the Admiral clockwise, 5 for the 6th to 8th players; the
    # Admiral begins and has drawn 2.
    first = state.active
    assert state.active_player.role == "admiral" and state.phase == "play"
    sizes = [len(state.players[(first + k) % players].hand) for k in range(players)]
    assert sizes == [row["hands"][0] + 2, *row["hands"][1:]]
    # Step 6: each Ship's Barrels; step 5: a row of 3 Ships.
    assert all(p.barrels == p.ship.barrels for p in state.players)
    assert len(state.ship_row) == 3 and len(state.ship_row) + len(state.ship_deck) == 14 - players
    cards = len(state.deck) + sum(len(p.hand) for p in state.players)
    assert cards == 72


@pytest.mark.parametrize("players", [3, 9, 0])
def test_illegal_player_count(players):
    with pytest.raises(IllegalActionError, match=f"{players} is an illegal player count"):
        new_game([f"P{i}" for i in range(players)])


def test_roles_must_be_the_setup_rows():
    with pytest.raises(IllegalActionError, match="Setup step 8: 4 players take the Roles"):
        new_game(SIX[:4], roles=["admiral", "commodore", "pirate", "ensign"])


# ---------------------------------------------------------------- attacks


def test_calypso_with_a_cannon_card_costs_3_barrels():
    # "Andrew's Calypso Ship has the Cannon ability; in addition, among his Equipment, he
    # has a Cannon card. Andrew, with a single SHOT, would cause the target to lose 3
    # Barrels if it hits."
    state = holding(game(), "Andrew", shot(1), equipment=[Card(2, "cannon", "corner_a")])
    state = apply(state, PlayShot(shot(1), "Barbara"))
    assert state.player("Barbara").barrels == SLOOP.barrels - 3


def test_annie_bonnie_ignores_the_cannon_card_but_not_the_ship():
    # "Annie Bonnie: Against her, Equipment does not work ... She ignores an opponent's
    # Cannon if she is hit by a SHOT."
    state = holding(game(), "Andrew", shot(1), equipment=[Card(2, "cannon", "corner_a")])
    state = state.replace_player("Barbara", captain="annie_bonnie")
    steps = resolve(state, PlayShot(shot(1), "Barbara"))
    assert steps[-1].state.player("Barbara").barrels == SLOOP.barrels - 2
    assert "Annie Bonnie" in steps[-1].rule


def test_telescope_reaches_daniel():
    # "Andrew has a Telescope card in play, which increases his Range by 1. His Ship,
    # which has a Range of 2, can now hit Daniel."
    state = holding(game(), "Andrew", shot(1))
    with pytest.raises(
        IllegalActionError, match="Daniel is at distance 3, beyond Andrew's Range of 2"
    ):
        apply(state, PlayShot(shot(1), "Daniel"))
    state = holding(state, "Andrew", shot(1), equipment=[Card(2, "telescope", "corner_a")])
    assert PlayShot(shot(1), "Daniel") in legal_actions(state)
    after = apply(state, PlayShot(shot(1), "Daniel"))
    assert after.player("Daniel").barrels == SLOOP.barrels - 2  # SHOT and the Calypso's Cannon


def test_sails_on_andrew():
    # "Andrew has a Sails card in play. Now Barbara must have a Range value of at least 2 in
    # order to hit him. Andrew, on the other hand, ... can hit Barbara with a Range of 1."
    ships = [SLOOP, SLOOP, *[SLOOP] * 4]
    state = holding(game(ships), "Andrew", shot(1), equipment=[Card(2, "sails", "corner_a")])
    assert PlayShot(shot(1), "Barbara") in legal_actions(state)
    state = replace(holding(state, "Barbara", shot(3)), active=1)
    with pytest.raises(
        IllegalActionError, match="Andrew is at distance 2, beyond Barbara's Range of 1"
    ):
        apply(state, PlayShot(shot(3), "Andrew"))


def test_ammunition_limits_attack_cards():
    state = holding(game(), "Andrew", shot(1), shot(2))
    state = apply(state, PlayShot(shot(1), "Barbara"))
    with pytest.raises(IllegalActionError, match="Ammunition is 1"):
        apply(state, PlayShot(shot(2), "Barbara"))
    two = holding(game([TWO_GUNS, *[SLOOP] * 5]), "Andrew", shot(1), shot(2))
    two = apply(apply(two, PlayShot(shot(1), "Barbara")), PlayShot(shot(2), "Frank"))
    assert two.player("Frank").barrels == SLOOP.barrels - 1


def test_miss_cancels_and_the_target_decides():
    state = holding(holding(game(), "Andrew", shot(1)), "Barbara", miss(2), shot(3))
    state = apply(state, PlayShot(shot(1), "Barbara"))
    assert decider(state) == "Barbara"
    assert set(legal_actions(state)) == {Miss(miss(2)), TakeHit()}
    with pytest.raises(IllegalActionError, match="has no MISS"):
        apply(state, Miss(shot(3)))
    missed = apply(state, Miss(miss(2)))
    assert missed.player("Barbara").barrels == SLOOP.barrels and decider(missed) == "Andrew"
    hit = apply(state, TakeHit())
    assert hit.player("Barbara").barrels == SLOOP.barrels - 2  # the Calypso's Cannon


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (PlayShot(shot(1), "Zed"), "'Zed' is not a player at the table"),
        (PlayShot(shot(9), "Barbara"), r"SHOT #9 \(A\) is not in Andrew's hand"),
        (PlayShot(shot(1), "Andrew"), "cannot target their own Ship"),
        (PlayShot(shot(1), "Cody"), "Cody has no Ship. Important: If a player does not have"),
        (TakeHit(), "there is no SHOT, sinking or Flying Deutchmann to answer"),
        (TakeShip(0), "Andrew already has a Ship"),
        (Discard(shot(1)), "4. Discard"),
    ],
)
def test_refused_actions_name_the_rule_and_change_nothing(action, message):
    state = holding(game(), "Andrew", shot(1)).replace_player("Cody", ship=None, barrels=0)
    before = state
    with pytest.raises(IllegalActionError, match=message):
        apply(state, action)
    assert state == before
    assert action not in legal_actions(state)


# ---------------------------------------------------------------- sinking through play


def test_british_privateer_sunk_moves_the_chest_2_toward_ibberia():
    # "Andrew's Ship is sunk, and his Role is revealed: A Brittish Privateer! Andrew's Ship
    # has a Treasure Chest value of 2. The Treasure Chest is moved 2 spaces toward the
    # Ibberian Flag."
    roles = ["brittish_privateer", "admiral", "commodore", "ibberian_privateer"]
    state = game([CALYPSO, SLOOP, SLOOP, SLOOP], roles=roles, names=SIX[:4])
    assert state.active_player.name == "Barbara"
    state = holding(state, "Barbara", shot(1)).replace_player("Andrew", barrels=1)
    steps = resolve(state, PlayShot(shot(1), "Andrew"))
    after = steps[-1].state
    assert after.chest == 2 and after.player("Andrew").revealed
    assert after.player("Andrew").ship is None and after.ship_deck[-1] == CALYPSO
    assert after.player("Barbara").doubloons == 1 and after.hourglass == 6
    phases = [s.phase for s in steps]
    assert [p for p in phases if p.startswith("Sinking")] == [
        f"Sinking a Ship: {k}" for k in (1, 2, 4, 5, 6)
    ]
    assert "Brittish Privateer" in steps[phases.index("Sinking a Ship: 1")].text


def test_a_sinking_moves_players_closer():
    # "it may happen that some players "move closer" following a sinking"
    names = ["Andrew", "Barbara", "Cody", "Daniel", "Emma"]
    roles = ["admiral", "commodore", "ensign", "lieutenant", "pirate"]
    state = holding(game([SLOOP] * 5, names=names, roles=roles), "Andrew", shot(1), shot(2))
    with pytest.raises(IllegalActionError, match="Cody is at distance 2"):
        apply(state, PlayShot(shot(2), "Cody"))
    state = apply(state.replace_player("Barbara", barrels=1), PlayShot(shot(1), "Barbara"))
    state = replace(state, attacks=0)  # a second Attack, as if the Ship had Ammunition 2
    # Barbara has no Ship now, so Cody is 1 space from Andrew.
    assert apply(state, PlayShot(shot(2), "Cody")).player("Cody").barrels == SLOOP.barrels - 1


def test_pirate_sunk_moves_toward_the_sinkers_flag_and_admiral_promotion():
    names = ["Andrew", "Barbara", "Cody", "Daniel", "Emma"]
    roles = ["admiral", "commodore", "ensign", "lieutenant", "pirate"]
    state = holding(game(names=names, roles=roles), "Andrew", shot(1))
    state = state.replace_player("Emma", barrels=1)
    after = apply(state, PlayShot(shot(1), "Emma"))
    assert after.chest == 1  # toward the Admiral's (Andrew's) Ibberian Flag, Sloop's value 1
    state = replace(holding(holding(state, "Andrew"), "Barbara", shot(1)), active=1)
    state = state.replace_player("Andrew", barrels=1).replace_player("Daniel", revealed=True)
    state = state.replace_player("Barbara", ship=replace(CALYPSO, name="Queen Anne"))
    # Barbara sinks the Admiral: Ibberian, so toward the Brittish Flag, 2 + 1 spaces, and the
    # revealed Lieutenant Daniel is promoted.
    steps = resolve(state, PlayShot(shot(1), "Andrew"))
    after = steps[-1].state
    assert after.chest == -3
    assert after.roles["Andrew"] == "lieutenant" and after.roles["Daniel"] == "admiral"
    assert [s.phase for s in steps].count("Promotions") == 1


def test_sunk_player_keeps_one_equipment_and_takes_a_ship_on_their_turn():
    kit = [Card(2, "sails", "corner_a"), Card(3, "telescope", "corner_a")]
    state = holding(game(), "Andrew", shot(1), shot(4))
    state = holding(state, "Barbara", equipment=kit).replace_player("Barbara", barrels=1)
    state = apply(state, PlayShot(shot(1), "Barbara"))
    assert state.pending.kind == "keep" and decider(state) == "Barbara"
    assert set(legal_actions(state)) == {Keep(kit[0]), Keep(kit[1]), Keep(None)}
    state = apply(state, Keep(kit[1]))
    assert state.player("Barbara").equipment == (kit[1],) and kit[0] in state.discard
    assert state.player("Andrew").doubloons == 1 and decider(state) == "Andrew"
    # Barbara's turn: "1. New Ship: If you don't have a Ship, you must take one".
    state = apply(state, EndPlay())
    assert state.active_player.name == "Barbara" and state.phase == "new_ship"
    row = state.ship_row
    state = apply(state, TakeShip(1))
    assert state.player("Barbara").ship == row[1] and state.phase == "play"
    assert len(state.ship_row) == 3  # refilled from the Ship deck (assumed)


def test_sinking_victory_after_a_sinking():
    state = holding(game(), "Andrew", shot(1)).replace_player("Barbara", barrels=1)
    state = replace(state, chest=4)  # the Commodore's Ship: 1 + 1 more reaches the 6 Flag
    after = apply(state, PlayShot(shot(1), "Barbara"))
    assert after.outcome.termination is Termination.SINKING
    assert after.outcome.winner == "ibberia" and after.outcome.winners == ("Andrew", "Daniel")
    assert legal_actions(after) == []


def test_wealth_win_counts_the_hidden_role():
    state = holding(game(), "Andrew", shot(1)).replace_player("Barbara", barrels=1)
    state = replace(state, active=4).replace_player("Emma", doubloons=2)
    state = holding(holding(state, "Andrew"), "Emma", shot(1))
    # Emma, the hidden Ibberian Privateer, sinks Frank (at distance 1) for her 3rd
    # Doubloon; with her face-down Role that is 4.
    state = state.replace_player("Frank", barrels=1)
    after = apply(state, PlayShot(shot(1), "Frank"))
    assert after.outcome.termination is Termination.WEALTH and after.outcome.winners == ("Emma",)


# ---------------------------------------------------------------- the turn and the deck


def test_discard_to_five_and_adrift():
    cards = [shot(n) for n in range(1, 8)]
    state = apply(holding(game(), "Andrew", *cards), EndPlay())
    assert state.phase == "discard" and {type(a) for a in legal_actions(state)} == {Discard}
    state = apply(state, Discard(cards[0]))
    state = apply(state, Discard(cards[1]))
    assert state.active_player.name == "Barbara" and len(state.player("Andrew").hand) == 5


def test_adrift_out_of_turn_after_the_last_card():
    state = holding(holding(game(), "Andrew", shot(1)), "Barbara", miss(2))
    state = apply(apply(state, PlayShot(shot(1), "Barbara")), Miss(miss(2)))
    assert len(state.player("Barbara").hand) == 1  # "immediately draw 1 card"


def test_end_of_the_deck_moves_the_flags_and_reshuffles():
    state = game()
    discards = tuple(filler(10, start=500))
    state = replace(state, deck=(), discard=discards, chest=5)
    state = holding(state, "Andrew")
    # Andrew has no cards: he ends his turn, and draws 1 (Adrift!) from an empty deck.
    steps = resolve(state, EndPlay())
    after = steps[-1].state
    assert "End of the Deck" in [s.phase for s in steps]
    assert (after.flags, after.hourglass, after.reserve) == (5, 7, 12)
    # "if the Treasure Chest reaches a team's Flag during this step, the game is not over"
    assert after.chest == 5 and after.outcome is None
    drawn = [card for p in after.players for card in p.hand if card in discards]
    assert sorted([*after.deck, *drawn, *after.discard]) == sorted(discards)
    assert len(drawn) == 3  # Andrew's Adrift! card and Barbara's Draw


# ---------------------------------------------------------------- Flying Deutchmann, Davey Jones


def test_flying_deutchmann_respond_or_lose_two_barrels():
    deutch = Card(1, "flying_deutchmann", "corner_c")
    state = holding(game(), "Andrew", deutch)
    state = state.replace_player("Cody", ship=None, barrels=0)
    state = apply(state, PlayDeutchmann(deutch, "Barbara"))
    assert state.token == Token("flying_deutchmann", "Barbara")
    assert len(state.player("Andrew").hand) == 1  # its DRAW effect
    # Barbara's turn: she reveals the top card (corner D) and may respond with a D card.
    d_card = Card(2, "miss", "corner_d")
    state = holding(state, "Barbara", d_card)
    state = apply(state, EndPlay())
    assert state.pending.kind == "deutchmann" and state.pending.card.corner == "corner_d"
    assert set(legal_actions(state)) == {Respond(d_card), Respond(None)}
    responded = apply(state, Respond(d_card))
    # "the Flying Deutchmann moves to the next Ship in a clockwise direction (skip players
    # who do not have a Ship)": Cody has none.
    assert responded.token == Token("flying_deutchmann", "Daniel")
    assert d_card in responded.player("Barbara").hand  # only revealed, not discarded
    declined = apply(state, Respond(None))
    assert declined.token is None and declined.player("Barbara").barrels == SLOOP.barrels - 2


def test_flying_deutchmann_sinks_the_pirate_without_moving_the_chest():
    names = ["Andrew", "Barbara", "Cody", "Daniel", "Emma"]
    roles = ["admiral", "pirate", "commodore", "ensign", "lieutenant"]
    state = holding(game(names=names, roles=roles), "Andrew")
    state = replace(state, token=Token("flying_deutchmann", "Barbara"))
    state = state.replace_player("Barbara", barrels=2, hand=())
    steps = resolve(state, EndPlay())
    after = steps[-1].state
    texts = " ".join(s.text for s in steps)
    assert after.chest == 0 and "The Treasure Chest does not move" in texts
    # "No one receives a Doubloon: instead, discard one from the Hourglass to the supply."
    assert after.hourglass == 6 and after.reserve == 13
    # "take a new Ship immediately and play your turn as normal"
    assert after.active_player.name == "Barbara" and after.phase == "new_ship"


def test_davey_jones_enters_and_ends_the_game():
    state = holding(game(), "Andrew", shot(1)).replace_player("Barbara", barrels=1)
    state = replace(state, hourglass=1, reserve=18)
    state = apply(state, PlayShot(shot(1), "Barbara"))
    # "place it in front of the player to the left of the active player"
    assert state.token == Token("davey_jones", "Barbara") and state.hourglass == 0
    deutch = Card(7, "flying_deutchmann", "corner_a")
    state = holding(state, "Andrew", deutch)
    drawn = apply(state, PlayDeutchmann(deutch, "Cody"))
    assert drawn.token == state.token and len(drawn.player("Andrew").hand) == 1
    # Barbara (no Ship) must still reveal; she cannot respond, so the game ends.
    state = holding(drawn, "Barbara")
    steps = resolve(state, EndPlay())
    after = steps[-1].state
    assert after.outcome.termination is Termination.EDGE_OF_THE_WORLD
    assert all(p.revealed for p in after.players)
    hidden = [p.name for p in state.players if not p.revealed]
    assert all(after.player(n).doubloons == state.player(n).doubloons + 1 for n in hidden)
    assert after.doubloon_tokens() == 19


def test_davey_jones_must_respond_when_able():
    state = holding(game(), "Andrew")
    state = replace(state, token=Token("davey_jones", "Barbara"), hourglass=0, reserve=19)
    state = holding(state, "Barbara", Card(2, "shot", "corner_d"))
    after = apply(state, EndPlay())
    assert after.token == Token("davey_jones", "Cody") and after.outcome is None
