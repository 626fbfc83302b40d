"""Edit mode in the main window: File ▸ New map…, File ▸ Import Universal VTT…, the Edit
map toolbar toggle and Save map (issue 15). The board's view is set aside while the editor
shows; leaving edit mode after a save starts a new encounter on the saved map (a fight
still running stays resumable from Open recent)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QFileDialog, QInputDialog, QMenu, QMessageBox, QWidget

from tactical.core.errors import TacticalError
from tactical.core.paths import maps_dir
from tactical.data.maps import Orientation
from tactical.data.uvtt import WouldOverwrite, import_uvtt
from tactical.ui.editor.editor import MapEditor, blank_draft, picture_draft
from tactical.ui.editor.model import Draft
from tactical.ui.editor.terrain import TerrainControls

if TYPE_CHECKING:
    from tactical.ui.host import WindowHost

PICTURES = "Pictures (*.png *.jpg *.jpeg *.webp *.gif *.bmp)"
UVTT = "Universal VTT (*.dd2vtt *.uvtt *.df2vtt)"
# While editing, the fight's own commands are set aside (Space would end a turn).
FIGHT_ACTIONS = ("undo", "redo", "start", "next", "end", "save_as", "export")


class EditMode(QObject):
    def __init__(self, window: WindowHost) -> None:
        super().__init__(window)
        self.window = window
        self.editor: MapEditor | None = None
        self.board: QWidget | None = None
        self.actions = {
            "new_map": self._action("New &map…", "Ctrl+Alt+N",
                                    "A new map from a picture or a blank grid", self.new_map),
            "import_vtt": self._action("&Import Universal VTT…", "Ctrl+I",
                                       "A map from a Dungeondraft or Dungeon Alchemist "
                                       "export (.dd2vtt, .uvtt, .df2vtt)", self.choose_import),
            # issue 29: Chummer characters into a roster, and their wounds back out
            "import_character": self._action(
                "Import &character…", "Ctrl+Alt+I", "Chummer characters (.chum5) into a "
                "roster, with what was read and what was not", self._import_character),
            "chummer_write": self._action(
                "Write wounds back to &Chummer…", "", "A Shadowrun token's condition "
                "monitors into its Chummer file (only those boxes change)",
                self._chummer_write),
            "save_map": self._action("Save &map", "Ctrl+S", "Save the map being edited",
                                     self.save),
            "save_map_as": self._action("Save map &as…", "Ctrl+Alt+S",
                                        "Save the map being edited under a new name",
                                        self.save_as),
        }
        self.toggle = QAction("Edit map", window)
        self.toggle.setObjectName("action_edit_map")
        self.toggle.setCheckable(True)
        self.toggle.setShortcut(QKeySequence("Ctrl+Shift+E"))
        self.toggle.setToolTip("Edit this map: cover, walls, tokens, grid (Ctrl+Shift+E)")
        self.toggle.toggled.connect(self._toggled)
        window.action_map.update(self.actions)
        window.action_map["edit_map"] = self.toggle
        file_menu = window.menuBar().actions()[0].menu()
        if isinstance(file_menu, QMenu):
            file_menu.insertActions(file_menu.actions()[0], [self.actions["new_map"],
                                            self.actions["import_vtt"],
                                            self.actions["import_character"],
                                            self.actions["chummer_write"]])
            file_menu.insertActions(file_menu.actions()[-1],
                                    [self.actions["save_map"], self.actions["save_map_as"]])
        window.toolbar.addSeparator()
        window.toolbar.addAction(self.toggle)
        self.terrain = TerrainControls(window)
        window.installEventFilter(self)
        self._enable()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Closing the window with an unsaved map asks first (as leaving edit mode does)."""
        if watched is self.window and event.type() == QEvent.Type.Close \
                and self.editor is not None and not self.editor.stack.isClean() \
                and not self.leave(reopen=False):
            event.ignore()
            return True
        return False

    def _action(self, text: str, keys: str, tip: str, slot: object) -> QAction:
        action = QAction(text, self.window)
        action.setShortcut(QKeySequence(keys))
        action.setToolTip(tip)
        action.triggered.connect(lambda _=False: slot())  # type: ignore[operator]
        self.window.addAction(action)
        return action

    def _enable(self) -> None:
        editing = self.editor is not None
        self.actions["save_map"].setEnabled(editing)
        self.actions["save_map_as"].setEnabled(editing)

    def _import_character(self) -> None:
        from tactical.ui.chummer import choose_import

        choose_import(self.window)

    def _chummer_write(self) -> None:
        from tactical.ui.chummer import choose_write_back

        choose_write_back(self.window)

    # --- entering and leaving

    def enter(self, draft: Draft, path: Path | None) -> MapEditor:
        window = self.window
        if self.editor is not None:
            self.leave(reopen=False)
        editor = MapEditor(draft, path)
        editor.message.connect(lambda text: window.statusBar().showMessage(text, 8000))
        if window.view is not None and window.centralWidget() is window.view:
            # Kept (the window still refers to it) but hidden: taken out of the window, a
            # widget would otherwise float as a window of its own.
            self.board = window.takeCentralWidget()
            if self.board is not None:
                self.board.hide()
                self.board.setParent(window)
        window.setCentralWidget(editor)
        if window.dock is not None:
            window.dock.hide()
        for name in FIGHT_ACTIONS:
            window.action_map[name].setEnabled(False)
        # The editor's undo stack answers Ctrl+Z anywhere in the window while it shows.
        editor.undo_action.setShortcuts(QKeySequence.keyBindings(QKeySequence.StandardKey.Undo))
        editor.redo_action.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        window.addActions([editor.undo_action, editor.redo_action])
        self.editor = editor
        self.toggle.blockSignals(True)
        self.toggle.setChecked(True)
        self.toggle.blockSignals(False)
        window.setWindowTitle(f"Tactical — editing {editor.title()}")
        editor.message.connect(lambda _t: window.setWindowTitle(
            f"Tactical — editing {editor.title()}"))
        self._enable()
        editor.view.setFocus()
        editor.view.fit()
        return editor

    def leave(self, reopen: bool = True) -> bool:
        """Back to the board; False if the GM cancelled (unsaved changes)."""
        editor, window = self.editor, self.window
        if editor is None:
            return True
        if not editor.stack.isClean():
            answer = QMessageBox.question(
                window, "Unsaved map", "Save the map before leaving the editor?",
                QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
                | QMessageBox.StandardButton.Cancel)
            if answer == QMessageBox.StandardButton.Cancel or (
                    answer == QMessageBox.StandardButton.Save and not self.save()):
                self.toggle.blockSignals(True)
                self.toggle.setChecked(True)
                self.toggle.blockSignals(False)
                return False
        window.removeAction(editor.undo_action)
        window.removeAction(editor.redo_action)
        path = editor.model.path if editor.stack.isClean() else None
        self.editor = None
        self.toggle.blockSignals(True)
        self.toggle.setChecked(False)
        self.toggle.blockSignals(False)
        self._enable()
        board, self.board = self.board, None
        if reopen and path is not None and window.open_path(path):
            if board is not None:
                board.deleteLater()
            return True
        # A fresh board (and dock) for the document that was open, titles and actions as
        # they were; the set-aside view goes.
        window.set_document(window.document)
        if board is not None:
            board.deleteLater()
        return True

    def _toggled(self, on: bool) -> None:
        if on and self.editor is None:
            document = self.window.document
            if document is None:
                self.toggle.setChecked(False)
                self.new_map()
                return
            loaded = document.loaded
            # A fight continued from its log knows the map only by the log (its snapshot):
            # the edited map is then saved as a new file, never over the log.
            path = loaded.path if loaded.path.suffix.lower() in (".yaml", ".yml") else None
            self.enter(Draft.of(loaded.map, loaded.path.parent), path)
        elif not on and self.editor is not None:
            self.leave()

    # --- files

    def new_map(self) -> MapEditor | None:
        choice, ok = QInputDialog.getItem(self.window, "New map", "Start from:",
                                          ["A picture…", "A blank grid"], 0, False)
        if not ok:
            return None
        if choice.startswith("A picture"):
            picture, _ = QFileDialog.getOpenFileName(self.window, "Picture for the new map",
                                                     "", PICTURES)
            if not picture:
                return None
            return self.new_from_picture(Path(picture))
        columns, ok = QInputDialog.getInt(self.window, "Blank grid", "Columns:", 20, 1, 500)
        rows, ok2 = QInputDialog.getInt(self.window, "Blank grid", "Rows:", 15, 1, 500)
        if not (ok and ok2):
            return None
        return self.enter(blank_draft(columns, rows), None)

    def new_from_picture(self, picture: Path) -> MapEditor | None:
        try:
            draft = picture_draft(picture)
        except TacticalError as error:
            QMessageBox.warning(self.window, "Cannot use the picture", str(error))
            return None
        editor = self.enter(draft, None)
        editor.use("calibrate")
        editor.status("Click the centres of three hexes that touch each other on the "
                      "picture; then arrow keys nudge the grid")
        return editor

    def choose_import(self) -> None:
        source, _ = QFileDialog.getOpenFileName(self.window, "Import a Universal VTT map",
                                                "", UVTT)
        if not source:
            return
        target, _ = QFileDialog.getSaveFileName(self.window, "Save the imported map as",
                                                str(Path(source).with_suffix(".yaml")),
                                                "Maps (*.yaml)")
        if target:
            self.import_file(Path(source), Path(target).with_suffix(".yaml"))

    def import_file(self, source: Path, target: Path, grid_m: float = 1.5,
                    force: bool = False) -> MapEditor | None:
        try:
            imported = import_uvtt(source, target, grid_m=grid_m,
                                   orientation=Orientation.FLAT, force=force)
        except WouldOverwrite as there:
            # the map or its picture is already there: it may be the GM's own (issue 23)
            answer = QMessageBox.question(
                self.window, "Replace the files?", f"{there}\n\nReplace them?",
                QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
                QMessageBox.StandardButton.Cancel)
            if answer != QMessageBox.StandardButton.Yes:
                return None
            return self.import_file(source, target, grid_m, force=True)
        except (TacticalError, OSError) as error:
            QMessageBox.warning(self.window, "Cannot import", str(error)[:4000])
            return None
        editor = self.enter(Draft.of(imported.map, target.parent), target)
        editor.use("select")
        editor.status(" ".join((f"Imported {imported.walls} walls and {imported.doors} "
                                "doors as high cover: select each to set its class.",
                                *imported.warnings)))
        return editor

    def save(self) -> bool:
        if self.editor is None:
            return False
        path = self.editor.model.path
        # A map Tactical ships is not overwritten: its edits go to a new file.
        if path is None or path.resolve().is_relative_to(maps_dir().resolve()):
            return self.save_as()
        return self._save_to(path)

    def save_as(self) -> bool:
        if self.editor is None:
            return False
        target, _ = QFileDialog.getSaveFileName(self.window, "Save the map as", "",
                                                "Maps (*.yaml)")
        return bool(target) and self._save_to(Path(target).with_suffix(".yaml"))

    def _save_to(self, path: Path) -> bool:
        assert self.editor is not None
        try:
            self.editor.save(path)
        except (TacticalError, OSError) as error:
            QMessageBox.warning(self.window, "Cannot save the map", str(error)[:4000])
            return False
        self.window.statusBar().showMessage(f"Saved the map as {path}", 6000)
        return True


def install_editor(window: WindowHost) -> EditMode:
    return EditMode(window)
