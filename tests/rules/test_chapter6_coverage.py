"""The coverage table of docs/rules-chapter6.md ("Coverage of chapter6-combat.txt"): every
line of the Chapter 6 text in one row, and every place a row names still there (issue 24),
so the table cannot rot when code moves."""

from __future__ import annotations

import hashlib
import importlib
import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "rules-chapter6.md"
HEADING = "## Coverage of chapter6-combat.txt"
RANGE = re.compile(r"^(\d+)[–-](\d+)$")
NAME = re.compile(r"`(tactical(?:\.\w+)+)`")
SCENARIO = re.compile(r"scenarios? ((?:`[\w.]+`(?:, )?)+)")
RULING = re.compile(r"\brulings? ((?:\d+(?:, )?)+)")


def _section() -> str:
    text = DOC.read_text(encoding="utf-8")
    assert HEADING in text, f"{DOC.name}: no section {HEADING!r}"
    body = text.split(HEADING, 1)[1]
    return body.split("\n## ", 1)[0]


def _rows() -> list[tuple[int, int, str, str]]:
    rows = []
    for line in _section().splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 3 and (found := RANGE.match(cells[0])):
            rows.append((int(found[1]), int(found[2]), cells[1], cells[2]))
    return rows


def _stated() -> tuple[int, str]:
    found = re.search(r"text: (\d+) lines, sha256 `([0-9a-f]{64})`", _section())
    assert found, "the section must say 'text: N lines, sha256 `…`'"
    return int(found[1]), found[2]


def test_the_table_covers_every_line_once_in_order():
    rows = _rows()
    lines, _sha = _stated()
    assert len(rows) > 50
    expected = 1
    for start, end, rule, where in rows:
        assert start == expected, f"rows jump to l.{start}: l.{expected}–{start - 1} left out" \
            if start > expected else f"l.{start} is covered twice"
        assert end >= start, f"l.{start}–{end} runs backwards"
        assert rule and where, f"l.{start}–{end}: say what the rule is and where it lives"
        expected = end + 1
    assert expected - 1 == lines, f"the table ends at l.{expected - 1}, the text at l.{lines}"


def test_every_row_says_where_or_who_decides():
    for start, end, _rule, where in _rows():
        settled = NAME.search(where) or any(
            word in where for word in ("GM's call", "RULINGS", "ruling", "no rule",
                                       "a summary"))
        assert settled, f"l.{start}–{end}: name the code, the ruling, or why it is the GM's"


def _resolve(dotted: str) -> object:
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for attribute in parts[cut:]:
            found = getattr(found, attribute)
        return found
    raise ModuleNotFoundError(dotted)


def test_every_name_the_table_gives_exists():
    names = {n for _s, _e, _r, where in _rows() for n in NAME.findall(where)}
    assert len(names) > 60
    missing = []
    for dotted in sorted(names):
        try:
            _resolve(dotted)
        except (ImportError, AttributeError):
            missing.append(dotted)
    assert not missing, f"the coverage table names what is not there: {missing}"


def test_every_scenario_and_ruling_the_table_gives_exists():
    doc = DOC.read_text(encoding="utf-8")
    for start, end, _rule, where in _rows():
        for group in SCENARIO.findall(where):
            for name in re.findall(r"`([\w.]+)`", group):
                assert (ROOT / "tests" / "scenarios" / f"{name}.json").is_file(), \
                    f"l.{start}–{end}: no scenario {name}"
        for group in RULING.findall(where):
            for number in re.findall(r"\d+", group):
                assert re.search(rf"^\s*{number}\. \*\*", doc, re.M), \
                    f"l.{start}–{end}: no ruling {number} in {DOC.name}"


def _text() -> Path | None:
    folder = os.environ.get("TACTICAL_RULES_DIR")
    for place in ([Path(folder)] if folder else []) + [ROOT.parent / "shared" / "rules"]:
        if (place / "chapter6-combat.txt").is_file():
            return place / "chapter6-combat.txt"
    return None


def test_the_table_is_of_the_text_at_hand():
    """The line count the table covers is the text's (the text itself is not in the project:
    it is the rules' own, beside it)."""
    path = _text()
    if path is None:
        pytest.skip("chapter6-combat.txt is not beside the project (set TACTICAL_RULES_DIR)")
    data = path.read_bytes()
    lines, sha = _stated()
    assert len(data.decode("utf-8").splitlines()) == lines
    assert hashlib.sha256(data).hexdigest() == sha, "the text changed: check the table"
