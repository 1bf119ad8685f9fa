"""Tests for piratelib.draw.charts: the charts show the exact numbers they were given."""

from __future__ import annotations

import io

import pytest

from piratelib import dice
from piratelib.draw.charts import distribution_bars, png


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
