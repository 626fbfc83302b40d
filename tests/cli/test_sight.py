"""`tactical sight MAP --from A --to B [--weapon NAME]`: JSON out, one-line errors."""

from __future__ import annotations

import json

import pytest

from tactical.cli import main


def sight(root, capsys, *args, map_name="warehouse.yaml"):
    code = main(["sight", str(root / "maps" / map_name), *args])
    out = capsys.readouterr()
    return code, (json.loads(out.out) if code == 0 else None), out.err


def test_tokens_in_the_open_with_the_ready_weapon(root, capsys):
    code, data, err = sight(root, capsys, "--from", "kicker", "--to", "guard-shotgun")
    assert (code, err) == (0, "")
    assert data["from"] == {"token": "kicker", "hex": [2, 8]}
    assert data["line_of_sight"] is True and data["cover"] == "none"
    assert data["rays"] == 7 and data["distance_hexes"] == 11 and data["distance_m"] == 22
    # Kicker's first weapon is Killing Hands: melee, 22 m is out of reach.
    assert data["weapon"]["id"] == "killing-hands" and data["weapon"]["in_reach"] is False


def test_weapon_by_name_gives_the_range_band(root, capsys):
    _, data, _ = sight(root, capsys, "--from", "kicker", "--to", "guard-shotgun",
                       "--weapon", "Assault shotgun")
    assert data["weapon"]["band"] == "long" and data["weapon"]["band_tn"] == 5
    assert data["weapon"]["can_attack"] is True


def test_walls_block_sight(root, capsys):
    _, data, _ = sight(root, capsys, "--from", "kicker", "--to", "guard-office")
    assert data["line_of_sight"] is False and data["cover"] == "no_line_of_sight"
    assert data["rays_blocked_by_high_cover"] == 7
    assert data["weapon"]["can_attack"] is False


def test_low_wall_gives_full_cover_and_names_the_strongest(root, capsys):
    _, data, _ = sight(root, capsys, "--from", "2,8", "--to", "5,12")
    assert data["from"]["token"] is None
    assert data["line_of_sight"] is True and data["cover"] == "full"
    assert data["cover_tn"] == 10
    assert data["strongest_cover"] == {"id": "low-wall", "label": "Low concrete wall",
                                       "class": "tough", "height": "low"}
    assert data["weapon"] is None  # a hex, not a token, and no --weapon


def test_partial_cover_behind_a_crate_stack_and_prone(root, capsys):
    _, data, _ = sight(root, capsys, "--from", "guard-shotgun", "--to", "9,4")
    assert data["cover"] == "partial" and data["rays_blocked"] == 2
    assert data["weapon"]["band"] == "short"
    _, prone, _ = sight(root, capsys, "--from", "guard-shotgun", "--to", "9,4", "--prone")
    assert prone["cover"] == "full" and prone["target_prone"] is True


def test_street_map_is_pointy_top(root, capsys):
    code, data, _ = sight(root, capsys, "--from", "wombat", "--to", "ganger-2",
                          map_name="street.yaml")
    assert code == 0 and data["distance_hexes"] == 11
    assert data["weapon"]["name"] == "Browning Ultra-Power"


@pytest.mark.parametrize(("args", "message"), [
    (["--from", "nobody", "--to", "kicker"], "unknown token 'nobody'"),
    (["--from", "1,x", "--to", "kicker"], "expected a hex as q,r"),
    (["--from", "99,99", "--to", "kicker"], "outside the map's 24×16 grid"),
    (["--from", "kicker", "--to", "vanya", "--weapon", "bazooka"], "unknown weapon 'bazooka'"),
])
def test_bad_arguments_are_one_line_errors(root, capsys, args, message):
    code, _, err = sight(root, capsys, *args)
    assert code == 1
    assert len(err.splitlines()) == 1 and message in err and "Traceback" not in err


def test_a_broken_map_reports_positioned_problems(write, capsys):
    bad = write("bad.yaml", "kind: map\nname: x\ngrid: {columns: 0, rows: 3}\n")
    assert main(["sight", str(bad), "--from", "0,0", "--to", "1,0"]) == 1
    err = capsys.readouterr().err
    assert "bad.yaml:3:" in err and "Traceback" not in err


def test_a_missing_map_is_one_line(tmp_path, capsys):
    assert main(["sight", str(tmp_path / "none.yaml"), "--from", "0,0", "--to", "1,0"]) == 1
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "Traceback" not in err
