"""Characters and sides in the editor: a character sheet checked as the GM types (the same
rules as `tactical validate`), sides named and coloured, all saved in the map."""

from __future__ import annotations

import pytest
import yaml
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QTextCursor
from PySide6.QtWidgets import QColorDialog, QDialogButtonBox, QInputDialog

from tactical.cli import main
from tactical.ui.editor import blank_draft
from tactical.ui.editor.character import CharacterDialog


@pytest.fixture
def editor(window):
    return window.edit_mode.enter(blank_draft(10, 8), None)


def select_roster(editor, character_id):
    roster = editor.panel.roster
    for i in range(roster.count()):
        item = roster.item(i)
        item.setSelected(item.data(Qt.ItemDataRole.UserRole) == character_id)


def problems(dialog):
    return "\n".join(dialog.problem_texts())


def test_the_advanced_yaml_sheet_is_checked_as_you_type(window, editor, qtbot, tmp_path,
                                                        monkeypatch):
    select_roster(editor, "ganger")
    dialog = editor.edit_character(accept=False)
    qtbot.addWidget(dialog)
    dialog.tabs.setCurrentIndex(1)  # the form's "Advanced (YAML)" tab
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert ok.isEnabled() and "id: ganger-2" in dialog.text.toPlainText()
    text = dialog.text.toPlainText()
    dialog.text.setPlainText(text.replace("AG: ", "AG: 2"))  # AG 2x: over 20
    assert not ok.isEnabled()
    assert "attributes.AG" in problems(dialog)
    assert problems(dialog).startswith("line ")
    dialog.text.setPlainText(text.replace("weapons:\n", "weapons:\n- laser-sword\n"))
    assert "unknown weapons id 'laser-sword'" in problems(dialog)
    dialog.text.setPlainText(text.replace("name: Ganger 2", "name: Boss ganger"))
    dialog.text.moveCursor(QTextCursor.MoveOperation.End)
    qtbot.keyClicks(dialog.text, "edge: 25")  # typing re-checks: Edge is 0–20
    assert not ok.isEnabled() and "edge" in problems(dialog)
    for _ in range(len("edge: 25")):
        qtbot.keyClick(dialog.text, Qt.Key.Key_Backspace)
    assert ok.isEnabled() and dialog.character is not None
    boss = dialog.character
    monkeypatch.setattr(CharacterDialog, "exec", lambda self: 1)
    monkeypatch.setattr(CharacterDialog, "__init__", lambda self, *a, **k: (
        super(CharacterDialog, self).__init__(), setattr(self, "character", boss))[0])
    editor.edit_character()
    assert [c.name for c in editor.model.draft.characters] == ["Boss ganger"]
    roster_ids = [editor.panel.roster.item(i).data(Qt.ItemDataRole.UserRole)
                  for i in range(editor.panel.roster.count())]
    assert "ganger-2" in roster_ids
    path = tmp_path / "map.yaml"
    assert window.edit_mode._save_to(path)
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert data["characters"][0]["id"] == "ganger-2"
    assert main(["validate", str(path)]) == 0
    editor.stack.undo()
    assert editor.model.draft.characters == []


def test_sides_named_coloured_and_added(window, editor, tmp_path, monkeypatch):
    answers = iter([("Lone Star", True), ("Gangers", True)])
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: next(answers))
    monkeypatch.setattr(QColorDialog, "getColor", lambda *a, **k: QColor("#1a9e3f"))
    editor.panel.side.setCurrentIndex(editor.panel.side.findData("enemies"))
    editor.panel.side_name.click()
    editor.panel.side_colour.click()
    editor.panel.side_add.click()
    path = tmp_path / "map.yaml"
    assert window.edit_mode._save_to(path)
    sides = yaml.safe_load(path.read_text(encoding="utf-8"))["sides"]
    assert sides["enemies"] == {"name": "Lone Star", "colour": "#1a9e3f"}
    assert sides["gangers"] == {"name": "Gangers"}
    assert editor.panel.side.findData("gangers") >= 0
    editor.stack.undo()
    assert "gangers" not in editor.model.draft.sides


def test_characters_from_an_opened_roster_are_copied_into_the_map(window, editor, tmp_path):
    from PySide6.QtCore import QPointF

    (tmp_path / "crew.yaml").write_text("""kind: characters
characters:
  - id: razor
    name: Razor
    attributes: {AG: 5, CU: 4, ST: 3, VI: 3, RE: 3, PR: 2}
    health: 20
    stamina: 20
    weapons: [machine-pistol]
""", encoding="utf-8")
    assert editor.open_roster(tmp_path / "crew.yaml")
    roster = editor.panel.roster
    assert any(roster.item(i).data(Qt.ItemDataRole.UserRole) == "razor"
               for i in range(roster.count()))
    editor.drop_characters(["razor", "ganger"], QPointF(3.5, 4.0))
    assert [c.id for c in editor.model.draft.characters] == ["razor"]
    path = tmp_path / "out" / "map.yaml"
    path.parent.mkdir()
    assert window.edit_mode._save_to(path)
    assert main(["validate", str(path)]) == 0  # the map needs no roster file
    editor.stack.undo()  # one step: the tokens and the copied character
    assert editor.model.draft.characters == [] and editor.model.draft.tokens == []
