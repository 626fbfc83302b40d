"""The path a Move takes to a hex (issue 26): shortest and legal by the engine's own step
rules, leg by leg through the GM's waypoints, or the one that triggers the fewest reactions
within the allowance. One owner for the board's drag, the Move it commits and
`tactical path`; the search itself is tactical.geometry.paths.

Legality is the engine's (`hex_problems`, Ch.6 Movement, docs/formats.md "Walls block
steps"): a step may not enter a hex inside cover, cross high cover or a closed door between
two hexes, or enter an enemy's hex; an ally's hex may be passed but not ended on. Each hex
costs the same metres (Ch.6; the map format defines no dearer hex).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tactical.core.types import Hex
from tactical.encounter.context import Context
from tactical.encounter.model import Condition, EncounterState
from tactical.encounter.queries.movepreview import movement_left
from tactical.encounter.queries.oracle import GeometryOracle
from tactical.geometry.params import Band
from tactical.geometry.pathfacts import Mover, PathScan
from tactical.geometry.paths import join, safest_path, shortest_path, straight
from tactical.rules.reactions import band_limit

__all__ = ["DRAG_NODES", "PathPlanner", "plan_path"]

DRAG_NODES = 6_000  # hexes a drag step's search expands at most (then: the straight line)


@dataclass
class PathPlanner:
    """Legal steps for one mover in one state, remembered across a drag's steps (enemies,
    walls and doors do not change while one token is dragged)."""

    state: EncounterState
    ctx: Context
    mover: str
    max_nodes: int = 40_000

    def __post_init__(self) -> None:
        c = self.state.get(self.mover)
        self.start: Hex = c.hex
        self.side = c.side
        self.occupants: dict[Hex, tuple[str, bool]] = {  # hex: (id, an enemy's: never)
            o.hex: (o.id, o.side != c.side and not o.has(Condition.DEAD))
            for o in self.state if o.id != self.mover}
        self._passable: dict[Hex, bool] = {}
        self._steps: dict[tuple[Hex, Hex], bool] = {}
        self._exposure: dict[Hex, int] = {}
        self._offers: dict[tuple[Hex, ...], int] = {}  # reactions_on, by the part that counts
        self._scan: PathScan | None = None
        oracle = self.ctx.oracle
        self.oracle = oracle if isinstance(oracle, GeometryOracle) else None
        self.step_m = self.ctx.rules.metres_per_hex
        self.limit_m = movement_left(self.state, self.ctx, self.mover)

    # --- the engine's step rules, memoised

    def _enterable(self, h: Hex) -> bool:
        found = self._passable.get(h)
        if found is None:
            occupant = self.occupants.get(h)
            if self.oracle is not None:  # the cover as it stands in this state (a door
                self.oracle.sync(self.state)  # opened since the oracle last answered)
            found = (self.ctx.oracle.passable(h) is None
                     and (occupant is None or not occupant[1]))
            self._passable[h] = found
        return found

    def can_step(self, a: Hex, b: Hex) -> bool:
        """The mover may step from `a` into `b` on its way (hex_problems with last=False)."""
        key = (a, b)
        found = self._steps.get(key)
        if found is None:
            found = self._enterable(b) and (
                self.oracle is None or self.oracle.step_blocked(self.state, a, b) is None)
            self._steps[key] = found
        return found

    def can_end(self, h: Hex) -> bool:
        return h == self.start or (self._enterable(h) and h not in self.occupants)

    def exposure(self, h: Hex) -> int:
        """Enemies that would see the mover in `h` within a band, zone or reach."""
        found = self._exposure.get(h)
        if found is None:
            found = self._exposure[h] = self._scan_start().exposure(h, self._done())
        return found

    def _done(self) -> frozenset[str]:
        halted = self.state.halted
        return halted.done_reactors if halted is not None and halted.mover == self.mover \
            else frozenset()

    def _scan_start(self) -> PathScan:
        if self._scan is None:
            assert self.oracle is not None, "the safest path needs the map geometry"
            state = self.oracle.round_one(self.state)
            c = state.get(self.mover)
            band = band_limit(self.oracle.reaction_kinds(state), Band)
            prepared = self.oracle.prepared(state, c.side, band)
            self._scan = PathScan.start(prepared, Mover(
                c.id, c.side, (c.hex,), Condition.DISENGAGED in c.conditions, c.name))
        return self._scan

    # --- paths

    def leg(self, a: Hex, b: Hex, safest_within: int = 0,
            keep: frozenset[Hex] = frozenset()) -> list[Hex]:
        """The hexes from `a` to `b` (both included): the shortest legal path (among equal
        ones, the one staying on `keep`, then the straightest), or with `safest_within` > 0
        the least exposed in that many steps; the straight line when none is found (the
        preview then names the first hex it cannot enter)."""
        found = shortest_path(a, b, self.can_step, self.can_end, self.max_nodes, keep) \
            if safest_within <= 0 else safest_path(a, b, self.can_step, self.can_end,
                                                   self.exposure, safest_within,
                                                   self.max_nodes, keep)
        return found if found is not None else straight(a, b)

    def allowance_steps(self) -> int:
        return int(self.limit_m // self.step_m + 1e-9)

    def reactions_on(self, hexes: Sequence[Hex]) -> int:
        """Reactions a Move along `hexes` (start first) offers within the allowance."""
        if self.oracle is None or len(hexes) < 2:
            return 0
        reach = min(len(hexes) - 1, self.allowance_steps())
        key = tuple(hexes[:reach + 1])  # past the allowance nothing counts: a drag's
        found = self._offers.get(key)  # steps beyond it ask about the same part again
        if found is None:
            state = self.oracle.round_one(self.state)
            report = self.oracle.report(state, self.mover, hexes[0], list(key[1:]),
                                        self._done())
            found = self._offers[key] = len(report.reactions)
        return found

    def plan(self, targets: Sequence[Hex], safest: bool = False) -> list[Hex]:
        """The path from the mover's hex through each of `targets` in turn (waypoints, then
        the goal), start first. `safest`: each leg the least exposed within what is left of
        the allowance, kept only when it offers no more reactions than the shortest."""
        shortest = self._legs(targets, safest=False)
        if not safest or self.oracle is None:
            return shortest
        safe = self._legs(targets, safest=True)
        if safe != shortest and self.reactions_on(safe) > self.reactions_on(shortest):
            return shortest  # the exposure is a bound, the offers are the rules': never worse
        return safe

    def _legs(self, targets: Sequence[Hex], safest: bool) -> list[Hex]:
        path = [self.start]
        for target in targets:
            path = self.extend(path, target, safest, checked=False)
        return path

    def extend(self, path: Sequence[Hex], target: Hex, safest: bool = False,
               checked: bool = True, keep: Sequence[Hex] = ()) -> list[Hex]:
        """`path` (start first, ending at the last waypoint) on to `target`: the drag's
        step (only the last leg is searched again; `keep`: the path drawn before, kept
        where an equally short way allows). `safest` with `checked`: the least exposed leg,
        kept only when the whole offers no more reactions than the shortest."""
        left = max(0, self.allowance_steps() - (len(path) - 1))
        short = join([list(path), self.leg(path[-1], target, keep=frozenset(keep))])
        if not safest or left == 0 or self.oracle is None:
            return short
        safe = join([list(path), self.leg(path[-1], target, left, frozenset(keep))])
        if checked and safe != short and self.reactions_on(safe) > self.reactions_on(short):
            return short
        return safe


def plan_path(state: EncounterState, ctx: Context, mover: str, targets: Sequence[Hex],
              safest: bool = False) -> list[Hex]:
    """The path (start first) `mover` takes through `targets` (waypoints, then the goal)."""
    return PathPlanner(state, ctx, mover).plan(targets, safest)
