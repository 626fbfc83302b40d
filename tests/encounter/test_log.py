"""The encounter log: what goes in comes back, in order, and damage never costs a crash."""

from __future__ import annotations

import json
import os
import sys
import tempfile
import zlib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tactical.core.errors import TacticalError
from tactical.encounter.store import logformat
from tactical.encounter.store.log import EncounterLog, LogError, read_log

META = {"map": "maps/warehouse.yaml", "ruleset": "chapter6", "created": "2026-11-30T14:25:01"}
EVENTS = [
    {"type": "CombatStarted", "combatants": ["Vex", "Ork ganger"]},
    {"type": "Moved", "who": "Vex", "path": [[0, 0], [1, 0], [2, -1]]},
    {"type": "AttackResolved", "dice": [7, 3], "mos": 2.5, "note": "Partial cover +5 — «ok»"},
]


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "fight.jsonl"


def write_log(path: Path, events: list[dict], *, finished: bool = False) -> None:
    log = EncounterLog.create(path, META)
    log.append_many(events)
    log.close(finished=finished)


def test_round_trip_keeps_header_events_and_order(path):
    log = EncounterLog.create(path, META)
    assert log.append(EVENTS[0]) == 0
    assert log.append_many(EVENTS[1:]) == range(1, 3)
    log.close()
    log, header, payloads, warnings = EncounterLog.open(path)
    log.close()
    assert header == {"format": "tactical-encounter-log", "version": 2, **META}
    assert payloads == EVENTS
    assert warnings == []


def test_file_is_json_lines_with_seq_and_crc_a_person_can_check(path):
    write_log(path, EVENTS)
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith('{"format":"tactical-encounter-log","version":2,')
    for seq, (line, event) in enumerate(zip(lines[1:], EVENTS, strict=True)):
        record = json.loads(line)
        assert line.startswith(f'{{"seq":{seq},')
        assert record["event"] == event
        body = json.dumps({"event": event, "seq": seq}, sort_keys=True, separators=(",", ":"),
                          ensure_ascii=False)
        assert record["crc"] == zlib.crc32(body.encode("utf-8"))
    assert "«ok»" in lines[3]  # UTF-8 as is, readable in any editor


def test_append_after_reopen_continues_the_sequence(path):
    write_log(path, EVENTS[:2])
    log = EncounterLog.open(path).log
    assert log.next_seq == 2
    assert log.append(EVENTS[2]) == 2
    log.close()
    assert read_log(path).payloads == EVENTS


def test_a_returned_append_is_already_in_the_file(path):
    log = EncounterLog.create(path, META)
    log.append(EVENTS[0])
    assert read_log(path).payloads == [EVENTS[0]]  # read by a separate handle, before close
    log.close()


@pytest.mark.skipif(sys.platform == "darwin", reason="macOS syncs with F_FULLFSYNC")
def test_one_command_is_one_write_and_one_fsync(path, monkeypatch):
    log = EncounterLog.create(path, META)
    calls = []
    real_write, real_fsync = os.write, os.fsync
    monkeypatch.setattr(os, "write", lambda fd, data: calls.append("write") or real_write(fd, data))
    monkeypatch.setattr(os, "fsync", lambda fd: calls.append("fsync") or real_fsync(fd))
    log.append_many(EVENTS)
    assert calls == ["write", "fsync"]
    log.close(finished=False)


def test_create_refuses_to_overwrite_a_log(path):
    write_log(path, EVENTS)
    with pytest.raises(TacticalError, match="already exists") as error:
        EncounterLog.create(path, META)
    assert str(path) in str(error.value)
    assert read_log(path).payloads == EVENTS  # untouched


def test_create_overwrites_when_told(path):
    write_log(path, EVENTS)
    EncounterLog.create(path, {"map": "other.yaml"}, overwrite=True).close(finished=False)
    contents = read_log(path)
    assert (contents.header["map"], contents.payloads) == ("other.yaml", [])


@pytest.mark.parametrize(("text", "reason"), [
    ("", "empty"),
    ('{"format":"tactical-encounter-log","version":1}', "incomplete"),
    ("map: warehouse\n", "not a JSON header"),
    ('{"format":"something-else","version":1}\n', "is this an encounter log"),
    ('["tactical-encounter-log"]\n', "is this an encounter log"),
    ('{"format":"tactical-encounter-log"}\n', "no valid version"),
    ('{"format":"tactical-encounter-log","version":3}\n', "newer Tactical"),
    (b"\xff\xfe\x00garbage\n", "not a JSON header"),
])
def test_a_bad_header_is_a_clear_error_naming_the_file(path, text, reason):
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    for read in (EncounterLog.open, read_log):
        with pytest.raises(TacticalError, match=reason) as error:
            read(path)
        assert str(path) in str(error.value)
    assert not list(path.parent.glob("*.damaged-*"))  # nothing to keep: no events in it


def test_a_missing_log_is_a_clear_error(path):
    with pytest.raises(LogError, match=r"fight\.jsonl"):
        EncounterLog.open(path)


@pytest.mark.parametrize("bad", [
    {"hits": (1, 2)}, {1: "int key"}, {"x": float("nan")}, {"x": {1, 2}}, {"x": "\ud800"},
    {"nested": [{"deep": object()}]},
])
def test_an_event_json_would_change_is_refused_before_writing(path, bad):
    log = EncounterLog.create(path, META)
    log.append(EVENTS[0])
    with pytest.raises(TypeError):
        log.append_many([EVENTS[1], bad])
    assert log.append(EVENTS[1]) == 1  # nothing of the refused command was written
    log.close()
    assert read_log(path).payloads == EVENTS[:2]


def test_an_event_must_be_a_dict(path):
    with EncounterLog.create(path, META) as log, pytest.raises(TypeError, match="not a dict"):
        log.append(["Moved"])  # type: ignore[arg-type]


def test_a_create_the_disk_refuses_leaves_no_file(path, monkeypatch):
    def failing(fd: int, data: bytes) -> int:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "write", failing)
    with pytest.raises(LogError, match="No space left"):
        EncounterLog.create(path, META)
    monkeypatch.undo()
    assert not path.exists()
    EncounterLog.create(path, META).close()


def test_metadata_cannot_fake_the_format_or_version(path):
    with pytest.raises(ValueError, match="version"):
        EncounterLog.create(path, {"version": 7})
    assert not path.exists()


def test_a_damaged_record_mid_file_is_skipped_with_a_warning_and_the_file_kept(path):
    # issue 11: one altered record costs that record, not the rest of the fight
    write_log(path, EVENTS)
    lines = path.read_bytes().splitlines(keepends=True)
    damaged = b"".join([*lines[:2], lines[2].replace(b"Vex", b"Vox"), lines[3]])
    path.write_bytes(damaged)

    log, _, payloads, warnings = EncounterLog.open(path)
    assert payloads == [EVENTS[0], EVENTS[2]]
    assert len(warnings) == 1
    assert str(path) in warnings[0]
    assert "line 3" in warnings[0] and "checksum" in warnings[0]
    assert "fight.jsonl.damaged-1" in warnings[0]
    assert path.with_name("fight.jsonl.damaged-1").read_bytes() == damaged
    assert read_log(path).payloads == payloads  # repaired: renumbered, no damage left
    assert read_log(path).warnings == []

    assert log.append({"type": "Redone"}) == 2
    log.close()
    again = EncounterLog.open(path)
    again.log.close()
    assert (again.payloads, again.warnings) == ([EVENTS[0], EVENTS[2], {"type": "Redone"}],
                                                [])


def test_a_damaged_last_record_is_cut_off_with_a_warning(path):
    write_log(path, EVENTS)
    lines = path.read_bytes().splitlines(keepends=True)
    damaged = b"".join([*lines[:3], lines[3].replace(b"7", b"8")])
    path.write_bytes(damaged)
    log, _, payloads, warnings = EncounterLog.open(path)
    log.close(finished=False)
    assert payloads == EVENTS[:2]
    assert "line 4" in warnings[0] and "Dropped 1 line(s)" in warnings[0]
    assert path.read_bytes() == b"".join(lines[:3])  # cut back to the valid prefix


def test_each_repair_keeps_its_own_copy(path):
    write_log(path, EVENTS)
    for n in (1, 2):
        with path.open("ab") as file:
            file.write(b'{"seq":')  # torn
        EncounterLog.open(path).log.close(finished=False)
        assert path.with_name(f"fight.jsonl.damaged-{n}").exists()
    assert read_log(path).payloads == EVENTS


def test_read_log_reports_damage_without_changing_the_file(path):
    write_log(path, EVENTS)
    with path.open("ab") as file:
        file.write(b'{"seq":3,"crc":1,"ev')
    before = path.read_bytes()
    contents = read_log(path)
    assert contents.payloads == EVENTS
    assert "line 5" in contents.warnings[0] and "torn" in contents.warnings[0]
    assert path.read_bytes() == before
    assert not list(path.parent.glob("*.damaged-*"))


def test_clean_close_is_marked_and_reopening_removes_the_mark(path):
    write_log(path, EVENTS, finished=True)
    assert read_log(path).closed
    log = EncounterLog.open(path).log
    assert not read_log(path).closed  # open again: resumable if Tactical crashes now
    log.append(EVENTS[0])
    log.close()
    contents = read_log(path)
    assert (contents.payloads, contents.closed, contents.warnings) == (
        [*EVENTS, EVENTS[0]], True, [])


def test_an_exception_inside_with_leaves_the_log_resumable(path):
    with pytest.raises(RuntimeError), EncounterLog.create(path, META) as log:
        log.append(EVENTS[0])
        raise RuntimeError("the engine failed")
    assert not read_log(path).closed
    with EncounterLog.create(path, META, overwrite=True) as log:
        log.append(EVENTS[0])
    assert read_log(path).closed


def test_a_closed_log_refuses_appends(path):
    log = EncounterLog.create(path, META)
    log.close()
    log.close()  # twice is harmless
    with pytest.raises(LogError, match="closed"):
        log.append(EVENTS[0])


def test_disk_full_mid_write_leaves_a_valid_log_and_a_clear_error(path, monkeypatch):
    log = EncounterLog.create(path, META)
    log.append(EVENTS[0])
    real_write = os.write

    def half_then_full(fd: int, data: bytes) -> int:
        monkeypatch.setattr(os, "write", failing)
        return real_write(fd, bytes(data[: len(data) // 2]))

    def failing(fd: int, data: bytes) -> int:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "write", half_then_full)
    with pytest.raises(LogError, match="No space left") as error:
        log.append_many(EVENTS[1:])
    assert "not recorded" in str(error.value)
    monkeypatch.setattr(os, "write", real_write)
    contents = read_log(path)
    assert (contents.payloads, contents.warnings) == ([EVENTS[0]], [])
    assert log.append(EVENTS[1]) == 1  # the GM can retry once space is freed
    log.close()
    assert read_log(path).payloads == EVENTS[:2]


@pytest.mark.skipif(os.name == "nt", reason="logs are locked with flock on POSIX only")
def test_a_log_open_in_one_window_cannot_be_opened_again(path):
    log = EncounterLog.create(path, META)
    with pytest.raises(LogError, match="already open"):
        EncounterLog.open(path)
    with pytest.raises(LogError, match="open encounter"):
        EncounterLog.save_as(path, META, EVENTS)
    log.close()
    EncounterLog.open(path).log.close()


def test_save_as_writes_a_compacted_closed_copy(tmp_path, path):
    write_log(path, EVENTS)
    copy = tmp_path / "saved.jsonl"
    copy.write_text("an older save\n")
    EncounterLog.save_as(copy, META, [EVENTS[0], EVENTS[2]])
    contents = read_log(copy)
    assert (contents.payloads, contents.closed) == ([EVENTS[0], EVENTS[2]], True)
    assert contents.header["map"] == META["map"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fight.jsonl", "saved.jsonl"]


def test_a_failed_save_as_leaves_the_old_file_and_no_temp_file(tmp_path, monkeypatch):
    target = tmp_path / "saved.jsonl"
    write_log(target, EVENTS)
    before = target.read_bytes()

    def failing(fd: int, data: bytes) -> int:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "write", failing)
    with pytest.raises(LogError, match="No space left"):
        EncounterLog.save_as(target, META, EVENTS[:1])
    monkeypatch.undo()
    assert target.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["saved.jsonl"]


# Any JSON value a payload may hold (surrogates are not text: check_jsonable refuses them).
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text()
    | st.floats(allow_nan=False, allow_infinity=False),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=8,
)
payloads = st.dictionaries(st.text(), json_values, max_size=5)


@pytest.mark.slow  # a fuzz / whole-process test: make test-fast skips it
@settings(max_examples=80, deadline=None)
@given(batches=st.lists(st.lists(payloads, max_size=4), max_size=6), reopen_at=st.integers(0, 6))
def test_any_payloads_written_then_reopened_come_back_the_same(batches, reopen_at):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "p.jsonl"
        log = EncounterLog.create(path, META)
        for index, batch in enumerate(batches):
            if index == reopen_at:
                log.close(finished=index % 2 == 0)
                log = EncounterLog.open(path).log
            log.append_many(batch)
        log.close(finished=False)
        replay = EncounterLog.open(path)
        replay.log.close()
    expected = [payload for batch in batches for payload in batch]
    assert replay.warnings == []
    assert replay.payloads == expected
    # == says 1 == 1.0 == True; the canonical text tells them apart.
    assert [logformat.canonical(p) for p in replay.payloads] == [
        logformat.canonical(p) for p in expected]
