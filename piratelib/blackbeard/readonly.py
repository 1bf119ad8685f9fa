"""Read-only results for Hunt for Blackbeard's loaders and graphs, and checks of records.

Loaders remember what they load, so what they return must not be changeable by a caller:
one caller's edit would otherwise alter every later answer for everyone. :class:`Fixed`
is a dict that refuses changes (and still pickles and copies, unlike a mapping proxy, so
a graph holding it can go to another process); :func:`lock_graph` freezes a networkx
graph and makes its graph, node and edge attributes read-only all the way down. (Data
files are read by :func:`piratelib.data.read` and :func:`piratelib.data.read_path`.)

Examples
--------
>>> fixed = Fixed({"a": 1})
>>> fixed["a"] = 2  # doctest: +ELLIPSIS
Traceback (most recent call last):
  ...
TypeError: this mapping is read-only (piratelib shares it with every caller): ...
>>> locked_value({"a": [1, {"b": 2}]})
{'a': [1, {'b': 2}]}
"""

from __future__ import annotations

import dataclasses
import functools
import math
import types
import typing
from collections.abc import Iterable, Mapping
from typing import Any, NoReturn, Protocol, TypeVar, cast

import networkx as nx

from piratelib.errors import DataError, IllegalActionError, did_you_mean

__all__ = [
    "TEXT",
    "Fixed",
    "FixedList",
    "check_fields",
    "check_record",
    "check_type",
    "lock_graph",
    "locked_value",
]

TEXT = (str, False)
"""An optional text field, for :func:`check_fields`."""
_KIND_WORDS = {
    str: "text",
    int: "a whole number",
    bool: "true or false",
    list: "a list",
    dict: "a table",
}

_K = TypeVar("_K")
_V = TypeVar("_V")
_T = TypeVar("_T")
_G = TypeVar("_G", bound="nx.Graph[Any]")

_REFUSAL = (
    "this {} is read-only (piratelib shares it with every caller): copy it with {}(...) "
    "to change it"
)


class Fixed(dict[_K, _V]):
    """A dict that refuses every change; ``dict(fixed)`` gives a changeable copy.

    Examples
    --------
    >>> Fixed(a=1).pop("a")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
      ...
    TypeError: this mapping is read-only (piratelib shares it with every caller): ...
    """

    __slots__ = ()

    def _refuse(self, *args: object, **kwargs: object) -> NoReturn:
        raise TypeError(_REFUSAL.format("mapping", "dict"))

    __setitem__ = __delitem__ = __ior__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse

    def __reduce__(self) -> tuple[type[Fixed[_K, _V]], tuple[dict[_K, _V]]]:
        return (type(self), (dict(self),))

    def __copy__(self) -> Fixed[_K, _V]:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Fixed[_K, _V]:
        return self


class FixedList(list[_T]):
    """A list that refuses every change (it still equals the same plain list).

    Examples
    --------
    >>> names = FixedList(["jane"])
    >>> names == ["jane"]
    True
    >>> names.append("ranger")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
      ...
    TypeError: this list is read-only (piratelib shares it with every caller): ...
    """

    __slots__ = ()

    def __init__(self, iterable: Iterable[_T] = ()) -> None:
        if isinstance(iterable, str) or not isinstance(iterable, Iterable):
            raise IllegalActionError(f"FixedList takes the items as a list, got {iterable!r}")
        super().__init__(iterable)

    def _refuse(self, *args: object, **kwargs: object) -> NoReturn:
        raise TypeError(_REFUSAL.format("list", "list"))

    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse
    append = extend = insert = pop = remove = clear = sort = reverse = _refuse

    def __reduce__(self) -> tuple[type[FixedList[_T]], tuple[list[_T]]]:
        return (type(self), (list(self),))

    def __copy__(self) -> FixedList[_T]:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> FixedList[_T]:
        return self

    # still unhashable, like a list
    def __hash__(self) -> int:  # type: ignore[override]  # typeshed: list.__hash__ is None
        raise TypeError("unhashable type: 'FixedList'")


def locked_value(value: Any) -> Any:
    """A read-only copy of `value`, deeply: dicts as :class:`Fixed`, lists as
    :class:`FixedList`, sets as frozensets.

    Examples
    --------
    >>> locked_value([1, {2, 3}, (4,)])
    [1, frozenset({2, 3}), (4,)]
    """
    if isinstance(value, dict):
        return Fixed({k: locked_value(v) for k, v in value.items()})
    if isinstance(value, list):
        return FixedList(locked_value(v) for v in value)
    if isinstance(value, tuple):
        return tuple(locked_value(v) for v in value)
    if isinstance(value, set | frozenset):
        return frozenset(value)
    return value


class _Storage(Protocol):
    """The dicts a networkx graph keeps its nodes and edges in (types-networkx omits them)."""

    _node: dict[Any, Any]
    _adj: dict[Any, dict[Any, Any]]


class _DiStorage(_Storage, Protocol):
    """A directed graph's storage: its predecessors beside its successors."""

    _pred: dict[Any, dict[Any, Any]]
    _succ: dict[Any, dict[Any, Any]]


def lock_graph(G: _G) -> _G:
    """Freeze `G` and make its graph, node and edge attributes read-only; return `G`.

    Examples
    --------
    >>> G = lock_graph(nx.Graph([(1, 2)]))
    >>> G.nodes[1]["kind"] = "town"
    Traceback (most recent call last):
      ...
    TypeError: this mapping is read-only ...
    """
    check_type("G", G, nx.Graph)
    G.graph = locked_value(G.graph)
    # networkx keeps nodes and edges in these dicts; types-networkx leaves them out
    store = cast("_Storage", G)
    for n, attrs in list(store._node.items()):
        store._node[n] = locked_value(attrs)
    seen: dict[int, Fixed[Any, Any]] = {}
    for nbrs in store._adj.values():
        for v, attrs in list(nbrs.items()):
            # an undirected edge's one dict sits under both ends: lock it once, keep it shared
            nbrs[v] = seen.setdefault(id(attrs), locked_value(attrs))
    if G.is_directed():
        directed = cast("_DiStorage", G)
        for v, nbrs in directed._pred.items():
            for u in list(nbrs):
                nbrs[u] = directed._succ[u][v]
    nx.freeze(G)  # freezes G in place (and returns it, but its stub is unannotated)
    return G


def check_fields(where: str, entry: object, fields: Mapping[str, tuple[type, bool]]) -> None:
    """Check an entry's fields: no unknown field, every required one, each of its type.

    `fields` maps each field to ``(type, required)``; ``int`` refuses a bool, and a
    missing optional field is fine.

    Raises
    ------
    DataError
        Naming `where` (file and entry), the field and what it must be.

    Examples
    --------
    >>> check_fields("x.toml: space #1 (a)", {"id": "a", "nme": "A"}, {"id": (str, True)})
    Traceback (most recent call last):
      ...
    piratelib.errors.DataError: x.toml: space #1 (a): unknown field 'nme': the fields are id
    >>> check_fields("x.toml: space #1 (a)", {"id": 3}, {"id": (str, True)})
    Traceback (most recent call last):
      ...
    piratelib.errors.DataError: x.toml: space #1 (a): id must be text, got 3
    """
    if not isinstance(entry, dict):
        raise DataError(f"{where}: must be a table, got {entry!r}")
    for key in entry:
        if key not in fields:
            raise DataError(
                f"{where}: unknown field {key!r}: {did_you_mean(key, fields)}"
                f"the fields are {', '.join(fields)}"
            )
    for key, (kind, required) in fields.items():
        if key not in entry:
            if required:
                raise DataError(f"{where}: missing {key}")
            continue
        value = entry[key]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise DataError(f"{where}: {key} must be {_KIND_WORDS.get(kind, kind)}, got {value!r}")


def check_type(
    name: str, value: object, kind: type | tuple[type, ...], optional: bool = False
) -> None:
    """Raise IllegalActionError unless `value` is a `kind` (or None, if `optional`).

    For the records and graphs the rules take (a game State, a Mat, an Encounter, the Map):
    a wrong one is refused at the boundary, before any rule reads it.

    Examples
    --------
    >>> check_type("mat", None, dict)
    Traceback (most recent call last):
      ...
    piratelib.errors.IllegalActionError: mat must be a dict, got None
    """
    if isinstance(value, kind) or (optional and value is None):
        return
    kinds = kind if isinstance(kind, tuple) else (kind,)
    names = " or ".join(k.__name__ for k in kinds) + (" or None" if optional else "")
    raise IllegalActionError(f"{name} must be a {names}, got {value!r:.80}")


def check_record(record: object, *, signed: Iterable[str] = ()) -> None:
    """Raise IllegalActionError unless each field of the dataclass `record` fits its type.

    Types are read from the field annotations: ``bool``, ``int`` (a whole number of 0 or
    more, not a bool; fields named in `signed` may be negative), ``str``, ``X | None``,
    ``tuple[X, ...]``, ``tuple[X, Y]``, ``frozenset[X]`` and classes. For records built
    by callers; rules make new records from checked ones without it.

    Examples
    --------
    >>> from dataclasses import dataclass
    >>> @dataclass
    ... class Pawns:
    ...     count: int
    ...     where: tuple[str, ...] = ()
    >>> check_record(Pawns(count=-1))
    Traceback (most recent call last):
      ...
    piratelib.errors.IllegalActionError: Pawns: count must be int, got -1
    """
    if not dataclasses.is_dataclass(record) or isinstance(record, type):
        raise IllegalActionError(f"check_record checks a dataclass record, got {record!r:.80}")
    cls = type(record)
    hints = _hints(cls)
    for name, hint in hints.items():
        value = getattr(record, name)
        if not _fits(value, hint, name in signed):
            raise IllegalActionError(
                f"{cls.__name__}: {name} must be {_words(hint)}, got {value!r:.100}"
            )


@functools.cache
def _hints(cls: type) -> Mapping[str, Any]:
    """The resolved field types of a dataclass (once per class)."""
    names = {f.name for f in dataclasses.fields(cls)}
    return Fixed({k: v for k, v in typing.get_type_hints(cls).items() if k in names})


def _fits(value: object, hint: Any, signed: bool = False) -> bool:
    """Whether `value` fits the annotation `hint` (see :func:`check_record`)."""
    if hint is Any or hint is object:
        return True
    if hint is type(None):
        return value is None
    origin, args = _parts(hint)
    if origin in (types.UnionType, typing.Union):
        return any(_fits(value, arg, signed) for arg in args)
    if hint is bool:
        return isinstance(value, bool)
    if hint is int:
        return type(value) is int and (signed or value >= 0)
    if hint is float:
        return (
            isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)
        )
    if origin is tuple:
        if not isinstance(value, tuple):
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(_fits(v, args[0]) for v in value)
        return len(value) == len(args) and all(map(_fits, value, args))
    if origin in (frozenset, set):
        return isinstance(value, frozenset) and all(_fits(v, args[0]) for v in value)
    if origin is not None:
        return isinstance(value, origin)
    return isinstance(value, hint) if isinstance(hint, type) else True


@functools.cache
def _parts(hint: Any) -> tuple[Any, tuple[Any, ...]]:
    """The origin and arguments of an annotation (once each: typing's look-ups are slow)."""
    return typing.get_origin(hint), typing.get_args(hint)


def _words(hint: Any) -> str:
    """An annotation for a message."""
    return getattr(hint, "__name__", None) or str(hint).replace("typing.", "")
