"""What Blackbeard's pawns and Purse allow each turn, as far as the Hunters can tell.

The Hunters never see Blackbeard's mat, but they know its rules, and some of what they
see proves that pawns or gold went elsewhere than the Sail:

- "Use each of the 5 black pawns only once each turn": Plan Piracy, Prepare Defenses and
  Sail share them, in that order (a Defense is Prepared before the Sail).
- A Show: "When the final cube is placed on the tile, lay the block at the Map space that
  was used face up". The tile filled this turn, from pawns Planned on it. On Turn 1 no
  tile holds cubes from before, so all its squares were filled that turn (gold cubes
  "From Purse" too): the proof is the cheapest tile that can Show at that space. Later a
  tile may hold cubes from an earlier turn, and a Show proves one pawn.
- A Defense declared in a Turn 1 Encounter was Prepared that turn: a pawn and its gold.
  ADVANCED: so was Longboat when the Blackbeard-alone block is seen on Turn 1, and Israel
  Hands when its block is ("Pay 1 cube from Purse (and 1 pawn) to Prepare Longboat";
  "Pay 2 cubes from Purse (and 1 pawn) for the Israel Hands tile").
- ADVANCED: "Prepare Bought Silence for no cubes (just 1 pawn). Pay from Purse to Sail
  through spaces without placing Sighting blocks, 2 gold cubes per space desired." The
  Purse holds 5 gold at setup. Fete Tobias Knight (Bath Town or the Camp, Shown) may
  Prepare it free at the end of a turn.

A turn's :class:`Means` are the tightest limits that proof gives. Where a Show could
come from one of several tiles, each tile is one :func:`turn_options` option, and the
deduction counts the histories some option allows (inclusion and exclusion over the
options, :func:`merged`). The Purse is followed through Turn 2's Sail: gold can come in
from Turn 1's Piracy (a Show's Loot, up to the best markers; Stow Booty at the Camp when
Adventure stayed), and after that the deduction no longer bounds it.

Examples
--------
>>> [option.sail for option in turn_options(1, ("currituck_inlet",), (), "nots_island")]
[1]
>>> turn_options(2, ("currituck_inlet",), (), "nots_island")[0].sail
4
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass

from piratelib.blackbeard.board import check_space
from piratelib.blackbeard.game.state import game_map
from piratelib.blackbeard.piracy.tiles import load_tiles
from piratelib.blackbeard.readonly import check_type
from piratelib.errors import PiratelibError, check_id, check_items, check_whole

__all__ = ["PAWNS", "PURSE", "Means", "merged", "turn_options"]

PAWNS = load_tiles().counts["pawns"]
"""Blackbeard's black pawns a turn: "Use each of the 5 black pawns only once each turn"."""
PURSE = load_tiles().counts["purse_at_setup"]
"""Gold in the Purse at setup: 5."""
_STOW_GOLD = max(load_tiles().loot)  # Stow Booty on Turn 1: the setup Loot, at best 4


@dataclass(frozen=True)
class Means:
    """The limits one turn puts on Adventure's Sail, and what it leaves for the next.

    ``sail``: most pawns the Sail can take with no Prepare this turn. ``silent``: most
    pawns when Bought Silence is Prepared this turn (a pawn fewer). ``prepare_by``: a Sail
    of at most this many pawns leaves a pawn to Prepare Bought Silence, so it is Prepared
    from next turn on (5 when Fete Tobias Knight may Prepare it free). ``before``: gold
    paid before the Sail (Defenses Prepared). ``after``: gold the filled tiles take from the
    Purse after the Sail. ``carry``: for each option, gold paid this turn less the most that
    came in (negative when income may exceed it), and whether Stow Booty could fill if
    Adventure stays at the Camp.
    """

    sail: int = PAWNS
    silent: int = PAWNS - 1
    prepare_by: int = PAWNS - 1
    before: int = 0
    after: int = 0
    carry: tuple[tuple[int, bool], ...] = ((0, True),)

    def next_gold(self, gold: int, silenced: int, pawns: int, at_camp: bool) -> int:
        """The most gold in the Purse next turn: `gold` now, Silence kept on `silenced` spaces.

        `pawns` is the Sail's length; Stow Booty (4 pawns, at the Camp) needs Adventure to
        stay at the Camp.

        >>> Means().next_gold(5, 2, 3, False), Means().next_gold(5, 0, 0, True)
        (1, 9)
        """
        check_whole("gold", gold, 0, 99)
        check_whole("silenced", silenced, 0, PAWNS)
        check_whole("pawns", pawns, 0, PAWNS)
        check_type("at_camp", at_camp, bool)
        best = [
            gold - 2 * silenced - paid + (_STOW_GOLD if stow and pawns == 0 and at_camp else 0)
            for paid, stow in self.carry
        ]
        return min(best)


def _check(turn: int, shows: tuple[str, ...], declared: tuple[str, ...], camp: str) -> None:
    """Refuse a turn off the game's 4, a space off the Map, a Defense not in the game."""
    check_whole("turn", turn, 1, load_tiles().counts["turns"])
    G = game_map()
    check_items("shows", shows, str)
    for space in shows:
        check_space(G, space)
    check_items("declared", declared, str)
    for defense in declared:
        check_id("Defense", defense, load_tiles().defenses)
    check_space(G, camp)


@functools.lru_cache(maxsize=4096)
def turn_options(
    turn: int,
    shows: tuple[str, ...],
    declared: tuple[str, ...],
    camp: str,
    *,
    figures: frozenset[str] = frozenset(),
    advanced: bool = False,
) -> tuple[Means, ...]:
    """Each way the turn's proof can be met: one :class:`Means` per cheapest set of tiles.

    `shows` are the spaces of the turn's Shows, `declared` the Defenses Blackbeard declared
    in its Encounters, `figures` the ADVANCED Defenses whose blocks were seen this turn
    (``longboat``, ``israel_hands``), `camp` the Camp in the history counted.
    """
    _check(turn, shows, declared, camp)
    check_type("figures", figures, frozenset)
    for defense in figures:
        check_id("figure's Defense", defense, ("longboat", "israel_hands"))
    check_type("advanced", advanced, bool)
    tiles = load_tiles()
    if turn > 1:  # tiles may hold cubes from earlier turns: each Show proves a pawn
        fete = advanced and any(s in tiles.spaces("fete_tobias_knight", camp) for s in shows)
        sail = PAWNS - len(set(shows))
        by = PAWNS if fete else sail - 1
        return (Means(sail=sail, silent=sail - 1, prepare_by=by, carry=((0, False),)),)
    prepared = [*declared, *sorted(figures)] if turn == 1 else []
    pawns = len(prepared)
    before = sum(tiles.defenses[d]["gold"] for d in prepared)
    choices = [_candidates(space, camp) for space in dict.fromkeys(shows)]
    found = set()
    for pick in itertools.product(*choices):
        if len(set(pick)) < len(pick):  # one tile Shows once
            continue
        used = pawns + sum(tiles.squares(t) for t in pick)
        if used > PAWNS:
            continue
        gold = sum(tiles.squares(t) for t in pick if tiles.piracy[t]["cubes"] == "gold")
        income = sum(_income(t) for t in pick)
        fete = advanced and "fete_tobias_knight" in pick
        sail = PAWNS - used
        found.add(
            Means(
                sail=sail,
                silent=sail - 1,
                prepare_by=PAWNS if fete else sail - 1,
                before=before,
                after=gold,
                carry=((before + gold - income, used + 4 <= PAWNS),),
            )
        )
    return tuple(sorted(_best(found), key=lambda m: (-m.sail, m.before + m.after)))


def merged(options: tuple[Means, ...]) -> Means:
    """The means every option in `options` allows: what holds for each at once.

    >>> a, b = Means(sail=3, silent=2, prepare_by=5), Means(sail=2, silent=1, prepare_by=1)
    >>> merged((a, b)).sail, merged((a, b)).prepare_by
    (2, 1)
    """
    check_items("options", options, Means)
    if not options:
        raise PiratelibError("merged needs at least one Means: got no options")
    return Means(
        sail=min(m.sail for m in options),
        silent=min(m.silent for m in options),
        prepare_by=min(m.prepare_by for m in options),
        before=max(m.before for m in options),
        after=max(m.before + m.after for m in options) - max(m.before for m in options),
        carry=tuple(sorted({c for m in options for c in m.carry})),
    )


def _best(found: set[Means]) -> list[Means]:
    """Drop each option another allows every history of (never stricter in anything)."""

    def covers(a: Means, b: Means) -> bool:
        return (
            a.sail >= b.sail
            and a.prepare_by >= b.prepare_by
            and a.before <= b.before
            and a.before + a.after <= b.before + b.after
            and all(a.carry[0][0] <= paid and (a.carry[0][1] or not s) for paid, s in b.carry)
        )

    return [m for m in found if not any(o != m and covers(o, m) for o in found)]


@functools.cache
def _candidates(space: str, camp: str) -> tuple[str, ...]:
    """The Piracy tiles that Show and can fill at `space` (the Camp at `camp`)."""
    tiles = load_tiles()
    return tuple(
        t for t in tiles.piracy if tiles.piracy[t]["show"] and space in tiles.spaces(t, camp)
    )


def _income(tile: str) -> int:
    """The most gold filling `tile` can bring: its Loot at the best markers, its extra gold."""
    tiles = load_tiles()
    info = tiles.piracy[tile]
    best = sorted(tiles.loot, reverse=True)[: info["take_loot"]]
    gold: int = sum(best) + info["extra_gold"]
    if tile == "sell_cargo":  # "equal to those shown on all markers in Taken Loot, plus two"
        gold += _STOW_GOLD + 2
    return gold
