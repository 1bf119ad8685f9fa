"""Tests for the piratelib.draw package: old names still import, and each game loads lazily."""

from __future__ import annotations

import ast
import subprocess
import sys

from piratelib import draw
from piratelib.draw import charts
from piratelib.draw.blackbeard import map as blackbeard
from piratelib.draw.blackbeard import piracy as blackbeard_piracy


def test_the_names_of_the_old_draw_module_still_import_from_the_package():
    old = ["blackbeard_map", "blackbeard_mat", "distribution_bars", "odds_grid", "png"]
    assert draw.__all__ == old
    assert draw.blackbeard_map is blackbeard.blackbeard_map
    assert draw.blackbeard_mat is blackbeard_piracy.blackbeard_mat
    assert draw.distribution_bars is charts.distribution_bars
    assert draw.odds_grid is charts.odds_grid
    assert draw.png is charts.png


def test_the_package_and_its_svg_pictures_load_no_matplotlib():
    code = (
        "import sys, piratelib; light = 'matplotlib' not in sys.modules; "
        "import piratelib.draw, piratelib.draw.svg, piratelib.draw.blackbeard.map_svg; "
        "print(light, 'matplotlib' not in sys.modules, "
        "sorted(m for m in sys.modules if m.startswith('piratelib.draw.')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    light, svg_light, loaded = out.stdout.strip().split(" ", 2)
    loaded = ast.literal_eval(loaded)  # the printed list of module names
    assert light == "True" and svg_light == "True"  # the SVG Map needs no matplotlib
    assert "piratelib.draw.blackbeard.map" not in loaded  # the old names load when asked for
    others = ("piratelib.draw.blackflag", "piratelib.draw.dreadpirate", "piratelib.draw.lab")
    assert not [m for m in loaded if m.startswith(others)]  # no other game's pictures
