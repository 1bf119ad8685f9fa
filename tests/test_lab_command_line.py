"""Bad arguments to ``python -m piratelib.lab`` print one sentence and exit with status 2,
and a point that fails on a process pool is named (issue 29, item 8)."""

from __future__ import annotations

import os
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor

import pytest

from piratelib import lab, sweep
from piratelib.errors import PiratelibError

MOST_WORKERS = 4 * (os.cpu_count() or 1)

BAD = [
    (["--games", "0"], "--games must be a whole number from 1 to 1000000000, got 0"),
    (["--games", "-5"], "--games must be a whole number from 1"),
    (["--games", "10000000000000"], "--games must be a whole number from 1 to 1000000000"),
    (["--games", "abc"], "argument --games: invalid int value: 'abc'"),
    (["--games", "1e3"], "argument --games: invalid int value: '1e3'"),
    (["--seed", "x"], "argument --seed: invalid int value"),
    (["--seed", str(10**20)], "--seed must be a whole number from -4611686018427387904"),
    (["--workers", "0"], f"--workers must be a whole number from 1 to {MOST_WORKERS}, got 0"),
    (["--workers", "-2"], "--workers must be a whole number from 1"),
    (["--workers", "100000"], "four per CPU of this machine"),
    (["--workers", "x"], "argument --workers: invalid int value"),
    (["--scheduler", "nonsense"], "address must be a Dask scheduler's, such as 'tcp://host:8786'"),
    (["--workers", "2", "--scheduler", "tcp://h:1"], "not allowed with argument --workers"),
    (["--remember", "--games", "3"], "--remember plays every question at its small default"),
    (["--remember", "victory"], "give it alone, without questions"),
    (["--bogus"], "unrecognized arguments: --bogus"),
    (["nosuchquestion"], "invalid choice: 'nosuchquestion'"),
]


@pytest.mark.parametrize(("argv", "words"), BAD, ids=["_".join(a) for a, _ in BAD])
def test_a_bad_argument_prints_one_sentence_and_exits_2(argv, words, capsys):
    # --games 0 used to run the full 10,000-game grid; 9 of 14 others gave tracebacks
    with pytest.raises(SystemExit) as exited:
        lab.main(argv)
    assert exited.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1 and err.endswith(".\n"), err
    assert err.startswith("python -m piratelib.lab: ")
    assert words in err


def test_the_command_line_itself_exits_2():
    done = subprocess.run(
        [sys.executable, "-m", "piratelib.lab", "--games", "0"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.splitlines() == [
        "python -m piratelib.lab: --games must be a whole number from 1 to 1000000000, got 0."
    ]


def _unpicklable(x):
    return {"f": lambda: x}


def _exits(x):
    sys.exit(3)


def _dies(x):
    os._exit(1)


@pytest.mark.parametrize(
    ("fn", "words"),
    [
        (_unpicklable, "_unpicklable failed at {'x': 2} on the executor: AttributeError"),
        (lambda x: x, "<lambda> failed at {'x': 2} on the executor: PicklingError"),
        (_exits, "_exits failed at {'x': 2}: SystemExit: 3"),
        (_dies, "_dies failed at {'x': 2} on the executor: BrokenProcessPool"),
    ],
    ids=["unpicklable_result", "lambda", "sys_exit", "worker_dies"],
)
def test_a_point_failing_on_a_process_pool_is_named(fn, words):
    with ProcessPoolExecutor(1) as pool, pytest.raises(PiratelibError) as caught:
        sweep.run(fn, [{"x": 2}], executor=pool)
    assert words in str(caught.value)


def test_a_chunk_failing_on_a_process_pool_names_its_points():
    with ProcessPoolExecutor(1) as pool, pytest.raises(PiratelibError) as caught:
        sweep.run(_unpicklable, [{"x": n} for n in range(5)], executor=pool, per_task=5)
    assert "failed at one of {'x': 0}, {'x': 1}, {'x': 2} (and 2 more points)" in str(caught.value)


def test_sys_exit_in_this_process_is_a_failing_point():
    with pytest.raises(PiratelibError, match=r"_exits failed at \{'x': 1\}: SystemExit: 3"):
        sweep.run(_exits, [{"x": 1}])
