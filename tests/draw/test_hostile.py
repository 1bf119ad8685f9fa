"""Issue 16 for the pictures (piratelib.draw) and the data helpers (piratelib.data): each
hostile call the walker found is refused with a piratelib error that says what is allowed,
and the caller's arguments are unchanged.

The walker (tests/test_hostile_input.py) calls every name with hostile arguments; these are
its findings, kept as regression tests with the exact calls, and the data helpers' file
faults (a directory, bytes that are not UTF-8, an empty path, an id that is not text).
"""

import copy
import math
from fractions import Fraction

import networkx as nx
import pytest
from matplotlib.figure import Figure

from piratelib import data
from piratelib.blackbeard.board import load_map
from piratelib.blackbeard.encounter.whatif import TileWorth
from piratelib.draw import _common, _layout, charts
from piratelib.draw.blackbeard import encounter as blackbeard_encounter
from piratelib.draw.blackbeard import game as blackbeard_game
from piratelib.draw.blackbeard import map as blackbeard
from piratelib.draw.blackbeard import piracy as blackbeard_piracy
from piratelib.draw.blackflag import alt as blackflag_alt
from piratelib.draw.dreadpirate import odds as dreadpirate_odds
from piratelib.draw.dreadpirate import sea as dreadpirate
from piratelib.dreadpirate.sea import load_sea
from piratelib.errors import DataError, IllegalActionError, PiratelibError

SEATS = ["Ann", "Bo", "Cy", "Di"]
HALF = Fraction(1, 2)
DIST = {1: HALF, 2: HALF}


def _figure_axes():
    fig = Figure()
    return fig.add_subplot()


CASES = {
    # shared helpers: called by every game picture
    "legend_marker(marker=list)": (
        _common.legend_marker,
        ("Town", ["no_such_id", "no_such_id"]),
        {"size": 10, "face": "brown", "edge": "black"},
        "not a matplotlib marker",
    ),
    "stack_tag(ax=None)": (
        _common.stack_tag,
        (None, "tag", None),
        dict(above=True, fontsize=9, facecolor="white", edgecolor="black", zorder=1, gid="t"),
        "matplotlib Axes",
    ),
    "legend_columns(style={})": (
        _layout.legend_columns,
        ([], 3.0, {}),
        {},
        "fontsize must be a number",
    ),
    "place_names(ax=None)": (_layout.place_names, (None, [], {}, 0.5), {"avoid": ()}, "Axes"),
    # Hunt for Blackbeard
    "blackbeard_map(G=None)": (blackbeard.blackbeard_map, (None,), {}, "load_map()"),
    "blackbeard_map(plain graph)": (
        blackbeard.blackbeard_map,
        (nx.path_graph(3),),
        {},
        "needs a kind, a name and a pos",
    ),
    "blackbeard_map(labels=str)": (
        blackbeard.blackbeard_map,
        (load_map(),),
        {"labels": "bath_town"},
        "labels must be a mapping",
    ),
    "blackbeard_map_alt(pieces=str)": (
        blackbeard.blackbeard_map_alt,
        (load_map(),),
        {"pieces": "bath_town"},
        "pieces must be a mapping",
    ),
    "blackbeard_map_alt(highlight=unknown)": (
        blackbeard.blackbeard_map_alt,
        (load_map(),),
        {"highlight": ["no_such_id"]},
        "unknown space 'no_such_id'",
    ),
    "roll_odds_grid(dice=-1)": (
        blackbeard_encounter.roll_odds_grid,
        (),
        {"dice": -1},
        "from 1 to 12",
    ),
    "roll_odds_grid_alt(dice=-1)": (
        blackbeard_encounter.roll_odds_grid_alt,
        (),
        {"dice": -1},
        "from 1 to 12",
    ),
    "side_map(view=None)": (blackbeard_game.side_map, (None,), {}, "must be an Observation"),
    "side_map_alt(view=None)": (
        blackbeard_game.side_map_alt,
        (None,),
        {},
        "must be an Observation",
    ),
    "blackbeard_mat(mat=None)": (blackbeard_piracy.blackbeard_mat, (None,), {}, "mat must be"),
    "blackbeard_mat_alt(mat=None)": (
        blackbeard_piracy.blackbeard_mat_alt,
        (None,),
        {},
        "mat must be",
    ),
    "worth_label(tile=None)": (
        blackbeard_encounter.worth_label,
        (TileWorth(None, "blackbeard", "add", None),),
        {},
        "unknown tile None",
    ),
    # Black Flag!
    "seating_alt(ranges=list)": (
        blackflag_alt.seating_alt,
        (SEATS, SEATS),
        {"ranges": ["no_such_id", "no_such_id"]},
        "ranges must be a mapping",
    ),
    "seating_image(dpi=2.5)": (
        blackflag_alt.seating_image,
        (SEATS, SEATS),
        {"dpi": 2.5},
        "dpi must be a whole number",
    ),
    # Dread Pirate
    "sea_chart(ships=str)": (
        dreadpirate.sea_chart,
        (load_sea(),),
        {"ships": "no_such_id"},
        "ships must be a mapping",
    ),
    "sea_chart_alt(ships=str)": (
        dreadpirate.sea_chart_alt,
        (load_sea(),),
        {"ships": "no_such_id"},
        "ships must be a mapping",
    ),
    "sea_chart(target=[])": (dreadpirate.sea_chart, (load_sea(),), {"target": []}, "(row, column)"),
    "sea_chart_alt(target={})": (
        dreadpirate.sea_chart_alt,
        (load_sea(),),
        {"target": {}},
        "(row, column)",
    ),
    "sea_chart(plain graph)": (dreadpirate.sea_chart, (nx.path_graph(3),), {}, "a Sea or a graph"),
    "sea_chart_alt(plain graph)": (
        dreadpirate.sea_chart_alt,
        (nx.path_graph(3),),
        {},
        "a Sea or a graph",
    ),
    "turns_bars(None)": (dreadpirate_odds.turns_bars, (None,), {}, "map labels to distributions"),
    "turns_alt(None)": (dreadpirate_odds.turns_alt, (None,), {}, "map labels to distributions"),
    "battle_chances(str)": (
        dreadpirate_odds.battle_chances,
        ("no_such_id",),
        {},
        "map whole numbers to chances",
    ),
    "battle_chances_alt(unknown key)": (
        dreadpirate_odds.battle_chances_alt,
        ({"no_such_id": 1},),
        {},
        "must be a whole number",
    ),
    "battle_totals(attacker_bonus=nan)": (
        dreadpirate_odds.battle_totals,
        (DIST, DIST),
        dict(attacker_bonus=math.nan, defender_bonus=0, attacker_wins=HALF),
        "attacker_bonus must be a whole number",
    ),
    "battle_totals(attacker=[])": (
        dreadpirate_odds.battle_totals,
        ([], DIST),
        dict(attacker_bonus=0, defender_bonus=0, attacker_wins=HALF),
        "map whole numbers to chances",
    ),
    "battle_totals_alt(attacker=[])": (
        dreadpirate_odds.battle_totals_alt,
        ([], DIST),
        dict(attacker_bonus=0, defender_bonus=0, attacker_wins=HALF),
        "map whole numbers to chances",
    ),
    # any game
    "odds_grid(str)": (
        charts.odds_grid,
        ("no_such_id",),
        dict(title="t", xlabel="x", ylabel="y"),
        "rows of equal length",
    ),
    "odds_grid([])": (
        charts.odds_grid,
        ([],),
        dict(title="t", xlabel="x", ylabel="y"),
        "rows of equal length",
    ),
    # the data helpers every loader uses
    "check_sourced(where=None)": (data.check_sourced, (None, {"src": ["rulebook"]}), {}, "where"),
    "check_sources(where=None)": (data.check_sources, (None, {"src": ["rulebook"]}), {}, "where"),
    "check_sources(entry=None)": (data.check_sources, ("x.toml: a", None), {}, "table of fields"),
    "sourced_entries(file=None)": (
        data.sourced_entries,
        (None, {}, "card", ["id"]),
        {},
        "name must be a string",
    ),
    "tables(file=None)": (data.tables, (None, {}, "card"), {}, "name must be a string"),
    "tables(raw=None)": (data.tables, ("x.toml", None, "card"), {}, "expected parsed TOML"),
    "freeze_entries(None)": (data.freeze_entries, (None,), {}, "sourced_entries table"),
    "read('')": (data.read, ("",), {}, "must be a file name or path"),
}


@pytest.mark.parametrize("case", CASES, ids=list(CASES))
def test_refused_with_a_clear_error_and_nothing_changed(case):
    fn, args, kwargs, words = CASES[case]
    before = _snapshot((args, kwargs))
    with pytest.raises(PiratelibError) as refused:
        fn(*args, **kwargs)
    assert words in str(refused.value)
    assert _snapshot((args, kwargs)) == before


def _snapshot(value):
    """A deep, comparable copy of `value` (a graph as its nodes and edges with data)."""
    if isinstance(value, nx.Graph):
        return (
            sorted(map(repr, value.nodes(data=True))),
            sorted(map(repr, value.edges(data=True))),
        )
    if isinstance(value, tuple | list):
        return [_snapshot(v) for v in value]
    if isinstance(value, dict):
        return {k: _snapshot(v) for k, v in value.items()}
    return copy.deepcopy(value)


def test_unknown_spaces_are_illegal_and_suggest_the_close_ones():
    with pytest.raises(IllegalActionError, match="did you mean 'bath_town'"):
        blackbeard.blackbeard_map_alt(load_map(), highlight=["bath_twn"])


def test_a_picture_and_its_words_refuse_the_same_marks():
    for marks in ({"trail": ["no_such_id"]}, {"pieces": {"bath_town": 3}}, {"title": 7}):
        for fn in (blackbeard.blackbeard_map, blackbeard.blackbeard_map_alt):
            with pytest.raises(PiratelibError):
                fn(load_map(), **marks)


def test_the_checks_keep_what_the_pictures_accepted():
    """One string is still one id, and a single die a side still draws and reads."""
    alt = blackbeard.blackbeard_map_alt(
        load_map(), highlight="bath_town", pieces={"fish_town": "jane"}
    )
    assert "Highlighted: Bath Town." in alt and "Jane at Fish Town." in alt
    assert blackbeard_encounter.roll_odds_grid_alt(dice=1).endswith("(1 against 1).")
    assert len(blackbeard_encounter.roll_odds_grid(dice=1).axes[0].texts) == 4


def test_data_read_names_the_file_for_a_directory_and_bytes_that_are_not_utf8(tmp_path):
    with pytest.raises(DataError, match="a directory"):
        data.read(tmp_path)
    bad = tmp_path / "bad.toml"
    bad.write_bytes(b'name = "\xff\xfe"\n')
    with pytest.raises(DataError, match=r"bad\.toml: not UTF-8"):
        data.read(bad)


def test_data_entries_refuse_an_id_that_is_not_text():
    raw = {"tile": [{"id": ["a"]}]}
    with pytest.raises(DataError, match=r"x.toml: tile #1 .*the id must be a string"):
        list(data.entries("x.toml", raw, "tile", ["id"]))
    assert raw == {"tile": [{"id": ["a"]}]}
