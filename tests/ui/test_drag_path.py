"""Issue 26 through the real window: the drag draws the shortest legal path to the hex under
the cursor (and follows it back, never a trail), Space and a right click pin waypoints,
Backspace takes the last off, Alt asks for the safest way past the guards (and so does the
status bar's Safest path toggle), and the drop commits exactly the path drawn."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QToolButton

from tactical.encounter import commands as cmd
from tactical.encounter.events import Moved, MoveHalted
from tactical.geometry.hexgrid import hex_distance
from tactical.ui.board.tools.drag import drag_summary
from tactical.ui.main_window import MainWindow
from tests import fights

NONE = Qt.KeyboardModifier.NoModifier


def at(window: MainWindow, h: tuple[int, int]) -> QPoint:
    return window.view.mapFromScene(window.scene.centre(h))


def send(window: MainWindow, kind: QEvent.Type, h: tuple[int, int],
         buttons: Qt.MouseButton = Qt.MouseButton.LeftButton,
         button: Qt.MouseButton = Qt.MouseButton.NoButton,
         modifiers: Qt.KeyboardModifier = NONE) -> None:
    viewport = window.view.viewport()
    point = at(window, h)
    event = QMouseEvent(kind, QPointF(point), QPointF(viewport.mapToGlobal(point)), button,
                        buttons, modifiers)
    QApplication.sendEvent(viewport, event)


def press(window: MainWindow, h: tuple[int, int]) -> None:
    QTest.mousePress(window.view.viewport(), Qt.MouseButton.LeftButton, NONE, at(window, h))


def test_the_drag_takes_the_shortest_path_and_follows_the_cursor_back(qtbot, demo_window):
    window = demo_window
    fights.start(window.document, moves=(cmd.Move("kicker", fights.APPROACH),))
    window.zoom_to_fit()
    tool = window.view.drag_tool
    press(window, (7, 5))
    # the cursor wanders six hexes out and back toward a hex two from the start
    for h in ((8, 5), (9, 5), (10, 5), (11, 5), (12, 5), (13, 5), (12, 5), (11, 5), (9, 5)):
        send(window, QEvent.Type.MouseMove, h)
    assert tool.path == [(7, 5), (8, 5), (9, 5)]  # not the trail: 2 hexes, 4 m
    assert drag_summary(tool)[0][0] == "Kicker moves 4 m of 10 m"
    assert window.scene.overlay.path.hexes == ((7, 5), (8, 5), (9, 5))
    # between hex rows the path pays only the hex distance
    send(window, QEvent.Type.MouseMove, (11, 2))
    assert len(tool.path) - 1 == hex_distance((7, 5), (11, 2))
    send(window, QEvent.Type.MouseButtonRelease, (11, 2), Qt.MouseButton.NoButton,
         Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not tool.dragging)


def test_waypoints_pin_and_backspace_unpins_and_the_drop_walks_the_path(qtbot, demo_window):
    window = demo_window
    doc = fights.start(window.document, moves=(cmd.Move("kicker", fights.APPROACH),))
    window.zoom_to_fit()
    tool = window.view.drag_tool
    press(window, (7, 5))
    send(window, QEvent.Type.MouseMove, (7, 3))
    QTest.keyClick(window.view, Qt.Key.Key_Space)  # a waypoint at 7,3
    assert tool.waypoints == [(7, 3)] and doc.state.actor == "kicker"  # not End turn
    send(window, QEvent.Type.MouseMove, (9, 3))
    send(window, QEvent.Type.MouseButtonPress, (9, 3), Qt.MouseButton.LeftButton
         | Qt.MouseButton.RightButton, Qt.MouseButton.RightButton)  # right click: another
    assert tool.waypoints == [(7, 3), (9, 3)]
    assert any("2 waypoints" in text for text, _c in drag_summary(tool))
    send(window, QEvent.Type.MouseMove, (9, 5))
    drawn = list(tool.path)
    assert drawn[:3] == [(7, 5), (7, 4), (7, 3)] and (9, 3) in drawn and drawn[-1] == (9, 5)
    QTest.keyClick(window.view, Qt.Key.Key_Backspace)  # 9,3 off: straight on from 7,3
    assert tool.waypoints == [(7, 3)]
    assert (9, 3) not in tool.path and tool.path[:3] == [(7, 5), (7, 4), (7, 3)]
    assert len(tool.path) - 1 == 2 + hex_distance((7, 3), (9, 5))
    drawn = list(tool.path)
    assert tool.report is not None
    legal = drawn[1:tool.report.allowed + 1]  # over the allowance: the legal part
    with qtbot.waitSignal(doc.changed) as changed:
        send(window, QEvent.Type.MouseButtonRelease, (9, 5), Qt.MouseButton.NoButton,
             Qt.MouseButton.LeftButton)
    events = changed.args[0].events
    walked = [h for e in events if isinstance(e, Moved) for h in e.path]
    left = [h for e in events if isinstance(e, MoveHalted) for h in e.remaining]
    assert walked + left == legal  # the Move is exactly the path drawn (a halt: the rest)
    assert doc.state.get("kicker").hex == walked[-1]


def test_alt_asks_for_the_way_past_the_guards(qtbot, demo_window):
    window = demo_window
    fights.start(window.document, moves=(cmd.Move("kicker", fights.APPROACH),))
    window.zoom_to_fit()
    tool = window.view.drag_tool
    press(window, (7, 5))
    send(window, QEvent.Type.MouseMove, (11, 2))
    reach = tool.report.allowed if tool.report else 0
    shortest = [r for r in tool.report.reactions if r.step <= reach] if tool.report else []
    assert shortest, "the shortest way is seen"
    assert "shortest path" in drag_summary(tool)[-1][0]
    send(window, QEvent.Type.MouseMove, (11, 2), modifiers=Qt.KeyboardModifier.AltModifier)
    assert tool.alt and "safest path" in drag_summary(tool)[-1][0]
    # the plate's key hint says what letting go of Alt does, not to hold it
    assert "let go of Alt: shortest" in drag_summary(tool)[-1][0]
    assert "hold Alt" not in drag_summary(tool)[-1][0]
    assert tool.report is not None
    safest = [r for r in tool.report.reactions if r.step <= tool.report.allowed]
    assert len(safest) < len(shortest)
    # the panel names what this path triggers (or that nothing does)
    words = " ".join(text for text, _c in drag_summary(tool))
    assert all(r.reactor in words or doc_name(window, r.reactor) in words for r in safest)
    QTest.keyRelease(window.view, Qt.Key.Key_Alt)
    assert not tool.alt and tool.path[-1] == (11, 2)
    assert drag_summary(tool)[-1][0].endswith("hold Alt: safest")
    QTest.keyClick(window.view, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not tool.dragging)


def doc_name(window: MainWindow, cid: str) -> str:
    return window.document.state.get(cid).name


def test_the_status_bar_toggle_does_what_holding_alt_does(qtbot, demo_window):
    """Issue 26, item 3: "Holding a modifier (Alt, or a toggle in the status bar)". The
    toggle is in the status bar with its tooltip and in F1's list; with it on, a drag with
    no key held draws the path Alt draws and the drop walks it; off again, the shortest."""
    window = demo_window
    doc = fights.start(window.document, moves=(cmd.Move("kicker", fights.APPROACH),))
    window.zoom_to_fit()
    tool = window.view.drag_tool
    button = window.statusBar().findChild(QToolButton, "safestPath")
    assert button is not None and button.isVisible() and not button.isChecked()
    assert "fewest reactions" in button.toolTip() and "Alt" in button.toolTip()
    window.show_shortcuts()  # F1
    assert "Safest path" in window.shortcuts_dialog.text.toPlainText()
    window.shortcuts_dialog.close()
    press(window, (7, 5))
    send(window, QEvent.Type.MouseMove, (11, 2))
    shortest = list(tool.path)
    send(window, QEvent.Type.MouseMove, (11, 2), modifiers=Qt.KeyboardModifier.AltModifier)
    with_alt = list(tool.path)
    assert with_alt != shortest  # (the guards see the shortest way)
    QTest.keyClick(window.view, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not tool.dragging)

    QTest.mouseClick(button, Qt.MouseButton.LeftButton)
    assert button.isChecked() and window.action_map["safest"].isChecked()
    press(window, (7, 5))
    send(window, QEvent.Type.MouseMove, (11, 2))  # no key held
    assert tool.path == with_alt
    words = drag_summary(tool)[-1][0]
    assert words.startswith("safest path") and "Safest path is on" in words
    assert tool.report is not None
    legal = with_alt[1:tool.report.allowed + 1]
    with qtbot.waitSignal(doc.changed) as changed:
        send(window, QEvent.Type.MouseButtonRelease, (11, 2), Qt.MouseButton.NoButton,
             Qt.MouseButton.LeftButton)
    events = changed.args[0].events
    walked = [h for e in events if isinstance(e, Moved) for h in e.path]
    left = [h for e in events if isinstance(e, MoveHalted) for h in e.remaining]
    assert walked + left == legal  # the Move walks the safest path drawn
    window.undo()

    QTest.mouseClick(button, Qt.MouseButton.LeftButton)  # off: the shortest again
    assert not button.isChecked()
    press(window, (7, 5))
    send(window, QEvent.Type.MouseMove, (11, 2))
    assert tool.path == shortest and drag_summary(tool)[-1][0].startswith("shortest path")
    QTest.keyClick(window.view, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not tool.dragging)
