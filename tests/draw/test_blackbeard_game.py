"""Tests for piratelib.draw.blackbeard.game: the Map as each side sees it, from its observation."""

from __future__ import annotations

from matplotlib.colors import to_hex

from piratelib.blackbeard.game import Interview as InterviewAction
from piratelib.blackbeard.game import SetCamp, Surveil, apply, new_game, observation
from piratelib.blackbeard.game.state import slots
from piratelib.draw.blackbeard.game import side_map, side_map_alt, spot_words
from piratelib.draw.charts import png


def _by_gid(fig, prefix):
    return {
        a.get_gid(): a
        for a in fig.axes[0].get_children()
        if a.get_gid() and str(a.get_gid()).startswith(prefix)
    }


def _camp_and_surveil():
    state = apply(new_game(seed=1), SetCamp("nots_island"))
    informant = state.informants[0]
    from piratelib.blackbeard.game import legal_actions

    interview = next(
        a
        for a in legal_actions(state)
        if isinstance(a, InterviewAction) and a.informant == informant
    )
    state = apply(state, interview)
    return apply(state, Surveil(interview.space)), interview.space


def test_every_block_slot_is_drawn_once_in_both_views():
    state, _ = _camp_and_surveil()
    for side in ("blackbeard", "hunters"):
        blocks = _by_gid(side_map(observation(state, side)), "block:")
        assert set(blocks) == {f"block:{space}" for space in slots()}


def test_blackbeard_sees_his_camp_the_hunters_see_a_question_mark():
    state, surveilled = _camp_and_surveil()
    mine = _by_gid(side_map(observation(state, "blackbeard")), "block:")
    theirs = side_map(observation(state, "hunters"))
    assert to_hex(mine["block:nots_island"].get_markerfacecolor()) == "#111111"  # Adventure
    unknown = _by_gid(theirs, "unknown:")
    assert "unknown:nots_island" in unknown
    assert f"unknown:{surveilled}" not in unknown  # face up at the Surveil marker
    assert f"highlight:{surveilled}" in _by_gid(theirs, "highlight:")
    assert len(unknown) == 23


def test_alt_text_says_what_each_side_knows():
    state, _ = _camp_and_surveil()
    mine = side_map_alt(observation(state, "blackbeard"))
    theirs = side_map_alt(observation(state, "hunters"))
    assert "Adventure at Camp at Nots Island (standing)" in mine
    assert "Nots Island" not in theirs
    assert "Where Adventure is, the Hunters do not know" in theirs
    assert "23 blocks stand up, unknown to the Hunters" in theirs
    assert "Surveil markers at" in theirs


def test_the_hunters_spot_record_is_tagged_on_blocks_now_standing():
    state, surveilled = _camp_and_surveil()
    view = observation(state, "hunters")
    assert any(spot.space == surveilled for spot in view.spots)
    notes = _by_gid(side_map(view), "note:")
    assert f"note:{surveilled}" not in notes  # face up: the block itself shows it


def test_the_same_observation_draws_the_same_picture():
    state, _ = _camp_and_surveil()
    view = observation(state, "hunters")
    assert png(side_map(view)) == png(side_map(view))


def test_shading_by_chance_changes_the_picture_and_the_alt_text():
    from piratelib.blackbeard.deduce import chances

    state, _ = _camp_and_surveil()
    view = observation(state, "hunters")
    odds = chances(view)
    plain, shaded = side_map(view), side_map(view, chances=odds)
    assert png(plain) != png(shaded)
    discs = _by_gid(shaded, "chance:")
    assert set(discs) == {f"chance:{space}" for space in odds}
    assert _by_gid(plain, "chance:") == {}
    assert len(shaded.axes) == 2 and "darker = likelier" in shaded.axes[1].get_xlabel()
    assert shaded.axes[1].get_xticklabels()[-1].get_text().endswith("%")
    # darker is likelier: the likeliest space's disc is darker than the least likely one's
    low, high = min(odds, key=odds.get), max(odds, key=odds.get)
    lightness = {s: sum(discs[f"chance:{s}"].get_facecolor()[0][:3]) for s in (low, high)}
    if odds[low] < odds[high]:
        assert lightness[high] < lightness[low]
    alt = side_map_alt(view, chances=odds)
    assert alt.startswith(side_map_alt(view)[:-1])
    assert f"Adventure can be in {len(odds)} spaces; likeliest " in alt
    assert "%" in alt.split("likeliest ")[1] and "_" not in alt


def test_no_chances_or_all_zero_chances_draw_the_plain_picture():
    from fractions import Fraction

    state, _ = _camp_and_surveil()
    view = observation(state, "hunters")
    assert png(side_map(view, chances=None)) == png(side_map(view))
    assert png(side_map(view, chances={"bath_town": Fraction(0)})) == png(side_map(view))
    assert side_map_alt(view, chances={}) == side_map_alt(view)


def test_a_moment_titles_the_picture_and_its_alt_text():
    view = observation(new_game(seed=1), "hunters")
    assert side_map_alt(view).startswith("The Hunters' view of the Map, Turn 1, segment A.")
    alt = side_map_alt(view, moment="Turn 1, step 2, A. Draw Tiles")
    assert alt.startswith("The Hunters' view of the Map, Turn 1, step 2, A. Draw Tiles.")
    title = side_map(view, moment="Turn 1, step 2, A. Draw Tiles").axes[0].get_title()
    assert title == "The Hunters' view: Turn 1, step 2, A. Draw Tiles"


def test_a_block_updated_at_a_surveil_marker_is_not_called_a_spot():
    from piratelib.blackbeard.game.state import Spot

    reveal = Spot(1, "C", "albemarle_sound", "adventure", True, "face_up")
    assert spot_words(reveal) == "updated face up at its Surveil marker"
    assert spot_words(Spot(1, "D", "gun_inlet", "blank", True, "end_move")) == (
        "openly Spotted where a Hunter piece ended its move"
    )
    assert spot_words(Spot(1, "B", "gun_inlet", "blank", False, "sighting")) == (
        "secretly Spotted by following a Sighting"
    )
