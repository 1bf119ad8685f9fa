"""Every one-field corruption of a packaged data file is refused with a DataError that
names the file and the entry (issue 16).

The corruptions are generated from each file's parsed TOML (written back with the small
writer below, which round-trips every packaged file): for every leaf field, a value of the
wrong type; for every positive count, a negative one; for every string naming an id of the
same file, an unknown id; in every array of tables with ids, a duplicate id and, for each
key that every entry has, that key deleted from one entry. Whole-file corruptions too:
malformed TOML, bytes that are not UTF-8, a directory and an empty path as the path.
Edits that leave no game (issue 29, item 10): every list emptied, every key of a plain
table deleted, and every key only some entries have deleted (:func:`_cannot_be_a_game`).
About 3,340 corruptions in all (`test_the_corruptions_are_counted` prints them).
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
    ("blackbeard_informants.toml", "informant/groups", "max_src"),  # a tag: defaults to src
    ("blackbeard_map.toml", "space", "notes"),  # free text
    ("blackbeard_map.toml", "space", "subtype"),  # only some spaces have one
    ("blackbeard_map.toml", "space", "board_label"),  # defaults to the name
    ("blackbeard_map.toml", "route", "junction"),  # only some routes pass a junction
    ("blackbeard_map.toml", "route", "notes"),  # free text
    ("blackbeard_map.toml", "route", "confidence"),  # only reconstructed routes say it
    ("blackbeard_tiles.toml", "piracy", "cubes_src"),  # a tag: defaults to src
    ("blackbeard_tiles.toml", "defense", "subtitle"),  # free text
}

# Lists that may be empty in a real game: cards the rulebook names with no symbols, and
# Ships with no abilities. key: (file, list path without indices)
MAY_BE_EMPTY: set[tuple[str, str]] = {
    ("blackflag.toml", "card/symbols"),
    ("blackflag.toml", "ship/abilities"),
    ("blackflag.toml", "teaching_ships/ships/abilities"),
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
    yield from _cannot_be_a_game(name, raw)


def _cannot_be_a_game(name: str, raw: dict[str, Any]) -> Iterator[tuple[str, str, Callable]]:
    """Edits that still parse and type-check but leave no game (issue 29, item 10): every
    list emptied (``route = []``, no ``[[card]]``), every key of a plain table deleted (a
    rule's number), and every key that only some entries of an array have deleted from the
    first that has it (Col Moore's ``not_named``), unless OPTIONAL or MAY_BE_EMPTY."""
    for path, value in _all_nodes(raw):
        label = "/".join(map(str, path))
        shape = "/".join(str(p) for p in path if not isinstance(p, int))
        if isinstance(value, list) and value and (name, shape) not in MAY_BE_EMPTY:
            yield f"{label}: emptied", label, lambda d, p=path: _set(d, p, [])
        if not isinstance(value, dict):
            continue
        if not any(isinstance(p, int) for p in path):  # a plain table (or the file itself)
            for key in value:
                if (name, shape, key) not in OPTIONAL:
                    where = "/".join(map(str, (*path, key)))
                    yield f"{where}: deleted", where, lambda d, p=(*path, key): _pop(d, p)
    for path, tables in _all_arrays(raw):
        label = "/".join(map(str, path))
        shape = "/".join(str(p) for p in path if not isinstance(p, int))
        common = set.intersection(*(set(t) for t in tables))
        for key in sorted(set().union(*tables) - common):
            if (name, shape, key) in OPTIONAL:
                continue
            i = next(i for i, t in enumerate(tables) if key in t)
            where = f"{label}/{i}"
            yield f"{where}/{key}: deleted", where, lambda d, p=(*path, i, key): _pop(d, p)
        if any(isinstance(p, int) for p in path):  # inside an entry: _arrays misses it
            for key in sorted(common):
                if (name, shape, key) not in OPTIONAL:
                    where = f"{label}/0"
                    yield f"{where}/{key}: deleted", where, lambda d, p=(*path, 0, key): _pop(d, p)


def _all_nodes(node: Any, path: tuple = ()) -> Iterator[tuple[tuple, Any]]:
    yield path, node
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _all_nodes(v, (*path, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _all_nodes(v, (*path, i))


def _all_arrays(node: Any) -> Iterator[tuple[tuple, list[dict]]]:
    """Every array of tables, at any depth (the groups of an Informant too)."""
    for path, value in _all_nodes(node):
        if _is_tables(value):
            yield path, value


def _pop(data: dict, path: tuple) -> None:
    del _get(data, path[:-1])[path[-1]]


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
        names.add(step)  # a deleted key's name counts, though it is gone
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


def _emptied(key: str) -> Callable[[dict], None]:
    return lambda d: _set(d, (key,), [])


def _no_not_named(d: dict) -> None:
    del next(t for t in d["informant"] if t["id"] == "col_moore")["groups"][0]["not_named"]


@pytest.mark.parametrize(
    ("name", "change", "message"),
    [
        ("blackbeard_map.toml", _emptied("route"), r"route: expected at least one \[\[route\]\]"),
        ("blackbeard_map.toml", _emptied("sloop_move"), r"sloop_move: expected at least one"),
        ("blackbeard_assets.toml", _emptied("asset"), r"asset: expected at least one"),
        ("blackbeard_informants.toml", _emptied("informant"), r"informant: expected at least"),
        ("blackbeard_tiles.toml", _emptied("defense"), r"defense: expected at least one"),
        ("blackbeard_informants.toml", _no_not_named, r"col_moore.*needs not_named = true"),
        ("blackflag.toml", _emptied("card"), r"card: expected at least one \[\[card\]\]"),
        ("blackflag.toml", _emptied("ship"), r"ship: expected at least one"),
        ("blackflag.toml", _emptied("captain"), r"captain: expected at least one"),
        ("blackflag.toml", _emptied("phase"), r"phase: expected at least one"),
        ("blackflag.toml", _emptied("promotion"), r"promotion: expected at least one"),
        (
            "blackflag.toml",
            lambda d: d["rules"]["sinking"].pop("role_card_doubloon"),
            r"rules.sinking: missing role_card_doubloon",
        ),
        (
            "blackflag.toml",
            lambda d: d["components"].pop("victory_cards"),
            r"components: missing victory_cards",
        ),
    ],
)
def test_data_that_cannot_be_a_game_is_refused(name, change, message, tmp_path):
    """Issue 29, item 10: each of these loaded before, though no game can be played."""
    data = _raw(name)
    change(data)
    path = tmp_path / name
    path.write_text(dumps(data))
    with pytest.raises(DataError, match=rf"{name}: .*{message}"):
        _loaders()[name](path)


def test_a_map_whose_routes_leave_a_space_alone_is_refused(tmp_path):
    data = _raw("blackbeard_map.toml")
    data["route"] = [r for r in data["route"] if "bath_town" not in r["between"]]
    path = tmp_path / "blackbeard_map.toml"
    path.write_text(dumps(data))
    with pytest.raises(DataError, match=r"route: .*join every space.*bath_town cannot be"):
        _loaders()["blackbeard_map.toml"](path)
