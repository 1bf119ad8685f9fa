"""The Voila opening benchmark runs (issue 24): one page, opened once, against the goal."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_voila_open_benchmark_prints_each_page_and_the_slowest(browser):
    command = [sys.executable, "benchmarks/voila_open.py", "--repeats", "1", "--pages"]
    out = subprocess.run(
        [*command, "00_start_here.ipynb"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
    ).stdout
    assert "00_start_here.ipynb: median" in out, out
    assert out.strip().splitlines()[-1].startswith("slowest median:"), out
    assert out.strip().endswith("(goal 10)"), out
