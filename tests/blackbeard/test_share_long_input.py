"""Share and setup codes refuse long input at once, quoting only an excerpt (issue 29,
item 9: 1 MB used to take 22 s, and each message repeated the whole input up to three
times)."""

from __future__ import annotations

import time

import pytest

from piratelib.blackbeard.encounter.record import Encounter
from piratelib.blackbeard.encounter.share import from_setup_code, from_share_code, share_code
from piratelib.errors import PiratelibError

MB = 10**6
LONGEST_CODE = 2_000  # share.LONGEST_CODE
LONG = {
    "unknown key": "h=jane;p=adventure;x=" + "a" * MB,
    "many hunters": "h=" + "jane+" * (MB // 5) + ";p=adventure",
    "many tiles": "h=jane;p=adventure;bt=" + "+".join(["chain_shot"] * (MB // 11)),
    "many parts": "h=jane;p=adventure" + ";w=1" * (MB // 4),
    "percent-encoded": "h%3Djane%3Bp%3Dadventure%3Bbt%3D" + "grape%2B" * (MB // 8),
    "long choice": "h=jane;p=adventure;e=" + "escape/" * (MB // 7),
}


@pytest.mark.parametrize("read", [from_share_code, from_setup_code])
@pytest.mark.parametrize("name", sorted(LONG))
def test_a_long_code_is_refused_at_once_with_a_short_message(read, name):
    text = LONG[name]
    start = time.perf_counter()
    with pytest.raises(PiratelibError, match=f"at most {LONGEST_CODE:,} characters") as caught:
        read(text)
    assert time.perf_counter() - start < 0.05  # measured: about 0.0001 s
    assert len(str(caught.value)) < 300


@pytest.mark.parametrize(
    "text",
    [
        "h=jane;p=adventure;x=" + "a" * 1500,
        "h=jane;p=adventure;e=" + "x" * 1500,
        "h=jane;p=adventure;bt=" + "y" * 1500,
        "h=jane;p=" + "z" * 1500,
        "h=jane;p=adventure;w=" + "2" * 1500,
        "h=jane;p=adventure;" + "q" * 1500,
    ],
)
def test_a_refusal_quotes_at_most_an_excerpt(text):
    with pytest.raises(PiratelibError) as caught:
        from_share_code(text)
    message = str(caught.value)
    assert len(message) < 600, message
    assert message.count("a" * 61) == message.count("x" * 61) == message.count("z" * 61) == 0


def test_the_longest_setup_fits():
    from piratelib.blackbeard.encounter import record

    everything = Encounter(
        hunters=frozenset(record.HUNTER_PIECES),
        pirates=frozenset({"adventure"}),
        hunter_tiles=frozenset(record.HUNTER_TILES),
        blackbeard_tiles=frozenset(record.BLACKBEARD_TILES),
        warned=True,
        most_dice_win=True,
    )
    code = share_code(everything, "best")
    assert len(code) < LONGEST_CODE
    assert from_share_code(code)[0] == everything
