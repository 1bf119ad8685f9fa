"""Headless tests of the Piracy app: plan pawns, move Adventure, read the exact steps shown."""

from __future__ import annotations

import html
import random
import re
import xml.etree.ElementTree as ET

import ipywidgets as widgets

from piratelib.blackbeard.piracy import Mat, Position, plan_piracy, resolve_piracy
from piratelib.widgets.piracy import START, MatApp, victory_line
from piratelib.words import ID, ids


def expected_steps(plan: dict[str, int], adventure: str, *, seed: int = 1, sailed=False):
    mat = START
    for tile, pawns in plan.items():
        mat = plan_piracy(mat, tile, pawns)
    position = Position(adventure=adventure, camp="bats_grave", sailed=sailed)
    return resolve_piracy(mat, position, random.Random(seed))


def shown_texts(app: MatApp) -> list[str]:
    texts = []
    for k in range(1, app.step.max + 1):
        app.step.value = k
        texts.append(app.shown.value)
    return texts


def test_opens_on_banyan_for_vane_at_nots_island():
    app = MatApp()
    steps = expected_steps({"banyan_for_vane": 3}, "nots_island")
    assert [s.text for s in app.steps] == [s.text for s in steps]
    assert app.step.value == 1 and app.step.max == len(steps) == 4  # steps count from 1
    assert "class='piratelib-piracy-step'" in app.shown.value
    shown = shown_texts(app)
    for k, step in enumerate(steps):
        assert f"Step {k + 1} of 4</b>: {html.escape(step.text, quote=False)}" in shown[k]
        assert html.escape(step.rule, quote=False) in shown[k]
    assert app.steps[-1].state.purse == 3 and app.steps[-1].state.taken_loot == (2, 1)
    assert victory_line(steps[-1].state) in app.victory.value
    assert "Pirate's Life 3/7" in app.victory.value


def test_a_pawn_slider_and_adventures_space_change_the_steps_exactly():
    app = MatApp()
    app.pawns["raid_delaware"].value = 2
    steps = expected_steps({"raid_delaware": 2, "banyan_for_vane": 3}, "nots_island")
    assert [s.text for s in app.steps] == [s.text for s in steps]
    assert steps[1].text == "Raid Delaware: no piece at Currituck Inlet, so its 2 pawns are wasted."
    assert html.escape(steps[0].text, quote=False) in app.shown.value

    app.adventure.value = "currituck_inlet"
    steps = expected_steps({"raid_delaware": 2, "banyan_for_vane": 3}, "currituck_inlet")
    assert [s.text for s in app.steps] == [s.text for s in steps]
    assert "Raid Delaware at Currituck Inlet: 2 black from the pool (3 of 4 squares)." in [
        s.text for s in app.steps
    ]
    expected = (
        "Acts of Piracy 3/7, Pirate's Life 0/7: at the end of Turn 4 Blackbeard does not win "
        "by Piracy, and does not win with the more-than-half option."
    )
    assert victory_line(steps[-1].state) == expected
    assert expected in app.victory.value

    app.pawns["raid_delaware"].value = 3  # 3 + 3 pawns: more than Blackbeard's 5
    assert "class='piratelib-error'" in app.result.value


def test_filling_raid_delaware_wins_at_least_half():
    app = MatApp()
    app.pawns["banyan_for_vane"].value = 0
    app.pawns["raid_delaware"].value = 3
    app.adventure.value = "currituck_inlet"
    steps = expected_steps({"raid_delaware": 3}, "currituck_inlet")
    assert [s.text for s in app.steps] == [s.text for s in steps]
    assert "Acts of Piracy 4/7" in app.victory.value
    assert "Blackbeard wins by Piracy, and wins with the more-than-half option" in (
        app.victory.value
    )


def test_careen_sloop_takes_nothing_after_sailing():
    app = MatApp(pawns={"careen_sloop": 2})
    assert "Careen Sloop at Nots Island: 2 black from the pool" in app.steps[1].text
    app.sailed.value = True
    steps = expected_steps({"careen_sloop": 2}, "nots_island", sailed=True)
    assert app.steps[1].text == steps[1].text
    assert "Adventure Sailed this turn" in app.steps[1].text


def test_too_many_pawns_are_refused_not_raised():
    app = MatApp()
    app.pawns["visit_with_wife"].value = 3
    assert "class='piratelib-error'" in app.result.value
    assert "Blackbeard has 5 pawns this turn" in app.result.value
    assert app.steps == () and app.step.disabled
    assert "piratelib-victory" in app.victory.value and "Unplanned mat" in app.victory.value
    app.pawns["visit_with_wife"].value = 2
    assert "piratelib-error" not in app.result.value and len(app.steps) == 5


def test_the_seed_makes_the_loot_draw_reproducible():
    app = MatApp(seed=7)
    steps = expected_steps({"banyan_for_vane": 3}, "nots_island", seed=7)
    assert app.steps[-1].text == steps[-1].text
    assert app.steps[-1].state.taken_loot == steps[-1].state.taken_loot
    before = app.picture.value
    app.step.value = app.step.max
    assert app.picture.value != before


def test_any_mat_can_start_the_app():
    mat = Mat(acts_of_piracy=("seize_prize_gun_inlet", "seize_prize_roanoke_inlet"))
    app = MatApp(mat, adventure="gun_inlet")
    assert set(app.pawns) == {"seize_prize_gun_inlet", "seize_prize_roanoke_inlet"}
    assert app.pawns["seize_prize_gun_inlet"].description.endswith("(Gun Inlet)")
    assert app.steps[-1].text.startswith("Resolve Piracy")  # no pawns: nothing to place


def test_the_app_speaks_in_names_and_explains_its_options():
    app = MatApp()
    app.pawns["visit_with_wife"].value = 3  # refused: 6 pawns
    shown = " ".join(w.value for w in app.children if isinstance(w, widgets.HTML))
    # what a reader sees or hears: the words outside the tags, and the pictures' names
    text = re.sub(r"<[^>]+>", " ", shown) + " ".join(re.findall(r"aria-label='([^']*)'", shown))
    assert not {m for m in ID.findall(text) if m in ids()}, "an id shown to the learner"
    assert "Careen Sloop takes no cubes on a turn Adventure Sails" in shown
    assert "Tiles that list Camp" in shown and "other Loot markers" in shown


def test_sliders_are_long_and_redraw_only_when_let_go():
    app = MatApp()
    for slider in [*app.pawns.values(), app.step]:
        assert not slider.continuous_update
        width = int(slider.layout.width.removesuffix("px"))
        label = int(slider.style.description_width.removesuffix("px"))
        assert width - label - 60 >= 300, "a slider track of at least 300px"


def test_the_mat_picture_has_alt_text_in_words():
    app = MatApp()
    app.step.value = app.step.max
    picture = ET.fromstring(app.picture.value)  # SVG text, not a PNG
    assert picture.get("class") == "piratelib-mat" and picture.get("role") == "img"
    alt = picture.get("aria-label")
    assert alt.startswith("Blackbeard's mat after step 4 of 4. Acts of Piracy: 1 of 7")
    assert "Banyan for Vane: full" in alt and "Purse: 3 gold" in alt


def test_the_mat_picture_shows_each_step_s_pawns_and_cubes():
    app = MatApp()  # 3 pawns on Banyan for Vane, which fills with gold from the Purse
    gids = re.compile(r"data-gid='((?:pawn|cube|full):banyan_for_vane[^']*)'")
    assert gids.findall(app.picture.value) == [f"pawn:banyan_for_vane:{k}" for k in range(3)]
    app.step.value = app.step.max
    shown = gids.findall(app.picture.value)
    assert shown == ["full:banyan_for_vane"] + [f"cube:banyan_for_vane:{k}" for k in range(3)]
    assert "<img" not in app.picture.value and "base64" not in app.picture.value
