"""Opening the same map again skips reading it (issue 13: tactical/data/kinds.py keeps the
last maps read), but a GM never sees the difference: an edited file is read afresh, and a
problem found on a map served from memory names the same line and column."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import pytest

from tactical.data import kinds
from tactical.data.library import load_map
from tactical.data.problems import DataError

MAP = """kind: map
name: Cache test
grid: {columns: 6, rows: 6, orientation: flat}
sides:
  red: {name: Red}
background: {image: floor.png, metres_per_pixel: 0.02}
tokens:
  - {id: a, character: ganger, side: red, hex: [1, 1]}
"""


def png() -> bytes:
    """A 1 × 1 PNG."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data)))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"\x00\x00\x00\x00")) + chunk(b"IEND", b""))


def test_an_edited_map_is_read_afresh_and_an_unchanged_one_is_not(tmp_path: Path) -> None:
    path = tmp_path / "map.yaml"
    (tmp_path / "floor.png").write_bytes(png())
    path.write_text(MAP, encoding="utf-8")
    first = load_map(path).map
    assert load_map(path).map is first  # the same model: not parsed again
    path.write_text(MAP.replace("Cache test", "Edited"), encoding="utf-8")
    assert load_map(path).map.name == "Edited"


def test_a_problem_on_a_remembered_map_names_the_line_it_is_on(tmp_path: Path) -> None:
    path = tmp_path / "map.yaml"
    path.write_text(MAP, encoding="utf-8")
    image = tmp_path / "floor.png"
    image.write_bytes(png())
    load_map(path)  # read and remembered
    assert any(k[0] == str(path) for k in kinds._RECENT)
    image.unlink()  # the picture the map names is gone since
    with pytest.raises(DataError) as remembered:
        load_map(path)
    kinds._RECENT.clear()
    with pytest.raises(DataError) as fresh:
        load_map(path)
    assert str(remembered.value) == str(fresh.value)
    assert ":6:" in str(fresh.value)  # background is on line 6
