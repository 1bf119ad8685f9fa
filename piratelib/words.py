"""Piratelib's answers in words for people: display names, percentages, chances, lists.

Notebooks and widgets say what the library computes with these, never with a repr:
:func:`name` gives the display name of any id in the data files (every entry there with
an ``id`` and a ``name``, and the pieces of Hunt for Blackbeard); :func:`say` puts names
for the ids in a sentence (a refusal, a step); :func:`percent` and :func:`chance` say a
probability percentage first, the exact fraction second; :func:`one_in` says it as
"about 1 in N"; :func:`listing` and :func:`plural` join words. Error messages of the
library keep their ids, which a programmer needs; a widget shows them through :func:`say`.

Examples
--------
>>> from fractions import Fraction
>>> chance(Fraction(75799, 279936))
'27.1% (exactly 75,799 in 279,936, about 1 in 4)'
>>> say("capt_gordon needs brand at bath_town")
'Capt Gordon needs Capt Brand at Bath Town'
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Iterator, Mapping
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from piratelib.data import read
from piratelib.errors import check_number, check_whole

__all__ = ["ID", "chance", "ids", "listing", "name", "one_in", "percent", "plural", "say"]

ID = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")
"""A snake_case id, as the data files spell them (``queen_annes_creek``)."""

_FILES = (
    "blackbeard_map.toml",
    "blackbeard_tiles.toml",
    "blackbeard_informants.toml",
    "blackbeard_assets.toml",
    "blackflag.toml",
    "dreadpirate_sea.toml",
    "dreadpirate.toml",
)
_PIECES = {
    "jane": "Jane",
    "ranger": "Ranger",
    "brand": "Capt Brand",
    "adventure": "Adventure",
    "blackbeard": "Blackbeard",
    "israel_hands": "Israel Hands",
    "sloops": "Jane and Ranger",
}
"""Hunt for Blackbeard's pieces, which the data files name only in passing."""


def name(key: str) -> str:
    """The display name of an id from the data files (or a piece); other words unchanged.

    Examples
    --------
    >>> name("queen_annes_creek"), name("cannon_jane"), name("brand"), name("Bath Town")
    ("Queen Anne's Creek", 'Cannon (Jane)', 'Capt Brand', 'Bath Town')
    """
    return _names().get(key, key)


def ids() -> frozenset[str]:
    """Every snake_case id that has a display name: what a reader should never see.

    Examples
    --------
    >>> "port_diablo" in ids() and "jane" not in ids()
    True
    """
    return frozenset(key for key in _names() if ID.fullmatch(key))


def say(text: str) -> str:
    """`text` with the display name for every snake_case id, and every one-word id of Hunt
    for Blackbeard (its pieces, ``fishermen``, ``grape`` ...), in it.

    One-word ids of the other games (``range``, ``draw``) are everyday words there, so
    they are left alone.

    Examples
    --------
    >>> say("jane ends its move at james_river; Prepare swivel_guns.")
    'Jane ends its move at James River; Prepare Swivel Guns.'
    >>> say("Interview fishermen in range")
    'Interview Fishermen in range'
    """
    return re.sub(_words(), lambda m: name(m[0]), text)


def percent(p: Fraction | float, decimals: int = 1) -> str:
    """A probability as a percentage, "under"/"over" near the ends rather than 0% or 100%.

    Examples
    --------
    >>> percent(Fraction(7, 12)), percent(Fraction(2, 5), 0), percent(Fraction(1, 3000))
    ('58.3%', '40%', 'under 0.1%')
    >>> percent(Fraction(299, 300), 0), percent(0), percent(1)
    ('over 99%', '0%', '100%')
    """
    _check_probability(p)
    check_whole("decimals", decimals, 0, 12)
    if p <= 0 or p >= 1:
        return f"{100 * int(p >= 1)}%"
    unit = Fraction(1, 10**decimals) / 100
    if p < unit / 2:
        return f"under {_number(unit * 100, decimals)}%"
    if p > 1 - unit / 2:
        return f"over {_number(100 - unit * 100, decimals)}%"
    return f"{_number(Fraction(p) * 100, decimals)}%"


def one_in(p: Fraction | float) -> str:
    """A probability as "about 1 in N"; when likely, "about N in M" (M at most 10), and
    from 90% on "all but 1 in N".

    Examples
    --------
    >>> one_in(Fraction(75799, 279936)), one_in(Fraction(1, 2)), one_in(Fraction(7, 12))
    ('about 1 in 4', '1 in 2', 'about 4 in 7')
    >>> one_in(Fraction(9, 10)), one_in(Fraction(107, 108)), one_in(Fraction(199, 200))
    ('all but 1 in 10', 'all but 1 in 108', 'all but 1 in 200')
    """
    _check_probability(p)
    p = Fraction(p)
    if p <= 0:
        return "never"
    if p >= 1:
        return "always"
    if p >= Fraction(9, 10):  # "all but about 1 in 108": the rare miss says it best
        n = round(1 / (1 - p))
        return f"all but {'' if Fraction(1, n) == 1 - p else 'about '}1 in {n}"
    if p > Fraction(1, 2):  # "about 4 in 7": the nearest fraction with a small denominator
        near = p.limit_denominator(10)
        return f"{'' if near == p else 'about '}{near.numerator} in {near.denominator}"
    n = round(1 / p)
    return f"{'' if Fraction(1, n) == p else 'about '}1 in {n}"


def chance(p: Fraction) -> str:
    """A probability for a reader: the percentage first, then the exact fraction, then a feel.

    Examples
    --------
    >>> chance(Fraction(5, 12))
    '41.7% (exactly 5 in 12, about 1 in 2)'
    >>> chance(Fraction(1, 2)), chance(0), chance(1)
    ('50.0% (exactly 1 in 2)', '0% (it cannot happen)', '100% (certain)')
    """
    _check_probability(p)
    p = Fraction(p)
    if p in (0, 1):
        return f"{percent(p)} ({'certain' if p else 'it cannot happen'})"
    exact = f"exactly {p.numerator:,} in {p.denominator:,}"
    feel = one_in(p)
    if feel.removeprefix("about ") == f"{p.numerator} in {p.denominator}":
        return f"{percent(p)} ({exact})"
    return f"{percent(p)} ({exact}, {feel})"


def listing(items: Iterable[str]) -> str:
    """Join words as a sentence does: "A", "A and B", "A, B and C" (ids become names).

    Examples
    --------
    >>> listing(["jane", "ranger", "brand"]), listing([]), listing(["bath_town"])
    ('Jane, Ranger and Capt Brand', '', 'Bath Town')
    """
    words = [name(item) for item in items]
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} and {words[-1]}"


def plural(n: int, noun: str, nouns: str | None = None) -> str:
    """`n` and the noun, singular or plural: "1 pawn", "2 pawns", "3 Sloops".

    Examples
    --------
    >>> plural(1, "pawn"), plural(2, "pawn"), plural(2, "Loss", "Losses")
    ('1 pawn', '2 pawns', '2 Losses')
    """
    check_whole("n", n, -(10**18), 10**18)
    return f"{n:,} {noun if n == 1 else nouns or noun + 's'}"


@functools.cache
def _words() -> re.Pattern[str]:
    """A snake_case id, or a one-word id of Hunt for Blackbeard's data or pieces."""
    words = {k for k in _PIECES if "_" not in k}
    for file in _FILES[:4]:  # Hunt for Blackbeard's files
        words |= {e["id"] for e in _entries(read(file)[1]) if "_" not in e["id"]}
    return re.compile(rf"{ID.pattern}|\b(?:{'|'.join(sorted(words))})\b")


def _check_probability(p: object) -> None:
    """Raise PiratelibError unless `p` is a probability: a finite number from 0 to 1."""
    check_number("a probability", p, 0, 1)


def _entries(node: object) -> Iterator[dict[str, Any]]:
    """Every entry of a parsed data file that has an ``id`` and a ``name``, depth first."""
    if isinstance(node, dict):
        if isinstance(node.get("id"), str) and isinstance(node.get("name"), str):
            yield node
        for value in node.values():
            yield from _entries(value)
    elif isinstance(node, list):
        for value in node:
            yield from _entries(value)


def _number(x: Fraction, decimals: int) -> str:
    """`x` rounded half up to `decimals` places (``round`` would round 12.5 to 12)."""
    scaled = (x * 10**decimals * 2 + 1) // 2
    return f"{scaled / 10**decimals:.{decimals}f}"


@functools.cache
def _names() -> Mapping[str, str]:
    """Every id with a display name: the data files' entries with ``id`` and ``name``."""
    found: dict[str, str] = {}
    for file in _FILES:
        for entry in _entries(read(file)[1]):
            key, label, where = entry["id"], entry["name"], entry.get("where")
            if not label:
                continue
            if key.startswith("seize_prize") and where:  # four tiles share one name
                label = f"{label} ({', '.join(found.get(w, w) for w in where)})"
            found.setdefault(key, label)
    return MappingProxyType({**found, **_PIECES})
