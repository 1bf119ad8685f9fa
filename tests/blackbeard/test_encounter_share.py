"""A setup as text: the setup code (every field of Encounter, fields added later too) and
the share code (the setup and each side's Escape-or-Board choice), round trips and
malformed codes."""

from __future__ import annotations

import dataclasses
import random
import urllib.parse

import pytest

from piratelib.blackbeard.encounter import Encounter, random_encounter
from piratelib.blackbeard.encounter import share as encounter_share
from piratelib.blackbeard.encounter.share import (
    COMMON_ESCAPE_POLICY,
    from_setup_code,
    from_share_code,
    setup_code,
    share_code,
)
from piratelib.errors import IllegalActionError, PiratelibError

ADVENTURE = frozenset({"adventure"})


def random_setups(count: int, seed: int) -> list[Encounter]:
    """`count` legal Encounters drawn at random."""
    rng = random.Random(seed)
    return [random_encounter(rng, chance=0.3) for _ in range(count)]


# setup code ---------------------------------------------------------------------------


def test_setup_code_of_the_issue_example():
    code = "h=jane+ranger;p=adventure;bt=swivel_guns;ht=lt_maynard;w=1"
    enc = from_setup_code(code)
    assert enc == Encounter(
        hunters=frozenset({"jane", "ranger"}),
        pirates=ADVENTURE,
        blackbeard_tiles=frozenset({"swivel_guns"}),
        hunter_tiles=frozenset({"lt_maynard"}),
        warned=True,
    )
    assert setup_code(enc) == code


@pytest.mark.parametrize("enc", random_setups(400, seed=2026), ids=setup_code)
def test_setup_code_round_trips(enc):
    code = setup_code(enc)
    assert from_setup_code(code) == enc
    assert from_setup_code(f" {code.replace(';', ' ; ')} ;") == enc


def test_full_field_names_are_read_too():
    assert from_setup_code("hunters=brand;pirates=blackbeard;most_dice_win=1") == Encounter(
        hunters=frozenset({"brand"}), pirates=frozenset({"blackbeard"}), most_dice_win=True
    )


def test_a_field_added_later_is_written_and_read(monkeypatch):
    @dataclasses.dataclass(frozen=True)
    class Wider(Encounter):
        maynard_any_roll: bool = True
        reading: str = "rulebook"
        spare_turns: int = 0

    monkeypatch.setattr(encounter_share, "Encounter", Wider)
    enc = Wider(
        hunters=frozenset({"jane"}),
        pirates=ADVENTURE,
        maynard_any_roll=False,
        reading="battle_example",
        spare_turns=3,
    )
    code = setup_code(enc)
    assert "maynard_any_roll=0" in code and "reading=battle_example" in code
    assert from_setup_code(code) == enc
    assert from_setup_code("h=jane;p=adventure") == Wider(
        hunters=frozenset({"jane"}), pirates=ADVENTURE
    )


@pytest.mark.parametrize(
    ("code", "message"),
    [
        ("", r"h, p missing; needs h \(hunters\), p \(pirates\)"),
        ("h=jane", r"p missing"),
        ("garbage", r"'garbage' is not key=value"),
        ("h=jane;p=adventure;zz=1", r"unknown key 'zz'; keys: h \(hunters\), p \(pirates\)"),
        ("h=jane;p=adventure;w=yes", r"w \(warned\) must be 1 \(yes\) or 0 \(no\), got 'yes'"),
        ("h=jane;hunters=ranger;p=adventure", r"hunters \(hunters\) is given twice"),
        ("h=Jane!;p=adventure", r"ids joined by '\+'.*got 'Jane!'"),
    ],
)
def test_a_malformed_code_says_what_is_wrong_and_what_is_allowed(code, message):
    with pytest.raises(PiratelibError, match=message):
        from_setup_code(code)


def test_a_code_the_rules_refuse_names_the_rule():
    with pytest.raises(IllegalActionError, match=r"setup code .*cannon_jane needs jane"):
        from_setup_code("h=ranger;p=adventure;ht=cannon_jane")
    with pytest.raises(IllegalActionError, match="unknown Hunter piece 'jnae'"):
        from_setup_code("h=jnae;p=adventure")
    with pytest.raises(PiratelibError, match="a setup code is text"):
        from_setup_code(None)


# share code ---------------------------------------------------------------------------

CHOICES = ("board", "escape", "best")
PER_SIDE = [{"blackbeard": b, "hunters": h} for b in CHOICES for h in CHOICES]


@pytest.mark.parametrize("policy", PER_SIDE)
@pytest.mark.parametrize("enc", random_setups(60, seed=15), ids=setup_code)
def test_share_code_round_trips_setup_and_each_sides_choice(enc, policy):
    code = share_code(enc, policy)
    assert from_share_code(code) == (enc, policy)
    assert from_share_code(urllib.parse.quote(code, safe="")) == (enc, policy)
    assert code.startswith(setup_code(enc))


def test_share_code_writes_each_side_and_leaves_out_the_common_case():
    jane = Encounter(hunters=frozenset({"jane"}), pirates=ADVENTURE)
    assert share_code(jane) == share_code(jane, COMMON_ESCAPE_POLICY) == "h=jane;p=adventure"
    assert COMMON_ESCAPE_POLICY == {"blackbeard": "escape", "hunters": "board"}
    assert share_code(jane, "board") == "h=jane;p=adventure;e=board/board"
    assert share_code(jane, {"hunters": "best", "blackbeard": "board"}).endswith(";e=board/best")
    assert from_share_code("h=jane;p=adventure") == (jane, COMMON_ESCAPE_POLICY)
    assert from_share_code(" h=jane ; e = best ; p=adventure ")[1] == dict.fromkeys(
        ("blackbeard", "hunters"), "best"
    )


def test_share_code_keeps_the_maynard_reading():
    enc = Encounter(
        hunters=frozenset({"jane"}),
        pirates=ADVENTURE,
        hunter_tiles=frozenset({"lt_maynard"}),
        used_this_turn=frozenset({"lt_maynard"}),
        maynard_reading="escape_or_board",
    )
    code = share_code(enc, "best")
    assert "maynard_reading=escape_or_board" in code and "u=lt_maynard" in code
    assert from_share_code(code) == (enc, {"blackbeard": "best", "hunters": "best"})


@pytest.mark.parametrize(
    ("code", "error", "message"),
    [
        ("h=jane;p=adventure;e=sail", IllegalActionError, r"e must be .*board, escape, best"),
        ("h=jane;p=adventure;e=board/sail", IllegalActionError, r"got 'board/sail'"),
        ("h=jane;p=adventure;e=a/b/c", IllegalActionError, r"Blackbeard's choice/the Hunters'"),
        ("h=jane;p=adventure;e=best;e=board", IllegalActionError, r"e \(escape_policy\) is given"),
        ("h=jane;p=adventure;zz=1", PiratelibError, r"unknown key 'zz'"),
        ("h%3Djane", PiratelibError, r"p missing"),
        ("h=ranger;p=adventure;ht=cannon_jane", IllegalActionError, r"cannon_jane needs jane"),
        (None, PiratelibError, r"a share code is text"),
    ],
)
def test_a_malformed_share_code_says_what_is_wrong_and_what_is_allowed(code, error, message):
    with pytest.raises(error, match=message):
        from_share_code(code)


@pytest.mark.parametrize("policy", ["sail", {"blackbeard": "board"}, lambda w, s: "board"])
def test_a_policy_that_cannot_be_shared_is_refused(policy):
    jane = Encounter(hunters=frozenset({"jane"}), pirates=ADVENTURE)
    with pytest.raises(PiratelibError, match=r"cannot be shared|unknown (per-side )?escape_policy"):
        share_code(jane, policy)
