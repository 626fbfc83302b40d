"""The benchmark map (issue 5): a generated 200 × 200 hex map, 2,000 cover polygons and
100 tokens (50 per side, all "ganger"), fixed seed; each token also as a geometry Reactor
with a random weapon, reach and overwatch. Shared by bench_geometry.py and the move-preview
test (tests/ui/test_board_move_preview.py)."""

from __future__ import annotations

import math
import random

import shapely

from tactical.data.maps import Cover, Grid, MapFile, Token
from tactical.geometry.bands import WeaponRange
from tactical.geometry.layout import hex_to_point
from tactical.geometry.mapgeom import build_map_geometry
from tactical.geometry.pathfacts import Overwatch, Reactor
from tactical.geometry.visibility import Sector

SEED = 5
SIZE = 200
CLASSES = ("flimsy", "light", "medium", "tough", "reinforced", "impenetrable")
WEAPONS = (WeaponRange(20, 80, "Shotgun"), WeaponRange(30, 120, "Ares Predator"),
           WeaponRange(20, 80, "Machine pistol"), WeaponRange(100, 400, "Assault rifle"))


def generate(rng: random.Random) -> tuple[MapFile, list[Reactor]]:
    grid = Grid(columns=SIZE, rows=SIZE, orientation="flat")
    width, height = SIZE * 1.5 * 2 / math.sqrt(3), SIZE * 2.0
    covers = []
    for _ in range(2000):
        cx, cy = rng.uniform(0, width), rng.uniform(0, height)
        w, h = rng.uniform(0.4, 6.0), rng.uniform(0.4, 3.0)
        angle = rng.uniform(0, math.pi)
        c, s = math.cos(angle), math.sin(angle)
        corners = [(cx + x * c - y * s, cy + x * s + y * c)
                   for x, y in ((-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2),
                                (-w / 2, h / 2))]
        covers.append(Cover(**{"class": rng.choice(CLASSES)},
                            height=rng.choice(("low", "high")), polygon=tuple(corners)))
    provisional = MapFile(kind="map", name="bench", grid=grid, cover=tuple(covers))
    mg = build_map_geometry(provisional)
    tokens, reactors, used = [], [], set()
    while len(tokens) < 100:
        col, row = rng.randrange(20, SIZE - 20), rng.randrange(20, SIZE - 20)
        h = grid.axial_of(col, row)
        x, y = hex_to_point(mg.layout, h)
        if h in used or len(mg.tree.query(shapely.Point(x, y), predicate="intersects")):
            continue
        used.add(h)
        side = "red" if len(tokens) % 2 else "blue"
        ident = f"t{len(tokens)}"
        tokens.append(Token(id=ident, character="ganger", side=side, hex=h))
        overwatch = None
        roll = rng.random()
        if roll < 0.1:
            overwatch = Overwatch(Sector(rng.uniform(0, 360), 60, 60))
        elif roll < 0.15:
            overwatch = Overwatch(None)
        reactors.append(Reactor(
            id=ident, side=side, hex=h, reach_m=rng.choice((2.0, 2.0, 4.0)),
            weapon=rng.choice(WEAPONS), overwatch=overwatch,
            cannot_react=("no Reaction left",) if rng.random() < 0.1 else ()))
    return MapFile(kind="map", name="bench", grid=grid, cover=tuple(covers),
                   tokens=tuple(tokens)), reactors


