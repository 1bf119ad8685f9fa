"""The Encounter calculator's browser benchmark still runs (one timed change each) and
prints its figures against the 150 ms goal."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_calculator_browser_benchmark_prints_its_figures(browser):
    command = [sys.executable, "benchmarks/calculator_browser.py", "--repeats", "1"]
    out = subprocess.run(
        command, cwd=ROOT, capture_output=True, text=True, check=True, timeout=600
    ).stdout
    lines = [line for line in out.splitlines() if "(goal: 150 ms or less)" in line]
    assert len(lines) == 4, out
    assert sum("comparison: median" in line for line in lines) == 2, out
    assert sum("tile-worth table: median" in line for line in lines) == 2, out
