"""E. Encounters in a whole game of Hunt for Blackbeard: build each one from the state, resolve it.

"After all Hunter Actions, resolve Encounters for each space that has both sides' pieces
... The Hunters pick where first." Each Encounter is an
:class:`~piratelib.blackbeard.encounter.Encounter` built from the state (the pieces there;
every Prepared Defense and Commandeered Asset that can apply, so each side declares what
it holds; Warned once Escaped! is out; Crew to Ordinary while unfilled; "most dice win";
once-per-turn tiles already used) and resolved by
:func:`~piratelib.blackbeard.encounter.stepping.resolve` with the game's rng, so the game and
the calculator share one Encounter code path. In-Encounter choices follow the game's
``encounter_policy`` (default ``"best"``). After it: an Arrest or a Boarding ends the
game; an Escape puts out the Escaped! marker and the escaping side chooses where to go
(:func:`~piratelib.blackbeard.board.movement.escape_destinations`). ADVANCED: a Hunter piece at
the Blackbeard-alone or Israel Hands block meets that figure (an Arrest); Arrest of
Blackbeard alone ends the game, of Israel Hands takes him out of play and Blackbeard
chooses whether to Show the Camp (:class:`ShowCamp`); a figure that wins Escapes off the
Map (:mod:`piratelib.blackbeard.game.advanced`). Adventure Escaping to a space holding a
figure's block takes him aboard: its block replaces his.

Examples
--------
>>> from piratelib.blackbeard.game.state import State, blank_blocks, with_blocks
>>> state = with_blocks(State(blocks=blank_blocks(), brand="fish_town"), {"fish_town": "adventure"})
>>> build_encounter(state, "fish_town").hunters
frozenset({'brand'})
"""

from __future__ import annotations

import dataclasses
import itertools
import random

from piratelib.blackbeard.board.movement import escape_destinations
from piratelib.blackbeard.encounter import (
    BLACKBEARD_TILES,
    BOARDING_ONLY,
    ONCE_PER_TURN,
    PIECE_NAMES,
    TILE_NAMES,
    Encounter,
    Ending,
)
from piratelib.blackbeard.encounter.stepping import resolve
from piratelib.blackbeard.game.actions import Action, EscapeTo, Meet, ShowCamp
from piratelib.blackbeard.game.advanced import (
    arrest_israel_hands,
    figure_escapes,
    pirate_at,
    show_camp,
)
from piratelib.blackbeard.game.chance import stream
from piratelib.blackbeard.game.spotting import spot
from piratelib.blackbeard.game.state import (
    HUNTER_PIECES,
    Outcome,
    State,
    evolve,
    game_map,
    game_tiles,
    hunter_spaces,
    slots,
    with_blocks,
)
from piratelib.blackbeard.piracy.mat import penalties
from piratelib.blackbeard.readonly import check_type
from piratelib.errors import IllegalActionError, check_items
from piratelib.steps import Step

__all__ = [
    "RULES",
    "apply_encounter",
    "build_encounter",
    "declared_encounter",
    "declared_tiles",
    "encounter_actions",
    "encounter_decider",
    "encounter_spaces",
]

RULES = {
    "order": (
        "E. Encounters: 'resolve Encounters for each space that has both sides' pieces ... "
        "The Hunters pick where first.'"
    ),
    "escape": (
        "Escape: 'Escaping Sloop pieces must Sail by Water to an adjacent Map space, not Cape "
        "Henry and, if Adventure, not to a space with a Hunter piece. If Adventure Escapes, "
        "first remove the piece, then Blackbeard updates the block in Adventure's new space, "
        "secretly unless the destination is face up ... Place no Sighting. If Jane or Ranger "
        "Escapes, it immediately Spots.'"
    ),
    "warned": (
        "Warned: 'Whenever anyone Escapes ..., Blackbeard henceforth wins tied rolls. Place "
        'the Escaped! reminder marker on the Map over "No Escape."\''
    ),
    "arrest": (
        "Arrest: 'If the Hunters win an Arrest at Adventure or Blackbeard alone, the Hunters "
        "immediately win the game.'"
    ),
    "show_camp": (
        "Arrest: 'ADVANCED: Successful Arrest of Israel Hands ... The Blackbeard player may "
        "immediately Show the Camp location block (lay it face up, if not already) to add 4 "
        "gold to Purse'"
    ),
    "boarding": (
        "Boarding: 'If Boarding occurs, the winner immediately wins the game, regardless of "
        "cubes on Piracy tiles.'"
    ),
}

_BATTLE_DEFENSES = frozenset({"chain_shot", "grape", "grenadoes", "philip_morton", "swivel_guns"})
_SLOTS = frozenset(slots())


def encounter_spaces(state: State) -> tuple[str, ...]:
    """The spaces with both sides' pieces whose Encounter has not yet been resolved.

    A pirate piece is where its block is: Adventure, and (ADVANCED) Blackbeard alone or
    Israel Hands.
    """
    check_type("state", state, State)
    return tuple(
        sorted(
            s
            for s in hunter_spaces(state) - state.met
            if s in _SLOTS and pirate_at(state, s) is not None
        )
    )


def encounter_decider(state: State) -> str:
    """Who decides in E: the Hunters pick the space and their Sloops' Escape; Blackbeard his
    Escape and, after the Arrest of Israel Hands, whether to Show the Camp."""
    check_type("state", state, State)
    return "blackbeard" if state.step in ("escape_adventure", "show_camp") else "hunters"


def encounter_actions(state: State) -> list[Action]:
    """The legal actions in E."""
    check_type("state", state, State)
    G = game_map()
    if state.step == "show_camp":
        return [ShowCamp(True), ShowCamp(False)]
    if state.step == "escape_adventure":
        assert state.escape_from is not None  # set with the step: where Adventure escapes from
        hunters = hunter_spaces(state)
        return [
            EscapeTo(s)
            for s in sorted(
                escape_destinations(G, "adventure", state.escape_from, hunters_at=hunters)
            )
        ]
    if state.step == "escape_sloops":
        assert state.escape_from is not None  # set with the step: where the Sloops escape from
        return [EscapeTo(s) for s in sorted(escape_destinations(G, "jane", state.escape_from))]
    return [Meet(s) for s in encounter_spaces(state)]


def build_encounter(state: State, space: str) -> Encounter:
    """The Encounter at `space` as the state gives it: pieces, usable tiles, options."""
    check_type("state", state, State)
    hunters = frozenset(p for p in HUNTER_PIECES if getattr(state, p) == space)
    pirate = pirate_at(state, space) or "adventure"
    sloops = hunters - {"brand"}
    battle = bool(sloops) and pirate == "adventure"
    prepared = frozenset(dict(state.mat.defenses)) & BLACKBEARD_TILES  # never the ADVANCED
    bb_tiles = prepared if battle else prepared - _BATTLE_DEFENSES
    usable = {
        "capt_gordon": "brand" in hunters,
        "lt_maynard": "jane" in hunters,
        "midshipman_hyde": "ranger" in hunters,
        "chain_and_grape": battle and any(f"cannon_{s}" in state.assets for s in sloops),
    }
    for sloop in ("jane", "ranger"):
        usable[f"cannon_{sloop}"] = battle and sloop in sloops
        usable[f"extra_hands_{sloop}"] = battle and sloop in sloops
    hunter_tiles = frozenset(a for a in state.assets if usable.get(a, False))
    can_escape = pirate != "adventure" or bool(
        escape_destinations(game_map(), "adventure", space, hunters_at=hunter_spaces(state))
    )
    return Encounter(
        hunters=hunters,
        pirates=frozenset({pirate}),
        blackbeard_tiles=bb_tiles,
        hunter_tiles=hunter_tiles,
        crew_to_ordinary=battle and "crew_to_ordinary" in penalties(state.mat, game_tiles(state)),
        warned=state.escaped,
        most_dice_win=state.most_dice_win,
        adventure_can_escape=can_escape,
        used_this_turn=state.used_this_turn & ONCE_PER_TURN,
    )


def apply_encounter(state: State, action: Action, rng: random.Random, log: list[Step]) -> State:
    """Apply one legal action of segment E (checked by the caller)."""
    check_type("log", log, list)
    check_type("state", state, State)
    check_type("rng", rng, random.Random)
    match action:
        case Meet(space):
            return _meet(state, space, rng, log)
        case ShowCamp(show):
            return show_camp(state, show, log)
        case EscapeTo(space) if state.step == "escape_adventure":
            old = state.escape_from
            assert old is not None  # set with the escape_adventure step
            camp = state.camp
            state = with_blocks(
                state,
                {
                    old: "camp" if old == camp else "blank",
                    space: "adventure_at_camp" if space == camp else "adventure",
                },
            )
            state = evolve(state, step="meet", escape_from=None, adventure_sailed=True)
            log.append(
                Step("E:escape", "Adventure Escapes; its new block is set.", RULES["escape"], state)
            )
            return state
        case EscapeTo(space):
            old = state.escape_from
            moving = {s: space for s in ("jane", "ranger") if getattr(state, s) == old}
            state = evolve(state, step="meet", escape_from=None, **moving)
            text = f"{' and '.join(moving)} Escape to {space}."
            log.append(Step("E:escape", text, RULES["escape"], state))
            if space in state.face_up:
                return state
            return spot(state, space, open_=True, how="escape", log=log)
    raise IllegalActionError(f"not an Encounter action: {action!r}")


def _meet(state: State, space: str, rng: random.Random, log: list[Step]) -> State:
    enc = build_encounter(state, space)
    scripted = dict(state.encounter_decisions) or None
    dice = stream(rng, "encounter", state.turn, space, len(state.met))  # public facts only
    steps = resolve(enc, dice, escape_policy=state.encounter_policy, decisions=scripted)
    rigged, crewed, adv_r, adv_c = set(), set(), 0, 0
    for step in steps:
        rigged |= step.state.rigged
        crewed |= step.state.crewed
        adv_r = max(adv_r, step.state.adventure_rigging)
        adv_c = max(adv_c, step.state.adventure_crew)
    shown = declared_tiles(enc, steps)
    used = shown & ONCE_PER_TURN
    hits = tuple(
        [f"{s}:rigging" for s in sorted(rigged)]
        + [f"{s}:crew" for s in sorted(crewed)]
        + ["adventure:rigging"] * adv_r
        + ["adventure:crew"] * adv_c
    )
    state = evolve(
        state,
        met=state.met | {space},
        declared=state.declared | shown,
        used_this_turn=state.used_this_turn | used,
        hits=state.hits + hits,
        encounters=(*state.encounters, *_course(state.turn, space, enc, shown, steps)),
    )
    for step in steps:
        log.append(Step(f"E:{step.phase}", step.text, step.rule, state))
    ending = steps[-1].state.ending
    last = steps[-2].phase if len(steps) > 1 else ""
    if ending is Ending.ISRAEL_HANDS_ARRESTED:
        return arrest_israel_hands(state, space, log)
    if ending is Ending.BLACKBEARD_ESCAPES and enc.pirate != "adventure":
        return figure_escapes(state, space, log)
    if ending is Ending.HUNTERS_WIN:
        how = "Boarding" if last == "boarding:roll" else "Arrest"
        if enc.pirate == "blackbeard":
            how = "Arrest of Blackbeard alone"
        rule = RULES["boarding" if how == "Boarding" else "arrest"]
        state = evolve(state, outcome=Outcome("hunters", f"{how} at {space} on turn {state.turn}"))
        log.append(Step("E:end", f"The Hunters win by {how}.", rule, state))
    elif ending is Ending.BLACKBEARD_WINS:
        state = evolve(
            state, outcome=Outcome("blackbeard", f"Boarding at {space} on turn {state.turn}")
        )
        log.append(Step("E:end", "Blackbeard wins by Boarding.", RULES["boarding"], state))
    elif ending is Ending.BLACKBEARD_ESCAPES:
        state = evolve(state, escaped=True, step="escape_adventure", escape_from=space)
        log.append(
            Step(
                "E:escaped",
                "Escaped! goes out: Blackbeard wins ties from now on.",
                RULES["warned"],
                state,
            )
        )
    elif ending is Ending.HUNTERS_ESCAPE:
        state = evolve(state, escaped=True, step="escape_sloops", escape_from=space)
        log.append(
            Step(
                "E:escaped",
                "Escaped! goes out: Blackbeard wins ties from now on.",
                RULES["warned"],
                state,
            )
        )
        if not escape_destinations(game_map(), "jane", space):
            state = evolve(state, step="meet", escape_from=None)
    return state


def declared_tiles(enc: Encounter, steps: tuple[Step, ...]) -> frozenset[str]:
    """The tiles an Encounter's course made its players declare, from its `steps`.

    "Players must declare Defenses or Assets at the first moment that they use them, before
    any rolls they affect." A once-per-turn tile (Lookouts, Lt Maynard, Midshipman Hyde) is
    declared only when a side chooses to use it; a Boarding-only tile (Grenadoes, Extra
    Hands) only at a Boarding roll it adds a die to (Grenadoes: "If Adventure wins Escape
    (only) then Boards, it adds 1 die"); every other tile held is used from the first Fire
    or Arrest. An Encounter that ends at the Escape keeps its Boarding tiles hidden.

    >>> import random
    >>> from piratelib.blackbeard.encounter.stepping import resolve
    >>> enc = Encounter(
    ...     hunters=frozenset({"jane"}),
    ...     pirates=frozenset({"adventure"}),
    ...     blackbeard_tiles=frozenset({"grenadoes", "swivel_guns"}),
    ...     hunter_tiles=frozenset({"extra_hands_jane"}),
    ... )
    >>> escape = resolve(enc, random.Random(0), escape_policy="escape")
    >>> sorted(declared_tiles(enc, escape))
    ['swivel_guns']
    >>> board = resolve(enc, random.Random(0), escape_policy="board")
    >>> sorted(declared_tiles(enc, board))
    ['extra_hands_jane', 'grenadoes', 'swivel_guns']
    """
    check_type("enc", enc, Encounter)
    check_type("steps", steps, tuple)
    check_items("steps", steps, Step)
    chosen = frozenset().union(*(step.state.declared for step in steps)) & ONCE_PER_TURN
    held = enc.blackbeard_tiles | enc.hunter_tiles
    boarding: set[str] = set()
    for before, step in itertools.pairwise(steps):
        if step.phase == "boarding:roll":
            won_escape = before.state.escape_winner == "blackbeard"
            boarding |= {t for t in held & BOARDING_ONLY if t != "grenadoes" or won_escape}
    return (held - ONCE_PER_TURN - BOARDING_ONLY) | chosen | boarding


def declared_encounter(before: State, after: State, space: str) -> Encounter:
    """The Encounter met at `space` from `before`, with only the tiles declared by `after`.

    What both sides know of it once it is over (:func:`declared_tiles`): the tiles a side
    held but never declared stay behind its screen.
    """
    check_type("after", after, State)
    held = build_encounter(before, space)
    return dataclasses.replace(
        held,
        blackbeard_tiles=held.blackbeard_tiles & after.declared,
        hunter_tiles=held.hunter_tiles & after.declared,
    )


def _course(
    turn: int, space: str, enc: Encounter, shown: frozenset[str], steps: tuple[Step, ...]
) -> tuple[str, ...]:
    """The Encounter's public course: its steps, the first naming only tiles declared.

    The first step of :func:`~piratelib.blackbeard.encounter.stepping.resolve` lists every
    tile held, including once-per-turn tiles (Lookouts, Lt Maynard, Midshipman Hyde) that
    were never declared; those stay hidden ("declare ... at the first moment that they
    use them").
    """
    hunters = " and ".join(PIECE_NAMES[p] for p in sorted(enc.hunters))
    tiles = ", ".join(TILE_NAMES[t] for t in sorted(shown)) or "none"
    pirate = PIECE_NAMES[enc.pirate]
    first = f"{turn}:{hunters} meet {pirate} at {space}; tiles declared: {tiles}."
    return (first, *(f"{turn}:{step.text}" for step in steps[1:]))
