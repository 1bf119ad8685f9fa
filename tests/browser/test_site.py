"""The static site (``make site``) works in a browser with nothing but 127.0.0.1.

The site is built in its offline variant (``lite/build.py --pyodide``, the Pyodide core
from :mod:`offline_site`), served by ``python -m http.server`` on 127.0.0.1, and opened in
Chromium with every request to another host aborted and recorded. Python runs in the
page (Pyodide), so each page takes tens of seconds to start.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # --import-mode=importlib adds no folder
from offline_site import offline_pyodide  # after the path it needs

ROOT = Path(__file__).resolve().parents[2]
SITE_PYTHON = ROOT / ".venv-site" / "bin" / "python"
START = 180_000  # ms: Pyodide's start on a busy 2-core machine, with every page's installs


@pytest.fixture(scope="module")
def site(tmp_path_factory, serve) -> Iterator[str]:
    """The offline site, built once for this module, served on 127.0.0.1; its URL."""
    if not SITE_PYTHON.exists():
        pytest.fail(
            "the site's tools are not installed: make .venv-site/.installed (make test does)"
        )
    core = offline_pyodide(ROOT / "build" / "site-cache")
    output = tmp_path_factory.mktemp("site") / "site"
    command = [SITE_PYTHON, ROOT / "lite" / "build.py", "--output", output, "--pyodide", core]
    subprocess.run(command, check=True, capture_output=True, timeout=600)
    server = [
        sys.executable,
        "-m",
        "http.server",
        "--bind",
        "127.0.0.1",
        "{port}",
        "-d",
        str(output),
    ]
    with serve(server) as url:
        yield url.rstrip("/")


@pytest.fixture
def page(browser) -> Iterator[object]:
    """A page whose requests to any host but 127.0.0.1 are aborted, and kept in
    ``page.outside``."""
    context = browser.new_context()
    outside: list[str] = []

    def route(request_route) -> None:
        url = request_route.request.url
        if url.startswith(("http://127.0.0.1:", "ws://127.0.0.1:")):
            request_route.continue_()
        else:
            outside.append(url)
            request_route.abort()

    context.route("**/*", route)
    page = context.new_page()
    page.outside = outside
    yield page
    context.close()


def test_the_calculator_app_page_answers_and_changes_with_setup_b(site, page):
    page.goto(f"{site}/index.html")
    page.get_by_role("link", name="The Encounter calculator", exact=True).click()
    table = page.locator(".piratelib-compare").first
    table.wait_for(timeout=START)
    before = table.inner_text()
    assert "Hunters win" in before and "B \u2212 A" in before, before
    page.get_by_role("tab", name="Setup B").click()
    page.locator(".piratelib-setup-b label", has_text="Swivel Guns").first.click()
    page.wait_for_function(
        "(before) => document.querySelector('.piratelib-compare').innerText !== before",
        arg=before,
        timeout=60_000,
    )
    after = table.inner_text()
    assert after != before and "points" in after, after
    assert page.outside == [], page.outside


def test_lesson_00_runs_in_jupyterlite_and_gives_the_answer(site, page):
    page.goto(f"{site}/index.html")
    page.locator("a", has_text="run it in your browser").first.click()
    cells = page.locator(".jp-Notebook .jp-Cell")
    cells.nth(2).wait_for(timeout=START)
    for k in (1, 2):  # the install cell the site adds, then the answer: counted [1], [2]
        cells.nth(k).locator(".jp-InputArea-editor").click()
        page.keyboard.press("Control+Enter")
        prompt = cells.nth(k).locator(".jp-InputPrompt")
        page.wait_for_function(
            "([el, k]) => el.innerText.trim() === `[${k}]:`",
            arg=[prompt.element_handle(), k],
            timeout=START,
        )
    answer = cells.nth(2).locator(".jp-OutputArea-output").first
    assert "Blackbeard wins the roll 47.2% (exactly 3,667 in 7,776" in answer.inner_text()
    assert page.outside == [], page.outside
