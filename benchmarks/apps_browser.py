"""Time every app's main gestures in a real browser: from a click to the page settled.

Serves `notebooks/` with one Voila server and opens, in headless Chromium (Playwright,
Debian's chromium), the notebook that shows each app in `piratelib/widgets/` (every
subclass of `piratelib.widgets.App`; the script refuses to run while one has no entry in
:data:`APPS`). For each of an app's main gestures (:class:`Gesture`: a slider moved one
step with the keyboard, a dropdown or toggle switched, a checkbox ticked, a button
pressed), the page's own JavaScript does the gesture and times it with `performance.now()`:

- first change: the first DOM mutation in the app's output area (outside the control
  itself, which a browser redraws at once), i.e. the kernel's first answer shown;
- settled: the last change anywhere in the page (DOM mutations, and each new picture
  decoded) once the kernel is idle again (its status on the page's websocket) and the page
  has been quiet for 400 ms.

Each gesture is done once to warm up, then `--repeats` times, alternating between two
values so that each one really changes something. The script prints one line per app with
each gesture's medians, and a last line with the slowest settled median against the goal
(100 ms on a quiet 2-core machine). A computation the reader starts and watches (the
variant lab's Play, which plays games) is held to the goal by its first change, the
progress it shows, and its end is printed beside it. The four parts of the Encounter
calculator that are apps of their own (SetupPanel, DetailView, TileWorthView, RollIt)
are timed on the calculator's page.

    .venv/bin/python benchmarks/apps_browser.py [--repeats 7] [--apps HighestDieApp,TableApp]
    .venv/bin/python benchmarks/apps_browser.py --smoke   # one repeat of one app, for tests
"""

from __future__ import annotations

import argparse
import ast
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path

from _serve import Voila

ROOT = Path(__file__).resolve().parent.parent
GOAL_MS = 100
QUIET_MS = 400
"""The page counts as settled once nothing has changed in it for this long."""
SMOKE_APPS = ("dice.HighestDieApp",)
OPEN_S = 300
"""The longest wait for a page and its apps to show (Voila runs every cell first)."""


@dataclass(frozen=True)
class Gesture:
    """One thing a learner does to an app, and how to find the control in the page.

    The control is the `nth` widget of its `kind` labelled `label` (a checkbox's or a
    button's text, else the widget's description), or the `nth` element matching `css` (a
    class the app put on it), looked for in the app's output area or its part `within`.
    A slider moves one step from where it opened (down if it is at its top) and back; a
    dropdown or toggle switches between `options` (their shown texts; default: the value
    it opens on and the next one); a select toggles its first option (or ``options[0]``);
    a checkbox is clicked; a button is pressed, the labels of a tuple in turn. Each must
    change what the app shows every time, from the page as it opens.
    """

    name: str
    kind: str  # slider, dropdown, select, toggle, checkbox or button
    label: str | tuple[str, ...] = ""
    css: str = ""
    within: str = ""
    nth: int = 0
    options: tuple[str, ...] = ()
    watch: str = ""
    """The part of the app whose first change counts (default: the app's whole output)."""
    tab: str = ""
    """A tab of the app to open first (not timed)."""
    done: str = ""
    """A selector in the app that must match before the page counts as settled."""
    reset: str = ""
    """A button to press (not timed) when the control is disabled or hidden."""
    back: bool = True
    """Whether doing it twice comes back to where it started (then it is done an even
    number of times, so that the next gesture starts from the page as it opened)."""
    limit_s: float = 60.0
    computes: bool = False
    """A computation the reader starts and watches (the variant lab's Play, which plays
    games): the goal holds for its first change (its progress shown), not its end."""


@dataclass(frozen=True)
class Spot:
    """Where an app is shown: its notebook, and the `nth` element matching `marker`, which
    only that app shows; the app's output area is the cell output around it."""

    notebook: str
    marker: str
    nth: int = 0


# ---------------------------------------------------------------------------------------
# BEING REBUILT (issue 25): HuntApp and TurnStepper are being rebuilt by another engineer.
# These gestures use their controls as they are today (HuntApp: the Action dropdown, Play
# and Done; TurnStepper: Forward / Back, the segment buttons and "Seen by"). Update this
# table when their controls change.
# ---------------------------------------------------------------------------------------
REBUILT: dict[str, tuple[Spot, tuple[Gesture, ...]]] = {
    "blackbeard_game.TurnStepper": (
        Spot("blackbeard_5_a_whole_turn.ipynb", ".piratelib-turn-step"),
        (
            Gesture("next step (Forward, then Back)", "button", ("Forward ▶", "◀ Back")),
            Gesture(
                "jump to a segment (C, then D)",
                "button",
                ("C. Blackbeard Actions", "D. The Hunters Actions"),
                back=False,
            ),
            Gesture("Seen by", "toggle", "Seen by"),
        ),
    ),
    "blackbeard_hunt.HuntApp": (
        Spot("blackbeard_7_playing_the_hunt.ipynb", ".piratelib-hunt-status"),
        (
            Gesture("choose an Action", "dropdown", css=".piratelib-hunt-action"),
            Gesture(
                "take the chosen action (Play)", "button", "Play", reset="New game", back=False
            ),
            Gesture("end the segment (Done)", "button", "Done", reset="New game", back=False),
        ),
    ),
}

CALCULATOR = "encounter_calculator.ipynb"
APPS: dict[str, tuple[Spot, tuple[Gesture, ...]]] = {
    "dice.HighestDieApp": (
        Spot("00_start_here.ipynb", ".piratelib-chart"),
        (
            Gesture("Hunters' dice slider", "slider", "Hunters' dice"),
            Gesture("Ties go to", "toggle", "Ties go to"),
        ),
    ),
    "blackbeard.MovementApp": (
        Spot("blackbeard_1_map_and_movement.ipynb", ".piratelib-reachable"),
        (
            Gesture("Pawns slider", "slider", "Pawns"),
            Gesture(
                "Piece dropdown",
                "dropdown",
                "Piece",
                options=("Jane and Ranger together", "Jane (Hunters' Sloop)"),
            ),
            Gesture("Starts at dropdown", "dropdown", "Starts at"),
        ),
    ),
    "blackbeard.InformantApp": (
        Spot("blackbeard_1_map_and_movement.ipynb", ".piratelib-informant"),
        (
            Gesture("Informant dropdown", "dropdown", "Informant"),
            Gesture("Spot a target", "select", "Spot"),
        ),
    ),
    "encounter.StepThroughApp": (
        Spot("blackbeard_2_encounters.ipynb", ".piratelib-step"),
        (Gesture("Step slider", "slider", "Step"),),
    ),
    "piracy.MatApp": (
        Spot("blackbeard_4_piracy_plans.ipynb", ".piratelib-victory"),
        (
            Gesture("Pawns on Banyan for Vane slider", "slider", "Pawns on Banyan for Vane"),
            Gesture("Adventure ends the turn at", "dropdown", "Adventure ends the turn at"),
            Gesture("Resolve Piracy step slider", "slider", "Resolve Piracy step"),
        ),
    ),
    **REBUILT,
    "blackflag_table.TableApp": (
        Spot("blackflag_1_distance_and_range.ipynb", ".piratelib-bf-options"),
        (
            Gesture("Andrew's Sails checkbox", "checkbox", css=".piratelib-bf-sails-Andrew"),
            Gesture("Players slider", "slider", "Players"),
            Gesture("Who shoots dropdown", "dropdown", "Who shoots"),
        ),
    ),
    "blackflag_sinking.SinkingApp": (
        Spot("blackflag_2_sinking.ipynb", ".piratelib-bf-step"),
        (
            Gesture("Step slider", "slider", "Step"),
            Gesture("Scenario dropdown", "dropdown", "Scenario"),
        ),
    ),
    "blackflag_sinking.EdgeApp": (
        Spot("blackflag_3_the_end_of_the_game.ipynb", ".piratelib-bf-edge"),
        (
            Gesture("Treasure Chest slider", "slider", "Treasure Chest"),
            Gesture("Players slider", "slider", "Players"),
            Gesture("Andrew's Role dropdown", "dropdown", "Andrew: Role"),
        ),
    ),
    "dreadpirate_movement.MovementApp": (
        Spot("dreadpirate_1_movement.ipynb", ".piratelib-dp-reach"),
        (
            Gesture("Roll slider", "slider", "Roll"),
            Gesture("Diagonal rule dropdown", "dropdown", "Diagonal rule"),
            Gesture(
                "pass-through checkbox",
                "checkbox",
                "Ships may sail through other ships (never stop on them)",
            ),
        ),
    ),
    "dreadpirate_battle.BattleTable": (
        Spot("dreadpirate_3_battles.ipynb", ".piratelib-dp-totals"),
        (
            Gesture("Attacker's bonuses slider", "slider", "Attacker's Mission bonuses"),
            Gesture("The Dread Pirate is", "toggle", "The Dread Pirate is"),
            Gesture(
                "Hard to Starboard checkbox",
                "checkbox",
                "The defender plays Hard to Starboard! (+4)",
            ),
        ),
    ),
    "dreadpirate_battle.BattleStepper": (
        Spot("dreadpirate_3_battles.ipynb", ".piratelib-dp-step"),
        (
            Gesture("Step slider", "slider", "Step"),
            Gesture("Bo's Hard to Starboard checkbox", "checkbox", "Bo plays Hard to Starboard!"),
        ),
    ),
    "dreadpirate_battle.WinChecker": (
        Spot("dreadpirate_3_battles.ipynb", ".piratelib-dp-win"),
        (
            Gesture("Gold slider", "slider", "Gold"),
            Gesture("Red Gems slider", "slider", "Red Gems"),
        ),
    ),
    "encounter_calculator.EncounterCalculator": (
        Spot(CALCULATOR, ".piratelib-calculator"),
        (
            Gesture("Show exact fractions", "checkbox", "Show exact fractions", tab="How it ends"),
            Gesture("Swap A and B", "button", "Swap A and B", tab="How it ends"),
        ),
    ),
    "encounter_setup.SetupPanel": (
        Spot(CALCULATOR, ".piratelib-setup"),
        (
            Gesture(
                "tick Swivel Guns in setup B",
                "checkbox",
                "Swivel Guns",
                within=".piratelib-setup-b",
                tab="How it ends",
            ),
            Gesture(
                "tick Ranger in setup A",
                "checkbox",
                "Ranger",
                within=".piratelib-setup-a",
                tab="How it ends",
            ),
        ),
    ),
    "encounter_views.DetailView": (
        Spot(CALCULATOR, ".piratelib-detail"),
        (
            Gesture(
                "tick Swivel Guns in setup A (its detail)",
                "checkbox",
                "Swivel Guns",
                within=".piratelib-setup-a",
                watch=".piratelib-detail",
                tab="How it ends",
            ),
        ),
    ),
    "encounter_views.TileWorthView": (
        Spot(CALCULATOR, ".piratelib-worth"),
        (
            Gesture(
                "tick Swivel Guns in setup A (each tile's worth)",
                "checkbox",
                "Swivel Guns",
                within=".piratelib-setup-a",
                watch=".piratelib-worth",
                tab="Each tile's worth",
            ),
        ),
    ),
    "encounter_views.RollIt": (
        Spot(CALCULATOR, ".piratelib-roll"),
        (Gesture("Roll it", "button", css=".piratelib-roll", tab="Roll it", back=False),),
    ),
    "variant_lab.VariantLab": (
        Spot("variant_lab.ipynb", ".piratelib-lab"),
        (
            Gesture(
                "Question dropdown",
                "dropdown",
                css=".piratelib-lab-question",
                options=(
                    'Does "more than half" change who wins Hunt for Blackbeard?',
                    "Which side wins Black Flag! at each table size?",
                ),
            ),
            Gesture(
                "Play",
                "button",
                css=".piratelib-lab-play",
                done=".piratelib-lab-play:not([disabled])",
                limit_s=300.0,
                computes=True,
                back=False,
            ),
        ),
    ),
}
"""Each app (``module.Class`` in piratelib/widgets/): where it is, and its main gestures."""

KERNEL_WATCH = """
(() => {
  const kernel = (window.piratelibKernel = { state: "idle" });
  const Native = window.WebSocket;
  const text = new TextDecoder();
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", ({ data }) => {
        const said = typeof data === "string" ? data
          : data instanceof ArrayBuffer ? text.decode(data) : "";
        const state = /"execution_state"\\s*:\\s*"(\\w+)"/.exec(said);
        if (state) kernel.state = state[1];
      });
    }
  };
})();
"""
"""Before the page's own scripts: follow the kernel's busy / idle status on its websocket."""
EVERYTHING = "{ subtree: true, childList: true, attributes: true, characterData: true }"
"""What the MutationObservers watch: every change in the page."""
SHOWN = """
([marker, nth]) => {
  if (document.querySelectorAll(marker)[nth]) return "shown";
  const errors = [...document.querySelectorAll('[data-mime-type$="stderr"]')]
    .map((e) => e.innerText.trim()).filter((t) => /error|traceback/i.test(t));
  if (!errors.length) return false;
  window.piratelibErrorSeen ??= performance.now();  // widgets may still be on their way
  return performance.now() - window.piratelibErrorSeen > 30000 && errors[0].slice(0, 300);
}
"""
"""Whether an app's marker is on the page; or, 30 s after the page showed an error, that error."""
TAG = """
([key, marker, nth]) => {
  const found = document.querySelectorAll(marker)[nth];
  const area = found && found.closest(".jp-OutputArea-output");
  if (!area) return false;
  const keys = (area.dataset.piratelibBench || "").split(" ").filter(Boolean);
  area.dataset.piratelibBench = [...new Set([...keys, key])].join(" ");
  return true;
}
"""
"""Mark the output area around an app's marker, so each gesture finds the app again."""
SETTLE = (
    """
async ([quietMs, limitMs]) => {
  let last = performance.now();
  const seen = new MutationObserver(() => { last = performance.now(); });
  seen.observe(document.body, EVERYTHING);
  const start = performance.now();
  await new Promise((resolve) => {
    const tick = () => {
      const now = performance.now();
      const idle = window.piratelibKernel.state === "idle";
      if ((idle && now - last >= quietMs) || now - start > limitMs) resolve();
      else setTimeout(tick, 10);
    };
    tick();
  });
  seen.disconnect();
}
"""
).replace("EVERYTHING", EVERYTHING)
"""Wait until the kernel is idle and the page has been quiet for `quietMs` (not timed)."""
TIMED_GESTURE = (
    """
async ([key, g, k, quietMs]) => {
  const root = document.querySelector(`[data-piratelib-bench~="${key}"]`);
  const scope = root && (g.within ? root.querySelector(g.within) : root);
  if (!scope) return { error: `${g.within || "the app"} is not in the page` };
  const label = Array.isArray(g.label) ? g.label[k % g.label.length] : g.label;
  const KINDS = {
    slider: ".widget-slider",
    dropdown: ".widget-dropdown",
    select: ".widget-select-multiple",
    toggle: ".widget-toggle-buttons",
    checkbox: ".widget-checkbox",
    button: "button.widget-button",
  };
  // the words shown; dropdowns show their options' spaces as no-break spaces
  const words = (el) => (el?.text ?? el?.innerText)?.replace(/\\u00a0/g, " ").trim();
  const labelOf = (el) => words(
    g.kind === "button" ? el
      : g.kind === "checkbox" ? el.querySelector(".widget-label-basic")
        : el.querySelector(":scope > .widget-label"),
  );
  const widgets = g.css ? [...scope.querySelectorAll(g.css)]
    : [...scope.querySelectorAll(KINDS[g.kind])].filter((el) => labelOf(el) === label);
  const w = widgets[g.nth];
  if (!w) return { error: `no ${g.kind} ${g.css || JSON.stringify(label)} in the app` };
  const input = w.matches("button, input, select") ? w
    : w.querySelector("input, select, .noUi-handle");
  const hidden = g.kind === "button" && w.offsetParent === null;
  if (hidden || input?.disabled || input?.hasAttribute("disabled")) return { unusable: true };
  const pick = (names, current) => {  // alternate between two of `names`
    if (!("benchFrom" in w.dataset)) w.dataset.benchFrom = current;
    const from = +w.dataset.benchFrom;
    const [a, b] = g.options.length ? g.options.map((o) => names.indexOf(o))
      : [from, from + 1 < names.length ? from + 1 : from - 1];
    if (a < 0 || b < 0) throw new Error(`${g.options} are not all in ${names}`);
    return current === a ? b : a;
  };
  const change = (select) => select.dispatchEvent(new Event("change", { bubbles: true }));
  let act;
  try {
    if (g.kind === "slider") {
      const handle = w.querySelector(".noUi-handle");
      const [v, hi] = ["now", "max"].map((a) => +handle.getAttribute(`aria-value${a}`));
      if (!("benchFrom" in w.dataset)) w.dataset.benchFrom = v;
      const from = +w.dataset.benchFrom;  // one step from where it opened, and back
      const up = v === from ? v < hi : v < from;
      const press = { key: up ? "ArrowRight" : "ArrowLeft", bubbles: true, cancelable: true };
      act = () => handle.dispatchEvent(new KeyboardEvent("keydown", press));
    } else if (g.kind === "dropdown") {
      const select = w.querySelector("select");
      const to = pick([...select.options].map(words), select.selectedIndex);
      act = () => { select.selectedIndex = to; change(select); };
    } else if (g.kind === "select") {
      const select = w.querySelector("select");
      const names = [...select.options].map(words);
      const option = select.options[g.options.length ? names.indexOf(g.options[0]) : 0];
      act = () => { option.selected = !option.selected; change(select); };
    } else if (g.kind === "toggle") {
      const buttons = [...w.querySelectorAll("button")];
      const active = buttons.findIndex((b) => b.classList.contains("mod-active"));
      const to = pick(buttons.map(words), active);
      act = () => buttons[to].click();
    } else if (g.kind === "checkbox") {
      act = () => w.querySelector("input").click();
    } else {
      act = () => w.click();
    }
  } catch (error) {
    return { error: String(error) };
  }
  const watch = g.watch ? root.querySelector(g.watch) : root;
  if (!watch) return { error: `${g.watch} is not in the app` };
  let first = null;
  let last = 0;
  let decoding = 0;
  const start = performance.now();
  const decode = (img) => {  // a new picture counts once the browser can paint it
    decoding += 1;
    img.decode().catch(() => {}).finally(() => { decoding -= 1; last = performance.now(); });
  };
  const seen = new MutationObserver((records) => {
    const now = performance.now();
    last = now;
    for (const r of records) {
      if (first === null && watch.contains(r.target) && !w.contains(r.target)) first = now;
      const img = r.target.tagName === "IMG";
      if (r.type === "attributes" && r.attributeName === "src" && img) decode(r.target);
      for (const node of r.addedNodes) {
        if (node.nodeType !== Node.ELEMENT_NODE) continue;
        if (node.tagName === "IMG") decode(node);
        else node.querySelectorAll("img").forEach(decode);
      }
    }
  });
  seen.observe(document.body, EVERYTHING);
  act();
  const settled = await new Promise((resolve) => {
    const tick = () => {
      const now = performance.now();
      const idle = window.piratelibKernel.state === "idle";
      const quiet = first !== null && idle && !decoding && now - last >= quietMs;
      if (quiet && (!g.done || root.querySelector(g.done))) resolve(true);
      else if (now - start > g.limit_s * 1000) resolve(false);
      else setTimeout(tick, 10);
    };
    setTimeout(tick, 10);
  });
  seen.disconnect();
  if (first === null) return { error: `nothing in the app changed within ${g.limit_s} s` };
  if (!settled) return { error: `the page did not settle within ${g.limit_s} s` };
  return { first: first - start, settled: last - start };
}
"""
).replace("EVERYTHING", EVERYTHING)
"""Do gesture `g` (its `k`-th time) from the page's JavaScript; its times in ms, or why not."""


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7, help="timed gestures of each kind")
    parser.add_argument("--apps", help="apps to time, e.g. HighestDieApp,blackbeard.MovementApp")
    parser.add_argument(
        "--smoke", action="store_true", help=f"one repeat of {', '.join(SMOKE_APPS)} (tests)"
    )
    args = parser.parse_args(argv)
    _check_every_app_has_gestures()
    chosen = _chosen(args.apps) if args.apps else list(SMOKE_APPS if args.smoke else APPS)
    repeats = 1 if args.smoke else args.repeats
    if repeats < 1:
        parser.error("--repeats must be at least 1")
    pages: dict[str, list[str]] = {}
    for key in chosen:
        pages.setdefault(APPS[key][0].notebook, []).append(key)
    from playwright.sync_api import sync_playwright

    print(
        f"Each gesture: 1 warm-up, then {repeats} timed, from the click to the first change "
        f"in the app and to the page settled (the kernel idle, then {QUIET_MS} ms without a "
        "change).",
        flush=True,
    )
    slowest, failed, computing = 0.0, [], []
    with Voila("notebooks") as url, sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"]
        )
        for notebook, keys in pages.items():
            page = chromium.new_page()
            page.add_init_script(KERNEL_WATCH)
            problems = _open(page, f"{url}voila/render/{notebook}", keys)
            for key in keys:
                parts = [f"FAILED ({problems[key]})"] if key in problems else []
                if key in problems:
                    failed.append(f"{key}: {problems[key]}")
                for gesture in APPS[key][1] if key not in problems else ():
                    firsts, settles, problem = _times(page, key, gesture, repeats)
                    if problem:
                        failed.append(f"{key}: {gesture.name}: {problem}")
                        parts.append(f"{gesture.name}: FAILED ({problem})")
                        continue
                    first, settled = statistics.median(firsts), statistics.median(settles)
                    if gesture.computes:  # held to the goal by its progress shown
                        slowest = max(slowest, first)
                        computing.append(f"{key.split('.')[1]}'s {gesture.name}")
                        parts.append(
                            f"{gesture.name}: first change (its progress) median {first:.0f} "
                            f"ms, done median {settled:.0f} ms"
                        )
                        continue
                    slowest = max(slowest, settled)
                    parts.append(
                        f"{gesture.name}: first change median {first:.0f} ms, settled median "
                        f"{settled:.0f} ms"
                    )
                print(f"{key.split('.')[1]} ({notebook}): {'; '.join(parts)}", flush=True)
            page.close()
        chromium.close()
    for line in failed:
        print(f"failed: {line}", file=sys.stderr)
    if computing:
        print(
            f"computations the reader starts and watches ({', '.join(computing)}): held to "
            "the goal by their first change, their progress shown"
        )
    print(f"slowest settled median: {slowest:.0f} ms (goal {GOAL_MS})")
    if failed:
        raise SystemExit(1)


def _open(page, url: str, keys: list[str]) -> dict[str, str]:
    """Open the page and find each app in it; why an app cannot be timed, by key."""
    from playwright.sync_api import Error as PlaywrightError

    try:
        page.goto(url, timeout=OPEN_S * 1000)
    except PlaywrightError as error:
        return dict.fromkeys(keys, f"the page did not open: {str(error).splitlines()[0]}")
    problems = {}
    for key in keys:
        spot = APPS[key][0]
        try:
            shown = page.wait_for_function(
                SHOWN, arg=[spot.marker, spot.nth], timeout=OPEN_S * 1000
            )
            said = shown.json_value()
        except PlaywrightError:
            said = f"nothing within {OPEN_S} s"
        if said != "shown":
            problems[key] = f"{spot.marker} is not on the page; it says: {said}"
        elif not page.evaluate(TAG, [key, spot.marker, spot.nth]):
            problems[key] = f"{spot.marker} is in no output area"
    page.evaluate(SETTLE, [QUIET_MS, 120_000])
    return problems


def _times(page, key: str, gesture: Gesture, repeats: int) -> tuple[list, list, str]:
    """Do `gesture` once to warm up, then `repeats` times; first-change and settled ms."""
    from playwright.sync_api import Error as PlaywrightError

    if gesture.tab:
        app = page.locator(f'[data-piratelib-bench~="{key}"]')
        app.get_by_role("tab", name=gesture.tab, exact=True).click()
        page.wait_for_timeout(QUIET_MS)  # for the kernel to hear of it
        page.evaluate(SETTLE, [QUIET_MS, 120_000])
    shown = {f: getattr(gesture, f) for f in gesture.__dataclass_fields__}
    firsts, settles = [], []
    extra = int(gesture.back and repeats % 2 == 0)  # an odd count so far: one more, untimed
    for k in range(repeats + 1 + extra):
        try:
            took = page.evaluate(TIMED_GESTURE, [key, shown, k, QUIET_MS])
            if took.get("unusable") and gesture.reset:
                reset = {**shown, "kind": "button", "label": gesture.reset, "css": "", "nth": 0}
                page.evaluate(TIMED_GESTURE, [key, reset, 0, QUIET_MS])
                took = page.evaluate(TIMED_GESTURE, [key, shown, k, QUIET_MS])
        except PlaywrightError as error:
            return firsts, settles, str(error).splitlines()[0]
        if took.get("unusable"):
            return firsts, settles, "the control is disabled or hidden"
        if "error" in took:
            return firsts, settles, took["error"]
        if 0 < k <= repeats:
            firsts.append(took["first"])
            settles.append(took["settled"])
    return firsts, settles, ""


def _chosen(names: str) -> list[str]:
    """The keys of APPS that `names` (comma-separated classes or module.Class) pick."""
    chosen = []
    for wanted in filter(None, (n.strip() for n in names.split(","))):
        keys = [k for k in APPS if wanted in (k, k.split(".")[1])]
        if not keys:
            raise SystemExit(f"no app {wanted!r}; apps: {', '.join(APPS)}")
        chosen += [k for k in keys if k not in chosen]
    return chosen


def _check_every_app_has_gestures() -> None:
    """Refuse to run unless APPS names exactly the App subclasses in piratelib/widgets/."""
    found = set()
    for path in sorted((ROOT / "piratelib" / "widgets").glob("*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.ClassDef) and any(
                isinstance(base, ast.Name) and base.id == "App" for base in node.bases
            ):
                found.add(f"{path.stem}.{node.name}")
    missing, gone = sorted(found - APPS.keys()), sorted(APPS.keys() - found)
    if missing or gone:
        raise SystemExit(
            f"benchmarks/apps_browser.py APPS is out of date: no gestures for "
            f"{', '.join(missing) or 'none'}; no such app: {', '.join(gone) or 'none'}"
        )


if __name__ == "__main__":
    main()
