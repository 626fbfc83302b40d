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
from PySide6.QtCore import QSettings
from PySide6.QtGui import QImage

from tactical.core.paths import demo_map, maps_dir
from tactical.ui import app as gui
from tactical.ui import startcache
from tactical.ui.main_window import MainWindow
from tactical.ui.startpicture import PictureBoard

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.setenv(startcache.ENV_VAR, str(tmp_path / "data"))
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


def test_the_picture_is_painted_before_the_engine_is_imported(data):
    """The point of it all: with a picture kept, `tactical` shows it before numpy,
    shapely, pydantic and the engine are imported (what takes the 0.5 s)."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen",
               XDG_CONFIG_HOME=str(data / "config"))
    first = subprocess.run(  # a whole start, as `tactical` makes it: it keeps the picture
        [sys.executable, str(ROOT / "tests" / "bench" / "coldstart.py"), "live"], env=env,
        cwd=ROOT, capture_output=True, text=True, timeout=60, check=False)
    assert first.stdout.startswith("painted"), first.stderr[-2000:]
    assert len(kept()) == 1
    for log in (data / "data" / "encounters").glob("*"):  # it was killed, not closed:
        log.unlink()  # no fight to offer back (that start would show no picture)
    script = """
import os, sys
from tactical.ui import startcache
assert startcache.start_has_picture(None, None)
from PySide6.QtCore import QTimer
from tactical.ui.app import application, start
from tactical.ui.main_window import MainWindow
from tactical.ui.startpicture import PictureBoard
app = application()
window = MainWindow(first_frame_first=True)
window.show()
heavy = ("numpy", "shapely", "pydantic", "yaml", "tactical.encounter.engine")
def then():
    print("loaded before the picture:", [m for m in heavy if m in sys.modules], flush=True)
    print("picture shown:", board.shown is not None, flush=True)
    os._exit(0)
window.start_key = startcache.map_key(startcache.demo_map(), None)
window.show_start_picture(then)
board = window.centralWidget()
assert isinstance(board, PictureBoard)
QTimer.singleShot(10000, lambda: sys.exit(3))
app.exec()
"""
    out = subprocess.run([sys.executable, "-c", script], env=env, cwd=ROOT,
                         capture_output=True, text=True, timeout=60, check=False)
    assert "loaded before the picture: []" in out.stdout, out.stdout + out.stderr[-2000:]
    assert "picture shown: True" in out.stdout


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
