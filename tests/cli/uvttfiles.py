"""Universal VTT files made in the tests: a known wall layout over a generated picture."""

from __future__ import annotations

import base64
import json
import struct
import zlib
from pathlib import Path
from typing import Any


def png(width: int, height: int, rgb: tuple[int, int, int] = (200, 190, 170)) -> bytes:
    """A plain PNG (no Qt: the data layer's tests run without it)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    row = b"\x00" + bytes(rgb) * width
    return (b"\x89PNG\r\n\x1a\n"
            + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(row * height)) + chunk(b"IEND", b""))


def pt(x: float, y: float) -> dict[str, float]:
    return {"x": x, "y": y}


def room(**changes: Any) -> dict[str, Any]:
    """10 × 8 squares at 20 px: a wall down the middle (x = 5 squares) with a door from
    y = 3 to 4, drawn as two runs (the top one point by point, as map makers do)."""
    doc: dict[str, Any] = {
        "format": 0.3,
        "resolution": {"map_origin": pt(0, 0), "map_size": pt(10, 8), "pixels_per_grid": 20},
        "line_of_sight": [[pt(5, 0), pt(5, 1), pt(5, 2), pt(5, 3)], [pt(5, 4), pt(5, 8)]],
        "objects_line_of_sight": [],
        "portals": [{"position": pt(5, 3.5), "bounds": [pt(5, 3), pt(5, 4)],
                     "rotation": 1.5708, "closed": True, "freestanding": False}],
        "lights": [],
        "environment": {"baked_lighting": True, "ambient_light": "ffffffff"},
        "image": base64.b64encode(png(200, 160)).decode("ascii"),
    }
    doc.update(changes)
    return doc


def write_uvtt(path: Path, doc: dict[str, Any]) -> Path:
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path
