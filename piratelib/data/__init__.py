"""Game data as TOML files, each fact tagged with its source; read with :func:`read`."""

from __future__ import annotations

import os
import tomllib
from collections.abc import Iterable, Iterator, Mapping
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Any

from piratelib.errors import DataError, did_you_mean

__all__ = [
    "SOURCES",
    "check_known",
    "check_sourced",
    "check_sources",
    "entries",
    "freeze",
    "freeze_entries",
    "is_count",
    "read",
    "read_path",
    "sourced_entries",
    "tables",
]

SOURCES = frozenset({"rulebook", "implied", "board", "assumed"})
"""Provenance tags: stated in the rulebook, implied by its words (quoted), read off the
published board, or assumed (our reconstruction)."""


def read(name: str | Path) -> tuple[str, dict[str, Any]]:
    """Return ``(file name, parsed TOML)`` for a packaged data file or a path.

    Raises
    ------
    DataError
        If `name` is not a file name or path, or the file is missing, a directory,
        unreadable, not UTF-8 or not valid TOML; the message names the file.

    Examples
    --------
    >>> name, data = read("blackbeard_map.toml")
    >>> name, data["counts"]["slots"]
    ('blackbeard_map.toml', 24)
    >>> read("")
    Traceback (most recent call last):
      ...
    piratelib.errors.DataError: data file name must be a file name or path, got ''
    """
    if not isinstance(name, str | Path) or not str(name).strip():
        raise DataError(f"data file name must be a file name or path, got {name!r}")
    path = Path(name) if isinstance(name, Path) else resources.files(__name__) / name
    try:
        with path.open("rb") as file:
            return path.name, tomllib.load(file)
    except FileNotFoundError:
        raise DataError(f"{path}: no such data file") from None
    except IsADirectoryError:
        raise DataError(f"{path}: a directory, not a data file") from None
    except UnicodeDecodeError as error:
        raise DataError(f"{path.name}: not UTF-8 text: {error}") from None
    except tomllib.TOMLDecodeError as error:
        raise DataError(f"{path.name}: not valid TOML: {error}") from None
    except OSError as error:
        raise DataError(f"{path}: cannot be read: {error.strerror or error}") from None


def read_path(path: object) -> tuple[str, dict[str, Any]]:
    """Return ``(file name, parsed TOML)`` for a user's data file at `path`: a ``str`` or
    :class:`~os.PathLike` path, never a packaged file's name (a loader reads its packaged
    file with :func:`read`).

    Raises
    ------
    DataError
        If `path` is not a non-empty path, or for every fault :func:`read` names (missing,
        a directory, unreadable, not UTF-8, not TOML).

    Examples
    --------
    >>> read_path(".")
    Traceback (most recent call last):
      ...
    piratelib.errors.DataError: the path of a data file must be a non-empty str or Path, got '.'
    """
    if not isinstance(path, str | os.PathLike) or str(path).strip() in ("", "."):
        raise DataError(
            f"the path of a data file must be a non-empty str or Path, got {path!r:.80}"
        )
    return read(Path(path))


def _check_args(file: object, raw: object, key: object) -> None:
    """Refuse a `file` that is not a name, a `raw` that is not parsed TOML (a dict) or a
    `key` that is not a table name: these helpers are called with what a loader read."""
    if not isinstance(file, str):
        raise DataError(f"the data file's name must be a string, got {file!r}")
    if not isinstance(raw, dict):
        raise DataError(f"{file}: expected parsed TOML (a table), got {raw!r}")
    if not isinstance(key, str) or not key:
        raise DataError(f"{file}: the table name must be a non-empty string, got {key!r}")


def tables(file: str, raw: dict[str, Any], key: str) -> list[dict[str, Any]]:
    """Return the ``[[key]]`` tables of a parsed file, or raise DataError naming the file.

    A game needs at least one of each table its file holds (spaces, routes, tiles, cards,
    phases ...), so an empty list (``key = []``) is refused like a missing one.

    Examples
    --------
    >>> tables("x.toml", {"space": [{"id": "a"}]}, "space")
    [{'id': 'a'}]
    >>> tables("x.toml", {"space": []}, "space")
    Traceback (most recent call last):
      ...
    piratelib.errors.DataError: x.toml: space: expected at least one [[space]] table, got none
    """
    _check_args(file, raw, key)
    entries = raw.get(key)
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise DataError(f"{file}: expected a list of [[{key}]] tables")
    if not entries:
        raise DataError(f"{file}: {key}: expected at least one [[{key}]] table, got none")
    return entries


def entries(
    file: str, raw: dict[str, Any], key: str, required: Iterable[str]
) -> Iterator[tuple[str, dict[str, Any]]]:
    """Yield ``(where, entry)`` for each ``[[key]]`` table with an ``id``, checked.

    `where` names the file and the entry for messages. Every entry must have the
    `required` keys and a string id no earlier entry has.

    Raises
    ------
    DataError
        For a missing key, an id that is not a string or a duplicate id, naming the file
        and the entry.

    Examples
    --------
    >>> list(entries("x.toml", {"tile": [{"id": "a"}, {"id": "a"}]}, "tile", ["id"]))
    Traceback (most recent call last):
      ...
    piratelib.errors.DataError: x.toml: tile #2 (a): duplicate tile id 'a'
    """
    if isinstance(required, str) or not all(isinstance(k, str) for k in required):
        raise DataError(f"{file}: required keys must be a collection of names, got {required!r}")
    seen: set[object] = set()
    for i, entry in enumerate(tables(file, raw, key)):
        where = f"{file}: {key} #{i + 1} ({entry.get('id', '?')})"
        missing = set(required) - entry.keys()
        if missing:
            raise DataError(f"{where}: missing {', '.join(sorted(missing))}")
        if "id" in entry and not isinstance(entry["id"], str):
            raise DataError(f"{where}: the id must be a string, got {entry['id']!r}")
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
    _check_entry(where, entry)
    src = entry.get("src")
    if (
        not isinstance(src, list)
        or not src
        or not all(isinstance(s, str) for s in src)
        or not set(src) <= SOURCES
    ):
        raise DataError(f"{where}: src must list some of {sorted(SOURCES)}, got {src!r}")
    if "implied" in src and not entry.get("evidence"):
        raise DataError(f"{where}: an 'implied' fact needs the rulebook's words in evidence")


def _check_entry(where: object, entry: object) -> None:
    if not isinstance(where, str):
        raise DataError(f"where (the file and entry) must be a string, got {where!r}")
    if not isinstance(entry, Mapping):
        raise DataError(f"{where}: expected a table of fields, got {entry!r}")


def check_sourced(where: str, entry: dict[str, Any]) -> None:
    """Check `src` and every ``*_src`` tag of `entry`; anything assumed needs a ``why``.

    Raises
    ------
    DataError
        Naming `where` and what is wrong.

    Examples
    --------
    >>> check_sourced("x.toml: ship #1", {"src": ["rulebook"], "stats_src": ["assumed"]})
    Traceback (most recent call last):
      ...
    piratelib.errors.DataError: x.toml: ship #1: an assumed fact needs a why
    """
    _check_entry(where, entry)
    check_sources(where, entry)
    tags = [key for key in entry if key.endswith("_src")]
    for key in tags:
        check_sources(f"{where}: {key}", {**entry, "src": entry.get(key)})
    if any("assumed" in entry[key] for key in ("src", *tags)) and not entry.get("why"):
        raise DataError(f"{where}: an assumed fact needs a why")


def check_known(where: str, what: str, name: object, known: Iterable[str]) -> None:
    """Raise DataError unless `name` is one of `known`, suggesting the closest.

    Examples
    --------
    >>> check_known("x.toml: card #1", "card type", "atack", ["attack", "defense"])
    Traceback (most recent call last):
      ...
    piratelib.errors.DataError: x.toml: card #1: unknown card type 'atack': did you mean \
'attack'? known: attack, defense
    """
    known = list(known)
    if name not in known:
        raise DataError(
            f"{where}: unknown {what} {name!r}: {did_you_mean(name, known)}"
            f"known: {', '.join(known)}"
        )


def is_count(value: object, least: int = 0) -> bool:
    """True for a whole number of at least `least` (a bool is not a number here).

    Examples
    --------
    >>> is_count(3), is_count(True), is_count(0, least=1), is_count(2.0)
    (True, False, False, False)
    """
    return isinstance(value, int) and not isinstance(value, bool) and value >= least


def freeze(value: Any) -> Any:
    """A read-only copy of parsed TOML: tables as mappings, lists as tuples, all the way down.

    Examples
    --------
    >>> frozen = freeze({"a": [1, {"b": 2}]})
    >>> frozen["a"], type(frozen).__name__
    ((1, mappingproxy({'b': 2})), 'mappingproxy')
    """
    if isinstance(value, dict):
        return MappingProxyType({k: freeze(v) for k, v in value.items()})
    if isinstance(value, list):
        return tuple(freeze(v) for v in value)
    return value


def sourced_entries(
    file: str, raw: dict[str, Any], key: str, required: Iterable[str]
) -> dict[str, tuple[str, dict[str, Any]]]:
    """Check the ``[[key]]`` tables' keys, ids and sources; return ``{id: (where, entry)}``.

    Examples
    --------
    >>> raw = {"card": [{"id": "sails", "src": ["rulebook"]}]}
    >>> sourced_entries("x.toml", raw, "card", ["id", "src"])
    {'sails': ('x.toml: card #1 (sails)', {'id': 'sails', 'src': ['rulebook']})}
    """
    found = {}
    for where, entry in entries(file, raw, key, required):
        check_sourced(where, entry)
        found[entry["id"]] = (where, entry)
    return found


def freeze_entries(table: dict[str, tuple[str, dict[str, Any]]]) -> Mapping[str, Any]:
    """The entries of a :func:`sourced_entries` table, read-only, by id.

    Examples
    --------
    >>> frozen = freeze_entries({"sails": ("x.toml: card #1 (sails)", {"id": "sails"})})
    >>> frozen["sails"]["id"]
    'sails'
    >>> freeze_entries(None)
    Traceback (most recent call last):
      ...
    piratelib.errors.DataError: expected a sourced_entries table {id: (where, entry)}, got None
    """
    if not isinstance(table, Mapping) or not all(
        isinstance(k, str) and isinstance(v, tuple) and len(v) == 2 and isinstance(v[1], dict)
        for k, v in table.items()
    ):
        raise DataError(f"expected a sourced_entries table {{id: (where, entry)}}, got {table!r}")
    return MappingProxyType({k: freeze(entry) for k, (_, entry) in table.items()})
