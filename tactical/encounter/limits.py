"""What a combatant may do now, derived from its injuries, fatigue and conditions.

Ch.6 Injury thresholds, Cumulative damage and Fatigue, as RULINGS.md reads them. Nothing here
is stored: it is recomputed from the state, so undo can never leave a stale flag behind.
"""

from __future__ import annotations

from dataclasses import dataclass

from tactical.data.ruleset import Chapter6Ruleset, InjuryEffect
from tactical.encounter.model import Budget, Combatant, Condition
from tactical.rules.chapter6.injury import (
    CumulativeState,
    FatigueState,
    cumulative_state,
    fatigue_state,
)
from tactical.rules.shadowrun.damage import Monitors, Status


def monitors(c: Combatant) -> Monitors | None:
    """Shadowrun condition monitors from the boxes the state keeps (None in Chapter 6)."""
    if c.sr_monitor is None:
        return None
    physical_size, stun_size, body = c.sr_monitor
    return Monitors(physical_size, stun_size, c.damage - c.overflow, c.stun, c.overflow, body)


def out_of_action(c: Combatant, rules: Chapter6Ruleset) -> str | None:
    """Why `c` can do nothing at all, or None."""
    if c.has(Condition.DEAD):
        return "dead"
    if c.has(Condition.UNCONSCIOUS):
        return "unconscious"
    sr = monitors(c)
    if sr is not None:  # Shadowrun: the condition monitors say it all
        return None if sr.status is Status.OK else sr.status.value
    if cumulative_state(c.damage, c.health, rules) is CumulativeState.DYING:
        return "dying"
    if c.injury == "lethal":
        return "lethal injury"
    if fatigue_state(c.fatigue, c.stamina, rules) is FatigueState.UNCONSCIOUS:
        return "unconscious from fatigue"
    return None


def _limiting_effects(c: Combatant, rules: Chapter6Ruleset) -> list[tuple[str, InjuryEffect]]:
    found: list[tuple[str, InjuryEffect]] = []
    if c.injury is not None:
        found.append((f"{c.injury} injury", rules.injury.effects[c.injury]))
    if cumulative_state(c.damage, c.health, rules) is CumulativeState.INCAPACITATED:
        found.append(("incapacitated", rules.injury.cumulative.incapacitated))
    return found


def reaction_block(c: Combatant, rules: Chapter6Ruleset) -> str | None:
    """RULINGS Reactions: conscious, aware, a Reaction left, no state forbidding them."""
    reason = out_of_action(c, rules)
    if reason:
        return reason
    if c.sr_monitor is not None:
        return "Shadowrun: the map offers no reactions"
    for name, effect in _limiting_effects(c, rules):
        if effect.no_reactions:
            return f"no Reactions ({name})"
    if c.unaware:
        return "unaware (no Reactions until its first turn)"
    if c.reactions <= 0:
        return "no Reaction left this round"
    return None


@dataclass(frozen=True, slots=True)
class TierActions:
    major: int
    move: int
    minor: int


def tier_actions(initiative: int, rules: Chapter6Ruleset) -> TierActions:
    """Ch.6 Initiative effects on the action economy: the highest tier reached."""
    tier = rules.initiative.tiers[0]
    for candidate in rules.initiative.tiers:
        if initiative >= candidate.min:
            tier = candidate
    return TierActions(tier.major, tier.move, tier.minor)


def turn_budget(c: Combatant, round_number: int, rules: Chapter6Ruleset) -> tuple[Budget, str]:
    """The actions `c` gets at the start of its turn, and why they are fewer than its tier's."""
    reason = out_of_action(c, rules)
    if reason:
        return Budget(), reason
    if c.unaware and round_number <= rules.perception.unaware_idle_rounds:
        return Budget(), f"unaware: no actions in round {round_number}"
    if c.sr_monitor is not None:  # Shadowrun action phase: Complex, move, Simple (ruling)
        return Budget(1, 1, 1, 0), ""
    tier = tier_actions(c.effective_initiative(), rules)
    budget = Budget(tier.major, tier.move, tier.minor, rules.initiative.downgrades_per_turn)
    why: list[str] = []
    for name, effect in _limiting_effects(c, rules):
        if effect.actions is not None:  # Critical, incapacitated: only these (one Minor)
            budget = Budget(*(1 if a in effect.actions else 0 for a in ("major", "move",
                                                                        "minor")), 0)
            why.append(f"{name}: one {'/'.join(effect.actions)} action")
        elif effect.actions_per_turn is not None:
            budget = Budget(budget.major, budget.move, budget.minor, budget.downgrades,
                            effect.actions_per_turn, budget.major_or_move)
            why.append(f"{name}: {effect.actions_per_turn} action a turn")
    state = fatigue_state(c.fatigue, c.stamina, rules)
    if state is FatigueState.EXHAUSTED:  # fatigue.exhausted_actions: one Minor
        left = rules.fatigue.exhausted_actions
        budget = Budget(left.count("major"), left.count("move"), left.count("minor"), 0)
        why.append("exhausted: one Minor action")
    elif state is FatigueState.FATIGUED:
        budget = Budget(budget.major, budget.move, budget.minor, budget.downgrades,
                        budget.total, True)
        why.append("fatigued: loses a Major or a Move")
    return budget, "; ".join(why)


def disadvantage_sources(c: Combatant, rules: Chapter6Ruleset) -> list[str]:
    """Disadvantage `c` carries into its own checks (RULINGS: injuries, Pinned, immobilised)."""
    sources = [t.source or "Injury" for t in c.timers if t.kind == "disadvantage"]
    if c.injury is not None and rules.injury.effects[c.injury].disadvantage == "until_treated":
        sources.append(f"{c.injury.capitalize()} injury")
    if c.has(Condition.PINNED):
        sources.append("Pinned")
    if c.has(Condition.IMMOBILISED):
        sources.append("Immobilised")
    if c.has(Condition.INTERCEPTED):
        sources.append("Went on past an Intercept")
    return list(dict.fromkeys(sources))
