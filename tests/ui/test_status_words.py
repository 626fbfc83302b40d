"""What the status bar and the tooltips say about the window's actions, as the GM reads them
while hovering a toolbar button or a menu item (play-test at 720p: the status bar read
"End the current turn (Space) (Space)")."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QAction, QKeySequence

from tests.windows import close, open_window


def test_each_action_names_its_shortcut_once(qtbot, tmp_path: Path) -> None:
    window = open_window(qtbot, tmp_path, size=(1280, 720))
    checked = 0
    for action in window.findChildren(QAction):
        key = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        if not key:
            continue
        for text in (action.toolTip(), action.statusTip()):
            assert text.count(f"({key})") <= 1, f"{action.objectName()}: {text!r}"
        checked += 1
    assert window.findChild(QAction, "action_next").statusTip() == "End the current turn (Space)"
    assert checked >= 5
    close(window)
