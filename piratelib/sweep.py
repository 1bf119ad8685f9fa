"""Run a what-if over a grid of variants, on any :class:`concurrent.futures.Executor`.

A designer's question ("does the Victory option change who wins?") is a grid of *points*,
each a dict of keyword arguments, and a function that answers one point. :func:`run` calls
``fn(**point)`` for every point and returns one row per point, in grid order: the point's
keys followed by ``fn``'s result. It runs in this process by default (:class:`InProcess`),
or on any executor: a :class:`~concurrent.futures.ProcessPoolExecutor` on this machine, or
a Dask cluster's, ``dask_client(address).get_executor()`` (:func:`dask_client`; ``pip
install piratelib[scale]``). Points travel to workers ``per_task`` at a time, so one task can be
large enough to be worth sending.

Whole games are counted with :func:`play`: it splits each variant's ``games`` into
blocks of seeds (``seed``, ``seed + 1``, ...), runs the blocks, and adds the blocks'
counts back into one row per variant. Game ``i`` of every variant is played from seed
``seed + i`` however the games are split and whoever plays them, so the same grid gives
the same rows on any executor and any number of workers, and every variant meets the
same seeds (a paired comparison). :func:`interval` puts a 95% interval on a share.

Examples
--------
>>> def area(width, height):
...     return {"area": width * height}
>>> run(area, product(width=[1, 2], height=[3]))
[{'width': 1, 'height': 3, 'area': 3}, {'width': 2, 'height': 3, 'area': 6}]
>>> import random
>>> def heads(games, seed):
...     return {"heads": sum(random.Random(s).random() < 0.5 for s in range(seed, seed + games))}
>>> play(heads, [{}], games=1000, block=300) == play(heads, [{}], games=1000, block=7)
True
>>> [round(x, 3) for x in interval(50, 100)]
[0.404, 0.596]
"""

from __future__ import annotations

import contextlib
import itertools
import math
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import Executor, Future, as_completed
from numbers import Number
from statistics import NormalDist
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar

from piratelib.errors import PiratelibError, check_number, check_whole

if TYPE_CHECKING:
    import pandas
    from distributed import Client

__all__ = [
    "InProcess",
    "dask_client",
    "difference",
    "frame",
    "interval",
    "play",
    "product",
    "run",
    "split",
]

Progress = Callable[[int, int], object] | str
"""Called as ``progress(done, total)`` in the caller's thread each time a task finishes; or
``"tqdm"`` for a tqdm bar (a widget in a notebook, text in a terminal)."""

MOST_POINTS = 10**6  # the most points one run may hold
MOST_GAMES = 10**9  # the most games one variant may ask for

_P = ParamSpec("_P")
_T = TypeVar("_T")


class InProcess(Executor):
    """An executor that runs each task at once, in this process (:func:`run`'s default).

    Examples
    --------
    >>> InProcess().submit(pow, 2, 10).result()
    1024
    """

    def submit(self, fn: Callable[_P, _T], /, *args: _P.args, **kwargs: _P.kwargs) -> Future[_T]:
        future: Future[_T] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as error:  # handed to the caller in the Future
            future.set_exception(error)
        return future


def product(**axes: Iterable[Any]) -> list[dict[str, Any]]:
    """Every combination of the values of each axis, as a grid of points (last axis fastest).

    Examples
    --------
    >>> product(advanced=[False, True], more_than_half=[False])
    [{'advanced': False, 'more_than_half': False}, {'advanced': True, 'more_than_half': False}]

    Raises
    ------
    PiratelibError
        If an axis is not a non-empty list (or other iterable) of values.
    """
    values = {}
    for name, axis in axes.items():
        if isinstance(axis, str | bytes | Mapping) or not isinstance(axis, Iterable):
            raise PiratelibError(f"axis {name} must be a list of values, got {axis!r}")
        values[name] = list(axis)
        if not values[name]:
            raise PiratelibError(f"axis {name} has no values: give it at least one")
    return [dict(zip(values, combo, strict=True)) for combo in itertools.product(*values.values())]


def run(
    fn: Callable[..., Any],
    grid: Iterable[Mapping[str, Any]],
    *,
    executor: Executor | None = None,
    per_task: int = 1,
    progress: Progress | None = None,
) -> list[dict[str, Any]]:
    """Call ``fn(**point)`` for each point of `grid` on `executor`; one row per point.

    A row is the point's keys followed by ``fn``'s result: its keys if it returns a
    mapping, else one key ``result``. Rows come in grid order whatever order the tasks
    finish in. With a process pool or a Dask cluster, `fn` must be a module-level function
    (it is pickled) and should depend on nothing but its point, so that every executor
    gives the same rows.

    Raises
    ------
    PiratelibError
        If `fn` is not callable, a point is not a mapping of names, the executor is not a
        :class:`concurrent.futures.Executor`, `per_task` is not a whole number from 1, a
        result's key repeats a point's key, or ``fn`` fails at a point (the message names
        the point and the failure).

    Examples
    --------
    >>> run(round, [{"number": 2.718, "ndigits": 1}, {"number": 3.142, "ndigits": 2}])
    ... # doctest: +NORMALIZE_WHITESPACE
    [{'number': 2.718, 'ndigits': 1, 'result': 2.7},
     {'number': 3.142, 'ndigits': 2, 'result': 3.14}]
    >>> run(round, [{"digits": 1}])
    Traceback (most recent call last):
      ...
    piratelib.errors.PiratelibError: round failed at {'digits': 1}: TypeError: round() missing \
required argument 'number' (pos 1)
    """
    if not callable(fn):
        raise PiratelibError(f"fn must be a function of the grid's keys, got {fn!r}")
    points = _points(grid)
    executor = InProcess() if executor is None else executor
    if not isinstance(executor, Executor):
        raise PiratelibError(
            "executor must be a concurrent.futures.Executor (None for this process, a"
            " ProcessPoolExecutor, or a Dask Client's get_executor()), got"
            f" {type(executor).__name__}"
        )
    check_whole("per_task", per_task, 1, MOST_POINTS)
    chunks = [points[i : i + per_task] for i in range(0, len(points), per_task)]
    with _reporter(progress, len(chunks)) as report:
        if isinstance(executor, InProcess):  # one task at a time, so progress is seen
            answers = [report(_task(fn, chunk)) for chunk in chunks]
        else:
            answers = _gather(executor, fn, chunks, report)
    return [
        _row(fn, point, answer)
        for chunk, results in zip(chunks, answers, strict=True)
        for point, answer in zip(chunk, results, strict=True)
    ]


def _gather(
    executor: Executor,
    fn: Callable[..., Any],
    chunks: list[list[dict[str, Any]]],
    report: Callable[[Any], Any],
) -> list[Any]:
    """Submit a task per chunk, then collect the results in chunk order as they finish.

    A task that fails outside `fn` (`fn` or its result cannot be pickled, a worker dies)
    comes back as the executor's error: it is raised as a PiratelibError naming the
    chunk's points."""
    futures = {executor.submit(_task, fn, chunk): n for n, chunk in enumerate(chunks)}
    results: list[Any] = [None] * len(chunks)
    try:
        for future in as_completed(futures):
            n = futures[future]
            try:
                answer = future.result()
            except Exception as error:
                where = _where(chunks[n])
                raise PiratelibError(
                    f"{_name(fn)} failed at {where} on the executor:"
                    f" {type(error).__name__}: {_short(error)}"
                ) from error
            results[n] = report(answer)
    finally:
        for future in futures:
            future.cancel()
    return results


@contextlib.contextmanager
def _reporter(progress: Progress | None, total: int) -> Iterator[Callable[[Any], Any]]:
    """A function that passes a task's result through and counts it done for `progress`."""
    if progress is None:
        yield lambda result: result
        return
    bar = None
    if progress == "tqdm":
        try:
            from tqdm.auto import tqdm
        except ImportError:
            raise PiratelibError(
                'progress="tqdm" needs tqdm, which is not installed: pip install tqdm'
                " (or piratelib[scale])"
            ) from None
        bar = tqdm(total=total, unit="task")
    elif not callable(progress):
        raise PiratelibError(
            f'progress must be a function (done, total), "tqdm" or None, got {progress!r}'
        )
    done = 0

    def report(result: Any) -> Any:
        nonlocal done
        done += 1
        if bar is None:
            assert callable(progress)  # checked above: a function unless "tqdm" made a bar
            progress(done, total)
        else:
            bar.update(1)
        return result

    try:
        yield report
    finally:
        if bar is not None:
            bar.close()


def split(
    variants: Iterable[Mapping[str, Any]], games: int, *, block: int = 100, seed: int = 0
) -> list[dict[str, Any]]:
    """The points that play `games` games of each variant in blocks of `block` seeds.

    Each point is the variant with ``games`` (the block's size) and ``seed`` (its first
    seed); block ``k`` starts at ``seed + k * block``.

    Examples
    --------
    >>> split([{"advanced": True}], 250, block=100)  # doctest: +NORMALIZE_WHITESPACE
    [{'advanced': True, 'games': 100, 'seed': 0}, {'advanced': True, 'games': 100, 'seed': 100},
     {'advanced': True, 'games': 50, 'seed': 200}]
    """
    check_whole("games", games, 1, MOST_GAMES)
    check_whole("block", block, 1, MOST_GAMES)
    check_whole("seed", seed, -(2**62), 2**62)
    variants = _points(variants, what="variant", reserved=("games", "seed"))
    if len(variants) * math.ceil(games / block) > MOST_POINTS:
        raise PiratelibError(
            f"{len(variants):,} variants of {games:,} games in blocks of {block:,} make more"
            f" than {MOST_POINTS:,} tasks: give a larger block"
        )
    return [
        {**variant, "games": min(block, games - start), "seed": seed + start}
        for variant in variants
        for start in range(0, games, block)
    ]


def play(
    fn: Callable[..., Mapping[str, Any]],
    variants: Iterable[Mapping[str, Any]],
    games: int,
    *,
    block: int = 100,
    seed: int = 0,
    executor: Executor | None = None,
    progress: Progress | None = None,
) -> list[dict[str, Any]]:
    """Play `games` games of each variant with ``fn(games=..., seed=..., **variant)``.

    `fn` plays the games from ``seed`` to ``seed + games - 1`` and returns counts (such as
    :func:`piratelib.blackbeard.bots.tally.tally`). The blocks of :func:`split` run with
    :func:`run`, and each variant's counts are added up: one row per variant, with
    ``games`` the total and ``seed`` the first seed. Counts must be numbers; any other
    result must be the same in every block.

    Raises
    ------
    PiratelibError
        As :func:`run` and :func:`split` do, or if `fn` returns something that is not a
        mapping, or blocks of one variant disagree on a value that is not a count.
    """
    variants = _points(variants, what="variant", reserved=("games", "seed"))
    points = split(variants, games, block=block, seed=seed)
    rows = run(fn, points, executor=executor, progress=progress)
    per_variant = math.ceil(games / block)
    return [
        _add(variant, rows[n * per_variant : (n + 1) * per_variant], games, seed)
        for n, variant in enumerate(variants)
    ]


def interval(successes: int, trials: int, *, level: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval for a share of ``successes`` in ``trials``.

    The interval holds every share ``p`` that a two-sided score test at this `level` would
    not reject: ``(successes/trials - p)**2 <= z**2 * p * (1 - p) / trials``. It stays within
    0 to 1 and is sensible at 0 or all successes, unlike the plain ``p +- z * se``.

    Examples
    --------
    >>> low, high = interval(0, 20)
    >>> low, round(high, 4)
    (0.0, 0.1611)

    Raises
    ------
    PiratelibError
        If `trials` is not a whole number from 1, `successes` not one from 0 to `trials`,
        or `level` not a number strictly between 0 and 1.
    """
    check_whole("trials", trials, 1, 10**15)
    check_whole("successes", successes, 0, trials)
    check_number("level", level, 0, 1)
    if not 0 < level < 1:
        raise PiratelibError(f"level must be strictly between 0 and 1, got {level!r}")
    z = NormalDist().inv_cdf((1 + level) / 2)
    share = successes / trials
    centre = (share + z * z / (2 * trials)) / (1 + z * z / trials)
    spread = math.sqrt(share * (1 - share) / trials + z * z / (4 * trials**2))
    half = z / (1 + z * z / trials) * spread
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    return low, 1.0 if successes == trials else min(1.0, centre + half)


def difference(
    a: tuple[int, int], b: tuple[int, int], *, level: float = 0.95
) -> tuple[float, float, float]:
    """The difference of two shares, ``a`` minus ``b``, with its interval (Newcombe's).

    `a` and `b` are ``(successes, trials)``. Newcombe's hybrid score interval (1998, his
    method 10) combines the two :func:`interval` s: it stays within -1 to 1 and behaves
    at 0 and at all successes, unlike the plain normal one. An interval that holds 0 says
    these games cannot tell the two variants apart.

    Examples
    --------
    >>> [round(x, 4) for x in difference((56, 70), (48, 80))]  # Newcombe's own example
    [0.2, 0.0524, 0.3339]
    """
    (s1, n1), (s2, n2) = _pair("a", a), _pair("b", b)
    low1, high1 = interval(s1, n1, level=level)
    low2, high2 = interval(s2, n2, level=level)
    p1, p2 = s1 / n1, s2 / n2
    below = math.sqrt((p1 - low1) ** 2 + (high2 - p2) ** 2)
    above = math.sqrt((high1 - p1) ** 2 + (p2 - low2) ** 2)
    return p1 - p2, p1 - p2 - below, p1 - p2 + above


def _pair(name: str, pair: object) -> tuple[int, int]:
    if not isinstance(pair, tuple) or len(pair) != 2:
        raise PiratelibError(f"{name} must be a pair (successes, trials), got {pair!r}")
    return pair


def frame(rows: Sequence[Mapping[str, Any]]) -> pandas.DataFrame:
    """The rows as a :class:`pandas.DataFrame`, one column a key (pandas must be installed).

    Raises
    ------
    PiratelibError
        If pandas is not installed (it comes with ``pip install piratelib[scale]``), or
        `rows` is not a list of mappings.
    """
    rows = _points(rows, what="row")
    try:
        import pandas
    except ImportError:
        raise PiratelibError(
            "frame needs pandas, which is not installed: pip install pandas"
            " (or piratelib[scale]); the rows themselves are plain dicts"
        ) from None
    return pandas.DataFrame(rows)


def dask_client(address: str | None = None, *, workers: int = 2) -> Client:
    """A Dask ``distributed.Client``: of the scheduler at `address`, or with None of a new
    cluster of `workers` processes on this machine (one thread each), which closes with the
    client. Its ``get_executor()`` is the executor :func:`run` and :func:`play` take; use it
    in a ``with`` block, or call ``close()``.

    Raises
    ------
    PiratelibError
        If Dask's distributed is not installed (``pip install piratelib[scale]``),
        `address` is not a scheduler's address such as ``"tcp://host:8786"``, or `workers`
        is not a whole number from 1 to 64.
    """
    if address is not None and (
        not isinstance(address, str) or not address.startswith(("tcp://", "tls://"))
    ):
        raise PiratelibError(
            f"address must be a Dask scheduler's, such as 'tcp://host:8786', got {address!r:.80}"
        )
    check_whole("workers", workers, 1, 64)
    try:
        from distributed import Client
    except ImportError:
        raise PiratelibError(
            "playing on Dask needs its distributed package, which is not installed:"
            " pip install piratelib[scale]"
        ) from None
    if address is not None:
        return Client(address)  # type: ignore[no-untyped-call]  # distributed leaves Client.__init__ unannotated
    return Client(  # type: ignore[no-untyped-call]  # distributed leaves Client.__init__ unannotated
        n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
    )


def _points(
    grid: object, *, what: str = "point", reserved: tuple[str, ...] = ()
) -> list[dict[str, Any]]:
    """`grid` as a list of dicts, each a mapping of keyword names; refuse anything else."""
    if isinstance(grid, str | bytes | Mapping) or not isinstance(grid, Iterable):
        raise PiratelibError(f"the {what}s must be a list of dicts, got {type(grid).__name__}")
    points = []
    for point in itertools.islice(grid, MOST_POINTS + 1):
        if not isinstance(point, Mapping) or not all(
            isinstance(k, str) and k.isidentifier() for k in point
        ):
            raise PiratelibError(f"each {what} must be a dict of keyword names, got {point!r}")
        clash = [k for k in reserved if k in point]
        if clash:
            raise PiratelibError(f"a {what} may not set {', '.join(clash)}: {point!r}")
        points.append(dict(point))
    if len(points) > MOST_POINTS:
        raise PiratelibError(f"at most {MOST_POINTS:,} {what}s in one run")
    return points


def _task(fn: Callable[..., Any], chunk: list[dict[str, Any]]) -> list[tuple[bool, Any]]:
    """Run `fn` at each point of `chunk` (in a worker): (True, result) or (False, failure)."""
    answers: list[tuple[bool, Any]] = []
    for point in chunk:
        try:
            answers.append((True, fn(**point)))
        except (Exception, SystemExit) as error:  # reported with its point by _row
            answers.append((False, f"{type(error).__name__}: {_short(error)}"))
    return answers


def _row(fn: Callable[..., Any], point: dict[str, Any], answer: tuple[bool, Any]) -> dict[str, Any]:
    ok, result = answer
    name = _name(fn)
    if not ok:
        raise PiratelibError(f"{name} failed at {point!r}: {result}")
    if not isinstance(result, Mapping):
        return {**point, "result": result}
    clash = [k for k in result if k in point]
    if clash:
        raise PiratelibError(f"{name} returned key(s) {clash} that the point {point!r} has")
    return {**point, **result}


def _add(
    variant: dict[str, Any], rows: list[dict[str, Any]], games: int, seed: int
) -> dict[str, Any]:
    """One variant's blocks added up: counts summed, anything else the same in every block."""
    total: dict[str, Any] = {**variant, "games": games, "seed": seed}
    for row in rows:
        if "result" in row and "result" not in variant:
            raise PiratelibError(f"the function played must return counts (a dict), got {row!r}")
        for key, value in row.items():
            if key in variant or key in ("games", "seed"):
                continue
            if isinstance(value, Number) and not isinstance(value, bool | complex):
                total[key] = total.get(key, 0) + value
            elif total.setdefault(key, value) != value:
                raise PiratelibError(
                    f"blocks of {variant!r} disagree on {key}: {total[key]!r} and {value!r}"
                )
    return total


def _name(fn: Callable[..., Any]) -> str:
    """A function's name for a message."""
    return str(getattr(fn, "__name__", None) or f"{fn!r:.80}")


def _where(chunk: list[dict[str, Any]]) -> str:
    """The points of a task, for a message (the first few of a long chunk)."""
    if len(chunk) == 1:
        return repr(chunk[0])
    shown = ", ".join(map(repr, chunk[:3]))
    return f"one of {shown}" + (f" (and {len(chunk) - 3} more points)" if len(chunk) > 3 else "")


def _short(error: BaseException) -> str:
    """An error's message, cut to 300 characters."""
    text = str(error)
    return text if len(text) <= 300 else text[:300] + "..."
