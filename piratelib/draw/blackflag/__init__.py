"""Pictures of Black Flag!: the players around the table, the score board, their alt text.

Open :mod:`~piratelib.draw.blackflag.table` for the seating circle and who can hit whom,
:mod:`~piratelib.draw.blackflag.scores` for the score board with the Treasure Chest and
the Flags (both matplotlib, for notebooks), :mod:`~piratelib.draw.blackflag.table_svg` and
:mod:`~piratelib.draw.blackflag.scores_svg` for the same pictures as SVG text (for the
apps, which redraw on every click; their words laid out by
:mod:`~piratelib.draw.blackflag.svg_words`), and :mod:`~piratelib.draw.blackflag.alt` for
what each picture shows in words. Both drawings of a picture take their colours, lines,
sizes and places from :mod:`~piratelib.draw.blackflag.style` and their checks and words
from :mod:`~piratelib.draw.blackflag.marks`. The package imports none of them, so
matplotlib loads only when a matplotlib picture is asked for.
"""

__all__: list[str] = []
