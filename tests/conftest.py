"""Shared fixtures: corrupted copies of data files; local servers (Voila, JupyterLab); the
package's import graph."""

from __future__ import annotations

import ast
import contextlib
import os
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from importlib import resources
from pathlib import Path

import networkx as nx
import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "piratelib"


@pytest.fixture
def corrupt(tmp_path) -> Callable[..., Path]:
    """Return `corrupt(name, old, new, count=1)`: a packaged data file with `old` replaced.

    The copy keeps the file's name (so messages name it) and lives in `tmp_path`; `old`
    must occur at least `count` times, so a test cannot pass by corrupting nothing.
    """

    def corrupt(name: str, old: str, new: str, count: int = 1) -> Path:
        text = (resources.files("piratelib.data") / name).read_text()
        assert text.count(old) >= count, old
        path = tmp_path / name
        path.write_text(text.replace(old, new, count))
        return path

    return corrupt


@pytest.fixture(scope="session")
def serve() -> Callable[..., contextlib.AbstractContextManager[str]]:
    """Return `serve(command, path, env=None)`: run `command` and yield its URL once up.

    `command` is a list whose items may contain ``{port}``, filled with a free loopback
    port. The server runs in its own process group from the project root, and the whole
    group is stopped on exit.
    """

    @contextlib.contextmanager
    def serve(command: list[str], path: str = "/", env: dict | None = None) -> Iterator[str]:
        port = _free_port()
        server = subprocess.Popen(
            [part.format(port=port) for part in command],
            cwd=ROOT,
            env={**os.environ, **(env or {})},
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        url = f"http://127.0.0.1:{port}{path}"
        try:
            _wait_for(url, server)
            yield url
        finally:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(timeout=30)

    return serve


@pytest.fixture(scope="session")
def import_graph() -> nx.DiGraph:
    """Return piratelib's modules (dotted names) with an edge from each to those it imports.

    Imports are read from the source with ``ast``: at the top, under ``TYPE_CHECKING`` and
    inside functions alike, so a lazy import that hides a cycle still counts. A package's
    ``__init__`` is the package's own name; its re-exports of its own modules are left out.
    """
    paths = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}
    graph = nx.DiGraph()
    for name, path in paths.items():
        graph.add_node(name, path=path)
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                imported = {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom):
                assert not node.level, f"{name}: piratelib uses absolute imports"
                # `from piratelib import dice` imports the module piratelib.dice
                imported = {node.module} | {f"{node.module}.{a.name}" for a in node.names}
            else:
                continue
            graph.add_edges_from(
                (name, other)
                for other in imported
                if other in paths and other != name and not other.startswith(f"{name}.")
            )
    return graph


def module_name(path: Path) -> str:
    """The dotted name of the piratelib module at `path`."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _free_port() -> int:
    """Ask the OS for a free TCP port on the loopback interface."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _wait_for(url: str, server: subprocess.Popen, timeout: float = 120) -> None:
    """Wait until `url` answers HTTP 200, failing early if `server` exits."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.poll() is not None:
            pytest.fail(f"{server.args[0]} exited with code {server.returncode} before {url}")
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError):
            time.sleep(0.5)
    pytest.fail(f"nothing answered at {url} within {timeout} s")
