"""The combat dock on the warehouse demo: initiative, the attack panel's live numbers against
the engine's own, a roll through the document, pending reactions, and undo."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tactical.core.dice import RandomDice, ScriptedDice
from tactical.data.library import load_map
from tactical.encounter import commands as cmd
from tactical.encounter import events as ev
from tactical.encounter.batch import Batch
from tactical.encounter.handlers.fight import build_setup
from tactical.encounter.model import Phase
from tactical.rules.chapter6.odds import attack_odds
from tactical.ui.dock import CombatDock, style
from tactical.ui.dock.initiative import reorder_values, shown_order
from tactical.ui.dock.style import percent
from tactical.ui.document import EncounterDocument

ORDER = ("vanya", "kicker", "guard-shotgun", "guard-shield", "guard-office", "abomination")
KICKER_FIRST = ("kicker", "vanya", "guard-shotgun", "guard-shield", "guard-office",
                "abomination")


@pytest.fixture
def make_dock(qtbot, root):
    def make(dice=None, ask=None) -> CombatDock:
        document = EncounterDocument.for_map(load_map(root / "maps" / "warehouse.yaml"),
                                             dice or RandomDice(7))
        dock = CombatDock(document, ask=ask)
        qtbot.addWidget(dock)
        dock.resize(520, 1000)
        dock.show()
        return dock

    return make


def scripted(d10: list[int], d6: list[int]) -> ScriptedDice:
    """Dice for a test: the six initiative roll-off d10s first, then the given faces."""
    return ScriptedDice(d10=[5] * 6 + d10, d6=d6)


def start(dock: CombatDock, order: tuple[str, ...] = ORDER) -> None:
    for i, cid in enumerate(order):
        assert dock.document.apply(cmd.SetInitiative(cid, 30 - 3 * i)) is not None
    dock.initiative.start_button.click()


def rows(dock: CombatDock) -> list[str]:
    return dock.initiative.tree.ids()


def test_start_combat_from_the_dock_shows_the_order_and_the_actor(make_dock):
    dock = make_dock()
    assert dock.initiative.round_label.text() == "Setup"
    assert not dock.initiative.next_button.isEnabled()
    dock.initiative.start_button.click()
    state = dock.document.state
    assert state.phase is Phase.COMBAT
    assert dock.initiative.round_label.text() == "Round 1"
    assert rows(dock) == list(state.order)
    actor_row = dock.initiative.tree.topLevelItem(0)
    assert actor_row.text(1) == f"▶ {state.get(state.actor).name}"
    assert all(not dock.initiative.tree.topLevelItem(i).text(1).startswith("▶")
               for i in range(1, len(state.order)))
    assert dock.turn.heading.text() == f"{state.get(state.actor).name}'s turn"


def test_next_turn_moves_the_highlight(make_dock):
    dock = make_dock()
    start(dock)
    dock.initiative.next_button.click()
    assert dock.document.state.actor == "kicker"
    assert dock.initiative.tree.topLevelItem(1).text(1) == "▶ Kicker"
    assert dock.turn.heading.text() == "Kicker's turn"


def test_editing_a_value_sets_the_initiative_and_reorders(make_dock):
    dock = make_dock()
    for i, cid in enumerate(ORDER):
        dock.document.apply(cmd.SetInitiative(cid, 30 - 3 * i))
    assert rows(dock) == list(ORDER)
    item = dock.initiative.tree.topLevelItem(5)  # the abomination, 15
    assert item.data(0, Qt.ItemDataRole.UserRole) == "abomination"
    item.setData(0, Qt.ItemDataRole.EditRole, 40)
    assert dock.document.state.get("abomination").initiative == 40
    assert rows(dock)[0] == "abomination"


def test_dragging_a_row_sets_values_that_give_the_new_order(make_dock):
    dock = make_dock()
    for i, cid in enumerate(ORDER):
        dock.document.apply(cmd.SetInitiative(cid, 30 - 3 * i))
    wanted = ["kicker", "guard-shotgun", "guard-shield", "guard-office", "abomination", "vanya"]
    dock.initiative.tree.reordered.emit(wanted)
    assert rows(dock) == wanted
    assert list(shown_order(dock.document.state)) == wanted
    # only the row that moved changed: Vanya dropped below the abomination's 15
    assert dock.document.state.get("kicker").initiative == 27
    assert dock.document.state.get("vanya").initiative == 14


def test_reorder_values_changes_as_few_values_as_it_can():
    scores = {"a": 30, "b": 20, "c": 10}
    assert reorder_values(["b", "c", "a"], scores) == {"a": 9}
    assert reorder_values(["c", "a", "b"], scores) == {"c": 31}
    assert reorder_values(["a", "b", "c"], scores) == {}
    assert reorder_values(["b", "a"], {"a": 0, "b": 0}) == {"b": 1}


def test_attack_panel_shows_the_engines_tn_breakdown_and_exact_odds(make_dock):
    dock = make_dock()
    start(dock)  # Vanya acts
    panel = dock.attack
    panel.set_target("guard-shotgun")
    assert panel.weapon_combo.currentData() == "ares-predator"  # the ready weapon
    assert panel.mode_combo.currentData() == "SA"  # the weapon's default mode
    p = panel.current
    assert p is not None and p.allowed and p.plan is not None
    # Known setup: 24 m, medium band, full cover behind the crates; Vanya's smartlink.
    assert [(m.source, m.value) for m in p.plan.tn.breakdown] == [("Base TN", 20),
                                                                  ("Full cover", 10)]
    assert panel.tn_label.text() == "TN 30"
    assert "Full cover" in panel.breakdown.text() and "+10" in panel.breakdown.text()
    assert panel.situation.text().startswith("24 m — Medium band (+0) · Cover: Full")
    assert "smartlink" in panel.advantage.text()
    # The same numbers as the engine's own setup through the rules' odds function.
    state, ctx = dock.document.state, dock.document.encounter.ctx
    setup = build_setup(Batch(state, ctx, RandomDice(0)), state.get("vanya"),
                        state.get("guard-shotgun"), "ares-predator",
                        cmd.Attack("vanya", "guard-shotgun", "ares-predator", "SA"), None)
    odds = attack_odds(setup, ctx.rules)
    assert p.odds == odds
    assert panel.hit_label.text() == f"Hit {percent(odds.hit)}" == "Hit 36.2%"
    assert f"Solid</b> {percent(odds.solid)}" in panel.odds.text()
    assert f"Perfect</b> {percent(odds.perfect)}" in panel.odds.text()
    assert sum(odds.degrees.values()) == pytest.approx(1.0)
    assert sum(odds.injury.values()) == pytest.approx(1.0)
    assert odds.solid + odds.perfect < odds.hit < 1.0
    assert f"{odds.expected_damage:.1f}" in panel.odds.text()


def test_options_edge_and_modes_change_the_preview(make_dock):
    dock = make_dock()
    start(dock)
    panel = dock.attack
    panel.set_target("guard-shotgun")
    plain = panel.current.odds.hit
    panel.option_boxes["aimed_shot"].setChecked(True)  # Disadvantage cancels the smartlink
    assert "Aimed Shot" in panel.advantage.text() and "cancel" in panel.advantage.text()
    assert panel.current.odds.hit < plain
    panel.option_boxes["aimed_shot"].setChecked(False)
    panel.edge_combo.setCurrentIndex(panel.edge_combo.findData("roll"))
    assert panel.current.odds.hit > plain
    assert panel.command().edge == "roll"
    assert not panel.option_boxes["charge"].isVisibleTo(panel)  # a melee option
    modes = [panel.mode_combo.itemData(i) for i in range(panel.mode_combo.count())]
    assert modes == ["SS", "SA"]


def test_a_refused_setup_says_why_and_disables_roll(make_dock):
    dock = make_dock()
    start(dock)
    dock.attack.set_target("guard-shield")  # behind the shelving
    assert not dock.attack.roll_button.isEnabled()
    assert "cannot see Guard (shield)" in dock.attack.refusals.text()
    assert "NO LINE OF SIGHT" in dock.attack.situation.text()


def test_roll_applies_one_attack_logs_it_and_updates_health(make_dock):
    dice = scripted(d10=[10, 9, 8], d6=[6] * 30)
    dock = make_dock(dice)
    start(dock)
    before = len(list(dock.document.encounter.history.effective_events()))
    dock.attack.set_target("guard-shotgun")
    dock.attack.roll_button.click()
    history = dock.document.encounter.history
    new = list(history.effective_events())[before:]
    resolved = [e for e in new if isinstance(e, ev.AttackResolved)]
    assert len(resolved) == 1 and resolved[0].hit
    assert history.undo_label == "Vanya attacks Guard (shotgun)"
    assert resolved[0].summary in [line.text for line in dock.log.lines]
    assert resolved[0].summary in dock.log.toPlainText()
    guard = dock.document.state.get("guard-shotgun")
    assert guard.damage > 0
    assert dock.attack.result_frame.isVisibleTo(dock.attack)
    assert "Dice 10, 9, 8" in dock.attack.result.text()
    assert f"{guard.health - guard.damage} / {guard.health}" in dock.attack.result.text()
    dock.document.select("guard-shotgun")
    assert dock.status.heading.text().startswith("Guard (shotgun)")
    assert dock.status.health.text.startswith(f"{guard.health - guard.damage} / {guard.health}")
    major = dock.turn.pips["major"]
    assert (major.left, major.spent) == (1, 1)  # Initiative 30: a second Major


def test_enter_rolls_from_the_attack_panel(make_dock, qtbot):
    dock = make_dock(scripted(d10=[1, 2, 3], d6=[]))
    start(dock)
    dock.attack.set_target("guard-shotgun")
    dock.activateWindow()
    dock.attack.weapon_combo.setFocus()
    qtbot.waitUntil(lambda: dock.attack.weapon_combo.hasFocus())
    qtbot.keyClick(dock.attack.weapon_combo, Qt.Key.Key_Return)
    assert any(isinstance(e, ev.AttackResolved)
               for e in dock.document.encounter.history.effective_events())


def test_pick_target_mode_takes_the_next_clicked_token(make_dock, qtbot):
    dock = make_dock()
    start(dock)
    with qtbot.waitSignal(dock.picking_target) as signal:
        dock.attack.pick_button.setChecked(True)
    assert signal.args == [True]
    dock.document.select("vanya")  # the attacker itself: ignored
    assert dock.attack.pick_button.isChecked()
    dock.document.select("abomination")
    assert not dock.attack.pick_button.isChecked()
    assert dock.attack.target_combo.currentData() == "abomination"
    assert dock.attack.current.attack.target == "abomination"


def halt_kicker_at_the_snapshot(dock: CombatDock) -> None:
    start(dock, KICKER_FIRST)
    apply = dock.document.apply
    assert apply(cmd.Move("kicker", ((3, 7), (4, 7), (5, 6), (6, 5), (7, 5)))) is not None
    assert apply(cmd.Move("kicker", ((7, 4), (8, 3), (9, 2), (10, 2), (11, 2)))) is not None
    assert [p.reactor for p in dock.document.state.pending] == ["guard-shotgun"]


def test_a_pending_reaction_is_listed_and_resolved_from_the_attack_panel(make_dock):
    dock = make_dock(scripted(d10=[2, 3], d6=[]))
    halt_kicker_at_the_snapshot(dock)
    assert dock.reactions.isVisibleTo(dock)
    assert "Kicker halted" in dock.reactions.heading.text()
    resolve, _decline = dock.reactions.row("guard-shotgun")
    assert not dock.attack.roll_button.isEnabled()  # the actor must wait
    assert "pending reactions first" in dock.attack.refusals.text()
    resolve.click()
    panel = dock.attack
    assert panel.heading.text() == "Snapshot: Guard (shotgun) → Kicker"
    assert panel.target_combo.currentData() == "kicker" and not panel.target_combo.isEnabled()
    assert "Snapshot" in panel.advantage.text()
    assert isinstance(panel.command(), cmd.React)
    panel.roll_button.click()
    state = dock.document.state
    assert [p.reactor for p in state.pending] == ["guard-shield"]  # then the Intercept
    assert state.get("guard-shotgun").reactions == 0
    assert panel.heading.text() == "Kicker attacks"  # back to the actor
    assert any("Snapshot" in line.text for line in dock.log.lines)
    assert dock.reactions.reactors() == ["guard-shield"]


def test_intercept_offers_stop_or_go_on_and_decline_clears_it(make_dock):
    dock = make_dock(scripted(d10=[2, 3], d6=[]))
    halt_kicker_at_the_snapshot(dock)
    dock.reactions.row("guard-shotgun")[1].click()  # Decline
    assert [p.reactor for p in dock.document.state.pending] == ["guard-shield"]
    dock.reactions.row("guard-shield")[0].click()
    panel = dock.attack
    assert panel.intercept_combo.isVisibleTo(panel)
    assert panel.roll_button.text() == "Stop here"
    assert panel.command() == cmd.React("guard-shield", go_on=False, offer="o2")
    panel.decline_button.click()
    state = dock.document.state
    assert state.pending == () and state.halted is None
    assert state.get("kicker").hex == (11, 2)
    assert not dock.reactions.isVisibleTo(dock)


def test_intercept_stop_ends_the_move(make_dock):
    dock = make_dock(scripted(d10=[2, 3], d6=[]))
    halt_kicker_at_the_snapshot(dock)
    dock.reactions.row("guard-shotgun")[1].click()
    dock.resolve_reaction("guard-shield")
    dock.attack.roll_button.click()
    state = dock.document.state
    assert state.pending == () and state.get("kicker").hex == (10, 2)
    assert any("stopped by Guard (shield)" in line.text for line in dock.log.lines)


def test_undo_through_the_document_updates_every_section(make_dock):
    dock = make_dock(scripted(d10=[10, 9, 8], d6=[6] * 30))
    start(dock)
    dock.attack.set_target("guard-shotgun")
    dock.document.select("guard-shotgun")
    dock.attack.roll_button.click()
    summary = next(e.summary for e in dock.document.encounter.history.effective_events()
                   if isinstance(e, ev.AttackResolved))
    assert dock.document.state.get("guard-shotgun").damage > 0
    dock.document.undo()
    assert summary not in dock.log.toPlainText()
    assert not dock.attack.result_frame.isVisibleTo(dock.attack)
    guard = dock.document.state.get("guard-shotgun")
    assert guard.damage == 0
    assert dock.status.health.text == f"{guard.health} / {guard.health} (0 damage)"
    assert (dock.turn.pips["major"].left, dock.turn.pips["major"].spent) == (2, 0)
    assert dock.attack.roll_button.isEnabled()
    dock.document.redo()
    assert summary in dock.log.toPlainText()
    dock.document.undo()
    dock.document.undo()  # the start of combat
    assert dock.initiative.round_label.text() == "Setup"
    assert dock.turn.heading.text() == "Combat not started"
    assert dock.attack.heading.text() == "Start combat to attack"


def test_refusals_are_logged_in_their_own_colour(make_dock):
    dock = make_dock()
    dock.initiative.next_button.setEnabled(True)
    dock.initiative.next_button.click()  # no combat yet
    line = dock.log.lines[-1]
    assert line.kind == "refusal" and "combat has not started" in line.text
    # vermillion, darkened to read at 4.5:1 on the log's white (issue 26)
    assert style.readable(style.VERMILLION, "#ffffff").upper() in dock.log.toHtml().upper()


def test_trick_shot_takes_the_gms_tn(make_dock):
    dock = make_dock(scripted(d10=[9, 9], d6=[]))
    start(dock)
    panel = dock.attack
    panel.set_target("guard-shotgun")
    assert not panel.gm_tn.isVisibleTo(panel)
    panel.option_boxes["trick_shot"].setChecked(True)
    assert panel.gm_tn.isVisibleTo(panel)
    panel.gm_tn.setValue(35)
    assert panel.command().gm_tn == 35
    assert panel.current.plan.tn.tn == 35 and panel.roll_button.isEnabled()
    panel.roll_button.click()
    resolved = [e for e in dock.document.encounter.history.entries[
        dock.document.encounter.history.done[-1]].events if isinstance(e, ev.AttackResolved)]
    assert resolved[0].result["tn"] == 35


def test_in_setup_the_attack_panel_hides_its_form_and_no_one_cannot_react(make_dock):
    """Issue 14, defect 5: Decline, Back, a Mover box and two Defence rows in Setup; and
    "cannot react: no Reaction left this round" before any round began."""
    dock = make_dock()
    assert dock.attack.heading.text() == "Start combat to attack"
    assert not dock.attack.body.isVisibleTo(dock)
    dock.document.select("vanya")
    assert "cannot react" not in dock.status.injury_text.text()
    start(dock)
    assert dock.attack.body.isVisibleTo(dock)


def test_picking_a_target_keeps_the_attackers_bands(make_dock):
    """Issue 14, defect 6: the board shows the selected token's bands; a pick must not
    leave the target selected."""
    dock = make_dock()
    start(dock)
    dock.document.select("vanya")
    dock.attack.pick_button.setChecked(True)
    dock.document.select("abomination")  # the click on the board
    assert dock.attack.target_combo.currentData() == "abomination"
    assert dock.document.selected == "vanya"


def test_a_new_resolution_does_not_show_the_last_ones_result(make_dock):
    """Issue 14, defect 8: the Snapshot's MISS stayed under the Intercept's Roll button."""
    dock = make_dock(scripted(d10=[2, 3], d6=[]))
    halt_kicker_at_the_snapshot(dock)
    dock.reactions.row("guard-shotgun")[0].click()
    dock.attack.roll_button.click()
    assert dock.attack.result_frame.isVisibleTo(dock)
    dock.reactions.row("guard-shield")[0].click()
    assert not dock.attack.result_frame.isVisibleTo(dock)
    combo = dock.attack.intercept_combo
    width = combo.fontMetrics().horizontalAdvance(combo.itemText(1))
    assert width < 300  # fits the dock beside its label at 720p


def test_an_exhausted_combatant_shows_its_rests_toward_stamina_back(make_dock):
    """Ch.6 l.818: 10 idle turns while Exhausted give back 1 Stamina; the dock counts them."""
    dock = make_dock()
    start(dock)
    doc = dock.document
    assert doc.apply(cmd.EditVitals("vanya", stamina=3)) is not None
    doc.select("vanya")
    assert "rests" not in dock.status.stamina.text  # not Exhausted: nothing to count
    assert doc.apply(cmd.ApplyDamage("vanya", 1)) is not None  # Light: 3 Fatigue of 3
    assert dock.status.stamina.text.endswith("Exhausted; rests: 0 / 10 turns")
    assert doc.apply(cmd.EndTurn()) is not None  # her turn passes, nothing done
    assert dock.status.stamina.text.endswith("Exhausted; rests: 1 / 10 turns")
    doc.undo()
    assert dock.status.stamina.text.endswith("rests: 0 / 10 turns")
