"""Game data as TOML files, each fact tagged with its source; read with :func:`read`."""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Iterator
from importlib import resources
from pathlib import Path
from typing import Any

from piratelib.errors import DataError

__all__ = ["SOURCES", "check_sources", "entries", "read", "tables"]

SOURCES = frozenset({"rulebook", "implied", "board", "assumed"})
"""Provenance tags: stated in the rulebook, implied by its words (quoted), read off the
published board, or assumed (our reconstruction)."""


def read(name: str | Path) -> tuple[str, dict[str, Any]]:
    """Return ``(file name, parsed TOML)`` for a packaged data file or a path.

    Raises
    ------
    DataError
        If the file is missing or is not valid TOML; the message names the file.

    Examples
    --------
    >>> name, data = read("blackbeard_map.toml")
    >>> name, data["counts"]["slots"]
    ('blackbeard_map.toml', 24)
    """
    path = Path(name) if isinstance(name, Path) else resources.files(__name__) / name
    try:
        with path.open("rb") as file:
            return path.name, tomllib.load(file)
    except FileNotFoundError:
        raise DataError(f"{path}: no such data file") from None
    except tomllib.TOMLDecodeError as error:
        raise DataError(f"{path.name}: not valid TOML: {error}") from None


def tables(file: str, raw: dict[str, Any], key: str) -> list[dict[str, Any]]:
    """Return the ``[[key]]`` tables of a parsed file, or raise DataError naming the file.

    Examples
    --------
    >>> tables("x.toml", {"space": [{"id": "a"}]}, "space")
    [{'id': 'a'}]
    """
    entries = raw.get(key)
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise DataError(f"{file}: expected a list of [[{key}]] tables")
    return entries


def entries(
    file: str, raw: dict[str, Any], key: str, required: Iterable[str]
) -> Iterator[tuple[str, dict[str, Any]]]:
    """Yield ``(where, entry)`` for each ``[[key]]`` table with an ``id``, checked.

    `where` names the file and the entry for messages. Every entry must have the
    `required` keys and an id no earlier entry has.

    Raises
    ------
    DataError
        For a missing key or a duplicate id, naming the file and the entry.

    Examples
    --------
    >>> list(entries("x.toml", {"tile": [{"id": "a"}, {"id": "a"}]}, "tile", ["id"]))
    Traceback (most recent call last):
      ...
    piratelib.errors.DataError: x.toml: tile #2 (a): duplicate tile id 'a'
    """
    seen: set[object] = set()
    for i, entry in enumerate(tables(file, raw, key)):
        where = f"{file}: {key} #{i + 1} ({entry.get('id', '?')})"
        missing = set(required) - entry.keys()
        if missing:
            raise DataError(f"{where}: missing {', '.join(sorted(missing))}")
        if entry["id"] in seen:
            raise DataError(f"{where}: duplicate {key} id {entry['id']!r}")
        seen.add(entry["id"])
        yield where, entry


def check_sources(where: str, entry: dict[str, Any]) -> None:
    """Check that `entry` lists its sources, and quotes the rulebook if 'implied'.

    Raises
    ------
    DataError
        Naming `where` (file and entry) and what is wrong.

    Examples
    --------
    >>> check_sources("x.toml: space #1", {"src": ["implied"]})
    Traceback (most recent call last):
      ...
    piratelib.errors.DataError: x.toml: space #1: an 'implied' fact needs ... in evidence
    """
    src = entry.get("src")
    if not isinstance(src, list) or not src or not set(src) <= SOURCES:
        raise DataError(f"{where}: src must list some of {sorted(SOURCES)}, got {src!r}")
    if "implied" in src and not entry.get("evidence"):
        raise DataError(f"{where}: an 'implied' fact needs the rulebook's words in evidence")
