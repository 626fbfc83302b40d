"""Help ▸ Copy support details (issue 23): what a bug report needs, on the clipboard;
nothing of the map's content (names, coordinates), nothing sent."""

from __future__ import annotations

import re

from PySide6.QtCore import QSettings
from PySide6.QtGui import QGuiApplication

from tactical import __version__
from tactical.core.paths import demo_map
from tactical.encounter import commands as cmd
from tactical.ui.main_window import MainWindow


def test_copy_support_details_has_the_machine_and_sizes_and_no_map_content(qtbot, tmp_path):
    window = MainWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    assert window.open_path(demo_map())
    window.document.apply(cmd.StartCombat())
    assert window.view is not None
    window.view.viewport().update()
    qtbot.waitUntil(lambda: len(window.frame_times.ms) > 0)  # a frame painted, timed
    QGuiApplication.clipboard().clear()
    help_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Help")
    entry = next(a for a in help_menu.actions() if a.text() == "Copy &support details")
    entry.trigger()
    text = QGuiApplication.clipboard().text()
    document = window.document
    grid = document.loaded.map.grid
    screen = window.screen().geometry()
    assert text.startswith(f"Tactical {__version__}\nOS: ")
    assert "Qt platform plugin: offscreen" in text
    assert f"{screen.width()}×{screen.height()} at 0,0" in text and "scale 1" in text
    assert (f"Map: {grid.columns}×{grid.rows} hexes, 6 tokens, "
            f"{len(document.loaded.map.cover)} cover shapes") in text
    assert re.search(r"Last \d+ frames: [\d.]+(, [\d.]+)* ms \(median", text), text
    assert f"Log: {document.path}" in text
    assert window.statusBar().currentMessage().startswith("Support details copied")
    # no map content: no name the map gives, no cover coordinate
    names = {c.name for c in document.state} | {document.loaded.map.name}
    names |= {side.name for side in document.loaded.map.sides.values()}
    names |= {t.name for t in document.loaded.map.tokens if t.name}
    names |= {c.label for c in document.loaded.map.cover if c.label}
    lower = text.lower()
    assert not [n for n in names if n.lower() in lower]
    for cover in document.loaded.map.cover:
        for x, y in cover.polygon:
            assert not re.search(rf"{x:g}\s*,\s*{y:g}\b", text), (x, y)
    window.close()
