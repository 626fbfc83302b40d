"""The stream model (tactical/encounter/queries/stream.py): what the strip, the rolls, the party and
the banner show, through the players' audience filter, on the warehouse demo."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from fights import CHARGE, warehouse

from tactical.encounter.commands import EndTurn, Move, React
from tactical.encounter.queries import stream
from tactical.encounter.queries.audience import (
    Audience,
    AudienceFilter,
    AudienceSettings,
    RollPolicy,
)
from tactical.ui.document import EncounterDocument


def players(settings: AudienceSettings | None = None) -> AudienceFilter:
    return AudienceFilter(Audience.PLAYERS, settings or AudienceSettings(frozenset({"runners"})))


@pytest.fixture
def snapshot_fight() -> EncounterDocument:
    """Kicker charges; the shotgun guard's Snapshot is rolled (an NPC's roll, a reaction)."""
    document = warehouse()
    assert document.apply(Move("kicker", CHARGE)) is not None
    assert document.apply(React("guard-shotgun")) is not None
    return document


def events(document: EncounterDocument) -> list[object]:
    return list(document.encounter.history.effective_events())


def test_the_strip_starts_with_whoever_acts_and_wraps_to_those_who_acted() -> None:
    document = warehouse()
    assert document.apply(EndTurn()) is not None  # Vanya acts now
    shown = stream.strip(document.state, players())
    ids = [e["id"] for e in shown["entries"]]
    assert ids[0] == "vanya" and shown["entries"][0]["acting"]
    assert ids[-1] == "kicker" and shown["entries"][-1]["later"]  # next round
    assert len(ids) == 6 and shown["title"] == "Round 1" and shown["pass"] is None


def test_a_token_hidden_from_players_is_not_on_the_strip_nor_the_party() -> None:
    document = warehouse()
    audience = players(AudienceSettings(frozenset({"runners"}), frozenset({"guard-office"})))
    snap = stream.snapshot(document.state, events(document), audience, ())
    assert "guard-office" not in json.dumps(snap)
    assert "Guard (office)" not in json.dumps(snap)


def width_of(chip: stream.Chip) -> float:
    return len(chip.text) * (15.0 if chip.acting else 10.0) + 20.0


@pytest.mark.parametrize("width", [2000.0, 700.0, 420.0, 260.0, 150.0])
def test_condense_keeps_the_acting_name_and_never_overflows(width: float) -> None:
    shown = stream.strip(warehouse().state, players())
    chips = stream.condense(shown, width, width_of, gap=6.0)
    drawn = sum(width_of(c) for c in chips) + 6.0 * (len(chips) - 1)
    assert drawn <= width
    acting = [c for c in chips if c.acting]
    assert acting and acting[0].text == ("Kicker" if width >= 260 else "Ki")
    listed = [c for c in chips if c.id is not None]
    more = [int(c.text[1:]) for c in chips if c.form == "more"]
    assert len(listed) + sum(more) == 6  # everyone is named, shortened or counted
    forms = [c.form for c in listed]
    assert forms == sorted(forms, key=lambda f: f != "name")  # initials only at the far end
    if width >= 2000:
        assert forms == ["name"] * 6 and not more
    if width <= 260:  # even initials do not fit: "+N"
        assert more


def test_an_npcs_roll_shows_its_outcome_in_words_and_no_number(snapshot_fight) -> None:
    shown = stream.rolls(snapshot_fight.state, events(snapshot_fight), players())
    assert len(shown) == 1
    roll = shown[0]
    assert roll["detail"] == "outcome" and roll["attacker"] == "Guard (shotgun)"
    assert not re.search(r"\d", json.dumps({k: v for k, v in roll.items() if k != "number"}))
    gm = stream.rolls(snapshot_fight.state, events(snapshot_fight), AudienceFilter())
    assert re.fullmatch(r"\d+ vs TN \d+ — \w+ (hit|miss)", gm[0]["headline"])


def test_the_gm_chooses_which_rolls_players_see(snapshot_fight) -> None:
    state, evs = snapshot_fight.state, events(snapshot_fight)
    base = AudienceSettings(frozenset({"runners"}))
    assert stream.rolls(state, evs, players(base.with_rolls(RollPolicy.PLAYERS))) == []
    assert stream.rolls(state, evs, players(base.with_rolls(RollPolicy.NONE))) == []
    shown_anyway = base.with_rolls(RollPolicy.NONE).with_roll_choice(1, True)
    assert [r["number"] for r in stream.rolls(state, evs, players(shown_anyway))] == [1]
    assert stream.rolls(state, evs, players(base.with_roll_choice(1, False))) == []
    assert stream.rolls(state, evs, players(base.with_roll_choice(1, False)
                                            .with_roll_choice(1, None))) != []


def test_a_players_own_roll_reads_total_against_tn_and_degree() -> None:
    from tactical.cli.render import _document

    document = _document(Path(__file__).parents[1] / "scenarios" / "warehouse_three_rounds.jsonl")
    shown = stream.rolls(document.state, events(document), players(), keep=100)
    own = [r for r in shown if r["attacker"] == "Kicker"]
    assert own and all(r["detail"] == "full" for r in own)
    for roll in own:
        assert roll["headline"] == f"{roll['total']} vs TN {roll['tn']} — {roll['outcome']}"
        assert roll["outcome"].endswith("hit" if roll["hit"] else "miss")
    assert len(stream.rolls(document.state, events(document), players())) == stream.HISTORY
    numbers = [r["number"] for r in shown]
    assert numbers == sorted(numbers, reverse=True)  # the newest first


def test_the_banner_names_the_reaction_from_the_rulesets_words(snapshot_fight) -> None:
    kinds = snapshot_fight.oracle.reaction_kinds(snapshot_fight.state)
    banner = stream.last_banner(snapshot_fight.state, events(snapshot_fight), players(), kinds)
    label = next(k.label for k in kinds if k.name == "snapshot")
    assert banner is not None and banner["text"] == f"{label}! Guard (shotgun) fires at Kicker"
    hidden = players(AudienceSettings(frozenset({"runners"}), frozenset({"guard-shotgun"})))
    assert stream.last_banner(snapshot_fight.state, events(snapshot_fight), hidden,
                              kinds) is None


def test_the_party_shows_bars_for_the_players_and_words_for_enemies() -> None:
    party = stream.party(warehouse().state, players())
    assert [p["players"] for p in party] == sorted((p["players"] for p in party), reverse=True)
    own = next(p for p in party if p["id"] == "kicker")
    enemy = next(p for p in party if p["id"] == "guard-shield")
    assert own["health"] == 1.0 and "state" not in own
    assert enemy["state"] == "unhurt" and "health" not in enemy


def test_a_shadowrun_roll_reads_hits_ones_and_glitches_and_numbers_passes(tmp_path) -> None:
    """SR5 Wombat's pistol shot (the sr5-combat-sequence.txt example's dice): the players'
    own roll shows its hits, ones and dice; the strip numbers the initiative pass."""
    from tactical.core.dice import ScriptedDice
    from tactical.data.library import load_map
    from tactical.encounter import commands as cmd
    from tactical.encounter.context import Context
    from tactical.encounter.encounter import Encounter
    from tactical.encounter.events import AttackResolved
    from tactical.encounter.queries.oracle import GeometryOracle
    from tests.ui.test_board_shadowrun import ALLEY, SHOT

    path = tmp_path / "alley.yaml"
    path.write_text(ALLEY, encoding="utf-8")
    alley = load_map(path)
    encounter = Encounter(Context(alley, GeometryOracle(alley), ruleset="sr5"),
                          ScriptedDice(d6=SHOT))
    encounter.apply(cmd.StartCombat())
    audience = players()
    shown = stream.strip(encounter.state, audience)
    assert shown["pass"] == 1 and shown["title"].endswith("· Pass 1")
    assert all(e["pass"] == 1 for e in shown["entries"] if not e["later"])
    assert encounter.apply(cmd.Attack("wombat", "cutter",
                                      attack_modifiers=(("Situation", -1),),
                                      defence_modifiers=(("Situation", -1),))) is not None
    history = list(encounter.history.effective_events())
    report = next(e for e in history if isinstance(e, AttackResolved)).result
    roll = stream.rolls(encounter.state, history, audience)[0]
    assert roll["family"] == "pool" and roll["detail"] == "full"
    assert roll["hits"] == report["attack"]["hits_limited"]
    assert roll["ones"] == report["attack"]["ones"]
    assert roll["dice"] == list(report["attack"]["dice"])
    assert roll["glitch"] == report["attack"]["glitch"]
    assert roll["headline"].startswith(f"{roll['hits']} hit")


# --- plain checks (issue 28: "a way to show a plain check") ------------------------------


def test_a_runners_plain_check_is_on_the_players_screen_result_first() -> None:
    from tactical.encounter.commands import UseSkill
    from tactical.encounter.events import CheckRolled

    document = warehouse()
    assert document.apply(UseSkill("kicker", "athletics", tn=15)) is not None
    (check,) = [e for e in events(document) if isinstance(e, CheckRolled)]
    shown = stream.rolls(document.state, events(document), players())[0]
    total, degree = check.roll["total"], check.roll["degree"].replace("_", " ")
    assert shown["headline"] == f"Athletics: {total} vs TN 15 — {degree.capitalize()}"
    assert shown["attacker"] == "Kicker" and shown["detail"] == "full"
    assert shown["dice"] == check.roll["kept"] and len(shown["dice"]) == 2
    # numbered with the attacks: the GM's per-roll choice can hide it like any roll
    number = stream.roll_count(events(document))
    assert shown["number"] == number
    hidden = players(AudienceSettings(frozenset({"runners"}), roll_choice={number: False}))
    assert all(r["number"] != number for r in stream.rolls(document.state, events(document),
                                                           hidden))


def test_an_enemys_check_shows_only_when_the_gm_shows_it_and_then_without_numbers() -> None:
    """An enemy's failed awareness check would tell the players it is Unaware (the GM's
    "?" badge): under "all rolls" an enemy's attacks show, its plain checks do not."""
    from tactical.encounter.events import CheckRolled

    document = warehouse()
    roll = {"total": 13, "tn": 25, "degree": "complete_failure", "kept": [2, 1],
            "fumble": False, "double": False}
    rolled = [*events(document), CheckRolled("guard-office", "Awareness", False, roll)]
    number = stream.roll_count(rolled)
    assert all(r["number"] != number for r in stream.rolls(document.state, rolled, players()))
    shown_by_gm = players(AudienceSettings(frozenset({"runners"}), roll_choice={number: True}))
    (shown,) = [r for r in stream.rolls(document.state, rolled, shown_by_gm)
                if r["number"] == number]
    assert shown["headline"] == "Awareness — Complete failure" and shown["detail"] == "outcome"
    assert "13" not in json.dumps(shown) and "25" not in json.dumps(shown)
    gm = AudienceFilter(Audience.GM)
    assert stream.rolls(document.state, rolled, gm)[0]["headline"].startswith(
        "Awareness: 13 vs TN 25")


def test_under_shadowrun_the_party_reads_the_condition_monitors() -> None:
    """SR5 on the warehouse: the GM marks boxes on the monitors (Apply damage). The party
    overlay's bars are the runner's Physical and Stun boxes left, and an enemy with Stun
    boxes marked reads its word from that monitor, as its token does on the players' screen
    (Stun counts for hurt); the party read Chapter 6's Health, which SR's damage leaves."""
    from tactical.core.dice import RandomDice
    from tactical.core.paths import maps_dir
    from tactical.data.library import load_map
    from tactical.encounter.commands import ApplyDamage
    from tactical.encounter.context import Context
    from tactical.encounter.encounter import Encounter
    from tactical.encounter.queries.audience import coarse_state
    from tactical.encounter.queries.oracle import GeometryOracle
    from tactical.rules import registry

    loaded = load_map(maps_dir() / "warehouse.yaml")
    encounter = Encounter(Context(loaded, GeometryOracle(loaded), ruleset="sr5"), RandomDice(3))
    assert encounter.apply(ApplyDamage("kicker", 3, "physical")) is not None
    assert encounter.apply(ApplyDamage("guard-shield", 5, "stun")) is not None
    rules = registry.ruleset("sr5")
    kicker = rules.monitors_json(encounter.state.get("kicker"))
    assert kicker is not None
    physical = kicker["monitors"]["physical"]
    party = {p["id"]: p for p in stream.party(encounter.state, players())}
    assert party["kicker"]["health"] == pytest.approx(1 - physical["boxes"] / physical["size"],
                                                      abs=0.001)
    assert party["kicker"]["health"] < 1.0 and party["kicker"]["stamina"] == 1.0
    guard = rules.monitors_json(encounter.state.get("guard-shield"))
    assert guard is not None
    stun = guard["monitors"]["stun"]
    assert stun["boxes"] == 5
    assert party["guard-shield"]["state"] == coarse_state(1 - 5 / stun["size"], False) \
        in ("hurt", "badly hurt")
    assert party["guard-office"]["state"] == "unhurt"
