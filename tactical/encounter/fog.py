"""Fog of war for the players' screen (issue 16, item 4): players see what their side's
tokens see — the union of their visibility polygons (geometry/visibility.py, past high
cover) — and, dimmed, every area they have seen before in this fight. Both are worked out
from the state and the effective history alone, so a move shows at once and an undo takes
back what the undone move revealed. The GM may reveal or hide hexes by hand on top."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import shapely
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from tactical.core.types import Hex
from tactical.encounter.events import Moved
from tactical.encounter.model import Condition, EncounterState
from tactical.geometry.layout import hex_corners
from tactical.geometry.mapgeom import MapGeometry
from tactical.geometry.visibility import visibility_polygon


@dataclass(frozen=True, slots=True)
class FogView:
    visible: BaseGeometry  # shown plainly
    explored: BaseGeometry  # seen before (contains `visible`): shown dimmed

    def sees(self, point: tuple[float, float]) -> bool:
        return bool(shapely.intersects_xy(self.visible, *point))


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
        self._explored: tuple[frozenset[Hex], BaseGeometry] | None = None

    def reveal(self, hexes: Iterable[Hex]) -> None:
        hexes = frozenset(hexes)
        self.revealed |= hexes
        self.concealed -= hexes

    def conceal(self, hexes: Iterable[Hex]) -> None:
        hexes = frozenset(hexes)
        self.concealed |= hexes
        self.revealed -= hexes

    def sight(self, h: Hex) -> BaseGeometry:
        """What the centre of `h` sees (cached: the map's cover never moves)."""
        found = self._sight.get(h)
        if found is None:
            found = visibility_polygon(self.geometry, h, self.sight_m)
            self._sight[h] = found
        return found

    def view(self, state: EncounterState, initial: EncounterState, events: Iterable[object],
             player_sides: frozenset[str]) -> FogView:
        """The fog for `state`, reached from `initial` through `events` (the effective
        history: after an undo the undone move's hexes are no longer in it)."""
        players = {c.id for c in state if c.side in player_sides}
        now = [c.hex for c in state if c.id in players
               and not (c.has(Condition.DEAD) or c.has(Condition.UNCONSCIOUS))]
        visited = {c.hex for c in initial if c.id in players} | {c.hex for c in state
                                                                  if c.id in players}
        for event in events:
            if isinstance(event, Moved) and event.combatant in players:
                visited.update(tuple(h) for h in event.path)  # type: ignore[misc]
        visible = self._by_hand(shapely.union_all([self.sight(h) for h in now]))
        key = frozenset(visited)
        if self._explored is None or self._explored[0] != key:
            self._explored = (key, shapely.union_all([self.sight(h) for h in key]))
        explored = self._by_hand(self._explored[1]).union(visible)
        return FogView(visible, explored)

    def _by_hand(self, area: BaseGeometry) -> BaseGeometry:
        layout = self.geometry.layout
        if self.revealed:
            area = area.union(shapely.union_all(
                [Polygon(hex_corners(layout, h)) for h in self.revealed]))
        if self.concealed:
            area = area.difference(shapely.union_all(
                [Polygon(hex_corners(layout, h)) for h in self.concealed]))
        return area
