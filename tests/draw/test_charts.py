"""Tests for piratelib.draw.charts: the charts show the exact numbers they were given."""

from __future__ import annotations

import io

import pytest

from piratelib import dice
from piratelib.draw.charts import distribution_bars, png
from piratelib.errors import PiratelibError


def test_distribution_bars_heights_are_the_probabilities():
    fig = distribution_bars(
        {"none": dice.highest_die(0), "two": dice.highest_die(2)},
        title="t",
        xlabel="x",
        outcome_names={0: "no dice"},
    )
    ax = fig.axes[0]
    labels = [tick.get_text() for tick in ax.get_xticklabels()]
    assert labels == ["no dice", "1", "2", "3", "4", "5", "6"]
    none_bars, two_bars = ax.containers
    assert [bar.get_height() for bar in none_bars] == [1, 0, 0, 0, 0, 0, 0]
    assert [bar.get_height() for bar in two_bars] == pytest.approx(
        [0] + [float(p) for p in dice.highest_die(2).values()]
    )


def test_png_is_an_image():
    fig = distribution_bars({"d6": dice.die()}, title="one die", xlabel="face")
    assert png(fig)[:8] == b"\x89PNG\r\n\x1a\n"


def test_image_carries_its_alt_text_and_refuses_none():
    from matplotlib.figure import Figure

    from piratelib.draw.charts import image

    picture = image(Figure(figsize=(1, 1)), "  A blank square.  ")
    assert picture.alt == "A blank square."
    assert picture.data[:8] == b"\x89PNG\r\n\x1a\n"
    with pytest.raises(ValueError, match="alt text"):
        image(Figure(), " ")


def test_img_html_escapes_the_alt_text_and_embeds_the_png():
    import base64

    from matplotlib.figure import Figure

    from piratelib.draw.charts import img_html

    data = png(Figure(figsize=(1, 1)))
    tag = img_html(data, "Andrew's <Ship>", width="300px")
    assert "alt='Andrew&#x27;s &lt;Ship&gt;'" in tag
    assert f"base64,{base64.b64encode(data).decode()}'" in tag
    assert "width:300px" in tag


def test_bars_alt_names_each_series_likeliest_outcome():
    from piratelib.draw.charts import bars_alt

    alt = bars_alt(
        {"Hunters, 4 dice": dice.highest_die(4), "d6": dice.die()},
        title="Best die",
    )
    assert alt.startswith("Bar chart, Best die. Hunters, 4 dice: likeliest 6, 51.8%;")
    assert "least likely 1, 0.1%" in alt  # 1/1296
    assert "d6: likeliest" in alt


def test_image_keeps_few_colours_by_default_so_stored_pictures_stay_small():
    from PIL import Image

    from piratelib.draw.charts import image

    fig = distribution_bars(
        {"d6": dice.die(), "3 dice": dice.highest_die(3)}, title="t", xlabel="x"
    )
    small = image(fig, "Bars.")
    full = image(fig, "Bars.", colours=None)
    assert len(small.data) < len(full.data)
    assert Image.open(io.BytesIO(small.data)).mode == "P"


def _svg_bars(shown: str) -> list[tuple[float, float]]:
    """(x, height) of each bar of a distribution_bars_svg picture, left to right."""
    import xml.etree.ElementTree as ET

    ns = "{http://www.w3.org/2000/svg}"
    rects = ET.fromstring(shown).iter(f"{ns}rect")
    return [
        (float(r.get("x")), float(r.get("height")))
        for r in rects
        if r.get("stroke") and r.get("width") != "14"  # not a pattern's ground, nor a key
    ]


def test_distribution_bars_svg_draws_the_bars_the_chances_say():
    import xml.etree.ElementTree as ET

    from piratelib.draw.charts_html import distribution_bars_svg

    series = {"none": dice.highest_die(0), "two": dice.highest_die(2)}
    shown = distribution_bars_svg(
        series, title="t", xlabel="best die", outcome_names={0: "no dice"}, css="c"
    )
    picture = ET.fromstring(shown)  # well-formed XML
    assert picture.get("class") == "c"
    heights = [h for _, h in _svg_bars(shown)]
    # 180 px is 100%: "none" is always no dice; two dice show 1 (1/36) to 6 (11/36)
    expected = [1] + [float(p) for p in dice.highest_die(2).values()]
    assert heights == pytest.approx([180 * p for p in expected], abs=0.05)
    texts = [t.text for t in picture.iter("{http://www.w3.org/2000/svg}text")]
    assert texts[:3] == ["t", "none", "two"]  # the title, then the legend above the bars
    assert "no dice" in texts and "best die" in texts and "30.6%" in texts  # 11/36


def test_distribution_bars_svg_is_named_by_the_words_of_bars_alt():
    import xml.etree.ElementTree as ET

    from piratelib.draw.charts import bars_alt
    from piratelib.draw.charts_html import distribution_bars_svg

    series = {"3 dice": dice.highest_die(3), "d6": dice.die()}
    picture = ET.fromstring(distribution_bars_svg(series, title="Best", xlabel="x"))
    assert picture.get("role") == "img"
    assert picture.get("aria-label") == bars_alt(series, title="Best")
    assert picture.find("{http://www.w3.org/2000/svg}title").text == bars_alt(series, title="Best")


def test_the_second_series_is_striped_in_both_drawings():
    # Not told by colour alone: the second series' bars carry a pattern, in matplotlib
    # (a hatch) and in SVG (a <pattern>), from the same PATTERNS.
    from piratelib.draw.charts_html import PATTERNS, distribution_bars_svg

    series = {"a": dice.die(), "b": dice.highest_die(2)}
    first, second = distribution_bars(series, title="t", xlabel="x").axes[0].containers
    assert first[0].get_hatch() is None and second[0].get_hatch() == PATTERNS[1]
    shown = distribution_bars_svg(series, title="t", xlabel="x")
    assert shown.count("<pattern ") == 1 and shown.count("fill='url(#piratelib-pattern-1") == 7


@pytest.mark.parametrize(
    ("series", "kwargs", "message"),
    [
        ({"d6": {1: 1.5}}, {}, "the chances of 'd6' must be a number from 0 to 1"),
        ([0.5], {}, "series must map each label to a distribution"),
        ({"d6": dice.die()}, {"outcome_names": ["no dice"]}, "outcome_names must map"),
        ({"d6": dice.die()}, {"xlabel": 3}, "xlabel must be text"),
        ({"d6": dice.die()}, {"title": None}, "title must be text"),
    ],
)
def test_distribution_bars_svg_refuses_bad_input(series, kwargs, message):
    from piratelib.draw.charts_html import distribution_bars_svg

    words = {"title": "t", "xlabel": "x", **kwargs}
    with pytest.raises(PiratelibError, match=message):
        distribution_bars_svg(series, **words)


def test_hbars_html_can_be_one_named_picture_on_a_fixed_scale():
    from piratelib.draw.charts_html import hbars_html

    shown = hbars_html([("a", [(0.5, "50%")]), ("b", [(0.25, "25%")])], full=1, alt="Two bars.")
    assert "role='img' aria-label='Two bars.'" in shown
    assert "width:40.0%" in shown and "width:20.0%" in shown  # 80% of the room is 100%
    with pytest.raises(PiratelibError, match="full"):
        hbars_html([("a", [(0.5, "50%")])], full=0)
    with pytest.raises(PiratelibError, match="alt must be text"):
        hbars_html([("a", [(0.5, "50%")])], alt=None)
