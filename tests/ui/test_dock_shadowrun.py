"""Issue 7 through the GUI: an SR5 encounter opened in the combat dock, Wombat's pistol shot
(sr5-combat-sequence.txt) played by setting the panel and pressing Roll, the numbers in the
preview equal to the engine's, the log line, Cutter's Stun monitor, and undo."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QStandardItemModel

from tactical.core.dice import RandomDice, ScriptedDice
from tactical.data.library import load_map
from tactical.encounter import commands as cmd
from tactical.encounter.context import Context
from tactical.encounter.encounter import Encounter
from tactical.encounter.queries.oracle import GeometryOracle
from tactical.encounter.queries.preview import attack_setup
from tactical.rules.shadowrun.attack import AttackSetup, WeaponStats
from tactical.rules.shadowrun.constants import shadowrun_ruleset
from tactical.rules.shadowrun.engine import monitors
from tactical.rules.shadowrun.pools import Modifier
from tactical.rules.shadowrun.preview import pool_odds
from tactical.ui.dock import CombatDock
from tactical.ui.document import EncounterDocument

# The map says Chapter 6; the encounter is started in SR5 (or SR4) through the Context, as
# the GUI does when the GM picks a ruleset.
ALLEY = """kind: map
name: Alley behind the Hellhounds' bar
ruleset: chapter6
grid: {columns: 10, rows: 6, orientation: flat}
tokens:
  - {id: wombat, character: wombat, side: runners, hex: [1, 2]}
  - {id: cutter, character: cutter, side: hellhounds, hex: [6, -1]}
"""
# Initiative (SR5: Reaction + Intuition + 1d6): Wombat 7 + 6 = 13, Cutter 6 + 1 = 7.
INITIATIVE = [6, 1]
WOMBAT_SHOT = [5, 6, 5, 6, 1, 2, 3, 4, 2]  # 9 dice, 4 hits
CUTTER_DEFENDS = [5, 6, 1, 2, 3]  # 5 dice, 2 hits
CUTTER_RESISTS = [5, 5, 5, 6, 6, 1, 1, 2, 2, 3, 3, 4, 4, 1]  # Body 3 + AV 11: 5 hits


@pytest.fixture
def alley(tmp_path):
    path = tmp_path / "alley.yaml"
    path.write_text(ALLEY, encoding="utf-8")
    return load_map(path)


@pytest.fixture
def make_dock(qtbot, alley):
    def make(dice=None, ruleset: str = "sr5") -> CombatDock:
        encounter = Encounter(Context(alley, GeometryOracle(alley), ruleset=ruleset),
                              dice or RandomDice(7))
        dock = CombatDock(EncounterDocument(encounter))
        qtbot.addWidget(dock)
        dock.resize(520, 1400)
        dock.show()
        return dock

    return make


def worked_example_dice() -> ScriptedDice:
    return ScriptedDice(d6=[*INITIATIVE, *WOMBAT_SHOT, *CUTTER_DEFENDS, *CUTTER_RESISTS])


def log_texts(dock: CombatDock) -> list[str]:
    return [line.text for line in dock.log.lines]


def test_wombats_pistol_shot_through_the_dock(make_dock):
    dock = make_dock(worked_example_dice())
    document, panel = dock.document, dock.attack
    assert document.state.ruleset == "sr5"
    dock.initiative.start_button.click()
    assert document.state.actor == "wombat"
    assert dock.initiative.tree.ids() == ["wombat", "cutter"]
    assert "Initiative pass 1" in dock.initiative.round_label.text()
    # Ch.6's choices are hidden, Shadowrun's shown
    assert panel.sr_defence_combo.isVisible() and panel.attack_mod.isVisible()
    assert not panel.mode_combo.isVisible() and not panel.options_box.isVisible()
    assert not panel.called_combo.isVisible() and not panel.edge_combo.isVisible()

    assert panel.target_combo.currentData() == "cutter"
    # the map proposes its range band (RULINGS "Map modifiers"); the worked example's
    # numbers are the GM's "Situation" alone, so the GM drops it
    proposals = list(panel.part.map_checks)
    assert len(proposals) == 1 and proposals[0].startswith("Range (Medium")
    assert panel.part.map_box.isVisible()
    panel.part.map_checks[proposals[0]].setChecked(False)
    panel.attack_mod.setValue(-1)
    panel.defence_mod.setValue(-1)
    assert panel.command() == cmd.Attack("wombat", "cutter", "browning-ultra-power",
                                         attack_modifiers=(("Situation", -1),),
                                         defence_modifiers=(("Situation", -1),))
    p = panel.current
    assert p is not None and p.shadowrun is not None and p.refusals == ()
    assert panel.tn_label.text() == "9 vs 5 dice"
    breakdown = panel.breakdown.text()
    for part in ("Pistols", "Agility", "Situation", "Reaction", "Intuition",
                 "Limit (Browning Ultra-Power Accuracy)", "[6]"):
        assert part in breakdown
    assert panel.hit_label.text() == f"Hit {p.shadowrun.odds.hit * 100:.1f}%"
    assert panel.roll_button.isEnabled()

    panel.roll_button.click()

    assert document.encounter.dice.remaining(6) == ()
    attack_line = next(t for t in log_texts(dock) if t.startswith("Wombat → Cutter"))
    for piece in ("4 hits vs 2", "10P → 10S vs AV 11", "5 resisted", "5S"):
        assert piece in attack_line, attack_line
    assert any("Cutter's condition monitors: Physical 0/10, Stun 5/10" in t
               for t in log_texts(dock))
    assert panel.result_frame.isVisible()
    assert "Cutter: Physical 0/10, Stun 5/10" in panel.result.text()
    assert "Damage 10 − 5 = 5S" in panel.result.text()

    document.select("cutter")
    status = dock.status
    assert status.stun_text.text().startswith("5/10")
    assert (status.stun.marked, status.stun.boxes) == (5, 10)
    assert status.physical_text.text().startswith("0/10")
    assert status.wounds.text().startswith("−1 die")
    assert not status.health.isVisible() and status.stun.isVisible()

    document.undo()
    assert monitors(document.state.get("cutter")).stun == 0
    assert status.stun_text.text().startswith("0/10")
    assert not any(t.startswith("Wombat → Cutter") for t in log_texts(dock))
    assert not panel.result_frame.isVisible()


def test_the_preview_is_the_engines_setup(make_dock):
    dock = make_dock(worked_example_dice())
    dock.initiative.start_button.click()
    panel = dock.attack
    panel.attack_mod.setValue(-1)
    command = panel.command()
    state, ctx = dock.document.state, dock.document.encounter.ctx
    setup = attack_setup(state, ctx, command)
    preview = panel.current.shadowrun
    assert preview.setup == setup
    assert preview.odds == pool_odds(setup, preview.defence_parts,
                                     shadowrun_ruleset(state.ruleset))
    # 9 dice, −1 for the Medium range band the map proposes (RULINGS "Map modifiers")
    assert command.attack_modifiers[0][1] == -1
    assert command.attack_modifiers[0][0].startswith("Range (Medium")
    assert (preview.odds.attack_dice, preview.odds.defence_dice, preview.odds.limit) == (8, 6, 6)


def test_defence_options_are_the_editions(make_dock):
    dock = make_dock(worked_example_dice())
    dock.initiative.start_button.click()
    combo = dock.attack.sr_defence_combo
    options = [combo.itemData(i) for i in range(combo.count())]
    assert options == [None, "dodge", "parry", "block", "full_defense", "hit_the_dirt"]
    model = combo.model()
    assert isinstance(model, QStandardItemModel)
    enabled = {combo.itemData(i): model.item(i).isEnabled() for i in range(combo.count())}
    assert enabled == {None: True, "dodge": True, "parry": False, "block": False,
                       "full_defense": True, "hit_the_dirt": True}  # a pistol: ranged
    # Cutter (score 7) dodges: −5 Initiative, the command carries the declaration
    combo.setCurrentIndex(combo.findData("dodge"))
    assert dock.attack.command().defence == "dodge"
    assert "−5 Initiative" in dock.attack.advantage.text()
    assert "(7 → 2)" in dock.attack.advantage.text()
    # Full Defense costs 10, more than Cutter's 7: refused before any die
    combo.setCurrentIndex(combo.findData("full_defense"))
    assert "the defence costs 10 Initiative; the score is 7" in dock.attack.refusals.text()
    assert not dock.attack.roll_button.isEnabled()


def test_sr4_encounter_offers_sr4_defences(make_dock):
    dock = make_dock(RandomDice(3), ruleset="sr4")
    assert dock.document.state.ruleset == "sr4"
    dock.initiative.start_button.click()
    combo = dock.attack.sr_defence_combo
    rules = shadowrun_ruleset("sr4")
    expected = [None if k == rules.default_defence else k for k in rules.defence_options
                if not rules.defence_options[k].interrupt_attack]
    assert [combo.itemData(i) for i in range(combo.count())] == expected
    assert "hit_the_dirt" not in expected
    # SR4 has no limits: the breakdown has none
    assert "Limit" not in dock.attack.breakdown.text()


def test_initiative_passes_in_the_dock(make_dock):
    dock = make_dock(ScriptedDice(d10=[1, 2], d6=[6, 6] * 4))
    document = dock.document
    assert document.apply(cmd.SetInitiative("wombat", 25)) is not None
    assert document.apply(cmd.SetInitiative("cutter", 8)) is not None
    dock.initiative.start_button.click()
    tree = dock.initiative.tree
    assert [tree.topLevelItem(i).text(0) for i in range(2)] == ["25", "8"]
    dock.initiative.next_button.click()
    dock.initiative.next_button.click()  # pass 2: only Wombat, 25 − 10 = 15
    assert document.state.initiative_pass == 2
    assert "Initiative pass 2" in dock.initiative.round_label.text()
    assert tree.ids() == ["wombat", "cutter"]
    assert tree.topLevelItem(0).text(0) == "15"
    assert tree.topLevelItem(1).text(1) == "Cutter (done this turn)"
    assert "done this combat turn: Cutter" in dock.initiative.note.text()
    document.select("wombat")
    assert "pass 2 of the combat turn: 25 − 10 = 15 (acts)" in \
        dock.status.initiative.text()
    assert "Combat turn 1, initiative pass 2: Wombat" in log_texts(dock)[-2]


def test_pool_odds_are_exact():
    """One die against none: a hit on 5–6 is 1/3; two dice limited to 1 against one die."""
    setup = AttackSetup(
        weapon=WeaponStats("Test", "ranged", 1, "P", 0),
        attack_parts=(Modifier("Skill", 1),), defence_parts=(), body=0)
    rules = shadowrun_ruleset("sr5")
    odds = pool_odds(setup, (), rules)
    assert odds.hit == pytest.approx(1 / 3)
    assert odds.damage == pytest.approx(1 / 3)  # DV 1 + 1 net, no resistance dice
    assert odds.expected_boxes == pytest.approx(2 / 3)
    limited = AttackSetup(
        weapon=WeaponStats("Test", "ranged", 1, "P", 0),
        attack_parts=(Modifier("Skill", 2),), defence_parts=(Modifier("Reaction", 1),),
        body=0, limit=1)
    odds = pool_odds(limited, limited.defence_parts, rules)
    # the attacker needs one hit (of two dice; more are cut to 1) and the defender none
    assert odds.hit == pytest.approx((1 - (2 / 3) ** 2) * (2 / 3))


def test_the_gm_rules_a_tie_a_grazing_hit_from_the_panel(make_dock):
    """sr5 l.16, sr4 l.25: a tie is a miss unless the GM rules a grazing hit; the panel's
    tick says so, the preview and the roll follow it."""
    tie = [5, 6, 1, 2, 3, 4, 2, 3, 4, 2, 2][:9]  # 9 dice, 2 hits
    dock = make_dock(ScriptedDice(d6=[*INITIATIVE, *tie, 5, 6, 1, 2, 3]))  # 5 dice, 2 hits
    dock.initiative.start_button.click()
    panel = dock.attack
    for box in panel.part.map_checks.values():
        box.setChecked(False)
    panel.attack_mod.setValue(-1)
    panel.defence_mod.setValue(-1)
    grazing = panel.part.grazing
    assert grazing.isVisible() and not grazing.isChecked()
    assert panel.command().grazing is None
    assert "a miss: the defender wins ties" in panel.odds.text()
    grazing.setChecked(True)
    assert panel.command().grazing is True
    assert "a grazing hit (contact, no damage)" in panel.odds.text()  # the preview follows
    panel.roll_button.click()
    attack_line = next(t for t in log_texts(dock) if t.startswith("Wombat → Cutter"))
    assert "tie: grazing hit, no damage" in attack_line
    assert monitors(dock.document.state.get("cutter")).stun == 0
