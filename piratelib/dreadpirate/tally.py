"""Many whole games of Dread Pirate between bots, and who won them, how, and how fast.

:func:`tally` plays game ``i`` from ``new_game(names, seed=seed + i, diagonal=...)`` with
every Pirate choosing by the same bot (:data:`~piratelib.dreadpirate.bots.BOTS`), or each
seat by its own, from their own view (:func:`~piratelib.dreadpirate.bots.play_bots`), and
``random.Random(seed + i)`` breaking its ties, so any block of seeds gives the same counts
wherever it is played (the function a designer's sweep, :mod:`piratelib.sweep`, sends to
its workers).

The counts: ``first_wins``, games won by the Pirate who took the first turn (the one the
first roll chose); ``seat_<n>_wins`` by the Pirate in seat ``n``; the three ways to win
(``gold``, ``one_colour``, ``each_colour``: "20 Gold, 12 Gems of a single color, or 4 Gems
of each color"); ``turns``, the turns all the finished games took; ``unfinished``, games
nobody had won after ``max_actions``; and ``actions``.

Examples
--------
>>> counts = tally(3, seed=0, pirates=2)
>>> counts["seat_1_wins"] + counts["seat_2_wins"] + counts["unfinished"]
3
>>> tally(2, pirates=2, bot=("greedy", "random"))["seat_1_wins"]
2
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from piratelib.dreadpirate.bots import BOTS, play_bots
from piratelib.dreadpirate.game import new_game
from piratelib.dreadpirate.sea.grid import DIAGONAL_RULES
from piratelib.dreadpirate.treasure import Condition
from piratelib.errors import PiratelibError, check_id, check_whole

__all__ = ["MOST_GAMES", "tally"]

MOST_GAMES = 10**6
"""The most games one call plays (a sweep splits bigger questions into blocks)."""

NAMES = ("Ann", "Bo", "Cy", "Di")


def tally(
    games: int,
    *,
    seed: int = 0,
    pirates: int = 3,
    diagonal: str = "one_side_water",
    bot: str | Sequence[str] = "greedy",
    max_actions: int = 5_000,
) -> dict[str, int]:
    """Play `games` games of `pirates` Pirates from seeds ``seed`` on, and count them.

    `bot` names the bot of every Pirate, or one per seat (a mixed table).

    Raises
    ------
    PiratelibError
        If `games` is not a whole number from 1 to :data:`MOST_GAMES`, `seed` not a whole
        number, `pirates` not 2 to 4, `diagonal` or a bot unknown (the message lists the
        ones there are), or `bot` names neither one bot nor one per seat.
    """
    check_whole("games", games, 1, MOST_GAMES)
    check_whole("seed", seed, -(2**62), 2**62)
    check_whole("pirates", pirates, 2, len(NAMES))
    check_whole("max_actions", max_actions, 1, 10**7)
    check_id("diagonal rule", diagonal, DIAGONAL_RULES, error=PiratelibError)
    names_per_seat = [bot] * pirates if isinstance(bot, str) else bot
    if not isinstance(names_per_seat, list | tuple) or len(names_per_seat) != pirates:
        raise PiratelibError(
            f"bot names one bot for every Pirate or one per seat ({pirates}), got {bot!r:.80}"
        )
    policies = [BOTS[check_id("bot", b, BOTS, error=PiratelibError)] for b in names_per_seat]
    names = list(NAMES[:pirates])
    keys = ["first_wins", *(f"seat_{n}_wins" for n in range(1, pirates + 1))]
    keys += [c.value for c in Condition] + ["turns", "unfinished", "actions"]
    counts = dict.fromkeys(keys, 0)
    for game in range(seed, seed + games):
        start = new_game(names, seed=game, diagonal=diagonal)
        history = play_bots(start, random.Random(game), policies, max_actions=max_actions)
        counts["actions"] += len(history)
        end = history[-1][1][-1].state if history else start
        if end.outcome is None:
            counts["unfinished"] += 1
            continue
        seat = names.index(end.outcome.winner)
        counts[f"seat_{seat + 1}_wins"] += 1
        counts["first_wins"] += seat == start.active
        counts[end.outcome.condition.value] += 1
        counts["turns"] += end.turn
    return counts
