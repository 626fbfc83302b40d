"""Issue 25 item 3 through the real window at 1280x720 (offscreen): the GM plays the passes
from the dock. A dodge's Initiative re-sorts the pass at once in the initiative list; Full
Defense declared again in a later pass is not charged again; SR4's initiative list shows each
combatant's own passes; the SR4 split pool from the attack panel."""

from __future__ import annotations

from PySide6.QtCore import Qt

from tactical.encounter import events as ev
from tactical.encounter.model import Condition
from tactical.rules.shadowrun.engine import monitors
from tactical.ui.main_window import MainWindow
from tactical.ui.menus import find_action
from tests import windows
from tests.ui.sr_table import (
    SR4_SPLIT,
    SR5_PASSES,
    choose,
    log_has,
    open_sr,
    start,
    token_menu,
)

SIZE = (1280, 720)
MISS = [2, 3, 4, 2, 3, 4, 2, 3, 4, 5]  # 10 dice, 1 hit
TIE = [5, 2, 3, 4, 2, 3]  # 6 dice, 1 hit


def _attack_with(win: MainWindow, attacker: str, target: str, defence: str | None) -> None:
    choose(token_menu(win, target), f"Attack with {win.document.state.get(attacker).name}…")
    panel = win.dock.attack
    combo = panel.sr_defence_combo
    combo.setCurrentIndex(combo.findData(defence) if defence else 0)
    assert panel.roll_button.isEnabled(), panel.refusals.text()
    panel.roll_button.click()


def _names_in_list(win: MainWindow) -> list[str]:
    return win.dock.initiative.tree.ids()


def test_a_dodge_re_sorts_the_pass_in_the_initiative_list(qtbot, tmp_path):
    win = windows.open_window(qtbot, tmp_path, SIZE, None)
    try:
        open_sr(win, SR5_PASSES, [*MISS, *TIE])
        start(win, {"wombat": 14, "cutter": 9, "vanya": 8, "ganger": 5})
        assert _names_in_list(win)[:4] == ["wombat", "cutter", "vanya", "ganger"]
        _attack_with(win, "wombat", "cutter", "dodge")  # Cutter 9 → 4
        assert _names_in_list(win)[:4] == ["wombat", "vanya", "ganger", "cutter"]
        assert log_has(win, "Pass re-sorted (Cutter spent Initiative): Wombat → Vanya → "
                            "Ganger → Cutter")
        win.dock.initiative.next_button.click()
        assert win.document.state.actor == "vanya"  # the 8 before the 4
    finally:
        windows.close(win)


def test_full_defense_is_paid_once_in_the_combat_turn(qtbot, tmp_path):
    win = windows.open_window(qtbot, tmp_path, SIZE, None)
    try:
        # Wombat's 9 dice (Pistols 4 + Agility 6, Medium range 8 m −1): no hit; Cutter's 9
        # defence dice, 1 hit
        shot = [2, 3, 4, 2, 3, 4, 2, 3, 4]
        nine = [5, 2, 3, 4, 2, 3, 4, 2, 3]
        open_sr(win, SR5_PASSES, [*shot, *nine, *shot, *nine])
        start(win, {"wombat": 25, "cutter": 22, "vanya": 3, "ganger": 2})
        _attack_with(win, "wombat", "cutter", "full_defense")
        cutter = win.document.state.get("cutter")
        assert cutter.initiative == 12 and cutter.has(Condition.FULL_DEFENSE)
        for _ in range(4):  # Wombat, Cutter, Vanya, the Ganger: pass 2 starts
            win.dock.initiative.next_button.click()
        assert win.document.state.initiative_pass == 2
        # Cutter's score in pass 2 is 2: declared again, Full Defense costs nothing
        _attack_with(win, "wombat", "cutter", "full_defense")
        assert win.document.state.get("cutter").initiative == 12
        # still Reaction 3 + Intuition 3 + Willpower 3: its dice, not its cost (the attack's
        # line; the rounds fired follow it)
        last = [line.text for line in win.dock.log.lines if "Wombat → Cutter" in line.text][-1]
        assert "(full defense)" in last and "−10 Initiative" not in last
        assert "(9 vs 9 dice)" in last and "0 hits vs 1" in last
    finally:
        windows.close(win)


PASSES_MAP = """kind: map
name: Yard, a wired samurai and two gangers (SR4)
ruleset: sr4
grid: {columns: 10, rows: 6, orientation: flat}
sides: {runners: {name: Runners}, gang: {name: Gang}}
characters:
  - id: wired-sam
    name: Wired samurai
    description: "SR4: wired reflexes 2, three Initiative Passes"
    attributes: {AG: 5, CU: 4, ST: 4, VI: 4, RE: 3, PR: 2}
    skills: {brawl: 12, ranged_close: 12, vigilance: 10}
    health: 30
    stamina: 28
    edge: 2
    weapons: [hand-razors]
    shadowrun: {body: 5, agility: 5, reaction: 5, strength: 4, willpower: 3, intuition: 4,
                skills: {unarmed_combat: 4}, initiative_passes: 3}
tokens:
  - {id: sam, character: wired-sam, side: runners, hex: [3, 2]}
  - {id: ganger-1, character: ganger, side: gang, hex: [4, 1], name: Ganger 1}
  - {id: ganger-2, character: ganger, side: gang, hex: [4, 2], name: Ganger 2}
"""


def _passes_column(win: MainWindow) -> dict[str, str]:
    tree = win.dock.initiative.tree
    return {tree.topLevelItem(i).data(0, Qt.ItemDataRole.UserRole):
            tree.topLevelItem(i).text(2) for i in range(tree.topLevelItemCount())}


def test_sr4_shows_each_combatants_own_passes(qtbot, tmp_path):
    path = tmp_path / "sr4_passes.yaml"
    path.write_text(PASSES_MAP, encoding="utf-8")
    win = windows.open_window(qtbot, tmp_path, SIZE, None)
    try:
        open_sr(win, path, [])
        tree = win.dock.initiative.tree
        assert not tree.isColumnHidden(2) and tree.headerItem().text(2) == "Passes"
        assert _passes_column(win) == {"sam": "3", "ganger-1": "1", "ganger-2": "1"}
        start(win, {"sam": 12, "ganger-1": 8, "ganger-2": 7})
        assert _passes_column(win) == {"sam": "1/3", "ganger-1": "1/1", "ganger-2": "1/1"}
        for _ in range(3):
            win.dock.initiative.next_button.click()
        assert win.document.state.initiative_pass == 2
        assert win.document.state.actor == "sam"  # the gangers have one pass
        assert _passes_column(win) == {"sam": "2/3", "ganger-1": "1/1", "ganger-2": "1/1"}
        assert "done this combat turn" in tree.topLevelItem(1).toolTip(2)
    finally:
        windows.close(win)


def test_sr5_has_no_passes_column(qtbot, tmp_path):
    win = windows.open_window(qtbot, tmp_path, SIZE, None)
    try:
        open_sr(win, SR5_PASSES, [])
        assert win.dock.initiative.tree.isColumnHidden(2)  # passes follow from the score
    finally:
        windows.close(win)


def test_the_split_pool_from_the_attack_panel(qtbot, tmp_path):
    win = windows.open_window(qtbot, tmp_path, SIZE, None)
    try:
        # Kicker's 12 dice (a troll's Reach 1 vs 0 adds one) as 6 and 6: 3 hits on Ganger 1
        # (no hit back from its 4 dice), a tie on Ganger 2 (the scenario sr4_split_pool_melee)
        open_sr(win, SR4_SPLIT, [5, 5, 6, 2, 3, 4, 2, 3, 4, 2, 5, 2, 3, 4, 2, 3, 4,
                                 5, 2, 3, 4, 2, 3, 5, 2, 3, 4])
        start(win, {"kicker": 12, "ganger-1": 8, "ganger-2": 7, "ganger-3": 6})
        choose(token_menu(win, "ganger-1"), "Attack with Kicker…")
        panel = win.dock.attack
        panel.weapon_combo.setCurrentIndex(panel.weapon_combo.findData("killing-hands"))
        chooser = panel.split
        chooser.checks["ganger-2"].setChecked(True)
        # the preview is the first attack's: its share of the pool
        assert "Split pool (1 of 2: 6 of 12 dice)" in panel.breakdown.text()
        assert panel.tn_label.text().startswith("6 vs")
        chooser.shares.setText("7 6")  # does not add up: refused before any die
        assert not panel.roll_button.isEnabled()
        assert "summing to 12" in panel.refusals.text()
        chooser.shares.setText("")
        panel.roll_button.click()
        state = win.document.state
        assert monitors(state.get("ganger-1")).physical == 8
        assert monitors(state.get("ganger-2")).physical == 0
        # one Complex Action for both: both Simple slots of Kicker's phase
        assert state.get("kicker").budget.minor == 0
        assert log_has(win, "Kicker → Ganger 2")
    finally:
        windows.close(win)


def test_full_defense_declared_from_the_defenders_token_menu(qtbot, tmp_path):
    # issue 25 item 2: Full Defense as a declared interrupt, on Cutter's own token menu
    # while Wombat acts; Wombat's shot then meets his 9 dice and charges nothing more
    win = windows.open_window(qtbot, tmp_path, SIZE, None)
    try:
        shot = [2, 3, 4, 2, 3, 4, 2, 3, 4]  # Wombat's 9 dice (Medium range −1): no hit
        nine = [5, 2, 3, 4, 2, 3, 4, 2, 3]  # Cutter's 9: 1 hit
        open_sr(win, SR5_PASSES, [*shot, *nine])
        start(win, {"wombat": 25, "cutter": 22, "vanya": 3, "ganger": 2})
        choose(token_menu(win, "cutter"), "Full Defense")
        assert win.document.state.get("cutter").initiative == 12
        assert win.document.state.actor == "wombat"  # an interrupt: Wombat keeps his phase
        # the Ganger's 2 cannot pay the 10: his entry is greyed, the reason as its tip
        menu = token_menu(win, "ganger")
        entry = find_action(menu, "Full Defense")
        assert not entry.isEnabled() and "score in this pass is 2" in entry.toolTip()
        menu.close()
        _attack_with(win, "wombat", "cutter", None)
        line = [ln.text for ln in win.dock.log.lines if "Wombat → Cutter" in ln.text][-1]
        assert "(9 vs 9 dice)" in line and "Initiative" not in line
        assert win.document.state.get("cutter").initiative == 12
    finally:
        windows.close(win)


def test_the_split_from_the_panel_keeps_the_gms_chips_and_refuses_edge(qtbot, tmp_path):
    # part B's split with part C's chips and part A's Edge: the Superior position chip (+2)
    # counts in both attacks of the split, as the preview showed; Edge is one test's, so a
    # split with Edge chosen is refused before any die
    win = windows.open_window(qtbot, tmp_path, SIZE, None)
    try:
        open_sr(win, SR4_SPLIT, [3] * 60)
        start(win, {"kicker": 12, "ganger-1": 8, "ganger-2": 7, "ganger-3": 6})
        choose(token_menu(win, "ganger-1"), "Attack with Kicker…")
        panel = win.dock.attack
        panel.weapon_combo.setCurrentIndex(panel.weapon_combo.findData("killing-hands"))
        qtbot.wait(20)  # the chips shown for a melee weapon
        panel.chips["superior_position"].click()
        panel.split.checks["ganger-2"].setChecked(True)
        qtbot.wait(20)
        assert "Split pool (1 of 2: 7 of 14 dice)" in panel.breakdown.text()
        edge = panel.sr_edge_combo
        edge.setCurrentIndex(edge.findData("push_the_limit"))
        assert not panel.roll_button.isEnabled()
        assert "Edge goes with one attack test" in panel.refusals.text()
        edge.setCurrentIndex(edge.findData(None))
        assert panel.roll_button.isEnabled(), panel.refusals.text()
        panel.roll_button.click()
        enc = win.document.encounter
        resolved = [e for n in enc.history.done for e in enc.history.entries[n].events
                    if isinstance(e, ev.AttackResolved)]
        assert [(e.target, e.result.attack.pool) for e in resolved] == [
            ("ganger-1", 7), ("ganger-2", 7)]
        assert all("Superior position" in [p.source for p in e.result.attack.parts]
                   for e in resolved)
    finally:
        windows.close(win)
