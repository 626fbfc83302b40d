"""The mouse wheel over the dock (issue 25 item 6): passing over a combo box or a spin box
never changes it, the dock scrolls instead; once the GM clicks it, the wheel works on it."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication, QWidget

from tactical.core.dice import RandomDice
from tactical.data.library import load_map
from tactical.encounter import commands as cmd
from tactical.ui.dock.dock import CombatDock
from tactical.ui.document import EncounterDocument


def wheel(widget: QWidget, notches: int) -> None:
    centre = QPointF(widget.rect().center())
    event = QWheelEvent(centre, QPointF(widget.mapToGlobal(centre.toPoint())), QPoint(),
                        QPoint(0, -120 * notches), Qt.MouseButton.NoButton,
                        Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(widget, event)


def test_the_wheel_scrolls_the_dock_and_leaves_an_unfocused_combo_alone(qtbot, root):
    document = EncounterDocument.for_map(load_map(root / "maps" / "warehouse.yaml"),
                                         RandomDice(7))
    dock = CombatDock(document)
    qtbot.addWidget(dock)
    dock.resize(420, 360)  # short: the sections scroll
    dock.show()
    qtbot.waitExposed(dock)
    document.apply(cmd.StartCombat())
    combo = dock.attack.weapon_combo if dock.attack.weapon_combo.count() > 1 \
        else dock.attack.target_combo
    assert combo.count() > 1
    before = combo.currentIndex()
    bar = dock.sections_scroll.verticalScrollBar()
    assert bar.maximum() > 0
    bar.setValue(0)
    wheel(combo, 2)
    assert combo.currentIndex() == before  # only passed over: unchanged
    assert bar.value() > 0  # the dock scrolled instead
    combo.setFocus()
    qtbot.waitUntil(combo.hasFocus)
    wheel(combo, -1 if before > 0 else 1)  # from the "no target" placeholder (-1): down
    assert combo.currentIndex() != before  # clicked into: the wheel is its own
