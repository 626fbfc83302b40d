"""The editor's tools: the board's tool interface (tactical/ui/tools.py: press, move,
release, key; `cancel` when another tool is picked), in the manner of Tiled's tools
(issue 15). A tool asks the editor only for what `EditorHost` names.

Cover is drawn Tiled-style: click points (snapped to hex centres, corners and edge
midpoints, shown by a marker; Ctrl toggles snapping), click the first point or press
Shift+Enter to close, Backspace removes the last point, Esc ends. Drawing chains: once a
shape closes, the next click starts another.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from typing import Protocol

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QKeyEvent, QKeySequence, QMouseEvent, QUndoStack
from PySide6.QtWidgets import QInputDialog

from tactical.data.maps import Cover
from tactical.data.uvtt import thick_line
from tactical.geometry.layout import layout_for, point_to_hex
from tactical.ui.editor import commands as ec
from tactical.ui.editor.calibrate import (
    Calibration,
    CalibrationError,
    from_distance,
    from_three_centres,
    placed,
)
from tactical.ui.editor.model import EditorModel
from tactical.ui.editor.snapping import snap
from tactical.ui.editor.view import EditorView
from tactical.ui.tools import Tool

Point = tuple[float, float]
WALL_M = 0.3
_drags = itertools.count(1)


def _ctrl(event: QMouseEvent | QKeyEvent) -> bool:
    return bool(event.modifiers() & Qt.KeyboardModifier.ControlModifier)


def _segment_distance(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx
                                                    + (p[1] - a[1]) * dy) / length2))
    return math.dist(p, (a[0] + t * dx, a[1] + t * dy))


def _point(at: QPointF) -> Point:
    return at.x(), at.y()


class EditorHost(Protocol):
    """What the editor's tools ask of the editor (`MapEditor`)."""

    view: EditorView
    model: EditorModel
    stack: QUndoStack
    snapping: bool

    def add_cover(self, polygon: Sequence[Point], text: str = ...,
                  wall: bool = ...) -> bool: ...

    def cover_at(self, p: Point) -> int | None: ...

    def select(self, covers: Sequence[int] = ..., tokens: Sequence[int] = ...) -> None: ...

    def delete_selection(self) -> None: ...

    def status(self, text: str) -> None: ...

    def picture_size(self) -> tuple[int, int]: ...


class EditorTool(Tool):
    """A tool on the editor's board; the default takes nothing. Points are metres."""

    def __init__(self, editor: EditorHost) -> None:
        self.editor = editor

    def status(self) -> str:
        return self.tip

    def cancel(self) -> None:
        """Another tool was picked: drop any half-drawn shape."""
        self.editor.view.show_preview([])
        self.editor.view.show_marker(None)

    def snapped(self, p: Point, event: QMouseEvent | QKeyEvent) -> Point:
        """`p` snapped to the grid, unless Ctrl is held (Tiled: Ctrl toggles snapping)."""
        if _ctrl(event) == self.editor.snapping:
            return round(p[0], 2) + 0.0, round(p[1], 2) + 0.0
        found = snap(self.editor.model.draft.grid, p, self.editor.view.snap_radius())
        return found if found is not None else (round(p[0], 2) + 0.0, round(p[1], 2) + 0.0)

    def show_snap(self, p: Point, event: QMouseEvent) -> Point:
        """`p` snapped, with the marker on the snap point (none when not snapping)."""
        q = self.snapped(p, event)
        snapping = _ctrl(event) != self.editor.snapping
        self.editor.view.show_marker(q if snapping else None)
        return q


class PolygonTool(EditorTool):
    name, title = "polygon", "Cover polygon"
    tip = ("Click points; click the first point or Shift+Enter closes; Backspace removes "
           "the last point; Esc ends; Ctrl toggles snapping")

    def __init__(self, editor: EditorHost) -> None:
        super().__init__(editor)
        self.points: list[Point] = []
        self.mouse: Point | None = None

    def _draw(self) -> None:
        tail = [self.mouse] if self.mouse is not None and self.points else []
        self.editor.view.show_preview(self.points + tail)

    def press(self, at: QPointF, event: QMouseEvent) -> bool:
        p = _point(at)
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        q = self.snapped(p, event)
        if len(self.points) >= 3 and math.dist(q, self.points[0]) <= \
                self.editor.view.snap_radius():
            self.close()
            return True
        if not self.points or q != self.points[-1]:
            self.points.append(q)
        self._draw()
        return True

    def move(self, at: QPointF, event: QMouseEvent) -> bool:
        self.mouse = self.show_snap(_point(at), event)
        self._draw()
        return True

    def close(self) -> None:
        if len(self.points) >= 3:
            self.editor.add_cover(tuple(self.points))
        self.points = []
        self._draw()

    def key(self, event: QKeyEvent) -> bool:
        key = event.key()
        if key == Qt.Key.Key_Backspace and self.points:
            self.points.pop()
            self._draw()
            return True
        if key == Qt.Key.Key_Escape and self.points:
            self.points = []
            self._draw()
            return True
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.points:
            self.close()
            return True
        return False

    def cancel(self) -> None:
        self.points = []
        super().cancel()


class RectangleTool(EditorTool):
    name, title = "rectangle", "Cover rectangle"
    tip = "Drag from one corner to the other (snapped; Ctrl toggles snapping)"

    def __init__(self, editor: EditorHost) -> None:
        super().__init__(editor)
        self.start: Point | None = None

    def _corners(self, end: Point) -> tuple[Point, ...]:
        assert self.start is not None
        (x0, y0), (x1, y1) = self.start, end
        return (x0, y0), (x1, y0), (x1, y1), (x0, y1)

    def press(self, at: QPointF, event: QMouseEvent) -> bool:
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        self.start = self.snapped(_point(at), event)
        return True

    def move(self, at: QPointF, event: QMouseEvent) -> bool:
        q = self.show_snap(_point(at), event)
        if self.start is not None:
            self.editor.view.show_preview(list(self._corners(q)), closed=True)
        return True

    def release(self, at: QPointF, event: QMouseEvent) -> bool:
        if self.start is None:
            return False
        q = self.snapped(_point(at), event)
        if abs(q[0] - self.start[0]) >= 0.05 and abs(q[1] - self.start[1]) >= 0.05:
            self.editor.add_cover(self._corners(q))
        self.start = None
        self.editor.view.show_preview([])
        return True


class WallTool(EditorTool):
    """Foundry-style chained walls: each click ends one wall and starts the next at the
    same point (no exact endpoint click needed); Esc ends the chain."""

    name, title = "wall", "Wall"
    tip = "Click wall ends; each click chains the next wall; Esc ends the chain"

    def __init__(self, editor: EditorHost) -> None:
        super().__init__(editor)
        self.last: Point | None = None

    def press(self, at: QPointF, event: QMouseEvent) -> bool:
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        q = self.snapped(_point(at), event)
        if self.last is not None and q != self.last:
            self.editor.add_cover(thick_line(self.last, q, WALL_M), "Add wall", wall=True)
        self.last = q
        return True

    def move(self, at: QPointF, event: QMouseEvent) -> bool:
        q = self.show_snap(_point(at), event)
        self.editor.view.show_preview([self.last, q] if self.last is not None else [])
        return True

    def key(self, event: QKeyEvent) -> bool:
        if event.key() == Qt.Key.Key_Escape and self.last is not None:
            self.cancel()
            return True
        return False

    def cancel(self) -> None:
        self.last = None
        super().cancel()


class SelectTool(EditorTool):
    """Click selects a token or a cover (the side panel edits it); dragging moves it (one
    undo step however long the drag); R rotates a selected cover; Delete removes the
    selection."""

    name, title = "select", "Select"
    tip = ("Click to select, drag to move; R rotates a cover 15° clockwise (Shift+R "
           "counter-clockwise, Ctrl: 1°); Esc deselects; Delete removes")

    def __init__(self, editor: EditorHost) -> None:
        super().__init__(editor)
        self.drag: int | None = None
        self.origin: Point | None = None
        self.base: Cover | None = None
        self.node: tuple[int, int] | None = None  # (cover, vertex) being dragged

    def _node_at(self, p: Point) -> tuple[int, int] | None:
        """The selected cover's node under `p` (within the snap radius), if any."""
        selected = self.editor.view.selected_covers
        if len(selected) != 1:
            return None
        (index,) = selected
        radius = self.editor.view.snap_radius()
        polygon = self.editor.model.draft.cover[index].polygon
        near = [(math.dist(q, p), i) for i, q in enumerate(polygon)]
        distance, vertex = min(near)
        return (index, vertex) if distance <= radius else None

    def double_click(self, at: QPointF, event: QMouseEvent) -> bool:
        """Tiled: double-click a selected shape's edge to insert a node there."""
        p = _point(at)
        selected = self.editor.view.selected_covers
        if len(selected) != 1:
            return False
        (index,) = selected
        cover = self.editor.model.draft.cover[index]
        points = list(cover.polygon)
        best: tuple[float, int] | None = None
        for i, (a, b) in enumerate(zip(points, points[1:] + points[:1], strict=True)):
            d = _segment_distance(p, a, b)
            if best is None or d < best[0]:
                best = (d, i)
        if best is None or best[0] > self.editor.view.snap_radius():
            return False
        points.insert(best[1] + 1, self.snapped(p, event))
        new = cover.model_copy(update={"polygon": tuple(points)})
        self.editor.stack.push(ec.ReplaceCover(self.editor.model, index, new, "Insert node"))
        return True

    def press(self, at: QPointF, event: QMouseEvent) -> bool:
        p = _point(at)
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        draft = self.editor.model.draft
        self.node = self._node_at(p)
        if self.node is not None:  # Tiled: drag a selected shape's node to move it
            self.drag, self.origin = next(_drags), self.snapped(p, event)
            self.base = draft.cover[self.node[0]]
            return True
        hex_ = point_to_hex(layout_for(draft.grid), p)
        token = next((i for i, t in enumerate(draft.tokens) if t.hex == hex_), None)
        cover = None if token is not None else self.editor.cover_at(p)
        self.editor.select(covers=[] if cover is None else [cover],
                           tokens=[] if token is None else [token])
        self.drag, self.origin = next(_drags), self.snapped(p, event)
        self.base = draft.cover[cover] if cover is not None else None
        return True

    def move(self, at: QPointF, event: QMouseEvent) -> bool:
        p = _point(at)
        if self.drag is None or self.origin is None:
            return False
        editor = self.editor
        q = self.snapped(p, event)
        if self.node is not None and self.base is not None:
            index, vertex = self.node
            points = list(self.base.polygon)
            points[vertex] = q
            try:
                new = Cover.model_validate({**self.base.model_dump(by_alias=True),
                                            "polygon": tuple(points)})
            except ValueError:
                return True  # no area with the node here: wait for the next position
            if new != editor.model.draft.cover[index]:
                editor.stack.push(ec.ReplaceCover(editor.model, index, new, "Move node",
                                                  self.drag))
            return True
        if self.base is not None and editor.view.selected_covers:
            (index,) = editor.view.selected_covers
            dx, dy = q[0] - self.origin[0], q[1] - self.origin[1]
            new = ec.moved(self.base, dx, dy)
            new = new.model_copy(update={"polygon": tuple(
                (round(x, 2) + 0.0, round(y, 2) + 0.0) for x, y in new.polygon)})
            if new != editor.model.draft.cover[index]:
                editor.stack.push(ec.ReplaceCover(editor.model, index, new, "Move cover",
                                                  self.drag))
        elif editor.view.selected_tokens:
            (index,) = editor.view.selected_tokens
            draft = editor.model.draft
            hex_ = point_to_hex(layout_for(draft.grid), p)
            if draft.grid.contains(hex_) and all(t.hex != hex_ for t in draft.tokens):
                editor.stack.push(ec.ReplaceToken(
                    editor.model, index, draft.tokens[index].model_copy(update={"hex": hex_}),
                    "Move token", self.drag))
        return True

    def release(self, at: QPointF, event: QMouseEvent) -> bool:
        if self.drag is None:
            return False
        self.move(at, event)  # where the button comes up is where it lands
        self.drag = None
        self.node = None
        return True

    def claims(self, event: QKeyEvent) -> bool:
        # With one cover selected, R rotates it rather than picking the Rectangle tool.
        return event.key() == Qt.Key.Key_R and len(self.editor.view.selected_covers) == 1

    def rotate(self, event: QKeyEvent) -> None:
        (index,) = self.editor.view.selected_covers
        modifiers = event.modifiers()
        step = 1.0 if modifiers & Qt.KeyboardModifier.ControlModifier else 15.0
        clockwise = not modifiers & Qt.KeyboardModifier.ShiftModifier
        old = self.editor.model.draft.cover[index]
        try:
            new = Cover.model_validate({**ec.rotated(old, step if clockwise else -step)
                                        .model_dump(by_alias=True)})
        except ValueError:
            return  # rounding to 1 cm left no area (a sliver): leave it as it is
        if new != old:
            self.editor.stack.push(ec.ReplaceCover(
                self.editor.model, index, new,
                f"Rotate cover {step:g}° {'clockwise' if clockwise else 'counter-clockwise'}"))

    def key(self, event: QKeyEvent) -> bool:
        if event.matches(QKeySequence.StandardKey.Delete) or \
                event.key() == Qt.Key.Key_Backspace:
            self.editor.delete_selection()
            return True
        if self.claims(event):
            self.rotate(event)
            return True
        if event.key() == Qt.Key.Key_Escape and (self.editor.view.selected_covers
                                                 or self.editor.view.selected_tokens):
            self.editor.select()  # and R picks the Rectangle tool again
            return True
        return False


class CalibrateTool(EditorTool):
    """Click the centres of three hexes that touch each other on the picture; the grid is
    laid over it (scale, flat or pointy, offset). Arrow keys then nudge it a pixel (Shift:
    ten)."""

    name, title = "calibrate", "Calibrate"
    tip = ("Click the centres of three neighbouring hexes on the picture (or Shift+click "
           "two points a known distance apart, the first a hex centre); arrows nudge")

    def __init__(self, editor: EditorHost) -> None:
        super().__init__(editor)
        self.clicks: list[Point] = []
        self.span: list[Point] = []

    def press(self, at: QPointF, event: QMouseEvent) -> bool:
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        self._click(_point(at), event)
        return True

    def _click(self, p: Point, event: QMouseEvent) -> None:
        background = self.editor.model.draft.background
        if background is None:
            self.editor.status("Calibrating needs a picture: File ▸ New map…")
            return
        mpp, (ox, oy) = background.metres_per_pixel, background.offset_m
        pixel = ((p[0] - ox) / mpp, (p[1] - oy) / mpp)  # picture pixels
        if event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
            self._span(pixel)
            return
        self.clicks.append(pixel)
        self.editor.view.show_preview([(ox + x * mpp, oy + y * mpp) for x, y in self.clicks])
        if len(self.clicks) < 3:
            self.editor.status(f"Calibrate: {len(self.clicks)} of 3 hex centres clicked")
            return
        clicks, self.clicks = self.clicks, []
        self.editor.view.show_preview([])
        try:
            cal = from_three_centres(*clicks)
        except CalibrationError as error:
            self.editor.status(f"Calibrate: {error}")
            return
        self._apply(cal)

    def _span(self, pixel: Point) -> None:
        """Local VTT's other way: two points a known distance apart."""
        self.span.append(pixel)
        if len(self.span) < 2:
            self.editor.status("Calibrate: Shift+click the second point")
            return
        (a, b), self.span = self.span, []
        metres, ok = QInputDialog.getDouble(self.editor.view, "Calibrate",
                                            "Distance between the two points (metres):",
                                            10.0, 0.1, 10_000.0, 2)
        if not ok:
            return
        try:
            cal = from_distance(a, b, metres, self.editor.model.draft.grid.orientation)
        except CalibrationError as error:
            self.editor.status(f"Calibrate: {error}")
            return
        self._apply(cal)

    def _apply(self, cal: Calibration) -> None:
        background = self.editor.model.draft.background
        assert background is not None
        grid, new = placed(cal, self.editor.picture_size())
        new = new.model_copy(update={"image": background.image})
        self.editor.stack.push(ec.SetGrid(self.editor.model, grid, new))
        self.editor.status(f"Calibrated: {grid.orientation.value}-top hexes, "
                           f"{1 / new.metres_per_pixel * 2:.1f} px a hex, "
                           f"{grid.columns}×{grid.rows}; arrow keys nudge the grid")

    def key(self, event: QKeyEvent) -> bool:
        steps = {Qt.Key.Key_Left: (1, 0), Qt.Key.Key_Right: (-1, 0),
                 Qt.Key.Key_Up: (0, 1), Qt.Key.Key_Down: (0, -1)}
        step = steps.get(Qt.Key(event.key()))
        background = self.editor.model.draft.background
        if step is None or background is None:
            return False
        # Moving the grid right is moving the picture left under it.
        px = 10 if event.modifiers() & Qt.KeyboardModifier.ShiftModifier else 1
        mpp = background.metres_per_pixel
        ox, oy = background.offset_m
        moved = background.model_copy(update={"offset_m": (
            round(ox + step[0] * px * mpp, 2) + 0.0, round(oy + step[1] * px * mpp, 2) + 0.0)})
        self.editor.stack.push(ec.SetGrid(self.editor.model, self.editor.model.draft.grid,
                                          moved, "Nudge the grid", nudge=True))
        return True

    def cancel(self) -> None:
        self.clicks, self.span = [], []
        super().cancel()


TOOLS: tuple[type[EditorTool], ...] = (SelectTool, PolygonTool, RectangleTool, WallTool,
                                 CalibrateTool)
