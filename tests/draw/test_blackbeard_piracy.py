"""Tests for piratelib.draw.blackbeard.piracy: Blackbeard's mat shows its cubes, pawns and Purse."""

from __future__ import annotations

import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.transforms import Bbox

from piratelib.draw.blackbeard.piracy import blackbeard_mat, blackbeard_mat_alt
from piratelib.draw.charts import png


def _mat_gids(fig, prefix):
    return sorted(
        str(a.get_gid()) for a in fig.axes[0].get_children() if str(a.get_gid()).startswith(prefix)
    )


def test_blackbeard_mat_draws_one_artist_per_cube_and_pawn():
    from piratelib.blackbeard.piracy import Mat, plan_piracy

    mat = Mat(
        purse=4,
        spare_gold=15,
        acts_of_piracy=("raid_delaware", "careen_sloop"),
        pirates_life=("banyan_for_vane", "buy_rum"),
        cubes=(("raid_delaware", 2), ("banyan_for_vane", 1)),
        spare_black=13,
    )
    mat = plan_piracy(plan_piracy(mat, "raid_delaware", 2), "banyan_for_vane", 2)
    fig = blackbeard_mat(mat, title="t")
    assert len(_mat_gids(fig, "cube:")) == sum(n for _, n in mat.cubes) == 3
    assert len(_mat_gids(fig, "pawn:")) == mat.pawns_used == 4
    # Pawns stand on the open squares after the cubes.
    assert _mat_gids(fig, "pawn:raid_delaware") == ["pawn:raid_delaware:2", "pawn:raid_delaware:3"]
    assert _mat_gids(fig, "tile:") == sorted(f"tile:{t}" for t in mat.drawn())
    texts = {a.get_gid(): a.get_text() for a in fig.axes[0].texts if a.get_gid()}
    assert texts["row:acts_of_piracy"].startswith("Acts of Piracy: 2 / 7 squares")
    assert texts["row:pirates_life"].startswith("Pirate's Life: 1 / 5 squares")
    assert texts["purse"] == "Purse: 4 gold"
    assert png(fig)[:8] == b"\x89PNG\r\n\x1a\n"


def test_blackbeard_mat_row_totals_say_whether_half_is_reached():
    from piratelib.blackbeard.piracy import Mat

    mat = Mat(
        acts_of_piracy=("raid_delaware",),
        pirates_life=("buy_rum", "hire_doctor", "banyan_for_vane", "fete_tobias_knight"),
        cubes=(("raid_delaware", 4), ("buy_rum", 2), ("hire_doctor", 3)),
    )
    fig = blackbeard_mat(mat)
    texts = {a.get_gid(): a.get_text() for a in fig.axes[0].texts if a.get_gid()}
    assert "4 / 4 squares — more than half" in texts["row:acts_of_piracy"]
    assert "5 / 10 squares — exactly half" in texts["row:pirates_life"]
    assert len(_mat_gids(fig, "cube:")) == 9 and not _mat_gids(fig, "pawn:")


def test_blackbeard_mat_text_stays_inside_the_figure():
    from piratelib.blackbeard.piracy import Mat

    mat = Mat(
        acts_of_piracy=("raid_delaware", "raid_charles_town", "divvy_with_eden", "take_on_stores"),
        pirates_life=("seek_pardon", "sell_cargo", "hire_doctor", "crew_to_ordinary"),
        taken_loot=(1, 2, 3),
        defenses=(("lookouts", 1), ("philip_morton", 2)),
    )
    fig = blackbeard_mat(mat)
    renderer = FigureCanvasAgg(fig).get_renderer()
    frame = Bbox.from_bounds(0, 0, *fig.bbox.size)
    for text in fig.axes[0].texts:
        box = text.get_window_extent(renderer)
        assert frame.contains(box.x0, box.y0) and frame.contains(box.x1, box.y1), text.get_text()


def test_after_resolve_piracy_a_tile_shows_cubes_not_pawns():
    # Placing Cubes: "Add cubes to unoccupied squares on Piracy tiles that have pawns on
    # them, one cube per pawn there": the pawns become the cubes.
    import random

    from piratelib.blackbeard.piracy import Mat, Position, plan_piracy, resolve_piracy

    mat = Mat(acts_of_piracy=("raid_delaware", "careen_sloop"), cubes=(("raid_delaware", 1),))
    mat = plan_piracy(plan_piracy(mat, "raid_delaware", 2), "careen_sloop", 2)
    before = blackbeard_mat(mat)
    assert _mat_gids(before, "pawn:raid_delaware") == [
        "pawn:raid_delaware:1",
        "pawn:raid_delaware:2",
    ]
    steps = resolve_piracy(mat, Position(adventure="currituck_inlet"), random.Random(1))
    placed = blackbeard_mat(steps[1].state)  # Raid Delaware resolved, Careen Sloop not yet
    assert _mat_gids(placed, "cube:raid_delaware") == [f"cube:raid_delaware:{k}" for k in range(3)]
    assert not _mat_gids(placed, "pawn:raid_delaware")
    assert len(_mat_gids(placed, "pawn:careen_sloop")) == 2
    after = blackbeard_mat(steps[-1].state)  # Careen Sloop's pawns wasted: none left
    assert not _mat_gids(after, "pawn:")
    assert "Raid Delaware: 3 of 4;" in blackbeard_mat_alt(steps[-1].state)


def test_the_alt_text_says_the_rows_tiles_and_purse():
    from piratelib.blackbeard.piracy import Mat

    mat = Mat(
        purse=3,
        taken_loot=(2, 1),
        acts_of_piracy=("seize_prize_gun_inlet",),
        pirates_life=("banyan_for_vane",),
        cubes=(("banyan_for_vane", 3),),
    )
    assert blackbeard_mat_alt(mat) == (
        "Blackbeard's mat. Acts of Piracy: 0 of 2 squares have cubes (Seize Prize at Sea "
        "(Gun Inlet): 0 of 2). Pirate's Life: 3 of 3 squares have cubes (Banyan for Vane: "
        "full). Purse: 3 gold. Taken Loot: 2, 1."
    )


# The mat as SVG (piratelib.draw.blackbeard.mat_svg), from the same layout (mat_style).

SVG = "{http://www.w3.org/2000/svg}"


def _svg_gids(shown: str, prefix: str) -> list[str]:
    import xml.etree.ElementTree as ET

    return sorted(
        gid
        for element in ET.fromstring(shown).iter()
        if (gid := element.get("data-gid", "")).startswith(prefix)
    )


def test_mat_svg_puts_each_cube_and_pawn_where_the_matplotlib_mat_does():
    from piratelib.blackbeard.piracy import Mat, plan_piracy
    from piratelib.draw.blackbeard.mat_svg import mat_svg

    mat = Mat(
        acts_of_piracy=("raid_delaware", "careen_sloop"),
        pirates_life=("banyan_for_vane",),
        cubes=(("raid_delaware", 2), ("banyan_for_vane", 3)),
        spare_black=13,
        spare_gold=12,
    )
    mat = plan_piracy(mat, "raid_delaware", 2)
    shown = mat_svg(mat)
    fig = blackbeard_mat(mat)
    for prefix in ("cube:", "pawn:", "tile:", "full:", "row:"):
        assert _svg_gids(shown, prefix) == _mat_gids(fig, prefix), prefix
    assert _svg_gids(shown, "pawn:") == ["pawn:raid_delaware:2", "pawn:raid_delaware:3"]
    assert _svg_gids(shown, "full:") == ["full:banyan_for_vane"]  # its 3 squares are filled
    # the same places: each cube's rectangle in the SVG is the matplotlib patch's
    patches = {p.get_gid(): p for p in fig.axes[0].patches}
    import xml.etree.ElementTree as ET

    for rect in ET.fromstring(shown).iter(f"{SVG}rect"):
        gid = rect.get("data-gid", "")
        if gid.startswith("cube:"):
            x, y = patches[gid].get_xy()
            assert (float(rect.get("x")), float(rect.get("y"))) == pytest.approx((x, y), abs=0.06)


def test_mat_svg_says_the_mat_in_words_and_in_its_text():
    import xml.etree.ElementTree as ET

    from piratelib.blackbeard.piracy import Mat
    from piratelib.draw.blackbeard.mat_svg import mat_svg

    mat = Mat(purse=3, taken_loot=(2, 1), pirates_life=("banyan_for_vane",))
    picture = ET.fromstring(mat_svg(mat, title="After step 2", css="piratelib-mat"))
    assert picture.get("class") == "piratelib-mat" and picture.get("role") == "img"
    assert picture.get("aria-label") == blackbeard_mat_alt(mat, title="After step 2")
    assert picture.get("aria-label").startswith("After step 2. Acts of Piracy: no tiles yet.")
    texts = [t.text for t in picture.iter(f"{SVG}text")]
    assert "After step 2" in texts and "Purse: 3 gold" in texts and "(no tiles drawn)" in texts
    assert "Pirate's Life: 0 / 3 squares — less than half (half is 2)" in texts
    assert min(float(t.get("font-size")) for t in picture.iter(f"{SVG}text")) >= 12


def test_mat_svg_writes_the_unchanging_rows_once():
    from piratelib.blackbeard.piracy import Mat, plan_piracy
    from piratelib.draw.blackbeard import mat_svg as module

    mat = Mat(pirates_life=("banyan_for_vane", "visit_with_wife"))
    module._base.cache_clear()
    module.mat_svg(mat)
    module.mat_svg(plan_piracy(mat, "banyan_for_vane", 2))  # the same tiles face up
    assert module._base.cache_info().misses == 1 and module._base.cache_info().hits == 1


@pytest.mark.parametrize(
    ("args", "kwargs", "message"),
    [
        ((None,), {}, "mat must be a Mat"),
        (("raid_delaware",), {}, "mat must be a Mat"),
        ((), {"title": 7}, "title must be text"),
        ((), {"tiles": "tiles"}, "tiles must be a Tiles or None"),
        ((), {"bad_tile": True}, "unknown Piracy tile 'no_such_tile'"),
    ],
)
def test_mat_svg_refuses_what_the_matplotlib_mat_refuses(args, kwargs, message):
    from piratelib.blackbeard.piracy import Mat
    from piratelib.draw.blackbeard.mat_svg import mat_svg
    from piratelib.errors import PiratelibError

    if kwargs.pop("bad_tile", False):
        args = (Mat(acts_of_piracy=("no_such_tile",)),)
    args = args or (Mat(),)
    for draw in (mat_svg, blackbeard_mat):
        with pytest.raises(PiratelibError, match=message):
            draw(*args, **kwargs)
