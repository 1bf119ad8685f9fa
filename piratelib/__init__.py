"""piratelib: learn and explore the rules of three pirate board games.

Hunt for Blackbeard, Black Flag! and Dread Pirate: Buccaneer's Revenge, modelled as
pure functions over immutable state, with exact odds as :class:`fractions.Fraction`.
Importing the package is cheap: game modules, drawing and widgets load on demand.
"""

__version__ = "0.10.0"
__all__ = ["__version__"]
