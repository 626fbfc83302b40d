"""Chummer through the real window (issue 29): File ▸ Import character… makes the roster
and shows what was read and what was not; after a Shadowrun fight, File ▸ Write wounds
back to Chummer… writes a token's monitors into its .chum5, asking first when the file was
saved since the import."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml
from PySide6.QtWidgets import QFileDialog, QInputDialog, QMessageBox

from tactical.cli import main
from tactical.core.dice import ScriptedDice
from tactical.encounter import commands as cmd
from tactical.ui import chummer as chummer_ui
from tests.windows import close, open_window

FIXTURES = Path(__file__).parents[1] / "data" / "chummer"
ALLEY = Path(__file__).parents[1] / "scenarios" / "maps" / "chummer_alley.yaml"
INITIATIVE = [4, 4, 4, 3]  # Glitch's three dice, the ganger's one
# the ganger's machine pistol: 7 dice, 4 hits [limit 4]; Glitch's 10 dice, 1 hit; DV 6 + 3
# = 9P, below her Armor 14 so Stun (SR5), resisted with Body 6 + Armor 14 = 20 dice, 1
# hit: 8 boxes of Stun
SHOT = [6, 6, 6, 6, 1, 1, 1] + [5] + [1] * 9 + [5] + [1] * 19


@pytest.fixture
def shown(monkeypatch):
    """The summaries and questions the window shows, answered Yes."""
    seen: list[str] = []
    monkeypatch.setattr(chummer_ui.SummaryDialog, "exec",
                        lambda self: seen.append(self.text.toPlainText()) or 1)
    monkeypatch.setattr(QMessageBox, "question",
                        lambda _p, _t, text, *a: seen.append(text)
                        or QMessageBox.StandardButton.Yes)
    monkeypatch.setattr(QMessageBox, "information", lambda _p, _t, text, *a: seen.append(text))
    monkeypatch.setattr(QMessageBox, "warning", lambda _p, _t, text, *a: seen.append(text))
    return seen


def test_file_import_character_makes_the_roster_and_tells_what_was_not_read(
        qtbot, tmp_path, monkeypatch, shown):
    for name in ("newer.chum5", "older.chum5"):
        shutil.copy(FIXTURES / name, tmp_path)
    roster = tmp_path / "party.yaml"
    monkeypatch.setattr(QFileDialog, "getOpenFileNames", lambda *a, **k: (
        [str(tmp_path / "newer.chum5"), str(tmp_path / "older.chum5")], ""))
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(roster), ""))
    window = open_window(qtbot, tmp_path, path=None)
    try:
        window.action_map["import_character"].trigger()
        assert main(["validate", str(roster)]) == 0
        assert "added 'glitch'" in shown[-1] and "added 'kestrel'" in shown[-1]
        assert "skipped: weapon Fragmentation Grenade: not equipped" in shown[-1]
        assert "warning: gameedition: missing" in shown[-1]
        window.action_map["import_character"].trigger()  # again: the GM is asked
        assert "already has a character 'glitch'" in shown[-2]
        assert "replaced 'glitch'" in shown[-1]
    finally:
        close(window)


def test_wounds_of_a_shadowrun_fight_go_back_into_the_chummer_file(
        qtbot, tmp_path, monkeypatch, shown):
    shutil.copy(FIXTURES / "newer.chum5", tmp_path)
    roster = tmp_path / "party.yaml"
    assert main(["import", str(tmp_path / "newer.chum5"), "--out", str(roster)]) == 0
    # the alley of the SR5 scenario, with Glitch's roster entry (and its link) in it
    alley = yaml.safe_load(ALLEY.read_text("utf-8"))
    party = yaml.safe_load(roster.read_text("utf-8"))
    alley["characters"] = [{k: v for k, v in party["characters"][0].items()
                            if k != "portrait"}]
    (tmp_path / "alley.yaml").write_text(yaml.safe_dump(alley), "utf-8")
    window = open_window(qtbot, tmp_path, path=tmp_path / "alley.yaml",
                         dice=ScriptedDice(d6=INITIATIVE + SHOT))
    try:
        document = window.document
        document.apply(cmd.StartCombat())
        document.apply(cmd.EndTurn())
        document.apply(cmd.Attack("ganger", "glitch", "machine-pistol", mode="SA"))
        glitch = document.state.get("glitch")
        assert (glitch.damage, glitch.stun) == (0, 8)
        before = (tmp_path / "newer.chum5").read_bytes()
        monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(roster), ""))
        monkeypatch.setattr(QInputDialog, "getItem", lambda _p, _t, _l, items, *a: (
            next(i for i in items if i.startswith("glitch")), True))
        # the player saved the file in Chummer since the import: the GM is asked
        (tmp_path / "newer.chum5").write_bytes(before.replace(b"Glitch", b"Glitch2"))
        window.action_map["chummer_write"].trigger()
        question = shown[-2]  # what changes, and that the file was saved since
        assert "changed since it was imported" in question
        assert "Physical 3 → 0, Stun 2 → 8" in question
        after = (tmp_path / "newer.chum5").read_bytes()
        assert f"<physicalcmfilled>{glitch.damage}</physicalcmfilled>".encode() in after
        assert f"<stuncmfilled>{glitch.stun}</stuncmfilled>".encode() in after
        assert b"Glitch2" in after and (tmp_path / "newer.chum5.bak").exists()
        assert "Stun 2 → 8" in shown[-1]
    finally:
        close(window)


def test_declining_the_write_back_leaves_the_file(qtbot, tmp_path, monkeypatch) -> None:
    shutil.copy(FIXTURES / "rigger.chum5", tmp_path)
    roster = tmp_path / "party.yaml"
    assert main(["import", str(tmp_path / "rigger.chum5"), "--out", str(roster)]) == 0
    before = (tmp_path / "rigger.chum5").read_bytes()
    asked: list[str] = []
    monkeypatch.setattr(QMessageBox, "question", lambda _p, _t, text, *a: asked.append(text)
                        or QMessageBox.StandardButton.No)
    from tactical.data.chummer.writeback import Wounds
    from tactical.data.kinds import load_file

    wrench = load_file(roster)[1].characters[0]  # type: ignore[attr-defined]
    assert chummer_ui.write_wounds_back(None, wrench, roster, Wounds(6, 1)) is None
    assert "Physical 1 → 6, Stun 0 → 1" in asked[0]
    assert (tmp_path / "rigger.chum5").read_bytes() == before
    assert not (tmp_path / "rigger.chum5.bak").exists()
