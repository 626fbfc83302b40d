"""`tactical render … --area WEAPON --aim Q,R --attacker ID` (issue 27): the board as the GM
sees it while aiming a blast weapon — the rings on the hex grid, who is caught with its
ring's dice and cover, the wall's shield, the scatter spread; bad input is one line."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtGui import QImage

from tactical.cli import main
from tactical.ui.board.blast import RING_COLOURS
from tests.cli.test_render import _count

YARD = str(Path(__file__).resolve().parents[1] / "scenarios" / "maps" / "area_yard.yaml")
AREA = ["--area", "frag-grenade", "--aim", "8,3", "--attacker", "grenadier"]


def test_render_draws_the_aiming_preview(tmp_path):
    plain, aimed, listing = tmp_path / "plain.png", tmp_path / "aim.png", tmp_path / "m.json"
    assert main(["render", YARD, "--out", str(plain), "--size", "960x540"]) == 0
    assert main(["render", YARD, "--out", str(aimed), "--size", "960x540", *AREA,
                 "--manifest", str(listing)]) == 0
    drawn = json.loads(listing.read_text(encoding="utf-8"))
    aiming = drawn["aiming"]
    assert aiming["aim"] == [8, 3] and 0 < aiming["odds"] < 1
    assert "Vanya — 6d6, in the open" in aiming["marks"]
    assert "Runner 2 — 4d6, in the open" in aiming["marks"]
    assert "Walled Runner — shielded by Brick wall" in aiming["marks"]
    assert [10, 1] in aiming["shielded"] and aiming["scatter"]
    assert drawn["blast"] is None  # aimed, not thrown
    before, after = QImage(str(plain)), QImage(str(aimed))
    assert (after.width(), after.height()) == (960, 540)
    assert _count(after, RING_COLOURS[0]) > _count(before, RING_COLOURS[0]) + 40  # red ring


def test_area_errors_are_one_line_and_exit_1(tmp_path, capsys):
    out = str(tmp_path / "x.png")
    cases = [
        (["--area", "frag-grenade", "--aim", "8,3"], "--area needs --aim Q,R and --attacker"),
        (["--aim", "8,3"], "--aim and --attacker go with --area WEAPON"),
        (["--area", "pistol", "--aim", "8,3", "--attacker", "grenadier"],
         "--area: 'pistol' is not a blast weapon; expected one of: flash-bang"),
        (["--area", "frag-grenade", "--aim", "8,3", "--attacker", "nobody"],
         "--attacker: unknown token 'nobody'"),
        (["--area", "frag-grenade", "--aim", "80,3", "--attacker", "grenadier"],
         "--aim: hex 80,3 is off the map"),
        ([*AREA, "--audience", "players"], "--area: the aim is the GM's"),
    ]
    for extra, message in cases:
        assert main(["render", YARD, "--out", out, *extra]) == 1
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and message in err[0], err
