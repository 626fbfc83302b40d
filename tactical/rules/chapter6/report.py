"""A Chapter 6 attack's result, typed: what `AttackResolved.result` holds and the dock and the
log read by attribute. Its JSON form (docs/rules-chapter6.md#output) is the CLI's output
and the log's, key for key."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from tactical.rules.chapter6.attack import AttackResult
from tactical.rules.chapter6.checks import Modifier
from tactical.rules.chapter6.odds import AttackOdds
from tactical.rules.reports import dump, load


@dataclass(frozen=True, slots=True)
class Part:
    source: str
    value: int


@dataclass(frozen=True, slots=True)
class Source:
    source: str
    kind: str  # advantage, disadvantage


@dataclass(frozen=True, slots=True)
class AdvantageReport:
    state: str
    sources: tuple[Source, ...]
    cancelled: bool


@dataclass(frozen=True, slots=True)
class RollReport:
    dice: tuple[int, ...]
    base: tuple[int, ...]
    extra: int | None
    edge: int | None
    kept: tuple[int, ...]
    double: bool
    fumble: bool
    skill: int
    modifiers: tuple[Part, ...]
    double_bonus: int
    total: int
    mos: int
    degree: str


@dataclass(frozen=True, slots=True)
class DicePartReport:
    source: str
    dice: str


@dataclass(frozen=True, slots=True)
class Protection:
    pt: int
    dr: int
    steps: tuple[Part, ...]


@dataclass(frozen=True, slots=True)
class DamageReport:
    expression: str
    display: str
    parts: tuple[DicePartReport, ...]
    rolled: tuple[int, ...]
    raw: int
    after_cover: int
    after_armor: int
    type: str
    cover: Protection | None
    armor: Protection


@dataclass(frozen=True, slots=True)
class EffectsReport:
    """An injury's rolled effects; only what it does is written (a 0 or False is left out)."""

    cause: str | None = None
    fatigue: int | None = None
    initiative_loss: int | None = None
    initiative_loss_dice: str | None = None
    initiative_duration: str | None = None
    initiative_zero: bool | None = None
    disadvantage: str | None = None
    disadvantage_rounds: int | None = None
    disadvantage_dice: str | None = None
    actions_per_turn: int | None = None
    actions: tuple[str, ...] | None = None
    no_reactions: bool | None = None
    bleed: str | None = None
    bleed_rounds: int | None = None
    bleed_until_stabilised: bool | None = None
    bleed_rounds_dice: str | None = None
    prone: bool | None = None
    unconscious: bool | None = None
    death_in_rounds: int | None = None
    death_dice: str | None = None
    rolls: tuple[int, ...] | None = None

    def to_json(self) -> dict[str, Any]:
        return {k: v for k, v in dump(self).items() if v not in (None, False)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> EffectsReport:
        return load(cls, data)


@dataclass(frozen=True, slots=True)
class OddsReport:
    hit: float
    solid: float
    perfect: float
    fumble: float
    degrees: dict[str, float]
    injury: dict[str, float]
    expected_damage: float
    damage: dict[str, float]


@dataclass(frozen=True, slots=True)
class AttackReport:
    """The attack as the log keeps it. `injury_raw`/`injury_steps` are written only when
    the hit was weighed for an injury (`injury_steps` not None), `odds` only when asked."""

    tn: int
    tn_breakdown: tuple[Part, ...]
    defence: str | None
    range_band: str | None
    advantage: AdvantageReport
    roll: RollReport
    hit: bool
    mode: str | None
    burst: str | None
    ammo_used: int
    damage: DamageReport | None
    injury: str | None
    effects: EffectsReport | None
    total_damage: int
    cumulative: str
    option_effects: tuple[str, ...]
    notes: tuple[str, ...]
    injury_raw: str | None = None
    injury_steps: tuple[str, ...] | None = None
    odds: OddsReport | None = None

    @property
    def ruleset(self) -> str:
        return "chapter6"  # not written: a report without "ruleset" is Chapter 6's

    def to_json(self) -> dict[str, Any]:
        out = dump(self)
        out["effects"] = None if self.effects is None else self.effects.to_json()
        if self.injury_steps is None:
            del out["injury_raw"], out["injury_steps"]
        if self.odds is None:
            del out["odds"]
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> AttackReport:
        return load(cls, data)

    def __getitem__(self, key: str) -> Any:
        return self.to_json()[key]


def _parts(mods: tuple[Modifier, ...]) -> tuple[Part, ...]:
    return tuple(Part(m.source, m.value) for m in mods)


def odds_report(odds: AttackOdds) -> OddsReport:
    return OddsReport(odds.hit, odds.solid, odds.perfect, odds.fumble,
                      {d.value: p for d, p in odds.degrees.items()}, dict(odds.injury),
                      odds.expected_damage, {str(v): p for v, p in odds.damage.items()})


def report_of(result: AttackResult, odds: AttackOdds | None = None) -> AttackReport:
    plan, check = result.plan, result.check
    adv = plan.advantages
    damage = None
    if result.damage is not None:
        d = result.damage
        cover = None if plan.cover is None else Protection(plan.cover.pt, plan.cover.dr,
                                                           _parts(plan.cover.steps))
        damage = DamageReport(d.expression, d.display,
                              tuple(DicePartReport(p.source, p.dice) for p in d.parts),
                              tuple(d.roll.faces), d.raw, d.after_cover, d.after_armor,
                              d.damage_type.value, cover,
                              Protection(plan.armor.pt, plan.armor.dr, _parts(plan.armor.steps)))
    injury = injury_raw = injury_steps = None
    if result.injury is not None:
        injury = result.injury.level.value if result.injury.level else None
        injury_raw = result.injury.raw_level.value if result.injury.raw_level else None
        injury_steps = tuple(result.injury.steps)
    effects = None
    if result.effects is not None:
        e = result.effects
        effects = EffectsReport(**{f.name: getattr(e, f.name) for f in fields(EffectsReport)})
    return AttackReport(
        tn=plan.tn.tn, tn_breakdown=_parts(plan.tn.breakdown), defence=plan.tn.defence,
        range_band=plan.band.band if plan.band else None,
        advantage=AdvantageReport(
            adv.state.value,
            tuple(Source(s, "advantage") for s in adv.advantages)
            + tuple(Source(s, "disadvantage") for s in adv.disadvantages), adv.cancelled),
        roll=RollReport(tuple(check.dice), tuple(check.base), check.extra, check.edge,
                        tuple(check.kept), check.double, check.fumble, check.skill,
                        _parts(check.modifiers), check.double_bonus, check.total, check.mos,
                        check.degree.value),
        hit=result.hit, mode=plan.mode.value if plan.mode else None,
        burst=plan.burst.value if plan.burst else None, ammo_used=plan.ammo_used,
        damage=damage, injury=injury, effects=effects, total_damage=result.total_damage,
        cumulative=result.cumulative.value, option_effects=tuple(result.option_effects),
        notes=tuple(plan.notes), injury_raw=injury_raw, injury_steps=injury_steps,
        odds=None if odds is None else odds_report(odds))
