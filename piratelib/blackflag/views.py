"""What one player of Black Flag! may know, and who they should believe is on their side.

"Shuffle the Role cards and deal 1, face down, to each player. The Admiral reveals their
Role and keeps it face up. All other players look at their Roles, but keep them secret."
Hands are held face down; everything else is on the table. :func:`observation` gives a
player exactly that view: their own Role and hand, every face-up Role, the others' hand
sizes, the Ships, Barrels, Equipment and Doubloons in front of everyone, the score board,
the Hourglass, the discard pile ("what has been played"), the decks' sizes (never their
order) and what the game waits for. Bots read nothing else
(:mod:`piratelib.blackflag.bots`). Once the game has ended every Role is shown: the
rulebook says so at the Edge of the World ("Each player whose Role is still hidden at the
end of the game reveals it"), and assumed for the other two ends, where the winners must
show theirs.

:func:`belief` answers "who is on my side?": for every other player, the chance of each
Role given the view, taking every deal of the face-down Roles that fits what is public as
equally likely. What fits: the face-up Roles, the player's own Role, the team a sinking of
the Pirate showed ("If that player still has a hidden role, this will indirectly reveal
their team!"), and that nobody has won by Wealth yet (a face-down Pirate or Privateer with
3 Doubloons on their Captain card would hold 4 and have won). The model ignores how
people have played: whom they shot, whom they spared, which MISS they kept. A player
reading the table would weigh those too.

Examples
--------
At the start of a 5-player game, Bo (an Ensign) sees the Admiral face up and knows the
three others are the Commodore, a Lieutenant and the Pirate in some order:

>>> from piratelib.blackflag.game import new_game
>>> state = new_game(
...     ["Ann", "Bo", "Cy", "Di", "Ed"],
...     seed=1,
...     roles=["admiral", "ensign", "commodore", "lieutenant", "pirate"],
... )
>>> view = observation(state, "Bo")
>>> view.role, view.seats[0].role, view.seats[2].role, view.seats[2].hand
('ensign', 'admiral', None, 4)
>>> {role: str(p) for role, p in belief(view)["Cy"].items()}
{'commodore': '1/3', 'lieutenant': '1/3', 'pirate': '1/3'}
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction

from piratelib.blackflag.cards import Card, Ship
from piratelib.blackflag.data import load_blackflag
from piratelib.blackflag.scoring import Outcome, team_of, wealth_victory
from piratelib.blackflag.state import Pending, State, Token, check_state
from piratelib.errors import IllegalActionError, check_id

__all__ = ["Observation", "Seat", "belief", "nation_chances", "observation"]


@dataclass(frozen=True)
class Seat:
    """One player as everyone at the table sees them.

    ``role`` is their Role id if it is face up, else None; ``hand`` how many cards they
    hold; the rest lies on the table in front of them.
    """

    name: str
    role: str | None
    ship: Ship | None
    barrels: int
    hand: int
    equipment: tuple[Card, ...]
    doubloons: int
    captain: str


@dataclass(frozen=True)
class Observation:
    """What `player` may know now: their own ``role`` and ``hand``, and the table.

    ``seats`` sit clockwise as at the table; ``deck`` and ``ship_deck`` are the decks'
    sizes; ``discard`` the discard pile, last card played last; ``shown`` the teams a
    sinking of the Pirate showed (see :attr:`piratelib.blackflag.state.State.shown`).
    Every Ship is known, so which Ships are in the Ship deck follows from the rest;
    not their order.
    """

    player: str
    role: str
    hand: tuple[Card, ...]
    seats: tuple[Seat, ...]
    active: int
    phase: str
    deck: int
    discard: tuple[Card, ...]
    ship_row: tuple[Ship, ...]
    ship_deck: int
    chest: int
    flags: int
    hourglass: int
    reserve: int
    attacks: int
    token: Token | None
    pending: Pending | None
    outcome: Outcome | None
    shown: tuple[tuple[str, str], ...]

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names, clockwise."""
        return tuple(seat.name for seat in self.seats)

    def seat(self, name: str) -> Seat:
        """The seat of the player called `name`.

        Raises
        ------
        IllegalActionError
            If nobody of that name sits at the table.
        """
        for seat in self.seats:
            if seat.name == name:
                return seat
        check_id("player", name, self.names)
        raise AssertionError("check_id raised")  # pragma: no cover


def observation(state: State, player: str) -> Observation:
    """Return exactly what `player` may know of `state` now.

    Raises
    ------
    IllegalActionError
        If `state` is not a Black Flag! State or `player` does not sit at the table (the
        message lists who does).

    Examples
    --------
    >>> from piratelib.blackflag.game import new_game
    >>> observation(new_game(["Ann", "Bo", "Cy", "Di"], seed=4), "Al")
    Traceback (most recent call last):
      ...
    piratelib.errors.IllegalActionError: unknown player 'Al': the players are Ann, Bo, Cy, Di
    """
    check_state(state)
    if not isinstance(player, str) or player not in state.names:
        check_id("player", player, state.names)
    me = state.player(player)
    over = state.outcome is not None
    seats = tuple(
        Seat(
            p.name,
            p.role if p.revealed or over else None,
            p.ship,
            p.barrels,
            len(p.hand),
            p.equipment,
            p.doubloons,
            p.captain,
        )
        for p in state.players
    )
    return Observation(
        player=player,
        role=me.role,
        hand=me.hand,
        seats=seats,
        active=state.active,
        phase=state.phase,
        deck=len(state.deck),
        discard=state.discard,
        ship_row=state.ship_row,
        ship_deck=len(state.ship_deck),
        chest=state.chest,
        flags=state.flags,
        hourglass=state.hourglass,
        reserve=state.reserve,
        attacks=state.attacks,
        token=state.token,
        pending=state.pending,
        outcome=state.outcome,
        shown=state.shown,
    )


def belief(view: Observation) -> dict[str, dict[str, Fraction]]:
    """Each other player's Role as `view`'s player should believe it: Role id -> chance.

    Every deal of the face-down Roles that fits the view counts the same (see the module
    docstring for what fits and what the model ignores). A face-up Role has chance 1.

    Raises
    ------
    IllegalActionError
        If `view` is not an :class:`Observation`, or no deal fits it (a view no game
        shows).

    Examples
    --------
    Cy sank the Pirate with a SHOT and the Chest moved toward the Kingdom of Ibberia's
    Flag, so Di (an Ensign) knows Cy is on Ibberia's side:

    >>> from dataclasses import replace
    >>> from piratelib.blackflag.game import new_game
    >>> state = new_game(
    ...     ["Ann", "Bo", "Cy", "Di", "Ed"],
    ...     seed=1,
    ...     roles=["admiral", "commodore", "lieutenant", "ensign", "pirate"],
    ... )
    >>> view = replace(observation(state, "Di"), shown=(("Cy", "ibberia"),))
    >>> {role: str(p) for role, p in belief(view)["Cy"].items()}
    {'lieutenant': '1'}
    """
    if type(view) is not Observation:
        raise IllegalActionError(f"belief reads a Black Flag! Observation, got {view!r:.80}")
    fixed = tuple(
        (s.name, view.role if s.name == view.player else s.role)
        for s in view.seats
        if s.role is not None or s.name == view.player
    )
    hidden = tuple(s.name for s in view.seats if s.role is None and s.name != view.player)
    face_down = frozenset(s.name for s in view.seats if s.role is None)
    coins = tuple((s.name, s.doubloons) for s in view.seats)
    chances = dict(_belief(fixed, hidden, face_down, coins, view.shown, view.outcome is not None))
    return {name: dict(chances[name]) for name in view.names if name != view.player}


def nation_chances(view: Observation) -> dict[str, dict[str, Fraction]]:
    """Each other player's side as `view`'s player should believe it.

    The sides: ``"ibberia"`` and ``"brittonia"`` (the nations' teams) and ``"alone"``
    (the Pirate and the Privateers, who "play and win alone"), from :func:`belief`.

    Examples
    --------
    >>> from piratelib.blackflag.game import new_game
    >>> state = new_game(
    ...     ["Ann", "Bo", "Cy", "Di"],
    ...     seed=1,
    ...     roles=["admiral", "commodore", "ibberian_privateer", "brittish_privateer"],
    ... )
    >>> {side: str(p) for side, p in nation_chances(observation(state, "Bo"))["Cy"].items()}
    {'alone': '1'}
    """
    sides: dict[str, dict[str, Fraction]] = {}
    for name, roles in belief(view).items():
        sides[name] = {}
        for role, chance in roles.items():
            side = team_of(role)
            sides[name][side] = sides[name].get(side, Fraction(0)) + chance
    return sides


@functools.lru_cache(maxsize=1024)
def _belief(
    fixed: tuple[tuple[str, str], ...],
    hidden: tuple[str, ...],
    face_down: frozenset[str],
    coins: tuple[tuple[str, int], ...],
    shown: tuple[tuple[str, str], ...],
    over: bool,
) -> tuple[tuple[str, tuple[tuple[str, Fraction], ...]], ...]:
    """:func:`belief`'s answer from the facts it depends on (kept: views repeat them)."""
    n = len(fixed) + len(hidden)
    left = Counter(load_blackflag().dealt_roles(n))
    left.subtract(role for _, role in fixed)
    if any(k < 0 for k in left.values()) or left.total() != len(hidden):
        raise IllegalActionError(
            f"no deal of the Roles fits this view: {n} players, Roles known {dict(fixed)}"
        )
    doubloons, teams = dict(coins), dict(shown)
    counts = {name: Counter[str]() for name in hidden}
    total = 0
    for deal in set(itertools.permutations(left.elements())):
        roles = dict(zip(hidden, deal, strict=True))
        if any(team_of(roles[p], counts_as=True) != t for p, t in teams.items() if p in roles):
            continue  # the Chest moved toward another Flag when this player sank the Pirate
        if not over and wealth_victory({**dict(fixed), **roles}, doubloons, face_down):
            continue  # a Pirate or Privateer would already have won by Wealth
        total += 1
        for name, role in roles.items():
            counts[name][role] += 1
    if total == 0:
        raise IllegalActionError(f"no deal of the face-down Roles fits this view ({dict(fixed)})")
    Chances = list[tuple[str, tuple[tuple[str, Fraction], ...]]]
    chances: Chances = [(name, ((role, Fraction(1)),)) for name, role in fixed]
    chances += [
        (name, tuple((role, Fraction(k, total)) for role, k in sorted(counts[name].items())))
        for name in hidden
    ]
    return tuple(chances)
