"""The ADVANCED rules of a whole game of Hunt for Blackbeard: Blackbeard alone and Israel Hands.

Blackbeard's hidden Defenses Longboat and Israel Hands let him Set the Map with a second
pirate block: at the end of his Actions (the ``set_map`` step of C, after any Sailing, an
optional action each) he may place the Blackbeard-alone block within 3 spaces of Camp
(:func:`~piratelib.blackbeard.board.scouting.longboat_spaces`; Blackbeard-at-Camp at the Camp)
and the Israel Hands block at a Town
(:func:`~piratelib.blackbeard.board.scouting.israel_hands_spaces`). Reset Map clears them.
A Hunter piece at such a block meets it in an Encounter that begins with Arrest: Arrest
of Blackbeard alone wins for the Hunters; of Israel Hands removes his tile and figure for
good, and Blackbeard may Show the Camp for 4 gold
(:class:`~piratelib.blackbeard.game.actions.ShowCamp`); a figure that wins Escapes, off
the Map for now. Bought Silence (``Sail(to, silence=True)``) lives with Sailing in
:mod:`piratelib.blackbeard.game.blackbeard`; the Hunters' Canoes, Master Wm Butler and
Partisans with Scouting in :mod:`piratelib.blackbeard.game.hunters`.

Examples
--------
>>> from piratelib.blackbeard.game.state import State, blank_blocks, with_blocks
>>> from piratelib.blackbeard.piracy.mat import Mat
>>> state = with_blocks(
...     State(blocks=blank_blocks(), camp="nots_island"), {"core_banks": "adventure"}
... )
>>> state = State(**{**state.__dict__, "mat": Mat(defenses=(("longboat", 1),)), "advanced": True})
>>> PlaceBlackbeard("nots_island") in set_map_actions(state)
True
"""

from __future__ import annotations

import functools

from piratelib.blackbeard.board.scouting import israel_hands_spaces, longboat_spaces
from piratelib.blackbeard.game.actions import Action, PlaceBlackbeard, PlaceIsraelHands
from piratelib.blackbeard.game.spotting import spot
from piratelib.blackbeard.game.state import (
    SIGHTING_BLOCKS,
    State,
    adventure_space,
    block_at,
    evolve,
    figure_space,
    game_map,
    with_blocks,
)
from piratelib.blackbeard.piracy.mat import _changed
from piratelib.blackbeard.readonly import check_type
from piratelib.errors import IllegalActionError
from piratelib.steps import Step

__all__ = [
    "FIGURE_BLOCKS",
    "RULES",
    "SHOW_CAMP_GOLD",
    "apply_set_map",
    "pirate_at",
    "set_map_actions",
    "show_camp",
]

SHOW_CAMP_GOLD = 4
"""Arrest of Israel Hands: Blackbeard may Show the Camp "to add 4 gold to Purse"."""

FIGURE_BLOCKS = {
    "blackbeard": "blackbeard",
    "blackbeard_at_camp": "blackbeard",
    "israel_hands": "israel_hands",
}
"""The ADVANCED blocks and the pirate figure each shows."""

_PIRATE_BLOCKS = {"adventure": "adventure", "adventure_at_camp": "adventure", **FIGURE_BLOCKS}

RULES = {
    "longboat": (
        "Longboat: 'When Setting the Map (only, page 8) and without declaring the tile, "
        "place the appropriate Blackbeard block as desired within 3 Map spaces of Camp (by "
        "Water or Land) where no Adventure, Sighting, or Israel Hands (use no pawns).'"
    ),
    "israel_hands": (
        "Israel Hands: 'The gold Israel Hands block and figure work like those for Longboat "
        "but places at any Town where no Adventure, Blackbeard, or Sighting.'"
    ),
    "set_map": (
        "Set Map: 'ADVANCED: The Blackbeard player, if using the advanced Longboat or Israel "
        "Hands Defense, can secretly place Blackbeard-alone, Blackbeard-at-Camp, or Israel "
        "Hands blocks'"
    ),
    "reset": (
        "Reset Map: 'ADVANCED: Replace any Blackbeard alone or Israel Hands blocks with "
        "blanks (Blackbeard at Camp with Camp).'"
    ),
    "hidden": (
        "Hidden Information: 'ADVANCED: Do not declare Longboat, Israel Hands, or Bought "
        "Silence tiles'"
    ),
    "bought_silence": (
        "Bought Silence: 'Pay from Purse to Sail through spaces without placing Sighting "
        "blocks, 2 gold cubes per space desired.' FAQ: 'Pay 1 pawn only to Prepare the "
        "tile. Then pay 2 cubes (no pawns) per Sighting avoided.' 'Can Bought Silence "
        "(Advanced) hide Adventure? A: No, it only prevents Sightings.'"
    ),
    "figure_escapes": (
        "Arrest: 'If Blackbeard alone or Israel Hands wins, he Escapes. Remove that piece "
        "from the map for now. Put the Escaped! marker in its map box'"
    ),
    "arrest_hands": (
        "Arrest: 'ADVANCED: Successful Arrest of Israel Hands instead permanently removes the "
        "Israel Hands tile and figure from play.'"
    ),
    "show_camp": (
        "Arrest: 'The Blackbeard player may immediately Show the Camp location block (lay it "
        "face up, if not already) to add 4 gold to Purse (the pirate captain has betrayed "
        "Hands and taken his share).'"
    ),
}


def pirate_at(state: State, space: str) -> str | None:
    """The pirate piece whose block is at `space`: ``adventure``, ``blackbeard``, ``israel_hands``.

    Examples
    --------
    >>> from piratelib.blackbeard.game.state import blank_blocks, with_blocks
    >>> pirate_at(
    ...     with_blocks(State(blocks=blank_blocks()), {"core_banks": "blackbeard_at_camp"}),
    ...     "core_banks",
    ... )
    'blackbeard'
    """
    check_type("state", state, State)
    block = block_at(state, space)
    return None if block is None else _PIRATE_BLOCKS.get(block)


def set_map_actions(state: State) -> list[Action]:
    """Where Blackbeard may Set the Blackbeard-alone and Israel Hands blocks now (ADVANCED)."""
    check_type("state", state, State)
    if not state.advanced:
        return []
    prepared = dict(state.mat.defenses)
    found: list[Action] = []
    if "longboat" in prepared and figure_space(state, "blackbeard") is None:
        found += [PlaceBlackbeard(s) for s in sorted(_longboat_spaces(state))]
    if "israel_hands" in prepared and figure_space(state, "israel_hands") is None:
        found += [PlaceIsraelHands(s) for s in sorted(_israel_hands_spaces(state))]
    return found


def apply_set_map(state: State, action: Action, log: list[Step]) -> State:
    """Set a figure's block (checked legal by the caller); no pawns, nothing declared."""
    check_type("log", log, list)
    check_type("state", state, State)
    match action:
        case PlaceBlackbeard(space):
            kind = "blackbeard_at_camp" if space == state.camp else "blackbeard"
            state = evolve(with_blocks(state, {space: kind}), step="set_map")
            text = f"Blackbeard secretly Sets the {kind.replace('_', ' ')} block at {space}."
            log.append(Step("C:longboat", text, RULES["longboat"] + " " + RULES["hidden"], state))
            return state
        case PlaceIsraelHands(space):
            state = evolve(with_blocks(state, {space: "israel_hands"}), step="set_map")
            text = f"Blackbeard secretly Sets the Israel Hands block at {space}."
            log.append(Step("C:israel_hands", text, RULES["israel_hands"], state))
            return state
    raise IllegalActionError(f"not a Set Map action: {action!r}")


def figure_escapes(state: State, space: str, log: list[Step]) -> State:
    """Blackbeard alone or Israel Hands wins the Arrest: off the Map for now; Escaped! goes out."""
    check_type("log", log, list)
    check_type("state", state, State)
    figure = pirate_at(state, space)
    state = with_blocks(state, {space: "camp" if space == state.camp else "blank"})
    state = evolve(state, escaped=True)
    name = "Blackbeard alone" if figure == "blackbeard" else "Israel Hands"
    text = f"{name} Escapes: his piece leaves the Map for now. Escaped! goes out."
    log.append(Step("E:figure_escapes", text, RULES["figure_escapes"], state))
    return state


def arrest_israel_hands(state: State, space: str, log: list[Step]) -> State:
    """Israel Hands Arrested: his tile and block out of play for good (the Paid gold to spares).

    Then Blackbeard chooses whether to Show the Camp (step ``show_camp``).
    """
    check_type("log", log, list)
    check_type("state", state, State)
    paid = dict(state.mat.defenses).get("israel_hands", 0)
    mat = _changed(
        state.mat,
        defenses=tuple((d, n) for d, n in state.mat.defenses if d != "israel_hands"),
        spare_gold=state.mat.spare_gold + paid,
    )
    state = with_blocks(state, {space: "blank"})
    state = evolve(state, mat=mat, israel_hands_out=True, step="show_camp")
    text = "Israel Hands is Arrested: his tile and figure are out of play for good."
    log.append(Step("E:arrest_hands", text, RULES["arrest_hands"], state))
    return state


def show_camp(state: State, show: bool, log: list[Step]) -> State:
    """Blackbeard's choice after the Arrest of Israel Hands: Show the Camp for 4 gold, or not."""
    check_type("log", log, list)
    check_type("state", state, State)
    if (camp := state.camp) is None:
        raise IllegalActionError(
            "show_camp: no Camp to Show; Blackbeard Sets his Camp in A, before any Encounter"
        )
    state = evolve(state, step="meet")
    if not show:
        line = f"{state.turn}:Blackbeard does not Show the Camp."
        state = evolve(state, encounters=(*state.encounters, line))
        log.append(
            Step("E:show_camp", "Blackbeard keeps the Camp hidden.", RULES["show_camp"], state)
        )
        return state
    mat = state.mat
    gold = min(SHOW_CAMP_GOLD, mat.spare_gold)
    mat = _changed(mat, purse=mat.purse + gold, spare_gold=mat.spare_gold - gold)
    line = f"{state.turn}:Blackbeard Shows the Camp at {state.camp} for {SHOW_CAMP_GOLD} gold."
    state = evolve(state, mat=mat, encounters=(*state.encounters, line))
    text = f"Blackbeard Shows the Camp at {state.camp}: {gold} gold from spares to the Purse."
    log.append(Step("E:show_camp", text, RULES["show_camp"], state))
    if camp in state.face_up:
        return state
    return spot(state, camp, open_=True, how="show", log=log)


def _longboat_spaces(state: State) -> frozenset[str]:
    occupied = {s for s, b in state.blocks if b in SIGHTING_BLOCKS or b == "israel_hands"}
    if (adventure := adventure_space(state)) is not None:
        occupied.add(adventure)
    return _near_camp(state.camp) - occupied


def _israel_hands_spaces(state: State) -> frozenset[str]:
    occupied = {s for s, b in state.blocks if b in SIGHTING_BLOCKS or b in FIGURE_BLOCKS}
    if (adventure := adventure_space(state)) is not None:
        occupied.add(adventure)
    return _towns() - occupied


@functools.cache
def _near_camp(camp: str) -> frozenset[str]:
    return longboat_spaces(game_map(), camp)


@functools.cache
def _towns() -> frozenset[str]:
    return frozenset(s for s in israel_hands_spaces(game_map()) if game_map().nodes[s]["slot"])
