"""Dread Pirate's pictures in words: the alt text of the sea chart and of the odds charts.

Each function says what its picture draws, for both drawings of it (matplotlib and SVG)
and with the same arguments: :func:`sea_chart_alt` for the sea chart, :func:`turns_alt`
for the turns-to-reach bars, :func:`battle_chances_alt` and :func:`battle_totals_alt` for
the battle charts. They check their arguments as the pictures do
(:func:`check_series`, :func:`check_battle`), and need no matplotlib. The picture modules
re-export them, so ``from piratelib.draw.dreadpirate.sea import sea_chart_alt`` still works.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from piratelib.draw._checks import check_text
from piratelib.draw.dreadpirate import marks
from piratelib.draw.dreadpirate.marks import checked_chart
from piratelib.draw.dreadpirate.style import PAYS, SERIES
from piratelib.dreadpirate.sea import DIAGONAL_NAMES, Sea
from piratelib.errors import PiratelibError, check_number, check_whole
from piratelib.words import listing, percent, plural

if TYPE_CHECKING:
    import networkx as nx

__all__ = [
    "CHANCES_TITLE",
    "CHANCES_XLABEL",
    "TOTALS_XLABEL",
    "battle_chances_alt",
    "battle_totals_alt",
    "check_battle",
    "check_series",
    "pays_note",
    "sea_chart_alt",
    "sea_title",
    "totals_series",
    "totals_title",
    "turns_alt",
]

Square = tuple[int, int]
CHANCES_TITLE = "The attacker's chance (2 dice each, the attacker wins ties)"
"""The battle chances chart's title, unless the caller gives one."""
CHANCES_XLABEL = "attacker's bonus minus defender's bonus"
TOTALS_XLABEL = "two dice plus bonuses (the attacker wins ties)"
_MOST = 10_000
"""The largest number of turns, total or bonus difference a chart shows."""


def sea_chart_alt(
    sea_or_graph: Sea | nx.Graph[Square],
    *,
    ships: Mapping[str, Square] | None = None,
    highlight: Iterable[Square] = (),
    changed: Iterable[Square] = (),
    target: Square | None = None,
    path: Sequence[Square] | None = None,
    highlight_label: str = "highlighted",
    changed_label: str = "changed",
    ship_colours: Mapping[str, str] | None = None,
    **_: object,
) -> str:
    """Say in words what :func:`~piratelib.draw.dreadpirate.sea.sea_chart` draws with the
    same arguments (its alt text, and that of
    :func:`~piratelib.draw.dreadpirate.sea_svg.sea_chart_svg`).

    Examples
    --------
    >>> from piratelib.dreadpirate.sea import sea_graph
    >>> print(
    ...     sea_chart_alt(
    ...         sea_graph(),
    ...         ships={"You": (0, 0), "Sea Wolf": (0, 1)},
    ...         highlight=[(0, 0), (1, 0)],
    ...         highlight_label="reachable",
    ...         target=(6, 10),
    ...     )
    ... )  # doctest: +NORMALIZE_WHITESPACE +ELLIPSIS
    Map of the sea, 20 columns by 13 rows of squares, 24 of them land (diagonal rule: one
    side water). Cities: Port Diablo, Lost City of Orichal, La Antigua and San Cristobal.
    Mission places: ... Ships: You at Port Diablo; Sea Wolf at row 0, column 1.
    2 squares shaded, reachable. Target: Kraken's Reach.
    """
    sea, graph, ships, highlight, changed, target, path = checked_chart(
        sea_or_graph, ships, highlight, changed, target, path, highlight_label, changed_label
    )
    land = sum(not sea.is_water((r, c)) for r in range(sea.height) for c in range(sea.width))
    rule = f" (diagonal rule: {DIAGONAL_NAMES[graph['diagonal']]})" if graph is not None else ""
    parts = [
        f"Map of the sea, {sea.width} columns by {sea.height} rows of squares, "
        f"{land} of them land{rule}."
    ]
    for kind, words in (("city", "Cities"), ("mission", "Mission places")):
        names = [e["name"] for e in sea.places.values() if e["kind"] == kind]
        if names:
            parts.append(f"{words}: {listing(names)}.")
    if ships:
        marks.ship_colours(ships, ship_colours)  # refuse what the picture refuses
        band = {name: f" ({colour} Ship)" for name, colour in (ship_colours or {}).items()}
        where = "; ".join(
            f"{name}{band.get(name, '')} at {sea.square_name(at)}" for name, at in ships.items()
        )
        parts.append(f"Ships: {where}.")
    if highlight:
        parts.append(f"{plural(len(highlight), 'square')} shaded, {highlight_label}.")
    if changed:
        shown = [sea.square_name(at) for at in sorted(changed)]
        if len(shown) > 8:
            shown = [*shown[:8], f"{len(shown) - 8} more"]
        parts.append(
            f"{plural(len(changed), 'square')} hatched, {changed_label}: {listing(shown)}."
        )
    if target is not None:
        parts.append(f"Target: {sea.square_name(target)}.")
    if path and len(path) > 1:
        parts.append(
            f"A path of {plural(len(path) - 1, 'step')} from {sea.square_name(path[0])} to "
            f"{sea.square_name(path[-1])}."
        )
    return " ".join(parts)


def sea_title(graph: Mapping[str, object] | None, title: str | None) -> str:
    """The sea chart's title: `title`, or by default "Dread Pirate: the sea", with the
    diagonal rule of the sea graph whose ``G.graph`` is `graph` (if any).

    Examples
    --------
    >>> from piratelib.dreadpirate.sea import sea_graph
    >>> sea_title(sea_graph().graph, None), sea_title(None, "")
    ('Dread Pirate: the sea (diagonal rule: one side water)', '')
    """
    check_text("title", title, optional=True)
    if title is not None:
        return title
    if graph is None:
        return "Dread Pirate: the sea"
    return f"Dread Pirate: the sea (diagonal rule: {DIAGONAL_NAMES[str(graph['diagonal'])]})"


def turns_alt(
    distributions: Mapping[str, Mapping[int, Fraction]], *, title: str | None = None
) -> str:
    """Say in words what :func:`~piratelib.draw.dreadpirate.odds.turns_bars` draws: each
    series' mean and likeliest turn.

    With more than one series, each is named with its bars' fill pattern.

    Examples
    --------
    >>> from fractions import Fraction
    >>> print(turns_alt({"always": {1: Fraction(1, 6), 2: Fraction(5, 6)}}))
    ... # doctest: +NORMALIZE_WHITESPACE
    Bar chart, Turns to reach the target, chance by number of turns. always: mean 1.8
    turns; likeliest 2 turns, 83.3%.
    >>> print(turns_alt({"a": {1: Fraction(1)}, "b": {2: Fraction(1)}}))
    ... # doctest: +NORMALIZE_WHITESPACE
    Bar chart, Turns to reach the target, chance by number of turns, one group of bars per
    turn. a (plain bars): mean 1.0 turns; likeliest 1 turn, 100%. b (striped bars): mean
    2.0 turns; likeliest 2 turns, 100%.
    """
    check_series(distributions, "distributions", least=0)
    check_text("title", title, optional=True)
    many = len(distributions) > 1
    parts = [
        f"Bar chart, {title or 'Turns to reach the target'}, chance by number of turns"
        + (", one group of bars per turn." if many else ".")
    ]
    for i, (label, dist) in enumerate(distributions.items()):
        mean = sum((k * p for k, p in dist.items()), Fraction(0))
        top = max(dist, key=lambda k: (dist[k], -k))
        pattern = f" ({SERIES[i][2]} bars)" if many and i < len(SERIES) else ""
        parts.append(
            f"{label}{pattern}: mean {float(mean):.1f} turns; likeliest {plural(top, 'turn')}, "
            f"{percent(dist[top])}."
        )
    return " ".join(parts)


def battle_chances_alt(chances: Mapping[int, Fraction], *, title: str | None = None) -> str:
    """Say in words what :func:`~piratelib.draw.dreadpirate.odds.battle_chances` draws.

    Examples
    --------
    >>> from piratelib.dreadpirate.battle import attacker_win_probability as p
    >>> print(battle_chances_alt({d: p(d, 0) for d in (-3, -2, 0)}))
    ... # doctest: +ELLIPSIS +NORMALIZE_WHITESPACE
    Bar chart, The attacker's chance ... -3: 23.9%; -2: 33.6%; 0: 55.6%. Attacking pays
    (above 33.3%) from a difference of -2.
    """
    check_series({"the attacker wins": chances}, "chances")
    check_text("title", title, optional=True)
    bars = "; ".join(
        f"{d:+d}: {percent(p)}" if d else f"0: {percent(p)}" for d, p in sorted(chances.items())
    )
    pays = [d for d, p in sorted(chances.items()) if p > PAYS]
    end = (
        f" Attacking pays (above {percent(PAYS)}) from a difference of {pays[0]:+d}."
        if pays
        else ""
    )
    return f"Bar chart, {title or CHANCES_TITLE}, by bonus difference: {bars}.{end}"


def battle_totals_alt(
    attacker: Mapping[int, Fraction],
    defender: Mapping[int, Fraction],
    *,
    attacker_bonus: int,
    defender_bonus: int,
    attacker_wins: Fraction,
) -> str:
    """Say in words what :func:`~piratelib.draw.dreadpirate.odds.battle_totals` draws.

    Examples
    --------
    >>> from piratelib.dreadpirate.battle import Battler, battle_odds
    >>> odds = battle_odds(Battler(dread_pirate=True), Battler())
    >>> print(
    ...     battle_totals_alt(
    ...         odds.attacker_totals,
    ...         odds.defender_totals,
    ...         attacker_bonus=1,
    ...         defender_bonus=0,
    ...         attacker_wins=odds.attacker_wins,
    ...     )
    ... )
    ... # doctest: +NORMALIZE_WHITESPACE
    Bar chart of each side's final total; the attacker wins 66.4%. The attacker rolls two
    dice +1: totals 3 to 13, likeliest 8 (16.7%). The defender rolls two dice +0: totals 2
    to 12, likeliest 7 (16.7%).
    """
    check_battle(attacker, defender, attacker_bonus, defender_bonus, attacker_wins)
    parts = [f"Bar chart of each side's final total; the attacker wins {percent(attacker_wins)}."]
    for role, totals, bonus in (
        ("attacker", attacker, attacker_bonus),
        ("defender", defender, defender_bonus),
    ):
        top = max(totals, key=lambda t: (totals[t], -t))
        parts.append(
            f"The {role} rolls two dice {bonus:+d}: totals {min(totals)} to {max(totals)}, "
            f"likeliest {top} ({percent(totals[top])})."
        )
    return " ".join(parts)


def totals_title(attacker_wins: Fraction) -> str:
    """The battle totals chart's title: the attacker's chance, as the apps' text says it.

    Examples
    --------
    >>> totals_title(Fraction(721, 1296))
    "Each side's final total: the attacker wins 55.6%"
    """
    return f"Each side's final total: the attacker wins {percent(attacker_wins)}"


def totals_series(
    attacker: Mapping[int, Fraction],
    defender: Mapping[int, Fraction],
    attacker_bonus: int,
    defender_bonus: int,
) -> dict[str, Mapping[int, Fraction]]:
    """The two sides' totals, labelled with their bonuses, attacker first.

    Examples
    --------
    >>> list(totals_series({2: Fraction(1)}, {3: Fraction(1)}, 0, 1))
    ['attacker (2 dice +0)', 'defender (2 dice +1)']
    """
    for what, bonus in (("attacker_bonus", attacker_bonus), ("defender_bonus", defender_bonus)):
        check_whole(what, bonus, -1000, 1000)
    return {
        f"attacker (2 dice {attacker_bonus:+d})": attacker,
        f"defender (2 dice {defender_bonus:+d})": defender,
    }


def pays_note() -> str:
    """What the battle chances chart's dashed line means.

    Examples
    --------
    >>> pays_note()
    'dashed line, 33.3%: attacking pays above it'
    """
    return f"dashed line, {percent(PAYS)}: attacking pays above it"


def check_series(series: object, what: str, *, least: int | None = None) -> None:
    """Raise PiratelibError unless `series` maps text labels to distributions that are not
    empty: whole numbers (at least `least`, if given) to chances from 0 to 1.

    Examples
    --------
    >>> check_series({"a": {1: Fraction(1)}}, "distributions")
    >>> check_series({"a": {}}, "distributions")
    Traceback (most recent call last):
      ...
    piratelib.errors.PiratelibError: distributions of 'a' must map whole numbers to chances, got {}
    """
    if not isinstance(series, Mapping) or not series:
        raise PiratelibError(f"{what} must map labels to distributions, got {series!r:.80}")
    for label, dist in series.items():
        check_text("a label", label)
        if not isinstance(dist, Mapping) or not dist:
            raise PiratelibError(
                f"{what} of {label!r} must map whole numbers to chances, got {dist!r:.80}"
            )
        for key, p in dist.items():
            low = -_MOST if least is None else least
            check_whole(f"a number in {what} of {label!r}", key, low, _MOST)
            check_number(f"the chance of {key!r} in {what} of {label!r}", p, 0, 1)


def check_battle(
    attacker: object,
    defender: object,
    attacker_bonus: object,
    defender_bonus: object,
    attacker_wins: object,
) -> None:
    """Refuse totals that are not distributions, or bonuses and a chance out of range.

    Examples
    --------
    >>> check_battle({2: Fraction(1)}, {2: Fraction(1)}, 0, 0, Fraction(1))
    >>> check_battle({2: Fraction(1)}, {2: Fraction(1)}, 0, 0, 2)
    Traceback (most recent call last):
      ...
    piratelib.errors.PiratelibError: attacker_wins must be a number from 0 to 1, got 2
    """
    check_series({"attacker": attacker, "defender": defender}, "the totals")
    check_whole("attacker_bonus", attacker_bonus, -100, 100)
    check_whole("defender_bonus", defender_bonus, -100, 100)
    check_number("attacker_wins", attacker_wins, 0, 1)
