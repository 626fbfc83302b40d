"""How a Chapter 6 attack reads in the attack panel: dice, kept dice, total vs TN, degree,
damage through cover and armor, injury and its effects (plain text)."""

from __future__ import annotations

from tactical.rules.chapter6.report import AttackReport, EffectsReport


def _signed(values: list[int]) -> str:
    return "".join(f" {'+' if v >= 0 else '−'} {abs(v)}" for v in values if v)


def result_lines(r: AttackReport) -> list[str]:
    roll = r.roll
    out: list[str] = []
    dice = ", ".join(map(str, roll.dice))
    extra = []
    if roll.extra is not None:
        extra.append(f"{r.advantage.state} die {roll.extra}")
    if roll.edge is not None:
        extra.append(f"Edge die {roll.edge}")
    kept = " + ".join(map(str, roll.kept))
    out.append(f"Dice {dice}" + (f" ({'; '.join(extra)})" if extra else "")
               + f" → kept {kept}" + (f" (double +{roll.double_bonus})"
                                       if roll.double_bonus else ""))
    mods = [m.value for m in roll.modifiers]
    out.append(f"Skill {roll.skill} + {kept}{_signed(mods)}"
               + (f" + {roll.double_bonus}" if roll.double_bonus else "")
               + f" = {roll.total} vs TN {r.tn}")
    degree = roll.degree.replace("_", " ").capitalize()
    verdict = "HIT" if r.hit else "MISS"
    out.append(f"{verdict}: {degree}, MoS {roll.mos:+d}" + (" — fumble!" if roll.fumble
                                                             else ""))
    damage = r.damage
    if damage:
        faces = "+".join(map(str, damage.rolled)) or "0"
        out.append(f"Damage {damage.expression}: {faces} → {damage.raw}")
        if damage.cover:
            out.append(f"Through cover PT{damage.cover.pt}/DR{damage.cover.dr} → "
                       f"{damage.after_cover}")
        armor = damage.armor
        out.append(f"Armor PT{armor.pt}/DR{armor.dr} → {damage.after_armor} {damage.type}")
    elif r.hit:
        out.append("No damage (the option has an effect instead)")
    if r.injury:
        steps = "; ".join(r.injury_steps or ())
        out.append(f"Injury: {r.injury.capitalize()}" + (f" ({steps})" if steps else ""))
    if r.effects is not None and r.effects.to_json():
        out.append("Effects: " + effect_text(r.effects))
    out.extend(r.option_effects)
    out.extend(r.notes)
    return out


def effect_text(e: EffectsReport) -> str:
    """An injury's rolled effects as one phrase."""
    parts: list[str] = []
    if e.fatigue:
        parts.append(f"{e.fatigue} Fatigue")
    if e.initiative_loss:
        when = "to the end of combat" if e.initiative_duration == "combat" else "next turn"
        parts.append(f"−{e.initiative_loss} Initiative {when}")
    if e.initiative_zero:
        parts.append("Initiative 0")
    if e.disadvantage:
        rounds = e.disadvantage_rounds
        parts.append("Disadvantage " + (f"{rounds} rounds" if rounds else
                                        str(e.disadvantage).replace("_", " ")))
    if e.actions_per_turn:
        parts.append(f"{e.actions_per_turn} action a turn")
    if e.actions:
        parts.append("only " + "/".join(e.actions) + " actions")
    if e.no_reactions:
        parts.append("no Reactions")
    if e.bleed:
        length = "until stabilised" if e.bleed_until_stabilised \
            else f"{e.bleed_rounds} rounds"
        parts.append(f"bleeds {e.bleed}/round, {length}")
    if e.prone:
        parts.append("prone")
    if e.unconscious:
        parts.append("unconscious")
    if e.death_in_rounds:
        parts.append(f"dies in {e.death_in_rounds} rounds unless stabilised")
    return ", ".join(parts) or "none"
