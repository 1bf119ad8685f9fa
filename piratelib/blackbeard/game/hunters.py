"""The Hunters' segments of a whole game: B Interview Informants and D the Hunters Actions.

B: rose pawns on face-up Informant tiles secretly Spot spaces
(:func:`~piratelib.blackbeard.board.informants.informant_targets` gives a tile's next
targets); the Hunters may Surveil any space just secretly Spotted. D, in order: Commandeer Assets
(:func:`~piratelib.blackbeard.board.assets.check_commandeer`), Scout, Sail and March
(:func:`~piratelib.blackbeard.board.movement.move_graph` gives each move and its pawns), each
piece openly Spotting where it ends its move, then Scout again. An action of a later
step moves the segment on ("Finish each segment in order"); the Hunters have 7 pawns a
turn across B and D. A revealed Sighting may be followed (:class:`FollowSighting`)
before anything else. ADVANCED: the Hunters may also Commandeer Canoes (anywhere), Master
Wm Butler and Partisans, and Scout with them one space at a time, each Scout checked and
priced by :func:`~piratelib.blackbeard.board.scouting.check_scout` with the Scouts of that
piece so far this Scout segment: Partisans lets Brand Scout 2 spaces for 1 pawn, Master
Wm Butler the Sloops 2 spaces for 1 pawn each, Canoes 1 space beyond an adjacent Sound.
An Asset is declared when a Scout first uses it.

Examples
--------
>>> from piratelib.blackbeard.game.state import State, blank_blocks
>>> state = State(blocks=blank_blocks(), segment="D", step="commandeer")
>>> Commandeer("capt_gordon") in hunter_actions(state)
True
"""

from __future__ import annotations

import functools
import itertools

from piratelib.blackbeard.board import CAPE_HENRY, JAMES_RIVER
from piratelib.blackbeard.board.assets import check_commandeer, load_assets
from piratelib.blackbeard.board.informants import informant_spaces, informant_targets
from piratelib.blackbeard.board.movement import move_graph
from piratelib.blackbeard.board.scouting import check_scout, scout_targets
from piratelib.blackbeard.game.actions import (
    Action,
    Commandeer,
    Done,
    EndMove,
    FollowSighting,
    Interview,
    Move,
    PassSighting,
    Scout,
    Surveil,
)
from piratelib.blackbeard.game.spotting import chain_targets, lay_face_up, spot
from piratelib.blackbeard.game.state import HUNTER_PIECES, State, evolve, game_map
from piratelib.blackbeard.readonly import check_type
from piratelib.errors import IllegalActionError
from piratelib.steps import Step

__all__ = [
    "ADVANCED_ASSETS",
    "HUNTER_PAWNS",
    "RULES",
    "STANDARD_ASSETS",
    "apply_hunters",
    "chain_actions",
    "end_all_moves",
]

HUNTER_PAWNS = 7
"""The Hunters' pawns: "12 action pawns (five black and seven rose)"."""

STANDARD_ASSETS = tuple(a for a, tile in load_assets().items() if not tile["advanced"])
"""The standard game's Commandeered Assets (Cannon and Extra Hands are one tile per Sloop)."""
ADVANCED_ASSETS = tuple(load_assets())
"""Every Commandeered Asset, with the ADVANCED Canoes, Master Wm Butler and Partisans."""

D_STEPS = ("commandeer", "scout_before", "move", "scout_after")

RULES = {
    "interview": (
        "B. Interview Informants: 'Select and secretly Spot spaces by placing rose pawns, as "
        "desired, onto any drawn Informant tiles that remain face up ..., up to the number of "
        "block icons on that tile ... Spot spaces only among the space types noted on the "
        "tile.'"
    ),
    "surveil": (
        "B. Interview Informants: 'The Hunters may - but do not have to - place a Surveil "
        "marker at any blocks that they Spotted while Interviewing Informants. Lay blocks at "
        "those spaces face up and keep any blocks at Surveil markers face up for the rest of "
        "the turn.' FAQ: 'Does it cost added pawns to Surveil? A: No'"
    ),
    "commandeer": (
        "Commandeer Assets: 'Hunters may Commandeer new Assets for a Sloop ... only while "
        "that Sloop is at James River, Assets for both Sloops ... while both remain at James "
        "River, and for Brand ... only while he is at James River.'"
    ),
    "scout": (
        "Scout: 'Before and then again after completing any and all Sailing and Marching, "
        "the Hunters may Scout - openly Spot - one space per piece, for one pawn each.'"
    ),
    "own": (
        "Scout: 'Jane, Ranger, and Brand each may Scout their own space (before moving) or "
        "one space adjacent to them.' TIP: 'all pieces' initial Scouting, then all Sailing and "
        "Marching (each piece Spotting wherever it ends up, even if it does not move), then "
        "final Scouting.'"
    ),
    "scout_assets": (
        "Scout: 'Three ADVANCED Assets affect Scouting (see page 17). Declare them as you use "
        "them.' Partisans: 'Brand with Partisans may Scout 2 Map spaces for just 1 pawn.' "
        "Master Wm Butler: 'Jane and Ranger each may Scout to Spot 2 spaces (instead of 1) for "
        "1 pawn per space.' Canoes: 'each Hunter piece may Spot any 1 space (only, regardless "
        "of Butler or Partisans) that is 2 spaces away if the intervening space is a Sound.'"
    ),
    "move": (
        "Sail and March: 'Move Sloops or Brand to adjacent spaces for one pawn each. ... "
        "Sloops may Sail together for one pawn per space. ... between Cape Henry and any "
        "Ocean space ... for just one pawn ... between any two Ocean spaces by putting two "
        "pawns in the destination.'"
    ),
    "end_move": (
        "Sail and March: 'As each Hunter piece ends its movement for the turn, openly Spot "
        "the space it ends in, whether or not it moved.'"
    ),
    "pawns": "D. The Hunters Actions: 'Use each pawn only once each turn.'",
    "done": "'Leave pawns unused if desired.'",
    "pass": "Sightings: the Hunters 'may Spot in another space adjacent to it by Water Route'.",
}


def chain_actions(state: State) -> list[Action]:
    """The choices while a revealed Sighting waits to be followed."""
    check_type("state", state, State)
    return [*(FollowSighting(s) for s in sorted(chain_targets(state))), PassSighting()]


def hunter_actions(state: State) -> list[Action]:
    """The Hunters' legal actions in B or D (no Sighting pending)."""
    check_type("state", state, State)
    pawns = HUNTER_PAWNS - state.hunter_pawns
    if state.segment == "B":
        found: list[Action] = []
        if pawns:
            found += _interviews(state)
        found += [_surveil(s) for s in sorted(state.spotted_now - state.surveil)]
        return [*found, _DONE]
    at = D_STEPS.index(state.step)
    found = []
    if at == 0 and pawns:
        home = frozenset(p for p in HUNTER_PIECES if getattr(state, p) == JAMES_RIVER)
        found += _commandeerable(state.advanced, state.set_aside | state.assets, home)
    if at <= 2:
        found += _scouts(state, pawns)
    if at <= 2:
        found += _moves(state, pawns)
        found += _end_moves(state.ended)
    if at == 3:
        found += _scouts(state, pawns)
    return [*found, _DONE]


def apply_hunters(state: State, action: Action, log: list[Step]) -> State:
    """Apply one legal Hunters' action (checked by the caller); return the new state."""
    check_type("log", log, list)
    check_type("state", state, State)
    match action:
        case FollowSighting(space):
            state = evolve(state, chain=state.chain[1:])
            return spot(state, space, open_=state.segment != "B", how="sighting", log=log)
        case PassSighting():
            state = evolve(state, chain=state.chain[1:])
            log.append(
                Step("pass", "The Hunters do not follow the Sighting.", RULES["pass"], state)
            )
            return state
        case Interview(informant, space):
            state = evolve(
                state,
                interviews=(*state.interviews, (informant, space)),
                hunter_pawns=state.hunter_pawns + 1,
            )
            log.append(Step("interview", f"A rose pawn on {informant}.", RULES["interview"], state))
            return spot(state, space, open_=False, how="informant", log=log)
        case Surveil(space):
            marked = evolve(
                state,
                surveil=state.surveil | {space},
                surveils=(*state.surveils, (state.turn, space)),
            )
            state = lay_face_up(marked, (space,))
            log.append(
                Step(
                    "surveil", f"Surveil {space}: its block lies face up.", RULES["surveil"], state
                )
            )
            return state
        case Commandeer(asset):
            state = evolve(
                state, assets=state.assets | {asset}, hunter_pawns=state.hunter_pawns + 1
            )
            log.append(Step("commandeer", f"Commandeer {asset}.", RULES["commandeer"], state))
            return state
        case Scout(piece, space):
            if state.step == "move":
                state = end_all_moves(state, log)
            if state.step in ("commandeer", "move"):
                state = evolve(
                    state, step="scout_before" if state.step == "commandeer" else "scout_after"
                )
            here = getattr(state, piece)
            prior = tuple(t for p, t in state.scouts if p == piece)
            options = _scout_options(piece, here, _helpers(state, piece), prior)
            cost, uses = next((c, u) for t, c, u, _ in options if t == space)
            state = evolve(
                state,
                scouted=state.scouted | {piece},
                scouts=(*state.scouts, (piece, space)),
                hunter_pawns=state.hunter_pawns + cost,
                declared=state.declared | uses,
            )
            text = f"{piece} Scouts {space} for {cost} pawn{'s' * (cost != 1)}"
            text += f", declaring {' and '.join(sorted(uses))}." if uses else "."
            rule = RULES["scout"] + (" " + RULES["scout_assets"] if uses else "")
            log.append(Step("scout", text, rule, state))
            return spot(state, space, open_=True, how="scout", log=log)
        case Move(pieces, to):
            cost = _move_cost(state, pieces, to)
            state = evolve(
                state,
                step="move",
                scouted=frozenset(),
                scouts=(),
                hunter_pawns=state.hunter_pawns + cost,
                **dict.fromkeys(pieces, to),
            )
            text = f"{' and '.join(pieces)} to {to} for {cost} pawn{'s' * (cost > 1)}."
            log.append(Step("move", text, RULES["move"], state))
            return state
        case EndMove(piece):
            if state.step != "move":
                state = evolve(state, step="move", scouted=frozenset(), scouts=())
            return _end_move(state, piece, log)
        case Done():
            if state.segment == "D" and D_STEPS.index(state.step) <= 2:
                state = end_all_moves(state, log)
            state = evolve(state, step="done")
            log.append(
                Step("done", f"The Hunters end segment {state.segment}.", RULES["done"], state)
            )
            return state
    raise IllegalActionError(f"not a Hunters' action: {action!r}")


def end_all_moves(state: State, log: list[Step]) -> State:
    """End every piece's move that has not ended (each Spots), then go on to Scout again."""
    check_type("log", log, list)
    check_type("state", state, State)
    for piece in HUNTER_PIECES:
        if piece not in state.ended:
            state = _end_move(state, piece, log)
    return evolve(state, step="scout_after", scouted=frozenset(), scouts=())


def _end_move(state: State, piece: str, log: list[Step]) -> State:
    state = evolve(state, ended=state.ended | {piece})
    where = getattr(state, piece)
    log.append(Step("end_move", f"{piece} ends its move at {where}.", RULES["end_move"], state))
    if where in state.face_up:
        return state
    return spot(state, where, open_=True, how="end_move", log=log)


# The Hunters' actions are frozen: one of each serves every State (building one costs
# more than looking it up, and the kept options above then hold no copies for the garbage
# collector to walk).
_DONE = Done()


@functools.cache
def _interview(informant: str, space: str) -> Action:
    return Interview(informant, space)


@functools.cache
def _move(pieces: tuple[str, ...], to: str) -> Action:
    return Move(pieces, to)


@functools.cache
def _commandeer(asset: str) -> Action:
    return Commandeer(asset)


@functools.cache
def _surveil(space: str) -> Action:
    return Surveil(space)


@functools.cache
def _end_moves(ended: frozenset[str]) -> tuple[Action, ...]:
    return tuple(EndMove(p) for p in HUNTER_PIECES if p not in ended)


def _interviews(state: State) -> tuple[Action, ...]:
    return _interview_options(state.informants, state.flipped, state.interviews, state.spotted_now)


# The options of B and D are pure functions of a few fields: a playout (and a search bot's
# many playouts from one State) asks them again and again, so the answers are kept, a
# bounded number of them (a long search must not grow without end).
@functools.lru_cache(maxsize=1 << 14)
def _interview_options(
    informants: tuple[str, ...],
    flipped: frozenset[str],
    interviews: tuple[tuple[str, str], ...],
    spotted_now: frozenset[str],
) -> tuple[Action, ...]:
    found: list[Action] = []
    targets: dict[str, list[str]] = {}
    for informant, space in interviews:
        targets.setdefault(informant, []).append(space)
    for informant in informants:
        if informant in flipped:
            continue
        more = _informant_targets(informant, tuple(sorted(targets.get(informant, ()))))
        for space in _informant_spaces(informant):
            if space not in spotted_now and space in more:
                found.append(_interview(informant, space))
    return tuple(found)


def _scouts(state: State, pawns: int) -> list[Action]:
    """The Scouts open now. A piece Scouts its own space only "before moving"; once Sailing
    and Marching have begun, a Scout first ends every move (each piece Spotting where it
    stands), so no piece may Scout a space a Hunter piece stands on then (``RULES["own"]``).
    """
    found: list[Action] = []
    moving = D_STEPS.index(state.step) >= 2 if state.segment == "D" else False
    shut = state.face_up | {state.jane, state.ranger, state.brand} if moving else state.face_up
    for piece in HUNTER_PIECES:
        helpers = _helpers(state, piece)
        if piece in state.scouted and not helpers:
            continue
        prior = tuple(t for p, t in state.scouts if p == piece) if state.scouts else ()
        options = _scout_options(piece, getattr(state, piece), helpers, prior)
        found += [scout for space, cost, _, scout in options if cost <= pawns and space not in shut]
    return found


def _moves(state: State, pawns: int) -> list[Action]:
    helm = "skilled_helm" in state.assets
    moves, costs = _move_options(state.jane, state.ranger, state.brand, state.ended, helm)
    return [move for move, cost in zip(moves, costs, strict=True) if cost <= pawns]


@functools.lru_cache(maxsize=1 << 14)
def _move_options(
    jane: str, ranger: str, brand: str, ended: frozenset[str], helm: bool
) -> tuple[tuple[Action, ...], tuple[int, ...]]:
    """Each Move open to the pieces whose move has not `ended`, and the pawns of each (in
    two tuples, not a pair for each: fewer objects kept for the garbage collector)."""
    spaces = {"jane": jane, "ranger": ranger, "brand": brand}
    groups: list[tuple[str, ...]] = [(p,) for p in HUNTER_PIECES if p not in ended]
    if jane == ranger and not {"jane", "ranger"} & ended:
        groups.append(("jane", "ranger"))
    options = [
        (_move(group, to), cost)
        for group in groups
        for to, cost in _successors(_graph_piece(group), helm, spaces[group[0]])
    ]
    return tuple(m for m, _ in options), tuple(c for _, c in options)


def _move_cost(state: State, pieces: tuple[str, ...], to: str) -> int:
    helm = "skilled_helm" in state.assets
    return dict(_successors(_graph_piece(pieces), helm, getattr(state, pieces[0])))[to]


def _graph_piece(pieces: tuple[str, ...]) -> str:
    return "sloops" if len(pieces) == 2 else pieces[0]


@functools.cache
def _successors(piece: str, helm: bool, start: str) -> tuple[tuple[str, int], ...]:
    H = move_graph(game_map(), piece, skilled_helm=helm and piece != "brand")
    return tuple(sorted((v, d["pawns"]) for v, d in H[start].items()))


def _helpers(state: State, piece: str) -> frozenset[str]:
    """The Commandeered Assets that help `piece` Scout (ADVANCED)."""
    if not state.advanced:
        return frozenset()
    return state.assets & _SCOUT_HELPERS[piece]


_SCOUT_HELPERS = {
    "brand": frozenset({"canoes", "partisans"}),
    "jane": frozenset({"canoes", "master_wm_butler"}),
    "ranger": frozenset({"canoes", "master_wm_butler"}),
}


@functools.cache
def _scout_options(
    piece: str, space: str, helpers: frozenset[str], prior: tuple[str, ...]
) -> tuple[tuple[str, int, frozenset[str], Action], ...]:
    """Each space `piece` may Scout next this Scout segment: (space, pawns, Assets used,
    the Scout).

    The pawns are what :func:`check_scout` charges for the segment's Scouts with this
    one, less what it charged without it; the Assets used are the fewest with which
    :func:`check_scout` allows them (so an Asset is declared when first needed).
    """
    if space == CAPE_HENRY:
        return ()
    G = game_map()
    found = []
    for target in scout_targets(G, piece, space, assets=helpers):
        if target in prior:
            continue
        best = None
        for uses in _subsets(helpers):
            try:
                total = check_scout(G, piece, space, [*prior, target], assets=uses)
            except IllegalActionError:
                continue
            before = check_scout(G, piece, space, prior, assets=uses) if prior else 0
            if best is None or (total - before, len(uses)) < (best[0], len(best[1])):
                best = (total - before, uses)
        if best is not None:
            found.append((target, *best, Scout(piece, target)))
    return tuple(found)


def _subsets(helpers: frozenset[str]) -> list[frozenset[str]]:
    items = sorted(helpers)
    return [frozenset(c) for n in range(len(items) + 1) for c in itertools.combinations(items, n)]


@functools.cache
def _informant_spaces(informant: str) -> tuple[str, ...]:
    return tuple(sorted(informant_spaces(game_map(), informant)))


@functools.lru_cache(maxsize=1 << 12)
def _informant_targets(informant: str, done: tuple[str, ...]) -> frozenset[str]:
    return informant_targets(game_map(), informant, done)


@functools.lru_cache(maxsize=1 << 12)
def _commandeerable(
    advanced: bool, out: frozenset[str], home: frozenset[str]
) -> tuple[Action, ...]:
    """Commandeer each Asset not in `out` the Hunters may with the pieces `home` at James
    River (the only place :func:`check_commandeer` looks at: kept, as it checks its
    arguments on each call and every D segment asks)."""
    assets = ADVANCED_ASSETS if advanced else STANDARD_ASSETS
    return tuple(_commandeer(a) for a in assets if a not in out and _may_commandeer(a, home))


@functools.cache
def _may_commandeer(asset: str, home: frozenset[str]) -> bool:
    try:
        check_commandeer(asset, dict.fromkeys(home, JAMES_RIVER))
    except IllegalActionError:
        return False
    return True
