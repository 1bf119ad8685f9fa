"""The Hunters' deduction keeps its memory bounded: 1,000 new deductions grow a process by
less than :data:`BOUND_MB`.

Every deduction remembers tables (the Sails its evidence can tell apart, the histories
counted) so that the next view of the same game is quick. Each remembered table is capped
(``functools.lru_cache`` with a ``maxsize``), so a long sweep of games cannot fill the
machine: before the caps, 1,000 views grew a process by about 120 MB and 3,000 by about
300 MB. The workload runs in a fresh process (``python tests/blackbeard/test_deduce_memory.py``
prints its figures), so the other tests' tables do not count.
"""

from __future__ import annotations

import functools
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

BOUND_MB = 100
"""Most a process may grow over :data:`VIEWS` new deductions, after :data:`WARM` to warm up."""

WARM, VIEWS = 50, 1000


def _rss_mb() -> float:
    """This process's resident memory, in MB (Linux's /proc)."""
    pages = int(Path("/proc/self/statm").read_text().split()[1])
    return pages * 4096 / 2**20


def _unbounded_deduce_caches() -> list[str]:
    """The remembered tables of the deduction package that have no cap."""
    from piratelib.blackbeard import deduce

    found = []
    for name, module in sorted(sys.modules.items()):
        if not name.startswith(deduce.__name__):
            continue
        for attr, value in vars(module).items():
            if isinstance(value, functools._lru_cache_wrapper) and value.__module__ == name:
                info = value.cache_info()
                if info.maxsize is None and info.currsize > 50:
                    found.append(f"{name}.{attr} ({info.currsize} entries)")
    return found


def growth() -> dict[str, object]:
    """Deduce the Hunters' view after each of their decisions in seeded random games."""
    from piratelib.blackbeard.deduce import possible_spaces
    from piratelib.blackbeard.game import (
        apply,
        decider,
        legal_actions,
        new_game,
        observation,
        winner,
    )

    rng, views, seed, start = random.Random(1), 0, 0, 0.0
    while views < WARM + VIEWS:
        state = new_game(seed=seed)
        seed += 1
        while winner(state) is None and views < WARM + VIEWS:
            state = apply(state, rng.choice(legal_actions(state)))
            if decider(state) == "hunters":
                possible_spaces(observation(state, "hunters"))
                views += 1
                if views == WARM:
                    start = _rss_mb()
    return {
        "grew_mb": round(_rss_mb() - start, 1),
        "games": seed,
        "unbounded": _unbounded_deduce_caches(),
    }


@pytest.mark.skipif(not Path("/proc/self/statm").exists(), reason="needs Linux's /proc")
def test_a_thousand_new_deductions_stay_under_the_memory_bound():
    run = subprocess.run(
        [sys.executable, __file__], capture_output=True, text=True, check=True, timeout=600
    )
    figures = json.loads(run.stdout)
    assert figures["games"] > 10  # many games: new views, not one game's repeats
    assert figures["unbounded"] == []
    assert figures["grew_mb"] < BOUND_MB, figures


if __name__ == "__main__":
    print(json.dumps(growth()))
