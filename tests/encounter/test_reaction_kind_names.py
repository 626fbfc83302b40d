"""No module outside a ruleset's spec list branches on a reaction kind's name (issue 22
item 3): the engine, the store and the UI read a kind's behaviour from its ReactionSpec, so
a new kind needs no change there (docs/architecture.md "Recipe: add a reaction kind")."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tactical.rules import registry

PACKAGE = Path(__file__).resolve().parents[2] / "tactical"
KINDS = {spec.name for rid in registry.ids() for spec in registry.ruleset(rid).reaction_kinds}
# The same words meaning something else, each where it means it (not a reaction kind):
OTHER_MEANINGS = {
    ("encounter/model.py", "overwatch"): "Condition.OVERWATCH, the state's condition",
    ("ui/board/tokens.py", "overwatch"): "the badge of the Overwatch condition",
    ("encounter/store/snapshot.py", "snapshot"): "the log header's snapshot key",
}


def kind_names(path: Path) -> list[tuple[str, int]]:
    """Each string constant in `path` that is a reaction kind's name, with its line."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    return [(node.value, node.lineno) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and node.value in KINDS]


def test_the_kinds_are_known():
    assert {"snapshot", "overwatch", "intercept", "opportunity"} <= KINDS


@pytest.mark.parametrize("layer", ["encounter", "ui", "cli", "geometry", "data", "core"])
def test_no_module_outside_the_rulesets_names_a_reaction_kind(layer):
    offenders = []
    for path in sorted((PACKAGE / layer).rglob("*.py")):
        where = path.relative_to(PACKAGE).as_posix()
        offenders += [f"{where}:{line} names the reaction kind {name!r}"
                      for name, line in kind_names(path)
                      if (where, name) not in OTHER_MEANINGS]
    assert offenders == []


@pytest.mark.parametrize("source", [
    'if offer.kind == "intercept":\n    pass\n',
    'weapon = melee if kind != "opportunity" else gun\n',
    'KINDS = ("snapshot",)\n',
])
def test_the_scan_sees_a_kind_name(tmp_path, source):
    probe = tmp_path / "probe.py"
    probe.write_text(source)
    assert kind_names(probe) != []
