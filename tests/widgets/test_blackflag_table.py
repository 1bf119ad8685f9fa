"""Headless tests of Black Flag!'s table app: toggle Ships and cards, read the exact answers."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from html.parser import HTMLParser

import pytest

from piratelib.blackflag.table import distance_matrix
from piratelib.widgets.blackflag_table import EVERYONE, NAMES, TableApp

SIX = ["Andrew", "Barbara", "Cody", "Daniel", "Emma", "Frank"]  # the rulebook's table


class _Cells(HTMLParser):
    """Collect the matrix's cells as ``{(looks, seen): text}``."""

    def __init__(self) -> None:
        super().__init__()
        self.cells: dict[tuple[str, str], str] = {}
        self._cell: tuple[str, str] | None = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "td" and "data-looks" in attrs:
            self._cell = (attrs["data-looks"], attrs["data-seen"])
            self.cells[self._cell] = ""

    def handle_data(self, data):
        if self._cell:
            self.cells[self._cell] += data

    def handle_endtag(self, tag):
        if tag == "td":
            self._cell = None


def picture_name(app: TableApp) -> str:
    """The accessible name of the app's picture: an SVG whose aria-label is its alt text."""
    root = ET.fromstring(app.picture.value)
    assert root.tag == "{http://www.w3.org/2000/svg}svg" and root.get("role") == "img"
    assert root.get("class") == "piratelib-bf-table-svg"
    return root.get("aria-label")


def shown_cells(app: TableApp) -> list:
    """The cells of the options grid a browser shows (hidden ones take no place in a grid)."""
    return [cell for cell in app.options.children if cell.layout.display != "none"]


def columns(app: TableApp) -> list[str]:
    """The players named at the head of the options grid, left to right."""
    head = shown_cells(app)[1 : len(app.seats) + 1]
    return [cell.value.removeprefix("<b>").removesuffix("</b>") for cell in head]


def matrix(app: TableApp) -> dict[tuple[str, str], str]:
    """The distance matrix as the app shows it: row = who looks, column = who is seen."""
    parser = _Cells()
    parser.feed(app.matrix.value)
    return parser.cells


def test_opens_on_the_rulebooks_six_players():
    app = TableApp()
    assert app.seats == tuple(SIX) and app.ships == frozenset(SIX)
    assert app.ranges == dict.fromkeys(SIX, 1) and app.attacker.value == EVERYONE
    shown = matrix(app)
    assert len(shown) == 36
    # "Andrew is 1 space away from Frank and Barbara, 2 spaces away from Emma and Cody,
    # and 3 spaces away from Daniel."
    assert [shown["Andrew", b] for b in SIX[1:]] == ["1", "2", "3", "2", "1"]
    assert shown["Andrew", "Andrew"] == "—"
    assert app.distances == distance_matrix(SIX, SIX)
    assert "piratelib-bf-matrix" in app.matrix._dom_classes
    assert "piratelib-bf-targets" in app.targets._dom_classes
    assert "<b>Andrew</b>, Range 1, can hit: Barbara (1), Frank (1)" in app.targets.value
    assert "piratelib-bf-picture" in app.picture._dom_classes
    assert picture_name(app).startswith(
        "The table, clockwise from the top: Andrew, Barbara, Cody, Daniel, Emma and Frank"
    )
    assert app.picture.value.count("data-gid='arrow:") == 12  # each Ship hits its 2 neighbours
    assert columns(app) == SIX


def test_andrews_sails_put_him_2_away_from_barbara_but_not_her_from_him():
    # "Andrew has a Sails card in play. Now Barbara must have a Range value of at least 2
    # in order to hit him. Andrew ... can hit Barbara with a Range of 1."
    app = TableApp()
    before = app.picture.value
    app.has_sails["Andrew"].value = True
    shown = matrix(app)
    assert shown["Barbara", "Andrew"] == "2" and shown["Andrew", "Barbara"] == "1"
    assert shown["Frank", "Andrew"] == "2" and shown["Daniel", "Andrew"] == "4"
    assert 'Sails (Andrew): "Everyone else sees you' in app.matrix.value
    assert "1 more down their column, their own row unchanged" in app.matrix.value
    assert app.picture.value != before and "Sails in play: Andrew." in picture_name(app)
    assert "data-gid='tag:Andrew:Sails'" in app.picture.value
    app.attacker.value = "Barbara"
    assert app.targets_of == {"Barbara": ("Cody",)}
    assert "Out of range, beyond Range 1: Andrew (distance 2)" in app.targets.value
    app.range["Barbara"].value = 2
    assert "Andrew" in app.targets_of["Barbara"]
    app.attacker.value = "Andrew"
    assert app.targets_of == {"Andrew": ("Barbara", "Frank")}


def test_a_sinking_moves_andrew_and_cody_closer_and_a_new_ship_apart():
    app = TableApp()
    app.has_ship["Barbara"].value = False
    shown = matrix(app)
    assert shown["Andrew", "Cody"] == "1"
    assert shown["Andrew", "Barbara"] == "" and shown["Barbara", "Cody"] == ""  # no Ship
    assert "no Ship" in app.matrix.value
    assert "Cody (1)" in app.targets.value and "<b>Barbara</b>" not in app.targets.value
    app.has_ship["Barbara"].value = True  # "move farther apart when a player draws a new Ship"
    assert matrix(app)["Andrew", "Cody"] == "2"


def test_a_telescope_with_range_2_reaches_daniel():
    # "Andrew has a Telescope card in play, which increases his Range by 1. His Ship, which
    # has a Range of 2, can now hit Daniel."
    app = TableApp(attacker="Andrew")
    app.range["Andrew"].value = 2
    assert "Daniel" not in app.targets_of["Andrew"]
    assert "Out of range, beyond Range 2: Daniel (distance 3)" in app.targets.value
    app.has_telescope["Andrew"].value = True
    assert "Daniel" in app.targets_of["Andrew"]
    assert "Daniel (distance 3)" in app.targets.value.split("Can hit")[1]
    assert "Range 2 + 1 (Telescope)" in app.targets.value
    assert matrix(app)["Andrew", "Daniel"] == "3"  # "the distance remains unchanged"


@pytest.mark.parametrize("players", [4, 5, 7, 8])
def test_the_slider_seats_4_to_8_players(players):
    app = TableApp(attacker="Emma")
    app.players.value = players
    seats = NAMES[:players]
    assert app.seats == seats
    assert len(matrix(app)) == players**2
    assert app.distances == distance_matrix(seats, seats)
    assert list(app.attacker.options) == [EVERYONE, *seats]
    assert app.attacker.value == ("Emma" if "Emma" in seats else EVERYONE)
    assert columns(app) == list(seats)
    assert app.options.layout.grid_template_columns == f"90px repeat({players}, 72px)"
    assert len(shown_cells(app)) == (players + 1) * 5  # a head row and 4 option rows


def test_the_slider_shows_and_hides_columns_built_once():
    # every seat's column is built once: the slider only shows and hides whole columns
    from piratelib.widgets import snapshot_html

    app = TableApp()
    cells = app.options.children
    assert len(cells) == (len(NAMES) + 1) * 5
    hidden = [c for c in cells if c.layout.display == "none"]
    assert hidden == [app.options.children[k * 9 + j] for k in range(5) for j in (7, 8)]
    assert app.has_ship["Gina"] in hidden and app.range["Hugo"] in hidden
    assert "Gina" not in snapshot_html(app) and "Hugo" not in snapshot_html(app)
    app.range["Hugo"].value = 3
    app.players.value = 8
    assert app.options.children == cells  # the same widgets, none new
    assert all(c.layout.display != "none" for c in cells)
    assert app.ranges["Hugo"] == 3 and "Hugo" in snapshot_html(app)
    app.players.value = 4
    assert app.options.children == cells and app.seats == NAMES[:4]
    assert not any(app.has_ship[name].layout.display != "none" for name in NAMES[4:])
    assert "Emma" not in snapshot_html(app)


def test_a_players_change_draws_the_table_once(monkeypatch):
    import piratelib.widgets.blackflag_table as module

    app = TableApp(attacker="Frank")
    drawn = []
    real = module.seating_svg
    monkeypatch.setattr(module, "seating_svg", lambda *a, **k: drawn.append(a) or real(*a, **k))
    app.players.value = 5  # Frank leaves: the attacker becomes everyone, drawn once
    assert len(drawn) == 1 and app.attacker.value == EVERYONE


def test_four_players_then_back_to_six():
    app = TableApp()
    app.players.value = 4
    assert matrix(app)["Andrew", "Cody"] == "2" and ("Andrew", "Emma") not in matrix(app)
    assert set(app.targets_of) == set(NAMES[:4])
    app.players.value = 6
    assert matrix(app)["Andrew", "Daniel"] == "3"


def test_a_shipless_attacker_is_refused_not_raised():
    app = TableApp(attacker="Barbara")
    app.has_ship["Barbara"].value = False
    assert "class='piratelib-error'" in app.targets.value
    assert "Barbara (the player who looks) has no Ship" in app.targets.value
    assert app.targets_of == {}
    assert picture_name(app).startswith("The table, clockwise from the top:")
    assert ">No arrows: see the message</text>" in app.picture.value
    assert "data-gid='arrow:" not in app.picture.value
    app.has_ship["Barbara"].value = True
    assert "piratelib-error" not in app.targets.value
    assert app.targets_of == {"Barbara": ("Cody", "Andrew")}  # clockwise from Barbara


def test_the_options_are_a_grid_one_column_per_player_with_tooltips_and_help():
    app = TableApp()
    assert app.has_sails["Andrew"].tooltip == "Andrew: Sails"
    assert app.has_ship["Hugo"].tooltip == "Hugo: Ship"
    assert app.has_telescope["Cody"].tooltip == "Cody: Telescope"
    assert app.range["Emma"].tooltip == "Emma: Range"
    assert "piratelib-bf-sails-Andrew" in app.has_sails["Andrew"]._dom_classes
    cells = shown_cells(app)
    row_heads = [cells[k * 7].value for k in range(5)]
    assert row_heads == [
        "<b>Player</b>",
        "<b>Ship</b>",
        "<b>Sails</b>",
        "<b>Telescope</b>",
        "<b>Range</b>",
    ]
    assert cells[7 * 2 + 1] is app.has_sails["Andrew"]  # the Sails row, Andrew's column
    shown = " ".join(str(getattr(c, "value", "")) for c in app.children)
    for option in ("Ship", "Sails", "Telescope", "Range"):
        assert f"<b>{option}</b>:" in shown  # explained where it is ticked


def test_the_players_slider_is_long_and_reseats_on_release():
    app = TableApp()
    assert app.players.layout.width == "420px" and app.players.continuous_update is False


def test_the_in_range_cells_are_shaded():
    app = TableApp(ranges={"Andrew": 2})
    shaded = {
        cell.split("data-seen='")[1].split("'")[0]
        for cell in app.matrix.value.split("<td")
        if "data-looks='Andrew'" in cell and "background" in cell
    }
    assert shaded == {"Barbara", "Cody", "Emma", "Frank"}


def test_the_help_and_the_matrix_use_full_size_text():
    # a <small> line is 10.8 px in ipywidgets' 13 px text: too small (issue 24)
    from piratelib.widgets import snapshot_html

    app = TableApp(sails=("Andrew",), ships=tuple(n for n in NAMES if n != "Cody"))
    shown = snapshot_html(app)
    assert "<small" not in shown
    assert "Sails" in app.matrix.value and "no Ship" in app.matrix.value
