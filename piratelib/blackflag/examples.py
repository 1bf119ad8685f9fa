"""Black Flag!'s rulebook examples and teaching scenarios, played out as steps.

Each function scripts a table exactly - Roles, Ships from :func:`ship_deck` and cards
from the unshuffled :func:`teaching_deck` - and returns the steps of
:func:`piratelib.blackflag.game.resolve` for one turn's actions: what happened, the rule
in the rulebook's words, and the state after it. :func:`rulebook_sinking` is the
rulebook's own example made concrete; the others show Promotions, the Pirate's special
direction, the Flying Deutchmann and End of the Deck. The seats are the rulebook's names.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from piratelib.blackflag.game import EndPlay, PlayDeutchmann, PlayShot, TakeShip, new_game, resolve
from piratelib.blackflag.state import Card, State, ship_deck, teaching_deck
from piratelib.steps import Step

__all__ = [
    "NAMES",
    "SCENARIOS",
    "admiral_sinking",
    "deutchmann_sinking",
    "end_of_the_deck",
    "pirate_sinking",
    "rulebook_sinking",
]

NAMES = ("Andrew", "Barbara", "Cody", "Daniel", "Emma", "Frank", "Gina", "Hugo")
"""The players' names, clockwise: the rulebook's six, then two more for 7 and 8 players."""

_FOUR = NAMES[:4]
_FIVE = NAMES[:5]


def rulebook_sinking() -> tuple[Step, ...]:
    """The rulebook's example: Barbara sinks Andrew's Calypso, and he is the Brittish Privateer.

    "Andrew's Ship is sunk, and his Role is revealed: A Brittish Privateer! Andrew's Ship
    has a Treasure Chest value of 2. The Treasure Chest is moved 2 spaces toward the
    Ibberian Flag." Made concrete: 4 players, Andrew the Brittish Privateer, Barbara the
    Admiral, Cody the Commodore, Daniel the Ibberian Privateer. Andrew's Calypso (Treasure
    Chest 2, Range 2, Ammunition 1, Barrels 4, Cannon) has 1 Barrel left; on her turn
    Barbara plays a SHOT at him, and he has no MISS.

    Examples
    --------
    >>> steps = rulebook_sinking()
    >>> [step.phase for step in steps][2:]
    ['Sinking a Ship: 1', 'Sinking a Ship: 2', 'Sinking a Ship: 4', 'Sinking a Ship: 5', \
'Sinking a Ship: 6']
    >>> steps[-1].state.chest, steps[-1].state.player("Barbara").doubloons
    (2, 1)
    """
    roles = ["brittish_privateer", "admiral", "commodore", "ibberian_privateer"]
    state = _table(_FOUR, roles).replace_player("Andrew", barrels=1)
    return resolve(state, PlayShot(_shot(state, "Barbara"), "Andrew"))


def admiral_sinking() -> tuple[Step, ...]:
    """Promotions: Barbara sinks the Admiral, and the revealed Lieutenant is promoted.

    5 players: Andrew the Admiral (the Calypso, 1 Barrel left), Barbara the Commodore, Cody
    the Ensign, Daniel a Lieutenant whose Role is already face up, Emma the Pirate. On her
    turn Barbara plays a SHOT at Andrew. The Admiral is Ibberian, so the Treasure Chest
    moves toward the Brittish Flag: 2 spaces for the Calypso and 1 more because the
    Admiral was sunk; then Daniel, "the first revealed Lieutenant, going clockwise",
    swaps Roles with Andrew.

    Examples
    --------
    >>> state = admiral_sinking()[-1].state
    >>> state.chest, state.roles["Andrew"], state.roles["Daniel"]
    (-3, 'lieutenant', 'admiral')
    """
    roles = ["admiral", "commodore", "ensign", "lieutenant", "pirate"]
    state = replace(_table(_FIVE, roles), active=1)
    state = state.replace_player("Andrew", barrels=1).replace_player("Daniel", revealed=True)
    return resolve(state, PlayShot(_shot(state, "Barbara"), "Andrew"))


def pirate_sinking() -> tuple[Step, ...]:
    """The Pirate sunk: the Chest moves toward the Flag of the Lieutenant who sank her.

    5 players: Andrew the Admiral, Barbara the Commodore, Cody the Ensign, Daniel the
    Lieutenant, Emma the Pirate (Ship 5: Treasure Chest 1, 1 Barrel left). On his turn
    Daniel plays a SHOT at Emma. The Pirate belongs to no nation, so the Chest moves
    "Toward the Flag of the player who caused the sinking": the Ibberian Flag, which
    tells everyone that Daniel's hidden Role is Ibberian.

    Examples
    --------
    >>> state = pirate_sinking()[-1].state
    >>> state.chest, state.player("Daniel").revealed, state.player("Daniel").doubloons
    (1, False, 1)
    """
    roles = ["admiral", "commodore", "ensign", "lieutenant", "pirate"]
    state = replace(_table(_FIVE, roles), active=3).replace_player("Emma", barrels=1)
    return resolve(state, PlayShot(_shot(state, "Daniel"), "Emma"))


def deutchmann_sinking() -> tuple[Step, ...]:
    """The Flying Deutchmann sinks the Pirate at the start of her turn.

    5 players: Andrew the Admiral, Barbara the Pirate (2 Barrels left), Cody the
    Commodore, Daniel the Ensign, Emma the Lieutenant. Andrew plays the Flying Deutchmann
    card at Barbara's Ship (and draws a card for its DRAW effect), then ends his turn.
    Barbara reveals the top card, a corner-D card; no card in her hand shows D, so she
    cannot respond and loses 2 Barrels: her Ship sinks. "The Treasure Chest is not moved,
    if the Pirate is sunk. No one receives a Doubloon: instead, discard one from the
    Hourglass to the supply." She then takes a new Ship from the Ship deck and plays her
    turn.

    Examples
    --------
    >>> state = deutchmann_sinking()[-1].state
    >>> state.chest, state.hourglass, state.reserve, state.player("Barbara").ship.name
    (0, 6, 13, 'Ship 9')
    """
    roles = ["admiral", "pirate", "commodore", "ensign", "lieutenant"]
    state = _table(_FIVE, roles)
    flying = _find(state.deck, kind="flying_deutchmann")
    state = _give(state, "Andrew", (flying, *state.player("Andrew").hand[:2]))
    abc = tuple(_find(state.deck, corner=f"corner_{x}") for x in "abc")
    state = _give(state, "Barbara", abc)
    draw = _find(state.deck, corner="corner_a")  # Andrew's DRAW
    reveal = _find(state.deck, corner="corner_d")  # Barbara's reveal: nothing in hand matches
    rest = tuple(c for c in state.deck if c not in (draw, reveal))
    state = replace(state, deck=(draw, reveal, *rest))
    state = state.replace_player("Barbara", barrels=2)
    steps = resolve(state, PlayDeutchmann(flying, "Barbara"))
    steps += resolve(steps[-1].state, EndPlay())
    return steps + resolve(steps[-1].state, TakeShip(None))


def end_of_the_deck() -> tuple[Step, ...]:
    """End of the Deck: the Flags move onto the Treasure Chest, and nobody wins yet.

    5 players; after earlier sinkings the Treasure Chest is on space 4 of the Ibberian
    side, the Flags on 5. One card is left in the deck. Andrew (the Admiral) ends his
    turn, and Barbara must draw 2: after the first card the deck runs out, 1 Doubloon goes
    from the Hourglass to the supply, and both Flags move to space 4 - onto the Chest. "If
    the Treasure Chest reaches a team's Flag during this step, the game is not over yet!"

    Examples
    --------
    >>> state = end_of_the_deck()[-1].state
    >>> state.flags, state.chest, state.hourglass, state.outcome
    (4, 4, 6, None)
    """
    roles = ["admiral", "commodore", "ensign", "lieutenant", "pirate"]
    state = _table(_FIVE, roles)
    hand = state.player("Andrew").hand
    state = state.replace_player("Andrew", hand=hand[:5])
    discard = (*hand[5:], *state.deck[1:])
    state = replace(state, chest=4, deck=state.deck[:1], discard=discard)
    return resolve(state, EndPlay())


SCENARIOS: dict[str, Callable[[], tuple[Step, ...]]] = {
    "rulebook_sinking": rulebook_sinking,
    "admiral_sinking": admiral_sinking,
    "pirate_sinking": pirate_sinking,
    "deutchmann_sinking": deutchmann_sinking,
    "end_of_the_deck": end_of_the_deck,
}
"""The scripted scenarios by name; each returns the steps of its actions, in order."""


def _table(names: Sequence[str], roles: Sequence[str]) -> State:
    """A game dealt from the Ship deck and the teaching deck in order: hands of SHOTs only."""
    return new_game(names, roles=roles, ships=ship_deck(), deck=teaching_deck())


def _give(state: State, name: str, hand: tuple[Card, ...]) -> State:
    """Give `name` exactly `hand`, taken from the deck; their other cards go to the discard."""
    old = state.player(name).hand
    return state.update(
        {name: {"hand": hand}},
        deck=tuple(card for card in state.deck if card not in hand),
        discard=(*state.discard, *(card for card in old if card not in hand)),
    )


def _shot(state: State, name: str) -> Card:
    """The first SHOT in `name`'s hand."""
    return next(card for card in state.player(name).hand if card.kind == "shot")


def _find(cards: Sequence[Card], **wanted: str) -> Card:
    """The first of `cards` with the `wanted` kind or corner symbol."""
    return next(c for c in cards if all(getattr(c, k) == v for k, v in wanted.items()))
