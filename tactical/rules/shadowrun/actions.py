"""Shadowrun's action phase (RULINGS "Actions"; sr5 l.30 "He fires one shot as a Simple
Action"): what an attack takes and the recoil of the rounds fired within one phase. The
numbers are the ruleset file's `actions:` (tactical/data/shadowrun_actions.py)."""

from __future__ import annotations

from dataclasses import dataclass

from tactical.core.errors import IllegalCommand
from tactical.data.character import Character
from tactical.data.gear import ShadowrunWeapon, Weapon
from tactical.data.shadowrun_actions import FireMode, PhaseActions
from tactical.rules.api import Fighter
from tactical.rules.shadowrun.sheet import stats_of


def attack_slots(rules: PhaseActions, weapon: Weapon, mode: str | None) -> tuple[str, ...]:
    """A melee attack is Complex; a shot takes its fire mode's action (a single, a
    semi-automatic shot or a burst: Simple; full-auto: Complex)."""
    if weapon.kind == "melee":
        return rules.slots(rules.melee_attack)
    kind = rules.ranged_attack  # a shot in a mode this game does not list
    fire = fire_mode(rules, weapon, mode)
    return rules.slots(fire.action if fire is not None else kind)


def fire_mode(rules: PhaseActions, weapon: Weapon, mode: str | None) -> FireMode | None:
    """The mode a shot is fired in: the one chosen, else the weapon's first listed one;
    None for melee or a weapon with no mode this game knows."""
    if weapon.kind != "ranged":
        return None
    name = mode or next((m for m in weapon.modes if m in rules.fire_modes), None)
    return rules.fire_modes.get(name) if name is not None else None


MODE = "fire_mode"  # the timer Change fire mode leaves: "mode=BF;weapon=machine-pistol"


def fire_mode_mark(rules: PhaseActions, weapon_id: str, weapon: Weapon,
                   mode: str) -> tuple[str, str, str]:
    fire = rules.fire_modes.get(mode)
    if weapon.kind != "ranged" or fire is None or mode not in weapon.modes:
        known = [m for m in weapon.modes if m in rules.fire_modes]
        raise IllegalCommand([f"{weapon.name} has no {mode} mode"
                              + (f" (it fires {', '.join(known)})" if known else "")])
    return MODE, f"mode={mode};weapon={weapon_id}", f"{weapon.name} set to {fire.name}"


def mode_set(who: Fighter, weapon_id: str) -> str | None:
    """The mode `who` set its gun `weapon_id` to (Change fire mode), if any."""
    for timer in who.timers:
        if timer.kind == MODE:
            keys = dict(p.split("=") for p in timer.amount.split(";"))
            if keys.get("weapon") == weapon_id:
                return keys.get("mode")
    return None


def compensation(rules: PhaseActions, rc: int, strength: int) -> int:
    """The rounds one phase may fire without penalty: the ruleset's base, plus
    ⌈Strength / divisor⌉ where the edition counts it, plus the weapon's RC."""
    recoil = rules.recoil
    if recoil is None:
        return 0
    own = -(-strength // recoil.strength_divisor) if recoil.strength_divisor else 0
    return recoil.base + own + rc


def recoil_dice(rules: PhaseActions, fired_before: int, rounds: int, rc: int,
                strength: int) -> int:
    """The recoil modifier of a shot (≤ 0): every round fired in this action phase, this
    shot's included, beyond the compensation costs `dice_per_round` (progressive: the
    second burst of a phase carries the first's rounds)."""
    recoil = rules.recoil
    if recoil is None:
        return 0
    before = fired_before if recoil.progressive == "phase" else 0
    over = before + rounds - compensation(rules, rc, strength)
    return recoil.dice_per_round * max(0, over)


@dataclass(frozen=True, slots=True)
class Shot:
    """What the fire mode makes of one shot: the rounds it fires, the named pool modifiers
    (recoil on the attack, a burst's on the defence) and the refusals (a mode the weapon
    lacks, too few rounds loaded)."""

    rounds: int = 0
    attack: tuple[tuple[str, int], ...] = ()
    defence: tuple[tuple[str, int], ...] = ()
    refusals: tuple[str, ...] = ()


def shot(rules: PhaseActions, weapon: Weapon, numbers: ShadowrunWeapon, mode: str | None,
         fired: int, loaded: int | None, strength: int, who: str) -> Shot:
    """The shot in its fire mode, with the recoil of the rounds `fired` earlier in this
    action phase (`rules.recoil`, progressive within the phase: project default)."""
    fire = fire_mode(rules, weapon, mode)
    if fire is None:
        return Shot()
    refusals = []
    if mode is not None and mode not in weapon.modes:
        refusals.append(f"{weapon.name} has no {fire.name} mode (it fires "
                        f"{', '.join(weapon.modes)})")
    if loaded is not None and loaded < fire.rounds:
        refusals.append(f"{who}'s {weapon.name} has {loaded} rounds loaded; {fire.name} "
                        f"fires {fire.rounds} (reload first)")
    attack: list[tuple[str, int]] = []
    if fire.recoil:
        dice = recoil_dice(rules, fired, fire.rounds, numbers.rc, strength)
        if dice:
            total = fired + fire.rounds
            attack.append((f"Recoil ({total} rounds this phase, "
                           f"{compensation(rules, numbers.rc, strength)} compensated)", dice))
    defence = [(fire.name, fire.defence_dice)] if fire.defence_dice else []
    return Shot(fire.rounds, tuple(attack), tuple(defence), tuple(refusals))


AIM = "take_aim"  # the timer a Take Aim leaves on the aimer, used up by its next attack


def aims(who: Fighter) -> int:
    """The aims `who` holds (its Take Aim timer's count)."""
    timer = next((t for t in who.timers if t.kind == AIM), None)
    if timer is None:
        return 0
    return int(dict(p.split("=") for p in timer.amount.split(";")).get("count", "0"))


def take_aim(rules: PhaseActions, who: Fighter, sheet: Character) -> tuple[str, int, str]:
    """One more aim (project default `take_aim`): refused past ⌈attribute / divisor⌉."""
    aim = rules.take_aim
    if aim is None:
        raise IllegalCommand(["this edition's ruleset file has no Take Aim (actions.take_aim)"])
    rating = getattr(stats_of(sheet), aim.max_attribute)
    most = -(-rating // aim.max_divisor)
    count = aims(who) + 1
    if count > most:
        raise IllegalCommand([f"{who.name} already aims {most} times, the most "
                              f"{aim.max_attribute.capitalize()} {rating} allows"])
    return AIM, count, f"Take Aim ×{count}: +{count * aim.dice} dice on its next attack"


def aim_modifiers(rules: PhaseActions, who: Fighter) -> tuple[tuple[str, int], ...]:
    """The aims' dice on the attack that uses them up."""
    count = aims(who)
    if not count or rules.take_aim is None:
        return ()
    return ((f"Take Aim ×{count}", count * rules.take_aim.dice),)
