"""Hunt for Blackbeard (Volko Ruhnke, Fort Circle Games, 2024): the Map, movement and sight,
Blackbeard's and the Hunters' tiles, Encounters and Piracy.

Modules: :mod:`~piratelib.blackbeard.board` (the Map graph),
:mod:`~piratelib.blackbeard.movement` (Sailing and Marching, costs and reach),
:mod:`~piratelib.blackbeard.scouting` (Scouting, Sighting chains, Longboat, Israel Hands),
:mod:`~piratelib.blackbeard.informants` (the nine Informant tiles),
:mod:`~piratelib.blackbeard.assets` (Commandeered Assets),
:mod:`~piratelib.blackbeard.tiles` (Piracy tiles, Prepared Defenses, Loot);
the Encounter, lowest first: :mod:`~piratelib.blackbeard.encounter_record` (who meets whom,
the Endings, one roll's odds), :mod:`~piratelib.blackbeard.encounter_rules` (Arrest, Fire,
Escape, Boarding), :mod:`~piratelib.blackbeard.encounter_odds` (the exact game tree) and
:mod:`~piratelib.blackbeard.encounter_steps` (step by step, simulated), gathered in
:mod:`~piratelib.blackbeard.encounter`; Piracy: :mod:`~piratelib.blackbeard.piracy_mat`
(Blackbeard's mat) and :mod:`~piratelib.blackbeard.piracy_resolution` (Resolve Piracy),
gathered in :mod:`~piratelib.blackbeard.piracy`; :mod:`~piratelib.blackbeard.whatif`
(what a position or a plan can reach); and the whole game, lowest first:
:mod:`~piratelib.blackbeard.game_state` (the record), :mod:`~piratelib.blackbeard.game_actions`,
:mod:`~piratelib.blackbeard.game_spotting` (Spotting, Sightings, the Camp marker),
:mod:`~piratelib.blackbeard.game_hunters` (B and D), :mod:`~piratelib.blackbeard.game_blackbeard`
(A, C and F), :mod:`~piratelib.blackbeard.game_encounters` (E),
:mod:`~piratelib.blackbeard.game_flow` (the Sequence of Play) and
:mod:`~piratelib.blackbeard.game_advanced` (the advanced rules) and
:mod:`~piratelib.blackbeard.game_observation` (what each side may know), gathered in
:mod:`~piratelib.blackbeard.game`; and what the Hunters can deduce:
:mod:`~piratelib.blackbeard.deduce_evidence`, :mod:`~piratelib.blackbeard.deduce_sails` and
:mod:`~piratelib.blackbeard.deduce`; the bots, :mod:`~piratelib.blackbeard.bots` and
:mod:`~piratelib.blackbeard.policies`; and :mod:`~piratelib.blackbeard.tally` (many seeded
bot games, counted). The package imports none of them.
"""

__all__: list[str] = []
