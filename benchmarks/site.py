"""The static site's size, build time, and time to the calculator's first answer.

Builds the site in its offline variant (``lite/build.py --pyodide``, the Pyodide core made
by ``tests/browser/offline_site.py``: this machine cannot reach the Pyodide CDN), serves
it with ``python -m http.server`` on 127.0.0.1 and opens the Encounter calculator's page in
headless Chromium, every other host's request aborted and counted. The time runs from
the start of the page load to the comparison table shown: what a student waits for on a
first visit (a fresh browser context each time: no cache). Goals (issue 27): site at most
120 MB; first answer at most 30 s on a quiet 2-core machine. ``--apps`` also opens every
app page once and says how long each took to show its app, or what went wrong.

    .venv/bin/python benchmarks/site.py [--repeats 3] [--apps]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

from _serve import Server

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "browser"))
from offline_site import offline_pyodide  # noqa: E402  # after the path it needs

GOAL_MB, GOAL_S = 120, 30
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]
ERROR = ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr'], .jp-RenderedText[data-mime-type='application/vnd.jupyter.error']"  # noqa: E501


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3, help="cold loads of the calculator")
    parser.add_argument("--apps", action="store_true", help="open every app page once")
    args = parser.parse_args()
    core = offline_pyodide(ROOT / "build" / "site-cache")
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        start = time.perf_counter()
        command = [ROOT / ".venv-site" / "bin" / "python", ROOT / "lite" / "build.py"]
        subprocess.run(
            [*command, "--output", site, "--pyodide", core], check=True, capture_output=True
        )
        built = time.perf_counter() - start
        size = sum(f.stat().st_size for f in site.rglob("*") if f.is_file()) / 1e6
        core_mb = sum(f.stat().st_size for f in (site / "static" / "pyodide").rglob("*")) / 1e6
        print(f"site: {size:.0f} MB, of which the offline Pyodide core and wheels {core_mb:.0f} MB "
              f"(goal: {GOAL_MB} MB or less); built in {built:.1f} s")  # fmt: skip
        server = [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", "{port}", "-d", site]
        with Server([str(part) for part in server]) as url:
            _browse(url.rstrip("/"), args)


def _browse(url: str, args: argparse.Namespace) -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        page_url = f"{url}/voici/render/apps/encounter_calculator.html"
        times, outside = [], []
        for _ in range(args.repeats):
            took, asked = _first_view(chromium, page_url, ".piratelib-compare")
            times.append(took)
            outside += asked
        print(
            f"calculator page, load to first answer: median {statistics.median(times):.1f} s, "
            f"slowest {max(times):.1f} s over {len(times)} cold loads (goal: {GOAL_S} s or "
            f"less); requests to other hosts: {len(outside)}"
        )
        if args.apps:
            apps = tomllib.loads((ROOT / "lite" / "apps.toml").read_text())["app"]
            for app in apps:
                page_url = f"{url}/voici/render/apps/{app['name']}.html"
                try:
                    took, asked = _first_view(chromium, page_url, ".jupyter-widgets.widget-box")
                    print(f"  {app['title']}: shown in {took:.1f} s; other hosts: {len(asked)}")
                except RuntimeError as error:
                    print(f"  {app['title']}: {error}")
        chromium.close()


def _first_view(chromium, url: str, selector: str) -> tuple[float, list[str]]:
    """Seconds from the start of a cold load of `url` to `selector` shown, and the
    requests to other hosts (aborted)."""
    context = chromium.new_context()
    asked: list[str] = []

    def route(request_route) -> None:
        if request_route.request.url.startswith(("http://127.0.0.1:", "ws://127.0.0.1:")):
            request_route.continue_()
        else:
            asked.append(request_route.request.url)
            request_route.abort()

    context.route("**/*", route)
    page = context.new_page()
    try:
        page.goto(url)
        page.locator(f"{selector}, {ERROR}").first.wait_for(timeout=300_000)
        if page.locator(ERROR).count():
            raise RuntimeError("error: " + page.locator(ERROR).first.inner_text()[:300])
        took = page.evaluate("() => performance.now()") / 1000
    finally:
        context.close()
    return took, asked


if __name__ == "__main__":
    main()
