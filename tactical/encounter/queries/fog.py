"""Fog of war for the players' screen (issue 16, item 4): players see what their side's
tokens see — the union of their visibility polygons (geometry/visibility.py, past high
cover) — and, dimmed, every area they have seen before in this fight. Both are worked out
from the state and the effective history alone, so a move shows at once and an undo takes
back what the undone move revealed. The GM may reveal or hide hexes by hand on top.

No union is computed on the way to the screen: on a 200 × 200 map with 2,000 covers the
union of 50 sight polygons takes 11 s, while the board paints the polygons one by one into
a mask (ui/board/audience.py FogItem) and a token is seen if any polygon holds it."""

from __future__ import annotations

from collections.abc import Iterable

import shapely
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from tactical.core.types import Hex
from tactical.encounter.events import Moved
from tactical.encounter.model import Condition, EncounterState
from tactical.geometry.layout import hex_corners, point_to_hex
from tactical.geometry.mapgeom import MapGeometry
from tactical.geometry.visibility import visibility_polygon


class FogView:
    """The fog for one state: which hexes' sight is shown now (`seeing`), which were seen
    before (`seen`, including `seeing`), and the GM's hand (`revealed`, `concealed`)."""

    def __init__(self, fog: FogOfWar, seeing: frozenset[Hex], seen: frozenset[Hex],
                 revealed: frozenset[Hex], concealed: frozenset[Hex]) -> None:
        self.fog = fog
        self.seeing, self.seen = seeing, seen
        self.revealed, self.concealed = revealed, concealed
        self._unions: dict[str, BaseGeometry] = {}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, FogView) and other.fog is self.fog and (
            self.seeing, self.seen, self.revealed, self.concealed) == (
            other.seeing, other.seen, other.revealed, other.concealed)

    __hash__ = None  # type: ignore[assignment]

    def sees(self, point: tuple[float, float]) -> bool:
        h = point_to_hex(self.fog.geometry.layout, point)
        if h in self.concealed:
            return False
        if h in self.revealed:
            return True
        return any(bool(shapely.intersects_xy(self.fog.sight(s), *point)) for s in self.seeing)

    # The areas as single geometries: for tests and small maps (a union can take seconds).

    @property
    def visible(self) -> BaseGeometry:
        return self._union("visible", self.seeing)

    @property
    def explored(self) -> BaseGeometry:
        return self._union("explored", self.seen).union(self.visible)

    def _union(self, name: str, hexes: frozenset[Hex]) -> BaseGeometry:
        found = self._unions.get(name)
        if found is None:
            area = shapely.union_all([self.fog.sight(h) for h in hexes])
            if self.revealed:
                area = area.union(shapely.union_all(self.fog.hex_polygons(self.revealed)))
            if self.concealed:
                area = area.difference(shapely.union_all(self.fog.hex_polygons(self.concealed)))
            found = self._unions[name] = area
        return found


class FogOfWar:
    """One map's fog. `sight_m` bounds how far a token sees (None: the whole map)."""

    def __init__(self, geometry: MapGeometry, sight_m: float | None = None) -> None:
        self.geometry = geometry
        minx, miny, maxx, maxy = geometry.bounds
        self.sight_m = sight_m if sight_m is not None else float(
            ((maxx - minx) ** 2 + (maxy - miny) ** 2) ** 0.5) + 2.0
        self.revealed: frozenset[Hex] = frozenset()  # the GM's hand: always shown ...
        self.concealed: frozenset[Hex] = frozenset()  # ... and never shown (wins)
        self._sight: dict[Hex, BaseGeometry] = {}

    def reveal(self, hexes: Iterable[Hex]) -> None:
        hexes = frozenset(hexes)
        self.revealed |= hexes
        self.concealed -= hexes

    def conceal(self, hexes: Iterable[Hex]) -> None:
        hexes = frozenset(hexes)
        self.concealed |= hexes
        self.revealed -= hexes

    def set_geometry(self, geometry: MapGeometry) -> None:
        """The walls changed (a door opened or shut mid-fight, issue 15): every sight is
        worked out again; what the GM revealed or hid by hand stays."""
        self.geometry = geometry
        self._sight.clear()

    def sight(self, h: Hex) -> BaseGeometry:
        """What the centre of `h` sees (cached until the walls change: set_geometry)."""
        found = self._sight.get(h)
        if found is None:
            found = visibility_polygon(self.geometry, h, self.sight_m)
            self._sight[h] = found
        return found

    def hex_polygons(self, hexes: Iterable[Hex]) -> list[BaseGeometry]:
        return [Polygon(hex_corners(self.geometry.layout, h)) for h in hexes]

    def view(self, state: EncounterState, initial: EncounterState, events: Iterable[object],
             player_sides: frozenset[str]) -> FogView:
        """The fog for `state`, reached from `initial` through `events` (the effective
        history: after an undo the undone move's hexes are no longer in it)."""
        players = {c.id for c in state if c.side in player_sides}
        seeing = frozenset(c.hex for c in state if c.id in players
                           and not (c.has(Condition.DEAD) or c.has(Condition.UNCONSCIOUS)))
        seen = {c.hex for c in initial if c.id in players} | seeing
        for event in events:
            if isinstance(event, Moved) and event.combatant in players:
                seen.update((int(h[0]), int(h[1])) for h in event.path)
        return FogView(self, seeing, frozenset(seen), self.revealed, self.concealed)
