"""Ch.6 Grapple, l.404-408: "They will have to counter-grapple (using this action) or break
free (Major action)"; after a Solid grapple they have "Disadvantage to counter-grapple or
break free". The text gives no check for breaking free: our ruling (docs/rules-chapter6.md)
is the better of `option_effects.break_free.skills` against its difficulty (TN 20)."""

from __future__ import annotations

from tactical.core.dice import Dice
from tactical.data.character import Character
from tactical.rules.api import Fighter, SkillOutcome
from tactical.rules.chapter6 import aftermath
from tactical.rules.chapter6.checks import advantages_of, roll_check
from tactical.rules.chapter6.engine import disadvantage_sources
from tactical.rules.chapter6.numbers import Chapter6Ruleset
from tactical.rules.chapter6.setup import defence_value


def break_free(who: Fighter, sheet: Character, dice: Dice,
               rules: Chapter6Ruleset) -> SkillOutcome:
    spec = rules.option_effects.break_free
    skill_name = max(spec.skills, key=lambda s: sheet.skills.get(s, 0))
    skill = sheet.skills.get(skill_name, 0)
    tn = rules.checks.difficulty[spec.difficulty]
    against = disadvantage_sources(who, rules)
    if aftermath.holds(who, aftermath.GRAPPLED_SOLID):
        against.append("Solid grapple")  # l.408
    check = roll_check(skill, tn, dice, advantages=advantages_of((), against), rules=rules)
    text = (f"{who.name} tries to break free ({skill_name.replace('_', ' ')}): "
            f"{check.sum_text}"
            + (f", Disadvantage ({', '.join(against)})" if against else "")
            + f" — {check.degree.value.replace('_', ' ')}"
            + ("; free" if check.success else "; still grappled"))
    return SkillOutcome(text, check.success, check=check.shown())


def skill_check(who: Fighter, skill: str, value: int, tn: int, advantages: tuple[str, ...],
                dice: Dice, rules: Chapter6Ruleset) -> SkillOutcome:
    """Ch.6 Use a Skill (l.190): skill + 2d10 vs TN, the combatant's Disadvantages
    (injuries, Pinned: RULINGS) against the Advantages given (an Assist)."""
    against = disadvantage_sources(who, rules)
    check = roll_check(value, tn, dice, advantages=advantages_of(advantages, against),
                       rules=rules)
    sources = ([f"Advantage ({', '.join(advantages)})"] if advantages else []) + \
        ([f"Disadvantage ({', '.join(against)})"] if against else [])
    text = (f"{who.name} uses {skill.replace('_', ' ')}: {check.sum_text}"
            + (f", {'; '.join(sources)}" if sources else "")
            + f" — {check.degree.value.replace('_', ' ')}, MoS {check.mos}")
    return SkillOutcome(text, check.success, check=check.shown())


def discipline_check(who: Fighter, sheet: Character, tn: int, dice: Dice,
                     rules: Chapter6Ruleset) -> SkillOutcome:
    """Ch.6 Fear and Pinning (l.974, 982): an active Discipline defence check. Ruling: the
    check's skill is Discipline + `discipline_checks.defence_offset`, with the combatant's
    own Disadvantages (Pinned itself among them: RULINGS)."""
    discipline = defence_value("discipline", sheet, rules=rules)
    value = discipline + rules.discipline_checks.defence_offset
    against = disadvantage_sources(who, rules)
    check = roll_check(value, tn, dice, advantages=advantages_of((), against), rules=rules)
    text = (f"{who.name} checks Discipline {discipline}: {check.sum_text}"
            + (f", Disadvantage ({', '.join(against)})" if against else "")
            + f" — {check.degree.value.replace('_', ' ')}")
    return SkillOutcome(text, check.success, check=check.shown())
