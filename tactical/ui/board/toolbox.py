"""The board's tools and which of them are active: the resident ones (the drag) at the
bottom, then each started tool in the order it was started. The view hands every mouse and
key event here; the active tools are asked from the top down and the first that takes the
event has it. An event none takes starts the tool bound to its button or key, which then
has it (a left press on empty board: the pan; the middle button or M: the ruler)."""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QKeyEvent, QMouseEvent, QPainter
from PySide6.QtWidgets import QGraphicsView

from tactical.ui.board.scene import BoardScene
from tactical.ui.board.tools import BoardTool, Line, StartedBy, registered


class Surface(Protocol):
    """What the toolbox asks of its view."""

    def tools_changed(self) -> None: ...

    def redraw_tools(self) -> None: ...

    def scroll_by(self, dx_px: float, dy_px: float) -> None: ...


class Toolbox:
    def __init__(self, scene: BoardScene, surface: Surface) -> None:
        self.surface = surface
        self.by_name: dict[str, BoardTool] = {}
        for name, cls in registered().items():
            tool = cls(scene)
            tool.host = self
            self.by_name[name] = tool
        self.active: list[BoardTool] = [t for t in self.by_name.values() if t.resident]
        self._buttons = {t.button: t.name for t in self.by_name.values()
                         if t.button is not None}
        self._keys = {t.shortcut: t.name for t in self.by_name.values()
                      if t.shortcut is not None}

    # --- what a tool asks (tools.Host)

    def use(self, name: str, at: QPointF, token: str | None = None,
            by: StartedBy = StartedBy.CODE) -> BoardTool:
        """Start `name` at `at` (again, on top, if it is active already)."""
        tool = self.by_name[name]
        if not tool.resident:
            if tool in self.active:
                self.active.remove(tool)
            self.active.append(tool)
        tool.start(at, token, by)
        self.surface.tools_changed()
        return tool

    def done(self, tool: BoardTool) -> None:
        if tool in self.active and not tool.resident:
            self.active.remove(tool)
        self.surface.tools_changed()

    def changed(self, tool: BoardTool) -> None:
        self.surface.tools_changed()

    def redraw(self) -> None:
        self.surface.redraw_tools()

    def scroll_by(self, dx_px: float, dy_px: float) -> None:
        self.surface.scroll_by(dx_px, dy_px)

    # --- events

    def press(self, at: QPointF, event: QMouseEvent) -> bool:
        if any(tool.press(at, event) for tool in self.active[::-1]):
            return True
        name = self._buttons.get(event.button())
        if name is None:
            return False
        return self.use(name, at, by=StartedBy.BUTTON).press(at, event)

    def move(self, at: QPointF, event: QMouseEvent) -> bool:
        return any(tool.move(at, event) for tool in self.active[::-1])

    def release(self, at: QPointF, event: QMouseEvent) -> bool:
        return any(tool.release(at, event) for tool in self.active[::-1])

    def key(self, event: QKeyEvent, at: QPointF) -> bool:
        """`at`: the cursor on the board (where a tool the key starts begins)."""
        if any(tool.key(event) for tool in self.active[::-1]):
            return True
        if event.key() == Qt.Key.Key_Escape:
            return self.escape()
        name = self._keys.get(Qt.Key(event.key()))
        if name is None or event.isAutoRepeat():
            return False
        self.use(name, at, by=StartedBy.SHORTCUT)
        return True

    def claims(self, event: QKeyEvent) -> bool:
        """An active tool wants this key ahead of the window's shortcuts (Space, the
        window's End turn, for a waypoint during a drag)."""
        return any(tool.claims(event) for tool in self.active)

    def key_release(self, event: QKeyEvent) -> bool:
        return any(tool.key_release(event) for tool in self.active[::-1])

    def escape(self) -> bool:
        """Esc cancels the drag under way (a ruler held over it stays), else every tool
        started over it that has something to cancel."""
        resident = [t for t in self.active if t.resident and t.busy]
        started = [t for t in self.active[::-1] if not t.resident and t.busy]
        for tool in resident or started:
            tool.cancel()
            self.done(tool)
        return bool(resident or started)

    # --- what the active tools show

    def lines(self) -> list[Line]:
        """The top-most tool's words over the board (an aim's prompt over the drag's)."""
        return next((lines for t in self.active[::-1] if (lines := t.lines())), [])

    def paint(self, painter: QPainter, view: QGraphicsView) -> None:
        for tool in self.active:
            tool.paint(painter, view)

    def cursor(self) -> Qt.CursorShape | None:
        return next((c for t in self.active[::-1] if (c := t.cursor()) is not None), None)

    def status(self) -> str:
        return next((s for t in self.active[::-1] if (s := t.status())), "")

    @property
    def idle(self) -> bool:
        """No tool started and nothing under way (the board as a start shows it)."""
        return all(t.resident and not t.busy for t in self.active)

    def menu(self, on_token: bool) -> list[tuple[str, str]]:
        """(tool name, entry words) for the right-click menu on a token or an empty hex."""
        return [(t.name, t.token_menu if on_token else t.hex_menu)
                for t in self.by_name.values() if (t.token_menu if on_token else t.hex_menu)]
