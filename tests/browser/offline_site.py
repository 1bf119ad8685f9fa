"""The offline variant of the site, for its browser test and ``benchmarks/site.py``.

``make site`` makes a site whose Pyodide comes from the Pyodide CDN. This machine cannot
reach that CDN, so the test builds the site with ``--pyodide`` from a core folder made
here. The fixes below are the test's setup, not the product's; each is needed only
because the Pyodide CDN is out of reach:

1. The core: the npm package ``pyodide`` at the version the kernel names (the npm
   registry is reachable). It holds the interpreter and ``pyodide-lock.json`` (every
   package's file and sha256) but none of the package wheels.
2. The kernel starts by installing ``micropip``, ``ipython``, ``jedi``, ``comm`` and
   ``sqlite3`` from that lock, and the apps ``networkx``: their pure-Python wheels are
   fetched from the Python package index at the lock's versions and laid beside the
   core. The index's files are not byte-for-byte Pyodide's, so their entries in the lock
   get the new file names and sha256 sums.
3. Pyodide's ``sqlite3`` is a compiled piece of the standard library that no package
   index serves: its entry becomes an empty wheel (IPython runs without its history
   database).
4. Two entries list packages the test does not need, compiled ones (numpy, matplotlib)
   among them: ``networkx`` (which imports without them, or ``setuptools``) and
   ``matplotlib-inline`` (IPython's, for inline plots). Their dependencies are cut to
   what they import.
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

PYODIDE = "0.29.0"
"""The Pyodide version jupyterlite-pyodide-kernel 0.7.0 names (its ``PYODIDE_VERSION``)."""
STARTUP = ("micropip", "ipython", "jedi", "networkx")
CUT = {"networkx": ["decorator"], "matplotlib-inline": ["traitlets"]}
"""Fix 4: the dependencies these lock entries keep."""


def offline_pyodide(cache: Path) -> Path:
    """A Pyodide core folder under `cache` that serves the kernel's startup with no
    outside request (made once, then reused)."""
    core = cache / f"pyodide-{PYODIDE}"
    if (core / "ready").exists():
        return core
    if core.exists():
        shutil.rmtree(core)
    cache.mkdir(parents=True, exist_ok=True)
    packed = subprocess.run(
        ["npm", "pack", f"pyodide@{PYODIDE}", "--silent", "--pack-destination", str(cache)],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()[-1]
    with tarfile.open(cache / packed) as tar:
        tar.extractall(cache / "npm", filter="data")
    shutil.move(cache / "npm" / "package", core)
    shutil.rmtree(cache / "npm")
    lock_path = core / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text())
    packages = lock["packages"]
    needed = _closure(packages, STARTUP)
    for name in sorted(needed - {"sqlite3"}):
        entry = packages[name]
        pip = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps"]
        wasm = ["--python-version", "3.13", "--only-binary", ":all:"]  # Pyodide's Python
        subprocess.run([*pip, *wasm, "--dest", core, f"{name}=={entry['version']}"], check=True)
        wheel = _downloaded(core, name, entry["version"])
        entry["file_name"], entry["sha256"] = wheel.name, _sha256(wheel)
    stub = core / "sqlite3-1.0.0-py3-none-any.whl"
    stub.write_bytes(_empty_wheel("sqlite3", "1.0.0"))
    packages["sqlite3"].update(
        file_name=stub.name, sha256=_sha256(stub), package_type="package", install_dir="site"
    )
    for name, depends in CUT.items():
        packages[name]["depends"] = depends
    lock_path.write_text(json.dumps(lock))
    (core / "ready").write_text("")
    return core


def _closure(packages: dict[str, dict], roots: tuple[str, ...]) -> set[str]:
    """The lock's packages that `roots` need, without the compiled ones cut above."""
    found: set[str] = set()
    todo = list(roots)
    while todo:
        name = todo.pop().lower().replace("_", "-")
        if name in found:
            continue
        found.add(name)
        todo += CUT.get(name, packages[name]["depends"])
    return found


def _downloaded(folder: Path, name: str, version: str) -> Path:
    stem = name.replace("-", "_").lower()
    for wheel in folder.glob("*.whl"):
        if wheel.name.lower().startswith(f"{stem}-{version}-"):
            return wheel
    raise FileNotFoundError(f"no wheel of {name} {version} in {folder}")


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _digest(text: str) -> str:
    """A wheel RECORD's hash: urlsafe base64 of the sha256, unpadded."""
    digest = hashlib.sha256(text.encode()).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def _empty_wheel(name: str, version: str) -> bytes:
    """A wheel that installs nothing but its own metadata."""
    info = f"{name}-{version}.dist-info"
    files = {
        f"{info}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n",
        f"{info}/WHEEL": "Wheel-Version: 1.0\nGenerator: piratelib-tests\nRoot-Is-Purelib: true\n"
        "Tag: py3-none-any\n",
    }
    record = [f"{path},sha256={_digest(text)},{len(text)}" for path, text in files.items()]
    files[f"{info}/RECORD"] = "\n".join([*record, f"{info}/RECORD,,"]) + "\n"
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as wheel:
        for path, text in files.items():
            wheel.writestr(path, text)
    return out.getvalue()
