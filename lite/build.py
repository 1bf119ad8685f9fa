"""Build ``site/``: piratelib in the browser, as static files any web server can serve.

``make site`` runs this with the site's own tools (``.venv-site``, pinned in
``lite/requirements.txt``). The site holds:

- ``read/``: every lesson as an HTML page, with the answers and pictures the committed
  notebook stores (nothing runs);
- ``lab/``: the lessons in JupyterLite, runnable in the browser on Pyodide, with
  piratelib's wheel inside the site;
- ``voici/render/apps/``: each app on a page of its own (Voici: the app, no code), none of
  them needing matplotlib;
- ``index.html``: the way in, a list of all three.

Pyodide and its compiled packages (numpy, matplotlib) come from the Pyodide CDN, as the
kernel's version pins them. ``--pyodide DIR`` takes the Pyodide core from a local folder
instead (e.g. the npm package ``pyodide``), for a site that works offline once the
packages it needs sit beside it (see ``tests/browser/test_site.py``).

Run::

    .venv-site/bin/python lite/build.py [--output site] [--pyodide DIR]
"""

from __future__ import annotations

import argparse
import copy
import html
import json
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LITE = ROOT / "lite"
NOTEBOOKS = ROOT / "notebooks"

KERNEL = "@jupyterlite/pyodide-kernel-extension:kernel"
WHEELS = ("ipywidgets", "comm", "jupyterlab_widgets", "widgetsnbextension")
"""The pure-Python wheels the apps need that Pyodide's own packages lack, at the versions
``binder/requirements.txt`` pins (networkx is one of Pyodide's packages)."""

APPS = tuple(
    (app["name"], app["title"], app["sentence"], app["code"])
    for app in tomllib.loads((LITE / "apps.toml").read_text(encoding="utf-8"))["app"]
)
"""Each app page (``lite/apps.toml``): its file name, title, one sentence, and the code."""

INSTALL_APP = """\
# This page runs Python in your browser (JupyterLite on Pyodide): install piratelib into it.
import piplite

await piplite.install(["networkx", "ipywidgets"])
await piplite.install("piratelib", deps=False)  # the apps draw in SVG: no matplotlib"""

INSTALL_LESSON = """\
# This notebook runs Python in your browser (JupyterLite on Pyodide): install piratelib
# into it first. Its pictures need matplotlib, which comes from the Pyodide CDN.
import piplite

await piplite.install(["networkx", "ipywidgets"])
await piplite.install("piratelib", deps=False)
try:
    await piplite.install("matplotlib")
except Exception:  # offline, or the CDN out of reach: the pictures cannot be drawn
    print("matplotlib could not be loaded here, so this lesson's pictures cannot be drawn; "
          "its answers and apps still work.")"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--output", type=Path, default=ROOT / "site")
    parser.add_argument("--pyodide", type=Path, help="a folder holding the Pyodide core")
    args = parser.parse_args()
    start = time.perf_counter()
    build(args.output.resolve(), args.pyodide)
    print(f"lite/build.py: {args.output} built in {time.perf_counter() - start:.1f} s")


def build(output: Path, pyodide: Path | None = None) -> None:
    """Build the whole site into `output` (emptied first)."""
    if pyodide is not None and not (pyodide / "pyodide.js").is_file():
        sys.exit(f"lite/build.py: --pyodide {pyodide} holds no pyodide.js (the Pyodide core)")
    lessons = sorted(NOTEBOOKS.glob("*.ipynb"))
    with tempfile.TemporaryDirectory(prefix="piratelib-site-") as tmp:
        lite, contents = Path(tmp) / "lite", Path(tmp) / "contents"
        lite.mkdir()
        config = json.loads((LITE / "jupyter-lite.json").read_text(encoding="utf-8"))
        if pyodide is not None:
            # The kernel's build step points here too, but not always before Voici copies
            # the settings into its pages: say it in the settings themselves.
            settings = config["jupyter-config-data"]["litePluginSettings"]
            settings[KERNEL]["pyodideUrl"] = "./static/pyodide/pyodide.js"
        (lite / "jupyter-lite.json").write_text(json.dumps(config, indent=2), encoding="utf-8")
        _wheels(lite / "pypi")
        if pyodide is not None:
            shutil.copytree(pyodide, lite / "static" / "pyodide")
        for notebook in lessons:
            _write(contents / "lessons" / notebook.name, _lesson(notebook))
        for name, title, sentence, code in APPS:
            _write(contents / "apps" / f"{name}.ipynb", _app(title, sentence, code))
        if output.exists():
            shutil.rmtree(output)
        _run(
            tmp, "voici", "build", "--lite-dir", lite, "--contents", contents, "--output-dir",
            output, "--apps", "lab", "--apps", "notebooks",
        )  # fmt: skip
    for notebook in lessons:
        _read_page(notebook, output / "read" / f"{notebook.stem}.html")
    for source_map in output.rglob("*.js.map"):  # for debuggers only: 45 of 118 MB
        source_map.unlink()
    for page in (output / "voici").rglob("*.html"):
        _drop_cdn_fonts(page)
    (output / "index.html").write_text(_index(lessons), encoding="utf-8")
    (output / ".nojekyll").write_text("", encoding="utf-8")  # GitHub Pages: serve _ folders


def _run(cwd: str, *command: object) -> None:
    """Run a tool of this Python's environment in `cwd` (where it leaves its build database)."""
    bin_dir = Path(sys.executable).parent
    tool = [str(bin_dir / str(command[0])), *map(str, command[1:])]
    subprocess.run(tool, check=True, cwd=cwd)


def _wheels(folder: Path) -> None:
    """piratelib's wheel, and the pure-Python wheels the apps need, into `folder`."""
    folder.mkdir(parents=True)
    pip = [sys.executable, "-m", "pip", "--quiet", "--disable-pip-version-check"]
    subprocess.run([*pip, "wheel", "--no-deps", "--wheel-dir", folder, ROOT], check=True)
    constraint = ["--constraint", ROOT / "binder" / "requirements.txt"]
    download = ["download", "--no-deps", "--only-binary", ":all:", "--dest", folder]
    subprocess.run([*pip, *download, *constraint, *WHEELS], check=True)


def _cell(kind: str, source: str, cell_id: str) -> dict[str, object]:
    cell: dict[str, object] = {"cell_type": kind, "id": cell_id, "metadata": {}, "source": source}
    if kind == "code":
        cell.update(execution_count=None, outputs=[])
    return cell


def _notebook(cells: list[dict[str, object]]) -> dict[str, object]:
    kernel = {"display_name": "Python (Pyodide)", "language": "python", "name": "python"}
    return {"cells": cells, "metadata": {"kernelspec": kernel}, "nbformat": 4, "nbformat_minor": 5}


def _lesson(path: Path) -> dict[str, object]:
    """A lesson for JupyterLite: its cells with the install cell first, without the
    cells tagged ``test`` (the checks ``make test`` runs, not part of the lesson)."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    cells = [c for c in notebook["cells"] if "test" not in c["metadata"].get("tags", [])]
    first = 1 if cells and cells[0]["cell_type"] == "markdown" else 0
    cells.insert(first, _cell("code", INSTALL_LESSON, "piratelib-install"))
    lesson = copy.deepcopy(notebook)
    lesson["cells"] = cells
    lesson["metadata"]["kernelspec"] = _notebook([])["metadata"]["kernelspec"]  # type: ignore[index]  # a dict
    return lesson


def _app(title: str, sentence: str, code: str) -> dict[str, object]:
    return _notebook(
        [
            _cell("markdown", f"# {title}\n\n{sentence}", "title"),
            _cell("code", INSTALL_APP, "install"),
            _cell("code", code, "app"),
        ]
    )


def _write(path: Path, notebook: dict[str, object]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(notebook, indent=1) + "\n", encoding="utf-8")


def _title(path: Path) -> str:
    """A notebook's title: its first Markdown heading."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    for cell in notebook["cells"]:
        if cell["cell_type"] == "markdown":
            for line in "".join(cell["source"]).splitlines():
                if line.startswith("#"):
                    return line.lstrip("#").strip()
    return path.stem.replace("_", " ")


def _read_page(path: Path, page: Path) -> None:
    """The committed lesson as an HTML page: its stored answers and pictures, no test cells."""
    import nbformat  # the site's tools: nbconvert, from voici-core's voila
    from nbconvert import HTMLExporter
    from nbconvert.preprocessors import TagRemovePreprocessor

    exporter = HTMLExporter(template_file=str(LITE / "read.html.j2"))
    exporter.register_preprocessor(TagRemovePreprocessor(remove_cell_tags={"test"}), enabled=True)
    body, _ = exporter.from_notebook_node(nbformat.read(path, as_version=4))
    page.parent.mkdir(parents=True, exist_ok=True)
    page.write_text(body, encoding="utf-8")


_FONT_CDN = "https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free@"


def _drop_cdn_fonts(page: Path) -> None:
    """Drop a Voici page's links to Font Awesome on a CDN: Voici's own bundle carries Font
    Awesome 5.15.4 (the apps' button icons show without them), and a page that asks
    nothing of another host works offline and keeps its readers' visits to itself."""
    lines = page.read_text(encoding="utf-8").splitlines(keepends=True)
    kept = [line for line in lines if not ("<link" in line and _FONT_CDN in line)]
    page.write_text("".join(kept), encoding="utf-8")


def _index(lessons: list[Path]) -> str:
    rows = []
    for path in lessons:
        title = html.escape(_title(path))
        read = f"read/{path.stem}.html"
        run = f"lab/index.html?path=lessons/{path.name}"
        rows.append(
            f"<li><a href='{read}'>{title}</a> <small>(<a href='{run}'>run it in your "
            "browser</a>)</small></li>"
        )
    apps = "".join(
        f"<li><a href='voici/render/apps/{name}.html'>{html.escape(title)}</a>: "
        f"{html.escape(sentence)}</li>"
        for name, title, sentence, _ in APPS
    )
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>piratelib: learn three pirate board games</title>
<!-- JupyterLite's pages look here for the site's root and its settings (none added). -->
<script id="jupyter-config-data" type="application/json" data-jupyter-lite-root=".">{{}}</script>
<style>body{{font-family:system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem;
line-height:1.5}}li{{margin:.3rem 0}}</style></head><body>
<h1>piratelib</h1>
<p>Learn and explore the rules of three pirate board games (Hunt for Blackbeard, Black
Flag! and Dread Pirate), with exact odds. Everything here runs in your browser: nothing to
install. The first page you run takes a little while (about half a minute) to start
Python; after that it stays quick.</p>
<h2>The apps</h2><ul>{apps}</ul>
<h2>The lessons</h2>
<p>Read a lesson as it stands, answers and pictures included, or run it in your browser
(JupyterLite) to try your own variations.</p><ul>{"".join(rows)}</ul>
<p><a href="lab/index.html">All the notebooks in JupyterLite</a></p>
</body></html>
"""


if __name__ == "__main__":
    main()
