"""Issue 6, end to end in the main window: drag a token past two enemies, see exactly their
Snapshot and Intercept mid-drag, drop, resolve the Snapshot from the dock, read the log line
and Kicker's Health, and undo it."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from tactical.core.dice import ScriptedDice
from tactical.encounter import commands as cmd
from tactical.ui.main_window import MainWindow
from tests import fights

CHARGE = fights.CHARGE


def at(window: MainWindow, h: tuple[int, int]) -> QPoint:
    return window.view.mapFromScene(window.scene.centre(h))


def send(window: MainWindow, kind: QEvent.Type, point: QPoint, buttons: Qt.MouseButton,
         button: Qt.MouseButton = Qt.MouseButton.NoButton) -> None:
    viewport = window.view.viewport()
    event = QMouseEvent(kind, QPointF(point), QPointF(viewport.mapToGlobal(point)), button,
                        buttons, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(viewport, event)


def test_drag_resolve_from_the_dock_and_undo(qtbot, demo_window):
    window = demo_window
    doc = fights.start(window.document, moves=(cmd.Move("kicker", fights.APPROACH),))
    window.zoom_to_fit()

    # mid-drag: exactly the Snapshot and the Intercept light up
    QTest.mousePress(window.view.viewport(), Qt.MouseButton.LeftButton,
                     Qt.KeyboardModifier.NoModifier, at(window, (7, 5)))
    for h in CHARGE:  # a waypoint on each hex (Space): the charge, not the shortest way
        send(window, QEvent.Type.MouseMove, at(window, h), Qt.MouseButton.LeftButton)
        QTest.keyClick(window.view, Qt.Key.Key_Space)
    tool = window.view.drag_tool
    qtbot.waitUntil(lambda: tool.dragging and tool.path[-1] == (11, 2))
    assert tool.path == [(7, 5), *CHARGE] and tool.waypoints == list(CHARGE)
    assert window.document.state.actor == "kicker"  # Space pinned, it did not end the turn
    marks = {(m.reactor, m.kind) for m in window.scene.overlay.reaction_marks}
    assert marks == {("guard-shotgun", "snapshot"),
                     ("guard-shield", "intercept")}

    # the drop is one Move: it stops at the Snapshot, which the dock lists
    send(window, QEvent.Type.MouseButtonRelease, at(window, (11, 2)), Qt.MouseButton.NoButton,
         Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not tool.dragging)
    assert [p.reactor for p in doc.state.pending] == ["guard-shotgun"]
    assert window.dock.reactions.reactors() == ["guard-shotgun"]

    # resolve it from the dock: a double 9 is a Solid hit, 6d6 of sixes through the armor
    doc.encounter.dice = ScriptedDice(d10=[9, 9], d6=[6] * 12)
    window.dock.reactions.row("guard-shotgun")[0].click()
    window.dock.attack.roll_button.click()
    kicker = doc.state.get("kicker")
    assert kicker.damage == 26  # 36 vs PT15/DR30: 36 − 10
    # the move went on to the Intercept, now pending in the dock
    assert [p.reactor for p in doc.state.pending] == ["guard-shield"]
    assert window.dock.reactions.reactors() == ["guard-shield"]
    assert kicker.hex == (10, 2)
    line = next(line.text for line in window.dock.log.lines if "(Snapshot)" in line.text)
    assert "12+9+9+5 = 35 vs TN 30" in line and "= 26 physical" in line
    doc.select("kicker")
    assert window.dock.status.health.text.startswith("14")  # 40 − 26 left

    # undo: Kicker is unhurt again, the Snapshot pending again
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.view.setFocus()
    assert window.action_map["undo"].text() == "Undo Guard (shotgun) reacts"
    QTest.keyClick(window.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert doc.state.get("kicker").damage == 0
    assert [p.reactor for p in doc.state.pending] == ["guard-shotgun"]
    assert window.dock.status.health.text.startswith("40")
    window.close()
