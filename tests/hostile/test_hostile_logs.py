"""Hostile and damaged encounter logs (issue 11, defects 3, 5, 6 and 10): `tactical replay`
and `render` refuse them with the file and line, or replay what survives with one grouped
warning; a copied log or one whose map was edited replays the original fight."""

from __future__ import annotations

import errno
import json
import os
import shutil

import pytest

from tactical.data.problems import DataError
from tactical.encounter.store import autosave, files, logformat
from tactical.encounter.store import log as log_module
from tactical.encounter.store.log import EncounterLog, LogError, read_log
from tactical.rules import registry
from tests.hostile.conftest import assert_refused, run_here, run_limited
from tests.hostile.logs import (
    GOLDEN,
    lines_of,
    new_format_log,
    old_format_log,
    raw_record,
    rewrite,
)


def payloads(path):
    return read_log(path).payloads


def replay_json(capsys, path):
    result = run_here(capsys, "replay", str(path), "--json")
    assert result.code == 0, result.err
    return json.loads(result.out), result.err


def fight_of(capsys, path):
    """The state at every fifth event in effect: the whole fight, not only its end."""
    final, _ = replay_json(capsys, path)
    states = []
    for at in range(0, final["events"] + 1, 5):
        result = run_here(capsys, "replay", str(path), "--json", "--at", str(at))
        assert result.code == 0, result.err
        states.append(json.loads(result.out))
    return [*states, final]


# --- defect 3: records the engine never writes -------------------------------------------

@pytest.mark.parametrize(("field", "needle"), [("n", "its 'n' is missing"),
                                               ("batch", "its 'batch' is missing")])
def test_a_checksummed_record_missing_a_field_is_refused_with_its_line(tmp_path, capsys,
                                                                       field, needle):
    log = new_format_log(tmp_path)
    records = payloads(log)
    del records[5][field]
    rewrite(log, records=records)
    assert_refused(run_here(capsys, "replay", str(log)), f"{log}:7: not a record Tactical "
                   f"writes: {needle}", positioned=False)


def test_an_event_for_a_combatant_the_map_lacks_is_refused_with_its_line(tmp_path, capsys):
    log = new_format_log(tmp_path)
    records = payloads(log)
    for r in records:
        if r.get("event", {}).get("type") == "Moved":
            r["event"]["combatant"] = "nobody"
            break
    rewrite(log, records=records)
    result = run_here(capsys, "replay", str(log))
    assert_refused(result, "does not replay on this map", positioned=False)
    assert f"{log}:" in result.err and "nobody" in result.err


def test_render_refuses_a_hostile_log_too(tmp_path, capsys):
    log = new_format_log(tmp_path)
    records = payloads(log)
    del records[0]["n"]
    rewrite(log, records=records)
    result = run_here(capsys, "render", str(log), "--out", str(tmp_path / "x.png"))
    assert_refused(result, "not a record Tactical writes", positioned=False)


def test_a_nan_record_is_damage_not_a_traceback(tmp_path, capsys):
    log = new_format_log(tmp_path)
    body = lines_of(log)
    body[3] = raw_record(2, '{"x":NaN}')
    log.write_bytes(b"".join(body))
    _data, err = replay_json(capsys, log)
    assert "line 4: not valid JSON (NaN is not a JSON number)" in err
    assert "Traceback" not in err


@pytest.mark.slow
def test_a_100000_deep_record_and_header_are_refused_under_limits(tmp_path):
    log = new_format_log(tmp_path)
    body = lines_of(log)
    deep = "[" * 100_000 + "]" * 100_000
    body[3] = raw_record(2, f'{{"x":{deep}}}')
    log.write_bytes(b"".join(body))
    result = run_limited("replay", str(log))
    assert result.code == 0 and "Traceback" not in result.err
    assert "line 4: not valid JSON (nested too deeply)" in result.err
    log.write_bytes(f'{{"format":"tactical-encounter-log","version":1,"x":{deep}}}\n'.encode())
    result = run_limited("replay", str(log))
    assert_refused(result, "is not a readable encounter log", positioned=False)


# --- defect 5: copied logs, edited maps ---------------------------------------------------

def test_a_log_copied_to_another_folder_replays_the_same_fight(tmp_path, capsys):
    (tmp_path / "here").mkdir()
    (tmp_path / "there").mkdir()
    log = new_format_log(tmp_path / "here")
    expected = fight_of(capsys, log)
    copy = tmp_path / "there" / "sent-by-a-friend.jsonl"
    shutil.copy(log, copy)
    shutil.rmtree(tmp_path / "here")  # the map and its picture are gone too
    assert fight_of(capsys, copy) == expected


def test_a_copied_log_finds_its_picture_beside_it_and_nothing_else(tmp_path):
    from tactical.encounter.store.files import read

    (tmp_path / "here").mkdir()
    (tmp_path / "there").mkdir()
    log = new_format_log(tmp_path / "here")
    copy = tmp_path / "there" / "fight.jsonl"
    shutil.copy(log, copy)
    shutil.copy(tmp_path / "here" / "warehouse.png", tmp_path / "there" / "warehouse.png")
    shutil.rmtree(tmp_path / "here")
    view = read(copy)
    assert view.loaded.path.parent == tmp_path / "there" and view.warnings == ()
    (tmp_path / "there" / "warehouse.png").unlink()
    os.mkfifo(tmp_path / "there" / "warehouse.png")  # never handed to Qt to block on
    view = read(copy)
    assert view.loaded.map.background is None
    assert "the board shows no picture" in view.warnings[0]


@pytest.mark.parametrize("edit", [
    lambda t: t.replace("{id: guard-office, character: security-guard, side: corp, "
                        "hex: [18, -5], name: Guard (office)}\n", ""),  # removed
    lambda t: t.replace("id: kicker,", "id: kicker-2,"),  # renamed
    lambda t: t.replace("{id: vanya, character: vanya, side: runners, hex: [1, 12]}",
                        "{id: vanya, character: vanya, side: runners, hex: [3, 12]}"),  # moved
])
def test_a_log_whose_map_was_edited_replays_the_original_fight(tmp_path, capsys, edit):
    log = new_format_log(tmp_path)
    expected = fight_of(capsys, log)
    map_path = tmp_path / "warehouse.yaml"
    text = map_path.read_text("utf-8")
    assert edit(text) != text
    map_path.write_text(edit(text), "utf-8")
    assert fight_of(capsys, log) == expected


def test_an_old_format_log_still_replays_from_its_map_path(tmp_path, capsys):
    old = old_format_log(tmp_path)
    data, err = replay_json(capsys, old)
    golden, _ = replay_json(capsys, GOLDEN)
    assert data == golden and err == ""


def test_an_old_format_log_whose_map_lost_a_token_is_refused(tmp_path, capsys):
    old = old_format_log(tmp_path)
    map_path = tmp_path / "maps" / "warehouse.yaml"
    text = map_path.read_text("utf-8")
    map_path.write_text(text.replace("id: abomination,", "id: monster,"), "utf-8")
    result = run_here(capsys, "replay", str(old))
    assert_refused(result, "does not replay on this map", positioned=False)


def test_an_old_format_log_copied_away_from_its_map_says_where_it_looked(tmp_path, capsys):
    copy = tmp_path / "old.jsonl"
    shutil.copy(GOLDEN, copy)
    result = run_here(capsys, "replay", str(copy))
    assert_refused(result, f"{copy}:1: map: this log was written before logs carried "
                   "their map", positioned=False)


def test_a_tampered_snapshot_is_refused_on_line_1(tmp_path, capsys):
    log = new_format_log(tmp_path)
    header = read_log(log).header
    header["snapshot"]["map"]["tokens"][0]["hex"] = "nowhere"
    rewrite(log, header=header)
    result = run_here(capsys, "replay", str(log))
    assert_refused(result, f"{log}:1:1: snapshot.map.tokens[0].hex:", positioned=False)


# --- defect 6: rulesets ------------------------------------------------------------------

def test_an_unknown_ruleset_in_the_header_is_refused(tmp_path, capsys):
    log = new_format_log(tmp_path)
    header = read_log(log).header
    header["ruleset"] = "sr9"
    rewrite(log, header=header)
    assert_refused(run_here(capsys, "replay", str(log)),
                   f"{log}:1: ruleset: unknown ruleset 'sr9'", positioned=False)


def test_a_chapter6_log_whose_header_says_sr5_is_refused(tmp_path, capsys):
    log = old_format_log(tmp_path)  # no snapshot: its events tell
    header = read_log(log).header
    header["ruleset"] = "sr5"
    rewrite(log, header=header)
    result = run_here(capsys, "replay", str(log))
    assert_refused(result, "ruleset: the header says 'sr5', but line", positioned=False)
    assert "which only Chapter 6 makes" in result.err


def test_a_header_ruleset_that_is_not_the_one_the_fight_started_under_is_refused(
        tmp_path, capsys):
    log = new_format_log(tmp_path)
    records = payloads(log)[:4]  # early: no event yet that only Chapter 6 makes
    header = read_log(log).header
    header["ruleset"] = "sr4"
    rewrite(log, header=header, records=records)
    assert_refused(run_here(capsys, "replay", str(log)), f"{log}:1: ruleset: the header says "
                   "'sr4', but the fight started under 'chapter6'", positioned=False)


def test_a_broken_bundled_ruleset_is_a_message(tmp_path, capsys, monkeypatch):
    from tactical.data.problems import Problem

    def broken():
        raise DataError([Problem("ruleset.yaml", 3, 1, "checks.dice", "broken")])

    registry.ruleset.cache_clear()  # the registry loads each ruleset once
    monkeypatch.setitem(registry._FACTORIES, "chapter6", broken)
    try:
        result = run_here(capsys, "replay", str(GOLDEN))
    finally:
        registry.ruleset.cache_clear()
    assert_refused(result, "ruleset.yaml:3:1: checks.dice: broken")


# --- defect 10: keeping everything that can be kept ---------------------------------------

def test_one_flipped_bit_mid_log_costs_one_command_not_half_the_fight(tmp_path, capsys):
    log = new_format_log(tmp_path)
    whole, _ = replay_json(capsys, log)
    body = lines_of(log)
    middle = len(body) // 2
    body[middle] = body[middle].replace(b'"label":"', b'"label":"!', 1)
    log.write_bytes(b"".join(body))
    data, err = replay_json(capsys, log)
    assert f"line {middle + 1}: checksum mismatch" in err
    assert "dropped 1 command(s) one of whose events was damaged" in err
    # the events after the damaged one replayed: only its command's few events are missing
    assert whole["events"] - 10 < data["events"] < whole["events"]
    assert len(read_log(log).payloads) == len(payloads(GOLDEN)) - 1
    whole = len(payloads(GOLDEN))

    replay = EncounterLog.open(log)  # repaired for appending: the rest of the fight kept
    replay.log.close(finished=False)
    assert len(replay.payloads) == whole - 1
    assert len(payloads(log)) == whole - 1
    assert log.with_name("fight.jsonl.damaged-1").read_bytes() == b"".join(body)


def test_a_full_disk_during_repair_leaves_no_empty_copy(tmp_path, monkeypatch):
    log = new_format_log(tmp_path)
    damaged = log.read_bytes() + b'{"seq":'
    log.write_bytes(damaged)

    def full(fd, data):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(log_module.logio, "write_all", full)
    with pytest.raises(LogError, match="no room to keep a copy"):
        EncounterLog.open(log)
    assert list(tmp_path.glob("*.damaged-*")) == []
    assert log.read_bytes() == damaged  # nothing changed


def test_many_damaged_lines_make_one_short_warning(tmp_path, capsys):
    log = new_format_log(tmp_path)
    body = lines_of(log)
    for index in range(2, len(body) - 3):
        body[index] = body[index].replace(b"}", b"] ", 1)
    log.write_bytes(b"".join(body))
    _data, err = replay_json(capsys, log)
    warnings = [line for line in err.splitlines() if line.startswith("warning:")]
    assert len(warnings) <= 3 and max(map(len, warnings)) < 600
    assert "and " in warnings[0] and "more" in warnings[0]


def test_a_read_only_log_opens_to_look_at(tmp_path, monkeypatch):
    from tactical.core.dice import RandomDice
    from tactical.encounter.queries.oracle import GeometryOracle

    log = new_format_log(tmp_path)
    real_open = os.open

    def read_only(path, flags, *args):
        if flags & os.O_RDWR:
            raise OSError(errno.EROFS, "Read-only file system")
        return real_open(path, flags, *args)

    monkeypatch.setattr(log_module.os, "open", read_only)
    encounter, warnings = files.resume(log, GeometryOracle, RandomDice(0))
    assert encounter.sink is None and encounter.state.round == 3
    assert any("read-only" in w and "opened to look at" in w for w in warnings)


def test_a_read_only_encounters_folder_is_a_sentence(tmp_path, monkeypatch):
    def refuse(*args, **kwargs):
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(type(tmp_path), "mkdir", refuse)
    with pytest.raises(LogError) as caught:
        autosave.new_log_path("warehouse.yaml", __import__("datetime").datetime(2026, 1, 1),
                              tmp_path / "encounters")
    assert "[Errno" not in str(caught.value) and "Read-only file system" in str(caught.value)


def test_a_torn_tail_still_reopens_with_a_warning(tmp_path):
    log = new_format_log(tmp_path)
    whole = payloads(log)
    log.write_bytes(log.read_bytes()[:-40])
    replay = EncounterLog.open(log)
    replay.log.close(finished=False)
    assert replay.payloads == whole[:-1] and "torn last line" in replay.warnings[0]
    assert logformat.parse(log.read_bytes()).damaged is False


def test_undo_after_a_damaged_command_still_undoes_the_right_one(tmp_path):
    from tactical.core.dice import RandomDice
    from tactical.encounter import commands as cmd
    from tactical.encounter.queries.oracle import GeometryOracle

    log = new_format_log(tmp_path)
    encounter, _ = files.resume(log, GeometryOracle, RandomDice(1))
    assert "prone" not in {c.value for c in encounter.state.get("kicker").conditions}
    encounter.apply(cmd.SetCondition("kicker", "prone", True))
    encounter.undo()  # a marker naming the last command's batch number
    encounter.sink.close(finished=False)
    body = lines_of(log)
    body[2] = body[2].replace(b'"label":"', b'"label":"!', 1)  # damage the first command
    log.write_bytes(b"".join(body))
    view = files.read(log)
    assert any("dropped 1 command(s)" in w for w in view.warnings)
    assert not any("ignored" in w for w in view.warnings)
    # the undo still undoes the GM's last command: Kicker is not left prone
    assert "prone" not in {c.value for c in view.state_at().get("kicker").conditions}


def test_a_copied_log_resumes_to_the_same_fight_and_goes_on(tmp_path):
    from tactical.core.dice import RandomDice
    from tactical.encounter.queries.oracle import GeometryOracle

    (tmp_path / "here").mkdir()
    (tmp_path / "there").mkdir()
    log = new_format_log(tmp_path / "here")
    expected = files.read(log).state_at()
    copy = tmp_path / "there" / "fight.jsonl"
    shutil.copy(log, copy)
    shutil.rmtree(tmp_path / "here")
    encounter, _ = files.resume(copy, GeometryOracle, RandomDice(1))
    assert encounter.state == expected
    encounter.undo()  # goes on: appended to the copy
    encounter.sink.close(finished=False)
    assert files.read(copy).state_at() == encounter.state
