"""Hunt for Blackbeard's game engine: start a game, apply an action, play it out (standard rules).

The game lasts up to four turns, each the Sequence of Play A-G
(:data:`~piratelib.blackbeard.game.sequence.SEQUENCE`). :func:`legal_actions` lists what the
side that must decide (:func:`decider`) may do, one pawn's use or one choice at a time
(the records are in :mod:`piratelib.blackbeard.game.actions`); :func:`resolve` applies one
action, runs whatever follows automatically, and returns the steps, each with the rule it
applied and the state after it; :func:`apply` returns just the last state. An action that
is not legal raises :class:`~piratelib.errors.IllegalActionError` naming the action and
the rule, and changes nothing. :func:`observation` is what one side may know;
:func:`adventure_space` where Adventure really is; :func:`replay` applies several actions.

Options (all keywords of :func:`new_game`): ``advanced`` (the rules marked ADVANCED, off
by default: Blackbeard's hidden Defenses Longboat, Israel Hands and Bought Silence, with
the Blackbeard-alone, Blackbeard-at-Camp and Israel Hands blocks and figures, and the
Hunters' Canoes, Master Wm Butler and Partisans; see
:mod:`piratelib.blackbeard.game.advanced`), ``most_dice_win`` and ``more_than_half``
(the rulebook's optional rules, off by default), ``set_aside`` (a designer's variant:
Defense and Asset tiles the game is played without, see :func:`set_aside_choices`),
``encounter_policy`` (how choices inside
an Encounter are made, as for :func:`~piratelib.blackbeard.encounter.odds`; default
``"best"``) and ``encounter_decisions`` (a mapping of Encounter phase to words of the
option to take there, to replay an example's choices).

Examples
--------
>>> state = new_game(seed=1)
>>> decider(state), state.turn, state.segment
('blackbeard', 1, 'A')
>>> state = apply(state, SetCamp("nots_island"))
>>> adventure_space(state), decider(state), state.segment
('nots_island', 'hunters', 'B')
>>> observation(state, "hunters").face_up
()
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Mapping
from typing import Any, cast

from piratelib.blackbeard.board.informants import load_informants
from piratelib.blackbeard.encounter import POLICIES
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
    describe,
)
from piratelib.blackbeard.game.advanced import RULES as ADVANCED_RULES
from piratelib.blackbeard.game.blackbeard import RULES as BLACKBEARD_RULES
from piratelib.blackbeard.game.chance import PublicChance
from piratelib.blackbeard.game.encounters import RULES as ENCOUNTER_RULES
from piratelib.blackbeard.game.hunters import ADVANCED_ASSETS, STANDARD_ASSETS
from piratelib.blackbeard.game.hunters import RULES as HUNTER_RULES
from piratelib.blackbeard.game.sequence import SEQUENCE, advance, decider, dispatch, legal_actions
from piratelib.blackbeard.game.spotting import note_face_up
from piratelib.blackbeard.game.state import (
    Outcome,
    Spot,
    State,
    adventure_space,
    blank_blocks,
    check_state,
    evolve,
    game_tiles,
)
from piratelib.blackbeard.game.views import Observation, observation
from piratelib.blackbeard.piracy.mat import setup
from piratelib.errors import (
    IllegalActionError,
    PiratelibError,
    check_whole,
    did_you_mean,
)
from piratelib.steps import Step, play_out

__all__ = [
    "SEQUENCE",
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
    "Observation",
    "Outcome",
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
    "Spot",
    "State",
    "Surveil",
    "adventure_space",
    "apply",
    "decider",
    "describe",
    "legal_actions",
    "new_game",
    "observation",
    "playout",
    "replay",
    "resolve",
    "set_aside_choices",
    "winner",
]

_SETUP = (
    "Setup: 'Stand 24 blank (seagull) blocks up, one in each slot ... place the Jane, "
    "Ranger, and Capt Brand pieces at James River. ... place 1 randomly drawn Loot marker "
    "face up in the Taken Loot box. Place exactly 5 gold cubes (regardless of the Loot) into "
    "the Purse box.'"
)
_ACTION_RULES = {
    SetCamp: BLACKBEARD_RULES["set_camp"],
    Interview: HUNTER_RULES["interview"] + " " + HUNTER_RULES["pawns"],
    Surveil: HUNTER_RULES["surveil"],
    FollowSighting: HUNTER_RULES["pass"],
    PassSighting: HUNTER_RULES["pass"],
    PlanPiracy: BLACKBEARD_RULES["plan"] + " " + BLACKBEARD_RULES["pawns"],
    PrepareDefense: BLACKBEARD_RULES["prepare"] + " " + BLACKBEARD_RULES["pawns"],
    Sail: (
        BLACKBEARD_RULES["sail"]
        + " "
        + BLACKBEARD_RULES["pawns"]
        + " "
        + BLACKBEARD_RULES["hire_doctor"]
    ),
    Commandeer: HUNTER_RULES["commandeer"] + " " + HUNTER_RULES["pawns"],
    Scout: HUNTER_RULES["scout"] + " " + HUNTER_RULES["own"],
    Move: HUNTER_RULES["move"] + " " + HUNTER_RULES["pawns"],
    EndMove: HUNTER_RULES["end_move"],
    Done: HUNTER_RULES["done"],
    Meet: ENCOUNTER_RULES["order"],
    EscapeTo: ENCOUNTER_RULES["escape"],
    ShowCamp: ADVANCED_RULES["show_camp"],
    PlaceBlackbeard: ADVANCED_RULES["set_map"] + " " + ADVANCED_RULES["longboat"],
    PlaceIsraelHands: ADVANCED_RULES["set_map"] + " " + ADVANCED_RULES["israel_hands"],
    SeekPardon: BLACKBEARD_RULES["pardon"],
    FeteTobiasKnight: BLACKBEARD_RULES["fete"],
}
_OPTIONS = (
    "advanced",
    "most_dice_win",
    "more_than_half",
    "set_aside",
    "encounter_policy",
    "encounter_decisions",
)


def new_game(*, seed: int = 0, **options: Any) -> State:
    """Set up a game as the rulebook's Setup says and draw Turn 1's tiles.

    Blackbeard's stacks of 9 Acts of Piracy and 9 Pirate's Life tiles, the 9 Informants,
    and the Loot are drawn at random with `seed`; 1 Loot is Taken, 5 gold go in the Purse,
    the Hunters stand at James River. Then A. Draw Tiles runs, and Blackbeard must Set Camp.
    With ``advanced=True`` the game uses every tile and block: "When first learning, set
    aside the 6 Prepared Defense and Commandeered Assets tiles and 3 blocks marked with a
    skull-and-crossbones or crown icon and ignore rules marked 'ADVANCED.'"

    Raises
    ------
    PiratelibError
        For an unknown option or ``encounter_policy``.

    Examples
    --------
    >>> state = new_game(seed=3)
    >>> state.mat.purse, len(state.mat.taken_loot), len(state.mat.drawn()), state.informants != ()
    (5, 1, 2, True)
    >>> sorted(game_tiles(new_game(advanced=True)).defenses)[:3]
    ['bought_silence', 'chain_shot', 'grape']
    """
    _check_options(seed, options)
    policy = options.get("encounter_policy", "best")
    # Setup and Turn 1's draws, before any action, from one generator: they depend on the
    # seed alone (later chance comes by event, see game.chance)
    rng = random.Random(seed)
    state = State(
        advanced=bool(options.get("advanced", False)),
        most_dice_win=bool(options.get("most_dice_win", False)),
        more_than_half=bool(options.get("more_than_half", False)),
        set_aside=frozenset(options.get("set_aside", ())),
        encounter_policy=policy,
        encounter_decisions=tuple(dict(options.get("encounter_decisions", {})).items()),
        seed=seed,
        blocks=blank_blocks(),
        mat=setup(rng, game_tiles(State(advanced=bool(options.get("advanced", False))))),
        informant_stack=tuple(load_informants()),
    )
    log = [Step("setup", "Setup.", _SETUP, state)]
    return advance(state, rng, log)


def set_aside_choices(*, advanced: bool = False) -> tuple[str, ...]:
    """The tiles a variant may set aside: Blackbeard's Defenses, then the Hunters' Assets.

    The rulebook sets tiles aside for a first game ("set aside the 6 Prepared Defense and
    Commandeered Assets tiles"); ``new_game(set_aside=...)`` does the same for any of these
    ids, so a designer can ask what one tile is worth over a whole game. Piracy tiles stay:
    each game draws stacks of 9 from them.

    Examples
    --------
    >>> set_aside_choices()[:3], len(set_aside_choices()), len(set_aside_choices(advanced=True))
    (('chain_shot', 'grape', 'grenadoes'), 15, 21)
    """
    if not isinstance(advanced, bool):
        raise PiratelibError(f"advanced must be True or False, got {advanced!r}")
    defenses = tuple(game_tiles(State(advanced=advanced)).defenses)
    return defenses + (ADVANCED_ASSETS if advanced else STANDARD_ASSETS)


def winner(state: State) -> Outcome | None:
    """How the game ended, or None while it goes on.

    Examples
    --------
    >>> winner(new_game()) is None
    True
    """
    return check_state(state).outcome


def resolve(state: State, action: Action, rng: random.Random | None = None) -> tuple[Step, ...]:
    """Apply `action`, run what follows automatically, and return every step with its rule.

    Chance (tile draws, Loot, dice) comes from `rng`; with None, from
    :class:`~piratelib.blackbeard.game.chance.PublicChance`: each chance event (an
    Informant draw, an Encounter's dice, ...) from its own generator seeded by the game's
    seed and facts both sides see, never by how many (secret) actions were taken.

    Raises
    ------
    IllegalActionError
        If `action` is not among :func:`legal_actions`; the message names it and the rule.

    Examples
    --------
    >>> steps = resolve(new_game(seed=1), SetCamp("nots_island"))
    >>> steps[0].text
    'Blackbeard Sets Camp at nots_island.'
    """
    legal = legal_actions(state)
    # playout and bots pass one of the very actions legal_actions gave: find it by
    # identity first, before comparing by value (each comparison runs a dataclass __eq__)
    if not any(a is action for a in legal) and action not in legal:
        raise IllegalActionError(_refusal(state, action, legal))
    if not state.blocks:
        raise IllegalActionError(
            "this State has no blocks on the Map (blocks=()), so no action can be played on it:"
            " build it with blocks=blank_blocks(), as new_game does"
        )
    if rng is not None and not isinstance(rng, random.Random):
        raise IllegalActionError(f"rng must be a random.Random or None, got {rng!r}")
    if rng is None:
        rng = PublicChance(state.seed)
    log: list[Step] = []
    after = dispatch(state, action, rng, log)
    after = advance(after, rng, log)
    after = note_face_up(state, after, log)
    after = evolve(after, ply=state.ply + 1)
    last = log[-1] if log else Step("action", describe(action), "", after)
    return (*log[:-1], Step(last.phase, last.text, last.rule, after))


def apply(state: State, action: Action, rng: random.Random | None = None) -> State:
    """Apply `action` and return the state after it (see :func:`resolve`)."""
    after: State = resolve(state, action, rng)[-1].state
    return after


def replay(state: State, *actions: Action, rng: random.Random | None = None) -> State:
    """Apply each of `actions` in turn (each must be legal then) and return the last state.

    Raises
    ------
    IllegalActionError
        At the first action that is not legal, as :func:`resolve` does.

    Examples
    --------
    >>> state = replay(new_game(seed=1), SetCamp("nots_island"), Done())
    >>> decider(state), state.segment
    ('blackbeard', 'C')
    """
    for action in actions:
        state = apply(state, action, rng)
    return state


def playout(
    state: State,
    rng: random.Random,
    *,
    policy: Callable[[State, list[Action], random.Random], Action] | None = None,
    max_actions: int = 5_000,
) -> list[tuple[Action, tuple[Step, ...]]]:
    """Play from `state` until the game ends or `max_actions`, choosing with `policy`.

    The default policy picks uniformly among the legal actions with `rng`, which also
    draws the tiles and rolls the dice. Returns each action with its steps.

    Examples
    --------
    >>> history = playout(new_game(seed=2), random.Random(2))
    >>> winner(history[-1][1][-1].state) is not None
    True
    """
    check_state(state)
    if not isinstance(rng, random.Random):
        raise IllegalActionError(f"rng must be a random.Random, got {rng!r}")
    if policy is not None and not callable(policy):
        raise IllegalActionError(f"policy must be a function (state, legal, rng), got {policy!r}")
    check_whole("max_actions", max_actions, 0, 10**9, error=IllegalActionError)
    return play_out(state, rng, legal_actions, resolve, policy, max_actions)


def _closest(action: object, same: list[Action]) -> str:
    """' Did you mean ...?' for a field of `action` that no legal action of its kind has."""
    hints = []
    # `action` is of the type of each of `same`, so a dataclass too
    for field in dataclasses.fields(cast(Action, action)):
        value = getattr(action, field.name)
        known = list(dict.fromkeys(getattr(a, field.name) for a in same))
        if value not in known and all(isinstance(k, str) for k in known):
            hint = did_you_mean(value, known)
            hints.append(f" {field.name} {value!r}: {hint or 'not one of ' + ', '.join(known)}")
    return "".join(hints)


def _check_options(seed: object, options: dict[str, object]) -> None:
    """Refuse an unknown option, a seed that is no whole number, or an option of a wrong type."""
    unknown = set(options) - set(_OPTIONS)
    if unknown:
        raise PiratelibError(
            f"unknown option(s) {', '.join(sorted(unknown))}: the options are {', '.join(_OPTIONS)}"
        )
    check_whole("seed", seed, -(2**63), 2**63)
    for name in ("advanced", "most_dice_win", "more_than_half"):
        if not isinstance(options.get(name, False), bool):
            raise PiratelibError(f"{name} must be True or False, got {options[name]!r}")
    policy = options.get("encounter_policy", "best")
    if not callable(policy) and (not isinstance(policy, str) or policy not in POLICIES):
        raise PiratelibError(
            f"encounter_policy must be one of {', '.join(POLICIES)}, got {policy!r}"
        )
    set_aside = options.get("set_aside", ())
    if isinstance(set_aside, str) or not isinstance(set_aside, list | tuple | set | frozenset):
        raise PiratelibError(f"set_aside must be a list of tile ids, got {set_aside!r}")
    # checked True or False above
    choices = set_aside_choices(advanced=cast(bool, options.get("advanced", False)))
    for tile in set_aside:
        if tile not in choices:
            rules = "the ADVANCED rules" if options.get("advanced") else "the standard rules"
            raise PiratelibError(
                f"cannot set aside {tile!r}: {did_you_mean(tile, choices)}the tiles a game"
                f" under {rules} may set aside are {', '.join(choices)}"
            )
    decisions = options.get("encounter_decisions", {})
    if not isinstance(decisions, Mapping) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in decisions.items()
    ):
        raise PiratelibError(
            "encounter_decisions must map Encounter phases to the words of the option to take "
            f"(text to text), got {decisions!r}"
        )


def _refusal(state: State, action: object, legal: list[Action]) -> str:
    """Why `action` is not legal now, with the segment's rule and what is legal instead."""
    if state.outcome is not None:
        return (
            f"{describe(action)}: the game is over ({state.outcome.side} won: {state.outcome.why})"
        )
    segment = next(s for s in SEQUENCE if s.letter == state.segment)
    kinds = sorted({type(a).__name__ for a in legal})
    same = [a for a in legal if type(a) is type(action)]
    detail = ""
    if same:
        shown = ", ".join(describe(a) for a in same[:8]) + (" ..." if len(same) > 8 else "")
        detail = f" Legal {type(action).__name__} actions now: {shown}.{_closest(action, same)}"
    waiting = " (a revealed Sighting waits to be followed or passed)" if state.chain else ""
    rule = _ACTION_RULES.get(type(action))
    if isinstance(action, Sail) and action.silence:
        rule = f"{rule} {ADVANCED_RULES['bought_silence']}"
    why = f" {rule}" if rule else ""
    return (
        f"{describe(action)} is not legal now: turn {state.turn}, segment {state.segment} "
        f"{segment.name}, step {state.step}{waiting}, {decider(state)} to decide. "
        f"Rule: {segment.rule}{why} Legal kinds of action now: {', '.join(kinds)}.{detail}"
    )
