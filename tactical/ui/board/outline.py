"""The outline of a set of hexes as one painter path (issue 27: a blast's ring, a suppression
sector, drawn on the hex grid): only the edges no two hexes of the set share, chained into
closed loops, so a fill with the winding rule covers the set once and a stroke draws its
border, not every hex. Worked out with numpy: a 1,300-hex sector in about a millisecond."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from PySide6.QtCore import QPointF
from PySide6.QtGui import QPainterPath, QPolygonF

from tactical.core.types import Hex
from tactical.geometry.hexgrid import DIRECTIONS
from tactical.geometry.layout import Layout, hex_centres

_KEY = 1 << 20  # (q, r) → one integer, for membership tests


_SIDES: dict[tuple[object, float], tuple[tuple[int, int], ...]] = {}
SMALL = 300  # fewer hexes than this: plain Python is quicker than numpy's set-up


def _sides(layout: Layout) -> tuple[tuple[int, int], ...]:
    """For each corner i, the step to the neighbour sharing the edge corner i → i + 1."""
    key = (layout.orientation, layout.size)
    found = _SIDES.get(key)
    if found is None:
        found = _SIDES[key] = tuple(DIRECTIONS[int(i)] for i in _edge_sides(layout))
    return found


def _edge_sides(layout: Layout) -> np.ndarray:
    """For each corner i, the direction whose neighbour shares the edge corner i → i + 1."""
    offsets = np.asarray(layout.corner_offsets)
    middles = (offsets + np.roll(offsets, -1, axis=0)) / 2
    steps = hex_centres(layout, np.asarray(DIRECTIONS)) - hex_centres(
        layout, np.zeros((1, 2), dtype=np.int64))
    sides: np.ndarray = np.argmax(middles @ steps.T, axis=1)
    return sides


def outline(layout: Layout, hexes: Sequence[Hex]) -> QPainterPath:
    if not hexes:
        return QPainterPath()
    if len(hexes) < SMALL:
        return _small(layout, hexes)
    return _large(layout, hexes)


def _small(layout: Layout, hexes: Sequence[Hex]) -> QPainterPath:
    inside = set(hexes)
    sides = _sides(layout)
    o, size, (x0, y0) = layout.orientation, layout.size, layout.origin
    offsets = layout.corner_offsets
    starts: list[tuple[float, float]] = []
    ends: list[tuple[float, float]] = []
    for q, r in inside:
        cx = (o.f0 * q + o.f1 * r) * size + x0
        cy = (o.f2 * q + o.f3 * r) * size + y0
        for i, (dq, dr) in enumerate(sides):
            if (q + dq, r + dr) not in inside:
                ax, ay = offsets[i]
                bx, by = offsets[(i + 1) % 6]
                starts.append((cx + ax, cy + ay))
                ends.append((cx + bx, cy + by))
    return _chain(starts, ends)


def _large(layout: Layout, hexes: Sequence[Hex]) -> QPainterPath:
    axial = np.asarray(hexes, dtype=np.int64).reshape(-1, 2)
    keys = (axial[:, 0] + _KEY // 2) * _KEY + axial[:, 1] + _KEY // 2
    sides = _edge_sides(layout)
    directions = np.asarray(DIRECTIONS, dtype=np.int64)[sides]  # per corner
    across = axial[:, None, :] + directions[None, :, :]  # (n, 6, 2)
    across_keys = (across[..., 0] + _KEY // 2) * _KEY + across[..., 1] + _KEY // 2
    open_edge = ~np.isin(across_keys, keys)  # (n, 6): the edge is on the border
    centres = hex_centres(layout, axial)
    offsets = np.asarray(layout.corner_offsets)
    h, c = np.nonzero(open_edge)
    starts = centres[h] + offsets[c]
    ends = centres[h] + offsets[(c + 1) % 6]
    return _chain(starts.tolist(), ends.tolist())


def _chain(starts: list[list[float]] | list[tuple[float, float]],
           ends: list[list[float]] | list[tuple[float, float]]) -> QPainterPath:
    """Each border edge's end is the start of the next one on the same loop."""
    path = QPainterPath()
    a_keys = [(round(x * 1000), round(y * 1000)) for x, y in starts]
    b_keys = [(round(x * 1000), round(y * 1000)) for x, y in ends]
    following: dict[tuple[int, int], list[int]] = {}
    for i, key in enumerate(a_keys):
        following.setdefault(key, []).append(i)
    used = [False] * len(a_keys)
    points = starts
    for first in range(len(a_keys)):
        if used[first]:
            continue
        loop: list[QPointF] = []
        edge: int | None = first
        while edge is not None and not used[edge]:
            used[edge] = True
            loop.append(QPointF(*points[edge]))
            nexts = following.get(b_keys[edge], [])
            edge = next((n for n in nexts if not used[n]), None)
        path.addPolygon(QPolygonF(loop))
        path.closeSubpath()
    return path


__all__ = ["outline"]
