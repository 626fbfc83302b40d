"""Shadowrun's map reactions (RULINGS "Intercept on the map"): SR5's Intercept, an interrupt
action for −5 Initiative when an enemy moves past within melee reach. Its name and cost are
the ruleset file's defence option that makes an `interrupt_attack` (sr5.yaml `intercept`);
SR4 has none, so a move under SR4 offers no reactions."""

from __future__ import annotations

import numpy as np

from tactical.data.shadowrun_ruleset import ShadowrunRuleset
from tactical.rules.reactions import PathFacts, ReactionSpec, Steps


def intercept(f: PathFacts) -> Steps:
    """RULINGS Intercept on the map: the path enters a hex within reach and goes on past it
    ("an enemy that moves past a combatant within its melee reach")."""
    return np.where(f.first_in_reach < f.last, f.first_in_reach, -1)


def reaction_kinds(numbers: ShadowrunRuleset) -> tuple[ReactionSpec, ...]:
    """One kind per interrupt-attack option of the ruleset file, in the file's order."""
    return tuple(
        ReactionSpec(name, intercept, "melee", option.name, "vermillion",
                     "{distance_m:g} m, within reach ({reach_m:g} m), "
                     f"−{option.initiative_cost} Initiative",
                     initiative_cost=option.initiative_cost)
        for name, option in numbers.defence_options.items() if option.interrupt_attack)


def initiative_short(numbers: ShadowrunRuleset, score: int | None) -> str | None:
    """Why a combatant cannot take an interrupt now: not the score for it (RULINGS "if the
    combatant has the score for it"), None when it can."""
    costs = [k.initiative_cost for k in reaction_kinds(numbers)]
    if not costs:
        return "Shadowrun: the map offers no reactions"
    need = min(costs)
    if score is not None and score < need:  # before initiative: the preview offers it
        return f"Initiative {score}: an interrupt needs {need}"
    return None
