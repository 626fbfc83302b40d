"""The Shadowrun CASE for one melee action against several targets, the pool split (SR4
Multiple Targets, sr4 l.85-87; docs/rules-shadowrun.md#split-case): the one-attack CASE's
attacker, weapon and melee table, with `targets` (each a defender and its dice) instead of
`defender` and `dice`, and the attacker's `split` (empty: as evenly as possible).
`tactical attack` comes here when a Shadowrun CASE has "targets"."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path
from typing import Annotated, Any

from pydantic import Field

from tactical.core.dice import DiceExhausted
from tactical.core.errors import TacticalError
from tactical.data.problems import DataError, Loc
from tactical.data.schema import Frozen, validate
from tactical.data.yamlsafe import YamlDocument, read_yaml
from tactical.rules.shadowrun.attack import resolve_attack
from tactical.rules.shadowrun.case import (
    CaseAttacker,
    CaseDefender,
    CaseDice,
    CaseMelee,
    CaseWeapon,
    ShadowrunCase,
    result_json,
)
from tactical.rules.shadowrun.constants import shadowrun_ruleset
from tactical.rules.shadowrun.melee import split_pool
from tactical.rules.shadowrun.pools import Modifier

TESTS = ("attack", "defense", "resist")
Share = Annotated[int, Field(ge=0, le=100)]


class CaseTarget(Frozen):
    defender: CaseDefender
    dice: CaseDice = CaseDice()


class SplitCase(Frozen):
    ruleset: str = Field(pattern=r"^[a-z][a-z0-9]*$")
    note: str = ""
    attacker: CaseAttacker
    weapon: CaseWeapon
    targets: tuple[CaseTarget, ...] = Field(min_length=2, max_length=20)
    split: tuple[Share, ...] = ()  # the attacker's split; empty: as evenly as possible
    melee: CaseMelee | None = None
    grazing: bool | None = None

    def problems(self) -> Iterable[tuple[Loc, str]]:
        rules = shadowrun_ruleset(self.ruleset)
        if rules.multiple_targets is None:
            yield ("targets",), (f"{self.ruleset} has no split pool (SR4 Multiple Targets, "
                                 "sr4 l.85-87); give one 'defender'")
        if self.weapon.kind != "melee":
            yield ("weapon", "kind"), "only a melee attack splits its pool (sr4 l.85)"
        if self.split and len(self.split) != len(self.targets):
            yield ("split",), f"one share per target: {len(self.targets)} numbers"
        for index in range(len(self.targets)):
            for loc, message in self.one(index).problems():
                # the one-attack CASE's "defender" is this target's
                yield (("targets", index, *loc) if loc and loc[0] == "defender"
                       else loc), message

    def one(self, index: int) -> ShadowrunCase:
        """The attack on the index-th target, as a one-attack CASE (before the split)."""
        t = self.targets[index]
        return ShadowrunCase(ruleset=self.ruleset, note=self.note, attacker=self.attacker,
                             weapon=self.weapon, defender=t.defender, melee=self.melee,
                             grazing=self.grazing, dice=t.dice)

    def shares(self) -> tuple[int, int, tuple[int, ...]]:
        """The pool split (the first target's attack's), the number of targets and the
        shares (ValueError: a split that does not add up)."""
        pool = max(0, sum(p.value for p in self.one(0).setup().attack_parts))
        return pool, len(self.targets), split_pool(pool, len(self.targets), self.split)


def is_split_case(path: Path | str) -> bool:
    """A CASE naming several "targets" (an unreadable one is left to the one-attack CASE,
    which reports it)."""
    try:
        data = read_yaml(path).data
    except TacticalError:
        return False
    return isinstance(data, dict) and "targets" in data


def load_split_case(path: Path | str) -> tuple[YamlDocument, SplitCase]:
    """Read and validate; DataError names the file, line and field (a split that does not
    add up to the pool names "split")."""
    doc = read_yaml(path)
    case = validate(doc, SplitCase)
    try:
        case.shares()
    except ValueError as exc:
        raise DataError([doc.problem(("split",), str(exc))]) from None
    return doc, case


def run_split_case(case: SplitCase, doc: YamlDocument | None = None) -> dict[str, Any]:
    """Each attack with its share of the pool (a named modifier, "Split pool (1 of 2: 6 of
    11 dice)"), resolved on its own with its target's dice; the JSON report lists them."""
    rules = shadowrun_ruleset(case.ruleset)
    pool, n, shares = case.shares()
    attacks: list[dict[str, Any]] = []
    for index, share in enumerate(shares):
        one = case.one(index)
        modifier = Modifier(f"Split pool ({index + 1} of {n}: {share} of {pool} dice)",
                            share - pool)
        setup = one.setup()
        setup = replace(setup, attack_parts=(*setup.attack_parts, modifier))
        roller = one.roller()
        try:
            result = resolve_attack(setup, roller, rules)
        except DiceExhausted as exc:
            if doc is None:
                raise
            test = next((t for t in TESTS if f" {t} " in str(exc)), None)
            loc: Loc = ("targets", index, "dice") + ((test,) if test else ())
            raise DataError([doc.problem(loc, str(exc))]) from None
        report = result_json(result)
        report["unused_dice"] = {t: list(roller.remaining(t)) for t in TESTS
                                 if roller.remaining(t)}
        attacks.append(report)
    return {"ruleset": case.ruleset, "split": {"pool": pool, "shares": list(shares)},
            "attacks": attacks}


def run_split_file(path: Path | str) -> dict[str, Any]:
    doc, case = load_split_case(path)
    return run_split_case(case, doc)

