"""What each side of Hunt for Blackbeard may know: :func:`observation`, hashable, leak-free.

The Hunters see the public table (their pieces, face-up blocks and what they show, the Camp
marker, Surveil markers (now and on every past turn), Escaped!, Hits, the tiles Blackbeard
declared, each Encounter's course and each Piracy Shown), their own mat (Informants drawn
and flipped, this turn's Interviews, pawns, Commandeered Assets) and their record of every
block they have seen, secret or open, and when. Never Blackbeard's mat (Piracy tiles, pawns,
Purse, Loot), the Sailed count, the Camp before it is seen, or blocks standing up; nor which
step of his Actions Blackbeard is in. Blackbeard sees his whole side and what the Hunters
did openly (positions, open Spots, Surveils, declared Assets), not their secret Spots nor
their Informants. ADVANCED: Blackbeard's Longboat, Israel Hands and Bought Silence are never
declared ("ADVANCED: Do not declare Longboat, Israel Hands, or Bought Silence tiles"), so
they stay in his mat; the Blackbeard-alone and Israel Hands blocks show only face up, where
their figures stand (``pieces``); Bought Silence's spaces and gold are his alone. The Arrest
of Israel Hands is public (``israel_hands_out``). Both sides also see where the segment
stands, which their own legal actions depend on: this Scout segment's Scouts, the pieces
whose move has ended, the spaces met in Encounters, where an Escape starts, the declared
tiles used this turn; the Hunters their own secret Spots this turn (``spotted_now``), and
Blackbeard his choices for Seek Pardon and Fete Tobias Knight.

Examples
--------
>>> from piratelib.blackbeard.game.state import State, blank_blocks
>>> view = observation(State(blocks=blank_blocks(), camp="nots_island"), "hunters")
>>> view.camp, view.face_up
(None, ())
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from piratelib.blackbeard.board import check_space
from piratelib.blackbeard.game.advanced import pirate_at
from piratelib.blackbeard.game.sequence import decider
from piratelib.blackbeard.game.state import (
    _STEPS,
    SIDES,
    Outcome,
    Spot,
    State,
    _check_turn,
    block_at,
    check_state,
    game_map,
)
from piratelib.blackbeard.piracy.mat import Mat
from piratelib.blackbeard.readonly import check_record
from piratelib.errors import IllegalActionError, check_id

__all__ = ["Observation", "observation"]


@dataclass(frozen=True)
class Observation:
    """One side's view of the game (fields the side may not know are empty or None).

    ``pieces`` pairs each pirate piece shown by a face-up block (``adventure``,
    ``blackbeard``, ``israel_hands``) with its space: "Whenever a face up block shows a
    symbol for Sloop Adventure, Blackbeard alone, or Israel Hands, place the corresponding
    black or gold pirate piece there".
    """

    side: str
    turn: int
    segment: str
    step: str
    to_move: bool
    most_dice_win: bool
    more_than_half: bool
    jane: str
    ranger: str
    brand: str
    face_up: tuple[tuple[str, str], ...]
    camp_marker: str | None
    surveil: tuple[str, ...]
    surveils: tuple[tuple[int, str], ...]
    escaped: bool
    hits: tuple[str, ...]
    declared: tuple[str, ...]
    encounters: tuple[str, ...]
    shows: tuple[tuple[int, str], ...]
    spots: tuple[Spot, ...]
    outcome: Outcome | None
    # the Hunters' own mat
    informants: tuple[str, ...] = ()
    flipped: tuple[str, ...] = ()
    interviews: tuple[tuple[str, str], ...] = ()
    hunter_pawns: int | None = None
    assets: tuple[str, ...] = ()
    chain: tuple[str, ...] = ()
    # Blackbeard's own side
    blocks: tuple[tuple[str, str], ...] = ()
    camp: str | None = None
    mat: Mat | None = None
    sailed: int | None = None
    sail_path: tuple[str, ...] = ()
    adventure_sailed: bool | None = None
    # the ADVANCED rules
    advanced: bool = False
    pieces: tuple[tuple[str, str], ...] = ()
    israel_hands_out: bool = False
    silenced: tuple[str, ...] = ()
    silence_paid: int | None = None
    # the variant: Defense and Asset tiles out of the game
    set_aside: tuple[str, ...] = ()
    # where this segment stands, as both sides saw it happen (the Hunters' own secret
    # Spots this turn only in their view); what a side needs to know its own legal actions
    spotted_now: tuple[str, ...] = ()
    scouts: tuple[tuple[str, str], ...] = ()
    scouted: tuple[str, ...] = ()
    ended: tuple[str, ...] = ()
    met: tuple[str, ...] = ()
    escape_from: str | None = None
    used_this_turn: tuple[str, ...] = ()
    # Blackbeard's own choices for Seek Pardon and Fete Tobias Knight, before Piracy
    pardon: str | None = None
    fete: tuple[str, ...] | None = None

    def __post_init__(self) -> None:
        """Refuse a view no game can show: a field of the wrong type, a negative count, an
        unknown side, segment or step, a piece or Camp off the Map.

        Examples
        --------
        >>> from dataclasses import replace
        >>> from piratelib.blackbeard.game.state import blank_blocks
        >>> view = observation(State(blocks=blank_blocks()), "hunters")
        >>> replace(view, ranger="bath_twn")
        Traceback (most recent call last):
          ...
        piratelib.errors.IllegalActionError: Observation: ranger: unknown space 'bath_twn': ...
        """
        check_record(self)
        _check_turn("Observation", self.turn)
        check_id("side", self.side, SIDES)
        check_id("segment", self.segment, "ABCDEFG")
        if self.step:
            check_id("step", self.step, _STEPS)
        G = game_map()
        for name in ("jane", "ranger", "brand", "camp_marker", "camp", "escape_from"):
            space = getattr(self, name)
            if space is not None and space not in G:
                try:
                    check_space(G, space)
                except IllegalActionError as error:
                    raise IllegalActionError(f"Observation: {name}: {error}") from None


def observation(state: State, side: str) -> Observation:
    """Return exactly what `side` (``"hunters"`` or ``"blackbeard"``) may know now.

    Raises
    ------
    PiratelibError
        For a side other than ``"hunters"`` or ``"blackbeard"``.
    """
    check_state(state)
    if not isinstance(side, str) or side not in SIDES:
        raise IllegalActionError(f"side must be 'hunters' or 'blackbeard', got {side!r}")
    hunters = side == "hunters"
    visible_step = state.step if state.segment in ("B", "D", "E") or not hunters else ""
    marker = state.camp if state.camp_marker else None
    # the fields both sides see (Observation's check_record checks their types)
    common: dict[str, Any] = dict(
        side=side,
        turn=state.turn,
        segment=state.segment,
        step=visible_step,
        to_move=decider(state) == side,
        most_dice_win=state.most_dice_win,
        more_than_half=state.more_than_half,
        jane=state.jane,
        ranger=state.ranger,
        brand=state.brand,
        face_up=tuple((s, block_at(state, s)) for s in sorted(state.face_up)),
        camp_marker=marker,
        surveil=tuple(sorted(state.surveil)),
        surveils=state.surveils,
        escaped=state.escaped,
        hits=state.hits,
        encounters=state.encounters,
        shows=state.shows,
        outcome=state.outcome,
        advanced=state.advanced,
        pieces=tuple(
            (p, s) for s in sorted(state.face_up) if (p := pirate_at(state, s)) is not None
        ),
        israel_hands_out=state.israel_hands_out,
        set_aside=tuple(sorted(state.set_aside)),
        scouts=state.scouts,
        scouted=tuple(sorted(state.scouted)),
        ended=tuple(sorted(state.ended)),
        met=tuple(sorted(state.met)),
        escape_from=state.escape_from,
        # a tile counts as used once declared: the undeclared ADVANCED ones stay hidden
        used_this_turn=tuple(sorted(state.used_this_turn & state.declared)),
    )
    if hunters:
        return Observation(
            **common,
            declared=tuple(sorted(state.declared)),
            spots=state.spots,
            informants=state.informants,
            flipped=tuple(sorted(state.flipped)),
            interviews=state.interviews,
            hunter_pawns=state.hunter_pawns,
            assets=tuple(sorted(state.assets)),
            chain=state.chain,
            camp=marker,
            spotted_now=tuple(sorted(state.spotted_now)),
        )
    return Observation(
        **common,
        declared=tuple(sorted(state.declared)),
        spots=tuple(s for s in state.spots if s.open),
        blocks=state.blocks,
        camp=state.camp,
        mat=state.mat,
        sailed=state.sailed,
        sail_path=state.sail_path,
        adventure_sailed=state.adventure_sailed,
        silenced=state.silenced,
        silence_paid=state.silence_paid,
        pardon=state.pardon,
        fete=state.fete,
    )
