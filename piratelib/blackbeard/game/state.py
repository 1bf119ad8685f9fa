"""The whole-game record of Hunt for Blackbeard: one frozen :class:`State` for both sides.

Everything on the table lives here, at the rulebook's grain: the turn (1-4) and segment
("A" Draw Tiles to "G" End Turn) with the step inside it; the 24 Map blocks (what each
is, and which lie face up); the Camp, the Camp marker and the Surveil markers; the
Hunters' pieces; Blackbeard's mat (:class:`~piratelib.blackbeard.piracy.mat.Mat`, reused)
with this turn's Sailed count; the Hunters' mat (Informants drawn, flipped, and this
turn's pawns on them; Commandeered Assets); Hits, the Escaped! marker, the tiles each
side has declared, and the Hunters' record of every block they have seen (:class:`Spot`).
Where Adventure is has one source of truth: the block that shows it
(:func:`adventure_space`). Records are frozen dataclasses of ints, strs, tuples and
frozensets, so states hash and compare by value.

Examples
--------
>>> state = State(blocks=blank_blocks())
>>> len(state.blocks), block_at(state, "bath_town"), adventure_space(state)
(24, 'blank', None)
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, TypeAlias

import networkx as nx

from piratelib.blackbeard.board import check_space, load_map
from piratelib.blackbeard.piracy.mat import Mat
from piratelib.blackbeard.piracy.tiles import Tiles, load_tiles
from piratelib.blackbeard.readonly import check_record, check_type
from piratelib.errors import IllegalActionError, check_id, check_whole

__all__ = [
    "ADVANCED_BLOCKS",
    "ADVENTURE_BLOCKS",
    "BLACKBEARD_BLOCKS",
    "BLOCKS",
    "CAMP_BLOCKS",
    "HUNTER_PIECES",
    "SEGMENTS",
    "SIDES",
    "SIGHTING_BLOCKS",
    "Outcome",
    "Spot",
    "State",
    "adventure_space",
    "blank_blocks",
    "block_at",
    "check_state",
    "evolve",
    "figure_space",
    "game_map",
    "game_tiles",
    "hunter_spaces",
    "piece_space",
    "slots",
    "standard_tiles",
    "with_blocks",
]

SIDES = ("blackbeard", "hunters")
HUNTER_PIECES = ("jane", "ranger", "brand")
SEGMENTS = ("A", "B", "C", "D", "E", "F", "G")
BLOCKS = ("blank", "camp", "adventure", "adventure_at_camp", "sighting", "sighting_at_camp")
"""The standard game's block kinds: "Block types: Adventure, Sighting, Camp, Blank"."""
ADVANCED_BLOCKS = ("blackbeard", "blackbeard_at_camp", "israel_hands")
"""The ADVANCED blocks (skull-and-crossbones or crown): Blackbeard alone, Blackbeard at Camp,
Israel Hands: with Adventure, Adventure at Camp, Camp and Sighting at Camp, "one of each of
the 7 other unique blocks"."""
ADVENTURE_BLOCKS = frozenset({"adventure", "adventure_at_camp"})
BLACKBEARD_BLOCKS = frozenset({"blackbeard", "blackbeard_at_camp"})
CAMP_BLOCKS = frozenset({"camp", "adventure_at_camp", "sighting_at_camp", "blackbeard_at_camp"})
SIGHTING_BLOCKS = frozenset({"sighting", "sighting_at_camp"})


@dataclass(frozen=True)
class Outcome:
    """How the game ended: ``side`` (``"blackbeard"`` or ``"hunters"``) and ``why``."""

    side: str
    why: str


@dataclass(frozen=True)
class Spot:
    """One block the Hunters saw: when, where, what it showed, and how.

    ``how`` is ``informant``, ``sighting`` (following a Sighting), ``scout``, ``end_move``,
    ``escape`` (a Hunter Sloop's Escape), or, for a face-up block changed in view,
    ``face_up``. ``open`` is False for a secret Spot (Interview Informants, or a Sighting
    followed from one), which Blackbeard does not learn.
    """

    turn: int
    segment: str
    space: str
    shown: str
    open: bool
    how: str


_STEPS = (
    *("draw", "set_camp", "reset", "start", "interview", "plan", "prepare", "sail", "set_map"),
    *("commandeer", "scout_before", "move", "scout_after", "meet", "escape_adventure"),
    *("escape_sloops", "show_camp", "choose", "done", "end"),
)
"""Every point inside a segment a State may stand at (see State)."""


if TYPE_CHECKING:
    # policy(winner, encounter state) -> "escape" | "board"
    _EscapePolicy: TypeAlias = Callable[[str, Any], str]
else:
    # check_record reads State's annotations at run time and names this type in its
    # messages: keep it the bare Callable there
    _EscapePolicy = Callable


@dataclass(frozen=True)
class State:
    """The whole game at one moment (see the module docstring).

    ``step`` is the point inside a segment: ``set_camp`` (A, Turn 1); ``interview`` (B);
    ``plan``, ``prepare``, ``sail``, ``set_map`` (C; the last places the ADVANCED
    Blackbeard-alone and Israel Hands blocks), ``choose`` (C once Blackbeard is Done: his
    choices for Seek Pardon and Fete Tobias Knight); ``commandeer``, ``scout_before``,
    ``move``, ``scout_after`` (D); ``meet``, ``escape_adventure``, ``escape_sloops``,
    ``show_camp`` (E); ``done`` when the segment's end holds. ``advanced`` plays the
    ADVANCED rules: ``silenced`` are the spaces Bought Silence kept free of Sightings on this
    turn's Sail and ``silence_paid`` the gold it took; ``scouts`` this Scout segment's
    (piece, space) Scouts; ``surveils`` every Surveil marker placed, as (turn, space), for
    the Hunters' record once End Turn has taken the markers off; ``israel_hands_out`` says
    Israel Hands was Arrested, tile and figure out of play for good. ``set_aside`` are the
    Defense and Asset tiles a variant plays without (:func:`game_tiles`).
    ``encounter_decisions`` scripts choices inside Encounters (an Encounter phase such as
    ``"split:hunters"`` paired with words of the option to take, as
    :func:`~piratelib.blackbeard.encounter.stepping.resolve` takes them), to replay an
    example; other choices follow ``encounter_policy``.
    """

    # options
    advanced: bool = False
    most_dice_win: bool = False
    more_than_half: bool = False
    set_aside: frozenset[str] = frozenset()
    encounter_policy: str | _EscapePolicy = "best"
    encounter_decisions: tuple[tuple[str, str], ...] = ()
    seed: int = 0
    ply: int = 0
    # the turn
    turn: int = 1
    segment: str = "A"
    step: str = "draw"
    # the Map
    blocks: tuple[tuple[str, str], ...] = ()
    face_up: frozenset[str] = frozenset()
    camp: str | None = None
    camp_marker: bool = False
    surveil: frozenset[str] = frozenset()
    surveils: tuple[tuple[int, str], ...] = ()
    jane: str = "james_river"
    ranger: str = "james_river"
    brand: str = "james_river"
    # Blackbeard's side
    mat: Mat = field(default_factory=Mat)
    sailed: int = 0
    sail_path: tuple[str, ...] = ()
    silenced: tuple[str, ...] = ()
    silence_paid: int = 0
    adventure_sailed: bool = False
    pardon: str | None = None
    fete: tuple[str, ...] | None = None
    # the Hunters' side
    informant_stack: tuple[str, ...] = ()
    informants: tuple[str, ...] = ()
    flipped: frozenset[str] = frozenset()
    interviews: tuple[tuple[str, str], ...] = ()
    spotted_now: frozenset[str] = frozenset()
    assets: frozenset[str] = frozenset()
    hunter_pawns: int = 0
    scouted: frozenset[str] = frozenset()
    scouts: tuple[tuple[str, str], ...] = ()
    ended: frozenset[str] = frozenset()
    chain: tuple[str, ...] = ()
    spots: tuple[Spot, ...] = ()
    # shared
    hits: tuple[str, ...] = ()
    escaped: bool = False
    israel_hands_out: bool = False
    declared: frozenset[str] = frozenset()
    used_this_turn: frozenset[str] = frozenset()
    met: frozenset[str] = frozenset()
    escape_from: str | None = None
    encounters: tuple[str, ...] = ()
    shows: tuple[tuple[int, str], ...] = ()
    outcome: Outcome | None = None

    def __post_init__(self) -> None:
        """Refuse a State no play can make: a field of the wrong type, a negative count,
        a piece off the Map. (Rules make new States with :func:`evolve`, unchecked.)

        Examples
        --------
        >>> State(jane="bath_twn")
        Traceback (most recent call last):
          ...
        piratelib.errors.IllegalActionError: State: jane: unknown space 'bath_twn': ...
        """
        check_record(self, signed=("seed",))
        check_id("segment", self.segment, "ABCDEFG")
        _check_turn("State", self.turn)
        check_id("step", self.step, _STEPS)
        if not callable(self.encounter_policy):
            check_id("encounter_policy", self.encounter_policy, ("board", "escape", "best"))
        if self.blocks and sorted(s for s, _ in self.blocks) != sorted(slots()):
            raise IllegalActionError(
                "State: blocks must pair each of the 24 slots with its block once, got "
                f"{self.blocks!r:.120}"
            )
        G = game_map()
        for name in ("jane", "ranger", "brand", "camp", "escape_from"):
            space = getattr(self, name)
            if space is not None and space not in G:
                try:
                    check_space(G, space)
                except IllegalActionError as error:
                    raise IllegalActionError(f"State: {name}: {error}") from None


@functools.cache
def game_map() -> nx.Graph[str]:
    """The Map (:func:`piratelib.blackbeard.board.load_map`), loaded once."""
    return load_map()


@functools.cache
def slots() -> tuple[str, ...]:
    """The 24 spaces that hold a block, sorted.

    Examples
    --------
    >>> len(slots()), slots()[0]
    (24, 'albemarle_sound')
    """
    return tuple(sorted(n for n, slot in game_map().nodes(data="slot") if slot))


@functools.cache
def _slot_index() -> dict[str, int]:
    return {space: i for i, space in enumerate(slots())}


@functools.cache
def standard_tiles() -> Tiles:
    """Blackbeard's tiles without the ADVANCED Defenses (Longboat, Israel Hands, Bought Silence).

    "When first learning ... ignore rules marked ADVANCED": the standard game's Fete
    Tobias Knight chooses among the six standard Defenses only.
    """
    tiles = load_tiles()
    keep = {k: v for k, v in tiles.defenses.items() if not v["advanced"]}
    return replace(tiles, defenses=keep)


def game_tiles(state: State) -> Tiles:
    """Blackbeard's tiles in this game: the standard ones, or all with ``advanced``.

    After the Arrest of Israel Hands its tile is out of play: "permanently removes the
    Israel Hands tile and figure from play", so it can be neither Prepared again nor
    added by Fete Tobias Knight. A Defense in ``set_aside`` (a designer's variant, as the
    rulebook sets tiles aside for a first game) is not in the game either.

    Examples
    --------
    >>> "chain_shot" in game_tiles(State(set_aside=frozenset({"chain_shot"}))).defenses
    False
    >>> sorted(set(game_tiles(State(advanced=True)).defenses) - set(standard_tiles().defenses))
    ['bought_silence', 'israel_hands', 'longboat']
    >>> "israel_hands" in game_tiles(State(advanced=True, israel_hands_out=True)).defenses
    False
    """
    check_type("state", state, State)
    return _game_tiles(state.advanced, state.israel_hands_out, state.set_aside)


@functools.cache
def _game_tiles(advanced: bool, israel_hands_out: bool, set_aside: frozenset[str]) -> Tiles:
    tiles = load_tiles() if advanced else standard_tiles()
    out = set_aside | ({"israel_hands"} if israel_hands_out else set())
    if not out & set(tiles.defenses):
        return tiles
    keep = {k: v for k, v in tiles.defenses.items() if k not in out}
    return replace(tiles, defenses=keep)


def evolve(state: State, **changes: object) -> State:
    """Return a copy of `state` with `changes`: :func:`dataclasses.replace` without its checks.

    :class:`State` has no ``__post_init__`` to run, so copying its fields is the same as
    ``replace`` and several times faster (a game makes a few of these per action).

    Examples
    --------
    >>> evolve(State(), turn=2).turn, State().turn
    (2, 1)
    """
    check_type("state", state, State)
    new = object.__new__(State)
    new.__dict__.update(state.__dict__)
    new.__dict__.update(changes)
    return new


def blank_blocks() -> tuple[tuple[str, str], ...]:
    """The Map at Setup: "Stand 24 blank (seagull) blocks up, one in each slot"."""
    return tuple((space, "blank") for space in slots())


def block_at(state: State, space: str) -> str | None:
    """The block in `space` (None for a space without a slot)."""
    check_type("state", state, State)
    i = _slot_index().get(space)
    return None if i is None else state.blocks[i][1]


def with_blocks(state: State, changes: dict[str, str]) -> State:
    """Return `state` with the blocks in `changes` replaced (one block per space, always).

    Raises
    ------
    IllegalActionError
        For a space that holds no block slot, or a block that is not one of
        :data:`BLOCKS` (and, ADVANCED, :data:`ADVANCED_BLOCKS`).
    """
    check_type("changes", changes, dict)
    check_type("state", state, State)
    index = _slot_index()
    blocks = list(state.blocks)
    for space, block in changes.items():
        check_id("block slot", space, index)
        check_id("block", block, (*BLOCKS, *ADVANCED_BLOCKS))
        blocks[index[space]] = (space, block)
    return evolve(state, blocks=tuple(blocks))


def check_state(state: object) -> State:
    """Return `state` if it is a game State, else raise naming what was given.

    Raises
    ------
    IllegalActionError
        For anything that is not a :class:`State` (start one with ``game.new_game()``).

    Examples
    --------
    >>> check_state(None)
    Traceback (most recent call last):
      ...
    piratelib.errors.IllegalActionError: expected a game State (from new_game()), got None
    """
    if not isinstance(state, State):
        raise IllegalActionError(f"expected a game State (from new_game()), got {state!r:.80}")
    return state


def adventure_space(state: State) -> str | None:
    """Where Adventure really is: the space of the Adventure block (None before the Camp).

    Examples
    --------
    >>> adventure_space(State(blocks=blank_blocks()))
    """
    check_state(state)
    return next((s for s, b in state.blocks if b in ADVENTURE_BLOCKS), None)


def figure_space(state: State, figure: str) -> str | None:
    """Where the ADVANCED figure ``blackbeard`` (alone) or ``israel_hands`` stands, if placed.

    Examples
    --------
    >>> state = with_blocks(State(blocks=blank_blocks()), {"bath_town": "israel_hands"})
    >>> figure_space(state, "israel_hands"), figure_space(state, "blackbeard")
    ('bath_town', None)
    """
    check_type("state", state, State)
    kinds = BLACKBEARD_BLOCKS if figure == "blackbeard" else ("israel_hands",)
    return next((s for s, b in state.blocks if b in kinds), None)


def piece_space(state: State, piece: str) -> str:
    """Where Hunter piece `piece` (``jane``, ``ranger`` or ``brand``) is."""
    check_type("state", state, State)
    space: str = getattr(state, check_id("Hunter piece", piece, ("jane", "ranger", "brand")))
    return space


def hunter_spaces(state: State) -> frozenset[str]:
    """The spaces holding a Hunter piece."""
    check_type("state", state, State)
    return frozenset((state.jane, state.ranger, state.brand))


def _check_turn(record: str, turn: object) -> None:
    """Refuse a turn outside the game's length: "Play lasts up to four turns" (the tiles
    file's ``turns``); a deduction counts through every turn, so a larger one would hang."""
    last = load_tiles().counts["turns"]
    check_whole(f"{record}: turn", turn, 1, last, error=IllegalActionError)
