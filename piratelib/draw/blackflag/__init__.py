"""Pictures of Black Flag!: the players around the table, the score board, their alt text.

Open :mod:`~piratelib.draw.blackflag.table` for the seating circle and who can hit whom,
:mod:`~piratelib.draw.blackflag.scores` for the score board with the Treasure Chest and
the Flags, and :mod:`~piratelib.draw.blackflag.alt` for what each picture shows in words.
The package imports none of them, so matplotlib loads only when a picture is asked for.
"""

__all__: list[str] = []
