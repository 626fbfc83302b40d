"""Shadowrun area weapons (issue 27; RULINGS "SR area weapons", project defaults, not
quotations of a book): the same aim-at-a-hex flow as Chapter 6's. The throw is Agility +
Throwing Weapons [Physical limit] against a threshold of 3 (a launcher: its skill
[Accuracy]); a miss scatters 1d6 metres, less 1 per net hit, direction 1d6; the DV falls by
the weapon's `falloff` per metre from the landing point; each target resists with Body +
modified armor (AP applies), no defence test. The numbers are area.yaml's and the
catalogue's (`shadowrun:`/`sr4:` DV, AP, Accuracy; `area.sr_falloff`)."""

from __future__ import annotations

import math
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import Field

from tactical.core.dice import Dice, roll_expression
from tactical.core.errors import IllegalCommand, TacticalError
from tactical.data.schema import Frozen, validate
from tactical.data.shadowrun_ruleset import ShadowrunRuleset
from tactical.data.yamlsafe import parse_yaml, read_text
from tactical.rules import api
from tactical.rules.shadowrun.attack import ArmorValues, armor_for
from tactical.rules.shadowrun.damage import (
    DamageCode,
    armor_dice,
    damage_after_resistance,
    damage_code,
    modified_av,
    wound_modifier,
)
from tactical.rules.shadowrun.engine import monitor_damage, monitors
from tactical.rules.shadowrun.pools import (
    Modifier,
    PoolRoll,
    PoolRoller,
    pool_size,
    roll_pool,
)
from tactical.rules.shadowrun.preview import hits_odds
from tactical.rules.shadowrun.sheet import (
    physical_limit,
    stats_of,
    weapon_numbers,
    worn_armor,
)

HERE = Path(__file__).parent


class AreaNumbers(Frozen):
    """One edition's area numbers (area.yaml)."""

    threshold: int = Field(ge=1, le=20)  # hits the throw needs to land on the hex
    thrown_skill: str
    launched_skill: str
    attribute: str
    thrown_limit: Literal["physical", "none"]  # a launcher is limited by its Accuracy
    no_sight_dice: int = Field(ge=-20, le=0)
    scatter: str  # the dice of metres a miss scatters
    direction_die: int = Field(ge=6, le=6)
    prone_rings_out: int = Field(ge=0, le=3)
    suppression_angle_deg: float = Field(gt=0, le=360)
    suppression_band: Literal["short", "medium", "long"]


class AreaFile(Frozen):
    sr4: AreaNumbers
    sr5: AreaNumbers


@cache
def area_numbers(edition: str, path: Path | None = None) -> AreaNumbers:
    """The edition's numbers; a broken file raises DataError naming its line and field."""
    file, text, _raw = read_text(path or HERE / "area.yaml")
    model = validate(parse_yaml(text, file), AreaFile)
    found: AreaNumbers | None = getattr(model, edition, None)
    if found is None:
        raise TacticalError(f"area.yaml has no numbers for {edition}")
    return found


class ShadowrunArea:
    """The `AreaRules` of SR4 and SR5 (rules/api.py)."""

    def __init__(self, rules: ShadowrunRuleset) -> None:
        self.rules = rules
        self.numbers = area_numbers(rules.id)

    # --- the throw at the hex

    def _throw(self, facts: api.HexAttackFacts) -> tuple[list[Modifier], int | None, str,
                                                          list[str]]:
        """The pool's parts, its limit and where it comes from, and every refusal."""
        a, n, weapon = facts.attacker, self.numbers, facts.weapon
        refusals: list[str] = []
        stats = stats_of(facts.attacker_sheet)
        area = weapon.area
        thrown = area is not None and area.delivery == "thrown"
        skill = n.thrown_skill if thrown else n.launched_skill
        words = skill.replace("_", " ").title()
        parts = [Modifier(n.attribute.capitalize(), int(getattr(stats, n.attribute)))]
        if stats.skills.get(skill, 0) > 0:
            parts.insert(0, Modifier(words, stats.skills[skill]))
        else:
            parts.append(Modifier(f"Defaulting (no {words.lower()})",
                                  self.rules.sheet.defaulting))
        own = monitors(a)
        if own is not None and (w := wound_modifier(own, self.rules.monitors)):
            parts.append(Modifier("Wounds", w))
        if not facts.sight.line_of_sight:  # project default: blind fire at the hex
            parts.append(Modifier("No line of sight to the hex", n.no_sight_dice))
        if weapon.max_range_m is not None and facts.sight.distance_m > weapon.max_range_m:
            refusals.append(f"the aimed hex is {facts.sight.distance_m:g} m away, beyond "
                            f"{weapon.name}'s maximum range")
        limit, source = None, ""
        if self.rules.dice.limits:
            sr = weapon_numbers(weapon, self.rules)
            if not thrown and sr is not None and sr.accuracy is not None:
                limit, source = sr.accuracy, "Accuracy"
            elif thrown and n.thrown_limit == "physical":
                limit, source = physical_limit(stats, self.rules), "Physical limit"
        return parts, limit, source, refusals

    def attack_hex(self, facts: api.HexAttackFacts, dice: Dice) -> api.HexAttackOutcome:
        parts, limit, source, refusals = self._throw(facts)
        if refusals:
            raise IllegalCommand(refusals)
        roller = PoolRoller(dice, who={"attack": facts.attacker.name})
        roll = roll_pool("attack", parts, roller, self.rules.dice, limit)
        need = self.numbers.threshold
        margin = roll.limited_hits - need
        hit = margin >= 0
        return api.HexAttackOutcome(hit, margin, roll.critical_glitch,
                                    _throw_text(roll, need, source))

    def scatter(self, outcome: api.HexAttackOutcome, aim_hexes: int,
                dice: Dice) -> tuple[int, int]:
        """RULINGS: "scatter 1d6 metres, less 1 per net hit, direction 1d6 as above"; a
        miss has no net hits, so it goes the full roll. Project default: the metres in 2 m
        hexes, rounded up (a miss lands off the aimed hex); no cap (the text has none)."""
        direction = dice.roll(self.numbers.direction_die) - 1
        metres = roll_expression(self.numbers.scatter, dice).total - max(0, outcome.margin)
        return direction, max(1, math.ceil(metres / 2))

    # --- the blast on one target

    def _dv(self, facts: api.BlastFacts) -> tuple[int, int, DamageCode, float]:
        """The DV where the target stands, the AP, the damage code and the metres it
        counts from the landing point (a prone one a ring's width further out)."""
        weapon = facts.weapon
        sr = weapon_numbers(weapon, self.rules)
        if sr is None or weapon.area is None:
            raise TacticalError(f"{weapon.name} has no shadowrun: numbers in the catalogue")
        radii = [r.radius_m for r in weapon.area.rings]
        natural = next((i for i, r in enumerate(radii) if facts.distance_m <= r + 1e-9),
                       len(radii) - 1)
        shift = max(0, facts.ring - natural)  # RULINGS: prone counts one ring further out
        metres = facts.distance_m + sum(radii[i] - (radii[i - 1] if i else 0.0)
                                        for i in range(natural + 1, natural + 1 + shift)
                                        if i < len(radii))
        falloff = weapon.area.sr_falloff
        dv = int(sr.dv) - math.ceil(falloff * metres - 1e-9)  # "falls by falloff per metre"
        return max(0, dv), sr.ap, sr.damage_type, metres

    def _armor(self, facts: api.BlastFacts) -> tuple[int, int, str]:
        values: ArmorValues = worn_armor(facts.target_armor)
        armor, _kind = armor_for(values, "ranged", self.rules)
        return armor, modified_av(armor, self._dv(facts)[1]), values.source

    def blast(self, facts: api.BlastFacts, dice: Dice) -> api.BlastOutcome:
        dv, ap, code, metres = self._dv(facts)
        armor, av, _ = self._armor(facts)
        body = stats_of(facts.target_sheet).body
        parts = [Modifier("Body", body)]
        if armor_dice(av):
            parts.append(Modifier(f"Armor ({armor}, AP {ap:+d})", armor_dice(av)))
        final = damage_code(code, dv, av, self.rules.damage)
        steps = [f"DV {dv}{final} at {metres:g} m"]
        roll: PoolRoll | None = None
        boxes = 0
        if dv > 0:
            roller = PoolRoller(dice, who={"resist": facts.target.name})
            roll = roll_pool("resist", parts, roller, self.rules.dice)
            boxes = damage_after_resistance(dv, roll.hits)
            why = " + ".join(f"{p.source.split(' (')[0]} {p.value}"
                             + (f" ({p.source.split(' (')[1]}" if " (" in p.source else "")
                             for p in parts)
            steps.append(f"resists with {why} = {pool_size(parts)} dice: "
                         f"{_faces(roll)} = {roll.hits} hit{'s' if roll.hits != 1 else ''}")
        if final != code:
            steps.append(f"DV {dv} against AV {av}: Stun")
        marks = monitor_damage(facts.target, boxes, "stun" if final == "S" else "physical",
                               self.rules) if boxes else None
        kind = "Stun" if final == "S" else "Physical"
        hurt = f"{boxes} {kind} box{'es' if boxes != 1 else ''}" if boxes else "no damage"
        return api.BlastOutcome(f"{facts.target.name} takes {hurt} ({'; '.join(steps)})",
                                boxes, None, marks, () if roll is None else roll.faces)

    # --- before rolling

    def hex_odds(self, facts: api.HexAttackFacts) -> float:
        parts, limit, _, refusals = self._throw(facts)
        need = self.numbers.threshold
        if refusals or (limit is not None and limit < need):
            return 0.0
        return sum(hits_odds(pool_size(parts), self.rules.dice)[need:])

    def expected_blast(self, facts: api.BlastFacts) -> float:
        dv, _ap, _code, _ = self._dv(facts)
        _armor, av, _ = self._armor(facts)
        pool = stats_of(facts.target_sheet).body + armor_dice(av)
        return sum(p * damage_after_resistance(dv, k)
                   for k, p in enumerate(hits_odds(pool, self.rules.dice)))

    def blast_words(self, facts: api.BlastFacts) -> str:
        dv, _ap, code, _ = self._dv(facts)
        return f"DV {dv}{code}"  # before the Physical → Stun comparison and resistance

    @property
    def prone_rings_out(self) -> int:
        return self.numbers.prone_rings_out

    @property
    def suppression(self) -> tuple[float, str]:
        return self.numbers.suppression_angle_deg, self.numbers.suppression_band


def _faces(roll: PoolRoll) -> str:
    return " ".join(str(f) for f in roll.faces) or "no dice"


def _throw_text(roll: PoolRoll, need: int, source: str) -> str:
    pool = " + ".join(f"{p.source} {p.value}" for p in roll.parts)
    limit = f" [{source} {roll.limit}]" if roll.limit is not None else ""
    capped = f", {roll.hits} before the limit" if roll.limited_hits != roll.hits else ""
    got = roll.limited_hits
    result = (f"hits by {got - need}" if got >= need else f"misses by {need - got}")
    if roll.critical_glitch:
        result = "critical glitch"
    elif roll.glitch:
        result += ", glitch"
    return (f"{pool} = {pool_size(roll.parts)} dice{limit}: {_faces(roll)} = {got} "
            f"hit{'s' if got != 1 else ''}{capped} vs threshold {need}: {result}")


_AREAS: dict[int, tuple[ShadowrunRuleset, ShadowrunArea]] = {}


def area_rules(rules: ShadowrunRuleset) -> ShadowrunArea:
    """The one `ShadowrunArea` of an edition's numbers."""
    found = _AREAS.get(id(rules))
    if found is None or found[0] is not rules:
        found = _AREAS[id(rules)] = (rules, ShadowrunArea(rules))
    return found[1]


__all__ = ["AreaNumbers", "ShadowrunArea", "area_numbers", "area_rules"]
