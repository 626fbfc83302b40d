"""Shadowrun at the table through the real window (issue 25 item 3 and 6): opening the SR
test maps with scripted dice, and the controls of the SR-only commands (the split pool,
the surprise test, Full Defense declared), shared by the window tests and test_gm_hands'
list of controls; `choose` and `log_has` are test_gm_hands' too (the other window tests
import them from there)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMenu

from tactical.core.dice import ScriptedDice
from tactical.encounter import commands as cmd
from tactical.ui.main_window import MainWindow
from tactical.ui.menus import find_action

MAPS = Path(__file__).resolve().parents[1] / "scenarios" / "maps"
SR4_SPLIT = MAPS / "sr4_melee_split.yaml"
SR5_PASSES = MAPS / "sr5_passes.yaml"


def token_menu(win: MainWindow, cid: str) -> QMenu:
    """A right click on the combatant's token: its menu."""
    point = win.view.mapFromScene(win.scene.centre(win.document.state.get(cid).hex))
    QTest.mouseClick(win.view.viewport(), Qt.MouseButton.RightButton,
                     Qt.KeyboardModifier.NoModifier, point)
    assert win.last_menu is not None and win.last_menu.objectName() == "tokenMenu"
    return win.last_menu


def choose(menu: QMenu, *path: str) -> None:
    action = find_action(menu, *path)
    assert action.isEnabled(), f"{path} is disabled"  # type: ignore[attr-defined]
    action.trigger()  # type: ignore[attr-defined]
    menu.close()


def log_has(win: MainWindow, words: str) -> bool:
    return any(words in line.text for line in win.dock.log.lines)


def open_sr(win: MainWindow, path: Path, d6: list[int]) -> None:
    """`path` opened in the window with these d6 faces (and d10s for the tie-breaks)."""
    assert win.open_path(path)
    win.document.encounter.dice = ScriptedDice(d10=[5] * 20, d6=d6)
    win.zoom_to_fit()


def start(win: MainWindow, initiative: dict[str, int]) -> None:
    for cid, value in initiative.items():
        assert win.document.apply(cmd.SetInitiative(cid, value)) is not None
    win.action_map["start"].trigger()


def split_attack(win: MainWindow) -> None:
    """SR4: Kicker's attack panel, Ganger 1 targeted, Ganger 2 ticked under Also attack,
    Roll: one Complex Action, two attacks (every die a 3: two misses)."""
    open_sr(win, SR4_SPLIT, [3] * 60)
    start(win, {"kicker": 12, "ganger-1": 8, "ganger-2": 7, "ganger-3": 6})
    choose(token_menu(win, "ganger-1"), "Attack with Kicker…")
    panel = win.dock.attack
    panel.weapon_combo.setCurrentIndex(panel.weapon_combo.findData("killing-hands"))
    assert panel.target_combo.currentData() == "ganger-1"
    chooser = panel.split
    # Ganger 2 stands beside Ganger 1; Ganger 3, three hexes off, is not offered
    assert chooser.box.isVisibleTo(panel) and sorted(chooser.checks) == ["ganger-2"]
    chooser.checks["ganger-2"].setChecked(True)
    assert panel.roll_button.isEnabled(), panel.refusals.text()
    panel.roll_button.click()
    assert log_has(win, "Kicker → Ganger 1") and log_has(win, "Kicker → Ganger 2")


def surprise_test(win: MainWindow) -> None:
    """SR5, before combat: Cutter's token menu, Surprise test (6 dice, no hit: surprised)."""
    open_sr(win, SR5_PASSES, [2] * 6)
    choose(token_menu(win, "cutter"), "Surprise test")
    assert log_has(win, "Cutter's surprise test")


def full_defense(win: MainWindow) -> None:
    """SR5, pass 1, Wombat acting: Cutter's token menu, Full Defense (an interrupt): his 22
    → 12 at once, the badge for the combat turn."""
    open_sr(win, SR5_PASSES, [])
    start(win, {"wombat": 25, "cutter": 22, "vanya": 3, "ganger": 2})
    choose(token_menu(win, "cutter"), "Full Defense")
    cutter = win.document.state.get("cutter")
    assert cutter.initiative == 12 and "full_defense" in {c.value for c in cutter.conditions}
    assert log_has(win, "Full Defense declared: it lasts the combat turn")
