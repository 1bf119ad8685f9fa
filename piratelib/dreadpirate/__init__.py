"""Dread Pirate: Buccaneer's Revenge, one package per part of the rulebook.

Open, lowest first: :mod:`~piratelib.dreadpirate.files` and
:mod:`~piratelib.dreadpirate.data` (the data files and the rulebook's numbers and cards),
:mod:`~piratelib.dreadpirate.sea` (the grid, Movement and the diagonal rule, voyages),
:mod:`~piratelib.dreadpirate.treasure` (purses and the three ways to win),
:mod:`~piratelib.dreadpirate.battle` (Battles: the roll, Action cards, the odds, the
Spoils of Battle), :mod:`~piratelib.dreadpirate.game` (the whole game: Set Up, the state,
turns, Missions, battles in a game, and what each Pirate may know of it); above the engine,
:mod:`~piratelib.dreadpirate.bots` (a greedy bot whose games end, choosing from its own
view) and :mod:`~piratelib.dreadpirate.tally` (many seeded games, counted). The package
imports none of them.
"""

__all__: list[str] = []
