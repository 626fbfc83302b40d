"""The crash reports folder (tactical/ui/crashes.py): a session file held by a running
Tactical is not a crash; told reports are kept, the newest twenty."""

from __future__ import annotations

from tactical.encounter.store import logio
from tactical.ui import crashes


def test_a_running_sessions_report_is_not_an_unexpected_end(tmp_path):
    running = tmp_path / "session-2026-12-04_101010-77.txt"
    running.write_text("Tactical 0.1.0\nfight log: /x/fight.jsonl\n", encoding="utf-8")
    gone = tmp_path / "session-2026-12-04_090909-66.txt"
    gone.write_text("Tactical 0.1.0\nfight log: /x/old.jsonl\nfight log: -\n"
                    "Fatal Python error: Aborted\n", encoding="utf-8")
    with running.open("a") as held:
        assert logio.try_lock(held.fileno())
        [ended] = crashes.unexpected_ends(tmp_path)
    assert ended.report == gone and ended.error and ended.log is None  # nothing open last
    told = crashes.file_away(ended)
    assert told.name == "crash-2026-12-04_090909-66.txt" and not gone.exists()
    assert [e.report for e in crashes.unexpected_ends(tmp_path)] == [running]  # now free


def test_only_the_newest_told_reports_are_kept(tmp_path):
    for n in range(25):
        kind = "crash-" if n % 2 else "error-"
        (tmp_path / f"{kind}2026-12-{n + 1:02d}_000000-1.txt").write_text("x")
    (tmp_path / "session-2026-11-01_000000-1.txt").write_text("x")  # not told yet: kept
    crashes.prune(tmp_path, keep=20)
    left = sorted(p.name for p in tmp_path.iterdir())
    assert len(left) == 21 and "session-2026-11-01_000000-1.txt" in left
    assert not any(f"2026-12-0{d}_" in name for d in range(1, 6) for name in left)
