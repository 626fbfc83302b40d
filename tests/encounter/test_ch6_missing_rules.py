"""Issue 12, "Missing": rules of Chapter 6 the engine lacked, each replayed from its scenario
(tests/scenarios/ch6_*.json, golden logs checked by test_scenarios.py) with what a GM would
see asserted here."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tactical.core.errors import IllegalCommand
from tactical.encounter.commands import command_from_payload
from tactical.encounter.model import Condition
from tactical.encounter.scenario import Played, play, play_all

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"


def _play(name: str) -> Played:
    return play(SCENARIOS / f"ch6_{name}.json")


def _play_first(name: str, count: int, tmp_path: Path, *, refusals: bool = False) -> Played:
    """The scenario's first `count` commands only (to try what comes next); `refusals`:
    some of them are refused (the scenario shows it)."""
    spec = json.loads((SCENARIOS / f"ch6_{name}.json").read_text(encoding="utf-8"))
    spec["map"] = str((SCENARIOS / spec["map"]).resolve())
    spec["commands"] = spec["commands"][:count]
    path = tmp_path / f"{name}-{count}.json"
    path.write_text(json.dumps(spec), encoding="utf-8")
    return play_all(path) if refusals else play(path)


def _events(played: Played, kind: str) -> list[dict[str, Any]]:
    return [r["event"] for r in played.records() if r["event"]["type"] == kind]


def _batches(played: Played, kind: str, combatant: str) -> set[int]:
    return {r["batch"] for r in played.records()
            if r["event"]["type"] == kind and r["event"].get("combatant") == combatant}


def _timer_kinds(played: Played, cid: str) -> set[str]:
    return {t.kind for t in played.encounter.state.get(cid).timers}


def _disadvantages(attack: dict[str, Any]) -> set[str]:
    return {s["source"] for s in attack["result"]["advantage"]["sources"]
            if s["kind"] == "disadvantage"}


def _advantages(attack: dict[str, Any]) -> set[str]:
    return {s["source"] for s in attack["result"]["advantage"]["sources"]
            if s["kind"] == "advantage"}


def test_flurry_gives_one_more_attack_already_paid_for():
    # Ch.6 Flurry, l.402: 1 additional attack, same or another target in reach; both attacks
    # have Disadvantage and -1d6
    played = _play("flurry")
    attacks = _events(played, "AttackResolved")
    assert [a["target"] for a in attacks] == ["ganger-1", "ganger-2"]
    for a in attacks:
        assert "Flurry" in _disadvantages(a)
        assert {"source": "Flurry", "dice": "-1d6"} in a["result"]["damage"]["parts"]
    first, _second = sorted({r["batch"] for r in played.records()
                            if r["event"]["type"] == "AttackResolved"})
    assert _batches(played, "ActionSpent", "kicker") == {first}  # the extra attack is free
    assert "extra_attack" not in _timer_kinds(played, "kicker")


def test_flurry_extra_attack_is_a_flurry_and_only_one(tmp_path):
    played = _play_first("flurry", 7, tmp_path)  # after the first Flurry attack
    enc = played.encounter
    assert "extra_attack" in _timer_kinds(played, "kicker")
    with pytest.raises(IllegalCommand, match="Flurry's extra attack"):
        enc.apply(command_from_payload({"type": "Attack", "attacker": "kicker",
                                        "target": "ganger-2"}))
    enc.apply(command_from_payload({"type": "Attack", "attacker": "kicker",
                                    "target": "ganger-2", "options": ["flurry"]}))
    # the second Flurry attack grants no third one, and the Major is gone
    assert "extra_attack" not in {t.kind for t in enc.state.get("kicker").timers}
    with pytest.raises(IllegalCommand):
        enc.apply(command_from_payload({"type": "Attack", "attacker": "kicker",
                                        "target": "ganger-2", "options": ["flurry"]}))


def test_an_unused_flurry_attack_ends_with_the_turn(tmp_path):
    played = _play_first("flurry", 7, tmp_path)
    played.encounter.apply(command_from_payload({"type": "EndTurn"}))
    assert "extra_attack" not in {t.kind for t in played.encounter.state.get("kicker").timers}


def test_aim_for_opening_gives_the_defender_advantage_once():
    # Ch.6 Aim for Opening, l.382: "the defender gains Advantage on his next attack
    # against you" — hit or miss; used up by that attack
    played = _play("aim_for_opening")
    aimed, answer = _events(played, "AttackResolved")
    assert aimed["attacker"] == "kicker" and "Aim for Opening" in _disadvantages(aimed)
    assert answer["attacker"] == "ganger-1" and answer["target"] == "kicker"
    assert "Opening (Aim for Opening)" in _advantages(answer)
    assert "opening" not in _timer_kinds(played, "ganger-1")


def test_suppressive_fire_pins_until_the_shooters_next_action(tmp_path):
    # Ch.6 Suppressive Fire, l.486-490: vs Discipline; a "hit" pins until the shooter's
    # next action; Pinned is a Disadvantage (RULINGS)
    played = _play("suppressive_fire")
    suppress, pinned_attack = _events(played, "AttackResolved")
    assert suppress["result"]["defence"].startswith("Discipline") and suppress["hit"]
    assert "Pinned" in _disadvantages(pinned_attack)
    before = _play_first("suppressive_fire", 13, tmp_path).encounter.state.get("kicker")
    assert "pinned" in {c.value for c in before.conditions}  # still pinned in round 2
    after = played.encounter.state.get("kicker")
    assert "pinned" not in {c.value for c in after.conditions}
    assert "pinned" not in {t.kind for t in after.timers}


def test_disarm_drops_the_weapon_and_a_major_picks_it_up(tmp_path):
    # Ch.6 Disarm, l.394-396: a Solid hit drops the weapon; a Major action picks it up;
    # until then the defender counts as unarmed (no Parry weapon)
    mid = _play_first("disarm", 7, tmp_path).encounter.state.get("ganger-1")
    assert mid.weapon is None and "disarmed" in {t.kind for t in mid.timers}
    played = _play("disarm")
    recovered = played.encounter.state.get("ganger-1")
    assert recovered.weapon == "machine-pistol" and not recovered.timers
    spent = [e for e in _events(played, "ActionSpent") if e["purpose"] == "Recover weapon"]
    assert [e["action"] for e in spent] == ["major"]


def test_a_grappled_fighter_cannot_move_until_it_breaks_free(tmp_path):
    # Ch.6 Grapple, l.404-408: grabbed → no Move actions; break free (Major action), with
    # Disadvantage after a Solid grapple
    grabbed = _play_first("grapple", 8, tmp_path)  # Ganger 1's turn, still grabbed
    assert "grappled" in {c.value for c in grabbed.encounter.state.get("ganger-1").conditions}
    with pytest.raises(IllegalCommand, match="grappled"):
        grabbed.encounter.apply(command_from_payload(
            {"type": "Move", "combatant": "ganger-1", "path": [[4, 3]]}))
    played = _play("grapple")
    notes = [e["text"] for e in _events(played, "Note")]
    assert any("break free" in n and "Disadvantage (Solid grapple)" in n for n in notes)
    ganger = played.encounter.state.get("ganger-1")
    assert "grappled" not in {c.value for c in ganger.conditions} and ganger.hex == (4, 3)


def test_auto_fire_sweeps_several_nearby_targets_in_one_volley(tmp_path):
    # Ch.6 Auto fire, l.460-466: Major + Minor once, 10 rounds per target, each attack with
    # Disadvantage, damage unaffected
    played = _play("auto_fire_several")
    volley = [r for r in played.records() if r["event"]["type"] == "AttackResolved"]
    assert [r["event"]["target"] for r in volley] == ["kicker", "vanya"]
    assert len({r["batch"] for r in volley}) == 1
    for r in volley:
        assert "Auto fire at several targets" in _disadvantages(r["event"])
    damage = volley[0]["event"]["result"]["damage"]
    assert [p["source"] for p in damage["parts"]] == ["Weapon", "Perfect hit"]
    spent = [e for e in _events(played, "ActionSpent") if e["combatant"] == "ganger-1"]
    assert sorted(e["action"] for e in spent) == ["major", "minor"]
    assert [e["rounds"] for e in _events(played, "AmmoSpent")] == [20]
    assert played.encounter.state.get("ganger-1").rounds_loaded("machine-pistol") == 10
    # round 1, before Vanya closed up: 6 m from Kicker is not the same vicinity (ruling 27)
    early = _play_first("auto_fire_several", 7, tmp_path).encounter
    with pytest.raises(IllegalCommand, match="not within 4 m of Kicker"):
        early.apply(command_from_payload({"type": "AutoFire", "attacker": "ganger-1",
                                          "targets": ["kicker", "vanya"]}))


def test_evade_moves_the_evader_and_snapshots_face_the_evading_tn(tmp_path):
    # Ch.6 Evade, l.202: evasive movement, combined with a second Move action, +5 TN vs
    # ranged attacks
    played = _play("evade_moves")
    vanya = played.encounter.state.get("vanya")
    assert vanya.hex == (1, 4) and "evading" in {c.value for c in vanya.conditions}
    spent = [e for e in _events(played, "ActionSpent") if e["combatant"] == "vanya"]
    assert [e["purpose"] for e in spent] == ["Evade", "Evade"]
    (snapshot,) = _events(played, "AttackResolved")
    assert {"source": "Evading", "value": 5} in snapshot["result"]["tn_breakdown"]
    # the evasive movement is at most a Move per Move action Evade took (ruling 28)
    start = _play_first("evade_moves", 10, tmp_path).encounter
    too_far = [[0, 5], [0, 4], [0, 3], [0, 2], [0, 1], [0, 0], [0, -1], [1, -1], [2, -1],
               [3, -1], [4, -1]]
    with pytest.raises(IllegalCommand, match="evasive movement of 20 m"):
        start.apply(command_from_payload({"type": "Evade", "combatant": "vanya",
                                          "path": too_far}))


def test_edge_buys_an_extra_reaction_this_round(tmp_path):
    # Ch.6 Reactions, l.152: "Using Edge can also give you additional Reactions"
    played = _play("edge_reaction")
    snapshots = [e for e in _events(played, "ReactionSpent") if e["reactor"] == "vanya"]
    assert len(snapshots) == 2 and played.encounter.state.round == 1
    vanya = played.encounter.state.get("vanya")
    assert vanya.edge == 1 and vanya.reactions == 0
    # without the Edge, her spent Reaction means the guard's approach offers her nothing
    without = _play_first("edge_reaction", 11, tmp_path).encounter
    events = without.apply(command_from_payload(
        {"type": "Move", "combatant": "guard",
         "path": [[9, -1], [8, 0], [7, 0], [6, 1], [5, 1]]}))
    assert not [e for e in events if type(e).__name__ == "ReactionOffered"]


def test_dash_runs_twice_the_speed_on_any_path_as_a_full_action(tmp_path):
    # Ch.6 l.216: the Dash Full action "lets you run all out" (2× speed: ruling 30)
    played = _play("dash")
    vanya = played.encounter.state.get("vanya")
    assert vanya.hex == (8, 0)
    spent = [e["action"] for e in _events(played, "ActionSpent") if e["combatant"] == "vanya"]
    assert sorted(spent) == ["major", "minor", "move"]
    start = _play_first("dash", 6, tmp_path).encounter
    with pytest.raises(IllegalCommand, match="dash of 20 m"):
        start.apply(command_from_payload({"type": "Dash", "combatant": "vanya", "path": [
            [1, 6], [2, 5], [3, 5], [4, 4], [5, 4], [6, 3], [7, 3], [8, 2], [8, 1], [8, 0],
            [9, 0]]}))


def test_assist_gives_the_allys_next_skill_check_advantage():
    # Ch.6 Use a Skill (l.190) and Assist (l.192), Major actions; Assist's Advantage: ruling 31
    played = _play("assist_use_skill")
    (note,) = [e["text"] for e in _events(played, "Note")]
    assert "Ganger 2 uses vigilance" in note and "Advantage (Assisted by Ganger 1)" in note
    assert "vs TN 20" in note and "marginal success" in note
    assert "assisted" not in _timer_kinds(played, "ganger-2")
    purposes = {e["purpose"] for e in _events(played, "ActionSpent")}
    assert {"Assist Ganger 2", "Use a Skill: vigilance"} <= purposes


def test_a_discipline_check_overcomes_the_pin():
    # Ch.6 Pinning, l.982: "Requires a Discipline defense check to overcome" (ruling 32)
    played = _play("pin_overcome")
    (note,) = [e["text"] for e in _events(played, "Note")]
    assert note.startswith("Kicker checks Discipline 21: 11") and "Disadvantage (Pinned)" in note
    assert "overcomes the pin" in note
    kicker = played.encounter.state.get("kicker")
    assert "pinned" not in {c.value for c in kicker.conditions} and not kicker.timers
    attack = _events(played, "AttackResolved")[-1]
    assert "Pinned" not in _disadvantages(attack)
    spent = [e for e in _events(played, "ActionSpent") if e["purpose"].startswith("Discipline")]
    assert [e["action"] for e in spent] == ["minor"]


def test_failing_a_discipline_check_against_fear_frightens():
    # Ch.6 Fear, l.974: "active Discipline defense checks to resist fear" (ruling 32)
    played = _play("fear")
    (note,) = [e["text"] for e in _events(played, "Note")]
    assert "Vanya checks Discipline 24" in note and "vs TN 25" in note
    vanya = played.encounter.state.get("vanya")
    assert "frightened" in {c.value for c in vanya.conditions}
    assert not [e for e in _events(played, "ActionSpent") if e["combatant"] == "vanya"]


def test_first_aid_with_a_trauma_kit_applied_quickly():
    # Ch.6 l.906: a complete trauma kit reduces the TN by 5; l.922: Moderate first aid
    # "applied quickly enough ... will also remove the timed Disadvantage" (ruling 33)
    played = _play("first_aid_kit")
    (note,) = [e["text"] for e in _events(played, "Note")]
    assert "vs TN 15" in note and "moderate → light" in note
    ganger = played.encounter.state.get("ganger-1")
    assert ganger.injury == "light" and "disadvantage" not in {t.kind for t in ganger.timers}


def test_an_unknown_kit_is_refused(tmp_path):
    enc = _play_first("first_aid_kit", 9, tmp_path).encounter
    with pytest.raises(IllegalCommand, match="unknown kit 'duct_tape'"):
        enc.apply(command_from_payload({"type": "FirstAid", "healer": "ganger-2",
                                        "patient": "ganger-1", "kit": "duct_tape"}))


def test_patches_and_a_short_rest_bring_back_health_steps_and_stamina():
    # Ch.6 l.936 trauma patch (Minor if readied, Medic +12); l.858 stim patch 1d6+Rating
    # Stamina; l.838 short rest: 50 % Stamina
    played = _play("patches_rest")
    notes = [e["text"] for e in _events(played, "Note")]
    assert any("A trauma patch gives first aid to Kicker: 12+" in n and "vs TN 25" in n
               for n in notes)
    assert any("Grit check TN 22" in n for n in notes)
    fatigue = [(e["amount"], e["source"]) for e in _events(played, "FatigueTaken")]
    assert fatigue == [(10, "Serious injury"), (-5, "Stim patch 1d6+2 = 5"),
                       (-5, "short rest")]
    kicker = played.encounter.state.get("kicker")
    assert kicker.injury == "moderate" and kicker.fatigue == 0
    spent = [e["action"] for e in _events(played, "ActionSpent")]
    assert spent == ["minor", "minor"]


def test_kickers_example_comes_out_as_the_text_says():
    # Ch.6 melee example, l.1009: Killing Hands count as armed; the shield negates Reach;
    # "double '8' for a total of 20+8+8+5=41, ... Perfect hit for 4d6+2d6+10 ... 35 points
    # of damage, ... above the guard's PT of 20 ... critically injured and drops"
    played = _play("kicker_example")
    kick, fists = _events(played, "AttackResolved")
    result = kick["result"]
    assert result["advantage"]["state"] == "none"
    assert {s["source"] for s in result["advantage"]["sources"]} == set()
    assert result["roll"]["kept"] == [8, 8] and result["roll"]["total"] == 41
    assert result["roll"]["degree"] == "perfect"
    assert result["damage"]["raw"] == 35 and result["damage"]["armor"]["pt"] == 20
    assert result["injury"] == "critical"
    guard = played.encounter.state.get("guard-shield")
    assert "prone" in {c.value for c in guard.conditions}
    # bare fists (no "counts as armed") against an armed ganger: Disadvantage
    assert "Unarmed against an armed opponent" in _disadvantages(fists)


def test_a_fast_target_is_harder_to_hit_at_range():
    # Ch.6 Range/Speed, l.438: "faster targets increase TN" (ruling 37: +5 after a Sprint,
    # Dash or Charge until the mover's next turn)
    played = _play("fast_target")
    (snapshot,) = _events(played, "AttackResolved")
    assert {"source": "Fast target", "value": 5} in snapshot["result"]["tn_breakdown"]
    assert snapshot["result"]["tn"] == 25


def test_a_small_targets_sheet_size_raises_the_tn():
    # Ch.6 Size, l.440: "Very small or very large targets will affect the TN" (ruling 37)
    played = _play("size")
    (shot,) = _events(played, "AttackResolved")
    assert {"source": "Size", "value": 5} in shot["result"]["tn_breakdown"]


def _exhausted_then(tmp_path: Path, commands: list[dict[str, Any]], d6: list[int]) -> Played:
    """The Exhausted runner's scenario (her Initiative 0 in round 2), then `commands`."""
    spec = json.loads((SCENARIOS / "ch6_exhausted_initiative_zero.json").read_text("utf-8"))
    spec["map"] = str((SCENARIOS / spec["map"]).resolve())
    spec["dice"]["d6"] = spec["dice"]["d6"] + d6
    spec["commands"] = spec["commands"] + commands
    spec.pop("expect", None)
    path = tmp_path / "exhausted-then.json"
    path.write_text(json.dumps(spec), encoding="utf-8")
    return play(path)


def test_a_stim_patch_below_exhausted_lifts_initiative_zero(tmp_path):
    # Ch.6 Fatigue, l.814: Exhausted (Fatigue ≥ Stamina) is Initiative 0; a stim patch
    # (l.858, 1d6+Rating) bringing her below it gives her Initiative back
    played = _exhausted_then(
        tmp_path, [{"type": "ApplyStimPatch", "combatant": "runner", "rating": 1}], [4])
    runner = played.encounter.state.get("runner")
    assert runner.fatigue == 1 and not runner.initiative_zero
    assert runner.effective_initiative() > 0  # 27 rolled, was 0
    (lifted,) = [e for e in _events(played, "InitiativeChanged")
                 if e["kind"] == "zero" and e["value"] == 0]
    assert lifted["source"] == "Stim patch: no longer Exhausted"


def test_a_rest_lifts_initiative_zero_only_without_a_critical_injury(tmp_path):
    # a long rest (l.848: all Stamina) lifts the Exhausted Initiative 0 ...
    rest = [{"type": "EndCombat"}, {"type": "Rest", "kind": "long", "combatant": "runner"}]
    runner = _exhausted_then(tmp_path, rest, []).encounter.state.get("runner")
    assert runner.fatigue == 0 and not runner.initiative_zero
    # ... but a Critical injury (ruleset.yaml critical: initiative_zero) still holds it
    # after its Fatigue and hers are patched away
    patch = {"type": "ApplyStimPatch", "combatant": "runner", "rating": 30}
    played = _exhausted_then(
        tmp_path, [{"type": "ApplyDamage", "combatant": "runner", "amount": 45}, patch],
        [1, 1, 1, 1, 1, 1])
    runner = played.encounter.state.get("runner")
    assert runner.injury == "critical" and runner.fatigue == 0
    assert runner.initiative_zero and runner.effective_initiative() == 0


def test_melee_engagement_spends_the_move_or_hampers_the_fighter():
    # Ch.6 Move actions, l.198: engaged in melee counts as using a Move action; unable to
    # spend one: Disadvantage on the attack, enemies attacking it get Advantage
    played = play_all(SCENARIOS / "ch6_melee_footwork.json")  # a refused Move in it
    footwork = [e for e in _events(played, "ActionSpent") if "l.198" in e["purpose"]]
    assert [(e["combatant"], e["action"]) for e in footwork] == [("kicker", "move")] * 2
    kicker_first, ganger, kicker_second = _events(played, "AttackResolved")
    assert not any("l.198" in s for s in _advantages(kicker_first) | _disadvantages(
        kicker_first))
    assert "No Move to spend in melee (Ch.6 l.198)" in _disadvantages(ganger)
    assert "Target has no Move to spend in melee (Ch.6 l.198)" in _advantages(kicker_second)
    assert kicker_second["result"]["advantage"]["state"] == "advantage"


def test_fire_around_cover_shoots_from_the_peek_hex_and_stays_put():
    # Ch.6 Fire Around Cover, l.204: stick your head out, shoot, duck back down
    played = play_all(SCENARIOS / "ch6_fire_around_cover.json")  # refusals in it
    vanya_shot, guard_shot = _events(played, "AttackResolved")
    assert [s["source"] for s in vanya_shot["result"]["tn_breakdown"]] == [
        "Base TN", "Dodge 21 is higher than 20"]  # from [1, 3]: no cover
    assert any("leans out to [1, 3]" in n["text"] for n in _events(played, "Note"))
    assert {"source": "Full cover", "value": 10} in guard_shot["result"]["tn_breakdown"]
    spent = [e["action"] for e in _events(played, "ActionSpent")
             if e["combatant"] == "vanya"]
    assert spent == ["major", "move"]
    assert played.encounter.state.get("vanya").hex == (1, 2)


def test_fire_around_cover_leans_round_a_wall_not_through_it():
    from tactical.data.library import load_map
    from tactical.geometry.mapgeom import build_map_geometry
    from tactical.geometry.peek import peek_hexes

    loaded = load_map(SCENARIOS / "maps" / "corner.yaml")
    mg = build_map_geometry(loaded.map, 2.0)
    # Vanya at [1, 2] against the warehouse's west wall: the hexes east of her are inside
    # it; the four on her side are where she may lean out
    assert set(peek_hexes(mg, (1, 2))) == {(1, 1), (0, 2), (0, 3), (1, 3)}
    assert peek_hexes(mg, (0, 4)) == ()  # no high cover by her: nothing to peek round
    thin = loaded.map.model_copy(update={"cover": tuple(
        c.model_copy(update={"polygon": ((2.7, -1.0), (3.1, -1.0), (3.1, 9.0), (2.7, 9.0))})
        for c in loaded.map.cover)})
    beside_a_wall = peek_hexes(build_map_geometry(thin, 2.0), (1, 2))
    assert (2, 1) not in beside_a_wall and (2, 2) not in beside_a_wall  # the far side
    assert (1, 3) in beside_a_wall


def test_a_rider_moves_with_its_mount_and_undo_takes_it_off(tmp_path):
    # Ch.6 Mount/Dismount, l.208: on the horse Vanya shares its hex and goes where it goes
    played = _play_first("mount_dismount", 6, tmp_path)  # up to Vanya's Mount
    encounter = played.encounter
    vanya = encounter.state.get("vanya")
    assert (vanya.riding, vanya.hex, "mounted" in vanya.conditions) == ("horse", (2, 2), True)
    assert vanya.budget.move == 0
    encounter.undo()
    vanya = encounter.state.get("vanya")
    assert (vanya.riding, vanya.hex, vanya.budget.move) == (None, (1, 3), 1)
    encounter.redo()
    encounter.apply(command_from_payload({"type": "GMMove", "combatant": "horse",
                                          "hex": [5, 1]}))
    assert encounter.state.get("vanya").hex == (5, 1)  # a GM move carries the rider too
    encounter.apply(command_from_payload({"type": "GMMove", "combatant": "vanya",
                                          "hex": [1, 3]}))
    vanya = encounter.state.get("vanya")  # a GM move of the rider takes it off
    assert (vanya.riding, vanya.hex) == (None, (1, 3))
    assert encounter.state.get("horse").hex == (5, 1)


def test_dismount_needs_a_free_hex_next_to_the_mount(tmp_path):
    played = _play_first("mount_dismount", 6, tmp_path)
    encounter = played.encounter
    for n, h in enumerate([(3, 1), (3, 2), (2, 3), (1, 3), (1, 2), (2, 1)]):
        encounter.apply(command_from_payload({"type": "AddCombatant",
                                              "combatant": f"crowd-{n}",
                                              "character": "civilian", "hex": list(h),
                                              "side": "corp"}))
    with pytest.raises(IllegalCommand) as refused:
        encounter.apply(command_from_payload({"type": "Dismount", "combatant": "vanya"}))
    assert "no free hex next to Horse" in str(refused.value)
    with pytest.raises(IllegalCommand) as refused:
        encounter.apply(command_from_payload({"type": "Dismount", "combatant": "vanya",
                                              "hex": [3, 1]}))
    assert "cannot get off onto [3, 1]" in str(refused.value)


def test_improvised_first_aid_line_adds_up():
    # Ch.6 l.904: improvised +10 (TN 25 for a Light injury); RULINGS Doubles: +5, shown
    played = _play("first_aid_kits_long_rest")
    notes = [n["text"] for n in _events(played, "Note")]
    assert "Ganger 2 gives first aid to Ganger 1: 0+10+10+5 = 25 vs TN 25" in notes[0]
    assert "Guard gives first aid to Kicker: 0+6+5 = 11 vs TN 10" in notes[1]


def test_the_attack_preview_shows_the_missing_footwork(tmp_path):
    # the dock's odds are the roll's: Ganger 1 will have no Move left after his Disarm's
    # Minor (Ch.6 l.198), so the preview already counts the Disadvantage
    from tactical.encounter import commands as cmd
    from tactical.encounter.queries.preview import preview

    encounter = _play_first("melee_footwork", 13, tmp_path, refusals=True).encounter
    shown = preview(encounter.state, encounter.ctx,
                    cmd.Attack("ganger-1", "kicker", "hand-razors", options=("disarm",)))
    assert shown is not None and shown.refusals == ()
    assert "No Move to spend in melee (Ch.6 l.198)" in shown.plan.advantages.disadvantages
    assert not encounter.state.get("ganger-1").has(Condition.NO_FOOTWORK)  # a dry run


def test_mounted_is_not_a_badge_the_gm_sets_by_hand(tmp_path):
    encounter = _play_first("mount_dismount", 5, tmp_path).encounter
    with pytest.raises(IllegalCommand, match="set by Mount and Dismount"):
        encounter.apply(command_from_payload({"type": "SetCondition", "combatant": "kicker",
                                              "condition": "mounted"}))


def test_the_dock_preview_of_fire_around_cover_peeks_once(tmp_path, monkeypatch):
    """The attack panel's preview works out the peek round cover (up to six sights) once
    for what it shows and the odds, and once in the engine's dry run up to the first die
    (was three times: the attack worked it out for its note and again for its roll)."""
    from tactical.encounter import commands as cmd
    from tactical.encounter.queries.preview import preview

    played = _play_first("fire_around_cover", 4, tmp_path, refusals=True)  # Vanya to act
    encounter = played.encounter
    oracle = encounter.ctx.oracle
    calls: list[object] = []
    real = oracle.peek_sight

    def counted(*args: object) -> object:
        calls.append(args)
        return real(*args)

    monkeypatch.setattr(oracle, "peek_sight", counted)
    shown = preview(encounter.state, encounter.ctx,
                    cmd.Attack("vanya", "guard", options=("fire_around_cover",)))
    assert shown is not None and shown.sight is not None and shown.sight.line_of_sight
    assert len(calls) == 2
