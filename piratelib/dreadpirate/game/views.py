"""What each Pirate may know in Dread Pirate: :func:`observation`, hashable, leak-free.

Set Up deals each Pirate 2 Mission cards and 2 Action cards: "These cards are secret from
the other Pirates." So a Pirate sees their own hand and their own Missions, face down or
started, with the battles won for a battle task; of every other Pirate only how many
Action cards and uncompleted Missions they hold, and the Missions made public: started
ones ("Once activated, turn the Mission card face up for all Pirates to see") and those
kept for a bonus ("kept with the Pirate off to the side in order to keep track of
bonuses"). Both discard piles are public ("Discarded Missions are placed face up next to
the Mission Deck", "Discarded Actions are placed face up next to the Action Deck"); of the
decks only their sizes. Never the seed, the reshuffles, the decks' order, or another
Pirate's hand or face-down Missions.

Where the rulebook is silent we assume, as at a real table: the Ships, every purse and
the bank are in plain sight (the "Treasure-Hoarder" gives out Gold and Gems openly), so
are the Flag, the movement roll, and a battle's dice and the Action cards played in it
(the waiting battle, ``pending``, is public: it holds no card still in a hand). The view
is the table now, not a record of the past: a Pirate who remembers which cards a rival
played may narrow down that rival's hand; the view does not.

:func:`stand_in` builds a state the viewer cannot tell from the true one, to ask the rules
what depends only on the view: while the viewer is the one to decide, the stand-in's legal
actions are the true state's.

Examples
--------
>>> from piratelib.dreadpirate.game import new_game
>>> state = new_game(["Ann", "Bo"], seed=3)
>>> view = observation(state, "Bo")
>>> view.decider, len(view.hand), view.pirate("Ann").hand_size, view.pirate("Ann").missions
('Ann', 2, 2, 2)
>>> view.mission_deck, [str(held.card) for held in view.missions]
(46, ["Mission #12 (Kraken's Reach: Win 2 Battles)", 'Mission #18 (Skull Rock to La Antigua)'])
>>> observation(state, "Cy")
Traceback (most recent call last):
  ...
piratelib.errors.IllegalActionError: unknown Pirate 'Cy': the Pirates are Ann, Bo
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TypeVar

from piratelib.dreadpirate.game.state import (
    ActionCard,
    Held,
    MissionCard,
    Pending,
    Pirate,
    State,
    action_deck,
    check_state,
    mission_deck,
)
from piratelib.dreadpirate.game.turn import roll_bonus
from piratelib.dreadpirate.sea.grid import Square
from piratelib.dreadpirate.treasure import Outcome, Purse
from piratelib.errors import IllegalActionError, check_id

__all__ = ["Observation", "SeenPirate", "observation", "stand_in"]

_Card = TypeVar("_Card", MissionCard, ActionCard)


@dataclass(frozen=True)
class SeenPirate:
    """One Pirate as every Pirate at the table sees them.

    ``hand_size`` and ``missions`` count their Action cards and uncompleted Missions;
    ``started`` are those Missions turned face up (with the battles won since, for a
    battle task), ``kept`` the completed Missions kept for their bonus, and ``roll_bonus``
    what they add "to all of their rolls" (the Flag's +1 and kept Missions').
    """

    name: str
    colour: str
    purse: Purse
    square: Square
    hand_size: int
    missions: int
    started: tuple[Held, ...] = ()
    kept: tuple[MissionCard, ...] = ()
    roll_bonus: int = 0


@dataclass(frozen=True)
class Observation:
    """What Pirate ``player`` may know now (see the module docstring).

    ``pirates`` are every Pirate's public side, in seat order; ``hand`` and ``missions``
    the viewer's own Action cards and uncompleted Missions. ``active`` is whose turn it
    is, ``attacked`` whether they have attacked this turn, ``dice`` and ``roll`` their
    movement roll (``roll`` None once they have moved); ``pending`` the waiting battle;
    ``mission_deck`` and ``action_deck`` how many cards each deck holds; the discard piles
    bottom first; ``battles`` how many battles have been fought.
    """

    player: str
    pirates: tuple[SeenPirate, ...]
    hand: tuple[ActionCard, ...]
    missions: tuple[Held, ...]
    active: str
    turn: int
    dice: tuple[int, ...]
    roll: int | None
    attacked: bool
    pending: Pending | None
    dread_pirate: str | None
    bank: Purse
    mission_deck: int
    action_deck: int
    mission_discard: tuple[MissionCard, ...]
    action_discard: tuple[ActionCard, ...]
    battles: int
    diagonal: str
    pass_through: bool
    outcome: Outcome | None

    def __post_init__(self) -> None:
        mine = self.pirate(self.player)
        if (mine.hand_size, mine.missions) != (len(self.hand), len(self.missions)):
            raise IllegalActionError(
                f"{self.player}'s own hand and Missions ({len(self.hand)} and "
                f"{len(self.missions)}) are not what the table counts ({mine.hand_size} and "
                f"{mine.missions})"
            )
        check_id("Pirate", self.active, self.names)

    @property
    def names(self) -> tuple[str, ...]:
        """The Pirates' names, in seat order."""
        return tuple(p.name for p in self.pirates)

    @property
    def me(self) -> SeenPirate:
        """The viewer's public side."""
        return self.pirate(self.player)

    @property
    def decider(self) -> str:
        """Who must act next: in a battle, whoever may play a card or take the spoils."""
        return self.pending.player if self.pending else self.active

    def pirate(self, name: str) -> SeenPirate:
        """The Pirate called `name`, as the table sees them.

        Raises
        ------
        IllegalActionError
            If nobody of that name is playing (the message names who is).
        """
        for p in self.pirates:
            if p.name == name:
                return p
        check_id("Pirate", name, self.names)
        raise AssertionError("unreachable: check_id refuses a name not found")


def observation(state: State, player: str) -> Observation:
    """Return exactly what Pirate `player` may know now (see the module docstring).

    Raises
    ------
    IllegalActionError
        If `player` is not a Pirate in the game; the message names those who are.
    TypeError
        If `state` is not a Dread Pirate State.

    Examples
    --------
    >>> from piratelib.dreadpirate.game import new_game
    >>> state = new_game(["Ann", "Bo"], seed=3)
    >>> observation(state, "Ann") == observation(state, "Ann"), hash(observation(state, "Bo"))
    (True, ...)
    >>> observation(state, "Ann") == observation(state, "Bo")
    False
    """
    check_state(state)
    me = state.player(check_id("Pirate", player, state.names))
    return Observation(
        player=player,
        pirates=tuple(_seen(state, p) for p in state.players),
        hand=me.hand,
        missions=me.missions,
        active=state.active_player.name,
        turn=state.turn,
        dice=state.dice,
        roll=state.roll,
        attacked=state.attacked,
        pending=state.pending,
        dread_pirate=state.dread_pirate,
        bank=state.bank,
        mission_deck=len(state.mission_deck),
        action_deck=len(state.action_deck),
        mission_discard=state.mission_discard,
        action_discard=state.action_discard,
        battles=state.battles,
        diagonal=state.diagonal,
        pass_through=state.pass_through,
        outcome=state.outcome,
    )


def stand_in(view: Observation) -> State:
    """Return a state that `view`'s Pirate cannot tell from the true one.

    What they see is as in `view`; what they do not see is filled in plainly: the cards
    they cannot see, in number order, make up the decks, then the other Pirates' hands and
    face-down Missions (after their started ones); seed 0, no reshuffles. So
    ``observation(stand_in(view), view.player) == view``, and while the viewer decides,
    the rules give the stand-in the true state's legal actions: they never ask about what
    the deciding Pirate cannot see.

    Examples
    --------
    >>> from piratelib.dreadpirate.game import decider, legal_actions, new_game
    >>> state = new_game(["Ann", "Bo", "Cy"], seed=5)
    >>> view = observation(state, decider(state))
    >>> observation(stand_in(view), view.player) == view
    True
    >>> legal_actions(stand_in(view)) == legal_actions(state), stand_in(view) == state
    (True, False)
    """
    if not isinstance(view, Observation):
        raise TypeError(f"expected a Dread Pirate Observation, got {view!r}")
    missions = _unseen(_decks()[0], view.mission_discard, view.missions, view.pirates)
    actions = _unseen(_decks()[1], view.action_discard, view.hand, view.pirates)
    decks = missions[: view.mission_deck], actions[: view.action_deck]
    missions, actions = missions[view.mission_deck :], actions[view.action_deck :]
    players = []
    for p in view.pirates:
        if p.name == view.player:
            hand, held = view.hand, view.missions
        else:
            down = p.missions - len(p.started)
            hand, actions = tuple(actions[: p.hand_size]), actions[p.hand_size :]
            held = (*p.started, *(Held(card) for card in missions[:down]))
            missions = missions[down:]
        players.append(Pirate(p.name, p.colour, p.purse, p.square, hand, held, p.kept))
    return State(
        players=tuple(players),
        active=view.names.index(view.active),
        mission_deck=tuple(decks[0]),
        mission_discard=view.mission_discard,
        action_deck=tuple(decks[1]),
        action_discard=view.action_discard,
        bank=view.bank,
        dread_pirate=view.dread_pirate,
        attacked=view.attacked,
        pending=view.pending,
        outcome=view.outcome,
        turn=view.turn,
        battles=view.battles,
        dice=view.dice,
        roll=view.roll,
        diagonal=view.diagonal,
        pass_through=view.pass_through,
    )


def _seen(state: State, p: Pirate) -> SeenPirate:
    """Pirate `p`'s public side."""
    return SeenPirate(
        name=p.name,
        colour=p.colour,
        purse=p.purse,
        square=p.square,
        hand_size=len(p.hand),
        missions=len(p.missions),
        started=tuple(held for held in p.missions if held.started),
        kept=p.kept,
        roll_bonus=roll_bonus(state, p.name),
    )


@functools.cache
def _decks() -> tuple[tuple[MissionCard, ...], tuple[ActionCard, ...]]:
    """Every Mission card and every Action card, in number order (built once)."""
    return mission_deck(), action_deck()


def _unseen(
    deck: tuple[_Card, ...],
    discard: tuple[_Card, ...],
    own: tuple[Held, ...] | tuple[ActionCard, ...],
    pirates: tuple[SeenPirate, ...],
) -> list[_Card]:
    """The cards of `deck` the viewer cannot see, in number order."""
    seen: set[object] = {*discard, *(h.card if isinstance(h, Held) else h for h in own)}
    seen.update(held.card for pirate in pirates for held in pirate.started)
    seen.update(card for pirate in pirates for card in pirate.kept)
    return [card for card in deck if card not in seen]
