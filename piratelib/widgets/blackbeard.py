"""Hunt for Blackbeard's Map apps: where a piece can go, and what an Informant can Spot.

:class:`MovementApp` shows every space a piece reaches for a number of pawns, with the
cheapest cost and route, drawn on the Map. :class:`InformantApp` shows the spaces an
Informant tile may Spot and checks a chosen set of targets. Both call
:mod:`piratelib.blackbeard` for every answer and show a rule's refusal as a message.
"""

from __future__ import annotations

import html
from typing import Unpack

import ipywidgets as widgets
import networkx as nx

from piratelib.blackbeard.board import informants, load_map, movement
from piratelib.draw.blackbeard.map_svg import map_svg
from piratelib.draw.blackbeard.marks import Marks
from piratelib.errors import PiratelibError, check_id, check_whole
from piratelib.widgets import App, chosen, refusal
from piratelib.words import listing, plural

__all__ = ["InformantApp", "MovementApp"]

PIECE_NAMES = {
    "adventure": "Adventure (Blackbeard's Sloop)",
    "jane": "Jane (Hunters' Sloop)",
    "ranger": "Ranger (Hunters' Sloop)",
    "sloops": "Jane and Ranger together",
    "brand": "Capt Brand (Marches by Land)",
}
_STYLE = {"description_width": "initial"}
_WIDE = widgets.Layout(width="340px")
_HELP = (
    "<p style='margin:0 0 0.5em;color:#595959'><b>Skilled Helm</b> (a Hunters' Asset): "
    "for 1 pawn a Sloop Sails from any Ocean or Sound space up to 3 spaces by Water "
    "Routes. <b>Hire Doctor unfilled</b>: until Blackbeard fills his Hire Doctor tile, "
    "Adventure Sails for at most 3 pawns a turn.</p>"
)


class MovementApp(App):
    """Pick a piece, its space, its pawns and its Assets or Defenses; see where it can go.

    Examples
    --------
    >>> app = MovementApp(piece="sloops", space="james_river", pawns=2)
    >>> app.routes["roanoke_inlet"].path
    ('james_river', 'cape_henry', 'roanoke_inlet')
    >>> app.pawns.value = 1
    >>> sorted(app.routes)
    ['cape_henry', 'james_river']
    """

    def __init__(
        self, *, piece: str = "sloops", space: str = "james_river", pawns: int = 2
    ) -> None:
        self.G = load_map()
        check_id("piece", piece, PIECE_NAMES)
        check_id("space", space, self.G)
        check_whole("pawns", pawns, 0, 7)
        self.piece = widgets.Dropdown(
            options=[(name, p) for p, name in PIECE_NAMES.items()],
            value=piece,
            description="Piece",
            style=_STYLE,
            layout=_WIDE,
        )
        self.space = widgets.Dropdown(
            options=sorted((self.G.nodes[n]["name"], n) for n in self.G),
            value=space,
            description="Starts at",
            style=_STYLE,
            layout=_WIDE,
        )
        self.pawns = widgets.IntSlider(
            value=pawns,
            min=0,
            max=7,
            description="Pawns",
            style=_STYLE,
            layout=widgets.Layout(width="420px"),
            continuous_update=False,  # each value redraws the Map
        )
        fit = {"indent": False, "layout": {"width": "auto", "margin": "0 1em"}}
        self.skilled_helm = widgets.Checkbox(description="Skilled Helm (Hunters' Sloops)", **fit)
        self.hire_doctor = widgets.Checkbox(description="Hire Doctor unfilled (Adventure)", **fit)
        self.result = widgets.HTML()
        self.picture = widgets.HTML()
        self.routes: dict[str, movement.Route] = {}
        super().__init__(
            [
                widgets.HBox([self.piece, self.space]),
                self.pawns,
                widgets.HBox([self.skilled_helm, self.hire_doctor]),
                widgets.HTML(_HELP),
                self.result,
                self.picture,
            ]
        )
        for control in (self.piece, self.space, self.pawns, self.skilled_helm, self.hire_doctor):
            control.observe(self._update, names="value")
        self._update()

    def _update(self, change: object = None) -> None:
        """Ask the rules where the piece can go and show the answer or the refusal."""
        try:
            self.routes = movement.reach(
                self.G,
                self.piece.value,
                self.space.value,
                self.pawns.value,
                skilled_helm=self.skilled_helm.value,
                hire_doctor=self.hire_doctor.value,
            )
        except PiratelibError as error:
            self.routes = {}
            self.result.value = refusal(error)
            self.picture.value = _map_html(self.G)
            return
        rows = "".join(
            f"<tr><td>{self.G.nodes[s]['name']}</td><td>{r.pawns}</td>"
            f"<td>{' &rarr; '.join(self.G.nodes[p]['name'] for p in r.path)}</td></tr>"
            for s, r in sorted(self.routes.items(), key=lambda item: (item[1].pawns, item[0]))
        )
        names = sorted(self.G.nodes[s]["name"] for s in self.routes)
        self.result.value = (
            f"<p class='piratelib-reachable'>From {self.G.nodes[self.space.value]['name']}, "
            f"{PIECE_NAMES[self.piece.value]} can reach <b>{plural(len(names), 'space')}</b> "
            f"for at most {plural(self.pawns.value, 'pawn')}: {listing(names)}.</p>"
            f"<table><tr><th>space</th><th>pawns</th><th>cheapest route</th></tr>{rows}</table>"
        )
        self.picture.value = _map_html(
            self.G,
            highlight=sorted(self.routes),
            labels={s: f"{r.pawns}" for s, r in self.routes.items()},
            pieces={self.space.value: [self.piece.value]},
            title=f"Where {PIECE_NAMES[self.piece.value]} can go for "
            f"{plural(self.pawns.value, 'pawn')}",
            highlight_label="reachable (cheapest pawns)",
        )


class InformantApp(App):
    """Pick an Informant tile and see the spaces it may Spot; pick targets and check them.

    Examples
    --------
    >>> app = InformantApp(informant="capt_vail")
    >>> "core_banks" in app.spaces
    True
    >>> app.targets.value = ("bath_town", "core_banks")
    >>> "2 pawns" in app.result.value
    True
    """

    def __init__(self, *, informant: str = "wm_howard") -> None:
        self.G = load_map()
        tiles = informants.load_informants()
        check_id("informant", informant, tiles)
        self.informant = widgets.Dropdown(
            options=[(tile["name"], i) for i, tile in tiles.items()],
            value=informant,
            description="Informant",
            style=_STYLE,
            layout=_WIDE,
        )
        self.targets = widgets.SelectMultiple(
            options=sorted(
                (self.G.nodes[n]["name"], n) for n, slot in self.G.nodes(data="slot") if slot
            ),
            rows=8,
            description="Spot",
            style=_STYLE,
            layout=_WIDE,
        )
        self.rule = widgets.HTML()
        self.result = widgets.HTML()
        self.picture = widgets.HTML()
        self.spaces: frozenset[str] = frozenset()
        super().__init__([self.informant, self.rule, self.targets, self.result, self.picture])
        self.informant.observe(self._update, names="value")
        self.targets.observe(self._update, names="value")
        self._update()

    def _update(self, change: object = None) -> None:
        """Show the tile's spaces, and check the chosen targets against its limits."""
        try:
            informant = chosen(self.informant, "the Informant")
        except PiratelibError as error:
            self.result.value = refusal(error)  # the tile and Map shown stay as they were
            return
        tile = informants.load_informants()[informant]
        self.spaces = informants.informant_spaces(self.G, informant)
        assumed = any(g.get("max_src") == "assumed" for g in tile["groups"])
        self.rule.value = (
            f"<p><b>{tile['name']}</b> ({tile['subtitle'] or 'Informant'}), as printed: "
            f"<i>{tile['printed']}</i>. Rulebook: “{html.escape(tile['evidence'])}”"
            + (
                " <b>The number of spaces is assumed</b> (not printed in the rulebook)."
                if assumed
                else ""
            )
            + "</p>"
        )
        targets = list(self.targets.value)
        try:
            pawns = informants.check_informant(self.G, informant, targets) if targets else 0
        except PiratelibError as error:
            self.result.value = refusal(error)
        else:
            names = sorted(self.G.nodes[s]["name"] for s in self.spaces)
            self.result.value = (
                f"<p class='piratelib-informant'>{tile['name']} may Spot "
                f"{plural(len(names), 'space')}: {listing(names)}. "
                + (
                    f"Your {plural(len(targets), 'target')} are legal: {plural(pawns, 'pawn')}."
                    if targets
                    else "Pick targets to check them."
                )
                + "</p>"
            )
        self.picture.value = _map_html(
            self.G,
            highlight=self.spaces,
            labels={t: "Spot" for t in targets if t in self.spaces},
            title=f"What {tile['name']} may Spot",
            highlight_label="may Spot",
        )


def _map_html(G: nx.Graph[str], **marks: Unpack[Marks]) -> str:
    """The Map with `marks` (as for :func:`~piratelib.draw.blackbeard_map`) as SVG, named
    by its alt text: a few milliseconds a click, where a PNG took most of a second."""
    return map_svg(G, **marks, css="piratelib-map")
