"""One attack end to end, from the roster and the catalogue (the encounter's path)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tactical.core.dice import RandomDice
from tactical.core.errors import IllegalCommand, TacticalError
from tactical.data.library import bundled_library
from tactical.rules.shadowrun import (
    ArmorValues,
    AttackSetup,
    DefenceDeclaration,
    MeleeSituation,
    Modifier,
    Outcome,
    PoolRoller,
    WeaponStats,
    attack_from_sheets,
    monitors_for,
    monitors_of,
    replay_faces,
    resolve_attack,
    shadowrun_ruleset,
)
from tactical.rules.shadowrun.sheet import physical_limit, weapon_skill, worn_armor

SR4 = shadowrun_ruleset("sr4")
SR5 = shadowrun_ruleset("sr5")
LIB = bundled_library()
WOMBAT, CUTTER = LIB.characters["wombat"], LIB.characters["cutter"]
SITUATION = Modifier("Situation", -1)

WOMBAT_SHOT = {"attack": [5, 6, 5, 6, 1, 2, 3, 4, 2], "defense": [5, 6, 1, 2, 3],
               "resist": [5, 5, 5, 6, 6, 1, 1, 2, 2, 3, 3, 4, 4, 1]}
CUTTER_RAZORS = {"attack": [5, 6, 5, 6, 5, 6, 5, 6, 1, 2, 3],
                 "defense": [6, 5, 4, 3, 2, 1],
                 "resist": [5, 6, 5, 4, 4, 3, 3, 2, 2, 1, 1, 4]}


def armor_of(character):
    return [LIB.armor[a] for a in character.armor]


def wombat_shot(rules=SR5, **kwargs):
    return attack_from_sheets(WOMBAT, LIB.weapons["browning-ultra-power"], CUTTER,
                              armor_of(CUTTER), rules, attack_modifiers=[SITUATION],
                              defence_modifiers=[SITUATION],
                              defender_monitors=monitors_of(CUTTER, rules), **kwargs)


def cutter_razors(rules=SR5, **kwargs):
    return attack_from_sheets(CUTTER, LIB.weapons["hand-razors"], WOMBAT, armor_of(WOMBAT),
                              rules, attack_modifiers=[Modifier("Situation", 1)],
                              defence_modifiers=[SITUATION],
                              defender_monitors=monitors_of(WOMBAT, rules), **kwargs)


def test_wombats_pistol_shot_from_the_sheets():
    # "Pistols 4 + Agility 6 + modifiers -1 for 9 total dice; his limit ... Accuracy of 6"
    setup = wombat_shot()
    result = resolve_attack(setup, PoolRoller(queues=WOMBAT_SHOT), SR5)
    assert [(p.source, p.value) for p in setup.attack_parts] == [
        ("Pistols", 4), ("Agility", 6), ("Situation", -1)]
    assert (result.attack.pool, result.attack.limit, result.defense.pool) == (9, 6, 5)
    assert (result.attack.limited_hits, result.defense.hits, result.net_hits) == (4, 2, 2)
    dmg = result.damage
    assert dmg is not None
    assert (dmg.modified_dv, dmg.modified_av, dmg.code_before, dmg.code) == (10, 11, "P", "S")
    assert (dmg.resist.pool, dmg.resist.hits, dmg.damage) == (14, 5, 5)  # Body 3 + AV 11
    assert result.monitors_after is not None
    assert (result.monitors_after.stun, result.monitors_after.physical) == (5, 0)


def test_cutters_hand_razors_from_the_sheets():
    # "Unarmed Combat 4 + Specialization 2 + Agility 4 + modifiers 1 ... Physical limit, 6"
    setup = cutter_razors()
    assert (setup.limit, setup.limit_source, setup.weapon.dv) == (6, "Physical limit", 4)
    result = resolve_attack(setup, PoolRoller(queues=CUTTER_RAZORS), SR5)
    assert (result.attack.pool, result.attack.hits, result.attack.limited_hits) == (11, 8, 6)
    assert (result.defense.pool, result.defense.hits, result.net_hits) == (6, 2, 4)
    dmg = result.damage
    assert dmg is not None
    assert (dmg.modified_dv, dmg.modified_av, dmg.code) == (8, 6, "P")
    assert (dmg.resist.pool, dmg.resist.hits, dmg.damage) == (12, 3, 5)
    assert result.monitors_after is not None
    assert (result.monitors_after.physical, result.monitors_after.physical_size) == (5, 11)


def test_replay_uses_the_recorded_faces_and_never_rolls():
    setup = wombat_shot()
    first = resolve_attack(setup, PoolRoller(RandomDice(11)), SR5)
    again = resolve_attack(setup, PoolRoller(queues=replay_faces(first)), SR5)
    assert again == first


def test_a_miss_rolls_no_resistance():
    roller = PoolRoller(queues={"attack": [5, 1, 2, 3, 4, 2, 2, 2, 2],
                                "defense": [5, 6, 1, 2, 3], "resist": [6] * 14})
    result = resolve_attack(wombat_shot(), roller, SR5)
    assert result.outcome is Outcome.MISS and result.damage is None and result.boxes == 0
    assert roller.remaining("resist") == (6,) * 14
    assert "resist" not in replay_faces(result)


def test_a_tie_is_a_miss_or_a_grazing_hit():
    dice = {"attack": [5, 6, 1, 2, 3, 4, 2, 2, 2], "defense": [5, 6, 1, 2, 3]}
    plain = resolve_attack(wombat_shot(), PoolRoller(queues=dice), SR5)
    graze = resolve_attack(wombat_shot(grazing=True), PoolRoller(queues=dice), SR5)
    assert (plain.outcome, graze.outcome) == (Outcome.MISS, Outcome.GRAZE)
    assert graze.damage is None and any("grazing" in n for n in graze.notes)


def test_glitches_are_noted():
    dice = {"attack": [1, 1, 1, 1, 1, 2, 3, 4, 2], "defense": [1, 1, 1, 5, 3]}
    result = resolve_attack(wombat_shot(), PoolRoller(queues=dice), SR5)
    assert result.attack.critical_glitch and result.defense.glitch
    assert not result.defense.critical_glitch
    # the tests by name, as the GM reads them on the card and in the log
    assert result.notes[:2] == ("Attack test: critical glitch (more than half of the dice "
                                "show 1, no hits)",
                                "Defence test: glitch (more than half of the dice show 1)")


def test_dodge_costs_initiative_and_adds_gymnastics():
    setup = wombat_shot(defence=DefenceDeclaration(("dodge",)), defender_initiative=12)
    result = resolve_attack(setup, PoolRoller(RandomDice(3)), SR5)
    assert result.defence.initiative_after == 7
    # Cutter has no Gymnastics: Dodge adds 0 dice but is still paid
    assert result.defense.pool == 5


def test_refusals_list_every_reason():
    setup = wombat_shot(defence=DefenceDeclaration(("parry",)), defender_initiative=2)
    with pytest.raises(IllegalCommand) as exc:
        resolve_attack(setup, PoolRoller(RandomDice(1)), SR5)
    assert exc.value.reasons == ("Parry defends only against melee attacks",
                                 "Parry needs a melee weapon in hand",
                                 "the defence costs 5 Initiative; the score is 2")


def test_parry_with_a_melee_weapon_adds_its_skill():
    guard = LIB.characters["security-guard-shield"]
    setup = attack_from_sheets(CUTTER, LIB.weapons["hand-razors"], guard,
                               armor_of(guard), SR5, defence=DefenceDeclaration(("parry",)),
                               defender_weapon=LIB.weapons["stun-baton"])
    assert setup.has_melee_weapon and setup.ratings["parry_skill"] == 4  # Clubs 4


def test_wounds_lower_the_pools_but_not_resistance():
    hurt = monitors_for(3, 3, SR5.monitors, physical=3, stun=3)
    setup = attack_from_sheets(WOMBAT, LIB.weapons["browning-ultra-power"], CUTTER,
                               armor_of(CUTTER), SR5, attacker_monitors=hurt,
                               defender_monitors=hurt)
    assert setup.attack_parts[-1] == Modifier("Wounds", -2)
    assert setup.defence_parts[-1] == Modifier("Wounds", -2)
    assert setup.resist_parts == ()


def test_sr4_uses_impact_in_melee_and_half_strength():
    setup = cutter_razors(SR4)
    assert setup.limit is None and setup.weapon.dv == 3  # ⌈3/2⌉ + 1
    assert [p.source for p in setup.defence_parts] == ["Reaction", "Situation"]
    result = resolve_attack(setup, PoolRoller(queues=CUTTER_RAZORS), SR4)
    # no limit: 8 hits; Reaction 4 - 1 = 3 dice (6, 5, 4): 2 hits
    assert (result.attack.limited_hits, result.defense.pool, result.net_hits) == (8, 3, 6)
    dmg = result.damage
    assert dmg is not None
    # SR4 hand razors (the catalogue's sr4: block) have no AP: lined coat Impact 4; 9P > 4
    assert (dmg.armor_kind, dmg.armor, dmg.modified_av, dmg.modified_dv) == ("impact", 4, 4, 9)
    assert dmg.resist.pool == 10  # Body 6 + 4


def test_sr4_melee_table_from_the_sheets():
    setup = cutter_razors(SR4, melee=MeleeSituation(attacker_friends=7, charging=True))
    assert [(p.source, p.value) for p in setup.attack_parts][2:4] == [
        ("Friends in melee", 4), ("Charging", 2)]
    with pytest.raises(TacticalError, match="sr5 has no melee modifier table"):
        cutter_razors(SR5, melee=MeleeSituation(charging=True))


def test_sheet_helpers():
    assert weapon_skill(LIB.weapons["hand-razors"], SR5) == "unarmed_combat"
    assert weapon_skill(LIB.weapons["machine-pistol"], SR5) == "automatics"
    assert weapon_skill(LIB.weapons["assault-shotgun"], SR5) == "longarms"
    assert weapon_skill(LIB.weapons["spear"], SR5) == "clubs"
    assert physical_limit(CUTTER.shadowrun) == 6
    assert physical_limit(WOMBAT.shadowrun) == 6  # ⌈(8 + 6 + 4) / 3⌉
    kicker = LIB.characters["kicker"]
    assert worn_armor(armor_of(kicker)) == ArmorValues(9, 6, 4, "Armor coat (light)")
    assert worn_armor([]).armor == 0


def test_an_unskilled_attack_defaults():
    civilian = LIB.characters["civilian"]  # Unarmed Combat 1, no Pistols
    setup = attack_from_sheets(civilian, LIB.weapons["browning-ultra-power"], CUTTER,
                               armor_of(CUTTER), SR5)
    assert setup.attack_parts[-1] == Modifier("Defaulting (no pistols)", -1)


def test_sheets_without_shadowrun_numbers_are_refused():
    weapon = LIB.weapons["browning-ultra-power"].model_copy(update={"shadowrun": None})
    with pytest.raises(TacticalError, match="no shadowrun: numbers"):
        attack_from_sheets(WOMBAT, weapon, CUTTER, [], SR5)


FACES = st.lists(st.integers(1, 6), min_size=60, max_size=60)


@pytest.mark.slow  # a fuzz / whole-process test: make test-fast skips it
@settings(max_examples=200, deadline=None)
@given(FACES, FACES, FACES, st.integers(0, 12), st.integers(-6, 0), st.integers(0, 20),
       st.sampled_from(["sr4", "sr5"]), st.sampled_from(["melee", "ranged"]))
def test_any_dice_give_a_consistent_attack(att, dfn, res, armor, ap, dv, edition, kind):
    rules = shadowrun_ruleset(edition)
    setup = AttackSetup(
        weapon=WeaponStats("W", kind, dv, "P", ap),
        attack_parts=(Modifier("Pool", 12),), defence_parts=(Modifier("Pool", 8),), body=4,
        armor=ArmorValues(armor, armor, armor), limit=5 if edition == "sr5" else None,
        monitors=monitors_for(4, 4, rules.monitors))
    result = resolve_attack(setup, PoolRoller(queues={"attack": att, "defense": dfn,
                                                      "resist": res}), rules)
    assert result.hit == (result.net_hits > 0)
    before, after = result.monitors_before, result.monitors_after
    assert before is not None and after is not None
    assert result.boxes >= 0
    assert (after.physical + after.stun + after.overflow
            - before.physical - before.stun - before.overflow) == result.boxes
    if result.damage is not None:
        assert result.damage.modified_dv == dv + result.net_hits
        assert result.damage.resist.pool == 4 + result.damage.modified_av


@pytest.mark.parametrize(("armor", "ap", "av", "pool"), [(2, -5, 0, 4), (5, -5, 0, 4),
                                                         (6, -5, 1, 5)])
def test_no_armor_dice_when_the_modified_av_is_zero_or_less(armor, ap, av, pool):
    setup = AttackSetup(weapon=WeaponStats("AP round", "ranged", 6, "P", ap),
                        attack_parts=(Modifier("Pool", 3),),
                        defence_parts=(Modifier("Pool", 1),), body=4,
                        armor=ArmorValues(armor))
    roller = PoolRoller(queues={"attack": [6, 6, 6], "defense": [1], "resist": [2] * 5})
    dmg = resolve_attack(setup, roller, SR5).damage
    assert dmg is not None and dmg.modified_av == av and dmg.resist.pool == pool
    assert [p.source for p in dmg.resist.parts] == (["Body"] if av == 0 else
                                                    ["Body", f"Armor {armor} AP {ap}"])
    assert dmg.code == "P" and dmg.damage == 9
