"""Issue 25 items 4 and 6 through the real window at 1280 × 720 under SR5 and SR4: the
attack panel with the Roll button in view (no scrolling by the GM), nothing cut off at
either side (the dock scrolled sideways, every label's start cut, before), the wheel
passing over the defence combo leaving it alone; the engine's proposals as checkboxes and
SR4's melee chips driving the roll."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QAbstractButton, QLabel, QWidget

from tactical.core.dice import ScriptedDice
from tactical.encounter import commands as cmd
from tactical.encounter import events as ev
from tactical.ui.main_window import MainWindow
from tests import windows
from tests.ui.test_dock_wheel import wheel

MAPS = Path(__file__).resolve().parents[1] / "scenarios" / "maps"
LONG_NAME = "Bartholomew 'Two-Knives' Okonkwo-Delacroix of the 405 Hellhounds"


@pytest.fixture
def open_at_720p(qtbot, tmp_path) -> Iterator:
    opened: list[MainWindow] = []

    def start(map_name: str, initiative: dict[str, int], target: str) -> MainWindow:
        win = windows.open_window(qtbot, tmp_path, (1280, 720), MAPS / map_name,
                                  ScriptedDice(d10=[5] * 20, d6=[5, 1, 3] * 60))
        opened.append(win)
        for cid, value in initiative.items():
            win.document.apply(cmd.SetInitiative(cid, value))
        win.document.apply(cmd.StartCombat())
        win.attack_target(target)  # the token menu's Attack: the panel brought into view
        qtbot.wait(50)
        return win

    yield start
    for win in opened:
        windows.close(win)


def shown_rect(widget: QWidget, win: MainWindow) -> QRect:
    """The widget's rectangle in the dock's scroll viewport (what the GM sees of the dock)."""
    viewport = win.dock.sections_scroll.viewport()
    top_left = widget.mapTo(viewport, QPoint(0, 0))
    return QRect(top_left, widget.size())


def cut_off(win: MainWindow) -> list[str]:
    """Shown widgets of the dock that pass either side of its visible width, or a label or
    button narrower than its text needs."""
    scroll = win.dock.sections_scroll
    room = scroll.viewport().rect()
    out = []
    for w in scroll.widget().findChildren(QWidget):
        if not w.isVisible() or w.width() == 0:
            continue
        rect = shown_rect(w, win)
        name = f"{type(w).__name__} {w.objectName()} {getattr(w, 'text', str)()!s:.40}"
        if rect.left() < room.left() or rect.right() > room.right() + 1:
            out.append(f"outside: {name}")
        elif isinstance(w, QAbstractButton | QLabel) and not (
                isinstance(w, QLabel) and w.wordWrap()) \
                and w.width() + 1 < w.minimumSizeHint().width():
            out.append(f"squeezed: {name}")
    return out


def roll_in_view(win: MainWindow) -> bool:
    roll = win.dock.attack.roll_button
    return roll.isVisible() and win.dock.sections_scroll.viewport().rect().contains(
        shown_rect(roll, win))


def test_sr5_the_attack_panel_fits_720p(open_at_720p, qtbot):
    win = open_at_720p("sr5_alley.yaml", {"wombat": 14, "cutter": 9}, "cutter")
    scroll = win.dock.sections_scroll
    assert scroll.horizontalScrollBar().value() == 0
    assert scroll.widget().minimumSizeHint().width() <= scroll.viewport().width()
    assert roll_in_view(win)
    assert not cut_off(win), cut_off(win)
    # a long name on a long-named side, selected: its status heading wraps, nothing cut
    win.document.apply(cmd.AddCombatant("bart", "ganger", (8, 1), "hellhounds", LONG_NAME))
    win.document.select("bart")
    win.dock.sections["status"].set_open(True)  # folded to make room for the attack
    qtbot.wait(30)
    assert win.dock.status.heading.isVisible()
    assert not cut_off(win), cut_off(win)
    win.document.select("wombat")
    # the wheel only passing over the defence combo leaves the declared defence alone
    part = win.dock.attack.part
    combo = part.sr_defence_combo
    assert combo.count() > 1
    win.dock.attack.roll_button.setFocus()
    before = combo.currentIndex()
    wheel(combo, -2)
    wheel(combo, 2)
    assert combo.currentIndex() == before


def test_sr4_melee_chips_and_proposals_drive_the_roll_at_720p(open_at_720p, qtbot):
    win = open_at_720p("sr4_melee.yaml", {"kicker": 20, "guard": 10, "civilian": 5},
                       "civilian")
    panel, part = win.dock.attack, win.dock.attack.part
    assert roll_in_view(win)
    assert win.dock.sections_scroll.horizontalScrollBar().value() == 0
    assert not cut_off(win), cut_off(win)
    # the troll's Reach 1 against the bare-handed civilian's 0: proposed, ticked
    assert part.map_checks["Reach 1 vs 0"].isChecked()
    assert set(part.chips) == {"superior_position", "defender_superior", "off_hand",
                               "defender_off_hand", "receiving_charge", "touch_only",
                               "reach_penalty"}
    part.chips["superior_position"].click()
    qtbot.wait(20)
    assert "Superior position" in panel.breakdown.text()
    part.map_checks["Reach 1 vs 0"].setChecked(False)  # the GM drops the Reach
    qtbot.wait(20)
    assert "Reach 1 vs 0" not in panel.breakdown.text()
    assert not cut_off(win), cut_off(win)
    assert roll_in_view(win)  # ticking and unticking did not push it out of view
    panel.roll_button.click()
    resolved = [e for e in win.document.encounter.history.effective_events()
                if isinstance(e, ev.AttackResolved)]
    assert len(resolved) == 1
    attack_parts = {p.source: p.value for p in resolved[0].result.attack.parts}
    assert attack_parts == {"Unarmed Combat": 6, "Agility": 5, "Superior position": 2}
