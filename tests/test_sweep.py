"""piratelib.sweep: the same grid gives the same rows on any executor (issue 17)."""

from __future__ import annotations

import math
import random
import sys
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from fractions import Fraction
from statistics import NormalDist

import pytest

from piratelib import sweep
from piratelib.blackbeard.bots.tally import tally
from piratelib.errors import PiratelibError

# A small seeded grid: Hunt for Blackbeard between random bots (fast), two variants.
VARIANTS = sweep.product(hunters=["random"], blackbeard=["random"], more_than_half=[False, True])


def _square(x):
    return {"square": x * x}


def _echo(**point):
    return point


def _fails_at_three(x):
    if x == 3:
        raise PiratelibError("three is not allowed")
    return x


def test_run_keeps_grid_order_and_point_keys():
    grid = [{"x": x} for x in (5, 1, 4, 2, 3)]
    for per_task in (1, 2, 5, 9):
        rows = sweep.run(_square, grid, per_task=per_task)
        assert rows == [{"x": x, "square": x * x} for x in (5, 1, 4, 2, 3)]
    assert grid == [{"x": x} for x in (5, 1, 4, 2, 3)]  # the caller's grid is untouched


def test_run_reports_progress_per_task():
    seen = []
    sweep.run(_square, [{"x": x} for x in range(7)], per_task=3, progress=lambda *a: seen.append(a))
    assert seen == [(1, 3), (2, 3), (3, 3)]


def test_a_tqdm_bar_counts_every_task(capsys):
    pytest.importorskip("tqdm")  # the [scale] extra; CI installs it
    rows = sweep.run(_square, [{"x": x} for x in range(4)], per_task=2, progress="tqdm")
    assert [row["square"] for row in rows] == [0, 1, 4, 9]
    assert "2/2" in capsys.readouterr().err


def test_play_matches_one_call_whatever_the_blocks():
    """Blocks of seeds add up to the games played in one call, for any block size."""
    whole = [tally(23, seed=5, **variant) for variant in VARIANTS]
    for block in (1, 4, 23, 100):
        rows = sweep.play(tally, VARIANTS, 23, block=block, seed=5)
        expected = zip(VARIANTS, whole, strict=True)
        assert rows == [{**v, "games": 23, "seed": 5, **w} for v, w in expected]


def test_same_rows_in_process_on_a_process_pool_and_on_dask():
    """The acceptance test: one seeded grid, three executors, identical rows."""
    distributed = pytest.importorskip("distributed")  # the [scale] extra; CI installs it
    here = sweep.play(tally, VARIANTS, 12, block=5, seed=40)
    with ProcessPoolExecutor(2) as pool:
        pooled = sweep.play(tally, VARIANTS, 12, block=5, seed=40, executor=pool)
    with ThreadPoolExecutor(2) as threads:
        threaded = sweep.play(tally, VARIANTS, 12, block=5, seed=40, executor=threads)
    with sweep.dask_client(workers=2) as client:
        assert isinstance(client.cluster, distributed.LocalCluster)
        assert len(client.cluster.workers) == 2
        dasked = sweep.play(tally, VARIANTS, 12, block=5, seed=40, executor=client.get_executor())
    assert here == pooled == threaded == dasked
    assert [row["games"] for row in here] == [12, 12]
    assert all(row["blackbeard_wins"] + row["hunters_wins"] == 12 for row in here)


def test_rows_become_a_dataframe():
    pandas = pytest.importorskip("pandas")  # the [scale] extra; CI installs it
    rows = sweep.play(tally, VARIANTS, 3)
    table = sweep.frame(rows)
    assert isinstance(table, pandas.DataFrame)
    assert list(table["more_than_half"]) == [False, True]
    assert list(table["games"]) == [3, 3]


def test_split_seeds_cover_each_variant_once():
    points = sweep.split([{"a": 1}, {"a": 2}], 10, block=4, seed=7)
    for a in (1, 2):
        mine = [p for p in points if p["a"] == a]
        seeds = [s for p in mine for s in range(p["seed"], p["seed"] + p["games"])]
        assert seeds == list(range(7, 17))


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda: sweep.run(3, [{}]), "fn must be a function"),
        (lambda: sweep.run(_square, {"x": 1}), "must be a list of dicts"),
        (lambda: sweep.run(_square, [{"x": 1}, 2]), "dict of keyword names"),
        (lambda: sweep.run(_square, [{1: 1}]), "dict of keyword names"),
        (lambda: sweep.run(_square, [{"x": 1}], executor=object()), "concurrent.futures"),
        (lambda: sweep.run(_square, [{"x": 1}], per_task=0), "per_task"),
        (lambda: sweep.run(_echo, [{"x": 1}]), "returned key(s) ['x']"),
        (lambda: sweep.run(_fails_at_three, [{"x": 2}, {"x": 3}]), "{'x': 3}: PiratelibError"),
        (lambda: sweep.play(tally, [{"games": 3}], 5), "may not set games"),
        (lambda: sweep.play(tally, [{}], 0), "games must be a whole number"),
        (lambda: sweep.play(_square, [{}], 2), "failed at"),
        (lambda: sweep.play(tally, [{"hunters": "clever"}], 2), "unknown hunters bot"),
        (lambda: sweep.product(a=[]), "axis a has no values"),
        (lambda: sweep.product(a="xy"), "axis a must be a list"),
        (lambda: sweep.interval(5, 4), "successes"),
        (lambda: sweep.interval(1, 4, level=1), "level"),
    ],
)
def test_bad_input_is_refused_by_name(call, words):
    with pytest.raises(PiratelibError) as error:
        call()
    assert words in str(error.value)


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"address": "scheduler:8786"}, "address must be a Dask scheduler's"),
        ({"address": 8786}, "address must be a Dask scheduler's"),
        ({"workers": 0}, "workers must be a whole number from 1 to 64"),
        ({"workers": 2.5}, "workers must be a whole number from 1 to 64"),
    ],
)
def test_a_bad_dask_client_is_refused_before_anything_starts(kwargs, words):
    with pytest.raises(PiratelibError, match=words):
        sweep.dask_client(**kwargs)


def test_without_distributed_dask_client_says_how_to_get_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed fails
    with pytest.raises(PiratelibError, match=r"pip install piratelib\[scale\]"):
        sweep.dask_client()


def test_a_failure_stops_the_sweep_in_a_process_pool_too():
    with ProcessPoolExecutor(2) as pool, pytest.raises(PiratelibError, match=r"\{'x': 3\}"):
        sweep.run(_fails_at_three, [{"x": x} for x in range(6)], executor=pool)


def _rejected(successes: int, trials: int, p: Fraction, z: float) -> bool:
    """The two-sided score test, exactly: reject p when (share - p)^2 > z^2 p (1 - p) / n."""
    share = Fraction(successes, trials)
    return (share - p) ** 2 > Fraction(z * z) * p * (1 - p) / trials


@pytest.mark.parametrize(("successes", "trials"), [(0, 10), (3, 10), (10, 10), (47, 113), (1, 1)])
def test_interval_is_the_set_the_score_test_keeps(successes, trials):
    """Independent oracle: the Wilson interval is exactly the shares the score test does not
    reject; checked on a fine grid of exact shares, and at the bounds themselves."""
    z = NormalDist().inv_cdf(0.975)
    low, high = sweep.interval(successes, trials)
    for k in range(0, 2001):
        p = Fraction(k, 2000)
        inside = low - 1e-12 <= p <= high + 1e-12
        if abs(float(p) - low) > 1e-9 and abs(float(p) - high) > 1e-9:
            assert inside == (not _rejected(successes, trials, p, z)), (p, low, high)
    share = successes / trials
    for bound in (low, high):
        if 0 < bound < 1:
            assert math.isclose((share - bound) ** 2, z * z * bound * (1 - bound) / trials)


def test_interval_covers_the_truth_about_95_percent_of_the_time():
    """A seeded check of the interval's meaning (coverage), not of its speed."""
    rng = random.Random(17)
    covered = sum(
        low <= 0.3 <= high
        for low, high in (
            sweep.interval(sum(rng.random() < 0.3 for _ in range(200)), 200) for _ in range(400)
        )
    )
    assert 0.92 <= covered / 400 <= 0.98
