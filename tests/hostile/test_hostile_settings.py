"""Settings are hostile too (issue 23): a settings file synced from another machine or
another Qt version, or edited by hand. Each test writes a real INI file and starts the real
window on it; a value of the wrong type or an unknown name is the default with one
warning, and a list is capped as it is read."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMessageBox

from tactical.core.paths import demo_map
from tactical.ui import app as app_module
from tactical.ui.main_window import MAX_RECENT, MainWindow
from tests.hostile.conftest import MEMORY_LIMIT

ROOT = Path(__file__).resolve().parents[2]
# A whole window starts in the child: on a machine shared by several test runs that can
# take longer than the hostile probes' 20 s; what is asserted is never its time.
START_LIMIT = 120.0


def ini(folder: Path, text: str) -> QSettings:
    """A settings file as it lies on disk (not written through QSettings)."""
    path = folder / "settings.ini"
    path.write_text(text, encoding="utf-8")
    return QSettings(str(path), QSettings.Format.IniFormat)


@pytest.fixture
def start(qtbot, monkeypatch):
    """The window as `tactical` starts it (shown as run_gui shows it, then the demo); no
    message box may come up (a setting is never worth a dialog)."""
    boxes: list[str] = []
    for name in ("question", "warning", "information", "critical"):
        monkeypatch.setattr(QMessageBox, name, lambda _p, title, text, *a, **k: boxes.append(
            f"{title}: {text}") or QMessageBox.StandardButton.No)

    def started(settings: QSettings) -> MainWindow:
        window = MainWindow(settings=settings, first_frame_first=True)
        qtbot.addWidget(window)
        app_module.show_window(window)
        app_module.start(window, demo_map())
        qtbot.waitUntil(lambda: window.dock is not None or bool(boxes))
        assert boxes == []
        return window

    return started


@pytest.mark.parametrize("text", [
    "[window]\ngeometry=saved by another machine\nstate=1, 2, 3\n",
    "[window]\ngeometry=@ByteArray(not a geometry)\nstate=@ByteArray(nor a state)\n",
    "[window]\ngeometry=42\nstate=@Variant(\\0\\0\\0\\x7f\\0\\0\\0\\x11)\n",
], ids=["text", "foreign-bytes", "number-and-variant"])
def test_a_window_layout_of_the_wrong_type_starts_the_window_with_one_warning(
        start, tmp_path, text):
    """On main: TypeError from restoreGeometry at every start, until the file is deleted."""
    window = start(ini(tmp_path, text))
    assert window.isVisible() and window.document is not None
    assert window.start_maximised  # the first run's whole screen, as without a layout
    keys = [w.split()[1] for w in window.prefs.warnings]
    assert keys.count("window/geometry") == 1 and keys.count("window/state") == 1, keys
    assert all(w.endswith("; using the default") for w in window.prefs.warnings)
    window.close()
    again = QSettings(window.settings.fileName(), QSettings.Format.IniFormat)
    assert MainWindow(settings=again).restoreGeometry(again.value("window/geometry"))


def test_an_unknown_legend_edge_is_automatic_at_every_zoom_to_fit(start, tmp_path):
    """On main: KeyError at every zoom to fit (F, opening a map, a resize)."""
    window = start(ini(tmp_path, "[view]\nlegend_edge=diagonal\n"))
    for _ in range(3):
        window.zoom_to_fit()
    assert window.scene is not None and window.scene.legend.edge == "auto"
    assert window.legend_edges["auto"].isChecked()
    assert window.prefs.warnings == [
        "Settings: view/legend_edge is 'diagonal', not one of 'auto', 'left', 'right', "
        "'top', 'bottom'; using the default"]
    assert window.statusBar().currentMessage().startswith("Settings: view/legend_edge")
    window.set_legend_edge("top")  # the GM's choice replaces it
    assert window.settings.value("view/legend_edge") == "top"
    window.close()


def test_player_view_settings_of_the_wrong_kind_open_the_view_with_defaults(start, tmp_path):
    """On main: ValueError when the GM opens the players' view (CameraMode('orbit'),
    float('wide'))."""
    window = start(ini(tmp_path, "[player_view]\ncamera=orbit\nenemy_detail=all\n"
                                        "ruler_ppi=wide\ndiagonal_in=-3\nhex=foot\n"
                                        "full_screen=perhaps\nkey=green\n"))
    players = window.player_screen.open()
    assert players is not None and players.isVisible()
    assert players.mode.value == "follow" and players.view.fixed_px_per_m is None
    assert players.view.look.key is None and not players.isFullScreen()
    warned = sorted(w.split()[1] for w in window.prefs.warnings)
    assert warned == [f"player_view/{k}" for k in ("camera", "diagonal_in", "enemy_detail",
                                                   "full_screen", "hex", "key", "ruler_ppi")]
    window.close()


RECENT_CHILD = """
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, ({limit}, {limit}))
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMessageBox
from tactical.ui.app import application
from tactical.ui.main_window import MainWindow
app = application()
window = MainWindow(settings=QSettings(sys.argv[1], QSettings.Format.IniFormat))
print(len(window.recent_menu.actions()), len(window.prefs.warnings))
print(window.prefs.warnings[0] if window.prefs.warnings else "")
"""


def test_a_hundred_thousand_recent_files_are_cut_to_the_eight_shown(tmp_path):
    """On main: one menu entry per file (100,000 of them), the start over 20 s."""
    paths = ", ".join(f"/maps/m{i}.yaml" for i in range(100_000))
    settings = ini(tmp_path, f"[General]\nrecent={paths}\n")
    env = {"PYTHONPATH": str(ROOT), **os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run([sys.executable, "-c", RECENT_CHILD.format(limit=MEMORY_LIMIT),
                           settings.fileName()], capture_output=True, text=True,
                          timeout=START_LIMIT, env=env, check=False)
    assert done.returncode == 0, done.stderr
    counts, warning = done.stdout.splitlines()[:2]
    assert counts == f"{MAX_RECENT} 1"
    assert warning == (f"Settings: recent holds 100,000 entries, more than {MAX_RECENT}; the "
                       f"first {MAX_RECENT} are kept")
