"""A game's default chance: one stream per chance event, named by facts both sides know.

With ``rng=None``, :func:`~piratelib.blackbeard.game.resolve` used to seed one generator
by the game's seed and the number of actions so far. That number counts each side's
secret actions (Blackbeard's Plans, Defenses and Sails; the Hunters' Interviews), so the
Hunters' next Informant draw and every Encounter's dice told a player who knew the seed
how many secret actions the other side had taken. Two streams that share one generator
leak the same way: how many numbers Piracy draws (a Loot, Seek Pardon's redraw) is
Blackbeard's secret, and the Informant drawn after it would show it.

So the default chance is :class:`PublicChance`: each chance event draws from its own
generator, :func:`stream`, seeded by the game's seed and facts both sides see when it
happens, never by a count of actions:

- ``("informant", turn)``: the Hunters' Informant draw in A. Draw Tiles;
- ``("piracy_tiles", turn)``: Blackbeard's two Piracy tiles in A;
- ``("encounter", turn, space, met)``: one Encounter's dice, by the space and how many
  spaces were met before it this turn (both public);
- ``("piracy", turn)``: Resolve Piracy's Loot draws and Seek Pardon's redraw (secret, and
  in a stream nothing else reads).

Setup (the stacks and the first Loot) and Turn 1's draws still come from
``random.Random(seed)`` in :func:`~piratelib.blackbeard.game.new_game`, before any action,
so they depend on the seed alone. An ``rng`` the caller passes is one stream for
everything, as asked.

Examples
--------
>>> chance = PublicChance(7)
>>> a = stream(chance, "informant", 2).random()
>>> a == stream(PublicChance(7), "informant", 2).random()
True
>>> own = random.Random(1)
>>> stream(own, "informant", 2) is own
True
"""

from __future__ import annotations

import random

__all__ = ["PublicChance", "stream"]


class PublicChance(random.Random):
    """The default chance of the game with `seed`: a generator per chance event.

    As a generator itself it is ``random.Random(seed)`` (what Setup draws from).
    """

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.game_seed = seed

    def stream(self, *key: object) -> random.Random:
        """The generator of the chance event named by `key` (public facts only)."""
        return random.Random(":".join(map(str, (self.game_seed, *key))))


def stream(rng: random.Random, *key: object) -> random.Random:
    """The generator a chance event named by `key` draws from: its own under
    :class:`PublicChance`, else `rng` itself (the caller's one stream)."""
    if isinstance(rng, PublicChance):
        return rng.stream(*key)
    return rng
