"""Tests for piratelib.draw.blackflag.alt: the alt text says what the pictures draw."""

from __future__ import annotations

import pytest

from piratelib.draw.blackflag.alt import (
    score_board_alt,
    score_board_image,
    seating_alt,
    seating_image,
)
from piratelib.draw.blackflag.table import seating_circle
from piratelib.errors import IllegalActionError


def test_seating_alt_says_who_can_hit_whom_as_the_arrows_do():
    seats = ["Andrew", "Barbara", "Cody", "Daniel", "Emma", "Frank"]
    alt = seating_alt(seats, seats, telescopes=["Andrew"], ranges={"Andrew": 2}, attacker="Andrew")
    # "His Ship, which has a Range of 2, can now hit Daniel."
    assert "Telescope in play: Andrew." in alt
    assert "Andrew's Ship, Range 2 + 1, can hit Barbara (distance 1)" in alt
    assert "Daniel (distance 3)" in alt and "out of range" not in alt
    fig = seating_circle(
        seats, seats, telescopes=["Andrew"], ranges={"Andrew": 2}, attacker="Andrew"
    )
    arrows = [p.get_gid() for p in fig.axes[0].patches if p.get_gid().startswith("arrow:")]
    assert len(arrows) == alt.count("(distance")


def test_seating_alt_refuses_a_stranger_like_the_picture():
    with pytest.raises(IllegalActionError, match="not at the table"):
        seating_alt(["Ann", "Bo", "Cy", "Di"], ["Ann"], sails=["Zed"])


def test_score_board_alt_names_the_chest_space_and_the_hourglass():
    assert "Treasure Chest on space 1 of the Brittish side" in score_board_alt(-1, 4)
    assert "Hourglass" not in score_board_alt(-1, 4)
    assert score_board_alt(0, 4, hourglass=0).endswith("0 Doubloons left in the Hourglass.")


def test_the_images_carry_the_alt_text_and_the_title_only_in_the_picture():
    seats = ["Andrew", "Barbara", "Cody", "Daniel"]
    picture = seating_image(seats, seats, ranges=dict.fromkeys(seats, 1), title="Four Ships")
    assert picture.alt == seating_alt(seats, seats, ranges=dict.fromkeys(seats, 1))
    assert picture.data[:4] == b"\x89PNG"
    board = score_board_image(2, 5, hourglass=3)
    assert board.alt == score_board_alt(2, 5, hourglass=3)
    titled = score_board_image(2, 5, title="After the sinking.")
    assert titled.alt.startswith("After the sinking. The score board: the Treasure Chest on")
