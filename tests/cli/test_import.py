"""`tactical import FILE --out MAP.yaml`: Universal VTT walls become cover that `tactical
sight` sees, and a broken or hostile file is one positioned line, never a traceback."""

from __future__ import annotations

import json
import os

import pytest

from tactical.cli import main
from tactical.data.kinds import load_file
from tests.cli.uvttfiles import png, pt, room, write_uvtt


def run_import(tmp_path, capsys, doc, *extra, name="room.dd2vtt"):
    source = write_uvtt(tmp_path / name, doc) if doc is not None else tmp_path / name
    code = main(["import", str(source), "--out", str(tmp_path / "room.yaml"), *extra])
    return code, capsys.readouterr()


def sight(tmp_path, capsys, a, b):
    assert main(["sight", str(tmp_path / "room.yaml"), "--from", a, "--to", b]) == 0
    return json.loads(capsys.readouterr().out)


def test_imported_walls_and_door_give_the_expected_cover(tmp_path, capsys):
    code, out = run_import(tmp_path, capsys, room(), "--grid-m", "2")
    assert (code, out.err) == (0, "")
    assert "2 wall runs, 1 doors" in out.out
    assert main(["validate", str(tmp_path / "room.yaml")]) == 0
    capsys.readouterr()
    # Across the wall (above the door): blocked by impenetrable high cover.
    across = sight(tmp_path, capsys, "3,0", "6,-3")
    assert across["line_of_sight"] is False
    assert across["strongest_cover"] == {"id": "wall-1", "label": "wall",
                                         "class": "impenetrable", "height": "high"}
    # Through the closed door: blocked by the door, a medium cover the GM can open.
    door = sight(tmp_path, capsys, "4,1", "6,0")
    assert door["line_of_sight"] is False and door["cover_crossed"] == ["door-1"]
    assert door["strongest_cover"]["class"] == "medium"
    # Along the west room, no wall in the way.
    west = sight(tmp_path, capsys, "2,0", "2,6")
    assert west["line_of_sight"] is True and west["cover"] == "none"


def test_the_picture_is_written_next_to_the_map_and_calibrated(tmp_path, capsys):
    code, _ = run_import(tmp_path, capsys, room())  # default 1.5 m a square
    assert code == 0
    assert (tmp_path / "room.png").read_bytes() == png(200, 160)
    _, model = load_file(tmp_path / "room.yaml")
    assert model.background.image == "room.png"
    assert model.background.metres_per_pixel == pytest.approx(1.5 / 20)
    # 15 m × 12 m of picture, covered by hexes: 2 m tall, columns √3 m apart.
    assert (model.grid.columns, model.grid.rows) == (9, 6)
    # The point-by-point wall is one straight run, not three covers.
    assert [c.id for c in model.cover] == ["wall-1", "wall-2", "door-1"]
    wall = model.cover[0].polygon
    xs = {x for x, _ in wall}
    assert max(xs) - min(xs) == pytest.approx(0.2)  # a 20 cm thick wall at x = 7.5 m − 1.15
    assert min(xs) == pytest.approx(5 * 1.5 - 1.15 - 0.1)


def test_pointy_grid(tmp_path, capsys):
    code, _ = run_import(tmp_path, capsys, room(), "--pointy", "--grid-m", "2")
    assert code == 0
    _, model = load_file(tmp_path / "room.yaml")
    assert model.grid.orientation == "pointy" and model.grid.columns == 10


@pytest.mark.parametrize(("doc", "expected"), [
    ("{not json", "room.dd2vtt:1:2: (document): not a Universal VTT file"),
    ([1, 2], "expected a JSON object"),
    ({"image": ""}, "resolution: missing"),
    (room(resolution={"map_size": pt(10, 8), "pixels_per_grid": "x"}),
     "resolution.pixels_per_grid: expected a number"),
    (room(line_of_sight=[[pt(1, 1), {"x": 2}]]), "line_of_sight[0][1]: expected a point"),
    (room(line_of_sight=[[pt(1, 1), pt(float("nan"), 2)]]), "expected a number"),
    (room(portals=[{"bounds": [pt(1, 1)]}]), "portals[0].bounds: expected two points"),
    (room(image="!!!"), "image: the picture is not a PNG, JPEG or WebP image"),
    (room(resolution={"map_size": pt(4000, 10), "pixels_per_grid": 20}),
     "the limit is 500×500"),
])
def test_broken_files_are_one_positioned_line(tmp_path, capsys, doc, expected):
    text = doc if isinstance(doc, str) else json.dumps(doc)
    (tmp_path / "room.dd2vtt").write_text(text, encoding="utf-8")
    code, out = run_import(tmp_path, capsys, None)
    assert code == 1 and expected in out.err
    assert "Traceback" not in out.err and not (tmp_path / "room.yaml").exists()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_refused_without_waiting(tmp_path, capsys):
    os.mkfifo(tmp_path / "room.dd2vtt")
    code, out = run_import(tmp_path, capsys, None)
    assert code == 1 and "a pipe (FIFO)" in out.err


def test_out_must_be_yaml(tmp_path, capsys):
    code = main(["import", str(write_uvtt(tmp_path / "a.uvtt", room())),
                 "--out", str(tmp_path / "a.json")])
    assert code == 1 and "name it MAP.yaml" in capsys.readouterr().err
