"""Many whole games of Hunt for Blackbeard between two bots, and how they ended.

:func:`tally` plays game ``i`` from ``new_game(seed=seed + i, **options)`` with
``random.Random(seed + i)`` choosing for the bots, drawing tiles and rolling dice, so any
block of seeds gives the same counts wherever it is played: this is the function a
designer's sweep (:mod:`piratelib.sweep`) sends to its workers. The bots are
policies, or :data:`~piratelib.blackbeard.bots.policies.BOTS` by name; the options are
:func:`~piratelib.blackbeard.game.new_game`'s (``advanced``, ``most_dice_win``,
``more_than_half``, ``set_aside``, ...).

The counts: ``blackbeard_wins`` and ``hunters_wins``, the games each side won, and how, as
:data:`ENDINGS` names them; ``unfinished``, games still going after ``max_actions``
(none, with the packaged bots); ``actions``, every action played.

Examples
--------
>>> counts = tally(20, seed=0)
>>> counts["blackbeard_wins"] + counts["hunters_wins"] + counts["unfinished"]
20
>>> sum(counts[e] for e in ENDINGS) == counts["blackbeard_wins"] + counts["hunters_wins"]
True
>>> tally(5, seed=7, more_than_half=True) == tally(5, seed=7, more_than_half=True)
True
"""

from __future__ import annotations

import random

from piratelib.blackbeard.bots.policies import BOTS, Policy, play_bots
from piratelib.blackbeard.game import new_game, winner
from piratelib.errors import PiratelibError, check_id, check_whole

__all__ = ["ENDINGS", "MOST_GAMES", "tally"]

ENDINGS = {
    "arrest": "the Hunters by Arrest",
    "hunters_boarding": "the Hunters by Boarding",
    "blackbeard_boarding": "Blackbeard by Boarding",
    "piracy": "Blackbeard by Piracy",
    "no_piracy": "the Hunters at the end of Turn 4",
}
"""How a game ends, by count key: an Encounter's Arrest or Boarding ("Victory Conditions"),
or the Piracy check after Turn 4."""

MOST_GAMES = 10**6
"""The most games one call plays (a sweep splits bigger questions into blocks)."""


def tally(
    games: int,
    *,
    seed: int = 0,
    hunters: str | Policy = "smart",
    blackbeard: str | Policy = "smart",
    max_actions: int = 5_000,
    **options: object,
) -> dict[str, int]:
    """Play `games` games from seeds ``seed`` to ``seed + games - 1``; count how they end.

    Raises
    ------
    PiratelibError
        If `games` is not a whole number from 1 to :data:`MOST_GAMES`, `seed` not a whole
        number, a bot neither a policy nor a name it knows (the message lists them), or an
        option not one ``new_game`` takes.
    """
    check_whole("games", games, 1, MOST_GAMES)
    check_whole("seed", seed, -(2**62), 2**62)
    check_whole("max_actions", max_actions, 1, 10**6)
    policies = {
        side: bot
        if callable(bot)
        else BOTS[side][check_id(f"{side} bot", bot, BOTS[side], error=PiratelibError)]
        for side, bot in (("hunters", hunters), ("blackbeard", blackbeard))
    }
    new_game(seed=seed, **options)  # refuses a bad option before any game is played
    keys = ("blackbeard_wins", "hunters_wins", *ENDINGS, "unfinished", "actions")
    counts = dict.fromkeys(keys, 0)
    for game in range(seed, seed + games):
        history = play_bots(
            new_game(seed=game, **options), random.Random(game), **policies, max_actions=max_actions
        )
        counts["actions"] += len(history)
        outcome = winner(history[-1][1][-1].state)
        if outcome is None:
            counts["unfinished"] += 1
            continue
        counts[f"{outcome.side}_wins"] += 1
        counts[_ending(outcome.side, outcome.why)] += 1
    return counts


def _ending(side: str, why: str) -> str:
    """The :data:`ENDINGS` key of an Outcome: its ``why`` starts with the way it ended."""
    how = why.split()[0]
    if how == "Piracy":
        return "piracy" if side == "blackbeard" else "no_piracy"
    if how == "Arrest":
        return "arrest"
    return f"{side}_boarding"
