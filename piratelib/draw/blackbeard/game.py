"""Hunt for Blackbeard's Map as one side sees it during a whole game, drawn from its observation.

:func:`side_map` takes an :class:`~piratelib.blackbeard.game.views.Observation`
(never the whole state) and draws it on :func:`~piratelib.draw.blackbeard.map.blackbeard_map`:
each of the 24 blocks on its space, standing (a tall block) or lying face up (a flat
square), in the colour of its symbol when the side may know it and as a wooden "?" when
it may not; the Hunters' record of what they Spotted on blocks still standing, with when
and how; the Camp marker and Surveil markers; the pieces that side may see; and, for
Blackbeard, Adventure's Sail this turn. Given ``chances`` (a space's chance that Adventure
is there, e.g. from :func:`piratelib.blackbeard.deduce.chances`), each possible space is
shaded by its chance, darker for likelier, with a colour bar in percent.
:func:`side_map_alt` says the same in words, as alt text for the picture; :func:`likeliest`
and :func:`percent` put chances in a player's words. Block artists carry the gid
``"block:<space id>"``, shades ``"chance:<space id>"``.

Examples
--------
>>> from piratelib.blackbeard.game import new_game, observation
>>> view = observation(new_game(seed=1), "hunters")
>>> side_map_alt(view).split(".")[0]
"The Hunters' view of the Map, Turn 1, segment A"
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING

from matplotlib.path import Path

from piratelib.draw._common import legend_marker
from piratelib.draw.blackbeard.map import blackbeard_map
from piratelib.errors import PiratelibError, check_number, check_whole
from piratelib.words import percent

if TYPE_CHECKING:
    from matplotlib.figure import Figure
    from matplotlib.lines import Line2D

    from piratelib.blackbeard.game.state import Spot
    from piratelib.blackbeard.game.views import Observation

__all__ = [
    "BLOCK_NAMES",
    "PIECE_NAMES",
    "SIDE_VIEWS",
    "likeliest",
    "side_map",
    "side_map_alt",
    "spot_words",
]

BLOCK_NAMES = {
    "blank": "blank",
    "camp": "Camp",
    "adventure": "Adventure",
    "adventure_at_camp": "Adventure at Camp",
    "sighting": "Sighting",
    "sighting_at_camp": "Sighting at Camp",
    "blackbeard": "Blackbeard alone",
    "blackbeard_at_camp": "Blackbeard alone at Camp",
    "israel_hands": "Israel Hands",
}
"""The blocks (the standard game's, then the ADVANCED ones), as a player names them."""
PIECE_NAMES = {"jane": "Jane", "ranger": "Ranger", "brand": "Capt Brand"}
SIDE_VIEWS = {"blackbeard": "Blackbeard's view", "hunters": "The Hunters' view"}
_SPOT_WAYS = {
    "informant": "by an Informant",
    "sighting": "by following a Sighting",
    "scout": "by a Scout",
    "end_move": "where a Hunter piece ended its move",
    "escape": "by a Hunter Sloop's Escape",
}
"""How a Spot was made, in a player's words (a ``face_up`` record is not a Spot)."""

# block: (face colour, edge colour); a block "at Camp" gets a green edge
_BLOCK_STYLE = {
    "blank": ("white", "#555555"),
    "camp": ("#2e7d32", "#1b5e20"),
    "adventure": ("#111111", "#111111"),
    "adventure_at_camp": ("#111111", "#2e7d32"),
    "sighting": ("#ff9800", "#555555"),
    "sighting_at_camp": ("#ff9800", "#2e7d32"),
    "blackbeard": ("#5d4037", "#111111"),
    "blackbeard_at_camp": ("#5d4037", "#2e7d32"),
    "israel_hands": ("#e0b000", "#555555"),
    "unknown": ("#c8a165", "#6d4c1f"),
}
_STANDING = Path([(-0.5, -1), (0.5, -1), (0.5, 1), (-0.5, 1), (-0.5, -1)], closed=True)
"""A block standing up: taller than wide."""
_FACE_UP = "s"
_BLOCK_SIZE = {_FACE_UP: 11, "standing": 12}
_CHANCE_COLOURS = ("#efe7f6", "#9e7cc1", "#3f007d")
"""The shade of a possible space, from least to most likely (light to dark purple)."""
_CHANCE_BAR = (0.04, 0.875, 0.2, 0.022)
"""Where the colour bar goes (figure fraction): the empty corner west of New Bern."""


def side_map(
    view: Observation,
    *,
    title: str | None = None,
    chances: Mapping[str, Fraction] | None = None,
    moment: str | None = None,
) -> Figure:
    """Draw the Map as `view`'s side sees it: blocks, Spots, markers, pieces, and chances.

    Parameters
    ----------
    view : Observation
        What one side may know (:func:`piratelib.blackbeard.game.observation`). For the
        Hunters it holds no standing block, so none can be drawn.
    title : str, optional
        The figure's title (default: the side's view, the turn and the segment).
    chances : mapping of space id to Fraction, optional
        The chance that Adventure is at each space (spaces missing or at 0 are not
        shaded). Each space with a chance gets a disc under it, darker for likelier
        (from the lightest shade up to the largest chance given), and a colour bar in
        percent says what the shades mean. None (the default) draws no shading.
    moment : str, optional
        When the picture is taken, for the default title (e.g. ``"Turn 1, G. End Turn"``,
        so that two sides' Maps of one step name the same moment); default: the view's
        turn and segment.

    Returns
    -------
    matplotlib.figure.Figure
        The Map of :func:`~piratelib.draw.blackbeard.map.blackbeard_map`, with one
        ``"block:<space>"`` artist per block slot and the markers in its legend; with
        `chances`, one ``"chance:<space>"`` disc per shaded space and a second axes, the
        colour bar.

    Examples
    --------
    >>> from piratelib.blackbeard.game import SetCamp, apply, new_game, observation
    >>> state = apply(new_game(seed=1), SetCamp("nots_island"))
    >>> fig = side_map(observation(state, "blackbeard"))
    >>> [a.get_gid() for a in fig.axes[0].lines if a.get_gid().startswith("block:nots")]
    ['block:nots_island']
    >>> from fractions import Fraction
    >>> fig = side_map(observation(state, "hunters"), chances={"nots_island": Fraction(1)})
    >>> [c.get_gid() for c in fig.axes[0].collections if c.get_gid().startswith("chance:")]
    ['chance:nots_island']
    >>> fig.axes[1].get_xlabel()
    'Chance Adventure is here (darker = likelier)'
    """
    from piratelib.blackbeard.game.state import game_map

    _check_view(view)
    if title is not None and not isinstance(title, str):
        raise PiratelibError(f"title must be text or None, got {title!r:.80}")
    chances = _check_chances(chances)
    when = _moment(view, moment)
    G = game_map()
    blocks = _known_blocks(view)
    face_up = dict(view.face_up)
    pieces: dict[str, list[str]] = {}
    for piece in PIECE_NAMES:
        pieces.setdefault(getattr(view, piece), []).append(piece)
    adventure = _adventure(view)
    if adventure is not None:
        pieces.setdefault(adventure, []).append("adventure")
    labels = _tags(view, blocks)
    trail = view.sail_path if len(view.sail_path) > 1 else ()
    fig = blackbeard_map(
        G,
        highlight=view.surveil,
        labels=labels,
        trail=trail,
        pieces=pieces,
        title=title if title is not None else f"{SIDE_VIEWS[view.side]}: {when}",
        highlight_label="Surveil marker",
        trail_label="Adventure's Sail this turn",
    )
    ax = fig.axes[0]
    spaces = ax.get_legend()
    assert spaces is not None  # blackbeard_map draws the Spaces legend
    ax.add_artist(spaces)  # keep the Spaces legend beside the Blocks one
    ax.legend(
        handles=_legend(view),
        title="Blocks",
        loc="lower left",  # the board's corner south of Ocracoke Inlet: narrow, clear of names
        fontsize=8,
        title_fontsize=8,
        handlelength=1,
        handletextpad=0.4,
        borderaxespad=0.2,
        framealpha=0.9,
    )
    for space, block in blocks.items():
        up = space in face_up
        face, edge = _BLOCK_STYLE[block]
        marker = _FACE_UP if up else _STANDING
        ax.plot(
            *G.nodes[space]["pos"],
            marker=marker,
            markersize=_BLOCK_SIZE[_FACE_UP if up else "standing"],
            markerfacecolor=face,
            markeredgecolor=edge,
            markeredgewidth=2.2 if "camp" in block else 1.3,
            linestyle="none",
            zorder=3.5,
            gid=f"block:{space}",
        )
        if block == "unknown":
            ax.annotate(
                "?",
                G.nodes[space]["pos"],
                ha="center",
                va="center",
                fontsize=8,
                fontweight="bold",
                color="#3e2a0f",
                zorder=3.6,
                gid=f"unknown:{space}",
            )
    shaded = {s: p for s, p in chances.items() if p > 0}
    if shaded:
        _shade(fig, shaded)
    return fig


def side_map_alt(
    view: Observation,
    *,
    chances: Mapping[str, Fraction] | None = None,
    moment: str | None = None,
) -> str:
    """Say in words what :func:`side_map` draws for `view` (alt text for the picture).

    With `chances`, a last sentence says how many spaces are shaded and names the
    likeliest (up to five) with their percentages. `moment` is as for :func:`side_map`.

    Examples
    --------
    >>> from piratelib.blackbeard.game import SetCamp, apply, new_game, observation
    >>> state = apply(new_game(seed=1), SetCamp("nots_island"))
    >>> print(side_map_alt(observation(state, "blackbeard")))  # doctest: +NORMALIZE_WHITESPACE
    Blackbeard's view of the Map, Turn 1, segment B. Jane, Ranger and Capt Brand at James
    River. Adventure at Nots Island. Blocks that are not blank: Adventure at Camp at Nots
    Island (standing). No block lies face up. No Surveil marker. The Camp marker is not out.
    >>> from fractions import Fraction
    >>> even = {"bath_town": Fraction(1, 2), "nots_island": Fraction(1, 2)}
    >>> side_map_alt(observation(state, "hunters"), chances=even).split(": ")[-1]
    'Adventure can be in 2 spaces; likeliest Bath Town 50%, Nots Island 50%.'
    """
    from piratelib.blackbeard.game.state import game_map

    _check_view(view)
    chances = _check_chances(chances)
    when = _moment(view, moment)
    G = game_map()

    def name(space: str) -> str:
        shown: str = G.nodes[space]["name"]
        return shown

    blocks = _known_blocks(view)
    face_up = dict(view.face_up)
    where: dict[str, list[str]] = {}
    for piece, piece_name in PIECE_NAMES.items():
        where.setdefault(getattr(view, piece), []).append(piece_name)
    sentences = [f"{SIDE_VIEWS[view.side]} of the Map, {when}"]
    sentences += [f"{_and(names)} at {name(space)}" for space, names in where.items()]
    adventure = _adventure(view)
    if adventure is not None:
        sentences.append(f"Adventure at {name(adventure)}")
    elif view.side == "hunters":
        sentences.append("Where Adventure is, the Hunters do not know")
    shown = [
        f"{BLOCK_NAMES[b]} at {name(s)} ({'face up' if s in face_up else 'standing'})"
        for s, b in blocks.items()
        if b not in ("blank", "unknown")
    ]
    if shown:
        sentences.append("Blocks that are not blank: " + ", ".join(shown))
    if face_up:
        sentences.append("Face up: " + ", ".join(name(s) for s in face_up))
    else:
        sentences.append("No block lies face up")
    if view.side == "hunters":
        standing = len([b for b in blocks.values() if b == "unknown"])
        sentences.append(f"{standing} blocks stand up, unknown to the Hunters")
        remembered = _remembered(view)
        if remembered:
            sentences.append(
                "Seen on blocks now standing: "
                + ", ".join(
                    f"{name(s)} showed {BLOCK_NAMES[spot.shown]}" for s, spot in remembered.items()
                )
            )
    if view.surveil:
        sentences.append("Surveil markers at " + _and([name(s) for s in view.surveil]))
    else:
        sentences.append("No Surveil marker")
    if view.camp_marker:
        sentences.append(f"The Camp marker is at {name(view.camp_marker)}")
    else:
        sentences.append("The Camp marker is not out")
    if len(view.sail_path) > 1:
        sentences.append("Adventure Sailed " + " to ".join(name(s) for s in view.sail_path))
    shaded = {s: p for s, p in chances.items() if p > 0}
    if shaded:
        spaces = "1 space" if len(shaded) == 1 else f"{len(shaded)} spaces"
        top = ", ".join(f"{name(s)} {percent(p, 0)}" for s, p in likeliest(shaded, 5))
        sentences.append(
            f"Shaded by chance, darker is likelier: Adventure can be in {spaces}; likeliest {top}"
        )
    return ". ".join(sentences) + "."


def spot_words(spot: Spot) -> str:
    """How the Hunters saw a block, in the rulebook's words.

    A block changed under a Surveil marker (``how == "face_up"``) is not a Spot: Set Map
    says "Update any blocks at Surveil markers face up, not secretly".

    Examples
    --------
    >>> from piratelib.blackbeard.game.state import Spot
    >>> spot_words(Spot(1, "B", "nots_island", "blank", False, "informant"))
    'secretly Spotted by an Informant'
    >>> spot_words(Spot(1, "C", "albemarle_sound", "adventure", True, "face_up"))
    'updated face up at its Surveil marker'
    """
    from piratelib.blackbeard.game.state import Spot

    if not isinstance(spot, Spot):
        raise PiratelibError(f"spot must be a Spot of the Hunters' record, got {spot!r:.80}")
    if spot.how == "face_up":
        return "updated face up at its Surveil marker"
    how = _SPOT_WAYS.get(spot.how)
    if how is None:
        raise PiratelibError(f"unknown way of Spotting {spot.how!r}: one of {sorted(_SPOT_WAYS)}")
    return f"{'openly' if spot.open else 'secretly'} Spotted {how}"


def likeliest(chances: Mapping[str, Fraction], top: int = 3) -> list[tuple[str, Fraction]]:
    """The `top` likeliest spaces with their chances, likeliest first (ties by space id).

    Examples
    --------
    >>> from fractions import Fraction
    >>> likeliest({"a": Fraction(1, 4), "b": Fraction(1, 2), "c": Fraction(1, 4)}, 2)
    [('b', Fraction(1, 2)), ('a', Fraction(1, 4))]
    """
    if not isinstance(chances, Mapping):
        raise PiratelibError(f"chances must map spaces to chances, got {chances!r}")
    for space, p in chances.items():
        if not isinstance(space, str):
            raise PiratelibError(f"chances must map space ids (text) to chances, got {space!r}")
        check_number(f"the chance of {space!r}", p, 0, 1)
    check_whole("top", top, 0, 1000)
    return sorted(chances.items(), key=lambda item: (-item[1], item[0]))[:top]


def _check_view(view: object) -> None:
    """Raise unless `view` is an Observation whose fields fit their types, with spaces on
    the Map and blocks this picture knows (PiratelibError, IllegalActionError for ids)."""
    from piratelib.blackbeard.board import check_space
    from piratelib.blackbeard.game.state import game_map, slots
    from piratelib.blackbeard.game.views import Observation
    from piratelib.blackbeard.readonly import check_record
    from piratelib.errors import check_id

    if not isinstance(view, Observation):
        raise PiratelibError(
            f"view must be an Observation (piratelib.blackbeard.game.observation), got {view!r:.80}"
        )
    check_record(view)
    check_id("side", view.side, SIDE_VIEWS)
    G = game_map()
    spaces = [view.jane, view.ranger, view.brand, *view.surveil, *view.sail_path]
    spaces += [view.camp_marker] if view.camp_marker is not None else []
    for space in spaces + [spot.space for spot in view.spots]:
        check_space(G, space)
    for space, block in (*view.face_up, *view.blocks):
        check_id("block slot", space, slots())
        check_id("block", block, BLOCK_NAMES)
    for spot in view.spots:
        check_id("block", spot.shown, BLOCK_NAMES)


def _check_chances(chances: object) -> dict[str, Fraction]:
    """`chances` as a dict of Map spaces to chances from 0 to 1 ({} for None)."""
    from piratelib.blackbeard.board import check_space
    from piratelib.blackbeard.game.state import game_map

    if chances is None:
        return {}
    if not isinstance(chances, Mapping):
        raise PiratelibError(f"chances must map spaces to chances, got {chances!r:.80}")
    G = game_map()
    for space, p in chances.items():
        check_space(G, space)
        check_number(f"the chance of {space!r}", p, 0, 1)
    return dict(chances)


def _shade(fig: Figure, chances: dict[str, Fraction]) -> None:
    """Shade each space by its chance under everything else, and add the colour bar."""
    from matplotlib.cm import ScalarMappable
    from matplotlib.colors import LinearSegmentedColormap, Normalize
    from matplotlib.ticker import PercentFormatter

    from piratelib.blackbeard.game.state import game_map

    G = game_map()
    ax = fig.axes[0]
    cmap = LinearSegmentedColormap.from_list("chance", _CHANCE_COLOURS)
    top = float(max(chances.values()))
    norm = Normalize(0, 100 * top)
    for space, p in sorted(chances.items()):
        x, y = G.nodes[space]["pos"]
        ax.scatter(
            x,
            y,
            s=1900,
            color=cmap(norm(100 * float(p))),
            alpha=0.85,
            edgecolors="none",
            zorder=2.4,  # under the Surveil halo and the space itself
            gid=f"chance:{space}",
        )
    bar = fig.add_axes(_CHANCE_BAR)
    colours = ScalarMappable(norm=norm, cmap=cmap)
    fig.colorbar(colours, cax=bar, orientation="horizontal", format=PercentFormatter(decimals=0))
    bar.set_xticks([0, 50 * top, 100 * top])
    bar.tick_params(labelsize=9)
    bar.set_xlabel("Chance Adventure is here (darker = likelier)", fontsize=9)
    bar.xaxis.set_label_position("top")


def _known_blocks(view: Observation) -> dict[str, str]:
    """Each slot's block as `view`'s side knows it: its symbol, or ``"unknown"``."""
    from piratelib.blackbeard.game.state import slots

    known = dict(view.blocks) | dict(view.face_up)
    return {space: known.get(space, "unknown") for space in slots()}


def _adventure(view: Observation) -> str | None:
    """Where `view`'s side knows Adventure is: its own block, or a face-up one."""
    known = dict(view.blocks) | dict(view.face_up)
    return next((s for s, b in known.items() if b.startswith("adventure")), None)


def _remembered(view: Observation) -> dict[str, Spot]:
    """The Hunters' latest Spot of each block now standing, by space."""
    face_up = dict(view.face_up)
    latest = {spot.space: spot for spot in view.spots}
    return {s: spot for s, spot in sorted(latest.items()) if s not in face_up}


def _tags(view: Observation, blocks: dict[str, str]) -> dict[str, str]:
    """The words in a space's tag: its block if known and not blank, Spots, the Camp marker."""
    tags: dict[str, list[str]] = {}
    for space, block in blocks.items():
        if block not in ("blank", "unknown"):
            tags.setdefault(space, []).append(BLOCK_NAMES[block])
    if view.side == "hunters":
        for space, spot in _remembered(view).items():
            when = spot.segment if spot.turn == view.turn else f"turn {spot.turn} {spot.segment}"
            if spot.how == "face_up":  # updated at a Surveil marker: not a Spot
                seen = f"Seen {BLOCK_NAMES[spot.shown]} ({when}, face up)"
            else:
                how = "open" if spot.open else "secret"
                seen = f"Spotted {BLOCK_NAMES[spot.shown]} ({when}, {how})"
            tags.setdefault(space, []).append(seen)
    if view.camp_marker:
        tags.setdefault(view.camp_marker, []).append("Camp marker")
    return {space: "; ".join(words) for space, words in tags.items()}


def _legend(view: Observation) -> list[Line2D]:
    """Legend entries for the blocks this side may see."""
    kinds = ["blank", "sighting", "camp", "adventure"]
    entries = [
        legend_marker("standing", _STANDING, size=12, face="white", edge="#555555"),
        legend_marker("face up", _FACE_UP, size=11, face="white", edge="#555555"),
    ]
    entries += [
        legend_marker(BLOCK_NAMES[k], _FACE_UP, size=11, face=_BLOCK_STYLE[k][0], edge="#555555")
        for k in kinds
    ]
    entries.append(
        legend_marker("green edge:\nat the Camp", _FACE_UP, size=11, face="white", edge="#2e7d32")
    )
    if view.side == "hunters":
        entries.append(
            legend_marker(
                "?: unknown to\nthe Hunters", _STANDING, size=12, face="#c8a165", edge="#6d4c1f"
            )
        )
    return entries


def _moment(view: Observation, moment: str | None) -> str:
    """When the picture is taken: `moment`, or the view's turn and segment."""
    if moment is None:
        return f"Turn {view.turn}, segment {view.segment}"
    if not isinstance(moment, str) or not moment.strip():
        raise PiratelibError(f"moment must be text such as 'Turn 1, C', got {moment!r:.80}")
    return moment


def _and(names: list[str]) -> str:
    """Names joined with commas and a final "and"."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
