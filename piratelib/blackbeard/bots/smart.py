"""Two smart bots for Hunt for Blackbeard, each seeing only its own side's observation.

:func:`smart_blackbeard` pursues one Piracy row: each turn he picks a space where his
pawns can place the most cubes on that row's tiles (the other row counts a third as
much), shunning any space a Hunter piece could end a move at for 1 pawn; he draws it at
random among those worth at least 90% of the best, plans his pawns on those tiles,
Prepares a Defense with any pawn left over, and Sails a cheapest way there (one drawn at
random), buying Silence where Bought Silence is Prepared. He Sets Camp at random among
the spaces farthest from the Hunters, and Escapes as far from them as he can. Piracy:
"To receive cubes, a tile must list a space that has Adventure in it. If not, the pawns
are wasted!"

:func:`smart_hunters` go where :func:`~piratelib.blackbeard.deduce.chances` (its default
model, ``"sails"``: how far Blackbeard Sails, then where, then which way) says Adventure
most likely is, each possible space weighed by 1 + the number of Piracy tiles
that list it (Blackbeard must end where his tiles act). In B they Interview about the
likeliest space (1 pawn, keeping 6 for D) and Surveil each space Spotted empty; they
always follow a revealed Sighting to its likeliest neighbour (it costs no pawn). In D
they Commandeer Skilled Helm while the Sloops are at James River, Scout a likely space
(not one a piece stands on) before moving when enough pawns are left to pounce, then send
the two Sloops (always together) and Brand to the two spaces most likely between them
(the Sloops otherwise closing on where Adventure may be), Scout with the pawns left, and
once Adventure is face up they head for it: "Encounters then ensue if any Hunter and
Pirate pieces ended up in the same space." They seek an Encounter only with pieces that
win at least twice as often as they lose.

Neither bot reads anything but its `view`: both are policies for
:func:`~piratelib.blackbeard.bots.policies.bot_action`. Ties are broken with `rng`.

Examples
--------
>>> import random
>>> from piratelib.blackbeard.game import new_game, observation, legal_actions
>>> state = new_game(seed=1)
>>> smart_blackbeard(observation(state, "blackbeard"), legal_actions(state), random.Random(1))
SetCamp(space='hatteras_bank')
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Mapping, Sequence
from typing import cast

import networkx as nx

from piratelib.blackbeard.board import check_space
from piratelib.blackbeard.board.movement import HIRE_DOCTOR_CAP, move_costs, move_graph
from piratelib.blackbeard.deduce import chances
from piratelib.blackbeard.encounter import Encounter, Ending, odds
from piratelib.blackbeard.game.actions import (
    Action,
    Commandeer,
    Done,
    EscapeTo,
    FollowSighting,
    Interview,
    Move,
    PlaceBlackbeard,
    PlaceIsraelHands,
    PlanPiracy,
    PrepareDefense,
    Sail,
    Scout,
    SetCamp,
    ShowCamp,
    Surveil,
)
from piratelib.blackbeard.game.hunters import HUNTER_PAWNS
from piratelib.blackbeard.game.state import (
    ADVENTURE_BLOCKS,
    HUNTER_PIECES,
    State,
    game_map,
    game_tiles,
)
from piratelib.blackbeard.game.views import Observation
from piratelib.blackbeard.piracy.mat import ROWS, Mat, pawns_allowed, penalties, row_cubes
from piratelib.blackbeard.piracy.tiles import Tiles
from piratelib.blackbeard.readonly import Fixed, check_type
from piratelib.errors import IllegalActionError

__all__ = ["smart_blackbeard", "smart_hunters"]

INTERVIEW_PAWNS = 1
"""The most pawns the smart Hunters spend in B, so that 6 are left for D."""
OTHER_ROW = 1 / 3
"""What a cube on the row Blackbeard does not pursue is worth to him."""
NEAR_BEST = 0.9
"""Blackbeard's goal is drawn among the spaces worth at least this share of the best."""


def _check_turn(
    view: Observation, actions: Sequence[Action], rng: random.Random, side: str
) -> list[Action]:
    """The legal `actions` as a list, once `side`'s own `view`, the actions (at least one,
    each an Action, its space on the Map) and `rng` are checked."""
    check_type("view", view, Observation)
    check_type("rng", rng, random.Random)
    if view.side != side:
        raise IllegalActionError(
            f"the smart {side} bot plays from the {side!r} view, got the {view.side!r} view"
        )
    return _check_actions(actions)


def _check_actions(actions: Sequence[Action]) -> list[Action]:
    """The legal `actions` as a list, once checked: at least one, each an Action, any
    space it names a space on the Map (for the policies, before they choose)."""
    check_type("actions", actions, (list, tuple))
    if not actions:
        raise IllegalActionError("actions must hold the legal actions now, got none")
    G = game_map()
    for action in actions:
        if not isinstance(action, Action):
            raise IllegalActionError(f"actions must hold game actions, got {action!r:.80}")
        space = getattr(action, "space", None)
        if space is not None and (not isinstance(space, str) or space not in G):
            check_space(G, space)
    return list(actions)


# -- Blackbeard -------------------------------------------------------------------------


def smart_blackbeard(view: Observation, actions: Sequence[Action], rng: random.Random) -> Action:
    """Blackbeard's choice: one Piracy row, away from the Hunters (see the module docstring)."""
    legal = _check_turn(view, actions, rng, "blackbeard")
    kinds = {type(a) for a in legal}
    if SetCamp in kinds:
        return _camp(view, legal, rng)
    if EscapeTo in kinds:
        return _farthest(view, legal, rng)
    if ShowCamp in kinds:
        return ShowCamp(False)
    if view.segment != "C" or view.step == "choose":
        return rng.choice(legal)  # Seek Pardon's or Fete Tobias Knight's choice
    return _blackbeard_turn(view, legal, rng)


def _blackbeard_turn(view: Observation, legal: list[Action], rng: random.Random) -> Action:
    tiles = game_tiles(
        State(
            advanced=view.advanced,
            israel_hands_out=view.israel_hands_out,
            set_aside=frozenset(view.set_aside),
        )
    )
    # Blackbeard's own view: it shows his mat and the pawns in Sailed
    assert view.mat is not None and view.sailed is not None
    mat: Mat = view.mat
    here = _adventure(view)
    may_plan = any(isinstance(a, PlanPiracy) for a in legal)
    sails = [a for a in legal if isinstance(a, Sail) and not a.silence]
    left = pawns_allowed(mat, tiles) - mat.pawns_used
    budget = left if sails or may_plan else 0
    if "hire_doctor" in penalties(mat, tiles):
        budget = min(budget, HIRE_DOCTOR_CAP - view.sailed)
    costs = {s: c for s, c in move_costs("adventure")[here].items() if c <= budget}
    danger = _danger(view.jane, view.ranger, view.brand)
    target = _target_row(mat, tiles, view.more_than_half)
    # once he has planned pawns, only spaces where each of those tiles acts will do
    planned = [tile for tile, n in mat.pawns if n]
    acting = {
        space
        for space in costs
        if all(space in tiles.spaces(tile, camp=view.camp) for tile in planned)
    }
    scored: list[tuple[float, str, dict[str, int], int]] = []
    for space, cost in sorted(costs.items()):
        if space not in acting and acting:
            continue
        pawns = left - cost if may_plan else 0
        value, plan = _piracy_value(mat, tiles, view, space, cost, pawns, target)
        safety = 0 if space in view.surveil else _safety(danger[space])
        scored.append((value * safety - cost / 100, space, plan, pawns - sum(plan.values())))
    # staying where Adventure is costs no pawns, so scored is never empty
    committed = bool(planned) or view.sailed > 0
    _, goal, plan, spare = max(scored) if committed else _near_best(scored, rng)
    for tile, n in plan.items():
        if n and PlanPiracy(tile) in legal:
            return PlanPiracy(tile)
    defenses = [a for a in legal if isinstance(a, PrepareDefense)]
    if spare > 0 and defenses:
        return rng.choice(defenses)
    if goal != here:
        step = rng.choice(
            sorted({p[1] for p in nx.all_shortest_paths(_adventure_graph(), here, goal)})
        )
        if Sail(step, silence=True) in legal:
            return Sail(step, silence=True)  # Bought Silence: no Sighting where he passes
        if Sail(step) in legal:
            return Sail(step)
    placing = [a for a in legal if isinstance(a, PlaceBlackbeard | PlaceIsraelHands)]
    return rng.choice(placing) if placing else Done()


def _near_best(
    scored: list[tuple[float, str, dict[str, int], int]], rng: random.Random
) -> tuple[float, str, dict[str, int], int]:
    """One of the `scored` goals worth at least :data:`NEAR_BEST` of the best, at random,
    drawn at his turn's first action (then he keeps to it): so the Hunters cannot read
    his goal from the position alone."""
    top = max(score for score, *_ in scored)
    least = top * NEAR_BEST if top > 0 else top
    return rng.choice([goal for goal in scored if goal[0] >= least])


def _piracy_value(
    mat: Mat,
    tiles: Tiles,
    view: Observation,
    space: str,
    cost: int,
    pawns: int,
    target: str,
) -> tuple[float, dict[str, int]]:
    """What Adventure at `space` is worth, and the new pawns to plan for it, tile by tile.

    Planned pawns count; `pawns` new ones go first on the pursued row's tiles. A tile that
    may not act if Adventure Sailed ("not_if_sailed") is worth nothing after a Sail.
    """
    sailed = view.adventure_sailed or cost > 0
    value, plan = 0.0, {}
    drawn = sorted(mat.drawn(), key=lambda t: tiles.piracy[t]["row"] != target)
    for tile in drawn:
        info = tiles.piracy[tile]
        if space not in tiles.spaces(tile, camp=view.camp) or (info["not_if_sailed"] and sailed):
            continue
        open_squares = tiles.squares(tile) - mat.on(tile) - mat.planned(tile)
        new = max(0, min(open_squares, pawns))
        pawns -= new
        plan[tile] = new
        cubes = mat.planned(tile) + new
        if info["cubes"] == "gold":
            cubes = min(cubes, mat.purse)
        value += cubes * (1 if info["row"] == target else OTHER_ROW)
    return value, plan


def _target_row(mat: Mat, tiles: Tiles, more_than_half: bool) -> str:
    """The Piracy row closest to Victory: the fewest cubes still needed."""

    def need(row: str) -> int:
        cubes, squares = row_cubes(mat, row, tiles)
        wanted = squares // 2 + 1 if more_than_half else math.ceil(squares / 2)
        return wanted - cubes

    return min(ROWS, key=need)


def _camp(view: Observation, legal: list[Action], rng: random.Random) -> Action:
    """Set Camp at random where the Hunters would need at least the most pawns less one
    to end a move: far from them, and not one space the Hunters can count on."""
    danger = _danger(view.jane, view.ranger, view.brand)
    # when Set Camp (A) is legal, it is all that is
    camps = cast("list[SetCamp]", legal)
    most = max(danger[a.space] for a in camps)
    return rng.choice([a for a in camps if danger[a.space] >= most - 1])


def _farthest(view: Observation, legal: list[Action], rng: random.Random) -> Action:
    """Set Camp, or Escape, where the Hunters would need the most pawns to end a move."""
    danger = _danger(view.jane, view.ranger, view.brand)
    # when Set Camp (A) or Escape (E) is legal, it is all that is
    places = cast("list[SetCamp | EscapeTo]", legal)
    return max(places, key=lambda a: (danger[a.space], rng.random()))


def _safety(danger: int) -> float:
    """How much a space's Piracy is worth when a Hunter piece can end a move there for
    `danger` pawns: nothing where one stands, a hundredth 1 pawn away, in full from 2.

    Why: a space one Hunter move away is where Blackbeard is caught. Against the smart
    Hunters as they were before they Scouted with their last pawns (commit 213e54f), this
    held them to 19% of 400 seeded games, where a worth growing by a quarter a pawn up to 4
    pawns held them to 27% of 200; against today's, to 56-58% of 400 either way."""
    return 0.0 if danger == 0 else 0.01 if danger == 1 else 1.0


@functools.cache
def _danger(jane: str, ranger: str, brand: str) -> Mapping[str, int]:
    """The fewest pawns for which a Hunter piece can end a move at each slot (up to 8)."""
    cheapest: dict[str, int] = {}
    for piece, start in (("jane", jane), ("ranger", ranger), ("brand", brand)):
        for space, pawns in move_costs(piece)[start].items():
            cheapest[space] = min(pawns, cheapest.get(space, 8))
    return Fixed({space: cheapest.get(space, 8) for space in _adventure_graph()})


def _adventure(view: Observation) -> str:
    return next(space for space, block in view.blocks if block in ADVENTURE_BLOCKS)


@functools.cache
def _adventure_graph() -> nx.DiGraph[str]:
    return move_graph(game_map(), "adventure")


# -- the Hunters ------------------------------------------------------------------------


def _hunch(view: Observation) -> dict[str, float]:
    """Where the Hunters look: each possible space's chance (:func:`chances`, default model)
    weighed by 1 + the number of Piracy tiles that list it, since Blackbeard must end where
    his tiles act: "To receive cubes, a tile must list a space that has Adventure in it."
    Normalised to sum to 1."""
    return _weighed({s: float(p) for s, p in chances(view).items()})


def _weighed(chance: dict[str, float]) -> dict[str, float]:
    """`chance` weighed by 1 + the number of Piracy tiles that list each space, normalised
    to sum to 1 (nothing to weigh gives nothing)."""
    weights = {s: p * (1 + _listed().get(s, 0)) for s, p in chance.items()}
    total = sum(weights.values())
    return {s: w / total for s, w in weights.items()} if total else {}


@functools.cache
def _listed() -> Mapping[str, int]:
    """How many Piracy tiles (of the whole game) list each space."""
    tiles = game_tiles(State(advanced=True))
    counts: dict[str, int] = {}
    for tile in tiles.piracy:
        for space in tiles.spaces(tile):
            counts[space] = counts.get(space, 0) + 1
    return Fixed(counts)


def smart_hunters(view: Observation, actions: Sequence[Action], rng: random.Random) -> Action:
    """The Hunters' choice: toward where Adventure most likely is (see the module docstring)."""
    return _hunters_choice(view, _check_turn(view, actions, rng, "hunters"), rng, None)


def _hunters_choice(
    view: Observation, legal: list[Action], rng: random.Random, hunch: dict[str, float] | None
) -> Action:
    """:func:`smart_hunters`'s choice, looking where `hunch` says (:func:`_hunch` if None)."""
    kinds = {type(a) for a in legal}
    if Done() not in legal and FollowSighting not in kinds:
        return rng.choice(legal)  # E: which Encounter first, where the Sloops Escape
    chance = _hunch(view) if hunch is None else hunch
    if FollowSighting in kinds:
        follows = [a for a in legal if isinstance(a, FollowSighting)]
        return max(follows, key=lambda a: (chance.get(a.space, 0), rng.random()))
    if view.segment == "B":
        return _interview(view, legal, chance, rng)
    return _hunt(view, legal, chance, rng)


def _interview(
    view: Observation, legal: list[Action], chance: dict[str, float], rng: random.Random
) -> Action:
    """B: Interview about the likeliest space, then Surveil each space Spotted empty (it
    costs nothing, and Blackbeard cannot end there unseen this turn)."""
    interviews = [a for a in legal if isinstance(a, Interview) and chance.get(a.space, 0) > 0]
    assert view.hunter_pawns is not None  # the Hunters' own view shows their pawns used
    if view.hunter_pawns < INTERVIEW_PAWNS and interviews:
        return max(interviews, key=lambda a: (chance[a.space], rng.random()))
    empty = [a for a in legal if isinstance(a, Surveil) and chance.get(a.space, 0) == 0]
    return empty[0] if empty else Done()


def _hunt(
    view: Observation, legal: list[Action], chance: dict[str, float], rng: random.Random
) -> Action:
    """D: close in on a face-up Adventure; else Scout where it is likely and still within
    reach; else send the Sloops and Brand to the two likeliest spaces they can reach."""
    assert view.hunter_pawns is not None  # the Hunters' own view shows their pawns used
    pawns = HUNTER_PAWNS - view.hunter_pawns
    moves = [a for a in legal if isinstance(a, Move) and _keeps_together(view, a)]
    seen = dict(view.pieces).get("adventure")
    if seen is not None:
        daring = {g: seen for g in _groups(view) if _dares(view, _meeting(view, g, seen))}
        return _first_step(view, moves, daring) or Done()
    rejoin = [m for m in moves if len(m.pieces) == 1 and m.pieces != ("brand",)]
    if rejoin:
        return rejoin[0]
    before = view.step in ("commandeer", "scout_before")
    helm = Commandeer("skilled_helm")
    if before and helm in legal and pawns > 2:
        return helm
    # a piece's own space is Spotted anyway where it ends its move
    stand = {view.jane, view.ranger, view.brand}
    scouts = [
        a
        for a in legal
        if isinstance(a, Scout) and chance.get(a.space, 0) > 0 and a.space not in stand
    ]
    pouncing = [a for a in scouts if 1 + _pounce(view, a.space) <= pawns]
    if before and pouncing:
        best = max(pouncing, key=lambda a: (chance[a.space], rng.random()))
        if chance[best.space] >= max(chance.values()) / 2:
            return best
    step = _first_step(view, moves, _goals(view, chance, pawns))
    if step is not None:
        return step
    if scouts:  # the moves are over: Scout with the pawns left, for the next turn
        return max(scouts, key=lambda a: (chance[a.space], rng.random()))
    return Done()


def _groups(view: Observation) -> tuple[tuple[str, ...], ...]:
    """The Hunters' moving groups: the Sloops as a pair when together, and Brand."""
    if view.jane == view.ranger:
        return (("jane", "ranger"), ("brand",))
    return (("jane",), ("ranger",), ("brand",))


def _goals(view: Observation, chance: dict[str, float], pawns: int) -> dict[tuple[str, ...], str]:
    """Where the Sloop pair and Brand should end their moves: the two spaces (or one) with
    the most chance of Adventure between them that both can reach with `pawns`; among
    those, where the Sloops are nearest Adventure (fewest pawns on average), so that they
    are at hand to join Brand on a later turn."""
    helm = "skilled_helm" in view.assets
    sloops = move_costs("sloops", skilled_helm=helm)
    pair = {view.jane: 0}
    if view.jane == view.ranger:
        pair = sloops[view.jane]
    brand = move_costs("brand")[view.brand]
    best = (0.0, 0.0, 0, view.jane, view.brand)
    for g1, c1 in pair.items():
        near = -sum(p * sloops[g1].get(s, 8) for s, p in chance.items())
        for g2, c2 in brand.items():
            if c1 + c2 > pawns:
                continue
            pair_meets = _dares(view, _meeting(view, ("jane", "ranger"), g1, g2))
            found = chance.get(g1, 0) * pair_meets + (chance.get(g2, 0) if g2 != g1 else 0)
            if (found, near, -(c1 + c2)) > best[:3]:
                best = (found, near, -(c1 + c2), g1, g2)
    *_, g1, g2 = best
    return {("jane", "ranger"): g1, ("brand",): g2}


def _meeting(
    view: Observation, group: tuple[str, ...], space: str, brand: str | None = None
) -> frozenset[str]:
    """The Hunter pieces at `space` once `group` ends its move there (and Brand at `brand`)."""
    where = {p: getattr(view, p) for p in HUNTER_PIECES}
    if brand is not None:
        where["brand"] = brand
    return frozenset(group) | {p for p, at in where.items() if at == space}


def _dares(view: Observation, hunters: frozenset[str]) -> bool:
    """Whether `hunters` meeting Adventure win at least twice as often as they lose the game.

    Brand alone always dares (Adventure Escapes or is Arrested, and never Boards him), and
    so do all three pieces (89% against 11%; 69% against 31% once Escaped! is out and
    "Blackbeard wins ties") and Jane or Ranger with Brand before an Escape (73% against
    27%); the two Sloops alone (59% against 41%) do not
    (:func:`~piratelib.blackbeard.encounter.odds`, nobody holding tiles: the Hunters
    cannot see Blackbeard's Defenses). Bolder Hunters catch a smart Blackbeard more often
    but lose to a random one, who rarely fills a Piracy row (benchmarks/blackbeard_deduce.py).
    """
    return _wins_twice_as_often(hunters, view.escaped, view.most_dice_win)


@functools.cache
def _wins_twice_as_often(hunters: frozenset[str], warned: bool, most_dice_win: bool) -> bool:
    encounter = Encounter(
        hunters=hunters,
        pirates=frozenset({"adventure"}),
        warned=warned,
        most_dice_win=most_dice_win,
    )
    result = odds(encounter)
    return result[Ending.HUNTERS_WIN] > 2 * result[Ending.BLACKBEARD_WINS]


def _pounce(view: Observation, space: str) -> int:
    """The fewest pawns for the Sloop pair (or Brand) to reach `space` if Adventure is found."""
    helm = "skilled_helm" in view.assets
    options = [move_costs("brand")[view.brand].get(space, 99)]
    if view.jane == view.ranger:
        options.append(move_costs("sloops", skilled_helm=helm)[view.jane].get(space, 99))
    return min(options)


def _keeps_together(view: Observation, move: Move) -> bool:
    """Whether `move` keeps the Sloops' strength: they Sail as a pair once together, and a
    lone Sloop only heads for the other. Brand moves freely: Adventure met by Brand alone
    Escapes or is Arrested, and never Boards him.

    Why: Jane alone beats Adventure 31% of the time and loses the game 69%; the two
    Sloops win 59% (:func:`~piratelib.blackbeard.encounter.odds`, nobody holding tiles).
    """
    if move.pieces == ("brand",) or len(move.pieces) == 2:
        return True
    (sloop,) = move.pieces
    other = "ranger" if sloop == "jane" else "jane"
    return getattr(view, other) != getattr(view, sloop) and _on_way(
        view, move, getattr(view, other)
    )


def _first_step(
    view: Observation, moves: list[Move], goals: dict[tuple[str, ...], str]
) -> Move | None:
    """The first legal move found on a cheapest way to its group's goal (the pair first)."""
    for move in sorted(moves, key=lambda m: -len(m.pieces)):
        goal = goals.get(move.pieces)
        if goal is not None and _on_way(view, move, goal):
            return move
    return None


def _on_way(view: Observation, move: Move, goal: str) -> bool:
    """Whether `move` is a first step of a cheapest way to `goal`."""
    kind = "sloops" if len(move.pieces) == 2 else move.pieces[0]
    costs = move_costs(kind, skilled_helm="skilled_helm" in view.assets and kind != "brand")
    start = getattr(view, move.pieces[0])
    whole, rest = costs[start].get(goal), costs[move.to].get(goal)
    return whole is not None and rest is not None and costs[start][move.to] + rest == whole
