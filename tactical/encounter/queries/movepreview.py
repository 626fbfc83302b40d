"""One move preview: what a move along a path would cost, the first hex it cannot enter and
why, the reactions each step offers and every enemy left out — what the board's drag draws
and what the Move committed on release finds again (RULINGS "Reactions and their triggers
on the map"; Ch.6 Movement).

The preview asks the map oracle, which keeps one prepared reactor set and the latest path
scan: a drag step extends (or cuts) that scan by one hex, and the committed Move's reactions
come from the same scan (`GeometryOracle.scan`). Step n is the n-th hex entered, step 0 the
start hex (`hexes[n]`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from tactical.core.types import Hex
from tactical.encounter.batch import payment
from tactical.encounter.context import Context
from tactical.encounter.handlers.moves import hex_problems
from tactical.encounter.model import Action, EncounterState, Phase
from tactical.encounter.queries.oracle import GeometryOracle
from tactical.geometry.blocked import CHUNK
from tactical.rules.reactions import LeftOut, ReactionOffer

__all__ = ["Blocked", "MovePreview", "move_preview", "movement_left", "warm"]


@dataclass(frozen=True, slots=True)
class Blocked:
    step: int  # the first step the engine would refuse
    hex: Hex
    reasons: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class MovePreview:
    mover: str
    hexes: tuple[Hex, ...]  # the start hex, then the hexes entered: hexes[step]
    metres: float  # what the move costs
    limit_m: float  # how far a Move may still take it
    allowed: int  # steps within `limit_m` and before `blocked` (may pass the path's end)
    blocked: Blocked | None
    reactions: tuple[ReactionOffer, ...]  # by step, then reactor
    left_out: tuple[LeftOut, ...]  # enemies that cannot react to this path, and why
    state: EncounterState = field(compare=False, repr=False)  # what it was computed for


def movement_left(state: EncounterState, ctx: Context, mover: str) -> float:
    """Metres the mover may still walk with a Move: the rest of a halted move, its speed if
    it can pay a Move action (or before combat), else 0."""
    c = state.get(mover)
    if state.halted is not None and state.halted.mover == mover:
        return state.halted.metres_left
    speed = ctx.rules.speed_m(ctx.character(c))  # the sheet's, else movement.speed_m
    if state.phase is not Phase.COMBAT:
        return speed
    slot, _why = payment(c, Action(ctx.rules.actions.move))
    return speed if slot is not None else 0.0


def warm(state: EncounterState, ctx: Context, mover: str) -> None:
    """On a drag's press (the preview of a path not started yet): work out the walls round
    the mover as far as it may walk plus a margin, and at least a chunk's width (a drag
    past the allowance is previewed too), so that the drag's steps only look them up
    (issue 13, item 3)."""
    oracle = ctx.oracle
    if isinstance(oracle, GeometryOracle):
        hexes = int(movement_left(state, ctx, mover) // ctx.rules.metres_per_hex + 1e-9)
        oracle.warm_steps(state, state.get(mover).hex, max(hexes + 2, CHUNK))


def first_blocked(state: EncounterState, ctx: Context, mover: str, hexes: Sequence[Hex],
                  known_ok: int = 0) -> Blocked | None:
    """The first step the engine would refuse (walls, cover, an enemy; anyone at the end),
    the first `known_ok` steps known to be enterable on the way."""
    last = len(hexes) - 1
    for step in range(known_ok + 1, len(hexes)):
        why = hex_problems(state, ctx.oracle, mover, hexes[step], last=step == last,
                           came_from=hexes[step - 1])
        if why:
            return Blocked(step, hexes[step], tuple(why))
    return None


def _known_ok(previous: MovePreview, hexes: tuple[Hex, ...]) -> int:
    """How many steps of `hexes` the previous preview of the same drag already found
    enterable on the way (a hex that passed as the last one passes on the way too)."""
    common = 0
    for a, b in zip(previous.hexes, hexes, strict=False):
        if a != b:
            break
        common += 1
    ok = common - 1
    if previous.blocked is not None:
        ok = min(ok, previous.blocked.step - 1)
    return max(0, min(ok, len(hexes) - 2))  # the new last hex is checked as the last


def move_preview(state: EncounterState, ctx: Context, mover: str, path: Sequence[Hex],
                 previous: MovePreview | None = None) -> MovePreview:
    """The preview of moving `mover` along `path` (the hexes entered, as in `Move.path`).
    Call it once per drag step with the step before as `previous`: only what changed is
    computed (the oracle extends or cuts its path scan; the new hex is checked)."""
    oracle = ctx.oracle
    assert isinstance(oracle, GeometryOracle), "the move preview needs the map geometry"
    c = state.combatants[mover]
    hexes: tuple[Hex, ...] = tuple((int(h[0]), int(h[1])) for h in (c.hex, *path))
    if previous is not None and (previous.state is not state or previous.mover != mover):
        previous = None
    if previous is None and not path:  # a drag's press: no step pays for the walls
        warm(state, ctx, mover)
    halted = state.halted
    done = halted.done_reactors if halted is not None and halted.mover == mover \
        else frozenset()
    report = oracle.report(oracle.round_one(state), mover, c.hex, hexes[1:], done)
    step_m = ctx.rules.metres_per_hex
    limit = previous.limit_m if previous is not None else movement_left(state, ctx, mover)
    allowed = int(limit // step_m + 1e-9)
    blocked = first_blocked(state, ctx, mover, hexes,
                            _known_ok(previous, hexes) if previous is not None else 0)
    if blocked is not None:
        allowed = min(allowed, blocked.step - 1)
    # the legal part stops short of the path's end: not on a hex another stands in (a move
    # may pass an ally but not end on it, moves.hex_problems), so on the free hex before
    while 0 < allowed < len(hexes) - 1 and _held(state, mover, hexes[allowed]):
        allowed -= 1
    return MovePreview(mover, hexes, (len(hexes) - 1) * step_m, limit, allowed, blocked,
                       report.reactions, report.left_out, state)


def _held(state: EncounterState, mover: str, hex_: Hex) -> bool:
    other = state.occupant(hex_)
    return other is not None and other.id != mover
