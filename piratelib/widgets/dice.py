"""The start notebook's first interactive: "highest single die wins".

Hunt for Blackbeard settles Arrest, Escape and Boarding by comparing the highest single
die of each side. :class:`HighestDieApp` lets a learner set each side's dice and who wins
ties, and shows the exact chance from :func:`piratelib.dice.highest_die_contest` in words
(percentage first, the exact fraction second: :func:`piratelib.words.chance`), each side's
highest-die distribution as a bar chart (SVG text, named by its words:
:func:`piratelib.draw.charts_html.distribution_bars_svg`), and a seeded simulation that
agrees.
"""

from __future__ import annotations

import functools
import random
from fractions import Fraction

import ipywidgets as widgets

from piratelib import dice
from piratelib.draw.charts_html import distribution_bars_svg
from piratelib.errors import check_whole
from piratelib.widgets import App
from piratelib.widgets._args import SEEDS, check_flag
from piratelib.words import chance, percent, plural

__all__ = ["HighestDieApp"]

BLACKBEARD_WINS_TIES = "Blackbeard (after an Escape)"
HUNTERS_WIN_TIES = "Hunters (no Escape yet)"
HELP = (
    "<p style='line-height:1.3;margin:0'><b>Ties go to</b>: the Hunters win tied rolls until "
    "anyone Escapes; after that Blackbeard is <b>Warned</b> and wins them. "
    "<b>Simulation seed</b>: the same seed rolls the same dice; change it to roll again."
    "</p>"
)
"""The one-line help under the controls: what each option means, where it is ticked."""


class HighestDieApp(App):
    """Two dice sliders, a ties switch, the exact odds, a chart and a simulation.

    Parameters
    ----------
    blackbeard_dice, hunter_dice : int
        Starting dice for each side, 0 to 6.
    warned : bool
        Whether Blackbeard starts out winning ties ("Warned", after any Escape).
    trials : int
        Rolls in the simulation that cross-checks the exact answer.
    seed : int
        Starting seed of the simulation.

    Examples
    --------
    >>> app = HighestDieApp(blackbeard_dice=3, hunter_dice=2)
    >>> app.exact
    Fraction(3667, 7776)
    >>> app.hunter_dice.value = 4
    >>> app.exact
    Fraction(75799, 279936)
    >>> print(app.result.value)  # doctest: +ELLIPSIS
    <p class='piratelib-result'>Blackbeard's side wins the roll with chance <b>27.1% (exactly
    75,799 in 279,936, about 1 in 4)</b>; the Hunters win with chance 72.9%.</p>
    """

    def __init__(
        self,
        *,
        blackbeard_dice: int = 3,
        hunter_dice: int = 2,
        warned: bool = False,
        trials: int = 10_000,
        seed: int = 1718,
    ) -> None:
        check_whole("blackbeard_dice", blackbeard_dice, 0, 6)
        check_whole("hunter_dice", hunter_dice, 0, 6)
        check_flag("warned", warned)
        check_whole("trials", trials, 1, 10_000_000)
        check_whole("seed", seed, *SEEDS)
        style = {"description_width": "130px"}
        wide = widgets.Layout(width="460px")
        self.blackbeard_dice = widgets.IntSlider(
            value=blackbeard_dice,
            min=0,
            max=6,
            description="Blackbeard's dice",
            style=style,
            layout=wide,
            continuous_update=False,
        )
        self.hunter_dice = widgets.IntSlider(
            value=hunter_dice,
            min=0,
            max=6,
            description="Hunters' dice",
            style=style,
            layout=wide,
            continuous_update=False,
        )
        self.ties = widgets.ToggleButtons(
            options=[HUNTERS_WIN_TIES, BLACKBEARD_WINS_TIES],
            value=BLACKBEARD_WINS_TIES if warned else HUNTERS_WIN_TIES,
            description="Ties go to",
            style={**style, "button_width": "auto"},
        )
        self.seed = widgets.IntText(value=seed, description="Simulation seed", style=style)
        self.result = widgets.HTML()
        self.simulation = widgets.HTML()
        self.chart = widgets.HTML()
        self.chart.add_class("piratelib-chart")
        self.trials = trials
        self.exact = Fraction(0)
        super().__init__(
            [
                self.blackbeard_dice,
                self.hunter_dice,
                self.ties,
                widgets.HTML(HELP),
                self.result,
                self.chart,
                self.seed,
                self.simulation,
            ]
        )
        for control in (self.blackbeard_dice, self.hunter_dice, self.ties, self.seed):
            control.observe(self._update, names="value")
        self._update()

    @property
    def blackbeard_wins_ties(self) -> bool:
        """Whether the switch gives tied rolls to Blackbeard."""
        return bool(self.ties.value == BLACKBEARD_WINS_TIES)  # ipywidgets values are Any

    def _update(self, change: object = None) -> None:
        """Recompute every displayed answer from the current controls."""
        a, b, ties = self.blackbeard_dice.value, self.hunter_dice.value, self.blackbeard_wins_ties
        self.exact = dice.highest_die_contest(a, b, a_wins_ties=ties)
        series = {
            f"Blackbeard, {plural(a, 'die', 'dice')}": dice.highest_die(a),
            f"Hunters, {plural(b, 'die', 'dice')}": dice.highest_die(b),
        }
        title = "Each side's highest single die"
        names = {0: "no dice"}
        self.chart.value = distribution_bars_svg(
            series, title=title, xlabel="highest single die", outcome_names=names
        )
        # the answer last but one, so a browser that shows it already shows its chart
        self.result.value = (
            f"<p class='piratelib-result'>Blackbeard's side wins the roll with chance "
            f"<b>{_chance_text(self.exact)}</b>; the Hunters win with chance "
            f"{_chance_text(1 - self.exact, short=True)}.</p>"
        )
        rate = _simulated(a, b, ties, self.trials, self.seed.value)
        error = dice.standard_error(self.exact, self.trials)
        agreement = (
            "the result is certain, so every roll agrees"
            if error == 0
            else f"{abs(rate - self.exact) / error:.1f} standard errors of {error:.2%} away"
        )
        self.simulation.value = (
            f"<p class='piratelib-simulation'>Simulated {self.trials:,} rolls with seed "
            f"{self.seed.value}: Blackbeard's side won {int(rate * self.trials):,} = "
            f"{float(rate):.2%}; exact {float(self.exact):.2%}, {agreement}.</p>"
        )


@functools.lru_cache(maxsize=512)
def _simulated(a: int, b: int, ties: bool, trials: int, seed: int) -> Fraction:
    """Blackbeard's simulated win rate, kept: the same seed rolls the same dice, so a
    setting seen before is answered without rolling them again."""
    rng = random.Random(seed)
    return dice.simulate_highest_die_contest(a, b, a_wins_ties=ties, trials=trials, rng=rng)


def _chance_text(p: Fraction, *, short: bool = False) -> str:
    """A chance in words (:func:`piratelib.words.chance`), with 0 and 1 said as words."""
    if p in (0, 1):
        return "0% (never)" if p == 0 else "100% (certain)"
    return percent(p) if short else chance(p)
