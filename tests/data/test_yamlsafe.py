"""The YAML reader refuses hostile and broken files with a positioned one-line message."""

from __future__ import annotations

import pytest

from tactical.data import yamlsafe
from tactical.data.problems import DataError
from tactical.data.yamlsafe import parse_yaml, read_yaml

BILLION_LAUGHS = """kind: map
a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]
b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]
c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]
d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]
e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]
f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]
g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]
h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]
"""


def only_problem(exc: pytest.ExceptionInfo[DataError]) -> str:
    assert len(exc.value.problems) == 1
    return str(exc.value.problems[0])


def test_alias_bomb_is_refused_at_the_first_alias():
    with pytest.raises(DataError) as exc:
        parse_yaml(BILLION_LAUGHS, "bomb.yaml")
    assert only_problem(exc) == (
        "bomb.yaml:3:8: (document): YAML aliases are not allowed (found *a); write the value out")


def test_any_alias_is_refused_even_a_harmless_one():
    with pytest.raises(DataError, match="aliases are not allowed"):
        parse_yaml("a: &x 1\nb: *x\n", "f.yaml")


def test_syntax_error_names_line_and_column():
    with pytest.raises(DataError) as exc:
        parse_yaml("kind: map\nname: [unclosed\ngrid: 3\n", "bad.yaml")
    message = only_problem(exc)
    assert message.startswith("bad.yaml:3:")
    assert "YAML syntax error" in message


def test_tab_indentation_is_a_syntax_error_not_a_traceback():
    with pytest.raises(DataError, match=r"^t\.yaml:2:1: \(document\): YAML syntax error"):
        parse_yaml("kind: map\n\tname: x\n", "t.yaml")


def test_deep_nesting_is_refused(monkeypatch):
    text = "a: " + "[" * (yamlsafe.MAX_DEPTH + 5) + "]" * (yamlsafe.MAX_DEPTH + 5) + "\n"
    with pytest.raises(DataError, match="nesting deeper than"):
        parse_yaml(text, "deep.yaml")


def test_oversized_file_is_refused_before_parsing(write, monkeypatch):
    monkeypatch.setattr(yamlsafe, "MAX_BYTES", 100)
    path = write("big.yaml", "kind: map\n" + "# padding\n" * 20)
    with pytest.raises(DataError, match=r"the file is 210 bytes; the limit is 100 bytes"):
        read_yaml(path)


def test_non_utf8_file_names_the_byte(tmp_path):
    path = tmp_path / "latin1.yaml"
    path.write_bytes(b"kind: map\nname: Caf\xe9\n")
    with pytest.raises(DataError) as exc:
        read_yaml(path)
    assert only_problem(exc).endswith("latin1.yaml:2:10: (document): not UTF-8 text; "
                                      "save the file as UTF-8")


def test_missing_file_is_a_message(tmp_path):
    with pytest.raises(DataError, match="cannot read the file"):
        read_yaml(tmp_path / "nope.yaml")


def test_empty_file_is_a_message(write):
    with pytest.raises(DataError, match="the file is empty"):
        read_yaml(write("empty.yaml", "# nothing\n"))


def test_duplicate_keys_are_reported_with_their_path():
    with pytest.raises(DataError) as exc:
        parse_yaml("grid:\n  rows: 3\n  rows: 4\n", "dup.yaml")
    assert only_problem(exc) == "dup.yaml:3:3: grid.rows: duplicate key 'rows'"


def test_positions_point_at_nested_values():
    doc = parse_yaml("a:\n  - x: 1\n  - x: 2\n    y: [5, 6]\n", "p.yaml")
    assert doc.position(("a", 1, "y", 1)) == (4, 12)
    assert doc.position(("a", 1, "y"), at_key=True) == (4, 5)
    # a path that does not exist points at its deepest existing parent
    assert doc.position(("a", 0, "missing")) == (2, 5)


def test_multiple_documents_are_refused():
    with pytest.raises(DataError, match="YAML syntax error"):
        parse_yaml("a: 1\n---\nb: 2\n", "two.yaml")
