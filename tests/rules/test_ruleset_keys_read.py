"""Every key of the bundled ruleset files is read by the code (issue 10 item 6: rule numbers
live only in data, and a key that does nothing is a house rule that silently fails).

The representative operations below play the golden encounter, every worked attack example
(Chapter 6 and Shadowrun), a seeded skirmish that tries each command, and the rules functions
the encounter does not reach yet; the recorder notes each key read on the way.
"""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

from ch6_builders import machine_pistol, setup, sword
from ruleset_reads import key_paths, recording

from tactical.cli import main
from tactical.core.dice import RandomDice, ScriptedDice
from tactical.core.errors import TacticalError
from tactical.data.gear import DamageType, FireMode
from tactical.data.library import load_map
from tactical.encounter import commands as cmd
from tactical.encounter.context import Context
from tactical.encounter.encounter import Encounter
from tactical.encounter.queries.oracle import GeometryOracle
from tactical.encounter.scenario import play, play_all
from tactical.geometry.hexgrid import hex_distance, hex_neighbours
from tactical.rules.chapter6.attack import attack_refusals, plan_attack, resolve_attack
from tactical.rules.chapter6.checks import Degree
from tactical.rules.chapter6.constants import chapter6_ruleset
from tactical.rules.chapter6.healing import first_aid, trauma_patch
from tactical.rules.chapter6.injury import InjuryLevel, injury_effects, injury_for
from tactical.rules.chapter6.setup import (
    CalledShot,
    Cover,
    Defender,
    Option,
    Situation,
    defence_value,
)
from tactical.rules.chapter6.setup import (
    Defence as ChosenDefence,
)
from tactical.rules.registry import ruleset
from tactical.rules.shadowrun import situation as sr_situation
from tactical.rules.shadowrun.actions import recoil_dice
from tactical.rules.shadowrun.constants import Edition, shadowrun_ruleset
from tactical.rules.shadowrun.mapmods import proposed
from tactical.rules.shadowrun.melee import MeleeSituation, melee_modifiers
from tactical.rules.shadowrun.preview import shadowrun_preview
from tactical.rules.shadowrun.sheet import attack_from_sheets, weapon_skill

ROOT = Path(__file__).resolve().parents[2]

# Keys that only name the file (read by the loader to pick the model, before any rule runs).
FILE_KEYS = {f"{r}:{k}" for r in ("chapter6", "shadowrun")
             for k in ("kind", "version", "id", "engine")}


ALLEY = """kind: map
name: Alley
ruleset: {ruleset}
grid: {{columns: 10, rows: 6, orientation: flat}}
tokens:
  - {{id: wombat, character: wombat, side: runners, hex: [1, 2]}}
  - {{id: cutter, character: cutter, side: hellhounds, hex: [3, 1]}}
"""


SR_DEFENCES = ("dodge", "parry", "block", "full_defense", "hit_the_dirt", "intercept")


def _shadowrun_sheets(edition: Edition) -> None:
    """Every catalogue weapon in every Shadowrun character's hands, against each other."""
    rules = shadowrun_ruleset(edition)
    library = load_map(ROOT / "maps" / "warehouse.yaml").library
    runners = [c for c in library.characters.values() if c.shadowrun is not None]
    for weapon in library.weapons.values():
        weapon_skill(weapon, rules)
        for attacker in runners:
            for defender in runners:
                with contextlib.suppress(TacticalError):
                    attack = attack_from_sheets(attacker, weapon, defender, (), rules)
                    shadowrun_preview(attack, rules)


def _skirmish(map_path: Path, defences: tuple[str, ...] = ("dodge", "parry")) -> None:
    """A seeded fight trying every command for whoever acts."""
    loaded = load_map(map_path)
    encounter = Encounter(Context(loaded, GeometryOracle(loaded)), RandomDice(7))

    def attempt(command: object) -> None:
        with contextlib.suppress(TacticalError):
            encounter.apply(command)

    for c in encounter.state:
        attempt(cmd.RollInitiative(c.id))
    attempt(cmd.UseEdgeForInitiative("vanya"))
    attempt(cmd.StartCombat())
    for turn in range(40):
        for pending in encounter.state.pending:
            attempt(cmd.DeclineReaction(pending.reactor))
        actor = encounter.state.actor
        if actor is None:
            break
        me = encounter.state.get(actor)
        others = sorted((c for c in encounter.state if c.id != actor),
                        key=lambda c: hex_distance(me.hex, c.hex))
        foe = next((c for c in others if c.side != me.side), None)
        friend = next((c for c in others if c.side == me.side), None)
        step = hex_neighbours(me.hex)
        tries: list[object] = [cmd.CheckAwareness(actor, "full", "easy", "solid"),
                               cmd.Refocus(actor), cmd.Evade(actor), cmd.DropProne(actor),
                               cmd.GetUp(actor), cmd.Disengage(actor), cmd.ReadyWeapon(actor),
                               cmd.DeclareOverwatch(actor)]
        tries += [cmd.Move(actor, (hex_,), how) for how in ("step", "sprint", "charge")
                  for hex_ in step[:2]]
        if friend is not None:
            tries.append(cmd.FirstAid(actor, friend.id))
        if foe is not None:
            tries += [cmd.Attack(actor, foe.id, mode=mode) for mode in ("AF", "BF", None)]
            tries += [cmd.Attack(actor, foe.id, defence=d) for d in defences]
        # each turn starts with another command, so every one gets the actions it needs
        for command in tries[turn % len(tries):] + tries[:turn % len(tries)]:
            attempt(command)
        attempt(cmd.EndTurn(actor))


def _chapter6_attacks() -> None:
    """Every attack option, cover class, called shot and defence the rules functions take."""
    rules = chapter6_ruleset()
    situations = [Situation(cover=Cover.PARTIAL, cover_class=c, through_cover=True)
                  for c in rules.cover_classes]
    situations += [Situation(called_shot=c) for c in CalledShot]
    situations += [Situation(crossfire_allies=3, target_exposed=True)]
    for option in Option:
        for weapon in (sword(), machine_pistol()):
            for situation in situations:
                attack = setup(weapon, options=(option,), situation=situation,
                               defender=Defender(evading=True, parry_weapon=False))
                if not attack_refusals(attack):
                    plan_attack(attack).damage_expr(Degree.PERFECT, rules)
        with contextlib.suppress(TacticalError):
            resolve_attack(setup(sword(), options=(option,)), RandomDice(1))
    parry = Defender(dodge=10, parry=15, defence=ChosenDefence.PARRY, parry_weapon=False)
    plan_attack(setup(sword(), defender=parry))
    auto = setup(machine_pistol(), mode=FireMode.AF, situation=Situation(targets=2))
    plan_attack(auto).damage_expr(Degree.SOLID, rules)
    for level in InjuryLevel:
        injury_effects(level, rules, RandomDice(2))
    injury_for(15, 20, DamageType.PHYSICAL, rules, edge=True)


YARD = """kind: map
name: Yard
ruleset: chapter6
grid: {columns: 10, rows: 6, orientation: flat}
tokens:
  - {id: kicker, character: kicker, side: runners, hex: [1, 2]}
  - {id: vanya, character: vanya, side: runners, hex: [2, 2]}
"""


def _first_aid(tmp_path: Path) -> None:
    """Kicker patches up Vanya, hurt by the GM (Ch.6 First aid through the engine)."""
    (tmp_path / "yard.yaml").write_text(YARD, encoding="utf-8")
    loaded = load_map(tmp_path / "yard.yaml")
    encounter = Encounter(Context(loaded, GeometryOracle(loaded)), RandomDice(4))
    encounter.apply(cmd.SetInitiative("kicker", 30))
    encounter.apply(cmd.SetInitiative("vanya", 5))
    encounter.apply(cmd.StartCombat())
    encounter.apply(cmd.ApplyDamage("vanya", 4))
    encounter.apply(cmd.FirstAid("kicker", "vanya"))


def _between_fights(tmp_path: Path) -> None:
    """Issue 29: a campaign's rests, days of care and first aid under each ruleset."""
    from tactical.data.campaign import Lasting, RestPlan, load_campaign
    from tactical.encounter.campaign import rest

    path = tmp_path / "party.yaml"
    path.write_text("kind: campaign\nparty:\n  - id: kicker\n    character: kicker\n"
                    "    state: {damage: 41, injury: lethal}\n  - {id: vanya, character: "
                    "vanya}\n", encoding="utf-8")
    aid = RestPlan.model_validate({"first_aid": [{"healer": "vanya", "patient": "kicker",
                                                  "kit": "autodoc"}]})
    rest(load_campaign(path), path, aid, "now", dice=ScriptedDice(d10=[10] * 4, d6=[3] * 3))
    kicker = load_map(ROOT / "maps" / "warehouse.yaml").library.characters["kicker"]
    runner = next(c for c in load_map(ROOT / "maps" / "warehouse.yaml").library
                  .characters.values() if c.shadowrun is not None)
    ch6 = ruleset("chapter6")
    for kind in ("brief", "short", "long", "partial_long"):
        ch6.recover(Lasting(fatigue=100), kicker, RestPlan(rest=kind))
        for rid in ("sr4", "sr5"):
            ruleset(rid).recover(Lasting(damage=6, stun=4, overflow=1), runner,
                                 RestPlan(rest=kind, days=2, care="medical"))
    for level in InjuryLevel:
        for care in ("none", "medical"):
            ch6.recover(Lasting(damage=20, stun=4, injury=level.value,  # type: ignore[arg-type]
                                treated=True, conditions=("stabilised",)), kicker,
                        RestPlan(days=8, care=care))  # type: ignore[arg-type]


def _representative_operations(tmp_path: Path) -> None:
    play(ROOT / "tests" / "scenarios" / "warehouse_three_rounds.json")
    for scenario in sorted((ROOT / "tests" / "scenarios").glob("ch6_*.json")):
        play_all(scenario)  # issue 12: option costs, timers, Charge …
    for scenario in sorted((ROOT / "tests" / "scenarios").glob("sr*_*.json")):
        play_all(scenario)  # issue 25: the action phase, passes, the split pool, surprise …
    for case in sorted((ROOT / "tests" / "rules").glob("**/cases/*.json")):
        with contextlib.redirect_stdout(io.StringIO()):
            main(["attack", str(case)])
    _skirmish(ROOT / "maps" / "warehouse.yaml")
    _first_aid(tmp_path)
    _between_fights(tmp_path)
    for edition in ("sr4", "sr5"):
        alley = tmp_path / f"alley-{edition}.yaml"
        alley.write_text(ALLEY.format(ruleset=edition), encoding="utf-8")
        _skirmish(alley, SR_DEFENCES)
        _shadowrun_sheets(edition)
        sr = shadowrun_ruleset(edition)
        pistol = load_map(ROOT / "maps" / "warehouse.yaml").library.weapons["ares-predator"]
        for distance, cover in ((3, "partial"), (12, "full"), (30, "none"), (55, "none")):
            proposed(sr, pistol, distance, cover)  # RULINGS "Map modifiers"
        library = load_map(ROOT / "maps" / "warehouse.yaml").library
        kicker, vanya = library.characters["kicker"], library.characters["vanya"]
        for weapon in ("killing-hands", "spear"):  # issue 25 item 4: Reach, gear
            reach = sr_situation.reach_of(kicker, library.weapons[weapon], sr)
            sr_situation.melee_reach_m(reach, sr)
            sr_situation.reach_dice(reach, 0, False, sr)
        sr_situation.gear_dice(vanya, pistol, sr)
        recoil_dice(sr.actions, 3, 3, 1, 3)  # a second burst in one phase (RULINGS "Actions")
        if sr.melee_modifiers is not None:
            melee_modifiers(MeleeSituation(3, 1, 2, 1, "bonus", True, True, True, True, True,
                                           True, True), sr.melee_modifiers)
    for rid in ("chapter6", "sr4", "sr5"):
        assert ruleset(rid).title
    _chapter6_attacks()
    rules = chapter6_ruleset()
    kicker = load_map(ROOT / "maps" / "warehouse.yaml").library.characters["kicker"]
    for name in ("dodge", "parry", "grit", "poise", "will", "discipline"):
        defence_value(name, kicker, rules=rules)
    for level in InjuryLevel:
        for kit in ("medkit", "trauma_kit"):
            first_aid(level, 30, ScriptedDice({10: [10, 10], 6: [6]}), kit=kit, rules=rules)
        trauma_patch(level, ScriptedDice({10: [9, 9], 6: [6]}), rules=rules)


def test_every_ruleset_key_is_read_by_the_code(tmp_path):
    models = (chapter6_ruleset(), shadowrun_ruleset("sr4"), shadowrun_ruleset("sr5"))
    with recording(*models) as reads:
        _representative_operations(tmp_path)
    unread = key_paths(*models) - reads - FILE_KEYS
    assert not unread, f"ruleset keys no code reads: {sorted(unread)}"


def test_the_recorder_sees_a_read_and_misses_none():
    rules = chapter6_ruleset()
    assert {"chapter6:movement.evade_tn", "chapter6:fire_modes.*.needs",
            "chapter6:checks.degrees.*"} <= key_paths(rules)
    with recording(rules) as reads:
        assert rules.movement.evade_tn == 5
        assert rules.checks.degrees["solid"] == 5
    assert reads == {"chapter6:movement", "chapter6:movement.evade_tn", "chapter6:checks",
                     "chapter6:checks.degrees", "chapter6:checks.degrees.*"}
    with recording(rules) as reads:
        pass
    assert reads == set() and type(rules.checks.degrees) is dict  # put back as it was
