"""Hunt for Blackbeard's what-if Encounter calculator: two setups compared.

:class:`EncounterCalculator` holds two fully editable setups, A and B
(:class:`~piratelib.widgets.encounter_setup.SetupPanel`), and beside them how each
Encounter ends with the difference between them, in which phase it ended and the Hits each
side took; what each tile is worth; a "Roll it" button that plays the Encounter with real
dice, step by step; and a share code (a link, on the app page) that opens the same setups
again. Every number comes from :mod:`piratelib.blackbeard.encounter` and
:mod:`piratelib.blackbeard.encounter.whatif`; this module only arranges the views of
:mod:`piratelib.widgets.encounter_views`.
"""

from __future__ import annotations

import html
from fractions import Fraction

import ipywidgets as widgets

from piratelib.blackbeard import encounter as enc
from piratelib.draw.blackbeard.encounter import compare_bars_html
from piratelib.errors import PiratelibError
from piratelib.widgets import App, chosen, refusal
from piratelib.widgets.encounter_setup import (
    HELP_HTML,
    SetupPanel,
    query_for,
    setups_from_query,
)
from piratelib.widgets.encounter_views import DetailView, RollIt, TileWorthView, compare_html

__all__ = ["TABS", "EncounterCalculator"]

SIDES = ("A", "B")
TABS = ("How it ends", "Each tile's worth", "Roll it", "Share")
"""The result tabs, in order."""
_JANE = enc.Encounter(hunters=frozenset({"jane"}), pirates=frozenset({"adventure"}))
_MAYNARD = enc.Encounter(
    hunters=frozenset({"jane"}),
    pirates=frozenset({"adventure"}),
    hunter_tiles=frozenset({"lt_maynard"}),
)
_AUTO = widgets.Layout(width="auto")
_CSS = (
    "<style>.piratelib-calculator td, .piratelib-calculator th {padding: 0.15em 0.6em}"
    " .piratelib-calculator {--jp-widgets-horizontal-tab-width: 160px}</style>"
)
"""Room between a table's columns, and tabs wide enough for their titles."""


class EncounterCalculator(App):
    """Two Encounters, A and B: exact odds side by side with the difference, the phase and
    Hits beneath, each tile's worth, "Roll it" and a share code.

    It opens on the question most players bring: Jane against Adventure (A), and the same
    with Lt Maynard (B).

    Parameters
    ----------
    query : str
        A shared setup, as the app page's URL query (``a=<code>&b=<code>``) or a share
        code; Voila gives the page's query to its kernel as ``QUERY_STRING``.
    page : str
        The app page's address, for the share link (Voila's ``SCRIPT_NAME``). Empty in
        JupyterLab, where the share code is pasted into "Open a shared setup" instead.

    Examples
    --------
    >>> app = EncounterCalculator()
    >>> app.odds["A"] == enc.odds(_JANE, escape_policy=app.a.escape_policy)
    True
    >>> app.odds["B"][enc.Ending.HUNTERS_WIN] > app.odds["A"][enc.Ending.HUNTERS_WIN]
    True
    >>> app.copy.click()
    >>> app.odds["B"] == app.odds["A"]
    True
    """

    def __init__(self, query: str = "", *, page: str = "") -> None:
        self.a = SetupPanel("A", encounter=_JANE)
        self.b = SetupPanel("B", encounter=_MAYNARD)
        self.a.add_class("piratelib-setup-a")
        self.b.add_class("piratelib-setup-b")
        self.page = page
        self._odds: dict[str, dict[enc.Ending, Fraction] | None] = dict.fromkeys(SIDES)
        self._stale: set[str] = set()
        self.copy = widgets.Button(description="Copy A to B", icon="copy", layout=_AUTO)
        self.swap = widgets.Button(description="Swap A and B", icon="exchange", layout=_AUTO)
        self.note = widgets.HTML()
        self.exact = widgets.Checkbox(description="Show exact fractions", indent=False)
        self.compare, self.chart = widgets.HTML(), widgets.HTML()
        self.details = {side: DetailView() for side in SIDES}
        self.worth_side, self.roll_side = _side_picker("Tiles of"), _side_picker("Roll")
        self.worth, self.roller = TileWorthView(), RollIt()
        self.code = widgets.Textarea(description="Share code", layout={"width": "98%"})
        self.link = widgets.HTML()
        self.paste = widgets.Text(
            placeholder="paste a share code or link",
            description="Open a shared setup",
            style={"description_width": "initial"},
            layout={"width": "98%"},
        )
        self.open_button = widgets.Button(description="Open it", layout=_AUTO)
        self.share_note = widgets.HTML()
        self.setups = widgets.Tab([self.a, self.b], titles=("Setup A", "Setup B"))
        self.results = widgets.Tab(
            [
                widgets.VBox([self.compare, self.chart, *self._details()]),
                widgets.VBox([self.worth_side, self.worth]),
                widgets.VBox([self.roll_side, self.roller]),
                widgets.VBox([self.code, self.link, self.paste, self.open_button, self.share_note]),
            ],
            titles=TABS,
        )
        super().__init__(
            [
                widgets.HTML(_CSS),
                widgets.HBox(
                    [
                        widgets.VBox(
                            [widgets.HBox([self.copy, self.swap]), self.note, self.setups],
                            layout={"width": "580px"},
                        ),
                        widgets.VBox(
                            [self.exact, self.results],
                            layout={"flex": "1 1 480px", "min_width": "480px"},
                        ),
                    ],
                    layout={"flex_flow": "row wrap"},
                ),
                widgets.Accordion([widgets.HTML(HELP_HTML)], titles=("What the options mean",)),
            ]
        )
        self.add_class("piratelib-calculator")
        self.a.on_change(lambda: self._update("A"))
        self.b.on_change(lambda: self._update("B"))
        self.copy.on_click(lambda _: self._copy())
        self.swap.on_click(lambda _: self._swap())
        self.exact.observe(lambda _: self._update(), names="value")
        for control in (self.results, self.worth_side, self.roll_side):
            name = "selected_index" if control is self.results else "value"
            control.observe(lambda _: self._show_tab(), names=name)
        self.open_button.on_click(lambda _: self.open_shared(self.paste.value))
        self._update()
        if query:
            self.open_shared(query)

    @property
    def odds(self) -> dict[str, dict[enc.Ending, Fraction] | None]:
        """Each setup's exact distribution of Endings (None if the rules refuse it), up to
        date with its panel."""
        self._catch_up()
        return self._odds

    @property
    def panels(self) -> dict[str, SetupPanel]:
        """The two setup panels, by side."""
        return {"A": self.a, "B": self.b}

    def open_shared(self, text: str) -> None:
        """Set the panels to a shared setup (a share code, a link's query or a whole
        link); a malformed one is refused with the reason and changes nothing."""
        try:
            shared = setups_from_query(text)
        except PiratelibError as error:
            self.share_note.value = refusal(error)
            return
        for side, setup in shared.items():
            self.panels[side.upper()].set_setup(*setup)
        which = " and ".join(f"setup {side.upper()}" for side in sorted(shared))
        self.share_note.value = f"<p>Opened the shared {which or 'link: it holds no setup'}.</p>"

    def _details(self) -> list[widgets.Widget]:
        """The detail of each side, headed."""
        return [
            widgets.VBox([widgets.HTML(f"<b>Setup {side} in detail</b>"), view])
            for side, view in self.details.items()
        ]

    def _copy(self) -> None:
        try:
            self.b.set_setup(self.a.encounter(), self.a.escape_policy)
        except PiratelibError as error:
            self.note.value = refusal(error)
        else:
            self.note.value = ""

    def _swap(self) -> None:
        try:
            a = self.a.encounter(), self.a.escape_policy
            b = self.b.encounter(), self.b.escape_policy
        except PiratelibError as error:
            self.note.value = refusal(error)
            return
        self.note.value = ""
        self.a.set_setup(*b)
        self.b.set_setup(*a)

    def _update(self, side: str | None = None) -> None:
        """Recompute what a change touched and is in view: the result tab in view first
        (tile worth or Roll it, on a tab of its own), then, on "How it ends", `side`'s exact
        detail (or both's) and the comparison; a tab out of view catches up when it is
        opened (or :attr:`odds` is read)."""
        if self.results.selected_index:
            self._show_tab()
        self._stale.update(SIDES if side is None else (side,))
        if not self.results.selected_index:
            self._catch_up()
        self._share()

    def _catch_up(self) -> None:
        """Bring the sides changed since last shown, and the comparison, up to date."""
        if not self._stale:
            return
        exact = self.exact.value
        stale, self._stale = self._stale, set()
        for s in sorted(stale):
            panel, view = self.panels[s], self.details[s]
            try:
                encounter, policy = panel.encounter(), panel.escape_policy
            except PiratelibError as error:
                self._odds[s] = None
                view.clear(refusal(error))
                continue
            view.show(encounter, policy, exact=exact)
            self._odds[s] = view.detail.endings() if view.detail else None
        odds = self._odds
        self.compare.value = compare_html(odds["A"], odds["B"], exact=exact)
        series = {f"setup {s}": dist for s in SIDES if (dist := odds[s])}
        title = "How the Encounter ends (exact)"
        self.chart.value = compare_bars_html(series, title) if series else ""

    def _show_tab(self) -> None:
        """Bring the result tab in view up to date with its setup."""
        tab = TABS[self.results.selected_index or 0]
        if tab == "How it ends":
            self._catch_up()
            return
        if tab == "Each tile's worth":
            view, picker = self.worth, self.worth_side
        elif tab == "Roll it":
            view, picker = self.roller, self.roll_side
        else:
            return
        try:
            panel = self.panels[chosen(picker, "the setup")]
            encounter, policy = panel.encounter(), panel.escape_policy
        except PiratelibError as error:
            view.clear(refusal(error))
            return
        if view is self.worth:
            view.show(encounter, policy, exact=self.exact.value)
        elif (encounter, policy) != (view.encounter, view.escape_policy):
            view.show(encounter, policy)

    def _share(self) -> None:
        """The share code of both setups, and on the app page a link to them."""
        try:
            setups = {s.lower(): (p.encounter(), p.escape_policy) for s, p in self.panels.items()}
        except PiratelibError:
            self.code.value = ""
            self.link.value = "<p>A setup the rules refuse cannot be shared.</p>"
            return
        self.code.value = query = query_for(setups)
        if self.page:
            href = html.escape(f"{self.page}?{query}")
            self.link.value = (
                f"<p><a class='piratelib-share' href='{href}' target='_blank'>A link to these "
                "two setups</a>: copy it to share them; it opens this page with them.</p>"
            )
        else:
            self.link.value = (
                "<p>Paste the share code into <b>Open a shared setup</b>, here or on the "
                "calculator's app page, to see these two setups again.</p>"
            )


def _side_picker(label: str) -> widgets.ToggleButtons:
    """Choose setup A or B for a tab."""
    return widgets.ToggleButtons(
        options=[(f"setup {s}", s) for s in SIDES],
        description=label,
        style={"description_width": "initial", "button_width": "80px"},
    )
