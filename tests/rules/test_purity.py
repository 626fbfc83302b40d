"""The rules are pure: no Qt, no global random, no clock, no file access (ARCHITECTURE.md)."""

from __future__ import annotations

import ast
from pathlib import Path

import tactical.rules.chapter6 as chapter6

PACKAGE = Path(chapter6.__file__).parent
# case.py reads CASE files for the CLI and tests; constants.py loads ruleset.yaml once.
IO_ALLOWED = {"case.py", "constants.py"}


def modules():
    return sorted(PACKAGE.glob("*.py"))


def test_no_qt_no_clock_and_random_only_through_dice():
    for path in modules():
        tree = ast.parse(path.read_text())
        names = {alias.name.split(".")[0] for node in ast.walk(tree)
                 if isinstance(node, ast.Import | ast.ImportFrom)
                 for alias in (node.names if isinstance(node, ast.Import)
                               else [ast.alias(node.module or "")])}
        assert not names & {"PySide6", "time", "datetime", "uuid"}, path.name
        if path.name != "dice.py":
            assert "random" not in names, path.name


def test_only_the_loaders_touch_files():
    for path in modules():
        if path.name in IO_ALLOWED:
            continue
        text = path.read_text()
        for word in ("open(", "read_text", "read_bytes", "read_yaml", "Path("):
            assert word not in text, f"{path.name} uses {word}"
