"""The Map graph: the facts it must hold, and a checked load that rejects bad data."""

from __future__ import annotations

import tomllib
from pathlib import Path

import networkx as nx
import pytest

from piratelib.blackbeard.board import (
    adjacent,
    check_space,
    load_map,
    named_island_or_bank,
    of_kind,
)
from piratelib.errors import DataError, IllegalActionError

DATA = Path(__file__).resolve().parents[2] / "piratelib" / "data" / "blackbeard_map.toml"


@pytest.fixture(scope="module")
def G():
    return load_map()


def test_counts(G):
    # Rulebook: "Stand 24 blank (seagull) blocks up, one in each slot"; kinds from the board.
    assert sum(1 for _, slot in G.nodes(data="slot") if slot) == 24
    assert {k: len(of_kind(G, k)) for k in ("town", "anchorage", "sound", "ocean", "offboard")} == {
        "town": 3,
        "anchorage": 10,
        "sound": 5,
        "ocean": 6,
        "offboard": 4,
    }


def test_towns_and_oceans(G):
    assert of_kind(G, "town") == {"bath_town", "queen_annes_creek", "fish_town"}
    # Isaac Freeman "can report on any Inlet space or Cape Hatteras" = "Any Ocean".
    inlets = {n for n in G if G.nodes[n]["name"].endswith("Inlet")}
    assert of_kind(G, "ocean") == inlets | {"cape_hatteras"}
    assert len(inlets) == 5


def test_graph_is_frozen_with_the_documented_attributes(G):
    assert nx.is_frozen(G)
    for _, attrs in G.nodes(data=True):
        assert {"name", "kind", "slot", "pos"} <= attrs.keys()
    for _, _, routes in G.edges(data="routes"):
        assert routes and routes <= {"water", "land"}
    assert nx.is_connected(G)


def test_queen_annes_creek_and_pasquotank_river_not_adjacent(G):
    # The rulebook needs Canoes "across Albemarle Sound" to Scout it from there.
    assert not G.has_edge("queen_annes_creek", "pasquotank_river")


def test_bath_town_to_queen_annes_creek_is_two_land_steps(G):
    # "Brand next uses another two pawns to March to BATH TOWN" from Queen Anne's Creek.
    land = G.edge_subgraph(e for e in G.edges if "land" in G.edges[e]["routes"])
    assert nx.shortest_path_length(land, "queen_annes_creek", "bath_town") == 2


def test_core_banks_two_from_bath_via_west_pamlico_sound(G):
    # Capt Vail: "for example, Core Banks via West Pamlico Sound".
    assert nx.shortest_path_length(G, "bath_town", "core_banks") == 2
    assert ["bath_town", "west_pamlico_sound", "core_banks"] in list(
        nx.all_shortest_paths(G, "bath_town", "core_banks")
    )


def test_fish_town_within_two_of_bath_only_via_new_bern(G):
    # Capt Vail: "... 2 spaces distant from, Bath Town, including via New Bern".
    paths = list(nx.all_shortest_paths(G, "bath_town", "fish_town"))
    assert paths == [["bath_town", "new_bern", "fish_town"]]


def test_nots_island_from_roanoke_inlet_only_through_currituck_sound_by_sound(G):
    # "Scout Currituck Sound and, beyond it by canoe, Nots Island."
    assert not G.has_edge("roanoke_inlet", "nots_island")
    sounds_between = adjacent(G, "roanoke_inlet") & adjacent(G, "nots_island") & of_kind(G, "sound")
    assert sounds_between == {"currituck_sound"}


def test_rulebook_routes(G):
    assert "water" in G.edges["roanoke_island", "roanoke_inlet"]["routes"]
    assert "water" in G.edges["roanoke_inlet", "currituck_inlet"]["routes"]
    assert "water" in G.edges["roanoke_inlet", "gun_inlet"]["routes"]
    assert "water" in G.edges["fish_town", "topsail_inlet"]["routes"]
    assert "water" in G.edges["james_river", "cape_henry"]["routes"]
    assert "land" in G.edges["new_bern", "fish_town"]["routes"]


def test_every_fact_has_provenance(G):
    for n in G:
        assert set(G.nodes[n]["src"]) <= {"rulebook", "implied", "board", "assumed"}
    for u, v in G.edges:
        assert set(G.edges[u, v]["src"]) == G.edges[u, v]["routes"]


def test_island_and_bank_names(G):
    named = {n for n in G if named_island_or_bank(G, n)}
    assert named == {
        "roanoke_island",
        "nots_island",
        "ocracoke_island",
        "core_banks",
        "hatteras_bank",
    }


def test_unknown_space_suggests_close_ids(G):
    with pytest.raises(IllegalActionError, match=r"unknown space 'bath'.*'bath_town'"):
        check_space(G, "bath")
    with pytest.raises(IllegalActionError, match=r"'queen_annes_creek'"):
        check_space(G, "Queen Anne's Creek")


def write_variant(tmp_path, change):
    raw = tomllib.loads(DATA.read_text())
    change(raw)
    lines = []
    for key in ("counts",):
        lines.append(f"[{key}]")
        lines += [f"{k} = {v}" for k, v in raw[key].items()]
    for table in ("space", "route", "sloop_move"):
        for entry in raw.get(table, []):
            lines.append(f"[[{table}]]")
            for k, v in entry.items():
                lines.append(f"{k} = {_toml(v)}")
    path = tmp_path / "map.toml"
    path.write_text("\n".join(lines))
    return path


def _toml(value):
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return str(value)


def test_the_round_trip_helper_loads_the_real_data(tmp_path):
    assert load_map(write_variant(tmp_path, lambda raw: None)).number_of_nodes() == 28


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda r: r["route"][0].update(between=["fish_town", "fishtown"]),
            r"unknown space id 'fishtown'.*'fish_town'",
        ),
        (
            lambda r: r["space"].append(dict(r["space"][0])),
            r"space #29 \(currituck_inlet\): duplicate space id",
        ),
        (lambda r: r["space"].pop(0), r"\[counts\] says 24 slots, the spaces give 23"),
        (
            lambda r: r["space"][3].update(kind="harbour"),
            r"space #4 \(cape_hatteras\): kind must be one of",
        ),
        (
            lambda r: r["space"][0].update(src=["rumour"]),
            r"space #1 \(currituck_inlet\): src must list",
        ),
        (lambda r: r["space"][0].pop("evidence"), r"'implied' fact needs the rulebook's words"),
        (lambda r: r["route"][0].update(type="air"), r"route #1 .*type must be 'water' or 'land'"),
        (lambda r: r["route"].append(dict(r["route"][0])), r"duplicate water route"),
        (lambda r: r["space"][0].update(pos=[1]), r"pos must be \[x, y\]"),
        (
            lambda r: r["sloop_move"][0].update(between=["cape_henry", "sea"]),
            r"sloop_move #1: between",
        ),
    ],
)
def test_malformed_map_data_raises_data_error_naming_file_and_entry(tmp_path, change, message):
    with pytest.raises(DataError, match=r"map\.toml: .*" + message):
        load_map(write_variant(tmp_path, change))


def test_invalid_toml_and_missing_file(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("[[space]\nid = 1")
    with pytest.raises(DataError, match=r"bad\.toml: not valid TOML"):
        load_map(bad)
    with pytest.raises(DataError, match="no such data file"):
        load_map(tmp_path / "missing.toml")
