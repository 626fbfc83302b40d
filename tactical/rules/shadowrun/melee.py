"""SR4 Melee Modifiers (shared/rules/sr4-resolving-combat.txt, "Melee Modifiers"): pure
functions of counts and flags; the encounter counts friends and reads reach from the map."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from tactical.data.shadowrun_ruleset import MeleeModifiers
from tactical.rules.shadowrun.pools import Modifier

ReachUse = Literal["bonus", "penalty"]


def friends_bonus(own: int, opponent: int, rules: MeleeModifiers) -> int:
    # SR4: "+1 dice pool modifier for each friend more than his opponent has, to a maximum
    # of +4"
    return max(0, min(rules.friends_max, (own - opponent) * rules.friend))


def reach_modifiers(attacker_reach: int, defender_reach: int, use: ReachUse,
                    rules: MeleeModifiers) -> tuple[int, int]:
    """(attacker's modifier, defender's modifier). SR4: "The character with the higher net
    Reach can choose to apply his net Reach bonus as a dice modifier bonus to his test or as
    a negative dice pool modifier to his opponent's test." `use` is that character's choice."""
    diff = (attacker_reach - defender_reach) * rules.reach_per_point
    if diff == 0:
        return 0, 0
    longer_is_attacker = diff > 0
    amount = abs(diff)
    if use == "bonus":
        return (amount, 0) if longer_is_attacker else (0, amount)
    return (0, -amount) if longer_is_attacker else (-amount, 0)


def split_pool(pool: int, targets: int, shares: tuple[int, ...] = ()) -> tuple[int, ...]:
    """SR4 Multiple Targets: "The attacker's dice pool is split between each attack". `shares`
    is the attacker's split; by default as even as possible (the first targets get the rest)."""
    if targets < 1:
        raise ValueError("at least one target")
    if shares:
        if len(shares) != targets or any(s < 0 for s in shares) or sum(shares) != pool:
            raise ValueError(f"split {list(shares)} must be {targets} shares summing to {pool}")
        return shares
    base, rest = divmod(max(0, pool), targets)
    return tuple(base + (1 if i < rest else 0) for i in range(targets))


@dataclass(frozen=True, slots=True)
class MeleeSituation:
    """The SR4 melee table's inputs for one attack. Friends are counted by the encounter:
    characters near the combatant, in the same fight, against the same opponent(s)."""

    attacker_friends: int = 0
    defender_friends: int = 0
    attacker_reach: int = 0
    defender_reach: int = 0
    reach_use: ReachUse = "bonus"  # the choice of whoever has the longer reach
    attacker_off_hand: bool = False
    defender_off_hand: bool = False  # parrying with the off hand
    charging: bool = False
    attacker_superior: bool = False
    defender_superior: bool = False
    receiving_charge: bool = False  # the attacker delayed and now meets a charge
    touch_only: bool = False


@dataclass(frozen=True, slots=True)
class MeleePools:
    attacker: tuple[Modifier, ...]
    defender: tuple[Modifier, ...]


def melee_modifiers(situation: MeleeSituation, rules: MeleeModifiers) -> MeleePools:
    """Every named modifier of the SR4 melee table, for the attacker's and the defender's pool
    ("apply to both attackers and defenders, unless specifically noted")."""
    s = situation
    att: list[Modifier] = []
    dfn: list[Modifier] = []
    if (bonus := friends_bonus(s.attacker_friends, s.defender_friends, rules)):
        att.append(Modifier("Friends in melee", bonus))
    if (bonus := friends_bonus(s.defender_friends, s.attacker_friends, rules)):
        dfn.append(Modifier("Friends in melee", bonus))
    a_reach, d_reach = reach_modifiers(s.attacker_reach, s.defender_reach, s.reach_use, rules)
    if a_reach:
        att.append(Modifier("Reach", a_reach))
    if d_reach:
        dfn.append(Modifier("Reach", d_reach))
    if s.attacker_off_hand:
        att.append(Modifier("Off-hand weapon", rules.off_hand))
    if s.defender_off_hand:
        dfn.append(Modifier("Off-hand weapon", rules.off_hand))
    if s.charging:
        att.append(Modifier("Charging", rules.charging))
    if s.attacker_superior:
        att.append(Modifier("Superior position", rules.superior_position))
    if s.defender_superior:
        dfn.append(Modifier("Superior position", rules.superior_position))
    if s.receiving_charge:
        att.append(Modifier("Receiving a charge", rules.receiving_charge))
    if s.touch_only:
        att.append(Modifier("Touch-only attack", rules.touch_only))
    return MeleePools(tuple(att), tuple(dfn))
