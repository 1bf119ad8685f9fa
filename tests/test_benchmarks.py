"""The benchmark scripts still run (tiny sizes) and print their ratios."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_dice_benchmark_prints_ratios_and_agreement():
    command = [sys.executable, "benchmarks/dice.py", "--repeats", "1", "--trials", "50"]
    out = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert "icepool (cached) / exact:" in out
    assert "50-roll simulation / exact:" in out
    assert "exact and icepool agree on every contest" in out


def test_encounter_benchmark_prints_the_ratio():
    command = [sys.executable, "benchmarks/encounter.py", "--repeats", "1", "--trials", "200"]
    command += ["--sample", "20", "--no-subsets"]
    out = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert out.count("simulation / exact:") == 3 and "(agree: False)" not in out
    assert "exact odds, median of 1:" in out
    assert "Sweep: 398 legal setups timed once (378 every tile, 20 random); the 50" in out
    assert "heaviest: " in out and " against " in out and "Escape or Board: " in out
    assert out.count("(goal: 10 ms or less)") == 1


def test_blackflag_benchmark_prints_the_ratios():
    command = [
        sys.executable,
        "benchmarks/blackflag.py",
        "--repeats",
        "1",
        "--trials",
        "2000",
        "--games",
        "2",
    ]
    out = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert out.count("simulation / exact:") == 7 and "DISAGREE" not in out
    assert "2 random games" in out and "per action" in out


def test_dreadpirate_benchmark_prints_the_ratios():
    command = [sys.executable, "benchmarks/dreadpirate.py", "--repeats", "1", "--trials", "2000"]
    out = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert out.count("simulation / exact:") == 3 and "DISAGREE" not in out
    assert "icepool / piratelib:" in out and "agree exactly" in out
    assert out.count("(goal: at least 100x with 100,000 voyages") == 3
    assert out.count("(goal: at least 1x, ") == 1


def test_blackbeard_game_benchmark_plays_whole_games_and_counts_endings():
    command = [sys.executable, "benchmarks/blackbeard_game.py", "--games", "5"]
    out = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert "5 random games" in out and "games/s (goal: at least 200;" in out
    counts = [int(line.split()[-2].replace(",", "")) for line in out.splitlines()[2:]]
    assert sum(counts) == 5, out


def test_blackbeard_deduce_benchmark_times_updates_against_the_goal():
    command = [sys.executable, "benchmarks/blackbeard_deduce.py", "--games", "2", "--advanced", "1"]
    command += ["--bot-games", "2", "--loss-games", "1"]
    out = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert "2 random standard games" in out and "1 random ADVANCED games" in out
    assert out.count("below the flat spread:") == 6, out  # each Blackbeard bot: all, random, smart
    assert "Sail table built once" in out
    assert out.count("(goal: median at most 50 ms on one core;") == 4
    assert out.count("CPU median") >= 4 and "wall median" in out
    assert out.count("outside the possible set 0 times") == 2
    assert "2 standard games per pairing of bots" in out and out.count("95% interval") == 4
    assert out.count("does better than the random one against") == 4


def test_invariants_benchmark_plays_each_game_and_keeps_its_invariants():
    command = [sys.executable, "benchmarks/invariants.py", "--games", "3", "--workers", "1"]
    out = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=True).stdout
    for game in ("Black Flag!", "Dread Pirate", "Hunt for Blackbeard"):
        assert f"{game}: 3 random games (" in out, out
    assert out.count("every invariant held after each") == 3, out


def test_sweep_benchmark_prints_the_scaling_and_the_task_overhead():
    command = [sys.executable, "benchmarks/sweep.py", "--games", "4", "--block", "2"]
    command += ["--repeats", "1", "--tasks", "20"]
    out = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert "2 workers / 1 worker: " in out and "(goal: at least 1.6x;" in out
    assert "the rows were identical in every run" in out
    for where in ("in this process:", "process pool, 1 worker:", "Dask LocalCluster, 2:"):
        assert where in out


def test_blackbeard_ladder_plays_every_pairing_and_checks_the_search_goals():
    command = [sys.executable, "benchmarks/blackbeard_ladder.py", "--games", "1"]
    command += ["--playouts", "2", "--workers", "1", "--block", "1"]
    out = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert out.count("s CPU a game)") == 9  # every pairing of {random, smart, search}
    assert out.count("search Hunters vs smart Hunters against") == 3
    assert out.count("search Blackbeard vs smart Blackbeard against") == 3


def test_blackflag_ladder_compares_the_team_bot_with_a_random_player_in_its_seat():
    command = [sys.executable, "benchmarks/blackflag_ladder.py", "--games", "4", "--workers", "1"]
    command += ["--players", "4,8", "--block", "2"]
    out = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=True).stdout
    rows = [line.split() for line in out.splitlines()[1:] if line.split()[:1] in (["4"], ["8"])]
    assert len(rows) == 4 and sum("%" in " ".join(row) for row in rows) == 2, out
    assert "the team bot in every seat: who won" in out and "ms a game" in out
