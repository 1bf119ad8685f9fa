"""The Hunters' Commandeered Assets of Hunt for Blackbeard, and where they may be taken.

"Hunters may Commandeer new Assets for a Sloop (red icon for Jane, white for Ranger) only
while that Sloop is at James River, Assets for both Sloops (red and white icons) while
both remain at James River, and for Brand (blue icon) only while he is at James River."
Canoes are the exception: "Commandeer anywhere". The tiles are data
(``blackbeard_assets.toml``); :func:`load_assets` checks them. Cannon and Extra Hands are
one tile per Sloop, with the ids the Encounter declares (``cannon_jane``,
``cannon_ranger``, ``extra_hands_jane``, ``extra_hands_ranger``): "Commandeer Extra Hands
only if the named Sloop (Jane or Ranger) is at James River."

Examples
--------
>>> ASSETS = load_assets()
>>> ASSETS["skilled_helm"]["at_james_river"]
'all'
>>> ASSETS["cannon_ranger"]["pieces"]
['ranger']
>>> ASSETS["canoes"]["name"] = "Kayaks"  # doctest: +ELLIPSIS
Traceback (most recent call last):
  ...
TypeError: this mapping is read-only (piratelib shares it with every caller): ...
>>> check_commandeer("canoes", {"brand": "bath_town"})
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, cast

from piratelib import data
from piratelib.blackbeard.board import JAMES_RIVER, check_space, load_map
from piratelib.blackbeard.readonly import TEXT, check_fields, locked_value
from piratelib.errors import DataError, IllegalActionError, check_id, did_you_mean

__all__ = ["HUNTER_PIECES", "check_assets", "check_commandeer", "load_assets"]

HUNTER_PIECES = ("jane", "ranger", "brand")
_WHERE = ("any", "all", "none")
_FIELDS = {
    **{key: (str, True) for key in ("id", "name", "at_james_river", "effect", "evidence")},
    "pieces": (list, True),
    "advanced": (bool, True),
    "src": (list, True),
    "why": TEXT,
}
_PER_SLOOP = {"cannon": "Cannon", "extra_hands": "Extra Hands"}
"""Tiles that exist once per Sloop: their id without the Sloop names no tile."""


def load_assets(path: str | Path | None = None) -> Mapping[str, Mapping[str, Any]]:
    """Return the Commandeered Asset tiles by id, checked and read-only.

    Raises
    ------
    DataError
        If the file is malformed; the message names the file and the entry.
    """
    if path is None:
        return _default_assets()
    return _build(*data.read_path(path))


def check_assets(assets: Iterable[str]) -> frozenset[str]:
    """Return `assets` as a frozenset after checking every id is a Commandeered Asset.

    Raises
    ------
    IllegalActionError
        For an unknown id, suggesting the closest.

    Examples
    --------
    >>> check_assets(["canoe"])
    Traceback (most recent call last):
      ...
    piratelib.errors.IllegalActionError: unknown ... 'canoe': did you mean 'canoes'? ...
    """
    known = load_assets()
    if not isinstance(assets, str | Iterable):
        raise IllegalActionError(f"assets must be Asset ids, got {assets!r}")
    assets = [assets] if isinstance(assets, str) else list(assets)
    for asset in cast("list[object]", assets):  # callers may pass anything: refuse non-text
        if not isinstance(asset, str):
            check_id("Commandeered Asset", asset, known)
    assets = frozenset(assets)
    for asset in assets:
        if asset in _PER_SLOOP:
            raise IllegalActionError(
                f"{asset!r} names no Sloop: {_PER_SLOOP[asset]} is one tile per Sloop, "
                f"{asset}_jane or {asset}_ranger ('{known[asset + '_jane']['evidence']}')"
            )
        if asset not in known:
            hint = did_you_mean(asset, known)
            raise IllegalActionError(
                f"unknown Commandeered Asset {asset!r}: {hint}the Assets are {', '.join(known)}"
            )
    return assets


def check_commandeer(asset: str, positions: Mapping[str, str | None]) -> None:
    """Raise unless the Hunters may Commandeer `asset` with their pieces at `positions`.

    Parameters
    ----------
    asset : str
        An Asset id, such as ``"cannon_jane"`` (Cannon for Jane).
    positions : mapping of piece to space
        Where Jane, Ranger and Brand are; a piece not listed (or None) is taken to be
        away from James River.

    Raises
    ------
    IllegalActionError
        Naming the Asset, the pieces it needs at James River and where they are.

    Examples
    --------
    A Sloop's tile needs that Sloop at James River: "Jane and Ranger can only Commandeer
    Cannon if the Sloop is at James River."

    >>> check_commandeer("cannon_jane", {"jane": "cape_henry", "ranger": "james_river"})
    Traceback (most recent call last):
      ...
    piratelib.errors.IllegalActionError: Cannon (Jane) needs jane at James River; now jane ...

    Tiles for both Sloops need both there: "Assets for both Sloops (red and white icons)
    while both remain at James River".

    >>> check_commandeer("skilled_helm", {"jane": "james_river", "ranger": "cape_henry"})
    Traceback (most recent call last):
      ...
    piratelib.errors.IllegalActionError: Skilled Helm needs jane and ranger at James River; ...
    """
    check_assets([asset])
    _check_positions(positions)
    tile = load_assets()[asset]
    home = [p for p in tile["pieces"] if positions.get(p) == JAMES_RIVER]
    rule = tile["at_james_river"]
    if (
        rule == "none"
        or (rule == "any" and home)
        or (rule == "all" and len(home) == len(tile["pieces"]))
    ):
        return
    where = ", ".join(
        f"{p} at {positions[p]}" if positions.get(p) else f"{p} not on the Map"
        for p in tile["pieces"]
    )
    need = " and ".join(tile["pieces"]) if rule == "all" else " or ".join(tile["pieces"])
    raise IllegalActionError(
        f"{tile['name']} needs {need} at James River; now {where} ('{tile['evidence']}')"
    )


def _check_positions(positions: Mapping[str, str | None]) -> None:
    """Raise for a piece that is no Hunter piece or a space that is not on the Map."""
    G = load_map()
    if not isinstance(positions, Mapping):
        raise IllegalActionError(f"positions must map Hunter pieces to spaces, got {positions!r}")
    for piece, space in positions.items():
        if piece not in HUNTER_PIECES:
            raise IllegalActionError(
                f"Commandeer looks at the Hunter pieces {', '.join(HUNTER_PIECES)}, not {piece!r}"
            )
        if space is not None:
            check_space(G, space)


@functools.cache
def _default_assets() -> Mapping[str, Mapping[str, Any]]:
    """The packaged Asset tiles, loaded once."""
    return _build(*data.read("blackbeard_assets.toml"))


def _build(file: str, raw: dict[str, Any]) -> Mapping[str, Mapping[str, Any]]:
    """Check the parsed Asset tiles, every field, and index them by id (read-only)."""
    assets: dict[str, dict[str, Any]] = {}
    for where, tile in data.entries(
        file, raw, "asset", {"id", "name", "pieces", "at_james_river", "advanced", "effect"}
    ):
        if not isinstance(tile["id"], str) or not re.fullmatch(r"[a-z][a-z0-9_]*", tile["id"]):
            raise DataError(f"{where}: id must be snake_case, got {tile['id']!r}")
        for key in ("name", "effect", "evidence", "why"):
            if (key in tile or key == "name") and not isinstance(tile[key], str):
                raise DataError(f"{where}: {key} must be text, got {tile[key]!r}")
        if not tile["name"].strip():
            raise DataError(f"{where}: name must be the tile's printed name")
        pieces = tile["pieces"]
        if (
            not isinstance(pieces, list)
            or not pieces
            or not all(isinstance(p, str) and p in HUNTER_PIECES for p in pieces)
        ):
            raise DataError(f"{where}: pieces must be some of {HUNTER_PIECES}, got {pieces!r}")
        if len(set(pieces)) < len(pieces):
            raise DataError(f"{where}: pieces names a piece twice: {pieces}")
        if not isinstance(tile["at_james_river"], str) or tile["at_james_river"] not in _WHERE:
            raise DataError(
                f"{where}: at_james_river must be one of {_WHERE}, got {tile['at_james_river']!r}"
            )
        if tile["at_james_river"] == "any" and len(pieces) != 1:
            raise DataError(
                f"{where}: an Asset for one piece (at_james_river = 'any') names exactly one "
                f"piece, got {pieces}: 'Hunters may Commandeer new Assets for a Sloop "
                f"... only while that Sloop is at James River'"
            )
        if not isinstance(tile["advanced"], bool):
            raise DataError(f"{where}: advanced must be true or false, got {tile['advanced']!r}")
        check_fields(where, tile, _FIELDS)
        data.check_sources(where, tile)
        assets[tile["id"]] = tile
    locked: Mapping[str, Mapping[str, Any]] = locked_value(assets)
    return locked
