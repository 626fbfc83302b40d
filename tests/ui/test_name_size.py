"""Issue 14: token names stay legible on a 720p stream — at least about 12 px tall on screen
at the zoom the window opens with, not only at zoom 1."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings

from tactical.core.paths import demo_map
from tactical.ui.board.palette import LABEL_HEIGHT, NAME_MIN_CAP_PX
from tactical.ui.main_window import MainWindow


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_names_are_legible_at_the_opening_zoom(qtbot, tmp_path, size):
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    window = MainWindow(settings=settings)
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    assert window.open_path(demo_map())
    window.zoom_to_fit()
    px_per_m = window.view.transform().m11()
    for token in window.scene.tokens.values():
        label = token.name_label
        capital_px = LABEL_HEIGHT * label.scale() * px_per_m
        assert capital_px >= NAME_MIN_CAP_PX - 1e-6, (size, token.token_id, capital_px)
    window.close()



def test_a_shortened_name_reads_whole_on_hover_on_the_gms_board(qtbot, tmp_path):
    """Issue 28: a name is shortened with "…" to about three hexes; the GM hovering it (the
    name, not only the token) reads it whole."""
    from PySide6.QtCore import QEvent
    from PySide6.QtGui import QHelpEvent
    from PySide6.QtWidgets import QApplication, QToolTip

    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    window = MainWindow(settings=settings)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    assert window.open_path(demo_map())
    view = window.view
    view.set_zoom(2.0)
    shortened = [t.name_label for t in window.scene.tokens.values()
                 if t.name_label.text.endswith("…")]
    assert shortened, "no name is shortened on the demo at zoom 2"
    whole = [t.name_label for t in window.scene.tokens.values()
             if not t.name_label.text.endswith("…")]
    label = shortened[0]
    view.centerOn(label.sceneBoundingRect().center())
    at = view.mapFromScene(label.sceneBoundingRect().center())
    QApplication.sendEvent(view.viewport(), QHelpEvent(QEvent.Type.ToolTip, at,
                                                       view.viewport().mapToGlobal(at)))
    assert QToolTip.text() == label.full_text
    assert label.full_text.startswith(label.text[:-1])  # the start is what was shortened
    assert all(w.toolTip() == "" for w in whole)  # a name drawn whole has nothing to add
    QToolTip.hideText()
    window.close()
