"""One side's Encounter setup, fully editable, and the link query that shares two of them.

:class:`SetupPanel` is one setup of the what-if Encounter calculator in players' words:
the pieces, the tiles each side declares (a tile the rules refuse for these pieces is
disabled with the reason beside it), once-per-turn tiles already used, the options, each
side's Escape-or-Board choice and the Lt Maynard reading. It holds no rule: legality
comes from building the :class:`~piratelib.blackbeard.encounter.Encounter`.
:func:`setups_from_query` and :func:`query_for` read and write a link's query
``a=<share code>&b=<share code>`` (:func:`~piratelib.blackbeard.encounter.whatif.share_code`).
The help texts are module constants, for an app to show once beside two panels.

Examples
--------
>>> panel = SetupPanel("A")
>>> panel.tiles["capt_gordon"].disabled
True
>>> "needs Capt Brand in the Encounter (an Arrest)" in panel.reasons["capt_gordon"].value
True
>>> panel.hunters["brand"].value = True
>>> panel.tiles["capt_gordon"].disabled, panel.code
(False, 'h=brand+jane;p=adventure')
"""

from __future__ import annotations

import html
import urllib.parse
from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as widgets

from piratelib.blackbeard import encounter as enc
from piratelib.blackbeard.encounter.share import from_share_code, share_code
from piratelib.errors import IllegalActionError, PiratelibError
from piratelib.widgets import App, chosen, refusal
from piratelib.widgets._args import check_kind, check_text
from piratelib.words import say

__all__ = [
    "HELP_HTML",
    "OPTIONS_HELP",
    "POLICY_HELP",
    "READING_HELP",
    "USED_HELP",
    "SetupPanel",
    "query_for",
    "setups_from_query",
]

# Help texts in players' words: the options, each side's Escape-or-Board choice, "already
# used this turn", and the two readings of Lt Maynard and Midshipman Hyde.
_HELP = "<p style='margin:0 0 0.5em;color:#555;max-width:760px'>"
OPTIONS_HELP = (
    f"{_HELP}<b>Warned</b>: someone has already Escaped this turn, so Blackbeard wins tied "
    "rolls (otherwise the Hunters do). "
    "<b>Most dice win</b>: the optional rule where the side with more dice wins a roll "
    "outright; with equal dice they roll. "
    "<b>Crew to Ordinary</b>: Blackbeard used his Crew to Ordinary tile, so Adventure Fires "
    "with one die fewer. "
    "<b>Adventure can Escape</b>: Adventure has a space to Escape to; untick it when every "
    "way out is blocked, and a won Escape roll must Board instead.</p>"
)
POLICY_HELP = (
    f"{_HELP}<b>Escape or Board</b>: what each side does when it wins the Escape roll: "
    "Board, Escape, or whichever gives it the better chance to win (its best). The common "
    "case: Blackbeard Escapes, the Hunters Board.</p>"
)
USED_HELP = (
    f"{_HELP}<b>Already used this turn</b>: Lookouts, Lt Maynard and Midshipman Hyde work "
    "once per turn; tick it when the tile was used earlier this turn, so it adds no die "
    "now.</p>"
)
READING_HELP = (
    f'{_HELP}<b>Lt Maynard and Midshipman Hyde</b>: the tiles say Maynard "adds 1 die to '
    'any 1 roll with Jane per turn, never beyond 3 Hunter dice total", and Firing is a '
    "roll, so by default they may add a die to the Hunters' Fire too. The Battle example "
    'paraphrases the tile as "+1 die to Escape or Board"; the narrower reading follows '
    "that paraphrase (our assumption).</p>"
)
HELP_HTML = OPTIONS_HELP + POLICY_HELP + USED_HELP + READING_HELP
"""Every help text of a panel, to show once beside two panels."""

_OPTIONS = (
    ("warned", "Warned"),
    ("most_dice_win", "Most dice win"),
    ("crew_to_ordinary", "Crew to Ordinary"),
    ("adventure_can_escape", "Adventure can Escape"),
)
_CHOICES = {
    "blackbeard": ("When Blackbeard wins the Escape roll", "Escape", "Board", "his best"),
    "hunters": ("When the Hunters win it", "Board", "Escape", "their best"),
}
"""Each side's Escape-or-Board control: its label, then its choices, the common one first."""
_READINGS = (
    ("any roll, Fire included (the tiles' own words; the default)", "any_roll"),
    ("Escape or Board only (the Battle example's paraphrase; assumed)", "escape_or_board"),
)
_BOX = {"indent": False, "layout": widgets.Layout(width="auto", margin="0 1em 0 0")}
_TILE = {"indent": False, "layout": widgets.Layout(width="175px", flex="0 0 175px")}


class SetupPanel(App):
    """One side's Encounter setup, fully editable, in players' words.

    Parameters
    ----------
    title : str
        The setup's name, shown at the top ("A" shows "Setup A").
    encounter : Encounter, optional
        The setup to show first; Jane against Adventure when None.
    escape_policy : str or mapping, optional
        Each side's Escape-or-Board choice (as for ``odds``); the common case
        (:data:`~piratelib.blackbeard.encounter.whatif.COMMON_ESCAPE_POLICY`) when None.

    Attributes
    ----------
    hunters, tiles, used, options : dict of id to Checkbox
    reasons : dict of tile id to HTML
        Why a disabled tile (or Crew to Ordinary) cannot be declared here.
    pirate : Dropdown
    reading : RadioButtons
        Which rolls Lt Maynard and Midshipman Hyde may add a die to.
    choices : dict of side to Dropdown
        Each side's Escape-or-Board choice.
    note : HTML
        Tiles unticked by the last change, or the rules' refusal of the setup.

    Examples
    --------
    >>> panel = SetupPanel("B")
    >>> panel.tiles["cannon_jane"].value = True
    >>> sorted(panel.encounter().hunter_tiles), panel.escape_policy["blackbeard"]
    (['cannon_jane'], 'escape')
    >>> panel.hunters["jane"].value, panel.hunters["ranger"].value = False, True
    >>> panel.tiles["cannon_jane"].value, panel.tiles["cannon_jane"].disabled
    (False, True)
    >>> "Cannon (Jane) was unticked: it needs Jane in the Encounter" in panel.note.value
    True
    """

    def __init__(
        self,
        title: str = "A",
        encounter: enc.Encounter | None = None,
        escape_policy: str | Mapping[str, str] | None = None,
    ) -> None:
        check_text("title", title)
        check_kind("encounter", encounter, enc.Encounter, optional=True)
        if encounter is None:
            encounter = enc.Encounter(frozenset({"jane"}), frozenset({"adventure"}))
        share_code(encounter, escape_policy)  # refuses a bad escape_policy before any widget
        self.title = title
        self._callbacks: list[Callable[[], None]] = []
        self._quiet = True
        self.hunters = {
            p: widgets.Checkbox(description=enc.PIECE_NAMES[p], **_BOX)
            for p in ("jane", "ranger", "brand")
        }
        self.pirate = widgets.Dropdown(
            options=[(enc.PIECE_NAMES[p], p) for p in ("adventure", "blackbeard", "israel_hands")],
            description="against",
            layout=widgets.Layout(width="210px"),
            style={"description_width": "55px"},
        )
        order = sorted(enc.BLACKBEARD_TILES) + sorted(enc.HUNTER_TILES)
        self.tiles = {t: widgets.Checkbox(description=enc.TILE_NAMES[t], **_TILE) for t in order}
        self.used = {
            t: widgets.Checkbox(description="already used this turn", **_BOX)
            for t in sorted(enc.ONCE_PER_TURN)
        }
        self.options = {name: widgets.Checkbox(description=text, **_BOX) for name, text in _OPTIONS}
        self.reasons = {t: widgets.HTML() for t in [*order, "crew_to_ordinary"]}
        self.choices = {
            side: widgets.Dropdown(
                options=[(w, w.split()[-1].lower()) for w in words[1:]],
                description=words[0],
                style={"description_width": "270px"},
                layout=widgets.Layout(width="400px"),
            )
            for side, words in _CHOICES.items()
        }
        self.reading = widgets.RadioButtons(options=_READINGS, layout=widgets.Layout(width="auto"))
        self.note = widgets.HTML()
        super().__init__(
            [
                widgets.HTML(f"<b>Setup {_esc(title)}</b>"),
                widgets.HBox([*self.hunters.values(), self.pirate]),
                *self._tile_rows("Blackbeard's Defenses", sorted(enc.BLACKBEARD_TILES)),
                *self._tile_rows("Hunters' Assets", sorted(enc.HUNTER_TILES)),
                widgets.HTML("<i>Options</i>"),
                widgets.HBox([self.options["warned"], self.options["most_dice_win"]]),
                widgets.HBox([self.options["crew_to_ordinary"], self.reasons["crew_to_ordinary"]]),
                self.options["adventure_can_escape"],
                *self.choices.values(),
                widgets.HTML("Lt Maynard and Midshipman Hyde add a die to"),
                self.reading,
                self.note,
            ],
            layout=widgets.Layout(width="540px", padding="0 8px 0 0"),
        )
        self.add_class("piratelib-setup")
        boxes = [self.hunters, self.tiles, self.used, self.options, self.choices]
        for box in [b for group in boxes for b in group.values()] + [self.pirate, self.reading]:
            box.observe(self._changed, names="value")
        self._set(encounter, escape_policy)
        self._quiet = False

    def encounter(self) -> enc.Encounter:
        """The Encounter the controls describe.

        Raises
        ------
        PiratelibError
            If the rules refuse it (no Hunter piece, say); :attr:`note` says why too.
        """
        ticked = {t for t, box in self.tiles.items() if box.value}
        return enc.Encounter(
            hunters=frozenset(p for p, box in self.hunters.items() if box.value),
            pirates=frozenset({self.pirate.value}),
            blackbeard_tiles=frozenset(ticked & enc.BLACKBEARD_TILES),
            hunter_tiles=frozenset(ticked & enc.HUNTER_TILES),
            used_this_turn=frozenset(t for t, box in self.used.items() if box.value),
            maynard_reading=self.reading.value,
            **{name: box.value for name, box in self.options.items()},
        )

    @property
    def escape_policy(self) -> dict[str, str]:
        """Each side's Escape-or-Board choice: {"blackbeard": ..., "hunters": ...}.

        Raises
        ------
        PiratelibError
            If a side's dropdown has nothing chosen.
        """
        return {side: chosen(box) for side, box in self.choices.items()}

    @property
    def code(self) -> str:
        """The share code of this setup (raises PiratelibError when the rules refuse it)."""
        return share_code(self.encounter(), self.escape_policy)

    def on_change(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` once after each change: a user's or :meth:`set_setup`'s."""
        self._callbacks.append(callback)

    def set_setup(
        self, encounter: enc.Encounter, escape_policy: str | Mapping[str, str] | None = None
    ) -> None:
        """Show `encounter` and `escape_policy` (every control), then tell listeners once.

        Raises
        ------
        PiratelibError
            If `escape_policy` is not a named or per-side policy (nothing changes then).
        """
        self._apply(lambda: self._set(encounter, escape_policy))

    def _set(self, encounter: enc.Encounter, escape_policy: str | Mapping[str, str] | None) -> None:
        """Set every control from a setup (listeners not told); a bad policy changes nothing."""
        _, policy = from_share_code(share_code(encounter, escape_policy))
        for p, box in self.hunters.items():
            box.value = p in encounter.hunters
        self.pirate.value = encounter.pirate
        declared = encounter.blackbeard_tiles | encounter.hunter_tiles
        for t, box in self.tiles.items():
            box.value = t in declared
        for t, box in self.used.items():
            box.value = t in encounter.used_this_turn
        for name, box in self.options.items():
            box.value = getattr(encounter, name)
        for side, box in self.choices.items():
            box.value = policy[side]
        self.reading.value = encounter.maynard_reading
        self._refresh()

    def _changed(self, change: object = None) -> None:
        """A user changed a control: untick what became illegal, then tell listeners once."""
        if not self._quiet:
            self._apply(self._refresh)

    def _apply(self, change: Callable[[], None]) -> None:
        """Run `change` with the controls' own events muted, then tell listeners once."""
        self._quiet = True
        try:
            change()
        finally:
            self._quiet = False
        for callback in self._callbacks:
            callback()

    def _refresh(self) -> None:
        """Disable each tile the rules refuse here (the reason beside it), untick any
        ticked one that became illegal (saying so), and show a refusal of the setup."""
        kept: set[str] = set()
        unticked = []
        pieces_ok = _why(self._fields(set())) is None
        for t in _tile_order(self.reasons):  # Cannon before Chain & Grape, which needs it
            if self._box(t).value:
                reason = _why(self._fields(kept | {t})) if pieces_ok else None
                if reason is None:
                    kept.add(t)
                else:
                    self._box(t).value = False
                    unticked.append(f"{_name(t)} was unticked: it {reason}.")
        for t, label in self.reasons.items():
            reason = None if t in kept or not pieces_ok else _why(self._fields(kept | {t}))
            self._box(t).disabled = reason is not None
            label.value = f"<span style='color:#595959'>{_esc(reason or '')}</span>"
        notes = "".join(f"<p style='color:#8a4b00'>{_esc(n)}</p>" for n in unticked)
        try:
            self.encounter()
        except PiratelibError as error:
            notes += refusal(error)
        self.note.value = notes

    def _fields(self, tiles: set[str]) -> dict[str, Any]:
        """The Encounter's fields as the controls say, with exactly `tiles` declared
        ("crew_to_ordinary" counts as one) and none used this turn."""
        return {
            "hunters": frozenset(p for p, box in self.hunters.items() if box.value),
            "pirates": frozenset({self.pirate.value}),
            "maynard_reading": self.reading.value,
            **{name: box.value for name, box in self.options.items()},
            "blackbeard_tiles": frozenset(tiles & enc.BLACKBEARD_TILES),
            "hunter_tiles": frozenset(tiles & enc.HUNTER_TILES),
            "crew_to_ordinary": "crew_to_ordinary" in tiles,
        }

    def _tile_rows(self, heading: str, tiles: list[str]) -> list[widgets.Widget]:
        """A heading, then one row per tile: its box, "already used", the reason if refused."""
        rows: list[widgets.Widget] = [widgets.HTML(f"<i>{_esc(heading)}</i>")]
        for t in tiles:
            extra = [self.used[t]] if t in self.used else []
            rows.append(widgets.HBox([self.tiles[t], *extra, self.reasons[t]]))
        return rows

    def _box(self, tile: str) -> widgets.Checkbox:
        """The box of a tile, or of the Crew to Ordinary option."""
        return self.options[tile] if tile == "crew_to_ordinary" else self.tiles[tile]


def setups_from_query(query: str) -> dict[str, tuple[enc.Encounter, dict[str, str]]]:
    """Read the setups a link shares: ``a=<share code>&b=<share code>``.

    `query` may be the query alone (with or without "?") or a whole pasted link; other
    parameters are ignored. A share code alone (no ``a`` or ``b``) is read as setup A.

    Raises
    ------
    PiratelibError
        If a setup's code is malformed or refused, naming which setup; or if `query`
        holds no setup at all.

    Examples
    --------
    >>> shared = setups_from_query(
    ...     "https://x.org/app?a=h%3Djane%3Bp%3Dadventure&b=h=brand;p=blackbeard"
    ... )
    >>> sorted(shared), sorted(shared["b"][0].hunters), shared["b"][1]["hunters"]
    (['a', 'b'], ['brand'], 'board')
    >>> setups_from_query("?a=h=jane&b=h=jane;p=adventure")
    Traceback (most recent call last):
      ...
    piratelib.errors.PiratelibError: setup A in the link: setup code 'h=jane': p missing; ...
    """
    if not isinstance(query, str):
        raise PiratelibError(f"a link's query is text, got {query!r}")
    text = query.strip().partition("#")[0]
    if "?" in text or "://" in text:  # a whole link: its query, if any
        text = text.partition("?")[2]
    if not text:
        return {}
    fields = urllib.parse.parse_qs(text.replace("+", "%2B"), keep_blank_values=True)
    shared = {}
    for key in ("a", "b"):
        codes = fields.get(key, [])
        if len(codes) > 1:
            raise PiratelibError(f"setup {key.upper()} is given {len(codes)} times in the link")
        if codes:
            try:
                shared[key] = from_share_code(codes[0])
            except PiratelibError as error:
                raise type(error)(f"setup {key.upper()} in the link: {error}") from None
    if shared:
        return shared
    try:
        return {"a": from_share_code(text)}
    except PiratelibError as error:
        raise PiratelibError(
            f"{query!r} holds no setup: a link's query reads a=<share code>&b=<share code>, "
            f"and a share code alone reads like h=jane;p=adventure ({error})"
        ) from None


def query_for(setups: Mapping[str, tuple[enc.Encounter, Mapping[str, str] | str | None]]) -> str:
    """Write the query of a link that shares `setups` ({"a": (encounter, policy), ...}).

    Raises
    ------
    PiratelibError
        For a key other than "a" or "b", or a policy that cannot be shared.

    Examples
    --------
    >>> jane = enc.Encounter(frozenset({"jane", "ranger"}), frozenset({"adventure"}))
    >>> query = query_for({"a": (jane, None), "b": (jane, "best")})
    >>> query
    'a=h=jane%2Branger;p=adventure&b=h=jane%2Branger;p=adventure;e=best/best'
    >>> setups_from_query(query)["b"] == (jane, {"blackbeard": "best", "hunters": "best"})
    True
    """
    bad = sorted(set(setups) - {"a", "b"})
    if bad:
        raise PiratelibError(f"a link shares setups 'a' and 'b', got {', '.join(map(repr, bad))}")
    codes = {key: share_code(*setups[key]) for key in ("a", "b") if key in setups}
    return urllib.parse.urlencode(codes, safe=";=/")


def _why(fields: dict[str, Any]) -> str | None:
    """Why the rules refuse an Encounter with these fields, in players' words (None if not)."""
    try:
        enc.Encounter(**fields)
    except IllegalActionError as error:
        first = str(error).split(";")[0]
        words = first.split(" ", 1)[1] if " needs " in first else first
        return say(words)
    return None


def _tile_order(tiles: Mapping[str, object]) -> list[str]:
    """The tiles to check, Cannon before Chain & Grape (which needs a Cannon)."""
    return sorted(tiles, key=lambda t: (t == "chain_and_grape", t))


def _esc(text: str) -> str:
    """`text` safe inside HTML (apostrophes kept as they are)."""
    return html.escape(text, quote=False)


def _name(tile: str) -> str:
    return "Crew to Ordinary" if tile == "crew_to_ordinary" else enc.TILE_NAMES[tile]
