"""What a combatant may do now, derived from its state by its ruleset (Ch.6: injuries,
fatigue and conditions; Shadowrun: the condition monitors). Nothing here is stored: it is
recomputed from the state, so undo can never leave a stale flag behind."""

from __future__ import annotations

from tactical.encounter.model import Budget, Combatant
from tactical.rules.api import Ruleset


def out_of_action(c: Combatant, ruleset: Ruleset) -> str | None:
    """Why `c` can do nothing at all, or None."""
    return ruleset.out_of_action(c)


def reaction_block(c: Combatant, ruleset: Ruleset, pass_number: int = 1) -> str | None:
    """Why `c` cannot react now (RULINGS Reactions), or None; `pass_number`: the
    initiative pass under way (Shadowrun pays an interrupt from its score in it)."""
    return ruleset.reaction_block(c, pass_number)


def turn_budget(c: Combatant, round_number: int, ruleset: Ruleset) -> tuple[Budget, str]:
    """The actions `c` gets at the start of its turn, and why they are fewer than usual."""
    return ruleset.turn_budget(c, round_number)
