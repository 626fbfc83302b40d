"""Say what happened (issue 23). A session of the real window runs in a child process
(with this session's crash report, as `tactical` starts it) and ends mid-fight: a normal
quit, a Python exception, a fatal signal or a kill. The next start, here, must tell a
fight left in progress ("You left a fight in progress on … — continue it?") from a crash
("Tactical closed unexpectedly; your fight was restored", with the report's path)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMessageBox

from tactical.core.paths import demo_map
from tactical.encounter import commands as cmd
from tactical.encounter.model import Phase
from tactical.encounter.store import autosave
from tactical.ui import app as app_module
from tactical.ui import crashes
from tactical.ui.main_window import MainWindow
from tactical.ui.opening import close_document, start_on_map
from tests.hostile.conftest import MEMORY_LIMIT
from tests.resume_offer import answer_fights

ROOT = Path(__file__).resolve().parents[2]
# A whole window starts in the child: on a machine shared by several test runs that can
# take longer than the hostile probes' 20 s; what is asserted is never its time.
START_LIMIT = 120.0
LEFT = "You left a fight in progress on Warehouse 7, Tacoma docks — continue it?"

SESSION = """
import faulthandler, os, resource, signal, sys, time
resource.setrlimit(resource.RLIMIT_AS, ({limit}, {limit}))
from PySide6.QtCore import QSettings
from tactical.core.paths import demo_map
from tactical.ui import app as gui, crashes
from tactical.ui.main_window import MainWindow

watch = crashes.Watch.start()  # as run_gui
app = gui.application()
window = MainWindow(settings=QSettings(sys.argv[1], QSettings.Format.IniFormat))
window.log_shown = watch.opened
gui.show_window(window)
gui.start(window, demo_map())
window.action_map["start"].trigger()  # a fight begins
window.action_map["next"].trigger()
for _ in range(20):
    app.processEvents()
print(window.document.path, flush=True)
how = sys.argv[2]
if how == "quit":
    window.close()
    watch.stop()
elif how == "exception":
    raise RuntimeError("a bug in a handler")
elif how == "signal":
    faulthandler._sigsegv()
elif how == "kill":
    os.kill(os.getpid(), signal.SIGKILL)
"""


@pytest.fixture
def data(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv(autosave.ENV_VAR, str(tmp_path / "data"))
    return tmp_path / "data"


@pytest.fixture
def boxes(monkeypatch) -> list[tuple[str, str]]:
    said: list[tuple[str, str]] = []

    def box(_parent, title, text, *args, **kwargs):
        said.append((title, text))
        return QMessageBox.StandardButton.Yes

    for name in ("question", "warning", "information", "critical"):
        monkeypatch.setattr(QMessageBox, name, box)
    return said


def session(tmp_path: Path, how: str) -> Path:
    """A session of `tactical` ended mid-fight by `how`; the fight's log."""
    env = {"PYTHONPATH": str(ROOT), **os.environ, "QT_QPA_PLATFORM": "offscreen",
           "PYTHONFAULTHANDLER": ""}
    done = subprocess.run([sys.executable, "-c", SESSION.format(limit=MEMORY_LIMIT),
                           str(tmp_path / "settings.ini"), how], capture_output=True,
                          text=True, timeout=START_LIMIT, env=env, check=False)
    assert (done.returncode == 0) == (how == "quit"), done.stderr
    return Path(done.stdout.strip().splitlines()[-1])


def next_start(qtbot, tmp_path: Path) -> MainWindow:
    window = MainWindow(settings=QSettings(str(tmp_path / "settings.ini"),
                                           QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.show()
    app_module.start(window, None)
    return window


def test_a_normal_quit_mid_fight_is_a_fight_left_in_progress_not_a_crash(
        qtbot, tmp_path, data, boxes, monkeypatch):
    """On main: "The encounter … was not closed properly" after every normal quit."""
    log = session(tmp_path, "quit")
    assert list((data / "reports").iterdir()) == []  # a normal exit leaves no report
    shown = answer_fights(monkeypatch, "continue")
    window = next_start(qtbot, tmp_path)
    assert boxes == []  # nothing alarming
    assert shown.questions == [LEFT]
    assert window.document is not None and window.document.path == log
    assert window.document.state.phase is Phase.COMBAT
    window.close()


@pytest.mark.parametrize("how, what", [
    ("exception", "RuntimeError: a bug in a handler"),
    ("signal", "Fatal Python error: Segmentation fault"),
    ("kill", crashes.NO_ERROR),
])
def test_a_crash_is_told_as_a_crash_and_its_fight_is_restored(
        qtbot, tmp_path, data, boxes, monkeypatch, how, what):
    log = session(tmp_path, how)
    shown = answer_fights(monkeypatch, "later")
    window = next_start(qtbot, tmp_path)
    assert shown.questions == []  # no question: the fight is back
    [(title, text)] = boxes
    assert title == "Tactical closed unexpectedly"
    assert text.startswith("Tactical closed unexpectedly; your fight was restored.")
    report = Path(text.split("What happened is written in ", 1)[1].splitlines()[0])
    assert report.parent == data / "reports" and report.name.startswith("crash-")
    assert what in report.read_text(encoding="utf-8")
    assert window.document is not None and window.document.path == log
    assert window.document.state.phase is Phase.COMBAT
    window.close()  # a normal quit, mid-fight: the next start asks, and tells no crash
    boxes.clear()
    again = next_start(qtbot, tmp_path)
    assert boxes == [] and shown.questions == [LEFT]
    again.close()


def test_every_fight_left_in_progress_is_in_one_list(qtbot, tmp_path, data, boxes,
                                                     monkeypatch):
    """On main: one old fight per start, each declined one closed for good."""
    logs = []
    for _ in range(3):
        document = start_on_map(demo_map(), log_folder=data / "encounters")
        document.apply(cmd.StartCombat())
        logs.append(document.path)
        close_document(document)  # as a quit mid-fight does
    shown = answer_fights(monkeypatch, "file", "continue")
    window = next_start(qtbot, tmp_path)
    assert shown.questions == ["You left 3 fights in progress — continue one of them?"]
    assert len(shown.rows[0]) == 3
    assert all(row.startswith("Warehouse 7, Tacoma docks — last played ") for row in
               shown.rows[0])
    newest_first = sorted(logs, key=lambda p: (p.stat().st_mtime, p.name), reverse=True)
    assert window.document is not None and window.document.path == newest_first[1]
    filed = newest_first[0]
    assert autosave.is_finished(filed) and filed.exists()  # filed away, kept
    window.close()
    assert [s.path for s in autosave.resumable()] == [newest_first[1], newest_first[2]]
    assert boxes == []


def test_a_crash_before_a_start_on_a_map_is_told_and_its_fight_kept_for_later(
        qtbot, tmp_path, data, boxes, monkeypatch):
    log = session(tmp_path, "exception")
    shown = answer_fights(monkeypatch, "later")
    window = MainWindow(settings=QSettings(str(tmp_path / "settings.ini"),
                                           QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.show()
    app_module.start(window, demo_map())  # `tactical MAP`: the map asked for opens
    [(title, text)] = boxes
    assert title == "Tactical closed unexpectedly"
    assert text.startswith("Tactical closed unexpectedly; its fight is kept and offered at "
                           "the next start.")
    assert window.document is not None and window.document.loaded.path == demo_map()
    assert shown.questions == []
    window.close()
    boxes.clear()
    again = next_start(qtbot, tmp_path)
    assert boxes == [] and shown.questions == [LEFT]  # told once; the fight is offered
    assert [s.path for s in autosave.resumable()] == [log]
    again.close()
