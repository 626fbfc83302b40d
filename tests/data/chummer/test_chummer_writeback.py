"""Wounds written back into Chummer (issue 29): only the filled boxes change, byte for
byte; a backup is kept; a file saved since the import is not overwritten unasked."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from tactical.cli import main
from tactical.data.character import Roster
from tactical.data.chummer.writeback import ChangedSinceImport, Wounds, write_back
from tactical.data.kinds import load_file

HERE = Path(__file__).parent
FILLED = re.compile(rb"(<physicalcmfilled>|<stuncmfilled>)[^<]*(</)")


def _outside_the_monitors(data: bytes) -> bytes:
    """The file with the filled boxes' texts taken out: what must not change."""
    return FILLED.sub(rb"\1\2", data)


@pytest.fixture
def imported(tmp_path: Path) -> Path:
    shutil.copy(HERE / "rigger.chum5", tmp_path)
    assert main(["import", str(tmp_path / "rigger.chum5"), "--out",
                 str(tmp_path / "party.yaml")]) == 0
    return tmp_path


def _wrench(folder: Path) -> object:
    _doc, roster = load_file(folder / "party.yaml")
    assert isinstance(roster, Roster)
    return roster.characters[0]


def test_only_the_filled_boxes_change(imported: Path, capsys) -> None:
    source = imported / "rigger.chum5"
    before = source.read_bytes()
    assert main(["chummer-write", str(imported / "party.yaml"), "--character", "wrench",
                 "--physical", "7", "--stun", "4", "--vehicle", "0=5"]) == 0
    after = source.read_bytes()
    assert _outside_the_monitors(after) == _outside_the_monitors(before)
    assert FILLED.sub(b"", after) == FILLED.sub(b"", before)  # no element added or lost
    texts = re.findall(rb"<physicalcmfilled>([^<]*)<|<stuncmfilled>([^<]*)<", after)
    assert [a or b for a, b in texts] == [b"7", b"4", b"5", b"0"]  # Wrench, drone, van
    assert (imported / "rigger.chum5.bak").read_bytes() == before
    assert "Physical 1 → 7" in capsys.readouterr().out
    character = _wrench(imported)
    assert character.chummer.physical_filled == 7  # type: ignore[attr-defined]
    # the roster's link follows the file: a second write needs no --force
    assert main(["chummer-write", str(imported / "party.yaml"), "--character", "wrench",
                 "--stun", "0"]) == 0
    assert b"<physicalcmfilled>7</physicalcmfilled>" in source.read_bytes()


def test_a_file_saved_since_the_import_is_not_overwritten_unasked(imported: Path,
                                                                  capsys) -> None:
    source = imported / "rigger.chum5"
    source.write_bytes(source.read_bytes().replace(b"Wrench", b"Spanner"))
    changed = source.read_bytes()
    assert main(["chummer-write", str(imported / "party.yaml"), "--character", "wrench",
                 "--physical", "3"]) == 1
    assert "changed since it was imported" in capsys.readouterr().err
    assert source.read_bytes() == changed and not (imported / "rigger.chum5.bak").exists()
    with pytest.raises(ChangedSinceImport):
        write_back(_wrench(imported), imported / "party.yaml", Wounds(3, 0))  # type: ignore[arg-type]
    assert main(["chummer-write", str(imported / "party.yaml"), "--character", "wrench",
                 "--physical", "3", "--force"]) == 0
    assert b"Spanner" in source.read_bytes()  # the player's change is kept
    assert b"<physicalcmfilled>3</physicalcmfilled>" in source.read_bytes()


def test_a_self_closing_monitor_gets_its_number(tmp_path: Path) -> None:
    text = (HERE / "noweapons.chum5").read_text("utf-8").replace(
        "<stuncmfilled>4</stuncmfilled>", "<stuncmfilled />")
    (tmp_path / "face.chum5").write_text(text, "utf-8")
    assert main(["import", str(tmp_path / "face.chum5"), "--out", str(tmp_path / "r.yaml")]) == 0
    assert main(["chummer-write", str(tmp_path / "r.yaml"), "--character", "harriet-stone",
                 "--stun", "6"]) == 0
    assert (tmp_path / "face.chum5").read_text("utf-8") == text.replace(
        "<stuncmfilled />", "<stuncmfilled>6</stuncmfilled>")


def test_boxes_beyond_the_monitor_are_refused(imported: Path, capsys) -> None:
    before = (imported / "rigger.chum5").read_bytes()
    assert main(["chummer-write", str(imported / "party.yaml"), "--character", "wrench",
                 "--stun", "11"]) == 1
    assert "Stun 11: expected 0 to 10 boxes" in capsys.readouterr().err
    assert (imported / "rigger.chum5").read_bytes() == before


def test_a_character_not_from_chummer_is_named(tmp_path: Path, capsys) -> None:
    roster = Path(__file__).parents[3] / "assets" / "npcs" / "roster.yaml"
    assert main(["chummer-write", str(roster), "--character", "ganger"]) == 1
    assert "ganger was not imported from Chummer" in capsys.readouterr().err
