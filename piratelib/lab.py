"""The variant lab's questions: a designer's what-ifs, answered by many played games.

Each :class:`Question` is one game's grid of :class:`Variant` s, the bots that play it,
and the sides whose share of wins it asks about. :func:`ask` plays the games with
:func:`piratelib.sweep.play` (in this process, on a process pool or on a Dask cluster);
:func:`shares` turns the rows into win rates with 95% intervals, and :func:`verdict` says
the answer in sentences, with its uncertainty. :data:`QUESTIONS` holds the lab's four:

- ``victory``: Hunt for Blackbeard's Victory rule, "at least half" of a Piracy row (the
  rulebook) or the optional "more than half";
- ``lookouts``: what Blackbeard's Lookouts Defense is worth over a whole game;
- ``table``: Black Flag!'s sides at each table size, 4 to 8 players;
- ``diagonal``: Dread Pirate's readings of the diagonal rule.

Playing even a question's small default takes seconds, too long for a page that must open
at once: :func:`remembered` gives the rows :func:`ask` gives at that default, as played
once and stored in ``lab_answers.toml`` by ``python -m piratelib.lab --remember`` (the
test suite checks that they still equal a fresh :func:`ask`).

Examples
--------
>>> q = QUESTIONS["victory"]
>>> rows = ask(q, games=4)
>>> [s.variant for s in shares(q, rows)]
['at least half (the rulebook)', 'more than half (the option)']
>>> print(verdict(q, rows).splitlines()[0])  # doctest: +ELLIPSIS
At least half (the rulebook): Blackbeard won ...% of 4 games (95% interval ...
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable, Mapping
from concurrent.futures import Executor
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, NoReturn, TypeVar

from piratelib import data, sweep
from piratelib.blackbeard.bots import tally as blackbeard
from piratelib.blackbeard.readonly import Fixed
from piratelib.blackflag import tally as blackflag
from piratelib.dreadpirate import tally as dreadpirate
from piratelib.errors import PiratelibError, check_id, check_number, check_whole
from piratelib.words import percent

__all__ = [
    "ANSWERS",
    "QUESTIONS",
    "Question",
    "Share",
    "Variant",
    "ask",
    "remember",
    "remembered",
    "shares",
    "verdict",
]

_Row = TypeVar("_Row", bound=Mapping[str, Any])  # shares and verdict take a list of any mappings


def _check_text(name: str, value: object) -> None:
    if not isinstance(value, str) or not value.strip():
        raise PiratelibError(f"{name} must be non-empty text, got {value!r:.80}")


@dataclass(frozen=True)
class Variant:
    """One column of a question: its name for a reader, and the tally's options for it
    (kept read-only, since a question is shared by every caller)."""

    label: str
    options: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        _check_text("Variant label", self.label)
        if not isinstance(self.options, Mapping) or not all(
            isinstance(k, str) and k.isidentifier() for k in self.options
        ):
            raise PiratelibError(
                f"Variant options must map the tally's keyword names to values, got"
                f" {self.options!r:.80}"
            )
        object.__setattr__(self, "options", Fixed(self.options))


@dataclass(frozen=True)
class Question:
    """A designer's question about one game.

    ``sides`` pairs each side's name with the count keys of its wins (added together);
    ``games`` is the small default of games per variant (seconds in this process) and
    ``full`` the games per variant of the README's full grid.
    """

    title: str
    game: str
    players: str
    tally: Callable[..., Mapping[str, int]]
    variants: tuple[Variant, ...]
    sides: tuple[tuple[str, tuple[str, ...]], ...]
    games: int
    full: int
    block: int = 20

    def __post_init__(self) -> None:
        for name in ("title", "game", "players"):
            _check_text(f"Question {name}", getattr(self, name))
        if not callable(self.tally):
            raise PiratelibError(f"Question tally must be a function, got {self.tally!r:.80}")
        if not isinstance(self.variants, tuple) or not self.variants:
            raise PiratelibError("Question variants must be a non-empty tuple of Variants")
        if not all(isinstance(v, Variant) for v in self.variants):
            raise PiratelibError("Question variants must be Variants")
        sides = self.sides
        if not isinstance(sides, tuple) or not sides or not all(map(_is_side, sides)):
            raise PiratelibError(
                "Question sides must pair each side's name with its count keys,"
                f" (('Blackbeard', ('blackbeard_wins',)),), got {self.sides!r:.80}"
            )
        for name in ("games", "full", "block"):
            check_whole(f"Question {name}", getattr(self, name), 1, 10**9)


def _is_side(side: object) -> bool:
    """A side's name paired with the (non-empty) tuple of the count keys of its wins."""
    if not isinstance(side, tuple) or len(side) != 2:
        return False
    name, keys = side
    words = [name, *keys] if isinstance(keys, tuple) and keys else [None]
    return all(isinstance(word, str) and word for word in words)


@dataclass(frozen=True)
class Share:
    """How often one side won under one variant, with the 95% (Wilson) interval."""

    variant: str
    side: str
    wins: int
    games: int
    low: float
    high: float

    def __post_init__(self) -> None:
        _check_text("Share variant", self.variant)
        _check_text("Share side", self.side)
        check_whole("Share games", self.games, 1, 10**15)
        check_whole("Share wins", self.wins, 0, self.games)
        check_number("Share low", self.low, 0, 1)
        check_number("Share high", self.high, self.low, 1)

    @property
    def share(self) -> float:
        return self.wins / self.games

    def __str__(self) -> str:
        return (
            f"{percent(self.share)} of {self.games:,} games (95% interval {percent(self.low)}"
            f" to {percent(self.high)})"
        )


def _blackbeard(title: str, *variants: Variant) -> Question:
    """A Hunt for Blackbeard question: Blackbeard's wins, the smart bots on both sides."""
    return Question(
        title=title,
        game="Hunt for Blackbeard",
        players="the smart bots on both sides",
        tally=blackbeard.tally,
        variants=variants,
        sides=(("Blackbeard", ("blackbeard_wins",)),),
        games=40,
        full=10_000,
    )


QUESTIONS: Mapping[str, Question] = MappingProxyType(
    {
        "victory": _blackbeard(
            'Does "more than half" change who wins Hunt for Blackbeard?',
            Variant("at least half (the rulebook)"),
            Variant("more than half (the option)", {"more_than_half": True}),
        ),
        "lookouts": _blackbeard(
            "What are Blackbeard's Lookouts worth over a whole game?",
            Variant("with Lookouts (the rulebook)"),
            Variant("Lookouts set aside", {"set_aside": ("lookouts",)}),
        ),
        "table": Question(
            title="Which side wins Black Flag! at each table size?",
            game="Black Flag!",
            players=(
                "team bots, each playing for its own side and seeing only its own Role, its own "
                "hand and the table"
            ),
            tally=functools.partial(blackflag.tally, bot="team"),
            variants=tuple(Variant(f"{n} players", {"players": n}) for n in range(4, 9)),
            sides=(
                ("the Kingdom of Ibberia", ("ibberia_wins",)),
                ("Great Brittonia", ("brittonia_wins",)),
                (
                    "a Role alone",
                    ("pirate_wins", "ibberian_privateer_wins", "brittish_privateer_wins"),
                ),
            ),
            games=12,
            full=5_000,
        ),
        "diagonal": Question(
            title="Does the diagonal rule change Dread Pirate's first-player edge?",
            game="Dread Pirate",
            players="three greedy bots",
            tally=dreadpirate.tally,
            variants=(
                Variant("no diagonal steps", {"diagonal": "never"}),
                Variant(
                    "diagonal steps beside water (the default)", {"diagonal": "one_side_water"}
                ),
                Variant("every diagonal step", {"diagonal": "always"}),
            ),
            sides=(("the first Pirate", ("first_wins",)),),
            games=4,
            full=1_000,
            block=5,
        ),
    }
)
"""The lab's questions by key (read-only: shared by every caller)."""

ANSWERS = "lab_answers.toml"
"""The packaged file of :func:`remembered` rows."""


def ask(
    question: Question,
    games: int | None = None,
    *,
    seed: int = 0,
    executor: Executor | None = None,
    progress: sweep.Progress | None = None,
) -> list[dict[str, Any]]:
    """Play `games` games of each of the question's variants (default: its small number).

    Every variant meets the same seeds, ``seed`` on, so the same call gives the same rows
    on any executor (see :func:`piratelib.sweep.play`).

    Raises
    ------
    PiratelibError
        If `question` is not a :class:`Question` or `games` not a whole number from 1.
    """
    _check_question(question)
    games = question.games if games is None else games
    check_whole("games", games, 1, 10**9)
    variants = [dict(v.options) for v in question.variants]
    return sweep.play(
        question.tally,
        variants,
        games,
        block=question.block,
        seed=seed,
        executor=executor,
        progress=progress,
    )


def remembered(key: str) -> list[dict[str, Any]]:
    """The rows :func:`ask` gives for ``QUESTIONS[key]`` at its small default, as stored.

    Raises
    ------
    PiratelibError
        If `key` is not a question's key, or the stored file has no rows for it.

    Examples
    --------
    >>> rows = remembered("victory")
    >>> [row["games"] for row in rows], "more_than_half" in rows[1]
    ([40, 40], True)
    """
    key = check_id("question", key, QUESTIONS)
    _, stored = data.read(ANSWERS)
    entry = stored.get(key)
    if not isinstance(entry, dict) or not isinstance(entry.get("rows"), list):
        raise PiratelibError(
            f"{ANSWERS} has no rows for {key}: run python -m piratelib.lab --remember"
        )
    return [
        {k: tuple(v) if isinstance(v, list) else v for k, v in row.items()} for row in entry["rows"]
    ]


def remember(path: str | Path) -> None:
    """Play every question at its small default and store the rows for :func:`remembered`."""
    lines = [
        "# The rows piratelib.lab.ask gives for each question at its small default, played once",
        "# and stored so that a page can show them at once. Made by",
        "# python -m piratelib.lab --remember; tests/test_lab.py checks each equals a fresh ask.",
    ]
    for key, question in QUESTIONS.items():
        lines += ["", f"[{key}]", "rows = ["]
        lines += [
            f"    {{ {', '.join(f'{k} = {_toml(v)}' for k, v in row.items())} }},"
            for row in ask(question)
        ]
        lines.append("]")
    Path(path).write_text("\n".join(lines) + "\n")


def shares(question: Question, rows: list[_Row]) -> list[Share]:
    """Each variant's share of wins for each side, in the question's order.

    Raises
    ------
    PiratelibError
        If `rows` are not the question's (one row per variant, with its counts).
    """
    _check_question(question)
    if not isinstance(rows, list) or len(rows) != len(question.variants):
        raise PiratelibError(
            f"rows must be the {len(question.variants)} rows ask() gives for this question"
        )
    found = []
    for variant, row in zip(question.variants, rows, strict=True):
        keys = [k for _, ks in question.sides for k in ks]
        if not isinstance(row, Mapping) or any(not isinstance(row.get(k), int) for k in keys):
            raise PiratelibError(f"a row of this question must count {', '.join(keys)}")
        for side, ks in question.sides:
            wins, games = sum(row[k] for k in ks), row["games"]
            found.append(Share(variant.label, side, wins, games, *sweep.interval(wins, games)))
    return found


def verdict(question: Question, rows: list[_Row]) -> str:
    """The answer in sentences: each share with its interval, whether the variants differ
    for the first side (a Newcombe interval on the difference, first variant the
    baseline), and who played, one sentence a line."""
    found = shares(question, rows)
    lines = [f"{_cap(s.variant)}: {s.side} won {s}." for s in found]
    side = question.sides[0][0]
    first = [s for s in found if s.side == side]
    base = first[0]
    for other in first[1:]:
        diff, low, high = sweep.difference((other.wins, other.games), (base.wins, base.games))
        told = "a real difference" if low > 0 or high < 0 else "these games cannot tell them apart"
        lines.append(
            f"{_cap(other.variant)} against {base.variant}: {_possessive(side)} share of wins"
            f" changes by {_points(diff)}"
            f" (95% interval {_points(low)} to {_points(high)}): {told}."
        )
    lines.append(f"Played by {question.players}.")
    return "\n".join(lines)


def _possessive(name: str) -> str:
    """Blackbeard -> Blackbeard's; the first Pirate -> the first Pirate's."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def _cap(text: str) -> str:
    """`text` with its first letter capital (names inside it kept as they are)."""
    return text[:1].upper() + text[1:]


def main(argv: list[str] | None = None) -> None:
    """``python -m piratelib.lab``: answer the lab's questions with the full grid.

    In this process by default; ``--workers N`` on a process pool of this machine;
    ``--scheduler ADDRESS`` on a Dask cluster (``pip install piratelib[scale]``). A bad
    argument prints one sentence saying what is allowed and exits with status 2.
    """
    import argparse
    import os
    from concurrent.futures import ProcessPoolExecutor

    most_workers = 4 * (os.cpu_count() or 1)

    class Parser(argparse.ArgumentParser):
        def error(self, message: str) -> NoReturn:
            self.exit(2, f"{self.prog}: {message.rstrip('.')}.\n")

    parser = Parser(prog="python -m piratelib.lab", description=__doc__)
    parser.add_argument("questions", nargs="*", choices=[[], *QUESTIONS], default=[])
    parser.add_argument("--games", type=int, help="games of each variant (default: full grid)")
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--workers", type=int, help="processes on this machine")
    where.add_argument("--scheduler", help="a Dask scheduler's address, tcp://host:8786")
    parser.add_argument(
        "--remember", action="store_true", help=f"store the small answers ({ANSWERS})"
    )
    args = parser.parse_args(argv)
    try:
        if args.games is not None:
            check_whole("--games", args.games, 1, sweep.MOST_GAMES)
        check_whole("--seed", args.seed, -(2**62), 2**62)
        if args.workers is not None:
            check_whole("--workers", args.workers, 1, most_workers)
    except PiratelibError as error:
        cpus = " (four per CPU of this machine)" if str(error).startswith("--workers") else ""
        parser.error(f"{error}{cpus}")
    if args.remember:
        given = [f"--{a}" for a in ("games", "workers", "scheduler") if getattr(args, a)]
        if args.questions or given:
            parser.error(
                "--remember plays every question at its small default: give it alone,"
                f" without {', '.join(given) or 'questions'}"
            )
        remember(Path(__file__).parent / "data" / ANSWERS)
        return
    with contextlib.ExitStack() as stack:
        executor = None
        try:
            if args.workers:
                executor = stack.enter_context(ProcessPoolExecutor(args.workers))
            elif args.scheduler:
                client = stack.enter_context(sweep.dask_client(args.scheduler))
                executor = client.get_executor()
            for key in args.questions or QUESTIONS:
                question = QUESTIONS[key]
                games = question.full if args.games is None else args.games
                print(f"{question.title} ({games:,} games of each variant; {question.players})")
                rows = ask(question, games, seed=args.seed, executor=executor, progress="tqdm")
                print(verdict(question, rows), end="\n\n", flush=True)
        except PiratelibError as error:
            parser.error(str(error))
        except (OSError, TimeoutError) as error:  # a scheduler that cannot be reached
            parser.error(f"could not reach the Dask scheduler at {args.scheduler}: {error}")


def _toml(value: object) -> str:
    """A row's value (a whole number, a flag, text, or a tuple of text) as TOML."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return f'"{value}"' if isinstance(value, str) else str(value)


def _points(x: float) -> str:
    """A difference of shares in percentage points, signed."""
    return f"{x * 100:+.1f} points"


def _check_question(question: object) -> None:
    if not isinstance(question, Question):
        raise PiratelibError(
            f"question must be one of lab.QUESTIONS ({', '.join(QUESTIONS)}), got {question!r:.80}"
        )


if __name__ == "__main__":
    main()
