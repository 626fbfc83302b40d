"""`tactical import CHARACTER.chum5 … --out ROSTER.yaml` (issue 29) on the hand-written
fixtures beside this file: what a GM sees in the roster, and that it validates."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tactical.cli import main
from tactical.data.character import Roster
from tactical.data.kinds import load_file

HERE = Path(__file__).parent
FIXTURES = sorted(HERE.glob("*.chum5"))


def _roster(path: Path) -> Roster:
    _doc, model = load_file(path)
    assert isinstance(model, Roster)
    return model


@pytest.fixture
def party(tmp_path: Path) -> Path:
    for fixture in FIXTURES:
        shutil.copy(fixture, tmp_path)
    return tmp_path


@pytest.mark.parametrize("fixture", [f.name for f in FIXTURES])
def test_each_fixture_imports_into_a_roster_validate_accepts(party: Path, fixture: str,
                                                             capsys) -> None:
    out = party / "roster.yaml"
    assert main(["import", str(party / fixture), "--out", str(out)]) == 0
    assert main(["validate", str(out)]) == 0, capsys.readouterr().err
    assert f"{out}: OK" in capsys.readouterr().out


def test_several_files_at_once_and_what_each_reads(party: Path, capsys) -> None:
    out = party / "roster.yaml"
    assert main(["import", *(str(party / f.name) for f in FIXTURES), "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    roster = _roster(out)
    by_id = {c.id: c for c in roster.characters}
    assert set(by_id) == {"kestrel", "glitch", "harriet-stone", "wrench", "big-eye"}
    kestrel = by_id["kestrel"]  # the older element set
    assert kestrel.name == "Kestrel" and kestrel.description.startswith("Maria Kowalski")
    assert kestrel.shadowrun is not None and kestrel.shadowrun.agility == 6  # totalvalue
    assert kestrel.shadowrun.skills["pistols"] == 7  # 5 + Semi-Automatics covering her gun
    assert kestrel.chummer is not None and kestrel.chummer.physical_filled == 2
    assert (party / "kestrel.png").read_bytes().startswith(b"\x89PNG")
    glitch = by_id["glitch"]  # the newer element set
    assert glitch.shadowrun is not None
    assert glitch.shadowrun.skills["automatics"] == 7  # base 4 + Firearms group 1 + spec 2
    assert glitch.shadowrun.initiative_dice == 3  # Wired Reflexes 2; the disabled one not
    assert glitch.portrait == "glitch.png"
    weapons = {w.id: w for w in roster.weapons}
    alpha = weapons["glitch-ares-alpha"].shadowrun
    assert alpha is not None and (alpha.dv, alpha.ap, alpha.accuracy, alpha.skill) == \
        ("11", -2, 5, "automatics")
    assert weapons["glitch-ares-alpha"].modes == ("SA", "BF", "AF")
    assert weapons["glitch-combat-knife"].shadowrun.dv == "STR+2"  # type: ignore[union-attr]
    armor = {a.id: a for a in roster.armor}
    assert armor["glitch-armor"].shadowrun.armor == 14  # type: ignore[union-attr]
    assert "Fragmentation Grenade: not equipped" in printed
    assert "saved only by its Chummer id" in printed  # a nameless skill is listed, not lost
    assert by_id["harriet-stone"].weapons == ()
    assert "attribute EDG: missing" in printed
    wrench = by_id["wrench"]
    assert wrench.chummer is not None
    assert [(v.name, v.boxes, v.filled) for v in wrench.chummer.vehicles] == \
        [("MCT-Nissan Roto-Drone", 8, 2), ("The Bread Van", 20, 0)]
    eye = by_id["big-eye"]
    assert eye.size == "large" and eye.reach_m == 4.0
    assert eye.chummer is not None and eye.chummer.edition == "SR4"
    assert eye.shadowrun is not None and eye.shadowrun.initiative_passes == 2
    assert armor["big-eye-armor"].shadowrun.ballistic == 6  # type: ignore[union-attr]


def test_a_clash_is_refused_by_name_and_nothing_is_written(party: Path, capsys) -> None:
    out = party / "roster.yaml"
    assert main(["import", str(party / "older.chum5"), "--out", str(out)]) == 0
    before = out.read_bytes()
    capsys.readouterr()
    assert main(["import", str(party / "newer.chum5"), str(party / "older.chum5"),
                 "--out", str(out)]) == 1
    err = capsys.readouterr().err
    assert "already has a character 'kestrel'" in err and "--force" in err
    assert out.read_bytes() == before and not (party / "glitch.png").exists()
    assert main(["import", str(party / "older.chum5"), "--out", str(out), "--force"]) == 0
    assert [c.id for c in _roster(out).characters] == ["kestrel"]


def test_adding_keeps_the_characters_already_there(party: Path) -> None:
    out = party / "roster.yaml"
    assert main(["import", str(party / "older.chum5"), "--out", str(out)]) == 0
    assert main(["import", str(party / "rigger.chum5"), "--out", str(out)]) == 0
    roster = _roster(out)
    assert [c.id for c in roster.characters] == ["kestrel", "wrench"]
    assert {w.id for w in roster.weapons} == {"kestrel-ares-predator-v",
                                              "wrench-colt-america-l36"}


def test_a_portrait_never_goes_over_a_file_the_import_did_not_make(party: Path) -> None:
    (party / "kestrel.png").write_bytes(b"the GM's own picture")
    out = party / "roster.yaml"
    assert main(["import", str(party / "older.chum5"), "--out", str(out)]) == 0
    assert (party / "kestrel.png").read_bytes() == b"the GM's own picture"
    assert _roster(out).characters[0].portrait == "kestrel-2.png"
    assert (party / "kestrel-2.png").read_bytes().startswith(b"\x89PNG")


def test_a_broken_portrait_is_listed_as_skipped(party: Path, capsys) -> None:
    text = (party / "older.chum5").read_text("utf-8")
    start = text.index("<mugshot>iVBOR") + len("<mugshot>")
    (party / "older.chum5").write_text(text[:start] + "bm90IGEgcGljdHVyZQ==" +
                                       text[text.index("</mugshot>"):], "utf-8")
    assert main(["import", str(party / "older.chum5"), "--out", str(party / "r.yaml")]) == 0
    assert "skipped: portrait (<mugshot>, line 10): not a PNG" in capsys.readouterr().out
    assert _roster(party / "r.yaml").characters[0].portrait is None


def test_a_file_that_is_not_a_character_names_its_root(tmp_path: Path, capsys) -> None:
    source = tmp_path / "map.chum5"
    source.write_text("<?xml version='1.0'?>\n<campaign/>\n", "utf-8")
    assert main(["import", str(source), "--out", str(tmp_path / "r.yaml")]) == 1
    assert f"{source}:2:1: <campaign> is not a Chummer character" in capsys.readouterr().err


def test_a_chummer_monitor_bonus_is_warned_and_kept_in_the_link(party: Path, capsys) -> None:
    text = (party / "newer.chum5").read_text("utf-8")
    (party / "newer.chum5").write_text(text.replace("<physicalcm>11</physicalcm>",
                                                    "<physicalcm>12</physicalcm>"), "utf-8")
    assert main(["import", str(party / "newer.chum5"), "--out", str(party / "r.yaml")]) == 0
    assert "Physical monitor: Chummer's is 12 boxes; the fight sizes it 11" in \
        capsys.readouterr().out
    link = _roster(party / "r.yaml").characters[0].chummer
    assert link is not None and link.physical_boxes == 12
