"""The app's open path and resume offer with hostile files (issue 11): a message, never a
crash, never a log left locked, and a log that will not open is offered to be set aside."""

from __future__ import annotations

import os
import signal

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMessageBox

from tactical.core.paths import demo_map
from tactical.encounter.store import autosave, logio
from tactical.encounter.store.log import read_log
from tactical.ui import app as app_module
from tactical.ui.main_window import MainWindow
from tests.hostile.logs import new_format_log, rewrite
from tests.resume_offer import answer_fights


@pytest.fixture
def window(qtbot, tmp_path):
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    win = MainWindow(settings=settings)
    qtbot.addWidget(win)
    yield win
    win.close()


@pytest.fixture
def messages(monkeypatch):
    """Every message box answered Yes, and what each said."""
    said: list[str] = []

    def answer(_parent, title, text, *args, **kwargs):
        said.append(f"{title}: {text}")
        return QMessageBox.StandardButton.Yes

    for name in ("question", "warning", "information"):
        monkeypatch.setattr(QMessageBox, name, answer)
    return said


@pytest.fixture
def deadline():
    """A blocking open (a FIFO) fails the test instead of hanging it."""
    signal.signal(signal.SIGALRM, lambda *_: pytest.fail("the open blocked"))
    signal.alarm(20)
    yield
    signal.alarm(0)


def hostile_log(folder):
    log = new_format_log(folder)
    records = read_log(log).payloads
    del records[3]["n"]
    rewrite(log, records=records)
    # unfinished (no closed marker): what a crash leaves, offered at the next start
    log.write_bytes(log.read_bytes().replace(b'{"closed":true}\n', b""))
    return log


def test_accepting_the_resume_offer_of_a_broken_log_never_crashes_the_start(
        window, messages, monkeypatch, tmp_path):
    data = tmp_path / "data"
    monkeypatch.setenv(autosave.ENV_VAR, str(data))
    (data / "encounters").mkdir(parents=True)
    log = hostile_log(data / "encounters")
    assert autosave.latest_unfinished().path == log
    answer_fights(monkeypatch, "continue")
    app_module.start(window, None)
    assert window.document is not None and window.document.loaded.path == demo_map()
    assert any("Cannot open" in m and "not a record Tactical writes" in m for m in messages)
    assert any("Set the encounter aside?" in m for m in messages)
    assert not log.exists() and log.with_name("fight.jsonl.set-aside").exists()
    assert autosave.latest_unfinished() is None  # not offered at the next start


def test_a_failed_open_leaves_the_log_unlocked(window, messages, tmp_path):
    log = hostile_log(tmp_path)
    assert not window.open_path(log)
    assert not logio.is_locked(log)  # was "already open in another encounter"


@pytest.mark.parametrize("make", ["fifo", "zero", "kind", "crowd"])
def test_the_window_refuses_hostile_files_with_a_message(window, messages, tmp_path,
                                                        deadline, make):
    if make == "fifo":
        path = tmp_path / "pipe.jsonl"
        os.mkfifo(path)
    elif make == "zero":
        path = tmp_path / "zero.yaml"
        os.symlink("/dev/zero", path)
    elif make == "kind":
        path = tmp_path / "kind.yaml"
        path.write_text("kind: [map]\nname: x\n", "utf-8")
    else:  # 60,000 tokens: the window was not open after 280 s (1.85 GB)
        path = tmp_path / "crowd.yaml"
        path.write_text("kind: map\nname: Crowd\ngrid: {columns: 500, rows: 500}\ntokens:\n"
                        + "".join(f"  - {{id: t{i}, character: kicker, side: a, "
                                  f"hex: [{i % 500}, {i // 500}]}}\n" for i in range(60_000)),
                        "utf-8")
    assert not window.open_path(path)  # within the deadline fixture's limit
    assert len(messages) == 1 and messages[0].startswith("Cannot open")
    assert str(path) in messages[0]


def test_a_read_only_log_opens_in_the_window_to_look_at(window, messages, tmp_path,
                                                         monkeypatch):
    import errno

    from tactical.encounter.store import log as log_module

    log = new_format_log(tmp_path)
    real_open = os.open

    def read_only(path, flags, *args):
        if flags & os.O_RDWR:
            raise OSError(errno.EROFS, "Read-only file system")
        return real_open(path, flags, *args)

    monkeypatch.setattr(log_module.os, "open", read_only)
    assert window.open_path(log)
    assert window.document.state.round == 3
    assert any("opened to look at" in m for m in messages)
