"""A start paints the board's first frame from the picture an earlier start kept, then the
live board takes its place (issue 13: the first frame within 0.4 s; startcache.py).

What a GM would notice: the board jumping when the live one replaces the picture, a
picture of another map (or an old version of this one), or a start that hangs or fails on a
damaged cache file."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, QSettings, Qt
from PySide6.QtGui import QImage
from PySide6.QtTest import QTest

from tactical.core.paths import demo_map, maps_dir
from tactical.encounter.store import autosave
from tactical.ui import app as gui
from tactical.ui import startcache
from tactical.ui.main_window import MainWindow
from tactical.ui.startpicture import PictureBoard

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.setenv(autosave.ENV_VAR, str(tmp_path / "data"))
    return tmp_path


def shown(qtbot, data: Path, size: tuple[int, int]) -> MainWindow:
    """The window as `tactical` shows it, before the start."""
    settings = QSettings(str(data / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(settings=settings, first_frame_first=True)
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    return window


def started(qtbot, data: Path, path: Path | None = None, size=(1280, 720),
            ruleset: str | None = None) -> tuple[MainWindow, QImage | None, QImage | None]:
    """A start as `tactical` makes it: the window, the picture it showed first (None: it
    showed none), and the live board's first frame."""
    window = shown(qtbot, data, size)
    live: list[QImage] = []
    finish = window.finish_start

    def first_live_frame() -> None:  # finish_start runs just after the live board's frame
        if window.view is not None and not live:
            live.append(window.view.grab().toImage())
        finish()

    window.finish_start = first_live_frame  # type: ignore[method-assign]
    gui.start(window, path, ruleset)
    board = window.centralWidget()
    picture = None
    if isinstance(board, PictureBoard):
        assert window.document is None  # the engine's board is not built yet
        board.grab()  # its first frame
        picture = board.shown
    qtbot.waitUntil(lambda: window.dock is not None, timeout=10000)
    return window, picture, live[0] if live else None


def kept() -> list[Path]:
    return sorted(startcache.folder().glob("*.png"))


def test_the_second_start_shows_the_first_frame_the_first_kept(qtbot, data):
    first, picture, frame = started(qtbot, data)
    assert picture is None and frame is not None  # nothing kept yet: the plain start
    assert len(kept()) == 1
    first.close()
    second, picture, frame = started(qtbot, data)
    assert picture is not None and frame is not None
    # the live board replaces the picture without a jump: they are the same frame
    assert picture.convertToFormat(frame.format()) == frame
    assert second.document is not None and second.document.loaded.map.name
    assert len(kept()) == 1  # the same size: nothing more kept
    second.close()


def test_another_size_ruleset_or_map_shows_no_picture(qtbot, data):
    started(qtbot, data)[0].close()
    window, picture, _ = started(qtbot, data, size=(1400, 800))  # another window size
    assert picture is None
    window.close()
    assert len(kept()) == 2  # one per size
    window, picture, _ = started(qtbot, data, ruleset="sr5")
    assert picture is None
    window.close()
    other = next(p for p in sorted(maps_dir().glob("*.yaml")) if p != demo_map())
    window, picture, _ = started(qtbot, data, path=other)
    assert picture is None
    window.close()


def test_a_window_resized_just_after_it_shows_still_gets_its_picture(qtbot, data):
    """A window manager maximizes (or restores) the window a moment after it is shown:
    the picture comes at the size the window settles at."""
    started(qtbot, data)[0].close()
    window = shown(qtbot, data, (1000, 640))
    gui.start(window, None)
    board = window.centralWidget()
    assert isinstance(board, PictureBoard)
    board.grab()
    assert board.shown is None  # no picture kept at this size: the board waits …
    window.resize(1280, 720)  # … for the window manager's size
    board.grab()
    assert board.shown is not None
    qtbot.waitUntil(lambda: window.document is not None)
    window.close()


def test_a_picture_is_only_for_the_same_map_bytes_ruleset_and_version(data, monkeypatch):
    path = data / "room.yaml"
    path.write_bytes(demo_map().read_bytes())
    key = startcache.map_key(path, None)
    assert key == startcache.map_key(demo_map(), None)  # the bytes, not the file's name
    path.write_bytes(demo_map().read_bytes().replace(b"name:", b"name: Edited", 1))
    assert startcache.map_key(path, None) != key  # the GM edited the map
    assert startcache.map_key(demo_map(), "sr5") != key
    monkeypatch.setattr(startcache, "__version__", "99.0")
    assert startcache.map_key(demo_map(), None) != key  # another version draws otherwise
    assert startcache.map_key(data / "missing.yaml", None) is None


def test_a_continued_fight_shows_no_picture_and_keeps_none(qtbot, data):
    window = started(qtbot, data)[0]
    window.start_combat()
    log = window.document.path
    window.close()
    before = kept()
    window, picture, _ = started(qtbot, data, path=log)
    assert picture is None and window.start_key is None and kept() == before
    window.close()


@pytest.mark.parametrize("damage", ["garbage", "wrong size", "dev zero", "fifo"])
def test_a_damaged_picture_is_not_shown_and_the_start_goes_on(qtbot, data, damage):
    started(qtbot, data)[0].close()
    (picture_file,) = kept()
    if damage == "garbage":
        picture_file.write_bytes(b"\x89PNG\r\n\x1a\n" + os.urandom(5000))
    elif damage == "wrong size":
        image = QImage(640, 480, QImage.Format.Format_RGB32)
        image.fill(0xFF00FF)
        image.save(str(picture_file))
    elif damage == "dev zero":
        picture_file.unlink()
        picture_file.symlink_to("/dev/zero")
    else:
        picture_file.unlink()
        os.mkfifo(picture_file)
    window, picture, frame = started(qtbot, data)
    assert picture is None and frame is not None  # the background, then the live board
    assert window.document is not None
    window.close()


def test_a_start_that_cannot_open_its_map_leaves_no_picture_standing(qtbot, data,
                                                                      monkeypatch):
    started(qtbot, data)[0].close()
    monkeypatch.setattr(MainWindow, "open_path", lambda self, path, ruleset=None: False)
    window = shown(qtbot, data, (1280, 720))
    gui.start(window, None)
    assert isinstance(window.centralWidget(), PictureBoard)
    qtbot.waitUntil(lambda: not isinstance(window.centralWidget(), PictureBoard))
    assert "No encounter open" in window.centralWidget().text()
    window.close()


def test_only_the_newest_pictures_are_kept(data):
    for n in range(startcache.KEEP + 3):
        name = startcache.picture_name(f"{n:032x}", 100, 100, 1.0, "auto")
        startcache.keep(name, b"png %d" % n)
        os.utime(startcache.folder() / name, (n, n))
    names = [p.name for p in kept()]
    assert len(names) == startcache.KEEP
    assert startcache.picture_name(f"{startcache.KEEP + 2:032x}", 100, 100, 1.0, "auto") \
        in names
    assert startcache.read("../../etc/passwd") is None  # only names it writes are read


# `tactical` itself (tactical.cli.main), hooked to report and exit: the first start once
# it has finished (the picture kept), a later one when its picture is on screen.
TACTICAL = """
import os, sys
from PySide6.QtCore import QTimer
from tactical.cli import main
from tactical.ui.main_window import MainWindow
from tactical.ui.startpicture import PictureBoard
heavy = ("numpy", "shapely", "pydantic", "yaml", "tactical.encounter.engine")
finish, tell = MainWindow.finish_start, PictureBoard._tell
def finished(self):
    finish(self)
    print("finished", flush=True)
    os._exit(0)
def told(self):
    print("loaded before the picture:", [m for m in heavy if m in sys.modules], flush=True)
    print("picture shown:", self.shown is not None, flush=True)
    os._exit(0)
MainWindow.finish_start = finished
if sys.argv[1] == "later":
    PictureBoard._tell = told
QTimer.singleShot(20000, lambda: os._exit(3))
main([])
"""


def run_tactical(data: Path, which: str, **env: str) -> str:
    out = subprocess.run(
        [sys.executable, "-c", TACTICAL, which], cwd=ROOT, capture_output=True, text=True,
        timeout=60, check=False, env=dict(os.environ, QT_QPA_PLATFORM="offscreen",
                                         XDG_CONFIG_HOME=str(data / "config"), **env))
    for log in (data / "data" / "encounters").glob("*"):  # it exited, not closed: no
        log.unlink()  # fight to offer back (that start would show no picture)
    return out.stdout + out.stderr[-2000:]


@pytest.mark.slow  # a fuzz / whole-process test: make test-fast skips it
@pytest.mark.parametrize("scale", ["1", "1.5"])
def test_tactical_paints_the_picture_before_the_engine_is_imported(data, scale):
    """The point of it all: with a picture kept, `tactical` shows it before numpy,
    shapely, pydantic and the engine are imported (what takes the 0.5 s); on a screen
    scaled 150 % too (a picture's size in device pixels, rounded as Qt rounds)."""
    assert "finished" in run_tactical(data, "first", QT_SCALE_FACTOR=scale)
    assert len(kept()) == 1
    out = run_tactical(data, "later", QT_SCALE_FACTOR=scale)
    assert "loaded before the picture: []" in out, out
    assert "picture shown: True" in out, out


def test_asking_for_a_picture_loads_neither_qt_nor_the_engine(data):
    """`tactical` asks before its first import of PySide6: if no picture will come first,
    it imports the engine before Qt (whose import hook slows every later import)."""
    script = ("import sys\nfrom tactical.ui import startcache\n"
              "startcache.start_has_picture(None, None)\n"
              "print(sorted(m for m in ('PySide6', 'numpy', 'pydantic', 'shapely') "
              "if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                         text=True, timeout=60, check=False, env=dict(os.environ))
    assert out.stdout.strip() == "[]", out.stderr[-2000:]


def test_a_stale_picture_is_kept_again_from_the_live_board(qtbot, data):
    """The map's own picture changed, or another Qt draws otherwise: the picture shown is
    not the live frame; that start keeps the live one, so the next shows it."""
    started(qtbot, data)[0].close()
    (picture_file,) = kept()
    stale = QImage(str(picture_file))
    stale.fill(0x336699)  # as if the floor's picture had changed
    stale.save(str(picture_file))
    window, picture, frame = started(qtbot, data)
    assert picture is not None and frame is not None
    assert picture.convertToFormat(frame.format()) != frame  # a blink, once
    window.close()
    window, picture, frame = started(qtbot, data)
    assert picture is not None and picture.convertToFormat(frame.format()) == frame
    window.close()


@pytest.mark.parametrize("meddle", ["select", "zoom", "layer", "legend", "arrow key",
                                    "ruler", "legend edge"])
def test_what_the_gm_does_before_the_start_ends_is_not_kept(qtbot, data, monkeypatch,
                                                           meddle):
    """A click that waited for the engine reaches the live board before the start ends:
    that board is not the map's first frame, so it is not kept."""
    finish = MainWindow.finish_start

    def meddled(self: MainWindow) -> None:
        if self.view is not None and self.document is not None:
            if meddle == "select":
                self.document.select("kicker")
            elif meddle == "zoom":
                self.view.set_zoom(self.view.zoom * 1.2)
            elif meddle == "layer":
                self.action_map["layer_grid"].trigger()
            elif meddle == "legend":
                self.action_map["legend"].trigger()
            elif meddle == "arrow key":
                QTest.keyClick(self.view, Qt.Key.Key_Right)
            elif meddle == "ruler":
                self.view.start_ruler(QPointF(0.0, 0.0))
            else:
                self.set_legend_edge("right")
        finish(self)

    monkeypatch.setattr(MainWindow, "finish_start", meddled)
    started(qtbot, data)[0].close()
    assert kept() == []


def test_a_board_that_fails_to_build_leaves_no_picture_and_no_dock(qtbot, data,
                                                                   monkeypatch):
    started(qtbot, data)[0].close()
    from tactical.ui.board import scene

    def broken(*_: object, **__: object) -> None:
        raise RuntimeError("no board today")

    messages: list[tuple[str, str]] = []
    monkeypatch.setattr(scene.BoardScene, "__init__", broken)
    monkeypatch.setattr(gui.QMessageBox, "warning", lambda parent, title, text: messages.append(
        (title, parent.centralWidget().objectName())))
    window = shown(qtbot, data, (1280, 720))
    gui.start(window, None)
    qtbot.waitUntil(lambda: not isinstance(window.centralWidget(), PictureBoard))
    qtbot.wait(50)
    assert window.document is None and window.dock is None
    assert "No encounter open" in window.centralWidget().text()
    assert messages and all(title == "Cannot open" and where != "startPicture"
                            for title, where in messages)  # never over the picture
    window.close()


def test_a_window_never_painted_builds_its_board_anyway(qtbot, data):
    built: list[int] = []
    board = PictureBoard("0" * 32, "auto", lambda: built.append(1))
    qtbot.addWidget(board)  # never shown (minimized, on another desktop)
    qtbot.waitUntil(lambda: built == [1], timeout=3000)


def test_the_pictures_a_gm_uses_stay(data):
    names = [startcache.picture_name(f"{n:032x}", 100, 100, 1.0, "auto")
             for n in range(startcache.KEEP + 1)]
    for age, name in enumerate(names[:startcache.KEEP]):
        startcache.keep(name, b"png")
        os.utime(startcache.folder() / name, (age, age))
    startcache.used(names[0])  # the oldest, shown at today's start
    startcache.keep(names[-1], b"png")
    assert (startcache.folder() / names[0]).exists()
    assert not (startcache.folder() / names[1]).exists()  # the one not used since
    assert not list(startcache.folder().glob(".*.part"))


def test_a_picture_that_cannot_be_written_leaves_nothing_behind(data, monkeypatch):
    name = startcache.picture_name("f" * 32, 100, 100, 1.0, "auto")

    def full_disk(*_: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(startcache.os, "replace", full_disk)
    startcache.keep(name, b"png")  # no error for the GM: the next start is a plain one
    assert not any(startcache.folder().iterdir())


def test_a_cache_folder_that_cannot_be_made_is_not_written(tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the data folder would be")
    monkeypatch.setenv(autosave.ENV_VAR, str(tmp_path))
    assert startcache.writable()  # the folder is made at the first picture kept
    monkeypatch.setenv(autosave.ENV_VAR, str(blocker))
    startcache.keep(startcache.picture_name("e" * 32, 10, 10, 1.0, "auto"), b"png")
    assert blocker.is_file()  # nothing written, no error


def test_a_map_that_fails_to_open_keeps_no_picture_of_the_demo(qtbot, data, monkeypatch):
    broken = data / "broken.yaml"
    broken.write_text("grid: [this is not a map\n", encoding="utf-8")
    monkeypatch.setattr(gui.QMessageBox, "warning", lambda *a, **k: None)
    window = started(qtbot, data, path=broken)[0]
    assert window.document is not None and window.document.loaded.path == demo_map()
    assert kept() == []  # the demo's board is not that map's picture
    window.close()


def test_a_read_only_cache_keeps_nothing_and_the_start_goes_on(qtbot, data, monkeypatch):
    monkeypatch.setattr(startcache, "writable", lambda: False)
    window, picture, frame = started(qtbot, data)
    assert picture is None and frame is not None and kept() == []
    window.close()


def test_the_players_options_can_be_set_before_any_encounter(qtbot, data):
    from tactical.encounter.queries.audience import Detail
    from tactical.ui.player.camera import CameraMode

    settings = QSettings(str(data / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(settings=settings)
    qtbot.addWidget(window)
    window.player_screen.set_mode(CameraMode.LOCKED)
    window.player_screen.set_enemy_detail(Detail.BARS)
    assert window.player_screen.camera_actions[CameraMode.LOCKED].isChecked()
    assert window.player_screen.detail_actions[Detail.BARS].isChecked()
    window.close()
