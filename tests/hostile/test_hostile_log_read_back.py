"""Issue 23, "Logs: what is written can be read": a log that went through a mail client or
git's autocrlf (CRLF line ends), one starting with a byte-order mark, and a log past the
old 64 MiB reading limit are the same fight; continuing them loses nothing; the writer never
grows a log past what the reader takes."""

from __future__ import annotations

import json

import pytest

from tactical.core.dice import RandomDice
from tactical.encounter import commands as cmd
from tactical.encounter import events as ev
from tactical.encounter.history import Entry, entry_records
from tactical.encounter.queries.oracle import GeometryOracle
from tactical.encounter.store import files, logformat
from tactical.encounter.store import log as log_module
from tactical.encounter.store.log import EncounterLog, LogError, read_log
from tests.hostile.conftest import run_here, run_limited
from tests.hostile.logs import new_format_log


def crlf(data: bytes) -> bytes:
    return data.replace(b"\n", b"\r\n")


def replayed(capsys, path):
    result = run_here(capsys, "replay", str(path), "--json")
    assert result.code == 0, result.err
    return json.loads(result.out), result.err


@pytest.mark.parametrize(("name", "spell"), [
    ("crlf", crlf),
    ("bom", lambda data: logformat.BOM + data),
    ("bom+crlf", lambda data: logformat.BOM + crlf(data)),
])
def test_a_log_with_windows_line_ends_or_a_byte_order_mark_is_the_same_fight(
        tmp_path, capsys, name, spell):
    log = new_format_log(tmp_path)
    expected, err = replayed(capsys, log)
    assert err == ""
    log.write_bytes(spell(log.read_bytes()))
    fight, err = replayed(capsys, log)
    assert fight == expected  # every event, not "the 0 event(s) that survive"
    warnings = [line for line in err.splitlines() if line.startswith("warning:")]
    assert len(warnings) == 1, err  # one warning, not one a line
    said = {"crlf": "Windows line ends (CRLF) on every line",
            "bom": "starts with a byte-order mark"}
    for key, words in said.items():
        assert (words in warnings[0]) == (key in name), warnings[0]
    assert "damaged" not in err


@pytest.mark.parametrize("spell", [crlf, lambda data: logformat.BOM + crlf(data)])
def test_continuing_a_crlf_log_keeps_every_record_and_goes_on_in_the_tactical_spelling(
        tmp_path, spell):
    log = new_format_log(tmp_path)
    before = read_log(log).payloads
    original = log.read_bytes()
    log.write_bytes(spell(original))
    encounter, warnings = files.resume(log, GeometryOracle, RandomDice(5))
    assert len(encounter.history.entries) > 40  # the whole fight, nothing cut
    assert len(warnings) == 1 and "rewritten as Tactical writes logs" in warnings[0]
    assert not list(tmp_path.glob("*.damaged-*"))  # no damage: nothing to keep aside
    encounter.apply(cmd.SetCondition("kicker", "prone"))
    encounter.sink.close(finished=False)  # type: ignore[union-attr]
    after = read_log(log)
    assert after.warnings == [] and after.payloads[:len(before)] == before
    assert len(after.payloads) == len(before) + 1
    assert log.read_bytes().startswith(original.removesuffix(logformat.CLOSED_LINE))


def test_a_record_altered_in_a_crlf_log_is_still_caught(tmp_path, capsys):
    log = new_format_log(tmp_path)
    lines = crlf(log.read_bytes()).splitlines(keepends=True)
    lines[5] = lines[5].replace(b'"n":0', b'"n":1')  # the checksum no longer matches
    log.write_bytes(b"".join(lines))
    _, err = replayed(capsys, log)
    assert "line 6: checksum mismatch" in err


@pytest.mark.slow
def test_a_log_past_64_mib_is_read_in_the_limited_child(tmp_path):
    """A long fight's autosave is read back: 70 MB (the old limit was 64 MiB), under the
    suite's 2 GB and 20 s."""
    log = new_format_log(tmp_path)
    contents = read_log(log)
    note = "x" * (1 << 20)
    records = list(contents.payloads)
    first = max(r["batch"] for r in records if "marker" not in r) + 1
    for batch in range(first, first + 70):
        records.extend(entry_records(Entry(batch, "A long note", (ev.Note(note),))))
    header = {k: v for k, v in contents.header.items() if k not in ("format", "version")}
    EncounterLog.save_as(log, header, records)
    assert log.stat().st_size > 70 << 20
    result = run_limited("replay", str(log), "--json")
    assert result.code == 0 and result.err == "", result.err
    assert json.loads(result.out)["events"] == sum(1 for r in records if "event" in r)


def test_the_writer_never_grows_a_log_past_what_the_reader_takes(tmp_path, monkeypatch):
    path = tmp_path / "fight.jsonl"
    log = EncounterLog.create(path, {"map": "m"})
    log.append({"x": 1})
    size = path.stat().st_size
    monkeypatch.setattr(logformat, "MAX_LOG_BYTES", size + 100)
    with pytest.raises(LogError, match=r"is full: .* the last command was not recorded"):
        log.append({"x": "y" * 200})
    log.append({"x": 2})  # a short one still fits
    log.close()
    assert log_module.read_log(path).payloads == [{"x": 1}, {"x": 2}]


def test_the_resume_offer_reads_crlf_and_bom_logs_as_the_same_logs(tmp_path, monkeypatch):
    from tactical.encounter.store import autosave

    monkeypatch.setenv(autosave.ENV_VAR, str(tmp_path))
    folder = autosave.encounters_dir()
    folder.mkdir(parents=True)
    for name, finished in (("closed", True), ("open", False)):
        log = EncounterLog.create(folder / f"{name}.jsonl", {"map": "m"})
        log.append({"x": 1})
        log.close(finished=finished)
        path = folder / f"{name}.jsonl"
        path.write_bytes(logformat.BOM + crlf(path.read_bytes()))
    # the closed one is not offered as "left in progress"; the open one is, with its header
    assert [(s.path.name, s.header["map"]) for s in autosave.resumable()] == \
        [("open.jsonl", "m")]
