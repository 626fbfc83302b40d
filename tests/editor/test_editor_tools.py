"""The editor's tools driven with mouse and keys through the real main window; what a GM
sees is what is saved (issue 15)."""

from __future__ import annotations

import math

import pytest
import yaml
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication
from shapely.geometry import Polygon

from tactical.cli import main
from tactical.data.maps import Grid
from tactical.geometry.layout import hex_corners, hex_to_point, layout_for
from tactical.ui.editor import blank_draft
from tactical.ui.editor.commands import RemoveItems

CTRL = Qt.KeyboardModifier.ControlModifier


@pytest.fixture
def editor(window):
    ed = window.edit_mode.enter(blank_draft(12, 10), None)
    ed.view.fit()
    QApplication.processEvents()
    return ed


def at(editor, p):
    return editor.view.mapFromScene(QPointF(*p))


def click(qtbot, editor, p, modifier=Qt.KeyboardModifier.NoModifier):
    qtbot.mouseClick(editor.view.viewport(), Qt.MouseButton.LeftButton, modifier,
                     at(editor, p))


def saved(window, tmp_path, name="map.yaml"):
    path = tmp_path / name
    assert window.edit_mode._save_to(path)
    return path, yaml.safe_load(path.read_text(encoding="utf-8"))


def corners(h=(2, 2)):
    layout = layout_for(Grid(columns=12, rows=10))
    return [(round(x, 2) + 0.0, round(y, 2) + 0.0) for x, y in hex_corners(layout, h)]


def off(p, d=0.12):
    return p[0] + d, p[1] - d  # a click a little beside the point: snapping finds it


def test_draw_a_polygon_snapped_close_on_the_first_point_undo_redo(window, editor, qtbot,
                                                                   tmp_path):
    qtbot.keyClick(editor.view, Qt.Key.Key_P)
    assert editor.tool.name == "polygon"
    c = corners()
    for p in (c[0], c[2], c[4]):
        click(qtbot, editor, off(p))
    assert editor.tool.points == [c[0], c[2], c[4]]  # snapped to the hex's corners
    click(qtbot, editor, off(c[0]))  # the first point again closes the shape
    assert len(editor.model.draft.cover) == 1
    path, data = saved(window, tmp_path)
    assert data["cover"] == [{"class": "medium", "height": "high",
                              "polygon": [list(c[0]), list(c[2]), list(c[4])]}]
    assert main(["validate", str(path)]) == 0
    qtbot.keyClick(editor.view, Qt.Key.Key_Z, CTRL)
    assert editor.model.draft.cover == []
    qtbot.keyClick(editor.view, Qt.Key.Key_Z, CTRL | Qt.KeyboardModifier.ShiftModifier)
    assert len(editor.model.draft.cover) == 1
    # Chaining: the tool is ready for the next shape straight away.
    assert editor.tool.name == "polygon" and editor.tool.points == []


def test_backspace_esc_shift_enter_and_ctrl_turns_snapping_off(window, editor, qtbot,
                                                               tmp_path):
    qtbot.keyClick(editor.view, Qt.Key.Key_P)
    c = corners((4, 1))
    click(qtbot, editor, off(c[0]))
    click(qtbot, editor, off(c[1]))
    qtbot.keyClick(editor.view, Qt.Key.Key_Backspace)
    assert editor.tool.points == [c[0]]
    qtbot.keyClick(editor.view, Qt.Key.Key_Escape)
    assert editor.tool.points == []
    free = (7.03, 3.41)
    click(qtbot, editor, free, CTRL)  # Ctrl: exactly where clicked (to the centimetre)
    click(qtbot, editor, off(c[1]))
    click(qtbot, editor, off(c[3]))
    first = editor.tool.points[0]  # the click's pixel, not a snap point
    assert math.dist(first, free) <= 1.5 / editor.view.scale_px() + 0.01
    qtbot.keyClick(editor.view, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)
    _, data = saved(window, tmp_path)
    assert data["cover"][0]["polygon"] == [list(first), list(c[1]), list(c[3])]


def test_side_panel_sets_class_and_height_and_shows_pt_dr(window, editor, qtbot, tmp_path):
    qtbot.keyClick(editor.view, Qt.Key.Key_R)
    view = editor.view.viewport()
    a, b = hex_to_point(layout_for(editor.model.draft.grid), (1, 1)), \
        hex_to_point(layout_for(editor.model.draft.grid), (3, 2))
    qtbot.mousePress(view, Qt.MouseButton.LeftButton, pos=at(editor, off(a, 0.1)))
    qtbot.mouseMove(view, at(editor, off(b, 0.1)))
    qtbot.mouseRelease(view, Qt.MouseButton.LeftButton, pos=at(editor, off(b, 0.1)))
    assert len(editor.model.draft.cover) == 1
    qtbot.keyClick(editor.view, Qt.Key.Key_S)
    middle = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    click(qtbot, editor, middle)
    assert editor.view.selected_covers == {0}
    panel = editor.panel.cover
    panel.cover_class.setCurrentText("reinforced")
    panel.cover_height.setCurrentText("low")
    panel.label.setText("Concrete barrier")
    panel.label.editingFinished.emit()
    assert panel.values.text().startswith("PT 40 / DR 80")  # Ch.6 Cover, ruleset file
    _, data = saved(window, tmp_path)
    rect = data["cover"][0]
    assert (rect["label"], rect["class"], rect["height"]) == \
        ("Concrete barrier", "reinforced", "low")
    # Three panel edits, three steps; the rectangle itself one more.
    assert editor.stack.count() == 4


def test_select_drag_is_one_undo_step_and_delete_removes(window, editor, qtbot):
    qtbot.keyClick(editor.view, Qt.Key.Key_P)
    c = corners((3, 3))
    for p in (c[0], c[2], c[4], c[0]):
        click(qtbot, editor, off(p))
    qtbot.keyClick(editor.view, Qt.Key.Key_S)
    centre = hex_to_point(layout_for(editor.model.draft.grid), (3, 3))
    view = editor.view.viewport()
    grid = editor.view._grid_item
    qtbot.mousePress(view, Qt.MouseButton.LeftButton, pos=at(editor, centre))
    for step in range(1, 6):
        qtbot.mouseMove(view, at(editor, (centre[0] + step * 0.7, centre[1])))
    assert editor.view._grid_item is grid  # the hex grid is not built again per mouse move
    qtbot.mouseRelease(view, Qt.MouseButton.LeftButton,
                       pos=at(editor, (centre[0] + 3.5, centre[1])))
    moved = editor.model.draft.cover[0].polygon
    assert moved[0][0] > c[0][0] + 1
    assert editor.stack.count() == 2  # draw + one move, however many mouse moves
    qtbot.keyClick(editor.view, Qt.Key.Key_Z, CTRL)
    assert editor.model.draft.cover[0].polygon == tuple(c[i] for i in (0, 2, 4))
    qtbot.keyClick(editor.view, Qt.Key.Key_Z, CTRL | Qt.KeyboardModifier.ShiftModifier)
    qtbot.keyClick(editor.view, Qt.Key.Key_Delete)
    assert editor.model.draft.cover == []


def test_chained_walls(window, editor, qtbot, tmp_path):
    qtbot.keyClick(editor.view, Qt.Key.Key_W)
    layout = layout_for(editor.model.draft.grid)
    points = [hex_to_point(layout, h) for h in ((1, 1), (5, 1), (5, 3))]
    for p in points:
        click(qtbot, editor, off(p, 0.1))
    qtbot.keyClick(editor.view, Qt.Key.Key_Escape)
    click(qtbot, editor, off(hex_to_point(layout, (8, 0)), 0.1))  # a new chain starts
    assert len(editor.model.draft.cover) == 2  # two walls, no wall across the gap
    path, data = saved(window, tmp_path)
    assert {c["class"] for c in data["cover"]} == {"impenetrable"}
    assert main(["validate", str(path)]) == 0


def drop(editor, ids, p):
    from tactical.ui.editor.view import MIME

    roster = editor.panel.roster
    items = [roster.item(i) for i in range(roster.count())
             if roster.item(i).data(Qt.ItemDataRole.UserRole) in ids]
    data = roster.mimeData(items)
    assert data.hasFormat(MIME)
    pos = QPointF(at(editor, p))
    actions = Qt.DropAction.CopyAction
    enter = QDragEnterEvent(pos.toPoint(), actions, data, Qt.MouseButton.LeftButton,
                            Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(editor.view.viewport(), enter)
    assert enter.isAccepted()
    event = QDropEvent(pos, actions, data, Qt.MouseButton.LeftButton,
                       Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(editor.view.viewport(), event)


def test_drag_three_characters_from_the_roster(window, editor, tmp_path):
    editor.panel.side.setCurrentIndex(editor.panel.side.findData("enemies"))
    layout = layout_for(editor.model.draft.grid)
    target = hex_to_point(layout, (4, 2))
    drop(editor, ["ganger", "security-guard", "civilian"], target)
    tokens = editor.model.draft.tokens
    assert len(tokens) == 3
    hexes = [t.hex for t in tokens]
    assert (4, 2) in hexes and len(set(hexes)) == 3
    assert all(math.dist(hex_to_point(layout, h), target) < 2.1 for h in hexes)
    path, data = saved(window, tmp_path)
    assert {t["character"] for t in data["tokens"]} == {"ganger", "security-guard",
                                                        "civilian"}
    assert {t["side"] for t in data["tokens"]} == {"enemies"}
    assert main(["validate", str(path)]) == 0
    editor.stack.undo()
    assert editor.model.draft.tokens == []


def test_leaving_edit_mode_starts_an_encounter_on_the_saved_map(window, editor, tmp_path):
    drop(editor, ["ganger"], hex_to_point(layout_for(editor.model.draft.grid), (2, 2)))
    path, _ = saved(window, tmp_path)
    window.edit_mode.toggle.setChecked(False)
    assert window.edit_mode.editor is None
    assert window.document is not None and window.document.loaded.path == path
    assert "ganger-1" in window.document.state.combatants


def test_closing_the_window_with_an_unsaved_map_asks_first(window, editor, qtbot,
                                                           monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    qtbot.keyClick(editor.view, Qt.Key.Key_P)
    for p in (corners()[0], corners()[2], corners()[4], corners()[0]):
        click(qtbot, editor, off(p))
    asked = []
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: asked.append(a[2]) or
                        QMessageBox.StandardButton.Cancel)
    assert not window.close()
    assert window.isVisible() and asked == ["Save the map before leaving the editor?"]
    monkeypatch.setattr(QMessageBox, "question",
                        lambda *a, **k: QMessageBox.StandardButton.Discard)
    assert window.close()


def test_a_dropped_token_gets_a_name_a_side_and_starts_unaware(window, editor, tmp_path):
    drop(editor, ["ganger"], hex_to_point(layout_for(editor.model.draft.grid), (3, 3)))
    panel = editor.panel.token
    assert editor.view.selected_tokens == {0} and panel.isVisible()
    panel.token_name.setText("Lookout")
    panel.token_name.editingFinished.emit()
    panel.token_side.setCurrentIndex(panel.token_side.findData("enemies"))
    panel.aware.setChecked(False)
    _, data = saved(window, tmp_path)
    assert data["tokens"] == [{"id": "ganger-1", "character": "ganger", "side": "enemies",
                               "hex": [3, 3], "name": "Lookout", "aware": False}]


def test_drag_a_node_and_double_click_an_edge_to_insert_one(window, editor, qtbot):
    qtbot.keyClick(editor.view, Qt.Key.Key_P)
    c = corners((4, 3))
    for p in (c[0], c[2], c[4], c[0]):
        click(qtbot, editor, off(p))
    qtbot.keyClick(editor.view, Qt.Key.Key_S)
    centre = hex_to_point(layout_for(editor.model.draft.grid), (4, 3))
    click(qtbot, editor, centre)
    assert editor.view.selected_covers == {0}
    view = editor.view.viewport()
    target = corners((5, 3))[2]
    qtbot.mousePress(view, Qt.MouseButton.LeftButton, pos=at(editor, c[2]))
    qtbot.mouseMove(view, at(editor, off(corners((5, 3))[1])))
    qtbot.mouseMove(view, at(editor, off(target)))
    qtbot.mouseRelease(view, Qt.MouseButton.LeftButton, pos=at(editor, off(target)))
    assert editor.model.draft.cover[0].polygon == (c[0], target, c[4])
    assert editor.stack.count() == 2  # drawn, one node drag
    middle = ((c[0][0] + c[4][0]) / 2, (c[0][1] + c[4][1]) / 2)
    qtbot.mouseDClick(view, Qt.MouseButton.LeftButton, pos=at(editor, middle))
    assert len(editor.model.draft.cover[0].polygon) == 4
    editor.stack.undo()
    assert editor.model.draft.cover[0].polygon == (c[0], target, c[4])


def test_ctrl_s_never_overwrites_a_bundled_map(window, qtbot, monkeypatch, tmp_path):
    from PySide6.QtWidgets import QFileDialog

    from tactical.core.paths import demo_map

    before = demo_map().read_bytes()
    assert window.open_path(demo_map())
    window.edit_mode.toggle.setChecked(True)
    editor = window.edit_mode.editor
    editor.stack.push(RemoveItems(editor.model, [0], []))
    target = tmp_path / "my-warehouse.yaml"
    (tmp_path / "warehouse.png").write_bytes(b"")  # a name taken: the picture is renamed
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    assert window.edit_mode.save()
    assert demo_map().read_bytes() == before
    assert main(["validate", str(target)]) == 0


def test_r_rotates_the_selected_cover_about_its_centre_and_undo_puts_it_back(
        window, editor, qtbot, tmp_path):
    layout = layout_for(editor.model.draft.grid)
    a, b = hex_to_point(layout, (2, 2)), hex_to_point(layout, (6, 4))
    qtbot.keyClick(editor.view, Qt.Key.Key_R)  # nothing selected: R is the Rectangle tool
    view = editor.view.viewport()
    qtbot.mousePress(view, Qt.MouseButton.LeftButton, pos=at(editor, off(a, 0.1)))
    qtbot.mouseMove(view, at(editor, off(b, 0.1)))
    qtbot.mouseRelease(view, Qt.MouseButton.LeftButton, pos=at(editor, off(b, 0.1)))
    before = editor.model.draft.cover[0].polygon
    qtbot.keyClick(editor.view, Qt.Key.Key_S)
    centre = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    click(qtbot, editor, centre)
    assert editor.view.selected_covers == {0}
    qtbot.keyClick(editor.view, Qt.Key.Key_R)
    assert editor.tool.name == "select"  # R rotated the cover, not picked a tool
    after = editor.model.draft.cover[0].polygon
    turn = math.radians(15)  # clockwise on screen, where y points down
    for (x, y), (rx, ry) in zip(before, after, strict=True):
        dx, dy = x - centre[0], y - centre[1]
        assert rx == pytest.approx(centre[0] + dx * math.cos(turn) - dy * math.sin(turn),
                                   abs=0.006)
        assert ry == pytest.approx(centre[1] + dx * math.sin(turn) + dy * math.cos(turn),
                                   abs=0.006)
    area = abs(a[0] - b[0]) * abs(a[1] - b[1])
    assert Polygon(after).area == pytest.approx(area, rel=0.01)
    assert editor.stack.count() == 2  # the rectangle and one rotation
    _, data = saved(window, tmp_path)
    assert data["cover"][0]["polygon"] == [list(p) for p in after]
    qtbot.keyClick(editor.view, Qt.Key.Key_R, Qt.KeyboardModifier.ShiftModifier)
    back = editor.model.draft.cover[0].polygon  # Shift+R: 15° back, to the centimetre
    assert max(math.dist(p, q) for p, q in zip(before, back, strict=True)) <= 0.015
    qtbot.keyClick(editor.view, Qt.Key.Key_R, CTRL)  # Ctrl: a 1° step
    one = editor.model.draft.cover[0].polygon
    assert 0.05 < max(math.dist(p, q) for p, q in zip(before, one, strict=True)) < 0.2
    for _ in range(3):
        qtbot.keyClick(editor.view, Qt.Key.Key_Z, CTRL)
    assert editor.model.draft.cover[0].polygon == before
    _, data = saved(window, tmp_path, "back.yaml")
    assert data["cover"][0]["polygon"] == [list(p) for p in before]
    qtbot.keyClick(editor.view, Qt.Key.Key_Escape)  # deselected, R picks a tool again
    qtbot.keyClick(editor.view, Qt.Key.Key_R)
    assert editor.tool.name == "rectangle"
    assert editor.model.draft.cover[0].polygon == before


def test_a_token_drag_is_one_undo_step_and_a_cover_edit_another(qtbot):
    from PySide6.QtGui import QUndoStack

    from tactical.data.maps import Cover, Token
    from tactical.ui.editor.commands import ReplaceCover, ReplaceToken
    from tactical.ui.editor.model import EditorModel

    draft = blank_draft(6, 6)
    draft.tokens.append(Token(id="kicker-1", character="kicker", side="runners", hex=(0, 0)))
    draft.cover.append(Cover(polygon=((0, 0), (1, 0), (1, 1)), cover_class="medium",
                             height="high"))
    model = EditorModel(draft)
    stack = QUndoStack()
    token, crate = draft.tokens[0], draft.cover[0]
    for q in (1, 2, 3):  # one drag, three mouse moves
        stack.push(ReplaceToken(model, 0, token.model_copy(update={"hex": (q, 0)}),
                                "Move token", drag=7))
    stack.push(ReplaceCover(model, 0, crate.model_copy(update={"label": "crate"}),
                            "Move cover", drag=7))  # the same drag number, another list
    assert stack.count() == 2
    assert draft.tokens[0].hex == (3, 0) and draft.cover[0].label == "crate"
    stack.undo()
    assert draft.cover[0] == crate and draft.tokens[0].hex == (3, 0)
    stack.undo()
    assert draft.tokens[0] == token
