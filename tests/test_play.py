"""piratelib.play: a game as its options and actions, saved, loaded, undone and grouped."""

from __future__ import annotations

import json
import random

import pytest

from piratelib.blackbeard.game import Done, Move, Scout, SetCamp, legal_actions
from piratelib.blackbeard.game.choices import choice
from piratelib.errors import DataError, IllegalActionError, PiratelibError
from piratelib.play import MOST, Choice, Record, two_steps


def random_record(game: str, seed: int, actions: int, **options) -> Record:
    record = Record.start(game, seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(actions):
        legal = record.engine.legal_actions(record.states()[-1])
        if not legal:
            break
        record = record.play(rng.choice(legal))
    return record


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("blackbeard", {"advanced": True}),
        ("blackflag", {"names": ["Ann", "Bo", "Cy", "Di"]}),
        ("dreadpirate", {"names": ["Ann", "Bo"]}),
    ],
)
def test_a_saved_game_loads_back_to_the_same_states(game, options):
    record = random_record(game, 3, 40, **options)
    text = record.to_json()
    assert len(text) < 20_000  # a small file: options and indices
    loaded = Record.from_json(text)
    assert loaded == record and loaded.states() == record.states()
    # replayed from nothing but the options and the actions, the game is the same
    again = Record(record.game, record.options, record.actions)
    assert again.states()[-1] == record.states()[-1]


def test_a_changed_file_is_refused_with_what_differs():
    record = random_record("blackbeard", 1, 12)
    saved = json.loads(record.to_json())
    saved["actions"][4]["index"] = (saved["actions"][4]["index"] + 1) % 2
    with pytest.raises(DataError, match="action 5 of the saved game was"):
        Record.from_json(json.dumps(saved))
    for bad, why in [
        ("{", "a saved game is JSON text"),
        ("[]", "not a saved game"),
        (
            '{"format": "piratelib game record", "game": "chess", "options": {}, "actions": []}',
            "game",
        ),
        (
            '{"format": "piratelib game record", "game": "blackbeard", "options": {}, '
            '"actions": [{"index": 999}]}',
            "action 1 of the saved game must have an index from 0 to",
        ),
    ]:
        with pytest.raises(DataError, match=why):
            Record.from_json(bad)


def test_an_illegal_action_is_refused_and_the_record_is_unchanged():
    record = Record.start("blackbeard", seed=1)
    with pytest.raises(IllegalActionError, match="is not legal now"):
        record.play(Move(("jane",), "bath_town"))
    assert record.actions == ()
    with pytest.raises(PiratelibError, match="game"):
        Record.start("chess")


def test_undo_takes_back_only_quiet_actions_of_the_side_that_asks():
    record = Record.start("blackbeard", seed=1).play(SetCamp("nots_island"))
    assert record.can_undo("blackbeard") and not record.can_undo("hunters")
    record = record.play(Done())  # to C: Reset Map and a new segment follow by themselves
    with pytest.raises(IllegalActionError, match="revealed something or used chance"):
        record.undo("hunters")
    record = record.play(Done())  # Blackbeard's C, to the Hunters' D
    moved = record.play(Move(("jane", "ranger"), "cape_henry"))
    assert moved.undo("hunters") == record
    scouts = [a for a in legal_actions(moved.states()[-1]) if isinstance(a, Scout)]
    if scouts:
        assert not moved.play(scouts[0]).can_undo("hunters")


def test_two_steps_never_list_more_than_most_in_seeded_hunts():
    for seed in range(6):
        record = Record.start("blackbeard", seed=seed, advanced=seed % 2 == 1)
        rng = random.Random(seed)
        while legal := legal_actions(record.states()[-1]):
            steps = two_steps([choice(a) for a in legal])
            assert len(steps) <= MOST
            for kinds in steps.values():
                assert len(kinds) <= MOST and all(len(g) <= MOST for g in kinds.values())
            offered = [c.action for k in steps.values() for g in k.values() for c in g]
            assert sorted(map(repr, offered)) == sorted(map(repr, legal))
            record = record.play(rng.choice(legal))


def test_two_steps_split_a_long_group_by_kind():
    many = [Choice("Sail", f"space {i}", "Sounds" if i < 6 else "Towns", i) for i in range(13)]
    grouped = two_steps(many)["Sail"]
    assert list(grouped) == ["Sounds", "Towns"] and [len(g) for g in grouped.values()] == [6, 7]
