"""Surprise under Shadowrun (RULINGS "Surprise is Shadowrun's ... not Chapter 6's lost
round"; the numbers are project defaults in the ruleset file's `surprise`, not a book's
quotation): a Reaction + Intuition test against a threshold of 3. A failure costs 10
Initiative in the first combat turn and no interrupt actions (a defence that costs
Initiative, Intercept) until the combatant's first action phase (the `surprised` badge)."""

from __future__ import annotations

from collections.abc import Iterable

from tactical.core.dice import Dice
from tactical.data.character import Character
from tactical.data.shadowrun_ruleset import ShadowrunRuleset, Surprise
from tactical.rules.api import Fighter, SurpriseOutcome
from tactical.rules.shadowrun.describe import hits_words
from tactical.rules.shadowrun.pools import Modifier, PoolRoller, roll_pool
from tactical.rules.shadowrun.sheet import stats_of

SURPRISED = "surprised"  # the condition (badge) until the first action phase


def surprise_parts(sheet: Character, rule: Surprise, wound: int = 0) -> tuple[Modifier, ...]:
    stats = stats_of(sheet)
    parts = [Modifier(name.capitalize(), getattr(stats, name)) for name in rule.test]
    if wound:
        parts.append(Modifier("Wounds", wound))  # every test but damage resistance
    return tuple(parts)


def surprise_test(who: Fighter, sheet: Character, dice: Dice, rules: ShadowrunRuleset, *,
                  wound: int = 0) -> SurpriseOutcome:
    """`wound`: the wound modifier of the combatant's monitors (it applies to every test
    but damage resistance)."""
    rule = rules.surprise
    assert rule is not None  # the ruleset offers the test only with its numbers
    roll = roll_pool("surprise", surprise_parts(sheet, rule, wound),
                     PoolRoller(dice, who={"surprise": who.name}), rules.dice)
    surprised = roll.hits < rule.threshold
    faces = " ".join(map(str, roll.faces)) or "no dice"
    parts = " + ".join(f"{p.source} {p.value}" for p in roll.parts)
    verdict = (f"surprised: −{rule.initiative_cost} Initiative in the first combat turn"
               + (", no interrupt actions until its first action phase"
                  if rule.no_interrupts else "")
               if surprised else "not surprised")
    glitch = (" (critical glitch)" if roll.critical_glitch
              else " (glitch)" if roll.glitch else "")
    line = (f"{who.name}'s surprise test: {parts} = {roll.pool} dice [{faces}], "
            f"{hits_words(roll.hits)} vs threshold {rule.threshold}{glitch} — {verdict}")
    return SurpriseOutcome(surprised, rule.initiative_cost if surprised else 0, line)


def surprise_words(rules: ShadowrunRuleset) -> str:
    """"Reaction + Intuition (3); a failure costs 10 Initiative in the first combat turn and
    no interrupt actions until its first action phase", from the ruleset file's numbers."""
    rule = rules.surprise
    assert rule is not None  # the ruleset offers the test only with its numbers
    test = " + ".join(name.capitalize() for name in rule.test)
    return (f"{test} ({rule.threshold}); a failure costs {rule.initiative_cost} Initiative in "
            "the first combat turn"
            + (" and no interrupt actions until its first action phase"
               if rule.no_interrupts else ""))


def interrupt_problems(who: Fighter, options: Iterable[str],
                       rules: ShadowrunRuleset) -> list[str]:
    """A surprised combatant declares no interrupt action (an option that costs
    Initiative) until its first action phase (RULINGS "Surprise")."""
    if rules.surprise is None or not rules.surprise.no_interrupts \
            or SURPRISED not in who.conditions:
        return []
    known = rules.defence_options
    costly = [known[o].name for o in options if o in known and known[o].initiative_cost]
    if not costly:
        return []
    return [f"{who.name} is surprised: no interrupt actions ({', '.join(costly)}) until "
            "its first action phase (surprise, ruleset file)"]


def reaction_blocked(who: Fighter, rules: ShadowrunRuleset) -> str | None:
    """Intercept is an interrupt action too: none while surprised."""
    if rules.surprise is None or not rules.surprise.no_interrupts \
            or SURPRISED not in who.conditions:
        return None
    return "surprised: no interrupt actions until its first action phase"
