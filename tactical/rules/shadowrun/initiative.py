"""Initiative as each edition counts it (RULINGS.md, issue 7 item 5).

SR4: Initiative score = Initiative (Reaction + Intuition) + hits on the Initiative test; every
combatant acts in pass 1, in pass N only with N or more Initiative Passes (from the sheet).
SR5: score = Reaction + Intuition + the sum of the Initiative dice; a combatant acts in each
pass while its score is above 0, and each pass costs 10.
Pure functions: the encounter keeps the scores, the dock lists `initiative_list`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tactical.data.shadowrun_ruleset import DiceRules, InitiativeRules
from tactical.rules.shadowrun.pools import Modifier, PoolRoller, count_hits


@dataclass(frozen=True, slots=True)
class InitiativeRoll:
    base: int  # Reaction + Intuition ± modifiers
    dice: int  # the pool (SR4) or number of Initiative dice (SR5)
    faces: tuple[int, ...]
    score: int


def roll_initiative(base: Sequence[Modifier], dice: int, roller: PoolRoller,
                    rules: InitiativeRules, dice_rules: DiceRules) -> InitiativeRoll:
    """SR4: roll `dice` (usually the Initiative attribute) and add the hits; SR5: roll `dice`
    d6 (1 + enhancements) and add the faces."""
    value = sum(p.value for p in base)
    faces = roller.faces("initiative", max(0, dice))
    bonus = count_hits(faces, dice_rules) if rules.score == "hits" else sum(faces)
    return InitiativeRoll(value, len(faces), faces, value + bonus)


@dataclass(frozen=True, slots=True)
class Combatant:
    """One entry of the initiative list. `tiebreak`: higher first (the encounter gives e.g.
    (Edge, Reaction + Intuition)); then the order given."""

    id: str
    score: int
    passes: int = 1  # SR4 Initiative Passes; SR5 ignores it
    tiebreak: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Slot:
    id: str
    score: int  # the score in this pass (SR5: -10 per pass already taken)
    acts: bool


def score_in_pass(score: int, pass_number: int, rules: InitiativeRules) -> int:
    # SR5: "-10 per pass"; SR4 passes do not lower the score
    return score - rules.pass_cost * (pass_number - 1)


def acts_in_pass(combatant: Combatant, pass_number: int, rules: InitiativeRules) -> bool:
    if pass_number < 1:
        return False
    if rules.passes == "from_sheet":
        # SR4: everyone acts in pass 1 (score > 0); pass N only with N or more passes
        return combatant.score > 0 and pass_number <= combatant.passes
    return score_in_pass(combatant.score, pass_number, rules) > 0


def initiative_list(combatants: Sequence[Combatant], pass_number: int,
                    rules: InitiativeRules) -> tuple[Slot, ...]:
    """Everyone, highest score first (ties: `tiebreak`, then the order given), with the score
    in this pass and whether the combatant acts in it."""
    order = sorted(enumerate(combatants),
                   key=lambda ic: (-score_in_pass(ic[1].score, pass_number, rules),
                                   _tiebreak(ic[1].tiebreak), ic[0]))
    return tuple(Slot(c.id, score_in_pass(c.score, pass_number, rules),
                      acts_in_pass(c, pass_number, rules)) for _, c in order)


def _tiebreak(values: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    # higher first; a missing value ranks below any given one
    return (*((0, -v) for v in values), (1, 0))


def acting_order(combatants: Sequence[Combatant], pass_number: int,
                 rules: InitiativeRules) -> tuple[str, ...]:
    """Who acts in pass N, in order."""
    return tuple(s.id for s in initiative_list(combatants, pass_number, rules) if s.acts)


def passes_in_turn(combatants: Sequence[Combatant], rules: InitiativeRules) -> int:
    """How many passes this combat turn has (0: nobody can act)."""
    count = 0
    while any(acts_in_pass(c, count + 1, rules) for c in combatants):
        count += 1
    return count


def spend(score: int, cost: int) -> int:
    """A score after an Initiative cost (SR5 defences: "Dodge (-5 Initiative)")."""
    return score - cost


def initiative_base(reaction: int, intuition: int, wound: int = 0) -> tuple[Modifier, ...]:
    """Reaction + Intuition, with the wound modifier (it applies to Initiative too: ruling)."""
    return initiative_parts((("reaction", reaction), ("intuition", intuition)), wound)


def initiative_parts(ratings: Sequence[tuple[str, int]], wound: int = 0
                     ) -> tuple[Modifier, ...]:
    """The ruleset's `initiative.attributes` (named ratings), with the wound modifier."""
    parts = [Modifier(name.capitalize(), value) for name, value in ratings]
    if wound:
        parts.append(Modifier("Wounds", wound))
    return tuple(parts)

