"""Colours, pens and sizes of the board: colour-blind safe (Okabe–Ito for sides and triggers,
a light-to-dark ramp for cover strength, viridis for range bands), thick enough for a
projector at 1920 × 1080. Sizes are in metres (scene units) unless named `_px`."""

from __future__ import annotations

from enum import IntEnum

from PySide6.QtGui import QColor

from tactical.data.maps import CoverClass
from tactical.geometry.params import Band

# Okabe & Ito (2008), "Color Universal Design".
OKABE_ITO = {
    "orange": "#E69F00", "sky": "#56B4E9", "green": "#009E73", "yellow": "#F0E442",
    "blue": "#0072B2", "vermillion": "#D55E00", "purple": "#CC79A7", "black": "#000000",
}
SIDE_COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9")

# Weakest pale, strongest dark: strength reads from lightness alone.
COVER_COLOURS: dict[CoverClass, str] = {
    CoverClass.FLIMSY: "#F3E6C4",
    CoverClass.LIGHT: "#DDBF86",
    CoverClass.MEDIUM: "#B98B4E",
    CoverClass.TOUGH: "#8C6239",
    CoverClass.REINFORCED: "#5B4636",
    CoverClass.IMPENETRABLE: "#221E1C",
}

# Range bands are a neutral lightness ramp, nearest band brightest: ordered like the bands,
# readable without colour vision, and clear of the four trigger hues (a viridis ramp put
# Medium next to the Intercept green). Their names and TN modifiers are written on them.
BAND_COLOURS: dict[Band, str] = {
    Band.CLOSE: "#FFFFFF", Band.SHORT: "#D4D4D4", Band.MEDIUM: "#A3A3A3",
    Band.LONG: "#6B6B6B", Band.EXTREME: "#363636",
}
BAND_ALPHA = 70
REACH_COLOUR = "#FFFFFF"  # melee reach: white, dashed — the Intercept green is the trigger's
OVERWATCH_COLOUR = OKABE_ITO["sky"]

HALO = QColor(0, 0, 0, 230)
TEXT = QColor("#FFFFFF")
GRID_LINE = QColor(255, 255, 255, 60)
PATH_OK = QColor("#FFFFFF")
PATH_TOO_LONG = QColor("#FF3B3B")
CURRENT_ACTOR = QColor("#F0E442")  # Okabe–Ito yellow
SELECTED = QColor("#FFFFFF")
HEALTH = QColor("#F4F4F4")  # white: reads on every side colour
STAMINA = QColor("#56B4E9")

# Sizes in metres (a hex is 2 m across the flats).
TOKEN_RADIUS = 0.78
LABEL_HEIGHT = 0.42  # token names
NAME_MAX_M = 6.0  # a name is never wider than about three hexes (2 m each): then "…"
NAME_MIN_CAP_PX = 9.0  # a name's capital height on screen, at least (~12 px text; issue 14)
INITIALS_HEIGHT = 0.62
BAND_LABEL_HEIGHT = 0.55
TRIGGER_LABEL_HEIGHT = 0.48


class Z(IntEnum):
    BACKGROUND = -100
    GRID = -50
    COVER = -40
    ZONES = -30
    BANDS = -20
    PATH = 10
    TRIGGERS = 20
    TOKENS = 30
    DRAGGED = 40
    LABELS = 50


def side_colour(sides: dict[str, str | None], side: str) -> QColor:
    """The map's colour for a side, else the Okabe–Ito colour by the side's order."""
    named = sides.get(side)
    if named:
        return QColor(named)
    order = list(sides) if side in sides else [*sides, side]
    return QColor(SIDE_COLOURS[order.index(side) % len(SIDE_COLOURS)])


def with_alpha(colour: str | QColor, alpha: int) -> QColor:
    c = QColor(colour)
    c.setAlpha(alpha)
    return c
