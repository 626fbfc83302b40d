"""The combat dock (issue 6, items 5 and 6): initiative, actions, status, the attack panel
with live odds, pending reactions, the combat log, and dice typed at the table."""

from tactical.ui.dock.dice import AskDice, RollCancelled
from tactical.ui.dock.dock import CombatDock

__all__ = ["AskDice", "CombatDock", "RollCancelled"]
