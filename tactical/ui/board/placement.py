"""Where names go: each label tries below, above, right, left of what it names and takes the
first place that hides no token and no label already placed. Obstacles live in buckets a
few metres wide, so a label looks only at its neighbours (issue 13: comparing every label
with every other was 51 of 56 ms of a drag step on a 400-token map)."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QTransform

from tactical.ui.board.labels import LabelItem

CELL_M = 4.0
#: How far from what moved a name may have to move too: a name's own size and gap (names
#: are a few letters, 0.5 m high) and the token it names.
REACH_M = 4.0


class Obstacles:
    """Rectangles (scene metres) bucketed on a CELL_M grid."""

    def __init__(self) -> None:
        self._cells: dict[tuple[int, int], list[QRectF]] = {}

    @staticmethod
    def _keys(r: QRectF) -> Iterable[tuple[int, int]]:
        x0, x1 = math.floor(r.left() / CELL_M), math.floor(r.right() / CELL_M)
        y0, y1 = math.floor(r.top() / CELL_M), math.floor(r.bottom() / CELL_M)
        return ((x, y) for x in range(x0, x1 + 1) for y in range(y0, y1 + 1))

    def add(self, r: QRectF) -> None:
        for key in self._keys(r):
            self._cells.setdefault(key, []).append(r)

    def hits(self, r: QRectF) -> bool:
        cells = self._cells
        return any(r.intersects(o) for key in self._keys(r) for o in cells.get(key, ()))


@dataclass(frozen=True, slots=True)
class Wanted:
    label: LabelItem
    anchor: QPointF
    gap: float  # from the anchor to the label's nearest edge
    keep: bool  # shown even with no room (a trigger's name), below its anchor
    lift: float  # extra room above the anchor (a token's badges)


def place(wanted: Iterable[Wanted], obstacles: Obstacles) -> None:
    """Greedy, in order: each label takes its first free place (then is an obstacle)."""
    for w in wanted:
        label, anchor, gap = w.label, w.anchor, w.gap
        box = label.boundingRect()
        if label.scale() != 1.0:  # large print on the players' screen (issue 16)
            box = QTransform.fromScale(label.scale(), label.scale()).mapRect(box)
        hw, hh = box.width() / 2, box.height() / 2
        candidates = (QPointF(0, gap + hh), QPointF(0, -(gap + hh + w.lift)),
                      QPointF(gap + hw, 0), QPointF(-(gap + hw), 0))
        for offset in candidates:
            rect = box.translated(anchor + offset)
            if not obstacles.hits(rect):
                break
        else:
            if not w.keep:
                label.setVisible(False)
                continue
            offset = candidates[0]
            rect = box.translated(anchor + offset)
        label.setPos(anchor + offset)
        label.setVisible(True)
        obstacles.add(rect)


def near(point: QPointF, rects: list[QRectF], reach: float = REACH_M) -> bool:
    x, y = point.x(), point.y()
    return any(r.left() - reach <= x <= r.right() + reach
               and r.top() - reach <= y <= r.bottom() + reach for r in rects)
