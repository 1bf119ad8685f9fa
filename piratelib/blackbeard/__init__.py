"""Hunt for Blackbeard (Volko Ruhnke, Fort Circle Games, 2024): Map, movement and sight.

Modules: :mod:`~piratelib.blackbeard.board` (the Map graph),
:mod:`~piratelib.blackbeard.movement` (Sailing and Marching, costs and reach),
:mod:`~piratelib.blackbeard.scouting` (Scouting, Sighting chains, Longboat, Israel Hands)
and :mod:`~piratelib.blackbeard.informants` (the nine Informant tiles).
"""
