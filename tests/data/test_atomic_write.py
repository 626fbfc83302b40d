"""core/atomic.py, the one owner of writing a file: a failed write changes nothing and
leaves nothing, files that belong together are put in place together, and the clean-up
of killed writes' temp files takes only those."""

from __future__ import annotations

import errno
import os
import time

import pytest

from tactical.core import atomic
from tactical.core.atomic import CannotWrite, clean_stale, write_file, write_files


def test_a_full_disk_changes_nothing_and_leaves_no_temp_file(tmp_path, monkeypatch):
    target = tmp_path / "map.yaml"
    target.write_bytes(b"the GM's map")

    def full(fd: int, data: bytes) -> None:
        os.write(fd, data[: len(data) // 2])
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(atomic, "write_all", full)
    with pytest.raises(CannotWrite, match=f"cannot write {target}: No space left on device"):
        write_file(target, b"a new map" * 1000)
    assert target.read_bytes() == b"the GM's map"
    assert [p.name for p in tmp_path.iterdir()] == ["map.yaml"]


def test_files_that_belong_together_are_put_in_place_together(tmp_path):
    picture, folder = tmp_path / "castle.png", tmp_path / "gone"
    picture.write_bytes(b"old picture")
    with pytest.raises(CannotWrite, match=r"cannot write .*gone/castle\.yaml: No such file"):
        write_files([(picture, b"new picture"), (folder / "castle.yaml", b"map")])
    assert picture.read_bytes() == b"old picture"  # not replaced: the map could not be
    assert [p.name for p in tmp_path.iterdir()] == ["castle.png"]
    write_files([(picture, b"new picture"), (tmp_path / "castle.yaml", b"map")])
    assert picture.read_bytes() == b"new picture"
    assert (tmp_path / "castle.yaml").read_bytes() == b"map"


def test_the_clean_up_takes_only_killed_writes_of_the_same_file(tmp_path):
    target = tmp_path / "street.yaml"
    dead = subprocess_pid_that_ended()
    gone = [f".street.yaml.{dead}.a1b2c3d4.tmp"]
    kept = [".street.yaml.bak", f"street.yaml.{dead}.a1b2c3d4.tmp",
            f".other.yaml.{dead}.a1b2c3d4.tmp", f".street.yaml.{os.getppid()}.a1b2c3d4.tmp",
            ".street.yaml.notours.tmp"]
    for name in gone + kept:
        (tmp_path / name).write_text("x")
    assert sorted(p.name for p in clean_stale(target)) == gone
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(kept)
    later = time.time() + atomic.STALE_SECONDS + 1  # old enough: the pid may be reused
    assert [p.name for p in clean_stale(target, now=later)] == \
        [f".street.yaml.{os.getppid()}.a1b2c3d4.tmp"]


def subprocess_pid_that_ended() -> int:
    import subprocess
    import sys

    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid
