"""Universal VTT files (.dd2vtt, .uvtt, .df2vtt) made by Dungeondraft, Dungeon Alchemist and
other map makers, turned into a Tactical map (issue 15).

The format is JSON: `resolution` {map_origin, map_size (grid squares), pixels_per_grid},
`line_of_sight` (polylines of {x, y} points in grid squares), `objects_line_of_sight`
(the same, for props), `portals` (doors: `bounds`, two points, and `closed`), and `image`
(the picture, base64). A file a GM downloads is hostile like any other (issue 11): it is read
through reading.py, bounded, and every refusal names the field at fault.

Walls become high, impenetrable cover (a thin rectangle per straight run: RULINGS, high
cover blocks sight); portals become doors: high cover flagged `door: true` (id `door-N`)
that the GM opens and closes mid-fight. The hex grid (2 m flat side to flat side,
shared/ARCHITECTURE.md) is laid over the picture so that it covers it entirely; `grid_m`
says how many metres a map square is.
"""

from __future__ import annotations

import base64
import binascii
import itertools
import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tactical.core.atomic import write_files
from tactical.data import picturecheck
from tactical.data.maps import (
    MAX_COVER,
    Background,
    Cover,
    CoverClass,
    Grid,
    MapFile,
    Orientation,
    Point,
)
from tactical.data.mapwriter import map_bytes
from tactical.data.pictures import bytes_problem
from tactical.data.problems import DataError, Problem
from tactical.data.reading import read_bounded

MAX_BYTES = 64 * 1024 * 1024  # a 4k × 4k map's PNG is ~30 MB once base64'd
WALL_M = 0.2  # a wall's thickness on the board (UVTT walls are lines)
DOOR_M = 0.2
EXTENSIONS = {"PNG": ".png", "JPEG": ".jpg", "WebP": ".webp"}
SQRT3 = math.sqrt(3.0)
HEX_M = 2.0  # flat side to flat side
KNOWN_FORMAT = 0.3  # the newest UVTT format version read here (Dungeondraft 1.0.2+)
# JSON objects read (a point is one): 5,000 covers of straight runs need far fewer, but
# walls drawn point by point along curves take many points a run.
MAX_OBJECTS = 500_000


class UvttError(DataError):
    """A Universal VTT file that cannot be imported; one Problem per fault."""


class WouldOverwrite(UvttError):
    """The map or its picture is already there and `force` was not given."""


@dataclass(frozen=True, slots=True)
class Imported:
    """The map (its background named `image_name`, to write next to it) and the picture."""

    map: MapFile
    image: bytes
    image_name: str
    walls: int
    doors: int
    warnings: tuple[str, ...] = ()


def _fail(file: str, path: str, message: str, line: int = 1, column: int = 1) -> UvttError:
    return UvttError([Problem(file, line, column, path, message)])


def _number(value: Any, file: str, path: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise _fail(file, path, f"expected a number; found {json.dumps(value)[:40]}")
    return float(value)


def _point(value: Any, file: str, path: str) -> tuple[float, float]:
    if not isinstance(value, dict) or "x" not in value or "y" not in value:
        raise _fail(file, path, "expected a point {\"x\": …, \"y\": …}")
    return _number(value["x"], file, f"{path}.x"), _number(value["y"], file, f"{path}.y")


def _list(value: Any, file: str, path: str) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise _fail(file, path, f"expected a list; found {type(value).__name__}")
    return value


def image_kind(data: bytes) -> str | None:
    """The picture's format from its first bytes: PNG, JPEG or WebP (what map makers write)."""
    kind = picturecheck.kind_of(data[:16])
    return kind if kind in EXTENSIONS else None


def _runs(points: list[tuple[float, float]]) -> list[tuple[Point, Point]]:
    """The polyline's straight runs: consecutive collinear segments merged into one, so a
    wall drawn point by point does not become hundreds of covers."""
    runs: list[tuple[Point, Point]] = []
    for a, b in itertools.pairwise(points):
        if a == b:
            continue
        if runs:
            start, end = runs[-1]
            if end == a:
                cross = (end[0] - start[0]) * (b[1] - a[1]) - (end[1] - start[1]) * (b[0] - a[0])
                dot = (end[0] - start[0]) * (b[0] - a[0]) + (end[1] - start[1]) * (b[1] - a[1])
                if abs(cross) < 1e-9 and dot > 0:
                    runs[-1] = (start, b)
                    continue
        runs.append((a, b))
    return runs


def thick_line(a: Point, b: Point, width: float) -> tuple[Point, ...]:
    """The rectangle `width` wide around segment a–b, extended by half the width past each
    end so that walls meeting at a corner overlap instead of leaving a crack to see through;
    rounded to 1 cm, the precision maps are written at."""
    length = math.dist(a, b)
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    h = width / 2
    nx, ny = -uy * h, ux * h
    a2 = (a[0] - ux * h, a[1] - uy * h)
    b2 = (b[0] + ux * h, b[1] + uy * h)
    corners = ((a2[0] + nx, a2[1] + ny), (b2[0] + nx, b2[1] + ny),
               (b2[0] - nx, b2[1] - ny), (a2[0] - nx, a2[1] - ny))
    return tuple((round(x, 2) + 0.0, round(y, 2) + 0.0) for x, y in corners)


def grid_over(width_m: float, height_m: float,
              orientation: Orientation) -> tuple[int, int, Point]:
    """The columns and rows of the smallest grid whose hexes cover a picture width_m ×
    height_m, and where the picture's top-left corner lies (hex (0, 0)'s centre is the
    origin), rounded to 1 cm as maps are written."""
    across = 2 * HEX_M / SQRT3  # corner to corner
    if orientation is Orientation.FLAT:
        columns = max(1, math.ceil((width_m - across) / SQRT3 - 1e-9) + 1)
        rows = max(1, math.ceil(height_m / HEX_M - 1e-9))
        offset = (-across / 2, -HEX_M / 2)
    else:
        columns = max(1, math.ceil(width_m / HEX_M - 1e-9))
        rows = max(1, math.ceil((height_m - across) / SQRT3 - 1e-9) + 1)
        offset = (-HEX_M / 2, -across / 2)
    return columns, rows, (round(offset[0], 2), round(offset[1], 2))


class _TooMany(Exception):
    pass


def parse_uvtt(data: bytes, file: str) -> dict[str, Any]:
    """The JSON document, its objects (points, portals) counted as they are read: a file
    of a million walls stops at MAX_OBJECTS instead of filling the memory first."""
    count = 0

    def counted(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        nonlocal count
        count += 1
        if count > MAX_OBJECTS:
            raise _TooMany
        return dict(pairs)

    try:
        doc = json.loads(data, object_pairs_hook=counted)
    except _TooMany:
        raise _fail(file, "line_of_sight", f"over {MAX_OBJECTS:,} points and objects: "
                    f"far more walls than a map holds (at most {MAX_COVER:,} covers)") \
            from None
    except UnicodeDecodeError:
        raise _fail(file, "(document)", "not a Universal VTT file: not UTF-8 text") from None
    except json.JSONDecodeError as error:
        raise _fail(file, "(document)", f"not a Universal VTT file: {error.msg}",
                    error.lineno, error.colno) from None
    except RecursionError:
        raise _fail(file, "(document)", "not a Universal VTT file: nested too deeply") \
            from None
    if not isinstance(doc, dict):
        raise _fail(file, "(document)", "expected a JSON object with 'resolution' and "
                    "'line_of_sight'")
    return doc


def format_warning(doc: dict[str, Any], file: str) -> str | None:
    """A warning for a format version newer than those Tactical knows (or none given as a
    number): what it understands is imported, and the GM is told to check the result."""
    if "format" not in doc:
        return None  # said by every map maker Tactical knows; its absence alone says little
    version = doc["format"]
    if isinstance(version, int | float) and not isinstance(version, bool) \
            and math.isfinite(version) and version <= KNOWN_FORMAT:
        return None
    said = json.dumps(version)[:40]
    return (f"{file}:1:1: format: version {said} is not one Tactical knows (up to "
            f"{KNOWN_FORMAT:g}); imported what it understands: check the walls and doors")


def convert(doc: dict[str, Any], file: str, name: str, image_name: str, *,
            grid_m: float = 1.5, orientation: Orientation = Orientation.FLAT) -> Imported:
    """The Tactical map of a parsed Universal VTT document (the image written elsewhere)."""
    if not (0.1 <= grid_m <= 100):
        raise _fail(file, "--grid-m", f"a map square of {grid_m} m? expected 0.1–100 m")
    resolution = doc.get("resolution")
    if not isinstance(resolution, dict):
        raise _fail(file, "resolution", "missing: expected {map_origin, map_size, "
                    "pixels_per_grid}")
    ppg = _number(resolution.get("pixels_per_grid"), file, "resolution.pixels_per_grid")
    if not 1 <= ppg <= 10_000:
        raise _fail(file, "resolution.pixels_per_grid", f"{ppg:g} pixels a square? "
                    "expected 1–10000")
    origin = _point(resolution.get("map_origin", {"x": 0, "y": 0}), file,
                    "resolution.map_origin")
    size = _point(resolution.get("map_size"), file, "resolution.map_size")
    if not (0 < size[0] <= 10_000 and 0 < size[1] <= 10_000):
        raise _fail(file, "resolution.map_size", "expected a size of 1–10000 squares each way")
    columns, rows, offset = grid_over(size[0] * grid_m, size[1] * grid_m, orientation)
    if columns > 500 or rows > 500:
        raise _fail(file, "resolution.map_size", f"{size[0]:g}×{size[1]:g} squares of "
                    f"{grid_m:g} m need {columns}×{rows} hexes; the limit is "
                    "500×500 (give a smaller --grid-m)")
    grid = Grid(columns=columns, rows=rows, orientation=orientation)

    def metres(p: tuple[float, float], path: str) -> Point:
        # A point far off the picture is no wall of this map, and 1e308 squares would
        # overflow to infinity once in metres: bounded by the map's own size.
        dx, dy = p[0] - origin[0], p[1] - origin[1]
        if not (-size[0] <= dx <= 2 * size[0] and -size[1] <= dy <= 2 * size[1]):
            raise _fail(file, path, f"the point ({p[0]:g}, {p[1]:g}) is far outside the "
                        f"map of {size[0]:g}×{size[1]:g} squares (at most one map size "
                        "beyond its edge)")
        return (dx * grid_m + offset[0], dy * grid_m + offset[1])

    runs: list[tuple[Point, Point]] = []
    for key in ("line_of_sight", "objects_line_of_sight"):
        for i, line in enumerate(_list(doc.get(key), file, key)):
            points = [metres(_point(p, file, f"{key}[{i}][{j}]"), f"{key}[{i}][{j}]")
                      for j, p in enumerate(_list(line, file, f"{key}[{i}]"))]
            runs.extend(_runs(points))
            if len(runs) > MAX_COVER:  # counted before any cover is built
                raise _fail(file, f"{key}[{i}]", f"over {MAX_COVER:,} wall runs by this "
                            f"line; a map holds at most {MAX_COVER:,} covers")
    walls = len(runs)
    cover: list[Cover] = [Cover.model_validate({
        "id": f"wall-{n}", "label": "wall", "class": CoverClass.IMPENETRABLE,
        "height": "high", "polygon": thick_line(a, b, WALL_M)})
        for n, (a, b) in enumerate(runs, start=1)]
    doors = 0
    for i, portal in enumerate(_list(doc.get("portals"), file, "portals")):
        if not isinstance(portal, dict):
            raise _fail(file, f"portals[{i}]", "expected an object with 'bounds'")
        bounds = _list(portal.get("bounds"), file, f"portals[{i}].bounds")
        if len(bounds) != 2:
            raise _fail(file, f"portals[{i}].bounds", "expected two points")
        a, b = (metres(_point(p, file, f"portals[{i}].bounds[{j}]"), f"portals[{i}].bounds[{j}]")
                for j, p in enumerate(bounds))
        if a == b:
            continue
        if len(cover) >= MAX_COVER:
            raise _fail(file, f"portals[{i}]", f"over {MAX_COVER:,} wall runs and doors by "
                        f"this door; a map holds at most {MAX_COVER:,} covers")
        doors += 1
        cover.append(Cover.model_validate({
            "id": f"door-{doors}", "label": "door", "class": CoverClass.MEDIUM,
            "height": "high", "door": True, "polygon": thick_line(a, b, DOOR_M)}))

    encoded = doc.get("image")
    if not isinstance(encoded, str) or not encoded:
        raise _fail(file, "image", "missing: expected the map picture, base64")
    try:
        image = base64.b64decode(encoded, validate=False)
    except (binascii.Error, ValueError):
        raise _fail(file, "image", "the picture is not valid base64") from None
    kind = image_kind(image)
    if kind is None:
        raise _fail(file, "image", "the picture is not a PNG, JPEG or WebP image")
    image_name = str(Path(image_name).with_suffix(EXTENSIONS[kind]))
    problem = bytes_problem(image, image_name)  # decoded in full before anything is written
    if problem is not None:
        raise _fail(file, "image", problem)
    background = Background(image=image_name, metres_per_pixel=grid_m / ppg, offset_m=offset)
    tactical_map = MapFile(kind="map", name=name, grid=grid, background=background,
                           description=f"Imported from {Path(file).name}: "
                           f"{size[0]:g}×{size[1]:g} squares of {grid_m:g} m.",
                           cover=tuple(cover))
    warning = format_warning(doc, file)
    return Imported(tactical_map, image, image_name, walls, doors,
                    (warning,) if warning else ())


def read_uvtt(path: Path, name: str, image_name: str, *, grid_m: float = 1.5,
              orientation: Orientation = Orientation.FLAT) -> Imported:
    data = read_bounded(path, MAX_BYTES, "Universal VTT file")
    doc = parse_uvtt(data, str(path))
    return convert(doc, str(path), name, image_name, grid_m=grid_m, orientation=orientation)


def import_uvtt(path: Path, out: Path, *, grid_m: float = 1.5,
                orientation: Orientation = Orientation.FLAT,
                name: str | None = None, force: bool = False) -> Imported:
    """Import `path` as the map `out` (YAML), its picture written beside it. Everything is
    read and checked before anything is written; then the map and its picture are written
    whole or not at all (core/atomic.py). A file already there, the map or the picture, is
    replaced only with `force`: it may be the GM's own (issue 23)."""
    if out.suffix.lower() not in (".yaml", ".yml"):
        raise _fail(str(out), "--out", "the map is written as YAML; name it MAP.yaml")
    if out.is_dir():
        raise _fail(str(out), "--out", "is a folder; give the map's file name, "
                    f"e.g. {out / path.with_suffix('.yaml').name}")
    if not out.parent.is_dir():
        raise _fail(str(out), "--out", f"no such folder: {out.parent}")
    imported = read_uvtt(path, name or path.stem.replace("_", " "), out.stem + ".png",
                         grid_m=grid_m, orientation=orientation)
    image = out.parent / imported.image_name
    for target in (out, image):
        if target.is_dir():
            raise _fail(str(target), "--out", "a folder is there; not overwriting it")
        if (target.exists() or target.is_symlink()) and not force:
            raise WouldOverwrite([Problem(str(target), 1, 1, "--out", "already there; not "
                                          "overwriting it (give --force to replace it)")])
    text = map_bytes(imported.map, out, keep_comments=False)  # a new map, not an edit
    write_files([(image, imported.image), (out, text)])
    return imported
