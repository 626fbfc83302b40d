"""Steps that high cover blocks (issue 15; docs/formats.md "Walls block steps").

A token steps from a hex to a neighbour. A thin wall (an imported Universal VTT wall is
20 cm thick) can lie between two hexes without covering either centre, so "is the hex
free?" alone lets a token walk through it. The rule: a step is blocked when high cover
cuts the two hexes apart — inside the pair of hexes there is no way round it from one
centre to the other, a gap between two covers narrower than 2 × CLEARANCE_M (a person's
shoulders) being no way. So a wall along the side the hexes share blocks, a door a metre
wide lets a token through once it is open wherever the grid falls on it, and the corner of
a crate stack beside a hex centre, or a pillar that leaves room at the side, is walked
round.

Worked out vectorised, and only where it can matter: the neighbour pairs whose straight
centre-to-centre line crosses the inside of high cover (midpoints against the cover index,
then an exact test against each cover shrunk by 1 µm, MapGeometry.inner, so a line that
only touches an edge passes). For those, a lone convex cover cuts the hexes apart when it
reaches their outline on both sides of the line; else the pair's two hexes minus the
nearby high cover (narrow gaps closed: grown by the clearance, joined, shrunk back), and
whether both centres lie in one piece of what is left (a centre in a closed gap belongs to
the piece nearest it).

Lazily, by chunk (LazySteps; issue 13 item 3: opening a 400 × 400 map must stay under a
second): opening a map computes nothing; the pairs of a chunk of 16 × 16 hexes are worked
out together the first time a step in it is asked about (a millisecond or two; a drag's
press warms the chunks round the token), then a step asks a dict: O(1), no shapely call.
A terrain change keeps the chunks away from it. `blocked_steps` builds every pair at once:
the reference the lazy answers are tested against.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import shapely

from tactical.core.types import Hex
from tactical.data.maps import Grid
from tactical.data.maps import Orientation as GridOrientation
from tactical.geometry.layout import (
    Layout,
    axial_block,
    hex_centres,
    hex_corners,
    hex_to_point,
)
from tactical.geometry.mapgeom import MapGeometry

__all__ = ["CHUNK", "CLEARANCE_M", "BlockedSteps", "LazySteps", "blocked_steps"]

CLEARANCE_M = 0.25  # half the narrowest gap a token passes: 50 cm, shoulder width
MAX_EXACT = 5_000  # steps worked out by overlay at most; a big real map needs ~500
# Half of the six directions: each unordered neighbour pair once (E, NE, S in axial terms).
_HALF = ((1, 0), (1, -1), (0, 1))


@dataclass(frozen=True, slots=True)
class BlockedSteps:
    """Neighbour pairs (the smaller hex first) → the index of the cover that blocks the
    step between them."""

    pairs: dict[tuple[Hex, Hex], int]

    def blocker(self, a: Hex, b: Hex) -> int | None:
        """The cover that blocks the step a → b (either way), or None."""
        return self.pairs.get((a, b) if a <= b else (b, a))

    def __len__(self) -> int:
        return len(self.pairs)


def in_grid(grid: Grid, axial: np.ndarray) -> np.ndarray:
    """Grid.contains, vectorised over an (n, 2) axial array."""
    q, r = axial[:, 0], axial[:, 1]
    if grid.orientation is GridOrientation.FLAT:
        column, row = q, r + (q - (q & 1)) // 2
    else:
        column, row = q + (r - (r & 1)) // 2, r
    inside: np.ndarray = (column >= 0) & (column < grid.columns) & (row >= 0) \
        & (row < grid.rows)
    return inside


def _near_high_cover(geometry: MapGeometry, points: np.ndarray, reach: float) -> np.ndarray:
    """Which points may lie within `reach` of some high cover: its bounding box, grown by
    `reach`, marked on 2 m cells (numpy; spares making a shapely point of every step)."""
    cell = 2.0
    low = points.min(axis=0)
    shape = ((points.max(axis=0) - low) // cell).astype(np.intp) + 1
    marked = np.zeros(shape, dtype=bool)
    bounds = shapely.bounds(geometry.geoms[geometry.high])
    # only the covers near these points (a chunk's pairs ask about a corner of a big map)
    bounds = bounds[(bounds[:, 2] >= low[0] - reach) & (bounds[:, 3] >= low[1] - reach)
                    & (bounds[:, 0] <= points[:, 0].max() + reach)
                    & (bounds[:, 1] <= points[:, 1].max() + reach)]
    first = np.floor((bounds[:, :2] - reach - low) / cell).astype(np.intp).clip(0)
    last = np.floor((bounds[:, 2:] + reach - low) / cell).astype(np.intp)
    for (x0, y0), (x1, y1) in zip(first.tolist(), last.tolist(), strict=True):
        marked[x0:x1 + 1, y0:y1 + 1] = True  # boxes off the grid mark nothing
    where = ((points - low) // cell).astype(np.intp)
    found: np.ndarray = marked[where[:, 0], where[:, 1]]
    return found


def _pair_outlines(geometry: MapGeometry
                   ) -> dict[tuple[int, int], tuple[np.ndarray, np.ndarray, np.ndarray]]:
    return _outlines_of(geometry.layout)


@functools.lru_cache(maxsize=8)  # one per grid: every chunk of a map shares them
def _outlines_of(layout: Layout
                 ) -> dict[tuple[int, int], tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """Per direction d: the outline of hex (0, 0) joined with its neighbour d, and the two
    chains of that outline either side of the line through their centres, each as (k, 2)
    offsets from (0, 0)'s centre (one shape per direction; moved per pair)."""
    origin = np.asarray(layout.origin)
    found: dict[tuple[int, int], tuple[np.ndarray, np.ndarray, np.ndarray]] = {}
    for d in _HALF:
        both = shapely.union_all([shapely.Polygon(hex_corners(layout, (0, 0))),
                                  shapely.Polygon(hex_corners(layout, d))], grid_size=1e-9)
        ring = np.asarray(shapely.get_coordinates(shapely.get_exterior_ring(both)))
        c0 = np.asarray(hex_to_point(layout, (0, 0)))
        cd = np.asarray(hex_to_point(layout, d))
        u = (cd - c0) / np.hypot(*(cd - c0)) * 10
        n = np.array((-u[1], u[0]))
        chains = []
        for side in (n, -n):
            half = shapely.Polygon([c0 - u, cd + u, cd + u + side, c0 - u + side])
            chain = shapely.line_merge(shapely.intersection(shapely.boundary(both), half))
            chains.append(np.asarray(shapely.get_coordinates(chain)) - origin)
        found[d] = (ring - origin, chains[0], chains[1])
    return found


def _convex(geoms: np.ndarray) -> np.ndarray:
    area = shapely.area(geoms)
    hull: np.ndarray = shapely.area(shapely.convex_hull(geoms)) <= area * (1 + 1e-9) + 1e-12
    return hull


def _crossed(geometry: MapGeometry, a: np.ndarray, b: np.ndarray
             ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(pair, cover, metres) for every high cover whose inside the straight line between
    the centres of a[pair] and b[pair] crosses, and how much of the line lies in it."""
    ca, cb = hex_centres(geometry.layout, a), hex_centres(geometry.layout, b)
    middle = (ca + cb) / 2
    reach = float(np.hypot(*(cb[0] - ca[0]))) / 2 + 1e-6
    near = np.flatnonzero(_near_high_cover(geometry, middle, reach))
    pair, cover = geometry.tree.query(shapely.points(middle[near]), predicate="dwithin",
                                      distance=reach)
    pair = near[pair]
    tall = geometry.high[cover]
    pair, cover = pair[tall], cover[tall]
    lines: np.ndarray = np.asarray(shapely.linestrings(np.stack((ca[pair], cb[pair]), axis=1)))
    crosses = shapely.intersects(lines, geometry.inner[cover])
    pair, cover, lines = pair[crosses], cover[crosses], lines[crosses]
    # A step into (or out of) a hex whose centre the cover holds is refused as "inside
    # the cover" already (GeometryOracle.passable): not a wall between two hexes.
    geoms = geometry.geoms[cover]
    apart = ~(shapely.intersects(geoms, shapely.points(ca[pair]))
              | shapely.intersects(geoms, shapely.points(cb[pair])))
    pair, cover, lines = pair[apart], cover[apart], lines[apart]
    # how much of the line each cover holds: worked out only where two covers cross one
    # line (it only chooses which to name)
    inside = np.zeros(len(pair))
    shared = np.bincount(pair, minlength=len(a))[pair] > 1
    inside[shared] = shapely.length(shapely.intersection(lines[shared],
                                                         geometry.geoms[cover[shared]]))
    return pair, cover, inside


def _separated(geometry: MapGeometry, a: np.ndarray, b: np.ndarray,
               directions: np.ndarray, budget: tuple[int, int | None]) -> np.ndarray:
    """For each pair (a[i], b[i]) whose centre line crosses high cover: whether the high
    cover near it (gaps narrower than 2 × CLEARANCE_M closed) leaves no piece of the two
    hexes that holds both centres."""
    ca = hex_centres(geometry.layout, a)
    shapes = np.empty(len(a), dtype=object)
    left, right = np.empty(len(a), dtype=object), np.empty(len(a), dtype=object)
    for d, (outline, one, other) in _pair_outlines(geometry).items():
        mine = np.flatnonzero((directions[:, 0] == d[0]) & (directions[:, 1] == d[1]))
        if len(mine):
            at = ca[mine][:, None, :]
            shapes[mine] = shapely.polygons(outline[None, :, :] + at)
            left[mine] = shapely.linestrings(one[None, :, :] + at)
            right[mine] = shapely.linestrings(other[None, :, :] + at)
    pair, cover = geometry.tree.query(shapes, predicate="dwithin", distance=2 * CLEARANCE_M)
    tall = geometry.high[cover]
    pair, cover = pair[tall], cover[tall]
    order = np.argsort(pair, kind="stable")
    pair, cover = pair[order], cover[order]
    separated = np.zeros(len(a), dtype=bool)
    # A lone convex cover (most pairs: one straight wall) that the centre line crosses
    # cuts the hexes apart exactly when it reaches their outline on both sides of the
    # line: two intersects, no overlay.
    lone = np.bincount(pair, minlength=len(a))[pair] == 1
    lone[lone] = _convex(geometry.geoms[cover[lone]])
    mine, geoms = pair[lone], geometry.geoms[cover[lone]]
    separated[mine] = shapely.intersects(left[mine], geoms) \
        & shapely.intersects(right[mine], geoms)
    rest = ~lone
    # Bounded work on a hostile tangle of walls (issue 11): past `budget` pairs (MAX_EXACT
    # for a whole map; for a chunk CHUNK_EXACT, or fewer once their nearby covers pass
    # CHUNK_COVERS), a step whose straight line crosses high cover is blocked without the
    # exact test.
    ordered, covers = np.unique(pair[rest], return_counts=True)
    within = np.arange(len(ordered)) < budget[0]
    if budget[1] is not None:
        within &= np.cumsum(covers) <= budget[1]
    tangled = ordered[~within]
    separated[tangled] = True
    rest &= ~np.isin(pair, tangled)
    if rest.any():
        done, cut = _cut_apart(geometry, shapes, ca, hex_centres(geometry.layout, b), pair[rest],
                               cover[rest])
        separated[done] = cut
    return separated


def _difference(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """a − b elementwise; shapes GEOS chokes on (a grown-and-shrunk tangle of hand-drawn
    cover) are made valid first."""
    try:
        result: np.ndarray = shapely.difference(a, b)
    except shapely.errors.GEOSException:
        result = shapely.difference(a, shapely.make_valid(b))
    return result


def _cut_apart(geometry: MapGeometry, shapes: np.ndarray, ca: np.ndarray, cb: np.ndarray,
               pair: np.ndarray, cover: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The general case, by overlay: the pairs (sorted `pair`, with their nearby covers)
    and whether the covers, narrow gaps closed, leave the centres in different pieces."""
    counts = np.bincount(pair, minlength=len(shapes))
    closed = np.empty(len(shapes), dtype=object)
    single = counts[pair] == 1
    closed[pair[single]] = geometry.geoms[cover[single]]
    several = ~single
    if several.any():  # close gaps between covers: grow, join, shrink back
        pair_m, cover_m = pair[several], cover[several]
        rank = np.arange(len(pair_m)) - np.searchsorted(pair_m, pair_m)
        grown = shapely.buffer(geometry.geoms[cover_m], CLEARANCE_M, quad_segs=2)
        joined = np.empty(len(shapes), dtype=object)
        joined[pair_m[rank == 0]] = grown[rank == 0]
        for k in range(1, int(rank.max()) + 1):
            now = rank == k
            joined[pair_m[now]] = shapely.union(joined[pair_m[now]], grown[now])
        many = np.unique(pair_m)
        closed[many] = shapely.buffer(joined[many], -CLEARANCE_M, quad_segs=2,
                                      join_style="mitre")
    done = np.unique(pair)
    free = _difference(shapes[done], closed[done])
    parts, owner = shapely.get_parts(free, return_index=True)
    # the piece each centre lies in, or the nearest (a centre in a closed gap)
    piece = np.arange(len(parts))
    best_a, best_b = np.full(len(done), -1), np.full(len(done), -1)
    for best, centres in ((best_a, ca), (best_b, cb)):
        distance = shapely.distance(parts, shapely.points(centres[done[owner]]))
        order = np.lexsort((distance, owner))
        first = np.ones(len(order), dtype=bool)
        first[1:] = owner[order][1:] != owner[order][:-1]
        best[owner[order][first]] = piece[order][first]
    cut: np.ndarray = (best_a < 0) | (best_a != best_b)
    return done, cut


def _pairs(grid: Grid, columns: range | None = None, rows: range | None = None
           ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every neighbour pair of the grid once (or those whose first hex lies in the block of
    offset `columns` × `rows`): hexes a, b (n, 2) and the direction b − a."""
    starts = axial_block(grid, range(grid.columns) if columns is None else columns,
                         range(grid.rows) if rows is None else rows)
    half = np.array(_HALF)
    a = np.repeat(starts, len(half), axis=0)
    d = np.tile(half, (len(starts), 1))
    b = a + d
    keep = in_grid(grid, b)
    return a[keep], b[keep], d[keep]


def _blocked(geometry: MapGeometry, a: np.ndarray, b: np.ndarray, d: np.ndarray,
             chunk: bool = False) -> dict[tuple[Hex, Hex], int]:
    pair, cover, inside = _crossed(geometry, a, b)
    if len(pair) == 0:
        return {}
    # Name the cover the line runs through longest (a door rather than the end of the wall
    # beside it), the first in map order among equals.
    order = np.lexsort((cover, -np.round(inside, 6), pair))
    pair, cover = pair[order], cover[order]
    first = np.ones(len(pair), dtype=bool)
    first[1:] = pair[1:] != pair[:-1]
    pair, cover = pair[first], cover[first]
    budget = (CHUNK_EXACT, CHUNK_COVERS) if chunk else (MAX_EXACT, None)
    shut = _separated(geometry, a[pair], b[pair], d[pair], budget)
    found: dict[tuple[Hex, Hex], int] = {}
    for p, c in zip(pair[shut].tolist(), cover[shut].tolist(), strict=True):
        one: Hex = (int(a[p, 0]), int(a[p, 1]))
        two: Hex = (int(b[p, 0]), int(b[p, 1]))
        found[(one, two) if one <= two else (two, one)] = c
    return found


def blocked_steps(geometry: MapGeometry, grid: Grid) -> BlockedSteps:
    """Every step between two hexes of `grid` that the geometry's high cover blocks."""
    if not geometry.high.any():
        return BlockedSteps({})
    return BlockedSteps(_blocked(geometry, *_pairs(grid)))


# How far from a changed cover a pair's answer may change: the pair's midpoint is at most
# half a step plus a corner (2.16 m on 2 m hexes) from its hexes' outline, and covers within
# twice the clearance of that outline count.
def _reach(geometry: MapGeometry) -> float:
    return geometry.layout.size * math.sqrt(3) / 2 + geometry.layout.size \
        + 2 * CLEARANCE_M + 0.01


# --- worked out lazily, by chunk (issue 13 item 3: opening a 400 × 400 map computes none)

CHUNK = 16  # a chunk is 16 × 16 hexes of offset coordinates: at most 768 pairs
# Steps worked out by overlay per chunk at most, and the covers near them in all (the bench
# maps' densest chunk needs 18 overlays): a hostile chunk's first question costs at most
# this many overlays (~0.2 s past the ~0.6 s of 5,000 covers in one chunk), then lookups.
CHUNK_EXACT = 256
CHUNK_COVERS = 1_000
_Chunk = tuple[int, int]


class LazySteps:
    """`blocked_steps(geometry, grid)`, worked out a chunk at a time: a chunk's pairs (those
    whose first hex in `_pairs`' once-per-pair order lies in the chunk) are computed by the
    same vectorised code the first time a step in it is asked about (or the chunk is
    warmed), then looked up. The same answers as the full build while no chunk has more
    than CHUNK_EXACT pairs for the exact test (the full build: MAX_EXACT in all)."""

    __slots__ = ("_chunks", "_tall", "computed", "geometry", "grid", "size")

    def __init__(self, geometry: MapGeometry, grid: Grid,
                 chunks: dict[_Chunk, tuple[tuple[float, float, float, float],
                                            dict[tuple[Hex, Hex], int]]] | None = None,
                 size: int = CHUNK) -> None:
        self.geometry, self.grid, self.size = geometry, grid, size
        self._tall = bool(geometry.high.any())
        # chunk → (the bounds of its pairs' midpoints, its blocked pairs → cover index)
        self._chunks = dict(chunks or {})
        self.computed = 0  # chunks worked out by this object (tests, benchmarks)

    def blocker(self, a: Hex, b: Hex) -> int | None:
        """The cover that blocks the step a → b (either way), or None."""
        if not self._tall:
            return None
        d = (b[0] - a[0], b[1] - a[1])
        first = a if d in _HALF else b if (-d[0], -d[1]) in _HALF else None
        if first is None or not self.grid.contains(first):
            return None  # not neighbours, or off the map: no pair of the grid
        column, row = self.grid.offset_of(first)
        key = (column // self.size, row // self.size)
        found = self._chunks.get(key)
        pairs = found[1] if found is not None else self._compute(key)
        return pairs.get((a, b) if a <= b else (b, a))

    def warm(self, hex_: Hex, radius: int) -> int:
        """Work out every chunk holding a hex within `radius` steps of `hex_` (a drag's
        press: its steps then only look up). Returns how many chunks were computed."""
        if not self._tall:
            return 0
        column, row = self.grid.offset_of(hex_)
        # one axial step changes an offset column or row by at most one
        n, grid = self.size, self.grid
        columns = range(max(0, column - radius) // n,
                        min(grid.columns - 1, column + radius) // n + 1)
        rows = range(max(0, row - radius) // n, min(grid.rows - 1, row + radius) // n + 1)
        before = self.computed
        for key in ((x, y) for x in columns for y in rows):
            if key not in self._chunks:
                self._compute(key)
        return self.computed - before

    def _compute(self, key: _Chunk) -> dict[tuple[Hex, Hex], int]:
        (x, y), n = key, self.size
        a, b, d = _pairs(self.grid, range(x * n, min((x + 1) * n, self.grid.columns)),
                         range(y * n, min((y + 1) * n, self.grid.rows)))
        box = (0.0, 0.0, 0.0, 0.0)
        pairs: dict[tuple[Hex, Hex], int] = {}
        if len(a):
            layout = self.geometry.layout
            middle = (hex_centres(layout, a) + hex_centres(layout, b)) / 2
            x0, y0 = middle.min(axis=0).tolist()
            x1, y1 = middle.max(axis=0).tolist()
            box = (x0, y0, x1, y1)
            pairs = _blocked(self.geometry, a, b, d, chunk=True)
        self._chunks[key] = (box, pairs)
        self.computed += 1
        return pairs

    def updated(self, geometry: MapGeometry,
                changed: Sequence[tuple[float, float, float, float]]) -> LazySteps:
        """The steps of `geometry`, which differs from this one's only in the covers whose
        bounds are `changed` (a door opened mid-fight): the chunks worked out so far are
        kept, cover indices remapped by id, except those whose pairs come near a change
        (_reach), which are left to be worked out on demand. Both geometries
        must name their covers alike (the oracle's do, encounter/terrain.current_cover)."""
        reach = _reach(geometry)
        index = {key: i for i, key in enumerate(geometry.cover_ids)}
        ids = self.geometry.cover_ids
        kept: dict[_Chunk, tuple[tuple[float, float, float, float],
                                 dict[tuple[Hex, Hex], int]]] = {}
        for key, (box, pairs) in self._chunks.items():
            if any(box[0] - reach <= x1 and x0 <= box[2] + reach and box[1] - reach <= y1
                   and y0 <= box[3] + reach for x0, y0, x1, y1 in changed):
                continue
            moved = {pair: index.get(ids[old], -1) for pair, old in pairs.items()}
            if -1 not in moved.values():  # a blocking cover gone: work the chunk out again
                kept[key] = (box, moved)
        return LazySteps(geometry, self.grid, kept, self.size)

    def __len__(self) -> int:
        """The blocked steps worked out so far."""
        return sum(len(pairs) for _box, pairs in self._chunks.values())
