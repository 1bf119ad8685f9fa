"""Dread Pirate: Buccaneer's Revenge: the sea grid, movement, battles, Missions and winning."""
