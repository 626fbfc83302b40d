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
    """`with panel_layout:` around a sync; nested entries lay out at the outermost exit."""

    def __init__(self, panel: QWidget) -> None:
        self.panel = panel
        self._layouts: list[QLayout] | None = None  # the panel's and its widgets', outer first
        self._depth = 0

    def _all(self) -> list[QLayout]:
        if self._layouts is None:  # the panel's widgets are all built by its first sync
            widgets = [self.panel, *self.panel.findChildren(QWidget)]
            self._layouts = [layout for w in widgets if (layout := w.layout()) is not None]
        return self._layouts

    def __enter__(self) -> None:
        if self._depth == 0:
            for layout in self._all():
                layout.setEnabled(False)
        self._depth += 1

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self._depth -= 1
        if self._depth:
            return
        layouts = self._all()
        for layout in layouts:
            layout.setEnabled(True)
        for layout in reversed(layouts):  # inner widgets first: the outer ones ask them
            layout.activate()
