"""Calibrating the 2 m hex grid over a picture (issue 15; Local VTT's assistant): from three
neighbouring hex centres clicked on the picture, or two points a known distance apart.
Pure arithmetic in pixels and metres, no Qt.

Three mutually neighbouring hexes' centres form an equilateral triangle with 2 m sides
(centre to centre = flat side to flat side). A side close to vertical means flat-top hexes
(a flat-top hex has a neighbour straight below it); close to horizontal, pointy-top.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from tactical.data.maps import Background, Grid, Orientation

HEX_M = 2.0
SQRT3 = math.sqrt(3.0)
Pixel = tuple[float, float]


class CalibrationError(ValueError):
    """Clicks that do not describe a hex grid; the message says what to click instead."""


@dataclass(frozen=True, slots=True)
class Calibration:
    metres_per_pixel: float
    orientation: Orientation
    anchor: Pixel  # a pixel known to be a hex centre


def from_three_centres(a: Pixel, b: Pixel, c: Pixel) -> Calibration:
    sides = [math.dist(a, b), math.dist(b, c), math.dist(c, a)]
    mean = sum(sides) / 3
    if mean < 4:
        raise CalibrationError("the three points are too close together: click the centres "
                               "of three hexes that touch each other")
    if max(sides) - min(sides) > 0.2 * mean:
        raise CalibrationError("the three points are not the centres of three hexes that "
                               "touch each other (their distances differ by more than 20%)")
    # The side closest to an axis decides the orientation (angles modulo 180°).
    vertical = 0.0
    for p, q in ((a, b), (b, c), (c, a)):
        angle = math.degrees(math.atan2(q[1] - p[1], q[0] - p[0])) % 180
        vertical = max(vertical, 90 - abs(angle - 90))  # 90 = straight up or down
    orientation = Orientation.FLAT if vertical > 75 else Orientation.POINTY
    return Calibration(HEX_M / mean, orientation, a)


def from_distance(a: Pixel, b: Pixel, metres: float, orientation: Orientation) -> Calibration:
    pixels = math.dist(a, b)
    if pixels < 4 or metres <= 0:
        raise CalibrationError("click two points farther apart, and give their distance")
    return Calibration(metres / pixels, orientation, a)


def placed(cal: Calibration, image_px: tuple[int, int]) -> tuple[Grid, Background]:
    """The grid covering the whole picture and where the picture lies, so that the anchor
    pixel is a hex centre (the picture's top-left corner lies within hex (0, 0)'s reach)."""
    mpp = cal.metres_per_pixel
    ax, ay = cal.anchor[0] * mpp, cal.anchor[1] * mpp
    width, height = image_px[0] * mpp, image_px[1] * mpp
    if cal.orientation is Orientation.FLAT:
        # columns √3 m apart; column k's centres at y = k + 2r (odd columns half down)
        k = math.floor(ax / SQRT3 + 0.5)
        ox = SQRT3 * k - ax
        parity = k % 2
        oy = (parity + 2 * math.floor((ay - parity) / 2 + 0.5)) - ay
        while oy > 1:  # the picture's top edge within row 0's hexes
            oy -= 2
        while oy <= -1:
            oy += 2
        columns = math.ceil((width + ox) / SQRT3) + 1
        rows = math.ceil((height + oy) / 2) + 1
    else:
        k = math.floor(ay / SQRT3 + 0.5)
        oy = SQRT3 * k - ay
        parity = k % 2
        ox = (parity + 2 * math.floor((ax - parity) / 2 + 0.5)) - ax
        while ox > 1:
            ox -= 2
        while ox <= -1:
            ox += 2
        columns = math.ceil((width + ox) / 2) + 1
        rows = math.ceil((height + oy) / SQRT3) + 1
    grid = Grid(columns=max(1, min(500, columns)), rows=max(1, min(500, rows)),
                orientation=cal.orientation)
    return grid, Background(image="picture.png", metres_per_pixel=float(f"{mpp:.9g}"),
                            offset_m=(round(ox, 2) + 0.0, round(oy, 2) + 0.0))
