"""Shadowrun between fights: the condition monitors heal by the project's defaults in the
edition's file (`healing:` in sr5.yaml / sr4.yaml, not a book's: the texts beside the
project do not cover healing). Rulings: docs/campaign.md."""

from __future__ import annotations

from tactical.core.errors import IllegalCommand
from tactical.data.campaign import Lasting, RestPlan
from tactical.data.character import Character
from tactical.data.shadowrun_ruleset import ShadowrunRuleset
from tactical.rules.shadowrun.sheet import monitors_of, stats_of


def _boxes(sheet: Character, pool: tuple[str, ...], per_box: int) -> int:
    """A pool's average hits: its dice ÷ `per_box` (one hit in three dice), at least 1."""
    stats = stats_of(sheet)
    return max(1, sum(int(getattr(stats, rating)) for rating in pool) // per_box)


def recover(numbers: ShadowrunRuleset, lasting: Lasting, sheet: Character,
            plan: RestPlan) -> tuple[Lasting, tuple[str, ...]]:
    """The member's monitors after the time `plan` passes, and what changed, in words."""
    if lasting.has("dead"):
        return lasting, ()
    h = numbers.healing
    care = plan.care != "none"
    overflow = lasting.overflow
    if overflow and h.overflow_needs_care and not care and (plan.days or plan.rest != "none"):
        raise IllegalCommand([f"{sheet.name} is dying ({overflow} overflow boxes): only "
                              "medical or intensive care heals overflow (project default)"])
    minutes = plan.days * 24 * 60 + (h.rest_minutes[plan.rest] if plan.rest != "none" else 0)
    changes: list[str] = []
    stun = lasting.stun
    stun_back = min(stun, (minutes // 60) * _boxes(sheet, h.stun_pool, h.dice_per_box))
    if stun_back:
        stun -= stun_back
        changes.append(f"{sheet.name}: Stun boxes {lasting.stun} → {stun} "
                       f"({' + '.join(h.stun_pool)} ÷ {h.dice_per_box} an hour; project "
                       "default)")
    physical = lasting.damage - overflow
    per_day = _boxes(sheet, h.physical_pool, h.dice_per_box) + (h.care_bonus if care else 0)
    healing = plan.days * per_day
    from_overflow = min(overflow, healing) if care or not h.overflow_needs_care else 0
    overflow -= from_overflow
    from_physical = min(physical, healing - from_overflow)
    physical -= from_physical
    if from_overflow or from_physical:
        changes.append(f"{sheet.name}: Physical boxes {lasting.damage} → {physical + overflow}"
                       f" ({per_day} a day{' with care' if care else ''}; project default)")
    conditions = lasting.conditions
    monitors = monitors_of(sheet, numbers)
    stun_full = monitors.stun_size is not None and stun >= monitors.stun_size
    if lasting.has("unconscious") and not stun_full and physical < monitors.physical_size \
            and not overflow:
        conditions = tuple(c for c in conditions if c != "unconscious")
        changes.append(f"{sheet.name} comes to: no monitor full")
    return lasting.model_copy(update={"damage": physical + overflow, "stun": stun,
                                      "overflow": overflow, "conditions": conditions}), \
        tuple(changes)
