"""Exact odds of an Encounter: the game tree solved with whole numbers, and its policies.

:func:`odds` walks the whole tree of :mod:`piratelib.blackbeard.encounter.rules` with
exact arithmetic; :class:`Solver` also makes the choices that the step-through and the
simulation follow.

Choices follow a stated policy. Every choice but "Escape or Board" is made by the choosing
side to maximise its own objective, compared in order: Blackbeard wants (P(Blackbeard
wins), P(Blackbeard Escapes), -P(Hunters win)); the Hunters want (P(Hunters win),
P(Israel Hands arrested), -P(Blackbeard wins)). Exact ties go to the first option (not
using a once-per-turn tile before using it; more Rigging Hits first; Jane before Ranger).
"Escape or Board" follows `escape_policy`: ``"board"`` (always Board), ``"escape"``
(Escape whenever allowed), ``"best"`` (as every other choice; Board first on a tie), one
of those for each side as a mapping such as ``{"blackbeard": "escape", "hunters":
"board"}`` (each side's own choice when it wins the Escape roll), or a callable
``policy(winner, state) -> "escape" | "board"``.

Chances are whole numbers over powers of 6 until the end. Within one call, a state is
solved once and remembered by its *outlook* (:meth:`Solver.key`): from the Hunters' Fire
on, states that differ only in which Sloop took which Hit, in Hits wasted beyond
Adventure's caps, or in Lt Maynard or Midshipman Hyde held where neither can join any roll
left, have the same future, so they share one answer. Nothing of an Encounter is kept
from one call to the next; only pure dice tables are (the chance that n dice beat m, the
Hits among n dice, capped at Adventure's: :mod:`~piratelib.blackbeard.encounter.sixths`).
An outlook says nothing of the tiles that made it, so Solvers of Encounters that differ
only in their tiles may share what they know by outlook (``Solver(..., shared=)``, as
:func:`~piratelib.blackbeard.encounter.whatif.tile_worth` does for its ~15 setups).

Examples
--------
>>> jane = Encounter(hunters=frozenset({"jane"}), pirates=frozenset({"adventure"}))
>>> sum(odds(jane, escape_policy="best").values())
Fraction(1, 1)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Hashable, Mapping
from fractions import Fraction
from typing import Any, TypeAlias, cast

from piratelib.blackbeard.encounter.record import (
    MAX_HITS,
    Encounter,
    Ending,
    State,
    _expect,
)
from piratelib.blackbeard.encounter.rules import (
    CHANCE_PHASES,
    _with,
    adventure_fire_dice,
    adventure_flexible,
    after_fire,
    after_roll,
    chance_outcomes,
    chooser,
    hunter_fire_dice,
    opposed_dice,
    options,
    sloop_flexible,
    start,
)
from piratelib.blackbeard.encounter.sixths import (
    ENDINGS,
    POW6,
    Value,
    base6,
    capped,
    in_sixths,
    mix,
    pick,
    roll_table,
    typings,
)
from piratelib.errors import IllegalActionError

__all__ = ["ESCAPE_WINNERS", "POLICIES", "Solver", "odds", "per_side"]


POLICIES = ("board", "escape", "best")
"""The named Escape-or-Board policies; a mapping gives each side one of them."""
ESCAPE_WINNERS = ("blackbeard", "hunters")
"""The sides that can win the Escape roll, the keys of a per-side policy."""


_AHEAD = frozenset(
    {
        "escape:blackbeard",
        "escape:hunters",
        "escape:roll",
        "escape:choice",
        "boarding:hunters",
        "boarding:roll",
    }
)
"""The phases from the Escape on, where states are memoised by :meth:`Solver.outlook`."""
_ESCAPE_ROLL, _BOARDING_ROLL = State(phase="escape:roll"), State(phase="boarding:roll")
"""Blank rolls, filled in by ``_with`` (no checks: a hot path) to count a roll's dice."""


_Key: TypeAlias = tuple[Hashable, ...]
"""A memo key: an outlook (:meth:`Solver.key`), or the fields of a State something needs."""
_Boarding: TypeAlias = tuple[tuple[int, int], ...]
"""Each side's dice at Boarding, if Blackbeard won the Escape and if the Hunters did."""
_Context: TypeAlias = tuple[int, _Boarding, bool, bool, bool, bool]
"""What follows the Hunters' Fire (see :meth:`Solver.context`)."""
_Outcome: TypeAlias = tuple[State | None, object, int, int, Hashable | None]
"""An outcome of a roll: (state or None, what happened, k, n, memo key or None)."""
_EscapePolicy: TypeAlias = str | Mapping[str, str] | Callable[[str, State], str]
"""An Escape-or-Board policy: a name, one name per side, or ``policy(winner, state)``."""
_Landed: TypeAlias = dict[tuple[int, int, int], Value]
"""The value after each roll of the Hunters' Fire, (6s, 5s, 3-4s) capped, for one context."""


@dataclasses.dataclass
class _Futures:
    """Values known by outlook, which Solvers of Encounters alike but for their tiles share."""

    outlooks: dict[object, Value]
    landed: dict[_Context, _Landed] = dataclasses.field(default_factory=dict)


_Shared: TypeAlias = dict[Hashable, _Futures]
"""What several Solvers share (``Solver(..., shared=)``), one for each kin (:func:`_kin`)."""


def odds(encounter: Encounter, *, escape_policy: _EscapePolicy = "board") -> dict[Ending, Fraction]:
    """Return the exact distribution of how `encounter` ends, every Ending listed.

    Parameters
    ----------
    encounter : Encounter
    escape_policy : {"board", "escape", "best"}, mapping or callable
        What the winner of the Escape roll does (see the module docstring); a mapping
        gives each side its own, ``{"blackbeard": "escape", "hunters": "board"}``.

    Raises
    ------
    IllegalActionError
        For an unknown policy, or a callable policy's answer the rules do not allow.

    Examples
    --------
    The rulebook's "Example: Arrest and Escape": Blackbeard's 3 dice against the Hunters' 4.

    >>> brand = Encounter(
    ...     hunters=frozenset({"brand"}),
    ...     pirates=frozenset({"adventure"}),
    ...     blackbeard_tiles=frozenset({"lookouts"}),
    ...     hunter_tiles=frozenset({"capt_gordon"}),
    ... )
    >>> odds(brand)[Ending.BLACKBEARD_ESCAPES]
    Fraction(75799, 279936)

    Each side its own choice: Blackbeard Escapes whenever he wins the Escape roll, the
    Hunters Board whenever they win it, so the Hunters never Escape.

    >>> jane = Encounter(hunters=frozenset({"jane"}), pirates=frozenset({"adventure"}))
    >>> mixed = odds(jane, escape_policy={"blackbeard": "escape", "hunters": "board"})
    >>> (
    ...     mixed[Ending.HUNTERS_ESCAPE],
    ...     mixed[Ending.BLACKBEARD_ESCAPES]
    ...     == odds(jane, escape_policy="escape")[Ending.BLACKBEARD_ESCAPES],
    ... )
    (Fraction(0, 1), True)
    """
    _expect("encounter", encounter, Encounter)
    return Solver(encounter, escape_policy).distribution(start(encounter))


class Solver:
    """Exact values of states, memoised, and the choices the policy makes from them.

    `shared`, a dict, lets Solvers of Encounters alike in all but their tiles (:func:`_kin`)
    share the values they know by outlook: pass the same dict to each. States known by
    themselves (before the Hunters' Fire) stay in this Solver's own :attr:`memo`.
    """

    def __init__(
        self, enc: Encounter, policy: _EscapePolicy, shared: _Shared | None = None
    ) -> None:
        if shared is not None and not isinstance(shared, dict):
            raise IllegalActionError(f"shared must be a dict (or None), got {shared!r:.80}")
        self.enc, self.policy = enc, policy
        self.sides = per_side(policy)
        self.memo: dict[object, Value] = {}
        # Values known by an outlook; with `shared`, kept with every Encounter alike in all
        # that an outlook leaves out (see :func:`_kin`), else in this Solver's own memo.
        if shared is None:
            self.futures = _Futures(self.memo)
        else:
            self.futures = shared.setdefault(_kin(enc, policy), _Futures({}))
        self.outlooks = self.futures.outlooks
        self.contexts: dict[_Key, _Context] = {}
        self.fire: dict[_Key, tuple[tuple[int, bool], ...]] = {}
        self.choices: dict[State, tuple[str, State]] = {}
        # A callable policy sees the whole state at "Escape or Board", so keep states apart.
        self.by_outlook = not callable(policy)
        self.dice: dict[_Key, tuple[int, int]] = {}
        self.boarding: dict[tuple[frozenset[str], int], _Boarding] = {}

    def value(self, state: State, key: object = None) -> Value:
        """The exact chance of each Ending from `state` on, as numerators over 6**k.

        Memoised by :meth:`key`: `key` may be given when the caller has it already.
        """
        if key is None:
            key = self.key(state)
        memo = self.memo if key.__class__ is State else self.outlooks
        result = memo.get(key)
        if result is None:
            result = memo[key] = self._value(state, key)
        return result

    def key(self, state: State) -> object:
        """What the memo knows `state` by: its outlook where that is known, else itself."""
        if self.by_outlook:
            phase = state.phase
            if phase in _AHEAD:
                return self.outlook(state)
            if phase == "split:hunters":
                return self.split_outlook(state)
            if phase == "fire:hunters":
                return self.fire_outlook(state)
            if phase == "volley:hunters":
                return self.volley_outlook(state)
        return state

    def volley_outlook(self, state: State) -> _Key:
        """What the rest depends on before the Hunters declare their Fire tiles: each Sloop's
        Fire dice (Lt Maynard's die Fires with Jane, Hyde's with Ranger), the tiles unused,
        and what follows the Fire (:meth:`context`)."""
        return (
            state.phase,
            self.shooters(state),
            state.lt_maynard,
            state.midshipman_hyde,
            *self.context(state),
        )

    def fire_outlook(self, state: State) -> _Key:
        """What the rest depends on when the Hunters Fire: states alike in it are solved once.

        Their Sloops' dice, in any order (their Hits are added up), and the Hunters' dice
        at the Escape and at Boarding, which count the Sloops' Rigging and Crew Hits
        whichever Sloop took them (Adventure's Hits change only Blackbeard's dice), and
        the once-per-turn tiles still unused.
        """
        return state.phase, tuple(sorted(self.shooters(state))), *self.context(state)

    def shooters(self, state: State) -> tuple[tuple[int, bool], ...]:
        """Each Sloop's Fire dice and whether its 3-4s Hit, Jane first (memoised)."""
        fields = (state.phase, state.declared, state.rigged, state.crewed)
        found = self.fire.get(fields)
        if found is None:
            enc = self.enc
            found = self.fire[fields] = tuple(
                (hunter_fire_dice(enc, state, s, explain=False)[0], sloop_flexible(enc, s))
                for s in enc.sloops
            )
        return found

    def context(self, state: State) -> _Context:
        """From the Hunters' Fire to the Escape, what the rest depends on besides the Hits
        on Adventure: the Hunters' dice at the Escape and each side's at Boarding (before
        Adventure's Crew Hits), the tiles still unused that can still join a roll."""
        fields = (
            state.rigged,
            state.crewed,
            state.lookouts,
            state.hammer_and_anvil,
            state.lt_maynard,
            state.midshipman_hyde,
        )
        found = self.contexts.get(fields)
        if found is None:
            escape = self.roll_dice(_with(_ESCAPE_ROLL, rigged=state.rigged))[1]
            board = self.board_dice(state.crewed, 0)
            found = self.contexts[fields] = (
                escape,
                board,
                state.lookouts,
                state.hammer_and_anvil,
                *_helpers_left(state, escape, board[0][1]),
            )
        return found

    def board_dice(self, crewed: frozenset[str], adventure_crew: int) -> _Boarding:
        """Each side's dice at Boarding, if Blackbeard won the Escape and if the Hunters did."""
        board = self.boarding.get((crewed, adventure_crew))
        if board is None:
            board = self.boarding[crewed, adventure_crew] = tuple(
                self.roll_dice(
                    _with(
                        _BOARDING_ROLL,
                        crewed=crewed,
                        adventure_crew=adventure_crew,
                        escape_winner=winner,
                    )
                )
                for winner in ("blackbeard", "hunters")
            )
        return board

    def outlook(self, state: State) -> _Key:
        """What the rest of the Encounter depends on, from the Escape on: states alike in it
        have the same odds, so one is solved for all.

        From there on, which Sloop took which Hit no longer matters, only the dice each
        side has: for this roll, with what is declared so far, and for Boarding (with either
        winner of the Escape, for Grenadoes), and the once-per-turn tiles still unused.
        A declaration with nothing to declare is passed over: its state shares the outlook
        of the state after it; a roll is known by its odds.
        """
        phase = state.phase
        maynard, hyde = state.lt_maynard, state.midshipman_hyde
        now: tuple[int, int] | tuple[tuple[str, int, int], ...] | None
        now = self.roll_dice(state) if phase != "escape:choice" else None
        if phase[0] == "b":  # Boarding
            assert now is not None  # every phase but the choice has a roll
            if phase == "boarding:hunters":
                maynard, hyde = maynard and now[1] < 3, hyde and now[1] < 2
                if maynard or hyde:
                    return phase, now, maynard, hyde
            return "boarding:roll", roll_table(*now, self.enc.warned, self.enc.most_dice_win)
        board = self.boarding.get((state.crewed, state.adventure_crew)) or self.board_dice(
            state.crewed, state.adventure_crew
        )
        fewest = board[0][1]  # the Hunters' dice before Maynard or Hyde, at the rolls left
        lookouts = phase == "escape:blackbeard" and state.lookouts
        if phase == "escape:blackbeard" and not lookouts:
            phase = "escape:hunters"
        if phase in ("escape:blackbeard", "escape:hunters"):
            assert now is not None  # every phase but the choice has a roll
            if (maynard and now[1] < 3) or (hyde and now[1] < 2):  # they may join the Escape
                fewest = min(fewest, now[1])
            elif phase == "escape:hunters":
                phase = "escape:roll"
        if phase == "escape:roll":  # the roll matters only by who wins it how often
            assert now is not None  # every phase but the choice has a roll
            now = roll_table(*now, self.enc.warned, self.enc.most_dice_win)
        return (
            phase,
            now,
            board,
            state.escape_winner if phase == "escape:choice" else "",
            lookouts,
            state.hammer_and_anvil,
            maynard and fewest < 3,
            hyde and fewest < 2,
        )

    def roll_dice(self, state: State) -> tuple[int, int]:
        """Each side's dice for the roll of this phase (memoised on what they depend on).

        :func:`~piratelib.blackbeard.encounter.rules.opposed_dice` counts them from the
        declared tiles, and at Escape the Rigging Hits, at Boarding the Crew Hits and who
        won the Escape (Grenadoes).
        """
        kind = state.phase[0]
        fields: _Key
        if kind == "e":  # Escape
            fields = (kind, state.declared, state.rigged, state.adventure_rigging)
        elif kind == "b":  # Boarding
            fields = (
                kind,
                state.declared,
                state.crewed,
                state.adventure_crew,
                state.escape_winner,
            )
        else:
            fields = (kind, state.declared)
        dice = self.dice.get(fields)
        if dice is None:
            dice = self.dice[fields] = opposed_dice(self.enc, state)[:2]
        return dice

    def split_outlook(self, state: State) -> _Key:
        """What the rest depends on when the Hunters type their flexible Hits.

        Hits beyond Adventure's caps are wasted, so (6s, 5s, 3-4s) count only up to the
        caps: each option reaches the same Hits on Adventure as the uncapped roll's.
        """
        rigging, crew, flexible = state.pending
        rigging, crew = min(rigging, MAX_HITS["adventure"]), min(crew, MAX_HITS["adventure"])
        room = 2 * MAX_HITS["adventure"] - rigging - crew
        return state.phase, (rigging, crew, min(flexible, room)), *self.context(state)

    def _value(self, state: State, key: object = None) -> Value:
        """:meth:`value` without the memo (`key`: the state's own memo key, if known)."""
        if state.ending is not None:
            return 0, tuple(int(e is state.ending) for e in ENDINGS)
        if state.phase not in CHANCE_PHASES:
            return self._best(state, options(self.enc, state))[1]
        if state.phase == "fire:hunters" and self.by_outlook:
            return self._fire(state)
        # Outcomes alike in what follows are solved once; chances are n / 6**k as (k, n).
        grouped: dict[object, list[Any]] = {}  # [state or None, what, k, n]
        for after, what, kp, np_, after_key in self._outcomes(state, key):
            if after_key is None:
                assert after is not None  # an outcome comes with its state or its key
                after_key = self.key(after)
            same = grouped.get(after_key)
            if same is None:
                grouped[after_key] = [after, what, kp, np_]
            elif kp > same[2]:
                same[2:] = kp, same[3] * POW6[kp - same[2]] + np_
            else:
                same[3] += np_ * POW6[same[2] - kp]
        solved = []
        for after_key, (after, what, kp, np_) in grouped.items():
            memo = self.memo if after_key.__class__ is State else self.outlooks
            # an outcome without its state is an opposed roll, `what` its winner
            value = memo.get(after_key) or self.value(
                after or after_roll(self.enc, state, what), after_key
            )
            solved.append((kp, np_, value))
        return mix(solved)

    def _fire(self, state: State) -> Value:
        """The Hunters' Fire by outlook: each capped roll's chance times the value of the Hits
        it lands on Adventure, its 3-4 Hits typed as the Hunters choose (``split:hunters``).

        The same sum as for any other roll, short-cut because it is the bulk of the tree:
        what follows the Fire depends only on the Hits landed on Adventure and the context
        (:meth:`context`), so the value after each roll is kept in a table for the context,
        shared by every Fire with that context, and no State is made for a roll whose value
        is in it.
        """
        context = self.context(state)
        table = self.futures.landed.get(context)
        if table is None:
            table = self.futures.landed[context] = {}
        terms = []
        for hits, (kp, np_) in capped(self.shooters(state)).items():
            value = table.get(hits)
            if value is None:
                value = table[hits] = self._landed(state, table, hits)
            terms.append((kp, np_, value))
        return mix(terms)

    def _landed(self, state: State, table: _Landed, hits: tuple[int, int, int]) -> Value:
        """The value after the Hunters' Fire at `state` rolled `hits` (6s, 5s, 3-4s capped):
        the 3-4 Hits typed as :meth:`_best` would choose among :func:`options` at
        ``split:hunters``, in its order (the most Rigging first, so an exact tie goes to it);
        `table` holds the values known for this context."""
        if not hits[2]:  # no 3-4 Hits to type
            return self.value(after_fire(self.enc, state, hits))
        values = []
        for typed in typings(hits):
            value = table.get(typed)
            if value is None:
                value = table[typed] = self.value(after_fire(self.enc, state, typed))
            values.append(value)
        return values[pick("hunters", values)]

    def _outcomes(self, state: State, key: object) -> list[_Outcome]:
        """Each outcome of the roll at a chance phase, with its chance as n / 6**k and its
        memo key where known already: (state or None, what happened, k, n, key or None).

        By outlook, the outlooks after the Escape roll are known without their states
        (made only if not solved yet); the Hunters' Fire by outlook is :meth:`_fire`'s.
        """
        enc = self.enc
        phase = state.phase
        if phase.endswith("roll"):
            rolled = roll_table(*self.roll_dice(state), enc.warned, enc.most_dice_win)
            # by outlook, an escape:roll state's key is its outlook (:meth:`outlook`)
            outlook = cast("_Key", key)
            if phase == "escape:roll" and self.by_outlook and outlook[0] == phase:
                _, _, board, _, _, hammer, maynard, hyde = outlook
                return [
                    (None, w, k, n, ("escape:choice", None, board, w, False, hammer, maynard, hyde))
                    for w, k, n in rolled
                ]
            return [(after_roll(enc, state, w), w, k, n, None) for w, k, n in rolled]
        if phase == "fire:blackbeard":  # :func:`chance_outcomes`' rolls, in sixths (no Fractions)
            adventure = ((adventure_fire_dice(enc)[0], adventure_flexible(enc)),)
            return [
                (after_fire(enc, state, hits), hits, k, n, None)
                for hits, (k, n) in in_sixths(adventure).items()
            ]
        return [
            (after, None, *base6(p.numerator, p.denominator), None)
            for after, p in chance_outcomes(enc, state)
        ]

    def _best(self, state: State, open_options: list[tuple[str, State]]) -> tuple[int, Value]:
        """The index of the option the chooser takes, and its value."""
        if state.phase == "escape:choice":
            policy = self.sides[state.escape_winner] if self.sides else self.policy
            if callable(policy):
                index = open_options.index(_ask(policy, state, open_options))
                return index, self.value(open_options[index][1])
            if policy != "best":
                index = 0 if policy == "board" else len(open_options) - 1
                return index, self.value(open_options[index][1])
        if len(open_options) == 1:
            return 0, self.value(open_options[0][1])
        values = [self.value(after) for _, after in open_options]
        index = pick(chooser(state), values)
        return index, values[index]

    def distribution(self, state: State) -> dict[Ending, Fraction]:
        """The exact distribution of Endings from `state` on, as Fractions."""
        k, numerators = self.value(state)
        return {e: Fraction(n, 6**k) for e, n in zip(ENDINGS, numerators, strict=True)}

    def choose(self, state: State) -> tuple[str, State]:
        """The option the chooser takes at a choice phase, with its label (memoised)."""
        if state not in self.choices:
            self.choices[state] = self._choose(state)
        return self.choices[state]

    def _choose(self, state: State) -> tuple[str, State]:
        """Decide at a choice phase: the policy for Escape-or-Board, else the best option."""
        open_options = options(self.enc, state)
        return open_options[self._best(state, open_options)[0]]


def per_side(policy: object) -> dict[str, str] | None:
    """A named or per-side policy as {side: named policy}; None for a callable one.

    >>> per_side({"hunters": "board", "blackbeard": "escape"})["blackbeard"]
    'escape'
    >>> per_side("sail")
    Traceback (most recent call last):
      ...
    piratelib.errors.IllegalActionError: unknown escape_policy 'sail': use one of board, ...
    """
    if callable(policy):
        return None
    if isinstance(policy, Mapping):
        if set(policy) != set(ESCAPE_WINNERS) or not all(p in POLICIES for p in policy.values()):
            raise IllegalActionError(
                f"unknown per-side escape_policy {dict(policy)!r}: give both "
                f"{' and '.join(ESCAPE_WINNERS)} one of {', '.join(POLICIES)}"
            )
        return dict(policy)
    if isinstance(policy, str) and policy in POLICIES:
        return dict.fromkeys(ESCAPE_WINNERS, policy)
    raise IllegalActionError(
        f"unknown escape_policy {policy!r}: use one of {', '.join(POLICIES)}, a mapping "
        f"giving {' and '.join(ESCAPE_WINNERS)} one each, or a callable "
        "policy(winner, state) -> 'escape' | 'board'"
    )


def _kin(enc: Encounter, policy: _EscapePolicy) -> Hashable:
    """What Solvers sharing outlook values (``Solver(..., shared=)``) must have in common.

    An outlook (:meth:`Solver.key`) names what is left of the Encounter in dice and tiles
    still unused, whatever tiles made them; the rest of its future hangs on the Encounter
    only through its pieces and options (Blackbeard warned, most dice win, Adventure can
    Escape) and the Escape-or-Board policy. So Encounters alike in all but their tiles
    (:func:`~piratelib.blackbeard.encounter.whatif.tile_worth`'s setups) may share them;
    to be safe, every field but the tiles is compared, not only those. A callable policy
    sees whole states, never outlooks: its Solver shares nothing.

    >>> jane = Encounter(hunters=frozenset({"jane"}), pirates=frozenset({"adventure"}))
    >>> gunned = dataclasses.replace(jane, blackbeard_tiles=frozenset({"swivel_guns"}))
    >>> _kin(jane, "best") == _kin(gunned, {"blackbeard": "best", "hunters": "best"})
    True
    """
    if callable(policy):
        return enc, policy
    sides = cast("dict[str, str]", per_side(policy))
    fields = [f.name for f in dataclasses.fields(enc) if not f.name.endswith("_tiles")]
    return tuple(getattr(enc, name) for name in fields), tuple(sorted(sides.items()))


def _helpers_left(state: State, *hunter_dice: int) -> tuple[bool, bool]:
    """Lt Maynard and Midshipman Hyde, each kept only if it can still join one of the rolls
    left, whose Hunter dice before them are `hunter_dice` (3 at most with Maynard, 2 with
    Hyde): a tile that cannot join any roll left changes nothing.

    >>> _helpers_left(State(phase="", lt_maynard=True, midshipman_hyde=True), 2, 3)
    (True, False)
    """
    fewest = min(hunter_dice, default=3)
    return state.lt_maynard and fewest < 3, state.midshipman_hyde and fewest < 2


def _ask(
    policy: Callable[[str, State], str], state: State, options: list[tuple[str, State]]
) -> tuple[str, State]:
    """Ask a callable escape policy, and hold it to what the rules allow."""
    answer = policy(state.escape_winner, state)
    allowed = {"board": options[0], **({"escape": options[1]} if len(options) > 1 else {})}
    if answer not in allowed:
        why = "Hammer & Anvil" if state.hammer_and_anvil else "there is nowhere to Escape to"
        raise IllegalActionError(
            f"the escape policy answered {answer!r} for {state.escape_winner}; allowed: "
            f"{', '.join(allowed)}" + ("" if "escape" in allowed else f" ({why})")
        )
    return allowed[answer]
