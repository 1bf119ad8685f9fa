"""Serve notebooks with Voila on a free loopback port, for the browser benchmarks."""

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


class Voila:
    """Serve `target` (a notebook, or the notebooks folder) for the `with` block; its URL."""

    def __init__(self, target: str) -> None:
        self.target = target

    def __enter__(self) -> str:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        command = [sys.executable, "-m", "voila", "--no-browser", f"--port={port}"]
        self.server = subprocess.Popen(
            [*command, "--Voila.ip=127.0.0.1", self.target],
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
        raise SystemExit("Voila did not start")

    def __exit__(self, *exc: object) -> None:
        os.killpg(self.server.pid, signal.SIGTERM)
        self.server.wait(timeout=30)
