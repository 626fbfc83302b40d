"""Map geometry: hex grid, layouts, cover, sight, range bands, visibility and reaction
triggers (pure; shapely and numpy). See docs/geometry.md for the API and the decisions."""

from tactical.geometry.bands import BandSpan, WeaponRange, band_at, band_spans, weapon_range
from tactical.geometry.layout import Layout, drag_hexes, hex_to_point, layout_for, point_to_hex
from tactical.geometry.mapgeom import MapGeometry, build_map_geometry
from tactical.geometry.params import Band, GeometryParams
from tactical.geometry.sight import CoverLevel, SightResult, line_of_sight, sight
from tactical.geometry.triggers import (
    LeftOut,
    Mover,
    Overwatch,
    PathScan,
    PreparedReactors,
    Reaction,
    ReactionKind,
    Reactor,
    TriggerReport,
    prepare_reactors,
    triggers_along,
)
from tactical.geometry.visibility import (
    Sector,
    band_polygons,
    overwatch_zone,
    reach_zone,
    visibility_polygon,
)

__all__ = [
    "Band", "BandSpan", "CoverLevel", "GeometryParams", "Layout", "LeftOut", "MapGeometry",
    "Mover", "Overwatch", "PathScan", "PreparedReactors", "Reaction", "ReactionKind",
    "Reactor", "Sector", "SightResult", "TriggerReport", "WeaponRange", "band_at",
    "band_polygons", "band_spans", "build_map_geometry", "drag_hexes", "hex_to_point",
    "layout_for", "line_of_sight", "overwatch_zone", "point_to_hex", "prepare_reactors",
    "reach_zone", "sight", "triggers_along", "visibility_polygon", "weapon_range",
]
