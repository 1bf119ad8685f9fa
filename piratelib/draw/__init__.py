"""Matplotlib pictures of piratelib's answers: one module per game, imported lazily."""

from piratelib.draw.blackbeard import (
    blackbeard_map,
    blackbeard_mat,
    distribution_bars,
    odds_grid,
    png,
)

__all__ = ["blackbeard_map", "blackbeard_mat", "distribution_bars", "odds_grid", "png"]
