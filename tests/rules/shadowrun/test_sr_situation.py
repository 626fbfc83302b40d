"""Issue 25 item 4: sheet gear counted, Reach as dice (RULINGS "Reach", sr4 l.75-80) and
SR4's melee rows (sr4 l.61-104) proposed from the sheets and the map, the rest as chips;
through the encounter engine, as the GM's Attack commands reach it."""

from __future__ import annotations

import pytest

from tactical.core.dice import ScriptedDice
from tactical.core.errors import IllegalCommand, InvalidCommand
from tactical.data.library import bundled_library, load_map
from tactical.encounter import commands as cmd
from tactical.encounter.context import Context
from tactical.encounter.encounter import Encounter
from tactical.encounter.queries.oracle import GeometryOracle
from tactical.encounter.queries.preview import attack_setup
from tactical.rules.shadowrun import situation
from tactical.rules.shadowrun.constants import shadowrun_ruleset

LIB = bundled_library()
SR4, SR5 = shadowrun_ruleset("sr4"), shadowrun_ruleset("sr5")

YARD = """kind: map
name: Yard
ruleset: {ruleset}
grid: {{columns: 12, rows: 8, orientation: flat}}
sides: {{runners: {{name: Runners}}, corp: {{name: Corp}}}}
tokens:
  - {{id: kicker, character: kicker, side: runners, hex: [5, 3]}}
  - {{id: vanya, character: vanya, side: runners, hex: [1, 1]}}
  - {{id: spear, character: security-guard, side: corp, hex: [6, 3]}}
  - {{id: far, character: security-guard, side: corp, hex: [7, 1]}}
"""


@pytest.fixture
def yard(tmp_path):
    def make(ruleset: str) -> Encounter:
        path = tmp_path / f"yard_{ruleset}.yaml"
        path.write_text(YARD.format(ruleset=ruleset), encoding="utf-8")
        loaded = load_map(path)
        enc = Encounter(Context(loaded, GeometryOracle(loaded)), ScriptedDice(d10=[5] * 8))
        for cid, value in (("kicker", 30), ("vanya", 20), ("spear", 10), ("far", 5)):
            enc.apply(cmd.SetInitiative(cid, value))
        enc.apply(cmd.StartCombat())
        return enc

    return make


def parts(setup, pool: str = "attack") -> dict[str, int]:
    chosen = setup.attack_parts if pool == "attack" else setup.defence_parts
    return {m.source: m.value for m in chosen}


def test_the_smartlink_counts_only_with_a_smartgun():
    vanya, wombat = LIB.characters["vanya"], LIB.characters["wombat"]
    assert [(m.name, m.dice, m.pool) for m in
            situation.gear_dice(vanya, LIB.weapons["ares-predator"], SR5)] == [
        ("Smartlink", 2, "attack")]
    # Wombat has the smartlink, but his Browning has no smartgun (the SR5 example's 9 dice)
    assert situation.gear_dice(wombat, LIB.weapons["browning-ultra-power"], SR5) == ()
    # no smartlink in melee
    assert situation.gear_dice(vanya, LIB.weapons["sword"], SR4) == ()


def test_reach_is_the_weapons_plus_the_trolls():
    kicker, guard = LIB.characters["kicker"], LIB.characters["security-guard"]
    assert situation.reach_of(kicker, LIB.weapons["killing-hands"], SR4) == 1  # troll
    assert situation.reach_of(kicker, LIB.weapons["spear"], SR5) == 3
    assert situation.reach_of(guard, LIB.weapons["spear"], SR5) == 2
    assert situation.reach_of(guard, LIB.weapons["shotgun"], SR5) == 0  # no melee weapon
    assert situation.reach_of(guard, None, SR5) == 0
    # Reach 0-2 fights at an adjacent hex, 3 or more at two hexes (RULINGS "Reach")
    assert [situation.melee_reach_m(r, SR4) for r in (0, 2, 3, 4)] == [2, 2, 4, 4]


def test_the_longer_reach_chooses_bonus_or_penalty():
    assert [(m.dice, m.pool) for m in situation.reach_dice(3, 1, False, SR5)] == [
        (2, "attack")]
    assert [(m.dice, m.pool) for m in situation.reach_dice(3, 1, True, SR5)] == [
        (-2, "defence")]
    # the defender with the longer reach: +1 to its defence
    assert [(m.dice, m.pool) for m in situation.reach_dice(0, 1, False, SR4)] == [
        (1, "defence")]
    assert situation.reach_dice(2, 2, False, SR4) == ()


def test_the_chips_are_sr4s_and_read_its_table():
    chips = {c.word: (c.label, c.dice, c.pool) for c in situation.chips(SR4)}
    assert chips == {
        "superior_position": ("Superior position", 2, "attack"),
        "defender_superior": ("Superior position (defender)", 2, "defence"),
        "off_hand": ("Off-hand weapon", -2, "attack"),
        "defender_off_hand": ("Off-hand weapon (defender)", -2, "defence"),
        "receiving_charge": ("Receiving a charge", 1, "attack"),
        "touch_only": ("Touch-only attack", 2, "attack")}
    assert situation.chips(SR5) == ()


def test_a_troll_cannot_strike_from_two_hexes(yard):
    enc = yard("sr5")
    with pytest.raises(IllegalCommand) as refused:
        enc.apply(cmd.Attack("kicker", "far", "killing-hands"))
    assert "beyond Kicker's reach (Reach 1: 2 m)" in str(refused.value)
    # a spear gives him Reach 3: two hexes, +2 dice against the guard's stun baton (Reach 1)
    setup = attack_setup(enc.state, enc.ctx, cmd.Attack("kicker", "far", "spear"))
    assert parts(setup)["Reach 3 vs 1"] == 2


def test_reach_and_gear_are_proposed_and_droppable(yard):
    enc = yard("sr5")
    setup = attack_setup(enc.state, enc.ctx, cmd.Attack("vanya", "spear", "ares-predator"))
    assert parts(setup)["Smartlink"] == 2
    assert [m.name for m in setup.proposed] == ["Smartlink"]
    dropped = attack_setup(enc.state, enc.ctx, cmd.Attack("vanya", "spear", "ares-predator",
                                                         dropped=("Smartlink",)))
    assert "Smartlink" not in parts(dropped)
    assert [m.name for m in dropped.proposed] == ["Smartlink"]  # still offered, unticked
    sr4 = yard("sr4")  # SR4 fights with the weapon in hand: the guard's shotgun, Reach 0
    melee = attack_setup(sr4.state, sr4.ctx, cmd.Attack("kicker", "spear", "killing-hands",
                                                       options=("reach_penalty",)))
    assert parts(melee, "defence")["Reach 1 vs 0"] == -1
    assert "Reach 1 vs 0" not in parts(melee)


def test_sr5_refuses_sr4s_chips_by_name(yard):
    enc = yard("sr5")
    with pytest.raises(InvalidCommand) as refused:
        enc.apply(cmd.Attack("kicker", "spear", "killing-hands", options=("off_hand",)))
    assert "sr5 has no melee modifier table: 'off_hand' is SR4's" in str(refused.value)


def test_sr4_chips_count_and_are_refused_on_a_gun(yard):
    enc = yard("sr4")
    setup = attack_setup(enc.state, enc.ctx, cmd.Attack(
        "kicker", "spear", "killing-hands", options=("superior_position", "defender_off_hand")))
    assert parts(setup)["Superior position"] == 2
    assert parts(setup, "defence")["Off-hand weapon"] == -2
    with pytest.raises(IllegalCommand) as refused:
        attack_setup(enc.state, enc.ctx,
                     cmd.Attack("vanya", "spear", "ares-predator", options=("touch_only",)))
    assert "are for melee attacks" in str(refused.value)
