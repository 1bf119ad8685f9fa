"""Dread Pirate's battle apps: the odds of a battle, a battle step by step, and who has won.

:class:`BattleTable` sets each side's bonuses, who is the Dread Pirate and which Action
cards are played, and shows the exact chance from
:func:`piratelib.dreadpirate.battle.battle_odds`, the expected treasure swing of
attacking, and each side's distribution of totals (drawn as SVG by
:func:`piratelib.draw.dreadpirate.odds_svg.battle_totals_svg`). :class:`BattleStepper`
steps through :func:`piratelib.dreadpirate.battle.resolve_battle` with seeded or scripted
dice.
:class:`WinChecker` sets a Pirate's Gold and Gems and says which way of winning, if any,
they make (:func:`piratelib.dreadpirate.treasure.check_win`). The apps only call piratelib,
write their answers into widget values, and show a rule's refusal as a message.
"""

from __future__ import annotations

import html
import random
from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from typing import TypedDict

import ipywidgets as widgets

from piratelib.dice import ScriptedRolls
from piratelib.draw.dreadpirate import odds_svg as draw_odds
from piratelib.dreadpirate import battle as fight
from piratelib.dreadpirate.battle import Battle, BattleOdds, Battler
from piratelib.dreadpirate.data import load_dreadpirate
from piratelib.dreadpirate.treasure import Outcome, Purse, check_win
from piratelib.errors import PiratelibError, check_id, check_items, check_whole
from piratelib.steps import Step
from piratelib.widgets import App, refusal, step_html
from piratelib.widgets._args import SEEDS, check_flag, check_kind
from piratelib.words import chance

__all__ = ["ATTACKER", "DEFENDER", "BattleStepper", "BattleTable", "WinChecker"]

ATTACKER = Battler("Ann", Purse.of(gold=5, red=4))
"""The stepper's attacker: Ann, as set up ("4 Gems ... and 5 Gold"), with a red Ship."""
DEFENDER = Battler("Bo", Purse.of(gold=5, brown=4))
"""The stepper's defender: Bo, as set up, with a brown Ship."""

_STYLE = {"description_width": "230px"}
_WIDE = {"width": "560px"}
"""Sliders 560px wide beside a 230px description: a track of about 330px."""
_TEXT = "line-height:1.4"
_HELP = "font-size:13px;line-height:1.4;color:#37474f"
"""Help text under the controls: 13px, dark slate grey (10:1 contrast on white)."""
_NOBODY, _THIRD = "nobody yet", "a third Pirate"


class _Totals(TypedDict):
    """The marks of :func:`~piratelib.draw.dreadpirate.odds_svg.battle_totals_svg`."""

    attacker_bonus: int
    defender_bonus: int
    attacker_wins: Fraction


class BattleTable(App):
    """Bonus sliders, the Dread Pirate, Action cards: the exact odds and the expected swing.

    Parameters
    ----------
    attacker_bonus, defender_bonus : int
        Each side's Mission bonuses ("+1 to all rolls" each), 0 to 6.
    dread_pirate : str
        Who holds the Flag: ``"attacker"``, ``"defender"``, ``"nobody yet"`` or ``"a third
        Pirate"``.
    hard_to_starboard : bool
        Whether the defender plays "Hard to Starboard!" (+4).
    hoist : bool
        Whether the attacker plays "Hoist the Jolly Roger!".

    Examples
    --------
    >>> table = BattleTable()
    >>> table.exact
    Fraction(721, 1296)
    >>> table.attacker_bonus.value = 1
    >>> table.exact, table.swing
    (Fraction(287, 432), Fraction(143, 144))
    >>> "The attacker wins <b>66.4% (exactly 287 in 432, about 2 in 3)</b>" in table.result.value
    True
    >>> table.hard_to_starboard.value = True
    >>> table.exact
    Fraction(155, 648)
    """

    def __init__(
        self,
        *,
        attacker_bonus: int = 0,
        defender_bonus: int = 0,
        dread_pirate: str = _NOBODY,
        hard_to_starboard: bool = False,
        hoist: bool = False,
    ) -> None:
        check_whole("attacker_bonus", attacker_bonus, 0, 6)
        check_whole("defender_bonus", defender_bonus, 0, 6)
        check_id("dread_pirate", dread_pirate, (_NOBODY, "attacker", "defender", _THIRD))
        check_flag("hard_to_starboard", hard_to_starboard)
        check_flag("hoist", hoist)
        self.attacker_bonus = widgets.IntSlider(
            value=attacker_bonus,
            min=0,
            max=6,
            description="Attacker's Mission bonuses",
            style=_STYLE,
            layout=_WIDE,
            continuous_update=False,  # each value redraws the chart
        )
        self.defender_bonus = widgets.IntSlider(
            value=defender_bonus,
            min=0,
            max=6,
            description="Defender's Mission bonuses",
            style=_STYLE,
            layout=_WIDE,
            continuous_update=False,
        )
        self.dread_pirate = widgets.ToggleButtons(
            options=[
                ("Nobody yet", _NOBODY),
                ("The attacker", "attacker"),
                ("The defender", "defender"),
                ("A third Pirate", _THIRD),
            ],
            value=dread_pirate,
            description="The Dread Pirate is",
            style={**_STYLE, "button_width": "auto"},
        )
        self.hard_to_starboard = widgets.Checkbox(
            value=hard_to_starboard,
            description="The defender plays Hard to Starboard! (+4)",
            indent=False,
            layout={"width": "auto"},
        )
        self.hoist = widgets.Checkbox(
            value=hoist,
            description="The attacker plays Hoist the Jolly Roger!",
            indent=False,
            layout={"width": "auto"},
        )
        self.result = widgets.HTML()
        self.result.add_class("piratelib-dp-odds")
        self.swing_text = widgets.HTML()
        self.swing_text.add_class("piratelib-dp-swing")
        self.picture = widgets.HTML()
        self.picture.add_class("piratelib-dp-totals")
        self.odds: BattleOdds | None = None
        self._even = fight.break_even_difference()  # the same for every battle
        self.exact = Fraction(0)
        self.swing = Fraction(0)
        super().__init__(
            [
                self.attacker_bonus,
                self.defender_bonus,
                _help(
                    "Each completed Mission with a bonus gives +1 to all rolls (the "
                    "rulebook's example bonus)."
                ),
                self.dread_pirate,
                _help(
                    "The Dread Pirate receives +1 to all of their rolls. <i>A third "
                    "Pirate</i>: the Flag is on a Ship not in this battle, so nobody here "
                    "gets its +1."
                ),
                widgets.HBox([self.hard_to_starboard, self.hoist]),
                _help(
                    "<i>Hard to Starboard!</i>: +4 to the defender's roll. <i>Hoist the "
                    "Jolly Roger!</i>: the attacker becomes the Dread Pirate at once and "
                    "takes the Flag's +1 (from the defender, if they hold it)."
                ),
                self.result,
                self.swing_text,
                self.picture,
            ]
        )
        for control in (
            self.attacker_bonus,
            self.defender_bonus,
            self.dread_pirate,
            self.hard_to_starboard,
            self.hoist,
        ):
            control.observe(self._update, names="value")
        self._update()

    def sides(self) -> tuple[Battler, Battler, bool]:
        """The attacker, the defender and whether a third Pirate holds the Flag, as set."""
        flag = self.dread_pirate.value
        attacker = Battler(
            "The attacker",
            dread_pirate=flag == "attacker",
            mission_bonus=self.attacker_bonus.value,
            cards=("hoist_the_jolly_roger",) if self.hoist.value else (),
        )
        defender = Battler(
            "The defender",
            dread_pirate=flag == "defender",
            mission_bonus=self.defender_bonus.value,
            cards=("hard_to_starboard",) if self.hard_to_starboard.value else (),
        )
        return attacker, defender, flag == _THIRD

    def _update(self, change: object = None) -> None:
        """Recompute the odds, the swing and the picture from the controls."""
        attacker, defender, elsewhere = self.sides()
        try:
            odds = fight.battle_odds(attacker, defender, flag_elsewhere=elsewhere)
        except PiratelibError as error:
            self.odds = None
            self.result.value = refusal(error)
            self.swing_text.value = ""
            return
        self.odds, self.exact = odds, odds.attacker_wins
        self.swing = fight.expected_swing(odds.attacker_bonus, odds.defender_bonus)
        parts = _parts(attacker, defender, elsewhere)
        self.result.value = (
            f"<div style='{_TEXT}'><p>{html.escape(parts)}</p><p>The attacker wins "
            f"<b>{_chance(self.exact)}</b>; the defender {_chance(1 - self.exact)}.</p></div>"
        )
        pays = "pays" if self.swing > 0 else "does not pay"
        even = self._even
        self.swing_text.value = (
            f"<div style='{_TEXT}'><p>Expected treasure from attacking: 2 items &times; "
            f"chance to win &minus; 1 item &times; chance to lose = "
            f"<b>{float(self.swing):+.2f} items</b> (exactly {_signed(self.swing)}): attacking "
            f"<b>{pays}</b>, if both sides have the items to lose. It pays from a bonus "
            f"difference of {even:+d} up.</p></div>"
        )
        totals = (odds.attacker_totals, odds.defender_totals)
        drawn: _Totals = {
            "attacker_bonus": odds.attacker_bonus,
            "defender_bonus": odds.defender_bonus,
            "attacker_wins": self.exact,
        }
        self.picture.value = draw_odds.battle_totals_svg(
            *totals, **drawn, css="piratelib-dp-totals-chart"
        )


class BattleStepper(App):
    """Fight a battle with seeded (or scripted) dice and step through it.

    Parameters
    ----------
    attacker, defender : Battler
        The two sides (default :data:`ATTACKER` and :data:`DEFENDER`); their ``cards`` are
        replaced by the app's checkboxes.
    seed : int
        Seeds the ``random.Random`` that rolls the dice.
    faces : sequence of int, optional
        Four scripted faces instead (the attacker's two, then the defender's).

    Examples
    --------
    >>> app = BattleStepper(faces=[6, 3, 2, 4])
    >>> app.steps[-1].text
    'Ann takes 2 items from Bo: 2 brown Gems.'
    >>> app.defender_card.value = True
    >>> app.steps[-1].text
    'Bo takes 1 item from Ann: 1 red Gem.'
    >>> app.attacker_card.value = True
    >>> "Not allowed" in app.shown.value and app.steps == ()
    True
    """

    def __init__(
        self,
        attacker: Battler = ATTACKER,
        defender: Battler = DEFENDER,
        *,
        seed: int = 1,
        faces: Sequence[int] | None = None,
    ) -> None:
        check_kind("attacker", attacker, Battler)
        check_kind("defender", defender, Battler)
        check_whole("seed", seed, *SEEDS)
        if faces is not None:
            check_items("faces", faces, int)
            for face in faces:
                check_whole("a die's face", face, 1, 6)
        self.attacker, self.defender = attacker, defender
        self.faces = tuple(faces) if faces is not None else None
        a, d = attacker.name, defender.name
        self.seed = widgets.IntText(
            value=seed,
            description="Battle number",
            style=_STYLE,
            disabled=self.faces is not None,
        )
        self.flag = widgets.ToggleButtons(
            options=[(_NOBODY.capitalize(), _NOBODY), (a, "attacker"), (d, "defender")],
            value="defender"
            if defender.dread_pirate
            else "attacker"
            if attacker.dread_pirate
            else _NOBODY,
            description="The Dread Pirate is",
            style={**_STYLE, "button_width": "auto"},
        )
        self.defender_card = widgets.Checkbox(
            description=f"{d} plays Hard to Starboard!", indent=False, layout={"width": "auto"}
        )
        self.attacker_card = widgets.Checkbox(
            description=f"{a} plays Hard to Starboard!", indent=False, layout={"width": "auto"}
        )
        self.hoist = widgets.Checkbox(
            description=f"{a} plays Hoist the Jolly Roger!", indent=False, layout={"width": "auto"}
        )
        self.switch = widgets.Checkbox(
            description="The winner switches spaces", indent=False, layout={"width": "auto"}
        )
        self.step = widgets.IntSlider(
            value=1, min=1, max=1, description="Step", style=_STYLE, layout=_WIDE
        )
        self.shown = widgets.HTML()
        self.shown.add_class("piratelib-dp-step")
        self.table = widgets.HTML()
        self.table.add_class("piratelib-dp-state")
        self.steps: tuple[Step, ...] = ()
        self._loading = False
        super().__init__(
            [
                self.seed,
                _help("The seed fixes the dice: change it to fight again with other dice."),
                self.flag,
                widgets.HBox([self.defender_card, self.hoist, self.attacker_card, self.switch]),
                _help(
                    f"Ticking <i>{html.escape(a)} plays Hard to Starboard!</i> shows what the "
                    "rules say about a card played at the wrong moment. <i>The winner switches "
                    "spaces</i>: the winner may choose to swap places on the map with the loser."
                ),
                self.step,
                self.shown,
                self.table,
            ]
        )
        for control in (
            self.seed,
            self.flag,
            self.defender_card,
            self.attacker_card,
            self.hoist,
            self.switch,
        ):
            control.observe(self._fight, names="value")
        self.step.observe(self._show, names="value")
        self._fight()

    def _fight(self, change: object = None) -> None:
        """Fight the battle the controls describe and show its first step (or the refusal)."""
        flag = self.flag.value
        attacker = replace(
            self.attacker,
            dread_pirate=flag == "attacker",
            cards=tuple(
                card
                for card, on in (
                    ("hoist_the_jolly_roger", self.hoist.value),
                    ("hard_to_starboard", self.attacker_card.value),
                )
                if on
            ),
        )
        defender = replace(
            self.defender,
            dread_pirate=flag == "defender",
            cards=("hard_to_starboard",) if self.defender_card.value else (),
        )
        rolls = ScriptedRolls(self.faces) if self.faces else random.Random(self.seed.value)
        try:
            self.steps = fight.resolve_battle(attacker, defender, rolls, switch=self.switch.value)
        except PiratelibError as error:
            self.steps = ()
            self.step.disabled = True
            self.shown.value = refusal(error)
            self.table.value = ""
            return
        self.step.disabled = False
        self._loading = True
        try:
            with self.step.hold_trait_notifications():
                self.step.max = len(self.steps)
                self.step.value = 1
        finally:
            self._loading = False
        self._show()

    def _show(self, change: object = None) -> None:
        """Show the chosen step's text and rule, and both sides after it."""
        if self._loading or not self.steps:
            return
        k, n = self.step.value, len(self.steps)
        step = self.steps[k - 1]
        self.shown.value = step_html(step, k, n, "piratelib-dp-step-text")
        self.table.value = _battle_html(step.state)


class WinChecker(App):
    """Gold and Gems sliders: which way of winning they make, if any, and why.

    Parameters
    ----------
    purse : Purse, optional
        The sliders' first values (default: a Pirate as set up, 5 Gold and 4 red Gems).

    Examples
    --------
    >>> app = WinChecker()
    >>> app.outcome is None
    True
    >>> app.gems["brown"].value = 12
    >>> app.outcome.condition.name
    'ONE_COLOUR'
    """

    def __init__(self, purse: Purse | None = None) -> None:
        dp = load_dreadpirate()
        check_kind("purse", purse, Purse, optional=True)
        purse = purse if purse is not None else Purse.of(gold=5, red=4)
        check_whole("the purse's Gold", purse.gold, 0, dp.components["gold"])
        for colour in dp.colours:
            check_whole(f"the purse's {colour} Gems", purse.gem(colour), 0, dp.gems["per_colour"])
        self.gold = widgets.IntSlider(
            value=purse.gold,
            min=0,
            max=dp.components["gold"],
            description="Gold",
            style=_STYLE,
            layout=_WIDE,
        )
        self.gems = {
            colour: widgets.IntSlider(
                value=purse.gem(colour),
                min=0,
                max=dp.gems["per_colour"],
                description=f"{entry['name'].capitalize()} Gems",
                style=_STYLE,
                layout=_WIDE,
            )
            for colour, entry in dp.colours.items()
        }
        self.result = widgets.HTML()
        self.result.add_class("piratelib-dp-win")
        self.outcome: Outcome | None = None
        super().__init__([self.gold, *self.gems.values(), self.result])
        for control in (self.gold, *self.gems.values()):
            control.observe(self._check, names="value")
        self._check()

    def purse(self) -> Purse:
        """The purse the sliders set.

        Raises
        ------
        IllegalActionError
            If a count is out of range.
        """
        return Purse.of(self.gold.value, **{c: s.value for c, s in self.gems.items()})

    def _check(self, change: object = None) -> None:
        """Check the three ways of winning and say what each still needs."""
        try:
            purse = self.purse()
        except PiratelibError as error:
            self.outcome = None
            self.result.value = refusal(error)
            return
        self.outcome = check_win(purse)
        win = load_dreadpirate().winning
        needs = purse.needs()
        best = max(load_dreadpirate().colours, key=purse.gem)
        rows = [
            ("gold", f"{win['gold']} Gold", f"{purse.gold} Gold"),
            (
                "one_colour",
                f"{win['gems_of_one_colour']} Gems of a single color",
                f"{purse.gem(best)} {best}",
            ),
            (
                "each_colour",
                f"{win['gems_of_each_colour']} Gems of each color",
                ", ".join(f"{c} {purse.gem(c)}" for c in load_dreadpirate().colours),
            ),
        ]
        cells = "".join(
            f"<tr><td style='padding:2px 8px'>{html.escape(goal)}</td>"
            f"<td style='padding:2px 8px'>{html.escape(have)}</td>"
            f"<td style='padding:2px 8px'>{'won' if not needs[key] else f'{needs[key]} more'}"
            "</td></tr>"
            for key, goal, have in rows
        )
        if self.outcome is None:
            head = "<p><b>No win yet</b>: the closest way still needs "
            head += f"{min(needs.values())} more item{'s' * (min(needs.values()) != 1)}.</p>"
        else:
            head = f"<p><b>A win</b>: {html.escape(self.outcome.why, quote=False)}.</p>"
        self.result.value = (
            f"<div style='{_TEXT}'>{head}<table style='border-collapse:collapse'>"
            "<tr><th style='padding:2px 8px'>way to win</th><th style='padding:2px 8px'>has</th>"
            f"<th style='padding:2px 8px'>needs</th></tr>{cells}</table></div>"
        )


def _chance(p: Fraction) -> str:
    """A probability for a reader (:func:`piratelib.words.chance`), 0 and 1 in words."""
    return {Fraction(0): "0% (never)", Fraction(1): "100% (certain)"}.get(p) or chance(p)


def _help(text: str) -> widgets.HTML:
    """A short line explaining the controls just above it."""
    return widgets.HTML(f"<div style='{_HELP}'>{text}</div>")


def _signed(x: Fraction) -> str:
    """A Fraction with its sign, as HTML: +289/432, &minus;1/2, 0."""
    return "0" if x == 0 else f"{'+' if x > 0 else '&minus;'}{abs(x)}"


def _parts(attacker: Battler, defender: Battler, elsewhere: bool) -> str:
    """Each side's bonus, in words."""
    battle = fight.play_all(Battle(attacker, defender, flag_elsewhere=elsewhere))
    words = []
    for role in fight.ROLES:
        parts = battle.bonus_parts(role)
        listed = " + ".join(f"{n} ({what})" for what, n in parts) or "0"
        words.append(f"the {role} adds {listed} = {battle.bonus(role):+d}")
    return "Bonuses: " + "; ".join(words) + "."


def _battle_html(battle: Battle) -> str:
    """Both sides after a step: dice, total, the Flag, and treasure."""
    rows = []
    for role in fight.ROLES:
        side = battle.side(role)
        rolled = battle.dice(role)
        dice = " + ".join(map(str, rolled)) if rolled else "—"
        total = str(battle.total(role)) if rolled else "—"
        flag = "yes" if side.dread_pirate else ""
        if battle.flag_after is not None:
            flag = "yes" if battle.flag_after == role else ""
        rows.append(
            f"<tr><th style='text-align:left;padding:2px 8px'>{html.escape(side.name)}</th>"
            f"<td style='padding:2px 8px'>{role}</td><td style='padding:2px 8px'>{dice}</td>"
            f"<td style='padding:2px 8px;text-align:center'>{total}</td>"
            f"<td style='padding:2px 8px;text-align:center'>{flag}</td>"
            f"<td style='padding:2px 8px'>{html.escape(str(side.purse))}</td></tr>"
        )
    head = "".join(
        f"<th style='padding:2px 8px'>{label}</th>"
        for label in ("Pirate", "role", "dice", "total", "Dread Pirate", "treasure")
    )
    return (
        f"<div style='{_TEXT}'><table style='border-collapse:collapse'><tr>{head}</tr>"
        f"{''.join(rows)}</table></div>"
    )
