"""Ch.6 between fights: rests (l.834-852), Exhausted and Unconscious recovery (l.816-830),
natural healing and medical attention (l.944-966), the stabilised Lethal injury that needs
intensive care (l.742). Rulings: docs/campaign.md."""

from __future__ import annotations

from typing import Literal

from tactical.core.dice import Dice, roll_expression
from tactical.core.errors import IllegalCommand
from tactical.data.campaign import Lasting, RestPlan
from tactical.data.character import Character
from tactical.rules.chapter6 import engine
from tactical.rules.chapter6.numbers import Chapter6Ruleset


def recover(numbers: Chapter6Ruleset, lasting: Lasting, sheet: Character,
            plan: RestPlan) -> tuple[Lasting, tuple[str, ...]]:
    """The member's state after the time `plan` passes, and what changed, in words."""
    if lasting.has("dead"):
        return lasting, ()
    if lasting.injury == "lethal" and not lasting.has("stabilised"):
        # l.740: "You expire in 1d6+1 rounds unless stabilized": no rest outlasts that
        raise IllegalCommand([f"{sheet.name} is dying (Lethal, not stabilised): give first "
                              "aid in the fight, or mark it dead, before the party rests"])
    h = numbers.healing
    changes: list[str] = []
    state = lasting
    minutes = plan.days * 24 * 60 + (h.rest_minutes[plan.rest] if plan.rest != "none" else 0)
    if state.care_within_hours is not None:
        state = _deadline(state, sheet, plan, minutes, changes)
        if state.has("dead"):
            return state, tuple(changes)
    state = _stamina(numbers, state, sheet, plan, minutes, changes)
    if plan.days:
        state = _days(numbers, state, sheet, plan, changes)
    return state, tuple(changes)


def _deadline(state: Lasting, sheet: Character, plan: RestPlan, minutes: int,
              changes: list[str]) -> Lasting:
    """l.742: "Even if stabilized, you require immediate extensive medical care, including
    trauma surgery, or you will die within 1d6+1 hours" (rolled when carried)."""
    assert state.care_within_hours is not None
    if plan.care == "intensive":
        changes.append(f"{sheet.name}: gets the intensive care a stabilised Lethal injury "
                       "needs (Ch.6 l.742)")
        return state.model_copy(update={"care_within_hours": None})
    if minutes >= state.care_within_hours * 60:
        changes.append(f"{sheet.name} dies: a stabilised Lethal injury without intensive "
                       f"care within {state.care_within_hours} hours (Ch.6 l.742)")
        return state.model_copy(update={"conditions": (*state.conditions, "dead"),
                                        "care_within_hours": None})
    left = state.care_within_hours - minutes // 60
    if minutes:
        changes.append(f"{sheet.name}: {left} hours left to reach intensive care "
                       "(Ch.6 l.742)")
    return state.model_copy(update={"care_within_hours": left})


def _stamina(numbers: Chapter6Ruleset, state: Lasting, sheet: Character, plan: RestPlan,
             minutes: int, changes: list[str]) -> Lasting:
    """Ruling: the rest's share of Stamina (l.834-852) or the automatic recovery of the
    Unconscious and Exhausted over the same minutes (l.820, l.826), whichever is more; a
    day of recovery includes a night's sleep (all Stamina back)."""
    if state.fatigue <= 0 or minutes <= 0:
        return state
    h, stamina = numbers.healing, sheet.stamina
    fatigue = state.fatigue
    if plan.days:
        back = fatigue
    else:
        share = stamina * numbers.medic.rests[plan.rest] // 100 if plan.rest != "none" else 0
        back = max(share, _automatic(fatigue, stamina, minutes, h.unconscious_minutes,
                                     h.exhausted_minutes))
    back = min(back, fatigue)
    if not back:
        return state
    fatigue -= back
    changes.append(f"{sheet.name}: Fatigue {state.fatigue} → {fatigue} "
                   f"({plan.title()}; Ch.6 l.834-852)")
    conditions = state.conditions
    if state.has("unconscious") and fatigue < 2 * stamina and state.injury != "lethal" \
            and state.care_within_hours is None:
        conditions = tuple(c for c in conditions if c != "unconscious")
        changes.append(f"{sheet.name} comes to: Fatigue below 200 % of Stamina (Ch.6 l.826)")
    return state.model_copy(update={"fatigue": fatigue, "conditions": conditions})


def _automatic(fatigue: int, stamina: int, minutes: int, unconscious: int,
               exhausted: int) -> int:
    """l.820, l.826: 1 Stamina per 10 minutes while Unconscious (Fatigue ≥ 200 %), 1 per
    minute while Exhausted (≥ 100 %), until 1 point of Stamina is left (l.830)."""
    back = 0
    above = fatigue - (2 * stamina - 1)  # points back before it is no longer Unconscious
    if above > 0:
        step = min(above, minutes // unconscious)
        back, minutes = step, minutes - step * unconscious
        if step < above:
            return back
    above = (fatigue - back) - (stamina - 1)
    if above > 0:
        back += min(above, minutes // exhausted)
    return back


def _days(numbers: Chapter6Ruleset, state: Lasting, sheet: Character, plan: RestPlan,
          changes: list[str]) -> Lasting:
    """Days of recovery (ruling: a day is 24 hours without a fight, a night's sleep
    included): each gives Stun back equal to Vitality (l.966) and the rest of the damage
    at its injury's rate under the care given (l.948-956)."""
    h = numbers.healing
    damage, stun, week_days = state.damage, state.stun, state.week_days
    care: Literal["none", "medical"] = "none" if plan.care == "none" else "medical"
    # ruling: intensive care heals at the medical attention's rates
    level = state.injury or "light"  # ruling: damage without an injury heals as a Light one
    rate = h.rates[level][care]
    stun_total = lethal_total = 0
    for _day in range(plan.days):
        if damage <= 0:
            break
        stun_back = min(stun, getattr(sheet.attributes, h.stun_per_day))
        stun, damage, stun_total = stun - stun_back, damage - stun_back, stun_total + stun_back
        if damage - stun > 0 and rate.health:
            week_days += 1
            if week_days >= rate.every:
                back = min(rate.health, damage - stun)
                damage, week_days, lethal_total = damage - back, 0, lethal_total + back
    if stun_total:
        changes.append(f"{sheet.name}: Stun damage −{stun_total} (Vitality a day; "
                       "Ch.6 l.966)")
    if damage - stun > 0 or lethal_total:
        if rate.health:
            per = "day" if rate.every == 1 else f"{rate.every} days"
            changes.append(f"{sheet.name}: damage −{lethal_total} ({level.capitalize()}"
                           f" injury: {rate.health} Health a {per} with {care} care; "
                           "Ch.6 l.948-956)")
        else:
            changes.append(f"{sheet.name}: a {level.capitalize()} injury does not "
                           f"heal {_care(care)} (Ch.6 l.946-956)")
    update: dict[str, object] = {"damage": damage, "stun": stun,
                                 "week_days": min(week_days, 6)}
    if damage == 0 and state.damage:
        update.update(injury=None, treated=False, week_days=0)
        changes.append(f"{sheet.name}: healed")
    return state.model_copy(update=update)


def _care(care: str) -> str:
    return "without care" if care == "none" else "with medical attention"


def after_fight(numbers: Chapter6Ruleset, lasting: Lasting, sheet: Character,
                dice: Dice) -> tuple[Lasting, tuple[str, ...]]:
    """What the fight's end leaves for the time between fights to settle: a Lethal injury
    first aid brought down to Critical (l.930-934), or the dying of cumulative damage
    (≥ 2 × Health) stabilised (l.786), still dies within 1d6+1 hours without intensive
    care (l.742): the hours are rolled now."""
    needs = lasting.has("stabilised") and not lasting.has("dead") and (
        (lasting.injury == "critical" and lasting.treated)
        or lasting.damage >= 2 * sheet.health)
    if not needs or lasting.care_within_hours is not None:
        return lasting, ()
    return _care_deadline(numbers, lasting, sheet.name, dice)


def _care_deadline(numbers: Chapter6Ruleset, lasting: Lasting, name: str,
                   dice: Dice) -> tuple[Lasting, tuple[str, ...]]:
    expression = numbers.healing.care_within
    hours = roll_expression(expression, dice).total
    return lasting.model_copy(update={"care_within_hours": hours}), (
        f"{name} needs intensive care within {hours} hours ({expression} = {hours}; "
        "Ch.6 l.742)",)


def first_aid_between(numbers: Chapter6Ruleset, healer: Character, patient: Lasting,
                      sheet: Character, kit: str, dice: Dice) -> tuple[Lasting, tuple[str, ...]]:
    """First aid between fights: the healer's Medic check with the kit's TN (l.902-906); a
    success improves the injury a step and restores its Health (l.908-932), once until
    injured anew (l.914); a Lethal treated still needs intensive care (l.934, l.742)."""
    if patient.injury is None:
        raise IllegalCommand([f"{sheet.name} has no injury to treat"])
    if patient.treated:
        raise IllegalCommand([f"{sheet.name} has had first aid since the last injury "
                              "(Ch.6: not until injured anew)"])
    if kit not in numbers.first_aid.kit_tn:
        raise IllegalCommand([f"unknown kit {kit!r}; expected one of: "
                              f"{', '.join(numbers.first_aid.kit_tn)}"])
    skill = healer.skills.get(numbers.first_aid.skill, 0)
    result = engine.give_first_aid(healer.name, sheet.name, patient.injury, skill, dice,
                                   numbers, kit, ())
    if not result.success:
        return patient, (result.text,)
    damage = max(0, patient.damage - result.health_restored)
    update: dict[str, object] = {"damage": damage, "stun": min(patient.stun, damage),
                                 "injury": result.injury_after, "treated": True}
    if patient.injury in ("lethal", "critical"):
        update["conditions"] = tuple(sorted({*patient.conditions, "stabilised"}))
    treated = patient.model_copy(update=update)
    if patient.injury == "lethal" and patient.care_within_hours is None:
        treated, words = _care_deadline(numbers, treated, sheet.name, dice)
        return treated, (result.text, *words)
    return treated, (result.text,)
