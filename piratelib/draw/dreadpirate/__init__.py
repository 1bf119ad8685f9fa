"""Pictures of Dread Pirate: the sea chart, turns to reach a square, and battle charts.

Open :mod:`~piratelib.draw.dreadpirate.sea` for the sea as a grid with ships, reach and
routes (matplotlib) and :mod:`~piratelib.draw.dreadpirate.sea_svg` for the same chart as
SVG text, which the movement app redraws on every click;
:mod:`~piratelib.draw.dreadpirate.odds` for the turns-to-reach bars and the battle charts
(matplotlib) and :mod:`~piratelib.draw.dreadpirate.odds_svg` for the battle charts as SVG,
for the battle app. Both drawings of a picture share
:mod:`~piratelib.draw.dreadpirate.style` (colours, shapes, sizes, patterns' names),
:mod:`~piratelib.draw.dreadpirate.marks` (the checks of what is drawn) and
:mod:`~piratelib.draw.dreadpirate.alt` (the alt text); the SVG ones share
:mod:`~piratelib.draw.dreadpirate.svg_parts`. The package imports none of them, so
matplotlib loads only when a matplotlib picture is asked for.
"""

__all__: list[str] = []
