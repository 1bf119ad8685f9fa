"""Issue 16 for Hunt for Blackbeard: hostile input gets a clear error and changes nothing.

Every Blackbeard example of the issue is a test here, with the issue's call; then the
read-only loaders and graphs, the records that check themselves, and the whole game and
its deduction refusing hostile actions and options with the state unchanged.
"""

import copy
import math
import pickle
import random
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from piratelib.blackbeard import game
from piratelib.blackbeard.board import load_map
from piratelib.blackbeard.board.assets import check_assets, check_commandeer, load_assets
from piratelib.blackbeard.board.informants import check_informant, load_informants
from piratelib.blackbeard.board.movement import move_costs, move_graph, sail_adventure
from piratelib.blackbeard.deduce import chances, possible_spaces
from piratelib.blackbeard.game.actions import (
    Commandeer,
    Done,
    FeteTobiasKnight,
    Interview,
    Move,
    PlanPiracy,
    Sail,
    Scout,
    SetCamp,
    ShowCamp,
)
from piratelib.blackbeard.piracy import Mat, Position, acting_space, resolve_piracy
from piratelib.blackbeard.piracy.tiles import load_tiles
from piratelib.blackbeard.piracy.whatif import plan_reach
from piratelib.errors import IllegalActionError, PiratelibError

PATH = ["gun_inlet", "roanoke_island", "albemarle_sound", "pasquotank_river"]


# ----------------------------------------------------------------- the examples


def _mutations(value):
    """Ways a caller might try to change a returned mapping, list or graph attribute."""
    yield lambda: value.__setitem__("x", 1)
    yield lambda: value.pop(next(iter(value)))
    yield lambda: value.clear()
    yield lambda: value.update({"x": 1})


def _plain(value):
    """`value` as plain dicts and lists, to compare before and after."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


@pytest.mark.parametrize("loader", [load_assets, load_informants])
def test_loaders_return_no_shared_mutable_dicts(loader):
    # Issue: "load_assets() and load_informants() return the package's own cached dicts".
    before = _plain(loader())
    tiles = loader()
    for target in (tiles, *tiles.values()):
        for mutate in _mutations(target):
            with pytest.raises(TypeError, match="read-only"):
                mutate()
    for tile in tiles.values():
        for value in tile.values():
            if isinstance(value, list):
                with pytest.raises(TypeError, match="read-only"):
                    value.append("x")
                with pytest.raises(TypeError, match="read-only"):
                    value[0] = "x"
    assert _plain(loader()) == before


def test_map_node_edge_and_graph_attributes_are_read_only():
    # Issue: "node attributes of load_map() ... are writable".
    G = load_map()
    before = (
        {n: _plain(dict(d)) for n, d in G.nodes(data=True)},
        {(u, v): _plain(dict(d)) for u, v, d in G.edges(data=True)},
        _plain(dict(G.graph)),
    )
    with pytest.raises(TypeError, match="read-only"):
        G.nodes["bath_town"]["kind"] = "ocean"
    with pytest.raises(TypeError, match="read-only"):
        G.edges["bath_town", "new_bern"]["routes"] = frozenset({"water"})
    with pytest.raises(TypeError, match="read-only"):
        G.edges["bath_town", "new_bern"]["src"]["land"] = ("assumed",)
    with pytest.raises(TypeError, match="read-only"):
        G.graph["sloop_moves"] = ()
    with pytest.raises(TypeError, match="read-only"):
        G.graph["sloop_moves"][0]["pawns"] = 0
    with pytest.raises(nx_frozen_error()):
        G.add_edge("bath_town", "fish_town")
    G = load_map()
    after = (
        {n: _plain(dict(d)) for n, d in G.nodes(data=True)},
        {(u, v): _plain(dict(d)) for u, v, d in G.edges(data=True)},
        _plain(dict(G.graph)),
    )
    assert after == before


def nx_frozen_error():
    import networkx as nx

    return nx.NetworkXError


def test_movement_graphs_and_costs_are_read_only():
    # The graphs built from the Map are shared too (remembered per map and piece).
    H = move_graph(load_map(), "sloops")
    with pytest.raises(TypeError, match="read-only"):
        H.edges["cape_henry", "topsail_inlet"]["pawns"] = 9
    with pytest.raises(TypeError, match="read-only"):
        H.nodes["cape_henry"]["kind"] = "x"
    assert move_graph(load_map(), "sloops").edges["cape_henry", "topsail_inlet"]["pawns"] == 1
    costs = move_costs("adventure")
    with pytest.raises(TypeError, match="read-only"):
        costs["nots_island"]["bath_town"] = 0
    with pytest.raises(TypeError, match="read-only"):
        costs.clear()
    assert move_costs("adventure")["nots_island"]["nots_island"] == 0


def test_read_only_results_still_copy_and_pickle():
    # Copies are changeable; pickles (for process pools) come back equal.
    G = load_map()
    mine = G.copy()
    mine.nodes["bath_town"]["kind"] = "ocean"
    assert load_map().nodes["bath_town"]["kind"] == "town"
    back = pickle.loads(pickle.dumps(G))
    assert dict(back.nodes["bath_town"]) == dict(G.nodes["bath_town"])
    assert copy.deepcopy(load_assets()) == load_assets()
    assert dict(load_assets()["canoes"]) == {**load_assets()["canoes"]}


def test_plan_reach_unknown_camp():
    # Issue: "KeyError for unknown ids in ... plan_reach(camp=...)".
    with pytest.raises(IllegalActionError, match=r"unknown space 'roanoke_islnd'.*roanoke_island"):
        plan_reach("acts_of_piracy", ("raid_delaware",), camp="roanoke_islnd")
    with pytest.raises(IllegalActionError, match="Anchorage"):
        plan_reach("acts_of_piracy", ("raid_delaware",), camp="bath_town")


@pytest.mark.parametrize(
    ("row", "draws", "message"),
    [
        ("acts_of_pirasy", ("raid_delaware",), r"unknown Piracy row.*'acts_of_piracy'"),
        ("acts_of_piracy", ("raid_delawere",), r"unknown acts_of_piracy tile.*'raid_delaware'"),
        ("acts_of_piracy", ("buy_rum",), r"unknown acts_of_piracy tile 'buy_rum'"),
        ("acts_of_piracy", ("careen_sloop", "careen_sloop"), "drawn once"),
        ("acts_of_piracy", "raid_delaware", "must be a tuple"),
        ("acts_of_piracy", None, "must be a tuple"),
        (None, (), "unknown Piracy row None"),
    ],
)
def test_plan_reach_refuses_unknown_rows_and_draws(row, draws, message):
    with pytest.raises(IllegalActionError, match=message):
        plan_reach(row, draws, camp="roanoke_island")


def test_acting_space_unknown_ids():
    # Issue: "KeyError for unknown ids in ... acting_space".
    tiles = load_tiles()
    with pytest.raises(IllegalActionError, match=r"unknown Piracy tile 'raid_delawere'.*raid_del"):
        acting_space(tiles, "raid_delawere", Position(adventure="bath_town"), Mat())
    with pytest.raises(IllegalActionError, match=r"Position adventure: unknown space.*bath_town"):
        Position(adventure="bath_twn")
    with pytest.raises(IllegalActionError, match="position must be a Position"):
        acting_space(tiles, "raid_delaware", "bath_town", Mat())
    with pytest.raises(IllegalActionError, match="mat must be a Mat"):
        acting_space(tiles, "raid_delaware", Position(), None)


def test_mat_purse_minus_three():
    # Issue: "Blackbeard's Mat (purse=-3)" accepts anything.
    with pytest.raises(IllegalActionError, match="purse must be a whole number from 0"):
        Mat(purse=-3)


@pytest.mark.parametrize(
    "fields",
    [
        {"purse": math.nan},
        {"purse": 2.5},
        {"purse": True},
        {"spare_black": -1},
        {"turn": 0},
        {"pawns_used": math.inf},
        {"taken_loot": (1, -2)},
        {"taken_loot": [1]},
        {"acts_of_piracy": ("raid_delaware", 3)},
        {"acts_of_piracy": "raid_delaware"},
        {"cubes": (("raid_delaware", -1),)},
        {"cubes": (("raid_delaware", 1), ("raid_delaware", 2))},
        {"pawns": (("raid_delaware",),)},
        {"defenses": None},
    ],
)
def test_mat_checks_every_field(fields):
    with pytest.raises(IllegalActionError, match="Mat: "):
        Mat(**fields)


def test_resolve_piracy_refuses_a_mat_with_unknown_tiles():
    mat = Mat(acts_of_piracy=("raid_delawere",), pawns=(("raid_delawere", 2),))
    with pytest.raises(IllegalActionError, match="unknown Piracy tile 'raid_delawere'"):
        resolve_piracy(mat, Position(adventure="bath_town"), random.Random(1))


@pytest.mark.parametrize("purse", [math.nan, math.inf, -1, 2.0, "5", None, True])
def test_sail_adventure_purse_nan(purse):
    # Issue: "sail_adventure(purse=nan) is accepted".
    with pytest.raises(IllegalActionError, match="purse must be a whole number"):
        sail_adventure(
            load_map(), PATH, bought_silence=True, silenced=["albemarle_sound"], purse=purse
        )


def test_informant_and_asset_checks_refuse_wrong_types():
    G = load_map()
    with pytest.raises(IllegalActionError, match="targets must be a list"):
        check_informant(G, "wm_howard", None)
    with pytest.raises(IllegalActionError, match="targets must be a list"):
        check_informant(G, "wm_howard", "core_banks")
    with pytest.raises(IllegalActionError, match="unknown Informant None"):
        check_informant(G, None, [])
    with pytest.raises(IllegalActionError, match="unknown Informant"):
        check_informant(G, ["wm_howard"], [])
    with pytest.raises(IllegalActionError, match="assets must be Asset ids"):
        check_assets(None)
    with pytest.raises(IllegalActionError, match="unknown Commandeered Asset 3"):
        check_assets([3])
    with pytest.raises(IllegalActionError, match="positions must map"):
        check_commandeer("canoes", None)


# ------------------------------------------------------------------ the whole game


def _states():
    """A few states from different segments, after seeded random play."""
    found = [game.new_game(seed=5), game.new_game(seed=6, advanced=True)]
    for seed, steps in ((1, 3), (2, 12), (3, 40)):
        state = game.new_game(seed=seed, advanced=seed == 3)
        rng = random.Random(seed)
        for _ in range(steps):
            legal = game.legal_actions(state)
            if not legal:
                break
            state = game.apply(state, rng.choice(legal), rng)
        found.append(state)
    return found


STATES = _states()

HOSTILE_ACTIONS = [
    None,
    "SetCamp",
    3,
    math.nan,
    (),
    SetCamp(None),
    SetCamp(["nots_island"]),
    SetCamp("nots_islnd"),
    SetCamp("bath_town"),
    Sail(None),
    Sail("nowhere", silence="yes"),
    Move(("jane", "jane"), "cape_henry"),
    Move(["jane"], "cape_henry"),
    Move(("adventure",), "cape_henry"),
    Move(None, None),
    Scout("brand", math.inf),
    Interview("wm_howerd", "core_banks"),
    Interview(None, None),
    Commandeer("cannon"),
    Commandeer(-1),
    PlanPiracy("raid_delawere"),
    ShowCamp("no"),
    FeteTobiasKnight(("chain_shot", "chain_shot")),
]


@pytest.mark.parametrize("index", range(len(STATES)))
@pytest.mark.parametrize("action", HOSTILE_ACTIONS, ids=repr)
def test_hostile_actions_are_refused_and_change_nothing(index, action):
    state = STATES[index]
    before = copy.deepcopy(state)
    if action in game.legal_actions(state):
        return  # a hostile-looking action that happens to be legal here
    with pytest.raises(IllegalActionError, match=r"not legal now|game is over"):
        game.resolve(state, action)
    with pytest.raises(IllegalActionError):
        game.apply(state, action, random.Random(1))
    assert state == before
    assert game.legal_actions(state) == game.legal_actions(before)


def test_an_unknown_id_names_the_close_match():
    state = game.new_game(seed=1)
    with pytest.raises(IllegalActionError, match=r"space 'nots_islnd': did you mean 'nots_island'"):
        game.resolve(state, SetCamp("nots_islnd"))


@pytest.mark.parametrize("state", [None, "state", 3, {}, Mat()], ids=repr)
def test_game_functions_refuse_what_is_no_state(state):
    for call in (
        lambda: game.legal_actions(state),
        lambda: game.decider(state),
        lambda: game.winner(state),
        lambda: game.adventure_space(state),
        lambda: game.observation(state, "hunters"),
        lambda: game.resolve(state, Done()),
        lambda: game.playout(state, random.Random(1)),
    ):
        with pytest.raises(IllegalActionError, match="expected a game State"):
            call()


@pytest.mark.parametrize("side", ["pirates", None, 1, ["hunters"], "Hunters"])
def test_observation_refuses_unknown_sides(side):
    with pytest.raises(IllegalActionError, match="side must be 'hunters' or 'blackbeard'"):
        game.observation(STATES[0], side)


@pytest.mark.parametrize(
    "options",
    [
        {"seed": math.nan},
        {"seed": "x"},
        {"seed": 1.5},
        {"seed": True},
        {"advanced": "no"},
        {"most_dice_win": 1},
        {"more_than_half": None},
        {"encounter_policy": "bold"},
        {"encounter_policy": ["best"]},
        {"encounter_decisions": 5},
        {"encounter_decisions": {"arrest": 3}},
        {"encounter_decisions": [("arrest", "roll")]},
        {"advnced": True},
    ],
    ids=repr,
)
def test_new_game_refuses_hostile_options(options):
    with pytest.raises(PiratelibError):
        game.new_game(**options)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"max_actions": math.inf},
        {"max_actions": -1},
        {"max_actions": 2.0},
        {"policy": "random"},
    ],
    ids=repr,
)
def test_playout_refuses_hostile_arguments(kwargs):
    with pytest.raises(IllegalActionError):
        game.playout(STATES[0], random.Random(1), **kwargs)


def test_playout_and_resolve_refuse_a_bad_rng():
    with pytest.raises(IllegalActionError, match=r"rng must be a random\.Random"):
        game.playout(STATES[0], None)
    legal = game.legal_actions(STATES[0])[0]
    with pytest.raises(IllegalActionError, match=r"rng must be a random\.Random"):
        game.resolve(STATES[0], legal, rng=5)


@pytest.mark.parametrize("view", [None, "hunters", 3, Mat()], ids=repr)
def test_deduction_refuses_what_is_no_hunters_observation(view):
    for call in (possible_spaces, chances):
        with pytest.raises(PiratelibError):
            call(view)
    with pytest.raises(PiratelibError):
        possible_spaces(game.observation(STATES[0], "blackbeard"))


ANY = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**12), 10**12),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    st.sampled_from(["nots_island", "bath_town", "jane", "brand", "wm_howard", "canoes"]),
    st.lists(st.sampled_from(["jane", "ranger", "brand", "x"]), max_size=3).map(tuple),
)
ACTION_KINDS = [SetCamp, Sail, Scout, Move, Interview, Commandeer, PlanPiracy, ShowCamp]


@settings(
    max_examples=40,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    index=st.integers(0, len(STATES) - 1),
    kind=st.sampled_from(ACTION_KINDS),
    values=st.lists(ANY, min_size=2, max_size=2),
)
def test_random_hostile_actions_are_refused_or_legal(index, kind, values):
    import dataclasses

    state = STATES[index]
    before = copy.deepcopy(state)
    action = kind(*values[: len(dataclasses.fields(kind))])
    start = time.perf_counter()
    try:
        game.resolve(state, action)
    except IllegalActionError as error:
        assert str(error)
    assert time.perf_counter() - start < 5, f"{action!r} took over 5 s"
    assert state == before


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"row": None}, "row must be one of"),
        ({"where": ("no_such_space",)}, "unknown space 'no_such_space'"),
        ({"squares": float("nan")}, "squares must be a whole number"),
        ({"show": "yes"}, "show must be true or false"),
    ],
)
def test_tiles_refuse_a_piracy_tile_the_rules_could_not_read(change, message):
    """Tiles built by a caller (not the loader) check each Piracy tile's values too, so
    acting_space, with_loot and assumed_facts never meet a hostile field."""
    from dataclasses import replace

    from piratelib.blackbeard.piracy.tiles import load_tiles
    from piratelib.errors import PiratelibError

    tiles = load_tiles()
    tile_id = next(iter(tiles.piracy))
    with pytest.raises(PiratelibError, match=message):
        replace(tiles, piracy={**tiles.piracy, tile_id: {**tiles.piracy[tile_id], **change}})
    with pytest.raises(PiratelibError, match="must map row"):
        replace(tiles, piracy={**tiles.piracy, tile_id: {"row": None, "spaces": None}})
