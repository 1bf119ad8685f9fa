"""The games' words, each in a sentence or two of the rulebook's: the lessons' glossary.

Every game term the lessons use is an entry of ``glossary.toml``: its game, the term as
the rulebook writes it, what it means (short quotes from the rulebook, in its words), and
where the rulebook says so. :func:`glossary` loads and checks them; :func:`anchor` is the
term's place in ``notebooks/glossary.ipynb`` (a lesson links a term there the first time
it uses it, which :func:`first_uses` finds and :func:`link` writes); :func:`markdown` writes
one game's entries for that notebook.

Examples
--------
>>> anchor("Treasure Chest"), anchor("Captain's Log")
('treasure-chest', 'captains-log')
>>> terms = glossary()
>>> all(t.game in GAMES for t in terms)
True
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass

from piratelib.data import check_sources, tables
from piratelib.data import read as read_data
from piratelib.errors import DataError, PiratelibError, check_id, check_items

__all__ = [
    "GAMES",
    "Term",
    "anchor",
    "first_uses",
    "glossary",
    "lesson_games",
    "link",
    "markdown",
]

GAMES = {
    "blackbeard": "Hunt for Blackbeard",
    "blackflag": "Black Flag!",
    "dreadpirate": "Dread Pirate: Buccaneer's Revenge",
}
"""The games, by id, with the names a reader sees."""

_FILE = "glossary.toml"


@dataclass(frozen=True)
class Term:
    """One entry: the `game` it belongs to, the `term`, what it `says` and `where` from;
    `also` names the other games that use the same word (the entry says each meaning)."""

    game: str
    term: str
    says: str
    where: str
    also: tuple[str, ...] = ()

    @property
    def games(self) -> tuple[str, ...]:
        """Every game whose lessons use this word."""
        return (self.game, *self.also)

    @property
    def anchor(self) -> str:
        """The term's place in the glossary notebook (see :func:`anchor`)."""
        return anchor(self.term)


def anchor(term: str) -> str:
    """Return a term's anchor: lower case, spaces as hyphens, other punctuation dropped.

    Examples
    --------
    >>> anchor("Fete Tobias Knight"), anchor("SHOT!")
    ('fete-tobias-knight', 'shot')
    """
    if not isinstance(term, str):
        raise PiratelibError(f"a term is text, got {term!r:.80}")
    words = re.sub(r"[^a-z0-9 -]", "", term.lower()).split()
    return "-".join(words)


@functools.cache
def glossary() -> tuple[Term, ...]:
    """Every term of the three games, in the file's order (grouped by game).

    Raises
    ------
    DataError
        If an entry lacks a field, names an unknown game, repeats a term (one entry holds
        a word two games share), or does not say its source; the message names the file
        and the entry.
    """
    file, raw = read_data(_FILE)
    found: list[Term] = []
    for i, entry in enumerate(tables(file, raw, "term")):
        where = f"{file}: term #{i + 1} ({entry.get('term', '?')})"
        check_sources(where, entry)
        keys = ("game", "term", "says", "where")
        texts = {k: v for k in keys if isinstance(v := entry.get(k), str) and v.strip()}
        if len(texts) < len(keys):
            raise DataError(f"{where}: {', '.join(k for k in keys if k not in texts)} must be text")
        also = entry.get("also", [])
        if not isinstance(also, list) or not {texts["game"], *also} <= set(GAMES):
            raise DataError(f"{where}: game and also must be among {', '.join(GAMES)}")
        term = Term(texts["game"], texts["term"], texts["says"], texts["where"], tuple(also))
        if any(t.anchor == term.anchor for t in found):
            raise DataError(
                f"{where}: {term.term!r} is already in the glossary: say both games there"
            )
        found.append(term)
    return tuple(found)


def markdown(game: str) -> str:
    """Return one game's entries as Markdown: each term bold, with its anchor and source.

    A word the game shares with another game is written once, under the first game, and
    pointed to from the other's list.

    Examples
    --------
    >>> print(markdown("blackbeard").splitlines()[0])  # doctest: +ELLIPSIS
    <a id="..."></a>**...**: ...
    """
    game = check_id("game", game, GAMES)
    return "\n\n".join(
        f'<a id="{t.anchor}"></a>**{t.term}**: {t.says} *({t.where})*'
        if t.game == game
        else f"**{t.term}**: shared with {GAMES[t.game]}; see [{t.term}](#{t.anchor}) there."
        for t in glossary()
        if game in t.games
    )


def first_uses(
    cells: Sequence[str], games: Sequence[str] = tuple(GAMES)
) -> list[tuple[Term, int, re.Match[str], bool]]:
    """Where each term of `games` is first used in a lesson's Markdown `cells`, in order.

    One ``(term, cell, match, linked)`` for each term used: `linked` says whether that first
    use is the text of a link to the term's place in the glossary. Headings, code, HTML
    tags, the games' own names ("Black Flag!") and the text of other links are not uses; a
    longer term is found before the shorter one inside it (Treasure Chest before Chest).
    A lesson about one game asks for that game's terms only.

    Examples
    --------
    >>> [(t.term, linked) for t, _, _, linked in first_uses(["A Sighting, then Sightings."])]
    [('Sighting', False)]
    """
    check_items("cells", cells, str)
    check_items("games", games, str)
    for game in games:
        check_id("game", game, GAMES)
    found = []
    terms = sorted((t for t in glossary() if set(t.games) & set(games)), key=lambda t: -len(t.term))
    taken: list[list[tuple[int, int]]] = [[] for _ in cells]  # longer terms' words
    for term in terms:
        pattern = re.compile(rf"(?<![\w-]){re.escape(term.term)}(?:s|es)?(?![\w-])")
        target = f"](glossary.ipynb#{term.anchor})"
        first = None
        for k, text in enumerate(cells):
            uses = list(pattern.finditer(text))
            for use in uses:
                if first is None and not any(a <= use.start() < b for a, b in taken[k]):
                    block = _block_at(text, use)
                    linked = block is not None and _links(block, target)
                    if block is None or linked:
                        first = (term, k, use, linked)
            taken[k] += [(use.start(), use.end()) for use in uses]
        if first is not None:
            found.append(first)
    return sorted(found, key=lambda f: (f[1], f[2].start()))


def link(cells: Sequence[str], games: Sequence[str] = tuple(GAMES)) -> list[str]:
    """Return `cells` with each term's first use linked to the glossary (see :func:`first_uses`).

    Examples
    --------
    >>> link(["# Sighting", "A Sighting, then a Sighting."])[1]
    'A [Sighting](glossary.ipynb#sighting), then a Sighting.'
    """
    cells = list(cells)
    while todo := [f for f in first_uses(cells, games) if not f[3]]:
        term, k, use, _ = todo[0]
        text = cells[k]
        cells[k] = (
            f"{text[: use.start()]}[{use.group()}](glossary.ipynb#{term.anchor}){text[use.end() :]}"
        )
    return cells


_BLOCKED = re.compile(
    r"^#.*$|`[^`\n]*`|<[^>]+>|\[[^\]]*\]\([^)]*\)|"
    + "|".join(re.escape(name) for name in sorted(GAMES.values(), key=len, reverse=True)),
    re.MULTILINE,
)
"""Markdown that is not a use of a term: headings, code, HTML tags, links, games' names."""


def lesson_games(notebook: str) -> list[str]:
    """The games whose words a lesson links: its own game's (by its file name), or all.

    Examples
    --------
    >>> lesson_games("blackflag_2_sinking.ipynb"), len(lesson_games("variant_lab.ipynb"))
    (['blackflag'], 3)
    """
    if not isinstance(notebook, str):
        raise PiratelibError(f"a notebook's name is text, got {notebook!r:.80}")
    return [g for g in GAMES if notebook.startswith(f"{g}_")] or list(GAMES)


def _block_at(text: str, use: re.Match[str]) -> re.Match[str] | None:
    """The heading, code, tag, link or game's name the use stands in, if any."""
    return next((b for b in _BLOCKED.finditer(text) if b.start() <= use.start() < b.end()), None)


def _links(block: re.Match[str], target: str) -> bool:
    """The block is a link to `target`, the term's place in the glossary."""
    return block.group().startswith("[") and block.group().endswith(target[1:])
