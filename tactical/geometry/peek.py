"""Peeking around cover: the hexes next to a combatant's own that it can lean out into, and
the best sight from them (Ch.6 Fire Around Cover, l.204: "shoot from cover … by sticking
your head (and arms) out, shooting, and then ducking back down").

Neutral facts only: the encounter decides who may peek (its Move action, the hexes other
tokens hold). Cheap: six neighbours, one seven-ray sight test each, and only when the
origin touches high cover.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import shapely

from tactical.core.types import Hex
from tactical.geometry.hexgrid import hex_neighbours
from tactical.geometry.mapgeom import MapGeometry
from tactical.geometry.params import GeometryParams
from tactical.geometry.sight import CoverLevel, SightResult, sight

__all__ = ["beside_high_cover", "best_peek", "peek_hexes"]

_ORDER = {CoverLevel.NONE: 0, CoverLevel.PARTIAL: 1, CoverLevel.FULL: 2}


def beside_high_cover(mg: MapGeometry, origin: Hex) -> bool:
    """Whether `origin` stands in or touches high cover (the cover one peeks around)."""
    return any(bool(mg.high[j]) for j in mg.own_cover(origin).indices)


def peek_hexes(mg: MapGeometry, origin: Hex,
               usable: Callable[[Hex], bool] = lambda _: True) -> tuple[Hex, ...]:
    """The neighbours of `origin` one leans out into from behind high cover: none unless
    `origin` touches high cover; each neighbour whose centre lies in no cover and that
    `usable` accepts (on the map, free of tokens: the caller's say)."""
    if not beside_high_cover(mg, origin):
        return ()
    found: list[Hex] = []
    here = mg.centre(origin)
    for h in hex_neighbours(origin):
        if not usable(h):
            continue
        if len(mg.tree.query(shapely.Point(*mg.centre(h)), predicate="intersects")):
            continue
        if _through_high_cover(mg, shapely.LineString([here, mg.centre(h)])):
            continue  # the far side of a wall: one leans round cover, not through it
        found.append(h)
    return tuple(found)


def _through_high_cover(mg: MapGeometry, line: shapely.LineString) -> bool:
    """Whether `line` passes through the interior of some high cover."""
    for j in mg.tree.query(line, predicate="intersects").tolist():
        if mg.high[j] and not shapely.touches(mg.geoms[j], line):
            return True
    return False


def best_peek(mg: MapGeometry, hexes: Iterable[Hex], target: Hex, params: GeometryParams,
              *, target_prone: bool = False) -> SightResult | None:
    """The sight from the hex of `hexes` that sees `target` best: line of sight, then the
    least cover, then the nearest; ties keep the first. None: none of them sees it."""
    best: SightResult | None = None
    for h in hexes:
        seen = sight(mg, h, target, params, target_prone=target_prone)
        if not seen.line_of_sight:
            continue
        if best is None or (_ORDER[seen.cover], seen.distance_hexes) < \
                (_ORDER[best.cover], best.distance_hexes):
            best = seen
    return best
