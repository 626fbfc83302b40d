"""Tactical: a game master's desktop combat board."""

__version__ = "0.1.0"
