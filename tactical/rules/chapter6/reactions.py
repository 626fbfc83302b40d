"""Chapter 6's reaction kinds (RULINGS "Reactions and their triggers on the map"): one
predicate each over the geometry's neutral path facts; their numbers and words are in
ruleset.yaml (attack.reactions). Adding a kind: a predicate here, its entry in the YAML,
its test (tests/rules/test_chapter6_reactions.py)."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from tactical.rules.chapter6.numbers import Chapter6Ruleset
from tactical.rules.reactions import PathFacts, ReactionSpec, Steps


def snapshot(f: PathFacts) -> Steps:
    """RULINGS Snapshot: the mover is seen moving within Short range of a ranged weapon
    (at once when it starts there)."""
    return f.first_in_band


def overwatch(f: PathFacts) -> Steps:
    """RULINGS Overwatch: the mover is seen entering the watched zone, in weapon range."""
    return f.first_in_zone


def intercept(f: PathFacts) -> Steps:
    """RULINGS Intercept: the path enters a hex within reach and goes on past it."""
    return np.where(f.first_in_reach < f.last, f.first_in_reach, -1)


def opportunity(f: PathFacts) -> Steps:
    """RULINGS Attack of Opportunity: started within reach and leaves it, not Disengaging."""
    if f.disengaging:
        return np.full_like(f.first_out_of_reach, -1)
    return np.where(f.started_in_reach, f.first_out_of_reach, -1)


# In the order a step's reactions are listed (and offered) for one reactor.
PREDICATES: dict[str, Callable[[PathFacts], Steps]] = {
    "snapshot": snapshot, "overwatch": overwatch, "intercept": intercept,
    "opportunity": opportunity,
}


def reaction_kinds(numbers: Chapter6Ruleset) -> tuple[ReactionSpec, ...]:
    """Every kind with a predicate, its numbers and words from the ruleset file."""
    data = numbers.attack.reactions
    missing = set(PREDICATES) ^ set(data)
    if missing:
        raise ValueError(f"attack.reactions and rules/chapter6/reactions.py disagree on: "
                         f"{', '.join(sorted(missing))}")
    return tuple(ReactionSpec(name, predicate, data[name].kind, data[name].label,
                              data[name].colour, data[name].why, data[name].max_band,
                              data[name].attack_label or data[name].label)
                 for name, predicate in PREDICATES.items())
