"""How Chapter 6's reactions are named and coloured in the UI: the one place the legend, the
drag panel and the dock read them (the names and colours will come from the ruleset's
reaction specs: change `look` and `title` here)."""

from __future__ import annotations

from tactical.geometry.triggers import ReactionKind
from tactical.ui.board.palette import TRIGGER_COLOURS, TRIGGER_NAMES


def look(kind: ReactionKind) -> tuple[str, str]:
    """The reaction's name and colour on the board."""
    return TRIGGER_NAMES[kind], TRIGGER_COLOURS[kind]


def title(kind: str) -> str:
    """A pending reaction's name (PendingReaction.kind is the ReactionKind's value)."""
    try:
        return TRIGGER_NAMES[ReactionKind(kind)]
    except ValueError:
        return kind
