"""What Black Flag!'s data file must hold, and the checks that it does.

``blackflag.toml`` holds the rulebook's numbers and names, each fact tagged with its source.
:func:`check` reads every table of the parsed file against what the rulebook says of it -
one setup row per player count 4 to 8 whose Roles sum to the players, phases in order,
corner symbols on "1 card out of 2, 1 card out of 4, 1 card out of 8, and 1 card out of 8",
exactly one At the Edge of the World row for each space of the track - and raises
:class:`~piratelib.errors.DataError` naming the file and the entry otherwise. The constants
here are the vocabulary the file is checked against; :mod:`piratelib.blackflag.data` loads
the file and holds the result.

Examples
--------
>>> list(PLAYERS), CENTRE, SHIP_STATS
([4, 5, 6, 7, 8], 'centre', ('treasure', 'range', 'ammunition', 'barrels'))
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from piratelib import data
from piratelib.errors import DataError

__all__ = ["CARD_KINDS", "CENTRE", "EDGE_RULES", "PLAYERS", "SHIP_STATS", "check"]

PLAYERS = range(4, 9)
"""The player counts of the setup table: "Players 4 ... 8"."""
CENTRE = "centre"
"""The ``side`` of the Edge of the World row for the Chest on space 0."""
EDGE_RULES = ("wins", "most_doubloons", "more_than_fewest")
"""How an Edge of the World row picks the winner (see the header of ``blackflag.toml``)."""
SHIP_STATS = ("treasure", "range", "ammunition", "barrels")
"""The numbers a Ship card shows: Treasure Chest, Range, Ammunition and Barrels."""
CARD_KINDS = {
    "shot": "attack",
    "miss": "defense",
    "cannon": "equipment",
    "sails": "equipment",
    "telescope": "equipment",
    "flying_deutchmann": "action",
}
"""The playing cards piratelib's game plays with (``[teaching_deck]``), and their types."""

_COMPONENTS = (
    "playing_cards",
    "ship_cards",
    "captain_cards",
    "role_cards",
    "deutchmann_tokens",
    "barrels",
    "score_boards",
    "flag_tokens",
    "treasure_chest_tokens",
    "doubloons",
    "summary_cards",
    "victory_cards",
)
_TRACK = ("centre", "chest_start", "spaces_per_side", "spaces_per_side_src", "sides")
_TURN = ("draw", "hand_limit", "adrift_draw", "ship_row", "first", "direction")
_KEYS = {
    "phase": {"id", "number", "name", "text", "src", "evidence"},
    "team": {"id", "name", "flag", "alone", "src", "evidence"},
    "role": {"id", "name", "plural", "team", "counts_as", "cards", "face_up", "src", "evidence"},
    "setup": {"id", "players", "roles", "hourglass", "flags", "hands", "src", "evidence"},
    "card_type": {"id", "name", "border", "when", "src", "evidence"},
    "symbol": {"id", "name", "on", "meaning", "src", "evidence"},
    "corner_symbol": {"id", "name", "per", "cards", "name_src", "src", "evidence"},
    "card": {"id", "name", "type", "symbols", "note", "src", "evidence"},
    "ship": {
        "id",
        "name",
        "treasure",
        "range",
        "ammunition",
        "barrels",
        "abilities",
        "stats_src",
        "src",
        "evidence",
    },
    "captain": {"id", "name", "note", "src", "evidence"},
    "edge": {"id", "players", "side", "space", "or_beyond", "rule", "src", "evidence"},
    "promotion": {"id", "leader", "successor", "src", "evidence"},
}
_COUNT, _POSITIVE, _BOOL, _TEXT, _NAME, _IDS, _COUNTS, _TABLE = (
    "a whole number of 0 or more",
    "a whole number of at least 1",
    "true or false",
    "text",
    "a non-empty text",
    "a list of ids",
    "a list of whole numbers",
    "a table",
)
_CHECKS = {
    _COUNT: lambda v: data.is_count(v),
    _POSITIVE: lambda v: data.is_count(v, 1),
    _BOOL: lambda v: isinstance(v, bool),
    _TEXT: lambda v: isinstance(v, str),
    _NAME: lambda v: isinstance(v, str) and bool(v),
    _IDS: lambda v: isinstance(v, list) and all(isinstance(x, str) and x for x in v),
    _COUNTS: lambda v: isinstance(v, list) and all(data.is_count(x) for x in v),
    _TABLE: lambda v: isinstance(v, dict),
}
_SOURCE_FIELDS = {"id": _NAME, "evidence": _TEXT, "why": _TEXT}
"""Fields every table may have; ``src`` and every ``*_src`` is a list of ids."""
_FIELDS = {
    "components": dict.fromkeys(_COMPONENTS, _POSITIVE),
    "track": {
        "centre": _COUNT,
        "chest_start": _COUNT,
        "spaces_per_side": _POSITIVE,
        "sides": _IDS,
    },
    "turn": {
        "draw": _POSITIVE,
        "hand_limit": _POSITIVE,
        "adrift_draw": _POSITIVE,
        "ship_row": _POSITIVE,
        "first": _NAME,
        "direction": _NAME,
    },
    "phase": {"number": _POSITIVE, "name": _NAME, "text": _TEXT},
    "team": {"name": _NAME, "flag": _TEXT, "alone": _BOOL},
    "role": {
        "name": _NAME,
        "plural": _NAME,
        "team": _NAME,
        "counts_as": _TEXT,
        "cards": _POSITIVE,
        "face_up": _BOOL,
    },
    "setup": {
        "players": _POSITIVE,
        "roles": _TABLE,
        "hourglass": _POSITIVE,
        "flags": _POSITIVE,
        "hands": _COUNTS,
    },
    "card_type": {"name": _NAME, "border": _TEXT, "when": _TEXT},
    "symbol": {"name": _NAME, "on": _TEXT, "meaning": _TEXT},
    "corner_symbol": {"name": _NAME, "per": _POSITIVE, "cards": _POSITIVE},
    "card": {"name": _NAME, "type": _NAME, "symbols": _IDS, "note": _TEXT},
    "ship": {
        "name": _NAME,
        **dict.fromkeys(("treasure", "range", "ammunition", "barrels"), _POSITIVE),
        "abilities": _IDS,
    },
    "captain": {"name": _NAME, "note": _TEXT},
    "edge": {
        "players": _COUNTS,
        "side": _NAME,
        "space": _COUNT,
        "or_beyond": _BOOL,
        "rule": _NAME,
        "winner": _NAME,
        "contenders": _IDS,
        "challenger": _NAME,
        "tie_break": _NAME,
    },
    "promotion": {"leader": _NAME, "successor": _NAME},
    "rules.sinking": {
        "extra_spaces": _COUNT,
        "extra_for": _IDS,
        "doubloon_to_sinker": _COUNT,
        "equipment_kept": _COUNT,
        "role_card_doubloon": _COUNT,
    },
    "rules.wealth": {"doubloons_to_win": _POSITIVE, "who": _IDS},
    "rules.end_of_deck": {
        "hourglass_removed": _COUNT,
        "flag_step": _COUNT,
        "flag_floor": _COUNT,
    },
    "rules.flying_deutchmann": {
        "reveal": _POSITIVE,
        "barrels_lost": _COUNT,
        "hourglass_discard": _COUNT,
        "moves": _NAME,
        "skips_shipless": _BOOL,
        "chest_moves_if_pirate_sunk": _BOOL,
    },
    "rules.davey_jones": {
        "reveal": _POSITIVE,
        "barrels_lost": _COUNT,
        "hidden_role_doubloon": _COUNT,
        "placed": _TEXT,
        "skips_shipless": _BOOL,
        "must_respond": _BOOL,
    },
    "teaching_deck": {"cards": _TABLE, "corner_pattern": _IDS},
    "teaching_ships": {},
}
"""What type each field of each table must have (checked before anything else)."""
_EDGE_RULE_KEYS = {
    "wins": ("winner",),
    "most_doubloons": ("contenders", "tie_break"),
    "more_than_fewest": ("challenger", "winner"),
}
_RULES = {
    name.removeprefix("rules."): (*keys, *(("flag_floor_src",) if "flag_floor" in keys else ()))
    for name, keys in _FIELDS.items()
    if name.startswith("rules.")
}
"""The keys each ``[rules.*]`` table must have: every number and word of its rule (and the
source of the assumed Flag floor, which the list of assumptions reads)."""


def check(file: str, raw: dict[str, Any]) -> dict[str, Any]:
    """Check the parsed `raw` contents of `file`; return its data, read-only, by field.

    The keys are the fields of :class:`~piratelib.blackflag.data.BlackFlagData`, which
    :func:`~piratelib.blackflag.data.load_blackflag` builds from them.

    Raises
    ------
    DataError
        If the data is malformed; the message names the file, the entry and what is wrong.

    Examples
    --------
    >>> from piratelib import data
    >>> fields = check(*data.read("blackflag.toml"))
    >>> fields["turn"]["hand_limit"], len(fields["ship_deck"])
    (5, 14)
    """
    components = _section(file, raw, "components", _COMPONENTS)
    track = _build_track(file, raw)
    turn = _section(file, raw, "turn", _TURN)
    if turn["direction"] != "clockwise":
        raise DataError(f"{file}: turn: direction must be 'clockwise', got {turn['direction']!r}")
    phases = _entries(file, raw, "phase", _KEYS["phase"])
    for i, (where, phase) in enumerate(phases.values()):
        if phase["number"] != i + 1:
            raise DataError(f"{where}: number must be {i + 1} (phases in order)")
    teams = _entries(file, raw, "team", _KEYS["team"])
    nations = [t for t, (_, team) in teams.items() if not team["alone"]]
    for side in track["sides"]:
        data.check_known(f"{file}: track: sides", "nation team", side, nations)
    roles = _build_roles(file, raw, teams, nations, components)
    setup = _build_setup(file, raw, roles, track, components)
    data.check_known(f"{file}: turn: first", "role", turn["first"], roles)
    for n, row in setup.items():
        if turn["first"] not in row["roles"]:
            raise DataError(f"{file}: turn: first: there is no {turn['first']} with {n} players")
    card_types = _entries(file, raw, "card_type", _KEYS["card_type"])
    symbols = _entries(file, raw, "symbol", _KEYS["symbol"])
    corners = _build_corners(file, raw, components)
    cards = _entries(file, raw, "card", _KEYS["card"])
    for where, card in cards.values():
        data.check_known(where, "card type", card["type"], [*card_types, "unknown"])
        for symbol in card["symbols"]:
            data.check_known(where, "symbol", symbol, symbols)
    ships = _entries(file, raw, "ship", _KEYS["ship"])
    for where, ship in ships.values():
        for key in SHIP_STATS:
            if not data.is_count(ship[key]) or ship[key] < 1:
                raise DataError(f"{where}: {key} must be a whole number of at least 1")
        for ability in ship["abilities"]:
            data.check_known(where, "symbol", ability, symbols)
    captains = _entries(file, raw, "captain", _KEYS["captain"])
    for key, have, box in (("ship", ships, "ship_cards"), ("captain", captains, "captain_cards")):
        if len(have) > components[box]:
            raise DataError(f"{file}: {key}: {len(have)} named, the box has {components[box]}")
    edge = _build_edge(file, raw, setup, roles, teams, track)
    promotions = _entries(file, raw, "promotion", _KEYS["promotion"])
    for where, promotion in promotions.values():
        data.check_known(where, "nation team", promotion["id"], nations)
        for key in ("leader", "successor"):
            data.check_known(where, "role", promotion[key], roles)
            if roles[promotion[key]][1]["team"] != promotion["id"]:
                raise DataError(f"{where}: {key} {promotion[key]!r} is not on this team")
    rules = {name: _section(file, raw, f"rules.{name}", keys) for name, keys in _RULES.items()}
    floor = rules["end_of_deck"]["flag_floor"]
    if not 1 <= floor <= min(row["flags"] for row in setup.values()):
        raise DataError(
            f"{file}: rules.end_of_deck: flag_floor must be a space from 1 to the Flags' "
            f"start, got {floor!r}"
        )
    deck = _build_deck(file, raw, components, corners)
    ship_deck = [entry for _, entry in ships.values()] + _build_teaching_ships(
        file, raw, symbols, components
    )
    names = [ship["name"] for ship in ship_deck]
    least = max(PLAYERS) + turn["ship_row"]
    if not least <= len(names) <= components["ship_cards"] or len(set(names)) != len(names):
        raise DataError(
            f"{file}: teaching_ships: the Ship deck must be {least} to "
            f"{components['ship_cards']} differently named Ships (a Ship for each of "
            f"{max(PLAYERS)} players and a full face-up row of {turn['ship_row']}), got {names}"
        )
    most = sum(sorted((ship["barrels"] for ship in ship_deck), reverse=True)[: max(PLAYERS)])
    if most > components["barrels"]:
        raise DataError(
            f"{file}: teaching_ships: the {max(PLAYERS)} Ships with the most Barrels hold "
            f"{most}, but the box has {components['barrels']} Barrels"
        )
    for name, key in (("sinking", "extra_for"), ("wealth", "who")):
        if not rules[name][key]:
            raise DataError(f"{file}: rules.{name}: {key} must name at least one role, got []")
        for role in rules[name][key]:
            data.check_known(f"{file}: rules.{name}: {key}", "role", role, roles)
    return dict(
        components=data.freeze(components),
        track=data.freeze(track),
        turn=data.freeze(turn),
        phases=data.freeze_entries(phases),
        teams=data.freeze_entries(teams),
        roles=data.freeze_entries(roles),
        setup=MappingProxyType({n: data.freeze(row) for n, row in sorted(setup.items())}),
        card_types=data.freeze_entries(card_types),
        symbols=data.freeze_entries(symbols),
        corner_symbols=data.freeze_entries(corners),
        cards=data.freeze_entries(cards),
        ships=data.freeze_entries(ships),
        captains=data.freeze_entries(captains),
        edge=tuple(data.freeze(row) for row in edge),
        promotions=data.freeze_entries(promotions),
        rules=data.freeze(rules),
        teaching_deck=data.freeze(deck),
        ship_deck=tuple(data.freeze(ship) for ship in ship_deck),
    )


def _typed(where: str, entry: dict[str, Any], table: str) -> None:
    """Check the type of every field of `entry` that ``_FIELDS[table]`` (or any table) names."""
    for key, value in entry.items():
        default = _POSITIVE if table == "components" else None  # every count in the box
        kind = _FIELDS[table].get(key) or _SOURCE_FIELDS.get(key) or default
        if key == "src" or key.endswith("_src"):
            kind = _IDS
        if kind is not None and not _CHECKS[kind](value):
            raise DataError(f"{where}: {key} must be {kind}, got {value!r}")


def _entries(
    file: str, raw: dict[str, Any], key: str, required: Iterable[str]
) -> dict[str, tuple[str, dict[str, Any]]]:
    """The ``[[key]]`` tables by id, each with its fields' types checked first."""
    for i, entry in enumerate(data.tables(file, raw, key)):
        _typed(f"{file}: {key} #{i + 1} ({entry.get('id', '?')})", entry, key)
    return data.sourced_entries(file, raw, key, required)


def _section(file: str, raw: dict[str, Any], key: str, required: Iterable[str]) -> dict[str, Any]:
    """Check the ``[key]`` table: present, with `required` keys and its sources."""
    where = f"{file}: {key}"
    section: dict[str, Any] | None = raw
    for part in key.split("."):
        section = section.get(part) if isinstance(section, dict) else None
    if not isinstance(section, dict):
        raise DataError(f"{file}: missing [{key}]")
    missing = {*required, "src", "evidence"} - section.keys()
    if missing:
        raise DataError(f"{where}: missing {', '.join(sorted(missing))}")
    _typed(where, section, key)
    data.check_sourced(where, section)
    for name, value in section.items():
        if isinstance(value, int) and not isinstance(value, bool) and value < 0:
            raise DataError(f"{where}: {name} must be a whole number of 0 or more")
    return section


def _build_track(file: str, raw: dict[str, Any]) -> dict[str, Any]:
    """Check ``[track]``: the centre is 0, the Chest starts on the track, two sides."""
    track = _section(file, raw, "track", _TRACK)
    where = f"{file}: track"
    if track["centre"] != 0:
        raise DataError(f"{where}: centre must be 0, got {track['centre']!r}")
    if not data.is_count(track["spaces_per_side"]) or track["spaces_per_side"] < 1:
        raise DataError(f"{where}: spaces_per_side must be a whole number of at least 1")
    last = track["spaces_per_side"]
    if not data.is_count(track["chest_start"]) or track["chest_start"] > last:
        raise DataError(
            f"{where}: chest_start must be a space on the track (0 to {last}), "
            f"got {track['chest_start']!r}"
        )
    sides = track["sides"]
    if not isinstance(sides, list) or len(sides) != 2 or len(set(sides)) != 2:
        raise DataError(f"{where}: sides must name two different teams, got {sides!r}")
    return track


def _build_roles(
    file: str,
    raw: dict[str, Any],
    teams: Mapping[str, Any],
    nations: list[str],
    components: Mapping[str, int],
) -> dict[str, tuple[str, dict[str, Any]]]:
    """Check the ``[[role]]`` tables against the teams and the box's Role cards."""
    roles = _entries(file, raw, "role", _KEYS["role"])
    for where, role in roles.values():
        data.check_known(where, "team", role["team"], teams)
        data.check_known(where, "counts_as team", role["counts_as"], ["", *nations])
        if not data.is_count(role["cards"]) or role["cards"] < 1:
            raise DataError(f"{where}: cards must be a whole number of at least 1")
        if not isinstance(role["face_up"], bool):
            raise DataError(f"{where}: face_up must be true or false")
    total = sum(role["cards"] for _, role in roles.values())
    if total != components["role_cards"]:
        raise DataError(
            f"{file}: role: {total} Role cards, components says {components['role_cards']}"
        )
    return roles


def _build_setup(
    file: str,
    raw: dict[str, Any],
    roles: Mapping[str, Any],
    track: Mapping[str, Any],
    components: Mapping[str, int],
) -> dict[int, dict[str, Any]]:
    """Check the ``[[setup]]`` rows: one per player count 4 to 8, Roles summing to it."""
    rows: dict[int, dict[str, Any]] = {}
    for where, row in _entries(file, raw, "setup", _KEYS["setup"]).values():
        n = row["players"]
        if not data.is_count(n) or n not in PLAYERS:
            raise DataError(f"{where}: players must be one of 4 to 8, got {n!r}")
        if n in rows:
            raise DataError(f"{where}: a second row for {n} players")
        if not isinstance(row["roles"], dict) or not row["roles"]:
            raise DataError(f"{where}: roles must be a table of role id = count")
        for role, count in row["roles"].items():
            data.check_known(where, "role", role, roles)
            cards = roles[role][1]["cards"]
            if not data.is_count(count) or not 1 <= count <= cards:
                raise DataError(f"{where}: {role} must be 1 to {cards} (Role cards), got {count!r}")
        total = sum(row["roles"].values())
        if total != n:
            raise DataError(f"{where}: roles sum to {total}, not {n} players")
        if (
            not data.is_count(row["hourglass"])
            or not 1 <= row["hourglass"] <= components["doubloons"]
        ):
            raise DataError(
                f"{where}: hourglass must be 1 to {components['doubloons']} Doubloons, "
                f"got {row['hourglass']!r}"
            )
        last = track["spaces_per_side"]
        if not data.is_count(row["flags"]) or not track["chest_start"] < row["flags"] <= last:
            raise DataError(
                f"{where}: flags must be a space on the track beyond the Chest "
                f"({track['chest_start'] + 1} to {last}), got {row['flags']!r}"
            )
        hands = row["hands"]
        if not isinstance(hands, list) or len(hands) != n or not all(map(data.is_count, hands)):
            raise DataError(f"{where}: hands must list {n} hand sizes, got {hands!r}")
        rows[n] = row
    missing = [n for n in PLAYERS if n not in rows]
    if missing:
        raise DataError(f"{file}: setup: no row for {', '.join(map(str, missing))} players")
    return rows


def _build_corners(
    file: str, raw: dict[str, Any], components: Mapping[str, int]
) -> dict[str, tuple[str, dict[str, Any]]]:
    """Check the ``[[corner_symbol]]`` tables: shares summing to 1, cards to the deck."""
    corners = _entries(file, raw, "corner_symbol", _KEYS["corner_symbol"])
    deck = components["playing_cards"]
    for where, corner in corners.values():
        per, cards = corner["per"], corner["cards"]
        if not data.is_count(per) or per < 1 or not data.is_count(cards) or cards * per != deck:
            raise DataError(f"{where}: 1 card out of {per!r} of {deck} is not {cards!r} cards")
    share = sum(Fraction(1, corner["per"]) for _, corner in corners.values())
    if corners and share != 1:
        raise DataError(f"{file}: corner_symbol: the shares sum to {share}, not 1")
    return corners


def _build_deck(
    file: str, raw: dict[str, Any], components: Mapping[str, int], corners: Mapping[str, Any]
) -> dict[str, Any]:
    """Check ``[teaching_deck]``: known kinds summing to the deck, a corner pattern."""
    deck = _section(file, raw, "teaching_deck", ("cards", "corner_pattern"))
    where = f"{file}: teaching_deck"
    cards = deck["cards"]
    if not isinstance(cards, dict) or not cards:
        raise DataError(f"{where}: cards must be a table of card kind = count")
    for kind, count in cards.items():
        data.check_known(where, "card kind", kind, CARD_KINDS)
        if not data.is_count(count) or count < 1:
            raise DataError(f"{where}: {kind} must be a whole number of at least 1")
    if sum(cards.values()) != components["playing_cards"]:
        raise DataError(
            f"{where}: {sum(cards.values())} cards, the deck has {components['playing_cards']}"
        )
    pattern = deck["corner_pattern"]
    if not isinstance(pattern, list) or not pattern:
        raise DataError(f"{where}: corner_pattern must list corner symbols")
    for corner in pattern:
        data.check_known(where, "corner symbol", corner, corners)
    return deck


def _build_teaching_ships(
    file: str, raw: dict[str, Any], symbols: Mapping[str, Any], components: Mapping[str, int]
) -> list[dict[str, Any]]:
    """Check ``[teaching_ships]``: each stand-in has a name, four numbers and abilities."""
    section = _section(file, raw, "teaching_ships", ("ships",))
    ships = section["ships"]
    if not isinstance(ships, list):
        raise DataError(f"{file}: teaching_ships: ships must be a list of tables")
    found = []
    for i, ship in enumerate(ships):
        where = f"{file}: teaching_ships: ship {i + 1}"
        if not isinstance(ship, dict) or set(ship) != {"name", *SHIP_STATS, "abilities"}:
            raise DataError(
                f"{where}: must have exactly name, {', '.join(SHIP_STATS)} and abilities"
            )
        _typed(where, ship, "ship")
        for ability in ship["abilities"]:
            data.check_known(where, "symbol", ability, symbols)
        found.append({**ship, "id": _ship_id(ship["name"]), "src": section["src"]})
    return found


def _ship_id(name: str) -> str:
    """A snake_case id from a Ship's name."""
    return "_".join(name.lower().split())


def _build_edge(
    file: str,
    raw: dict[str, Any],
    setup: Mapping[int, Mapping[str, Any]],
    roles: Mapping[str, Any],
    teams: Mapping[str, Any],
    track: Mapping[str, Any],
) -> list[dict[str, Any]]:
    """Check the ``[[edge]]`` rows; each space, for each player count, has exactly one."""
    table = _entries(file, raw, "edge", _KEYS["edge"]).values()
    rows = [row for _, row in table]
    last = track["spaces_per_side"]
    for where, row in table:
        players = row["players"]
        if not isinstance(players, list) or not players or not set(players) <= set(PLAYERS):
            raise DataError(f"{where}: players must list counts from 4 to 8, got {players!r}")
        data.check_known(where, "side", row["side"], [CENTRE, *track["sides"]])
        lowest = 0 if row["side"] == CENTRE else 1
        if not data.is_count(row["space"]) or not lowest <= row["space"] <= (last if lowest else 0):
            raise DataError(f"{where}: space {row['space']!r} is not on the {row['side']} side")
        if not isinstance(row["or_beyond"], bool):
            raise DataError(f"{where}: or_beyond must be true or false")
        data.check_known(where, "rule", row["rule"], EDGE_RULES)
        missing = set(_EDGE_RULE_KEYS[row["rule"]]) - row.keys()
        if missing:
            raise DataError(f"{where}: missing {', '.join(sorted(missing))}")
        if "winner" in row:
            data.check_known(where, "winner", row["winner"], [*teams, *roles])
        if "contenders" in row and len(set(row["contenders"])) < 2:
            raise DataError(
                f"{where}: contenders must name two or more roles, got {row['contenders']!r}"
            )
        for role in [*row.get("contenders", []), row.get("challenger"), row.get("tie_break")]:
            if role is None:
                continue
            data.check_known(where, "role", role, roles)
            for n in players:
                if role not in setup[n]["roles"]:
                    raise DataError(f"{where}: there is no {role} with {n} players")
    for n in PLAYERS:
        for side in [CENTRE, *track["sides"]]:
            for space in range(0, 1) if side == CENTRE else range(1, last + 1):
                hits = [
                    row["id"]
                    for row in rows
                    if n in row["players"]
                    and row["side"] == side
                    and (row["space"] == space or (row["or_beyond"] and space > row["space"]))
                ]
                if len(hits) != 1:
                    raise DataError(
                        f"{file}: edge: {len(hits)} rows for {n} players at {side} space "
                        f"{space}, want 1: {hits}"
                    )
    return rows
