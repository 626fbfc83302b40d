"""Screens change (issue 23): a laptop moves from a 1920 × 1080 monitor to its own
1280 × 720 panel, a projector is unplugged. Each start runs the real window in a child
process whose offscreen screens are set by the offscreen platform's `configfile` (the
size of the GM's screens is fixed per process), under the suite's memory and time limits.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMessageBox

from tactical.core.paths import demo_map
from tactical.ui.main_window import MainWindow
from tests.hostile.conftest import MEMORY_LIMIT

ROOT = Path(__file__).resolve().parents[2]
# A whole window starts in the child: on a machine shared by several test runs that can
# take longer than the hostile probes' 20 s; what is asserted is never its time.
START_LIMIT = 120.0

# The start as run_gui makes it, without its event loop: shown as `tactical` shows it, the
# demo opened, the dock built; then what the GM would see, as JSON; then a normal quit.
START = """
import json, resource, sys, time
resource.setrlimit(resource.RLIMIT_AS, ({limit}, {limit}))
from PySide6.QtCore import QSettings
from tactical.core.paths import demo_map
from tactical.ui import app as gui
from tactical.ui.main_window import MainWindow

app = gui.application()
window = MainWindow(settings=QSettings(sys.argv[1], QSettings.Format.IniFormat),
                    first_frame_first=True)
if sys.argv[2] == "normal":  # a plain window the GM sized, not maximised
    window.start_maximised = False
    window.resize(1600, 900)
gui.show_window(window)
gui.start(window, demo_map())
for _ in range(1000):  # until the dock is built after the first frame (at most 10 s)
    app.processEvents()
    if window.dock is not None and window.dock.isVisible():
        break
    time.sleep(0.01)
for _ in range(20):
    app.processEvents()

def rect(r):
    return [r.x(), r.y(), r.width(), r.height()]

def on_screen(widget):
    top_left = widget.mapToGlobal(widget.rect().topLeft())
    return [top_left.x(), top_left.y(), widget.width(), widget.height()]

screen = window.screen()
print(json.dumps({{"frame": rect(window.frameGeometry()),
                  "available": rect(screen.availableGeometry()),
                  "maximised": window.isMaximized(),
                  "dock": on_screen(window.dock), "board": on_screen(window.view),
                  "warnings": window.prefs.warnings}}))
window.close()
"""


def screens_file(folder: Path, *screens: tuple[str, int, int, int, int]) -> Path:
    path = folder / f"screens-{len(list(folder.glob('screens-*')))}.json"
    path.write_text(json.dumps({"screens": [
        {"name": name, "x": x, "y": y, "width": w, "height": h, "logicalDpi": 96,
         "logicalBaseDpi": 96, "dpr": 1.0} for name, x, y, w, h in screens]}))
    return path


def start_on(screens: Path, settings: Path, how: str = "as-saved") -> dict[str, object]:
    env = {"PYTHONPATH": str(ROOT), **os.environ,
           "QT_QPA_PLATFORM": f"offscreen:configfile={screens}"}
    done = subprocess.run([sys.executable, "-c", START.format(limit=MEMORY_LIMIT),
                           str(settings), how], capture_output=True, text=True,
                          timeout=START_LIMIT, env=env, check=False)
    assert done.returncode == 0, done.stderr
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def inside(box: object, area: object) -> bool:
    assert isinstance(box, list) and isinstance(area, list)
    x, y, w, h = box
    ax, ay, aw, ah = area
    return ax <= x and ay <= y and x + w <= ax + aw and y + h <= ay + ah


@pytest.mark.parametrize("how", ["as-saved", "normal"], ids=["maximised", "1600x900"])
def test_a_window_saved_at_1920x1080_opens_fitted_on_a_1280x720_screen(tmp_path, how):
    """On main: it reopened at 1600 × 900 on the 1280 × 720 screen, the dock, the log, the
    legend and the title bar's buttons off-screen."""
    settings = tmp_path / "settings.ini"
    big = start_on(screens_file(tmp_path, ("Monitor", 0, 0, 1920, 1080)), settings, how)
    assert big["available"] == [0, 0, 1920, 1080]
    assert big["maximised"] == (how == "as-saved")
    small = start_on(screens_file(tmp_path, ("Laptop", 0, 0, 1280, 720)), settings)
    assert small["available"] == [0, 0, 1280, 720]
    assert inside(small["frame"], small["available"]), small
    assert inside(small["dock"], small["available"]) and inside(small["board"],
                                                                 small["available"]), small
    assert small["warnings"] == []  # a screen change is nothing wrong: no warning
    # and back on the big screen, the layout the GM had there fits again
    again = start_on(screens_file(tmp_path, ("Monitor", 0, 0, 1920, 1080)), settings)
    assert inside(again["frame"], again["available"]), again


PLAYERS = """
import json, resource, sys
resource.setrlimit(resource.RLIMIT_AS, ({limit}, {limit}))
from PySide6.QtCore import QSettings
from PySide6.QtGui import QGuiApplication
from tactical.core.paths import demo_map
from tactical.ui import app as gui
from tactical.ui.main_window import MainWindow
from tactical.ui.player.window import screen_info

app = gui.application()
window = MainWindow(settings=QSettings(sys.argv[1], QSettings.Format.IniFormat))
window.show()
assert window.open_path(demo_map())
projector = next(s for s in QGuiApplication.screens() if s.name() == "Projector")
window.player_screen.place(screen_info(projector), True)
players = window.player_screen.window
for _ in range(50):
    app.processEvents()
before = (players.placed_on.name, players.isFullScreen())
app.screenRemoved.emit(projector)  # the projector unplugged
for _ in range(50):
    app.processEvents()
print(json.dumps({{"before": before, "after": [players.placed_on.name, players.isFullScreen()],
                  "gm": window.screen().name()}}))
window.close()
"""


def test_a_players_window_whose_screen_is_unplugged_comes_back_on_the_gms_screen(tmp_path):
    screens = screens_file(tmp_path, ("Laptop", 0, 0, 1280, 720),
                           ("Projector", 1280, 0, 1920, 1080))
    env = {"PYTHONPATH": str(ROOT), **os.environ,
           "QT_QPA_PLATFORM": f"offscreen:configfile={screens}"}
    done = subprocess.run([sys.executable, "-c", PLAYERS.format(limit=MEMORY_LIMIT),
                           str(tmp_path / "settings.ini")], capture_output=True, text=True,
                          timeout=START_LIMIT, env=env, check=False)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen["before"] == ["Projector", True]
    assert seen["after"] == [seen["gm"], False]  # a window on the GM's screen, not over it
    assert seen["gm"] == "Laptop"


def test_a_players_view_remembered_on_a_screen_that_is_gone_opens_as_a_window(
        qtbot, tmp_path, monkeypatch):
    """On main: full screen on the GM's only screen, over the GM's board."""
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: pytest.fail(str(a)))
    path = tmp_path / "settings.ini"
    path.write_text("[player_view]\nscreen=HDMI-9\nfull_screen=1\n", encoding="utf-8")
    window = MainWindow(settings=QSettings(str(path), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.show()
    assert window.open_path(demo_map())
    players = window.player_screen.open()
    assert players is not None
    gm_screen = window.screen()
    assert players.placed_on is not None and players.placed_on.name == gm_screen.name()
    assert not players.isFullScreen()
    assert window.settings.value("player_view/screen") == "HDMI-9"  # for when it is back
    window.close()
