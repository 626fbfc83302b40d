"""The combat dock (issue 6, items 5 and 6): initiative, actions, status, the attack panel
with live odds, pending reactions, the combat log, and dice typed at the table.

The names below load on first use (PEP 562): the board's ruleset parts import
`tactical.ui.dock.style` alone, and a cold start paints the board before the dock's
panels are imported (issue 13: cold start ≤ 0.4 s)."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tactical.ui.dock.dice import AskDice, RollCancelled
    from tactical.ui.dock.dock import CombatDock

__all__ = ["AskDice", "CombatDock", "RollCancelled"]
_HOMES = {"AskDice": "dice", "RollCancelled": "dice", "CombatDock": "dock"}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{home}"), name)
