"""What Chapter 6's attack options leave on the board after the roll, as neutral marks the
engine turns into timers and conditions (Ch.6 Melee attack options l.380-412, Suppressive
Fire l.490): Flurry's extra attack, Aim for Opening's opening, Pinned, Disarm, Grapple.

Timer kinds (the engine keeps them; this module reads them back off a `Fighter`):
- "extra_attack" on the attacker: Flurry's further attack this turn (l.402);
- "opening" on the defender, against the attacker: Advantage on its next attack (l.382);
- "pinned" on the target, until the suppressor's next action (l.490);
- "disarmed" on the defender: the weapon is out of position, dropped or flung (l.394-398);
- "grappled" on the defender; "grappled_solid" after a Solid or Perfect grapple (l.408).
"""

from __future__ import annotations

from typing import Literal

from tactical.rules.api import Fighter, Mark
from tactical.rules.chapter6.attack import AttackResult
from tactical.rules.chapter6.checks import Degree
from tactical.rules.chapter6.numbers import Chapter6Ruleset
from tactical.rules.chapter6.setup import AttackSetup, Option

EXTRA_ATTACK = "extra_attack"
OPENING = "opening"
PINNED = "pinned"
DISARMED = "disarmed"
GRAPPLED = "grappled"
GRAPPLED_SOLID = "grappled_solid"
MOVING_FAST = "moving_fast"  # the engine's: sprinted, dashed or charged since its last turn


def _field(amount: str, key: str) -> str:
    """One `key=value` of a mark's timer amount (the engine writes `ends=…;by=…;…`)."""
    for part in amount.split(";"):
        name, _, value = part.partition("=")
        if name == key:
            return value
    return ""


def held_against(who: Fighter, kind: str, other: str) -> bool:
    """`who` holds a `kind` mark tied to `other`."""
    return any(t.kind == kind and _field(t.amount, "by") == other for t in who.timers)


def holds(who: Fighter, kind: str) -> bool:
    return any(t.kind == kind for t in who.timers)


def follow_up(attacker: Fighter) -> bool:
    """This attack is Flurry's extra attack (the engine pays it with the mark)."""
    return holds(attacker, EXTRA_ATTACK)


def setup_advantages(attacker: Fighter, target: Fighter,
                     options: tuple[str, ...]) -> tuple[str, ...]:
    """Ch.6 Aim for Opening, l.382: "the defender gains Advantage on his next attack
    against you"; Grapple, l.408: after a Solid grapple "you gain Advantage on subsequent
    grapple checks"."""
    out: list[str] = []
    if held_against(attacker, OPENING, target.id):
        out.append("Opening (Aim for Opening)")
    if Option.GRAPPLE.value in options and held_against(target, GRAPPLED_SOLID, attacker.id):
        out.append("Solid grapple")
    return tuple(out)


def counter_grapple(attacker: Fighter, target: Fighter, options: tuple[str, ...]) -> bool:
    """Ch.6 Grapple, l.404: the grappled "will have to counter-grapple (using this
    action)": a Grapple attack on the one holding it."""
    return Option.GRAPPLE.value in options and (
        held_against(attacker, GRAPPLED, target.id)
        or held_against(attacker, GRAPPLED_SOLID, target.id))


def setup_disadvantages(attacker: Fighter, target: Fighter,
                        options: tuple[str, ...]) -> tuple[str, ...]:
    """Ch.6 Grapple, l.408: a Solid grapple "gives your opponent Disadvantage to
    counter-grapple or break free"."""
    if counter_grapple(attacker, target, options) \
            and held_against(attacker, GRAPPLED_SOLID, target.id):
        return ("Solid grapple (Ch.6 l.408)",)
    return ()


def setup_refusals(attacker: Fighter, options: tuple[Option, ...]) -> list[str]:
    """Flurry's extra attack is a Flurry attack too: "both attacks have Disadvantage, and
    you do -1d6 damage" (l.402)."""
    if follow_up(attacker) and Option.FLURRY not in options:
        return [f"{attacker.name}'s next attack is Flurry's extra attack (Ch.6 l.402): "
                "give it the flurry option, or end the turn"]
    return []


def marks_after(setup: AttackSetup, result: AttackResult, attacker: Fighter,
                target: Fighter, rules: Chapter6Ruleset) -> tuple[tuple[Mark, ...], int,
                                                                   tuple[str, ...]]:
    """The marks the attack leaves, the extra attacks it grants, the attacker's marks it
    used up."""
    marks: list[Mark] = []
    degree = result.check.degree
    solid = degree in (Degree.SOLID, Degree.PERFECT)
    options = setup.options
    extra = 0
    if Option.FLURRY in options and not follow_up(attacker):
        extra = rules.attack.options["flurry"].extra_attacks  # l.402 "1 additional attack"
    if Option.AIM_FOR_OPENING in options:  # l.382, hit or miss
        marks.append(Mark("target", OPENING, f"Aim for Opening: Advantage on its next "
                          f"attack against {attacker.name}", ends="its_attack"))
    if Option.SUPPRESSIVE_FIRE in options and result.hit:  # l.490
        marks.append(Mark("target", PINNED, f"Pinned by {attacker.name}'s Suppressive Fire "
                          "until its next action", ends="next_action", condition=PINNED))
    if Option.DISARM in options and result.hit:  # l.394-398
        grade: Literal["marginal", "solid", "perfect"] = (
            "perfect" if degree is Degree.PERFECT else "solid" if solid else "marginal")
        recover = rules.option_effects.disarm_recover[grade]
        how = {"marginal": "weapon out of position", "solid": "weapon dropped",
               "perfect": "weapon sent flying"}[grade]
        marks.append(Mark("target", DISARMED, f"Disarmed by {attacker.name}: {how} "
                          f"({' + '.join(a.capitalize() for a in recover)} to recover)",
                          detail=",".join(recover)))
    if Option.GRAPPLE in options and result.hit and degree is not Degree.PERFECT:  # l.406-8
        kind = GRAPPLED_SOLID if solid else GRAPPLED
        marks.append(Mark("target", kind, f"Grappled by {attacker.name}"
                          + (" (Solid: Disadvantage to break free)" if solid else ""),
                          condition=GRAPPLED))
    used: tuple[str, ...] = (OPENING,) if held_against(attacker, OPENING, target.id) else ()
    if result.hit and counter_grapple(attacker, target, tuple(o.value for o in options)):
        # l.404: a counter-grapple that hits ends the hold on the attacker (ruling: and, a
        # Grapple hit like any other, it now holds the first grappler: the hold reverses)
        used += tuple(k for k in (GRAPPLED, GRAPPLED_SOLID) if held_against(attacker, k,
                                                                               target.id))
    return tuple(marks), extra, used


def grapple_prone(setup: AttackSetup, result: AttackResult) -> str | None:
    """l.410: "A Perfect hit (+10 MoS) lets you throw your opponent to the ground (prone).
    You may then either remain standing (grapple ends) or follow through" — ruling: the
    grappler stays standing and the grapple ends (the GM sets prone and Grappled by hand for
    the follow-through)."""
    if Option.GRAPPLE in setup.options and result.hit and result.check.degree is Degree.PERFECT:
        return "thrown by a Perfect grapple"
    return None
