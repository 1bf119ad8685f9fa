"""The apps' browser benchmark runs (issue 25): one app, each gesture once, against the goal.

The script refuses to run unless its table names every app in piratelib/widgets/, so this
test also fails when an app is added without gestures to time.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_apps_benchmark_times_each_gesture_and_prints_the_slowest(browser):
    out = subprocess.run(
        [sys.executable, "benchmarks/apps_browser.py", "--smoke"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
    ).stdout
    line = next(line for line in out.splitlines() if line.startswith("HighestDieApp ("))
    assert line.startswith("HighestDieApp (00_start_here.ipynb): Hunters' dice slider: "), out
    assert line.count("first change median ") == line.count("settled median ") == 2, out
    assert re.fullmatch(r"slowest settled median: \d+ ms \(goal 100\)", out.splitlines()[-1]), out
