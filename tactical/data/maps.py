"""Encounter maps: grid, background, cover polygons, tokens (format: docs/formats.md#maps).

Geometry is in metres, y down, origin at the centre of hex (0, 0); hexes are axial (q, r),
2 m flat side to flat side (shared/ARCHITECTURE.md, Coordinates).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from enum import StrEnum
from typing import Any, Literal

from pydantic import Field, field_validator, model_validator

from tactical.core.types import Hex
from tactical.data.character import Character
from tactical.data.gear import Armor, Slug, Weapon, duplicate_ids
from tactical.data.pictures import RelativePicture
from tactical.data.problems import Loc
from tactical.data.schema import Frozen

Point = tuple[float, float]


class CoverClass(StrEnum):
    """Ch.6 Cover: sample cover values, weakest first (order matters: 'strongest crossed')."""

    FLIMSY = "flimsy"
    LIGHT = "light"
    MEDIUM = "medium"
    TOUGH = "tough"
    REINFORCED = "reinforced"
    IMPENETRABLE = "impenetrable"

    @property
    def rank(self) -> int:
        return _COVER_RANK[self]


#: Looked up, not searched for: every cover of a map asks once when the map is opened.
_COVER_RANK = {c: i for i, c in enumerate(CoverClass)}


class Orientation(StrEnum):
    FLAT = "flat"
    POINTY = "pointy"


class Grid(Frozen):
    """A rectangle of hexes `columns` × `rows` in offset layout: flat-top maps shove odd
    columns down half a hex, pointy-top maps shove odd rows right (Red Blob's odd-q / odd-r).
    Offset coordinates exist only here, at import; everything else is axial."""

    columns: int = Field(ge=1, le=500)
    rows: int = Field(ge=1, le=500)
    orientation: Orientation = Orientation.FLAT

    def offset_of(self, hex_: Hex) -> tuple[int, int]:
        q, r = hex_
        if self.orientation is Orientation.FLAT:
            return q, r + (q - (q & 1)) // 2
        return q + (r - (r & 1)) // 2, r

    def axial_of(self, column: int, row: int) -> Hex:
        if self.orientation is Orientation.FLAT:
            return column, row - (column - (column & 1)) // 2
        return column - (row - (row & 1)) // 2, row

    def contains(self, hex_: Hex) -> bool:
        column, row = self.offset_of(hex_)
        return 0 <= column < self.columns and 0 <= row < self.rows


MAX_TOKENS = 500
MAX_COVER = 5000
MAX_VERTICES = 50_000


class Background(Frozen):
    """An image under the grid: its top-left pixel lies at `offset_m`; `metres_per_pixel`
    scales it (a 2 m hex at 64 px per hex is 0.03125 m per pixel)."""

    image: RelativePicture  # path relative to the map file
    metres_per_pixel: float = Field(gt=0, le=10)
    offset_m: Point = (0.0, 0.0)


class Cover(Frozen):
    id: Slug | None = None
    label: str = ""
    cover_class: CoverClass = Field(alias="class")
    height: Literal["low", "high"]  # RULINGS: low gives cover only; high also blocks sight
    # A door can be opened and closed mid-fight (issue 15): a flag, never guessed from a name
    # (version 1 files are migrated on read, MapFile._migrate).
    door: bool = False
    polygon: tuple[Point, ...] = Field(min_length=3, max_length=2000)

    @field_validator("polygon")
    @classmethod
    def _has_area(cls, points: tuple[Point, ...]) -> tuple[Point, ...]:
        if not all(math.isfinite(c) for p in points for c in p):
            raise ValueError("polygon coordinates must be finite numbers (metres)")
        twice_area = sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1)
                         in zip(points, points[1:] + points[:1], strict=True))
        if abs(twice_area) < 1e-6:
            raise ValueError("the polygon has no area (its points lie on one line)")
        return points


class Side(Frozen):
    name: str
    colour: str | None = Field(default=None, pattern=r"^#[0-9a-fA-F]{6}$")


class Token(Frozen):
    id: Slug
    character: Slug  # a character id from the map's own list or the bundled rosters
    side: Slug
    hex: Hex
    name: str | None = None  # shown instead of the character's name ("Guard 2")
    aware: bool = True  # Ch.6 Awareness: an Unaware combatant loses round 1


MAP_VERSION: Literal[2] = 2  # docs/formats.md#map-versions


def named_door(cover: dict[str, Any]) -> bool:
    """How a version 1 map marked a door: its id or label starts with "door"."""
    return any(isinstance(cover.get(key), str) and cover[key].strip().lower().startswith("door")
               for key in ("id", "label"))


class MapFile(Frozen):
    kind: Literal["map"]
    # 1: doors were covers named "door…"; 2: a cover's `door: true` (docs/formats.md)
    version: Literal[1, 2] = MAP_VERSION
    name: str
    description: str = ""
    # a ruleset id; `tactical validate` and the engine check it against the registry
    ruleset: str = Field(default="chapter6", pattern=r"^[a-z][a-z0-9]*$")
    grid: Grid
    background: Background | None = None
    sides: dict[Slug, Side] = Field(default_factory=dict)
    # Limits (issue 11): 60,000 tokens validated and then kept the window from opening.
    cover: tuple[Cover, ...] = Field(default=(), max_length=MAX_COVER)
    tokens: tuple[Token, ...] = Field(default=(), max_length=MAX_TOKENS)
    characters: tuple[Character, ...] = Field(default=(), max_length=MAX_TOKENS)
    # gear only this map's characters use (an imported character's: docs/formats.md)
    weapons: tuple[Weapon, ...] = Field(default=(), max_length=MAX_TOKENS)
    armor: tuple[Armor, ...] = Field(default=(), max_length=MAX_TOKENS)

    @field_validator("version", mode="before")
    @classmethod
    def _not_newer(cls, value: Any) -> Any:
        if isinstance(value, int) and not isinstance(value, bool) and value > MAP_VERSION:
            raise ValueError(f"map format {value} is newer than this Tactical reads "
                             f"(1–{MAP_VERSION}); update Tactical")
        return value

    @model_validator(mode="before")
    @classmethod
    def _migrate(cls, data: Any) -> Any:
        """Read a version 1 map (or one without `version`) as version 2: a cover written
        without `door` whose id or label starts with "door" is a door. A map built in code
        from Cover objects is already current: only written covers (mappings) are guessed."""
        if not isinstance(data, dict) or data.get("version", 1) != 1:
            return data
        migrated = {**data, "version": MAP_VERSION}
        covers = data.get("cover")
        if isinstance(covers, list | tuple):
            migrated["cover"] = [{**c, "door": named_door(c)}
                                 if isinstance(c, dict) and "door" not in c else c
                                 for c in covers]
        return migrated

    def problems(self) -> Iterable[tuple[Loc, str]]:
        yield from duplicate_ids("tokens", self.tokens)
        yield from duplicate_ids("characters", self.characters)
        yield from duplicate_ids("weapons", self.weapons)
        yield from duplicate_ids("armor", self.armor)
        yield from duplicate_ids("cover", self.cover)
        vertices = 0
        for index, cover in enumerate(self.cover):
            vertices += len(cover.polygon)
            if vertices > MAX_VERTICES:
                yield (("cover", index, "polygon"),
                       f"the cover polygons have more than {MAX_VERTICES:,} points in all; "
                       "simplify them")
                break
        occupied: dict[Hex, str] = {}
        for index, token in enumerate(self.tokens):
            if not self.grid.contains(token.hex):
                column, row = self.grid.offset_of(token.hex)
                yield (("tokens", index, "hex"),
                       f"hex {list(token.hex)} is outside the {self.grid.columns}×"
                       f"{self.grid.rows} grid (column {column}, row {row})")
            if token.hex in occupied:
                yield (("tokens", index, "hex"),
                       f"hex {list(token.hex)} already holds token '{occupied[token.hex]}'")
            occupied.setdefault(token.hex, token.id)
            if self.sides and token.side not in self.sides:
                yield (("tokens", index, "side"),
                       f"unknown side '{token.side}'; expected one of: {', '.join(self.sides)}")
