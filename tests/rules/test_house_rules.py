"""House rules take effect: a copy of ruleset.yaml with one number changed changes what the
rules functions and the engine do, and the text the GM reads follows (issue 10 item 6)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
import yaml
from ch6_builders import pistol, setup

from tactical.core.dice import Dice, RandomDice, ScriptedDice
from tactical.data.character import Attributes, Character, sheet_reach_m
from tactical.data.library import load_map
from tactical.data.shadowrun_ruleset import ShadowrunRuleset
from tactical.encounter import commands as cmd
from tactical.encounter import events as ev
from tactical.encounter.context import Context
from tactical.encounter.encounter import Encounter
from tactical.encounter.queries.movepreview import movement_left
from tactical.encounter.queries.oracle import GeometryOracle
from tactical.rules.chapter6.attack import plan_attack
from tactical.rules.chapter6.checks import (
    AdvantageState,
    Degree,
    Modifier,
    advantages_of,
    roll_check,
)
from tactical.rules.chapter6.constants import RULESET_FILE, chapter6_ruleset
from tactical.rules.chapter6.engine import turn_budget
from tactical.rules.chapter6.healing import trauma_patch
from tactical.rules.chapter6.injury import InjuryLevel
from tactical.rules.chapter6.labels import burst_damage, easy_tn, edge_damage, edge_initiative
from tactical.rules.chapter6.numbers import Chapter6Ruleset
from tactical.rules.chapter6.odds import check_odds, kept_distribution
from tactical.rules.chapter6.setup import Defender
from tactical.rules.shadowrun.constants import HERE as SR_HERE
from tactical.rules.shadowrun.constants import Edition, shadowrun_ruleset
from tactical.rules.shadowrun.sheet import monitors_of, physical_limit

ROOT = Path(__file__).resolve().parents[2]


def house_rules(tmp_path: Path, *changes: tuple[str, Any]) -> Chapter6Ruleset:
    """The bundled ruleset.yaml with `("movement.evade_tn", 8)`-style changes, loaded and
    validated as a GM's copy would be."""
    data = yaml.safe_load(RULESET_FILE.read_text(encoding="utf-8"))
    for dotted, value in changes:
        *parents, key = dotted.split(".")
        node = data
        for part in parents:
            node = node[part]
        assert key in node, f"{dotted} is not a key of ruleset.yaml"
        node[key] = value
    path = tmp_path / "house.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return chapter6_ruleset(path)


def warehouse(rules: Chapter6Ruleset, dice: Dice) -> Encounter:
    loaded = load_map(ROOT / "maps" / "warehouse.yaml")
    return Encounter(Context(loaded, GeometryOracle(loaded, rules), rules), dice)


def test_a_house_evade_bonus_is_the_evading_targets_tn_modifier(tmp_path):
    house = house_rules(tmp_path, ("movement.evade_tn", 8))
    evading = setup(pistol(), defender=Defender(evading=True))
    assert Modifier("Evading", 8) in plan_attack(evading, house).tn.breakdown
    assert Modifier("Evading", 5) in plan_attack(evading, chapter6_ruleset()).tn.breakdown


def test_three_dice_checks_roll_and_keep_three(tmp_path):
    house = house_rules(tmp_path, ("checks.dice", 3))
    check = roll_check(2, 20, ScriptedDice(d10=[4, 7, 9]), rules=house)
    assert check.base == (4, 7, 9) and check.kept == (9, 7, 4) and check.total == 22
    advantage = roll_check(0, 20, ScriptedDice(d10=[1, 7, 9, 8]), rules=house,
                           advantages=advantages_of(["Aimed"]))
    assert advantage.kept == (9, 8, 7)  # the best three of four
    triple = roll_check(0, 40, ScriptedDice(d10=[6, 6, 6]), rules=house)
    assert triple.double and triple.total == 18 + house.checks.double_bonus
    # the odds enumerate the same pool: three d10 average 16.5
    pool = kept_distribution(10, AdvantageState.NONE, False, 3)
    assert sum(p for _, p in pool) == pytest.approx(1.0)
    assert sum(sum(kept) * p for kept, p in pool) == pytest.approx(16.5)
    assert check_odds(0, 4, rules=house).success == pytest.approx(1 - 1 / 1000)


def test_the_initiative_roll_off_die_is_the_rulesets(tmp_path):
    house = house_rules(tmp_path, ("initiative.tie_breakers", ["AG", "CU", "d20"]))
    encounter = warehouse(house, ScriptedDice({20: [17]}))
    encounter.apply(cmd.SetInitiative("kicker", 20))
    kicker = encounter.state.get("kicker")
    sheet = encounter.ctx.character(kicker)
    assert kicker.tiebreak == (sheet.attributes.AG, sheet.attributes.CU, 17)


def test_a_house_full_action_of_major_and_move_leaves_the_minor(tmp_path):
    house = house_rules(tmp_path, ("actions.full", ["major", "move"]))
    encounter = warehouse(house, RandomDice(5))
    for c in encounter.state:
        encounter.apply(cmd.SetInitiative(c.id, 30 if c.id == "kicker" else 5))
    encounter.apply(cmd.StartCombat())
    assert encounter.state.actor == "kicker"
    events = encounter.apply(cmd.Refocus("kicker"))
    spent = [e.action for e in events if isinstance(e, ev.ActionSpent)]
    assert spent == ["major", "move"]
    assert encounter.state.get("kicker").budget.minor > 0


YARD = """kind: map
name: Yard
ruleset: chapter6
grid: {columns: 10, rows: 6, orientation: flat}
tokens:
  - {id: ganger, character: ganger, side: hellhounds, hex: [1, 2]}
  - {id: kicker, character: kicker, side: runners, hex: [4, 1]}
"""


def test_auto_fire_costs_what_its_mode_needs(tmp_path):
    (tmp_path / "yard.yaml").write_text(YARD, encoding="utf-8")
    loaded = load_map(tmp_path / "yard.yaml")
    house = house_rules(tmp_path, ("fire_modes.AF.needs", ["major"]))
    for rules, expected in ((chapter6_ruleset(), ["major", "minor"]), (house, ["major"])):
        encounter = Encounter(Context(loaded, GeometryOracle(loaded, rules), rules),
                              RandomDice(11))
        encounter.apply(cmd.SetInitiative("ganger", 30))
        encounter.apply(cmd.SetInitiative("kicker", 5))
        encounter.apply(cmd.StartCombat())
        events = encounter.apply(cmd.Attack("ganger", "kicker", "machine-pistol", "AF"))
        spent = [e.action for e in events if isinstance(e, ev.ActionSpent)]
        assert spent == expected


def test_the_edge_initiative_note_follows_the_house_bonus(tmp_path):
    house = house_rules(tmp_path, ("initiative.edge_bonus", "3d6"))
    encounter = warehouse(house, ScriptedDice(d6=[1, 2, 3]))
    events = encounter.apply(cmd.UseEdgeForInitiative("kicker"))
    notes = [e.purpose for e in events if isinstance(e, ev.EdgeSpent)]
    assert notes == ["Initiative +3d6 next round"]
    changed = next(e for e in events if isinstance(e, ev.InitiativeChanged))
    assert changed.value == 6


def test_speed_and_reach_default_to_the_rulesets(tmp_path):
    house = house_rules(tmp_path, ("movement.speed_m", 12), ("default_reach_m", 4))
    plain = Character(id="plain", name="Plain", attributes=Attributes(
        AG=3, CU=3, ST=3, VI=3, RE=3, PR=3), health=20, stamina=20)
    fast = plain.model_copy(update={"speed_m": 14.0})
    assert house.speed_m(plain) == 12 and house.speed_m(fast) == 14
    assert chapter6_ruleset().speed_m(plain) == 10
    assert sheet_reach_m(plain, house.default_reach_m) == 4


def test_the_drag_measures_a_sheet_without_speed_at_the_rulesets_speed(tmp_path):
    # the board's drag reads movement_left: a house movement.speed_m must reach it
    house = house_rules(tmp_path, ("movement.speed_m", 12))
    for rules, kicker, abomination in ((chapter6_ruleset(), 10, 14), (house, 12, 14)):
        encounter = warehouse(rules, RandomDice(1))
        left = [movement_left(encounter.state, encounter.ctx, who)
                for who in ("kicker", "abomination")]  # abomination's sheet says 14 m
        assert left == [kicker, abomination]


def test_a_trauma_patch_treats_at_the_rulesets_skill(tmp_path):
    house = house_rules(tmp_path, ("first_aid.trauma_patch_skill", 5))
    result = trauma_patch(InjuryLevel.LIGHT, ScriptedDice(d10=[3, 4], d6=[2]), rules=house)
    assert result.check.skill == 5
    default = trauma_patch(InjuryLevel.LIGHT, ScriptedDice(d10=[3, 4], d6=[2]))
    assert default.check.skill == 12 and default.success


def test_labels_follow_the_house_numbers(tmp_path):
    default = chapter6_ruleset()
    assert (burst_damage(default), edge_damage(default), edge_initiative(default),
            easy_tn(default)) == ("+1d6", "+2d6", "+2d6", "TN 10")
    house = house_rules(tmp_path, ("fire_modes.BF.bonus_dice", 2), ("damage_dice.die_sides", 8),
                        ("damage_dice.edge", 3), ("initiative.edge_bonus", "1d10"),
                        ("attack.easy_tn", 12))
    assert (burst_damage(house), edge_damage(house), edge_initiative(house),
            easy_tn(house)) == ("+2d8", "+3d8", "+1d10", "TN 12")
    # the damage roll itself uses the house die: Perfect +2d8 on a 3d6+1 machine pistol
    plan = plan_attack(setup(pistol(damage="3d6+1")), house)
    assert str(plan.damage_expr(Degree.PERFECT, house)) == "3d6+2d8+1"


def test_an_exhausted_combatant_gets_the_rulesets_actions(tmp_path):
    house = house_rules(tmp_path, ("fatigue.exhausted_actions", ["move"]))
    for rules, expected in ((chapter6_ruleset(), (0, 0, 1)), (house, (0, 1, 0))):
        kicker = warehouse(rules, RandomDice(3)).state.get("kicker")
        exhausted = replace(kicker, fatigue=kicker.stamina, initiative=30)  # Fatigue ≥ Stamina
        budget, why = turn_budget(exhausted, 2, rules)
        assert (budget.major, budget.move, budget.minor) == expected and "exhausted" in why


def test_command_action_costs_are_the_rulesets(tmp_path):
    house = house_rules(tmp_path, ("actions.evade", ["move"]), ("actions.drop_prone", "move"))
    for rules, evade, prone in ((chapter6_ruleset(), ["move", "move"], ["minor"]),
                                (house, ["move"], ["move"])):
        encounter = warehouse(rules, RandomDice(5))
        for c in encounter.state:
            encounter.apply(cmd.SetInitiative(c.id, 30 if c.id == "kicker" else 5))
        encounter.apply(cmd.StartCombat())
        spent = [[e.action for e in encounter.apply(command) if isinstance(e, ev.ActionSpent)]
                 for command in (cmd.Evade("kicker"), cmd.DropProne("kicker"))]
        assert spent == [evade, prone]


def shadowrun_house_rules(tmp_path: Path, edition: Edition,
                          *changes: tuple[str, Any]) -> ShadowrunRuleset:
    """sr4.yaml / sr5.yaml with changes, loaded as a GM's copy would be."""
    data = yaml.safe_load((SR_HERE / f"{edition}.yaml").read_text(encoding="utf-8"))
    for dotted, value in changes:
        *parents, key = dotted.split(".")
        node = data
        for part in parents:
            node = node[part]
        assert key in node, f"{dotted} is not a key of {edition}.yaml"
        node[key] = value
    path = tmp_path / f"house-{edition}.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return shadowrun_ruleset(edition, path)


def test_shadowrun_house_numbers_size_monitors_and_limits(tmp_path):
    library = load_map(ROOT / "maps" / "warehouse.yaml").library
    wombat = library.characters["wombat"]
    stats = wombat.shadowrun
    assert stats is not None
    sr5 = shadowrun_ruleset("sr5")
    house = shadowrun_house_rules(
        tmp_path, "sr5", ("monitors.attribute_divisor", 1), ("monitors.base", 6),
        ("sheet.physical_limit", {"weights": {"strength": 1}, "divisor": 1}))
    assert monitors_of(wombat, sr5).physical_size == 8 + -(-stats.body // 2)
    assert monitors_of(wombat, house).physical_size == 6 + stats.body
    assert physical_limit(stats.model_copy(update={"physical_limit": None}), house) == \
        stats.strength


PAIR = """kind: map
name: Pair
ruleset: chapter6
grid: {columns: 10, rows: 6, orientation: flat}
tokens:
  - {id: kicker, character: kicker, side: runners, hex: [1, 2]}
  - {id: vanya, character: vanya, side: runners, hex: [2, 2]}
"""


def test_first_aid_rolls_the_rulesets_skill(tmp_path):
    (tmp_path / "pair.yaml").write_text(PAIR, encoding="utf-8")
    loaded = load_map(tmp_path / "pair.yaml")
    kicker = loaded.library.characters["kicker"]
    house = house_rules(tmp_path, ("first_aid.skill", "brawl"))
    for rules, skill in ((chapter6_ruleset(), kicker.skills.get("medic", 0)),
                         (house, kicker.skills["brawl"])):
        encounter = Encounter(Context(loaded, GeometryOracle(loaded, rules), rules),
                              RandomDice(4))
        encounter.apply(cmd.SetInitiative("kicker", 30))
        encounter.apply(cmd.SetInitiative("vanya", 5))
        encounter.apply(cmd.StartCombat())
        encounter.apply(cmd.ApplyDamage("vanya", 4))
        events = encounter.apply(cmd.FirstAid("kicker", "vanya"))
        note = next(e.text for e in events if isinstance(e, ev.Note))
        assert note.startswith(f"Kicker gives first aid to Vanya: {skill}+")


def test_the_maps_reaction_kinds_are_the_house_files(tmp_path):
    # the board names what the map offers from the encounter's numbers, not the bundled file
    house = house_rules(tmp_path, ("attack.reactions.snapshot.label", "Snap shot"))
    for rules, label in ((chapter6_ruleset(), "Snapshot"), (house, "Snap shot")):
        encounter = warehouse(rules, RandomDice(2))
        kinds = encounter.ctx.oracle.reaction_kinds(encounter.state)
        assert next(k.label for k in kinds if k.name == "snapshot") == label
