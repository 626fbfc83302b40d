"""The engine reaches a ruleset only through tactical.rules.api and the registry (issue 10):
no module in encounter/ or geometry/ imports a ruleset package or names a ruleset id, and
attack results are typed reports whose log form is what the log has always held."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from tactical.encounter import events as ev
from tactical.rules import registry

PACKAGE = Path(__file__).resolve().parents[2] / "tactical"
RULESET_PACKAGES = ("tactical.rules.chapter6", "tactical.rules.shadowrun")
GOLDEN = PACKAGE.parent / "tests" / "scenarios" / "warehouse_three_rounds.jsonl"


def ruleset_knowledge(path: Path) -> list[str]:
    """Each import of a ruleset package and each string that is a ruleset id, in `path`."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    ids = set(registry.ids())
    found: list[str] = []
    for node in ast.walk(tree):
        modules: list[str] = []
        if isinstance(node, ast.Import):
            modules = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            modules = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
        found += [f"imports {m}" for m in modules if m.startswith(RULESET_PACKAGES)]
        if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and node.value in ids:
            found.append(f"names the ruleset id {node.value!r} (line {node.lineno})")
    return found


@pytest.mark.parametrize("layer", ["encounter", "geometry"])
def test_the_engine_and_the_geometry_know_no_ruleset_by_name(layer):
    offenders = [f"{path.relative_to(PACKAGE.parent)} {what}"
                 for path in sorted((PACKAGE / layer).rglob("*.py"))
                 for what in ruleset_knowledge(path)]
    assert offenders == []


@pytest.mark.parametrize("source", [
    "from tactical.rules.shadowrun.damage import Monitors\n",
    "from tactical.rules import chapter6\n",
    "import tactical.rules.chapter6.injury\n",
    "def f(state):\n    return state.ruleset in ('sr4', 'sr5')\n",
])
def test_the_scan_sees_a_ruleset_import_or_id(tmp_path, source):
    probe = tmp_path / "probe.py"
    probe.write_text(source)
    assert ruleset_knowledge(probe) != []


def test_the_registry_lists_every_ruleset_once_with_a_title():
    ids = registry.ids()
    assert ids[0] == registry.DEFAULT and len(set(ids)) == len(ids)
    assert all(registry.ruleset(i).id == i and registry.titles()[i] for i in ids)
    with pytest.raises(registry.UnknownRuleset, match="sr9"):
        registry.ruleset("sr9")


def _attacks(path: Path) -> list[dict]:
    found = []
    for line in path.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        event = (record.get("event") or {}).get("event") if isinstance(record, dict) else None
        if isinstance(event, dict) and event.get("type") == "AttackResolved":
            found.append(event)
    return found


def test_logged_attack_results_read_back_typed_and_write_the_same_json():
    attacks = _attacks(GOLDEN)
    assert len(attacks) >= 5
    for payload in attacks:
        event = ev.from_payload(payload)
        report = event.result
        # read by attribute, not by key
        assert report.hit == payload["result"]["hit"] == event.hit
        assert report.tn == payload["result"]["tn"]
        assert list(report.roll.kept) == payload["result"]["roll"]["kept"]
        assert json.dumps(ev.to_payload(event), sort_keys=True) == \
            json.dumps(payload, sort_keys=True)


@pytest.mark.parametrize("case", sorted(
    (PACKAGE.parent / "tests" / "rules" / "shadowrun" / "cases").glob("*.json")),
    ids=lambda p: p.stem)
def test_a_shadowrun_result_goes_through_the_log_typed(case):
    data = json.loads(case.read_text(encoding="utf-8"))
    rules = registry.ruleset(data["ruleset"])
    report_json = rules.attack_case(case)
    report_json.pop("unused_dice")  # the CLI's, not the engine's
    report_json.pop("callouts")  # the CLI's words; the log's reader works them out
    report = registry.attack_report(report_json)
    assert report.to_json() == report_json
    event = ev.AttackResolved("a", "b", "w", None, report.hit, "line", report)
    back = ev.from_payload(json.loads(json.dumps(ev.to_payload(event))))
    assert back == event
    assert back.result.attack.pool == report_json["attack"]["pool"]
    assert rules.result_lines(back.result)[0].startswith("Attack: ")
