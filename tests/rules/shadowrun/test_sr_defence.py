"""Defence options declared before the roll: dice added, Initiative costs, refusals."""

from __future__ import annotations

import pytest

from tactical.rules.shadowrun.constants import shadowrun_ruleset
from tactical.rules.shadowrun.defence import (
    DefenceDeclaration,
    defence_problems,
    resolve_defence,
)

SR4 = shadowrun_ruleset("sr4")
SR5 = shadowrun_ruleset("sr5")
RATINGS = {"gymnastics": 3, "parry_skill": 4, "unarmed_combat": 2, "willpower": 5, "dodge": 3}


def declare(*options: str, active: tuple[str, ...] = ()) -> DefenceDeclaration:
    return DefenceDeclaration(options, active)


def test_the_editions_offer_their_options():
    assert set(SR5.defence_options) == {"standard", "dodge", "parry", "block", "full_defense",
                                        "intercept", "hit_the_dirt"}
    assert set(SR4.defence_options) == {"standard", "dodge", "parry", "block", "full_defense"}


@pytest.mark.parametrize(("option", "kind", "dice", "cost"), [
    ("standard", "ranged", 0, 0),
    ("dodge", "ranged", 3, 5),        # Standard + Gymnastics, -5 Initiative
    ("parry", "melee", 4, 5),         # Standard + Melee Weapons
    ("block", "melee", 2, 5),         # Standard + Unarmed Combat
    ("full_defense", "ranged", 5, 10),  # Standard + Willpower, -10 Initiative
    ("hit_the_dirt", "ranged", 0, 5),
])
def test_sr5_options_add_dice_and_cost_initiative(option, kind, dice, cost):
    decl = declare(option)
    assert defence_problems(decl, kind, RATINGS, SR5, has_melee_weapon=True,
                            initiative=12) == []
    result = resolve_defence(decl, RATINGS, SR5, initiative=12)
    assert sum(p.value for p in result.parts) == dice
    assert (result.initiative_cost, result.initiative_after) == (cost, 12 - cost)


def test_full_defense_stacks_with_dodge_and_is_paid_once_per_turn():
    now = resolve_defence(declare("full_defense", "dodge"), RATINGS, SR5, initiative=20)
    assert sum(p.value for p in now.parts) == 8 and now.initiative_cost == 15
    later = resolve_defence(declare("dodge", active=("full_defense",)), RATINGS, SR5,
                            initiative=5)
    assert sum(p.value for p in later.parts) == 8 and later.initiative_cost == 5
    assert later.options == ("dodge", "full_defense")


def test_the_default_defence_is_standard_and_free():
    result = resolve_defence(declare(), RATINGS, SR5, initiative=None)
    assert result.options == ("standard",) and result.parts == () and result.initiative_cost == 0
    assert result.initiative_after is None


def test_hit_the_dirt_drops_prone():
    assert resolve_defence(declare("hit_the_dirt"), RATINGS, SR5, initiative=None).prone


def test_every_reason_at_once():
    reasons = defence_problems(declare("parry", "block"), "ranged", {}, SR5,
                               has_melee_weapon=False, initiative=3)
    assert "one defence per test, not parry and block" in reasons
    assert "Parry defends only against melee attacks" in reasons
    assert "Block defends only against melee attacks" in reasons
    assert "Parry needs a melee weapon in hand" in reasons
    assert "the defence costs 10 Initiative; the score is 3" in reasons


def test_cost_exactly_the_score_is_allowed():
    assert defence_problems(declare("dodge"), "melee", RATINGS, SR5, has_melee_weapon=False,
                            initiative=5) == []
    assert defence_problems(declare("dodge"), "melee", RATINGS, SR5, has_melee_weapon=False,
                            initiative=4) == ["the defence costs 5 Initiative; the score is 4"]


def test_unknown_and_interrupt_options_are_refused():
    assert defence_problems(declare("duck"), "melee", {}, SR5, has_melee_weapon=False,
                            initiative=None)[0].startswith("unknown defence 'duck'")
    assert defence_problems(declare("intercept"), "melee", {}, SR5, has_melee_weapon=False,
                            initiative=None) == [
        "Intercept is an attack on a mover within 1 + Reach m, not a defence"]
    assert "Dodge lasts one test; it cannot already be active" in defence_problems(
        declare(active=("dodge",)), "melee", RATINGS, SR5, has_melee_weapon=False,
        initiative=None)


def test_sr4_options():
    # SR4 ranged: Reaction only; dodge, parry and block are melee defences
    assert defence_problems(declare("dodge"), "ranged", RATINGS, SR4, has_melee_weapon=True,
                            initiative=None) == ["Dodge defends only against melee attacks"]
    # "If they have Unarmed Combat skill, they can choose to block"
    assert defence_problems(declare("block"), "melee", {"unarmed_combat": 0}, SR4,
                            has_melee_weapon=False, initiative=None) == [
        "Block needs unarmed_combat"]
    full = resolve_defence(declare("full_defense"), RATINGS, SR4, initiative=9)
    # "go on full defense, and add Dodge skill dice"; no Initiative cost, the next action
    assert sum(p.value for p in full.parts) == 3 and full.initiative_cost == 0
    assert full.uses_next_action
    both = resolve_defence(declare("full_defense", "parry"), RATINGS, SR4, initiative=None)
    assert sum(p.value for p in both.parts) == 7
