"""Reader checks for the notebooks, on the outputs nbval produces as it runs each cell.

`make test` runs every notebook under nbval; after each cell runs, this hook reads what
the cell showed and fails the cell if a reader would see programmer output: a
``Fraction(...)`` repr, an enum (``Ending.HUNTERS_WIN``), or a snake_case id from the data
files (``queen_annes_creek``, see :func:`piratelib.words.ids`), or an image without alt
text. Cells tagged ``api`` (about the library's API itself) may show reprs and ids.
The structure of each notebook (its opening answer, its links) is checked in
tests/test_notebooks.py.
"""

from __future__ import annotations

import html
import re

import pytest

REPR = re.compile(r"Fraction\(|<[A-Z]\w*\.[A-Z][A-Z_]*: |\b[A-Z][A-Za-z]+\.[A-Z][A-Z_]{2,}\b")
"""A Fraction repr, an enum repr, or an enum member as str() prints it."""
DATA_URI = re.compile(r"data:[\w/+.-]+;base64,[A-Za-z0-9+/=]+")
TAG = re.compile(r"<[^>]+>")
WIDGET = "application/vnd.jupyter.widget-view+json"
IMG = re.compile(r"<img\b[^>]*>", re.IGNORECASE)
ALT = re.compile(r"""\balt\s*=\s*(["'])(?=\s*[^"'\s])""", re.IGNORECASE)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    """After nbval runs a notebook cell (and it passed), check what it showed the reader."""
    result = yield
    outputs = getattr(item, "test_outputs", None)
    if outputs is not None and hasattr(item, "cell"):
        tags = item.cell.metadata.get("tags", [])
        problems = reader_problems(outputs, tags) + storage_problems(outputs, item.cell, tags)
        if problems:
            source = item.cell.source.strip().splitlines()
            first = source[0] if source else ""
            pytest.fail(f"cell starting {first!r} shows the reader: " + "; ".join(problems))
    return result


def reader_problems(outputs: list, tags: list[str]) -> list[str]:
    """What a reader should not see in these cell outputs (empty when all is well)."""
    from piratelib.words import ID, ids

    problems = []
    known = ids()
    for output in outputs:
        data = output.get("data", {})
        metadata = output.get("metadata", {})
        if "image/png" in data and not (metadata.get("image/png") or {}).get("alt"):
            problems.append("a PNG image without alt text (use Image(..., alt=...))")
        page = data.get("text/html", "")
        page = "".join(page) if isinstance(page, list) else page
        for img in IMG.findall(page):
            if not ALT.search(img):
                problems.append(f"an <img> without alt text: {img[:80]}")
        if "api" in tags:
            continue
        texts = [output.get("text", ""), data.get("text/plain", ""), data.get("text/markdown", "")]
        texts.append(html.unescape(TAG.sub(" ", DATA_URI.sub("", page))))
        if "application/vnd.jupyter.widget-view+json" in data:
            texts[1] = ""  # a widget's placeholder repr, never shown where widgets render
        text = "\n".join("".join(t) if isinstance(t, list) else t for t in texts)
        for found in REPR.findall(text):
            problems.append(f"a repr {found!r}")
        for found in sorted({m for m in ID.findall(text) if m in known}):
            problems.append(f"the id {found!r} (say its name: piratelib.words.name)")
    return problems


def storage_problems(outputs: list, cell: object, tags: list[str]) -> list[str]:
    """Why this cell's stored output would not show a reader what it shows when run."""
    if {"test", "api"} & set(tags) or not outputs:
        return []
    kept = getattr(cell, "outputs", [])
    if not kept:
        return [
            "nothing stored, yet it shows the reader something (tag it keep_output, then "
            "run make outputs)"
        ]
    if any(WIDGET in o.get("data", {}) for o in kept):
        return [
            "a live widget stored, which GitHub cannot show (run make outputs: it stores "
            "the app's first view)"
        ]
    if any(WIDGET in o.get("data", {}) for o in outputs) and not any(
        "text/html" in o.get("data", {}) for o in kept
    ):
        return ["an app without its stored first view (run make outputs)"]
    return []
