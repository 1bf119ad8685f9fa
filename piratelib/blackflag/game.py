"""Black Flag!'s turn and rules: actions, what is legal, and what an action does.

The game is played in turns clockwise, the Admiral first, each in four phases: "1. New
Ship", "2. Draw", "3. Play", "4. Discard". :func:`legal_actions` lists what the player who
must decide (:func:`decider`) may do; :func:`resolve` applies one action and returns its
steps, each with the rule it applied and the state after it; :func:`apply` returns just
the last state. An action that is not legal raises
:class:`~piratelib.errors.IllegalActionError` naming the rule, and changes nothing.

piratelib plays with the cards whose effects the rulebook states (SHOT, MISS, Cannon,
Sails, Telescope, Flying Deutchmann) and the stand-in deck and Ships of
``blackflag.toml``. Where the rulebook is silent we assume, and say so in the docstrings:
the face-up Ship row is refilled from the Ship deck; the deck "runs out" when a card must
be drawn and none is left; the Flags stop at space 1; the Flying Deutchmann card also
draws a card (its DRAW effect) and targets another player's Ship.

Examples
--------
Andrew's Calypso has the Cannon ability, and he has a Cannon card in play: "Andrew, with
a single SHOT, would cause the target to lose 3 Barrels if it hits."

>>> from piratelib.blackflag.state import Card, ship_deck
>>> shot, cannon = Card(1, "shot", "corner_a"), Card(2, "cannon", "corner_b")
>>> deck = [shot, cannon] + [Card(n, "telescope", "corner_a") for n in range(3, 40)]
>>> state = new_game(
...     ["Andrew", "Barbara", "Cody", "Daniel"],
...     deck=deck,
...     ships=ship_deck(),
...     roles=["admiral", "commodore", "ibberian_privateer", "brittish_privateer"],
... )
>>> state = apply(state, PlayEquipment(cannon))
>>> print(resolve(state, PlayShot(shot, "Barbara"))[-1].text)
Barbara loses 3 Barrels (1 for the SHOT, 1 for Calypso's Cannon, 1 for Cannon #2 (B)): 2
left.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from piratelib.blackflag import sinking, table
from piratelib.blackflag.data import load_blackflag
from piratelib.blackflag.scoring import edge_of_the_world
from piratelib.blackflag.state import Card, Pending, State, Token, setup
from piratelib.errors import IllegalActionError
from piratelib.steps import Step

__all__ = [
    "Action",
    "Discard",
    "EndPlay",
    "Keep",
    "Miss",
    "PlayDeutchmann",
    "PlayEquipment",
    "PlayShot",
    "Respond",
    "TakeHit",
    "TakeShip",
    "apply",
    "decider",
    "legal_actions",
    "new_game",
    "playout",
    "resolve",
    "shot_reach",
]


@dataclass(frozen=True)
class TakeShip:
    """New Ship: take the face-up Ship at `row` (0 to 2), or the Ship deck's top if None."""

    row: int | None = None


@dataclass(frozen=True)
class PlayShot:
    """Play an Attack card with SHOT against `target`."""

    card: Card
    target: str


@dataclass(frozen=True)
class PlayEquipment:
    """Play an Equipment card face up in front of you."""

    card: Card


@dataclass(frozen=True)
class PlayDeutchmann:
    """Play the Flying Deutchmann card against `target`'s Ship."""

    card: Card
    target: str


@dataclass(frozen=True)
class EndPlay:
    """End the Play phase; go on to Discard."""


@dataclass(frozen=True)
class Discard:
    """Discard `card` from your hand in the Discard phase."""

    card: Card


@dataclass(frozen=True)
class Miss:
    """As the target of a SHOT, play a MISS card to cancel it."""

    card: Card


@dataclass(frozen=True)
class TakeHit:
    """As the target of a SHOT, let it hit."""


@dataclass(frozen=True)
class Keep:
    """After your Ship sank, keep this Equipment (or none) and discard the rest."""

    card: Card | None


@dataclass(frozen=True)
class Respond:
    """With the Flying Deutchmann on your Ship, reveal `card` to respond, or None not to."""

    card: Card | None


Action = (
    TakeShip
    | PlayShot
    | PlayEquipment
    | PlayDeutchmann
    | EndPlay
    | Discard
    | Miss
    | TakeHit
    | Keep
    | Respond
)

_NEW_SHIP = (
    "1. New Ship: At the start of your turn, if you don't have a Ship, you must take one from "
    "the row of 3 face-up Ships on the table or draw the top one from the deck ... take from "
    "the supply the number of Barrels indicated by the Barrel symbol."
)
_DRAW = "2. Draw: During this phase, draw 2 cards from the playing deck."
_SHOT = (
    "SHOT: you can only play a SHOT against a player if they have a Ship and only if they are "
    "at a distance equal to or less than your Ship's Range"
)
_AMMUNITION = (
    "Attack card ... During your turn, you may play a number of Attack cards equal to your "
    "Ship's Ammunition value."
)
_MISS = "MISS: Cancels a SHOT effect."
_HIT = (
    "When a SHOT hits, it generally causes the loss of Barrels ... CANNON: ... causes the loss "
    "of an additional Barrel when your SHOT hits."
)
_EQUIPMENT = "Equipment card ... Play it face-up in front of you during your turn"
_NO_SHIP = (
    "Important: If a player does not have a Ship, they cannot be the target of any card until "
    "they get a new Ship"
)
_DISCARD = (
    "4. Discard: At the end of your turn ... the maximum number of cards you are allowed to "
    "hold is 5. If you have more than that, you must discard cards from your hand, one at a "
    "time"
)
_ADRIFT = (
    "Adrift!: If it's not your turn and you have no cards in your hand, immediately draw 1 "
    "card from the deck. If you run out of cards during your turn ... Draw only after you've "
    "finished your turn"
)
_END_OF_DECK = (
    "End of the Deck: Every time the deck runs out, remove 1 Doubloon from the Hourglass ... "
    "move both Flags on the score board one space toward the center ... if the Treasure Chest "
    "reaches a team's Flag during this step, the game is not over yet! Finally, shuffle the "
    "discard pile and form a new draw deck."
)
_DEUTCHMANN_CARD = (
    "The Flying Deutchmann: ... takes the Flying Deutchmann token and places it on top of the "
    "target player's Ship ... If the token is already in play, you may move it onto a "
    "different Ship. If Davey Jones has entered the game, apply only the Draw effect."
)
_REVEAL = (
    'The Flying Deutchmann: 1. At the start of your turn, you must "reveal" a card ... 2. Now, '
    'if you wish, you may "respond": Reveal a card from your hand that has the same symbol'
)
_RESPONDED = (
    "3. If you respond, the Flying Deutchmann moves to the next Ship in a clockwise direction "
    "(skip players who do not have a Ship)."
)
_STRIKES = "If you do not respond, the Flying Deutchmann makes you lose 2 Barrels, then disappears"
_AFTER_DEUTCHMANN = (
    "Since it is still the beginning of your turn, after checking for promotion, take a new "
    "Ship immediately and play your turn as normal."
)
_HOLDER_SUNK = (
    "If the Ship of a player who has the Flying Deutchmann sinks when it is not their turn, "
    "they immediately move the Flying Deutchmann token to the next Ship, going clockwise"
)
_DAVEY_JONES = (
    "Davey Jones ... also goes in front of players who do not have a Ship, who must still "
    "reveal and respond. If a player can respond, they must do so ... As soon as someone fails "
    "to respond, the game ends immediately"
)
_EDGE = (
    "Each player whose Role is still hidden at the end of the game reveals it and takes a "
    "Doubloon from the supply. Then, check where the Treasure Chest is located on the scoring "
    "track"
)
_ANNIE = (
    "Annie Bonnie: Against her, Equipment does not work, not even during the other players' turns."
)


def new_game(names: Sequence[str], **options) -> State:
    """Set up a game (:func:`piratelib.blackflag.state.setup`) and start the Admiral's turn.

    The Admiral has a Ship, so New Ship is skipped; they draw 2 and the game waits for
    their Play.

    Examples
    --------
    >>> state = new_game(["Ann", "Bo", "Cy", "Di"], seed=4)
    >>> state.phase, len(state.active_player.hand), state.active_player.role
    ('play', 6, 'admiral')
    """
    log: list[Step] = []
    return _start_turn(setup(names, **options), log)


def decider(state: State) -> str:
    """Return the name of the player who must act next.

    That is the active player, unless a SHOT's target may MISS, a sunk player must choose
    which Equipment to keep, or the Flying Deutchmann's holder may respond.
    """
    return state.pending.player if state.pending else state.active_player.name


def legal_actions(state: State) -> list[Action]:
    """Return every action the deciding player may take; none once the game has ended.

    Examples
    --------
    >>> state = new_game(["Ann", "Bo", "Cy", "Di"], seed=4)
    >>> EndPlay() in legal_actions(state)
    True
    """
    return [action for action in _candidates(state) if _refusal(state, action) is None]


def resolve(state: State, action: Action) -> tuple[Step, ...]:
    """Apply `action` and return its steps; the last step's state is the new state.

    Raises
    ------
    IllegalActionError
        If the action is not legal; the message names the action, the rule and the state.
    """
    reason = _refusal(state, action)
    if reason is not None:
        raise IllegalActionError(
            f"{decider(state)} cannot {_describe(action)}: {reason} "
            f"(phase {state.phase}, {state.active_player.name}'s turn)"
        )
    log: list[Step] = []
    state = _DO[type(action)](state, action, log)
    if state.outcome is None and state.pending is None:
        state = _adrift(state, log)
    assert log and log[-1].state is state, "every change is recorded as a step"
    return tuple(log)


def apply(state: State, action: Action) -> State:
    """Apply `action` and return the new state.

    Raises
    ------
    IllegalActionError
        If the action is not legal.
    """
    return resolve(state, action)[-1].state


def playout(
    state: State,
    rng: random.Random,
    *,
    policy: Callable[[State, list[Action], random.Random], Action] | None = None,
    max_actions: int = 20_000,
) -> list[tuple[Action, tuple[Step, ...]]]:
    """Play from `state` until the game ends or `max_actions`, choosing with `policy`.

    The default policy picks uniformly among the legal actions with `rng`. Returns each
    action with its steps.

    Examples
    --------
    >>> history = playout(new_game(list("ABCDE"), seed=7), random.Random(7))
    >>> history[-1][1][-1].state.outcome is not None
    True
    """
    policy = policy or (lambda s, actions, r: r.choice(actions))
    history = []
    for _ in range(max_actions):
        actions = legal_actions(state)
        if not actions:
            break
        action = policy(state, actions, rng)
        steps = resolve(state, action)
        history.append((action, steps))
        state = steps[-1].state
    return history


def shot_reach(state: State, attacker: str, target: str) -> tuple[int, int]:
    """Return (distance, reach) for `attacker` aiming at `target`: reach is Range + Telescope.

    Sails on the target add 1 to the distance, a Telescope 1 to the reach (see
    :mod:`piratelib.blackflag.table`); against Annie Bonnie, and by her, the other
    player's Equipment does not work.

    Raises
    ------
    IllegalActionError
        If either player is not at the table or has no Ship.
    """
    a, t = state.player(attacker), state.player(target)
    if a.ship is None:
        raise IllegalActionError(f"{attacker} has no Ship to attack with")
    if t.ship is None:
        raise IllegalActionError(f"{target} has no Ship: {_NO_SHIP}")
    ships = [p.name for p in state.players if p.ship]
    sails = [target] if t.has("sails") and a.captain != "annie_bonnie" else []
    scope = a.has("telescope") and t.captain != "annie_bonnie"
    d = table.distance(state.names, ships, attacker, target, sails=sails)
    return d, a.ship.range + bool(scope)


# ---------------------------------------------------------------- what may be done


def _candidates(state: State) -> list[Action]:
    """Every action worth checking in this state (legal or not)."""
    if state.outcome is not None:
        return []
    pending = state.pending
    if pending is not None:
        player = state.player(pending.player)
        if pending.kind == "shot":
            return [*(Miss(c) for c in player.hand), TakeHit()]
        if pending.kind == "keep":
            return [*(Keep(c) for c in player.equipment), Keep(None)]
        return [*(Respond(c) for c in player.hand), Respond(None)]
    me = state.active_player
    if state.phase == "new_ship":
        return [*(TakeShip(i) for i in range(len(state.ship_row))), TakeShip(None)]
    if state.phase == "discard":
        return [Discard(c) for c in me.hand]
    found: list[Action] = [EndPlay()]
    for card in me.hand:
        if card.kind == "shot":
            found += [PlayShot(card, p.name) for p in state.players if p.name != me.name]
        elif card.kind == "flying_deutchmann":
            found += [PlayDeutchmann(card, p.name) for p in state.players if p.name != me.name]
        elif card.type == "equipment":
            found.append(PlayEquipment(card))
    return found


def _refusal(state: State, action: Action) -> str | None:
    """Why `action` is illegal in `state`, in the rulebook's words; None if it is legal."""
    if state.outcome is not None:
        return f"the game is over ({state.outcome.termination.value})"
    pending = state.pending
    wants = {"shot": (Miss, TakeHit), "keep": (Keep,), "deutchmann": (Respond,)}
    if pending is not None and not isinstance(action, wants[pending.kind]):
        return f"{pending.player} must first answer: {_PENDING[pending.kind]}"
    if pending is None and isinstance(action, (Miss, TakeHit, Keep, Respond)):
        return "there is no SHOT, sinking or Flying Deutchmann to answer"
    me = state.player(decider(state))
    card = getattr(action, "card", None)
    in_hand = (Miss, Respond, Discard, PlayShot, PlayEquipment, PlayDeutchmann)
    if isinstance(action, in_hand) and card is not None and card not in me.hand:
        return f"{card} is not in {me.name}'s hand"
    if isinstance(action, Miss):
        return None if card.kind == "miss" else f"{card} has no MISS: {_MISS}"
    if isinstance(action, Respond):
        if card is None or card.corner == pending.card.corner:
            return None
        return f"{card} does not show the revealed card's symbol ({pending.card}): {_REVEAL}"
    if isinstance(action, (TakeHit, Keep)):
        if isinstance(action, Keep) and card is not None and card not in me.equipment:
            return f"{card} is not Equipment {me.name} has in play"
        return None
    if isinstance(action, TakeShip):
        if state.phase != "new_ship":
            return (
                f"{me.name} already has a Ship: 1. New Ship: If you have a Ship, skip this phase."
            )
        if action.row is None:
            return None if state.ship_deck else "the Ship deck is empty"
        if not isinstance(action.row, int) or not 0 <= action.row < len(state.ship_row):
            return f"the face-up row holds Ships 0 to {len(state.ship_row) - 1}, got {action.row!r}"
        return None
    if isinstance(action, Discard):
        limit = load_blackflag().turn["hand_limit"]
        if state.phase != "discard" or len(me.hand) <= limit:
            return f"{_DISCARD}; {me.name} holds {len(me.hand)} in phase {state.phase}"
        return None
    if state.phase != "play":
        return f"cards are played in the Play phase, not {state.phase}"
    if isinstance(action, EndPlay):
        return None
    if isinstance(action, PlayEquipment):
        return None if card.type == "equipment" else f"{card} is not an Equipment card"
    target = state.player(action.target)
    if target.name == me.name:
        return f"{me.name} cannot target their own Ship"
    if target.ship is None:
        return f"{target.name} has no Ship. {_NO_SHIP}"
    if isinstance(action, PlayDeutchmann):
        if card.kind != "flying_deutchmann":
            return f"{card} is not the Flying Deutchmann card"
        token = state.token
        if token and token.side == "flying_deutchmann" and token.holder == target.name:
            return f"the Flying Deutchmann is already on {target.name}'s Ship: {_DEUTCHMANN_CARD}"
        return None
    if card.kind != "shot":
        return f"{card} has no SHOT"
    ammunition = me.ship.ammunition
    if state.attacks >= ammunition:
        return (
            f"{me.name} has played {state.attacks} Attack cards and {me.ship.name}'s "
            f"Ammunition is {ammunition}. {_AMMUNITION}"
        )
    distance, reach = shot_reach(state, me.name, target.name)
    if distance > reach:
        scope = " with the Telescope" if reach > me.ship.range else ""
        return (
            f"{target.name} is at distance {distance}, beyond {me.name}'s Range of {reach}"
            f"{scope}. {_SHOT}"
        )
    return None


_PENDING = {
    "shot": "the target of a SHOT may play a MISS or take the hit",
    "keep": "a sunk player keeps at most 1 Equipment",
    "deutchmann": "the Flying Deutchmann's holder may respond",
}


def _describe(action: Action) -> str:
    """An action in words, for messages."""
    card = getattr(action, "card", None)
    target = getattr(action, "target", None)
    name = type(action).__name__
    return " ".join(str(x) for x in (name, card, target and f"at {target}") if x)


# ---------------------------------------------------------------- what actions do


def _take_ship(state: State, action: TakeShip, log: list[Step]) -> State:
    me = state.active_player
    if action.row is None:
        ship, row, deck = state.ship_deck[0], state.ship_row, state.ship_deck[1:]
        where = "the top of the Ship deck"
    else:
        ship = state.ship_row[action.row]
        rest = state.ship_row[: action.row] + state.ship_row[action.row + 1 :]
        row, deck = rest + state.ship_deck[:1], state.ship_deck[1:]
        where = "the face-up row (refilled from the Ship deck: assumed)"
    state = replace(state, ship_row=row, ship_deck=deck, phase="draw")
    state = state.replace_player(me.name, ship=ship, barrels=ship.barrels)
    text = f"{me.name} takes {ship.name} from {where} and {ship.barrels} Barrels."
    log.append(Step("1. New Ship", text, _NEW_SHIP, state))
    return _draw_phase(state, log)


def _play_shot(state: State, action: PlayShot, log: list[Step]) -> State:
    me = state.active_player
    state = _from_hand(state, me.name, action.card)
    state = replace(state, attacks=state.attacks + 1)
    text = f"{me.name} plays {action.card} at {action.target}."
    target = state.player(action.target)
    if any(card.kind == "miss" for card in target.hand):
        state = replace(state, pending=Pending("shot", action.target, by=me.name))
        log.append(Step("3. Play", text + f" {action.target} may MISS.", _SHOT, state))
        return state
    log.append(Step("3. Play", text + f" {action.target} has no MISS.", _SHOT, state))
    return _hit(state, me.name, action.target, log)


def _miss(state: State, action: Miss, log: list[Step]) -> State:
    who = state.pending.player
    state = replace(_from_hand(state, who, action.card), pending=None)
    log.append(Step("3. Play", f"{who} plays {action.card}: the SHOT is cancelled.", _MISS, state))
    return state


def _take_hit(state: State, action: TakeHit, log: list[Step]) -> State:
    pending = state.pending
    return _hit(replace(state, pending=None), pending.by, pending.player, log)


def _hit(state: State, attacker: str, target: str, log: list[Step]) -> State:
    """The SHOT hits: 1 Barrel, plus 1 per Cannon on the attacker's Ship and Equipment."""
    a, t = state.player(attacker), state.player(target)
    reasons = ["1 for the SHOT"]
    if a.ship.cannon:
        reasons.append(f"1 for {a.ship.name}'s Cannon")
    rule = _HIT
    for card in a.equipment:
        if card.kind == "cannon":
            if t.captain == "annie_bonnie":
                rule = f"{_HIT} {_ANNIE}"
            else:
                reasons.append(f"1 for {card}")
    lost = len(reasons)
    left = max(0, t.barrels - lost)
    state = state.replace_player(target, barrels=left)
    plural = "Barrel" if lost == 1 else "Barrels"
    text = f"{target} loses {lost} {plural} ({', '.join(reasons)}): {left} left."
    log.append(Step("3. Play", text, rule, state))
    if left:
        return state
    return _after_sinking(sinking.sink(state, target, attacker, "shot", log), target, "shot", log)


def _play_equipment(state: State, action: PlayEquipment, log: list[Step]) -> State:
    me = state.active_player
    state = _from_hand(state, me.name, action.card, to_discard=False)
    state = state.replace_player(me.name, equipment=(*state.player(me.name).equipment, action.card))
    log.append(
        Step("3. Play", f"{me.name} plays {action.card} in front of them.", _EQUIPMENT, state)
    )
    return state


def _play_deutchmann(state: State, action: PlayDeutchmann, log: list[Step]) -> State:
    me = state.active_player
    state = _from_hand(state, me.name, action.card)
    if state.token and state.token.side == "davey_jones":
        text = f"{me.name} plays {action.card}: Davey Jones is in play, so only its Draw effect."
    else:
        state = replace(state, token=Token("flying_deutchmann", action.target))
        text = (
            f"{me.name} plays {action.card}: the Flying Deutchmann goes on {action.target}'s Ship."
        )
    log.append(Step("3. Play", text, _DEUTCHMANN_CARD, state))
    return _draw(state, me.name, 1, "DRAW", log)


def _end_play(state: State, action: EndPlay, log: list[Step]) -> State:
    state = replace(state, phase="discard")
    log.append(Step("4. Discard", f"{state.active_player.name} ends their Play.", _DISCARD, state))
    return _end_turn_if_done(state, log)


def _discard(state: State, action: Discard, log: list[Step]) -> State:
    me = state.active_player
    state = _from_hand(state, me.name, action.card)
    log.append(Step("4. Discard", f"{me.name} discards {action.card}.", _DISCARD, state))
    return _end_turn_if_done(state, log)


def _keep(state: State, action: Keep, log: list[Step]) -> State:
    pending = state.pending
    state = sinking.finish(state, pending.player, pending.by, pending.cause, action.card, log)
    return _after_sinking(state, pending.player, pending.cause, log)


def _respond(state: State, action: Respond, log: list[Step]) -> State:
    me = state.active_player
    state = replace(state, pending=None)
    if action.card is None:
        return _deutchmann_strikes(state, log)
    holder = _next_ship(state, me.name)
    state = replace(state, token=Token("flying_deutchmann", holder) if holder else None)
    text = f"{me.name} responds with {action.card}: the Flying Deutchmann moves to {holder}'s Ship."
    log.append(Step("The Flying Deutchmann", text, _RESPONDED, state))
    return _new_ship_or_draw(state, log)


_DO: dict[type, Callable[[State, Action, list[Step]], State]] = {
    TakeShip: _take_ship,
    PlayShot: _play_shot,
    Miss: _miss,
    TakeHit: _take_hit,
    PlayEquipment: _play_equipment,
    PlayDeutchmann: _play_deutchmann,
    EndPlay: _end_play,
    Discard: _discard,
    Keep: _keep,
    Respond: _respond,
}


# ---------------------------------------------------------------- the turn


def _start_turn(state: State, log: list[Step]) -> State:
    """The start of the active player's turn: Davey Jones, the Flying Deutchmann, New Ship."""
    state = replace(state, attacks=0, phase="new_ship")
    me = state.active_player
    token = state.token
    if token is None or token.holder != me.name:
        return _new_ship_or_draw(state, log)
    state, card = _reveal(state, log)
    if card is None:
        return _new_ship_or_draw(state, log)
    matches = [c for c in me.hand if c.corner == card.corner]
    if token.side == "davey_jones":
        if not matches:
            return _edge_of_the_world(state, f"{me.name} cannot respond to {card}", log)
        left = state.players[(state.active + 1) % len(state.players)].name
        state = replace(state, token=Token("davey_jones", left))
        text = f"{me.name} must respond, and reveals {matches[0]}: Davey Jones moves to {left}."
        log.append(Step("At the Edge of the World", text, _DAVEY_JONES, state))
        return _new_ship_or_draw(state, log)
    if matches:
        state = replace(state, pending=Pending("deutchmann", me.name, card=card))
        log[-1] = replace(log[-1], state=state)
        return state
    return _deutchmann_strikes(state, log, could=False)


def _deutchmann_strikes(state: State, log: list[Step], *, could: bool = True) -> State:
    """No response: lose 2 Barrels and the token disappears; it may sink the Ship."""
    me = state.active_player
    lost = load_blackflag().rules["flying_deutchmann"]["barrels_lost"]
    left = max(0, me.barrels - lost)
    state = replace(state.replace_player(me.name, barrels=left), token=None)
    text = (
        f"{me.name} {'does not' if could else 'cannot'} respond: the Flying Deutchmann "
        f"takes {lost} Barrels "
        f"({left} left) and disappears."
    )
    log.append(Step("The Flying Deutchmann", text, _STRIKES, state))
    if left:
        return _new_ship_or_draw(state, log)
    state = sinking.sink(state, me.name, None, "deutchmann", log)
    return _after_sinking(state, me.name, "deutchmann", log)


def _after_sinking(state: State, victim: str, cause: str, log: list[Step]) -> State:
    """Play resumes after a sinking (unless the game ended or a choice waits)."""
    if state.outcome is not None or state.pending is not None:
        return state
    if cause == "deutchmann":
        state = replace(state, phase="new_ship")
        text = f"{victim} takes a new Ship immediately and plays their turn."
        log.append(Step("The Flying Deutchmann", text, _AFTER_DEUTCHMANN, state))
        return _new_ship_or_draw(state, log)
    token = state.token
    if token and token.side == "flying_deutchmann" and token.holder == victim:
        holder = _next_ship(state, victim)
        state = replace(state, token=Token("flying_deutchmann", holder) if holder else None)
        text = f"The Flying Deutchmann moves from {victim} to {holder or 'nobody'}."
        log.append(Step("The Flying Deutchmann", text, _HOLDER_SUNK, state))
    return state


def _new_ship_or_draw(state: State, log: list[Step]) -> State:
    """New Ship waits for a choice if the active player has no Ship; otherwise Draw."""
    if state.active_player.ship is None:
        state = replace(state, phase="new_ship")
        text = f"{state.active_player.name} has no Ship and must take one."
        log.append(Step("1. New Ship", text, _NEW_SHIP, state))
        return state
    return _draw_phase(state, log)


def _draw_phase(state: State, log: list[Step]) -> State:
    """2. Draw, then 3. Play."""
    state = replace(state, phase="draw")
    state = _draw(state, state.active_player.name, load_blackflag().turn["draw"], "2. Draw", log)
    if state.outcome is None:
        state = replace(state, phase="play")
        log[-1] = replace(log[-1], text=log[-1].text + " On to 3. Play.", state=state)
    return state


def _end_turn_if_done(state: State, log: list[Step]) -> State:
    """After a discard: end the turn once the hand is within the limit."""
    me = state.active_player
    if len(me.hand) > load_blackflag().turn["hand_limit"]:
        return state
    if not me.hand:
        state = _draw(state, me.name, load_blackflag().turn["adrift_draw"], "Adrift!", log)
    state = replace(state, active=(state.active + 1) % len(state.players))
    return _start_turn(state, log)


def _adrift(state: State, log: list[Step]) -> State:
    """Players out of cards out of their turn draw 1, clockwise from the active player."""
    n = len(state.players)
    for k in range(1, n):
        player = state.players[(state.active + k) % n]
        if not player.hand:
            state = _draw(state, player.name, load_blackflag().turn["adrift_draw"], "Adrift!", log)
    return state


# ---------------------------------------------------------------- cards and the deck


def _from_hand(state: State, name: str, card: Card, *, to_discard: bool = True) -> State:
    """Take `card` from a hand, onto the discard pile unless it goes elsewhere."""
    hand = list(state.player(name).hand)
    hand.remove(card)
    state = state.replace_player(name, hand=tuple(hand))
    return replace(state, discard=(*state.discard, card)) if to_discard else state


def _draw(state: State, name: str, n: int, phase: str, log: list[Step]) -> State:
    """`name` draws `n` cards, running End of the Deck whenever the deck is empty."""
    drawn = []
    for _ in range(n):
        if not state.deck:
            state = _end_of_deck(state, log)
        if not state.deck:
            break
        drawn.append(state.deck[0])
        hand = (*state.player(name).hand, state.deck[0])
        state = replace(state.replace_player(name, hand=hand), deck=state.deck[1:])
    rule = _ADRIFT if phase == "Adrift!" else _DRAW
    text = f"{name} draws {len(drawn)} card{'s' * (len(drawn) != 1)}."
    log.append(Step(phase, text, rule, state))
    return state


def _reveal(state: State, log: list[Step]) -> tuple[State, Card | None]:
    """Turn over the deck's top card onto the discard pile."""
    if not state.deck:
        state = _end_of_deck(state, log)
    if not state.deck:
        return state, None
    card = state.deck[0]
    state = replace(state, deck=state.deck[1:], discard=(*state.discard, card))
    text = f"{state.active_player.name} reveals {card}."
    log.append(Step("The Flying Deutchmann", text, _REVEAL, state))
    return state, card


def _end_of_deck(state: State, log: list[Step]) -> State:
    """The deck ran out: Hourglass -1, Flags toward the centre, reshuffle the discards."""
    if not state.discard:
        return state
    rules = load_blackflag().rules["end_of_deck"]
    taken = min(state.hourglass, rules["hourglass_removed"])
    flags = max(rules["flag_floor"], state.flags - rules["flag_step"])
    deck = list(state.discard)
    random.Random(f"{state.seed}:{state.shuffles}").shuffle(deck)
    state = replace(
        state,
        hourglass=state.hourglass - taken,
        reserve=state.reserve + taken,
        flags=flags,
        deck=tuple(deck),
        discard=(),
        shuffles=state.shuffles + 1,
    )
    text = (
        f"The deck runs out: {taken} Doubloon from the Hourglass to the supply, the Flags move "
        f"to space {flags}, and the discard pile is shuffled into a new deck of {len(deck)}."
    )
    log.append(Step("End of the Deck", text, _END_OF_DECK, state))
    return sinking.davey_jones_enters(state, log)


def _edge_of_the_world(state: State, why: str, log: list[Step]) -> State:
    """Davey Jones ends the game: hidden Roles become Doubloons, then score."""
    for p in state.players:
        if not p.revealed:
            paid = min(1, state.reserve)
            state = state.replace_player(p.name, revealed=True, doubloons=p.doubloons + paid)
            state = replace(state, reserve=state.reserve - paid)
    doubloons = {p.name: p.doubloons for p in state.players}
    outcome = edge_of_the_world(state.roles, doubloons, chest=state.chest)
    state = replace(state, outcome=outcome)
    log.append(
        Step("At the Edge of the World", f"{why}: the game ends. {outcome.why}.", _EDGE, state)
    )
    return state


def _next_ship(state: State, name: str) -> str | None:
    """The next player clockwise from `name` who has a Ship (possibly `name`), or None."""
    start = state.names.index(name)
    n = len(state.players)
    for k in range(1, n + 1):
        player = state.players[(start + k) % n]
        if player.ship is not None:
            return player.name
    return None
