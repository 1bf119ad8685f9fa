"""Spotting in a whole game of Hunt for Blackbeard: secret and open Spots, Sightings, Camp marker.

"The Hunters player secretly or openly Spots - inspects - those Map blocks." A Spot is
recorded in the Hunters' own record (:class:`~piratelib.blackbeard.game.state.Spot`); an
open Spot lays the block face up; a Spot that reveals a hidden Sighting lets the Hunters
Spot on along its Water Routes (:func:`chain_targets`, reusing
:func:`~piratelib.blackbeard.board.scouting.sighting_chain`). :func:`note_face_up` records the
face-up blocks that changed in view and places the Camp marker when a face-up block
first shows the Camp.

Examples
--------
>>> from piratelib.blackbeard.game.state import State, blank_blocks, with_blocks
>>> state = with_blocks(State(blocks=blank_blocks(), segment="D"), {"roanoke_inlet": "sighting"})
>>> log = []
>>> state = spot(state, "roanoke_inlet", open_=True, how="end_move", log=log)
>>> state.chain, "gun_inlet" in chain_targets(state)
(('roanoke_inlet',), True)
"""

from __future__ import annotations

from typing import cast

from piratelib.blackbeard.board.scouting import sighting_chain
from piratelib.blackbeard.game.state import (
    CAMP_BLOCKS,
    SIGHTING_BLOCKS,
    Spot,
    State,
    block_at,
    evolve,
    game_map,
)
from piratelib.blackbeard.readonly import check_type
from piratelib.steps import Step

__all__ = ["RULES", "chain_targets", "lay_face_up", "note_face_up", "spot"]

RULES = {
    "secret": (
        "Hidden Information: 'Hunters secretly Spot spaces as the Blackbeard player looks "
        "away, turning the block to inspect its hidden side and then turning it back'"
    ),
    "open": (
        "Open Spotting: 'Whenever the Hunter pieces Scout or end their move at blocks that "
        "are standing up, they openly Spot there: lay that block face up.'"
    ),
    "camp_marker": (
        "Open Spotting: 'When a faceup block first shows the Camp, put the Camp marker at "
        "that space for the rest of the game'"
    ),
    "sighting": (
        "Sightings: 'At any moment that Spotting reveals a hidden Sighting block, the Hunters "
        "may Spot in another space adjacent to it by Water Route. ... Spot the adjacent space "
        "secretly or openly, however Hunters Spotted the Sighting.'"
    ),
    "face_up": ("Set Map: 'Exception: Update any blocks at Surveil markers face up, not secretly'"),
}


def spot(state: State, space: str, *, open_: bool, how: str, log: list[Step]) -> State:
    """Spot `space` secretly or openly; record it; queue a Sighting to follow if revealed."""
    check_type("log", log, list)
    check_type("state", state, State)
    block = block_at(state, space)
    if block is None:
        return state
    hidden = space not in state.face_up
    record = Spot(state.turn, state.segment, space, block, open_, how)
    changes: dict[str, object] = {"spots": (*state.spots, record)}
    if not open_:
        changes["spotted_now"] = state.spotted_now | {space}
    if hidden and block in SIGHTING_BLOCKS:
        changes["chain"] = (*state.chain, space)
    state = evolve(state, **changes)
    if open_ and hidden:
        state = lay_face_up(state, (space,))
    word = "openly" if open_ else "secretly"
    text = f"The Hunters {word} Spot {space}: {block.replace('_', ' ')}."
    if state.chain and state.chain[-1] == space and hidden and block in SIGHTING_BLOCKS:
        text += " A Sighting: they may Spot on along its Water Routes."
    log.append(Step(f"spot:{how}", text, RULES["open" if open_ else "secret"], state))
    return state


def chain_targets(state: State) -> frozenset[str]:
    """Where the Hunters may Spot next by following the first pending Sighting.

    Secret Spots (Interview Informants) may look at any adjacent space not yet Spotted in
    this segment; open ones only at blocks still standing (a face-up block shows nothing
    new).
    """
    check_type("state", state, State)
    if not state.chain:
        return frozenset()
    near = sighting_chain(game_map(), state.chain[0])
    if state.segment == "B":
        return near - state.spotted_now
    return near - state.face_up


def lay_face_up(state: State, spaces: tuple[str, ...] | frozenset[str]) -> State:
    """Lay the blocks at `spaces` face up (and place the Camp marker if one shows the Camp)."""
    check_type("state", state, State)
    face_up = state.face_up | frozenset(spaces)
    marker = state.camp_marker or any(block_at(state, s) in CAMP_BLOCKS for s in spaces)
    return evolve(state, face_up=face_up, camp_marker=marker)


def note_face_up(before: State, after: State, log: list[Step]) -> State:
    """Record the face-up blocks that changed between `before` and `after` (seen by both)."""
    check_type("log", log, list)
    check_type("before", before, State)
    check_type("after", after, State)
    if after.blocks == before.blocks:  # most actions change no block: skip the search
        return after
    changed = [
        s
        for s in sorted(before.face_up & after.face_up)
        if block_at(before, s) != block_at(after, s)
    ]
    if not changed:
        return after
    # a space without a slot shows None before and after, so each changed space shows a block
    records = tuple(
        Spot(after.turn, after.segment, s, cast(str, block_at(after, s)), True, "face_up")
        for s in changed
    )
    marker = after.camp_marker or any(block_at(after, s) in CAMP_BLOCKS for s in changed)
    after = evolve(after, spots=after.spots + records, camp_marker=marker)
    text = "Face-up blocks change in view: " + ", ".join(
        f"{s} now shows {cast(str, block_at(after, s)).replace('_', ' ')}" for s in changed
    )
    log.append(Step("face_up", text + ".", RULES["face_up"], after))
    return after
