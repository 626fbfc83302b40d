"""After a crash, Tactical offers the last unfinished encounter, and never a finished one."""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path

import platformdirs
import pytest

from tactical.encounter.store import autosave
from tactical.encounter.store.log import EncounterLog

STARTED = datetime(2026, 11, 30, 14, 25, 1)


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(autosave.ENV_VAR, str(tmp_path))
    return tmp_path


def start(map_name: str, minute: int, *, events: int = 2, finished: bool = False) -> Path:
    """An encounter started at 14:<minute>, last written <minute> minutes after 14:00."""
    when = STARTED.replace(minute=minute)
    path = autosave.new_log_path(f"maps/{map_name}.yaml", when)
    log = EncounterLog.create(path, {"map": f"maps/{map_name}.yaml", "created": when.isoformat()})
    log.append_many([{"type": "Moved", "n": n} for n in range(events)])
    log.close(finished=finished)  # finished=False: as if Tactical had been killed
    os.utime(path, (when.timestamp(), when.timestamp()))
    return path


def test_logs_live_in_the_user_data_folder_unless_overridden(monkeypatch, tmp_path):
    monkeypatch.delenv(autosave.ENV_VAR, raising=False)
    expected = platformdirs.user_data_path("Tactical", appauthor=False) / "encounters"
    assert autosave.encounters_dir() == expected
    monkeypatch.setenv(autosave.ENV_VAR, str(tmp_path / "portable"))
    assert autosave.encounters_dir() == tmp_path / "portable" / "encounters"


def test_a_new_log_path_names_the_time_and_map_and_is_free(data_dir):
    first = autosave.new_log_path("maps/warehouse.yaml", STARTED)
    assert first == data_dir / "encounters" / "2026-11-30_142501_warehouse.jsonl"
    assert first.parent.is_dir() and not first.exists()
    EncounterLog.create(first, {}).close()
    second = autosave.new_log_path("maps/warehouse.yaml", STARTED)
    assert second.name == "2026-11-30_142501_warehouse-2.jsonl"


def test_a_map_name_becomes_a_safe_file_name(data_dir):
    path = autosave.new_log_path(Path("Bar fight: round 2?.yaml"), STARTED)
    assert path.name == "2026-11-30_142501_Bar-fight-round-2.jsonl"
    assert autosave.new_log_path("???.yaml", STARTED).name.endswith("_encounter.jsonl")


def test_the_most_recently_written_unfinished_encounter_is_offered(data_dir):
    start("warehouse", 1, finished=True)
    older = start("docks", 2)
    newest = start("rooftop", 3)
    start("warehouse", 4, finished=True)  # the GM's last one ended cleanly

    latest = autosave.latest_unfinished()
    assert latest is not None
    assert latest.path == newest
    assert latest.header["map"] == "maps/rooftop.yaml"
    assert [s.path for s in autosave.resumable()] == [newest, older]


def test_nothing_to_offer_after_clean_closes(data_dir):
    assert autosave.latest_unfinished() is None  # the folder does not even exist yet
    start("warehouse", 1, finished=True)
    assert autosave.latest_unfinished() is None


def test_resuming_and_closing_cleanly_stops_the_offer(data_dir):
    crashed = start("docks", 2)
    replay = EncounterLog.open(crashed)
    assert replay.payloads == [{"type": "Moved", "n": 0}, {"type": "Moved", "n": 1}]
    replay.log.close()
    assert autosave.latest_unfinished() is None


def test_a_torn_log_is_still_offered(data_dir):
    crashed = start("docks", 2)
    with crashed.open("ab") as file:
        file.write(b'{"seq":2,"cr')  # killed mid-write
    latest = autosave.latest_unfinished()
    assert latest is not None and latest.path == crashed
    replay = EncounterLog.open(latest.path)
    replay.log.close(finished=False)
    assert len(replay.payloads) == 2 and "torn" in replay.warnings[0]


def test_copies_temp_files_and_foreign_files_are_not_offered(data_dir):
    crashed = start("docks", 2)
    folder = crashed.parent
    (folder / "notes.jsonl").write_text('{"not": "a log"}\n')
    (folder / "empty.jsonl").write_bytes(b"")
    (folder / f"{crashed.name}.damaged-1").write_bytes(crashed.read_bytes())
    (folder / f".{crashed.name}.x1.tmp").write_bytes(crashed.read_bytes())
    (folder / "subfolder.jsonl").mkdir()
    assert [s.path for s in autosave.resumable()] == [crashed]


@pytest.mark.skipif(os.name == "nt", reason="logs are locked with flock on POSIX only")
def test_an_encounter_open_in_a_running_window_is_not_offered(data_dir):
    crashed = start("docks", 2)
    log = EncounterLog.open(crashed).log  # another Tactical window is using it
    assert autosave.latest_unfinished() is None
    log.close(finished=False)
    latest = autosave.latest_unfinished()
    assert latest is not None and latest.path == crashed


def test_is_finished_reads_the_marker_not_a_lookalike_event(data_dir):
    path = start("docks", 2, events=0)
    log = EncounterLog.open(path).log
    log.append({"closed": True})  # an event, not the marker
    log.close(finished=False)
    assert not autosave.is_finished(path)
    EncounterLog.open(path).log.close()
    assert autosave.is_finished(path)
