"""A setup of an Encounter as a short text, to share it: the setup code and the share code.

:func:`setup_code` and :func:`from_setup_code` write an
:class:`~piratelib.blackbeard.encounter.record.Encounter` as a short text such as
``h=jane+ranger;p=adventure;bt=swivel_guns`` and read it back; every field of
``Encounter`` is covered, fields added later too (under their own name).
:func:`share_code` and :func:`from_share_code` add each side's Escape-or-Board choice
(``e=escape/board``), for a link that reproduces a calculator's setup.

Examples
--------
>>> jane = Encounter(hunters=frozenset({"jane"}), pirates=frozenset({"adventure"}))
>>> setup_code(jane), share_code(jane, "best")
('h=jane;p=adventure', 'h=jane;p=adventure;e=best/best')
>>> from_share_code("h=jane;p=adventure;e=best/best") == (
...     jane,
...     {"blackbeard": "best", "hunters": "best"},
... )
True
"""

from __future__ import annotations

import dataclasses
import re
import urllib.parse
from collections.abc import Mapping
from typing import Any

from piratelib.blackbeard.encounter.record import Encounter
from piratelib.blackbeard.encounter.solver import ESCAPE_WINNERS, POLICIES, per_side
from piratelib.blackbeard.readonly import Fixed, check_type
from piratelib.errors import IllegalActionError, PiratelibError

__all__ = [
    "COMMON_ESCAPE_POLICY",
    "LONGEST_CODE",
    "SETUP_KEYS",
    "from_setup_code",
    "from_share_code",
    "setup_code",
    "share_code",
]


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

LONGEST_CODE = 2_000
"""The most characters :func:`from_setup_code` and :func:`from_share_code` read. Every
field at its longest, written with full names and percent-encoded, takes under 800; a
longer text is refused before it is read, so a huge one is refused at once."""


COMMON_ESCAPE_POLICY: Mapping[str, str] = Fixed({"blackbeard": "escape", "hunters": "board"})
"""The common case, and what a share code without ``e`` means: when Blackbeard wins the
Escape roll he Escapes; when the Hunters win it they Board (read-only: shared by all)."""


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
    check_type("encounter", encounter, Encounter)
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
    _check_code("setup code", text)
    quoted = _excerpt(text)
    fields = {f.name: f for f in dataclasses.fields(Encounter)}
    by_key = {SETUP_KEYS.get(name, name): name for name in fields} | {n: n for n in fields}
    allowed = ", ".join(f"{SETUP_KEYS.get(n, n)} ({n})" for n in fields)
    values: dict[str, Any] = {}  # each field's value as _read made it (Encounter checks them)
    for part in (p.strip() for p in text.strip().split(";")):
        if not part:
            continue
        key, sep, raw = (s.strip() for s in part.partition("="))
        if not sep:
            raise PiratelibError(f"setup code {quoted}: {_excerpt(part)} is not key=value")
        if key not in by_key:
            raise PiratelibError(
                f"setup code {quoted}: unknown key {_excerpt(key)}; keys: {allowed}"
            )
        name = by_key[key]
        if name in values:
            raise PiratelibError(f"setup code {quoted}: {name} ({key}) is given twice")
        values[name] = _read(text, fields[name], raw)
    required = [n for n, f in fields.items() if not _has_default(f)]
    missing = [SETUP_KEYS.get(n, n) for n in required if n not in values]
    if missing:
        needs = ", ".join(f"{SETUP_KEYS.get(n, n)} ({n})" for n in required)
        raise PiratelibError(f"setup code {quoted}: {', '.join(missing)} missing; needs {needs}")
    try:
        return Encounter(**values)
    except IllegalActionError as error:
        raise IllegalActionError(f"setup code {quoted}: {error}") from None


def share_code(encounter: Encounter, escape_policy: str | Mapping[str, str] | None = None) -> str:
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
    check_type("encounter", encounter, Encounter)
    policy: Mapping[str, str] | None
    if escape_policy is None:
        policy = COMMON_ESCAPE_POLICY
    elif callable(escape_policy):
        raise PiratelibError(
            "a callable escape_policy cannot be shared: give one of "
            f"{', '.join(POLICIES)} or a mapping giving {' and '.join(ESCAPE_WINNERS)} one each"
        )
    else:
        policy = per_side(escape_policy)
    assert policy is not None  # per_side gives None only for a callable, refused above
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
    _check_code("share code", text)
    plain = urllib.parse.unquote(text).strip()
    quoted = _excerpt(plain)
    parts, choices = [], []
    for part in plain.split(";"):
        key, sep, raw = (s.strip() for s in part.partition("="))
        if sep and key in ("e", "escape_policy"):
            choices.append(raw)
        else:
            parts.append(part)
    if len(choices) > 1:
        raise IllegalActionError(f"share code {quoted}: e (escape_policy) is given twice")
    policy: dict[str, str] | None = dict(COMMON_ESCAPE_POLICY)
    if choices:
        sides = [s.strip() for s in choices[0].split("/")]
        if len(sides) == 1:
            sides *= len(ESCAPE_WINNERS)
        wrong = IllegalActionError(
            f"share code {quoted}: e must be Blackbeard's choice/the Hunters' choice, each"
            f" one of {', '.join(POLICIES)} (as in e=escape/board), got {_excerpt(choices[0])}"
        )
        if len(sides) != len(ESCAPE_WINNERS):
            raise wrong
        try:
            policy = per_side(dict(zip(ESCAPE_WINNERS, sides, strict=True)))
        except IllegalActionError:
            raise wrong from None
    assert policy is not None  # per_side gives None only for a callable, and a dict is none
    return from_setup_code(";".join(parts)), policy


_ID = re.compile(r"[a-z][a-z0-9_]*\Z")
_EXCERPT = 60  # characters of a text quoted in a message


def _check_code(what: str, text: object) -> None:
    """Refuse a code that is not text, or longer than :data:`LONGEST_CODE` (before reading)."""
    if not isinstance(text, str):
        raise PiratelibError(f"a {what} is text, got {text!r:.80}")
    if len(text) > LONGEST_CODE:
        raise PiratelibError(
            f"a {what} has at most {LONGEST_CODE:,} characters, got {len(text):,} "
            f"starting {text[:_EXCERPT]!r}..."
        )


def _excerpt(text: str) -> str:
    """`text` quoted for a message, cut to its first characters when long."""
    if len(text) <= _EXCERPT:
        return repr(text)
    return f"{text[:_EXCERPT]!r}... ({len(text):,} characters)"


def _has_default(field: dataclasses.Field[Any]) -> bool:
    """Whether a dataclass field has a default."""
    return (
        field.default is not dataclasses.MISSING or field.default_factory is not dataclasses.MISSING
    )


def _default(field: dataclasses.Field[Any]) -> object:
    """A dataclass field's default."""
    if field.default is not dataclasses.MISSING:
        return field.default
    assert field.default_factory is not dataclasses.MISSING  # callers check _has_default
    return field.default_factory()


def _kind(field: dataclasses.Field[Any]) -> type:
    """What a field holds: frozenset, bool, int or str (its default's type, else its hint)."""
    kind: type
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


def _read(text: str, field: dataclasses.Field[Any], raw: str) -> object:
    """One field's value from setup-code text, or a PiratelibError saying what is allowed."""
    kind = _kind(field)
    where = f"setup code {_excerpt(text)}: {SETUP_KEYS.get(field.name, field.name)} ({field.name})"
    if kind is bool:
        if raw not in ("0", "1"):
            raise PiratelibError(f"{where} must be 1 (yes) or 0 (no), got {_excerpt(raw)}")
        return raw == "1"
    if kind is int:
        if not re.fullmatch(r"-?[0-9]+", raw):
            raise PiratelibError(f"{where} must be a whole number, got {_excerpt(raw)}")
        return int(raw)
    if kind is frozenset:
        ids = [i.strip() for i in raw.split("+")] if raw else []
        bad = [i for i in ids if not _ID.match(i) or len(i) > _EXCERPT]
        if bad:
            raise PiratelibError(
                f"{where} must be ids joined by '+' (lower-case letters, digits and _, at"
                f" most {_EXCERPT} each), got {_excerpt(bad[0])}"
            )
        return frozenset(ids)
    if len(raw) > _EXCERPT:
        raise PiratelibError(f"{where} has at most {_EXCERPT} characters, got {_excerpt(raw)}")
    return raw
