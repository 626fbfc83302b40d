"""Chapter 6 as a `tactical.rules.api.Ruleset`: the object the registry hands out."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from tactical.core.dice import Dice
from tactical.core.errors import IllegalCommand
from tactical.core.types import RulesetId
from tactical.data.campaign import Lasting, RestPlan
from tactical.data.character import Character
from tactical.data.gear import Weapon
from tactical.rules import api
from tactical.rules.chapter6 import describe, engine, recovery
from tactical.rules.chapter6.constants import chapter6_ruleset
from tactical.rules.chapter6.injury import (
    CumulativeState,
    FatigueState,
    InjuryLevel,
    cumulative_effects,
    cumulative_state,
    fatigue_state,
    injury_effects,
    lower,
    worse,
)
from tactical.rules.chapter6.numbers import Chapter6Ruleset
from tactical.rules.chapter6.reactions import reaction_kinds
from tactical.rules.chapter6.report import AttackReport, EffectsReport
from tactical.rules.reactions import ReactionSpec

_CUMULATIVE_RANK = {CumulativeState.NONE: 0, CumulativeState.INCAPACITATED: 1,
                    CumulativeState.DYING: 2}


def _level(name: str | None) -> InjuryLevel | None:
    return InjuryLevel(name) if name else None


# Other games' actions the engine knows: Chapter 6's aiming is the Aimed Shot option (l.470)
# (its fire mode is chosen with each attack; its Edge buys +2d6 Initiative next round)
# l.92 "The system does not allow delaying"; a defence is chosen against each attack (no
# Full Defense declared for the turn)
NOT_CHAPTER6 = frozenset({"TakeAim", "ChangeFireMode", "UseEdge", "DelayAction",
                          "DeclareFullDefense"})


@dataclass(frozen=True, slots=True)
class Chapter6:
    numbers: Chapter6Ruleset  # ruleset.yaml, validated

    @property
    def id(self) -> RulesetId:
        return "chapter6"

    @property
    def title(self) -> str:
        return self.numbers.name  # ruleset.yaml `name`

    # --- state extension and initiative --------------------------------------------
    def combatant_extension(self, sheet: Character) -> object | None:
        return None  # Health, Stamina, Fatigue and injuries are the shared fields

    def roll_initiative(self, who: api.Fighter, sheet: Character,
                        dice: Dice) -> api.InitiativeRoll:
        attributes = sheet.attributes.model_dump()
        return engine.roll_initiative(sheet.initiative_dice, attributes, dice, self.numbers)

    def acting_order(self, fighters: Iterable[api.Fighter], pass_number: int, *,
                     next_round: bool = False) -> tuple[str, ...]:
        """Highest first; ties by the tie-breakers rolled with the initiative. With
        `next_round`, the changes pending for the next round (Edge, injuries) count. One
        pass a round."""
        if pass_number > 1:
            return ()

        def score(c: api.Fighter) -> int:
            if not next_round:
                return c.effective_initiative()
            if c.initiative_zero or c.initiative is None:
                return 0
            return max(0, c.initiative + c.initiative_next_round + c.initiative_lasting)

        ranked = sorted(fighters, key=lambda c: (score(c), c.tiebreak), reverse=True)
        return tuple(c.id for c in ranked)

    @property
    def new_initiative_each_round(self) -> bool:
        return False

    # --- the action budget ----------------------------------------------------------
    def out_of_action(self, who: api.Fighter) -> str | None:
        return engine.out_of_action(who, self.numbers)

    def reaction_block(self, who: api.Fighter, pass_number: int = 1) -> str | None:
        return engine.reaction_block(who, self.numbers)  # one round, no passes

    def turn_budget(self, who: api.Fighter, round_number: int) -> tuple[api.Budget, str]:
        return engine.turn_budget(who, round_number, self.numbers)

    def action_slots(self, slot: str, command: str) -> tuple[str, ...]:
        return (slot,)  # the three Ms as this file's numbers cost them

    def attack_slots(self, who: api.Fighter, weapon_id: str, weapon: Weapon,
                     mode: str | None) -> None:
        return None  # fire_modes.needs, attack options, called shots (attack_needs)

    def offers(self, command: str) -> bool:
        return command not in NOT_CHAPTER6

    def fire_mode_mark(self, who: api.Fighter, weapon_id: str, weapon: Weapon,
                       mode: str) -> tuple[str, str, str]:
        raise IllegalCommand(["Chapter 6 chooses the fire mode with each attack"])

    def initiative_edge(self, who: api.Fighter, sheet: Character, use: str,
                        dice: Dice) -> api.InitiativeEdge:
        raise IllegalCommand(["Chapter 6's Edge for initiative is UseEdgeForInitiative"])

    @property
    def turn_marks(self) -> tuple[str, ...]:
        return ()  # its marks end by their own rules (docs/rules-chapter6.md)

    def declare_turn_defence(self, who: api.Fighter, pass_number: int) -> api.TurnDefence:
        raise IllegalCommand(["Chapter 6 has no Full Defense: a defender picks Parry or "
                              "Dodge against each attack"])

    def take_aim(self, who: api.Fighter, sheet: Character) -> tuple[str, int, str]:
        raise IllegalCommand(["Chapter 6 has no Take Aim action: aim with the Aimed Shot "
                              "option of an attack (l.470)"])

    # --- the log ------------------------------------------------------------------
    def number_files(self) -> Mapping[RulesetId, BaseModel]:
        return {self.id: self.numbers}

    def with_numbers(self, files: Mapping[RulesetId, Any]) -> Chapter6:
        data = files.get(self.id)
        if data is None or data is self.numbers:
            return self
        numbers = (data if isinstance(data, Chapter6Ruleset)
                   else Chapter6Ruleset.model_validate(data))
        return replace(self, numbers=numbers)

    @property
    def foreign_events(self) -> Mapping[str, str]:
        return {"MonitorsChanged": "Shadowrun"}  # condition monitors are Shadowrun's

    # --- attacks --------------------------------------------------------------------
    def attack_choice_problems(self, words: api.AttackWords) -> list[str]:
        return engine.unknown_words(words)

    def resolve_attack(self, facts: api.AttackFacts, dice: Dice) -> api.AttackOutcome:
        return engine.resolve(facts, dice, self.numbers)

    def preview_attack(self, facts: api.AttackFacts) -> api.AttackPreviewParts:
        return engine.preview(facts, self.numbers)

    def report_from_json(self, data: Mapping[str, Any]) -> api.AttackReport:
        return AttackReport.from_json(dict(data))

    def attack_case(self, path: Path, *, odds: bool = False) -> dict[str, Any]:
        from tactical.rules.chapter6.case import load_case, run_case

        return run_case(load_case(path), odds=odds, rules=self.numbers)

    # --- injuries -------------------------------------------------------------------
    def worse_injury(self, a: str | None, b: str | None) -> str | None:
        level = worse(_level(a), _level(b))
        return level.value if level else None

    def injury_from_damage(self, amount: int, who: api.Fighter, damage_type: str,
                           dice: Dice) -> api.Harm:
        return engine.gm_damage(amount, who, damage_type, dice, self.numbers)

    def threshold_crossed(self, before: api.Fighter, after: api.Fighter,
                          dice: Dice) -> api.Threshold | None:
        """Ch.6 Cumulative damage: the state a hit crosses into (its effects rolled now)."""
        was = cumulative_state(before.damage, before.health, self.numbers)
        now = cumulative_state(after.damage, after.health, self.numbers)
        if _CUMULATIVE_RANK[now] <= _CUMULATIVE_RANK[was]:
            return None
        return api.Threshold(now.value, cumulative_effects(now, self.numbers, dice))

    def lowered_injury(self, injury: str) -> str | None:
        level = lower(InjuryLevel(injury), self.numbers.injury.edge_steps_lower)
        return level.value if level else None

    def injury_effects(self, injury: str, dice: Dice) -> api.InjuryEffects:
        return injury_effects(InjuryLevel(injury), self.numbers, dice)

    def incapacitated(self, who: api.Fighter) -> bool:
        return cumulative_state(who.damage, who.health, self.numbers) \
            is not CumulativeState.NONE

    @property
    def melee_engagement_action(self) -> str | None:
        """Ch.6 Move actions, l.198: what a melee attack on one's turn spends besides its own
        cost (`table_actions.melee_engagement`; None: nothing, a house rule)."""
        return self.numbers.table_actions.melee_engagement

    def callouts(self, report: api.AttackReport) -> tuple[api.Callout, ...]:
        return ()  # a fumble reads in the result itself ("Complete failure")

    def melee_reach_m(self, sheet: Character, weapons: Sequence[Weapon]) -> float | None:
        return None  # Ch.6 Melee: the sheet's reach and the weapons' metres

    def fatigue_zeroes_initiative(self, who: api.Fighter) -> str | None:
        """Ch.6 Fatigue, l.814 and RULINGS: Exhausted is "Initiative 0, one Minor action"
        (issue 12 item 10); the action limit is in `turn_budget`."""
        state = fatigue_state(who.fatigue, who.stamina, self.numbers)
        if state in (FatigueState.EXHAUSTED, FatigueState.UNCONSCIOUS):
            return f"{state.value.capitalize()}: Initiative 0"
        return None

    def recover(self, lasting: Lasting, sheet: Character,
                plan: RestPlan) -> tuple[Lasting, tuple[str, ...]]:
        return recovery.recover(self.numbers, lasting, sheet, plan)

    def after_fight(self, lasting: Lasting, sheet: Character,
                    dice: Dice) -> tuple[Lasting, tuple[str, ...]]:
        return recovery.after_fight(self.numbers, lasting, sheet, dice)

    def first_aid_between(self, healer: Character, patient: Lasting, sheet: Character,
                          kit: str, dice: Dice) -> tuple[Lasting, tuple[str, ...]]:
        return recovery.first_aid_between(self.numbers, healer, patient, sheet, kit, dice)

    def standing(self, who: api.Fighter) -> api.Standing:
        return api.Standing(fatigue_state(who.fatigue, who.stamina, self.numbers).value,
                            cumulative_state(who.damage, who.health, self.numbers).value)

    # --- skill checks ---------------------------------------------------------------
    def first_aid(self, healer: str, patient: str, injury: str, skill: int,
                  dice: Dice, disadvantages: Sequence[str] = ()) -> api.SkillOutcome:
        return engine.give_first_aid(healer, patient, injury, skill, dice, self.numbers,
                                     disadvantages=disadvantages)

    def first_aid_kit(self, healer: str, patient: str, injury: str, skill: int | None,
                      kit: str, dice: Dice, disadvantages: Sequence[str] = ()) -> api.SkillOutcome:
        kits = self.numbers.first_aid.kit_tn
        if kit not in kits:
            raise IllegalCommand([f"unknown kit {kit!r}; expected one of: {', '.join(kits)}"])
        # l.936 trauma patch: "an effective Medic skill of +12"
        value = self.numbers.first_aid.trauma_patch_skill if skill is None else skill
        return engine.give_first_aid(healer, patient, injury, value, dice, self.numbers,
                                     kit, disadvantages)

    def awareness(self, who: str, effort: str, skill: int, tn: int,
                  dice: Dice, disadvantages: Sequence[str] = ()) -> api.SkillOutcome:
        return engine.check_awareness(who, effort, skill, tn, dice, self.numbers,
                                      disadvantages)

    def check_disadvantages(self, who: api.Fighter) -> tuple[str, ...]:
        return engine.check_disadvantages(who, self.numbers)

    def skill_check(self, who: api.Fighter, skill: str, value: int, tn: int,
                    advantages: tuple[str, ...], dice: Dice) -> api.SkillOutcome:
        from tactical.rules.chapter6.grapple import skill_check

        return skill_check(who, skill, value, tn, advantages, dice, self.numbers)

    def discipline_check(self, who: api.Fighter, sheet: Character, tn: int,
                         dice: Dice) -> api.SkillOutcome:
        from tactical.rules.chapter6.grapple import discipline_check

        return discipline_check(who, sheet, tn, dice, self.numbers)

    def break_free(self, who: api.Fighter, sheet: Character,
                   dice: Dice) -> api.SkillOutcome:
        from tactical.rules.chapter6.grapple import break_free

        return break_free(who, sheet, dice, self.numbers)

    # --- how its events read --------------------------------------------------------
    def attack_line(self, report: api.AttackReport, summary: str, attacker: str,
                    target: str) -> str:
        return summary  # the summary already explains every number

    def result_lines(self, report: api.AttackReport) -> list[str]:
        assert isinstance(report, AttackReport)
        return describe.result_lines(report)

    def effects_text(self, effects: Mapping[str, Any]) -> str:
        return describe.effect_text(EffectsReport.from_json(dict(effects)))

    def round_line(self, round_number: int, pass_number: int,
                   names: Sequence[str]) -> str | None:
        return None

    def turn_line(self, name: str, major: int, move: int, minor: int) -> str | None:
        return None

    def initiative_line(self, name: str, faces: Sequence[int], bonus: int,
                        total: int) -> str | None:
        return None

    def monitors_text(self, who: api.Fighter | None, physical: int, stun: int,
                      overflow: int) -> str | None:
        return None

    def monitor_damage(self, who: api.Fighter, amount: int, damage_type: str,
                       *, heal: bool = False) -> api.MonitorMarks | None:
        return None  # Chapter 6 has Health and injuries, no condition monitors

    def monitors_json(self, who: api.Fighter) -> dict[str, Any] | None:
        return None

    @property
    def area(self) -> api.AreaRules | None:
        """Blasts, the Auto Fire vicinity and Suppressive Fire's zone (RULINGS Area
        attacks, rules/chapter6/area.py)."""
        from tactical.rules.chapter6.area import area_rules
        return area_rules(self.numbers)

    @property
    def surprise(self) -> api.SurpriseRules | None:
        """None: Chapter 6's surprise is the Awareness check and the lost round (l.48)."""
        return None

    @property
    def split(self) -> api.SplitRules | None:
        """None: Chapter 6 splits no pool (several targets: Auto Fire, Flurry)."""
        return None

    @property
    def reaction_kinds(self) -> tuple[ReactionSpec, ...]:
        """rules/chapter6/reactions.py, with their numbers and words from ruleset.yaml."""
        return reaction_kinds(self.numbers)

    def other_offer_gone(self, reactor: api.Fighter, settled: str, taken: bool,
                         other: str) -> str | None:
        """Ch.6 l.150 "Each character can perform one Reaction per round" (l.152: talents
        and Edge give more): declining one spends nothing, so the other stays on offer;
        taking one spends a Reaction, and the other goes unless one is left."""
        if not taken:
            return None
        block = engine.reaction_block(reactor, self.numbers)
        if block is None:
            return None
        label = self.numbers.attack.reactions[settled].label \
            if settled in self.numbers.attack.reactions else settled
        return f"{reactor.name} took the {label}: {block} (Ch.6 l.150, one Reaction a round)"


@cache
def chapter6() -> Chapter6:
    return Chapter6(chapter6_ruleset())
