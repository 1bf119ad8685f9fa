"""Fixtures for tests that drive Debian's Chromium against notebooks served by Voila.

Locally these tests skip, with the reason, when Chromium is missing. Where
``PIRATELIB_REQUIRE_BROWSER=1`` is set (``.ci/run`` sets it) a missing Chromium fails
them instead, so CI can never pass by skipping them.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test in this folder `browser`."""
    for item in items:
        if Path(item.path).is_relative_to(Path(__file__).parent):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """A headless Chromium driven by Playwright, or a skip (a failure in CI) without one."""
    if not Path(CHROMIUM).exists():
        reason = "Chromium is not installed (apt-get install -y chromium); .ci/run installs it"
        if os.environ.get("PIRATELIB_REQUIRE_BROWSER") == "1":
            pytest.fail(reason)
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def serve_notebook(serve):
    """Return `serve_notebook(path)`: a context serving one notebook with Voila."""

    def serve_notebook(notebook: str):
        command = [sys.executable, "-m", "voila", "--no-browser", "--port={port}"]
        return serve([*command, "--Voila.ip=127.0.0.1", notebook])

    return serve_notebook


@pytest.fixture(scope="module")
def voila(request, serve_notebook) -> Iterator[str]:
    """Serve the notebook named by the test's parameter with Voila; yield its URL.

    Use as ``@pytest.mark.parametrize("voila", ["00_start_here.ipynb"], indirect=True)``.
    """
    with serve_notebook(f"notebooks/{request.param}") as url:
        yield url


class App:
    """A notebook app open in a browser page, with the gestures the tests use."""

    def __init__(self, page) -> None:
        self.page = page

    def text(self, selector: str) -> str:
        """The shown text of the first element matching `selector`."""
        return self.page.locator(selector).first.inner_text()

    def click(self, label: str) -> None:
        """Click the one control labelled exactly `label` (e.g. a checkbox's description)."""
        self.page.get_by_label(label, exact=True).click()

    def press_slider(self, index: int, key: str) -> None:
        """Focus the `index`-th slider handle and press `key` once."""
        handle = self.page.locator(".widget-slider .noUi-handle").nth(index)
        handle.focus()
        handle.press(key)

    def wait_for_text(self, selector: str, text: str) -> None:
        """Wait until the first element matching `selector` is shown and contains `text`."""
        self.page.wait_for_function(
            "([selector, text]) => "
            "(document.querySelector(selector)?.innerText ?? '').includes(text)",
            arg=[selector, text],
            timeout=60_000,
        )


@pytest.fixture
def open_app(browser):
    """Return `open_app(url, selector)`: an :class:`App` on `url` once `selector` is shown.

    Voila runs the whole notebook before the page is complete, so the wait is long. The
    page is closed after the test.
    """
    pages = []

    def open_app(url: str, selector: str) -> App:
        page = browser.new_page()
        pages.append(page)
        page.goto(url, timeout=180_000)
        page.locator(selector).wait_for(timeout=180_000)
        return App(page)

    yield open_app
    for page in pages:
        page.close()
