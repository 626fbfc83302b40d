"""Issue 14: a window for a 720p stream (and the 1080p projector) — the map keeps ≥ 60 % of
the width at 1280×720, nothing in the dock is cut off at the right, the attack panel's
Roll button comes into view on Resolve, the legend docks to an edge, badges are legible,
and the drag summary counts what does not fit."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QRectF, QSettings
from PySide6.QtWidgets import QApplication

from tactical.core.paths import demo_map
from tactical.encounter import commands as cmd
from tactical.ui.board.legend import fitting
from tactical.ui.board.palette import LABEL_HEIGHT
from tactical.ui.board.shapes import text_path
from tactical.ui.board.tokens import BADGE_TEXT_M
from tactical.ui.board.view import PX_PER_METRE_AT_ZOOM_1
from tactical.ui.main_window import MainWindow
from tests import fights, windows

APPROACH, CHARGE = fights.APPROACH, fights.CHARGE


def snapshot_pending(qtbot, tmp_path, size):
    win = windows.open_window(qtbot, tmp_path, size)
    fights.start(win.document, moves=(cmd.Move("kicker", APPROACH), cmd.Move("kicker", CHARGE)))
    QApplication.processEvents()
    return win


def in_view(widget, scroll) -> bool:
    top = widget.mapTo(scroll.viewport(), QPoint(0, 0)).y()
    return top >= 0 and top + widget.height() <= scroll.viewport().height()


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_resolve_brings_the_roll_button_into_view(qtbot, tmp_path, size):
    win = snapshot_pending(qtbot, tmp_path, size)
    scroll = win.dock.sections_scroll
    win.dock.reactions.row("guard-shotgun")[0].click()
    qtbot.waitUntil(lambda: in_view(win.dock.attack.roll_button, scroll))
    assert win.dock.attack.roll_button.isEnabled()
    # nothing in the dock is wider than the dock (the buttons were cut off at 720p)
    assert scroll.widget().minimumSizeHint().width() <= scroll.viewport().width()
    win.close()


def test_at_720p_the_map_keeps_60_percent_and_the_legend_is_a_bottom_strip(qtbot, tmp_path):
    win = snapshot_pending(qtbot, tmp_path, (1280, 720))
    assert win.view.width() >= 0.6 * win.width()
    legend = win.scene.legend
    viewport = QRectF(win.view.viewport().rect())
    assert legend.side(viewport) == "bottom"
    box = legend.rect(viewport)
    assert box.height() < viewport.height() * 0.3 and legend.columns(viewport) >= 3
    # the map fits above the strip
    top_left = win.view.mapFromScene(win.scene.map_rect.bottomLeft())
    assert top_left.y() <= box.top() + 2
    # docked to the left by the GM: a column at the left edge
    win.set_legend_edge("left")
    assert legend.side(viewport) == "left" and legend.columns(viewport) == 1
    assert win.settings.value("view/legend_edge") == "left"
    win.close()


def test_sections_fold(qtbot, tmp_path):
    win = snapshot_pending(qtbot, tmp_path, (1280, 720))
    section = win.dock.sections["initiative"]
    section.toggle.click()
    assert section.folded and not win.dock.initiative.isVisible()
    section.toggle.click()
    assert win.dock.initiative.isVisible()
    win.close()


def font_px(cap_height_m: float) -> float:
    """The type size, in screen px at zoom 1, of text whose capitals are `cap_height_m`."""
    cap = text_path("H", cap_height_m).boundingRect().height()
    return cap / 0.73 * PX_PER_METRE_AT_ZOOM_1


def test_names_and_badges_are_at_least_12_px_at_zoom_1():
    assert font_px(BADGE_TEXT_M) >= 12  # was 0.3 m: ~ 10 px (defect 11)
    assert font_px(LABEL_HEIGHT) >= 12


def test_the_drag_summary_counts_what_does_not_fit():
    assert fitting([30.0] * 3, 100.0) == 3
    assert fitting([30.0] * 10, 100.0) == 2  # two lines and "+8 more"


def test_the_drag_summary_shows_with_the_legend_hidden(qtbot, tmp_path, monkeypatch):
    win = snapshot_pending(qtbot, tmp_path, (1280, 720))
    win.document.apply(cmd.DeclineReaction("guard-shotgun"))
    win.document.apply(cmd.DeclineReaction("guard-shield"))
    win.action_map["legend"].trigger()  # L: hide the legend
    assert not win.scene.legend.visible
    painted = []
    monkeypatch.setattr(win.scene.legend, "paint_lines",
                        lambda painter, box, lines, exposed=None: painted.append(lines))
    win.view.drag_tool.begin("vanya")
    win.view.drag_tool.step_to([(2, 11)])
    assert win.view.words.isVisible()  # the summary's plate (board/words.py, issue 26)
    win.view.words.repaint()
    assert painted and painted[-1][0][0].startswith("Vanya moves 2 m")
    win.view.drag_tool.cancel()
    win.close()


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_the_initiative_list_shows_every_row_on_first_open(qtbot, tmp_path, size):
    """Issue 14, defect 4: six rows in 122 px on first open."""
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    win = MainWindow(settings=settings)
    qtbot.addWidget(win)
    win.resize(*size)
    win.show()
    qtbot.waitExposed(win)
    assert win.open_path(demo_map())
    QApplication.processEvents()
    tree = win.dock.initiative.tree
    room = tree.viewport().rect()
    for i in range(tree.topLevelItemCount()):
        assert room.contains(tree.visualItemRect(tree.topLevelItem(i)))
    win.close()
