"""The UI's ruleset part (tactical/ui/rulesets/): every ruleset the registry lists has a
view, and the labels that carry rule numbers follow the encounter's ruleset data — a house
rule changes the label the GM reads, never leaves a stale one."""

from __future__ import annotations

import ast

import pytest

from tactical.core.dice import RandomDice
from tactical.data.library import load_map
from tactical.encounter.context import Context
from tactical.encounter.encounter import Encounter
from tactical.encounter.queries.oracle import GeometryOracle
from tactical.rules import registry
from tactical.rules.chapter6.constants import chapter6_ruleset
from tactical.ui.board.legend import legend_entries
from tactical.ui.dock import CombatDock
from tactical.ui.document import EncounterDocument
from tactical.ui.rulesets import view_for


@pytest.mark.parametrize("ruleset_id", registry.ids())
def test_every_registered_ruleset_has_a_view_with_its_legend(ruleset_id):
    view = view_for(ruleset_id)
    rings = [e for e in legend_entries(view) if e.style == "ring"]
    # one ring per map reaction kind (+ "Acting now"); only "Acting now" without them
    kinds = registry.ruleset(ruleset_id).reaction_kinds
    assert view.map_reactions == bool(kinds)
    assert [e.text for e in rings] == [k.label for k in kinds] + ["Acting now"]
    assert view.arc_names() in (("Health", "Stamina"), ("Physical", "Stun"))


def house_rules():
    """Chapter 6 with every number behind a dock label changed."""
    rules = chapter6_ruleset()
    return rules.model_copy(update={
        "attack": rules.attack.model_copy(update={"easy_tn": 12}),
        "damage_dice": {**rules.damage_dice, "edge": 3},
        "fire_modes": {**rules.fire_modes,
                       "BF": rules.fire_modes["BF"].model_copy(update={"bonus_dice": 2})},
        "checks": rules.checks.model_copy(update={"die_sides": 12}),
        "initiative": rules.initiative.model_copy(update={"edge_bonus": "3d6"}),
        "fatigue": rules.fatigue.model_copy(update={"fatigued": 0.6}),
    })


@pytest.fixture
def house_dock(qtbot, root):
    loaded = load_map(root / "maps" / "warehouse.yaml")
    ctx = Context(loaded, GeometryOracle(loaded), rules=house_rules())
    dock = CombatDock(EncounterDocument(Encounter(ctx, RandomDice(3))))
    qtbot.addWidget(dock)
    dock.resize(520, 1000)
    dock.show()
    return dock


def test_house_ruled_numbers_show_in_the_attack_and_combatant_labels(house_dock):
    attack, status = house_dock.attack, house_dock.status
    assert attack.defenseless.text() == "Target defenseless (TN 12)"
    edge = [attack.edge_combo.itemText(i) for i in range(attack.edge_combo.count())]
    assert edge[1:] == ["Edge on the roll (extra d12)", "Edge on damage (+3d6)"]
    assert attack.burst_combo.itemText(2) == "+2d6 damage"
    assert attack.tn_label.toolTip() == "The target number the 2d12 + skill must reach"
    assert "+3d6 Initiative" in status.edge.toolTip()
    house_dock.document.select("kicker")
    assert status.stamina.toolTip().startswith("Fatigue ≥ 60% of Stamina")


def test_the_default_labels_are_the_rulebook_numbers(qtbot, root):
    document = EncounterDocument.for_map(load_map(root / "maps" / "warehouse.yaml"))
    dock = CombatDock(document)
    qtbot.addWidget(dock)
    assert dock.attack.defenseless.text() == "Target defenseless (TN 10)"
    assert dock.attack.edge_combo.itemText(2) == "Edge on damage (+2d6)"
    assert dock.attack.tn_label.toolTip() == "The target number the 2d10 + skill must reach"


def test_only_ui_rulesets_names_a_ruleset_id(root):
    """A ruleset id written elsewhere in the UI is a ruleset check the next ruleset misses."""
    ids = set(registry.ids())
    found = []
    for path in sorted((root / "tactical" / "ui").rglob("*.py")):
        rel = path.relative_to(root).as_posix()
        if rel.startswith("tactical/ui/rulesets/"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and node.value in ids:
                found.append(f"{rel}:{node.lineno} {node.value!r}")
    assert found == []
