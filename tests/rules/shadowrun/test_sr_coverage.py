"""The coverage tables of docs/rules-shadowrun.md ("Coverage of the Shadowrun texts"): every
line of both Shadowrun texts in one row, and every place a row names still there (issue 25
item 7), so the tables cannot rot when code moves. A row marked **open** names what the
product does not apply yet."""

from __future__ import annotations

import hashlib
import importlib
import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
DOC = ROOT / "docs" / "rules-shadowrun.md"
HEADING = "## Coverage of the Shadowrun texts"
TEXTS = ("sr5-combat-sequence.txt", "sr4-resolving-combat.txt")
RANGE = re.compile(r"^(\d+)[–-](\d+)$")
NAME = re.compile(r"`(tactical(?:\.\w+)+)`")
TEST_FILE = re.compile(r"`(tests/[\w/]+\.py)`")
SETTLED = ("GM's call", "RULINGS", "ruling", "a heading", "a summary")


def _table(text: str) -> str:
    doc = DOC.read_text(encoding="utf-8")
    assert HEADING in doc, f"{DOC.name}: no section {HEADING!r}"
    section = doc.split(HEADING, 1)[1].split("\n## ", 1)[0]
    marker = f"### {text}"
    assert marker in section, f"{DOC.name}: no table for {text}"
    return section.split(marker, 1)[1].split("\n### ", 1)[0]


def _rows(text: str) -> list[tuple[int, int, str, str]]:
    rows = []
    for line in _table(text).splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 3 and (found := RANGE.match(cells[0])):
            rows.append((int(found[1]), int(found[2]), cells[1], cells[2]))
    return rows


def _stated(text: str) -> tuple[int, str]:
    found = re.search(r"text: (\d+) lines, sha256 `([0-9a-f]{64})`", _table(text))
    assert found, f"the {text} table must say 'text: N lines, sha256 `…`'"
    return int(found[1]), found[2]


@pytest.mark.parametrize("text", TEXTS)
def test_the_table_covers_every_line_once_in_order(text: str) -> None:
    rows = _rows(text)
    lines, _sha = _stated(text)
    assert len(rows) > 10
    expected = 1
    for start, end, rule, where in rows:
        assert start == expected, f"{text}: rows jump to l.{start}: l.{expected}–{start - 1} " \
            "left out" if start > expected else f"{text}: l.{start} is covered twice"
        assert end >= start, f"{text}: l.{start}–{end} runs backwards"
        assert rule and where, f"{text}: l.{start}–{end}: say what the rule is and where"
        expected = end + 1
    assert expected - 1 == lines, f"{text}: the table ends at l.{expected - 1}, the text at " \
        f"l.{lines}"


@pytest.mark.parametrize("text", TEXTS)
def test_every_row_says_where_or_who_decides(text: str) -> None:
    for start, end, _rule, where in _rows(text):
        assert NAME.search(where) or any(w in where for w in SETTLED), \
            f"{text}: l.{start}–{end}: name the code, the ruling, or why it is the GM's"


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


@pytest.mark.parametrize("text", TEXTS)
def test_every_name_and_test_file_the_table_gives_exists(text: str) -> None:
    rows = _rows(text)
    missing = []
    for dotted in sorted({n for *_x, where in rows for n in NAME.findall(where)}):
        try:
            _resolve(dotted)
        except (ImportError, AttributeError):
            missing.append(dotted)
    missing += [f for *_x, where in rows for f in TEST_FILE.findall(where)
                if not (ROOT / f).is_file()]
    assert not missing, f"the {text} table names what is not there: {missing}"


def _text(name: str) -> Path | None:
    folder = os.environ.get("TACTICAL_RULES_DIR")
    for place in ([Path(folder)] if folder else []) + [ROOT.parent / "shared" / "rules"]:
        if (place / name).is_file():
            return place / name
    return None


@pytest.mark.parametrize("text", TEXTS)
def test_the_table_is_of_the_text_at_hand(text: str) -> None:
    """The line count a table covers is its text's (the texts are the rules' own, beside the
    project, not in it)."""
    path = _text(text)
    if path is None:
        pytest.skip(f"{text} is not beside the project (set TACTICAL_RULES_DIR)")
    data = path.read_bytes()
    lines, sha = _stated(text)
    assert len(data.decode("utf-8").splitlines()) == lines
    assert hashlib.sha256(data).hexdigest() == sha, f"{text} changed: check the table"
