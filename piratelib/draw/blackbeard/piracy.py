"""Matplotlib picture of Blackbeard's mat in Hunt for Blackbeard: Piracy, Purse and Loot.

:func:`blackbeard_mat` draws the two Piracy rows (Acts of Piracy, Pirate's Life) with
their cubes and this turn's planned pawns, the Purse, Taken Loot, spares and Prepared
Defenses. It draws what :mod:`piratelib.blackbeard.piracy` computes (each row's cubes and
squares) and computes nothing itself. Render it with :func:`piratelib.draw.charts.png`;
:func:`blackbeard_mat_alt` says the same in words, for the picture's alt text.

Pawns stand on a tile only until Resolve Piracy reaches it: then they become cubes, or
are wasted, and the mat after that step shows the cubes alone
(:func:`~piratelib.blackbeard.piracy.resolve_piracy` takes them off the tile).

Artists that tests and widgets look for carry a ``gid``: ``"tile:<id>"``,
``"cube:<id>:<i>"``, ``"pawn:<id>:<i>"``, ``"row:<row>"``, ``"purse"``, ``"taken_loot"``,
``"spares"``, ``"defenses"`` and ``"turn"``.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from matplotlib.figure import Figure
from matplotlib.patches import FancyBboxPatch, PathPatch, Rectangle
from matplotlib.path import Path
from matplotlib.transforms import Affine2D

from piratelib.errors import PiratelibError, check_id

if TYPE_CHECKING:
    from matplotlib.axes import Axes

    from piratelib.blackbeard.piracy.tiles import Tiles

__all__ = ["blackbeard_mat", "blackbeard_mat_alt"]

_ROW_TITLES = {"acts_of_piracy": "Acts of Piracy", "pirates_life": "Pirate's Life"}
_ROW_FACE = {"acts_of_piracy": "#dcdcdc", "pirates_life": "white"}
_CUBE_FACE = {"gold": "#e0b020", "black": "#1a1a1a"}
_SQUARE_EDGE = {"gold": "#c09010", "black": "#5a5a5a"}
_PAWN_COLOUR = "#3a3a3a"
_FULL = "#1b5e20"  # dark green, 5.5:1 on the grey row; "FULL" says it in words too
_NOTE = "#0d47a1"  # dark blue, 6.6:1 on the grey row
_SMALLEST = 9.6
"""The smallest text, in points: 12 px where the 10-inch picture is 900 px wide (90 dpi)."""
_EFFECT_WORDS = {
    "stow_booty": "Taken Loot to Purse",
    "sell_cargo": "Taken Loot + 2 to Purse",
    "seek_pardon": "set a tile aside",
    "fete_tobias_knight": "2 Defenses free",
}
_PENALTY_WORDS = {
    "hire_doctor": "Sail 3 pawns",
    "buy_rum": "4 pawns",
    "crew_to_ordinary": "Fire -1 die",
}


def blackbeard_mat(mat: Any, tiles: Any = None, *, title: str = "Blackbeard's mat") -> Figure:
    """Draw Blackbeard's mat: both Piracy rows with cubes and pawns, Purse, Loot and Defenses.

    Parameters
    ----------
    mat : piratelib.blackbeard.piracy.Mat
        The mat to draw.
    tiles : piratelib.blackbeard.piracy.tiles.Tiles, optional
        The tile set (default :func:`~piratelib.blackbeard.piracy.tiles.load_tiles`).
    title : str
        The figure's title.

    Returns
    -------
    Figure
        A 10 x 5 inch figure. The Acts of Piracy row is on top, Pirate's Life below; each
        tile is a box (gid ``"tile:<id>"``) with one square per square on the tile (gold
        outline for gold squares, dark grey for black), a cube drawn in each filled square
        (``"cube:<id>:<i>"``) and a pawn on each square this turn's pawns will fill
        (``"pawn:<id>:<i>"``). Each row's title gives its ``cubes / squares`` and whether
        it reaches half (``"row:<row>"``); the panel on the right shows the Purse
        (``"purse"``), Taken Loot (``"taken_loot"``), spares (``"spares"``) and Prepared
        Defenses (``"defenses"``).

    Examples
    --------
    >>> from piratelib.blackbeard.piracy import Mat, plan_piracy
    >>> mat = Mat(pirates_life=("banyan_for_vane",), cubes=(("banyan_for_vane", 1),))
    >>> fig = blackbeard_mat(plan_piracy(mat, "banyan_for_vane", 2))
    >>> gids = [str(a.get_gid()) for a in fig.axes[0].patches]
    >>> [gid for gid in gids if gid.startswith(("cube:", "pawn:"))]
    ['cube:banyan_for_vane:0', 'pawn:banyan_for_vane:1', 'pawn:banyan_for_vane:2']
    """
    from piratelib.blackbeard.piracy import ROWS, row_cubes

    tiles = _checked(mat, tiles)
    if not isinstance(title, str):
        raise PiratelibError(f"title must be text, got {title!r:.80}")
    fig = Figure(figsize=(10, 5.55))
    ax = fig.add_axes((0, 0, 1, 0.93))
    ax.set_xlim(0, 20)
    ax.set_ylim(0, 10.3)
    ax.set_aspect("equal")
    ax.axis("off")
    fig.suptitle(title, fontsize=13, y=0.985)
    pawn = _pawn_path()
    left, right = 0.2, 14.6
    for r, row in enumerate(ROWS):
        top = 10.1 - r * 5.05
        cubes, squares = row_cubes(mat, row, tiles)
        ax.text(
            left,
            top,
            f"{_ROW_TITLES[row]}: {cubes} / {squares} squares — {_row_verdict(cubes, squares)}",
            fontsize=11.5,
            fontweight="bold",
            va="top",
            gid=f"row:{row}",
        )
        drawn = getattr(mat, row)
        if not drawn:
            ax.text(left, top - 1.8, "(no tiles drawn)", fontsize=11, color="#595959", va="center")
            continue
        gap = 0.2
        width = min(3.4, (right - left - gap * (len(drawn) - 1)) / len(drawn))
        height = 4.25
        bottom = top - 0.55 - height
        for i, tile in enumerate(drawn):
            info = tiles.piracy[tile]
            x0 = left + i * (width + gap)
            n = tiles.squares(tile)
            full = mat.on(tile) >= n
            ax.add_patch(
                FancyBboxPatch(
                    (x0, bottom),
                    width,
                    height,
                    boxstyle="round,pad=0,rounding_size=0.15",
                    facecolor=_ROW_FACE[row],
                    edgecolor=_FULL if full else "#333",
                    linewidth=2.5 if full else 1.2,
                    gid=f"tile:{tile}",
                )
            )
            cx = x0 + width / 2
            narrow = width < 2.6
            big, small = (10, _SMALLEST) if narrow else (11, 10)
            line = 1 / 72 * 2 * 1.2  # data units per point of text, with line spacing
            name = _wrap(info["name"], width, points=big * 1.12)  # bold is wider
            where_text = _wrap("at " + _where_words(info["where"]), width, points=small)
            y = bottom + height - 0.15
            ax.text(cx, y, name, ha="center", va="top", fontsize=big, fontweight="bold")
            y -= (name.count("\n") + 1) * big * line + 0.2
            ax.text(cx, y, where_text, ha="center", va="top", fontsize=small, color="#333")
            y -= (where_text.count("\n") + 1) * small * line + 0.2
            planned = mat.planned(tile)
            status = "FULL" if full else f"{mat.on(tile)} / {n}"
            if planned and not full:
                status += f", {planned} pawn{'s' if planned > 1 else ''}"
            penalty = info["penalty"] and not full
            if penalty:
                status += f" · {_PENALTY_WORDS[info['penalty']]}"
            status = _wrap(status, width, points=small)
            ax.text(
                cx,
                y,
                status,
                ha="center",
                va="top",
                fontsize=small,
                color=_FULL if full else "#b71c1c" if penalty else "#444",
                fontweight="bold" if full else "normal",
            )
            y -= (status.count("\n") + 1) * small * line + 0.15
            size = min(0.75, (width - 0.3) / (n * 1.25 - 0.25))
            step = size * 1.25
            sx = cx - (n * step - (step - size)) / 2
            sy = y - size
            for k in range(n):
                x = sx + k * step
                ax.add_patch(
                    Rectangle(
                        (x, sy),
                        size,
                        size,
                        facecolor="white",
                        edgecolor=_SQUARE_EDGE[info["cubes"]],
                        linewidth=2,
                    )
                )
                if k < mat.on(tile):
                    inset = size * 0.14
                    ax.add_patch(
                        Rectangle(
                            (x + inset, sy + inset),
                            size - 2 * inset,
                            size - 2 * inset,
                            facecolor=_CUBE_FACE[info["cubes"]],
                            edgecolor="black",
                            linewidth=0.6,
                            gid=f"cube:{tile}:{k}",
                        )
                    )
                elif k < mat.on(tile) + planned:
                    shape = pawn.transformed(
                        Affine2D().scale(size * 0.8).translate(x + size / 2, sy + size / 2)
                    )
                    ax.add_patch(
                        PathPatch(
                            shape,
                            facecolor=_PAWN_COLOUR,
                            edgecolor="white",
                            linewidth=0.5,
                            gid=f"pawn:{tile}:{k}",
                        )
                    )
            ax.text(
                cx,
                sy - 0.12,
                _wrap(_tile_notes(info, narrow), width, points=small),
                ha="center",
                va="top",
                fontsize=small,
                color=_NOTE,
            )
    _mat_panel(ax, mat, tiles)
    return fig


def blackbeard_mat_alt(mat: Any, tiles: Any = None) -> str:
    """Blackbeard's mat in words, for the alt text of :func:`blackbeard_mat`'s picture.

    Each row's cubes of its squares and each face-up tile's cubes and pawns, then the
    Purse and Taken Loot.

    Examples
    --------
    >>> from piratelib.blackbeard.piracy import Mat, plan_piracy
    >>> mat = plan_piracy(Mat(acts_of_piracy=("raid_delaware",)), "raid_delaware", 3)
    >>> alt = blackbeard_mat_alt(mat)
    >>> alt.split(". ")[1]
    'Acts of Piracy: 0 of 4 squares have cubes (Raid Delaware: 0 of 4, 3 pawns)'
    >>> alt.split(". ")[2:]
    ["Pirate's Life: no tiles yet", 'Purse: 5 gold', 'Taken Loot: none.']
    """
    from piratelib.blackbeard.piracy import ROWS, row_cubes

    tiles = _checked(mat, tiles)
    parts = ["Blackbeard's mat."]
    for row in ROWS:
        cubes, squares = row_cubes(mat, row, tiles)
        drawn = getattr(mat, row)
        if not drawn:
            parts.append(f"{_ROW_TITLES[row]}: no tiles yet.")
            continue
        each = []
        for tile in drawn:
            n, planned = tiles.squares(tile), mat.planned(tile)
            held = "full" if mat.on(tile) >= n else f"{mat.on(tile)} of {n}"
            words = f"{_tile_name(tile, tiles)}: {held}"
            if planned:
                words += f", {planned} pawn{'s' if planned > 1 else ''}"
            each.append(words)
        parts.append(
            f"{_ROW_TITLES[row]}: {cubes} of {squares} squares have cubes ({'; '.join(each)})."
        )
    loot = ", ".join(map(str, mat.taken_loot)) or "none"
    parts.append(f"Purse: {mat.purse} gold. Taken Loot: {loot}.")
    return " ".join(parts)


def _checked(mat: object, tiles: object) -> Tiles:
    """`tiles` (default: the packaged set), after checking that `mat` is a Mat whose
    tiles and Defenses are all in it."""
    from piratelib.blackbeard.piracy import Mat
    from piratelib.blackbeard.piracy.tiles import Tiles, load_tiles
    from piratelib.blackbeard.readonly import check_type

    check_type("mat", mat, Mat)
    check_type("tiles", tiles, Tiles, optional=True)
    assert isinstance(mat, Mat) and (tiles is None or isinstance(tiles, Tiles))  # checked above
    tiles = tiles if tiles is not None else load_tiles()
    drawn = [*mat.acts_of_piracy, *mat.pirates_life, *(tile for tile, _ in mat.cubes)]
    for tile in drawn + [tile for tile, _ in mat.pawns]:
        check_id("Piracy tile", tile, tiles.piracy)
    for defense, _ in mat.defenses:
        check_id("Defense tile", defense, tiles.defenses)
    return tiles


def _tile_name(tile: str, tiles: Any) -> str:
    """A tile's name, with its place when several tiles share the name (Seize Prize)."""
    info = tiles.piracy[tile]
    same = [t for t in tiles.piracy if tiles.piracy[t]["name"] == info["name"]]
    return f"{info['name']} ({_where_words(info['where'])})" if len(same) > 1 else info["name"]


def _where_words(where: Iterable[str]) -> str:
    """A tile's listed spaces in words."""
    from piratelib.blackbeard.board import load_map

    G = load_map()
    words = {"any_anchorage": "any Anchorage", "any_town": "any Town", "camp": "Camp"}
    return " or ".join(words.get(w) or G.nodes[w]["name"] for w in where)


def _tile_notes(info: Mapping[str, Any], narrow: bool = False) -> str:
    """What a tile does, in short: From Purse, Show, Take n, its effect or penalty.

    Lines break only between notes, unless the tile is `narrow`.
    """
    notes = ["From Purse"] if info["cubes"] == "gold" else []
    if info["show"]:
        notes.append("Show")
    if info["take_loot"]:
        notes.append(f"Take {info['take_loot']}")
    if info["effect"]:
        notes.append(_EFFECT_WORDS[info["effect"]])
    if info["not_if_sailed"]:
        notes.append("not if Sailed")
    space = " " if narrow else "\u00a0"  # no break inside a note on a wide tile
    return " · ".join(note.replace(" ", space) for note in notes)


def _wrap(text: str, width: float, *, points: float) -> str:
    """`text` broken into lines that fit `width` data units (2 per inch) at `points`."""
    per_line = max(6, int(width / 2 * 72 / (points * 0.6)))
    return "\n".join(textwrap.wrap(text, per_line, break_long_words=False))


def _mat_panel(ax: Axes, mat: Any, tiles: Any) -> None:
    """The right-hand panel: Purse, Taken Loot, spares, Prepared Defenses."""
    x0, top = 15.0, 10.1
    ax.add_patch(
        FancyBboxPatch(
            (x0 - 0.15, 0.15),
            4.95,
            top - 0.1,
            boxstyle="round,pad=0,rounding_size=0.15",
            facecolor="#f7f3e8",
            edgecolor="#8d6e63",
        )
    )
    y = top - 0.25
    ax.text(
        x0, y, f"Purse: {mat.purse} gold", fontsize=11, fontweight="bold", va="top", gid="purse"
    )
    y -= 0.65
    for i in range(mat.purse):
        ax.add_patch(
            Rectangle(
                (x0 + (i % 10) * 0.45, y - 0.35 - (i // 10) * 0.45),
                0.35,
                0.35,
                facecolor=_CUBE_FACE["gold"],
                edgecolor="black",
                linewidth=0.5,
                gid=f"purse:{i}",
            )
        )
    y -= 0.55 + 0.45 * ((max(mat.purse, 1) - 1) // 10) + 0.3
    loot = ", ".join(map(str, mat.taken_loot)) or "none"
    ax.text(
        x0,
        y,
        f"Taken Loot: {loot}\n"
        f"(shows {sum(mat.taken_loot)} gold; {len(mat.loot_pool)} left to draw)",
        fontsize=10,
        va="top",
        gid="taken_loot",
    )
    y -= 1.15
    ax.text(
        x0,
        y,
        f"Spares: {mat.spare_gold} gold, {mat.spare_black} black",
        fontsize=10,
        va="top",
        gid="spares",
    )
    y -= 0.7
    defenses = [
        f"{tiles.defenses[d]['name']}" + (f" ({paid} Paid)" if paid else "")
        for d, paid in mat.defenses
    ]
    ax.text(
        x0,
        y,
        "Prepared Defenses:\n" + ("\n".join(defenses) if defenses else "none"),
        fontsize=10,
        va="top",
        gid="defenses",
    )
    ax.text(
        x0,
        0.35,
        f"Turn {mat.turn}; pawns used {mat.pawns_used}",
        fontsize=10,
        color="#404040",
        va="bottom",
        gid="turn",
    )


def _pawn_path() -> Path:
    """A board-game pawn in a unit box centred on 0: a round head on a flared body."""
    head = Path.circle((0, 0.28), 0.2)
    body = Path(
        [(-0.32, -0.45), (0.32, -0.45), (0.12, 0.1), (-0.12, 0.1), (-0.32, -0.45)],
        [Path.MOVETO, Path.LINETO, Path.LINETO, Path.LINETO, Path.CLOSEPOLY],
    )
    return Path.make_compound_path(head, body)


def _row_verdict(cubes: int, squares: int) -> str:
    """Whether a row reaches half of its squares, in the Victory rule's words."""
    if not squares:
        return "no tiles yet"
    if 2 * cubes > squares:
        return "more than half: wins either way"
    if 2 * cubes == squares:
        return "exactly half: wins (not with the more-than-half option)"
    return f"less than half (half is {(squares + 1) // 2})"
