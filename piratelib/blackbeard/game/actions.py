"""The actions of a whole game of Hunt for Blackbeard, one pawn's use or one choice each.

Each action is a small frozen record named as the rulebook names the move: Blackbeard
Sets Camp, Plans Piracy, Prepares a Defense, Sails one space; the Hunters Interview an
Informant about one space, Surveil, follow a Sighting, Commandeer an Asset, Scout, Sail or
March one step, end a piece's move; either side says :class:`Done` to end its part of a
segment. Encounter and Piracy choices (which space to meet in first, where to Escape,
Seek Pardon's tile, Fete Tobias Knight's Defenses) are actions too. The ADVANCED rules
add Setting the Blackbeard-alone and Israel Hands blocks, Bought Silence on a Sail
(``Sail(to, silence=True)``), and Blackbeard's choice to Show the Camp for 4 gold after
Israel Hands is Arrested. :func:`describe` says an action in words.

Examples
--------
>>> describe(Sail("roanoke_inlet")), describe(Move(("jane", "ranger"), "cape_henry"))
('Sail Adventure to roanoke_inlet', 'Sail jane and ranger to cape_henry')
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "Action",
    "Commandeer",
    "Done",
    "EndMove",
    "EscapeTo",
    "FeteTobiasKnight",
    "FollowSighting",
    "Interview",
    "Meet",
    "Move",
    "PassSighting",
    "PlaceBlackbeard",
    "PlaceIsraelHands",
    "PlanPiracy",
    "PrepareDefense",
    "Sail",
    "Scout",
    "SeekPardon",
    "SetCamp",
    "ShowCamp",
    "Surveil",
    "describe",
]


@dataclass(frozen=True)
class SetCamp:
    """A, Turn 1: "stand the Adventure at Camp block on the Map in any Anchorage slot"."""

    space: str


@dataclass(frozen=True)
class Interview:
    """B: one rose pawn on a face-up Informant tile to secretly Spot one space."""

    informant: str
    space: str


@dataclass(frozen=True)
class Surveil:
    """B: place a Surveil marker at a space just secretly Spotted (no pawn)."""

    space: str


@dataclass(frozen=True)
class FollowSighting:
    """Spot a space adjacent by Water Route to the Sighting just revealed (no pawn)."""

    space: str


@dataclass(frozen=True)
class PassSighting:
    """Do not follow the Sighting just revealed."""


@dataclass(frozen=True)
class PlanPiracy:
    """C: one black pawn on a face-up Piracy tile with an open square."""

    tile: str


@dataclass(frozen=True)
class PrepareDefense:
    """C: one black pawn and the tile's gold from the Purse to Prepare a Defense."""

    defense: str


@dataclass(frozen=True)
class Sail:
    """C: Adventure Sails one space by Water Route for one pawn (Set Map as he goes).

    ADVANCED: with ``silence``, Bought Silence pays 2 gold from the Purse so that the space
    Adventure leaves, which he has passed completely through, gets no Sighting. The rulebook
    says only "2 gold cubes per space desired"; where it is silent, piratelib chooses
    (assumed):

    - He is asked each time he leaves a space, until he buys its silence: a space he
      leaves twice is silent if he bought it either time, and paid for once.
    - A Sail that ends in a silenced space gives its 2 gold back to the Purse: no Sighting
      is ever placed where he ends, so that silence bought nothing.

    >>> from piratelib.blackbeard.game import new_game, replay
    >>> from piratelib.blackbeard.game import Done, PrepareDefense, Sail, SetCamp
    >>> state = replay(new_game(seed=1, advanced=True), SetCamp("nots_island"), Done())
    >>> state = replay(state, PrepareDefense("bought_silence"))
    >>> purse = state.mat.purse
    >>> state = replay(state, Sail("currituck_sound"), Sail("roanoke_island", silence=True))
    >>> state.silenced, state.mat.purse == purse - 2
    (('currituck_sound',), True)
    >>> state = replay(state, Sail("currituck_sound"))  # ends where silence was bought
    >>> state.silenced, state.mat.purse == purse
    ((), True)
    """

    to: str
    silence: bool = False


@dataclass(frozen=True)
class PlaceBlackbeard:
    """C, Set Map (ADVANCED, Longboat): the Blackbeard-alone block within 3 spaces of Camp."""

    space: str


@dataclass(frozen=True)
class PlaceIsraelHands:
    """C, Set Map (ADVANCED, Israel Hands Defense): his block at a Town."""

    space: str


@dataclass(frozen=True)
class Commandeer:
    """D: one rose pawn to Commandeer an Asset (``cannon_jane``, ``capt_gordon``, ...)."""

    asset: str


@dataclass(frozen=True)
class Scout:
    """D: one rose pawn for `piece` to openly Spot its own space or an adjacent one."""

    piece: str
    space: str


@dataclass(frozen=True)
class Move:
    """D: Sail Sloops (alone or together) or March Brand one move, paying its pawns."""

    pieces: tuple[str, ...]
    to: str


@dataclass(frozen=True)
class EndMove:
    """D: end `piece`'s move for the turn; it openly Spots where it stands."""

    piece: str


@dataclass(frozen=True)
class Done:
    """End the deciding side's part of the current segment (leave pawns unused)."""


@dataclass(frozen=True)
class Meet:
    """E: the Hunters pick the space whose Encounter resolves next."""

    space: str


@dataclass(frozen=True)
class EscapeTo:
    """E: where the Sloop(s) that won Escape and chose it go (adjacent by Water)."""

    space: str


@dataclass(frozen=True)
class ShowCamp:
    """E (ADVANCED), after Israel Hands is Arrested: Show the Camp for 4 gold, or not."""

    show: bool


@dataclass(frozen=True)
class SeekPardon:
    """F: the other face-up Piracy tile Seek Pardon sets aside, if it fills."""

    tile: str


@dataclass(frozen=True)
class FeteTobiasKnight:
    """F: the 2 Defenses Fete Tobias Knight adds free, if it fills."""

    defenses: tuple[str, ...]


Action = (
    SetCamp
    | Interview
    | Surveil
    | FollowSighting
    | PassSighting
    | PlanPiracy
    | PrepareDefense
    | Sail
    | PlaceBlackbeard
    | PlaceIsraelHands
    | Commandeer
    | Scout
    | Move
    | EndMove
    | Done
    | Meet
    | EscapeTo
    | ShowCamp
    | SeekPardon
    | FeteTobiasKnight
)


def describe(action: object) -> str:
    """Say `action` in words.

    Examples
    --------
    >>> describe(Interview("wm_howard", "roanoke_island"))
    'Interview wm_howard: secretly Spot roanoke_island'
    >>> describe(Move(None, "cape_henry"))
    'Sail None to cape_henry'
    """
    match action:
        case SetCamp(space):
            return f"Set Camp at {space}"
        case Interview(informant, space):
            return f"Interview {informant}: secretly Spot {space}"
        case Surveil(space):
            return f"Surveil {space}"
        case FollowSighting(space):
            return f"Follow the Sighting: Spot {space}"
        case PassSighting():
            return "Do not follow the Sighting"
        case PlanPiracy(tile):
            return f"Plan Piracy: a pawn on {tile}"
        case PrepareDefense(defense):
            return f"Prepare Defense {defense}"
        case Sail(to, True):
            return f"Sail Adventure to {to}, Bought Silence: no Sighting where he leaves"
        case Sail(to):
            return f"Sail Adventure to {to}"
        case PlaceBlackbeard(space):
            return f"Set the Blackbeard-alone block at {space}"
        case PlaceIsraelHands(space):
            return f"Set the Israel Hands block at {space}"
        case ShowCamp(True):
            return "Show the Camp for 4 gold"
        case ShowCamp(False):
            return "Do not Show the Camp"
        case Commandeer(asset):
            return f"Commandeer {asset}"
        case Scout(piece, space):
            return f"{piece} Scouts {space}"
        case Move(pieces, to):
            verb = "March" if pieces == ("brand",) else "Sail"
            return f"{verb} {_and(pieces)} to {to}"
        case EndMove(piece):
            return f"End {piece}'s move"
        case Done():
            return "Done"
        case Meet(space):
            return f"Resolve the Encounter at {space}"
        case EscapeTo(space):
            return f"Escape to {space}"
        case SeekPardon(tile):
            return f"Seek Pardon sets aside {tile}"
        case FeteTobiasKnight(defenses):
            return f"Fete Tobias Knight adds {_and(defenses)}"
    return repr(action)


def _and(names: object) -> str:
    """'a and b' for a tuple of names; anything else as it was given (a hostile action)."""
    if isinstance(names, tuple) and all(isinstance(n, str) for n in names):
        return " and ".join(names)
    return repr(names)
