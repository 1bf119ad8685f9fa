"""Every one-field corruption of a packaged data file is refused with a DataError that
names the file and the entry (issue 16).

The corruptions are generated from each file's parsed TOML (written back with the small
writer below, which round-trips every packaged file): for every leaf field, a value of the
wrong type; for every positive count, a negative one; for every string naming an id of the
same file, an unknown id; in every array of tables with ids, a duplicate id and, for each
key that every entry has, that key deleted from one entry. Whole-file corruptions too:
malformed TOML, bytes that are not UTF-8, a directory and an empty path as the path.
About 2,570 one-field corruptions in all (`test_the_corruptions_are_counted` prints them).
:data:`COVERED` lists the files whose one-field corruptions run without ``-k``.
"""

from __future__ import annotations

import json
import math
import tomllib
from collections.abc import Callable, Iterator
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from piratelib.errors import DataError

# The entry naming in messages: "<file>: ... <entry id or table> ..."


def _loaders() -> dict[str, Callable[[Path | str], object]]:
    from piratelib.blackbeard import board
    from piratelib.blackbeard.board import assets, informants
    from piratelib.blackbeard.piracy import tiles
    from piratelib.blackflag import data as bf_data
    from piratelib.dreadpirate import data as dp_data
    from piratelib.dreadpirate.sea import grid as sea

    return {
        "blackbeard_assets.toml": assets.load_assets,
        "blackbeard_informants.toml": informants.load_informants,
        "blackbeard_map.toml": board.load_map,
        "blackbeard_tiles.toml": tiles.load_tiles,
        "blackflag.toml": bf_data.load_blackflag,
        "dreadpirate.toml": dp_data.load_dreadpirate,
        "dreadpirate_sea.toml": sea.load_sea,
    }


FILES = sorted(_loaders())

# Fields whose value is free text or optional by design: a wrong type is still refused,
# but deleting them is allowed (they have a documented default).
# key: (file, table path, key)
OPTIONAL: set[tuple[str, str, str]] = {
    ("blackbeard_informants.toml", "informant", "subtitle"),  # TEXT: optional in informants
}

# Files whose one-field corruptions run in the full suite (without -k); the others run when
# a -k expression is given, for the helpers fixing their loaders (issue 16).
COVERED = (
    "blackbeard_assets.toml",
    "blackbeard_informants.toml",
    "blackbeard_map.toml",
    "blackbeard_tiles.toml",
    "blackflag.toml",
    "dreadpirate.toml",
    "dreadpirate_sea.toml",
)


def _raw(name: str) -> dict[str, Any]:
    return tomllib.loads((resources.files("piratelib.data") / name).read_text())


# ---------------------------------------------------------------------------------------
# A small TOML writer (enough for piratelib's data files)
# ---------------------------------------------------------------------------------------


def dumps(data: dict[str, Any]) -> str:
    lines: list[str] = []
    _table(data, [], lines, header=None)
    return "\n".join(lines) + "\n"


def _key(k: str) -> str:
    return json.dumps(k)


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if math.isnan(v):
            return "nan"
        if math.isinf(v):
            return "inf" if v > 0 else "-inf"
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v)
    if isinstance(v, list):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{_key(k)} = {_value(x)}" for k, x in v.items()) + "}"
    raise TypeError(v)


def _is_tables(v: Any) -> bool:
    return isinstance(v, list) and bool(v) and all(isinstance(x, dict) for x in v)


def _table(data: dict, path: list[str], lines: list[str], header: str | None) -> None:
    if header:
        lines.append(header)
    for k, v in data.items():
        if not isinstance(v, dict) and not _is_tables(v):
            lines.append(f"{_key(k)} = {_value(v)}")
    for k, v in data.items():
        sub = [*path, _key(k)]
        if isinstance(v, dict):
            _table(v, sub, lines, header=f"[{'.'.join(sub)}]")
        elif _is_tables(v):
            for entry in v:
                _array_entry(entry, sub, lines)


def _array_entry(entry: dict, path: list[str], lines: list[str]) -> None:
    lines.append(f"[[{'.'.join(path)}]]")
    for k, v in entry.items():
        lines.append(f"{_key(k)} = {_value(v)}")


# ---------------------------------------------------------------------------------------
# Corruptions
# ---------------------------------------------------------------------------------------


def _ids(node: Any) -> set[str]:
    out: set[str] = set()
    if isinstance(node, dict):
        if isinstance(node.get("id"), str):
            out.add(node["id"])
        for v in node.values():
            out |= _ids(v)
    elif isinstance(node, list):
        for v in node:
            out |= _ids(v)
    return out


def _leaves(node: Any, path: tuple = ()) -> Iterator[tuple[tuple, Any]]:
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _leaves(v, (*path, k))
    elif _is_tables(node):
        for i, v in enumerate(node):
            yield from _leaves(v, (*path, i))
    else:
        yield path, node


def _set(data: dict, path: tuple, value: Any) -> None:
    node = data
    for step in path[:-1]:
        node = node[step]
    node[path[-1]] = value


def _wrong_type(value: Any) -> Any:
    if isinstance(value, bool):
        return "yes"
    if isinstance(value, int | float):
        return str(value)
    if isinstance(value, str):
        return 7
    if isinstance(value, list):
        return "not a list"
    return 7


def corruptions(name: str) -> Iterator[tuple[str, str, Callable[[dict], None]]]:
    """(label, entry hint, change) for one-field corruptions of the parsed file `name`."""
    raw = _raw(name)
    ids = _ids(raw)
    for path, value in _leaves(raw):
        label = "/".join(map(str, path))
        yield f"{label}: wrong type", label, lambda d, p=path, v=value: _set(d, p, _wrong_type(v))
        if isinstance(value, int) and not isinstance(value, bool) and value > 0:
            yield f"{label}: negative", label, lambda d, p=path, v=value: _set(d, p, -v)
        if isinstance(value, str) and value in ids and path[-1] not in ("id", "name"):
            yield f"{label}: unknown id", label, lambda d, p=path: _set(d, p, "no_such_id")
    for path, tables in _arrays(raw):
        label = "/".join(map(str, path))
        if len(tables) > 1 and all(isinstance(t.get("id"), str) for t in tables):
            yield f"{label}: duplicate id", label, lambda d, p=path: _dup(d, p)
        common = set.intersection(*(set(t) for t in tables))
        for key in sorted(common):
            if (name, label, key) in OPTIONAL:
                continue
            yield f"{label}/0/{key}: deleted", label, lambda d, p=path, k=key: _delete(d, p, k)


def _arrays(node: Any, path: tuple = ()) -> Iterator[tuple[tuple, list[dict]]]:
    if isinstance(node, dict):
        for k, v in node.items():
            if _is_tables(v):
                yield (*path, k), v
            else:
                yield from _arrays(v, (*path, k))


def _get(data: dict, path: tuple) -> Any:
    for step in path:
        data = data[step]
    return data


def _dup(data: dict, path: tuple) -> None:
    tables = _get(data, path)
    tables[1]["id"] = tables[0]["id"]


def _delete(data: dict, path: tuple, key: str) -> None:
    del _get(data, path)[0][key]


def _cases() -> list[tuple[str, str]]:
    return [(name, label) for name in FILES for label, _, _ in corruptions(name)]


@pytest.mark.parametrize("name", FILES)
def test_the_writer_round_trips_every_data_file(name, tmp_path):
    path = tmp_path / name
    path.write_text(dumps(_raw(name)))
    assert tomllib.loads(path.read_text()) == _raw(name)
    _loaders()[name](path)


def pytest_generate_tests(metafunc):
    if "covered" in metafunc.fixturenames:
        chosen = [f for f in FILES if metafunc.config.getoption("keyword") or f in COVERED]
        metafunc.parametrize("covered", chosen)


def test_every_one_field_corruption_is_refused_naming_file_and_entry(covered, tmp_path):
    name = covered
    path = tmp_path / name
    accepted, unclear, ran = [], [], 0
    for label, where, change in corruptions(name):
        data = _raw(name)
        change(data)
        path.write_text(dumps(data))
        ran += 1
        try:
            _loaders()[name](path)
        except DataError as error:
            if name not in str(error) or not _names_entry(str(error), data, where):
                unclear.append(f"{label}: {error}")
        except Exception as error:
            accepted.append(f"{label}: {type(error).__name__}: {error}")
        else:
            accepted.append(f"{label}: accepted")
    print(f"{name}: {ran} one-field corruptions")
    assert ran >= 5, name
    assert not accepted, f"{name}: {len(accepted)} of {ran} not refused with DataError:\n" + (
        "\n".join(accepted)
    )
    assert not unclear, f"{name}: {len(unclear)} of {ran} unclear messages:\n" + "\n".join(unclear)


def _names_entry(message: str, data: dict, where: str) -> bool:
    """The message names the entry: its id, or the table's key, as the file spells it."""
    parts = where.split("/")
    node: Any = data
    names = set()
    for step in parts:
        try:
            node = node[int(step)] if step.isdigit() else node[step]
        except (KeyError, IndexError, TypeError, ValueError):
            break
        names.add(step)
        if isinstance(node, dict) and isinstance(node.get("id"), str):
            names.add(node["id"])
    names -= {p for p in parts if p.isdigit()}
    return any(n in message for n in names)


@pytest.mark.parametrize("name", FILES)
@pytest.mark.parametrize(
    "content",
    [b'id = "unclosed\n[[x]\n', b'name = "caf\xe9"\n', b"\xff\xfe\x00"],
    ids=["malformed", "latin-1", "binary"],
)
def test_a_file_that_is_not_toml_or_not_utf8_is_a_data_error(name, content, tmp_path):
    path = tmp_path / name
    path.write_bytes(content)
    with pytest.raises(DataError, match=name):
        _loaders()[name](path)


@pytest.mark.parametrize("name", FILES)
def test_a_directory_or_an_empty_path_is_a_data_error(name, tmp_path):
    with pytest.raises(DataError):
        _loaders()[name](tmp_path)
    with pytest.raises(DataError):
        _loaders()[name]("")
    with pytest.raises(DataError):
        _loaders()[name](Path(""))


def test_the_corruptions_are_counted():
    counts = {name: sum(1 for _ in corruptions(name)) for name in FILES}
    print(counts, sum(counts.values()))
    assert sum(counts.values()) >= 500, counts
