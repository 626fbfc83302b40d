"""Issue 4, "Done when": the log survives kills, torn lines and flipped bytes.

A GM would notice if a crash lost a command Tactical had already shown as done, or if a
damaged log refused to open. Both are tested here: by killing real writers, and by cutting
and flipping every byte of a log's last three events.
"""

from __future__ import annotations

import contextlib
import os
import random
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tactical.encounter.store import logformat
from tactical.encounter.store.log import EncounterLog

ROOT = Path(__file__).resolve().parents[2]
META = {"map": "maps/warehouse.yaml", "ruleset": "chapter6", "created": "2026-11-30T14:25:01"}


# The writer child runs this too (it cannot import this module: that would import pytest).
EVENT_SOURCE = """
def event(seq):
    # Content depends on seq only, so a reader can tell a right event from a wrong one;
    # lengths vary so lines end anywhere.
    return {"type": "Moved", "n": seq, "path": [[seq, -seq], [seq + 1, -seq]],
            "note": "é—«»" * (seq % 5), "pad": "x" * (seq * 37 % 200), "mos": seq / 4}
"""
_namespace: dict[str, Any] = {}
exec(EVENT_SOURCE, _namespace)
event: Callable[[int], dict[str, Any]] = _namespace["event"]


# --- Cutting and flipping every byte -------------------------------------------------------

EVENTS = [event(0), {"quote": 'a "b" \\ c\nd', "big": 2**70, "neg": -0.0, "t": True},
          event(7), {"empty": {}, "list": [None, [], ""]}, event(13), event(22), event(31)]


@pytest.fixture(scope="module")
def sample(tmp_path_factory: pytest.TempPathFactory) -> tuple[bytes, list[int]]:
    """A log's bytes, and the offset where each record starts (plus the end)."""
    path = tmp_path_factory.mktemp("sample") / "sample.jsonl"
    log = EncounterLog.create(path, META)
    for payload in EVENTS:
        log.append(payload)
    log.close(finished=False)
    data = path.read_bytes()
    starts = [data.index(b"\n") + 1]
    while starts[-1] < len(data):
        starts.append(data.index(b"\n", starts[-1]) + 1)
    assert len(starts) == len(EVENTS) + 1
    return data, starts


def record_at(offset: int, starts: list[int]) -> int:
    """Which event's line holds byte `offset`."""
    return max(k for k in range(len(EVENTS)) if starts[k] <= offset)


def test_a_cut_at_every_offset_of_the_last_three_events_reopens_to_a_valid_prefix(
        tmp_path, sample):
    data, starts = sample
    path = tmp_path / "cut.jsonl"
    copy = tmp_path / "cut.jsonl.damaged-1"
    for offset in range(starts[-4], len(data) + 1):
        path.write_bytes(data[:offset])
        log, _, payloads, warnings = EncounterLog.open(path)
        log.close(finished=False)
        k = len(EVENTS) if offset == len(data) else record_at(offset, starts)
        assert payloads == EVENTS[:k], offset
        assert log.next_seq == k
        assert path.read_bytes() == data[:starts[k] if k < len(EVENTS) else len(data)]
        if offset in starts or offset == len(data):
            assert warnings == [], offset  # cut between lines: nothing is damaged
            assert not copy.exists()
        else:
            assert len(warnings) == 1 and f"line {k + 2}: torn" in warnings[0], offset
            assert copy.read_bytes() == data[:offset]  # what the GM had is kept
            copy.unlink()


FLIPS = [1 << bit for bit in range(8)]  # every single-bit flip of the byte, and …
REPLACEMENTS = [ord(c) for c in '\n\r "0}\\,']  # … bytes that keep JSON looking plausible


def lost_by_flip(offset: int, starts: list[int]) -> set[int]:
    """The events a changed byte at `offset` costs: its own record, and the next one too
    when the byte was the newline between them (the two lines run together)."""
    k = record_at(offset, starts)
    lost = {k}
    if offset == starts[k + 1] - 1 and k + 1 < len(EVENTS):
        lost.add(k + 1)
    return lost


def test_every_flipped_byte_in_the_last_three_events_costs_only_that_event(sample):
    # issue 11: a damaged record mid-file is skipped when the records after it still chain
    data, starts = sample
    checked = 0
    for offset in range(starts[-4], len(data)):
        lost = lost_by_flip(offset, starts)
        variants = {data[offset] ^ flip for flip in FLIPS} | set(REPLACEMENTS)
        for value in variants - {data[offset]}:
            damaged = data[:offset] + bytes([value]) + data[offset + 1:]
            parsed = logformat.parse(damaged)  # never raises for a good header
            if len(EVENTS) - 1 in lost:  # the damage runs to the end: a dropped tail
                assert parsed.payloads == EVENTS[:min(lost)], (offset, value)
                assert parsed.damage is not None and parsed.damage[0] == min(lost) + 2
            else:
                kept = [e for i, e in enumerate(EVENTS) if i not in lost]
                assert parsed.payloads == kept, (offset, value)
                assert parsed.skipped and parsed.skipped[0][0] == min(lost) + 2
                assert parsed.damage is None
            checked += 1
    assert checked > 2000


def test_a_flipped_byte_is_repaired_on_disk_and_appends_continue(tmp_path, sample):
    data, starts = sample
    path = tmp_path / "flip.jsonl"
    for offset in range(starts[-4], len(data)):
        lost = lost_by_flip(offset, starts)
        path.write_bytes(data[:offset] + bytes([data[offset] ^ 0x04]) + data[offset + 1:])
        log, _, payloads, warnings = EncounterLog.open(path)
        expected = (EVENTS[:min(lost)] if len(EVENTS) - 1 in lost
                    else [e for i, e in enumerate(EVENTS) if i not in lost])
        assert payloads == expected and len(warnings) == 1, offset
        assert str(path) in warnings[0] and f"line {min(lost) + 2}" in warnings[0]
        assert log.append({"after": "repair"}) == len(expected)
        log.close(finished=False)
        path.with_name("flip.jsonl.damaged-1").unlink()
        assert not logformat.parse(path.read_bytes()).damaged
        assert logformat.parse(path.read_bytes()).payloads == [*expected, {"after": "repair"}]


# --- Killing real writers ------------------------------------------------------------------

# A writer server: one fresh interpreter that imports only the log modules (stub packages
# skip tactical/__init__.py and tactical/encounter/__init__.py, which may import the whole
# engine; -S skips site). For each path it reads, it forks a writer that opens that log and
# appends commands until it is SIGKILLed, and reports the writer's pid and its death. A fork
# costs ~1 ms where a new interpreter costs ~60 ms, so hundreds of kills take seconds.
WRITER_SERVER = """
import os, sys, types
root = sys.argv[1]
for name, sub in (("tactical", ""), ("tactical.encounter", "encounter")):
    package = types.ModuleType(name)
    package.__path__ = [os.path.join(root, "tactical", sub)]
    sys.modules[name] = package
from tactical.encounter.store.log import EncounterLog
""" + EVENT_SOURCE + """
def say(*words):
    # One write() each: a pipe keeps writes under 4 KiB whole, so the server's and the
    # writer's lines never interleave (print may write word by word, e.g. when unbuffered).
    os.write(1, (" ".join(map(str, words)) + "\\n").encode())

def write(path):
    log = EncounterLog.open(path).log
    seq = log.next_seq
    say("ready", seq - 1)
    for _ in range(20000):  # a writer nobody kills (a failed test) stops by itself
        seq = log.append_many([event(s) for s in range(seq, seq + 1 + seq % 3)]).stop
        say("returned", seq - 1)  # this command's events must survive

while path := sys.stdin.readline().strip():
    pid = os.fork()
    if pid == 0:
        try:
            write(path)
        finally:
            os._exit(1)  # never fall back into the server's loop
    say("pid", pid)
    status = os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])
    say("dead", status)
    if status != -9:  # not killed: stop, so the test sees the end instead of waiting
        sys.exit(1)
"""

CHAINS = 3  # writers killed at the same time, each on its own log
KILLS_PER_CHAIN = 70
KILLS_PER_LOG = 10  # kills against one log before the chain starts a new one


class WriterServer:
    def __init__(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-S", "-c", WRITER_SERVER, str(ROOT)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.returned = -1  # the last seq a killed writer reported as returned
        self.seen: dict[str, str] = {}  # the current writer's reports, by kind

    def read_until(self, word: str) -> str:
        """Read reports until one of kind `word` has come since the writer started. The
        writer's "ready" may come before the server's "pid": both are remembered."""
        assert self.process.stdout is not None
        while word not in self.seen:
            line = self.process.stdout.readline()
            if not line:
                raise AssertionError("the writer server stopped: a writer failed by itself")
            kind, value = line.split()
            self.seen[kind] = value
            if kind == "returned":
                self.returned = int(value)
        return self.seen[word]

    def start_writer(self, path: Path) -> int:
        assert self.process.stdin is not None
        self.seen = {}
        self.process.stdin.write(f"{path}\n")
        return int(self.read_until("pid"))

    def close(self, writer: int | None) -> None:
        """Stop the server, first killing a writer a failed check left running."""
        if writer is not None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(writer, signal.SIGKILL)
        assert self.process.stdin is not None
        self.process.stdin.close()  # the server's loop ends
        try:
            self.process.wait(timeout=10)
        finally:
            self.process.kill()  # no-op if it has exited


def kill_chain(folder: Path, chain: int, rng: random.Random, report: dict[str, int]) -> None:
    """KILLS_PER_CHAIN kills, a fresh log every KILLS_PER_LOG: each reopen reads the whole
    log, so one log growing through every kill would make the test's cost quadratic."""
    server = WriterServer()
    pid: int | None = None
    try:
        for kill in range(KILLS_PER_CHAIN):
            path = folder / f"chain{chain}-{kill // KILLS_PER_LOG}.jsonl"
            if kill % KILLS_PER_LOG == 0:
                EncounterLog.create(path, META).close(finished=False)
                report["events"] = 0
                server.returned = -1
            if kill % 7 == 3:  # as if power had been cut mid-write: the writer repairs first
                line = logformat.encode_record(report["events"], event(report["events"]))
                with path.open("ab") as file:
                    file.write(line[: rng.randrange(1, len(line) - 1)])
                report["tears"] += 1
            pid = server.start_writer(path)
            if kill % 5 == 0 or kill % 7 == 3:  # sometimes while the writer opens or repairs
                time.sleep(rng.uniform(0, 0.002))
            else:
                server.read_until("ready")
                time.sleep(rng.uniform(0, 0.02))
            os.kill(pid, signal.SIGKILL)
            status = int(server.read_until("dead"))
            pid = None
            assert status == -signal.SIGKILL, f"kill {kill}: the writer failed by itself"

            log, _, payloads, _ = EncounterLog.open(path)  # must not raise
            log.close(finished=False)
            assert len(payloads) > server.returned, f"kill {kill}: lost a returned append"
            assert payloads == [event(s) for s in range(len(payloads))], f"kill {kill}"
            report["kills"] += 1
            report["appended"] += len(payloads) - report["events"]
            report["events"] = len(payloads)
    finally:
        server.close(pid)
    # Each tear was repaired by the writer or by the check, keeping the damaged file.
    assert len(list(folder.glob(f"chain{chain}-*.jsonl.damaged-*"))) >= report["tears"]


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork and SIGKILL (POSIX)")
def test_events_whose_append_returned_survive_random_kills(tmp_path):
    seed = random.randrange(2**32)
    reports = [{"kills": 0, "tears": 0, "events": 0, "appended": 0} for _ in range(CHAINS)]
    failures: list[BaseException] = []

    def run(chain: int) -> None:
        try:
            kill_chain(tmp_path, chain, random.Random(seed + chain), reports[chain])
        except BaseException as error:  # re-raised in the test's own thread below
            failures.append(error)

    threads = [threading.Thread(target=run, args=(chain,)) for chain in range(CHAINS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if failures:
        raise AssertionError(f"random seed {seed}") from failures[0]
    kills, events = (sum(r[key] for r in reports) for key in ("kills", "appended"))
    assert kills == CHAINS * KILLS_PER_CHAIN >= 200
    assert events > 2 * kills  # the writers did get to append between kills
