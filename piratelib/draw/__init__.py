"""Matplotlib pictures of piratelib's answers: shared charts, then one module per game.

Drawing stays at the edge: rule modules never import this package (a state's ``_repr_*``
may, inside the method), and every picture is a :class:`matplotlib.figure.Figure` built
directly (no ``pyplot`` state), so it works the same in a notebook, in Voila, in a test
and on a server with no screen. Nothing here is imported by ``import piratelib``:
matplotlib loads only when a picture is asked for, and each game's module only when it is
imported.

- :mod:`piratelib.draw.charts`: :func:`distribution_bars`, :func:`odds_grid` and
  :func:`png` (any figure as PNG bytes), for every game.
- :mod:`piratelib.draw.blackbeard`: Hunt for Blackbeard's Map (:func:`blackbeard_map`).
- :mod:`piratelib.draw.blackbeard_piracy`: Blackbeard's mat (:func:`blackbeard_mat`).
- :mod:`piratelib.draw.blackbeard_encounter`: the Encounter calculator's charts (setups
  A and B side by side, what each tile is worth).
- :mod:`piratelib.draw.blackbeard_game`: the Map as one side sees it in a whole game
  (``side_map``, drawn from that side's observation).
- :mod:`piratelib.draw.blackflag`: Black Flag!'s table and score board.
- :mod:`piratelib.draw.dreadpirate`: Dread Pirate's sea chart and turns-to-reach bars.

The five functions named above are also importable from here, where they lived before
drawing became a package: ``from piratelib import draw; draw.png(draw.odds_grid(...))``.
"""

from piratelib.draw.blackbeard import blackbeard_map
from piratelib.draw.blackbeard_piracy import blackbeard_mat
from piratelib.draw.charts import distribution_bars, odds_grid, png

__all__ = ["blackbeard_map", "blackbeard_mat", "distribution_bars", "odds_grid", "png"]
