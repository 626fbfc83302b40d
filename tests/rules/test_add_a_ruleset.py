"""docs/architecture.md's "add a ruleset" recipe, done for real: a new Shadowrun edition is its
YAML file and one registry line, and the engine, the CLI's choices and the board take it with
no other change."""

from __future__ import annotations

from pathlib import Path

import pytest

from tactical.core.dice import RandomDice
from tactical.core.paths import maps_dir
from tactical.data.library import load_map
from tactical.encounter.commands import StartCombat
from tactical.encounter.context import Context, initial_state
from tactical.encounter.encounter import Encounter
from tactical.encounter.queries.oracle import GeometryOracle
from tactical.rules import registry
from tactical.rules.chapter6.ruleset import chapter6
from tactical.rules.shadowrun.constants import HERE, shadowrun_ruleset
from tactical.rules.shadowrun.ruleset import Shadowrun


@pytest.fixture
def sr6(tmp_path, monkeypatch):
    # 1. the edition's numbers (here SR5's, renamed)
    text = (HERE / "sr5.yaml").read_text(encoding="utf-8")
    path = tmp_path / "sr6.yaml"
    path.write_text(text.replace("id: sr5", "id: sr6").replace(
        "name: Shadowrun 5th edition", "name: Shadowrun 6th edition"), encoding="utf-8")
    # 2. its line in the registry
    registry.ruleset.cache_clear()
    monkeypatch.setitem(registry._FACTORIES, "sr6",
                        lambda: Shadowrun("sr6", shadowrun_ruleset("sr6", path), chapter6()))
    yield "sr6"
    registry.ruleset.cache_clear()


def test_a_new_edition_is_its_file_and_a_registry_line(sr6):
    assert sr6 in registry.ids()
    assert registry.titles()[sr6] == "Shadowrun 6th edition"
    loaded = load_map(maps_dir() / "warehouse.yaml")
    state = initial_state(loaded, sr6)
    assert state.ruleset == sr6
    encounter = Encounter(Context(loaded, GeometryOracle(loaded), ruleset=sr6),
                          RandomDice(6))
    encounter.apply(StartCombat())
    assert encounter.state.round == 1 and encounter.state.actor is not None
    # the Shadowrun engine plays it: condition monitors, not Chapter 6's injuries
    assert all(c.extension is not None for c in encounter.state)


def test_the_board_and_the_command_line_find_it(sr6, qapp):
    from tactical.cli import _gui_parser
    from tactical.ui.rulesets import view_for

    assert view_for(sr6).family == "shadowrun"
    choices = next(a.choices for a in _gui_parser()._actions if a.dest == "ruleset")
    assert sr6 in choices


def test_an_unknown_ruleset_in_a_map_is_refused_with_its_line(tmp_path, capsys):
    from tactical.cli import main

    text = (maps_dir() / "warehouse.yaml").read_text(encoding="utf-8")
    bad = tmp_path / "sr9.yaml"
    bad.write_text(text.replace("ruleset: chapter6\n", "ruleset: sr9\n", 1), encoding="utf-8")
    assert main(["validate", str(bad)]) == 1
    err = capsys.readouterr().err
    line = text.splitlines().index("ruleset: chapter6") + 1
    assert f"{bad}:{line}:" in err and "ruleset: unknown ruleset 'sr9'" in err


def test_no_ruleset_is_listed_twice():
    assert len(set(registry.ids())) == len(registry.ids())
    assert all(Path(HERE / f"{rid}.yaml").is_file() for rid in registry.ids() if rid != "chapter6")
