"""Dread Pirate: Buccaneer's Revenge: the sea grid, movement, battles, Missions and winning.

Modules, lowest first: :mod:`~piratelib.dreadpirate.files` (reading a data file safely),
:mod:`~piratelib.dreadpirate.sea` (the grid, its graph and the diagonal rule),
:mod:`~piratelib.dreadpirate.data` (the rulebook's data, loaded),
:mod:`~piratelib.dreadpirate.treasure` (purses and the three ways to win),
:mod:`~piratelib.dreadpirate.fight` (a battle's sides, cards and roll),
:mod:`~piratelib.dreadpirate.state` (Ships, Pirates, the game's state),
:mod:`~piratelib.dreadpirate.actions` (the actions),
:mod:`~piratelib.dreadpirate.movement` (where a roll can take a Ship, and its odds),
:mod:`~piratelib.dreadpirate.missions` (starting, completing, rewards),
:mod:`~piratelib.dreadpirate.spoils` (what the winner of a battle takes),
:mod:`~piratelib.dreadpirate.odds` (exact battle odds),
:mod:`~piratelib.dreadpirate.turn` (the movement roll, moving, ending the turn),
:mod:`~piratelib.dreadpirate.battle` (a battle stepped through),
:mod:`~piratelib.dreadpirate.voyages` (exact turns to reach a place),
:mod:`~piratelib.dreadpirate.setup` (the four Cities, who goes first),
:mod:`~piratelib.dreadpirate.attack` (battles inside the game),
:mod:`~piratelib.dreadpirate.board` (the old home of the sea's names, re-exported) and
:mod:`~piratelib.dreadpirate.game` (``new_game``, ``legal_actions``, ``resolve``,
``apply``, ``playout``, ``winner``); above the engine, :mod:`~piratelib.dreadpirate.bots`
(a greedy bot whose games end) and :mod:`~piratelib.dreadpirate.tally` (many seeded games,
counted). The package imports none of them.
"""

__all__: list[str] = []
