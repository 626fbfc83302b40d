"""The cheapest legal path between two hexes (issue 26): A* over the hex grid with every step
costing one hex (Ch.6 Movement counts metres per hex; neither the rules nor the map format
define a dearer hex), ties broken toward the straight line from start to goal, so that a
drag between hex rows walks the line a GM would draw instead of zig-zagging.

What is legal is the caller's (the engine knows walls, doors, cover and tokens):
`can_step(a, b)` says whether the mover may step from `a` into its neighbour `b` on the way,
`can_end(h)` whether it may stop in `h` (an ally's hex may be passed, not ended on).

The fewest-reactions variant (`safest_path`) orders paths by (exposure, length, straightness)
where `exposure(h)` is the number of reactors a step into `h` exposes the mover to; it is
searched only within `within` steps of the start (the allowance), beyond that it is the
shortest path on. No Qt and no encounter state here.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable

from tactical.core.types import Hex
from tactical.geometry.hexgrid import DIRECTIONS, hex_distance, hex_line, hex_neighbours

__all__ = ["MAX_NODES", "join", "safest_path", "shortest_path"]

MAX_NODES = 40_000  # hexes expanded at most: a path round a long wall, not the whole map
_SQRT3 = math.sqrt(3.0)
_LEAVE = 1_000.0  # a hex off the kept path outweighs any straightness


def _off_line(start: Hex, goal: Hex) -> Callable[[Hex], float]:
    """How far a hex lies from the straight segment start→goal, in hex widths (the tie
    break: the straighter line wins)."""
    ax, ay = start[0] + start[1] / 2, start[1] * _SQRT3 / 2
    bx, by = goal[0] + goal[1] / 2, goal[1] * _SQRT3 / 2
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy

    def distance(h: Hex) -> float:
        x, y = h[0] + h[1] / 2 - ax, h[1] * _SQRT3 / 2 - ay
        if length2 == 0.0:
            return math.hypot(x, y)
        t = max(0.0, min(1.0, (x * dx + y * dy) / length2))
        return math.hypot(x - t * dx, y - t * dy)

    return distance


def _walk_back(parent: dict[Hex, Hex | None], end: Hex) -> list[Hex]:
    out = [end]
    step = parent[end]
    while step is not None:
        out.append(step)
        step = parent[step]
    out.reverse()
    return out


def shortest_path(start: Hex, goal: Hex, can_step: Callable[[Hex, Hex], bool],
                  can_end: Callable[[Hex], bool], max_nodes: int = MAX_NODES,
                  keep: frozenset[Hex] = frozenset()) -> list[Hex] | None:
    """The hexes from `start` to `goal` (both included) of a shortest legal path, None when
    there is none within `max_nodes` expanded hexes. Among shortest paths the one whose
    hexes keep nearest the straight line (summed) is taken; `keep` (a drag's path of the
    step before): first the one that leaves fewest of those hexes, so that a path one hex
    longer keeps its way instead of swinging to a new line of equal length (the drawn path
    does not flicker, and the preview extends its scan instead of starting again)."""
    if start == goal:
        return [start]
    if not can_end(goal):
        return None
    off = _off_line(start, goal)
    gq, gr = goal
    # key: (steps + distance left, steps left, deviation so far, tie counter); the loop is
    # the drag's hot path (issue 26): neighbours, distances and pushes written out inline
    best: dict[Hex, tuple[int, float]] = {start: (0, 0.0)}
    parent: dict[Hex, Hex | None] = {start: None}
    first = hex_distance(start, goal)
    frontier: list[tuple[int, int, float, int, Hex]] = [(first, first, 0.0, 0, start)]
    done: set[Hex] = set()
    offs: dict[Hex, float] = {}  # each hex's distance from the line, worked out once
    counter = 0
    pop, push = heapq.heappop, heapq.heappush
    while frontier and len(done) < max_nodes:
        _f, _h, dev, _n, here = pop(frontier)
        if here in done:
            continue
        if here == goal:
            return _walk_back(parent, goal)
        done.add(here)
        steps = best[here][0] + 1
        hq, hr = here
        for dq, dr in DIRECTIONS:
            nxt = (hq + dq, hr + dr)
            if nxt in done:
                continue
            known = best.get(nxt)
            if known is not None and known[0] < steps:
                continue
            o = offs.get(nxt)
            if o is None:
                o = offs[nxt] = off(nxt)
            ndev = dev + o + (0.0 if not keep or nxt in keep else _LEAVE)
            if known is not None and known[0] == steps and known[1] <= ndev:
                continue
            if not can_step(here, nxt):
                continue
            best[nxt] = (steps, ndev)
            parent[nxt] = here
            lq, lr = nxt[0] - gq, nxt[1] - gr
            left = (abs(lq) + abs(lr) + abs(lq + lr)) // 2
            counter += 1
            push(frontier, (steps + left, left, ndev, counter, nxt))
    return None


def safest_path(start: Hex, goal: Hex, can_step: Callable[[Hex, Hex], bool],
                can_end: Callable[[Hex], bool], exposure: Callable[[Hex], int],
                within: int, max_nodes: int = MAX_NODES,
                keep: frozenset[Hex] = frozenset()) -> list[Hex] | None:
    """The legal path from `start` to `goal` that is least exposed within `within` steps
    of the start (the sum of `exposure` over the hexes entered up to then), the shortest
    among those, then the straightest. Searched over the hexes within `within` of the
    start; from the hex it leaves that disc, the shortest path on. `keep` (a drag's path of
    the step before), as for `shortest_path`: among paths as safe and as short, the one
    that leaves fewest of those hexes (the drawn path does not swing from one equal way to
    another as the cursor moves on)."""
    if start == goal or within <= 0:
        return shortest_path(start, goal, can_step, can_end, max_nodes, keep)
    if not can_end(goal):
        return None
    off = _off_line(start, goal)
    # Dijkstra on (exposure, steps + distance left, deviation): inside the disc the
    # exposure counts, its border hexes are finished by a shortest path to the goal
    Key = tuple[int, int, float]
    best: dict[Hex, Key] = {start: (0, hex_distance(start, goal), 0.0)}
    parent: dict[Hex, Hex | None] = {start: None}
    steps_to: dict[Hex, int] = {start: 0}
    frontier: list[tuple[int, int, float, int, Hex]] = [(0, hex_distance(start, goal), 0.0,
                                                         0, start)]
    done: set[Hex] = set()
    counter = 0
    found: tuple[Key, list[Hex]] | None = None
    while frontier and len(done) < max_nodes:
        exp, est, dev, _n, here = heapq.heappop(frontier)
        if here in done:
            continue
        if found is not None and (exp, est, dev) >= found[0]:
            break
        done.add(here)
        steps = steps_to[here]
        if here == goal or steps >= within:
            rest = [here] if here == goal else shortest_path(
                here, goal, can_step, can_end, max_nodes, keep)
            walked = _walk_back(parent, here)
            # the way on from the border may cross the hexes already walked: a path that
            # loops is never drawn (issue 26), so that candidate is not one
            if rest is not None and not set(walked).intersection(rest[1:]):
                key = (exp, steps + len(rest) - 1, dev)
                if found is None or key < found[0]:
                    found = (key, walked + rest[1:])
            continue
        for nxt in hex_neighbours(here):
            if nxt in done or not can_step(here, nxt):
                continue
            away = 0.0 if not keep or nxt in keep else _LEAVE
            key = (exp + exposure(nxt), steps + 1 + hex_distance(nxt, goal),
                   dev + off(nxt) + away)
            known = best.get(nxt)
            if known is not None and known <= key:
                continue
            best[nxt], parent[nxt], steps_to[nxt] = key, here, steps + 1
            counter += 1
            heapq.heappush(frontier, (*key, counter, nxt))
    if found is None:  # nothing within reach that does not loop: the shortest way
        return shortest_path(start, goal, can_step, can_end, max_nodes, keep)
    return found[1]


def join(legs: list[list[Hex]]) -> list[Hex]:
    """Legs end to end (each leg starts where the last ended): one path, the start first."""
    out: list[Hex] = list(legs[0]) if legs else []
    for leg in legs[1:]:
        out.extend(leg[1:])
    return out


def straight(start: Hex, goal: Hex) -> list[Hex]:
    """The straight hex line (what a drag shows when no legal path reaches the hex: the
    engine then names the first hex it cannot enter)."""
    return list(hex_line(start, goal))
