"""The `tactical` entry points: --version, --help, python -m tactical."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tactical import __version__
from tactical.cli import SUBCOMMANDS, main


def test_version(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["--version"])
    assert exc.value.code == 0
    assert capsys.readouterr().out.strip() == f"tactical {__version__}"


def test_help_lists_the_tools(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert "opens the demo encounter" in out
    for name in SUBCOMMANDS:
        assert name in out


def test_python_dash_m_runs_the_same_command():
    result = subprocess.run([sys.executable, "-m", "tactical", "--version"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and result.stdout.strip() == f"tactical {__version__}"


def test_unknown_option_is_a_usage_message_not_a_traceback():
    result = subprocess.run([sys.executable, "-m", "tactical", "--frobnicate"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert "usage: tactical" in result.stderr and "Traceback" not in result.stderr
