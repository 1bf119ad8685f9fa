"""Time how long each notebook takes to open in Voila: from the request to the page shown.

Serves `notebooks/` with one Voila server and opens each page in headless Chromium
(Playwright, Debian's chromium), timing from the request until the page is shown: its
first app (a widget) where it has one, else its last cell's links. Voila runs every
visible cell before it shows a page, so the time is what a reader waits for. Each page is
opened `--repeats` times; the script prints each page's median and slowest, and a last
line with the slowest median against the goal (10 s on a quiet 2-core machine).

    .venv/bin/python benchmarks/voila_open.py [--repeats 3] [--pages 00_start_here.ipynb ...]
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from _serve import Voila

ROOT = Path(__file__).resolve().parent.parent
GOAL_S = 10.0
SHOWN = ".widget-box, .jupyter-widgets, a:text-matches('^(Previous|Next|Back)')"
"""The first app, or the lesson's closing links: the page is there for the reader."""


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3, help="openings of each page")
    parser.add_argument("--pages", nargs="*", help="notebook names (default: every one)")
    args = parser.parse_args(argv)
    pages = args.pages or sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
    from playwright.sync_api import sync_playwright

    with Voila("notebooks") as url, sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"]
        )
        slowest = 0.0
        for page_name in pages:
            times = []
            for _ in range(args.repeats):
                page = chromium.new_page()
                start = time.perf_counter()
                page.goto(f"{url}voila/render/{page_name}", timeout=300_000)
                page.locator(SHOWN).first.wait_for(timeout=300_000)
                times.append(time.perf_counter() - start)
                page.close()
            median = statistics.median(times)
            slowest = max(slowest, median)
            print(f"{page_name}: median {median:.1f} s, slowest {max(times):.1f} s", flush=True)
        chromium.close()
    print(f"slowest median: {slowest:.1f} s (goal {GOAL_S:.0f})")


if __name__ == "__main__":
    main()
