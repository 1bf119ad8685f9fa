"""Sailing and Marching: the rulebook's examples, legal paths, costs and bad moves."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from piratelib.blackbeard.board import load_map, of_kind
from piratelib.blackbeard.board.movement import (
    PIECES,
    cheapest_route,
    escape_destinations,
    move_cost,
    move_graph,
    reach,
    sail_adventure,
)
from piratelib.errors import IllegalActionError

G = load_map()
SLOTS = sorted(n for n, slot in G.nodes(data="slot") if slot)


def test_example_sail_adventure():
    # "Example: Sail Adventure": "from his Camp at Roanoke Island through Roanoke Inlet to
    # Currituck Inlet ... The Camp is now empty. No Sighting goes there because Adventure
    # started there. Roanoke Inlet gets a Sighting ... 2 pawns go in Sailed".
    sail = sail_adventure(
        G, ["roanoke_island", "roanoke_inlet", "currituck_inlet"], camp="roanoke_island"
    )
    assert sail.pawns == 2
    assert sail.sightings == (("roanoke_inlet", "sighting"),)


def test_example_hunters_march_and_sail():
    # "Example: Scout, March, Sail, Spot": Brand "uses another two pawns to March to BATH
    # TOWN" from Queen Anne's Creek; "The Sloops use two more pawns to Sail to Cape Henry
    # and then directly to the Ocean space of Roanoke Inlet".
    assert move_cost(G, "brand", ["queen_annes_creek", "roanoke_river", "bath_town"]) == 2
    assert cheapest_route(G, "brand", "queen_annes_creek", "bath_town").pawns == 2
    assert move_cost(G, "sloops", ["james_river", "cape_henry", "roanoke_inlet"]) == 2
    assert reach(G, "sloops", "james_river", 2)["roanoke_inlet"].pawns == 2


def test_example_brand_marches_down_to_fish_town_and_adventure_escapes_to_topsail():
    # "Example: Arrest and Escape": Brand Marches to Fish Town; Adventure Escapes and
    # "the player selects Topsail Inlet".
    assert "fish_town" in reach(G, "brand", "bath_town", 2)
    assert "topsail_inlet" in escape_destinations(
        G, "adventure", "fish_town", hunters_at=["fish_town"]
    )


def test_sloops_ocean_moves():
    # "Sloops may Sail between Cape Henry and any Ocean space ... for just one pawn."
    for ocean in of_kind(G, "ocean"):
        assert move_cost(G, "jane", ["cape_henry", ocean]) == 1
        assert move_cost(G, "ranger", [ocean, "cape_henry"]) == 1
    # "Sloops may Sail between any two Ocean spaces by putting two pawns in the destination."
    assert move_cost(G, "jane", ["topsail_inlet", "currituck_inlet"]) == 2
    assert move_cost(G, "jane", ["roanoke_inlet", "currituck_inlet"]) == 1  # a Water Route


def test_adventure_has_no_special_ocean_moves_and_stays_in_slots():
    with pytest.raises(IllegalActionError, match="not linked by a Route"):
        move_cost(G, "adventure", ["topsail_inlet", "currituck_inlet"])
    with pytest.raises(IllegalActionError, match="24 block slots, and cape_henry holds no block"):
        move_cost(G, "adventure", ["roanoke_inlet", "cape_henry"])
    assert all(G.nodes[s]["slot"] for s in reach(G, "adventure", "roanoke_island", 12))


def test_skilled_helm():
    # "for just 1 pawn Sail one or both Sloops from any Ocean or Sound space (not James
    # River or Cape Henry) up to 3 spaces adjacent by Water Routes ... multiple times".
    path = ["ocracoke_inlet", "ocracoke_island", "west_pamlico_sound", "bath_town"]
    assert move_cost(G, "sloops", path) == 3
    assert move_cost(G, "sloops", ["ocracoke_inlet", "bath_town"], skilled_helm=True) == 1
    with pytest.raises(IllegalActionError):
        move_cost(
            G, "sloops", ["bath_town", "ocracoke_inlet"], skilled_helm=True
        )  # not from a Town
    with pytest.raises(IllegalActionError, match="Skilled Helm moves only the Hunters' Sloops"):
        reach(G, "adventure", "topsail_inlet", 1, skilled_helm=True)
    far = reach(G, "sloops", "topsail_inlet", 2, skilled_helm=True)
    assert far["pasquotank_river"].pawns == 2  # twice 3 steps: repeatable


def test_hire_doctor_caps_adventure_at_three_pawns():
    path = ["fish_town", "topsail_inlet", "ocracoke_inlet", "cape_hatteras", "gun_inlet"]
    assert move_cost(G, "adventure", path) == 4
    with pytest.raises(IllegalActionError, match="Hire Doctor is unfilled"):
        move_cost(G, "adventure", path, hire_doctor=True)
    capped = reach(G, "adventure", "fish_town", 5, hire_doctor=True)
    assert max(r.pawns for r in capped.values()) == 3
    assert "gun_inlet" not in capped


def test_sightings_never_at_start_or_end_and_at_camp():
    # A loop back through the start leaves no Sighting there ("never at its start").
    sail = sail_adventure(G, ["roanoke_island", "roanoke_inlet", "roanoke_island", "gun_inlet"])
    assert sail.sightings == (("roanoke_inlet", "sighting"),)
    assert sail_adventure(G, ["fish_town"]).sightings == ()
    sail = sail_adventure(
        G, ["gun_inlet", "roanoke_island", "albemarle_sound"], camp="roanoke_island"
    )
    assert sail.sightings == (("roanoke_island", "sighting_at_camp"),)


def test_bought_silence():
    path = ["gun_inlet", "roanoke_island", "albemarle_sound", "pasquotank_river"]
    sail = sail_adventure(
        G, path, bought_silence=True, silenced=["roanoke_island", "albemarle_sound"], purse=4
    )
    assert sail.sightings == () and sail.gold_paid == 4
    with pytest.raises(IllegalActionError, match="Purse holds 3"):
        sail_adventure(
            G, path, bought_silence=True, silenced=["roanoke_island", "albemarle_sound"], purse=3
        )
    with pytest.raises(IllegalActionError, match="has not Prepared it"):
        sail_adventure(G, path, silenced=["roanoke_island"], purse=9)
    with pytest.raises(IllegalActionError, match="gun_inlet gets none"):
        sail_adventure(G, path, bought_silence=True, silenced=["gun_inlet"], purse=9)


@pytest.mark.parametrize("purse", range(7))
def test_bought_silence_is_2_gold_per_space_the_purse_can_pay(purse):
    # "Pay from Purse to Sail through spaces without placing Sighting blocks, 2 gold cubes
    # per space desired." FAQ: "pay 2 cubes (no pawns) per Sighting avoided".
    path = ["gun_inlet", "roanoke_island", "albemarle_sound", "pasquotank_river"]
    for n in range(3):
        silenced = path[1 : 1 + n]
        if 2 * n > purse:
            with pytest.raises(IllegalActionError, match=rf"{2 * n} for {n}, but the Purse holds"):
                sail_adventure(G, path, bought_silence=True, silenced=silenced, purse=purse)
            continue
        sail = sail_adventure(G, path, bought_silence=True, silenced=silenced, purse=purse)
        assert sail.gold_paid == 2 * n and sail.silenced == tuple(silenced)
        assert sail.pawns == 3  # silence costs no pawns
        assert [s for s, _ in sail.sightings] == path[1 + n : 3]


def test_bought_silence_counts_each_space_once():
    # A space passed through twice holds one Sighting, so silencing it is paid once.
    path = ["roanoke_inlet", "roanoke_island", "albemarle_sound", "roanoke_island", "gun_inlet"]
    sail = sail_adventure(
        G, path, bought_silence=True, silenced=["roanoke_island", "roanoke_island"], purse=2
    )
    assert sail.gold_paid == 2 and sail.sightings == (("albemarle_sound", "sighting"),)
    # One space id alone is one space, not its letters.
    alone = sail_adventure(G, path, bought_silence=True, silenced="roanoke_island", purse=2)
    assert alone == sail


def test_escape_destinations():
    # "not Cape Henry and, if Adventure, not to a space with a Hunter piece".
    assert escape_destinations(G, "jane", "roanoke_inlet") == {
        "roanoke_island",
        "currituck_sound",
        "albemarle_sound",
        "gun_inlet",
        "currituck_inlet",
    }
    assert "currituck_inlet" not in escape_destinations(
        G, "adventure", "roanoke_inlet", hunters_at=["currituck_inlet"]
    )
    assert escape_destinations(G, "ranger", "james_river") == set()  # only Cape Henry is adjacent
    with pytest.raises(IllegalActionError, match="only Sloops Escape"):
        escape_destinations(G, "brand", "bath_town")


@pytest.mark.parametrize(
    ("piece", "path", "message"),
    [
        (
            "jane",
            ["james_river", "roanoke_inlet"],
            r"not linked by a Route; .* by Water: cape_henry",
        ),
        (
            "jane",
            ["bath_town", "roanoke_river"],
            r"Land Route only, and Sloops Sail only via Water",
        ),
        (
            "brand",
            ["bath_town", "west_pamlico_sound"],
            r"Water Route, and March: 'Move Brand only via Land",
        ),
        ("brand", ["bath_twon"], r"unknown space 'bath_twon': did you mean 'bath_town'"),
        ("blackbeard", ["bath_town"], r"unknown piece 'blackbeard'"),
        ("brand", [], r"at least its start"),
    ],
)
def test_illegal_moves_name_the_rule(piece, path, message):
    with pytest.raises(IllegalActionError, match=message):
        move_cost(G, piece, path)


def test_reach_bad_input():
    with pytest.raises(
        IllegalActionError, match="pawns must be a whole number from 0 to 12, got -1"
    ):
        reach(G, "jane", "james_river", -1)
    with pytest.raises(
        IllegalActionError, match="Adventure is only ever in one of the 24 block slots"
    ):
        reach(G, "adventure", "james_river", 3)
    with pytest.raises(IllegalActionError, match="can never reach"):
        cheapest_route(G, "brand", "james_river", "gun_inlet")


starts = {
    "adventure": SLOTS,
    "brand": sorted(
        n for n in G if "land" in set().union(*(G.edges[n, m]["routes"] for m in G[n]))
    ),
}


@settings(max_examples=150, deadline=None)
@given(
    piece=st.sampled_from(PIECES),
    data=st.data(),
    pawns=st.integers(0, 7),
    skilled_helm=st.booleans(),
    hire_doctor=st.booleans(),
)
def test_every_returned_route_is_legal_and_costs_what_it_says(
    piece, data, pawns, skilled_helm, hire_doctor
):
    start = data.draw(st.sampled_from(starts.get(piece, sorted(G))))
    helm = skilled_helm and piece in {"jane", "ranger", "sloops"}
    routes = reach(G, piece, start, pawns, skilled_helm=helm, hire_doctor=hire_doctor)
    assert routes[start].pawns == 0
    for end, route in routes.items():
        assert route.path[0] == start and route.path[-1] == end
        assert (
            move_cost(G, piece, route.path, skilled_helm=helm, hire_doctor=hire_doctor)
            == route.pawns
        )
        assert route.pawns <= pawns
        assert cheapest_route(G, piece, start, end, skilled_helm=helm).pawns == route.pawns
    # Nothing cheaper was left out: every space one more move away costs more.
    H = move_graph(G, piece, skilled_helm=helm)
    cap = min(pawns, 3) if hire_doctor and piece == "adventure" else pawns
    for space, route in routes.items():
        for nxt in H.successors(space):
            if route.pawns + H.edges[space, nxt]["pawns"] <= cap:
                assert nxt in routes
