"""Headless tests of the what-if Encounter calculator: two setups, the difference, the
detail, each tile's worth, "Roll it" and sharing, checked against the exact functions."""

from __future__ import annotations

import random

import pytest

from piratelib.blackbeard.encounter import Encounter, Ending, odds
from piratelib.blackbeard.encounter.whatif import ending_detail, tile_worth
from piratelib.draw.blackbeard.encounter import points
from piratelib.widgets.encounter_calculator import TABS, EncounterCalculator
from piratelib.widgets.encounter_setup import query_for
from piratelib.widgets.encounter_views import compare_html
from piratelib.words import ID, percent

ADVENTURE = frozenset({"adventure"})
JANE = Encounter(hunters=frozenset({"jane"}), pirates=ADVENTURE)
MAYNARD = Encounter(hunters=frozenset({"jane"}), pirates=ADVENTURE, hunter_tiles={"lt_maynard"})
COMMON = {"blackbeard": "escape", "hunters": "board"}
SLOOPS = Encounter(
    hunters=frozenset({"jane", "ranger"}),
    pirates=ADVENTURE,
    blackbeard_tiles=frozenset({"swivel_guns", "lookouts"}),
    hunter_tiles=frozenset({"cannon_jane", "midshipman_hyde"}),
    used_this_turn=frozenset({"lookouts"}),
    maynard_reading="escape_or_board",
)


def shown(app: EncounterCalculator) -> str:
    """Every HTML and label the app shows, as one text (a choice shows its label)."""
    seen, stack = [], [app]
    while stack:
        widget = stack.pop()
        said = getattr(widget, "label", None) if hasattr(widget, "options") else None
        value = getattr(widget, "value", "")
        value = said or (value if isinstance(value, str) else "")
        seen.append(f"{value} {getattr(widget, 'description', '')}")
        stack.extend(getattr(widget, "children", ()))
        seen.extend(getattr(widget, "titles", ()))
    return " ".join(seen)


def tab(app: EncounterCalculator, title: str) -> None:
    app.results.selected_index = TABS.index(title)


def test_it_opens_on_jane_with_and_without_lt_maynard_side_by_side():
    app = EncounterCalculator()
    assert app.odds == {
        "A": odds(JANE, escape_policy=COMMON),
        "B": odds(MAYNARD, escape_policy=COMMON),
    }
    assert app.compare.value == compare_html(app.odds["A"], app.odds["B"])
    gain = app.odds["B"][Ending.HUNTERS_WIN] - app.odds["A"][Ending.HUNTERS_WIN]
    assert f"<td>{points(gain)}</td>" in app.compare.value and gain > 0
    assert "setup A" in app.chart.value and "setup B" in app.chart.value


def test_changing_setup_b_changes_the_difference_column_only_for_b():
    app = EncounterCalculator()
    before_a = app.odds["A"]
    app.b.tiles["swivel_guns"].value = True
    guns = Encounter(**{**MAYNARD.__dict__, "blackbeard_tiles": frozenset({"swivel_guns"})})
    assert app.odds["A"] == before_a and app.odds["B"] == odds(guns, escape_policy=COMMON)
    change = app.odds["B"][Ending.BLACKBEARD_WINS] - before_a[Ending.BLACKBEARD_WINS]
    assert f"<td>{points(change)}</td>" in app.compare.value


def test_copy_a_to_b_then_swap():
    app = EncounterCalculator()
    app.a.set_setup(SLOOPS, {"blackbeard": "best", "hunters": "escape"})
    app.copy.click()
    assert app.b.encounter() == SLOOPS and app.b.escape_policy == app.a.escape_policy
    assert "<td>same</td>" in app.compare.value
    app.b.set_setup(JANE, COMMON)
    app.swap.click()
    assert app.a.encounter() == JANE and app.b.encounter() == SLOOPS
    assert app.odds["B"] == odds(SLOOPS, escape_policy={"blackbeard": "best", "hunters": "escape"})


def test_each_side_its_own_escape_or_board_choice():
    app = EncounterCalculator()
    app.a.choices["hunters"].value = "escape"
    policy = {"blackbeard": "escape", "hunters": "escape"}
    assert app.odds["A"] == odds(JANE, escape_policy=policy)
    assert app.odds["A"][Ending.HUNTERS_ESCAPE] > 0


def test_the_detail_beneath_the_endings_is_the_exact_phase_and_hits():
    app = EncounterCalculator()
    app.b.set_setup(SLOOPS, COMMON)
    detail = app.details["B"].detail
    assert detail.phases() == ending_detail(SLOOPS, COMMON).phases()
    assert detail.endings() == app.odds["B"]
    text = app.details["B"].shown.value
    assert "Escape" in text and "Boarding" in text and "Rigging" in text


def test_exact_fractions_on_demand():
    app = EncounterCalculator()
    p = app.odds["A"][Ending.HUNTERS_WIN]
    assert percent(p) in app.compare.value and "exactly" not in app.compare.value
    app.exact.value = True
    assert f"exactly {p.numerator:,} in {p.denominator:,}" in app.compare.value


def test_the_tile_worth_tab_shows_the_setup_chosen_and_follows_changes():
    app = EncounterCalculator()
    assert app.worth.worths == []  # computed when the tab is opened, not before
    tab(app, "Each tile's worth")
    assert app.worth.worths == tile_worth(JANE, COMMON)
    app.worth_side.value = "B"
    assert app.worth.worths == tile_worth(MAYNARD, COMMON)
    app.b.tiles["grape"].value = True
    grape = Encounter(**{**MAYNARD.__dict__, "blackbeard_tiles": frozenset({"grape"})})
    assert app.worth.worths == tile_worth(grape, COMMON)
    assert "Capt Gordon" in app.worth.table.value and "tile by tile" in app.worth.chart.value


def test_roll_it_rolls_the_setup_chosen_and_steps_through_it():
    app = EncounterCalculator()
    tab(app, "Roll it")
    app.roll_side.value = "B"
    app.roller.rng = random.Random(7)
    app.roller.button.click()
    steps = app.roller.steps
    assert steps and steps[0].state is not None and steps[-1].state.ending in Ending
    assert app.roller.encounter == MAYNARD
    assert steps[-1].state.ending.value in app.roller.said.value
    app.roller.app.step.value = app.roller.app.step.max
    assert "Rule:" in app.roller.app.shown.value


def test_a_refused_setup_is_explained_and_the_other_side_still_shows():
    app = EncounterCalculator()
    for box in app.b.hunters.values():
        box.value = False
    assert app.odds["B"] is None and app.odds["A"] == odds(JANE, escape_policy=COMMON)
    assert "piratelib-error" in app.details["B"].shown.value
    assert "—" in app.compare.value
    app.swap.click()  # refused: nothing moves
    assert app.a.encounter() == JANE and "piratelib-error" in app.note.value


def test_sharing_round_trips_both_setups_exactly():
    app = EncounterCalculator(page="/voila/render/notebooks/encounter_calculator.ipynb")
    app.a.set_setup(SLOOPS, {"blackbeard": "board", "hunters": "best"})
    query = app.code.value
    assert query == query_for({"a": (SLOOPS, app.a.escape_policy), "b": (MAYNARD, COMMON)})
    assert f"encounter_calculator.ipynb?{query}".replace("&", "&amp;") in app.link.value
    opened = EncounterCalculator(query)
    assert opened.a.encounter() == SLOOPS and opened.b.encounter() == MAYNARD
    assert opened.a.escape_policy == {"blackbeard": "board", "hunters": "best"}
    pasted = EncounterCalculator()
    pasted.paste.value = f"http://example.org/app?{query}"
    pasted.open_button.click()
    assert pasted.odds == opened.odds


@pytest.mark.parametrize("bad", ["a=h=nobody;p=adventure", "b=h=jane;p=adventure;e=sail"])
def test_a_malformed_shared_setup_is_refused_and_changes_nothing(bad):
    app = EncounterCalculator()
    before = dict(app.odds)
    app.open_shared(bad)
    assert "piratelib-error" in app.share_note.value and app.odds == before


def test_the_app_says_names_never_ids():
    app = EncounterCalculator()
    app.b.set_setup(SLOOPS, COMMON)
    tab(app, "Each tile's worth")
    text = shown(app).replace(app.code.value, "")  # the share code is a code
    assert not ID.findall(text.replace("&#x27;", "'"))


def test_a_change_on_another_tab_leaves_the_hidden_comparison_until_it_is_opened():
    # On "Each tile's worth" a tick shows the tile worth at once; the comparison and
    # detail on "How it ends", out of view, catch up when that tab is opened again.
    app = EncounterCalculator()
    tab(app, "Each tile's worth")
    before = app.compare.value
    app.a.tiles["swivel_guns"].value = True
    guns = Encounter(**{**JANE.__dict__, "blackbeard_tiles": frozenset({"swivel_guns"})})
    assert app.worth.worths == tile_worth(guns, COMMON)
    assert app.compare.value == before  # out of view: not redrawn yet
    tab(app, "How it ends")
    assert app.details["A"].detail.endings() == odds(guns, escape_policy=COMMON)
    assert app.compare.value == compare_html(odds(guns, escape_policy=COMMON), app.odds["B"])


def test_the_odds_are_up_to_date_whichever_tab_is_open():
    app = EncounterCalculator()
    tab(app, "Roll it")
    app.b.set_setup(SLOOPS, COMMON)
    assert app.odds["B"] == odds(SLOOPS, escape_policy=COMMON)  # reading them catches up
    assert app.compare.value == compare_html(app.odds["A"], app.odds["B"])
