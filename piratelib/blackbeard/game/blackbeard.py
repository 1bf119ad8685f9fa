"""Blackbeard's segments of a whole game: A Draw Tiles and Set Camp, C his Actions, F Piracy.

A: each side draws (:func:`~piratelib.blackbeard.piracy.mat.draw_tiles`, one Informant);
on Turn 1 Blackbeard Sets Camp in an Anchorage. C: Reset Map, then in order Plan Piracy
(:func:`~piratelib.blackbeard.piracy.mat.plan_piracy`, one pawn at a time), Prepare
Defenses (:func:`~piratelib.blackbeard.piracy.mat.prepare_defense`) and Sail, one space
per pawn, Setting the Map as he goes: the blocks along the Sail so far are those
:func:`~piratelib.blackbeard.board.movement.sail_adventure` gives (Sightings only where Adventure
passed completely through; the empty Camp when he Sails from it). Sailing pawns count
against the same 5 (4 with Buy Rum unfilled) as the tiles, and at most 3 Sail while
Hire Doctor is unfilled. ADVANCED: a Sail may pay Bought Silence (2 gold from the Purse
to spares) so the space Adventure leaves gets no Sighting; the gold follows
:func:`~piratelib.blackbeard.board.movement.sail_adventure`'s ``gold_paid`` (a space he finally
ends in needs none, so it is given back); last, Set Map places the Blackbeard-alone and
Israel Hands blocks (:mod:`piratelib.blackbeard.game.advanced`). Once he is Done, Seek
Pardon's and Fete Tobias Knight's choices are asked whenever those tiles have the pawns to
fill (:func:`piracy_choices` says why there and not in F). F:
:func:`~piratelib.blackbeard.piracy.resolution.resolve_piracy` places the cubes, with
Blackbeard alone and Israel Hands where their blocks stand, and a filled tile that Shows
lays the block of the space used face up.

Examples
--------
>>> from piratelib.blackbeard.game.state import State, blank_blocks
>>> state = State(blocks=blank_blocks(), step="set_camp")
>>> SetCamp("nots_island") in blackbeard_actions(state)
True
"""

from __future__ import annotations

import functools
import itertools
import random
from typing import cast

from piratelib.blackbeard.board import of_kind
from piratelib.blackbeard.board.movement import HIRE_DOCTOR_CAP, move_graph, sail_adventure
from piratelib.blackbeard.board.movement import Sail as SailRoute
from piratelib.blackbeard.game.actions import (
    Action,
    Done,
    FeteTobiasKnight,
    PlaceBlackbeard,
    PlaceIsraelHands,
    PlanPiracy,
    PrepareDefense,
    Sail,
    SeekPardon,
    SetCamp,
)
from piratelib.blackbeard.game.advanced import RULES as ADVANCED_RULES
from piratelib.blackbeard.game.advanced import apply_set_map, set_map_actions
from piratelib.blackbeard.game.chance import stream
from piratelib.blackbeard.game.spotting import spot
from piratelib.blackbeard.game.state import (
    ADVENTURE_BLOCKS,
    BLACKBEARD_BLOCKS,
    State,
    adventure_space,
    evolve,
    game_map,
    game_tiles,
    with_blocks,
)
from piratelib.blackbeard.piracy.mat import (
    _changed,
    draw_tiles,
    pawns_allowed,
    penalties,
    plan_piracy,
    prepare_defense,
    without_one,
)
from piratelib.blackbeard.piracy.resolution import Position, acting_space, resolve_piracy
from piratelib.blackbeard.piracy.tiles import load_tiles
from piratelib.blackbeard.readonly import check_type
from piratelib.errors import IllegalActionError
from piratelib.steps import Step
from piratelib.words import plural

__all__ = [
    "RULES",
    "blackbeard_actions",
    "draw",
    "piracy_choices",
    "reset_map",
    "resolve_piracy_now",
]

C_STEPS = ("plan", "prepare", "sail", "set_map")

RULES = {
    "draw": (
        "A. Draw Tiles: 'At each turn's start, players randomly draw one tile from each of "
        "their draw piles - one Act of Piracy and one Pirate's Life for Blackbeard, and one "
        "Informant for the Hunters.'"
    ),
    "set_camp": (
        "Turn 1: Set Camp: 'Secretly stand the Adventure at Camp block on the Map in any "
        "Anchorage slot (light brown square space), replacing the blank block there.'"
    ),
    "reset": (
        "Reset Map: 'Stand up all blocks on the map to hide their symbols from the Hunters "
        "player. Exception: Blocks at Surveil spaces must stay face up ... Secretly replace "
        "any Sighting blocks from last turn with blanks. (Sighting at Camp: replace with "
        "empty Camp.)'"
    ),
    "plan": "Plan Piracy: 'never more pawns on a tile than open squares.'",
    "prepare": "Prepare Defenses: 'place a pawn on each new tile ... Paying cubes from the Purse'",
    "sail": (
        "Sail: 'Adventure may move via adjacent Water Route spaces for one pawn per space.' "
        "Set Map: 'Replace the block where Adventure began with a blank, or with the empty "
        "Camp block if Sailing from the Camp. ... place a Sighting block into each space "
        "that Adventure passed completely through'"
    ),
    "pawns": (
        "C. Blackbeard Actions: 'Use each of the 5 black pawns only once each turn (4 pawns "
        "if the Buy Rum tile is unfilled on the mat).'"
    ),
    "hire_doctor": "Hire Doctor 'restricts Blackbeard's Sailing to three pawns per turn.'",
    "done": "C. Blackbeard Actions: 'Leave pawns unused if desired.'",
    "pardon": (
        "Seek Pardon: 'Select any 1 other face-up Act of Piracy or Pirate's Life tile, "
        "discard any cubes on it, and set it aside'"
    ),
    "fete": (
        "Fete Tobias Knight: 'select and add any 2 Defense tiles to Prepared Defenses without "
        "using any cubes or pawns.'"
    ),
    "show": (
        "Piracy Effects: 'When the final cube is placed on the tile, lay the block at the Map "
        "space that was used face up to show its symbol, or declare it if already face up'"
    ),
}


def draw(state: State, rng: random.Random, log: list[Step]) -> State:
    """A. Draw Tiles for both sides, then Set Camp on Turn 1 or go on to B."""
    check_type("log", log, list)
    check_type("state", state, State)
    check_type("rng", rng, random.Random)
    mat = draw_tiles(state.mat, stream(rng, "piracy_tiles", state.turn))
    stack = state.informant_stack
    informants = state.informants
    if stack:  # the Hunters' draw, in a stream of its own (see game.chance)
        drawn = stack[stream(rng, "informant", state.turn).randrange(len(stack))]
        stack, informants = without_one(stack, drawn), (*informants, drawn)
    state = evolve(state, mat=mat, informant_stack=stack, informants=informants)
    text = f"Turn {state.turn}: Blackbeard draws 2 Piracy tiles, the Hunters 1 Informant."
    log.append(Step("A:draw", text, RULES["draw"], state))
    if state.camp is None:
        return evolve(state, step="set_camp")
    return evolve(state, segment="B", step="interview")


def reset_map(state: State, log: list[Step]) -> State:
    """C. Reset Map: last turn's Sightings to blanks (empty Camp), blocks stood up but Surveils.

    ADVANCED: the Blackbeard-alone and Israel Hands blocks become blanks (Blackbeard at
    Camp the Camp).
    """
    check_type("log", log, list)
    check_type("state", state, State)
    changes = {s: _RESET[b] for s, b in state.blocks if b in _RESET}
    state = with_blocks(state, changes)
    state = evolve(state, face_up=state.face_up & state.surveil, step="plan")
    text = (
        f"Reset Map: {plural(len(changes), 'Sighting')} become blanks; blocks stand up except "
        "at Surveils."
    )
    rule = RULES["reset"]
    if state.advanced:
        rule += " " + ADVANCED_RULES["reset"]
        text = (
            f"Reset Map: {plural(len(changes), 'Sighting or figure block')} cleared; blocks "
            "stand up except at Surveils."
        )
    log.append(Step("C:reset", text, rule, state))
    return state


def blackbeard_actions(state: State) -> list[Action]:
    """Blackbeard's legal actions in A (Set Camp), C, and F (Piracy choices)."""
    check_type("state", state, State)
    if state.segment == "A":
        return [SetCamp(s) for s in _anchorages()]
    if state.step == "choose":
        return _piracy_choice_actions(state)
    tiles = game_tiles(state)
    mat = state.mat
    left = pawns_allowed(mat, tiles) - mat.pawns_used
    at = C_STEPS.index(state.step)
    found: list[Action] = []
    if left and at == 0:
        cubes, planned = dict(mat.cubes), dict(mat.pawns)  # Mat.on and Mat.planned, once
        found += [
            _plan(t)
            for t in mat.drawn()
            if tiles.squares(t) - cubes.get(t, 0) - planned.get(t, 0) > 0
        ]
    if left and at <= 1:
        prepared = dict(mat.defenses)
        found += [
            _prepare(d)
            for d, info in tiles.defenses.items()
            if d not in prepared and info["gold"] <= mat.purse
        ]
    if (
        left
        and at <= 2
        and not ("hire_doctor" in penalties(mat, tiles) and state.sailed >= HIRE_DOCTOR_CAP)
    ):
        plain, silent = _sails(cast(str, adventure_space(state)))  # C follows Set Camp
        found += plain
        if _may_silence(state):
            found += silent
    found += set_map_actions(state)
    return [*found, _DONE]


def apply_blackbeard(state: State, action: Action, log: list[Step]) -> State:
    """Apply one legal action of Blackbeard's (checked by the caller); return the new state."""
    check_type("log", log, list)
    check_type("state", state, State)
    tiles = game_tiles(state)
    match action:
        case SetCamp(space):
            state = with_blocks(state, {space: "adventure_at_camp"})
            state = evolve(state, camp=space, segment="B", step="interview")
            log.append(
                Step("A:set_camp", f"Blackbeard Sets Camp at {space}.", RULES["set_camp"], state)
            )
            return state
        case PlanPiracy(tile):
            state = evolve(state, mat=plan_piracy(state.mat, tile, 1, tiles), step="plan")
            log.append(Step("C:plan", f"A black pawn on {tile}.", RULES["plan"], state))
            return state
        case PrepareDefense(defense):
            state = evolve(state, mat=prepare_defense(state.mat, defense, tiles), step="prepare")
            log.append(Step("C:prepare", f"Prepare {defense}.", RULES["prepare"], state))
            return state
        case Sail(to, silence):
            # C comes after A's Set Camp: the Adventure block is on the Map
            path = state.sail_path or (cast(str, adventure_space(state)),)
            silenced = state.silenced + (path[-1],) * silence
            path = (*path, to)
            silenced = tuple(s for s in silenced if s != to)  # no Sighting where he ends
            hire_doctor = "hire_doctor" in penalties(state.mat, tiles)
            sail = _sail(
                path,
                state.camp,
                hire_doctor,
                "bought_silence" in dict(state.mat.defenses),
                silenced,
                state.mat.purse + state.silence_paid,
            )
            state = set_blocks(state, path, dict(sail.sightings))
            owed = sail.gold_paid - state.silence_paid  # paid now (or given back)
            mat = _changed(
                state.mat,
                pawns_used=state.mat.pawns_used + 1,
                purse=state.mat.purse - owed,
                spare_gold=state.mat.spare_gold + owed,
            )
            state = evolve(
                state,
                mat=mat,
                sail_path=path,
                silenced=sail.silenced,
                silence_paid=sail.gold_paid,
                sailed=state.sailed + 1,
                adventure_sailed=True,
                step="sail",
            )
            text = f"Adventure Sails to {to} ({plural(state.sailed, 'pawn')} in Sailed)."
            rule = RULES["sail"]
            if silence:
                text += f" Bought Silence: no Sighting at {path[-2]} (2 gold from the Purse)."
                rule += " " + ADVANCED_RULES["bought_silence"]
            log.append(Step("C:sail", text, rule, state))
            return state
        case PlaceBlackbeard() | PlaceIsraelHands():
            return apply_set_map(state, action, log)
        case Done():
            state = evolve(state, step="choose" if any(piracy_choices(state)) else "done")
            log.append(Step("C:done", "Blackbeard ends his Actions.", RULES["done"], state))
            return state
        case SeekPardon(tile):
            state = evolve(state, pardon=tile)
            state = evolve(state, step="choose" if any(piracy_choices(state)) else "done")
            log.append(
                Step("C:pardon", "Blackbeard chooses for Seek Pardon.", RULES["pardon"], state)
            )
            return state
        case FeteTobiasKnight(defenses):
            state = evolve(state, fete=defenses, step="done")
            log.append(
                Step("C:fete", "Blackbeard chooses for Fete Tobias Knight.", RULES["fete"], state)
            )
            return state
    raise IllegalActionError(f"not one of Blackbeard's actions: {action!r}")


def set_blocks(state: State, path: tuple[str, ...], sightings: dict[str, str]) -> State:
    """Set the Map for Adventure's Sail along `path`: empty spaces, Sightings, Adventure."""
    check_type("path", path, tuple)
    check_type("sightings", sightings, dict)
    check_type("state", state, State)
    camp = state.camp
    changes = {s: ("camp" if s == camp else "blank") for s in path}
    changes.update(sightings)
    changes[path[-1]] = "adventure_at_camp" if path[-1] == camp else "adventure"
    return with_blocks(state, changes)


def piracy_choices(state: State) -> tuple[bool, bool]:
    """Whether Seek Pardon and Fete Tobias Knight have the pawns to fill and need a choice.

    Blackbeard makes both choices at the end of C, once he is Done, whenever the tile has
    the pawns to fill this turn, wherever Adventure is. The rulebook has him choose "when
    filling the Seek Pardon Pirate's Life tile" in F, but a pause in F only when a tile
    will fill would tell the Hunters so (Seek Pardon does not Show, yet the pause would
    say that Adventure is at Bath Town or Queen Anne's Creek), and a pause in every F
    would cost every turn a decision. At the end of C the choice hides among his other
    secret Actions ("Blackbeard next may commit pawns ... secretly Setting the Map"): the
    Hunters see neither his step nor how many actions he takes. Nothing it needs changes
    between his Done and F: the tiles face up are drawn in A, no Defense is Prepared
    after C, and the pawns are placed; only where Adventure ends (an Escape may move it)
    decides whether the tile fills, so the choice is asked without looking at it, and
    goes unused when the tile does not fill.
    """
    check_type("state", state, State)
    tiles = game_tiles(state)
    mat = state.mat

    def may_fill(tile: str) -> bool:
        return tile in mat.drawn() and mat.planned(tile) >= tiles.squares(tile) - mat.on(tile) > 0

    free = [d for d in tiles.defenses if d not in dict(mat.defenses)]
    pardon = may_fill("seek_pardon") and state.pardon is None
    fete = may_fill("fete_tobias_knight") and state.fete is None and bool(free)
    return pardon, fete


def resolve_piracy_now(state: State, rng: random.Random, log: list[Step]) -> State:
    """F. Resolve Piracy with the choices made; Show lays Adventure's block face up."""
    check_type("log", log, list)
    check_type("state", state, State)
    check_type("rng", rng, random.Random)
    tiles = game_tiles(state)
    before = state.mat
    position = _position(state)
    steps = resolve_piracy(
        before,
        position,
        stream(rng, "piracy", state.turn),
        tiles,
        pardon=state.pardon,
        fete=state.fete or (),
    )
    for step in steps:
        state = evolve(state, mat=step.state)
        log.append(Step(f"F:{step.phase}", step.text, step.rule, state))
    mat = state.mat
    shown = [
        t
        for t in mat.drawn()
        if tiles.piracy[t]["show"]
        and mat.on(t) == tiles.squares(t)
        and before.on(t) < tiles.squares(t)
    ]
    spaces = dict.fromkeys(acting_space(tiles, t, position, mat) for t in shown)
    for where in spaces:
        if where is None:
            continue
        state = evolve(state, shows=(*state.shows, (state.turn, where)))
        if where in state.face_up:
            text = f"Blackbeard declares that Piracy has occurred at {where}."
            log.append(Step("F:show", text, RULES["show"], state))
        else:
            state = spot(state, where, open_=True, how="show", log=log)
    return evolve(state, segment="G", step="end", pardon=None, fete=None)


def _piracy_choice_actions(state: State) -> list[Action]:
    tiles = game_tiles(state)
    pardon, fete = piracy_choices(state)
    if pardon:
        return [SeekPardon(t) for t in state.mat.drawn() if t != "seek_pardon"]
    if fete:
        free = sorted(d for d in tiles.defenses if d not in dict(state.mat.defenses))
        if len(free) < 2:
            return [FeteTobiasKnight(tuple(free))]
        return [FeteTobiasKnight(pair) for pair in itertools.combinations(free, 2)]
    return []


def _position(state: State) -> Position:
    """Where the pirates are: each piece at the first block of its own, as
    :func:`~piratelib.blackbeard.game.state.adventure_space` and
    :func:`~piratelib.blackbeard.game.state.figure_space` find them, in one pass over the
    Map (Resolve Piracy asks several times a turn)."""
    found: dict[str, str] = {}
    for space, block in state.blocks:
        piece = _PIECE_OF.get(block)
        if piece is not None and piece not in found:
            found[piece] = space
    return Position(
        adventure=found.get("adventure"),
        camp=state.camp,
        blackbeard=found.get("blackbeard"),
        israel_hands=found.get("israel_hands"),
        sailed=state.adventure_sailed,
    )


_PIECE_OF = {
    **dict.fromkeys(ADVENTURE_BLOCKS, "adventure"),
    **dict.fromkeys(BLACKBEARD_BLOCKS, "blackbeard"),
    "israel_hands": "israel_hands",
}


def _may_silence(state: State) -> bool:
    """Bought Silence may spare the space Adventure is leaving a Sighting (passed through)."""
    if not state.sail_path or "bought_silence" not in dict(state.mat.defenses):
        return False
    here = state.sail_path[-1]
    return (
        here != state.sail_path[0]
        and here not in state.silenced
        and state.mat.purse >= _SILENCE_GOLD
    )


_RESET = {
    "sighting": "blank",
    "sighting_at_camp": "camp",
    "blackbeard": "blank",
    "blackbeard_at_camp": "camp",
    "israel_hands": "blank",
}
"""Reset Map: last turn's Sightings and (ADVANCED) the figures' blocks become these."""

_SILENCE_GOLD = load_tiles().defenses["bought_silence"]["gold_per_sighting"]


@functools.cache
def _anchorages() -> tuple[str, ...]:
    return tuple(sorted(of_kind(game_map(), "anchorage")))


# Blackbeard's actions are frozen: one of each serves every State (building one costs
# more than looking it up).
_DONE = Done()


@functools.cache
def _plan(tile: str) -> Action:
    return PlanPiracy(tile)


@functools.cache
def _prepare(defense: str) -> Action:
    return PrepareDefense(defense)


@functools.lru_cache(maxsize=1 << 14)
def _sail(
    path: tuple[str, ...],
    camp: str | None,
    hire_doctor: bool,
    bought_silence: bool,
    silenced: tuple[str, ...],
    purse: int,
) -> SailRoute:
    """:func:`sail_adventure` on the Map, kept (bounded): it checks every step of `path`."""
    return sail_adventure(
        game_map(),
        path,
        camp=camp,
        hire_doctor=hire_doctor,
        bought_silence=bought_silence,
        silenced=silenced,
        purse=purse,
    )


@functools.cache
def _sails(start: str) -> tuple[tuple[Action, ...], tuple[Action, ...]]:
    """Each Sail from `start`, then each with Bought Silence (kept: the Map never changes)."""
    spaces = sorted(move_graph(game_map(), "adventure")[start])
    return tuple(Sail(to) for to in spaces), tuple(Sail(to, True) for to in spaces)
