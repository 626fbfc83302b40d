"""`tactical --smoke-test` (issue 17): the check every built package runs. Here from source:
it passes, leaves nothing in the user's home or the temporary folder, and fails loudly
(exit 1, the step named) when the content, the engine or the install folder is wrong."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tactical.cli import main, smoke

ROOT = Path(__file__).resolve().parents[2]


def test_the_smoke_test_passes_and_writes_nothing_outside_its_temporary_folder(tmp_path):
    home, temp = tmp_path / "home", tmp_path / "tmp"
    home.mkdir()
    temp.mkdir()
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("XDG_", "TACTICAL_", "QT_QPA"))}
    env.update(HOME=str(home), TMPDIR=str(temp), PYTHONPATH=str(ROOT))
    env.pop("DISPLAY", None)  # the frame is drawn offscreen whatever the session has
    out = subprocess.run([sys.executable, "-m", "tactical", "--smoke-test"], env=env,
                         cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-3000:]
    assert "smoke test passed" in out.stdout
    assert "now round 2" in out.stdout  # the scripted round was played
    assert "platform offscreen" in out.stdout
    assert list(home.iterdir()) == []  # no settings, autosave or cache in the user's home
    assert list(temp.iterdir()) == []  # its temporary folder is gone


def test_help_lists_the_smoke_test(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "--smoke-test" in capsys.readouterr().out


def test_missing_content_fails_with_the_step_and_the_file(monkeypatch, tmp_path, capsys):
    missing = tmp_path / "maps" / "warehouse.yaml"
    monkeypatch.setattr(smoke, "demo_map", lambda: missing)
    assert smoke.run() == 1
    err = capsys.readouterr().err
    assert "smoke test FAILED: content:" in err and str(missing) in err


def test_a_refused_command_fails_the_round(monkeypatch, capsys):
    off_map = {"type": "Move", "combatant": "kicker", "path": [[2, 9], [90, 90]]}
    monkeypatch.setattr(smoke, "ROUND", (*smoke.ROUND[:7], off_map))
    assert smoke.run() == 1
    err = capsys.readouterr().err
    assert "round: the engine refused command 7 (Move)" in err


def test_a_write_into_the_install_folder_fails(monkeypatch, tmp_path, capsys):
    (tmp_path / "maps").mkdir()
    (tmp_path / "maps" / "demo.yaml").write_text("kind: map\n", encoding="utf-8")
    monkeypatch.setattr(smoke, "install_dir", lambda: tmp_path)

    def writes_into_install(folder: Path):
        yield "write", lambda: str((tmp_path / "maps" / "new.jsonl").write_text("{}"))

    monkeypatch.setattr(smoke, "steps", writes_into_install)
    assert smoke.run() == 1
    err = capsys.readouterr().err
    assert "install folder" in err and "new.jsonl" in err
