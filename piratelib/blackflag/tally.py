"""Many whole games of Black Flag!, and which side won them and how the game ended.

:func:`tally` plays game ``i`` from ``new_game(names, seed=seed + i)`` at a table of
`players`, every player choosing with the same bot of :data:`~piratelib.blackflag.bots.BOTS`
(``"random"``: uniformly among its legal actions; ``"team"``: for its side, reading only
its own view) and ``random.Random(seed + i)``, so any block of seeds gives the same counts
wherever it is played (the function a designer's sweep, :mod:`piratelib.sweep`, sends to
its workers).

The counts: ``<side>_wins`` for each side that can win (:data:`SIDES`: the two nations'
teams, "Kingdom of Ibberia" and "Great Brittonia", and the Roles who "play and win
alone"); each of the three ends of the game by :class:`~piratelib.blackflag.scoring.Termination`
name (``wealth``, ``sinking``, ``edge_of_the_world``); ``unfinished`` (games still going
after ``max_actions``) and ``actions``.

Examples
--------
>>> counts = tally(4, seed=0, players=5)
>>> sum(counts[f"{side}_wins"] for side in SIDES) + counts["unfinished"]
4
>>> tally(4, seed=0, players=5, bot="team")["unfinished"]
0
>>> counts["wealth"] + counts["sinking"] + counts["edge_of_the_world"] + counts["unfinished"]
4
"""

from __future__ import annotations

import random

from piratelib.blackflag.bots import BOTS, play_bots
from piratelib.blackflag.data import load_blackflag
from piratelib.blackflag.game import new_game
from piratelib.blackflag.scoring import Termination
from piratelib.errors import PiratelibError, check_id, check_whole

__all__ = ["MOST_GAMES", "SIDES", "tally"]

SIDES = ("ibberia", "brittonia", "pirate", "ibberian_privateer", "brittish_privateer")
"""Who can win: a nation's team, or a Role that wins alone ("The Pirate and the
Privateers: play and win alone")."""

MOST_GAMES = 10**6
"""The most games one call plays (a sweep splits bigger questions into blocks)."""


def tally(
    games: int,
    *,
    seed: int = 0,
    players: int = 5,
    bot: str = "random",
    max_actions: int = 20_000,
) -> dict[str, int]:
    """Play `games` games of `bot` players at a table of `players`, from seeds ``seed`` on.

    Raises
    ------
    PiratelibError
        If `games` is not a whole number from 1 to :data:`MOST_GAMES`, `seed` not a whole
        number, `players` not one the rulebook's Setup has a row for (4 to 8), or `bot`
        not a bot's name (the message lists them).
    """
    check_whole("games", games, 1, MOST_GAMES)
    check_whole("seed", seed, -(2**62), 2**62)
    check_whole("players", players, min(load_blackflag().setup), max(load_blackflag().setup))
    check_whole("max_actions", max_actions, 1, 10**7)
    policy = BOTS[check_id("bot", bot, BOTS, error=PiratelibError)]
    names = [f"Player {n}" for n in range(1, players + 1)]
    ends = [end.name.lower() for end in Termination]
    counts = dict.fromkeys([*(f"{side}_wins" for side in SIDES), *ends, "unfinished", "actions"], 0)
    for game in range(seed, seed + games):
        start = new_game(names, seed=game)
        history = play_bots(start, random.Random(game), policy, max_actions=max_actions)
        counts["actions"] += len(history)
        outcome = history[-1][1][-1].state.outcome
        if outcome is None:
            counts["unfinished"] += 1
            continue
        counts[f"{outcome.winner}_wins"] += 1
        counts[outcome.termination.name.lower()] += 1
    return counts
