"""Doors and cover mid-fight from the window (issue 15): the command is logged and
undoable, and the board and the oracle see the new walls at once."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tactical.cli import main
from tactical.ui.editor.terrain import choices
from tests.cli.uvttfiles import room, write_uvtt


def painted_groups(window):
    """How many (class, height) groups the board paints: walls, and the door's."""
    return sum(len(chunk._groups) for chunk in window.scene.cover_chunks)


def test_open_the_imported_door_mid_fight_and_undo(window, qtbot, tmp_path, capsys):
    source = write_uvtt(tmp_path / "room.dd2vtt", room())
    assert main(["import", str(source), "--out", str(tmp_path / "room.yaml"),
                 "--grid-m", "2"]) == 0
    assert window.open_path(tmp_path / "room.yaml")
    document = window.document
    labels = [text for text, _ in choices(window)]
    assert labels[0] == "Open door (door-1)"
    old_scene = window.scene
    assert painted_groups(window) == 2
    window.edit_mode.terrain.apply(dict(choices(window))["Open door (door-1)"])
    assert document.state.cover_removed == frozenset({"door-1"})
    assert "door-1" not in document.oracle.geometry.cover_ids  # the oracle sees it open
    # the same board (the dock and the players' screen stay), its cover drawn again
    assert window.scene is old_scene
    assert painted_groups(window) == 1  # the (medium) door is no longer painted
    assert document.encounter.history.undo_label
    qtbot.keyClick(window.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    QApplication.processEvents()
    assert document.state.cover_removed == frozenset()
    assert "door-1" in document.oracle.geometry.cover_ids
    assert painted_groups(window) == 2 and window.scene is old_scene


def test_editing_the_map_of_a_continued_fight_never_writes_over_its_log(window, tmp_path,
                                                                        monkeypatch):
    from PySide6.QtWidgets import QFileDialog

    from tactical.core.paths import demo_map

    assert window.open_path(demo_map())
    # something done, so the log is kept (an untouched fight's empty log is tidied away)
    from tactical.encounter.commands import SetInitiative
    assert window.document.apply(SetInitiative("kicker", 30))
    log = window.document.path
    window.edit_mode.toggle.setChecked(False)
    window.set_document(None)
    assert window.open_path(log)  # continued from the log
    window.edit_mode.toggle.setChecked(True)
    editor = window.edit_mode.editor
    assert editor.model.path is None or editor.model.path.suffix == ".yaml"
    asked = []
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        lambda *a, **k: asked.append(1) or ("", ""))
    assert not window.edit_mode.save() and asked == [1]
