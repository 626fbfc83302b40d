"""Map geometry: hex grid, layouts, cover, sight, range bands, visibility and the neutral
per-step facts of a path (pure; shapely and numpy). See docs/geometry.md."""

from tactical.geometry.bands import BandSpan, WeaponRange, band_at, band_spans, weapon_range
from tactical.geometry.layout import Layout, drag_hexes, hex_to_point, layout_for, point_to_hex
from tactical.geometry.mapgeom import MapGeometry, build_map_geometry
from tactical.geometry.params import Band, GeometryParams
from tactical.geometry.pathfacts import (
    Mover,
    Overwatch,
    PathFacts,
    PathScan,
    PreparedReactors,
    Reactor,
    StepDetail,
    prepare_reactors,
)
from tactical.geometry.sight import CoverLevel, SightResult, line_of_sight, sight
from tactical.geometry.visibility import (
    Sector,
    band_polygons,
    overwatch_zone,
    reach_zone,
    visibility_polygon,
)

__all__ = [
    "Band", "BandSpan", "CoverLevel", "GeometryParams", "Layout", "MapGeometry", "Mover",
    "Overwatch", "PathFacts", "PathScan", "PreparedReactors", "Reactor", "Sector",
    "SightResult", "StepDetail", "WeaponRange", "band_at", "band_polygons", "band_spans",
    "build_map_geometry", "drag_hexes", "hex_to_point", "layout_for", "line_of_sight",
    "overwatch_zone", "point_to_hex", "prepare_reactors", "reach_zone", "sight",
    "visibility_polygon", "weapon_range",
]
