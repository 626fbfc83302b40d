"""Short texts the GM reads that carry a rule number ("+1d6", "TN 10"), built from the
ruleset so a house rule changes the label with the rule (issue 10 item 6)."""

from __future__ import annotations

from tactical.rules.chapter6.numbers import Chapter6Ruleset


def extra_dice(count: int, rules: Chapter6Ruleset) -> str:
    """Ch.6 extra damage dice: "+2d6", "-1d6"; "" for none (`damage_dice.die_sides`)."""
    if count == 0:
        return ""
    return f"{'+' if count > 0 else '-'}{abs(count)}d{int(rules.damage_dice['die_sides'])}"


def burst_damage(rules: Chapter6Ruleset) -> str:
    """Ch.6 Burst fire: Advantage or "+1d6" damage (`fire_modes.BF.bonus_dice`)."""
    return extra_dice(rules.fire_modes["BF"].bonus_dice, rules)


def edge_damage(rules: Chapter6Ruleset) -> str:
    """Ch.6 Edge on damage: "+2d6" (`damage_dice.edge`)."""
    return extra_dice(int(rules.damage_dice["edge"]), rules)


def edge_initiative(rules: Chapter6Ruleset) -> str:
    """RULINGS Edge on Initiative: "+2d6" this round (`initiative.edge_bonus`)."""
    return f"+{rules.initiative.edge_bonus}"


def easy_tn(rules: Chapter6Ruleset) -> str:
    """RULINGS Attacks: a target that isn't resisting is "TN 10" (`attack.easy_tn`)."""
    return f"TN {rules.attack.easy_tn}"


def check_roll(rules: Chapter6Ruleset, extra: int = 0) -> str:
    """Ch.6 Success checks: "2d10", "3d10" with one extra die (`checks.dice`, `die_sides`)."""
    return f"{rules.checks.dice + extra}d{rules.checks.die_sides}"


def edge_roll(rules: Chapter6Ruleset) -> str:
    """Ch.6 Edge on a roll: "extra d10" (`checks.die_sides`)."""
    return f"extra d{rules.checks.die_sides}"
