"""Checks on the project itself: Binder pins, stripped notebooks, a light package import."""

from __future__ import annotations

import importlib.metadata
import json
import re
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BINDER = ROOT / "binder"
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


def pins() -> dict[str, str]:
    lines = BINDER.joinpath("requirements.txt").read_text().splitlines()
    return dict(line.split("==") for line in lines if line.strip() and not line.startswith("#"))


def test_binder_pins_are_exact_and_remote():
    lines = [
        line
        for line in BINDER.joinpath("requirements.txt").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
    bad = [line for line in lines if not re.fullmatch(r"[A-Za-z0-9_.\-]+==[A-Za-z0-9_.+\-]+", line)]
    assert not bad, f"not an exact pin of a released package: {bad}"
    for needed in ("networkx", "matplotlib", "ipywidgets", "jupyterlab", "voila"):
        assert needed in pins()


def test_installed_versions_match_the_binder_pins():
    mismatched = {
        name: (pinned, importlib.metadata.version(name))
        for name, pinned in pins().items()
        if importlib.metadata.version(name) != pinned
    }
    assert not mismatched, f"installed versions differ from binder/requirements.txt: {mismatched}"


def test_binder_uses_pip_not_conda():
    assert not (BINDER / "environment.yml").exists()
    assert not (ROOT / "environment.yml").exists()
    assert BINDER.joinpath("runtime.txt").read_text().strip() == "python-3.12"
    post_build = BINDER.joinpath("postBuild").read_text()
    assert "pip install --no-deps" in post_build
    assert BINDER.joinpath("postBuild").stat().st_mode & 0o111


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_is_committed_stripped(notebook):
    nb = json.loads(notebook.read_text())
    assert "widgets" not in nb["metadata"], "saved widget state: run nbstripout --keep-count"
    for cell in nb["cells"]:
        if cell["cell_type"] == "code" and cell["outputs"]:
            assert "keep_output" in cell["metadata"].get("tags", []), cell["source"]


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_opens_with_its_question(notebook):
    first = json.loads(notebook.read_text())["cells"][0]
    assert first["cell_type"] == "markdown"
    assert "".join(first["source"]).startswith("# ")


def test_notebooks_exist():
    assert ROOT / "notebooks" / "00_start_here.ipynb" in NOTEBOOKS


def test_start_notebook_links_every_other_notebook():
    start = (ROOT / "notebooks" / "00_start_here.ipynb").read_text()
    for notebook in NOTEBOOKS:
        if notebook.name != "00_start_here.ipynb":
            assert f"]({notebook.name})" in start, notebook.name


def test_package_import_is_light():
    heavy = "{'matplotlib', 'ipywidgets', 'networkx', 'IPython'}"
    code = f"import sys, piratelib, piratelib.dice; print(sorted({heavy} & set(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_the_licence_is_mit_and_inside_the_wheel(tmp_path):
    # pyproject.toml says MIT; the wheel must carry the text (PEP 639 license-files).
    assert (ROOT / "LICENSE").read_text().startswith("MIT License\n")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", tmp_path, ROOT],
        check=True,
        capture_output=True,
    )
    (wheel,) = tmp_path.glob("piratelib-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        licence = [name for name in names if name.endswith(".dist-info/licenses/LICENSE")]
        assert licence, names
        assert archive.read(licence[0]) == (ROOT / "LICENSE").read_bytes()
        metadata = next(name for name in names if name.endswith(".dist-info/METADATA"))
        assert "License-Expression: MIT" in archive.read(metadata).decode()
        # The packages of issue 23 ship too, with their data.
        shipped = ("blackbeard/game/engine.py", "dreadpirate/sea/grid.py", "data/blackflag.toml")
        for module in shipped:
            assert f"piratelib/{module}" in names, module


def test_test_tools_are_a_dependency_group_not_an_extra():
    # PEP 735: the tools live in [dependency-groups], out of the package's metadata.
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "test" not in config["project"]["optional-dependencies"]
    tools = " ".join(config["dependency-groups"]["test"])
    for tool in ("pytest", "nbval", "mypy", "types-networkx"):
        assert tool in tools
    assert "--group test" in (ROOT / "Makefile").read_text()
