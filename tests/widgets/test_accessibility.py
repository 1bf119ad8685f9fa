"""Every app is readable (issue 24): its text at least 12 px and at least 4.5:1 contrast.

WCAG 2.1 AA asks 4.5:1 contrast for body text. ipywidgets sets text at 13 px, so a
``<small>`` (10.8 px) or ``font-size:90%`` (11.7 px) line is too small. Each app is built
as a learner first sees it, and its whole first view (:func:`piratelib.widgets.snapshot_html`,
every HTML widget and control label) is read for inline sizes and text colours.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import random
import re

import pytest

import piratelib.widgets
from piratelib.blackbeard.encounter import Encounter, resolve
from piratelib.widgets import App, snapshot_html

BASE_PX = 13.0  # ipywidgets' --jp-widgets-font-size
SIZE = re.compile(r"font-size\s*:\s*([\d.]+)\s*(px|em|rem|%|pt)", re.IGNORECASE)
COLOUR = re.compile(r"(?<![-\w])color\s*:\s*#([0-9a-fA-F]{6}|[0-9a-fA-F]{3})\b")
SMALL = re.compile(r"<small\b", re.IGNORECASE)


def _apps() -> list[type[App]]:
    found = []
    for info in pkgutil.iter_modules(piratelib.widgets.__path__):
        module = importlib.import_module(f"piratelib.widgets.{info.name}")
        for cls in vars(module).values():
            if inspect.isclass(cls) and issubclass(cls, App) and cls.__module__ == module.__name__:
                found.append(cls)
    return sorted(found, key=lambda cls: f"{cls.__module__}.{cls.__name__}")


def _build(cls: type[App]) -> App:
    if cls.__name__ == "StepThroughApp":
        encounter = Encounter(hunters=frozenset({"jane"}), pirates=frozenset({"adventure"}))
        return cls(resolve(encounter, random.Random(1)))
    return cls()


def px(size: str, unit: str) -> float:
    """A CSS font size in pixels, relative sizes taken against ipywidgets' 13 px."""
    value = float(size)
    return {"px": value, "pt": value * 4 / 3, "%": BASE_PX * value / 100}.get(
        unit.lower(), BASE_PX * value
    )


def contrast(hex_colour: str, background: str = "ffffff") -> float:
    """WCAG contrast ratio of two sRGB colours given as hex."""

    def luminance(code: str) -> float:
        code = "".join(c * 2 for c in code) if len(code) == 3 else code
        channels = [int(code[i : i + 2], 16) / 255 for i in (0, 2, 4)]
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    light, dark = sorted((luminance(hex_colour), luminance(background)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def problems(page: str) -> list[str]:
    """What makes this HTML hard to read: small text, or text of too little contrast."""
    found = [f"<small> text ({BASE_PX * 5 / 6:.1f} px)" for _ in SMALL.findall(page)]
    found += [
        f"font-size {size}{unit} ({px(size, unit):.1f} px)"
        for size, unit in SIZE.findall(page)
        if px(size, unit) < 12
    ]
    found += [
        f"color #{code} ({contrast(code):.2f}:1 on white)"
        for code in COLOUR.findall(page)
        if contrast(code) < 4.5
    ]
    return found


def test_the_checks_measure_what_wcag_says():
    assert round(contrast("777777"), 2) == 4.48  # the calculator's old grey
    assert round(contrast("595959"), 2) == 7.0
    assert contrast("000") == pytest.approx(21)
    assert px("90", "%") == pytest.approx(11.7) and px("12", "px") == 12
    assert problems("<small style='color:#777'>x</small>") == [
        "<small> text (10.8 px)",
        "color #777 (4.48:1 on white)",
    ]
    assert problems("<p style='font-size:13px;color:#595959;background-color:#eee'>") == []


@pytest.mark.parametrize("cls", _apps(), ids=lambda cls: f"{cls.__module__}.{cls.__name__}")
def test_an_app_opens_with_text_a_reader_can_read(cls):
    app = _build(cls)
    assert problems(snapshot_html(app)) == []


def test_every_app_is_an_app_with_a_first_view():
    # The static first view is what GitHub and nbviewer show; it must say something.
    for cls in _apps():
        bundle = _build(cls)._repr_mimebundle_()
        assert "application/vnd.jupyter.widget-view+json" in bundle
        text = re.sub(r"<[^>]+>", " ", bundle["text/html"])
        assert len(text.split()) >= 8, f"{cls.__name__}'s first view says too little"
        # GitHub's notebook view strips inline SVG: a stored picture is an <img> of it
        assert "<svg" not in bundle["text/html"], f"{cls.__name__}'s first view has inline SVG"
