"""Comments kept on save, through the real window (issue 15): a GM opens a commented map,
selects one cover with the Select tool, changes its class in the side panel, saves with
Ctrl+S over the file, and finds every comment where it was."""

from __future__ import annotations

import shutil
from pathlib import Path

from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QApplication

COMMENTED = Path(__file__).parents[1] / "data" / "commented_map.yaml"


def test_edit_one_cover_save_and_the_comments_are_still_in_place(window, qtbot, tmp_path):
    path = tmp_path / "gate.yaml"
    shutil.copyfile(COMMENTED, path)
    assert window.open_path(path)
    window.edit_mode.toggle.setChecked(True)
    editor = window.edit_mode.editor
    editor.view.fit()
    QApplication.processEvents()
    qtbot.keyClick(editor.view, Qt.Key.Key_S)  # the Select tool
    crates = editor.view.mapFromScene(QPointF(0.7, 3.3))  # inside the crates' triangle
    qtbot.mouseClick(editor.view.viewport(), Qt.MouseButton.LeftButton, pos=crates)
    assert editor.view.selected_covers == {1}
    editor.panel.cover.cover_class.setCurrentText("tough")
    qtbot.keyClick(editor.view, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert editor.stack.isClean()  # saved
    text = path.read_text(encoding="utf-8")
    assert "  - {id: crates, label: Crates, class: tough, height: low,  # loot\n" in text
    lines = text.splitlines()
    assert lines[:3] == ["# Gatehouse: the west door sticks.", "# Drawn by Ana, 2026.",
                         "kind: map"]
    for comment, item in [("# 2 m hexes, flat", "grid: "),
                          ("  # the players", "  runners: "),
                          ("  # the portcullis, raised by a winch in the tower",
                           "  - {id: portcullis,"),
                          ("  # no id: found by its shape", "  - {class: light,"),
                          ("  # Kicker comes in from the west", "  - {id: kicker,")]:
        assert lines[lines.index(comment) + 1].startswith(item)
    assert "  corp: {name: Corp}  # security detail" in lines
    assert lines[-1] == "# end of the map"
