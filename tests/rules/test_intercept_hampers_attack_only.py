"""RULINGS Intercept: a mover that went on past an interceptor has Disadvantage on its
attack this turn, and on nothing else — not on Use a Skill, Break Free or a Discipline
check, which read the same list of the combatant's Disadvantages."""

from __future__ import annotations

from tactical.core.dice import ScriptedDice
from tactical.encounter.model import Combatant, Condition
from tactical.rules.chapter6 import grapple
from tactical.rules.chapter6.engine import check_disadvantages, disadvantage_sources

MOVER = Combatant("kicker", "Kicker", "runners", "kicker", (0, 0), 20, 20, 2,
                  conditions=frozenset({Condition.INTERCEPTED}))


def test_the_intercept_hampers_the_attack(rules):
    assert "Went on past an Intercept" in disadvantage_sources(MOVER, rules, attack=True)


def test_the_intercept_does_not_hamper_a_skill_check(rules):
    assert check_disadvantages(MOVER, rules) == ()
    outcome = grapple.skill_check(MOVER, "athletics", 10, 20, (), ScriptedDice(d10=[5, 6]),
                                  rules)
    assert "Disadvantage" not in outcome.text
