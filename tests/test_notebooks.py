"""The notebooks' shape for a reader: the answer first, links onward, plumbing hidden.

Each notebook opens with a Markdown cell (its title, the question, "You will learn" and a
list), then a code cell tagged ``answer`` that computes the answer and says it in a
sentence; it ends with links to the previous and next notebooks in reading order. Cells
for the notebook's own checks are tagged ``test`` and cells about the library's API
``api``: Voila hides both (binder/voila.json, installed by `make` and by Binder's
postBuild). nbval's output checks use the ``nbval-check-output`` tag, not a comment in
the code. At least one picture is stored with its alt text (tagged ``keep_output``), so
GitHub, nbviewer and a Binder learner see it before anything runs. What each cell shows
the reader when it runs is checked by the hook in the root conftest.py.

An *app page* (:data:`APP_PAGES`) is not a lesson and has no place in the reading order:
it is a tool opened on its own (a Voila link from the README). It opens with its title and
how to use it, links to the lesson that explains it and to the start, and shows one app;
every other code cell is a check tagged ``test``, so Voila shows the app alone.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
APP_PAGES = {"encounter_calculator.ipynb": "blackbeard_2_encounters.ipynb"}
"""Each app page, and the lesson that explains it."""
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
LESSONS = [p for p in NOTEBOOKS if p.name not in APP_PAGES]
TAGS = {"answer", "test", "api", "keep_output", "nbval-check-output"}
LINK = re.compile(r"\[([^\]]+)\]\(([^)]+\.ipynb)\)")
IMG_ALT = re.compile(r"<img\b[^>]*\balt\s*=\s*[\"'][^\"']+", re.IGNORECASE)


def cells(notebook: Path) -> list[dict]:
    return json.loads(notebook.read_text())["cells"]


def text(cell: dict) -> str:
    return "".join(cell["source"])


@pytest.mark.parametrize("notebook", LESSONS, ids=lambda p: p.name)
def test_notebook_opens_with_the_question_what_you_will_learn_and_the_answer(notebook):
    first, second = cells(notebook)[:2]
    opening = text(first)
    assert first["cell_type"] == "markdown" and opening.startswith("# ")
    assert re.search(r"you will learn", opening, re.IGNORECASE), "say what the reader will learn"
    assert re.search(r"^\s*(?:-|\*|1\.) ", opening, re.MULTILINE), "list what they will learn"
    assert second["cell_type"] == "code" and "answer" in second["metadata"].get("tags", []), (
        "the second cell computes the answer and says it (tag it 'answer')"
    )


@pytest.mark.parametrize("notebook", LESSONS, ids=lambda p: p.name)
def test_notebook_ends_with_links_to_the_previous_and_next_notebooks(notebook):
    at = LESSONS.index(notebook)
    last = cells(notebook)[-1]
    assert last["cell_type"] == "markdown"
    links = {target: label for label, target in LINK.findall(text(last))}
    if at > 0:
        previous = LESSONS[at - 1].name
        assert links.get(previous, "").startswith("Previous"), f"link back to {previous}"
    if at + 1 < len(LESSONS):
        following = LESSONS[at + 1].name
        assert links.get(following, "").startswith("Next"), f"link on to {following}"
    else:
        assert LESSONS[0].name in links, "the last notebook links back to the start"


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.name)
def test_plumbing_is_tagged_not_written_in_the_code(notebook):
    for cell in cells(notebook):
        tags = set(cell["metadata"].get("tags", []))
        assert tags <= TAGS, f"unknown tags {tags - TAGS}: the tags are {sorted(TAGS)}"
        assert "NBVAL" not in text(cell), "use the tag nbval-check-output, not a comment"
        if re.search(r"^\s*assert\b", text(cell), re.MULTILINE):
            assert tags & {"test", "api"}, f"tag this cell of checks test: {text(cell)[:80]}"


@pytest.mark.parametrize(
    "notebook", [p for p in LESSONS if p.name != "glossary.ipynb"], ids=lambda p: p.name
)
def test_a_key_picture_is_stored_with_its_alt_text(notebook):
    """GitHub, nbviewer and Binder's first screen show stored outputs only."""
    pictures = []
    for cell in cells(notebook):
        for output in cell.get("outputs", []):
            data, metadata = output.get("data", {}), output.get("metadata", {})
            if "image/png" in data and (metadata.get("image/png") or {}).get("alt"):
                pictures.append(cell)
            if IMG_ALT.search("".join(data.get("text/html", ""))):
                pictures.append(cell)
    assert pictures, "keep one key picture's output (tag keep_output), with alt text"


@pytest.mark.parametrize("page", sorted(APP_PAGES))
def test_an_app_page_shows_one_app_and_links_to_its_lesson_and_the_start(page):
    first, *rest = cells(ROOT / "notebooks" / page)
    assert first["cell_type"] == "markdown" and text(first).startswith("# ")
    linked = {target for _, target in LINK.findall(text(first))}
    assert {APP_PAGES[page], LESSONS[0].name} <= linked, "link to the lesson and the start"
    code = [c for c in rest if c["cell_type"] == "code"]
    shown = [c for c in code if not set(c["metadata"].get("tags", [])) & {"test", "api"}]
    assert len(shown) == 1, "one visible code cell, the app; tag the checks test"
    assert all(c["cell_type"] == "code" for c in rest), "the title cell says all there is"


@pytest.mark.parametrize("page", sorted(APP_PAGES))
def test_every_lesson_and_the_readme_link_to_the_app_pages(page):
    readme = (ROOT / "README.md").read_text()
    assert f"voila/render/notebooks/{page}" in readme, "a Voila link straight to the app"
    for lesson in (LESSONS[0].name, APP_PAGES[page]):
        sources = "".join(text(c) for c in cells(ROOT / "notebooks" / lesson))
        assert f"({page}" in sources, f"{lesson} links to {page}"


def test_voila_hides_the_test_and_api_cells_wherever_it_runs():
    config = json.loads((ROOT / "binder" / "voila.json").read_text())
    assert set(config["TagRemovePreprocessor"]["remove_cell_tags"]) == {"test", "api"}
    assert "binder/voila.json $(VENV)/etc/jupyter/voila.json" in (ROOT / "Makefile").read_text()
    assert "cp binder/voila.json" in (ROOT / "binder" / "postBuild").read_text()


# ---------------------------------------------------------------------------------------
# Readable by a player, before anything runs (issue 24)
# ---------------------------------------------------------------------------------------

CODE_SPAN = re.compile(r"(?<!`)`[^`\n]+`(?!`)")
MAX_WORDS = 1200  # "Aim for each lesson at most ~1,200 words of Markdown"
SHOWS = re.compile(
    r"\b(image|img_html|HTML|Markdown|display)\(|\b[A-Z]\w*(App|Stepper|Table|Lab|Checker|Calculator)\("
)
"""A code cell that makes a picture, a table, a sentence or an app for the reader."""


def visible_markdown(notebook: Path) -> list[str]:
    """The Markdown a reader sees in Voila: every Markdown cell not tagged api or test."""
    return [
        text(c)
        for c in cells(notebook)
        if c["cell_type"] == "markdown" and not {"api", "test"} & set(c["metadata"].get("tags", []))
    ]


def words(notebook: Path) -> int:
    """Words of Markdown a reader reads: outside code spans, URLs and HTML tags."""
    prose = " ".join(visible_markdown(notebook))
    prose = re.sub(r"\]\([^)]*\)", "]", CODE_SPAN.sub(" ", prose))
    return len(re.sub(r"<[^>]+>", " ", prose).split())


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.name)
def test_the_markdown_a_reader_sees_has_no_code(notebook):
    spans = [span for md in visible_markdown(notebook) for span in CODE_SPAN.findall(md)]
    assert spans == [], (
        f"code in the Markdown a player reads (tag the cell api, or say it): {spans}"
    )


@pytest.mark.parametrize(
    "notebook", [p for p in LESSONS if p.name != "glossary.ipynb"], ids=lambda p: p.name
)
def test_a_lesson_is_short_enough_to_finish(notebook):
    # The glossary is looked up, not read through: it has no word limit.
    count = words(notebook)
    print(f"{notebook.name}: {count} words of Markdown")
    assert count <= MAX_WORDS, f"{notebook.name} has {count} words; split it or tighten it"


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.name)
def test_answers_pictures_and_apps_are_stored_for_a_reader_who_has_not_run_anything(notebook):
    """GitHub, nbviewer and JupyterLab before Run All show stored outputs only; the hook in
    conftest.py checks the same of every cell that shows something, while nbval runs it."""
    missing = [
        text(c)[:60]
        for c in cells(notebook)
        if c["cell_type"] == "code"
        and not {"test", "api"} & set(c["metadata"].get("tags", []))
        and ("answer" in c["metadata"].get("tags", []) or SHOWS.search(text(c)))
        and not c["outputs"]
    ]
    assert missing == [], f"tag keep_output and run make outputs: {missing}"
    for c in cells(notebook):
        for output in c.get("outputs", []):
            assert "application/vnd.jupyter.widget-view+json" not in output.get("data", {}), (
                "a live widget is stored: run make outputs, which stores its first view"
            )


@pytest.mark.parametrize(
    "notebook", [p for p in LESSONS if p.name != "glossary.ipynb"], ids=lambda p: p.name
)
def test_a_lesson_links_each_game_word_to_the_glossary_where_it_first_uses_it(notebook):
    from piratelib.glossary import first_uses, lesson_games

    # A game's lesson links its own game's words; the start and the lab, every game's.
    games = lesson_games(notebook.name)
    shown = visible_markdown(notebook)
    unlinked = [
        f"{term.term} (in: ...{shown[k][max(0, use.start() - 30) : use.end() + 10]!r})"
        for term, k, use, linked in first_uses(shown, games)
        if not linked
    ]
    assert unlinked == [], "link the first use to glossary.ipynb#<anchor>: " + "; ".join(unlinked)


def test_the_glossary_page_shows_piratelib_s_glossary_entry_for_entry():
    from piratelib.glossary import GAMES, markdown

    entries = [
        text(c) for c in cells(ROOT / "notebooks" / "glossary.ipynb") if text(c).startswith("### ")
    ]
    written = [f"### {name}\n\n{markdown(game)}" for game, name in GAMES.items()]
    assert entries == written, "run make outputs: it writes glossary.toml into the notebook"
