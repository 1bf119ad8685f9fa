"""A game as a person plays it: choose in two steps, undo, save, load and replay.

Each game's engine has the same shape (``new_game``, ``decider``, ``legal_actions``,
``resolve``), and with no ``rng`` given its chance (tile draws, cards, dice) is seeded by
the game's seed and the moment. So a game is wholly given by its options and the actions
taken: a :class:`Record`. It saves as a small JSON file (:meth:`Record.to_json`) and loads
back (:meth:`Record.from_json`), each action checked against the legal actions of its
moment; :meth:`Record.states` replays it.

Undo (:meth:`Record.undo`) takes back the last action of the side that asks, as Rally
the Troops does: only while nothing has been revealed since and no dice were rolled or
tiles drawn, that is while the other side has not acted and every step of the action
was one that shows that side nothing new (the engine's :attr:`Engine.quiet` phases).

:func:`two_steps` groups the legal actions for a person to choose: what (the piece or
kind of action), then where; a long list of places is grouped by kind, so no list is
longer than :data:`MOST`. Each game says its actions as :class:`Choice` s
(:func:`piratelib.blackbeard.game.choices.choice`).

Examples
--------
>>> from piratelib.blackbeard.game import SetCamp
>>> record = Record.start("blackbeard", seed=1).play(SetCamp("nots_island"))
>>> record.actions  # Set Camp at Nots Island is the 6th of the legal actions
(5,)
>>> Record.from_json(record.to_json()) == record
True
>>> record.undo("blackbeard").actions
()
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, NamedTuple

from piratelib.errors import DataError, IllegalActionError, PiratelibError, check_id
from piratelib.steps import Step

__all__ = ["ENGINES", "MOST", "Choice", "Engine", "Record", "two_steps"]

MOST = 12
"""The longest list a person is asked to choose from."""
_FORMAT = "piratelib game record"
_LARGEST_FILE = 1_000_000


class Choice(NamedTuple):
    """One legal action as a person picks it: `what`, then `where` (``""`` if nothing
    more to pick), and the `kind` of place, by which a long list of places is grouped."""

    what: str
    where: str
    kind: str
    action: Any


def two_steps(choices: Sequence[Choice], most: int = MOST) -> dict[str, dict[str, list[Choice]]]:
    """Group `choices` by what, then by where: ``{what: {kind: [choices]}}``, in order.

    A group of at most `most` choices has one kind, ``""``; a longer one is split by
    the kind of place.

    Examples
    --------
    >>> steps = two_steps([Choice("Sail", "Bath", "Towns", 1), Choice("Done", "", "", 2)])
    >>> {what: list(kinds) for what, kinds in steps.items()}
    {'Sail': [''], 'Done': ['']}
    >>> many = [Choice("Sail", f"s{i}", "Sounds" if i % 2 else "Towns", i) for i in range(14)]
    >>> {kind: len(group) for kind, group in two_steps(many)["Sail"].items()}
    {'Towns': 7, 'Sounds': 7}
    """
    grouped: dict[str, list[Choice]] = {}
    for item in choices:
        grouped.setdefault(item.what, []).append(item)
    out: dict[str, dict[str, list[Choice]]] = {}
    for what, group in grouped.items():
        if len(group) <= most:
            out[what] = {"": group}
            continue
        kinds: dict[str, list[Choice]] = {}
        for item in group:
            kinds.setdefault(item.kind, []).append(item)
        out[what] = kinds
    return out


@dataclass(frozen=True)
class Engine:
    """One game's engine as :class:`Record` uses it.

    `quiet` maps each side to the phases of steps that show that side nothing it did
    not know and use no chance: an action all of whose steps are quiet may be undone.
    """

    new_game: Callable[..., Any]
    legal_actions: Callable[[Any], list[Any]]
    resolve: Callable[[Any, Any], tuple[Step, ...]]
    decider: Callable[[Any], str | None]
    words: Callable[[Any], str]
    quiet: Mapping[str, frozenset[str]] = field(default_factory=dict)


@functools.cache
def _engines() -> Mapping[str, Engine]:
    from piratelib.blackbeard import game as bb
    from piratelib.blackflag import game as bf
    from piratelib.dreadpirate import game as dp
    from piratelib.words import say

    return MappingProxyType(
        {
            "blackbeard": Engine(
                new_game=bb.new_game,
                legal_actions=bb.legal_actions,
                resolve=bb.resolve,
                decider=bb.decider,
                words=lambda action: say(bb.describe(action)),
                quiet={
                    "hunters": frozenset({"move", "commandeer", "surveil", "end_move"}),
                    "blackbeard": frozenset(
                        {"A:set_camp", "C:plan", "C:prepare", "C:sail", "C:longboat"}
                        | {"C:israel_hands", "face_up"}
                    ),
                },
            ),
            "blackflag": Engine(
                new_game=lambda names=(), **options: bf.new_game(list(names), **options),
                legal_actions=bf.legal_actions,
                resolve=bf.resolve,
                decider=bf.decider,
                words=repr,
            ),
            "dreadpirate": Engine(
                new_game=lambda names=(), **options: dp.new_game(list(names), **options),
                legal_actions=dp.legal_actions,
                resolve=dp.resolve,
                decider=dp.decider,
                words=repr,
            ),
        }
    )


ENGINES = ("blackbeard", "blackflag", "dreadpirate")
"""The games a :class:`Record` can hold."""


@dataclass(frozen=True)
class Record:
    """A game so far: its `game`, the `options` of its ``new_game`` (the seed among them)
    and each action taken, as its place in the legal actions of its moment."""

    game: str
    options: tuple[tuple[str, Any], ...] = ()
    actions: tuple[int, ...] = ()
    # The replay: the start, then each action's steps (their last step's state is the
    # state after it); kept with the record so that play and undo replay nothing.
    _played: tuple[Any, ...] = field(default=(), compare=False, repr=False)

    def __post_init__(self) -> None:
        check_id("game", self.game, ENGINES)
        if len(self._played) != len(self.actions) + 1:
            object.__setattr__(self, "_played", _replay(self))

    @classmethod
    def start(cls, game: str, **options: Any) -> Record:
        """A new game of `game` with `options` (JSON values: numbers, text, flags, lists).

        Raises
        ------
        PiratelibError
            If `game` is not one of :data:`ENGINES` or the options cannot set it up.
        """
        check_id("game", game, ENGINES)
        frozen = tuple(
            sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in options.items())
        )
        return cls(game, frozen)

    @property
    def engine(self) -> Engine:
        """The game's engine."""
        return _engines()[self.game]

    def states(self) -> tuple[Any, ...]:
        """Every state of the game: the start, then one after each action."""
        return (self._played[0], *(steps[-1].state for steps in self._played[1:]))

    def steps(self) -> tuple[tuple[Step, ...], ...]:
        """The steps of each action, with the rule quoted (replayed, not saved)."""
        return self._played[1:]

    def deciders(self) -> tuple[str | None, ...]:
        """Who took each action."""
        states = self.states()
        return tuple(self.engine.decider(s) for s in states[:-1])

    def play(self, action: Any) -> Record:
        """This game with `action` taken next.

        Raises
        ------
        IllegalActionError
            If `action` is not legal now (the engine's refusal); the record is unchanged.
        """
        state = self.states()[-1]
        legal = self.engine.legal_actions(state)
        if action not in legal:
            self.engine.resolve(state, action)  # raises the engine's own refusal
            raise IllegalActionError(f"{self.engine.words(action)} is not legal now")
        steps = self.engine.resolve(state, action)
        actions = (*self.actions, legal.index(action))
        return Record(self.game, self.options, actions, (*self._played, steps))

    def can_undo(self, side: str) -> bool:
        """Whether `side` may take back the last action (see :meth:`undo`)."""
        if not self.actions:
            return False
        quiet = self.engine.quiet.get(side, frozenset())
        steps = self.steps()[-1]
        return self.deciders()[-1] == side and all(s.phase in quiet for s in steps)

    def undo(self, side: str) -> Record:
        """This game without its last action, if `side` took it and it revealed nothing
        and used no chance (no Spot, draw or roll), so nothing is known that undo forgets.

        Raises
        ------
        IllegalActionError
            If the last action cannot be undone, with why.
        """
        if not self.can_undo(side):
            last = self.deciders()[-1] if self.actions else None
            why = (
                "nothing has been played yet"
                if last is None
                else "the other side has played since"
                if last != side
                else "it revealed something or used chance (a Spot, a draw or a roll)"
            )
            raise IllegalActionError(f"cannot undo the last action: {why}")
        return Record(self.game, self.options, self.actions[:-1], self._played[:-1])

    def to_json(self) -> str:
        """The game as a small JSON text: the game, its options and each action (its
        place among the legal actions and, for a reader, its words)."""
        words = [
            self.engine.words(self.engine.legal_actions(state)[i])
            for state, i in zip(self.states(), self.actions, strict=False)
        ]
        return json.dumps(
            {
                "format": _FORMAT,
                "game": self.game,
                "options": {k: list(v) if isinstance(v, tuple) else v for k, v in self.options},
                "actions": [
                    {"index": i, "action": w} for i, w in zip(self.actions, words, strict=True)
                ],
            },
            indent=1,
        )

    @classmethod
    def from_json(cls, text: str | bytes) -> Record:
        """Load a game saved by :meth:`to_json`, checking every action as it replays.

        Raises
        ------
        DataError
            If the text is not a saved game, or an action is not the one saved (the
            message names its number and both actions).
        """
        if len(text) > _LARGEST_FILE:
            raise DataError(f"a saved game is at most {_LARGEST_FILE:,} bytes, got {len(text):,}")
        try:
            saved = json.loads(text)
        except (ValueError, UnicodeDecodeError) as error:
            raise DataError(f"a saved game is JSON text; this is not: {error}") from None
        if not isinstance(saved, dict) or saved.get("format") != _FORMAT:
            raise DataError(f"not a saved game: it must be a JSON object with format {_FORMAT!r}")
        options, actions = saved.get("options"), saved.get("actions")
        if not isinstance(options, dict) or not isinstance(actions, list):
            raise DataError("a saved game has an options object and an actions list")
        try:
            record = cls.start(str(saved.get("game")), **options)
        except (PiratelibError, TypeError) as error:
            raise DataError(
                f"the saved game's game and options cannot start a game: {error}"
            ) from None
        for n, entry in enumerate(actions, 1):
            index = entry.get("index") if isinstance(entry, dict) else None
            legal = record.engine.legal_actions(record.states()[-1])
            if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(legal):
                raise DataError(
                    f"action {n} of the saved game must have an index from 0 to "
                    f"{len(legal) - 1}, got {entry!r:.80}"
                )
            said = record.engine.words(legal[index])
            if "action" in entry and entry["action"] != said:
                raise DataError(
                    f"action {n} of the saved game was {entry['action']!r:.120}, but that "
                    f"moment's action {index} is {said!r}: the file was changed, or saved "
                    "by another version of piratelib"
                )
            record = record.play(legal[index])
        return record


def _replay(record: Record) -> tuple[Any, ...]:
    """The start of `record`'s game, then each action's steps."""
    engine = _engines()[record.game]
    state = engine.new_game(**dict(record.options))
    played: list[Any] = [state]
    for n, index in enumerate(record.actions, 1):
        legal = engine.legal_actions(state)
        if not isinstance(index, int) or not 0 <= index < len(legal):
            raise IllegalActionError(
                f"action {n} must be a place among the {len(legal)} legal actions, got {index!r}"
            )
        steps = engine.resolve(state, legal[index])
        played.append(steps)
        state = steps[-1].state
    return tuple(played)
