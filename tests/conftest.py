"""Shared fixtures: corrupted copies of data files; local servers (Voila, JupyterLab)."""

from __future__ import annotations

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

import pytest

ROOT = Path(__file__).resolve().parent.parent


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
