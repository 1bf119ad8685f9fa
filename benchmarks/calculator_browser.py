"""Time the Encounter calculator's recompute in a real browser (Chromium driven by Playwright).

Serves `notebooks/encounter_calculator.ipynb` with Voila, opens it in headless Chromium and,
for each measured change, clicks a tile's checkbox from the page's own JavaScript and
times (with the page's `performance.now()`) until the shown table has changed:

- the comparison: tick or untick a tile in setup B; wait for the table of A, B and their difference;
- the tile-worth table: on the "Each tile's worth" tab, tick or untick a tile in
  setup A; wait for the table of each tile's worth.

The time includes everything a learner waits for: the message to the kernel, the exact
odds, the drawing and the update sent back. It prints the median and the slowest of
`--repeats` changes for light and heavy setups; the goal is 150 ms or less. Run inside the
project's venv (Chromium: `apt-get install -y chromium`):

    .venv/bin/python benchmarks/calculator_browser.py [--repeats 9]
"""

from __future__ import annotations

import argparse
import statistics

from _serve import Voila

from piratelib.blackbeard.encounter import BLACKBEARD_TILES, HUNTER_TILES, Encounter
from piratelib.widgets.encounter_setup import query_for
from piratelib.words import listing, name

NOTEBOOK = "notebooks/encounter_calculator.ipynb"
GOAL_MS = 150
POLICY = {"blackbeard": "escape", "hunters": "board"}
HEAVY = Encounter(
    hunters=frozenset({"brand", "jane", "ranger"}),
    pirates=frozenset({"adventure"}),
    blackbeard_tiles=BLACKBEARD_TILES - {"grape"},
    hunter_tiles=HUNTER_TILES,
)
LIGHT = Encounter(hunters=frozenset({"jane"}), pirates=frozenset({"adventure"}))
TIMED_CLICK = """
async ([panel, label, watch]) => {
  const box = [...document.querySelectorAll(`.${panel} label`)]
    .find((l) => l.innerText.trim() === label).parentElement.querySelector("input");
  const table = document.querySelector(watch);
  const shown = table.closest(".widget-html-content") || table;
  const before = shown.innerHTML;
  const start = performance.now();
  const changed = new Promise((resolve) => {
    const seen = new MutationObserver(() => {
      if (shown.innerHTML !== before) { seen.disconnect(); resolve(performance.now()); }
    });
    seen.observe(shown, { childList: true, subtree: true, characterData: true });
  });
  box.click();
  return (await changed) - start;
}
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=9, help="timed changes per measure")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with Voila(NOTEBOOK) as url, sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"]
        )
        page = chromium.new_page()
        print(f"Each figure: {args.repeats} changes, timed in the page from click to shown.")
        for name, setup in (("light", LIGHT), ("heavy", HEAVY)):
            query = query_for({"a": (setup, POLICY), "b": (setup, POLICY)})
            page.goto(f"{url}?{query}", timeout=180_000)
            page.locator(".piratelib-compare").wait_for(timeout=180_000)
            label = "Grape" if name == "heavy" else "Swivel Guns"
            compare = _times(page, "piratelib-setup-b", label, ".piratelib-compare", args)
            page.get_by_role("tab", name="Each tile's worth").click()
            page.locator(".piratelib-worth").wait_for(timeout=60_000)
            worth = _times(page, "piratelib-setup-a", label, ".piratelib-worth", args)
            for what, times in (("comparison", compare), ("tile-worth table", worth)):
                median = statistics.median(times)
                print(
                    f"{name} setup ({_words(setup)}), {what}: median {median:.0f} ms, "
                    f"slowest {max(times):.0f} ms (goal: {GOAL_MS} ms or less)"
                )
        chromium.close()


def _times(page, panel: str, label: str, watch: str, args) -> list[float]:
    """Click `label` in `panel` `repeats` times (plus one warm-up); the ms each took."""
    times = []
    for k in range(args.repeats + 1):
        took = page.evaluate(TIMED_CLICK, [panel, label, watch])
        page.wait_for_timeout(300)  # let the kernel settle before the next change
        if k:
            times.append(took)
    return times


def _words(setup: Encounter) -> str:
    """The setup in a few words: its pieces and how many tiles."""
    tiles = len(setup.blackbeard_tiles) + len(setup.hunter_tiles)
    return f"{listing(sorted(setup.hunters))} against {name(setup.pirate)}, {tiles} tiles"


if __name__ == "__main__":
    main()
