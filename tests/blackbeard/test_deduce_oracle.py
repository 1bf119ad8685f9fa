"""Tightness of the Hunters' deduction: exactly the histories a brute force finds.

The brute force (:func:`oracle`) replays each scene's Hunters' actions and tries every
choice Blackbeard had in his place, through the engine, without using the deduction. For
every scene, :func:`history_counts` must give the same counts by (Camp, Adventure's space),
so the same possible spaces, the same possible Camps and the same exact chances.

The scenes:

- three that the earlier deduction got wrong (it forgot past Surveils, counted ADVANCED
  Bought Silence as free and unlimited, and did not count the pawns a Show proves);
- short scripted scenes: Sightings found and followed, a Surveil while he Sails, blanks
  found, two turns, an Escape;
- moments of seeded games between the bots (random and smart, each side), standard and
  ADVANCED, on Turns 1 and 2. They were picked among moments whose brute force runs in
  seconds, and where the seed's draws cannot narrow the answer
  (:func:`fair`). Their actions are recorded (``bot_scenes.json``, by :func:`record`), so
  the scenes stay the same when the bots change.

The oracle in detail. It does not use :mod:`piratelib.blackbeard.deduce` at all. A *scene*
is a start and every action of a real game up to some moment, both sides'. The oracle
replays the Hunters' actions as they were, and in Blackbeard's place tries every choice he
had: every Camp, every Sail (with and without Bought Silence), every Escape, every Piracy
choice, the Plans and Prepares that could matter. It keeps each history in which the
Hunters' observation before each of their actions, and at the end, is exactly what they saw,
and counts the histories by (Camp, Adventure's space). A *history* is the choices that move
blocks (Set Camp, each Sail, each Escape) with the turn of each, as the deduction counts
them. Every action is applied with the same fixed dice (``random.Random(0)``), so chance is
the same in every history.

Choices the Hunters can never see are pruned only where they can rule histories out and
never let one in: a Plan Piracy only takes pawns unless a tile fills, so Plans are tried
when the Hunters saw a Show or (ADVANCED) Stow Booty could bring gold; a Prepare only takes
pawns and gold unless the Defense is declared or its block seen, so only Bought Silence
(ADVANCED) and the Defenses the Hunters saw are tried.

The scene's tiles are the seed's: the oracle does not range over other draws. The deduction
does (the Hunters never see the draws), so scenes with a Show are chosen where the seed drew
the cheapest tile that could make it, and scenes with a Hire Doctor or Buy Rum drawn are
left out (either could cap the Sail).
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from piratelib.blackbeard.board.movement import move_graph
from piratelib.blackbeard.bots.policies import BOTS, bot_action
from piratelib.blackbeard.deduce import camp_spaces, chances, history_counts, possible_spaces
from piratelib.blackbeard.game import (
    Done,
    EndMove,
    EscapeTo,
    FollowSighting,
    Interview,
    Meet,
    Move,
    PlanPiracy,
    PrepareDefense,
    Sail,
    Scout,
    SetCamp,
    State,
    Surveil,
    adventure_space,
    apply,
    decider,
    legal_actions,
    new_game,
    observation,
)
from piratelib.blackbeard.game import actions as game_actions
from piratelib.blackbeard.game.state import game_map
from piratelib.blackbeard.piracy.mat import penalties
from piratelib.blackbeard.piracy.tiles import load_tiles

MOVES_BLOCKS = (SetCamp, Sail, EscapeTo)
SEGMENTS = "ABCDEFG"


def act(state, action):
    """`action` applied with the dice every history shares."""
    return apply(state, action, random.Random(0))


def replay(start, actions):
    """Every state of the scene, the start first."""
    states = [start]
    for action in actions:
        states.append(act(states[-1], action))
    return states


RECORDED = Path(__file__).with_name("bot_scenes.json")
"""The bot scenes' actions, as the bots of commit 213e54f played them (``recorded``).

Seek Pardon's choice is now asked at the end of C, not in F (issue 29): in both seed-43
scenes it was moved there, the bot's own choice where the scene held it (ADVANCED), the
first legal one where the scene stopped before it (standard)."""


def bot_scene(seed, advanced, hunters, blackbeard, cut):
    """The first `cut` actions of a game between the named bots (dice fixed, as above),
    as recorded in ``bot_scenes.json``: the bots have changed since, and the scenes must
    not (a new bot's moment may need far more brute force)."""
    scene = [seed, advanced, hunters, blackbeard, cut]
    (actions,) = [r["actions"] for r in json.loads(RECORDED.read_text()) if r["scene"] == scene]
    start = new_game(seed=seed, advanced=advanced, encounter_policy="escape")
    return start, [recorded(a) for a in actions]


def recorded(fields):
    """The action a ``bot_scenes.json`` entry names: its type and its fields."""
    fields = dict(fields)
    kind = getattr(game_actions, fields.pop("type"))
    return kind(**{k: tuple(v) if isinstance(v, list) else v for k, v in fields.items()})


def record(seed, advanced, hunters, blackbeard, cut):
    """A ``bot_scenes.json`` entry: the first `cut` actions the named bots play now."""
    state = new_game(seed=seed, advanced=advanced, encounter_policy="escape")
    policies = {"hunters": BOTS["hunters"][hunters], "blackbeard": BOTS["blackbeard"][blackbeard]}
    rng, actions = random.Random(seed), []
    while len(actions) < cut and decider(state) is not None:
        actions.append(bot_action(state, policies[decider(state)], rng))
        state = act(state, actions[-1])
    entries = [{"type": type(a).__name__, **dataclasses.asdict(a)} for a in actions]
    return {"scene": [seed, advanced, hunters, blackbeard, cut], "actions": entries}


def fair(states) -> bool:
    """Whether the seed's draws cannot narrow the answer (see the module docstring).

    No Hire Doctor or Buy Rum in force during Blackbeard's Actions, and every tile that
    could have made a Turn 1 Show was drawn on Turn 1. (A scene could once end while
    Blackbeard chose for Seek Pardon or Fete Tobias Knight in F, a pause that told the
    Hunters a tile would fill; he now chooses in C, unseen.)
    """
    if any(s.segment == "C" and penalties(s.mat) & {"hire_doctor", "buy_rum"} for s in states):
        return False
    tiles = load_tiles()
    drawn = set(next(s for s in states if s.camp is not None).mat.drawn())  # Turn 1's
    for turn, where in states[-1].shows:
        could = {t for t in tiles.piracy if tiles.piracy[t]["show"]}
        could = {t for t in could if where in tiles.spaces(t, camp=states[-1].camp)}
        if turn == 1 and not could <= drawn:
            return False
    return True


def _moment(state: State) -> tuple[int, int]:
    return state.turn, SEGMENTS.index(state.segment)


def oracle(start, actions) -> dict[tuple[str, str], int]:
    """Count every Blackbeard history that shows the Hunters what they saw in the scene."""
    return dict(sorted(Counter(fitting(start, actions).values()).items()))


def fitting(start, actions) -> dict[tuple, tuple[str, str]]:
    """Every Blackbeard history that fits the scene, each with its (Camp, Adventure now)."""
    states = replay(start, actions)
    truth = states[-1]
    target = observation(truth, "hunters")
    asked = [
        (observation(s, "hunters"), a)
        for s, a in zip(states, actions, strict=False)
        if decider(s) == "hunters"
    ]
    declared = {
        d for d, info in load_tiles().defenses.items() if info["name"] in str(target.encounters)
    }
    prepares = declared | ({"bought_silence"} if truth.advanced else set())
    if truth.advanced:
        seen = {spot.shown for spot in target.spots}
        if seen & {"blackbeard", "blackbeard_at_camp"}:
            prepares.add("longboat")
        if "israel_hands" in seen:
            prepares.add("israel_hands")
    plans = bool(target.shows) or (truth.advanced and "stow_booty" in truth.mat.drawn())
    found: dict[tuple, tuple[str, str]] = {}

    def walk(state, h, history, last):
        side = decider(state)
        if h == len(asked):
            if observation(state, "hunters") == target:
                found[history] = (state.camp, adventure_space(state))
            if side != "blackbeard" or _moment(state) > _moment(truth):
                return
        if side == "hunters":
            view, action = asked[h]
            if observation(state, "hunters") == view:
                walk(act(state, action), h + 1, history, ())
            return
        if side is None:
            return
        for action in legal_actions(state):
            key = ()
            if isinstance(action, PlanPiracy):
                key = ("plan", action.tile)
                if not plans or key < last:
                    continue
            if isinstance(action, PrepareDefense):
                key = ("prepare", action.defense)
                if action.defense not in prepares or key < last:
                    continue
            after = act(state, action)
            if target.spots[: len(after.spots)] != after.spots:
                continue  # Spots only grow: this history already showed something else
            moved = (
                (*history, (state.turn, action)) if isinstance(action, MOVES_BLOCKS) else history
            )
            walk(after, h, moved, key or last)

    walk(start, 0, (), ())
    return found


CAMP, SAIL, SAILING, ESCAPE = "camp", "sail", "sailing", "escape"  # Blackbeard's parts


def until(start, actions, stop):
    """`actions`, then Done (or the first legal action) for both sides until `stop`."""
    state = replay(start, actions)[-1]
    actions = list(actions)
    while not stop(state):
        legal = legal_actions(state)
        action = Done() if Done() in legal else legal[0]
        actions.append(action)
        state = act(state, action)
    return start, actions


def named(name):
    if name == "surveil remembered":
        # Seed 7: Wm Howard finds the Camp and Surveils it; Adventure does not Sail; now
        # C of Turn 2. The Hunters saw the Camp face up through Turn 1's C unchanged.
        start = new_game(seed=7)
        camp = [SetCamp("nots_island"), Interview("wm_howard", "nots_island")]
        return until(
            start, [*camp, Surveil("nots_island")], lambda s: (s.turn, s.segment) == (2, "C")
        )
    if name == "silence costs":
        # ADVANCED, seed 7: Wm Howard finds the Camp at Nots Island; now D of Turn 1.
        start = new_game(seed=7, advanced=True)
        camp = [SetCamp("nots_island"), Interview("wm_howard", "nots_island")]
        return until(start, camp, lambda s: s.segment == "D")
    # Seed 4: four pawns on Raid Delaware, a Sail to Currituck Inlet, the Raid Shows there
    start = new_game(seed=4)
    raid = [SetCamp("nots_island"), Done(), *[PlanPiracy("raid_delaware")] * 4]
    return until(start, [*raid, Sail("currituck_inlet"), Done()], lambda s: s.turn == 2)


NAMED = {
    "surveil remembered": (21, 564, None),
    "silence costs": (21, 1230, None),
    "raid proves pawns": (1, 1, {"nots_island"}),
}


def scripted(seed, informants, script, camp, sails):
    """A scene from a script: the Hunters' actions, with Blackbeard's Camp and Sails."""
    start = new_game(seed=seed, encounter_policy="escape")
    start = replace(start, informants=informants) if informants else start
    sails, actions = iter(sails), []
    for item in script:
        if item == CAMP:
            actions.append(SetCamp(camp))
        elif item in (SAIL, SAILING):
            actions += [Sail(to) for to in next(sails)]
            if item == SAIL:
                actions.append(Done())
        elif item == ESCAPE:
            actions.append(EscapeTo(next(sails)))
        else:
            actions.append(item)
    return start, actions


JANE_RANGER = ("jane", "ranger")
SCENES = {
    # Turn 1 from an unknown Camp: the Sloops Sail to Roanoke Inlet and Spot a Sighting,
    # follow it to Gun Inlet; now B of Turn 2 (the Map Blackbeard left).
    "sloops find a sighting": (
        [
            CAMP,
            Done(),
            SAIL,
            Move(JANE_RANGER, "cape_henry"),
            Move(JANE_RANGER, "roanoke_inlet"),
            EndMove("ranger"),
            FollowSighting("gun_inlet"),
            Done(),
        ],
        "roanoke_island",
        [("roanoke_inlet", "currituck_inlet")],
        None,
    ),
    # Wm Howard finds the Camp and Surveils it; Blackbeard is still Sailing (C, Turn 1).
    "surveil the camp while he sails": (
        [
            CAMP,
            Interview("wm_howard", "nots_island"),
            Interview("wm_howard", "roanoke_island"),
            Surveil("roanoke_island"),
            Done(),
            SAILING,
        ],
        "roanoke_island",
        [("albemarle_sound", "pasquotank_river")],
        ("wm_howard",),
    ),
    # Two blanks found; Blackbeard Sails 3; Brand Marches, ends and Scouts; now D of Turn 1.
    "two blanks and brand": (
        [
            CAMP,
            Interview("wm_howard", "nots_island"),
            Interview("wm_howard", "core_banks"),
            Done(),
            SAIL,
            Move(("brand",), "albemarle_county"),
            Move(("brand",), "queen_annes_creek"),
            EndMove("brand"),
            Scout("brand", "albemarle_sound"),
        ],
        "pasquotank_river",
        [("albemarle_sound", "roanoke_island", "roanoke_inlet")],
        ("wm_howard",),
    ),
    # Two turns: Wm Howard finds the Camp on Turn 1 and the Sloops look at Cape Hatteras;
    # on Turn 2 the Condemned Pirates see Adventure at the Camp again, it Sails and the
    # Sloops look at Ocracoke Inlet; now B of Turn 3.
    "two turns from a found camp": (
        [
            CAMP,
            Interview("wm_howard", "hatteras_bank"),
            Done(),
            SAIL,
            Move(JANE_RANGER, "cape_henry"),
            Move(JANE_RANGER, "cape_hatteras"),
            Done(),
            Interview("condemned_pirates", "hatteras_bank"),
            Done(),
            SAIL,
            Move(JANE_RANGER, "ocracoke_inlet"),
            Done(),
        ],
        "hatteras_bank",
        [("east_pamlico_sound", "hatteras_bank"), ("east_pamlico_sound", "roanoke_island")],
        ("wm_howard", "condemned_pirates"),
    ),
    # The Sloops Sail in on Adventure at its Camp; it wins Escape and flees to Currituck
    # Sound; now B of Turn 2.
    "adventure escapes": (
        [
            CAMP,
            Done(),
            SAIL,
            Move(JANE_RANGER, "cape_henry"),
            Move(JANE_RANGER, "currituck_inlet"),
            Move(JANE_RANGER, "nots_island"),
            Done(),
            Meet("nots_island"),
            ESCAPE,
        ],
        "nots_island",
        [(), "currituck_sound"],
        None,
    ),
}


BOT_SCENES = [
    # (seed, ADVANCED, Hunters' bot, Blackbeard's bot, actions played)
    (7, False, "random", "smart", 26),
    (11, False, "random", "smart", 15),
    (11, False, "random", "smart", 18),
    (15, False, "random", "smart", 14),
    (19, False, "random", "smart", 26),
    (28, False, "random", "random", 8),
    (28, False, "random", "random", 9),
    (40, False, "random", "random", 8),
    (40, False, "random", "random", 17),
    (41, False, "smart", "smart", 13),
    (43, False, "random", "smart", 19),
    (44, False, "random", "random", 17),
    (49, False, "smart", "smart", 14),
    (74, False, "smart", "random", 6),
    (75, False, "random", "smart", 24),
    (11, True, "random", "smart", 15),
    (11, True, "random", "smart", 18),
    (19, True, "random", "smart", 17),
    (19, True, "random", "smart", 22),
    (40, True, "random", "random", 3),
    (40, True, "random", "random", 10),
    (40, True, "random", "random", 22),
    (41, True, "smart", "smart", 6),
    (41, True, "smart", "smart", 13),
    (43, True, "random", "smart", 12),
    (43, True, "random", "smart", 19),
    (49, True, "smart", "smart", 11),
    (49, True, "smart", "smart", 14),
    (74, True, "smart", "random", 4),
    (74, True, "smart", "random", 11),
    (76, True, "random", "random", 20),
    (76, True, "random", "random", 25),
]


def check_exact(start, actions):
    states = replay(start, actions)
    assert fair(states)
    expected = oracle(start, actions)
    truth = states[-1]
    view = observation(truth, "hunters")
    assert (truth.camp, adventure_space(truth)) in expected  # the truth fits
    assert history_counts(view) == expected
    assert possible_spaces(view) == {a for _, a in expected}
    assert camp_spaces(view) == {c for c, _ in expected}
    total = sum(expected.values())
    by_space: Counter[str] = Counter()
    for (_, a), n in expected.items():
        by_space[a] += n
    shares = {a: Fraction(n, total) for a, n in sorted(by_space.items())}
    assert chances(view, model="histories") == shares
    return view, expected


@pytest.mark.parametrize("name", sorted(NAMED))
def test_deduce_gives_the_three_answers_the_earlier_deduction_missed(name):
    spaces, histories, camps = NAMED[name]
    view, _ = check_exact(*named(name))
    assert len(possible_spaces(view)) == spaces
    assert sum(history_counts(view).values()) == histories
    if camps is not None:
        assert camp_spaces(view) == camps


@pytest.mark.parametrize("name", sorted(SCENES))
def test_deduce_counts_exactly_the_histories_of_a_scripted_scene(name):
    script, camp, sails, informants = SCENES[name]
    check_exact(*scripted(6, informants, script, camp, sails))


@pytest.mark.parametrize("scene", BOT_SCENES, ids=lambda s: "-".join(map(str, s)))
def test_deduce_counts_exactly_the_histories_of_a_bot_game(scene):
    _, expected = check_exact(*bot_scene(*scene))
    assert sum(expected.values()) > 1  # a moment with something left to deduce


def test_a_recorded_scene_reads_back_as_the_actions_the_bots_played():
    entry = record(74, False, "smart", "random", 6)
    states = replay(new_game(seed=74, encounter_policy="escape"), map(recorded, entry["actions"]))
    assert len(states) == 7 and json.loads(json.dumps(entry)) == entry


def test_deduce_counts_the_silence_bought_and_the_gold_it_leaves():
    # ADVANCED, seed 7: Wm Howard finds the Camp and Surveils it. Blackbeard Prepares
    # Bought Silence and Sails out, back through Albemarle Sound and on, buying Silence
    # three times; Sailing back into Albemarle Sound ended its first Silence, so 4 gold
    # are paid and 1 is left. Now D of Turn 1.
    start = new_game(seed=7, advanced=True)
    camp = [SetCamp("roanoke_island"), Interview("wm_howard", "roanoke_island")]
    silent = [Sail("bats_grave", True), Sail("albemarle_sound", True)]
    sail = [PrepareDefense("bought_silence"), Sail("albemarle_sound"), *silent]
    sail += [Sail("queen_annes_creek", True), Done()]
    scene = until(
        start, [*camp, Surveil("roanoke_island"), Done(), *sail], lambda s: s.segment == "D"
    )
    _, expected = check_exact(*scene)
    truth = replay(*scene)[-1]
    assert truth.mat.purse == 1 and set(truth.silenced) == {"albemarle_sound", "bats_grave"}
    assert sum(expected.values()) == 2474


def walks(start, pawns, silence):
    """Each end of a walk of `pawns` steps along Adventure's Water Routes, with its ways.

    Counted here from the Map graph alone: a walk is one way, or with `silence` one way
    for each choice to buy Bought Silence (each step leaving a space but the start).
    """
    H = move_graph(game_map(), "adventure")
    found = Counter()
    stack = [(start,)]
    while stack:
        path = stack.pop()
        if len(path) == pawns + 1:
            found[path[-1]] += 2 ** sum(s != start for s in path[1:-1]) if silence else 1
            continue
        stack += [(*path, to) for to in H[path[-1]]]
    return found


def model_weight(history, truth):
    """The "sails" model's weight of a history: for each turn's Sail, how far (1/6), where
    (one over the ends that length reaches), which way (one over its ways there)."""
    silence = truth.advanced and "bought_silence" not in truth.set_aside
    camp = history[0][1].space
    where, weight = camp, Fraction(1)
    sailed_turns = range(1, truth.turn + (truth.segment not in "AB"))
    for turn in sailed_turns:
        path = [a.to for t, a in history if t == turn and isinstance(a, Sail)]
        end = path[-1] if path else where
        ends = walks(where, len(path), silence)
        weight /= 6 * len(ends) * ends[end]
        where = end
        escape = [a.to for t, a in history if t == turn and isinstance(a, EscapeTo)]
        where = escape[-1] if escape else where
    return weight


MODEL_SCENES = [(7, False, "random", "smart", 26), (40, False, "random", "random", 17)]
MODEL_SCENES += [(41, True, "smart", "smart", 13), (11, True, "random", "smart", 18)]


@pytest.mark.parametrize("scene", MODEL_SCENES, ids=lambda s: "-".join(map(str, s)))
def test_sails_model_weighs_each_fitting_history_as_its_brute_force_weight(scene):
    start, actions = bot_scene(*scene)
    truth = replay(start, actions)[-1]
    by_space = Counter()
    for history, (_, adventure) in fitting(start, actions).items():
        by_space[adventure] += model_weight(history, truth)
    total = sum(by_space.values())
    expected = {a: w / total for a, w in sorted(by_space.items())}
    view = observation(truth, "hunters")
    assert chances(view, "sails") == expected
    assert chances(view) == expected  # "sails" is the default
    assert chances(view) != chances(view, "histories")  # the model does weigh
