"""`tactical render` writes the board to a PNG of the requested size; bad input is one line."""

from __future__ import annotations

from PySide6.QtGui import QColor, QImage

from tactical.cli import main
from tactical.core.paths import maps_dir

WAREHOUSE = str(maps_dir() / "warehouse.yaml")
DRAG = "2,8 3,7 4,7 5,6 6,5 7,5 7,4 8,3 9,2 10,2 11,2"


def _count(image: QImage, colour: str) -> int:
    """Pixels within a few steps of `colour` (a trigger's ring, say), on a coarse lattice."""
    target = QColor(colour)
    found = 0
    for y in range(0, image.height(), 2):
        for x in range(0, image.width(), 2):
            c = image.pixelColor(x, y)
            if (abs(c.red() - target.red()) + abs(c.green() - target.green())
                    + abs(c.blue() - target.blue())) < 24:
                found += 1
    return found


def test_render_writes_a_png_of_the_requested_size(tmp_path, capsys):
    out = tmp_path / "board.png"
    assert main(["render", WAREHOUSE, "--out", str(out), "--size", "800x450",
                 "--select", "vanya"]) == 0
    image = QImage(str(out))
    assert (image.width(), image.height()) == (800, 450)


def test_a_drag_shows_the_snapshot_and_intercept_colours(tmp_path):
    plain, dragged = tmp_path / "plain.png", tmp_path / "drag.png"
    assert main(["render", WAREHOUSE, "--out", str(plain), "--size", "960x540"]) == 0
    assert main(["render", WAREHOUSE, "--out", str(dragged), "--size", "960x540",
                 "--drag", DRAG]) == 0
    before, after = QImage(str(plain)), QImage(str(dragged))
    for colour in ("#E69F00", "#009E73"):  # Snapshot orange, Intercept green
        assert _count(after, colour) > _count(before, colour) + 40


def test_render_a_log(tmp_path, root):
    out = tmp_path / "log.png"
    log = root / "tests" / "scenarios" / "warehouse_three_rounds.jsonl"
    assert main(["render", str(log), "--out", str(out), "--size", "640x360"]) == 0
    assert QImage(str(out)).width() == 640


def test_errors_are_one_line_and_exit_1(tmp_path, capsys):
    out = str(tmp_path / "x.png")
    cases = [
        (["--select", "nobody"], "--select: unknown token 'nobody'"),
        (["--drag", "2,8 5,5"], "--drag: the path jumps from 2,8 to 5,5"),
        (["--drag", "0,0 1,0"], "--drag: no token stands in 0,0"),
        (["--size", "big"], "--size: expected WIDTHxHEIGHT"),
    ]
    for extra, message in cases:
        assert main(["render", WAREHOUSE, "--out", out, *extra]) == 1
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and message in err[0], err
    assert main(["render", str(tmp_path / "missing.yaml"), "--out", out]) == 1
    assert "no such file" in capsys.readouterr().err
