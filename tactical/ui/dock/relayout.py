"""Show and hide many of a panel's widgets, then lay the panel out once.

Each widget shown inside an active layout has the layout recompute at once, word-wrapped
and rich-text labels measured again each time: an undo that changes the actor showed and
hid some forty widgets and spent 20 ms relaying the dock out (issue 13: undo ≤ 20 ms).
While a `OneLayout` is entered its panel's layouts are off; leaving it (the outermost
entry) turns them on and activates them once, so the panel ends up laid out as before."""

from __future__ import annotations

from types import TracebackType

from PySide6.QtWidgets import QLayout, QWidget


class OneLayout:
    """`with panel_layout:` around a sync; nested entries lay out at the outermost exit.
    `widgets`: the panel and the containers whose rows it shows and hides, outer first
    (never a combo box's or a scroll area's own inner layouts: those stay Qt's)."""

    def __init__(self, *widgets: QWidget) -> None:
        self.widgets = widgets
        self._depth = 0

    def _layouts(self) -> list[QLayout]:
        return [layout for w in self.widgets if (layout := w.layout()) is not None]

    def __enter__(self) -> None:
        if self._depth == 0:
            for layout in self._layouts():
                layout.setEnabled(False)
        self._depth += 1

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self._depth -= 1
        if self._depth:
            return
        layouts = self._layouts()
        for layout in layouts:
            layout.setEnabled(True)
        for layout in reversed(layouts):  # inner containers first: the outer ones ask them
            layout.invalidate()
            layout.activate()
        self.widgets[0].updateGeometry()  # the dock around the panel: its new size
