"""The character form for docs/editor.md (issue 15), made by `make render-docs`: the real
window's editor, Vanya copied from the bundled roster into the form, one skill mistyped so
the picture shows a problem on its field and in the list."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication


def character_picture(docs: Path, settings_folder: Path) -> None:
    from tactical.ui.editor import blank_draft
    from tactical.ui.main_window import MainWindow

    settings = QSettings(str(settings_folder / "character.ini"), QSettings.Format.IniFormat)
    window = MainWindow(settings=settings)
    window.resize(1280, 720)
    window.show()
    editor = window.edit_mode.enter(blank_draft(10, 8), None)
    roster = editor.panel.roster
    for i in range(roster.count()):
        item = roster.item(i)
        item.setSelected(item.data(Qt.ItemDataRole.UserRole) == "vanya")
    dialog = editor.edit_character(accept=False)
    dialog.show()
    form = dialog.form
    form.name.setText("Vanya (street)")
    form.skills.add.click()
    name = form.skills.rows[-1].fields[0]
    name.setCurrentText("Ranged close")  # typed as printed: not a skill id
    QApplication.processEvents()
    name.setFocus()
    QApplication.processEvents()
    dialog.grab().save(str(docs / "editor-character.png"))
    dialog.reject()
    editor.stack.setClean()
    window.close()
