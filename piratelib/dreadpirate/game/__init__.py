"""A whole game of Dread Pirate: Set Up, turns, Missions, battles in the game, and winning.

The engine's names (``new_game``, ``decider``, ``legal_actions``, ``resolve``, ``apply``,
``playout``, ``winner``) are gathered here from :mod:`~piratelib.dreadpirate.game.engine`,
with ``observation`` and ``stand_in`` from :mod:`~piratelib.dreadpirate.game.views`.
To read a rule, open the module of its part of the rulebook:
:mod:`~piratelib.dreadpirate.game.state` (cards, Pirates, the table),
:mod:`~piratelib.dreadpirate.game.actions` (what a Pirate may do),
:mod:`~piratelib.dreadpirate.game.setup` (Set Up, who goes first),
:mod:`~piratelib.dreadpirate.game.turn` (the movement roll, moving, ending the turn),
:mod:`~piratelib.dreadpirate.game.missions` (starting and completing Missions) and
:mod:`~piratelib.dreadpirate.game.attack` (battles inside the game); what each Pirate may
know is :func:`observation`, from :mod:`~piratelib.dreadpirate.game.views`. Missions live here,
beside the state they change, rather than beside the treasure they pay.
"""

from __future__ import annotations

from piratelib.dreadpirate.game.engine import (
    RULE_BONUS,
    RULE_CORNERS,
    RULE_MOVE,
    RULE_MOVED,
    RULE_ONE_ATTACK,
    RULE_SETUP,
    RULE_TURN,
    Action,
    Attack,
    EndTurn,
    Move,
    Pass,
    Pay,
    PlayCard,
    TakeSpoils,
    apply,
    decider,
    first_player,
    legal_actions,
    new_game,
    playout,
    resolve,
    roll_bonus,
    sea_graph,
    winner,
)
from piratelib.dreadpirate.game.views import Observation, SeenPirate, observation, stand_in

__all__ = [
    "RULE_BONUS",
    "RULE_CORNERS",
    "RULE_MOVE",
    "RULE_MOVED",
    "RULE_ONE_ATTACK",
    "RULE_SETUP",
    "RULE_TURN",
    "Action",
    "Attack",
    "EndTurn",
    "Move",
    "Observation",
    "Pass",
    "Pay",
    "PlayCard",
    "SeenPirate",
    "TakeSpoils",
    "apply",
    "decider",
    "first_player",
    "legal_actions",
    "new_game",
    "observation",
    "playout",
    "resolve",
    "roll_bonus",
    "sea_graph",
    "stand_in",
    "winner",
]
