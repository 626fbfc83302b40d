"""A tool piped into `head` stops quietly when the reader leaves (no BrokenPipe traceback)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCENARIO = Path(__file__).resolve().parents[1] / "scenarios" / "warehouse_three_rounds.json"


def test_play_into_head_ends_without_a_traceback():
    pipe = subprocess.Popen([sys.executable, "-m", "tactical", "play", str(SCENARIO), "--json"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert pipe.stdout is not None
    pipe.stdout.close()  # the reader leaves before the first line (`| head -0`)
    _out, err = pipe.communicate(timeout=60)
    assert b"Traceback" not in err and b"BrokenPipe" not in err
