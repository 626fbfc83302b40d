"""Axial hex maths (Red Blob Games' hex reference): q, r stored, s = -q - r derived.

Pure integer functions over `Hex` tuples; nothing here knows about metres or orientation
(that is tactical/geometry/layout.py).
"""

from __future__ import annotations

from collections.abc import Iterator

from tactical.core.types import Hex

__all__ = ["DIRECTIONS", "Hex", "hex_add", "hex_distance", "hex_line", "hex_neighbour",
           "hex_neighbours", "hex_range", "hex_ring", "hex_round", "hex_s", "hex_scale",
           "hex_spiral", "hex_subtract", "is_neighbour"]

# Red Blob order: E(+q), NE(+q -r), N(-r), W(-q), SW(-q +r), S(+r) in axial terms.
DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def hex_s(h: Hex) -> int:
    return -h[0] - h[1]


def hex_add(a: Hex, b: Hex) -> Hex:
    return a[0] + b[0], a[1] + b[1]


def hex_subtract(a: Hex, b: Hex) -> Hex:
    return a[0] - b[0], a[1] - b[1]


def hex_scale(a: Hex, k: int) -> Hex:
    return a[0] * k, a[1] * k


def hex_distance(a: Hex, b: Hex) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def hex_neighbour(h: Hex, direction: int) -> Hex:
    return hex_add(h, DIRECTIONS[direction % 6])


def hex_neighbours(h: Hex) -> tuple[Hex, ...]:
    return tuple(hex_add(h, d) for d in DIRECTIONS)


def is_neighbour(a: Hex, b: Hex) -> bool:
    return hex_distance(a, b) == 1


def hex_ring(centre: Hex, radius: int) -> tuple[Hex, ...]:
    """The hexes at exactly `radius` steps, walked counter-clockwise from the SW corner."""
    if radius < 0:
        raise ValueError("a ring's radius cannot be negative")
    if radius == 0:
        return (centre,)
    out: list[Hex] = []
    h = hex_add(centre, hex_scale(DIRECTIONS[4], radius))
    for side in range(6):
        for _ in range(radius):
            out.append(h)
            h = hex_neighbour(h, side)
    return tuple(out)


def hex_spiral(centre: Hex, radius: int) -> Iterator[Hex]:
    """Every hex within `radius`, ring by ring from the centre out."""
    for k in range(radius + 1):
        yield from hex_ring(centre, k)


def hex_range(centre: Hex, radius: int) -> tuple[Hex, ...]:
    """Every hex within `radius` steps, row by row (q, then r)."""
    if radius < 0:
        raise ValueError("a range's radius cannot be negative")
    cq, cr = centre
    return tuple((cq + dq, cr + dr)
                 for dq in range(-radius, radius + 1)
                 for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1))


def hex_round(q: float, r: float) -> Hex:
    """Cube rounding: round all three coordinates, then fix the one that moved most."""
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return int(rq), int(rr)


# Nudge the start off the grid's edges and corners so that a line along an edge always
# falls to the same side (Red Blob: "add an epsilon"); the amounts differ per coordinate so
# that no tie survives. The rule: ties break toward +q, +r.
_NUDGE = (1e-6, 2e-6)


def hex_line(a: Hex, b: Hex) -> tuple[Hex, ...]:
    """The hexes a straight line from a's centre to b's centre passes, both ends included;
    its length is distance + 1 and consecutive hexes are neighbours."""
    n = hex_distance(a, b)
    if n == 0:
        return (a,)
    aq, ar = a[0] + _NUDGE[0], a[1] + _NUDGE[1]
    bq, br = b[0] + _NUDGE[0], b[1] + _NUDGE[1]
    return tuple(hex_round(aq + (bq - aq) * i / n, ar + (br - ar) * i / n)
                 for i in range(n + 1))
