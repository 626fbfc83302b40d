"""Surprise under Shadowrun (issue 25 item 6, RULINGS "Surprise"): the ruleset file's
surprise test, its −10 for the first combat turn only, no interrupt actions until the first
action phase, and no Chapter 6 lost round; Chapter 6 keeps its Awareness check."""

from __future__ import annotations

from pathlib import Path

import pytest

from tactical.core.dice import ScriptedDice
from tactical.core.errors import IllegalCommand
from tactical.data.library import load_map
from tactical.encounter import commands as cmd
from tactical.encounter.context import Context
from tactical.encounter.encounter import Encounter
from tactical.encounter.handlers.passes import DeclareFullDefense
from tactical.encounter.handlers.surprise import SurpriseTest
from tactical.encounter.model import Condition
from tactical.encounter.queries.oracle import GeometryOracle
from tactical.rules import registry

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"
MISS_THE_TEST = [5, 2, 3, 4, 2, 3]  # Cutter: Reaction 3 + Intuition 3, 1 hit vs 3


def _encounter(map_path: Path, d6: list[int], d10: int = 4) -> Encounter:
    loaded = load_map(map_path)
    return Encounter(Context(loaded, GeometryOracle(loaded)),
                     ScriptedDice(d10=[5] * d10, d6=d6))


def _surprised_cutter(d6_after: list[int]) -> Encounter:
    enc = _encounter(SCENARIOS / "maps" / "sr5_passes.yaml", [*MISS_THE_TEST, *d6_after])
    enc.apply(SurpriseTest("cutter"))
    for cid, value in {"wombat": 14, "cutter": 15, "vanya": 0, "ganger": 0}.items():
        enc.apply(cmd.SetInitiative(cid, value))
    enc.apply(cmd.StartCombat())
    return enc


def test_the_minus_ten_counts_in_the_first_combat_turn_only():
    # combat turn 2: new scores (1d6 each: Wombat 7 + 3, Vanya 8 + 3, Cutter 6 + 3, Ganger 6 + 3)
    enc = _surprised_cutter([3, 3, 3, 3])
    assert enc.state.get("cutter").effective_initiative() == 5  # 15 − 10
    assert enc.state.order == ("wombat", "cutter")
    enc.apply(cmd.EndTurn())  # Wombat
    enc.apply(cmd.EndTurn())  # Cutter: one pass for him in turn 1 (5)
    assert enc.state.order == ("wombat",)  # pass 2: Wombat's 4 only
    enc.apply(cmd.EndTurn())
    assert enc.state.round == 2
    assert enc.state.get("cutter").effective_initiative() == 9  # no −10 any more


def test_a_surprised_combatant_cannot_intercept_until_its_first_action_phase():
    enc = _surprised_cutter([])
    sr5 = registry.ruleset("sr5")
    cutter = enc.state.get("cutter")
    assert cutter.has(Condition.SURPRISED)
    assert "surprised" in (sr5.reaction_block(cutter) or "")
    enc.apply(cmd.EndTurn())  # Wombat's phase ends; Cutter's first action phase starts
    cutter = enc.state.get("cutter")
    assert not cutter.has(Condition.SURPRISED)
    assert sr5.reaction_block(cutter) is None


def test_the_test_is_made_before_combat_and_only_once():
    enc = _surprised_cutter([])
    with pytest.raises(IllegalCommand, match="before combat starts"):
        enc.apply(SurpriseTest("wombat"))
    fresh = _encounter(SCENARIOS / "maps" / "sr5_passes.yaml", MISS_THE_TEST)
    fresh.apply(SurpriseTest("cutter"))
    with pytest.raises(IllegalCommand, match="surprised already"):
        fresh.apply(SurpriseTest("cutter"))


def test_chapter6_has_no_surprise_test_of_its_own():
    assert registry.ruleset("chapter6").surprise is None
    enc = _encounter(SCENARIOS / "maps" / "surprise.yaml", [])
    with pytest.raises(IllegalCommand, match="surprise is the Awareness check"):
        enc.apply(SurpriseTest("vanya"))


def test_an_unaware_runner_under_shadowrun_does_not_lose_round_one(tmp_path):
    # Chapter 6's lost round (l.48) is not Shadowrun's surprise (RULINGS "Surprise")
    text = (SCENARIOS / "maps" / "sr5_passes.yaml").read_text(encoding="utf-8")
    text = text.replace("hex: [1, 3]}", "hex: [1, 3], aware: false}")
    path = tmp_path / "unaware.yaml"
    path.write_text(text, encoding="utf-8")
    enc = _encounter(path, [])
    for cid, value in {"vanya": 20, "wombat": 0, "cutter": 0, "ganger": 0}.items():
        enc.apply(cmd.SetInitiative(cid, value))
    enc.apply(cmd.StartCombat())
    vanya = enc.state.get("vanya")
    # her whole action phase: two Simple actions (or one Complex) and her Move (RULINGS
    # "Actions"), where Chapter 6 would leave the unaware nothing
    assert enc.state.actor == "vanya"
    assert (vanya.budget.minor, vanya.budget.move) == (2, 1)


def test_a_surprised_combatant_cannot_declare_full_defense_until_its_first_phase():
    # RULINGS "Surprise": no interrupt actions until its first action phase; Full Defense
    # declared on its own (issue 25 item 2) is one
    enc = _surprised_cutter([])
    with pytest.raises(IllegalCommand, match="Cutter is surprised: no interrupt actions"):
        enc.apply(DeclareFullDefense("cutter"))
    enc.apply(cmd.EndTurn())  # Cutter's first action phase: the surprise is over, only
    # his score (15 − 10 for the surprise = 5) stands in the way now
    with pytest.raises(IllegalCommand) as refused:
        enc.apply(DeclareFullDefense("cutter"))
    assert list(refused.value.reasons) == [
        "Full Defense costs 10 Initiative; Cutter's score in this pass is 5"]


def test_chapter6_has_no_full_defense_to_declare():
    enc = _encounter(SCENARIOS / "maps" / "surprise.yaml", [], d10=20)
    for c in enc.state:
        enc.apply(cmd.SetInitiative(c.id, 10))
    enc.apply(cmd.StartCombat())
    with pytest.raises(IllegalCommand, match="DeclareFullDefense is not an action in Chapter 6"):
        enc.apply(DeclareFullDefense("vanya"))


def test_the_menu_tells_the_surprise_test_from_the_ruleset_file():
    # the token menu's tip said "Reaction + Intuition (3) … costs 10" in the UI's own words;
    # a house rule in the file (threshold 4, −5, interrupts allowed) must show in it
    from tactical.rules.shadowrun.surprise import surprise_words

    sr5 = registry.ruleset("sr5").numbers
    assert registry.ruleset("sr5").surprise.words == surprise_words(sr5)
    assert surprise_words(sr5) == ("Reaction + Intuition (3); a failure costs 10 Initiative "
                                   "in the first combat turn and no interrupt actions until "
                                   "its first action phase")
    house = sr5.model_copy(update={"surprise": sr5.surprise.model_copy(
        update={"threshold": 4, "initiative_cost": 5, "no_interrupts": False})})
    assert surprise_words(house) == ("Reaction + Intuition (4); a failure costs 5 Initiative "
                                     "in the first combat turn")
