"""Headless tests of the Encounter calculator's result views: the numbers shown are those of
odds(), ending_detail() and tile_worth(), 0% rows are left out, changes are signed, refused
setups say why, and "Roll it" steps through a seeded roll to its Ending."""

from __future__ import annotations

import html
import random
from fractions import Fraction

import pytest

from piratelib.blackbeard.encounter import Encounter, Ending, odds, resolve
from piratelib.blackbeard.encounter.whatif import ending_detail, tile_worth
from piratelib.draw.blackbeard.encounter import ENDING_NAMES, points, worth_label
from piratelib.errors import PiratelibError
from piratelib.widgets import refusal
from piratelib.widgets.encounter_views import (
    DetailView,
    RollIt,
    TileWorthView,
    chance_cell,
    compare_html,
)
from piratelib.words import percent

MINUS = "\u2212"
SPLIT = {"blackbeard": "escape", "hunters": "board"}
JANE = Encounter(hunters=frozenset({"jane"}), pirates=frozenset({"adventure"}))
BOTH = Encounter(
    hunters=frozenset({"jane", "ranger"}),
    pirates=frozenset({"adventure"}),
    hunter_tiles=frozenset({"cannon_jane"}),
)


def _cells(p: Fraction, exact: bool = False) -> str:
    if exact:
        return f"{percent(p)} (exactly {p.numerator:,} in {p.denominator:,})"
    return percent(p)


def test_compare_shows_both_setups_and_the_signed_difference_in_points():
    a, b = odds(JANE), odds(BOTH, escape_policy=SPLIT)
    shown = compare_html(a, b)
    assert "class='piratelib-compare'" in shown
    assert f"<th>B {MINUS} A</th>" in shown
    for ending in Ending:
        row = (
            f"<tr><td>{ENDING_NAMES[ending]}</td><td>{_cells(a[ending])}</td>"
            f"<td>{_cells(b[ending])}</td><td>{points(b[ending] - a[ending])}</td></tr>"
        )
        assert (row in shown) == bool(a[ending] or b[ending]), ending
    assert "Israel Hands" not in shown  # 0% in both: left out
    assert "Fraction" not in shown and "_" not in shown.replace("piratelib-", "")


def test_compare_exact_fractions_and_same():
    a = odds(JANE)
    shown = compare_html(a, a, exact=True)
    assert "<td>31.1% (exactly 14,525 in 46,656)</td>" in shown
    assert shown.count("<td>same</td>") == 2


def test_compare_difference_is_signed_both_ways():
    a, b = odds(JANE), odds(BOTH, escape_policy=SPLIT)
    up = b[Ending.HUNTERS_WIN] - a[Ending.HUNTERS_WIN]
    assert up > 0
    assert f"<td>+{percent(up)[:-1]} points</td>" in compare_html(a, b)
    assert f"<td>{MINUS}{percent(up)[:-1]} points</td>" in compare_html(b, a)


def test_compare_refused_side_shows_a_dash_and_names_are_escaped():
    shown = compare_html(None, odds(JANE), names=("<A>", "B"))
    assert "<th>&lt;A&gt;</th>" in shown
    assert "<td>—</td><td>31.1%</td><td>—</td>" in shown
    assert "refuse both" in compare_html(None, None)


@pytest.mark.parametrize("exact", [False, True])
def test_detail_view_shows_the_exact_phases_and_hits(exact):
    view = DetailView()
    view.show(BOTH, SPLIT, exact=exact)
    detail = ending_detail(BOTH, SPLIT)
    assert view.detail == detail and detail.endings() == odds(BOTH, escape_policy=SPLIT)
    shown = view.shown.value
    assert "piratelib-detail" in view._dom_classes
    for (phase, ending), p in detail.by_phase().items():
        assert f"<td>{_cells(p, exact)}</td>" in shown, (phase, ending)
    assert "<td>Escape</td>" in shown and "<td>Boarding</td>" in shown
    assert "<td>Arrest</td>" not in shown  # Jane and Ranger never end it at the Arrest roll
    for piece, title in (("jane", "Jane"), ("ranger", "Ranger"), ("adventure", "Adventure")):
        assert f"<th>Hits on {title}</th>" in shown
        for (rigging, crew), p in detail.hits_on(piece).items():
            assert f"<td>{_cells(p, exact)}</td>" in shown, (piece, rigging, crew)
    no_hits = detail.hits_on("adventure")[0, 0]
    assert f"<tr><td>no Hits</td><td>{_cells(no_hits, exact)}</td></tr>" in shown
    assert "Fraction" not in shown and "HUNTERS" not in shown


def test_detail_view_without_a_battle_and_when_refused():
    view = DetailView()
    view.show(Encounter(hunters=frozenset({"brand"}), pirates=frozenset({"adventure"})), "board")
    assert "no Battle" in view.shown.value
    assert "<td>Arrest</td><td>42.1%</td>" in view.shown.value  # 1 - (5/6)**3: Brand wins
    view.clear("<p>not allowed</p>")
    assert view.shown.value == "<p>not allowed</p>" and view.detail is None
    view.show(JANE, "sometimes")
    assert "Not allowed" in view.shown.value and view.detail is None


@pytest.mark.parametrize("exact", [False, True])
def test_tile_worth_view_matches_tile_worth_sorted_with_signs(exact):
    view = TileWorthView()
    view.show(BOTH, SPLIT, exact=exact)
    worths = tile_worth(BOTH, SPLIT)
    assert [(w.tile, w.change, w.deltas) for w in view.worths] == [
        (w.tile, w.change, w.deltas) for w in worths
    ]
    shown = view.table.value
    assert "piratelib-worth" in view._dom_classes
    done = [w for w in worths if w.deltas is not None]
    labels = [f"{'+' if w.change == 'added' else MINUS} {html.escape(w.name)}<" for w in done]
    positions = [shown.index(label) for label in labels]
    assert positions == sorted(positions)  # the table keeps tile_worth's order
    assert f"<td>{MINUS} Cannon (Jane)</td>" in shown  # declared: removed
    for w in done:
        for ending, delta in w.deltas.items():
            if delta:
                assert f"<td>{points(delta, exact=exact)}</td>" in shown, (w.tile, ending)
    assert "Israel Hands" not in shown  # a column where nothing changes is left out
    assert "<b>Capt Gordon</b> cannot be added: Capt Gordon needs Capt Brand" in shown
    assert "capt_gordon" not in shown and "brand" not in shown
    chart = view.chart.value  # HTML bars: the words are in the page, largest gain first
    assert "Change in the Hunters&#x27; chance to win, tile by tile" in chart
    bars = [
        chart.index(html.escape(worth_label(w)))
        for w in sorted(done, key=lambda w: -w.deltas[Ending.HUNTERS_WIN])
    ]
    assert bars == sorted(bars)


def test_tile_worth_view_refused():
    view = TileWorthView()
    view.show(JANE, "board")
    view.clear("<p>reason</p>")
    assert (view.table.value, view.chart.value, view.worths) == ("<p>reason</p>", "", [])


def test_roll_it_with_a_seeded_rng_steps_to_the_rolls_ending():
    roller = RollIt(random.Random(7))
    assert roller.button.disabled  # nothing to roll yet
    assert "piratelib-roll" in roller.button._dom_classes
    roller.show(JANE, SPLIT)
    assert not roller.button.disabled and roller.app is None
    roller.button.click()
    expected = resolve(JANE, random.Random(7), escape_policy=SPLIT)
    assert [s.text for s in roller.steps] == [s.text for s in expected]
    app = roller.app
    assert roller.stepper.children == (app,) and app.step.max == len(expected)
    app.step.value = app.step.max
    ending = expected[-1].state.ending
    assert ending.value.split(" ", 1)[1] in app.shown.value  # "Hunters win the game" ...
    assert f"<b>{ending.value}</b>" in roller.said.value.replace("&#x27;", "'")
    assert expected[-1].rule and "Rule:" in app.shown.value


def test_roll_it_again_rolls_new_dice_and_a_new_setup_clears_the_old_roll():
    roller = RollIt(random.Random(3))
    roller.show(BOTH, "best")
    roller.roll()
    first = roller.app
    roller.roll()
    assert roller.app is not first and roller.app.steps == roller.steps != ()
    roller.show(JANE, "board")
    assert roller.steps == () and roller.stepper.children == () and roller.said.value == ""


def test_roll_it_refused_setup_disables_the_button_with_the_reason():
    roller = RollIt(random.Random(1))
    roller.show(JANE, "board")
    roller.roll()
    try:
        Encounter(
            hunters=frozenset({"jane"}),
            pirates=frozenset({"adventure"}),
            hunter_tiles=frozenset({"capt_gordon"}),
        )
    except PiratelibError as error:
        reason = refusal(error)
    roller.clear(reason)
    assert roller.button.disabled and roller.steps == () and roller.stepper.children == ()
    assert roller.note.value == reason
    assert roller.button.tooltip.startswith("Not allowed: Capt Gordon needs Capt Brand")
    roller.roll()  # does nothing while refused
    assert roller.steps == ()


def test_roll_it_refuses_a_malformed_policy_with_the_reason():
    roller = RollIt(random.Random(1))
    roller.show(BOTH, "sometimes")
    roller.roll()
    assert "Not allowed" in roller.note.value and roller.steps == ()


def test_chance_cell():
    assert chance_cell(Fraction(1, 2)) == "50.0%"
    assert chance_cell(Fraction(1, 2), exact=True) == "50.0% (exactly 1 in 2)"


def test_the_views_remember_recent_setups_so_switching_back_is_instant(monkeypatch):
    # A learner ticks a tile, then unticks it: the second answer is the one kept, with
    # no second walk of the game tree (and switching exact fractions on recomputes nothing).
    from piratelib.widgets import encounter_views

    calls = []
    real = encounter_views.tile_worth
    monkeypatch.setattr(encounter_views, "tile_worth", lambda e, p: calls.append(e) or real(e, p))
    encounter_views._worths.cache_clear()
    view = TileWorthView()
    grape = Encounter(**{**BOTH.__dict__, "blackbeard_tiles": frozenset({"grape"})})
    for setup in (BOTH, grape, BOTH, grape):
        view.show(setup, SPLIT)
        assert view.worths == tile_worth(setup, SPLIT)
    view.show(grape, SPLIT, exact=True)
    assert "(exactly" in view.table.value
    assert calls == [BOTH, grape]


@pytest.mark.parametrize("policy", [["board"], {"blackbeard": ["escape"]}])
def test_a_policy_that_cannot_be_kept_is_refused_by_the_rules_with_the_reason(policy):
    for view in (DetailView(), TileWorthView()):
        view.show(JANE, policy)
        shown = view.shown.value if isinstance(view, DetailView) else view.table.value
        assert "Not allowed" in shown
