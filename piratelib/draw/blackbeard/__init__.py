"""Pictures of Hunt for Blackbeard: the Map, Blackbeard's mat, Encounters, a side's view.

Open :mod:`~piratelib.draw.blackbeard.map` for the Map with highlights, notes, a trail and
pieces (:func:`~piratelib.draw.blackbeard.map.blackbeard_map`),
:mod:`~piratelib.draw.blackbeard.marks` for the checks of what is drawn on it and its alt
text, :mod:`~piratelib.draw.blackbeard.map_svg` for the same Map (and a side's Map) as SVG
text for apps, drawn from the geometry and style in
:mod:`~piratelib.draw.blackbeard.map_style` that both pictures share,
:mod:`~piratelib.draw.blackbeard.piracy` for Blackbeard's mat,
:mod:`~piratelib.draw.blackbeard.encounter` for the Encounter charts (two setups side by
side, what each tile is worth, one roll's odds heatmap) and
:mod:`~piratelib.draw.blackbeard.game` for the Map as one side sees it in a whole game
(what it sees, as marks and words, is :mod:`~piratelib.draw.blackbeard.view`).
The package imports none of them, so matplotlib loads only when a picture is asked for.
"""

__all__: list[str] = []
