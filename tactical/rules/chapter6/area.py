"""Ch.6 area attacks (RULINGS "Area attacks", for l.460-466 "special rules for what happens
if you hit or miss"): the check against a hex, the scatter of a miss, one blast ring's
damage on one target. Every number is the ruleset file's `area` section or the weapon's
catalogue entry."""

from __future__ import annotations

from dataclasses import asdict

from tactical.core.dice import Dice, parse_dice, roll_expression
from tactical.core.errors import IllegalCommand
from tactical.rules import api
from tactical.rules.chapter6.armor import (
    Protection,
    adjust,
    cover_protection,
    layer_armor,
    mitigate,
    resistance_changes,
    type_change,
)
from tactical.rules.chapter6.checks import CheckRoll, Modifier, advantages_of, roll_check
from tactical.rules.chapter6.engine import _json_safe, disadvantage_sources
from tactical.rules.chapter6.injury import injury_effects, injury_for
from tactical.rules.chapter6.numbers import Chapter6Ruleset, PtDr
from tactical.rules.chapter6.odds import check_odds, dice_distribution
from tactical.rules.chapter6.tn import range_band

_COVER_TN = {"partial": "partial_cover", "full": "full_cover"}


def _hex_check_parts(facts: api.HexAttackFacts, rules: Chapter6Ruleset
                     ) -> tuple[int, int, tuple[Modifier, ...], tuple[str, ...], list[str]]:
    """Skill, TN, its breakdown, the Disadvantage sources, and every refusal."""
    weapon, sight = facts.weapon, facts.sight
    skill = facts.attacker_sheet.skills.get(weapon.skill, 0)
    breakdown = [Modifier("Hex TN", rules.area.hex_tn)]
    refusals: list[str] = []
    band = range_band(sight.distance_m, weapon.effective_range_m or 1.0, weapon.max_range_m,
                      rules)
    if band is None:
        refusals.append(f"the aimed hex is {sight.distance_m:g} m away, beyond "
                        f"{weapon.name}'s maximum range")
    elif band.tn:
        breakdown.append(Modifier(f"{band.band.capitalize()} range", band.tn))
    key = _COVER_TN.get(sight.cover)  # "the cover between the attacker and the aimed hex"
    if sight.line_of_sight and key is not None:
        breakdown.append(Modifier(f"{sight.cover.capitalize()} cover to the hex",
                                  rules.attack.tn_modifiers[key]))
    against = list(disadvantage_sources(facts.attacker, rules, attack=True))
    if not sight.line_of_sight:  # RULINGS: "No line of sight to the hex: Disadvantage"
        against.append("No line of sight to the hex")
    return skill, sum(m.value for m in breakdown), tuple(breakdown), tuple(against), refusals


def _check_text(check: CheckRoll, breakdown: tuple[Modifier, ...], against: tuple[str, ...]
                ) -> str:
    why = ", ".join(f"{m.source} {m.value:+d}" if i else f"{m.source} {m.value}"
                    for i, m in enumerate(breakdown))
    dis = f", Disadvantage ({', '.join(against)})" if against else ""
    faces = "+".join(str(k) for k in check.kept)
    result = "fumble" if check.fumble else (f"hits by {check.mos}" if check.success
                                            else f"misses by {-check.mos}")
    return (f"{check.skill}+{faces}{' +' + str(check.double_bonus) if check.double else ''}"
            f" = {check.total} vs TN {check.tn} ({why}{dis}): {result}")


class Chapter6Area:
    """The `AreaRules` of Chapter 6 (rules/api.py)."""

    def __init__(self, rules: Chapter6Ruleset) -> None:
        self.rules = rules
        # the exact odds of a (skill, TN, advantage) check: the aim asks them at every hex
        self._odds: dict[tuple[int, int, object], float] = {}

    def attack_hex(self, facts: api.HexAttackFacts, dice: Dice) -> api.HexAttackOutcome:
        skill, tn, breakdown, against, refusals = _hex_check_parts(facts, self.rules)
        if refusals:
            raise IllegalCommand(refusals)
        check = roll_check(skill, tn, dice, advantages=advantages_of((), against),
                           rules=self.rules)
        return api.HexAttackOutcome(check.success, check.mos, check.fumble,
                                    _check_text(check, breakdown, against))

    def scatter(self, outcome: api.HexAttackOutcome, aim_hexes: int,
                dice: Dice) -> tuple[int, int]:
        a = self.rules.area
        direction = dice.roll(a.direction_die) - 1  # 1 = on along the throw (RULINGS)
        if outcome.fumble:  # "A fumble scatters 1d6 hexes with no cap"
            return direction, max(1, roll_expression(a.fumble_scatter, dice).total)
        hexes = max(1, -outcome.margin // a.scatter_points_per_hex)
        cap = max(1, int(aim_hexes * a.scatter_cap_share))
        return direction, min(hexes, cap)

    def _protection(self, facts: api.BlastFacts) -> tuple[Protection | None, Protection]:
        rules, dtype = self.rules, facts.weapon.damage_type
        cover = None
        if facts.cover_class is not None and facts.cover_class in rules.cover_classes:
            cover = cover_protection(facts.cover_class, dtype, rules)
        changes = [type_change(dtype, rules),
                   *resistance_changes(facts.target_sheet.resistances, dtype)]
        armor = layer_armor([PtDr(pt=a.pt, dr=a.dr) for a in facts.target_armor], rules)
        return cover, adjust(armor, changes, rules)

    def _after(self, raw: int, facts: api.BlastFacts) -> tuple[int, int]:
        cover, armor = self._protection(facts)
        after_cover = mitigate(raw, cover) if cover is not None else raw
        return after_cover, mitigate(after_cover, armor)

    def blast(self, facts: api.BlastFacts, dice: Dice) -> api.BlastOutcome:
        rules = self.rules
        roll = roll_expression(facts.ring_damage, dice)  # "rolled separately", no MoS dice
        raw = max(0, roll.total)
        after_cover, after_armor = self._after(raw, facts)
        dtype = facts.weapon.damage_type
        injury = injury_for(after_armor, facts.target_sheet.health, dtype, rules)
        effects = injury_effects(injury.level, rules, dice) if injury.level else None
        harm = None
        if after_armor > 0:
            harm = api.Harm(after_armor, dtype.value,
                            injury.level.value if injury.level else None, effects,
                            None if effects is None else _json_safe(asdict(effects)))
        faces = "+".join(str(f) for f in roll.faces)
        steps = [f"{facts.ring_damage} = {faces} = {raw}"]
        if facts.cover_class is not None:
            steps.append(f"through {facts.cover_label or facts.cover_class} "
                         f"({facts.cover_class}) {after_cover}")
        steps.append(f"after armor {after_armor}")
        hurt = (f"{after_armor} {dtype.value} damage"
                + (f", {injury.level.value} injury" if injury.level else "")
                if after_armor else "no damage")
        return api.BlastOutcome(f"{facts.target.name} takes {hurt} ({'; '.join(steps)})",
                                after_armor, harm, None, roll.faces)

    def hex_odds(self, facts: api.HexAttackFacts) -> float:
        skill, tn, _, against, refusals = _hex_check_parts(facts, self.rules)
        if refusals:
            return 0.0
        state = advantages_of((), against).state
        key = (skill, tn, state)
        found = self._odds.get(key)
        if found is None:
            found = self._odds[key] = check_odds(skill, tn, state, rules=self.rules).success
        return found

    def expected_blast(self, facts: api.BlastFacts) -> float:
        dist = dice_distribution(parse_dice(facts.ring_damage))
        return sum(p * self._after(max(0, raw), facts)[1] for raw, p in dist.items())

    def blast_words(self, facts: api.BlastFacts) -> str:
        return facts.ring_damage  # the ring's dice (RULINGS: "6d6 to 2 m, 4d6 to 4 m, …")

    @property
    def prone_rings_out(self) -> int:
        return self.rules.area.prone_rings_out

    @property
    def suppression(self) -> tuple[float, str]:
        a = self.rules.area
        return a.suppression_angle_deg, a.suppression_band


_AREAS: dict[int, tuple[Chapter6Ruleset, Chapter6Area]] = {}


def area_rules(rules: Chapter6Ruleset) -> Chapter6Area:
    """The one `Chapter6Area` of a numbers file (its odds remembered across asks)."""
    found = _AREAS.get(id(rules))
    if found is None or found[0] is not rules:
        found = _AREAS[id(rules)] = (rules, Chapter6Area(rules))
    return found[1]


__all__ = ["Chapter6Area", "area_rules"]
