"""Dread Pirate refuses hostile input with a piratelib error and changes nothing (issue 16).

Every example the issue gives for Dread Pirate is here with its exact call: the refusal of
a malformed ``TakeSpoils`` and of ``resolve(state, None)``, unknown ids, records that check
themselves, the Mission deck (a card is always somewhere; a Mission discarded to draw
another is never drawn straight back), the data files and what the loaders and the sea
graph return, and numbers. A small seeded hypothesis run throws hostile actions at states
of random play.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from piratelib.dreadpirate import data as dp_data
from piratelib.dreadpirate.battle import describe_card, resolve_battle
from piratelib.dreadpirate.battle.fight import Battler
from piratelib.dreadpirate.data import load_dreadpirate, mission_text, place_name
from piratelib.dreadpirate.game import (
    Attack,
    EndTurn,
    Move,
    Pass,
    Pay,
    PlayCard,
    TakeSpoils,
    apply,
    legal_actions,
    new_game,
    playout,
    resolve,
)
from piratelib.dreadpirate.game.state import ActionCard, Held, MissionCard, Pirate, State
from piratelib.dreadpirate.game.turn import sea_graph as game_graph
from piratelib.dreadpirate.sea import grid as dp_sea
from piratelib.dreadpirate.sea.grid import load_sea, sea_graph, square_of
from piratelib.dreadpirate.treasure import Purse
from piratelib.errors import DataError, IllegalActionError

BUDGET = 5.0  # seconds one call may take (a guard, not a timing test)


def refused(state: State, action: object, match: str) -> None:
    """`action` is refused with IllegalActionError matching `match`; `state` is unchanged."""
    before = replace(state)
    with pytest.raises(IllegalActionError, match=match):
        resolve(state, action)
    assert state == before


@pytest.fixture(scope="module")
def spoils_state() -> State:
    """A state of seeded random play in which a battle waits for its winner's spoils."""
    for seed in range(200):
        start = new_game(["Ann", "Bo"], seed=seed)
        for _, steps in playout(start, random.Random(seed), max_actions=400):
            state = steps[-1].state
            if state.pending is not None and state.pending.kind == "spoils":
                return state
    raise AssertionError("no battle reached its spoils in 200 seeded games")


# --- The examples: malformed actions -------------------------------------------


@pytest.mark.parametrize("where", ["start", "spoils"])
def test_take_spoils_with_numbers_or_a_string_switch_is_refused(where, spoils_state):
    state = new_game(["Ann", "Bo"], seed=3) if where == "start" else spoils_state
    refused(state, TakeSpoils(picks=(1, 2)), r"unknown spoils item 1: .*gold")
    refused(state, TakeSpoils(switch="yes"), r"switch must be True or False, got 'yes'")


def test_resolve_refuses_none_naming_the_actions():
    state = new_game(["Ann", "Bo"], seed=3)
    refused(state, None, r"None is not a Dread Pirate action: the actions are Move, Attack")
    with pytest.raises(IllegalActionError, match="not a Dread Pirate action"):
        apply(state, "EndTurn")


@pytest.mark.parametrize(
    ("action", "match"),
    [
        (Move(()), "a Move is a path of"),
        (Move(((0, 0), (0.5, 1))), "a Move is a path of"),
        (Attack(None), "Attack names the defending Pirate"),
        (PlayCard("hoist_the_jolly_roger"), "PlayCard needs a ActionCard"),
        (Pay(3), "Pay needs a MissionCard"),
        (EndTurn(draw="yes"), "draw must be True or False"),
        (EndTurn(draw=True, discard="orichal"), "EndTurn needs a MissionCard"),
        (TakeSpoils(picks="gold"), "picks is a tuple of items"),
    ],
)
def test_malformed_actions_are_refused_before_any_rule(action, match):
    refused(new_game(["Ann", "Bo"], seed=3), action, match)


# --- Unknown ids ------------------------------------------------------------------------


def test_unknown_ids_name_what_is_allowed():
    with pytest.raises(IllegalActionError, match=r"unknown Action card 'hard_to_starbord'.*did"):
        describe_card(None, None, "defender", "hard_to_starbord")
    with pytest.raises(IllegalActionError, match="unknown place nan"):
        place_name(math.nan)
    with pytest.raises(IllegalActionError, match="unknown Mission 'orichal'"):
        mission_text("orichal")
    with pytest.raises(IllegalActionError, match=r"unknown place 'krakens_rech'.*krakens_reach"):
        square_of(sea_graph(), "krakens_rech")
    with pytest.raises(IllegalActionError, match="unknown Mission 'no_such'"):
        MissionCard(1, "no_such")
    with pytest.raises(IllegalActionError, match="'Cy' is not a Pirate in this game"):
        resolve(new_game(["Ann", "Bo"], seed=3), Attack("Cy"))


# --- Records that check themselves ------------------------------------------------------

ORICHAL = MissionCard(1, "example_orichal")


@pytest.mark.parametrize(
    ("make", "match"),
    [
        (lambda: Held("example_orichal"), "Held card must be a MissionCard"),
        (lambda: Held(ORICHAL, wins=-1), "Held wins must be a whole number"),
        (lambda: Held(ORICHAL, started="no"), "Held started must be True or False"),
        (lambda: MissionCard(0, "example_orichal"), "number must be a whole number from 1"),
        (lambda: ActionCard(math.nan, "hard_to_starboard"), "number must be a whole number"),
        (lambda: Pirate("", "red", Purse(), (0, 0)), "a Pirate needs a name"),
        (lambda: Pirate("Ann", "purple", Purse(), (0, 0)), "unknown Gem colour 'purple'"),
        (lambda: Pirate("Ann", "red", 5, (0, 0)), "purse must be a Purse"),
        (lambda: Pirate("Ann", "red", Purse(), (1, 4)), r"\(1, 4\), not a water square"),
        (lambda: Pirate("Ann", "red", Purse(), (0, 0), hand=("x",)), "hand must hold only"),
        (
            lambda: Pirate("Ann", "red", Purse(), (0, 0), missions=(Held(ORICHAL),) * 3),
            "only 2 uncompleted Mission Cards",
        ),
        (lambda: Battler("Ann", mission_bonus=-1), "mission_bonus must be a whole number"),
        (lambda: Battler("Ann", cards=("no_card",)), "unknown Action card 'no_card'"),
    ],
)
def test_records_refuse_what_the_rules_cannot_hold(make, match):
    with pytest.raises(IllegalActionError, match=match):
        make()


@pytest.mark.parametrize(
    ("change", "match"),
    [
        (lambda s: {"players": s.players[:1]}, "played by 2 to 4 Pirates, got 1"),
        (lambda s: {"active": 2}, "active must be a whole number from 0 to 1"),
        (lambda s: {"active": math.inf}, "active must be a whole number"),
        (lambda s: {"dread_pirate": "Cy"}, "unknown Pirate holding the Dread Pirate Flag 'Cy'"),
        (lambda s: {"turn": -1}, "turn must be a whole number from 1"),
        (lambda s: {"dice": (0, 7)}, "a die must be a whole number from 1 to 6"),
        (lambda s: {"diagonal": "sometimes"}, "unknown diagonal rule 'sometimes'"),
        (lambda s: {"bank": {"gold": 3}}, "bank must be a Purse"),
        (lambda s: {"mission_deck": (*s.mission_deck, None)}, "mission_deck must hold only"),
        (
            lambda s: {"mission_discard": (s.players[0].missions[0].card,)},
            "is in two places at once",
        ),
        (lambda s: {"action_deck": (*s.action_deck, s.action_deck[0])}, "two places at once"),
    ],
)
def test_the_state_refuses_what_the_rules_cannot_hold(change, match):
    state = new_game(["Ann", "Bo"], seed=3)
    before = replace(state)
    with pytest.raises(IllegalActionError, match=match):
        replace(state, **change(state))
    assert state == before


def test_two_ships_cannot_share_a_square():
    state = new_game(["Ann", "Bo"], seed=3)
    with pytest.raises(IllegalActionError, match="Two or more ships cannot occupy the same space"):
        state.replace_player("Bo", square=state.player("Ann").square)


def test_new_game_refuses_repeated_and_non_card_entries():
    deck = list(load_dreadpirate().mission_deck)  # ids, not cards
    with pytest.raises(IllegalActionError, match="the Mission deck holds MissionCards, got"):
        new_game(["Ann", "Bo"], missions=deck)
    cards = [ActionCard(1, "hard_to_starboard")] * 10
    with pytest.raises(IllegalActionError, match="holds Hard to Starboard! #1 twice"):
        new_game(["Ann", "Bo"], actions=cards)
    with pytest.raises(IllegalActionError, match="seed must be a whole number, got nan"):
        new_game(["Ann", "Bo"], seed=math.nan)


# --- The Mission deck -------------------------------------------------------------------


def test_every_step_of_random_play_holds_every_card_once():
    """A completed Mission is never "for a moment neither held nor discarded"."""
    completed = 0
    for seed in range(6):
        start = new_game(["Ann", "Bo", "Cy"][: 2 + seed % 2], seed=seed)
        for _, steps in playout(start, random.Random(seed), max_actions=600):
            for step in steps:
                s = step.state
                held = [h.card for p in s.players for h in p.missions]
                kept = [c for p in s.players for c in p.kept]
                cards = [*s.mission_deck, *s.mission_discard, *held, *kept]
                assert sorted(cards) == sorted(set(cards)) and len(cards) == 50, step.text
                hands = [c for p in s.players for c in p.hand]
                cards = [*s.action_deck, *s.action_discard, *hands]
                assert len(cards) == len(set(cards)) == 50, step.text
                completed += step.phase == "Completing a Mission"
    assert completed  # the play checked did complete Missions


def test_a_completed_mission_is_discarded_before_the_action_deck_is_remade():
    from piratelib.dreadpirate.game.missions import complete
    from piratelib.dreadpirate.game.state import mission_deck

    state = new_game(["Ann", "Bo"], seed=1, missions=mission_deck())  # Ann holds #1
    state = replace(state, action_deck=(), action_discard=state.action_deck)
    log = []
    complete(state, "Ann", ORICHAL, log)  # its reward draws 1 Action card: a reshuffle
    assert [step.phase for step in log] == ["Decks", "Completing a Mission"]
    for step in log:
        assert ORICHAL in step.state.mission_discard, step.text


def _at_city_with_empty_deck(discard: tuple[MissionCard, ...]) -> State:
    """Ann, on Port Diablo, holds two Missions; the Mission deck is empty."""
    state = new_game(["Ann", "Bo"], seed=3)
    assert state.active_player.name == "Ann"
    return replace(state, mission_deck=(), mission_discard=discard)


def test_a_mission_discarded_to_draw_another_is_not_drawn_back():
    # "discard one of your current Missions to draw another"
    state = _at_city_with_empty_deck(discard=())
    mine = state.player("Ann").missions[0].card
    refused(state, EndTurn(draw=True, discard=mine), "no Mission card is left to draw")
    other = next(c for c in new_game(["Ann", "Bo"], seed=4).mission_deck if c not in _cards(state))
    state = _at_city_with_empty_deck(discard=(other,))
    after = apply(state, EndTurn(draw=True, discard=mine))
    ann = after.player("Ann")
    assert [h.card for h in ann.missions][-1] == other and not ann.missions[-1].started
    assert mine not in [h.card for h in ann.missions] and after.mission_discard == (mine,)


def _cards(state: State) -> set[MissionCard]:
    return {*state.mission_deck, *state.mission_discard} | {
        h.card for p in state.players for h in p.missions
    }


# --- Data files, loaders and the graph --------------------------------------------------


@pytest.mark.parametrize("load", [dp_data.load_dreadpirate, dp_sea.load_sea])
def test_unreadable_files_are_data_errors_naming_the_file(load, tmp_path):
    with pytest.raises(DataError, match="path of a data file must be a non-empty"):
        load("")
    with pytest.raises(DataError, match="a directory, not a data file"):
        load(tmp_path)
    latin = tmp_path / "latin.toml"
    latin.write_bytes("name = 'Caf\u00e9'\n".encode("latin-1"))
    with pytest.raises(DataError, match=r"latin\.toml: not UTF-8 text"):
        load(latin)
    with pytest.raises(DataError, match="no such data file"):
        load(tmp_path / "missing.toml")


@pytest.mark.parametrize(
    ("file", "path", "value", "match"),
    [
        ("dreadpirate.toml", ("components", "src"), [[1]], "components: src must be a list"),
        ("dreadpirate.toml", ("mission", 0, "id"), 7, r"mission #1: id must be text, got 7"),
        ("dreadpirate.toml", ("setup", "gold"), "5", "setup: gold must be a whole number"),
        ("dreadpirate.toml", ("components", "maps"), -1, "components: maps must be a whole"),
        ("dreadpirate.toml", ("turn_order", "first"), 1, "turn_order: unknown keys first"),
        ("dreadpirate_sea.toml", ("place", 0, "at", 0), True, r"place #1 \(port_diablo\): at"),
        ("dreadpirate_sea.toml", ("place", 0, "name"), 3, "place #1: name must be text"),
    ],
)
def test_each_field_is_type_checked_naming_file_and_entry(file, path, value, match):
    import copy
    import tomllib
    from importlib import resources

    raw = tomllib.loads((resources.files("piratelib.data") / file).read_text())
    raw = copy.deepcopy(raw)
    where = raw
    for key in path[:-1]:
        where = where[key]
    where[path[-1]] = value
    build = dp_data._build if file == "dreadpirate.toml" else dp_sea._build
    with pytest.raises(DataError, match=f"{file}: .*{match}|{file}: {match}"):
        build(file, raw)


def test_loaders_and_graphs_cannot_be_changed_by_a_caller():
    dp = load_dreadpirate()
    with pytest.raises(TypeError):
        dp.missions["example_orichal"]["reward"]["red"] = 9
    with pytest.raises(AttributeError):  # a tuple: it has no append
        load_sea().places["port_diablo"]["src"].append("board")
    for G in (game_graph(), sea_graph()):
        with pytest.raises(TypeError, match="read-only"):
            G.nodes[(0, 0)]["place"] = "skull_rock"
        with pytest.raises(TypeError, match="read-only"):
            G.edges[(0, 0), (0, 1)]["step"] = "diagonal"
        with pytest.raises(TypeError, match="read-only"):
            G.graph["diagonal"] = "always"
    assert game_graph().nodes[(0, 0)]["place"] == "port_diablo"
    assert load_dreadpirate().missions["example_orichal"]["reward"]["red"] == 1


# --- Numbers ----------------------------------------------------------------------------


@pytest.mark.parametrize("bad", [math.inf, math.nan, -1, 2.5, True])
def test_playout_refuses_a_count_of_actions_that_is_not_whole(bad):
    state = new_game(["Ann", "Bo"], seed=3)
    with pytest.raises(IllegalActionError, match="max_actions must be a whole number"):
        playout(state, random.Random(1), max_actions=bad)


@pytest.mark.parametrize("bad", [-1, math.nan, 1.0, math.inf])
def test_a_purse_refuses_negative_and_non_whole_counts(bad):
    purse = Purse.of(gold=5, red=4)
    for change in (purse.add, purse.remove):
        with pytest.raises(IllegalActionError, match="how many must be a whole number"):
            change("red", bad)
    assert purse == Purse.of(gold=5, red=4)


def test_a_battle_refuses_a_string_switch_and_strange_picks():
    ann, bo = Battler("Ann", Purse.of(gold=5)), Battler("Bo", Purse.of(gold=5))
    with pytest.raises(IllegalActionError, match="switch must be True or False"):
        resolve_battle(ann, bo, [4, 4, 6, 2], switch="yes")
    with pytest.raises(IllegalActionError, match="unknown Gem colour 1"):
        resolve_battle(ann, bo, [4, 4, 6, 2], picks=(1, 2))


# --- Hostile actions on states of random play -------------------------------------------

_SQUARES = st.tuples(st.integers(-2, 14), st.integers(-2, 21)) | st.sampled_from(
    [(0.5, 1), ("a", 1), (True, 0), (math.nan, 0)]
)
_HOSTILE = st.one_of(
    st.none(),
    st.integers(),
    st.text(max_size=4),
    st.builds(Move, st.lists(_SQUARES, max_size=4)),
    st.builds(Attack, st.sampled_from(["Ann", "Bo", "Cy", "", None, 3])),
    st.builds(PlayCard, st.sampled_from([ActionCard(1, "hard_to_starboard"), None, "x"])),
    st.just(Pass()),
    st.builds(
        TakeSpoils,
        st.lists(st.sampled_from(["gold", "red", "purple", 1, None]), max_size=3).map(tuple),
        st.sampled_from([False, True, "yes", 1, None]),
    ),
    st.builds(Pay, st.sampled_from([ORICHAL, None, 3])),
    st.builds(
        EndTurn,
        st.sampled_from([False, True, "yes", None]),
        st.sampled_from([None, ORICHAL, "x"]),
    ),
)


@pytest.fixture(scope="module")
def played_states() -> list[State]:
    """States met in seeded random play: turns, battles waiting for cards and for spoils."""
    found = []
    for seed in range(4):
        start = new_game(["Ann", "Bo", "Cy"], seed=seed)
        history = playout(start, random.Random(seed), max_actions=300)
        found += [steps[-1].state for _, steps in history[::5]]
    assert any(s.pending and s.pending.kind == "spoils" for s in found)
    assert any(s.pending and s.pending.kind == "cards" for s in found)
    return found


@settings(
    max_examples=40,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(index=st.integers(0, 10**6), action=_HOSTILE)
def test_hostile_actions_are_refused_or_legal_and_change_nothing(played_states, index, action):
    state = played_states[index % len(played_states)]
    before = replace(state)
    start = time.perf_counter()
    try:
        steps = resolve(state, action)
    except IllegalActionError:
        assert action not in legal_actions(state)
    else:
        assert steps
        assert isinstance(action, Move) or action in legal_actions(state)
    assert time.perf_counter() - start <= BUDGET
    assert state == before
