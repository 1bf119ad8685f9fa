"""Bots for Hunt for Blackbeard, each reading only its own side's observation, and tallies.

Open :mod:`~piratelib.blackbeard.bots.policies` for the policies (random and smart for each
side, by name in ``BOTS``), :mod:`~piratelib.blackbeard.bots.smart` for how the smart bots
choose, :mod:`~piratelib.blackbeard.bots.search` for the search bots and the hint, which
look ahead in the worlds of :mod:`~piratelib.blackbeard.bots.worlds` (States that fit a
side's view), and :mod:`~piratelib.blackbeard.bots.tally` for many seeded games between
two bots, counted by how they ended. The package imports none of them.
"""

__all__: list[str] = []
