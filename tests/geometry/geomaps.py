"""Small hand-made maps for the geometry tests (flat-top unless told; metres, y down)."""

from __future__ import annotations

import math

from tactical.data.maps import Cover, Grid, MapFile
from tactical.geometry.mapgeom import MapGeometry, build_map_geometry

SQRT3 = math.sqrt(3)


def wall(x0: float, y0: float, x1: float, y1: float, height: str = "low",
         cover_class: str = "medium", ident: str | None = None) -> Cover:
    return Cover(**{"class": cover_class}, id=ident, height=height,
                 polygon=((x0, y0), (x1, y0), (x1, y1), (x0, y1)))


def make_geometry(*covers: Cover, orientation: str = "flat") -> MapGeometry:
    grid = Grid(columns=40, rows=40, orientation=orientation)
    return build_map_geometry(MapFile(kind="map", name="test", grid=grid, cover=covers))
