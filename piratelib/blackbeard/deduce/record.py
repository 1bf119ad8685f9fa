"""The record of a hunt, revealed: turn by turn, the truth beside what the Hunters believed.

When a game of Hunt for Blackbeard ends, the screens come down. :func:`hunt_record` reads
a game's history (a state after each action) and says, for each finished turn, where
Adventure had Sailed, where Adventure and the Camp really were at the turn's end, and
what the Hunters' own observation let them believe then: the chance of each possible
space (:func:`~piratelib.blackbeard.deduce.chances`, its default ``"sails"`` model) and
how many Anchorages the Camp could be at (:func:`~piratelib.blackbeard.deduce.camp_spaces`).
The truth is read from the states; the belief only from the Hunters'
:func:`~piratelib.blackbeard.game.observation`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from piratelib.blackbeard.deduce.count import camp_spaces, chances
from piratelib.blackbeard.game import State, adventure_space, observation
from piratelib.errors import check_items

__all__ = ["RecordRow", "hunt_record"]


@dataclass(frozen=True)
class RecordRow:
    """One turn of the hunt, revealed: the truth at the turn's end beside the Hunters' belief.

    ``sailed`` is Adventure's Sail that turn (empty if it did not Sail); ``adventure`` and
    ``camp`` where Adventure and the Camp really were at the end of the turn (or when the
    game ended); ``chances`` the Hunters' chance of each possible space then;
    ``camps`` how many Anchorages the Camp could be at.
    """

    turn: int
    sailed: tuple[str, ...]
    adventure: str | None
    camp: str | None
    chances: tuple[tuple[str, Fraction], ...]
    camps: int

    @property
    def truth(self) -> Fraction:
        """The chance the Hunters gave the space where Adventure really was."""
        return dict[str | None, Fraction](self.chances).get(self.adventure, Fraction(0))


def hunt_record(states: Sequence[State]) -> list[RecordRow]:
    """Turn by turn, where Adventure and the Camp were and what the Hunters believed then.

    `states` is a game's history, a state after each action in order (as :class:`HuntApp`
    keeps it). A turn's row is read at the first state after the turn ended (or the last
    state, if the game ended in it); turns not finished get no row.

    Examples
    --------
    >>> import random
    >>> from piratelib.blackbeard.bots.policies import play_bots
    >>> from piratelib.blackbeard.game import new_game
    >>> start = new_game(seed=4)
    >>> states = [start] + [s[-1].state for _, s in play_bots(start, random.Random(4))]
    >>> rows = hunt_record(states)
    >>> [row.turn for row in rows], rows[-1].adventure == adventure_space(states[-1])
    ([1, 2, 3, 4], True)
    >>> all(row.truth > 0 for row in rows)  # the truth is always among the possible spaces
    True
    """
    check_items("states", states, State)
    rows = []
    for turn in range(1, 5):
        inside = [s for s in states if s.turn == turn]
        end = next((s for s in states if s.turn > turn or s.outcome is not None), None)
        if not inside or end is None:
            break
        view = observation(end, "hunters")
        odds = chances(view)
        rows.append(
            RecordRow(
                turn=turn,
                sailed=max((s.sail_path for s in inside), key=len),
                adventure=adventure_space(end),
                camp=end.camp,
                chances=tuple(sorted(odds.items(), key=lambda item: (-item[1], item[0]))),
                camps=len(camp_spaces(view)),
            )
        )
        if end.outcome is not None:
            break
    return rows
