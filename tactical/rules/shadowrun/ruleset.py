"""Shadowrun SR4 and SR5 as `tactical.rules.api.Ruleset`s: one object per edition.

What Shadowrun leaves to the base game (injury levels a GM deals by hand, first aid,
awareness checks) is asked of `base`, the ruleset the registry hands in, so this package
never imports another ruleset's."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from tactical.core.dice import Dice
from tactical.core.errors import IllegalCommand, TacticalError
from tactical.core.types import RulesetId
from tactical.data.campaign import Lasting, RestPlan
from tactical.data.character import Character
from tactical.data.gear import Weapon
from tactical.data.shadowrun_ruleset import ShadowrunRuleset
from tactical.rules import api
from tactical.rules.reactions import ReactionSpec
from tactical.rules.shadowrun import (
    actions,
    describe,
    engine,
    fulldefense,
    reactions,
    recovery,
    situation,
    surprise,
)
from tactical.rules.shadowrun.constants import Edition, shadowrun_ruleset
from tactical.rules.shadowrun.edge import unknown_edge
from tactical.rules.shadowrun.initiative import score_in_pass
from tactical.rules.shadowrun.report import AttackReport


@dataclass(frozen=True, slots=True)
class Shadowrun:
    edition: Edition
    numbers: ShadowrunRuleset  # sr4.yaml / sr5.yaml, validated
    base: api.Ruleset  # the base game, for what Shadowrun leaves to it

    @property
    def id(self) -> RulesetId:
        return self.edition

    @property
    def title(self) -> str:
        return self.numbers.name  # sr4.yaml / sr5.yaml `name`

    # --- state extension and initiative --------------------------------------------
    def combatant_extension(self, sheet: Character) -> object | None:
        return engine.extension(sheet, self.numbers)

    @property
    def area(self) -> api.AreaRules | None:
        """Grenades and launchers aimed at a hex (RULINGS "SR area weapons"; area.py)."""
        from tactical.rules.shadowrun.area import area_rules
        return area_rules(self.numbers)

    @property
    def surprise(self) -> api.SurpriseRules | None:
        """The surprise test of the ruleset file (RULINGS "Surprise", project defaults;
        rules/shadowrun/surprise.py); None when the file has no `surprise`."""
        return None if self.numbers.surprise is None else _Surprise(self.numbers)

    @property
    def split(self) -> api.SplitRules | None:
        """SR4 Multiple Targets (sr4 l.85-87, rules/shadowrun/split.py); None under SR5,
        whose text has no such rule."""
        if self.numbers.multiple_targets is None:
            return None
        from tactical.rules.shadowrun.split import ShadowrunSplit
        return ShadowrunSplit(self.numbers)

    @property
    def reaction_kinds(self) -> tuple[ReactionSpec, ...]:
        """SR5's Intercept on the map; none under SR4 (RULINGS "Intercept on the map")."""
        return reactions.reaction_kinds(self.numbers)

    def other_offer_gone(self, reactor: api.Fighter, settled: str, taken: bool,
                         other: str) -> str | None:
        """Interrupts cost Initiative, not a Reaction: a taken one ends the others only
        when the score left is too low for them."""
        return self.reaction_block(reactor) if taken else None

    def roll_initiative(self, who: api.Fighter, sheet: Character,
                        dice: Dice) -> api.InitiativeRoll:
        return engine.roll_initiative(who, sheet, dice, self.numbers)

    def acting_order(self, fighters: Iterable[api.Fighter], pass_number: int, *,
                     next_round: bool = False) -> tuple[str, ...]:
        return engine.order(fighters, pass_number, self.numbers, next_round=next_round)

    @property
    def new_initiative_each_round(self) -> bool:
        return True  # every combat turn starts with new scores

    # --- the action budget ----------------------------------------------------------
    def out_of_action(self, who: api.Fighter) -> str | None:
        return engine.out_of_action(who)

    def reaction_block(self, who: api.Fighter, pass_number: int = 1) -> str | None:
        # RULINGS "Initiative cost of a defence": paid from the current pass's score (SR5:
        # the score less 10 per pass taken), so an interrupt is too (Intercept)
        score = None if who.initiative is None else score_in_pass(
            who.effective_initiative(), pass_number, self.numbers.initiative)
        return (engine.out_of_action(who) or surprise.reaction_blocked(who, self.numbers)
                or reactions.initiative_short(self.numbers, score))

    def turn_budget(self, who: api.Fighter, round_number: int) -> tuple[api.Budget, str]:
        return engine.turn_budget(who, round_number, self.numbers)

    def action_slots(self, slot: str, command: str) -> tuple[str, ...]:
        return self.numbers.actions.slots_for(slot, command)  # RULINGS "Actions"

    def attack_slots(self, who: api.Fighter, weapon_id: str, weapon: Weapon,
                     mode: str | None) -> tuple[str, ...]:
        return actions.attack_slots(self.numbers.actions, weapon,
                                    mode or actions.mode_set(who, weapon_id))

    def offers(self, command: str) -> bool:
        return command not in self.numbers.actions.not_offered

    def fire_mode_mark(self, who: api.Fighter, weapon_id: str, weapon: Weapon,
                       mode: str) -> tuple[str, str, str]:
        return actions.fire_mode_mark(self.numbers.actions, weapon_id, weapon, mode)

    def initiative_edge(self, who: api.Fighter, sheet: Character, use: str,
                        dice: Dice) -> api.InitiativeEdge:
        return engine.initiative_edge(who, sheet, use, dice, self.numbers)

    @property
    def turn_marks(self) -> tuple[str, ...]:
        return (engine.SEIZED,)  # Seize the Initiative: this combat turn

    def take_aim(self, who: api.Fighter, sheet: Character) -> tuple[str, int, str]:
        return actions.take_aim(self.numbers.actions, who, sheet)

    def declare_turn_defence(self, who: api.Fighter, pass_number: int) -> api.TurnDefence:
        return fulldefense.declare(who, pass_number, self.numbers)  # Full Defense, sr5 l.9

    # --- attacks --------------------------------------------------------------------
    # --- the log ------------------------------------------------------------------
    def number_files(self) -> Mapping[RulesetId, BaseModel]:
        return {**self.base.number_files(), self.id: self.numbers}

    def with_numbers(self, files: Mapping[RulesetId, Any]) -> Shadowrun:
        data = files.get(self.id)
        numbers = (self.numbers if data is None
                   else data if isinstance(data, ShadowrunRuleset)
                   else ShadowrunRuleset.model_validate(data))
        base = self.base.with_numbers(files)
        if numbers is self.numbers and base is self.base:
            return self
        return replace(self, numbers=numbers, base=base)

    @property
    def foreign_events(self) -> Mapping[str, str]:
        # Shadowrun's damage is monitor boxes: no injury levels, fatigue or Edge-lowered hits
        return {kind: "Chapter 6" for kind in ("InjurySet", "FatigueTaken", "HitRecorded")}

    def attack_choice_problems(self, words: api.AttackWords) -> list[str]:
        # Shadowrun declares its own defences; the rest of an attack's words are the base
        # game's.
        known = self.numbers.defence_options
        own = ([] if words.defence is None or words.defence in known
               else [f"unknown defence {words.defence!r}; expected one of: "
                     f"{', '.join(known)}"])
        # the SR4 melee chips and the Reach choice are Shadowrun's words (situation.py)
        own += situation.option_problems(words.options, self.numbers)
        own += unknown_edge(self.numbers.actions, words.edge)  # its own Edge uses
        base = replace(words, defence=None, edge=None, options=tuple(
            o for o in words.options if o not in situation.OPTION_WORDS))
        return [*self.base.attack_choice_problems(base), *own]

    def resolve_attack(self, facts: api.AttackFacts, dice: Dice) -> api.AttackOutcome:
        _one_target(facts)
        return engine.resolve(facts, dice, self.numbers)

    def preview_attack(self, facts: api.AttackFacts) -> api.AttackPreviewParts:
        _one_target(facts)
        return engine.preview(facts, self.numbers)

    def report_from_json(self, data: Mapping[str, Any]) -> api.AttackReport:
        return AttackReport.from_json(dict(data))

    def attack_case(self, path: Path, *, odds: bool = False) -> dict[str, Any]:
        from tactical.rules.shadowrun.case import run_file
        from tactical.rules.shadowrun.splitcase import is_split_case, run_split_file

        if odds:
            raise TacticalError(f"{path}: --odds is for Chapter 6 attacks only")
        # SR4 Multiple Targets (sr4 l.85-87): "targets" instead of one "defender"
        return run_split_file(path) if is_split_case(path) else run_file(path)

    # --- injuries: the base game's ----------------------------------------------------
    def worse_injury(self, a: str | None, b: str | None) -> str | None:
        return self.base.worse_injury(a, b)

    def injury_from_damage(self, amount: int, who: api.Fighter, damage_type: str,
                           dice: Dice) -> api.Harm:
        return self.base.injury_from_damage(amount, who, damage_type, dice)

    def threshold_crossed(self, before: api.Fighter, after: api.Fighter,
                          dice: Dice) -> api.Threshold | None:
        return self.base.threshold_crossed(before, after, dice)

    def fatigue_zeroes_initiative(self, who: api.Fighter) -> str | None:
        return None  # not in this game: no Fatigue track

    def lowered_injury(self, injury: str) -> str | None:
        return self.base.lowered_injury(injury)

    def injury_effects(self, injury: str, dice: Dice) -> api.InjuryEffects:
        return self.base.injury_effects(injury, dice)

    @property
    def melee_engagement_action(self) -> str | None:
        return None  # SR has no Move spent by being engaged in melee (docs/rules-shadowrun.md)

    def callouts(self, report: api.AttackReport) -> tuple[api.Callout, ...]:
        if not isinstance(report, AttackReport):  # a base-game attack in the log
            return self.base.callouts(report)
        return describe.callouts(report)

    def melee_reach_m(self, sheet: Character, weapons: Sequence[Weapon]) -> float | None:
        """RULINGS "Reach": an adjacent hex for Reach 0-2, two hexes from Reach 3 (the
        longest weapon's; bare hands: the natural Reach), never Chapter 6's metres."""
        reaches = [situation.reach_of(sheet, w, self.numbers) for w in weapons] or \
            [situation.reach_of(sheet, None, self.numbers)]
        return situation.melee_reach_m(max(reaches), self.numbers)

    def incapacitated(self, who: api.Fighter) -> bool:
        return self.base.incapacitated(who)

    def recover(self, lasting: Lasting, sheet: Character,
                plan: RestPlan) -> tuple[Lasting, tuple[str, ...]]:
        return recovery.recover(self.numbers, lasting, sheet, plan)

    def after_fight(self, lasting: Lasting, sheet: Character,
                    dice: Dice) -> tuple[Lasting, tuple[str, ...]]:
        return lasting, ()  # no Chapter 6 injury under Shadowrun (RULINGS)

    def first_aid_between(self, healer: Character, patient: Lasting, sheet: Character,
                          kit: str, dice: Dice) -> tuple[Lasting, tuple[str, ...]]:
        return self.base.first_aid_between(healer, patient, sheet, kit, dice)

    def standing(self, who: api.Fighter) -> api.Standing:
        return self.base.standing(who)

    # --- skill checks: the base game's ------------------------------------------------
    def first_aid(self, healer: str, patient: str, injury: str, skill: int,
                  dice: Dice, disadvantages: Sequence[str] = ()) -> api.SkillOutcome:
        return self.base.first_aid(healer, patient, injury, skill, dice, disadvantages)

    def first_aid_kit(self, healer: str, patient: str, injury: str, skill: int | None,
                      kit: str, dice: Dice, disadvantages: Sequence[str] = ()) -> api.SkillOutcome:
        return self.base.first_aid_kit(healer, patient, injury, skill, kit, dice,
                                       disadvantages)

    def awareness(self, who: str, effort: str, skill: int, tn: int,
                  dice: Dice, disadvantages: Sequence[str] = ()) -> api.SkillOutcome:
        return self.base.awareness(who, effort, skill, tn, dice, disadvantages)

    def check_disadvantages(self, who: api.Fighter) -> tuple[str, ...]:
        return ()  # not in this game: wound modifiers are pool dice, not Disadvantage

    def skill_check(self, who: api.Fighter, skill: str, value: int, tn: int,
                    advantages: tuple[str, ...], dice: Dice) -> api.SkillOutcome:
        return self.base.skill_check(who, skill, value, tn, advantages, dice)

    def discipline_check(self, who: api.Fighter, sheet: Character, tn: int,
                         dice: Dice) -> api.SkillOutcome:
        return self.base.discipline_check(who, sheet, tn, dice)  # Pinned is a base mark

    def break_free(self, who: api.Fighter, sheet: Character,
                   dice: Dice) -> api.SkillOutcome:
        return self.base.break_free(who, sheet, dice)  # a grapple is a base-game mark

    # --- how its events read --------------------------------------------------------
    def attack_line(self, report: api.AttackReport, summary: str, attacker: str,
                    target: str) -> str:
        if not isinstance(report, AttackReport):  # a base-game attack in the log
            return self.base.attack_line(report, summary, attacker, target)
        return describe.attack_line(report, attacker, target)

    def result_lines(self, report: api.AttackReport) -> list[str]:
        if not isinstance(report, AttackReport):
            return self.base.result_lines(report)
        return describe.result_lines(report)

    def effects_text(self, effects: Mapping[str, Any]) -> str:
        return self.base.effects_text(effects)

    def round_line(self, round_number: int, pass_number: int,
                   names: Sequence[str]) -> str | None:
        return describe.round_line(round_number, pass_number, names)

    def turn_line(self, name: str, major: int, move: int, minor: int) -> str | None:
        return describe.turn_line(name, major, move, minor)

    def initiative_line(self, name: str, faces: Sequence[int], bonus: int,
                        total: int) -> str | None:
        if faces and self.numbers.initiative.score == "hits":
            return describe.hits_initiative_line(name, faces, bonus, total)
        return None

    def monitors_text(self, who: api.Fighter | None, physical: int, stun: int,
                      overflow: int) -> str | None:
        m = engine.monitors_with(who, physical, stun, overflow)
        return None if m is None else describe.monitor_text(m)


    # --- the GM's damage and healing: on the condition monitors ----------------------
    def monitor_damage(self, who: api.Fighter, amount: int, damage_type: str,
                       *, heal: bool = False) -> api.MonitorMarks | None:
        return engine.monitor_damage(who, amount, damage_type, self.numbers, heal=heal)

    def monitors_json(self, who: api.Fighter) -> dict[str, Any] | None:
        return engine.monitors_json(who, self.numbers)


def shadowrun(edition: Edition, base: api.Ruleset) -> Shadowrun:
    return Shadowrun(edition, shadowrun_ruleset(edition), base)


def _one_target(facts: api.AttackFacts) -> None:
    """Chapter 6's Auto fire at several targets (one volley, Disadvantage each) is not in
    this game: its full-auto bursts take one target each."""
    if facts.targets > 1:
        raise IllegalCommand(["Auto fire at several targets in one volley is not in this "
                              "game (Chapter 6 l.464); attack each target in turn"])


@dataclass(frozen=True, slots=True)
class _Surprise:
    """`tactical.rules.api.SurpriseRules` for an edition whose file has `surprise`."""

    numbers: ShadowrunRuleset

    def test(self, who: api.Fighter, sheet: Character, dice: Dice) -> api.SurpriseOutcome:
        return surprise.surprise_test(who, sheet, dice, self.numbers,
                                      wound=engine.wound_of(who, self.numbers))

    @property
    def words(self) -> str:
        return surprise.surprise_words(self.numbers)
