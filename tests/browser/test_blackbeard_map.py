"""The Hunt for Blackbeard Map in a real browser: fewer pawns, fewer spaces; names that
Chromium draws clear of each other, of the spaces and of the pieces."""

from __future__ import annotations

import itertools

import pytest

_BOXES = """() => Object.fromEntries([...document.querySelectorAll('[data-gid]')].map(e => {
  const b = e.getBoundingClientRect();
  return [e.getAttribute('data-gid'), [b.left, b.top, b.right, b.bottom]];
}))"""
"""Every mark's box on the page, as Chromium lays it out, by its data-gid."""


@pytest.mark.parametrize("voila", ["blackbeard_1_map_and_movement.ipynb"], indirect=True)
def test_pawns_slider_changes_the_highlighted_spaces(open_app, voila):
    app = open_app(voila, ".piratelib-reachable")
    # Jane and Ranger at James River with 2 pawns: James River, Cape Henry, 6 Oceans.
    assert "reach 8 spaces" in app.text(".piratelib-reachable")
    the_map = app.page.locator("svg.piratelib-map").first
    assert "can go for 2 pawns." in the_map.get_attribute("aria-label")
    assert the_map.locator("[data-gid^='highlight:']").count() == 8
    app.press_slider(0, "ArrowLeft")
    app.wait_for_text(".piratelib-reachable", "reach 2 spaces")
    assert "Cape Henry and James River" in app.text(".piratelib-reachable")
    the_map = app.page.locator("svg.piratelib-map").first
    assert "can go for 1 pawn." in the_map.get_attribute("aria-label")
    assert the_map.locator("[data-gid^='highlight:']").count() == 2


def test_names_and_tags_are_drawn_clear_of_each_other_and_of_every_mark(browser):
    """With a tag and three pieces on every space, as Chromium draws the text, no name or
    tag covers another, a space, a piece or a legend, and all stay inside the picture."""
    from piratelib.blackbeard.board import load_map
    from piratelib.blackbeard.deduce import chances
    from piratelib.blackbeard.game import SetCamp, apply, new_game, observation
    from piratelib.draw.blackbeard.map_svg import map_svg, side_map_svg

    G = load_map()
    hunters = observation(apply(new_game(seed=1), SetCamp("nots_island")), "hunters")
    pictures = [
        map_svg(
            G,
            labels={space: "3 pawns" for space in G},
            highlight=list(G),
            trail=["roanoke_island", "roanoke_inlet", "currituck_inlet"],
            pieces={space: ["jane", "ranger", "brand"] for space in G},
        ),
        side_map_svg(hunters, chances=chances(hunters)),
    ]
    page = browser.new_page(viewport={"width": 920, "height": 900})
    try:
        for picture in pictures:
            page.set_content(f"<html><body style='margin:0'>{picture}</body></html>")
            boxes = page.evaluate(_BOXES)
            frame = page.locator("svg").bounding_box()
            texts = {k: v for k, v in boxes.items() if k.startswith(("label:", "note:"))}
            marks = {
                k: v for k, v in boxes.items() if k.startswith(("space:", "piece:", "legend:"))
            }
            assert len(texts) >= 28 and len(marks) >= 28 + 2
            for (a, box_a), (b, box_b) in itertools.combinations(texts.items(), 2):
                assert not _overlap(box_a, box_b), (a, b)
            for a, box in texts.items():
                assert frame["x"] <= box[0] and box[2] <= frame["x"] + frame["width"], a
                assert frame["y"] <= box[1] and box[3] <= frame["y"] + frame["height"], a
                for b, mark in marks.items():
                    assert not _overlap(box, mark), (a, b)
    finally:
        page.close()


def _overlap(a, b):
    """Whether two boxes (left, top, right, bottom) share more than their edges."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
