"""Pictures of Dread Pirate: the sea chart, turns to reach a square, and battle charts.

Open :mod:`~piratelib.draw.dreadpirate.sea` for the sea as a grid with ships, reach and
routes, :mod:`~piratelib.draw.dreadpirate.marks` for the checks of what is drawn on it,
and :mod:`~piratelib.draw.dreadpirate.odds` for the turns-to-reach bars and the battle
charts. The package imports none of them, so matplotlib loads only when a picture is
asked for.
"""

__all__: list[str] = []
