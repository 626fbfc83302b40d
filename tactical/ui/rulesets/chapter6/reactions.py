"""How Chapter 6's reactions are named and coloured in the UI: from the ruleset's reaction
specs (their `label` and `colour` in ruleset.yaml, attack.reactions) - the one place the
legend, the drag panel and the dock read them."""

from __future__ import annotations

from tactical.rules.chapter6.ruleset import Chapter6
from tactical.ui.board.palette import OKABE_ITO


def looks(ruleset: Chapter6) -> dict[str, tuple[str, str]]:
    """Each reaction kind -> its name and colour on the board, in the ruleset's order."""
    return {spec.name: (spec.label, OKABE_ITO[spec.colour]) for spec in ruleset.reaction_kinds}


def title(ruleset: Chapter6, kind: str) -> str:
    """A pending reaction's name (PendingReaction.kind is the spec's name)."""
    return looks(ruleset).get(kind, (kind, ""))[0]
