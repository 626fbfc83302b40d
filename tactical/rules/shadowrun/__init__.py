"""Shadowrun 4th and 5th edition rules (opposed d6 pools): one engine, the editions as data
(sr4.yaml, sr5.yaml). Pure: no Qt, no I/O but the loaders, dice through a `PoolRoller`.
The encounter's entry points: `attack_from_sheets` then `resolve_attack` (docs/rules-shadowrun.md).
"""

from tactical.rules.shadowrun.attack import (
    ArmorValues,
    AttackResult,
    AttackSetup,
    DamageResult,
    WeaponStats,
    attack_problems,
    replay_faces,
    resolve_attack,
)
from tactical.rules.shadowrun.constants import Edition, shadowrun_ruleset
from tactical.rules.shadowrun.damage import Monitors, Status, mark, monitors_for, wound_modifier
from tactical.rules.shadowrun.defence import DefenceDeclaration, DefenceResult
from tactical.rules.shadowrun.initiative import (
    Combatant,
    Slot,
    acting_order,
    initiative_list,
    passes_in_turn,
    roll_initiative,
)
from tactical.rules.shadowrun.melee import MeleeSituation, melee_modifiers, split_pool
from tactical.rules.shadowrun.pools import Modifier, Outcome, PoolRoll, PoolRoller
from tactical.rules.shadowrun.sheet import attack_from_sheets, monitors_of

__all__ = [
    "ArmorValues", "AttackResult", "AttackSetup", "Combatant", "DamageResult",
    "DefenceDeclaration", "DefenceResult", "Edition", "MeleeSituation", "Modifier", "Monitors",
    "Outcome", "PoolRoll", "PoolRoller", "Slot", "Status", "WeaponStats", "acting_order",
    "attack_from_sheets", "attack_problems", "initiative_list", "mark", "melee_modifiers",
    "monitors_for", "monitors_of", "passes_in_turn", "replay_faces", "resolve_attack",
    "roll_initiative", "shadowrun_ruleset", "split_pool", "wound_modifier",
]
