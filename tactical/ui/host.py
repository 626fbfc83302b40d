"""The main window as the parts installed into it see it (the map editor's edit mode and the
mid-fight terrain controls, tactical/ui/editor/): declared a level below them, so they need
not import the window that imports them (issue 22: no import cycles in tactical/ui/).
Qt only at import: the window paints before the engine is loaded (issue 13)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMainWindow, QMenu, QToolBar

if TYPE_CHECKING:
    from tactical.ui.board import BoardView
    from tactical.ui.dock import CombatDock
    from tactical.ui.document import EncounterDocument


class WindowHost(QMainWindow):
    """What `MainWindow` (tactical/ui/main_window.py) provides its installed parts."""

    document: EncounterDocument | None
    view: BoardView | None  # the board, when a document is shown
    dock: CombatDock | None
    action_map: dict[str, QAction]  # every window action by name ("undo", "edit_map", …)
    toolbar: QToolBar
    combat_menu: QMenu

    def open_path(self, path: Path, ruleset: str | None = None) -> bool:
        """Open a map (a new encounter) or a log; False, with a message, if it cannot."""
        raise NotImplementedError

    def set_document(self, document: EncounterDocument | None) -> None:
        """Show `document` (None: no encounter)."""
        raise NotImplementedError
