"""The legal actions of Hunt for Blackbeard as a player chooses them: what, then where.

A person picks an action in two short steps, as at the table: first which piece or kind
of action ("Jane: Sail", "Interview Wm Howard", "Plan Piracy"), then where or which (a
space, a tile, an Asset). :func:`choice` says each action that way; where one kind of
action can go to many spaces (an Informant that Spots any Anchorage or Ocean space),
the spaces are grouped by their kind on the Map, so no list is long
(:func:`piratelib.play.two_steps` does the grouping, the same for every game).
:func:`warning` says what a legal action gives up (unused pawns) before it is taken.
Only :func:`~piratelib.blackbeard.game.legal_actions` decides what is offered.

Examples
--------
>>> choice(Move(("jane", "ranger"), "cape_henry"))[:3]
('Jane and Ranger: Sail together', 'Cape Henry', 'Off the Map')
>>> choice(Done()).what, choice(Done()).where
('Done: end your part of this segment', '')
"""

from __future__ import annotations

import functools

from piratelib.blackbeard.game.actions import (
    Action,
    Commandeer,
    Done,
    EndMove,
    EscapeTo,
    FeteTobiasKnight,
    FollowSighting,
    Interview,
    Meet,
    Move,
    PassSighting,
    PlaceBlackbeard,
    PlaceIsraelHands,
    PlanPiracy,
    PrepareDefense,
    Sail,
    Scout,
    SeekPardon,
    SetCamp,
    ShowCamp,
    Surveil,
)
from piratelib.blackbeard.game.hunters import HUNTER_PAWNS
from piratelib.blackbeard.game.state import game_map
from piratelib.blackbeard.game.views import Observation
from piratelib.blackbeard.piracy.mat import pawns_allowed
from piratelib.blackbeard.readonly import check_type
from piratelib.errors import IllegalActionError
from piratelib.play import Choice
from piratelib.words import name

__all__ = ["KIND_NAMES", "choice", "warning"]

KIND_NAMES = {
    "anchorage": "Anchorages",
    "ocean": "Ocean spaces",
    "sound": "Sounds",
    "town": "Towns",
    "offboard": "Off the Map",
}
"""The kinds of Map space, as a list of spaces is grouped."""


def choice(action: Action) -> Choice:
    """Say `action` as a player picks it: what (the piece or kind of action), then where.

    Raises
    ------
    IllegalActionError
        If `action` is not an action of Hunt for Blackbeard.

    Examples
    --------
    >>> choice(Interview("wm_howard", "bath_town"))[:3]
    ('Interview Wm Howard', 'Bath Town', 'Towns')
    >>> choice(Sail("ocracoke_inlet", silence=True)).what
    'Sail Adventure with Bought Silence'
    """
    match action:
        case Move(pieces, to):
            verb = "March" if pieces == ("brand",) else "Sail"
            together = " together" if len(pieces) > 1 else ""
            return _at(f"{_names(pieces)}: {verb}{together}", to, action)
        case Scout(piece, space):
            return _at(f"{name(piece)}: Scout", space, action)
        case EndMove(piece):
            return Choice("End a piece's move (it Spots where it stands)", name(piece), "", action)
        case Interview(informant, space):
            return _at(f"Interview {name(informant)}", space, action)
        case Surveil(space):
            return _at("Surveil a space just Spotted", space, action)
        case FollowSighting(space):
            return _at("Follow the Sighting", space, action)
        case SetCamp(space):
            return _at("Set Camp", space, action)
        case Sail(to, silence):
            return _at("Sail Adventure" + " with Bought Silence" * silence, to, action)
        case PlaceBlackbeard(space):
            return _at("Set the Blackbeard-alone block", space, action)
        case PlaceIsraelHands(space):
            return _at("Set the Israel Hands block", space, action)
        case Meet(space):
            return _at("Resolve the Encounter at", space, action)
        case EscapeTo(space):
            return _at("Escape to", space, action)
        case PlanPiracy(tile):
            return Choice("Plan Piracy", name(tile), "", action)
        case PrepareDefense(defense):
            return Choice("Prepare a Defense", name(defense), "", action)
        case Commandeer(asset):
            return Choice("Commandeer an Asset", name(asset), "", action)
        case SeekPardon(tile):
            return Choice("Seek Pardon sets aside", name(tile), "", action)
        case FeteTobiasKnight(defenses):
            return Choice("Fete Tobias Knight adds", _names(defenses), "", action)
        case PassSighting():
            return Choice("Do not follow the Sighting", "", "", action)
        case ShowCamp(show):
            what = "Show the Camp for 4 gold" if show else "Do not Show the Camp"
            return Choice(what, "", "", action)
        case Done():
            return Choice("Done: end your part of this segment", "", "", action)
    raise IllegalActionError(f"not an action of Hunt for Blackbeard: {action!r:.80}")


def warning(view: Observation, action: Action) -> str | None:
    """What a legal `action` gives up, in a sentence, before it is taken; None if nothing.

    `view` is the deciding side's :func:`~piratelib.blackbeard.game.observation`: the
    warning reads only what that side knows. Done leaves the side's unused pawns unused
    ("Leave pawns unused if desired", "Use each pawn only once each turn"). (A Scout of a
    piece's own space after moving, which would spend a pawn to see a block its move has
    just laid face up, is not legal: "their own space (before moving)".)

    Examples
    --------
    >>> from piratelib.blackbeard.game import new_game, observation, replay
    >>> state = replay(new_game(seed=1), SetCamp("nots_island"), Done())
    >>> warning(observation(state, "blackbeard"), Done())
    'Done leaves 5 black pawns unused this turn: pawns do not carry over to the next turn.'
    >>> warning(observation(state, "blackbeard"), Sail("bath_town")) is None
    True
    """
    check_type("view", view, Observation)
    if not isinstance(action, Done) or view.to_move is False:
        return None
    if view.side == "hunters" and view.segment == "D" and view.hunter_pawns is not None:
        left, colour = HUNTER_PAWNS - view.hunter_pawns, "rose"
    elif view.side == "blackbeard" and view.segment == "C" and view.mat is not None:
        left, colour = pawns_allowed(view.mat) - view.mat.pawns_used, "black"
    else:
        return None
    if left <= 0:
        return None
    pawns = f"{left} {colour} pawn{'s' * (left != 1)}"
    return f"Done leaves {pawns} unused this turn: pawns do not carry over to the next turn."


def _at(what: str, space: str, action: Action) -> Choice:
    return Choice(what, name(space), _kind(space), action)


@functools.cache
def _kind(space: str) -> str:
    kind = game_map().nodes[space].get("kind", "") if space in game_map() else ""
    return KIND_NAMES.get(kind, "")


def _names(pieces: tuple[str, ...]) -> str:
    return " and ".join(name(p) for p in pieces)
