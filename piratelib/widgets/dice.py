"""The start notebook's first interactive: "highest single die wins".

Hunt for Blackbeard settles Arrest, Escape and Boarding by comparing the highest single
die of each side. :class:`HighestDieApp` lets a learner set each side's dice and who wins
ties, and shows the exact chance from :func:`piratelib.dice.highest_die_contest`, each
side's highest-die distribution as a bar chart, and a seeded simulation that agrees.
"""

from __future__ import annotations

import random
from fractions import Fraction

import ipywidgets as widgets

from piratelib import dice, draw

__all__ = ["HighestDieApp"]

BLACKBEARD_WINS_TIES = "Blackbeard (after an Escape)"
HUNTERS_WIN_TIES = "Hunters (no Escape yet)"


class HighestDieApp(widgets.VBox):
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
        style = {"description_width": "130px"}
        self.blackbeard_dice = widgets.IntSlider(
            value=blackbeard_dice, min=0, max=6, description="Blackbeard's dice", style=style
        )
        self.hunter_dice = widgets.IntSlider(
            value=hunter_dice, min=0, max=6, description="Hunters' dice", style=style
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
        self.chart = widgets.Image(format="png", layout={"width": "540px"})
        self.trials = trials
        self.exact = Fraction(0)
        super().__init__(
            [
                self.blackbeard_dice,
                self.hunter_dice,
                self.ties,
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
        return self.ties.value == BLACKBEARD_WINS_TIES

    def _update(self, change: object = None) -> None:
        """Recompute every displayed answer from the current controls."""
        a, b, ties = self.blackbeard_dice.value, self.hunter_dice.value, self.blackbeard_wins_ties
        self.exact = dice.highest_die_contest(a, b, a_wins_ties=ties)
        self.result.value = (
            f"<p class='piratelib-result'>Blackbeard's side wins the roll with probability "
            f"<b>{_fraction_text(self.exact)}</b> = <b>{float(self.exact):.2%}</b>; "
            f"the Hunters win with {_fraction_text(1 - self.exact)} = "
            f"{float(1 - self.exact):.2%}.</p>"
        )
        self.chart.value = draw.png(
            draw.distribution_bars(
                {
                    f"Blackbeard, {a} dice": dice.highest_die(a),
                    f"Hunters, {b} dice": dice.highest_die(b),
                },
                title="Each side's highest single die",
                xlabel="highest single die",
                outcome_names={0: "no dice"},
            )
        )
        rate = dice.simulate_highest_die_contest(
            a, b, a_wins_ties=ties, trials=self.trials, rng=random.Random(self.seed.value)
        )
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


def _fraction_text(p: Fraction) -> str:
    """Write a probability as a fraction, with 0 and 1 as words a learner reads."""
    return {Fraction(0): "0 (never)", Fraction(1): "1 (certain)"}.get(p, f"{p}")
