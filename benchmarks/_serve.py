"""Serve on a free loopback port for the browser benchmarks: any server, or Voila."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


class Server:
    """Run `command` (its ``{port}`` filled with a free loopback port) for the `with`
    block; its URL once it answers."""

    def __init__(self, command: list[str]) -> None:
        self.command = command

    def __enter__(self) -> str:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        self.server = subprocess.Popen(
            [part.format(port=port) for part in self.command],
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        url = f"http://127.0.0.1:{port}/"
        for _ in range(600):
            try:
                urllib.request.urlopen(url, timeout=5).close()
                return url
            except OSError:
                time.sleep(0.2)
        raise SystemExit(f"{self.command[0]} did not start")

    def __exit__(self, *exc: object) -> None:
        os.killpg(self.server.pid, signal.SIGTERM)
        self.server.wait(timeout=30)


class Voila(Server):
    """Serve `target` (a notebook, or the notebooks folder) with Voila; its URL."""

    def __init__(self, target: str) -> None:
        command = [sys.executable, "-m", "voila", "--no-browser", "--port={port}"]
        super().__init__([*command, "--Voila.ip=127.0.0.1", target])
