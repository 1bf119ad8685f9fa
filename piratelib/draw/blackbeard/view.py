"""What one side of Hunt for Blackbeard sees on the Map during a whole game, as marks and words.

Both pictures of a side's Map (:func:`~piratelib.draw.blackbeard.game.side_map` in
matplotlib, :func:`~piratelib.draw.blackbeard.map_svg.side_map_svg` in SVG) take an
:class:`~piratelib.blackbeard.game.views.Observation` (never the whole state) and draw what
:func:`side_marks` reads from it: the marks of the Map (pieces, tags, Surveil markers,
Adventure's Sail), each block slot's block as the side knows it, the blocks lying face up,
and the spaces to shade by chance. :func:`side_map_alt` says the same in words (the
pictures' alt text); :func:`spot_words` and :func:`likeliest` put a Spot and chances in a
player's words; :func:`block_key` lists the blocks a side's legend explains. Nothing here
imports matplotlib.

Examples
--------
>>> from piratelib.blackbeard.game import new_game, observation
>>> view = observation(new_game(seed=1), "hunters")
>>> side_map_alt(view).split(".")[0]
"The Hunters' view of the Map, Turn 1, segment A"
>>> side_marks(view).blocks["nots_island"], side_marks(view).marks["highlight_label"]
('unknown', 'Surveil marker')
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, NamedTuple

from piratelib.draw.blackbeard.map_style import BLOCK_STYLE
from piratelib.errors import PiratelibError, check_number, check_whole
from piratelib.words import percent

if TYPE_CHECKING:
    from piratelib.blackbeard.game.state import Spot
    from piratelib.blackbeard.game.views import Observation
    from piratelib.draw.blackbeard.marks import Marks

__all__ = [
    "BLOCK_NAMES",
    "PIECE_NAMES",
    "SIDE_VIEWS",
    "SideMarks",
    "block_key",
    "likeliest",
    "side_map_alt",
    "side_marks",
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


class SideMarks(NamedTuple):
    """What a picture of a side's Map draws: the Map's `marks` (keyword arguments of
    :func:`~piratelib.draw.blackbeard.map.blackbeard_map`), each slot's block as the side
    knows it (``"unknown"`` if not), the slots whose block lies face up, and the chances
    to shade (only those above 0)."""

    marks: Marks
    blocks: dict[str, str]
    face_up: frozenset[str]
    shaded: dict[str, Fraction]


def side_marks(
    view: Observation,
    *,
    title: str | None = None,
    chances: Mapping[str, Fraction] | None = None,
    moment: str | None = None,
) -> SideMarks:
    """What a picture of `view`'s Map draws, checked: its marks, blocks and shades.

    The arguments are those of :func:`~piratelib.draw.blackbeard.game.side_map`; `title`
    defaults to the side's view and `moment` (or the view's turn and segment).

    Examples
    --------
    >>> from piratelib.blackbeard.game import SetCamp, apply, new_game, observation
    >>> state = apply(new_game(seed=1), SetCamp("nots_island"))
    >>> shown = side_marks(observation(state, "blackbeard"))
    >>> shown.marks["pieces"]["nots_island"], shown.marks["labels"]["nots_island"]
    (['adventure'], 'Adventure at Camp')
    >>> shown.marks["title"]
    "Blackbeard's view: Turn 1, segment B"
    >>> side_marks(observation(state, "hunters"), title=3)
    Traceback (most recent call last):
      ...
    piratelib.errors.PiratelibError: title must be text or None, got 3
    """
    _check_view(view)
    if title is not None and not isinstance(title, str):
        raise PiratelibError(f"title must be text or None, got {title!r:.80}")
    checked = _check_chances(chances)
    when = _moment(view, moment)
    blocks = _known_blocks(view)
    pieces: dict[str, list[str]] = {}
    for piece in PIECE_NAMES:
        pieces.setdefault(getattr(view, piece), []).append(piece)
    adventure = _adventure(view)
    if adventure is not None:
        pieces.setdefault(adventure, []).append("adventure")
    marks: Marks = {
        "highlight": view.surveil,
        "labels": _tags(view, blocks),
        "trail": view.sail_path if len(view.sail_path) > 1 else (),
        "pieces": pieces,
        "title": title if title is not None else f"{SIDE_VIEWS[view.side]}: {when}",
        "highlight_label": "Surveil marker",
        "trail_label": "Adventure's Sail this turn",
    }
    face_up = frozenset(space for space, _ in view.face_up)
    shaded = {s: p for s, p in checked.items() if p > 0}
    return SideMarks(marks, blocks, face_up, shaded)


def block_key(side: str) -> list[tuple[str, str, str, str]]:
    """The blocks a side's legend explains, as ``(words, face colour, edge colour, how it
    lies)``, a block lying ``"standing"`` or ``"face_up"`` (colours of
    :data:`~piratelib.draw.blackbeard.map_style.BLOCK_STYLE`).

    Examples
    --------
    >>> [words for words, *_ in block_key("hunters")][-2:]
    ['green edge: at the Camp', '?: unknown to the Hunters']
    >>> block_key("blackbeard")[2]
    ('blank', 'white', '#555555', 'face_up')
    """
    plain = BLOCK_STYLE["blank"]
    key = [("standing", *plain, "standing"), ("face up", *plain, "face_up")]
    for block in ("blank", "sighting", "camp", "adventure"):
        key.append((BLOCK_NAMES[block], BLOCK_STYLE[block][0], plain[1], "face_up"))
    key.append(("green edge: at the Camp", "white", BLOCK_STYLE["adventure_at_camp"][1], "face_up"))
    if side == "hunters":
        key.append(("?: unknown to the Hunters", *BLOCK_STYLE["unknown"], "standing"))
    return key


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
