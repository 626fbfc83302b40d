"""A Shadowrun attack's result, typed: what `AttackResolved.result` holds and the dock and the
log read by attribute. Its JSON form (docs/rules-shadowrun.md#output) is the CLI's output
and the log's, key for key."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from tactical.rules.reports import dump, load
from tactical.rules.shadowrun.attack import AttackResult
from tactical.rules.shadowrun.damage import Monitors
from tactical.rules.shadowrun.pools import Modifier, PoolRoll


@dataclass(frozen=True, slots=True)
class Part:
    source: str
    value: int


@dataclass(frozen=True, slots=True)
class WeaponReport:
    name: str
    kind: str
    dv: str
    base_dv: int
    damage_type: str
    ap: int


@dataclass(frozen=True, slots=True)
class RollReport:
    pool: int
    parts: tuple[Part, ...]
    dice: tuple[int, ...]
    hits: int
    limit: int | None
    hits_limited: int
    ones: int
    glitch: bool
    critical_glitch: bool


@dataclass(frozen=True, slots=True)
class DefenceReport(RollReport):
    """The defence test's roll (its fields first, as the log writes them) and what the
    declared options did."""

    options: tuple[str, ...]
    initiative_cost: int
    initiative_before: int | None
    initiative_after: int | None
    prone: bool
    uses_next_action: bool


@dataclass(frozen=True, slots=True)
class PerTest:
    """One flag per test (None: the test was not rolled)."""

    attack: bool | None
    defense: bool | None
    resist: bool | None


@dataclass(frozen=True, slots=True)
class ArmorReport:
    value: int
    kind: str


@dataclass(frozen=True, slots=True)
class Boxes:
    boxes: int
    size: int | None


@dataclass(frozen=True, slots=True)
class MonitorsReport:
    physical: Boxes
    stun: Boxes
    overflow: int
    status: str


@dataclass(frozen=True, slots=True)
class AttackReport:
    ruleset: str
    weapon: WeaponReport
    attack: RollReport
    defense: DefenceReport
    attack_hits: int
    attack_hits_limited: int
    defense_hits: int
    net_hits: int
    outcome: str  # hit, graze, miss
    hit: bool
    glitch: PerTest
    critical_glitch: PerTest
    modified_dv: int | None
    armor: ArmorReport | None
    modified_av: int | None
    damage_type_before: str | None
    damage_type: str | None
    converted: bool | None
    resist: RollReport | None
    resist_hits: int | None
    damage: int
    monitors_before: MonitorsReport | None
    monitors: MonitorsReport | None
    notes: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return dump(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> AttackReport:
        return load(cls, data)

    def __getitem__(self, key: str) -> Any:
        return self.to_json()[key]


def _parts(parts: Iterable[Modifier]) -> tuple[Part, ...]:
    return tuple(Part(p.source, p.value) for p in parts)


def roll_report(roll: PoolRoll) -> RollReport:
    return RollReport(roll.pool, _parts(roll.parts), tuple(roll.faces), roll.hits, roll.limit,
                      roll.limited_hits, roll.ones, roll.glitch, roll.critical_glitch)


def monitors_report(m: Monitors | None) -> MonitorsReport | None:
    if m is None:
        return None
    return MonitorsReport(Boxes(m.physical, m.physical_size), Boxes(m.stun, m.stun_size),
                          m.overflow, m.status.value)


def report_of(result: AttackResult) -> AttackReport:
    dmg, defence, d = result.damage, result.defence, result.defense
    resist = None if dmg is None else dmg.resist
    rolls = (result.attack, result.defense, resist)
    return AttackReport(
        ruleset=result.ruleset,
        weapon=WeaponReport(result.weapon.name, result.weapon.kind,
                            result.weapon.dv_text or str(result.weapon.dv), result.weapon.dv,
                            result.weapon.damage_type, result.weapon.ap),
        attack=roll_report(result.attack),
        defense=DefenceReport(d.pool, _parts(d.parts), tuple(d.faces), d.hits, d.limit,
                              d.limited_hits, d.ones, d.glitch, d.critical_glitch,
                              tuple(defence.options), defence.initiative_cost,
                              defence.initiative_before, defence.initiative_after,
                              defence.prone, defence.uses_next_action),
        attack_hits=result.attack.hits, attack_hits_limited=result.attack.limited_hits,
        defense_hits=result.defense.limited_hits, net_hits=result.net_hits,
        outcome=result.outcome.value, hit=result.hit,
        glitch=PerTest(*(None if r is None else r.glitch for r in rolls)),
        critical_glitch=PerTest(*(None if r is None else r.critical_glitch for r in rolls)),
        modified_dv=None if dmg is None else dmg.modified_dv,
        armor=None if dmg is None else ArmorReport(dmg.armor, dmg.armor_kind),
        modified_av=None if dmg is None else dmg.modified_av,
        damage_type_before=None if dmg is None else dmg.code_before,
        damage_type=None if dmg is None else dmg.code,
        converted=None if dmg is None else dmg.converted,
        resist=None if resist is None else roll_report(resist),
        resist_hits=None if resist is None else resist.hits,
        damage=result.boxes,
        monitors_before=monitors_report(result.monitors_before),
        monitors=monitors_report(result.monitors_after),
        notes=tuple(result.notes))
