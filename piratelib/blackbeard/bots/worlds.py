"""Worlds for search: whole game States that fit one side's observation, the rest drawn.

A search bot may not read the hidden truth, so it looks ahead in *worlds*
(determinizations): States whose :func:`~piratelib.blackbeard.game.observation` for the
deciding side is exactly the view it was given, with what that side cannot see drawn at
random. :func:`world` draws one; :func:`worlds` prepares the draw once for many.

For the Hunters, what is drawn is Blackbeard's side:

- the Camp and Adventure's space together, from the deduction's weights
  (:func:`~piratelib.blackbeard.deduce.count.count_histories` under a chance model), so only
  pairs that fit everything the Hunters saw;
- the Map: the Camp, Adventure, every face-up block as it shows, and the blocks the
  Hunters Spotted since this turn's Sail as they showed then (assumed: no other Sighting
  or ADVANCED figure block: an unseen Sighting is left blank);
- his mat (Piracy tiles, cubes, Purse, Defenses): one that the smart Blackbeard held at
  the same turn and segment in seeded games against random Hunters, with every Defense
  he has declared Prepared (assumed: a prior from play, not a deduction).

For Blackbeard, what is drawn is the Hunters' side: their Informants, one for each turn
so far, at random from the 9; no Informant flipped and no Interview this turn (assumed);
their Commandeered Assets are those declared.

Examples
--------
>>> import random
>>> from piratelib.blackbeard.game import SetCamp, apply, new_game, observation
>>> state = apply(new_game(seed=1), SetCamp("nots_island"))
>>> view = observation(state, "hunters")
>>> observation(world(view, random.Random(2)), "hunters") == view
True
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from dataclasses import replace

from piratelib.blackbeard.board.assets import load_assets
from piratelib.blackbeard.board.informants import load_informants
from piratelib.blackbeard.bots.smart import smart_blackbeard
from piratelib.blackbeard.deduce.count import count_histories
from piratelib.blackbeard.deduce.evidence import read_evidence
from piratelib.blackbeard.deduce.models import MODELS
from piratelib.blackbeard.game import (
    Action,
    Observation,
    State,
    decider,
    new_game,
    observation,
    playout,
)
from piratelib.blackbeard.game.state import (
    CAMP_BLOCKS,
    SIGHTING_BLOCKS,
    blank_blocks,
    game_tiles,
    with_blocks,
)
from piratelib.blackbeard.piracy.mat import Mat
from piratelib.blackbeard.readonly import check_type
from piratelib.errors import IllegalActionError, PiratelibError, check_id

__all__ = ["world", "worlds"]

BANK_GAMES = 40
"""Seeded games of the smart Blackbeard against random Hunters whose mats make the prior."""

_SEEN_AFTER_SAIL = SIGHTING_BLOCKS | {"blackbeard", "blackbeard_at_camp", "israel_hands"}
"""Blocks a Spot since this turn's Sail shows that stay put until Reset Map (assumed:
nothing moved them since)."""


def world(view: Observation, rng: random.Random, model: str = "sails") -> State:
    """One State that fits `view` (its side's observation), the hidden facts drawn with `rng`.

    `model` is the deduction's chance model for the Hunters' draw of Camp and Adventure
    (:data:`~piratelib.blackbeard.deduce.models.MODELS`).

    Raises
    ------
    PiratelibError
        If `view` is not an Observation, or is the Hunters' while they cannot see where the
        game stands (segments A, C, F and G), or no history of Blackbeard's fits it.
    """
    return worlds(view, model)(rng)


def worlds(view: Observation, model: str = "sails") -> Callable[[random.Random], State]:
    """A function that draws a State fitting `view` from an rng, prepared once (see world)."""
    check_type("view", view, Observation)
    check_id("chance model", model, MODELS, error=PiratelibError)
    if view.side == "blackbeard":
        return functools.partial(_hunters_drawn, view)
    if not view.step:
        raise IllegalActionError(
            f"the Hunters cannot see where segment {view.segment} stands, so no world fits "
            "their view there: draw worlds when they decide (segments B, D and E)"
        )
    weights = count_histories(read_evidence(view), model)
    if not weights:
        raise IllegalActionError("no history of Blackbeard's fits this view, so no world does")
    pairs = [pair for pair, _ in weights]
    floats = [float(w) for _, w in weights]
    mats = _fitting_mats(view)

    def draw(rng: random.Random) -> State:
        check_type("rng", rng, random.Random)
        camp, adventure = rng.choices(pairs, floats)[0]
        return _blackbeard_drawn(view, camp, adventure, rng.choice(mats), rng)

    return draw


def _public(view: Observation, seed: int) -> State:
    """The State of what both sides see in `view` (the rest as at setup)."""
    return State(
        advanced=view.advanced,
        most_dice_win=view.most_dice_win,
        more_than_half=view.more_than_half,
        set_aside=frozenset(view.set_aside),
        seed=seed,
        turn=view.turn,
        segment=view.segment,
        step=view.step,
        blocks=blank_blocks(),
        face_up=frozenset(s for s, _ in view.face_up),
        camp_marker=view.camp_marker is not None,
        surveil=frozenset(view.surveil),
        surveils=view.surveils,
        jane=view.jane,
        ranger=view.ranger,
        brand=view.brand,
        spots=view.spots,
        scouted=frozenset(view.scouted),
        scouts=view.scouts,
        ended=frozenset(view.ended),
        hits=view.hits,
        escaped=view.escaped,
        israel_hands_out=view.israel_hands_out,
        declared=frozenset(view.declared),
        used_this_turn=frozenset(view.used_this_turn),
        met=frozenset(view.met),
        escape_from=view.escape_from,
        encounters=view.encounters,
        shows=view.shows,
        outcome=view.outcome,
    )


def _blackbeard_drawn(
    view: Observation, camp: str, adventure: str, mat: Mat, rng: random.Random
) -> State:
    """The Hunters' world: their own side as seen, Blackbeard's as drawn."""
    state = _public(view, rng.randrange(2**32))
    changes = {camp: "camp"}
    for spot in view.spots:
        since_sail = spot.turn == view.turn and spot.segment in "DE"
        fits_camp = (spot.space == camp) == (spot.shown in CAMP_BLOCKS)
        if since_sail and fits_camp and spot.shown in _SEEN_AFTER_SAIL:
            changes[spot.space] = spot.shown
    changes[adventure] = "adventure_at_camp" if adventure == camp else "adventure"
    changes.update(view.face_up)
    pool = tuple(load_informants())
    return replace(
        with_blocks(state, changes),
        camp=camp,
        mat=mat,
        adventure_sailed=view.segment in "DE",
        informant_stack=tuple(i for i in pool if i not in view.informants),
        informants=view.informants,
        flipped=frozenset(view.flipped),
        interviews=view.interviews,
        spotted_now=frozenset(view.spotted_now),
        assets=frozenset(view.assets),
        hunter_pawns=view.hunter_pawns or 0,
        chain=view.chain,
    )


def _hunters_drawn(view: Observation, rng: random.Random) -> State:
    """Blackbeard's world: his own side as seen, the Hunters' as drawn."""
    check_type("rng", rng, random.Random)
    assert view.mat is not None and view.sailed is not None  # Blackbeard's own view
    state = _public(view, rng.randrange(2**32))
    pool = tuple(load_informants())
    informants = tuple(rng.sample(pool, min(view.turn, len(pool))))
    return replace(
        state,
        blocks=view.blocks,
        camp=view.camp,
        mat=view.mat,
        sailed=view.sailed,
        sail_path=view.sail_path,
        silenced=view.silenced,
        silence_paid=view.silence_paid or 0,
        adventure_sailed=bool(view.adventure_sailed),
        pardon=view.pardon,
        fete=view.fete,
        informant_stack=tuple(i for i in pool if i not in informants),
        informants=informants,
        assets=frozenset(view.declared) & frozenset(load_assets()),
    )


def _fitting_mats(view: Observation) -> list[Mat]:
    """The banked mats of this turn and segment, each with the declared Defenses Prepared."""
    options = (view.advanced, frozenset(view.set_aside), view.more_than_half, view.most_dice_win)
    bank = _bank(*options)
    mats = bank.get((view.turn, view.segment)) or bank[view.turn, "D"]
    tiles = game_tiles(State(advanced=view.advanced, set_aside=frozenset(view.set_aside)))
    declared = {d for d in view.declared if d in tiles.defenses}
    fits = [m for m in mats if declared <= dict(m.defenses).keys()]
    if fits:
        return fits
    # none of the prior's mats holds them all: Prepare the missing ones (paid nothing)
    return [
        replace(
            m, defenses=(*m.defenses, *((d, 0) for d in sorted(declared - set(dict(m.defenses)))))
        )
        for m in mats
    ]


@functools.cache
def _bank(
    advanced: bool, set_aside: frozenset[str], more_than_half: bool, most_dice_win: bool
) -> dict[tuple[int, str], list[Mat]]:
    """Blackbeard's mat at each Hunters' decision of BANK_GAMES seeded games, by turn and
    segment: the smart Blackbeard against random Hunters."""
    bank: dict[tuple[int, str], list[Mat]] = {}

    def choose(state: State, legal: list[Action], rng: random.Random) -> Action:
        if decider(state) == "blackbeard":
            return smart_blackbeard(observation(state, "blackbeard"), legal, rng)
        bank.setdefault((state.turn, state.segment), []).append(state.mat)
        return rng.choice(legal)

    for seed in range(BANK_GAMES):
        start = new_game(
            seed=seed,
            advanced=advanced,
            set_aside=set_aside,
            more_than_half=more_than_half,
            most_dice_win=most_dice_win,
        )
        playout(start, random.Random(seed), policy=choose)
    for turn in range(1, 5):
        # a turn the random Hunters never reached in D (caught him early): the last one seen
        bank.setdefault((turn, "D"), bank.get((turn - 1, "D"), [Mat()]))
    return bank
