"""The README's `make lab` starts JupyterLab serving the start notebook.

JupyterLab, given the notebook's path, serves the `notebooks/` folder and opens the notebook.
"""

from __future__ import annotations

import json
import secrets
import urllib.request


def test_make_lab_serves_the_start_notebook(serve):
    token = secrets.token_hex(16)
    command = ["make", "--no-print-directory", "lab", "LAB_PORT={port}"]
    command += ["LAB_ARGS=--no-browser --ServerApp.ip=127.0.0.1"]
    with serve(command, f"/lab?token={token}", env={"JUPYTER_TOKEN": token}) as url:
        base = url.split("/lab?")[0]
        notebook = urllib.request.Request(
            f"{base}/api/contents/00_start_here.ipynb",
            headers={"Authorization": f"token {token}"},
        )
        with urllib.request.urlopen(notebook, timeout=30) as response:
            model = json.load(response)
        assert model["type"] == "notebook"
        assert model["content"]["cells"][0]["source"].startswith("# Start here")
        tree = f"{base}/lab/tree/00_start_here.ipynb?token={token}"
        with urllib.request.urlopen(tree, timeout=30) as response:
            assert response.status == 200
