"""Dread Pirate's data files: the field types every table shares.

Both of Dread Pirate's data files (``dreadpirate.toml``, the rulebook's numbers and cards,
and ``dreadpirate_sea.toml``, the sea) are read by :func:`piratelib.data.read` (or
:func:`piratelib.data.read_path` for a user's file), which answers every way a file can
fail to be read with a :class:`~piratelib.errors.DataError` naming the file;
:func:`check_field_types` then checks, before any other check reads a table, that its
sources are lists of text and its text fields text, naming the file and the entry.
"""

from __future__ import annotations

from collections.abc import Iterable

from piratelib.errors import DataError

__all__ = ["check_field_types"]


def check_field_types(file: str, raw: object, texts: Iterable[str]) -> None:
    """Check the types every table of a parsed data file shares, before anything reads them.

    Each table (``[key]`` or ``[[key]]`` entry) must have sources (``src`` and every
    ``*_src``) that are lists of text, and each key of `texts` it has (``id``, ``name``,
    ``evidence`` ...) must be text; ``[[key]]`` must be a list of tables.

    Raises
    ------
    DataError
        Naming `file`, the entry and the field.

    Examples
    --------
    >>> check_field_types("x.toml", {"place": [{"id": 7, "src": ["rulebook"]}]}, ["id"])
    Traceback (most recent call last):
      ...
    piratelib.errors.DataError: x.toml: place #1: id must be text, got 7
    """
    if not isinstance(raw, dict):
        raise DataError(f"{file}: the file must be a TOML document of tables")
    texts = set(texts)
    for key, value in raw.items():
        if isinstance(value, dict):
            tables = [(f"{file}: {key}", value)]
        elif isinstance(value, list):
            if not all(isinstance(entry, dict) for entry in value):
                raise DataError(f"{file}: {key}: expected a list of [[{key}]] tables")
            tables = [(f"{file}: {key} #{i + 1}", entry) for i, entry in enumerate(value)]
        else:
            raise DataError(f"{file}: {key} must be a table, got {value!r}")
        for where, table in tables:
            for name, field in table.items():
                if name == "src" or name.endswith("_src"):
                    if not isinstance(field, list) or not all(isinstance(x, str) for x in field):
                        raise DataError(f"{where}: {name} must be a list of sources, got {field!r}")
                elif name in texts and not isinstance(field, str):
                    raise DataError(f"{where}: {name} must be text, got {field!r}")
