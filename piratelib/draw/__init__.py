"""Matplotlib pictures of piratelib's answers: shared charts, then one module per game.

Drawing stays at the edge: rule modules never import this package (a state's ``_repr_*``
may, inside the method), and every picture is a :class:`matplotlib.figure.Figure` built
directly (no ``pyplot`` state), so it works the same in a notebook, in Voila, in a test
and on a server with no screen. Nothing here is imported by ``import piratelib``:
matplotlib loads only when a picture is asked for, and each game's module only when it is
imported.

- :mod:`piratelib.draw.charts` (and :mod:`~piratelib.draw.charts_html`, the same charts as
  HTML): :func:`distribution_bars`, :func:`odds_grid` and :func:`png` (any figure as PNG
  bytes), for every game; :mod:`piratelib.draw.lab`: the variant lab's win rates.
- :mod:`piratelib.draw.blackbeard`: Hunt for Blackbeard: ``map`` (the Map,
  :func:`blackbeard_map`), ``piracy`` (Blackbeard's mat, :func:`blackbeard_mat`),
  ``encounter`` (the Encounter calculator's charts and one roll's odds), ``game`` (the Map
  as one side sees it in a whole game) and ``marks`` (the checks of what is drawn).
- :mod:`piratelib.draw.blackflag`: Black Flag!: ``table`` (the seating circle), ``scores``
  (the score board) and ``alt`` (their alt text).
- :mod:`piratelib.draw.dreadpirate`: Dread Pirate: ``sea`` (the sea chart), ``odds``
  (turns to reach, battle charts) and ``marks``.
- :mod:`piratelib.draw._common` and :mod:`piratelib.draw._layout`: shared helpers.

The five functions named above are also importable from here, where they lived before
drawing became a package: ``from piratelib import draw; draw.png(draw.odds_grid(...))``.
"""

from piratelib.draw.blackbeard.map import blackbeard_map
from piratelib.draw.blackbeard.piracy import blackbeard_mat
from piratelib.draw.charts import distribution_bars, odds_grid, png

__all__ = ["blackbeard_map", "blackbeard_mat", "distribution_bars", "odds_grid", "png"]
