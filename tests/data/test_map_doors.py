"""Doors are a flag in the map format (issue 15): `door: true` on a cover, written by the
map writer and the Universal VTT import; a version 1 map, which marked doors by name, is
migrated on read (docs/formats.md#map-versions)."""

from __future__ import annotations

import pytest

from tactical.cli import main
from tactical.data.kinds import load_file
from tactical.data.maps import MapFile
from tactical.data.mapwriter import dump_map, save_map
from tests.cli.uvttfiles import room, write_uvtt

BODY = """name: Doors
grid: {columns: 6, rows: 4, orientation: flat}
cover:
  - {id: door-east, label: East way, class: medium, height: high,
     polygon: [[4, 0], [5, 0], [5, 1], [4, 1]]}
  - {id: gate, label: Doorway arch, class: tough, height: high,
     polygon: [[6, 0], [7, 0], [7, 1], [6, 1]]}
  - {id: shutter, label: Roller shutter, class: light, height: high, DOOR
     polygon: [[8, 0], [9, 0], [9, 1], [8, 1]]}
  - {id: crates, label: Crates, class: medium, height: low,
     polygon: [[0, 3], [1, 3], [1, 4], [0, 4]]}
"""


def read(tmp_path, version: str, door: str = "") -> MapFile:
    path = tmp_path / "doors.yaml"
    path.write_text(f"kind: map\n{version}" + BODY.replace("DOOR", door), encoding="utf-8")
    _, model = load_file(path)
    assert isinstance(model, MapFile)
    return model


@pytest.mark.parametrize("version", ["version: 1\n", ""])
def test_a_version_1_map_keeps_its_doors_named_door(tmp_path, version):
    model = read(tmp_path, version)
    # id "door-east" and label "Doorway arch" were doors by name; the shutter was not.
    assert [c.door for c in model.cover] == [True, True, False, False]
    assert model.version == 2  # migrated: saved again, it is a version 2 map


def test_a_version_1_cover_with_the_flag_keeps_the_flag(tmp_path):
    model = read(tmp_path, "version: 1\n", "door: true,")
    assert model.cover[2].door  # a roller shutter named nothing like a door


def test_a_version_2_map_has_only_the_doors_it_flags(tmp_path):
    model = read(tmp_path, "version: 2\n", "door: true,")
    assert [c.door for c in model.cover] == [False, False, True, False]


def test_a_newer_version_is_refused_by_name(tmp_path, capsys):
    path = tmp_path / "doors.yaml"
    path.write_text("kind: map\nversion: 3\n" + BODY.replace("DOOR", ""), encoding="utf-8")
    assert main(["validate", str(path)]) != 0
    assert "doors.yaml:2:10: version: map format 3 is newer than this Tactical reads" \
        in capsys.readouterr().err


def test_the_writer_writes_the_flag_in_its_place_and_version_2(tmp_path):
    model = read(tmp_path, "version: 1\n")
    text = dump_map(model)
    assert "\nversion: 2\n" in text
    assert "{id: door-east, label: East way, class: medium, height: high, door: true,\n" \
        in text
    assert "{id: crates, label: Crates, class: medium, height: low,\n" in text  # no flag
    out = tmp_path / "saved.yaml"
    save_map(model, out)
    assert main(["validate", str(out)]) == 0
    assert load_file(out)[1] == model


def test_imported_portals_are_doors_walls_are_not(tmp_path, capsys):
    source = write_uvtt(tmp_path / "room.dd2vtt", room())
    assert main(["import", str(source), "--out", str(tmp_path / "room.yaml")]) == 0
    _, model = load_file(tmp_path / "room.yaml")
    assert {c.id: c.door for c in model.cover} == {"wall-1": False, "wall-2": False,
                                                   "door-1": True}
    assert "door: true" in (tmp_path / "room.yaml").read_text(encoding="utf-8")
