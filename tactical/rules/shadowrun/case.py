"""The Shadowrun CASE file (one attack, as JSON: docs/rules-shadowrun.md#case) and the JSON
report of its resolution. `tactical attack` dispatches here on "ruleset": "sr4" or "sr5"."""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import Field, field_validator

from tactical.core.dice import DiceExhausted
from tactical.data.problems import DataError, Loc
from tactical.data.schema import Frozen, validate
from tactical.data.yamlsafe import YamlDocument, read_yaml
from tactical.rules.shadowrun.attack import (
    ArmorValues,
    AttackResult,
    AttackSetup,
    WeaponStats,
    resolve_attack,
)
from tactical.rules.shadowrun.constants import shadowrun_ruleset
from tactical.rules.shadowrun.damage import Monitors, base_dv, monitors_for, wound_modifier
from tactical.rules.shadowrun.defence import DefenceDeclaration
from tactical.rules.shadowrun.describe import callouts
from tactical.rules.shadowrun.melee import MeleeSituation, melee_modifiers
from tactical.rules.shadowrun.pools import Modifier, PoolRoller
from tactical.rules.shadowrun.report import report_of

DV_TEXT = re.compile(r"^\s*(STR(\s*[+-]\s*\d+)?|\d+)\s*$")
Rating = Annotated[int, Field(ge=0, le=50)]
Faces = tuple[Annotated[int, Field(ge=1, le=6)], ...]


class CaseModifier(Frozen):
    source: str = Field(min_length=1)
    value: int = Field(ge=-50, le=50)


class CaseAttacker(Frozen):
    pool: int = Field(ge=0, le=100)  # skill + attribute (± modifiers already counted)
    limit: int | None = Field(default=None, ge=0, le=50)  # SR5 only
    strength: int | None = Field(default=None, ge=1, le=50)  # for a DV like "STR+1"
    modifiers: tuple[CaseModifier, ...] = ()


class CaseWeapon(Frozen):
    kind: Literal["melee", "ranged"]
    dv: int | str = Field(union_mode="left_to_right")
    damage_type: Literal["P", "S"] = "P"
    ap: int = Field(default=0, ge=-50, le=50)
    name: str = "Weapon"

    @field_validator("dv")
    @classmethod
    def _dv(cls, value: int | str) -> int | str:
        if isinstance(value, int) and value < 0:
            raise ValueError("DV must be 0 or more")
        if isinstance(value, str) and not DV_TEXT.match(value):
            raise ValueError("DV is a number, or STR, STR+N, STR-N (the attacker's Strength)")
        return value


class CaseArmor(Frozen):
    ballistic: int = Field(ge=0, le=100)
    impact: int = Field(ge=0, le=100)


class CaseDefender(Frozen):
    pool: int = Field(ge=0, le=100)  # SR5 Reaction + Intuition, SR4 Reaction (± modifiers)
    armor: Annotated[int, Field(ge=0, le=100)] | CaseArmor = Field(
        default=0, union_mode="left_to_right")
    body: int = Field(ge=1, le=50)
    willpower: int | None = Field(default=None, ge=1, le=50)  # sizes the Stun monitor
    physical: int = Field(default=0, ge=0, le=100)  # boxes already marked
    stun: int = Field(default=0, ge=0, le=100)
    defence: str | tuple[str, ...] = ()  # declared now; nothing: the ruleset's default
    active: tuple[str, ...] = ()  # turn-long defences declared earlier (Full Defense)
    ratings: dict[str, Rating] = Field(default_factory=dict)  # what the options add
    melee_weapon: bool = False  # a melee weapon in hand (parry)
    initiative: int | None = Field(default=None, ge=-100, le=100)
    modifiers: tuple[CaseModifier, ...] = ()
    resist_modifiers: tuple[CaseModifier, ...] = ()
    wounds: bool = False  # apply the wound modifier of `physical`/`stun` to the defence


class CaseMelee(Frozen):
    """SR4 Melee Modifiers Table inputs (docs/rules-shadowrun.md#melee)."""

    attacker_friends: int = Field(default=0, ge=0, le=50)
    defender_friends: int = Field(default=0, ge=0, le=50)
    attacker_reach: int = Field(default=0, ge=0, le=10)
    defender_reach: int = Field(default=0, ge=0, le=10)
    reach_use: Literal["bonus", "penalty"] = "bonus"
    attacker_off_hand: bool = False
    defender_off_hand: bool = False
    charging: bool = False
    attacker_superior: bool = False
    defender_superior: bool = False
    receiving_charge: bool = False
    touch_only: bool = False


class CaseDice(Frozen):
    attack: Faces = ()
    defense: Faces = ()
    resist: Faces = ()


class ShadowrunCase(Frozen):
    ruleset: str = Field(pattern=r"^[a-z][a-z0-9]*$")  # an edition id (the registry's)
    note: str = ""
    attacker: CaseAttacker
    weapon: CaseWeapon
    defender: CaseDefender
    melee: CaseMelee | None = None
    grazing: bool | None = None  # a tie is a grazing hit (default: the ruleset's)
    dice: CaseDice = CaseDice()

    def problems(self) -> Iterable[tuple[Loc, str]]:
        rules = shadowrun_ruleset(self.ruleset)
        if self.attacker.limit is not None and not rules.dice.limits:
            yield ("attacker", "limit"), f"{self.ruleset} has no limits; leave 'limit' out"
        armor = self.defender.armor
        if len(set(rules.damage.armor_by_kind.values())) > 1 and isinstance(armor, int):
            yield ("defender", "armor"), (f"{self.ruleset} armor is "
                                          "{\"ballistic\": B, \"impact\": I}")
        if len(set(rules.damage.armor_by_kind.values())) == 1 and not isinstance(armor, int):
            yield ("defender", "armor"), f"{self.ruleset} armor is one number"
        if isinstance(self.weapon.dv, str) and "STR" in self.weapon.dv \
                and self.attacker.strength is None:
            yield ("weapon", "dv"), f"DV {self.weapon.dv} needs the attacker's 'strength'"
        if self.melee is not None:
            if rules.melee_modifiers is None:
                yield ("melee",), (f"{self.ruleset} has no melee modifier table; give the "
                                   "modifiers as attacker and defender 'modifiers'")
            if self.weapon.kind != "melee":
                yield ("melee",), "melee modifiers need a melee weapon"

    def declaration(self) -> DefenceDeclaration:
        d = self.defender.defence
        return DefenceDeclaration((d,) if isinstance(d, str) else d, self.defender.active)

    def setup(self) -> AttackSetup:
        rules = shadowrun_ruleset(self.ruleset)
        a, w, d = self.attacker, self.weapon, self.defender
        attack = [Modifier("Pool", a.pool), *(Modifier(m.source, m.value) for m in a.modifiers)]
        defend = [Modifier("Pool", d.pool), *(Modifier(m.source, m.value) for m in d.modifiers)]
        if self.melee is not None and rules.melee_modifiers is not None:
            table = melee_modifiers(MeleeSituation(**self.melee.model_dump()),
                                    rules.melee_modifiers)
            attack += table.attacker
            defend += table.defender
        monitors = self.monitors()
        if d.wounds and (wound := wound_modifier(monitors, rules.monitors)):
            defend.append(Modifier("Wounds", wound))
        armor = (ArmorValues(d.armor) if isinstance(d.armor, int)
                 else ArmorValues(0, d.armor.ballistic, d.armor.impact))
        weapon = WeaponStats(w.name, w.kind, base_dv(w.dv, a.strength, rules.damage),
                             w.damage_type, w.ap, str(w.dv))
        return AttackSetup(
            weapon=weapon, attack_parts=tuple(attack), defence_parts=tuple(defend),
            body=d.body, armor=armor, limit=a.limit,
            limit_source="Limit" if a.limit is not None else "", ratings=dict(d.ratings),
            defence=self.declaration(), has_melee_weapon=d.melee_weapon,
            initiative=d.initiative,
            resist_parts=tuple(Modifier(m.source, m.value) for m in d.resist_modifiers),
            monitors=monitors, grazing=self.grazing)

    def monitors(self) -> Monitors:
        rules = shadowrun_ruleset(self.ruleset)
        d = self.defender
        return monitors_for(d.body, d.willpower, rules.monitors, physical=d.physical,
                            stun=d.stun)

    def roller(self) -> PoolRoller:
        return PoolRoller(queues={"attack": self.dice.attack, "defense": self.dice.defense,
                                  "resist": self.dice.resist})


def load_case(path: Path | str) -> tuple[YamlDocument, ShadowrunCase]:
    """Read and validate a CASE file; DataError names the file, line, column and field."""
    doc = read_yaml(path)
    return doc, validate(doc, ShadowrunCase)


def run_case(case: ShadowrunCase, doc: YamlDocument | None = None) -> dict[str, Any]:
    """Resolve the case with its scripted dice; the JSON report. Dice that run out are
    reported at the CASE's "dice" list (when the document is given)."""
    roller = case.roller()
    try:
        result = resolve_attack(case.setup(), roller, shadowrun_ruleset(case.ruleset))
    except DiceExhausted as exc:
        if doc is None:
            raise
        test = next((t for t in ("attack", "defense", "resist") if f" {t} " in str(exc)),
                    None)
        loc: Loc = ("dice", test) if test and test in (doc.data.get("dice") or {}) else ("dice",)
        raise DataError([doc.problem(loc, str(exc))]) from None
    report = result_json(result)
    # issue 25 item 6: the glitches called out, as the result card and the log lead with them
    whose = {"attacker": "the attacker", "target": "the defender"}
    report["callouts"] = [f"{c.words}: {whose[c.roller]}'s {c.test} test"
                          for c in callouts(report_of(result))]
    left = {t: list(roller.remaining(t)) for t in ("attack", "defense", "resist")
            if roller.remaining(t)}
    report["unused_dice"] = left
    return report


def run_file(path: Path | str) -> dict[str, Any]:
    doc, case = load_case(path)
    return run_case(case, doc)


def result_json(result: AttackResult) -> dict[str, Any]:
    """The attack as one JSON-able object (format: docs/rules-shadowrun.md#output)."""
    return report_of(result).to_json()
