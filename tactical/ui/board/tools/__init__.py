"""The GM's board tools: each module in this package holds one tool, registered by
`@board_tool` on its class; the board finds them all (`registered()`), so a new tool is one
module here and its test (docs/architecture.md, "Recipe: add a board tool").

A tool says how the GM starts it: `button` (a press of that mouse button no active tool
took, e.g. the middle button: the ruler), `shortcut` (a key no active tool took, e.g. M),
`hex_menu` / `token_menu` (the words of an entry in the board's right-click menu on an
empty hex / on a token), or code (`BoardView.tools.use(name, …)`, e.g. the aim of a menu
action). A `resident` tool is always active, at the bottom (the drag: select and move).
"""

from __future__ import annotations

import importlib
import pkgutil
from enum import Enum
from typing import ClassVar, Protocol, TypeVar

from PySide6.QtCore import QPointF, Qt

from tactical.ui.board.scene import BoardScene
from tactical.ui.tools import Tool

Line = tuple[str, str]  # words over the board and their colour


class StartedBy(Enum):
    BUTTON = "button"
    SHORTCUT = "shortcut"
    MENU = "menu"
    CODE = "code"


class Host(Protocol):
    """What a tool may ask of the board it is on (the view's `Toolbox`)."""

    def use(self, name: str, at: QPointF, token: str | None = None,
            by: StartedBy = StartedBy.CODE) -> BoardTool: ...

    def done(self, tool: BoardTool) -> None: ...

    def changed(self, tool: BoardTool) -> None: ...

    def redraw(self) -> None: ...

    def scroll_by(self, dx_px: float, dy_px: float) -> None: ...


class BoardTool(Tool):
    """A tool on the GM's board, made once per board as `cls(scene)`; the board sets `host`.
    A started tool is active until it calls `end()` (or Esc cancels it)."""

    button: ClassVar[Qt.MouseButton | None] = None
    shortcut: ClassVar[Qt.Key | None] = None
    hex_menu: ClassVar[str] = ""
    token_menu: ClassVar[str] = ""
    resident: ClassVar[bool] = False
    host: Host | None = None

    def __init__(self, scene: BoardScene) -> None:
        self.scene = scene

    def start(self, at: QPointF, token: str | None, by: StartedBy) -> None:
        """Started (again, if it was active) at `at` (on `token`, from a token's menu) by `by`."""
        return

    @property
    def busy(self) -> bool:
        """Something Esc would cancel is under way."""
        return False

    def lines(self) -> list[Line]:
        """Words beside the legend over the board (the drag summary, a pick's prompt)."""
        return []

    def cancel(self) -> None:
        self.end()

    # --- asking the board

    def end(self) -> None:
        """Finished: the board takes the tool off (a resident one stays)."""
        if self.host is not None:
            self.host.done(self)

    def changed(self) -> None:
        """Its lines, cursor or status changed: the board reads them again."""
        if self.host is not None:
            self.host.changed(self)

    def redraw(self) -> None:
        """What `paint` draws changed."""
        if self.host is not None:
            self.host.redraw()


T = TypeVar("T", bound=type[BoardTool])
_REGISTRY: dict[str, type[BoardTool]] = {}
_found = False


def board_tool(cls: T) -> T:
    """Register a board tool (its name, button and shortcut each taken once)."""
    for other in _REGISTRY.values():
        if other is cls:
            continue
        clash = ("name" if other.name == cls.name else
                 "button" if cls.button is not None and other.button == cls.button else
                 "shortcut" if cls.shortcut is not None and other.shortcut == cls.shortcut
                 else "")
        if clash:
            raise ValueError(f"board tools {other.__name__} and {cls.__name__} have the "
                             f"same {clash}")
    _REGISTRY[cls.name] = cls
    return cls


def registered() -> dict[str, type[BoardTool]]:
    """Every board tool, by name: the modules of this package are imported once."""
    global _found
    if not _found:
        for module in sorted(m.name for m in pkgutil.iter_modules(__path__)):
            importlib.import_module(f"{__name__}.{module}")
        _found = True
    return dict(_REGISTRY)
