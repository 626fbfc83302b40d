"""The SR4/SR5 ruleset files: valid, dispatched by id under kind "ruleset", pure package."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import tactical.rules.shadowrun as shadowrun
from tactical.cli import main
from tactical.data.kinds import load_file
from tactical.data.problems import DataError
from tactical.data.shadowrun_ruleset import ShadowrunRuleset
from tactical.rules.chapter6.numbers import Chapter6Ruleset
from tactical.rules.shadowrun.constants import HERE, shadowrun_ruleset

PACKAGE = Path(shadowrun.__file__).parent
# the CASE loaders, the ruleset files, area.yaml (issue 27)
IO_ALLOWED = {"case.py", "splitcase.py", "constants.py", "area.py"}


def test_both_editions_load_and_differ_where_the_texts_do():
    sr4, sr5 = shadowrun_ruleset("sr4"), shadowrun_ruleset("sr5")
    assert (sr4.dice.limits, sr5.dice.limits) == (False, True)
    assert sr4.damage.armor_by_kind == {"melee": "impact", "ranged": "ballistic"}
    assert sr5.damage.armor_by_kind == {"melee": "armor", "ranged": "armor"}
    assert (sr4.damage.strength_in_dv, sr5.damage.strength_in_dv) == ("half_up", "full")
    assert sr4.melee_modifiers is not None and sr5.melee_modifiers is None
    assert (sr4.initiative.pass_cost, sr5.initiative.pass_cost) == (0, 10)


def test_tactical_validate_accepts_all_three_rulesets(root, capsys):
    files = [str(HERE / "sr4.yaml"), str(HERE / "sr5.yaml"),
             str(root / "tactical" / "rules" / "chapter6" / "ruleset.yaml")]
    assert main(["validate", *files]) == 0
    assert capsys.readouterr().out.count(": OK") == 3


def test_kind_ruleset_is_dispatched_by_engine(write):
    _doc, model = load_file(HERE / "sr5.yaml")
    assert isinstance(model, ShadowrunRuleset)
    _doc, model = load_file(Path(__file__).parents[3] / "tactical/rules/chapter6/ruleset.yaml")
    assert isinstance(model, Chapter6Ruleset)
    text = (HERE / "sr4.yaml").read_text().replace("  limits: false ", "  limits: maybe ")
    with pytest.raises(DataError) as exc:
        load_file(write("bad.yaml", text))
    assert "dice.limits" in str(exc.value) and "bad.yaml:13:11:" in str(exc.value)
    with pytest.raises(DataError, match="id"):
        load_file(write("odd.yaml", "kind: ruleset\nid: [sr4]\nname: x\n"))


def test_cross_field_checks(write):
    text = (HERE / "sr5.yaml").read_text().replace("default_defence: standard",
                                                   "default_defence: dodge")
    with pytest.raises(DataError, match="default_defence: the default defence must cost no"):
        load_file(write("sr5.yaml", text))


def test_no_qt_no_clock_no_random_and_only_the_loaders_touch_files():
    for path in sorted(PACKAGE.glob("*.py")):
        text = path.read_text()
        tree = ast.parse(text)
        names = {alias.name.split(".")[0] for node in ast.walk(tree)
                 if isinstance(node, ast.Import | ast.ImportFrom)
                 for alias in (node.names if isinstance(node, ast.Import)
                               else [ast.alias(node.module or "")])}
        assert not names & {"PySide6", "time", "datetime", "uuid", "random"}, path.name
        if path.name not in IO_ALLOWED:
            for word in ("open(", "read_text", "read_bytes", "read_yaml", "Path("):
                assert word not in text, f"{path.name} uses {word}"
