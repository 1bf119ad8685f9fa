"""Headless tests of one side's setup panel: tick and untick, disabled tiles with their
reasons, unticking what a change of pieces makes illegal, set_setup round trips, one
change per user change or set_setup, and the share code and link query."""

from __future__ import annotations

import random

import ipywidgets as widgets
import pytest

from piratelib.blackbeard.encounter import (
    ONCE_PER_TURN,
    Encounter,
    random_encounter,
)
from piratelib.blackbeard.encounter.share import COMMON_ESCAPE_POLICY, from_share_code, share_code
from piratelib.errors import IllegalActionError, PiratelibError
from piratelib.widgets.encounter_setup import (
    HELP_HTML,
    SetupPanel,
    query_for,
    setups_from_query,
)
from piratelib.words import ID

ADVENTURE = frozenset({"adventure"})
JANE = Encounter(hunters=frozenset({"jane"}), pirates=ADVENTURE)
CHOICES = ("board", "escape", "best")


def random_setups(count: int, seed: int) -> list[tuple[Encounter, dict[str, str]]]:
    """`count` legal setups with every field drawn at random, each with a per-side policy."""
    rng = random.Random(seed)
    return [
        (
            random_encounter(rng, chance=0.5),
            {"blackbeard": rng.choice(CHOICES), "hunters": rng.choice(CHOICES)},
        )
        for _ in range(count)
    ]


def counted(panel: SetupPanel) -> list[int]:
    """A list that grows by one each time `panel` tells its listeners of a change."""
    calls: list[int] = []
    panel.on_change(lambda: calls.append(1))
    return calls


def texts(widget) -> list[str]:
    """Every description, option label and HTML text shown in `widget`, depth first."""
    found = [getattr(widget, "description", "") or ""]
    found += list(getattr(widget, "_options_labels", ()))
    if isinstance(widget, widgets.HTML | widgets.Label):
        found.append(widget.value)
    for child in getattr(widget, "children", ()):
        found += texts(child)
    return found


def test_a_new_panel_shows_jane_against_adventure_in_the_common_case():
    panel = SetupPanel()
    assert panel.encounter() == JANE
    assert (
        panel.escape_policy == COMMON_ESCAPE_POLICY == {"blackbeard": "escape", "hunters": "board"}
    )
    assert panel.code == "h=jane;p=adventure"
    assert panel.note.value == ""
    assert "Setup A" in panel.children[0].value


def test_players_read_names_never_ids():
    panel = SetupPanel("B", encounter=JANE)
    panel.pirate.value = "blackbeard"  # many tiles disabled, with reasons
    shown = " ".join(texts(panel))
    assert not ID.findall(shown), ID.findall(shown)
    for words in ("Capt Brand", "Blackbeard's Defenses", "Hunters' Assets", "Swivel Guns"):
        assert words in shown
    assert "When Blackbeard wins the Escape roll" in shown and "When the Hunters win it" in shown
    assert "any roll, Fire included (the tiles' own words; the default)" in shown
    assert "Escape or Board only (the Battle example's paraphrase; assumed)" in shown
    assert not ID.findall(HELP_HTML)


def test_tiles_the_pieces_refuse_are_disabled_with_the_reason():
    panel = SetupPanel()
    disabled = {t for t, box in panel.tiles.items() if box.disabled}
    assert disabled == {
        "capt_gordon",
        "cannon_ranger",
        "extra_hands_ranger",
        "midshipman_hyde",
        "chain_and_grape",
    }
    reasons = {t: panel.reasons[t].value for t in disabled}
    assert "needs Capt Brand in the Encounter (an Arrest)" in reasons["capt_gordon"]
    assert "needs Ranger in the Encounter" in reasons["midshipman_hyde"]
    assert "needs a Battle and Cannon on a Sloop there" in reasons["chain_and_grape"]
    assert all(panel.reasons[t].value.count("needs") == 0 for t in panel.tiles if t not in disabled)
    assert not panel.options["crew_to_ordinary"].disabled


def test_ticking_cannon_enables_chain_and_grape_and_unticking_it_unticks_that_too():
    panel = SetupPanel()
    calls = counted(panel)
    panel.tiles["cannon_jane"].value = True
    assert (
        not panel.tiles["chain_and_grape"].disabled
        and panel.reasons["chain_and_grape"].value.count("needs") == 0
    )
    panel.tiles["chain_and_grape"].value = True
    assert panel.encounter().hunter_tiles == {"cannon_jane", "chain_and_grape"}
    panel.tiles["cannon_jane"].value = False
    assert calls == [1, 1, 1]  # one change each, the unticking included
    assert not panel.tiles["chain_and_grape"].value and panel.tiles["chain_and_grape"].disabled
    assert "Chain &amp; Grape was unticked: it needs a Battle and Cannon" in panel.note.value
    assert panel.encounter() == JANE


def test_a_change_of_pieces_unticks_each_tile_it_makes_illegal_and_says_so():
    panel = SetupPanel()
    for tile in ("swivel_guns", "grape", "cannon_jane", "lt_maynard"):
        panel.tiles[tile].value = True
    panel.options["crew_to_ordinary"].value = True
    calls = counted(panel)
    panel.pirate.value = "blackbeard"
    assert calls == [1]
    assert panel.encounter() == Encounter(
        hunters=frozenset({"jane"}),
        pirates=frozenset({"blackbeard"}),
        hunter_tiles=frozenset({"lt_maynard"}),
    )
    note = panel.note.value
    for name in ("Swivel Guns", "Grape", "Cannon (Jane)", "Crew to Ordinary"):
        assert f"{name} was unticked: it needs" in note
    assert "Lt Maynard" not in note
    assert panel.options["crew_to_ordinary"].disabled
    assert (
        "needs a Battle: Adventure meeting Jane or Ranger"
        in panel.reasons["crew_to_ordinary"].value
    )
    panel.pirate.value = "adventure"
    assert panel.note.value == "" and not panel.tiles["swivel_guns"].disabled


def test_a_setup_the_rules_refuse_is_shown_and_raised_and_keeps_the_ticks():
    panel = SetupPanel()
    panel.tiles["lt_maynard"].value = True
    panel.hunters["jane"].value = False  # no Hunter at all, for a moment
    with pytest.raises(PiratelibError, match="at least one Hunter piece"):
        panel.encounter()
    with pytest.raises(PiratelibError):
        _ = panel.code
    assert "Not allowed: an Encounter needs at least one Hunter piece" in panel.note.value
    assert panel.tiles["lt_maynard"].value  # kept while the pieces are being changed
    panel.hunters["jane"].value = True
    assert panel.encounter().hunter_tiles == {"lt_maynard"} and panel.note.value == ""


def test_already_used_this_turn_and_the_options_reach_the_encounter():
    panel = SetupPanel()
    assert set(panel.used) == ONCE_PER_TURN
    panel.tiles["lt_maynard"].value = True
    panel.used["lt_maynard"].value = True
    panel.options["warned"].value = True
    panel.options["adventure_can_escape"].value = False
    panel.reading.value = "escape_or_board"
    panel.choices["blackbeard"].value = "best"
    got = panel.encounter()
    assert got.used_this_turn == {"lt_maynard"} and got.warned and not got.adventure_can_escape
    assert got.maynard_reading == "escape_or_board"
    assert panel.escape_policy == {"blackbeard": "best", "hunters": "board"}


@pytest.mark.parametrize(("encounter", "policy"), random_setups(120, seed=15))
def test_set_setup_shows_every_field_and_tells_listeners_once(encounter, policy):
    panel = SetupPanel("A")
    calls = counted(panel)
    panel.set_setup(encounter, policy)
    assert calls == [1]
    assert panel.encounter() == encounter and panel.escape_policy == policy
    assert panel.note.value == ""
    assert from_share_code(panel.code) == (encounter, policy)
    other = SetupPanel("B", *from_share_code(panel.code))
    assert other.code == panel.code == share_code(encounter, policy)


@pytest.mark.parametrize(
    ("policy", "expected"),
    [(None, COMMON_ESCAPE_POLICY), ("best", {"blackbeard": "best", "hunters": "best"})],
)
def test_set_setup_reads_named_policies(policy, expected):
    panel = SetupPanel(encounter=JANE, escape_policy="board")
    panel.set_setup(JANE, policy)
    assert panel.escape_policy == expected


def test_set_setup_with_a_bad_policy_changes_nothing():
    panel = SetupPanel()
    calls = counted(panel)
    ranger = Encounter(hunters=frozenset({"ranger"}), pirates=ADVENTURE)
    with pytest.raises(PiratelibError, match="unknown escape_policy 'sail'"):
        panel.set_setup(ranger, "sail")
    assert panel.encounter() == JANE and calls == []


# the link's query ----------------------------------------------------------------------


def test_query_round_trips_two_setups():
    (a, pa), (b, pb) = random_setups(2, seed=3)
    query = query_for({"a": (a, pa), "b": (b, pb)})
    assert setups_from_query(query) == {"a": (a, pa), "b": (b, pb)}
    assert setups_from_query(f"https://mybinder.org/voila/render/app.ipynb?{query}#top") == {
        "a": (a, pa),
        "b": (b, pb),
    }
    assert setups_from_query("?" + query) == setups_from_query(query)


def test_query_reads_hand_written_links_and_a_lone_share_code():
    assert setups_from_query("a=h=jane+ranger;p=adventure;e=best/board&utm=x")["a"] == (
        Encounter(hunters=frozenset({"jane", "ranger"}), pirates=ADVENTURE),
        {"blackbeard": "best", "hunters": "board"},
    )
    assert setups_from_query("b=h%3Djane%3Bp%3Dadventure") == {"b": (JANE, COMMON_ESCAPE_POLICY)}
    assert setups_from_query("h=jane;p=adventure") == {"a": (JANE, COMMON_ESCAPE_POLICY)}
    assert setups_from_query("") == {} and setups_from_query("https://x.org/app") == {}


@pytest.mark.parametrize(
    ("query", "error", "message"),
    [
        ("a=h=jane;p=adventure&b=h=jane", PiratelibError, r"setup B in the link: .*p missing"),
        (
            "a=h=ranger;p=adventure;ht=cannon_jane",
            IllegalActionError,
            r"setup A .*cannon_jane needs jane",
        ),
        ("a=h=jane;p=adventure;e=sail", IllegalActionError, r"setup A .*e must be"),
        ("a=h=jane;p=adventure&a=h=brand;p=adventure", PiratelibError, r"setup A is given 2 times"),
        ("x=1&y=2", PiratelibError, r"holds no setup: a link's query reads a=<share code>&b="),
        (None, PiratelibError, r"a link's query is text"),
    ],
)
def test_a_bad_query_names_the_setup_and_what_is_wrong(query, error, message):
    with pytest.raises(error, match=message):
        setups_from_query(query)


def test_query_for_refuses_other_keys_and_unshareable_policies():
    with pytest.raises(PiratelibError, match="setups 'a' and 'b', got 'c'"):
        query_for({"c": (JANE, None)})
    with pytest.raises(PiratelibError, match="cannot be shared"):
        query_for({"a": (JANE, lambda winner, state: "board")})
    assert query_for({"b": (JANE, None)}) == "b=h=jane;p=adventure"
