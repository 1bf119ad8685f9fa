"""Every app page of the site works where matplotlib cannot be imported (the offline site,
a Pyodide without it): its code, from ``lite/apps.toml``, builds the app and its first
view in a Python where ``import matplotlib`` fails."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
APPS = tomllib.loads((ROOT / "lite" / "apps.toml").read_text(encoding="utf-8"))["app"]
NO_MATPLOTLIB = """\
import sys
sys.modules["matplotlib"] = None  # import matplotlib now raises ImportError
"""


@pytest.mark.parametrize("app", APPS, ids=[app["name"] for app in APPS])
def test_the_app_page_builds_its_app_without_matplotlib(app):
    *body, last = app["code"].splitlines()
    shown = f"app = {last}\nbundle = app._repr_mimebundle_()\nprint(bundle['text/plain'])"
    script = NO_MATPLOTLIB + "\n".join(body) + "\n" + shown + "\n"
    script += "assert not any(m.startswith('matplotlib') for m in sys.modules if sys.modules[m])"
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, textwrap.shorten(done.stderr, 2000)
    assert done.stdout.strip() == "An app: run the notebook to use it."
