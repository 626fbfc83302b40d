"""Cover and grid paths are streamed from numpy arrays (issue 13); they must be the very
paths the one-by-one calls made, or cover would be drawn in the wrong place."""

from __future__ import annotations

from PySide6.QtGui import QPainterPath

from tactical.ui.board.shapes import polygon_path, polygons_path


def test_many_polygons_in_one_path_equal_them_added_one_by_one(qapp) -> None:
    polygons = [((0.0, 0.0), (1.5, 0.0), (1.0, 1.0)),
                ((2.0, 2.0), (3.0, 2.0), (3.0, 3.25), (2.0, 3.0))]
    expected = QPainterPath()
    for polygon in polygons:
        expected.addPath(polygon_path(polygon))
    built = polygons_path(polygons)
    assert built == expected
    assert built.fillRule() == expected.fillRule()
    assert built.contains(expected.boundingRect().center()) == expected.contains(
        expected.boundingRect().center())
