"""The glossary: its data checked, and each lesson links a term the first time it uses it."""

from __future__ import annotations

import pytest

from piratelib import glossary
from piratelib.errors import DataError


def test_every_term_has_a_game_a_meaning_a_source_and_its_own_place():
    terms = glossary.glossary()
    assert terms and {t.game for t in terms} <= set(glossary.GAMES)
    assert len({t.anchor for t in terms}) == len(terms)
    assert all(t.says.strip() and t.where.strip() for t in terms)


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('game = "blackbeard"', 'game = "chess"', "game and also must be among"),
        ('src = ["rulebook"]', 'src = ["hearsay"]', "src must list"),
        ('term = "Sighting"', "term = 3", "term must be text"),
    ],
)
def test_a_malformed_entry_is_refused_naming_the_file_and_the_entry(
    corrupt, monkeypatch, old, new, message
):
    path = corrupt("glossary.toml", old, new)
    monkeypatch.setattr(glossary, "_FILE", path)
    glossary.glossary.cache_clear()
    try:
        with pytest.raises(DataError, match=f"glossary.toml: term #.*{message}"):
            glossary.glossary()
    finally:
        glossary.glossary.cache_clear()


def test_the_first_use_is_what_gets_linked_and_links_are_not_nested():
    cells = ["# Sighting", "See [the Sighting rules](glossary.ipynb#sighting), then a Sighting."]
    assert [(t.term, linked) for t, _, _, linked in glossary.first_uses(cells)] == [
        ("Sighting", True)
    ]
    assert glossary.link(cells) == cells
    assert glossary.link(["`Sighting` and Sighting"]) == [
        "`Sighting` and [Sighting](glossary.ipynb#sighting)"
    ]
