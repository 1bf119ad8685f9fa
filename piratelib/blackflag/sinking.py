"""Sinking a Ship in Black Flag!: the rulebook's six steps, Promotions, and Davey Jones.

"When a Ship loses its last Barrel, it sinks and the game is paused briefly to carry out
the following steps". :func:`sink` carries out steps 1 to 4 and, unless the sunk player
must choose which Equipment to keep, :func:`finish` carries out steps 4 to 6. Each step
is appended to a log as a :class:`~piratelib.steps.Step` with the rulebook's words and
the state after it; :func:`piratelib.blackflag.turn.after_sinking` decides what happens
after.

``cause`` is ``"shot"`` for a sinking by another player, or ``"deutchmann"`` for one by
the Flying Deutchmann, whose sinkings differ: "The Treasure Chest is not moved, if the
Pirate is sunk. No one receives a Doubloon: instead, discard one from the Hourglass to the
supply."

Step 6 checks for a Sinking victory after every sinking, even one that leaves the Chest
where it was: "When a Ship sinks, if the Treasure Chest reaches or passes one of the Flags,
the team that owns that flag wins!" So a Chest left on a Flag by End of the Deck wins at
the next sinking. Where the rulebook is silent we assume: a Privateer who sinks the Pirate
moves the Chest toward the Flag of the nation it counts with; the Chest stops at the end
of the track; a sinker finds no Doubloon when both the Hourglass and the reserve are
empty.
"""

from __future__ import annotations

from dataclasses import replace

from piratelib.blackflag.data import load_blackflag
from piratelib.blackflag.scoring import (
    role_name,
    sinking_victory,
    space_name,
    team_of,
    wealth_victory,
)
from piratelib.blackflag.state import Card, Pending, State, Token, check_state
from piratelib.errors import IllegalActionError, check_id
from piratelib.steps import Step

__all__ = ["davey_jones_enters", "finish", "move_chest", "promote", "sink"]

SINKING = "Sinking a Ship"
_STEP_1 = (
    "1. The Role card of the player whose Ship sank is revealed, if it was face-down ... "
    "If their Role is revealed, this Doubloon is lost."
)
_STEP_2 = (
    "2. The Treasure Chest ... is moved as many spaces as the Treasure Chest value shown on "
    "the sunken Ship: Toward the Flag of the faction opposing that of the sunk player. For "
    "this purpose, the Brittish Privateer counts as belonging to Great Brittonia and the "
    "Ibberian Privateer to the Kingdom of Ibberia. Toward the Flag of the player who caused "
    "the sinking, if the Pirate was sunk."
)
_STEP_3 = (
    "3. Moreover, if the Admiral or the Commodore is sunk, the Treasure Chest is moved one "
    "additional space in the same direction, and a check is made to see if there is a "
    "Promotion"
)
_STEP_4 = (
    "4. The player whose Ship was sunk discards their Ship card by placing it face down "
    "underneath the Ship deck. They may keep a maximum of 1 piece of Equipment in play"
)
_STEP_5 = (
    "5. The player who caused the sinking takes 1 Doubloon from the Hourglass and places it "
    "on their Captain card. If there are no more Doubloons in the Hourglass, take them from "
    "the general reserve instead"
)
_STEP_6 = '6. Then check to see if the game ends due to "Sinking"'
_PROMOTION = (
    "Promotions: If at least one Lieutenant has been revealed, then the Admiral swaps Roles "
    "with the first revealed Lieutenant, going clockwise ... For the Brittish team, the same "
    "applies between the Commodore and the Ensign(s)."
)
_DEUTCHMANN = (
    "The Flying Deutchmann: The Treasure Chest is not moved, if the Pirate is sunk. No one "
    "receives a Doubloon: instead, discard one from the Hourglass to the supply."
)
_DAVEY_JONES = (
    "At the Edge of the World: As soon as there are no more Doubloons left in the Hourglass, "
    "flip the Flying Deutchmann token to the side with Davey Jones and place it in front of "
    "the player to the left of the active player"
)


def sink(state: State, victim: str, sinker: str | None, cause: str, log: list[Step]) -> State:
    """Sink `victim`'s Ship: steps 1 to 3, then 4 to 6 unless a choice of Equipment waits.

    Returns the state after the last step carried out; if the sunk player has more than
    one Equipment in play, its ``pending`` is a ``keep`` decision and :func:`finish` must
    be called with the card kept.

    Examples
    --------
    The rulebook's example: "Andrew's Ship is sunk, and his Role is revealed: A Brittish
    Privateer! Andrew's Ship has a Treasure Chest value of 2. The Treasure Chest is moved 2
    spaces toward the Ibberian Flag."

    >>> from piratelib.blackflag.state import setup, ship_deck
    >>> state = setup(
    ...     ["Andrew", "Barbara", "Cody", "Daniel"],
    ...     ships=ship_deck(),
    ...     roles=["brittish_privateer", "admiral", "commodore", "ibberian_privateer"],
    ... )
    >>> log = []
    >>> state = sink(state, "Andrew", "Barbara", "shot", log)
    >>> print(log[0].text)
    Andrew's Role is revealed: Brittish Privateer. The Doubloon on its back is lost.
    >>> print(log[1].text)
    The Treasure Chest moves 2 spaces toward the Ibberian Flag (Calypso's Treasure Chest
    value), from space 0 to space 2 of the Ibberian side.

    Raises
    ------
    IllegalActionError
        If `victim` has no Ship, `sinker` is not another player at the table (or None),
        `cause` is not ``"shot"`` or ``"deutchmann"``, or `log` is not a list; nothing is
        logged then, and nothing is logged unless the whole sinking is carried out.
    """
    _check_call(state, victim, sinker, cause, log)
    player = state.player(victim)
    if player.ship is None:
        raise IllegalActionError(f"{victim} has no Ship to sink")
    steps: list[Step] = []
    state = _sink(state, victim, sinker, cause, steps)
    log.extend(steps)
    return state


def _sink(state: State, victim: str, sinker: str | None, cause: str, log: list[Step]) -> State:
    """Steps 1 to 3 (then :func:`_finish`), appending to `log`; the arguments are checked."""
    player = state.player(victim)
    ship = player.ship
    assert ship is not None  # sink() refused a victim with no Ship
    if player.revealed:
        text = f"{victim}'s Role, {role_name(player.role)}, was already face up."
    else:
        state = state.replace_player(victim, revealed=True)
        printed = role_name(player.role)
        text = f"{victim}'s Role is revealed: {printed}. The Doubloon on its back is lost."
    log.append(Step(f"{SINKING}: 1", text, _STEP_1, state))
    role = player.role
    toward = _toward(state, role, sinker, cause)
    if toward is None:
        reason = (
            "the Flying Deutchmann sank the Pirate"
            if cause == "deutchmann"
            else "nobody caused the sinking"
        )
        rule = _DEUTCHMANN if cause == "deutchmann" else _STEP_2
        log.append(
            Step(f"{SINKING}: 2", f"The Treasure Chest does not move: {reason}.", rule, state)
        )
    else:
        shows = role == "pirate" and sinker is not None and sinker in state.hidden
        if shows and sinker is not None and (sinker, toward) not in state.shown:
            state = replace(state, shown=(*state.shown, (sinker, toward)))
        state = move_chest(state, toward, ship.treasure, f"{ship.name}'s Treasure Chest value", log)
    extra = load_blackflag().rules["sinking"]
    if role in extra["extra_for"] and toward is not None:
        why = f"the {role_name(role)} was sunk"
        state = move_chest(state, toward, extra["extra_spaces"], why, log, step=3)
    if role in extra["extra_for"]:
        state = promote(state, victim, log)
    state = state.update({victim: {"ship": None, "barrels": 0}}, ship_deck=(*state.ship_deck, ship))
    kept = state.player(victim).equipment
    text = f"{victim} discards {ship.name} underneath the Ship deck."
    if len(kept) > extra["equipment_kept"]:
        state = replace(state, pending=Pending("keep", victim, by=sinker, cause=cause))
        log.append(
            Step(f"{SINKING}: 4", text + f" {victim} chooses 1 Equipment to keep.", _STEP_4, state)
        )
        return state
    log.append(Step(f"{SINKING}: 4", text, _STEP_4, state))
    return _finish(state, victim, sinker, cause, kept[0] if kept else None, log)


def finish(
    state: State,
    victim: str,
    sinker: str | None,
    cause: str,
    keep: Card | None,
    log: list[Step],
) -> State:
    """Steps 4 (Equipment kept) to 6 of a sinking: Doubloons, then the Sinking check.

    Raises
    ------
    IllegalActionError
        If `keep` is not one of the sunk player's Equipment in play, or an argument is not
        one :func:`sink` takes; nothing is logged then.
    """
    _check_call(state, victim, sinker, cause, log)
    player = state.player(victim)
    if keep is not None and (type(keep) is not Card or keep not in player.equipment):
        raise IllegalActionError(
            f"{victim} can keep only Equipment in play: "
            f"{', '.join(map(str, player.equipment)) or 'none'}; got {keep}"
        )
    steps: list[Step] = []
    state = _finish(state, victim, sinker, cause, keep, steps)
    log.extend(steps)
    return state


def _finish(
    state: State,
    victim: str,
    sinker: str | None,
    cause: str,
    keep: Card | None,
    log: list[Step],
) -> State:
    """Steps 4 to 6, appending to `log`; the arguments are checked."""
    player = state.player(victim)
    gone = tuple(card for card in player.equipment if card != keep)
    if gone:
        state = state.update(
            {victim: {"equipment": (keep,) if keep else ()}},
            discard=(*state.discard, *gone),
        )
        kept = f"keeps {keep}" if keep else "keeps no Equipment"
        text = f"{victim} {kept} and discards {', '.join(map(str, gone))}."
        log.append(Step(f"{SINKING}: 4", text, _STEP_4, state))
    state = replace(state, pending=None)
    if cause == "deutchmann" or sinker is None:
        if state.hourglass:
            state = replace(state, hourglass=state.hourglass - 1, reserve=state.reserve + 1)
            text = "No one receives a Doubloon: one is discarded from the Hourglass to the supply."
        else:
            text = "No one receives a Doubloon, and the Hourglass is empty."
        log.append(Step(f"{SINKING}: 5", text, _DEUTCHMANN, state))
    else:
        state, text = _pay(state, sinker)
        log.append(Step(f"{SINKING}: 5", text, _STEP_5, state))
        won = wealth_victory({sinker: state.player(sinker).role}, _doubloons(state), state.hidden)
        if won:
            state = replace(state, outcome=won)
            log.append(Step("End of the Game: Wealth", f"{won.why}: they win!", _WEALTH, state))
            return state
    state = davey_jones_enters(state, log)
    won = sinking_victory(state.chest, state.flags, state.roles)
    if won:
        state = replace(state, outcome=won)
        text = f"{load_blackflag().teams[won.winner]['name']} wins: {won.why}."
    else:
        text = (
            f"No Sinking victory: the Treasure Chest is on {space_name(state.chest)}, "
            f"the Flags on {state.flags}."
        )
    log.append(Step(f"{SINKING}: 6", text, _STEP_6 + "; " + _SINKING_WIN, state))
    return state


def move_chest(
    state: State, toward: str, spaces: int, why: str, log: list[Step], *, step: int = 2
) -> State:
    """Move the Treasure Chest `spaces` toward `toward`'s Flag, stopping at the track's end.

    Examples
    --------
    >>> from piratelib.blackflag.state import setup
    >>> log = []
    >>> state = move_chest(setup(list("ABCD"), seed=3), "brittonia", 1, "an example", log)
    >>> state.chest, log[0].text
    (-1, 'The Treasure Chest moves 1 space toward the Brittish Flag (an example), from space 0
    to space 1 of the Brittish side.')
    >>> move_chest(state, "brittonia", -3, "an example", log)
    Traceback (most recent call last):
      ...
    piratelib.errors.IllegalActionError: spaces must be a whole number from 0 to 12, got -3

    Raises
    ------
    IllegalActionError
        If `toward` is not one of the track's two sides (a nation team id), `spaces` is not
        a whole number from 0 to the track's length, `why` is not text or `log` not a list.
    """
    bf = load_blackflag()
    _check_log(state, log)
    check_id("side of the track", toward, bf.track["sides"])
    last = bf.track["spaces_per_side"]
    if type(spaces) is not int or not 0 <= spaces <= 2 * last:
        raise IllegalActionError(
            f"spaces must be a whole number from 0 to {2 * last}, got {spaces!r}"
        )
    if type(why) is not str or step not in (2, 3):
        raise IllegalActionError(
            f"move_chest needs text for why and step 2 or 3, got {why!r}, {step!r}"
        )
    sign = 1 if toward == bf.track["sides"][0] else -1
    last = bf.track["spaces_per_side"]
    chest = max(-last, min(last, state.chest + sign * spaces))
    after = replace(state, chest=chest)
    flag = bf.teams[toward]["flag"]
    plural = "space" if spaces == 1 else "spaces"
    text = (
        f"The Treasure Chest moves {spaces} {plural} toward the {flag} ({why}), "
        f"from {space_name(state.chest)} to {space_name(chest)}."
    )
    if chest != state.chest + sign * spaces:
        text += " It stops at the end of the track."
    log.append(Step(f"{SINKING}: {step}", text, _STEP_2 if step == 2 else _STEP_3, after))
    return after


def promote(state: State, sunk: str, log: list[Step]) -> State:
    """Promotions: the sunk Admiral (Commodore) swaps Roles with the first revealed
    Lieutenant (Ensign) clockwise from them; with none revealed they keep their Role.

    Examples
    --------
    >>> from piratelib.blackflag.state import setup
    >>> state = setup(
    ...     list("ABCDE"), seed=0, roles=["admiral", "commodore", "ensign", "lieutenant", "pirate"]
    ... )
    >>> state = state.replace_player("D", revealed=True)
    >>> log = []
    >>> promote(state, "A", log).roles
    {'A': 'lieutenant', 'B': 'commodore', 'C': 'ensign', 'D': 'admiral', 'E': 'pirate'}

    Raises
    ------
    IllegalActionError
        If `sunk` is not at the table or `log` is not a list.
    """
    _check_log(state, log)
    player = state.player(sunk)
    rows = {p["leader"]: p for p in load_blackflag().promotions.values()}
    if player.role not in rows:
        return state
    successor = rows[player.role]["successor"]
    start = state.names.index(sunk)
    order = [state.players[(start + k) % len(state.players)] for k in range(1, len(state.players))]
    revealed = [p for p in order if p.role == successor and p.revealed]
    if not revealed:
        text = (
            f"No {role_name(successor)} has been revealed: {sunk} keeps the Role of "
            f"{role_name(player.role)}."
        )
        log.append(Step("Promotions", text, _PROMOTION, state))
        return state
    first = revealed[0]
    state = state.replace_player(first.name, role=player.role, revealed=True)
    state = state.replace_player(sunk, role=successor, revealed=True)
    text = (
        f"{first.name}, the first revealed {role_name(successor)} clockwise, is promoted to "
        f"{role_name(player.role)}; {sunk} becomes a {role_name(successor)}."
    )
    log.append(Step("Promotions", text, _PROMOTION, state))
    return state


def davey_jones_enters(state: State, log: list[Step]) -> State:
    """If the Hourglass has just emptied, Davey Jones goes to the active player's left.

    Does nothing while the Hourglass holds Doubloons or Davey Jones is already in play.

    Raises
    ------
    IllegalActionError
        If `state` is not a State or `log` is not a list.
    """
    _check_log(state, log)
    if state.hourglass or (state.token and state.token.side == "davey_jones"):
        return state
    left = state.players[(state.active + 1) % len(state.players)].name
    state = replace(state, token=Token("davey_jones", left))
    text = (
        f"The Hourglass is empty: the token flips to Davey Jones and goes in front of {left}, "
        f"to the left of {state.active_player.name}."
    )
    log.append(Step("At the Edge of the World", text, _DAVEY_JONES, state))
    return state


_WEALTH = (
    "1. Wealth: If the Pirate or one of the Privateers collects 4 Doubloons, they win "
    "immediately! Note: Remember that your facedown Role card is worth 1 Doubloon."
)
_SINKING_WIN = (
    "2. Sinking: When a Ship sinks, if the Treasure Chest reaches or passes one of the Flags, "
    "the team that owns that flag wins!"
)


def _check_log(state: object, log: object) -> None:
    """Refuse anything but a State and a list of steps."""
    check_state(state)
    if type(log) is not list:
        raise IllegalActionError(f"log must be a list of steps, got {log!r}")


def _check_call(state: State, victim: object, sinker: object, cause: object, log: object) -> None:
    """Refuse a sinking's arguments that name no one at the table, or an unknown cause."""
    _check_log(state, log)
    check_id("player", victim, state.names)
    if sinker is not None:
        check_id("player (the sinker)", sinker, [n for n in state.names if n != victim])
    check_id("cause", cause, ("shot", "deutchmann"))


def _toward(state: State, role: str, sinker: str | None, cause: str) -> str | None:
    """The team whose Flag the Chest moves toward, or None when it does not move."""
    ibberia, brittonia = load_blackflag().track["sides"]
    if role == "pirate":
        if cause == "deutchmann" or sinker is None:
            return None
        side = team_of(state.player(sinker).role, counts_as=True)
        return side if side in (ibberia, brittonia) else None
    other: str = brittonia if team_of(role, counts_as=True) == ibberia else ibberia
    return other


def _pay(state: State, sinker: str) -> tuple[State, str]:
    """Give the sinker 1 Doubloon from the Hourglass, else the reserve; say what happened."""
    player = state.player(sinker)
    if state.hourglass:
        state = replace(state, hourglass=state.hourglass - 1)
        source = "the Hourglass"
    elif state.reserve:
        state = replace(state, reserve=state.reserve - 1)
        source = "the general reserve"
    else:
        return state, f"{sinker} takes no Doubloon: the Hourglass and the reserve are empty."
    state = state.replace_player(sinker, doubloons=player.doubloons + 1)
    return state, f"{sinker} takes 1 Doubloon from {source} and places it on their Captain card."


def _doubloons(state: State) -> dict[str, int]:
    """Each player's Doubloons on their Captain card."""
    return {p.name: p.doubloons for p in state.players}
