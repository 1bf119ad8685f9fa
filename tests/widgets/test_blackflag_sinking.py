"""Headless tests of Black Flag!'s sinking and Edge of the World apps: the exact steps shown,
each scenario's key fact, and the winners for the rulebook's Edge of the World rows."""

from __future__ import annotations

import html
import xml.etree.ElementTree as ET

import pytest

from piratelib.blackflag.examples import (
    NAMES,
    SCENARIOS,
    admiral_sinking,
    deutchmann_sinking,
    end_of_the_deck,
    pirate_sinking,
    rulebook_sinking,
)
from piratelib.blackflag.game import PlayShot, new_game, resolve
from piratelib.blackflag.scoring import edge_of_the_world
from piratelib.blackflag.state import ship_deck, teaching_deck
from piratelib.errors import IllegalActionError
from piratelib.widgets.blackflag_sinking import EdgeApp, SinkingApp, default_roles, seated_roles


def shown(app: SinkingApp) -> list[str]:
    """The step HTML for every position of the step slider, in order."""
    texts = []
    for k in range(app.step.min, app.step.max + 1):
        app.step.value = k
        texts.append(app.shown.value)
    return texts


def board_name(app: SinkingApp | EdgeApp) -> str:
    """The accessible name of the app's score board: an SVG whose aria-label is its alt text."""
    root = ET.fromstring(app.picture.value)
    assert root.tag == "{http://www.w3.org/2000/svg}svg" and root.get("role") == "img"
    assert root.get("class") == "piratelib-bf-board-svg"
    assert "piratelib-bf-board" in app.picture._dom_classes
    return root.get("aria-label")


def phases(steps) -> list[str]:
    return [step.phase for step in steps]


# ---------------------------------------------------------------- the scenarios


def test_rulebook_example_is_resolve_of_barbaras_shot():
    # "Andrew's Ship is sunk, and his Role is revealed: A Brittish Privateer! Andrew's Ship
    # has a Treasure Chest value of 2. The Treasure Chest is moved 2 spaces toward the
    # Ibberian Flag."
    roles = ["brittish_privateer", "admiral", "commodore", "ibberian_privateer"]
    state = new_game(NAMES[:4], roles=roles, ships=ship_deck(), deck=teaching_deck())
    state = state.replace_player("Andrew", barrels=1)
    assert state.active_player.name == "Barbara" and state.player("Andrew").ship.name == "Calypso"
    shot = next(card for card in state.player("Barbara").hand if card.kind == "shot")
    expected = resolve(state, PlayShot(shot, "Andrew"))
    steps = rulebook_sinking()
    assert [(s.phase, s.text) for s in steps] == [(s.phase, s.text) for s in expected]
    assert phases(steps) == [
        "3. Play",
        "3. Play",
        *(f"Sinking a Ship: {k}" for k in (1, 2, 4, 5, 6)),
    ]
    assert "Brittish Privateer" in steps[2].text
    end = steps[-1].state
    assert end.chest == 2 and end.player("Andrew").revealed and end.player("Andrew").ship is None
    assert end.ship_deck[-1].name == "Calypso"  # "underneath the Ship deck"
    assert end.player("Barbara").doubloons == 1 and end.hourglass == 6
    assert end.outcome is None


def test_admiral_sunk_moves_one_more_space_and_promotes_the_lieutenant():
    steps = admiral_sinking()
    assert "Sinking a Ship: 3" in phases(steps) and "Promotions" in phases(steps)
    # 2 spaces for the Calypso, 1 more for the Admiral, toward the Brittish Flag.
    end = steps[-1].state
    assert end.chest == -3
    assert end.roles["Andrew"] == "lieutenant" and end.roles["Daniel"] == "admiral"
    assert end.player("Andrew").revealed and end.player("Daniel").revealed


def test_pirate_sunk_by_the_lieutenant_moves_toward_the_ibberian_flag():
    steps = pirate_sinking()
    start, end = steps[0].state, steps[-1].state
    assert start.roles["Daniel"] == "lieutenant" and start.roles["Emma"] == "pirate"
    assert end.chest == start.player("Emma").ship.treasure == 1
    assert "toward the Ibberian Flag" in steps[phases(steps).index("Sinking a Ship: 2")].text
    assert not end.player("Daniel").revealed and end.player("Daniel").doubloons == 1


def test_flying_deutchmann_sinks_the_pirate():
    steps = deutchmann_sinking()
    texts = [step.text for step in steps]
    end = steps[-1].state
    # "The Treasure Chest is not moved, if the Pirate is sunk."
    assert end.chest == 0 and "The Treasure Chest does not move" in " ".join(texts)
    # "No one receives a Doubloon: instead, discard one from the Hourglass to the supply."
    assert (end.hourglass, end.reserve) == (6, 13)
    assert all(p.doubloons == 0 for p in end.players)
    # "take a new Ship immediately and play your turn as normal"
    assert end.active_player.name == "Barbara" and end.player("Barbara").ship is not None
    assert end.phase == "play" and end.token is None
    assert "1. New Ship" in phases(steps)


def test_end_of_the_deck_puts_the_flags_on_the_chest_without_a_winner():
    steps = end_of_the_deck()
    assert "End of the Deck" in phases(steps)
    before, end = steps[0].state, steps[-1].state
    assert (before.flags, before.hourglass, before.chest) == (5, 7, 4)
    assert (end.flags, end.hourglass, end.chest) == (4, 6, 4)
    # "if the Treasure Chest reaches a team's Flag during this step, the game is not over"
    assert end.outcome is None


@pytest.mark.parametrize("name", list(SCENARIOS))
def test_every_scenario_tells_every_step_and_keeps_19_doubloons(name):
    steps = SCENARIOS[name]()
    assert steps and all(step.phase and step.text and step.rule for step in steps)
    assert all(step.state.doubloon_tokens() == 19 for step in steps)


# ---------------------------------------------------------------- SinkingApp


def test_sinking_app_shows_the_rulebook_example_in_order():
    app = SinkingApp()
    steps = rulebook_sinking()
    assert (app.step.min, app.step.max, app.step.value) == (1, len(steps), 1)
    assert "piratelib-bf-step" in app.shown._dom_classes
    pages = shown(app)
    for k, (page, step) in enumerate(zip(pages, steps, strict=True), start=1):
        text = html.escape(step.text, quote=False)
        assert f"<b>Step {k} of {len(steps)}</b>: {step.phase}: {text}" in page
        assert f"<i>{html.escape(step.rule, quote=False)}</i>" in page
    assert "Treasure Chest on space 2 of the Ibberian side" in app.table.value
    assert "Brittish Privateer, face up" in app.table.value
    assert "Commodore, face down" in app.table.value
    assert "Hourglass 6 Doubloons" in app.table.value
    assert board_name(app).startswith(
        "After step 7 of 7: the Treasure Chest on space 2 of the Ibberian side. The"
    )


def test_sinking_app_chest_move_step_and_picture_change():
    app = SinkingApp()
    first = app.picture.value
    app.step.value = 4
    assert "Sinking a Ship: 2: The Treasure Chest moves 2 spaces toward the Ibberian Flag" in (
        app.shown.value
    )
    assert app.picture.value != first
    assert "the Treasure Chest on space 2 of the Ibberian side; the Flags" in board_name(app)


@pytest.mark.parametrize(
    ("name", "fact"),
    [
        ("admiral_sinking", "Daniel, the first revealed Lieutenant clockwise, is promoted"),
        ("pirate_sinking", "toward the Ibberian Flag"),
        ("deutchmann_sinking", "The Treasure Chest does not move"),
        ("end_of_the_deck", "the Flags move to space 4"),
    ],
)
def test_choosing_a_scenario_restarts_the_slider(name, fact):
    app = SinkingApp()
    app.step.value = 5
    app.scenario.value = name
    assert app.step.value == 1 and app.step.max == len(SCENARIOS[name]())
    assert any(fact in page for page in shown(app))


def test_unknown_scenario_is_refused():
    with pytest.raises(IllegalActionError, match="unknown scenario 'rulebook'"):
        SinkingApp("rulebook")


# ---------------------------------------------------------------- EdgeApp


def test_five_players_chest_on_0_the_pirate_wins():
    # "Space 0: 5/7 players: The Pirate wins!"
    app = EdgeApp(players=5)
    assert app.roles == dict(zip(NAMES[:5], default_roles(5), strict=True))
    assert app.outcome.winner == "pirate" and app.outcome.winners == ("Emma",)
    assert "piratelib-bf-edge" in app.result._dom_classes
    assert "The Pirate wins</b>: Emma (Pirate)" in app.result.value
    assert html.escape(app.outcome.why, quote=False) in app.result.value
    assert "space 0" in app.where.value


@pytest.mark.parametrize(("pirate", "winner"), [(2, "pirate"), (1, "ibberia"), (0, "ibberia")])
def test_chest_on_1_the_pirate_against_ibberias_fewest(pirate, winner):
    # "Space 1 of the Ibberian side: 5/7 players: The Pirate wins if they have more
    # Doubloons than the member of the Ibberian team who has the fewest; otherwise, the
    # Kingdom of Ibberia team wins."
    doubloons = {"Andrew": 3, "Barbara": 0, "Cody": 0, "Daniel": 1, "Emma": pirate}
    app = EdgeApp(players=5, chest=1, doubloons=doubloons)
    assert app.outcome.winner == winner
    expected = edge_of_the_world(app.roles, doubloons, chest=1)
    assert app.outcome == expected
    assert html.escape(expected.why, quote=False) in app.result.value
    app.doubloons["Emma"].value = 2 if pirate < 2 else 1  # cross the threshold
    assert app.outcome.winner == ("pirate" if pirate < 2 else "ibberia")
    assert "space 1 of the Ibberian side" in app.where.value


def test_four_players_tie_on_0_goes_to_the_ibberian_privateer():
    # "4/6/8 players: The Privateer with the most Doubloons wins! In case of a tie, the
    # Ibberian Privateer wins."
    app = EdgeApp(players=4)
    assert app.roles["Cody"] == "ibberian_privateer"
    assert app.outcome.winner == "ibberian_privateer" and app.outcome.winners == ("Cody",)
    app.doubloons["Daniel"].value = 2  # the Brittish Privateer now has the most
    assert app.outcome.winners == ("Daniel",)


def test_changing_the_player_count_reseats_the_players():
    app = EdgeApp(players=5)
    app.doubloons["Andrew"].value = 4
    old = app.role["Andrew"]
    app.players.value = 8
    assert list(app.role) == list(NAMES) and len(app.seats.children) == 8
    assert app.role["Andrew"] is old  # built once, its Role dealt again
    assert list(app.roles.values()) == list(default_roles(8))
    assert app.doubloons["Andrew"].value == 4 and app.doubloons["Hugo"].value == 1
    assert app.outcome.winner == "ibberian_privateer"  # 8 players, Chest on 0, a tie
    app.chest.value = -2
    assert app.outcome.winner == "brittonia"
    assert "Great Brittonia wins" in app.result.value


def test_the_players_slider_shows_and_hides_rows_built_once():
    from piratelib.widgets import snapshot_html

    app = EdgeApp(players=5)
    rows = app.seats.children
    assert len(rows) == 8 and list(app.role) == list(app.doubloons) == list(NAMES[:5])
    shown = [row for row in rows if row.layout.display != "none"]
    assert [row.children[0].description for row in shown] == [f"{n}: Role" for n in NAMES[:5]]
    assert "Frank" not in snapshot_html(app) and "Hugo" not in snapshot_html(app)
    app.doubloons["Emma"].value = 5
    app.players.value = 4  # Emma leaves ...
    assert app.seats.children == rows and list(app.role) == list(NAMES[:4])
    assert rows[4].layout.display == "none" and "Emma" not in app.roles
    assert app.roles == dict(zip(NAMES[:4], default_roles(4), strict=True))
    app.players.value = 5  # ... and comes back with 1 Doubloon, as a newcomer does
    assert app.doubloons["Emma"].value == 1 and rows[4].layout.display != "none"
    assert app.roles == dict(zip(NAMES[:5], default_roles(5), strict=True))
    assert app.outcome.winners == ("Emma",)


def test_a_players_change_scores_once(monkeypatch):
    import piratelib.widgets.blackflag_sinking as module

    app = EdgeApp(players=5)
    scored = []
    real = module.edge_of_the_world
    monkeypatch.setattr(
        module, "edge_of_the_world", lambda *a, **k: scored.append(a) or real(*a, **k)
    )
    app.players.value = 8  # 8 Roles dealt again and 3 newcomers' Doubloons set
    assert len(scored) == 1 and app.outcome.winner == "ibberian_privateer"


def test_roles_that_are_not_a_setup_row_are_refused_not_raised():
    app = EdgeApp(players=5)
    app.role["Andrew"].value = "pirate"
    assert app.outcome is None
    assert "class='piratelib-error'" in app.result.value
    assert "not those dealt to 5 players" in app.result.value
    assert board_name(app).startswith("At the Edge of the World: no score until the Roles")
    app.role["Andrew"].value = "admiral"
    assert "piratelib-error" not in app.result.value and app.outcome.winner == "pirate"


def test_bad_construction_is_refused():
    with pytest.raises(IllegalActionError, match="expected 5, got 4"):
        EdgeApp(players=5, roles=default_roles(4))
    with pytest.raises(IllegalActionError, match="unknown Role 'admirel'; did you mean 'admiral'"):
        EdgeApp(players=4, roles=["admirel", "commodore", "ibberian_privateer", "pirate"])


def test_sliders_are_long_redraw_on_release_and_the_edge_options_are_explained():
    sinking, edge = SinkingApp(), EdgeApp()
    sliders = [sinking.step, edge.players, edge.chest, *edge.doubloons.values()]
    for slider in sliders:
        assert int(slider.layout.width.removesuffix("px")) >= 420
        assert slider.continuous_update is False
    shown = " ".join(str(getattr(c, "value", "")) for c in edge.children)
    for option in ("Treasure Chest", "Role", "Doubloons"):
        assert f"<b>{option}</b>:" in shown


def test_steps_markdown_numbers_every_step_from_1_with_its_rule_on_request():
    from piratelib.widgets.blackflag_sinking import steps_markdown

    steps = rulebook_sinking()
    plain = steps_markdown(steps).splitlines()
    assert len(plain) == len(steps) and plain[0].startswith("1. **3. Play**: Barbara plays SHOT")
    assert plain[-1].startswith(f"{len(steps)}. **Sinking a Ship: 6**: No Sinking victory")
    ruled = steps_markdown(steps, rules=True)
    assert ruled.count("<br><i>") == len(steps) and "<small" not in ruled


def test_the_edge_table_agrees_with_edge_of_the_world_cell_by_cell():
    from piratelib.widgets.blackflag_sinking import edge_table_html

    table = edge_table_html()
    rows = [row for row in table.split("<tr>")[1:]]
    assert rows[0] == "<th>Chest on</th><th>4, 6, 8 players</th><th>5, 7 players</th></tr>"
    by_space = {row.split("</th>")[0].removeprefix("<th>"): row for row in rows[1:]}
    assert list(by_space) == ["Brittish 2 to 6", "Brittish 1", "0", "Ibberian 1", "Ibberian 2 to 6"]
    # "Space 0: 5/7 players: The Pirate wins! 4/6/8 players: The Privateer with the most
    # Doubloons wins! In case of a tie, the Ibberian Privateer wins."
    assert "<td>Pirate</td>" in by_space["0"]
    assert "<td>Brittish Privateer if ahead, else Ibberian Privateer</td>" in by_space["0"]
    five = seated_roles(5)
    assert edge_of_the_world(five, dict.fromkeys(five, 1), chest=3).winner == "ibberia"
    assert by_space["Ibberian 2 to 6"].count("<td>Ibberia</td>") == 2


def test_table_html_shows_roles_face_up_or_down_and_the_board():
    from piratelib.widgets.blackflag_sinking import table_html

    end = rulebook_sinking()[-1].state
    shown = table_html(end)
    assert "Treasure Chest on space 2 of the Ibberian side; Flags on space 5" in shown
    assert "Brittish Privateer, face up" in shown and "no Ship" in shown
