"""Where the players' camera looks, as plain numbers (testable without a screen): the three
camera modes, the auto-frame's box, and the physical scale (1 hex = 1 inch or 25 mm)."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the main window builds its menus from this module before the engine
    from tactical.encounter.model import EncounterState

Box = tuple[float, float, float, float]  # left, top, width, height, in metres

MM_PER_INCH = 25.4
AUTO_MARGIN_M = 4.0  # two hexes around what the auto-frame shows
AUTO_MIN_M = 16.0  # never closer than eight hexes across


class CameraMode(StrEnum):
    FOLLOW = "follow"  # shows what the GM's view shows
    LOCKED = "locked"  # never moves: safe for miniatures standing on a TV
    AUTO = "auto"  # the acting combatant, its target and the player characters, animated


class HexSize(StrEnum):
    INCH = "inch"  # 1 hex = 1 inch (25.4 mm): the usual miniatures mat
    MM25 = "25mm"

    @property
    def millimetres(self) -> float:
        return MM_PER_INCH if self is HexSize.INCH else 25.0


def ppi_from_diagonal(width_px: int, height_px: int, diagonal_in: float) -> float:
    """Pixels per inch of a screen from its resolution and the diagonal the GM typed."""
    if diagonal_in <= 0:
        raise ValueError("the screen's diagonal must be more than 0 inches")
    return math.hypot(width_px, height_px) / diagonal_in


def ppi_from_ruler(length_px: float, measured_mm: float) -> float:
    """Pixels per inch from a drawn ruler `length_px` long that the GM measured."""
    if measured_mm <= 0:
        raise ValueError("the measured length must be more than 0 mm")
    return length_px / (measured_mm / MM_PER_INCH)


def physical_px_per_metre(ppi: float, hex_size: HexSize, metres_per_hex: float) -> float:
    """The zoom (pixels per metre) at which a hex, across its flats, is `hex_size` wide."""
    return ppi * (hex_size.millimetres / MM_PER_INCH) / metres_per_hex


def bounding(points: Iterable[tuple[float, float]], margin: float = AUTO_MARGIN_M,
             minimum: float = AUTO_MIN_M) -> Box | None:
    pts = list(points)
    if not pts:
        return None
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    left, top = min(xs) - margin, min(ys) - margin
    width, height = max(xs) + margin - left, max(ys) + margin - top
    if width < minimum:
        left, width = left - (minimum - width) / 2, minimum
    if height < minimum:
        top, height = top - (minimum - height) / 2, minimum
    return (left, top, width, height)


def auto_frame_ids(state: EncounterState, events: Iterable[object], shown: set[str],
                   player_sides: frozenset[str]) -> list[str]:
    """Whom the auto-frame shows: the acting combatant, whom it last attacked this fight,
    and the player characters — only tokens the players' screen draws."""
    from tactical.encounter.events import AttackResolved

    ids = [c.id for c in state if c.side in player_sides]
    actor = state.actor
    if actor is not None:
        ids.append(actor)
        target = None
        for event in events:
            if isinstance(event, AttackResolved) and event.attacker == actor:
                target = event.target
        if target is not None:
            ids.append(target)
    return [i for i in dict.fromkeys(ids) if i in shown]


def lerp_box(a: Box, b: Box, t: float) -> Box:
    """The animated camera between two boxes (t from 0 to 1, eased)."""
    t = 0.5 - math.cos(math.pi * max(0.0, min(1.0, t))) / 2
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t,
            a[2] + (b[2] - a[2]) * t, a[3] + (b[3] - a[3]) * t)


@dataclass(frozen=True, slots=True)
class ScreenInfo:
    """A screen as the placement sees it (QScreen's name and geometry, or a test's)."""

    name: str
    geometry: tuple[int, int, int, int]  # x, y, width, height in desktop pixels


def choose_screen(screens: list[ScreenInfo], remembered: str | None,
                  gm_screen: str | None) -> ScreenInfo | None:
    """The screen the players' window opens on: the one remembered, else the first that is
    not the GM's, else the GM's own (one screen: a window there to capture)."""
    if not screens:
        return None
    for screen in screens:
        if screen.name == remembered:
            return screen
    for screen in screens:
        if screen.name != gm_screen:
            return screen
    return screens[0]
