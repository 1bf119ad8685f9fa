"""benchmarks/dreadpirate_ladder.py still runs (tiny sizes) and prints every seat's row."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_ladder_prints_each_seat_greedy_and_random():
    command = [sys.executable, "benchmarks/dreadpirate_ladder.py", "--games", "2", "--cap", "60"]
    command += ["--sizes", "2", "--block", "1", "--workers", "1"]
    out = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=True).stdout
    rows = [line.split() for line in out.splitlines()[2:] if line.split()[:1] == ["2"]]
    assert [row[1:3] for row in rows] == [
        ["1", "greedy"],
        ["1", "random"],
        ["2", "greedy"],
        ["2", "random"],
    ]
    assert "2 games a cell from seed 20000, capped at 60 actions" in out
    assert all(row[4].count("-") == 1 and row[4].endswith("%") for row in rows)  # an interval
