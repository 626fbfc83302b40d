"""Geometry benchmark (issue 5): a generated 200 × 200 hex map, 2,000 cover polygons and
100 tokens (50 per side), fixed seed. Prints one JSON line of medians in milliseconds:
step (trigger evaluation for one hex step of a drag, all enemies), the same with a
straightforward loop of shapely predicates (rays × polygons) measured in the same run,
one sight query, one visibility polygon at 60 m, and the one-off preparation.

Benchmark figures only: nothing here fails on timing. Run: make bench.
"""

from __future__ import annotations

import gc
import json
import math
import random
import statistics
import time

import numpy as np
from benchmap import SEED, generate
from shapely.geometry import LineString

from tactical.geometry.hexgrid import hex_distance, hex_line
from tactical.geometry.layout import hex_to_point, target_points
from tactical.geometry.mapgeom import MapGeometry, build_map_geometry
from tactical.geometry.params import Band, GeometryParams
from tactical.geometry.pathfacts import Mover, PathScan, Reactor
from tactical.geometry.pathfacts import prepare_reactors as prepare_facts
from tactical.geometry.regions import caught, circle, hexes_in, ring, sector
from tactical.geometry.sight import sight
from tactical.geometry.visibility import visibility_polygon
from tactical.rules.chapter6.constants import chapter6_ruleset
from tactical.rules.reactions import band_limit, offers_along
from tactical.rules.registry import ruleset

PARAMS = GeometryParams.from_ruleset(chapter6_ruleset())
KINDS = ruleset("chapter6").reaction_kinds  # a step = the path facts + the kinds judging them


def prepare_reactors(mg, reactors, params, **kw):
    return prepare_facts(mg, reactors, params, band_limit=band_limit(KINDS, Band), **kw)


# --- the straightforward implementation: a Python loop of predicates, rays × polygons ----

def naive_seen(mg: MapGeometry, origin, target) -> bool:
    ox, oy = hex_to_point(mg.layout, origin)
    own = mg.own_cover(origin)
    for px, py in target_points(mg.layout, target, PARAMS.corner_shrink):
        ray = LineString([(ox, oy), (px, py)])
        blocked = False
        for j, poly in enumerate(mg.geoms):
            if not mg.high[j]:
                continue
            poly = own.clipped.get(j, poly)
            if ray.intersects(poly) and not ray.touches(poly):
                blocked = True
                break
        if not blocked:
            return True
    return False


def naive_step(mg: MapGeometry, reactors: list[Reactor], mover: Mover, h,
               prefilter: bool = False) -> list:
    """Per enemy: sight by the ray loop, then the trigger ranges. With `prefilter`, the
    ranges are tested first and sight only where one holds (a kinder baseline)."""
    out = []
    cx, cy = hex_to_point(mg.layout, h)
    for r in reactors:
        if r.side == mover.side or r.cannot_react or not r.aware:
            continue
        d = hex_distance(r.hex, h) * PARAMS.metres_per_hex
        snap = r.weapon is not None and d <= max(4.0, r.weapon.effective_m / 2)
        reach = 0 < d <= r.reach_m
        watch = False
        if r.overwatch is not None and r.weapon is not None and d <= r.weapon.max_m:
            zone = r.overwatch.zone
            if zone is None:
                watch = True
            else:
                ox, oy = hex_to_point(mg.layout, r.hex)
                bearing = math.degrees(math.atan2(cy - oy, cx - ox))
                off = (bearing - zone.direction_deg + 180) % 360 - 180
                watch = abs(off) <= zone.width_deg / 2 and d <= zone.range_m
        if prefilter and not (snap or reach or watch):
            continue
        if naive_seen(mg, r.hex, h) and (snap or reach or watch):
            out.append((r.id, snap, reach, watch))
    return out


def median_ms(samples: list[float]) -> float:
    return round(statistics.median(samples) * 1000.0, 4)


def test_geometry_benchmark():
    rng = random.Random(SEED)
    map_file, reactors = generate(rng)
    gc.collect()

    t0 = time.perf_counter()
    mg = build_map_geometry(map_file)
    build_ms = (time.perf_counter() - t0) * 1000
    # A drag prepares the mover's enemies (the reactor set); both sides for the record.
    enemies = [r for r in reactors if r.side == "red"]
    gc.collect()  # the generator's garbage is not the preparation's cost
    t0 = time.perf_counter()
    prepared = prepare_reactors(mg, enemies, PARAMS)
    prepare_ms = (time.perf_counter() - t0) * 1000
    fresh = build_map_geometry(map_file)
    gc.collect()
    t0 = time.perf_counter()
    prepare_reactors(fresh, reactors, PARAMS)
    prepare_all_ms = (time.perf_counter() - t0) * 1000

    # Drags: for several movers, a path through the thick of the enemies.
    blue = [r for r in reactors if r.side == "blue"]
    red = [r for r in reactors if r.side == "red"]
    step_times: list[float] = []
    naive_times: list[float] = []
    prefiltered_times: list[float] = []
    fired = 0
    for k in range(6):
        mover_r = blue[k]
        path = [mover_r.hex]
        for goal in (red[k].hex, red[k + 10].hex, red[k + 20].hex):
            path.extend(hex_line(path[-1], goal)[1:])
        path = path[:120]
        mover = Mover(mover_r.id, mover_r.side, tuple(path))
        scan = PathScan.start(prepared, Mover(mover.id, mover.side, (path[0],)))
        for h in path[1:]:
            t0 = time.perf_counter()
            scan = scan.extend(h)
            report = offers_along(KINDS, scan.facts())
            step_times.append(time.perf_counter() - t0)
        fired += len(report.reactions)
        for h in path[1:120:24]:
            t0 = time.perf_counter()
            naive_step(mg, reactors, mover, h)
            naive_times.append(time.perf_counter() - t0)
        for h in path[1:120:6]:
            t0 = time.perf_counter()
            naive_step(mg, reactors, mover, h, prefilter=True)
            prefiltered_times.append(time.perf_counter() - t0)

    # The same drags with lazy preparation: no pause at the start, dearer first steps.
    fresh = build_map_geometry(map_file)
    t0 = time.perf_counter()
    lazy = prepare_reactors(fresh, enemies, PARAMS, lazy=True)
    lazy_prepare_ms = (time.perf_counter() - t0) * 1000
    lazy_times: list[float] = []
    for k in range(6):
        mover_r = blue[k]
        path = [mover_r.hex]
        for goal in (red[k].hex, red[k + 10].hex, red[k + 20].hex):
            path.extend(hex_line(path[-1], goal)[1:])
        scan = PathScan.start(lazy, Mover(mover_r.id, mover_r.side, (path[0],)))
        for h in path[1:120]:
            t0 = time.perf_counter()
            scan = scan.extend(h)
            offers_along(KINDS, scan.facts())
            lazy_times.append(time.perf_counter() - t0)

    # Sight at fighting distance (up to 60 m, the visibility radius) and across the map.
    near_pairs, far_pairs = [], []
    while len(near_pairs) < 400 or len(far_pairs) < 200:
        a, b = rng.sample(reactors, 2)
        d = hex_distance(a.hex, b.hex) * PARAMS.metres_per_hex
        (near_pairs if d <= 60 else far_pairs).append((a, b))
    sight_times, far_times, best_of_5 = [], [], []
    for pairs, times in ((near_pairs[:400], sight_times), (far_pairs[:200], far_times)):
        for a, b in pairs:
            t0 = time.perf_counter()
            sight(mg, a.hex, b.hex, PARAMS, a.weapon)
            times.append(time.perf_counter() - t0)

    # The same near queries, each repeated five times and the fastest kept: what one query
    # costs when the machine is not busy with other work (timeit's convention).
    for a, b in near_pairs[:400]:
        runs = []
        for _ in range(5):
            t0 = time.perf_counter()
            sight(mg, a.hex, b.hex, PARAMS, a.weapon)
            runs.append(time.perf_counter() - t0)
        best_of_5.append(min(runs))

    vis_times = []
    for r in rng.sample(reactors, 60):
        t0 = time.perf_counter()
        poly = visibility_polygon(mg, r.hex, 60.0)
        vis_times.append(time.perf_counter() - t0)
        assert poly.is_valid

    # Regions (issue 22.5): an aim moved hex by hex; per step, a 6 m blast's three rings
    # (hexes and who is caught, with the line of effect), or a 60° sector to 30 m.
    tokens = {r.id: r.hex for r in reactors}
    aim_path = list(hex_line(blue[0].hex, red[0].hex))[:80]
    # Each step is also timed five times and the fastest kept (`best5`): what a step costs
    # when the machine is not busy with other work; the plain figures include that work.
    blast_times, sector_times, blast_best, sector_best = [], [], [], []

    def blast(h):
        for shape in (circle(h, 2), ring(h, 2, 4), ring(h, 4, 6)):
            hexes_in(shape, mg.layout, map_file.grid)
            caught(shape, tokens, mg)

    def suppress(h):
        zone = sector(shooter, h, 60, 30)
        hexes_in(zone, mg.layout, map_file.grid)
        caught(zone, tokens, mg)

    shooter = blue[1].hex
    for step, times, best in ((blast, blast_times, blast_best),
                              (suppress, sector_times, sector_best)):
        for h in aim_path:
            if h == shooter:
                continue
            runs = []
            for _ in range(5):
                t0 = time.perf_counter()
                step(h)
                runs.append(time.perf_counter() - t0)
            times.append(runs[0])
            best.append(min(runs))

    step, naive = median_ms(step_times), median_ms(naive_times)
    print()
    print(json.dumps({
        "step_ms": step, "step_p95_ms": round(float(np.percentile(step_times, 95)) * 1000, 4),
        "step_naive_ms": naive, "step_speedup": round(naive / step, 1),
        "step_naive_prefiltered_ms": median_ms(prefiltered_times),
        "sight_ms": median_ms(sight_times), "sight_far_ms": median_ms(far_times),
        "sight_best_of_5_ms": median_ms(best_of_5),
        "visibility_ms": median_ms(vis_times), "prepare_ms": round(prepare_ms, 2),
        "prepare_both_sides_ms": round(prepare_all_ms, 2),
        "build_map_ms": round(build_ms, 2),
        "lazy_prepare_ms": round(lazy_prepare_ms, 2), "lazy_step_ms": median_ms(lazy_times),
        "lazy_step_p95_ms": round(float(np.percentile(lazy_times, 95)) * 1000, 4),
        "region_caught_ms_200_blast": median_ms(blast_times),
        "region_caught_p95_ms_200_blast": round(float(np.percentile(blast_times, 95)) * 1000, 4),
        "region_caught_best5_p95_ms_200_blast":
            round(float(np.percentile(blast_best, 95)) * 1000, 4),
        "region_caught_ms_200_sector": median_ms(sector_times),
        "region_caught_p95_ms_200_sector":
            round(float(np.percentile(sector_times, 95)) * 1000, 4),
        "region_caught_best5_p95_ms_200_sector":
            round(float(np.percentile(sector_best, 95)) * 1000, 4),
        "steps": len(step_times),
        "reactions_seen": fired,
    }))
