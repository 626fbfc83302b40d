"""New map from a picture: three clicks on neighbouring hex centres calibrate the 2 m grid
over it, arrow keys nudge it, and the saved map lines the grid up with the picture."""

from __future__ import annotations

import math

import pytest
import yaml
from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QApplication

from tactical.cli import main
from tactical.geometry.layout import hex_to_point, layout_for, point_to_hex
from tests.editor.pictures import centre_px, hex_picture


def picture_to_metres(editor, px):
    bg = editor.model.draft.background
    return bg.offset_m[0] + px[0] * bg.metres_per_pixel, \
        bg.offset_m[1] + px[1] * bg.metres_per_pixel


def click_pixel(qtbot, editor, px):
    pos = editor.view.mapFromScene(QPointF(*picture_to_metres(editor, px)))
    qtbot.mouseClick(editor.view.viewport(), Qt.MouseButton.LeftButton, pos=pos)


@pytest.mark.parametrize(("orientation", "neighbours"), [
    ("flat", [(2, 1), (2, 2), (3, 1)]),
    ("pointy", [(3, 1), (4, 1), (3, 2)]),
])
def test_calibrate_on_a_picture_with_a_known_grid(window, qtbot, tmp_path, orientation,
                                                  neighbours):
    picture = hex_picture(tmp_path / "scan.png", orientation)
    editor = window.edit_mode.new_from_picture(picture)
    editor.view.fit()
    QApplication.processEvents()
    assert editor.tool.name == "calibrate"
    editor.view.scale(3, 3)  # the GM zooms in to click precisely
    editor.view.centerOn(QPointF(*picture_to_metres(editor, centre_px(*neighbours[0],
                                                                      orientation))))
    for h in neighbours:
        click_pixel(qtbot, editor, centre_px(*h, orientation))
    draft = editor.model.draft
    assert draft.grid.orientation == orientation
    assert draft.background.metres_per_pixel == pytest.approx(1 / 25, rel=0.02)
    # Every drawn hex centre, far from the clicks too, lies on a hex centre of the grid.
    layout = layout_for(draft.grid)
    for h in [(0, 0), (8, 1), (5, 3), (12, -2)]:
        m = picture_to_metres(editor, centre_px(*h, orientation))
        assert math.dist(hex_to_point(layout, point_to_hex(layout, m)), m) < 0.2
    # The grid covers the picture.
    corner = picture_to_metres(editor, (599, 399))
    assert draft.grid.contains(point_to_hex(layout, corner))
    # Arrow keys nudge the grid by a pixel; consecutive nudges are one undo step.
    before = draft.background.offset_m
    qtbot.keyClick(editor.view, Qt.Key.Key_Right)
    qtbot.keyClick(editor.view, Qt.Key.Key_Right)
    assert draft.background.offset_m[0] < before[0]
    assert draft.background.offset_m[1] == before[1]
    editor.stack.undo()
    assert editor.model.draft.background.offset_m == before
    target = tmp_path / "maps"
    target.mkdir()
    assert window.edit_mode._save_to(target / "scan.yaml")
    data = yaml.safe_load((target / "scan.yaml").read_text(encoding="utf-8"))
    assert data["background"]["image"] == "scan.png" and (target / "scan.png").exists()
    assert data["background"]["metres_per_pixel"] == pytest.approx(0.04, rel=0.02)
    assert main(["validate", str(target / "scan.yaml")]) == 0


def test_three_clicks_not_on_neighbours_are_explained(window, qtbot, tmp_path):
    editor = window.edit_mode.new_from_picture(hex_picture(tmp_path / "scan.png"))
    editor.view.fit()
    before = editor.model.draft.background
    for h in [(0, 0), (4, 0), (1, 0)]:
        click_pixel(qtbot, editor, centre_px(*h))
    assert editor.model.draft.background == before
    assert "touch each other" in editor.panel.hint.text()


def test_blank_grid_from_new_map(window, monkeypatch):
    from PySide6.QtWidgets import QInputDialog

    monkeypatch.setattr(QInputDialog, "getItem", lambda *a, **k: ("A blank grid", True))
    answers = iter([(14, True), (9, True)])
    monkeypatch.setattr(QInputDialog, "getInt", lambda *a, **k: next(answers))
    editor = window.edit_mode.new_map()
    assert editor is not None and window.centralWidget() is editor
    grid = editor.model.draft.grid
    assert (grid.columns, grid.rows, grid.orientation) == (14, 9, "flat")


def test_two_points_a_known_distance_apart(window, qtbot, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QInputDialog

    editor = window.edit_mode.new_from_picture(hex_picture(tmp_path / "scan.png"))
    editor.view.fit()
    QApplication.processEvents()
    # Hex (0, 0) and hex (0, 6) centres: 12 m apart straight down the picture.
    monkeypatch.setattr(QInputDialog, "getDouble", lambda *a, **k: (12.0, True))
    for h in [(0, 0), (0, 6)]:
        pos = editor.view.mapFromScene(QPointF(*picture_to_metres(editor, centre_px(*h))))
        qtbot.mouseClick(editor.view.viewport(), Qt.MouseButton.LeftButton,
                         Qt.KeyboardModifier.ShiftModifier, pos)
    draft = editor.model.draft
    assert draft.background.metres_per_pixel == pytest.approx(1 / 25, rel=0.01)
    layout = layout_for(draft.grid)
    m = picture_to_metres(editor, centre_px(7, 2))
    assert math.dist(hex_to_point(layout, point_to_hex(layout, m)), m) < 0.2
