"""Read-only results for Hunt for Blackbeard's loaders and graphs, and a safe data reader.

Loaders remember what they load, so what they return must not be changeable by a caller:
one caller's edit would otherwise alter every later answer for everyone. :class:`Fixed`
is a dict that refuses changes (and still pickles and copies, unlike a mapping proxy, so
a graph holding it can go to another process); :func:`lock_graph` freezes a networkx
graph and makes its graph, node and edge attributes read-only all the way down;
:func:`read_data` reads a data file and answers every way it can fail (a missing file, a
directory, an empty path, bytes that are not UTF-8, bad TOML) with a
:class:`~piratelib.errors.DataError` naming the file.

Examples
--------
>>> fixed = Fixed({"a": 1})
>>> fixed["a"] = 2  # doctest: +ELLIPSIS
Traceback (most recent call last):
  ...
TypeError: this mapping is read-only (piratelib shares it with every caller): ...
>>> locked_value({"a": [1, {"b": 2}]})
{'a': (1, {'b': 2})}
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, NoReturn

import networkx as nx

from piratelib import data
from piratelib.errors import DataError

__all__ = ["Fixed", "lock_graph", "locked_value", "read_data"]


class Fixed(dict):
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
        raise TypeError(
            "this mapping is read-only (piratelib shares it with every caller): "
            "copy it with dict(...) to change it"
        )

    __setitem__ = __delitem__ = __ior__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse

    def __reduce__(self) -> tuple[type, tuple[dict]]:
        return (type(self), (dict(self),))

    def __copy__(self) -> Fixed:
        return self

    def __deepcopy__(self, memo: dict) -> Fixed:
        return self


def locked_value(value: Any) -> Any:
    """A read-only copy of `value`: dicts as :class:`Fixed`, lists and sets frozen, deeply.

    Examples
    --------
    >>> locked_value([1, {2, 3}])
    (1, frozenset({2, 3}))
    """
    if isinstance(value, dict):
        return Fixed({k: locked_value(v) for k, v in value.items()})
    if isinstance(value, list | tuple):
        return tuple(locked_value(v) for v in value)
    if isinstance(value, set | frozenset):
        return frozenset(value)
    return value


def lock_graph(G: nx.Graph) -> nx.Graph:
    """Freeze `G` and make its graph, node and edge attributes read-only; return `G`.

    Examples
    --------
    >>> G = lock_graph(nx.Graph([(1, 2)]))
    >>> G.nodes[1]["kind"] = "town"
    Traceback (most recent call last):
      ...
    TypeError: this mapping is read-only ...
    """
    G.graph = locked_value(G.graph)
    for n, attrs in list(G._node.items()):
        G._node[n] = locked_value(attrs)
    seen: dict[int, Fixed] = {}
    for nbrs in G._adj.values():
        for v, attrs in list(nbrs.items()):
            # an undirected edge's one dict sits under both ends: lock it once, keep it shared
            nbrs[v] = seen.setdefault(id(attrs), locked_value(attrs))
    if G.is_directed():
        for v, nbrs in G._pred.items():
            for u in list(nbrs):
                nbrs[u] = G._succ[u][v]
    return nx.freeze(G)


def read_data(name: str | Path) -> tuple[str, dict[str, Any]]:
    """Like :func:`piratelib.data.read`, but every failure is a DataError naming the file.

    Raises
    ------
    DataError
        For an empty path, a directory, a missing or unreadable file, bytes that are not
        UTF-8, or text that is not TOML.

    Examples
    --------
    >>> read_data("")
    Traceback (most recent call last):
      ...
    piratelib.errors.DataError: '': the path of a data file is empty
    """
    if not isinstance(name, str | Path):
        raise DataError(f"{name!r}: the path of a data file must be a str or Path")
    if str(name) in ("", "."):
        raise DataError(f"{str(name)!r}: the path of a data file is empty")
    if isinstance(name, Path) and name.is_dir():
        raise DataError(f"{name}: is a directory, not a data file")
    try:
        return data.read(name)
    except UnicodeDecodeError as error:
        raise DataError(f"{Path(name).name}: not UTF-8 text: {error}") from None
    except OSError as error:
        raise DataError(f"{name}: cannot read the data file: {error.strerror}") from None
