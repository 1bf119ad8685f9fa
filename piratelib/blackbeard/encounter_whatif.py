"""What-if questions about one Encounter: how it ends in detail, what each tile is worth,
and a short text that shares the setup.

:func:`ending_detail` walks the same game tree as
:func:`~piratelib.blackbeard.encounter_odds.odds`, following the same
:class:`~piratelib.blackbeard.encounter_odds.Solver`'s choices, and says exactly in which
phase the Encounter ended (Arrest, Escape or Boarding) with which Ending, and how many
Rigging and Crew Hits each Sloop and Adventure took. :func:`tile_worth` adds each tile
that could be declared (or removes each declared one) and gives the change in the chance
of each Ending. :func:`setup_code` and :func:`from_setup_code` write an
:class:`~piratelib.blackbeard.encounter_record.Encounter` as a short text such as
``h=jane+ranger;p=adventure;bt=swivel_guns`` and read it back; every field of
``Encounter`` is covered, fields added later too (under their own name).
:func:`share_code` and :func:`from_share_code` add each side's Escape-or-Board choice
(``e=escape/board``), for a link that reproduces a calculator's setup. No rule lives
here: the rules are :mod:`~piratelib.blackbeard.encounter_rules`'.

Examples
--------
>>> jane = Encounter(hunters=frozenset({"jane"}), pirates=frozenset({"adventure"}))
>>> detail = ending_detail(jane)
>>> detail.phases()["arrest"], sum(detail.phases().values())
(Fraction(0, 1), Fraction(1, 1))
>>> setup_code(jane)
'h=jane;p=adventure'
"""

from __future__ import annotations

import dataclasses
import re
import urllib.parse
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from piratelib.blackbeard.encounter_odds import ESCAPE_WINNERS, POLICIES, Solver, odds
from piratelib.blackbeard.encounter_record import (
    BLACKBEARD_TILES,
    HUNTER_TILES,
    TILE_NAMES,
    Encounter,
    Ending,
    State,
)
from piratelib.blackbeard.encounter_rules import CHANCE_PHASES, chance_outcomes, start
from piratelib.errors import IllegalActionError, PiratelibError

__all__ = [
    "COMMON_ESCAPE_POLICY",
    "PHASES",
    "SETUP_KEYS",
    "Detail",
    "TileWorth",
    "ending_detail",
    "from_setup_code",
    "from_share_code",
    "setup_code",
    "share_code",
    "tile_worth",
]


PHASES = ("arrest", "escape", "boarding")
"""The phases in which an Encounter can end, in the order they come."""


SETUP_KEYS = {
    "hunters": "h",
    "pirates": "p",
    "blackbeard_tiles": "bt",
    "hunter_tiles": "ht",
    "crew_to_ordinary": "co",
    "warned": "w",
    "most_dice_win": "md",
    "adventure_can_escape": "ae",
    "used_this_turn": "u",
}
"""Short keys of :func:`setup_code`; a field of ``Encounter`` not listed here is written
under its own name (and every field's own name is also read)."""


COMMON_ESCAPE_POLICY = {"blackbeard": "escape", "hunters": "board"}
"""The common case, and what a share code without ``e`` means: when Blackbeard wins the
Escape roll he Escapes; when the Hunters win it they Board."""


Hits = tuple[tuple[str, int, int], ...]
"""Hits taken: (piece, Rigging Hits, Crew Hits) for each Sloop present, Jane first, then
Adventure in a Battle."""


@dataclass(frozen=True)
class Detail:
    """How an Encounter ends, in detail: the exact joint chance of (phase, Ending, Hits).

    ``joint`` maps (phase in which it ended, :class:`Ending`, Hits taken) to its exact
    chance; Hits taken are (piece, Rigging, Crew) for each Sloop present and Adventure (in
    a Battle). Only outcomes that can happen are listed.
    """

    joint: dict[tuple[str, Ending, Hits], Fraction]

    def endings(self) -> dict[Ending, Fraction]:
        """The chance of each Ending, every Ending listed (equal to :func:`odds`)."""
        out = dict.fromkeys(Ending, Fraction(0))
        for (_, ending, _), p in self.joint.items():
            out[ending] += p
        return out

    def phases(self) -> dict[str, Fraction]:
        """The chance that the Encounter ended in each phase of :data:`PHASES`."""
        out = dict.fromkeys(PHASES, Fraction(0))
        for (phase, _, _), p in self.joint.items():
            out[phase] = out.get(phase, Fraction(0)) + p
        return out

    def by_phase(self) -> dict[tuple[str, Ending], Fraction]:
        """The chance of each (phase, Ending) that can happen."""
        out: dict[tuple[str, Ending], Fraction] = {}
        for (phase, ending, _), p in self.joint.items():
            out[phase, ending] = out.get((phase, ending), Fraction(0)) + p
        return out

    def hits(self) -> dict[Hits, Fraction]:
        """The exact distribution of the Hits taken by every piece together."""
        out: dict[Hits, Fraction] = {}
        for (_, _, hits), p in self.joint.items():
            out[hits] = out.get(hits, Fraction(0)) + p
        return out

    def hits_on(self, piece: str) -> dict[tuple[int, int], Fraction]:
        """The distribution of (Rigging, Crew) Hits that `piece` took.

        Raises
        ------
        PiratelibError
            If `piece` takes no Hits in this Encounter (it is no Sloop or Adventure there).
        """
        out: dict[tuple[int, int], Fraction] = {}
        for hits, p in self.hits().items():
            for name, rigging, crew in hits:
                if name == piece:
                    out[rigging, crew] = out.get((rigging, crew), Fraction(0)) + p
        if not out:
            pieces = sorted({name for hits in self.hits() for name, _, _ in hits})
            raise PiratelibError(
                f"{piece!r} takes no Hits in this Encounter; pieces that can: "
                f"{', '.join(pieces) or 'none (there is no Battle)'}"
            )
        return out


def ending_detail(encounter: Encounter, escape_policy: str | Mapping | Callable = "best") -> Detail:
    """Return the exact chance of each (phase it ended in, Ending, Hits each piece took).

    The *phase it ended in* is the step whose outcome ended the Encounter: ``"arrest"``
    (the Arrest roll), ``"escape"`` (the Escape winner chose to Escape) or ``"boarding"``.
    The tree walked and the choices made are those of :func:`odds` with the same
    `escape_policy`, so ``ending_detail(e).endings() == odds(e, escape_policy=...)``.

    Parameters
    ----------
    encounter : Encounter
    escape_policy : {"best", "board", "escape"}, per-side mapping or callable
        What the winner of the Escape roll does, as for :func:`odds`.

    Raises
    ------
    IllegalActionError
        For an unknown policy, or a callable policy's answer the rules do not allow.

    Examples
    --------
    >>> brand = Encounter(hunters=frozenset({"brand"}), pirates=frozenset({"adventure"}))
    >>> detail = ending_detail(brand)
    >>> detail.by_phase()[("arrest", Ending.BLACKBEARD_ESCAPES)]  # 2 dice beat 1
    Fraction(125, 216)
    >>> detail.hits()
    {(): Fraction(1, 1)}
    """
    solver = Solver(encounter, escape_policy)
    no_hits = _hits(encounter, start(encounter))
    frontier: dict[tuple[State, Hits, str], Fraction] = {
        (start(encounter), no_hits, ""): Fraction(1)
    }
    joint: dict[tuple[str, Ending, Hits], Fraction] = {}
    while frontier:
        after: dict[tuple[State, Hits, str], Fraction] = {}
        for (state, hits, _), p in frontier.items():
            if state.phase in CHANCE_PHASES:
                nexts = chance_outcomes(encounter, state)
            else:
                nexts = [(solver.choose(state)[1], Fraction(1))]
            kind = state.phase.split(":")[0]
            for new, q in nexts:
                new_hits = _hits(encounter, new) if new.phase in _HITS_LAND else hits
                if new.ending is not None:
                    key = (kind, new.ending, new_hits)
                    joint[key] = joint.get(key, Fraction(0)) + p * q
                else:
                    key3 = (new, new_hits, kind)
                    after[key3] = after.get(key3, Fraction(0)) + p * q
        frontier = after
    return Detail(dict(sorted(joint.items(), key=lambda kv: _order(kv[0]))))


@dataclass(frozen=True)
class TileWorth:
    """The change that adding (or removing) one tile makes to how an Encounter ends.

    ``deltas`` maps each :class:`Ending` to its change in chance (new minus old); it is
    None when the change is refused, and then ``reason`` says why (the rule's words).
    """

    tile: str
    side: str
    change: str
    deltas: dict[Ending, Fraction] | None
    reason: str = ""

    @property
    def name(self) -> str:
        """The tile's name as players read it."""
        return TILE_NAMES[self.tile]


def tile_worth(
    encounter: Encounter, escape_policy: str | Mapping | Callable = "best"
) -> list[TileWorth]:
    """Return what each tile is worth here: the change in each Ending's chance when it is
    added (every tile not declared) or removed (every declared one).

    Records come sorted by the change in the Hunters' win, largest first; changes the
    rules refuse (the tile needs a piece that is not there, say) come last, with the
    reason.

    Parameters
    ----------
    encounter : Encounter
    escape_policy : {"best", "board", "escape"}, per-side mapping or callable
        What the winner of the Escape roll does, as for :func:`odds`.

    Examples
    --------
    >>> jane = Encounter(hunters=frozenset({"jane"}), pirates=frozenset({"adventure"}))
    >>> worth = tile_worth(jane)
    >>> worth[0].name, worth[0].change, worth[0].deltas[Ending.HUNTERS_WIN] > 0
    ('Extra Hands (Jane)', 'added', True)
    >>> gordon = next(w for w in worth if w.tile == "capt_gordon")
    >>> gordon.deltas is None, gordon.reason.split(";")[0]
    (True, 'capt_gordon needs brand in the Encounter (an Arrest)')
    """
    base = odds(encounter, escape_policy=escape_policy)
    done, refused = [], []
    for side, field, tiles in (
        ("blackbeard", "blackbeard_tiles", BLACKBEARD_TILES),
        ("hunters", "hunter_tiles", HUNTER_TILES),
    ):
        declared = getattr(encounter, field)
        for tile in sorted(tiles):
            change = "removed" if tile in declared else "added"
            try:
                other = dataclasses.replace(encounter, **{field: declared ^ {tile}})
            except IllegalActionError as error:
                refused.append(TileWorth(tile, side, change, None, str(error)))
                continue
            new = odds(other, escape_policy=escape_policy)
            deltas = {e: new[e] - base[e] for e in Ending}
            done.append(TileWorth(tile, side, change, deltas))
    done.sort(key=lambda w: -w.deltas[Ending.HUNTERS_WIN])  # stable: ties keep tile order
    return done + refused


def setup_code(encounter: Encounter) -> str:
    """Return a short text that :func:`from_setup_code` reads back as the same Encounter.

    Fields are ``key=value`` joined by ``;`` in the order of ``Encounter``'s fields, keys
    from :data:`SETUP_KEYS` (or the field's name). Sets of ids join with ``+`` in sorted
    order, yes/no is ``1``/``0``; a field at its default is left out.

    Examples
    --------
    >>> setup_code(
    ...     Encounter(
    ...         hunters=frozenset({"jane", "ranger"}),
    ...         pirates=frozenset({"adventure"}),
    ...         blackbeard_tiles=frozenset({"swivel_guns"}),
    ...         hunter_tiles=frozenset({"lt_maynard"}),
    ...         warned=True,
    ...     )
    ... )
    'h=jane+ranger;p=adventure;bt=swivel_guns;ht=lt_maynard;w=1'
    """
    parts = []
    for field in dataclasses.fields(Encounter):
        value = getattr(encounter, field.name)
        if _has_default(field) and value == _default(field):
            continue
        parts.append(f"{SETUP_KEYS.get(field.name, field.name)}={_write(value)}")
    return ";".join(parts)


def from_setup_code(text: str) -> Encounter:
    """Return the Encounter that `text` (from :func:`setup_code`) describes.

    Keys may be short (:data:`SETUP_KEYS`) or a field's full name; spaces around parts
    are ignored; fields left out take their defaults.

    Raises
    ------
    PiratelibError
        If the text is not ``key=value`` parts joined by ``;``, a key is unknown or given
        twice, a value is not of its field's kind, or a field that has no default is
        missing; the message names what was wrong and what is allowed.
    IllegalActionError
        If the Encounter described breaks a rule (a subclass of PiratelibError).

    Examples
    --------
    >>> from_setup_code("h=brand;p=israel_hands;w=1").warned
    True
    >>> from_setup_code("h=jane;p=adventure;x=1")
    Traceback (most recent call last):
      ...
    piratelib.errors.PiratelibError: setup code 'h=jane;p=adventure;x=1': unknown key 'x'; ...
    """
    if not isinstance(text, str):
        raise PiratelibError(f"a setup code is text, got {text!r}")
    fields = {f.name: f for f in dataclasses.fields(Encounter)}
    by_key = {SETUP_KEYS.get(name, name): name for name in fields} | {n: n for n in fields}
    allowed = ", ".join(f"{SETUP_KEYS.get(n, n)} ({n})" for n in fields)
    values: dict[str, object] = {}
    for part in (p.strip() for p in text.strip().split(";")):
        if not part:
            continue
        key, sep, raw = (s.strip() for s in part.partition("="))
        if not sep:
            raise PiratelibError(f"setup code {text!r}: {part!r} is not key=value")
        if key not in by_key:
            raise PiratelibError(f"setup code {text!r}: unknown key {key!r}; keys: {allowed}")
        name = by_key[key]
        if name in values:
            raise PiratelibError(f"setup code {text!r}: {name} ({key}) is given twice")
        values[name] = _read(text, fields[name], raw)
    required = [n for n, f in fields.items() if not _has_default(f)]
    missing = [SETUP_KEYS.get(n, n) for n in required if n not in values]
    if missing:
        needs = ", ".join(f"{SETUP_KEYS.get(n, n)} ({n})" for n in required)
        raise PiratelibError(f"setup code {text!r}: {', '.join(missing)} missing; needs {needs}")
    try:
        return Encounter(**values)
    except IllegalActionError as error:
        raise IllegalActionError(f"setup code {text!r}: {error}") from None


def share_code(encounter: Encounter, escape_policy: str | Mapping | None = None) -> str:
    """Return the :func:`setup_code` of `encounter` with each side's Escape-or-Board choice.

    The choice is written ``e=<Blackbeard's>/<the Hunters'>`` (each one of ``board``,
    ``escape``, ``best``); a named policy such as ``"best"`` is written as that pair; the
    :data:`COMMON_ESCAPE_POLICY` (also what None means) is left out.

    Raises
    ------
    PiratelibError
        If `escape_policy` is a callable (it cannot be written down) or not a policy.

    Examples
    --------
    >>> jane = Encounter(hunters=frozenset({"jane"}), pirates=frozenset({"adventure"}))
    >>> share_code(jane, {"blackbeard": "escape", "hunters": "board"})
    'h=jane;p=adventure'
    >>> share_code(jane, "best"), share_code(jane, {"blackbeard": "board", "hunters": "escape"})
    ('h=jane;p=adventure;e=best/best', 'h=jane;p=adventure;e=board/escape')
    """
    policy = _sides(escape_policy)
    code = setup_code(encounter)
    if policy == COMMON_ESCAPE_POLICY:
        return code
    return f"{code};e={'/'.join(policy[side] for side in ESCAPE_WINNERS)}"


def from_share_code(text: str) -> tuple[Encounter, dict[str, str]]:
    """Return the Encounter and per-side Escape-or-Board choice that `text` describes.

    `text` is a :func:`share_code`, possibly percent-encoded (as a link carries it). ``e``
    may also be one name for both sides (``e=best``); left out, it is the
    :data:`COMMON_ESCAPE_POLICY`.

    Raises
    ------
    PiratelibError
        If the text is malformed (as for :func:`from_setup_code`) or ``e`` is not one of
        the allowed choices; the message names what was wrong and what is allowed.
    IllegalActionError
        If the Encounter described breaks a rule.

    Examples
    --------
    >>> enc, policy = from_share_code("h%3Djane%2Branger%3Bp%3Dadventure%3Be%3Dbest%2Fboard")
    >>> sorted(enc.hunters), policy
    (['jane', 'ranger'], {'blackbeard': 'best', 'hunters': 'board'})
    >>> from_share_code("h=jane;p=adventure;e=sail")
    Traceback (most recent call last):
      ...
    piratelib.errors.IllegalActionError: share code 'h=jane;p=adventure;e=sail': e must be ...
    """
    if not isinstance(text, str):
        raise PiratelibError(f"a share code is text, got {text!r}")
    plain = urllib.parse.unquote(text).strip()
    parts, choices = [], []
    for part in plain.split(";"):
        key, sep, raw = (s.strip() for s in part.partition("="))
        if sep and key in ("e", "escape_policy"):
            choices.append(raw)
        else:
            parts.append(part)
    if len(choices) > 1:
        raise IllegalActionError(f"share code {plain!r}: e (escape_policy) is given twice")
    policy = dict(COMMON_ESCAPE_POLICY)
    if choices:
        sides = [s.strip() for s in choices[0].split("/")]
        if len(sides) == 1:
            sides *= len(ESCAPE_WINNERS)
        if len(sides) != len(ESCAPE_WINNERS) or not all(s in POLICIES for s in sides):
            raise IllegalActionError(
                f"share code {plain!r}: e must be Blackbeard's choice/the Hunters' choice, "
                f"each one of {', '.join(POLICIES)} (as in e=escape/board), got {choices[0]!r}"
            )
        policy = dict(zip(ESCAPE_WINNERS, sides, strict=True))
    return from_setup_code(";".join(parts)), policy


_HITS_LAND = frozenset({"fire:hunters", "escape:blackbeard"})
"""The phases entered as Hits land: Blackbeard's placed (the Hunters Fire next), the
Hunters' typed (the Escape comes next). Later states no longer carry every Hit."""

_ID = re.compile(r"[a-z][a-z0-9_]*\Z")


def _hits(enc: Encounter, state: State) -> Hits:
    """The Hits taken so far, read off a state in which they have just landed."""
    hits = tuple((s, int(s in state.rigged), int(s in state.crewed)) for s in enc.sloops)
    if enc.pirate == "adventure" and enc.sloops:
        hits += (("adventure", state.adventure_rigging, state.adventure_crew),)
    return hits


def _order(key: tuple[str, Ending, Hits]) -> tuple:
    """Sort (phase, Ending, Hits) in phase order, then Ending order, then Hits."""
    phase, ending, hits = key
    rank = PHASES.index(phase) if phase in PHASES else len(PHASES)
    return rank, list(Ending).index(ending), hits


def _has_default(field: dataclasses.Field) -> bool:
    """Whether a dataclass field has a default."""
    return (
        field.default is not dataclasses.MISSING or field.default_factory is not dataclasses.MISSING
    )


def _default(field: dataclasses.Field) -> object:
    """A dataclass field's default."""
    if field.default is not dataclasses.MISSING:
        return field.default
    return field.default_factory()


def _kind(field: dataclasses.Field) -> type:
    """What a field holds: frozenset, bool, int or str (its default's type, else its hint)."""
    if _has_default(field):
        default = _default(field)
        for kind in (bool, int, str):
            if type(default) is kind:
                return kind
        if isinstance(default, frozenset | set | tuple | list):
            return frozenset
    hint = field.type if isinstance(field.type, str) else getattr(field.type, "__name__", "")
    for kind in (frozenset, bool, int):
        if hint.startswith(kind.__name__):
            return kind
    return str


def _write(value: object) -> str:
    """One field's value as setup-code text."""
    if isinstance(value, bool):
        return str(int(value))
    if isinstance(value, frozenset | set | tuple | list):
        return "+".join(sorted(value))
    if value is None:
        return ""
    return str(getattr(value, "value", value))


def _read(text: str, field: dataclasses.Field, raw: str) -> object:
    """One field's value from setup-code text, or a PiratelibError saying what is allowed."""
    kind = _kind(field)
    where = f"setup code {text!r}: {SETUP_KEYS.get(field.name, field.name)} ({field.name})"
    if kind is bool:
        if raw not in ("0", "1"):
            raise PiratelibError(f"{where} must be 1 (yes) or 0 (no), got {raw!r}")
        return raw == "1"
    if kind is int:
        if not re.fullmatch(r"-?[0-9]+", raw):
            raise PiratelibError(f"{where} must be a whole number, got {raw!r}")
        return int(raw)
    if kind is frozenset:
        ids = [i.strip() for i in raw.split("+")] if raw else []
        bad = [i for i in ids if not _ID.match(i)]
        if bad:
            raise PiratelibError(
                f"{where} must be ids joined by '+' (lower-case letters, digits and _), "
                f"got {bad[0]!r}"
            )
        return frozenset(ids)
    return raw


def _sides(policy: object) -> dict[str, str]:
    """A named or per-side Escape-or-Board policy as {side: named policy}, or raise."""
    if policy is None:
        return dict(COMMON_ESCAPE_POLICY)
    if isinstance(policy, str) and policy in POLICIES:
        return dict.fromkeys(ESCAPE_WINNERS, policy)
    if (
        isinstance(policy, Mapping)
        and set(policy) == set(ESCAPE_WINNERS)
        and all(p in POLICIES for p in policy.values())
    ):
        return {side: policy[side] for side in ESCAPE_WINNERS}
    raise PiratelibError(
        f"cannot share escape_policy {policy!r}: use one of {', '.join(POLICIES)} or a "
        f"mapping giving {' and '.join(ESCAPE_WINNERS)} one each (a callable cannot be shared)"
    )
