"""Game data as TOML files, each fact tagged with its source; read with :func:`read`."""

from __future__ import annotations

import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

from piratelib.errors import DataError

__all__ = ["SOURCES", "read"]

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
