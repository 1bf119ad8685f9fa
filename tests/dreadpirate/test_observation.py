"""Dread Pirate's observation (issue 28): a Pirate's view is exactly what the rules let them
know. "Deal 2 Mission Cards ... These cards are secret from the other Pirates", and so are
the 2 Action Cards. At every decision of 210 seeded greedy games, a twin state that differs
only in what the deciding Pirate cannot see gives them the same view (equal, same hash),
the same legal actions and the same greedy choice; a change they can see changes it."""

from __future__ import annotations

import os
import random
from collections import Counter
from dataclasses import fields, replace

import pytest

from piratelib.dreadpirate.bots import greedy
from piratelib.dreadpirate.game import (
    Observation,
    decider,
    legal_actions,
    new_game,
    observation,
    playout,
    stand_in,
)
from piratelib.dreadpirate.game.state import ActionCard, Held, MissionCard, State
from piratelib.dreadpirate.sea.grid import DIAGONAL_RULES
from piratelib.errors import IllegalActionError, PiratelibError

NAMES = ["Ann", "Bo", "Cy", "Di"]
# (seed, Pirates, diagonal rule, actions): 2, 3 and 4 Pirates in turn, every diagonal rule;
# most games are cut short to keep the file quick, every 21st is played on to 140 actions
# so that battles, spoils, payments, kept Missions and discards are met. With
# PIRATELIB_WHOLE_GAMES=1 every game is played to its end (about 50,000 decisions, 160 s).
WHOLE = bool(os.environ.get("PIRATELIB_WHOLE_GAMES"))
GAMES = [
    (seed, 2 + seed % 3, DIAGONAL_RULES[seed % 4], 5_000 if WHOLE else 140 if seed % 21 == 0 else 8)
    for seed in range(210)
]


def _twin(state: State, blind: set[str], rng: random.Random) -> State:
    """`state` with what every Pirate in `blind` cannot see changed: the other Pirates'
    hands and face-down Missions swapped with cards of the decks (counts kept), the
    first cards of their hands passed round among them, the decks reordered, and another
    seed and count of reshuffles."""
    missions, actions = list(state.mission_deck), list(state.action_deck)
    players = []
    for p in state.players:
        if p.name not in blind:
            hand = list(p.hand)
            for i in range(len(hand)):
                if actions:
                    j = rng.randrange(len(actions))
                    hand[i], actions[j] = actions[j], hand[i]
            held = list(p.missions)
            for i, h in enumerate(held):
                if not h.started and missions:  # started Missions are face up
                    j = rng.randrange(len(missions))
                    held[i], missions[j] = Held(missions[j]), h.card
            p = replace(p, hand=tuple(hand), missions=tuple(held))
        players.append(p)
    others = [i for i, p in enumerate(players) if p.name not in blind and p.hand]
    firsts = [players[i].hand[0] for i in others]
    for i, card in zip(others, firsts[1:] + firsts[:1], strict=True):
        players[i] = replace(players[i], hand=(card, *players[i].hand[1:]))
    rng.shuffle(missions)
    rng.shuffle(actions)
    return replace(
        state,
        players=tuple(players),
        mission_deck=tuple(missions),
        action_deck=tuple(actions),
        seed=state.seed + 1 + rng.randrange(10**6),
        shuffles=state.shuffles + 1 + rng.randrange(5),
    )


def _seen_change(state: State, name: str, k: int) -> State:
    """`state` changed in something Pirate `name` sees: their own hand or Missions, another
    Pirate's number of Action cards, or a purse (the `k`-th of those the state allows)."""
    me = state.player(name)
    other = next(p for p in state.players if p.name != name)
    down = [h for h in me.missions if not h.started]
    missions, actions = state.mission_deck, state.action_deck
    changes = [
        (
            me.hand and actions,
            lambda: _with(
                state,
                name,
                {"hand": (actions[0], *me.hand[1:])},
                action_deck=(me.hand[0], *actions[1:]),
            ),
        ),
        (
            down and missions,
            lambda: _with(
                state,
                name,
                {"missions": tuple(Held(missions[0]) if h == down[0] else h for h in me.missions)},
                mission_deck=(down[0].card, *missions[1:]),
            ),
        ),
        (
            actions,
            lambda: _with(
                state, other.name, {"hand": (*other.hand, actions[0])}, action_deck=actions[1:]
            ),
        ),
        (
            state.bank.gold,
            lambda: _with(
                state,
                other.name,
                {"purse": other.purse.add("gold")},
                bank=state.bank.remove("gold"),
            ),
        ),
    ]
    allowed = [change for possible, change in changes if possible]
    return allowed[k % len(allowed)]() if allowed else replace(state, turn=state.turn + 1)


def _with(state: State, name: str, mine: dict, **table: object) -> State:
    """`state` with Pirate `name` and the table changed at once (no card in two places)."""
    players = tuple(replace(p, **mine) if p.name == name else p for p in state.players)
    return replace(state, players=players, **table)


def test_a_twin_differing_only_in_what_the_decider_cannot_see_looks_the_same_to_them():
    met: Counter[str] = Counter()
    for seed, players, diagonal, cap in GAMES:
        start = new_game(NAMES[:players], seed=seed, diagonal=diagonal)

        def check(state: State, actions: list, rng: random.Random) -> object:
            k = met["decisions"]
            met["decisions"] += 1
            me = decider(state)
            view = observation(state, me)
            twin = _twin(state, {me}, random.Random(k))
            seen = observation(twin, me)
            assert seen == view and hash(seen) == hash(view)
            twin_actions = legal_actions(twin)
            assert twin_actions == actions
            action = greedy(view, actions, random.Random(k))
            assert greedy(seen, twin_actions, random.Random(k)) == action
            table = stand_in(view)
            assert observation(table, me) == view and legal_actions(table) == actions
            others = [p for p in state.players if p.name != me]
            for p in others:
                # the twin hid the others' cards from this Pirate too, not their own
                mine = twin.player(p.name)
                if (mine.hand, mine.missions) != (p.hand, p.missions):
                    assert observation(twin, p.name) != observation(state, p.name)
                    met["changes another sees"] += 1
            # a twin hiding only what both of them cannot see looks the same to both (one
            # other Pirate a decision, in turn)
            p = others[k % len(others)]
            both = _twin(state, {me, p.name}, random.Random(k))
            assert observation(both, me) == view
            assert observation(both, p.name) == observation(state, p.name)
            hidden = [
                (q.hand, q.missions) != (twin.player(q.name).hand, twin.player(q.name).missions)
                for q in state.players
            ]
            met["twins with cards swapped"] += any(hidden)
            assert observation(_seen_change(state, me, k), me) != view
            met[type(action).__name__] += 1
            if state.pending is not None:
                met[f"battle waiting for {state.pending.kind}"] += 1
            if any(h.started for p in state.players if p.name != me for h in p.missions):
                met["another's Mission face up"] += 1
            met["kept Missions"] += any(p.kept for p in state.players)
            met["discards"] += bool(state.mission_discard and state.action_discard)
            return action

        playout(start, random.Random(seed), policy=check, max_actions=cap)
    assert met["decisions"] > 2_500
    assert met["twins with cards swapped"] > 0.9 * met["decisions"]
    assert met["changes another sees"] > met["decisions"]
    for kind in ("Move", "Attack", "PlayCard", "Pass", "TakeSpoils", "Pay", "EndTurn"):
        assert met[kind] > 0, (kind, met)
    for seen in ("battle waiting for cards", "battle waiting for spoils", "kept Missions"):
        assert met[seen] > 0, (seen, met)
    assert met["another's Mission face up"] > 100 and met["discards"] > 100, met


def test_the_view_shows_what_the_rulebook_makes_public():
    """Started Missions are face up "for all Pirates to see"; discards are "face up"; the
    hands and face-down Missions of others are only counted; decks only by size."""
    state = new_game(["Ann", "Bo"], seed=3)
    ann = state.player("Ann")
    started = replace(ann.missions[0], started=True)
    state = state.replace_player("Ann", missions=(started, ann.missions[1]))
    card = state.action_deck[0]
    state = replace(state, action_deck=state.action_deck[1:], action_discard=(card,))
    bo = observation(state, "Bo")
    assert bo.pirate("Ann").started == (started,) and bo.pirate("Ann").missions == 2
    assert bo.pirate("Ann").hand_size == 2 and bo.hand == state.player("Bo").hand
    assert bo.action_discard == (card,) and bo.action_deck == len(state.action_deck)
    hidden_cards = {*ann.hand, ann.missions[1].card, *state.mission_deck, *state.action_deck}
    assert not hidden_cards & set(_everything_in(bo))
    mine = observation(state, "Ann")
    assert mine.missions == state.player("Ann").missions and mine.hand == ann.hand
    assert {f.name for f in fields(Observation)}.isdisjoint({"seed", "shuffles"})
    assert len({bo, mine, observation(state, "Bo")}) == 2  # hashable, equal views once


def test_an_unknown_pirate_is_refused_naming_those_playing():
    state = new_game(["Ann", "Bo", "Cy"], seed=1)
    with pytest.raises(IllegalActionError, match="unknown Pirate 'Bob': did you mean 'Bo'"):
        observation(state, "Bob")
    with pytest.raises(PiratelibError, match="the Pirates are Ann, Bo, Cy"):
        observation(state, "Zed")
    with pytest.raises(PiratelibError, match="unknown Pirate 3"):
        observation(state, 3)
    with pytest.raises(IllegalActionError, match="State"):
        observation(observation(state, "Ann"), "Ann")
    with pytest.raises(TypeError, match="Observation"):
        stand_in(state)


def test_a_view_that_contradicts_itself_is_refused():
    view = observation(new_game(["Ann", "Bo"], seed=1), "Ann")
    with pytest.raises(IllegalActionError, match=r"\(1 and 2\) are not what the table counts"):
        replace(view, hand=view.hand[:1])
    with pytest.raises(IllegalActionError, match="unknown Pirate 'Cy'"):
        replace(view, player="Cy")


def _everything_in(value: object) -> list[object]:
    """Every card anywhere inside `value`, a view, however deep."""
    if isinstance(value, MissionCard | ActionCard):
        return [value]
    if isinstance(value, tuple | list):
        return [card for item in value for card in _everything_in(item)]
    if hasattr(value, "__dataclass_fields__"):
        return [card for f in fields(value) for card in _everything_in(getattr(value, f.name))]
    return []
