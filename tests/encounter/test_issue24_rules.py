"""Issue 24: Chapter 6 rules the engine had wrong, each from its scenario
(tests/scenarios/ch6_*.json; golden logs checked by test_scenarios.py): the drag preview
(encounter.movepreview), the engine's offers and `tactical triggers` must agree."""

from __future__ import annotations

import json
from pathlib import Path

from tactical.cli import main
from tactical.encounter import commands as cmd
from tactical.encounter.queries.movepreview import move_preview
from tactical.encounter.scenario import Played, play_all

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"


def _first(name: str, count: int, tmp_path: Path) -> Played:
    spec = json.loads((SCENARIOS / f"{name}.json").read_text(encoding="utf-8"))
    spec["map"] = str((SCENARIOS / spec["map"]).resolve())
    spec["commands"] = spec["commands"][:count]
    spec.pop("expect", None)
    path = tmp_path / f"{name}-{count}.json"
    path.write_text(json.dumps(spec), encoding="utf-8")
    return play_all(path)  # the scenario's own refusals stay refused


def _left_out(played: Played, mover: str, path: list[tuple[int, int]]) -> dict[str, tuple]:
    enc = played.encounter
    preview = move_preview(enc.state, enc.ctx, mover, path)
    return {x.reactor: x.reasons for x in preview.left_out} | {
        r.reactor: ("offered", r.kind) for r in preview.reactions}


def test_an_unaware_fighter_after_its_empty_turn_is_left_out_of_the_preview(tmp_path):
    # Ch.6 l.48: round 1, after Vanya's empty turn: the guard's run offers her nothing
    played = _first("ch6_surprise_no_round1_reactions", 10, tmp_path)
    state = played.encounter.state
    assert state.round == 1 and state.actor == "guard" and state.get("vanya").unaware
    path = [(9, -1), (8, 0), (7, 0), (6, 1), (5, 1)]
    reasons = _left_out(played, "guard", path)
    assert reasons["vanya"] == ("unaware: no Reactions before round 2 (Ch.6 l.48)",)
    # round 2: she has regained her bearings, before her own turn
    played = _first("ch6_surprise_no_round1_reactions", 14, tmp_path)
    assert not played.encounter.state.get("vanya").unaware
    assert _left_out(played, "ganger-2", [(4, 1)])["vanya"] == ("offered", "snapshot")


def test_partial_awareness_preview_engine_and_triggers_agree(tmp_path, capsys):
    # Ch.6 l.46: before Vanya steps out, Ganger 1 has not detected her, Ganger 2 has
    played = _first("ch6_partial_awareness", 14, tmp_path)
    state = played.encounter.state
    assert state.actor == "vanya" and state.get("ganger-1").undetected == {"vanya"}
    reasons = _left_out(played, "vanya", [(1, 5)])
    assert reasons["ganger-1"] == ("has not detected Vanya",)
    assert reasons["ganger-2"] == ("offered", "snapshot")
    # the engine's Move offers the same (the next command of the scenario)
    after = _first("ch6_partial_awareness", 15, tmp_path).encounter.state
    assert [(p.reactor, p.kind) for p in after.pending] == [("ganger-2", "snapshot")]
    # and `tactical triggers`, told who has not detected her
    arena = SCENARIOS / "maps" / "ch6_missing_arena.yaml"
    assert main(["triggers", str(arena), "--mover", "vanya", "--path", "1,5",
                 "--undetected-by", "ganger-1", "--undetected-by", "guard"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {(r["reactor"], r["kind"]) for r in data["reactions"]} == {("ganger-2", "snapshot")}
    assert {"reactor": "ganger-1", "reasons": ["has not detected Vanya"]} in data["left_out"]


def test_a_hidden_enemy_stays_hidden_from_who_regains_its_bearings(tmp_path):
    """Ruling (docs/rules-chapter6.md): Unaware is not Fully aware, so the GM's hidden
    enemy is undetected by it, and still is once it regains its bearings in round 2."""
    played = _first("ch6_surprise_no_round1_reactions", 5, tmp_path)
    enc = played.encounter
    assert enc.apply(cmd.SetHidden("ganger-2")) is not None
    assert enc.state.get("vanya").undetected == {"ganger-2"}
    assert enc.state.get("kicker").undetected == {"ganger-2"}
    assert enc.apply(cmd.StartCombat()) is not None
    for _ in range(5):
        assert enc.apply(cmd.EndTurn()) is not None
    assert enc.state.round == 2 and not enc.state.get("vanya").unaware
    assert enc.state.get("vanya").undetected == {"ganger-2"}
