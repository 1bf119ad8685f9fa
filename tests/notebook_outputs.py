"""Run notebooks and store what a reader should see before anything runs (`make outputs`).

GitHub, nbviewer and a notebook opened in JupyterLab before *Run All* show only stored
outputs. This script executes each notebook given on the command line (from its folder,
as nbval does) and keeps the outputs of the cells tagged ``keep_output`` (the answers,
pictures, tables and apps), clearing every other output as ``nbstripout --keep-count``
would. An app's live view cannot be stored without its widget state, so its stored
output is its static first view: the ``text/html`` that :class:`piratelib.widgets.App`
puts beside the widget, with the widget's own mimetype dropped.

    python tests/notebook_outputs.py notebooks/*.ipynb

First it writes the glossary's entries (piratelib's ``glossary.toml``) into
``notebooks/glossary.ipynb``, one Markdown cell per game, so that each term has an anchor
a lesson can link to; tests/test_notebooks.py checks that the two agree. In each lesson it
links a game word to the glossary the first time the Markdown a reader sees uses it
(:func:`piratelib.glossary.link`).
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def stored(output: dict) -> dict:
    """The output as it is stored: an app's static first view instead of its live view."""
    data = output.get("data", {})
    if WIDGET_VIEW in data and "text/html" in data:
        output = dict(output, data={k: v for k, v in data.items() if k != WIDGET_VIEW})
    return output


def store(path: Path, timeout: int = 900) -> None:
    """Execute the notebook at `path` and keep only the outputs a reader should see."""
    notebook = nbformat.read(path, as_version=4)
    where = {"metadata": {"path": path.parent}}
    client = NotebookClient(notebook, timeout=timeout, resources=where)
    client.execute()
    for cell in notebook.cells:
        cell.metadata.pop("execution", None)
        if cell.cell_type != "code":
            continue
        if "keep_output" in cell.metadata.get("tags", []):
            cell.outputs = [nbformat.from_dict(stored(o)) for o in cell.outputs]
        else:
            cell.outputs = []
    notebook.metadata.pop("widgets", None)
    nbformat.write(notebook, path)


def glossary_cells(notebook: nbformat.NotebookNode) -> list[int]:
    """The indices of the glossary notebook's Markdown cells of entries, one per game."""
    return [
        k
        for k, cell in enumerate(notebook.cells)
        if cell.cell_type == "markdown" and cell.source.startswith("### ")
    ]


def write_glossary(path: Path) -> None:
    """Write each game's entries into its cell of the glossary notebook at `path`."""
    from piratelib.glossary import GAMES, markdown

    notebook = nbformat.read(path, as_version=4)
    for k, game in zip(glossary_cells(notebook), GAMES, strict=True):
        notebook.cells[k].source = f"### {GAMES[game]}\n\n{markdown(game)}"
    nbformat.write(notebook, path)


def link_glossary(path: Path) -> None:
    """Link each game word's first use in the lesson at `path` to the glossary."""
    from piratelib.glossary import lesson_games, link

    notebook = nbformat.read(path, as_version=4)
    games = lesson_games(path.name)
    shown = [
        c
        for c in notebook.cells
        if c.cell_type == "markdown" and not {"api", "test"} & set(c.metadata.get("tags", []))
    ]
    for cell, linked in zip(shown, link([c.source for c in shown], games), strict=True):
        cell.source = linked
    nbformat.write(notebook, path)


if __name__ == "__main__":
    for name in sys.argv[1:]:
        if Path(name).name == "glossary.ipynb":
            write_glossary(Path(name))
        elif Path(name).name != "encounter_calculator.ipynb":
            link_glossary(Path(name))
        print(f"storing the outputs of {name}", flush=True)
        store(Path(name))
