"""Issue 23: a map the editor saves is a normal file (the umask's mode, like its picture),
and the temp files of a save killed with kill -9 are removed by the next save."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tactical.data.library import load_map
from tactical.ui.editor.model import Draft

ROOT = Path(__file__).resolve().parents[2]

# A save that stops for good between writing its temp file and renaming it: the GM's
# kill -9 lands there.
KILLED_SAVE = """
import os, sys, time
from tactical.data.library import load_map
from tactical.data.mapwriter import save_map
loaded = load_map(sys.argv[1])
os.replace = lambda *args, **kw: time.sleep(600)
save_map(loaded.map, sys.argv[1])
"""


@pytest.fixture
def street(tmp_path):
    folder = tmp_path / "maps"
    folder.mkdir()
    for name in ("street.yaml", "street.png"):
        shutil.copyfile(ROOT / "maps" / name, folder / name)
    return folder / "street.yaml"


def edit(window, path):
    loaded = load_map(path)
    return window.edit_mode.enter(Draft.of(loaded.map, path.parent), path)


@pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX")
@pytest.mark.parametrize(("umask", "mode"), [(0o022, 0o644), (0o027, 0o640)])
def test_a_saved_map_and_its_picture_follow_the_umask(window, tmp_path, street, umask, mode):
    old = os.umask(umask)
    try:
        edit(window, street)
        target = tmp_path / "elsewhere"
        target.mkdir()
        assert window.edit_mode._save_to(target / "copy.yaml")  # the picture copied too
    finally:
        os.umask(old)
    assert oct((target / "copy.yaml").stat().st_mode & 0o777) == oct(mode)  # was 0o600
    assert oct((target / "street.png").stat().st_mode & 0o777) == oct(mode)


def test_an_existing_maps_own_mode_is_kept(window, street):
    street.chmod(0o664)
    edit(window, street)
    assert window.edit_mode.save()
    assert oct(street.stat().st_mode & 0o777) == oct(0o664)


@pytest.mark.slow  # a whole child process killed mid-save
@pytest.mark.skipif(os.name != "posix", reason="kill -9 is POSIX")
def test_the_next_save_removes_the_temp_files_of_a_killed_save(window, street):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    child = subprocess.Popen([sys.executable, "-c", KILLED_SAVE, str(street)], env=env)
    try:
        deadline = time.monotonic() + 15
        while not [p for p in street.parent.iterdir() if p.name.endswith(".tmp")]:
            assert child.poll() is None and time.monotonic() < deadline
            time.sleep(0.05)
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
    left = [p for p in street.parent.iterdir() if p.name.endswith(".tmp")]
    assert len(left) == 1 and left[0].name.startswith(".street.yaml.")
    # One from a version that named them without the pid, killed ten minutes ago ...
    old = street.parent / ".street.yaml.k3x9q2ab.tmp"
    old.write_text("half a map")
    os.utime(old, (time.time() - 600, time.time() - 600))
    # ... and one another window is writing right now (alive, young): not ours to take.
    busy = subprocess.Popen(["sleep", "30"])
    try:
        other = street.parent / f".street.yaml.{busy.pid}.abcd1234.tmp"
        other.write_text("another window's save in progress")
        edit(window, street)
        assert window.edit_mode.save()
        hidden = sorted(p.name for p in street.parent.iterdir() if p.name.startswith("."))
        assert hidden == [other.name]  # the killed save's and the old one are gone
    finally:
        busy.kill()
        busy.wait()
    assert load_map(street).map.name == load_map(ROOT / "maps" / "street.yaml").map.name


def test_the_windows_import_asks_before_it_replaces_the_gms_picture(window, tmp_path,
                                                                    monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    from tests.cli.uvttfiles import png, room, write_uvtt

    own = png(64, 48, (10, 200, 30))
    (tmp_path / "castle.png").write_bytes(own)
    source = write_uvtt(tmp_path / "castle.dd2vtt", room())
    asked: list[str] = []
    answer = QMessageBox.StandardButton.Cancel
    monkeypatch.setattr(QMessageBox, "question",
                        lambda _parent, _title, text, *_a: asked.append(text) or answer)
    assert window.edit_mode.import_file(source, tmp_path / "castle.yaml") is None
    assert "castle.png" in asked[0] and "already there" in asked[0]
    assert (tmp_path / "castle.png").read_bytes() == own
    assert not (tmp_path / "castle.yaml").exists()
    answer = QMessageBox.StandardButton.Yes
    assert window.edit_mode.import_file(source, tmp_path / "castle.yaml") is not None
    assert (tmp_path / "castle.png").read_bytes() == png(200, 160)


def test_a_new_map_over_a_picture_that_lies_is_refused_by_name(window, tmp_path,
                                                               monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    cut = tmp_path / "scan.png"
    cut.write_bytes((ROOT / "maps" / "street.png").read_bytes()[:4000])  # cut short
    said: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _p, _t, text, *_a: said.append(text))
    assert window.edit_mode.new_from_picture(cut) is None
    assert "the picture 'scan.png' is not a whole picture: a PNG cut short" in said[0]
