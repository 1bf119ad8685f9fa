"""Hunt for Blackbeard (Volko Ruhnke, Fort Circle Games, 2024), one package per part of the
rulebook.

Open, lowest first: :mod:`~piratelib.blackbeard.board` (the Map, and how the pieces move
and see: Sailing and Marching, Scouting, the Informants, Commandeered Assets),
:mod:`~piratelib.blackbeard.encounter` (E. Encounters: who meets whom, Arrest, Fire,
Escape and Boarding, the exact odds, step by step, what-ifs and share codes),
:mod:`~piratelib.blackbeard.piracy` (Blackbeard's mat and his tiles, Resolve Piracy, a
plan's odds, what-ifs), :mod:`~piratelib.blackbeard.game` (the whole game: the state, the
actions, the Sequence of Play A-G segment by segment, the advanced rules, what each side
may know), :mod:`~piratelib.blackbeard.deduce` (what the Hunters can deduce) and
:mod:`~piratelib.blackbeard.bots` (policies, bots and tallies of many games).
:mod:`~piratelib.blackbeard.readonly` makes what the loaders remember read-only. The
package imports none of them.
"""

__all__: list[str] = []
