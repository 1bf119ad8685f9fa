"""Who meets whom in a Hunt for Blackbeard Encounter: the pieces, the tiles, the Endings.

The lowest layer of the Encounter modules: the :class:`Encounter` record (who is in the
space, which tiles each side declares, the options in force) and its checks, the piece
and tile ids with the names players read, how an Encounter can end (:class:`Ending`),
where one stands part-way through (:class:`State`), and the odds of one opposed roll
(:func:`roll_odds`, the rulebook's "Roll Dice"). The procedure lives in
:mod:`piratelib.blackbeard.encounter.rules`.

Examples
--------
>>> Encounter(hunters=frozenset({"jane"}), pirates=frozenset({"adventure"})).sloops
('jane',)
"""

from __future__ import annotations

import enum
import functools
import random
from dataclasses import dataclass
from fractions import Fraction

from piratelib import dice
from piratelib.errors import IllegalActionError, check_number, did_you_mean

__all__ = [
    "BLACKBEARD_TILES",
    "BOARDING_ONLY",
    "HUNTER_PIECES",
    "HUNTER_TILES",
    "MAX_HITS",
    "MAYNARD_READINGS",
    "ONCE_PER_TURN",
    "PIECE_NAMES",
    "PIRATE_PIECES",
    "SLOOPS",
    "TILE_NAMES",
    "Encounter",
    "Ending",
    "State",
    "random_encounter",
    "roll_odds",
]


SLOOPS = ("jane", "ranger")


HUNTER_PIECES = frozenset({"jane", "ranger", "brand"})


PIRATE_PIECES = frozenset({"adventure", "blackbeard", "israel_hands"})


BLACKBEARD_TILES = frozenset(
    {"chain_shot", "grape", "grenadoes", "lookouts", "philip_morton", "swivel_guns"}
)


HUNTER_TILES = frozenset(
    {
        "capt_gordon",
        "cannon_jane",
        "cannon_ranger",
        "extra_hands_jane",
        "extra_hands_ranger",
        "lt_maynard",
        "midshipman_hyde",
        "chain_and_grape",
    }
)


ONCE_PER_TURN = frozenset({"lookouts", "lt_maynard", "midshipman_hyde"})


BOARDING_ONLY = frozenset({"grenadoes", "extra_hands_jane", "extra_hands_ranger"})
"""Tiles that add dice only to Boarding ("Boarding: +1 die if won Escape"; Extra Hands), so
are declared only when a Boarding roll they affect comes ("declare Defenses or Assets at
the first moment that they use them, before any rolls they affect")."""


MAYNARD_READINGS = ("any_roll", "escape_or_board")
"""Which rolls Lt Maynard and Midshipman Hyde may add a die to (:attr:`Encounter.maynard_reading`).

``"any_roll"`` (the default, the rulebook's Using the Tiles): Maynard "adds 1 die to any 1
roll with Jane per turn, never beyond 3 Hunter dice total", and Firing is a roll ("For
Firing in Battle, rolls Hit or Miss"), so the Hunters' Fire is included.
``"escape_or_board"`` (assumed): the Battle example's paraphrase of the tile, "+1 die to
Escape or Board", read as the opposed rolls only (Arrest, Escape, Boarding), never Fire."""


MAX_HITS = {"hunter_sloop": 1, "adventure": 2}
"""Maximum Hits Taken of each type: "Jane or Ranger: 1 Rigging, 1 Crew. Adventure: 2
Rigging, 2 Crew"."""


PIECE_NAMES = {
    "jane": "Jane",
    "ranger": "Ranger",
    "brand": "Capt Brand",
    "adventure": "Adventure",
    "blackbeard": "Blackbeard alone",
    "israel_hands": "Israel Hands",
}


TILE_NAMES = {
    "chain_shot": "Chain Shot",
    "grape": "Grape",
    "grenadoes": "Grenadoes",
    "lookouts": "Lookouts",
    "philip_morton": "Philip Morton",
    "swivel_guns": "Swivel Guns",
    "capt_gordon": "Capt Gordon",
    "cannon_jane": "Cannon (Jane)",
    "cannon_ranger": "Cannon (Ranger)",
    "extra_hands_jane": "Extra Hands (Jane)",
    "extra_hands_ranger": "Extra Hands (Ranger)",
    "lt_maynard": "Lt Maynard",
    "midshipman_hyde": "Midshipman Hyde",
    "chain_and_grape": "Chain & Grape",
}


class Ending(enum.Enum):
    """How an Encounter ends."""

    HUNTERS_WIN = "the Hunters win the game"
    BLACKBEARD_WINS = "Blackbeard wins the game"
    BLACKBEARD_ESCAPES = "the pirates Escape"
    HUNTERS_ESCAPE = "the Hunters' Sloops Escape"
    ISRAEL_HANDS_ARRESTED = "Israel Hands is arrested and removed from play"


@dataclass(frozen=True)
class Encounter:
    """Who meets whom, which tiles each side declares, and the options in force.

    Parameters
    ----------
    hunters : frozenset of {"jane", "ranger", "brand"}
    pirates : frozenset with one of "adventure", "blackbeard" (alone) or "israel_hands"
    blackbeard_tiles : frozenset of Prepared Defenses declared, from :data:`BLACKBEARD_TILES`
    hunter_tiles : frozenset of Commandeered Assets declared, from :data:`HUNTER_TILES`
        (Cannon and Extra Hands name their Sloop: ``cannon_jane``).
    crew_to_ordinary : bool
        The Crew to Ordinary penalty is in effect (Adventure Fires 1 die fewer).
    warned : bool
        Someone has Escaped already, so Blackbeard wins tied rolls.
    most_dice_win : bool
        The optional rule "most dice win".
    adventure_can_escape : bool
        Adventure has a legal space to Escape to.
    used_this_turn : frozenset
        Once-per-turn tiles (Lookouts, Lt Maynard, Midshipman Hyde) already used this turn.
    maynard_reading : {"any_roll", "escape_or_board"}
        Which rolls Lt Maynard and Midshipman Hyde may add a die to. ``"any_roll"`` (the
        default): Maynard "adds 1 die to any 1 roll with Jane per turn", the Hunters' Fire
        included ("For Firing in Battle, rolls Hit or Miss"); his die Fires with Jane,
        Hyde's with Ranger. ``"escape_or_board"`` (*assumed*, from the Battle example's
        "+1 die to Escape or Board"): Arrest, Escape and Boarding only, never Fire. See
        :data:`MAYNARD_READINGS`.

    Raises
    ------
    IllegalActionError
        For pieces that cannot meet, or a tile the side does not hold or that cannot apply.

    Examples
    --------
    >>> Encounter(
    ...     hunters=frozenset({"ranger"}),
    ...     pirates=frozenset({"adventure"}),
    ...     hunter_tiles=frozenset({"cannon_jane"}),
    ... )
    Traceback (most recent call last):
      ...
    piratelib.errors.IllegalActionError: cannon_jane needs jane in the Encounter, and a Battle; ...
    >>> Encounter(
    ...     hunters=frozenset({"jane"}), pirates=frozenset({"adventure"}), maynard_reading="fire"
    ... )
    Traceback (most recent call last):
      ...
    piratelib.errors.IllegalActionError: unknown maynard_reading 'fire': use "any_roll" ...
    """

    hunters: frozenset[str]
    pirates: frozenset[str]
    blackbeard_tiles: frozenset[str] = frozenset()
    hunter_tiles: frozenset[str] = frozenset()
    crew_to_ordinary: bool = False
    warned: bool = False
    most_dice_win: bool = False
    adventure_can_escape: bool = True
    used_this_turn: frozenset[str] = frozenset()
    maynard_reading: str = "any_roll"

    def __post_init__(self) -> None:
        if self.maynard_reading not in MAYNARD_READINGS:
            raise IllegalActionError(
                f'unknown maynard_reading {self.maynard_reading!r}: use "any_roll" (Lt '
                "Maynard and Midshipman Hyde add a die to any roll, Fire included; the "
                'default) or "escape_or_board" (never to Fire; assumed from the Battle '
                "example's '+1 die to Escape or Board')"
            )
        for name in ("hunters", "pirates", "blackbeard_tiles", "hunter_tiles", "used_this_turn"):
            value = getattr(self, name)
            if isinstance(value, str) or not isinstance(value, frozenset | set | tuple | list):
                raise IllegalActionError(f"{name} must be a set of ids, got {value!r}")
            object.__setattr__(self, name, frozenset(value))
        _check_ids("Hunter piece", self.hunters, HUNTER_PIECES)
        _check_ids("pirate piece", self.pirates, PIRATE_PIECES)
        _check_ids("Blackbeard tile", self.blackbeard_tiles, BLACKBEARD_TILES)
        _check_ids("Hunters' tile", self.hunter_tiles, HUNTER_TILES)
        _check_ids("once-per-turn tile", self.used_this_turn, ONCE_PER_TURN)
        if not self.hunters:
            raise IllegalActionError("an Encounter needs at least one Hunter piece")
        if len(self.pirates) != 1:
            raise IllegalActionError(
                "an Encounter has exactly one pirate piece: Adventure, Blackbeard alone or "
                "Israel Hands (Longboat and Israel Hands place them 'where no Adventure'), "
                f"got {sorted(self.pirates)}"
            )
        battle = self.pirate == "adventure" and bool(self.sloops)
        needs = {
            "capt_gordon": ("brand" in self.hunters, "brand in the Encounter (an Arrest)"),
            "lt_maynard": ("jane" in self.hunters, "jane in the Encounter"),
            "midshipman_hyde": ("ranger" in self.hunters, "ranger in the Encounter"),
            "chain_and_grape": (
                battle and any(f"cannon_{s}" in self.hunter_tiles for s in self.sloops),
                "a Battle and Cannon on a Sloop there ('When they Fire after declaring Cannon')",
            ),
        }
        for sloop in SLOOPS:
            for tile in (f"cannon_{sloop}", f"extra_hands_{sloop}"):
                needs[tile] = (
                    sloop in self.hunters and battle,
                    f"{sloop} in the Encounter, and a Battle",
                )
        battle_only = "a Battle: Adventure meeting Jane or Ranger"
        for tile in ("chain_shot", "grape", "philip_morton", "swivel_guns", "grenadoes"):
            needs[tile] = (battle, battle_only)
        needs["crew_to_ordinary"] = (battle or not self.crew_to_ordinary, battle_only)
        for tile in self.hunter_tiles | self.blackbeard_tiles | {"crew_to_ordinary"}:
            ok, what = needs.get(tile, (True, ""))
            if not ok:
                raise IllegalActionError(f"{tile} needs {what}; this Encounter has {self._who()}")

    @property
    def pirate(self) -> str:
        """The one pirate piece."""
        return next(iter(self.pirates))

    @property
    def sloops(self) -> tuple[str, ...]:
        """The Hunters' Sloops present, Jane first."""
        return tuple(s for s in SLOOPS if s in self.hunters)

    @property
    def arrest(self) -> bool:
        """Whether the Encounter begins with Arrest: 'Encounters that include any figure piece'."""
        return "brand" in self.hunters or self.pirate != "adventure"

    def _who(self) -> str:
        """The pieces, for messages."""
        return f"{', '.join(sorted(self.hunters))} against {self.pirate}"


@dataclass(frozen=True)
class State:
    """Where an Encounter stands: the phase, tiles left, declarations and Hits so far."""

    phase: str
    lookouts: bool = False
    lt_maynard: bool = False
    midshipman_hyde: bool = False
    declared: frozenset[str] = frozenset()
    hammer_and_anvil: bool = False
    rigged: frozenset[str] = frozenset()
    crewed: frozenset[str] = frozenset()
    adventure_rigging: int = 0
    adventure_crew: int = 0
    pending: tuple[int, int, int] = (0, 0, 0)
    escape_winner: str = ""
    ending: Ending | None = None

    def __post_init__(self) -> None:
        """Refuse a field of the wrong type or a negative count (rules change a State
        without this check)."""
        for name in ("lookouts", "lt_maynard", "midshipman_hyde", "hammer_and_anvil"):
            _expect(f"State {name}", getattr(self, name), bool)
        _expect("State phase", self.phase, str)
        _expect("State escape_winner", self.escape_winner, str)
        _expect("State ending", self.ending, Ending, optional=True)
        for name in ("declared", "rigged", "crewed"):
            ids = getattr(self, name)
            if not isinstance(ids, frozenset) or not all(isinstance(i, str) for i in ids):
                raise IllegalActionError(f"State {name} must be a frozenset of ids, got {ids!r}")
        counts = (self.adventure_rigging, self.adventure_crew, *_expect_pending(self.pending))
        if not all(type(n) is int and 0 <= n <= 100 for n in counts):
            raise IllegalActionError(f"State Hits must be whole numbers of 0 or more: {self!r}")


def _expect(name: str, value: object, kind: type, optional: bool = False) -> None:
    """Raise IllegalActionError unless `value` is a `kind` (or None if `optional`)."""
    if not isinstance(value, kind) and not (optional and value is None):
        extra = " or None" if optional else ""
        raise IllegalActionError(f"{name} must be a {kind.__name__}{extra}, got {value!r:.80}")


def _expect_pending(pending: object) -> tuple[object, ...]:
    """The pending Hits (rigging, crew, sloops), a tuple of three."""
    if not isinstance(pending, tuple) or len(pending) != 3:
        raise IllegalActionError(f"State pending must be 3 Hits, got {pending!r}")
    return pending


@functools.lru_cache(maxsize=4096)
def roll_odds(
    blackbeard_dice: int, hunter_dice: int, *, warned: bool = False, most_dice_win: bool = False
) -> Fraction:
    """Return the probability that Blackbeard's side wins one Arrest, Escape or Boarding roll.

    Roll Dice: "the highest roll on any single die wins ... The Hunters win tied rolls ...
    until any Escape, after which, Blackbeard wins tied rolls". With "most dice win",
    "whoever has the most dice wins. If equal number of dice, roll".

    Raises
    ------
    PiratelibError
        If a dice count is not a whole number from 0 to 100.

    Examples
    --------
    >>> roll_odds(3, 4)  # "Example: Arrest and Escape"
    Fraction(75799, 279936)
    >>> roll_odds(3, 4, most_dice_win=True)
    Fraction(0, 1)
    """
    if most_dice_win and blackbeard_dice != hunter_dice:
        dice.highest_die_contest(blackbeard_dice, hunter_dice, a_wins_ties=warned)  # checks
        return Fraction(int(blackbeard_dice > hunter_dice))
    return dice.highest_die_contest(blackbeard_dice, hunter_dice, a_wins_ties=warned)


def random_encounter(rng: random.Random, chance: float = 0.4) -> Encounter:
    """Return a legal Encounter drawn at random, for sweeps and property tests.

    Each Hunter piece, tile, once-per-turn tile used and yes/no option is drawn with
    `chance` (Adventure can Escape with 1 - `chance`), the pirate piece and the Lt Maynard
    reading uniformly; a draw the rules refuse is drawn again, so every legal Encounter
    can come.

    Examples
    --------
    >>> encounters = [random_encounter(random.Random(seed)) for seed in range(50)]
    >>> all(isinstance(e, Encounter) for e in encounters), len(set(encounters)) > 40
    (True, True)
    """
    check_number("chance", chance, 0.1, 1, error=IllegalActionError)
    _expect("rng", rng, random.Random)

    def some(ids: frozenset[str]) -> frozenset[str]:
        return frozenset(i for i in sorted(ids) if rng.random() < chance)

    while True:
        try:
            return Encounter(
                hunters=some(HUNTER_PIECES),
                pirates=frozenset({rng.choice(sorted(PIRATE_PIECES))}),
                blackbeard_tiles=some(BLACKBEARD_TILES),
                hunter_tiles=some(HUNTER_TILES),
                crew_to_ordinary=rng.random() < chance,
                warned=rng.random() < chance,
                most_dice_win=rng.random() < chance,
                adventure_can_escape=rng.random() >= chance,
                used_this_turn=some(ONCE_PER_TURN),
                maynard_reading=rng.choice(MAYNARD_READINGS),
            )
        except IllegalActionError:
            continue


def _check_ids(what: str, ids: frozenset[object], known: frozenset[str]) -> None:
    """Raise for an id that is not one of `known`, suggesting the closest."""
    for item in sorted(ids, key=str):
        if item not in known:
            hint = did_you_mean(item, sorted(known))
            known_ids = ", ".join(sorted(known))
            raise IllegalActionError(f"unknown {what} {item!r}: {hint}known: {known_ids}")
