"""Issue 23, files: every write is whole or not at all, an import never takes the GM's own
files, pictures and Universal VTT files that lie are refused by name, and the log names
and the start-picture cache survive what two windows and a stray link do to them.

The commands run in the child process with 2 GB and 20 s (run_limited). A full disk is a
small tmpfs, which only root can mount; elsewhere those tests are skipped, saying so.
"""

from __future__ import annotations

import json
import os
import random
import struct
import subprocess
import time
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from tactical.encounter.store import autosave
from tactical.encounter.store.log import EncounterLog
from tests.cli.uvttfiles import png, pt, room, write_uvtt
from tests.hostile.conftest import BASE_MAP, ROOT, assert_refused, run_limited

GM_PICTURE = png(64, 48, (10, 200, 30))  # the GM's own castle.png, made long before


def chunk(kind: bytes, data: bytes) -> bytes:
    return (struct.pack(">I", len(data)) + kind + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))


def noisy_png(width: int, height: int) -> bytes:
    """A PNG that does not compress (random pixels): big enough to fill a small disk."""
    rng = random.Random(23)
    rows = b"".join(b"\x00" + rng.randbytes(3 * width) for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n"
            + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows, 1)) + chunk(b"IEND", b""))


NOISE = random.Random(7).randbytes(4000)
LIES = {  # pictures whose first bytes say PNG, JPEG, WebP and whose rest does not
    "a PNG cut after its header": (".png", b"\x89PNG\r\n\x1a\n" + chunk(
        b"IHDR", struct.pack(">IIBBBBB", 200, 160, 8, 2, 0, 0, 0))),
    "a JPEG header followed by noise": (".jpg", b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01"
                                        b"\x00\x00\x01\x00\x01\x00\x00\xff\xe1\xea\x60"
                                        + NOISE),
    "a fake WebP": (".webp", b"RIFF" + struct.pack("<I", 4 + len(NOISE)) + b"WEBP" + NOISE),
}


@pytest.fixture
def full_disk(tmp_path: Path) -> Iterator[Path]:
    """A folder on a 256 KiB filesystem: a picture bigger than that fills it."""
    if os.name != "posix" or os.geteuid() != 0:
        pytest.skip("a full disk is a small tmpfs, and only root can mount one")
    folder = tmp_path / "small-disk"
    folder.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs",
                              str(folder)], capture_output=True, text=True, check=False)
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a small tmpfs here: {mounted.stderr.strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)


def castle(folder: Path, image: bytes | None = None, **changes: object) -> Path:
    """A Universal VTT file whose picture is `image` (a plain 200 × 160 PNG by default)."""
    import base64

    doc = room(**changes)
    if image is not None:
        doc["image"] = base64.b64encode(image).decode("ascii")
    return write_uvtt(folder / "castle.dd2vtt", doc)


def import_to(source: Path, out: Path, *extra: str):  # type: ignore[no-untyped-def]
    return run_limited("import", str(source), "--out", str(out), *extra)


# --- 1. Every write is whole or not at all --------------------------------------------

def test_a_refused_import_leaves_the_gms_own_picture(tmp_path):
    (tmp_path / "castle.png").write_bytes(GM_PICTURE)
    source = castle(tmp_path, LIES["a PNG cut after its header"][1])
    result = import_to(source, tmp_path / "castle.yaml")
    assert_refused(result, "image: the picture 'castle.png' is not a whole picture")
    assert (tmp_path / "castle.png").read_bytes() == GM_PICTURE  # was deleted
    assert not (tmp_path / "castle.yaml").exists()


@pytest.mark.parametrize("there", ["castle.png", "castle.yaml"])
def test_an_import_replaces_nothing_already_there_without_force(tmp_path, there):
    (tmp_path / there).write_bytes(GM_PICTURE)
    source = castle(tmp_path)
    result = import_to(source, tmp_path / "castle.yaml")
    assert_refused(result, "--out: already there; not overwriting it (give --force")
    assert there in result.err
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["castle.dd2vtt", there])
    assert (tmp_path / there).read_bytes() == GM_PICTURE

    forced = import_to(source, tmp_path / "castle.yaml", "--force")
    assert (forced.code, forced.err) == (0, "")
    assert (tmp_path / "castle.png").read_bytes() == png(200, 160)
    assert yaml.safe_load((tmp_path / "castle.yaml").read_text())["background"]["image"] \
        == "castle.png"


def test_out_an_existing_folder_writes_nothing_beside_it(tmp_path):
    (tmp_path / "map.yaml").mkdir()
    result = import_to(castle(tmp_path), tmp_path / "map.yaml")
    assert_refused(result, "--out: is a folder")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["castle.dd2vtt", "map.yaml"]
    assert list((tmp_path / "map.yaml").iterdir()) == []


def test_an_import_on_a_full_disk_leaves_no_cut_picture(tmp_path, full_disk):
    source = castle(tmp_path, noisy_png(400, 300))  # 360 KB of picture on a 256 KiB disk
    result = import_to(source, full_disk / "castle.yaml")
    assert_refused(result, "No space left on device", positioned=False)
    assert f"cannot write {full_disk / 'castle.png'}: No space left on device" in result.err
    assert list(full_disk.iterdir()) == []  # no cut castle.png, no temp file

    (full_disk / "castle.png").write_bytes(GM_PICTURE)
    (full_disk / "castle.yaml").write_text("# the GM's map\n")
    again = import_to(source, full_disk / "castle.yaml", "--force")
    assert_refused(again, "No space left on device", positioned=False)
    assert (full_disk / "castle.png").read_bytes() == GM_PICTURE  # not a cut picture
    assert (full_disk / "castle.yaml").read_text() == "# the GM's map\n"
    assert sorted(p.name for p in full_disk.iterdir()) == ["castle.png", "castle.yaml"]


def test_render_on_a_full_disk_says_so_and_keeps_the_old_picture(full_disk):
    old = png(32, 32)
    (full_disk / "board.png").write_bytes(old)
    result = run_limited("render", str(ROOT / "maps" / "warehouse.yaml"),
                         "--out", str(full_disk / "board.png"))
    assert (full_disk / "board.png").read_bytes() == old  # was a cut PNG
    assert [p.name for p in full_disk.iterdir()] == ["board.png"]
    assert "wrote" not in result.err  # was "wrote board.png", exit 0
    assert_refused(result, f"cannot write {full_disk / 'board.png'}: No space left on device",
                   positioned=False)


# --- 2. Imports and pictures ----------------------------------------------------------

def test_a_million_walls_stop_at_the_limit_within_the_memory(tmp_path):
    walls = ",".join(f'[{{"x":{i % 97}.5,"y":{i % 89}.5}},{{"x":{i % 83}.25,"y":1}}]'
                     for i in range(1_000_000))
    doc = json.dumps(room(line_of_sight=[])).replace('"line_of_sight": []',
                                                     f'"line_of_sight": [{walls}]')
    source = tmp_path / "huge.dd2vtt"
    source.write_text(doc, encoding="utf-8")
    assert 30e6 < source.stat().st_size < 64 * 1024 * 1024  # under the file limit
    result = import_to(source, tmp_path / "huge.yaml")
    assert_refused(result, "line_of_sight: over 500,000 points")  # was 1.7 GB, no answer
    # its memory is bounded by the child's 2 GB address-space limit (run_limited): the
    # child's ru_maxrss also counts the pytest worker it was forked from, so no figure here
    assert not (tmp_path / "huge.yaml").exists() and not (tmp_path / "huge.png").exists()


@pytest.mark.parametrize(("changes", "field"), [
    ({"line_of_sight": [[pt(1e308, 1), pt(-1e308, 2)]]}, "line_of_sight[0][0]"),
    ({"objects_line_of_sight": [[pt(1, 1), pt(2, 1.7e308)]]}, "objects_line_of_sight[0][1]"),
    ({"portals": [{"bounds": [pt(1, 1), pt(-1e308, 1)]}]}, "portals[0].bounds[1]"),
])
def test_coordinates_near_the_largest_number_are_refused_by_field(tmp_path, changes, field):
    result = import_to(castle(tmp_path, **changes), tmp_path / "castle.yaml")
    assert_refused(result, f"{field}: the point")  # was a pydantic traceback
    assert "far outside the map of 10×8 squares" in result.err
    assert not (tmp_path / "castle.yaml").exists()


@pytest.mark.parametrize("lie", list(LIES))
def test_a_picture_that_lies_is_refused_by_validate(tmp_path, lie):
    ext, data = LIES[lie]
    (tmp_path / f"bg{ext}").write_bytes(data)
    path = tmp_path / "lying.yaml"
    path.write_text(yaml.safe_dump({**BASE_MAP, "background": {
        "image": f"bg{ext}", "metres_per_pixel": 0.1}}, sort_keys=False), encoding="utf-8")
    result = run_limited("validate", str(path))
    assert_refused(result, f"background.image: the picture 'bg{ext}' is not a whole picture")


@pytest.mark.parametrize("lie", list(LIES))
def test_a_picture_that_lies_is_refused_by_import(tmp_path, lie):
    ext, data = LIES[lie]
    result = import_to(castle(tmp_path, data), tmp_path / "castle.yaml")
    assert_refused(result, f"image: the picture 'castle{ext}' is not a whole picture")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["castle.dd2vtt"]


def test_a_newer_uvtt_format_is_imported_with_a_warning(tmp_path):
    result = import_to(castle(tmp_path, format=0.9), tmp_path / "castle.yaml")
    assert result.code == 0, result.err
    assert result.err.startswith("tactical import: warning: ")
    assert "castle.dd2vtt:1:1: format: version 0.9 is not one Tactical knows" in result.err
    assert (tmp_path / "castle.yaml").exists()


# --- 3. Two windows, one second; a stray link in the cache ----------------------------

def test_two_windows_starting_the_same_map_in_the_same_second_get_two_logs(tmp_path,
                                                                            monkeypatch):
    from tactical.ui import opening

    monkeypatch.setattr(opening, "now", lambda: opening.datetime(2026, 12, 4, 3, 5, 1)
                        .astimezone())
    real_create = EncounterLog.create
    other: list[EncounterLog] = []

    def raced(cls, path, header, **kw):  # type: ignore[no-untyped-def]
        if not other:  # the other window creates the same name a moment earlier
            other.append(real_create(path, header))
        return real_create(path, header, **kw)

    monkeypatch.setattr(EncounterLog, "create", classmethod(raced))
    try:
        document = opening.start_on_map(ROOT / "maps" / "street.yaml", log_folder=tmp_path)
        try:
            assert document.path == tmp_path / "2026-12-04_030501_street-2.jsonl"
            assert document.loaded.path.name == "street.yaml"  # this map, not the demo
        finally:
            opening.close_document(document, finished=True)
    finally:
        for log in other:
            log.close(finished=True)
    assert other[0].path == tmp_path / "2026-12-04_030501_street.jsonl"


def test_a_dangling_link_in_the_start_picture_cache_does_not_stop_its_clean_up(tmp_path,
                                                                               monkeypatch):
    from tactical.ui import startcache

    monkeypatch.setenv(autosave.ENV_VAR, str(tmp_path))
    folder = startcache.folder()
    folder.mkdir(parents=True)
    names = [startcache.picture_name(f"{n:032x}", 800, 600, 1.0, "auto") for n in range(9)]
    now = time.time()
    for age, name in enumerate(names[1:], start=1):
        (folder / name).write_bytes(b"old picture")
        os.utime(folder / name, (now - 100 * age, now - 100 * age))
    (folder / names[0]).symlink_to(tmp_path / "gone.png")  # a dangling link, the newest
    startcache.keep(startcache.picture_name("f" * 32, 800, 600, 1.0, "auto"), png(8, 8))
    left = sorted(p.name for p in folder.iterdir())
    assert names[0] not in left  # the link is gone
    assert len(left) == startcache.KEEP  # and the oldest pictures too
    assert set(left) == {startcache.picture_name("f" * 32, 800, 600, 1.0, "auto"),
                         *names[1:startcache.KEEP]}
