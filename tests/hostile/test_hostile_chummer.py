"""Hostile Chummer files (issue 29): a `.chum5` is a player's file. Each is refused by name,
in a child process under the suite's memory and time limits, and nothing is written."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.hostile.conftest import Refusal, assert_refused, run_limited

pytestmark = pytest.mark.slow

LAUGHS = """<?xml version="1.0"?>
<!DOCTYPE character [
 <!ENTITY lol "lol">
""" + "".join(f' <!ENTITY lol{i} "{("&lol%s;" % (i - 1 if i > 1 else "")) * 10}">\n'
              for i in range(1, 10)) + """]>
<character><name>&lol9;</name></character>
"""
EXTERNAL = """<?xml version="1.0"?>
<!DOCTYPE character [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<character><name>&secret;</name></character>
"""


def _import(tmp_path: Path, source: Path) -> tuple[Refusal, Path]:
    out = tmp_path / "party.yaml"
    return run_limited("import", str(source), "--out", str(out)), out


def test_billion_laughs_is_refused_before_any_expansion(tmp_path: Path) -> None:
    source = tmp_path / "laughs.chum5"
    source.write_text(LAUGHS, encoding="utf-8")
    result, out = _import(tmp_path, source)
    assert_refused(result, "refused: a DTD")
    assert not out.exists()  # bounded: the child runs under the suite's 2 GB and 20 s


def test_an_external_entity_is_never_fetched(tmp_path: Path) -> None:
    source = tmp_path / "external.chum5"
    source.write_text(EXTERNAL, encoding="utf-8")
    result, out = _import(tmp_path, source)
    assert_refused(result, "refused: a DTD")
    assert "root:" not in result.out + result.err and not out.exists()


def test_a_one_gigabyte_file_is_refused_by_its_size_unread(tmp_path: Path) -> None:
    source = tmp_path / "huge.chum5"
    with source.open("wb") as handle:  # sparse: costs the disk nothing
        handle.write(b"<character>")
        handle.truncate(1024**3)
    result, out = _import(tmp_path, source)
    assert_refused(result, "the Chummer file is 1,073,741,824 bytes",
                   positioned=False)
    assert not out.exists()


def test_a_truncated_file_names_where_it_ends(tmp_path: Path) -> None:
    whole = (Path(__file__).parents[1] / "data" / "chummer" / "newer.chum5").read_text("utf-8")
    source = tmp_path / "cut.chum5"
    source.write_text(whole[:len(whole) // 2], encoding="utf-8")
    result, out = _import(tmp_path, source)
    assert_refused(result, "not well-formed XML")
    assert f"{source}:" in result.err and not out.exists()


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    source = tmp_path / "pipe.chum5"
    os.mkfifo(source)
    # no writer ever comes: an import that blocked on open would time out the child
    result, out = _import(tmp_path, source)
    assert_refused(result, "is a pipe (FIFO), not a Chummer file",
                   positioned=False)
    assert not out.exists()
