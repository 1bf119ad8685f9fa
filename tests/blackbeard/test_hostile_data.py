"""Issue 16 for Hunt for Blackbeard's data files: every one-field corruption is a DataError
naming the file and the entry.

Each of blackbeard_map, _assets, _informants and _tiles.toml is parsed, changed one field
at a time (deleted, given a wrong type, a negative number, an unknown space or kind, an
entry repeated with its id), written back and loaded through the public loader. Fields
the file may leave out (notes, provenance details, optional filters) are not deleted;
every other corruption must be refused. Then the file-level faults: bad TOML, bytes that
are not UTF-8, a directory, an empty path, a missing file.
"""

import copy
import json
import math
from collections import Counter

import pytest

from piratelib import data
from piratelib.blackbeard.board import load_map
from piratelib.blackbeard.board.assets import load_assets
from piratelib.blackbeard.board.informants import check_informant, load_informants
from piratelib.blackbeard.piracy.tiles import load_tiles
from piratelib.errors import DataError

LOADERS = {
    "blackbeard_map.toml": load_map,
    "blackbeard_assets.toml": load_assets,
    "blackbeard_informants.toml": load_informants,
    "blackbeard_tiles.toml": load_tiles,
}

OPTIONAL = {
    "space": {"evidence", "notes", "subtype", "board_label", "why"},
    "route": {"evidence", "junction", "notes", "confidence", "why"},
    "informant": {"subtitle", "why"},
    "groups": {"not_named", "max_src"},
    "piracy": {"cubes_src", "why"},
    "defense": {"subtitle", "why", "gold_per_sighting"},
    "asset": {"why"},
}
"""Fields an entry may leave out: deleting them is no corruption."""

LABELS = {"junction", "subtype", "confidence"}
"""Free text that names no space (a junction drawn on the board, a kind of Ocean space,
how sure a reading is), so no unknown reference."""

EACH = 2
"""Each corruption of a field is tried in the first EACH entries of a table that have it
(every field, and every optional field where it occurs, at a tenth of the time of all)."""


def toml(value, top=False):
    """A small TOML writer for these files: tables, arrays of tables and inline values."""
    if top:
        lines = []
        for key, section in value.items():
            for entry in section if isinstance(section, list) else [section]:
                lines.append(f"[[{key}]]" if isinstance(section, list) else f"[{key}]")
                lines += [f"{k} = {toml(v)}" for k, v in entry.items()]
                lines.append("")
        return "\n".join(lines)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float | str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(toml(v) for v in value) + "]"
    return "{" + ", ".join(f"{k} = {toml(v)}" for k, v in value.items()) + "}"


def wrong(value):
    """A value of another type than `value`."""
    if isinstance(value, bool):
        return "yes"
    if isinstance(value, int | float):
        return str(value)
    if isinstance(value, str):
        return 7
    if isinstance(value, list):
        return "x"
    return ["x"]


def _is_reference(field, value):
    """A snake_case word (or list of them) the loader looks up: a space, kind or piece."""
    words = value if isinstance(value, list) else [value]
    return (
        field not in LABELS
        and field not in {"id", "src", "name"}
        and bool(words)
        and all(isinstance(w, str) and w.isidentifier() and w.islower() for w in words)
    )


def _edits(entry, table):
    """(what, change) for each one-field corruption of `entry` (a change edits in place)."""
    for field, value in entry.items():
        if field not in OPTIONAL.get(table, set()):
            yield f"{field} deleted", lambda e, f=field: e.pop(f)
        yield f"{field} wrong type", lambda e, f=field: e.__setitem__(f, wrong(e[f]))
        if isinstance(value, int) and not isinstance(value, bool):
            yield f"{field} negative", lambda e, f=field: e.__setitem__(f, -3)
        if _is_reference(field, value):
            bad = "nowhere_x" if isinstance(value, str) else [*value[:-1], "nowhere_x"]
            yield f"{field} unknown", lambda e, f=field, b=bad: e.__setitem__(f, b)
        if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            for j, sub in enumerate(value):
                for what, change in _edits(sub, field):
                    yield f"{field}[{j}].{what}", lambda e, f=field, j=j, c=change: c(e[f][j])


def corruptions(raw):
    """(what, entry words the message must name, corrupted raw) for a parsed file."""
    for key, section in raw.items():
        entries = section if isinstance(section, list) else [section]
        tried = Counter()
        for i, entry in enumerate(entries):
            label = f"{key} #{i + 1}" if isinstance(section, list) else key
            for what, change in _edits(entry, key):
                tried[what] += 1
                if tried[what] > EACH:
                    continue
                new = copy.deepcopy(raw)
                change(new[key][i] if isinstance(section, list) else new[key])
                yield f"{label}: {what}", label, new
            if isinstance(section, list) and "id" in entry and i < EACH:
                new = copy.deepcopy(raw)
                new[key].append(copy.deepcopy(entry))
                yield f"{label}: duplicate id", f"{key} #{len(section) + 1}", new


CASES = [
    (file, what, label, new)
    for file in LOADERS
    for what, label, new in corruptions(data.read(file)[1])
]


def test_the_corruptions_cover_every_file_and_kind():
    kinds = {what.rsplit(" ", 1)[-1] for _, what, _, _ in CASES}
    assert kinds >= {"deleted", "type", "negative", "unknown", "id"}
    assert {file for file, *_ in CASES} == set(LOADERS)
    assert len(CASES) > 350


@pytest.mark.parametrize("file", LOADERS)
def test_each_one_field_corruption_is_a_data_error_naming_file_and_entry(file, tmp_path):
    path = tmp_path / file
    loader = LOADERS[file]
    path.write_text(toml(data.read(file)[1], top=True))
    loader(path)  # the writer round-trips the real file
    missed = []
    for name, what, label, new in CASES:
        if name != file:
            continue
        path.write_text(toml(new, top=True))
        try:
            loader(path)
        except DataError as error:
            message = str(error)
            if file not in message or label.split(" #")[0] not in message:
                missed.append(f"{what}: vague: {message}")
        else:
            missed.append(f"{what}: loaded")
    assert not missed, "\n".join(missed)


def test_informant_group_without_kinds(tmp_path):
    # Issue: "deleting an Informant group's kinds lets the tile Spot every slot".
    raw = data.read("blackbeard_informants.toml")[1]
    howard = next(t for t in raw["informant"] if t["id"] == "wm_howard")
    del howard["groups"][0]["kinds"]
    path = tmp_path / "informants.toml"
    path.write_text(toml(raw, top=True))
    with pytest.raises(
        DataError, match=r"informants\.toml: informant #1 \(wm_howard\): group #1: a group says"
    ):
        load_informants(path)
    assert "bath_town" not in {"core_banks"}  # the packaged tile is untouched:
    with pytest.raises(Exception, match="cannot Spot bath_town"):
        check_informant(load_map(), "wm_howard", ["bath_town"])


def test_informant_unknown_space_is_refused_at_load(tmp_path):
    # Issue: "unknown space ids in Informants pass the load and fail later with an error
    # naming neither file nor tile".
    raw = data.read("blackbeard_informants.toml")[1]
    vail = next(t for t in raw["informant"] if t["id"] == "edwd_moseley")
    vail["groups"][0]["spaces"][0] = "bath_twn"
    path = tmp_path / "informants.toml"
    path.write_text(toml(raw, top=True))
    with pytest.raises(
        DataError,
        match=r"informants\.toml: informant #4 \(edwd_moseley\): group #1: unknown space "
        r"'bath_twn'.*did you mean 'bath_town'",
    ):
        load_informants(path)


@pytest.mark.parametrize("file", LOADERS)
def test_file_level_faults_are_data_errors(file, tmp_path):
    loader = LOADERS[file]
    bad_toml = tmp_path / file
    bad_toml.write_text("[[space]\nid = ")
    with pytest.raises(DataError, match=f"{file}: not valid TOML"):
        loader(bad_toml)
    latin = tmp_path / ("latin_" + file)
    latin.write_bytes(b'[counts]\nname = "Caf\xe9"\n')
    with pytest.raises(DataError, match="not UTF-8"):
        loader(latin)
    with pytest.raises(DataError, match="a directory, not a data file"):
        loader(tmp_path)
    for empty in ("", "."):
        with pytest.raises(DataError, match="path of a data file must be a non-empty"):
            loader(empty)
    with pytest.raises(DataError, match="no such data file"):
        loader(tmp_path / "missing.toml")
    for path in (3, math.nan, ["a.toml"]):
        with pytest.raises(DataError, match="must be a non-empty str or Path"):
            loader(path)
