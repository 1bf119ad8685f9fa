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

- :mod:`piratelib.draw.svg` (and each game's ``*_svg`` modules): the apps' pictures as SVG
  text, drawn in milliseconds from the same style modules, with no matplotlib.

The five functions named above are also importable from here, where they lived before
drawing became a package: ``from piratelib import draw; draw.png(draw.odds_grid(...))``.
They load on first use, so ``import piratelib.draw.svg`` loads no matplotlib.
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = ["blackbeard_map", "blackbeard_mat", "distribution_bars", "odds_grid", "png"]

_HOMES = {
    "blackbeard_map": "piratelib.draw.blackbeard.map",
    "blackbeard_mat": "piratelib.draw.blackbeard.piracy",
    "distribution_bars": "piratelib.draw.charts",
    "odds_grid": "piratelib.draw.charts",
    "png": "piratelib.draw.charts",
}


def __getattr__(name: str) -> Any:
    """Import one of the five old names from its module when it is first asked for."""
    if name in _HOMES:
        return getattr(importlib.import_module(_HOMES[name]), name)
    raise AttributeError(f"module 'piratelib.draw' has no attribute {name!r}")
