"""Black Flag!: hidden Roles, the seating table, SHOTs and sinkings, and the three game ends.

Modules, lowest first: :mod:`~piratelib.blackflag.schema` (what ``blackflag.toml`` must
hold, and its checks), :mod:`~piratelib.blackflag.data` (the rulebook's data, loaded),
:mod:`~piratelib.blackflag.table` (seats, distance, range),
:mod:`~piratelib.blackflag.scoring` (Wealth, Sinking, At the Edge of the World),
:mod:`~piratelib.blackflag.cards` (cards, Ships, the decks),
:mod:`~piratelib.blackflag.state` (players, the table's state, Setup),
:mod:`~piratelib.blackflag.sinking` (Sinking a Ship, Promotions),
:mod:`~piratelib.blackflag.actions` (the actions and which are legal),
:mod:`~piratelib.blackflag.turn` (the turn between choices, the deck),
:mod:`~piratelib.blackflag.game` (``new_game``, ``resolve``, ``apply``, ``playout``),
:mod:`~piratelib.blackflag.odds` (exact odds of answering the Flying Deutchmann),
:mod:`~piratelib.blackflag.examples` (the rulebook's examples, played out) and
:mod:`~piratelib.blackflag.tally` (many seeded random games, counted). The package
imports none of them.
"""

__all__: list[str] = []
