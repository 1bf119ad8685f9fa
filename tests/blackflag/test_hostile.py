"""Black Flag!'s hostile input (issue 16): every example of the issue, refused with a
piratelib error that names what is allowed, and nothing changed by a refusal."""

from __future__ import annotations

import copy
import math
import random
import re
import time
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from piratelib.blackflag import scoring, sinking
from piratelib.blackflag.actions import shot_reach
from piratelib.blackflag.data import load_blackflag
from piratelib.blackflag.game import (
    Discard,
    EndPlay,
    Keep,
    Miss,
    PlayEquipment,
    PlayShot,
    Respond,
    TakeShip,
    apply,
    decider,
    legal_actions,
    new_game,
    playout,
    resolve,
)
from piratelib.blackflag.odds import respond_chance, sample_respond
from piratelib.blackflag.state import (
    Card,
    Pending,
    Player,
    Ship,
    State,
    setup,
    ship_deck,
    teaching_deck,
)
from piratelib.errors import DataError, IllegalActionError, PiratelibError

NAMES = ["Ann", "Bo", "Cy", "Di"]
ROLES = ["admiral", "commodore", "ibberian_privateer", "brittish_privateer"]


def game() -> State:
    """Ann the Admiral plays first, with the Ships and cards in box order."""
    return new_game(NAMES, roles=ROLES, ships=ship_deck(), deck=teaching_deck())


def refused(call, match: str, *arguments):
    """Check `call` raises a piratelib error matching `match` and changes no argument."""
    before = copy.deepcopy(arguments)
    with pytest.raises(PiratelibError, match=match):
        call(*arguments)
    assert arguments == before


# ---------------------------------------------------------------- actions


@pytest.mark.parametrize("kind", [PlayEquipment, Miss, Discard])
def test_card_actions_without_a_card_are_refused_when_built(kind):
    # Issue: "PlayEquipment(None), Miss(None) raise AttributeError, Discard(None) a plain
    # ValueError".
    with pytest.raises(IllegalActionError, match=f"{kind.__name__} needs a Card"):
        kind(None)


@pytest.mark.parametrize(
    ("build", "match"),
    [
        (lambda: PlayShot("SHOT", "Bo"), "PlayShot needs a Card"),
        (lambda: PlayShot(Card(1, "shot", "corner_a"), None), "needs a target player's name"),
        (lambda: Keep("cannon"), "Keep needs a Card or None"),
        (lambda: Respond(3), "Respond needs a Card or None"),
        (lambda: TakeShip(-1), "TakeShip's row"),
        (lambda: TakeShip(True), "TakeShip's row"),
        (lambda: TakeShip(math.nan), "TakeShip's row"),
    ],
)
def test_action_records_check_their_fields(build, match):
    with pytest.raises(IllegalActionError, match=match):
        build()


@pytest.mark.parametrize("action", [None, "EndPlay", EndPlay, 3, ("PlayShot", "Bo")])
def test_resolve_refuses_what_is_not_an_action_listing_what_is_legal(action):
    # Issue: "resolve(state, None) raises AttributeError".
    state = game()
    refused(resolve, r"is not a Black Flag! action .*Ann may now: .*EndPlay", state, action)
    refused(apply, "is not a Black Flag! action", state, action)


def test_resolve_refuses_what_is_not_a_state():
    refused(resolve, "expected a Black Flag! State, got None", None, EndPlay())
    refused(legal_actions, "expected a Black Flag! State", {"players": NAMES})
    refused(decider, "expected a Black Flag! State", "Ann")


def test_miss_with_a_card_not_in_hand_or_not_a_miss_changes_nothing():
    state = game()
    shot = next(c for c in state.player("Ann").hand if c.kind == "shot")
    miss = Card(99, "miss", "corner_a")
    bo = state.player("Bo")
    state = state.replace_player("Bo", hand=(*bo.hand, miss))
    waiting = apply(state, PlayShot(shot, "Bo"))
    assert waiting.pending == Pending("shot", "Bo", by="Ann")
    not_held = Card(98, "miss", "corner_b")
    refused(resolve, "is not in Bo's hand", waiting, Miss(not_held))
    refused(resolve, "has no MISS", waiting, Miss(bo.hand[0]))


def test_discard_of_a_card_not_in_hand_changes_nothing():
    state = game()
    hand = teaching_deck()[60:67]
    state = state.update(
        {"Ann": {"hand": hand}},
        deck=tuple(c for c in state.deck if c not in hand),
        discard=state.player("Ann").hand,
    )
    state = apply(state, EndPlay())
    assert state.phase == "discard"
    refused(resolve, "is not in Ann's hand", state, Discard(Card(100, "shot", "corner_a")))


# ---------------------------------------------------------------- unknown ids


@pytest.mark.parametrize(
    ("call", "arguments", "match"),
    [
        (scoring.role_name, ("admirl",), "unknown Role 'admirl': did you mean 'admiral'"),
        (scoring.role_name, (None,), "unknown Role None: the Roles are admiral"),
        (scoring.team_of, ("pirat",), "did you mean 'pirate'"),
        (scoring.side_name, ("ibbera",), "did you mean 'ibberia'"),
        (
            scoring.wealth_victory,
            ({"Ann": "pirat"}, {"Ann": 4}, set()),
            "unknown Role 'pirat'",
        ),
        (
            scoring.wealth_victory,
            ({"Ann": "pirate"}, {}, set()),
            "Ann needs a whole number of Doubloons",
        ),
    ],
)
def test_unknown_ids_name_the_close_matches(call, arguments, match):
    # Issue: "KeyError for unknown ids in role_name, team_of, side_name, wealth_victory".
    refused(call, match, *arguments)


def test_move_chest_toward_an_unknown_side():
    # Issue: "KeyError for unknown ids in ... move_chest(toward=...)".
    log: list = []
    refused(
        sinking.move_chest,
        "unknown side of the track 'Ann': the side of the tracks are brittonia, ibberia",
        game(),
        "Ann",
        1,
        "a test",
        log,
    )
    assert log == []


# ---------------------------------------------------------------- numbers


@pytest.mark.parametrize("spaces", [-3, math.nan, math.inf, 1.0, True, "2", 10**12])
def test_move_chest_refuses_bad_spaces(spaces):
    # Issue: "move_chest(spaces=-3) moves the wrong way and spaces=nan puts the Chest on +6".
    log: list = []
    with pytest.raises(IllegalActionError, match="spaces must be a whole number from 0 to 12"):
        sinking.move_chest(game(), "ibberia", spaces, "a test", log)
    assert log == []


@pytest.mark.parametrize(
    ("chest", "flags", "match"),
    [
        (0, 0, "flags must be a whole number from 1 to 6, got 0"),
        (0, -5, "flags must be"),
        (0, math.nan, "flags must be"),
        (math.nan, 5, "chest must be a whole number from -6 to 6"),
        (7, 5, "chest must be"),
    ],
)
def test_sinking_victory_refuses_bad_numbers(chest, flags, match):
    # Issue: "sinking_victory(flags=0) declares a win".
    roles = dict(zip(NAMES, ROLES, strict=True))
    refused(scoring.sinking_victory, match, chest, flags, roles)


@pytest.mark.parametrize("chest", [math.nan, math.inf, 0.5, 99, "0"])
def test_space_name_refuses_what_is_not_a_space(chest):
    refused(scoring.space_name, "chest must be a whole number", chest)


@pytest.mark.parametrize("max_actions", [math.inf, -1, 2.5, math.nan, "9", True])
def test_playout_refuses_bad_max_actions(max_actions):
    # Issue: "playout(max_actions=inf) raises TypeError".
    with pytest.raises(IllegalActionError, match="max_actions must be a whole number"):
        playout(game(), random.Random(1), max_actions=max_actions)


def test_playout_refuses_a_missing_rng_or_policy():
    refused(playout, "rng must be a random.Random", game(), None)
    with pytest.raises(IllegalActionError, match="policy must be a function"):
        playout(game(), random.Random(1), policy="random")


def test_odds_refuse_bad_decks_and_rngs():
    refused(respond_chance, "deck must be a sequence of Cards", 2, {"corner_a": 1})
    refused(respond_chance, "deck must be a non-empty sequence of Cards", 2, ["corner_a"])
    refused(sample_respond, "rng must be a random.Random", 2, None)


# ---------------------------------------------------------------- records


@pytest.mark.parametrize(
    ("build", "match"),
    [
        (lambda: Card(0, "shot", "corner_a"), "a card's number must be a whole number"),
        (lambda: Card(1, "shoot", "corner_a"), "unknown card kind 'shoot'"),
        (lambda: Card(1, "shot", "a"), "unknown corner symbol 'a'"),
        (lambda: Ship("", 1, 1, 1, 1), "a Ship's name must be a non-empty text"),
        (lambda: Ship("Sloop", 1, 1, 1, math.nan), "Sloop's barrels must be a whole number"),
        (lambda: Ship("Sloop", 1, 1, 1, 4, cannon="yes"), "Sloop's cannon must be True or False"),
        (lambda: Player("Ann", "admiral", "no", None), "Ann's revealed must be True or False"),
        (lambda: Player("Ann", "admiral", True, None, barrels=3), "Ann has no Ship, so no Barrels"),
        (lambda: Player("Ann", "admiral", True, None, doubloons=-1), "Ann's Doubloons"),
        (lambda: Player("Ann", "admiral", True, None, hand=[1]), "Ann's hand must be a tuple"),
        (
            lambda: Player("Ann", "admiral", True, None, equipment=(Card(1, "shot", "corner_a"),)),
            "SHOT #1 \\(A\\) is not an Equipment card",
        ),
        (lambda: Player("Ann", "admiral", True, None, captain="blackbeard"), "unknown Captain"),
        (lambda: Pending("shot", "Bo"), "a pending shot needs the SHOT's attacker"),
    ],
)
def test_records_check_themselves(build, match):
    # Issue: "Records that check nothing: Black Flag! State, Player, Ship, Card ... accept
    # anything".
    with pytest.raises(IllegalActionError, match=match):
        build()


@pytest.mark.parametrize(
    ("changes", "match"),
    [
        ({"active": 4}, "active must be a whole number from 0 to 3"),
        ({"phase": "lunch"}, "unknown phase 'lunch'"),
        ({"chest": 7}, "chest must be a whole number from -6 to 6"),
        ({"flags": 0}, "flags must be"),
        ({"hourglass": -1}, "hourglass must be"),
        ({"deck": [1, 2]}, "deck must be a tuple of Card"),
        ({"ship_row": (None,)}, "ship_row must be a tuple of Ship"),
        ({"players": ()}, "a table seats 4 to 8 different players"),
        ({"seed": [1]}, "seed must be a whole number or text"),
    ],
)
def test_state_checks_itself(changes, match):
    state = game()
    with pytest.raises(IllegalActionError, match=match):
        replace(state, **changes)


def test_state_refuses_a_card_or_ship_in_two_places():
    state = game()
    card = state.deck[0]
    with pytest.raises(IllegalActionError, match=re.escape(f"more than once: {card}")):
        replace(state, discard=(card,))
    ship = state.ship_row[0]
    with pytest.raises(IllegalActionError, match=f"Ship is in one place only.*{ship.name}"):
        state.replace_player("Bo", ship=ship)
    with pytest.raises(
        IllegalActionError, match="unknown player 'Zed': the players are Ann, Bo, Cy, Di"
    ):
        state.replace_player("Zed", barrels=1)


@pytest.mark.parametrize(
    ("options", "match"),
    [
        ({"deck": [teaching_deck()[0]] * 72}, "card numbers given more than once: 1"),
        ({"deck": [*teaching_deck()[:71], "SHOT"]}, "deck must hold only Cards, got 'SHOT'"),
        ({"deck": "abc"}, "deck must be a sequence"),
        ({"ships": [ship_deck()[0]] * 14}, "Ship names given more than once: Calypso"),
        ({"ships": [None] * 14}, "ships must be Ship cards"),
        ({"roles": [["admiral"]] * 4}, "roles must be Role ids"),
        ({"captains": ["annie_bonie"] * 4}, "did you mean 'annie_bonnie'"),
        ({"seed": math.nan}, "seed must be a whole number or text"),
    ],
)
def test_setup_refuses_duplicates_and_strangers(options, match):
    # Issue: "setup/new_game accept duplicate cards and Ships (card conservation then breaks
    # silently) and non-Card entries (which crash later)".
    for start in (setup, new_game):
        with pytest.raises(IllegalActionError, match=match):
            start(NAMES, **options)


# ---------------------------------------------------------------- sinking: no partial effects


@pytest.mark.parametrize(
    ("victim", "sinker", "cause", "match"),
    [
        ("Bo", "Zed", "shot", "unknown player \\(the sinker\\) 'Zed'"),
        ("Bo", "Bo", "shot", "unknown player \\(the sinker\\) 'Bo'"),
        ("Bo", "Ann", "cannonball", "unknown cause 'cannonball'"),
        ("Zed", "Ann", "shot", "unknown player 'Zed'"),
    ],
)
def test_a_refused_sinking_logs_nothing(victim, sinker, cause, match):
    # Issue: "a refused sinking.sink() has already appended 3 steps to the caller's log".
    log = ["earlier step"]
    refused(sinking.sink, match, game(), victim, sinker, cause, log)
    assert log == ["earlier step"]


def test_sinking_a_player_without_a_ship_logs_nothing():
    state = game().replace_player("Bo", ship=None, barrels=0)
    log: list = []
    refused(sinking.sink, "Bo has no Ship to sink", state, "Bo", "Ann", "shot", log)
    assert log == []


def test_a_whole_sinking_is_logged_at_once():
    log = ["earlier step"]
    sinking.sink(game(), "Bo", "Ann", "shot", log)
    assert log[0] == "earlier step" and len(log) > 3


# ---------------------------------------------------------------- duplicate Equipment


def kit(state: State, name: str, kind: str, n: int) -> State:
    """Give `name` `n` Equipment cards of `kind`, numbered beyond the deck."""
    cards = tuple(Card(200 + i, kind, "corner_a") for i in range(n))
    return state.replace_player(name, equipment=cards)


def test_two_cannons_add_two_barrels():
    # CANNON: "causes the loss of an additional Barrel when your SHOT hits", per symbol.
    state = kit(game(), "Ann", "cannon", 2)
    shot = next(c for c in state.player("Ann").hand if c.kind == "shot")
    state = state.replace_player("Bo", hand=())
    before = state.player("Bo").barrels
    cannon = int(state.player("Ann").ship.cannon)
    after = apply(state, PlayShot(shot, "Bo"))
    assert after.player("Bo").barrels == max(0, before - 1 - cannon - 2)


@pytest.mark.parametrize("kind", ["telescope", "sails"])
def test_a_second_telescope_or_sails_adds_nothing(kind):
    # Assumed (the rulebook is silent): Sails "Everyone else sees you as if you were at a
    # distance of +1"; Telescope "increases your Ship's Range by 1" - once, however many.
    holder = "Ann" if kind == "telescope" else "Bo"
    one = shot_reach(kit(game(), holder, kind, 1), "Ann", "Bo")
    two = shot_reach(kit(game(), holder, kind, 2), "Ann", "Bo")
    plain = shot_reach(game(), "Ann", "Bo")
    assert one == two != plain


# ---------------------------------------------------------------- data files


@pytest.mark.parametrize(
    ("old", "new", "match"),
    [
        ("extra_spaces = 1", 'extra_spaces = "1"', "rules.sinking: extra_spaces must be a whole"),
        ("extra_spaces = 1", "extra_spaces = 1.0", "rules.sinking: extra_spaces must be a whole"),
        ("doubloons_to_win = 4", "doubloons_to_win = 4.5", "rules.wealth: doubloons_to_win"),
        ("barrels_lost = 2", 'barrels_lost = "two"', "rules.flying_deutchmann: barrels_lost"),
        ('first = "admiral"', 'first = "admirall"', "turn: first: unknown role 'admirall'"),
        ('first = "admiral"', 'first = "pirate"', "turn: first: there is no pirate with 4"),
        ("hand_limit = 5", "hand_limit = -5", "turn: hand_limit must be a whole number of at"),
        ('id = "calypso"', "id = 7", r"ship #1 \(7\): id must be a non-empty text"),
        ('id = "calypso"', "id = [1]", r"ship #1 \(\[1\]\): id must be a non-empty text"),
        ('src = ["rulebook"]', "src = [[1]]", "components: src must be a list of ids"),
        ("alone = false", 'alone = "no"', r"team #1 \(ibberia\): alone must be true or false"),
    ],
)
def test_data_fields_are_type_checked(corrupt, old, new, match):
    # Issue: "load_blackflag(path) accepts rule numbers given as strings or floats and a
    # typo in turn.first, and the game then crashes".
    with pytest.raises(DataError, match=r"blackflag\.toml: " + match):
        load_blackflag(corrupt("blackflag.toml", old, new))


def test_unreadable_data_files_are_data_errors(tmp_path):
    # Issue: "a non-UTF-8 file, a directory or an empty path give non-DataError exceptions".
    latin = tmp_path / "blackflag.toml"
    latin.write_bytes('[track]\nname = "Ibérie"\n'.encode("latin-1"))
    with pytest.raises(DataError, match=r"blackflag\.toml: not UTF-8"):
        load_blackflag(latin)
    with pytest.raises(DataError, match="a directory, not a data file"):
        load_blackflag(tmp_path)
    with pytest.raises(DataError, match="must be a non-empty str or Path"):
        load_blackflag("")
    with pytest.raises(DataError, match="must be a non-empty str or Path, got 7"):
        load_blackflag(7)
    with pytest.raises(DataError, match="no such data file"):
        load_blackflag(tmp_path / "missing.toml")


def test_loaded_data_is_read_only_and_not_shared_mutably():
    bf = load_blackflag()
    with pytest.raises(TypeError):
        bf.turn["draw"] = 9
    with pytest.raises(TypeError):
        bf.setup[4]["roles"]["admiral"] = 2
    with pytest.raises(AttributeError):
        bf.edge[0].append({})
    assert load_blackflag().turn["draw"] == 2 and load_blackflag() is bf
    deck = ship_deck()
    assert deck == ship_deck() and isinstance(deck, tuple)


def test_eight_players_never_need_more_barrels_than_the_box_holds(corrupt):
    # Issue: "with 8 players the stand-in Ships can put 37-39 Barrels on the table while the
    # box holds 36" (Contents: "36 Barrels").
    box = load_blackflag().components["barrels"]
    biggest = sorted((ship.barrels for ship in ship_deck()), reverse=True)[:8]
    assert sum(biggest) <= box == 36
    for seed in range(3):
        state = new_game([f"P{i}" for i in range(8)], seed=seed)
        for _, steps in playout(state, random.Random(seed), max_actions=300):
            assert all(sum(p.barrels for p in step.state.players) <= box for step in steps)
    path = corrupt(
        "blackflag.toml",
        'name = "Ship 7", treasure = 1, range = 1, ammunition = 1, barrels = 4',
        'name = "Ship 7", treasure = 1, range = 1, ammunition = 1, barrels = 9',
    )
    with pytest.raises(
        DataError,
        match=r"blackflag\.toml: teaching_ships: the 8 Ships with the most Barrels hold 41",
    ):
        load_blackflag(path)


# ---------------------------------------------------------------- random hostile actions

_MOMENTS: dict[int, list[State]] = {}


def moments(seed: int) -> list[State]:
    """Every state of one seeded random game (5 players), computed once."""
    if seed not in _MOMENTS:
        history = playout(new_game(list("ABCDE"), seed=seed), random.Random(seed))
        _MOMENTS[seed] = [steps[-1].state for _, steps in history]
    return _MOMENTS[seed]


_CARDS = st.sampled_from([*teaching_deck()[:8], Card(500, "miss", "corner_d")])
_NAMES = st.sampled_from(["A", "B", "E", "Zed", "a"])
_ACTIONS = st.one_of(
    st.builds(PlayShot, _CARDS, _NAMES),
    st.builds(PlayEquipment, _CARDS),
    st.builds(Miss, _CARDS),
    st.builds(Discard, _CARDS),
    st.builds(Keep, st.none() | _CARDS),
    st.builds(Respond, st.none() | _CARDS),
    st.builds(TakeShip, st.none() | st.integers(0, 5)),
    st.just(EndPlay()),
    st.sampled_from([None, "EndPlay", 0, Card(1, "shot", "corner_a")]),
)


@settings(max_examples=40, deadline=None, derandomize=True)
@given(seed=st.integers(0, 3), when=st.floats(0, 1), action=_ACTIONS)
def test_any_action_is_legal_or_refused_and_changes_nothing(seed, when, action):
    states = moments(seed)
    state = states[int(when * (len(states) - 1))]
    before = copy.deepcopy(state)
    start = time.perf_counter()
    try:
        steps = resolve(state, action)
    except IllegalActionError as error:
        assert action not in legal_actions(state), error
        assert str(error)
    else:
        assert action in legal_actions(state) and steps[-1].state is not state
    assert time.perf_counter() - start < 5, "one call took over 5 seconds"
    assert state == before
