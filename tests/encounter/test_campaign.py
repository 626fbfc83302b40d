"""Issue 29 items 3-4: a campaign carries the party from fight to fight and passes time
between fights by the rules (docs/campaign.md)."""

from __future__ import annotations

import re
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from tactical.cli import main
from tactical.core.dice import RandomDice, ScriptedDice
from tactical.core.errors import IllegalCommand
from tactical.core.paths import maps_dir
from tactical.data.campaign import (
    Campaign,
    Lasting,
    RestPlan,
    chummer_monitors,
    load_campaign,
    save_campaign,
)
from tactical.data.library import bundled_library, load_map
from tactical.data.problems import DataError
from tactical.encounter import commands as cmd
from tactical.encounter.campaign import (
    CampaignRefused,
    begin,
    carry_out,
    rest,
    undo_rest,
    with_party,
)
from tactical.encounter.context import Context
from tactical.encounter.encounter import Encounter
from tactical.encounter.model import Condition
from tactical.encounter.queries.oracle import GeometryOracle
from tactical.rules import registry

PARTY = """\
kind: campaign
name: Tacoma run
ruleset: chapter6
party:
  - {id: kicker, character: kicker, side: runners}
  - {id: vanya, character: vanya, side: runners}
  - {id: wombat, character: wombat, side: runners}
"""


@pytest.fixture
def campaign_file(tmp_path: Path) -> Path:
    path = tmp_path / "tacoma.yaml"
    path.write_text(PARTY, encoding="utf-8")
    return path


def encounter_on(map_name: str, path: Path, seed: int = 3) -> Encounter:
    loaded = with_party(load_map(maps_dir() / map_name), load_campaign(path), path)
    enc = Encounter(Context(loaded, GeometryOracle(loaded)), RandomDice(seed))
    save_campaign(path, begin(enc, load_campaign(path), path, "start"))
    return enc


def fight(enc: Encounter) -> None:
    for cid, value in {"kicker": 30, "vanya": 20, "wombat": 12}.items():
        enc.apply(cmd.SetInitiative(cid, value))
    enc.apply(cmd.StartCombat())
    enc.apply(cmd.ApplyDamage("kicker", 12))  # Moderate (≥ 25 % of Health 40)
    enc.apply(cmd.ApplyDamage("vanya", 4, "stun"))
    enc.apply(cmd.EndCombat())


def test_round_trip_fight_carry_rest_next_fight_on_another_map(campaign_file: Path) -> None:
    enc = encounter_on("warehouse.yaml", campaign_file)
    assert "wombat" in enc.state.combatants  # not on the warehouse map: placed by the party
    fight(enc)
    after = enc.state.get("kicker")
    carried, changes = carry_out(load_campaign(campaign_file), campaign_file, enc.state,
                                 enc.ctx, "end", "fight.jsonl")
    save_campaign(campaign_file, carried)
    kicker = load_campaign(campaign_file).member("kicker").state
    assert (kicker.damage, kicker.injury, kicker.fatigue) == (after.damage, "moderate",
                                                               after.fatigue)
    assert load_campaign(campaign_file).history[-1].log == "fight.jsonl"
    assert any(line.startswith("Kicker:") for line in changes)
    with pytest.raises(CampaignRefused, match="carried already"):  # the same fight twice
        carry_out(carried, campaign_file, enc.state, enc.ctx, "again", "fight.jsonl")

    rested = rest(load_campaign(campaign_file), campaign_file,
                  RestPlan(rest="short", days=1), "rest")
    save_campaign(campaign_file, rested.campaign)
    kicker = rested.campaign.member("kicker").state
    # a day: Stamina all back; a Moderate injury without care heals 1 Health a week
    assert kicker.fatigue == 0 and kicker.damage == after.damage and kicker.week_days == 1
    vanya = rested.campaign.member("vanya").state
    vitality = bundled_library().characters["vanya"].attributes.VI
    assert vanya.stun == vanya.damage == max(0, 4 - vitality)  # Vitality a day (l.966)

    street = encounter_on("street.yaml", campaign_file)
    k = street.state.get("kicker")
    assert (k.damage, k.injury, k.fatigue) == (after.damage, "moderate", 0)
    assert k.rounds_loaded("assault-shotgun") == after.rounds_loaded("assault-shotgun")
    assert street.state.get("vanya").damage == vanya.damage
    # the carry is one undoable entry in the log, and the log names the campaign
    assert street.history.undo_label.startswith("Carry in the party")
    street.undo()
    assert street.state.get("kicker").damage == 0


def test_a_rest_is_taken_back_until_the_next_fight_starts(campaign_file: Path) -> None:
    enc = encounter_on("warehouse.yaml", campaign_file)
    fight(enc)
    carried, _ = carry_out(load_campaign(campaign_file), campaign_file, enc.state, enc.ctx,
                           "end")
    rested = rest(carried, campaign_file, RestPlan(rest="long"), "rest").campaign
    assert rested.member("kicker").state.fatigue == 0
    back = undo_rest(rested)
    assert back.member("kicker").state == carried.member("kicker").state
    save_campaign(campaign_file, rested)
    encounter_on("street.yaml", campaign_file)  # the next fight starts
    with pytest.raises(CampaignRefused, match="no rest to take back"):
        undo_rest(load_campaign(campaign_file))


def ch6(lasting: Lasting, plan: RestPlan, who: str = "kicker") -> tuple[Lasting, tuple[str, ...]]:
    sheet = bundled_library().characters[who]
    return registry.ruleset("chapter6").recover(lasting, sheet, plan)


def test_chapter6_natural_healing_and_care_rates() -> None:
    light, words = ch6(Lasting(damage=5, injury="light"), RestPlan(days=3))
    assert light.damage == 2 and "1 Health a day" in " ".join(words)  # l.950
    healed, words = ch6(Lasting(damage=2, injury="light", treated=True), RestPlan(days=5))
    assert (healed.damage, healed.injury, healed.treated) == (0, None, False)
    moderate, _ = ch6(Lasting(damage=12, injury="moderate"), RestPlan(days=14))
    assert moderate.damage == 10  # l.952: a Health a week without care
    moderate, _ = ch6(Lasting(damage=12, injury="moderate"), RestPlan(days=3, care="medical"))
    assert moderate.damage == 9  # l.952: a Health a day of medical attention
    serious, words = ch6(Lasting(damage=22, injury="serious"), RestPlan(days=4))
    assert serious.damage == 22 and "does not heal without care" in " ".join(words)
    serious, _ = ch6(Lasting(damage=22, injury="serious"), RestPlan(days=4, care="medical"))
    assert serious.damage == 18  # l.956
    stun, _ = ch6(Lasting(damage=20, stun=12, injury="serious"), RestPlan(days=1))
    assert (stun.damage, stun.stun) == (12, 4)  # Vitality 8 a day, regardless (l.966)


def test_chapter6_rests_and_unconscious_recovery() -> None:
    short, _ = ch6(Lasting(fatigue=30), RestPlan(rest="short"))
    assert short.fatigue == 30 - 35 // 2  # l.840: 50 % of Stamina 35
    # Unconscious (≥ 200 % of Stamina 35): 1 Stamina per 10 minutes (l.826), then 1 a
    # minute while Exhausted (l.820), until 1 point of Stamina is left (l.830): over a
    # long rest's 8 hours that is more than the rest's own share, so it is what counts
    up, words = ch6(Lasting(fatigue=110, conditions=("unconscious",)), RestPlan(rest="long"))
    assert up.fatigue == 110 - 41 - 35 and not up.has("unconscious")
    assert "comes to" in " ".join(words)
    still, _ = ch6(Lasting(fatigue=110, conditions=("unconscious",)), RestPlan(rest="short"))
    assert still.fatigue == 110 - 17 and still.has("unconscious")  # 50 % > 6 points


def test_stabilised_lethal_needs_intensive_care_in_hours() -> None:
    state = Lasting(damage=45, injury="critical", treated=True, care_within_hours=4,
                    conditions=("stabilised", "unconscious"))
    dead, words = ch6(state, RestPlan(rest="long"))
    assert dead.has("dead") and "l.742" in words[0]
    alive, _ = ch6(state, RestPlan(rest="short"))
    assert not alive.has("dead") and alive.care_within_hours == 3
    cared, _ = ch6(state, RestPlan(days=7, care="intensive"))
    assert not cared.has("dead") and cared.care_within_hours is None
    assert cared.damage == 44  # Critical: a Health a week of medical attention (l.958)


def test_a_dying_member_refuses_the_rest_by_name(campaign_file: Path) -> None:
    campaign = load_campaign(campaign_file)
    dying = campaign.member("kicker").model_copy(
        update={"state": Lasting(damage=41, injury="lethal")})
    campaign = campaign.model_copy(update={"party": (dying, *campaign.party[1:])})
    with pytest.raises(CampaignRefused, match="Kicker is dying"):
        rest(campaign, campaign_file, RestPlan(rest="long"), "now")


def test_carrying_out_a_stabilised_lethal_rolls_its_care_deadline(campaign_file: Path) -> None:
    enc = encounter_on("warehouse.yaml", campaign_file)
    enc.apply(cmd.ApplyDamage("kicker", 40))  # Lethal: dying in 1d6+1 rounds
    c = enc.state.get("kicker")
    with pytest.raises(CampaignRefused, match="dying"):
        carry_out(load_campaign(campaign_file), campaign_file, enc.state, enc.ctx, "end")
    # first aid brought the Lethal down to Critical and stabilised it (l.930)
    stabilised = replace(c, injury="critical", treated=True, timers=(),
                         conditions=c.conditions | {Condition.STABILISED})
    state = enc.state.with_combatant(stabilised)
    carried, changes = carry_out(load_campaign(campaign_file), campaign_file, state, enc.ctx,
                                 "end", dice=ScriptedDice(d6=[3]))
    assert carried.member("kicker").state.care_within_hours == 4  # 1d6+1 with a 3
    assert any("intensive care within 4 hours" in line for line in changes)


def test_shadowrun_monitors_heal_by_the_project_defaults() -> None:
    sheet = next(c for c in bundled_library().characters.values() if c.shadowrun)
    sr5 = registry.ruleset("sr5")
    stats = sheet.shadowrun
    assert stats is not None
    state, _words = sr5.recover(Lasting(damage=4, stun=6), sheet, RestPlan(rest="short"))
    per_hour = max(1, (stats.body + stats.willpower) // 3)
    assert state.stun == max(0, 6 - per_hour) and state.damage == 4
    healed, _ = sr5.recover(Lasting(damage=4, stun=6), sheet, RestPlan(days=1))
    assert healed.damage == max(0, 4 - max(1, 2 * stats.body // 3)) and healed.stun == 0
    with pytest.raises(IllegalCommand, match="overflow"):
        sr5.recover(Lasting(damage=12, overflow=2), sheet, RestPlan(days=1))
    cared, _ = sr5.recover(Lasting(damage=12, overflow=2), sheet, RestPlan(days=1,
                                                                           care="medical"))
    assert cared.overflow < 2


def test_the_chummer_write_back_hook_gives_the_filled_boxes(campaign_file: Path) -> None:
    member = load_campaign(campaign_file).member("kicker").model_copy(
        update={"state": Lasting(damage=5, stun=3, overflow=1)})
    assert chummer_monitors(member) == {"physicalcmfilled": 5, "stuncmfilled": 3}


def test_a_campaign_of_another_ruleset_is_refused(campaign_file: Path) -> None:
    campaign = load_campaign(campaign_file)
    with pytest.raises(CampaignRefused, match="plays chapter6; this encounter is sr5"):
        with_party(load_map(maps_dir() / "street.yaml"), campaign, campaign_file, "sr5")


def test_a_bad_or_newer_campaign_file_is_named(tmp_path: Path) -> None:
    newer = tmp_path / "newer.yaml"
    newer.write_text(PARTY.replace("kind: campaign", "kind: campaign\nversion: 9"))
    with pytest.raises(DataError, match=r"newer.yaml:2:.*newer Tactical"):
        load_campaign(newer)
    bad = tmp_path / "bad.yaml"
    bad.write_text("kind: campaign\nparty:\n  - id: kicker\n    character: kicker\n"
                   "    state:\n      damage: -3\n")
    with pytest.raises(DataError, match=r"bad.yaml:6:.*damage"):
        load_campaign(bad)
    round_trip = tmp_path / "again.yaml"
    save_campaign(round_trip, Campaign.model_validate(
        {"kind": "campaign", "party": [{"id": "kicker", "character": "kicker"}]}))
    assert load_campaign(round_trip).member("kicker").state == Lasting()


def test_shadowrun_boxes_carry_into_the_next_fight(tmp_path: Path) -> None:
    """An SR5 party: the Stun and Physical boxes of one fight are the next one's start."""
    runner = next(c for c in bundled_library().characters.values() if c.shadowrun)
    path = tmp_path / "sr.yaml"
    path.write_text(f"kind: campaign\nruleset: sr5\nparty:\n"
                    f"  - {{id: {runner.id}, character: {runner.id}, side: runners, "
                    f"state: {{damage: 3, stun: 5}}}}\n", encoding="utf-8")
    campaign = load_campaign(path)
    loaded = with_party(load_map(maps_dir() / "street.yaml"), campaign, path, "sr5")
    enc = Encounter(Context(loaded, GeometryOracle(loaded), ruleset="sr5"), RandomDice(2))
    begin(enc, campaign, path, "start")
    token = next(t.id for t in loaded.map.tokens if t.character == runner.id)
    c = enc.state.get(token)
    assert (c.damage, c.stun) == (3, 5)
    out, _ = carry_out(campaign, path, enc.state, enc.ctx, "end")
    assert (out.party[0].state.damage, out.party[0].state.stun) == (3, 5)


def test_the_dead_get_no_token_on_a_new_map(campaign_file: Path) -> None:
    campaign = load_campaign(campaign_file)
    wombat = campaign.member("wombat").model_copy(
        update={"state": Lasting(damage=90, conditions=("dead",))})
    campaign = campaign.model_copy(update={"party": (*campaign.party[:2], wombat)})
    loaded = with_party(load_map(maps_dir() / "warehouse.yaml"), campaign, campaign_file)
    assert "wombat" not in {t.id for t in loaded.map.tokens}


def test_first_aid_between_fights_stabilises_a_lethal(campaign_file: Path) -> None:
    """Ch.6 l.930-934: first aid on a Lethal injury counts it Critical, stabilised, and it
    still needs intensive care within 1d6+1 hours (l.742)."""
    campaign = load_campaign(campaign_file)
    dying = campaign.member("kicker").model_copy(
        update={"state": Lasting(damage=41, injury="lethal", conditions=("unconscious",))})
    campaign = campaign.model_copy(update={"party": (dying, *campaign.party[1:])})
    aid = RestPlan.model_validate({"first_aid": [{"healer": "vanya", "patient": "kicker",
                                                  "kit": "autodoc"}]})
    # 2d10 of 10 and 10: a success at any TN the autodoc leaves; then the care deadline d6
    rested = rest(campaign, campaign_file, aid, "now",
                  dice=ScriptedDice(d10=[10, 10, 10, 10], d6=[2, 2, 2]))
    kicker = rested.campaign.member("kicker").state
    assert (kicker.injury, kicker.treated) == ("critical", True)
    assert kicker.has("stabilised") and kicker.care_within_hours == 3
    assert any("intensive care within 3 hours" in line for line in rested.changes)
    with pytest.raises(CampaignRefused, match="has had first aid"):  # once (l.914)
        rest(rested.campaign, campaign_file, aid, "later")


def test_first_aid_names_what_is_wrong(campaign_file: Path) -> None:
    campaign = load_campaign(campaign_file)
    plan = RestPlan.model_validate({"first_aid": [{"healer": "nobody", "patient": "kicker"}]})
    with pytest.raises(CampaignRefused, match="no member 'nobody'"):
        rest(campaign, campaign_file, plan, "now")
    plan = RestPlan.model_validate({"first_aid": [{"healer": "vanya", "patient": "kicker"}]})
    with pytest.raises(CampaignRefused, match="Kicker has no injury"):
        rest(campaign, campaign_file, plan, "now")


CHUMMER = Path(__file__).parents[1] / "data" / "chummer"
FILLED = re.compile(rb"(<physicalcmfilled>|<stuncmfilled>)[^<]*(</)")


def _sr5_fight(enc: Encounter, physical: int) -> None:
    for cid in enc.state.combatants:
        enc.apply(cmd.SetInitiative(cid, 10))
    enc.apply(cmd.StartCombat())
    # Physical boxes only: the GM's Stun override under SR counts Chapter 6's way (its
    # Stun also fills the total), so the Stun comes from the campaign's state here
    enc.apply(cmd.ApplyDamage("glitch", physical))
    enc.apply(cmd.EndCombat())


def _sr5_encounter(map_name: str, path: Path) -> Encounter:
    loaded = with_party(load_map(maps_dir() / map_name), load_campaign(path), path, "sr5")
    enc = Encounter(Context(loaded, GeometryOracle(loaded), ruleset="sr5"), RandomDice(5))
    save_campaign(path, begin(enc, load_campaign(path), path, "start"))
    return enc


@pytest.mark.parametrize("link", ["roster", "chum5"])
def test_round_trip_of_a_chummer_runner_ends_in_its_chum5(tmp_path: Path, link: str) -> None:
    """Issue 29 Done when: a runner imported from Chummer (a roster entry's `chummer:`
    link, or the campaign's own `chum5:` link) is hurt, carried, rested, fights on another
    map with the carried boxes, is carried again and written back into its .chum5: only
    the filled boxes change, a backup is kept."""
    shutil.copy(CHUMMER / "newer.chum5", tmp_path)
    source = tmp_path / "newer.chum5"
    original = source.read_bytes()
    sheet = "roster: party.yaml"
    if link == "roster":
        assert main(["import", str(source), "--out", str(tmp_path / "party.yaml")]) == 0
    else:
        sheet = "chum5: newer.chum5"
    path = tmp_path / "run.yaml"
    path.write_text(f"kind: campaign\nruleset: sr5\nparty:\n"
                    f"  - {{id: glitch, character: glitch, side: runners, {sheet},\n"
                    f"     state: {{stun: 6}}}}\n",
                    encoding="utf-8")

    enc = _sr5_encounter("warehouse.yaml", path)
    # the runner's own imported gear came into the fight with it
    assert any(w.startswith("glitch-") for w in enc.ctx.loaded.library.weapons)
    _sr5_fight(enc, 4)
    carried, _ = carry_out(load_campaign(path), path, enc.state, enc.ctx, "end", "one.jsonl")
    save_campaign(path, carried)
    assert (carried.member("glitch").state.damage, carried.member("glitch").state.stun) \
        == (4, 6)
    rested = rest(carried, path, RestPlan(rest="short"), "rest").campaign
    save_campaign(path, rested)
    stun = rested.member("glitch").state.stun
    assert stun < 6 and rested.member("glitch").state.damage == 4  # an hour heals Stun only

    street = _sr5_encounter("street.yaml", path)
    g = street.state.get("glitch")
    assert (g.damage, g.stun) == (4, stun)  # the carried boxes start the next fight
    _sr5_fight(street, 1)
    carried, _ = carry_out(load_campaign(path), path, street.state, street.ctx, "end",
                           "two.jsonl")
    save_campaign(path, carried)
    assert main(["campaign", str(path), "--write-chummer"]) == 0

    after = source.read_bytes()
    texts = re.findall(rb"<physicalcmfilled>([^<]*)<|<stuncmfilled>([^<]*)<", after)
    assert [a or b for a, b in texts][:2] == [b"5", str(stun).encode()]
    assert FILLED.sub(rb"\1\2", after) == FILLED.sub(rb"\1\2", original)  # every other byte
    assert (tmp_path / "newer.chum5.bak").read_bytes() == original


def test_a_chum5_member_of_another_character_is_named(tmp_path: Path) -> None:
    shutil.copy(CHUMMER / "newer.chum5", tmp_path)
    path = tmp_path / "run.yaml"
    path.write_text("kind: campaign\nruleset: sr5\nparty:\n"
                    "  - {id: dodger, character: dodger, chum5: newer.chum5}\n",
                    encoding="utf-8")
    with pytest.raises(DataError, match=r"run.yaml:1:1: party.dodger: chum5: newer.chum5 "
                                        r"holds 'glitch' \(Glitch\).*set character: glitch"):
        with_party(load_map(maps_dir() / "street.yaml"), load_campaign(path), path, "sr5")


def test_write_chummer_refuses_a_file_saved_since_the_import(tmp_path: Path, capsys) -> None:
    shutil.copy(CHUMMER / "newer.chum5", tmp_path)
    source = tmp_path / "newer.chum5"
    assert main(["import", str(source), "--out", str(tmp_path / "party.yaml")]) == 0
    path = tmp_path / "run.yaml"
    path.write_text("kind: campaign\nruleset: sr5\nparty:\n"
                    "  - {id: glitch, character: glitch, roster: party.yaml,\n"
                    "     state: {damage: 2, stun: 7}}\n", encoding="utf-8")
    saved = source.read_bytes().replace(b"Glitch", b"Glitch2")  # saved again in Chummer
    source.write_bytes(saved)
    assert main(["campaign", str(path), "--write-chummer"]) == 1
    assert "changed since it was imported" in capsys.readouterr().err
    assert source.read_bytes() == saved and not (tmp_path / "newer.chum5.bak").exists()
    capsys.readouterr()
    assert main(["campaign", str(path), "--write-chummer", "--force", "--dry-run"]) == 0
    dry = capsys.readouterr().out
    assert "glitch: would write" in dry and "Physical 3 → 2, Stun 2 → 7" in dry
    assert source.read_bytes() == saved  # --dry-run writes nothing
    assert main(["campaign", str(path), "--write-chummer", "--force"]) == 0
    assert b"<stuncmfilled>7</stuncmfilled>" in source.read_bytes()
    assert b"Glitch2" in source.read_bytes()  # the player's own change is kept
