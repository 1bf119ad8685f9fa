"""Hunt for Blackbeard's Encounter apps: step through a resolution, and the what-if calculator.

:class:`StepThroughApp` shows a resolution from :func:`piratelib.blackbeard.encounter.resolve`
one step at a time: it only indexes into that history. :class:`EncounterCalculator` lets a
learner choose the pieces, tiles, options and policy, and shows the exact chance of each
Ending, and beside it the same Encounter with one tile swapped in or out.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from fractions import Fraction

import ipywidgets as widgets

from piratelib import draw
from piratelib.blackbeard import encounter as enc
from piratelib.draw.charts import bars_alt, img_html
from piratelib.errors import PiratelibError
from piratelib.widgets import refusal
from piratelib.words import chance, listing, say

__all__ = ["EncounterCalculator", "StepThroughApp", "odds_in_words"]

_STYLE = {"description_width": "initial"}
_OPTIONS = (
    ("warned", "Warned"),
    ("most_dice_win", "Most dice win"),
    ("crew_to_ordinary", "Crew to Ordinary"),
    ("adventure_can_escape", "Adventure can Escape"),
)
_OPTIONS_HELP = (
    "<p style='margin:0 0 0.5em;color:#555;max-width:760px'>"
    "<b>Warned</b>: someone has already Escaped this turn, so Blackbeard wins tied rolls "
    "(otherwise the Hunters do). "
    "<b>Most dice win</b>: the optional rule where the side with more dice wins a roll "
    "outright; with equal dice they roll. "
    "<b>Crew to Ordinary</b>: Blackbeard used his Crew to Ordinary tile, so Adventure Fires "
    "with one die fewer. "
    "<b>Adventure can Escape</b>: Adventure has a space to Escape to; untick it when every "
    "way out is blocked, and a won Escape roll must Board instead.</p>"
)
_POLICY_HELP = (
    "<p style='margin:0 0 0.5em;color:#555'><b>Escape or Board</b>: what the side that "
    "wins the Escape roll does: always Board, always Escape, or whichever gives it the "
    "better chance to win.</p>"
)
_ENDINGS = tuple(enc.Ending)
_ENDING_NAMES = {
    enc.Ending.HUNTERS_WIN: "Hunters win",
    enc.Ending.BLACKBEARD_WINS: "Blackbeard wins",
    enc.Ending.BLACKBEARD_ESCAPES: "pirates Escape",
    enc.Ending.HUNTERS_ESCAPE: "Hunters Escape",
    enc.Ending.ISRAEL_HANDS_ARRESTED: "Hands arrested",
}


def odds_in_words(odds: dict[enc.Ending, Fraction]) -> str:
    """How an Encounter ends, in a sentence: each possible Ending, likeliest first, with
    its chance (percentage first, then the exact fraction).

    Examples
    --------
    >>> jane = enc.Encounter(hunters=frozenset({"jane"}), pirates=frozenset({"adventure"}))
    >>> print(odds_in_words(enc.odds(jane)))  # doctest: +NORMALIZE_WHITESPACE
    Blackbeard wins the game 68.9% (exactly 32,131 in 46,656, about 7 in 10); the Hunters
    win the game 31.1% (exactly 14,525 in 46,656, about 1 in 3).
    """
    ranked = sorted((p, e.value) for e, p in odds.items() if p)[::-1]
    said = "; ".join(f"{ending} {chance(p)}" for p, ending in ranked)
    return said[:1].upper() + said[1:] + "."


class StepThroughApp(widgets.VBox):
    """A slider over the steps of one resolution, showing each step, its rule and state.

    Examples
    --------
    >>> from piratelib.dice import ScriptedRolls
    >>> brand = enc.Encounter(hunters=frozenset({"brand"}), pirates=frozenset({"adventure"}))
    >>> app = StepThroughApp(enc.resolve(brand, ScriptedRolls([6, 2, 5])))
    >>> app.step.value, app.step.max
    (1, 5)
    >>> app.step.value = app.step.max
    >>> "Step 5 of 5" in app.shown.value and "the pirates Escape" in app.shown.value
    True
    """

    def __init__(self, steps: Sequence[enc.Step]) -> None:
        self.steps = tuple(steps)
        self.step = widgets.IntSlider(
            value=1,
            min=1,
            max=len(self.steps),
            description="Step",
            style=_STYLE,
            layout=widgets.Layout(width="420px"),
        )
        self.shown = widgets.HTML()
        super().__init__([self.step, self.shown])
        self.step.observe(self._show, names="value")
        self._show()

    def _show(self, change: object = None) -> None:
        """Show the chosen step: what happened, the rule it applied, where things stand."""
        step = self.steps[self.step.value - 1]
        state = step.state
        hits = (
            f"Hits on Adventure: {state.adventure_rigging} Rigging, {state.adventure_crew} "
            f"Crew; Rigging Hits on {listing(sorted(state.rigged)) or 'no Hunter Sloop'}; "
            f"Crew Hits on {listing(sorted(state.crewed)) or 'no Hunter Sloop'}"
        )
        self.shown.value = (
            f"<div class='piratelib-step'><p><b>Step {self.step.value} of "
            f"{len(self.steps)}</b> ({html.escape(step.phase)}): "
            f"{html.escape(say(step.text))}</p>"
            f"<p><i>Rule:</i> {html.escape(step.rule) or '—'}</p>"
            f"<p style='color:#555'>{hits}.</p></div>"
        )


class EncounterCalculator(widgets.VBox):
    """Choose pieces, tiles, options and policy; see the exact odds and a one-tile swap.

    Examples
    --------
    >>> app = EncounterCalculator()
    >>> app.odds[enc.Ending.HUNTERS_WIN] + app.odds[enc.Ending.BLACKBEARD_WINS]
    Fraction(1, 1)
    >>> app.tiles["swivel_guns"].value = True
    >>> app.odds[enc.Ending.BLACKBEARD_WINS] > Fraction(1, 2)
    True
    """

    def __init__(self) -> None:
        piece = {"indent": False, "layout": {"width": "auto", "margin": "0 1em 0 0"}}
        self.hunters = {
            p: widgets.Checkbox(value=p == "jane", description=name, **piece)
            for p, name in (("jane", "Jane"), ("ranger", "Ranger"), ("brand", "Capt Brand"))
        }
        self.pirate = widgets.Dropdown(
            options=[
                ("Adventure", "adventure"),
                ("Blackbeard alone", "blackbeard"),
                ("Israel Hands", "israel_hands"),
            ],
            description="Pirate piece",
            style=_STYLE,
        )
        self.tiles = {
            tile: widgets.Checkbox(description=enc.TILE_NAMES[tile], **piece)
            for tile in sorted(enc.BLACKBEARD_TILES) + sorted(enc.HUNTER_TILES)
        }
        self.options = {
            name: widgets.Checkbox(value=name == "adventure_can_escape", description=text, **piece)
            for name, text in _OPTIONS
        }
        self.policy = widgets.Dropdown(
            options=[
                ("winner Boards", "board"),
                ("winner Escapes", "escape"),
                ("each side's best", "best"),
            ],
            description="Escape or Board",
            style=_STYLE,
            layout=widgets.Layout(width="300px"),
        )
        self.swap = widgets.Dropdown(
            options=[("(none)", "")] + [(enc.TILE_NAMES[t], t) for t in sorted(self.tiles)],
            description="Swap one tile",
            style=_STYLE,
            layout=widgets.Layout(width="340px"),
        )
        self.result = widgets.HTML()
        self.chart = widgets.HTML()
        self.odds: dict[enc.Ending, Fraction] = {}
        blackbeard = [self.tiles[t] for t in sorted(enc.BLACKBEARD_TILES)]
        hunters = [self.tiles[t] for t in sorted(enc.HUNTER_TILES)]
        super().__init__(
            [
                widgets.HBox([widgets.Label("Hunters:"), *self.hunters.values(), self.pirate]),
                widgets.HBox([widgets.Label("Blackbeard's Defenses:"), *blackbeard]),
                widgets.HBox([widgets.Label("Hunters' Assets:"), *hunters[:4]]),
                widgets.HBox([widgets.Label(""), *hunters[4:]]),
                widgets.HBox([widgets.Label("Options:"), *self.options.values()]),
                widgets.HTML(_OPTIONS_HELP),
                widgets.HBox([self.policy, self.swap]),
                widgets.HTML(_POLICY_HELP),
                self.result,
                self.chart,
            ]
        )
        controls = [*self.hunters.values(), *self.tiles.values(), *self.options.values()]
        for control in [*controls, self.pirate, self.policy, self.swap]:
            control.observe(self._update, names="value")
        self._update()

    def encounter(self, swap: str = "") -> enc.Encounter:
        """The Encounter the controls describe, with tile `swap` toggled."""
        chosen = {t for t, box in self.tiles.items() if box.value} ^ ({swap} if swap else set())
        return enc.Encounter(
            hunters=frozenset(p for p, box in self.hunters.items() if box.value),
            pirates=frozenset({self.pirate.value}),
            blackbeard_tiles=frozenset(chosen & enc.BLACKBEARD_TILES),
            hunter_tiles=frozenset(chosen & enc.HUNTER_TILES),
            **{name: box.value for name, box in self.options.items()},
        )

    def _update(self, change: object = None) -> None:
        """Recompute the exact odds (and the swap) or show why the rules refuse."""
        try:
            self.odds = enc.odds(self.encounter(), escape_policy=self.policy.value)
        except PiratelibError as error:
            self.odds = {}
            self.result.value = refusal(error)
            return
        series = {"as chosen": self.odds}
        swapped, note = None, ""
        if self.swap.value:
            held = self.tiles[self.swap.value].value
            label = f"{'without' if held else 'with'} {enc.TILE_NAMES[self.swap.value]}"
            try:
                swapped = enc.odds(self.encounter(self.swap.value), escape_policy=self.policy.value)
            except PiratelibError as error:
                note = refusal(error)
            else:
                series[label] = swapped
        rows = "".join(
            f"<tr><td>{_ENDING_NAMES[e]}</td><td>{_chance_html(self.odds[e])}</td>"
            + (f"<td>{_chance_html(swapped[e])}</td>" if swapped else "")
            + "</tr>"
            for e in _ENDINGS
            if self.odds[e] or (swapped and swapped[e])
        )
        head = (
            "<tr><th>Ending</th><th>as chosen</th>"
            + (f"<th>{html.escape(label)}</th>" if swapped else "")
            + "</tr>"
        )
        self.result.value = f"<table class='piratelib-odds'>{head}{rows}</table>{note}"
        names = {e: name.replace(" ", "\n", 1) for e, name in _ENDING_NAMES.items()}
        title = "How the Encounter ends (exact)"
        figure = draw.distribution_bars(
            series,
            title=title,
            xlabel="",
            outcomes=_ENDINGS,
            outcome_names=names,
            percent_labels=True,
        )
        alt = bars_alt(series, title=title, outcome_names=_ENDING_NAMES)
        self.chart.value = img_html(figure, alt, width="640px", css="piratelib-odds-chart")


def _chance_html(p: Fraction) -> str:
    """A table cell's chance: the percentage in bold, then the exact fraction."""
    percentage, _, rest = chance(p).partition(" ")
    return f"<b>{percentage}</b> {rest}"
