"""The door flag in the editor and mid-fight (issue 15): the cover panel's Door checkbox is
one undoable edit saved as `door: true`, and Combat ▸ Doors and cover… opens what the map
flags as a door, whatever it is called."""

from __future__ import annotations

from PySide6.QtCore import Qt

from tactical.ui.editor.terrain import choices

ROOM = """kind: map
version: 2
name: Gatehouse
grid: {columns: 8, rows: 6, orientation: flat}
sides: {runners: {name: Runners}, corp: {name: Corp}}
cover:
  - {id: portcullis, label: Portcullis, class: reinforced, height: high, door: true,
     polygon: [[4.9, -1.5], [5.1, -1.5], [5.1, 3], [4.9, 3]]}
  - {id: door-frame, label: Door frame, class: tough, height: high,
     polygon: [[4.9, 7], [5.1, 7], [5.1, 12], [4.9, 12]]}
tokens:
  - {id: kicker, character: kicker, side: runners, hex: [1, 2]}
  - {id: guard, character: security-guard, side: corp, hex: [5, 0]}
"""


def write_room(tmp_path):
    path = tmp_path / "gate.yaml"
    path.write_text(ROOM, encoding="utf-8")
    return path


def test_doors_and_cover_offers_to_open_the_flagged_door_only(window, tmp_path):
    assert window.open_path(write_room(tmp_path))
    labels = [text for text, _ in choices(window)]
    assert labels == ["Open Portcullis (portcullis)", "Remove Door frame (door-frame)"]
    window.edit_mode.terrain.apply(dict(choices(window))["Open Portcullis (portcullis)"])
    assert next(text for text, _ in choices(window)) == "Close Portcullis (portcullis)"


def test_the_door_checkbox_is_an_undoable_edit_that_is_saved(window, qtbot, tmp_path):
    path = write_room(tmp_path)
    assert window.open_path(path)
    window.edit_mode.toggle.setChecked(True)
    editor = window.edit_mode.editor
    editor.select(covers=[1])
    door = editor.panel.cover.door
    assert not door.isChecked()
    before = editor.stack.count()
    door.click()  # the GM ticks it: the door frame is now a door
    assert editor.model.draft.cover[1].door and editor.stack.count() == before + 1
    assert window.edit_mode._save_to(tmp_path / "saved.yaml")
    text = (tmp_path / "saved.yaml").read_text(encoding="utf-8")
    assert "{id: door-frame, label: Door frame, class: tough, height: high, door: true," \
        in text
    qtbot.keyClick(editor.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert not editor.model.draft.cover[1].door
    assert not door.isChecked()  # the panel shows the cover as it is again
    editor.select(covers=[0])
    assert door.isChecked()
