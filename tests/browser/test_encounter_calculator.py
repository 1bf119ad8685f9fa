"""The Encounter calculator's app page in a real browser: change setup B and see the
difference change, open a shared link and see its setups, press "Roll it"."""

from __future__ import annotations

import html

import pytest

from piratelib.blackbeard.encounter import Encounter, Ending, odds
from piratelib.draw.blackbeard.encounter import points
from piratelib.widgets.encounter_setup import query_for
from piratelib.words import percent

PAGE = ["encounter_calculator.ipynb"]
ADVENTURE = frozenset({"adventure"})
COMMON = {"blackbeard": "escape", "hunters": "board"}
JANE = Encounter(hunters=frozenset({"jane"}), pirates=ADVENTURE)
MAYNARD = Encounter(hunters=frozenset({"jane"}), pirates=ADVENTURE, hunter_tiles={"lt_maynard"})


def difference(a: Encounter, b: Encounter, ending: Ending) -> str:
    """The difference column's cell for `ending`, as the page shows it."""
    change = odds(b, escape_policy=COMMON)[ending] - odds(a, escape_policy=COMMON)[ending]
    return html.unescape(points(change))


@pytest.mark.parametrize("voila", PAGE, indirect=True)
def test_changing_setup_b_changes_the_difference_column(open_app, voila):
    app = open_app(voila, ".piratelib-compare")
    assert difference(JANE, MAYNARD, Ending.HUNTERS_WIN) in app.text(".piratelib-compare")
    app.page.get_by_role("tab", name="Setup B").click()
    app.page.locator(".piratelib-setup-b").get_by_label("Swivel Guns", exact=True).check()
    guns = Encounter(**{**MAYNARD.__dict__, "blackbeard_tiles": frozenset({"swivel_guns"})})
    app.wait_for_text(".piratelib-compare", difference(JANE, guns, Ending.HUNTERS_WIN))
    assert difference(JANE, guns, Ending.BLACKBEARD_WINS) in app.text(".piratelib-compare")


@pytest.mark.parametrize("voila", PAGE, indirect=True)
def test_a_shared_link_opens_its_setups(open_app, voila):
    brand = Encounter(
        hunters=frozenset({"brand"}), pirates=ADVENTURE, blackbeard_tiles={"lookouts"}
    )
    mixed = {"blackbeard": "board", "hunters": "best"}
    sloops = Encounter(hunters=frozenset({"jane", "ranger"}), pirates=ADVENTURE)
    query = query_for({"a": (brand, COMMON), "b": (sloops, mixed)})
    app = open_app(f"{voila}?{query}", ".piratelib-compare")
    shown = app.text(".piratelib-compare")
    assert percent(odds(brand, escape_policy=COMMON)[Ending.BLACKBEARD_ESCAPES]) in shown
    assert percent(odds(sloops, escape_policy=mixed)[Ending.HUNTERS_WIN]) in shown
    setup_a = app.page.locator(".piratelib-setup-a")
    assert setup_a.get_by_label("Lookouts", exact=True).is_checked()
    assert setup_a.get_by_label("Capt Brand", exact=True).is_checked()
    assert not setup_a.get_by_label("Jane", exact=True).is_checked()
    app.page.get_by_role("tab", name="Share").click()
    link = app.page.locator("a.piratelib-share")
    assert query in html.unescape(link.get_attribute("href"))


@pytest.mark.parametrize("voila", PAGE, indirect=True)
def test_roll_it_rolls_real_dice_and_steps_through(open_app, voila):
    app = open_app(voila, ".piratelib-compare")
    app.page.get_by_role("tab", name="Roll it").click()
    app.page.locator(".piratelib-roll").click()  # waits until the tab's setup enables it
    app.wait_for_text(".piratelib-roll-result", "This roll ends after")
    said = app.text(".piratelib-roll-result")
    assert any(ending.value in said for ending in Ending)
    assert "Step 1 of" in app.page.locator(".piratelib-step").first.inner_text()
