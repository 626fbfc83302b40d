"""Mid-fight terrain from the window (issue 15): Combat ▸ Doors and cover… opens or closes
a door, or takes a cover away or puts it back, as an encounter command (undoable, logged);
the board follows the state's terrain by itself (BoardScene._sync_terrain), after undo and
redo too."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QInputDialog

from tactical.encounter.handlers import terrain

if TYPE_CHECKING:
    from tactical.ui.host import WindowHost


def choices(window: WindowHost) -> list[tuple[str, object]]:
    """What the GM may do now: open or close each door, remove or restore each cover."""
    document = window.document
    if document is None:
        return []
    state = document.state
    out: list[tuple[str, object]] = []
    for key, cover in terrain.map_covers(document.loaded.map).items():
        name = cover.label or key
        door = cover.door  # the map's flag (version 1 names were migrated on read)
        if key in state.cover_removed:
            verb = "Close" if door else "Put back"
            out.append((f"{verb} {name} ({key})", terrain.RestoreCover(
                key, "closed" if door else "restored")))
        else:
            verb = "Open" if door else "Remove"
            out.append((f"{verb} {name} ({key})", terrain.RemoveCover(
                key, "opened" if door else "removed")))
    out.extend((f"Remove {a.label or a.id} ({a.id})", terrain.RemoveCover(a.id, "removed"))
               for a in state.cover_added)
    return sorted(out, key=lambda pair: (not pair[0].startswith(("Open", "Close")), pair[0]))


class TerrainControls(QObject):
    def __init__(self, window: WindowHost) -> None:
        super().__init__(window)
        self.window = window
        self.action = QAction("Doors and &cover…", window)
        self.action.setObjectName("action_terrain")
        self.action.setShortcut(QKeySequence("Ctrl+D"))
        self.action.setToolTip("Open or close a door, blow a wall open, put cover back "
                               "(undoable, in the log)")
        self.action.triggered.connect(lambda _=False: self.choose())
        window.addAction(self.action)
        window.combat_menu.addAction(self.action)
        window.action_map["terrain"] = self.action

    def choose(self) -> None:
        options = choices(self.window)
        if not options or self.window.document is None:
            self.window.statusBar().showMessage("This map has no cover to change", 6000)
            return
        label, ok = QInputDialog.getItem(self.window, "Doors and cover",
                                         "Change the map (one undoable step):",
                                         [text for text, _ in options], 0, False)
        if ok:
            self.apply(dict(options)[label])

    def apply(self, command: object) -> None:
        if self.window.document is not None:
            self.window.document.apply(command)
