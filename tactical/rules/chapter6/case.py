"""The CASE file (one attack, as JSON: docs/rules-chapter6.md#case) and the JSON report of
its resolution. The CLI, the tests and the GUI's "what if" all go through here."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import Field, model_validator

from tactical.core.dice import ScriptedDice
from tactical.data.character import Resistance
from tactical.data.gear import DamageType, DiceExpression, FireMode
from tactical.data.schema import Frozen, validate
from tactical.data.yamlsafe import read_yaml
from tactical.rules.chapter6.attack import AttackResult, resolve_attack
from tactical.rules.chapter6.checks import Modifier
from tactical.rules.chapter6.constants import chapter6_ruleset
from tactical.rules.chapter6.numbers import Chapter6Ruleset, PtDr
from tactical.rules.chapter6.odds import AttackOdds, attack_odds
from tactical.rules.chapter6.report import report_of
from tactical.rules.chapter6.setup import (
    Attacker,
    AttackKind,
    AttackSetup,
    BurstChoice,
    CalledShot,
    Cover,
    Defence,
    Defender,
    EdgeUse,
    Option,
    Reaction,
    Situation,
    WeaponProfile,
)


class CaseModifier(Frozen):
    source: str = Field(min_length=1)
    value: int


class CaseAttacker(Frozen):
    skill: int = Field(ge=-20, le=100)
    advantages: tuple[str, ...] = ()
    disadvantages: tuple[str, ...] = ()
    modifiers: tuple[CaseModifier, ...] = ()
    edge: EdgeUse | None = None
    reach_m: float = Field(default=2.0, gt=0, le=20)
    immobilised: bool = False


class CaseWeapon(Frozen):
    kind: Literal["melee", "ranged"]
    damage: DiceExpression
    damage_type: DamageType = DamageType.PHYSICAL
    effective_range_m: float | None = Field(default=None, gt=0)
    max_range_m: float | None = Field(default=None, gt=0)
    modes: tuple[FireMode, ...] = ()
    ammo: int | None = Field(default=None, ge=0)
    reach_m: float = Field(default=2.0, gt=0, le=20)
    name: str = "Weapon"

    @model_validator(mode="after")
    def _ranged_fields(self) -> CaseWeapon:
        if self.kind == "ranged" and (self.effective_range_m is None or not self.modes):
            raise ValueError("a ranged weapon needs effective_range_m and modes")
        if self.kind == "melee" and (self.modes or self.effective_range_m is not None):
            raise ValueError("a melee weapon has no fire modes or effective range")
        return self


class CaseArmor(Frozen):
    pt: int = Field(ge=0, le=100)
    dr: int = Field(ge=0, le=100)


class CaseDefender(Frozen):
    dodge: int = Field(default=0, ge=0, le=100)
    parry: int = Field(default=0, ge=0, le=100)
    discipline: int | None = Field(default=None, ge=0, le=100)
    health: int = Field(default=20, ge=1, le=1000)
    damage_taken: int = Field(default=0, ge=0, le=100_000)  # a bound (issue 11)
    armor: tuple[CaseArmor, ...] = ()
    resistances: tuple[Resistance, ...] = ()
    defenseless: bool = False
    unaware: bool = False
    target_practice: bool = False
    defence: Defence | None = None
    parry_weapon: bool = True
    reach_m: float = Field(default=2.0, gt=0, le=20)
    charging: bool = False
    immobilised: bool = False


class CaseSituation(Frozen):
    distance_m: float | None = Field(default=None, ge=0)
    cover: Cover = Cover.NONE
    cover_class: Literal["flimsy", "light", "medium", "tough", "reinforced",
                         "impenetrable"] | None = None
    through_cover: bool = False
    evading: bool = False
    called_shot: CalledShot | None = None
    called_shot_tn: int | None = None
    size_tn: int = Field(default=0, ge=-20, le=20)
    crossfire_allies: int = Field(default=1, ge=1)
    target_exposed: bool = False
    attackers_in_reach: int = Field(default=1, ge=0)
    defenders_in_reach: int = Field(default=1, ge=0)
    gm_tn: int | None = Field(default=None, ge=0, le=100)
    targets: int = Field(default=1, ge=1, le=20)


class CaseDice(Frozen):
    d10: tuple[int, ...] = ()
    d6: tuple[int, ...] = ()

    @model_validator(mode="after")
    def _faces(self) -> CaseDice:
        for name, sides in (("d10", 10), ("d6", 6)):
            bad = [f for f in getattr(self, name) if not 1 <= f <= sides]
            if bad:
                raise ValueError(f"{name} faces must be 1 to {sides}; found {bad}")
        return self


class Case(Frozen):
    ruleset: Literal["chapter6"] = "chapter6"
    note: str = ""  # what the case shows (a rule example's page, say)
    attacker: CaseAttacker
    weapon: CaseWeapon
    mode: FireMode | None = None
    options: tuple[Option, ...] = ()
    reaction: Reaction | None = None
    burst: BurstChoice | None = None
    defender: CaseDefender = CaseDefender()
    situation: CaseSituation = CaseSituation()
    dice: CaseDice = CaseDice()

    def setup(self) -> AttackSetup:
        a, w, d, s = self.attacker, self.weapon, self.defender, self.situation
        return AttackSetup(
            attacker=Attacker(a.skill, a.advantages, a.disadvantages,
                              tuple(Modifier(m.source, m.value) for m in a.modifiers),
                              a.reach_m, a.edge, a.immobilised),
            weapon=WeaponProfile(AttackKind(w.kind), w.damage, w.damage_type,
                                 w.effective_range_m, w.max_range_m, w.modes, w.ammo,
                                 w.reach_m, w.name),
            defender=Defender(d.dodge, d.parry, d.discipline, d.health,
                              tuple(PtDr(pt=x.pt, dr=x.dr) for x in d.armor), d.resistances,
                              d.defenseless, d.unaware, d.target_practice, d.defence,
                              d.parry_weapon, d.reach_m, d.charging, d.immobilised,
                              s.evading),
            situation=Situation(s.distance_m, s.cover, s.cover_class, s.through_cover,
                                s.called_shot, s.called_shot_tn, s.size_tn,
                                s.crossfire_allies, s.target_exposed, s.attackers_in_reach,
                                s.defenders_in_reach, s.gm_tn, s.targets),
            mode=self.mode, options=self.options, reaction=self.reaction, burst=self.burst)

    def scripted_dice(self) -> ScriptedDice:
        return ScriptedDice(d10=self.dice.d10, d6=self.dice.d6)


def load_case(path: Path | str) -> Case:
    """Read and validate a CASE file; DataError names the file, line, column and field."""
    return validate(read_yaml(path), Case)


def run_case(case: Case, *, odds: bool = False,
             rules: Chapter6Ruleset | None = None) -> dict[str, Any]:
    """Resolve the case with its scripted dice; the JSON report (with the odds if asked)."""
    rules = rules or chapter6_ruleset()
    setup = case.setup()
    result = resolve_attack(setup, case.scripted_dice(), rules,
                            damage_taken=case.defender.damage_taken)
    return result_json(result, attack_odds(setup, rules) if odds else None)


def result_json(result: AttackResult, odds: AttackOdds | None = None) -> dict[str, Any]:
    """The attack as one JSON-able object (format: docs/rules-chapter6.md#output)."""
    return report_of(result, odds).to_json()


def odds_json(odds: AttackOdds) -> dict[str, Any]:
    return {
        "hit": odds.hit, "solid": odds.solid, "perfect": odds.perfect, "fumble": odds.fumble,
        "degrees": {d.value: p for d, p in odds.degrees.items()},
        "injury": odds.injury, "expected_damage": odds.expected_damage,
        "damage": {str(v): p for v, p in odds.damage.items()},
    }
