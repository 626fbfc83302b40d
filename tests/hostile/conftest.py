"""The hostile-input suite (issue 11): files a mischievous player could send the GM.

Each is refused with its positioned message, exit 1 and no traceback. Files that could
blow up (endless, blocking, deeply nested, costly) are refused in a child process under a
2 GB address-space limit and a 20 s timeout, so a regression fails the test instead of
taking the machine down.
"""

from __future__ import annotations

import os
import re
import resource
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml

from tactical.cli import main

ROOT = Path(__file__).resolve().parents[2]
MEMORY_LIMIT = 2 * 1024**3
TIME_LIMIT = 20.0
POSITIONED = re.compile(r"^\S.*:\d+:\d+: \S.*: \S")

LIMITS = f"""
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, ({MEMORY_LIMIT}, {MEMORY_LIMIT}))
from tactical.cli import main
code = main(sys.argv[1:])
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(f"peak-rss-kb={{peak}}", file=sys.stderr)
sys.exit(code)
"""


@dataclass(frozen=True)
class Refusal:
    code: int
    out: str
    err: str
    seconds: float = 0.0  # the child's CPU time (user + system): what the input cost it
    peak_mb: float = 0.0


def run_limited(*argv: str) -> Refusal:
    """`tactical ARGV` in a child process under the memory and time limits. Its cost is
    its CPU time, not the wall clock: on a machine shared with other test runs (make test
    runs two workers) the wall clock counts other processes' turns too; a child that
    blocks or loops still ends at TIME_LIMIT of wall clock."""
    env = {"PYTHONPATH": str(ROOT), **os.environ, "QT_QPA_PLATFORM": "offscreen"}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([sys.executable, "-c", LIMITS, *argv], capture_output=True,
                          text=True, timeout=TIME_LIMIT, env=env, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    seconds = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    err = done.stderr
    peak = re.search(r"peak-rss-kb=(\d+)\n?", err)
    if peak:
        err = err.replace(peak.group(0), "")
    return Refusal(done.returncode, done.stdout, err, seconds,
                   int(peak.group(1)) / 1024 if peak else 0.0)


def run_here(capsys: pytest.CaptureFixture[str], *argv: str) -> Refusal:
    code = main(list(argv))
    out = capsys.readouterr()
    return Refusal(code, out.out, out.err)


def assert_refused(result: Refusal, needle: str, *, positioned: bool = True) -> None:
    assert result.code == 1, (result.out, result.err)
    assert "Traceback" not in result.err, result.err
    assert needle in result.err, result.err
    if positioned:
        lines = [line for line in result.err.splitlines() if needle in line]
        assert lines and all(POSITIONED.match(line) for line in lines), result.err


BASE_MAP: dict[str, Any] = {
    "kind": "map", "name": "Hostile", "grid": {"columns": 8, "rows": 8},
    "sides": {"a": {"name": "A"}, "b": {"name": "B"}},
    "tokens": [{"id": "kicker", "character": "kicker", "side": "a", "hex": [1, 1]},
               {"id": "guard", "character": "security-guard", "side": "b", "hex": [4, 2]}],
}


@pytest.fixture
def write_map(tmp_path: Path) -> Callable[..., Path]:
    """A map file from BASE_MAP with `changes` merged in at the top level."""
    def write(name: str = "hostile.yaml", text: str | None = None, **changes: Any) -> Path:
        path = tmp_path / name
        path.write_text(text if text is not None else
                        yaml.safe_dump({**BASE_MAP, **changes}, sort_keys=False),
                        encoding="utf-8")
        return path
    return write
