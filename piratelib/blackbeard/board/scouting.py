"""Where the Hunters can look and where Blackbeard's other blocks can go.

Scouting openly Spots spaces near a Hunter piece; a revealed Sighting lets the Hunters
Spot on along its Water Routes; the advanced Longboat and Israel Hands Defenses place
Blackbeard's other blocks. Each rule is a small function quoting the rulebook.

Examples
--------
The rulebook's "Example: Scout, March, Sail, Spot": Brand at Queen Anne's Creek, with
Partisans and Canoes, Scouts his own space and, across Albemarle Sound, Pasquotank River,
for one pawn.

>>> from piratelib.blackbeard.board import load_map
>>> G = load_map()
>>> check_scout(
...     G,
...     "brand",
...     "queen_annes_creek",
...     ["queen_annes_creek", "pasquotank_river"],
...     assets={"partisans", "canoes"},
... )
1
"""

from __future__ import annotations

from collections.abc import Iterable

import networkx as nx

from piratelib.blackbeard.board import CAPE_HENRY, adjacent, check_space, of_kind
from piratelib.blackbeard.board.assets import HUNTER_PIECES, check_assets
from piratelib.blackbeard.readonly import check_type
from piratelib.errors import IllegalActionError

__all__ = [
    "LONGBOAT_RANGE",
    "check_scout",
    "israel_hands_spaces",
    "longboat_spaces",
    "scout_targets",
    "sighting_chain",
]

LONGBOAT_RANGE = 3
"""Longboat: "within 3 Map spaces of Camp (by Water or Land)"."""

_SCOUT = (
    "Scout: 'Jane, Ranger, and Brand each may Scout their own space (before moving) or one "
    "space adjacent to them. Any Hunters may Scout adjacent by Land or Water.'"
)
_CANOES = "Canoes: 'Each Hunter may Scout 1 space just beyond adjacent Sound'"
_SCOUTS_TWO = {"brand": "partisans", "jane": "master_wm_butler", "ranger": "master_wm_butler"}


def scout_targets(
    G: nx.Graph[str], piece: str, space: str, *, assets: Iterable[str] = ()
) -> dict[str, str]:
    """Return each space `piece` at `space` may Scout, with how (``own``, ``adjacent``, ``canoes``).

    Only block slots can be Spotted. With Canoes a piece may also Spot "any 1 space ...
    that is 2 spaces away if the intervening space is a Sound".

    Parameters
    ----------
    piece : {"jane", "ranger", "brand"}
    space : str
        Where the piece is.
    assets : iterable of str
        Commandeered Assets the Hunters declare for this Scout (``canoes``,
        ``partisans`` for Brand, ``master_wm_butler`` for the Sloops).

    Raises
    ------
    IllegalActionError
        Scouting from Cape Henry ("They may not Scout from Cape Henry"), an unknown
        piece or space, or an Asset that does not help this piece Scout.

    Examples
    --------
    >>> from piratelib.blackbeard.board import load_map
    >>> targets = scout_targets(load_map(), "ranger", "roanoke_inlet", assets={"canoes"})
    >>> targets["currituck_sound"], targets["nots_island"]
    ('adjacent', 'canoes')
    """
    check_type("G", G, nx.Graph)
    assets = _check_scout_assets(piece, assets)
    check_space(G, space)
    if space == CAPE_HENRY:
        raise IllegalActionError(
            f"{piece} cannot Scout from Cape Henry: 'They may not Scout from Cape Henry'"
        )
    near = adjacent(G, space)
    targets = {s: "adjacent" for s in near if G.nodes[s]["slot"]}
    if G.nodes[space]["slot"]:
        targets[space] = "own"
    if "canoes" in assets:
        for sound in near & of_kind(G, "sound"):
            for beyond in adjacent(G, sound):
                if beyond not in targets and beyond != space and G.nodes[beyond]["slot"]:
                    targets[beyond] = "canoes"
    return dict(sorted(targets.items()))


def check_scout(
    G: nx.Graph[str], piece: str, space: str, targets: Iterable[str], *, assets: Iterable[str] = ()
) -> int:
    """Check one Scout segment of one piece and return the pawns it costs.

    "Scout ... one space per piece, for one pawn each." Partisans: "Brand with Partisans
    may Scout 2 Map spaces for just 1 pawn." Master Wm Butler: "Jane and Ranger each may
    Scout to Spot 2 spaces (instead of 1) for 1 pawn per space." Canoes: "any 1 space
    (only, regardless of Butler or Partisans)" beyond an adjacent Sound.

    Raises
    ------
    IllegalActionError
        A target out of reach, repeated, too many targets, or more than one by Canoes.

    Examples
    --------
    >>> from piratelib.blackbeard.board import load_map
    >>> check_scout(load_map(), "jane", "roanoke_inlet", ["currituck_sound"])
    1
    >>> check_scout(load_map(), "jane", "roanoke_inlet", ["gun_inlet", "currituck_sound"])
    Traceback (most recent call last):
      ...
    piratelib.errors.IllegalActionError: jane may Scout at most 1 space per Scout segment, ...
    """
    check_type("G", G, nx.Graph)
    assets = _check_scout_assets(piece, assets)
    allowed = scout_targets(G, piece, space, assets=assets)
    targets = [check_space(G, t) for t in targets]
    if not targets:
        raise IllegalActionError("a Scout needs at least one target space")
    if len(set(targets)) < len(targets):
        raise IllegalActionError(f"each space is Scouted once; repeated in {targets}")
    for target in targets:
        if target not in allowed:
            raise IllegalActionError(
                f"{piece} at {space} cannot Scout {target}: {_SCOUT}"
                + (f"; {_CANOES}" if "canoes" in assets else "")
                + f". It may Scout: {', '.join(allowed) or 'nothing'}"
            )
    two = _SCOUTS_TWO[piece] in assets
    most = 2 if two else 1
    if len(targets) > most:
        helper = _SCOUTS_TWO[piece].replace("_", " ").title()
        raise IllegalActionError(
            f"{piece} may Scout at most {most} space per Scout segment, got {len(targets)}"
            + ("" if two else f" (with {helper}, 2)")
        )
    if sum(allowed[t] == "canoes" for t in targets) > 1:
        raise IllegalActionError(
            f"{_CANOES}: only 1 such space, 'regardless of Butler or Partisans'"
        )
    return 1 if piece == "brand" else len(targets)


def sighting_chain(G: nx.Graph[str], sighting: str) -> frozenset[str]:
    """Return the spaces the Hunters may Spot next after revealing a Sighting at `sighting`.

    Sightings: "At any moment that Spotting reveals a hidden Sighting block, the Hunters
    may Spot in another space adjacent to it by Water Route. If the second space reveals
    another Sighting, they may Spot a third space adjacent to that, and so on."

    Raises
    ------
    IllegalActionError
        If `sighting` is not a block slot (no Sighting can be there).

    Examples
    --------
    The rulebook's example: Ranger Spots a Sighting at Roanoke Inlet, then Gun Inlet.

    >>> from piratelib.blackbeard.board import load_map
    >>> "gun_inlet" in sighting_chain(load_map(), "roanoke_inlet")
    True
    """
    check_type("G", G, nx.Graph)
    check_space(G, sighting)
    if not G.nodes[sighting]["slot"]:
        raise IllegalActionError(f"{sighting} holds no block, so no Sighting can be there")
    return frozenset(s for s in adjacent(G, sighting, "water") if G.nodes[s]["slot"])


def longboat_spaces(G: nx.Graph[str], camp: str, *, occupied: Iterable[str] = ()) -> frozenset[str]:
    """Return where Longboat may place the Blackbeard block.

    Longboat: "place the appropriate Blackbeard block as desired within 3 Map spaces of
    Camp (by Water or Land) where no Adventure, Sighting, or Israel Hands". Distance is
    counted through every Map space, with or without a block (assumed: New Bern and
    Albemarle County count as spaces, as they do for Capt Vail). The Camp itself is
    included: that is the Blackbeard-at-Camp block.

    Parameters
    ----------
    camp : str
        The Camp's space, an Anchorage.
    occupied : iterable of str
        Spaces holding Adventure, a Sighting or Israel Hands.

    Examples
    --------
    >>> from piratelib.blackbeard.board import load_map
    >>> spaces = longboat_spaces(load_map(), "roanoke_island", occupied=["roanoke_inlet"])
    >>> "roanoke_island" in spaces, "roanoke_inlet" in spaces, "fish_town" in spaces
    (True, False, False)
    """
    check_type("G", G, nx.Graph)
    check_space(G, camp)
    if G.nodes[camp]["kind"] != "anchorage":
        raise IllegalActionError(
            f"the Camp is always in an Anchorage, and {camp} is a {G.nodes[camp]['kind']}"
        )
    blocked = {check_space(G, s) for s in occupied}
    near = nx.single_source_shortest_path_length(G, camp, cutoff=LONGBOAT_RANGE)
    return frozenset(s for s in near if G.nodes[s]["slot"] and s not in blocked)


def israel_hands_spaces(G: nx.Graph[str], *, occupied: Iterable[str] = ()) -> frozenset[str]:
    """Return where the Israel Hands Defense may place its block.

    Israel Hands: "places at any Town where no Adventure, Blackbeard, or Sighting".

    Examples
    --------
    >>> from piratelib.blackbeard.board import load_map
    >>> sorted(israel_hands_spaces(load_map(), occupied=["bath_town"]))
    ['fish_town', 'queen_annes_creek']
    """
    check_type("G", G, nx.Graph)
    blocked = {check_space(G, s) for s in occupied}
    return of_kind(G, "town") - blocked


def _check_scout_assets(piece: str, assets: Iterable[str]) -> frozenset[str]:
    """Check the piece and that each declared Asset helps this piece Scout."""
    if piece not in HUNTER_PIECES:
        raise IllegalActionError(
            f"only Hunter pieces Scout ({', '.join(HUNTER_PIECES)}), not {piece!r}"
        )
    assets = check_assets(assets)
    useless = assets - {"canoes", _SCOUTS_TWO[piece]}
    if useless:
        raise IllegalActionError(
            f"{', '.join(sorted(useless))} does not help {piece} Scout; for {piece} only "
            f"canoes and {_SCOUTS_TWO[piece]} do"
        )
    return assets
