"""Reaction kinds as ruleset data: the neutral vocabulary every ruleset's kinds are written in.

A ruleset lists its kinds as `ReactionSpec`s (`Ruleset.reaction_kinds`); each is a predicate
over the per-step path facts the geometry computes, plus its numbers and words from the
ruleset's YAML. `offers_along(specs, facts)` turns the facts of one path into the reactions
it offers and the enemies left out — the one place a kind's predicate is evaluated.

Why the facts are read structurally (`PathFacts` is a Protocol, not an import): geometry and
rules are independent layers and the facts are numpy arrays (one entry per reactor), which
do not belong in the stdlib-only `tactical.core`. `tactical.geometry.pathfacts.PathFacts`
satisfies this Protocol; mypy checks it where the engine hands one to the other.

Step indexes (one convention, here and in the geometry, the move preview and the CLI):
step n is the n-th hex the mover enters, step 0 the hex it starts in. Only the log's
`ReactionOffered.step` keeps its recorded meaning (step − 1), converted where it is written.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

import numpy as np
import numpy.typing as npt

from tactical.core.types import Hex

__all__ = ["Detail", "Halt", "LeftOut", "PathFacts", "ReactionOffer", "ReactionReport",
           "ReactionSpec", "Settle", "band_limit", "cover_phrase", "offers_along", "spec_named"]

Steps = npt.NDArray[np.int64]  # per reactor: a path index, −1 for "never"
Flags = npt.NDArray[np.bool_]


class Detail(Protocol):
    """Where a reaction fires: what the reactor sees of the mover there (exact ray test)."""

    @property
    def distance_m(self) -> float: ...
    @property
    def band(self) -> str | None: ...  # the range band of the reactor's ranged weapon
    @property
    def band_tn(self) -> int: ...
    @property
    def cover(self) -> str: ...  # none, partial, full, no_line_of_sight
    @property
    def cover_tn(self) -> int: ...
    @property
    def weapon(self) -> str: ...  # the ready ranged weapon's name ("" without one)
    @property
    def reach_m(self) -> float: ...


class PathFacts(Protocol):
    """Neutral facts of one path (index 0 = the start hex) for every potential reactor."""

    @property
    def reactor_ids(self) -> tuple[str, ...]: ...
    @property
    def path(self) -> tuple[Hex, ...]: ...
    @property
    def last(self) -> int: ...  # index of the last hex of the path
    @property
    def disengaging(self) -> bool: ...  # the mover declared it moves carefully
    @property
    def candidates(self) -> Flags: ...  # enemies of the mover able to react to it at all
    @property
    def enemies(self) -> Flags: ...  # every enemy of the mover (listed when left out)
    @property
    def first_in_band(self) -> Steps: ...  # seen within the band limit of its ranged weapon
    @property
    def first_in_zone(self) -> Steps: ...  # seen in its watched zone, within weapon range
    @property
    def first_in_reach(self) -> Steps: ...  # seen within melee reach, from index 1 on
    @property
    def first_out_of_reach(self) -> Steps: ...  # not seen within reach, from index 1 on
    @property
    def started_in_reach(self) -> Flags: ...  # seen within reach at index 0
    @property
    def mover(self) -> str: ...
    @property
    def in_range(self) -> Flags: ...  # some hex was within its band limit, reach or zone
    @property
    def in_range_seen(self) -> Flags: ...  # ... and seen there
    @property
    def memo(self) -> dict[object, object]: ...  # lives as long as the reactor set

    def detail(self, index: int, step: int) -> Detail: ...
    def left_reasons(self, index: int) -> tuple[str, ...]: ...  # why it is left out


Grants = Literal["melee", "ranged"]
# Where the mover halts for the offer: "at" the path index the predicate names, or in the
# hex "before" it (an Attack of Opportunity is made while the mover is still in reach).
Halt = Literal["at", "before"]
# How the reactor's React settles it: "attack" (the attack it grants, at once), or
# "stop_or_go_on" (the mover chooses: stop there, or go on and take a free attack).
Settle = Literal["attack", "stop_or_go_on"]


@dataclass(frozen=True, slots=True)
class ReactionSpec:
    """One reaction kind: its name (the log's `kind`), its predicate — per reactor, the
    first path index where the reaction becomes possible, −1 for never — and everything the
    engine, the dock and the log need to offer and settle it. Nothing outside the ruleset's
    spec list branches on a kind's name (tests/encounter/test_reaction_kind_names.py)."""

    name: str
    predicate: Callable[[PathFacts], Steps]
    grants: Grants  # the attack it grants; also its weapon (see `weapon`)
    label: str  # how the GM sees it named on the board and in the dock
    colour: str  # a palette key (the board's colour-blind-safe palette)
    why: str  # str.format template over the Detail's fields and `cover` as words
    band: str | None = None  # the furthest range band that counts for `first_in_band`
    attack_label: str = ""  # the attack's name in a breakdown ("" → `label`)
    halt: Halt = "at"
    settle: Settle = "attack"
    clears: tuple[str, ...] = ()  # the reactor's conditions it ends when taken (Overwatch)
    # Offered even to a reactor that settled another reaction during this move, once, if
    # the mover started within its reach (RULINGS Attack of Opportunity, issue 12 item 11)
    owed: bool = False
    # Initiative it costs the reactor when taken (SR5 interrupts: "Intercept (−5 Initiative)")
    initiative_cost: int = 0

    @property
    def weapon(self) -> Literal["melee", "ready"]:
        """The weapon its attack uses unless the GM names one: a melee kind its melee weapon
        (the ready one if it is melee, else the first melee weapon carried, else the sheet's
        unarmed reach), a ranged kind the ready weapon."""
        return "melee" if self.grants == "melee" else "ready"

    @property
    def fixed_weapon(self) -> bool:
        """The mover's choice settles it, the reactor fights with what is in hand: the GM
        does not pick the weapon."""
        return self.settle == "stop_or_go_on"


@dataclass(frozen=True, slots=True)
class ReactionOffer:
    """A reaction a path makes possible: who, which kind, at which step and hex, and why."""

    reactor: str
    kind: str
    step: int
    hex: Hex
    why: str
    distance_m: float = 0.0
    band: str | None = None  # ranged kinds
    band_tn: int = 0
    cover: str = "none"
    cover_tn: int = 0


@dataclass(frozen=True, slots=True)
class LeftOut:
    reactor: str
    reasons: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ReactionReport:
    reactions: tuple[ReactionOffer, ...]  # by step, then reactor, then kind order
    left_out: tuple[LeftOut, ...]  # enemies that cannot react to this path, and why


def spec_named(specs: Sequence[ReactionSpec], name: str) -> ReactionSpec | None:
    """The kind called `name` (a log's or a pending reaction's `kind`), None: not a kind of
    this ruleset."""
    return next((s for s in specs if s.name == name), None)


def cover_phrase(cover: str, cover_tn: int) -> str:
    return {"none": "no cover", "no_line_of_sight": "no line of sight"}.get(
        cover, f"{cover} cover (+{cover_tn})")


def band_limit(specs: Sequence[ReactionSpec], order: Iterable[str]) -> str | None:
    """The furthest band any kind asks `first_in_band` about (`order`: nearest first)."""
    bands = [s.band for s in specs if s.band is not None]
    return max(bands, key=list(order).index) if bands else None


def _offer(spec: ReactionSpec, reactor: str, step: int, h: Hex, d: Detail) -> ReactionOffer:
    ranged = spec.grants == "ranged" and d.band is not None
    cover = cover_phrase(d.cover, d.cover_tn)
    if spec.grants == "ranged" and d.band is None:
        why = f"{d.distance_m:g} m, {cover}"
    else:
        why = spec.why.format(distance_m=d.distance_m, band=d.band, band_tn=d.band_tn,
                              weapon=d.weapon or "weapon", cover=cover, reach_m=d.reach_m)
    return ReactionOffer(reactor, spec.name, step, h, why, d.distance_m,
                         d.band if ranged else None, d.band_tn if ranged else 0,
                         d.cover, d.cover_tn)


def offers_along(specs: Sequence[ReactionSpec], facts: PathFacts,
                 skip: frozenset[str] = frozenset()) -> ReactionReport:
    """Every reaction the path offers (reactors in `skip` already reacted to this move and
    are left out silently), and every other enemy that cannot react, with the reasons."""
    fired: list[tuple[int, str, int, ReactionOffer]] = []
    ids = facts.reactor_ids
    memo = facts.memo  # offers and left-outs repeat from step to step: built once each
    left = facts.enemies
    if facts.last >= 1:  # a reaction to a move needs the mover to move
        able = facts.candidates
        path = facts.path
        for order, spec in enumerate(specs):
            first = spec.predicate(facts)
            hits = np.flatnonzero((first >= 0) & able)
            if not len(hits):
                continue
            left = left & ((first < 0) | ~able)
            for i in hits.tolist():
                if ids[i] in skip:
                    continue
                step = int(first[i])
                key = (spec.name, i, step, path[step])
                offer = memo.get(key)
                if not isinstance(offer, ReactionOffer):
                    offer = _offer(spec, ids[i], step, path[step], facts.detail(i, step))
                    memo[key] = offer
                fired.append((step, ids[i], order, offer))
    fired.sort(key=lambda x: x[:3])
    # The reasons depend on the reactor, the mover, whether it moved and the range facts:
    # the whole list repeats from step to step, so it is kept by those.
    moved = facts.last >= 1
    lkey = ("left out", facts.mover, moved, left.tobytes(), facts.in_range.tobytes(),
            facts.in_range_seen.tobytes())
    out = memo.get(lkey)
    if not isinstance(out, tuple):
        out = memo[lkey] = tuple(LeftOut(ids[i], facts.left_reasons(i))
                                 for i in np.flatnonzero(left).tolist())
    return ReactionReport(tuple(x[3] for x in fired), out)
