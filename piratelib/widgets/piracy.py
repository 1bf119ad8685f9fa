"""Hunt for Blackbeard's Piracy app: plan pawns, place the pirates, step through Piracy.

:class:`MatApp` starts from a mat, lets a learner Plan Piracy with one slider per tile,
choose where Adventure ends the turn, whether it Sailed and where Blackbeard's Camp is,
and then steps through :func:`piratelib.blackbeard.piracy.resolve_piracy` with the mat
drawn at each step (SVG text, :func:`piratelib.draw.blackbeard.mat_svg.mat_svg`, named by
:func:`piratelib.draw.blackbeard.mat_style.blackbeard_mat_alt`), counting steps from 1. It
only calls the rules: a plan the rules refuse is shown as a sentence with display names
(:func:`piratelib.widgets.refusal`), and the Loot drawn comes from a seeded generator so
every answer can be replayed. Each option says what it does where it is set.
"""

from __future__ import annotations

import html
import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING

import ipywidgets as widgets

from piratelib.blackbeard import piracy
from piratelib.blackbeard.board import load_map, of_kind
from piratelib.blackbeard.piracy.tiles import Tiles, load_tiles
from piratelib.draw.blackbeard.mat_style import blackbeard_mat_alt
from piratelib.draw.blackbeard.mat_svg import mat_svg
from piratelib.errors import PiratelibError, check_id, check_whole
from piratelib.steps import Step
from piratelib.widgets import App, refusal
from piratelib.widgets._args import SEEDS, check_kind

if TYPE_CHECKING:
    from piratelib.draw.charts import Picture

__all__ = ["START", "MatApp", "mat_picture", "victory_line"]

_STYLE = {"description_width": "230px"}
_WIDE = {"width": "640px"}  # a slider track of about 350px after its label and number
_HELP = {
    "sailed": (
        "Careen Sloop takes no cubes on a turn Adventure Sails, even to Escape from Battle."
    ),
    "camp": "Tiles that list Camp take cubes when Adventure is at Blackbeard's Camp.",
    "seed": "Another number draws other Loot markers when a tile fills and Takes Loot.",
}

START = piracy.Mat(
    turn=2,
    purse=5,
    spare_gold=14,
    spare_black=14,
    taken_loot=(2,),
    loot_pool=(1, 1, 2, 3),
    acts_of_piracy=("raid_delaware", "careen_sloop"),
    pirates_life=("banyan_for_vane", "visit_with_wife"),
    cubes=(("raid_delaware", 1),),
    defenses=(("lookouts", 1),),
)
"""The app's teaching start: Turn 2, one cube on Raid Delaware, Banyan for Vane empty."""


def victory_line(mat: piracy.Mat, tiles: Tiles | None = None) -> str:
    """Both Piracy rows' cubes / squares, and whether Blackbeard would win at Turn 4's end.

    Examples
    --------
    >>> print(victory_line(START))
    Acts of Piracy 1/7, Pirate's Life 0/7: at the end of Turn 4 Blackbeard does not win by \
Piracy, and does not win with the more-than-half option.
    """
    tiles = tiles or load_tiles()
    (a, a_squares), (p, p_squares) = (piracy.row_cubes(mat, row, tiles) for row in piracy.ROWS)
    half = "wins" if piracy.piracy_victory(mat, tiles) else "does not win"
    more = "wins" if piracy.piracy_victory(mat, tiles, more_than_half=True) else "does not win"
    return (
        f"Acts of Piracy {a}/{a_squares}, Pirate's Life {p}/{p_squares}: at the end of Turn 4 "
        f"Blackbeard {half} by Piracy, and {more} with the more-than-half option."
    )


def mat_picture(
    mat: piracy.Mat, title: str, tiles: Tiles | None = None, *, dpi: int = 90
) -> Picture:
    """Blackbeard's mat as a picture for a notebook, with the mat in words as its alt text.

    A :class:`piratelib.draw.charts.Picture` (matplotlib, for a lesson's figure shown
    once): Jupyter, Voila and GitHub show it as an ``<img>`` with that alt text.

    Examples
    --------
    >>> picture = mat_picture(START, "The app's start")
    >>> picture.alt.startswith("The app's start. Acts of Piracy: 1 of 7 squares")
    True
    """
    from piratelib.draw.blackbeard.piracy import blackbeard_mat
    from piratelib.draw.charts import image

    figure = blackbeard_mat(mat, tiles, title=title)
    return image(figure, blackbeard_mat_alt(mat, tiles, title=title), dpi=dpi)


class MatApp(App):
    """Plan pawns on each tile, place Adventure, and step through Resolve Piracy.

    Parameters
    ----------
    mat : Mat, optional
        The mat before planning (default :data:`START`); its planned pawns are ignored.
    pawns : mapping of tile id to int, optional
        The sliders' first values (default: 3 pawns on Banyan for Vane if drawn).
    adventure, camp : str
        Where Adventure ends the turn, and Blackbeard's Camp (an Anchorage).
    seed : int
        Seeds the ``random.Random`` that draws Loot.

    Examples
    --------
    >>> app = MatApp()
    >>> app.steps[-1].text
    'Take Loot: a marker worth 1; 1 gold from spares to the Purse.'
    >>> app.step.value, app.step.max
    (1, 4)
    >>> app.adventure.value = "bath_town"
    >>> app.steps[-1].text
    'Banyan for Vane: no piece at Any Anchorage, so its 3 pawns are wasted.'
    """

    def __init__(
        self,
        mat: piracy.Mat | None = None,
        *,
        pawns: dict[str, int] | None = None,
        adventure: str = "nots_island",
        camp: str = "bats_grave",
        seed: int = 1,
        tiles: Tiles | None = None,
    ) -> None:
        check_kind("mat", mat, piracy.Mat, optional=True)
        check_kind("tiles", tiles, Tiles, optional=True)
        self.tiles = tiles if tiles is not None else load_tiles()
        self.G = load_map()
        self.start = _unplanned(mat if mat is not None else START)
        if pawns is None:  # the default plan, on whichever of its tiles are face up
            pawns = {"banyan_for_vane": 3}
        else:
            check_kind("pawns", pawns, Mapping)
            for tile, count in pawns.items():
                check_id("face-up Piracy tile", tile, self.start.drawn())
                room = self.tiles.squares(tile) - self.start.on(tile)
                check_whole(f"pawns on {tile}", count, 0, room)
        slots = [n for n, slot in self.G.nodes(data="slot") if slot]
        check_id("space", adventure, slots)
        check_id("Anchorage", camp, of_kind(self.G, "anchorage"))
        check_whole("seed", seed, *SEEDS)
        names = Counter(self.tiles.piracy[t]["name"] for t in self.start.drawn())
        self.pawns: dict[str, widgets.IntSlider] = {}
        for tile in self.start.drawn():
            info = self.tiles.piracy[tile]
            room = self.tiles.squares(tile) - self.start.on(tile)
            label = info["name"]
            if names[label] > 1:
                label += f" ({', '.join(self.G.nodes[w]['name'] for w in info['where'])})"
            self.pawns[tile] = widgets.IntSlider(
                value=min(pawns.get(tile, 0), room),
                min=0,
                max=room,
                description=f"Pawns on {label}",
                disabled=room == 0,
                continuous_update=False,
                style=_STYLE,
                layout=_WIDE,
            )
        self.adventure = widgets.Dropdown(
            options=sorted(
                (self.G.nodes[n]["name"], n) for n, slot in self.G.nodes(data="slot") if slot
            ),
            value=adventure,
            description="Adventure ends the turn at",
            style=_STYLE,
            layout={"width": "480px"},
        )
        self.sailed = widgets.Checkbox(
            description="Adventure Sailed this turn", indent=False, layout={"width": "auto"}
        )
        self.camp = widgets.Dropdown(
            options=sorted((self.G.nodes[n]["name"], n) for n in of_kind(self.G, "anchorage")),
            value=camp,
            description="Blackbeard's Camp",
            style=_STYLE,
            layout={"width": "480px"},
        )
        self.seed = widgets.IntText(
            value=seed, description="Loot seed", style=_STYLE, layout={"width": "330px"}
        )
        self.step = widgets.IntSlider(
            value=1,
            min=1,
            max=1,
            description="Resolve Piracy step",
            continuous_update=False,
            style=_STYLE,
            layout=_WIDE,
        )
        self.shown = widgets.HTML()
        self.result = widgets.HTML()
        self.victory = widgets.HTML()
        self.picture = widgets.HTML()
        self.plan: piracy.Mat | None = None
        self.steps: tuple[Step, ...] = ()
        super().__init__(
            [
                widgets.HTML("<b>Plan Piracy</b>: pawns on each face-up tile"),
                *self.pawns.values(),
                self.adventure,
                self.sailed,
                _help(_HELP["sailed"]),
                self.camp,
                _help(_HELP["camp"]),
                self.seed,
                _help(_HELP["seed"]),
                self.result,
                self.step,
                self.shown,
                self.victory,
                self.picture,
            ]
        )
        controls = [*self.pawns.values(), self.adventure, self.sailed, self.camp, self.seed]
        for control in controls:
            control.observe(self._update, names="value")
        self.step.observe(self._show, names="value")
        self._update()

    def position(self) -> piracy.Position:
        """Where the pirates are, as the controls say."""
        return piracy.Position(
            adventure=self.adventure.value, camp=self.camp.value, sailed=self.sailed.value
        )

    def _update(self, change: object = None) -> None:
        """Plan the pawns in row order, resolve Piracy, and show step 0 (or the refusal)."""
        try:
            mat = self.start
            for tile, slider in self.pawns.items():
                if slider.value:
                    mat = piracy.plan_piracy(mat, tile, slider.value, self.tiles)
            steps = piracy.resolve_piracy(
                mat, self.position(), random.Random(self.seed.value), self.tiles
            )
        except PiratelibError as error:
            self.plan, self.steps = None, ()
            self.result.value = refusal(error)
            self.step.value, self.step.max, self.step.disabled = 1, 1, True
            self.shown.value = (
                "<div class='piratelib-piracy-step'><p>No Piracy to resolve until the plan is "
                "allowed.</p></div>"
            )
            self.victory.value = (
                f"<p class='piratelib-victory'>Unplanned mat: "
                f"{html.escape(victory_line(self.start, self.tiles), quote=False)}</p>"
            )
            self.picture.value = self._picture(self.start, "Blackbeard's mat (unplanned)")
            return
        self.plan, self.steps = mat, steps
        self.result.value = (
            f"<p class='piratelib-plan'>Planned {mat.pawns_used} of "
            f"{piracy.pawns_allowed(mat, self.tiles)} pawns.</p>"
        )
        self.victory.value = (
            f"<p class='piratelib-victory'>After this Piracy: "
            f"{html.escape(victory_line(steps[-1].state, self.tiles), quote=False)}</p>"
        )
        self.step.disabled = False
        with self.step.hold_trait_notifications():
            self.step.value = 1
            self.step.max = len(steps)
        self._show()

    def _show(self, change: object = None) -> None:
        """Show the chosen step's text, its rule, and the mat after it."""
        if not self.steps:
            return
        k, n = self.step.value, len(self.steps)
        step = self.steps[k - 1]
        self.shown.value = (
            f"<div class='piratelib-piracy-step'><p><b>Step {k} of {n}</b>: "
            f"{html.escape(step.text, quote=False)}</p>"
            f"<p><i>Rule:</i> {html.escape(step.rule, quote=False)}</p></div>"
        )
        self.picture.value = self._picture(step.state, f"Blackbeard's mat after step {k} of {n}")

    def _picture(self, mat: piracy.Mat, title: str) -> str:
        """The mat drawn as SVG, with the mat in words as its accessible name."""
        return mat_svg(mat, self.tiles, title=title, css="piratelib-mat")


def _help(text: str) -> widgets.HTML:
    """A short line saying what the option above it does."""
    return widgets.HTML(
        f"<div class='piratelib-help' style='color:#555;margin:0 0 6px 8px'>{html.escape(text)}"
        "</div>"
    )


def _unplanned(mat: piracy.Mat) -> piracy.Mat:
    """`mat` with no pawns planned on Piracy tiles (pawns on Defenses stay used)."""
    return replace(mat, pawns=(), pawns_used=mat.pawns_used - sum(n for _, n in mat.pawns))
