"""Hostile data files (maps, rosters, CASE files): each refused with `file:line:col: field:
message` by `tactical validate` (and the other tools), never a traceback (issue 11)."""

from __future__ import annotations

import json
import os
import struct
import zlib

import pytest

from tests.hostile.conftest import BASE_MAP, ROOT, assert_refused, run_here, run_limited

GOOD_CHARACTER = {"id": "newbie", "name": "Newbie", "health": 5, "stamina": 5,
                  "attributes": {"AG": 1, "CU": 1, "ST": 1, "VI": 1, "RE": 1, "PR": 1}}


# defect 1: a `kind` that is a list or a mapping was a TypeError traceback
@pytest.mark.parametrize("kind", [["map"], {"map": 1}])
def test_a_kind_that_is_not_a_word_is_refused(write_map, capsys, kind):
    path = write_map(kind=kind)
    assert_refused(run_here(capsys, "validate", str(path)), "'kind' must be one of")


def test_a_map_with_a_list_kind_is_refused_by_render_too(write_map, capsys, tmp_path):
    path = write_map(kind=["map"])
    result = run_here(capsys, "render", str(path), "--out", str(tmp_path / "x.png"))
    assert_refused(result, "'kind' must be one of")


# defect 2: a hyphenated unknown key was an IndexError; nested, it named the wrong field
def test_a_hyphenated_top_level_key_is_named(write_map, capsys):
    path = write_map(**{"background-image": "x.png"})
    result = run_here(capsys, "validate", str(path))
    assert_refused(result, "background-image: unknown field 'background-image'")


def test_a_hyphenated_nested_key_names_its_field(write_map, capsys):
    path = write_map(grid={"columns": 8, "rows": 8, "hex-size": 2})
    assert_refused(run_here(capsys, "validate", str(path)),
                   "grid.hex-size: unknown field 'hex-size'")


# defect 8: values that were accepted without a word
@pytest.mark.parametrize(("changes", "needle"), [
    ({"background": {"image": "b.png", "metres_per_pixel": 0.1, "offset_m": [".nan", 0]}},
     "background.offset_m[0]"),
    ({"background": {"image": "b.png", "metres_per_pixel": 0.1, "offset_m": [".inf", 0]}},
     "background.offset_m[0]"),
    ({"cover": [{"id": "c", "class": "light", "height": "low",
                 "polygon": [[0, 0], [1, 0], [1, 1]]},
                {"id": "c", "class": "light", "height": "low",
                 "polygon": [[3, 0], [4, 0], [4, 1]]}]}, "cover[1].id: duplicate id 'c'"),
    ({"characters": [{**GOOD_CHARACTER, "health": True}]},
     "characters[0].health: expected a number; found true or false"),
    ({"tokens": [{"id": "t", "character": "kicker", "side": "a", "hex": [True, 1]}]},
     "tokens[0].hex: expected a number; found true or false"),
    ({"cover": [{"class": "light", "height": "low",
                 "polygon": [[0, 0], [1, False], [1, 1]]}]},
     "cover[0].polygon: expected a number; found true or false"),
    ({"background": {"image": "../../../../etc/passwd", "metres_per_pixel": 0.1}},
     "background.image: the picture path '../../../../etc/passwd' leaves the map's folder"),
    ({"background": {"image": "/etc/passwd", "metres_per_pixel": 0.1}},
     "copy the picture next to the map"),
    ({"characters": [{**GOOD_CHARACTER, "portrait": "../../secret.png"}]},
     "characters[0].portrait: the picture path"),
])
def test_values_that_were_accepted_are_refused(write_map, capsys, changes, needle):
    text = None
    if "offset_m" in str(changes):  # YAML spells NaN and infinity .nan and .inf
        text = json.dumps({**BASE_MAP, **changes}).replace('".nan"', ".nan") \
            .replace('".inf"', ".inf")
    path = write_map(text=text, **changes)
    (path.parent / "b.png").write_bytes(_png(4, 4))
    assert_refused(run_here(capsys, "validate", str(path)), needle)


def _png(width: int, height: int) -> bytes:
    """A PNG signature and header: enough for the decoder to know the size."""
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    chunk = struct.pack(">I", len(ihdr)) + b"IHDR" + ihdr
    return b"\x89PNG\r\n\x1a\n" + chunk + struct.pack(">I", zlib.crc32(b"IHDR" + ihdr))


@pytest.mark.parametrize(("make", "needle"), [
    (lambda p: p.write_bytes(_png(30000, 30000)), "is 30000×30000 pixels, too big to decode"),
    (lambda p: p.mkdir(), "is a folder, not a picture"),
    (lambda p: p.write_bytes(b"GIF? no, plain text"), "is not an image Tactical can decode"),
])
def test_a_background_that_cannot_be_decoded_is_named(write_map, capsys, make, needle):
    path = write_map(background={"image": "bg.png", "metres_per_pixel": 0.1})
    make(path.parent / "bg.png")
    result = run_here(capsys, "validate", str(path))
    assert_refused(result, "background.image: the picture 'bg.png'")
    assert needle in result.err


def test_a_background_link_out_of_the_folder_is_refused(write_map, capsys):
    path = write_map(background={"image": "bg.png", "metres_per_pixel": 0.1})
    os.symlink("/etc/hostname", path.parent / "bg.png")
    assert_refused(run_here(capsys, "validate", str(path)), "is a link out of the map's folder")


@pytest.mark.parametrize(("damage", "needle"), [
    ("1d0", "d0 is not a die"),
    ("200d1000", "d1000 is not a die"),
    ("200d6", "rolls 200 dice; the limit is 20"),
])
def test_dice_beyond_the_limits_are_refused(tmp_path, capsys, damage, needle):
    path = tmp_path / "catalogue.yaml"
    path.write_text("kind: catalogue\nweapons:\n  - {id: club, name: Club, kind: melee, "
                    f"skill: melee, damage: '{damage}'}}\n", encoding="utf-8")
    assert_refused(run_here(capsys, "validate", str(path)), needle)


def _ruleset_with(old: str, new: str, tmp_path):
    text = (ROOT / "tactical" / "rules" / "chapter6" / "ruleset.yaml").read_text("utf-8")
    assert old in text
    path = tmp_path / "ruleset.yaml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


@pytest.mark.parametrize(("old", "new", "needle"), [
    ("dice: 2  ", "dice: 1000000  ", "checks.dice: Input should be less than or equal to 10"),
    ("die_sides: 10\n", "die_sides: 1000000000\n", "checks.die_sides: Input should be less"),
])
def test_ruleset_numbers_beyond_the_limits_are_refused(tmp_path, capsys, old, new, needle):
    path = _ruleset_with(old, new, tmp_path)
    assert_refused(run_here(capsys, "validate", str(path)), needle)


def _case(tmp_path, **defender):
    case = json.loads((ROOT / "tests" / "rules" / "cases" / "pistol_max.json").read_text())
    case["defender"].update(defender)
    path = tmp_path / "case.json"
    path.write_text(json.dumps(case), encoding="utf-8")
    return path


def test_a_case_with_an_absurd_damage_taken_is_refused(tmp_path, capsys):
    path = _case(tmp_path, damage_taken=10**30)
    assert_refused(run_here(capsys, "attack", str(path)), "defender.damage_taken")


# defect 4: endless and blocking files (run under limits: a regression must not hang CI)
@pytest.mark.parametrize("tool", ["validate", "replay", "render"])
def test_a_link_to_dev_zero_is_refused_quickly(tmp_path, tool):
    suffix = ".jsonl" if tool != "validate" else ".yaml"
    path = tmp_path / f"zero{suffix}"
    os.symlink("/dev/zero", path)
    extra = ["--out", str(tmp_path / "x.png")] if tool == "render" else []
    result = run_limited(tool, str(path), *extra)
    assert_refused(result, "is a device", positioned=tool == "validate")


@pytest.mark.parametrize("tool", ["validate", "replay", "attack"])
def test_a_fifo_is_refused_without_waiting(tmp_path, tool):
    path = tmp_path / ("pipe.jsonl" if tool == "replay" else "pipe.yaml")
    os.mkfifo(path)
    result = run_limited(tool, str(path))
    assert_refused(result, "is a pipe (FIFO)", positioned=tool != "replay")


def test_a_folder_is_refused(tmp_path, capsys):
    (tmp_path / "dir.yaml").mkdir()
    assert_refused(run_here(capsys, "validate", str(tmp_path / "dir.yaml")), "is a folder")


# defect 9: unbounded cost
@pytest.mark.slow
def test_a_case_rolling_200d1000_is_refused_before_the_odds(tmp_path):
    case = json.loads((ROOT / "tests" / "rules" / "cases" / "pistol_max.json").read_text())
    case["weapon"]["damage"] = "200d1000"
    path = tmp_path / "case.json"
    path.write_text(json.dumps(case), encoding="utf-8")
    result = run_limited("attack", str(path), "--odds")
    assert_refused(result, "weapon.damage")  # within run_limited's TIME_LIMIT


@pytest.mark.slow
def test_sixty_thousand_tokens_are_refused_quickly(write_map, tmp_path):
    lines = ["kind: map", "name: Crowd", "grid: {columns: 500, rows: 500}", "tokens:"]
    lines += [f"  - {{id: t{i}, character: kicker, side: a, hex: [{i % 500}, {i // 500}]}}"
              for i in range(60_000)]
    path = write_map(text="\n".join(lines) + "\n")
    result = run_limited("validate", str(path))
    assert_refused(result, "tokens: a list of more than 5,000 items")


def test_too_many_tokens_are_refused_with_the_limit(write_map, capsys):
    tokens = [{"id": f"t{i}", "character": "kicker", "side": "a", "hex": [i % 40, i // 40]}
              for i in range(501)]
    path = write_map(grid={"columns": 40, "rows": 40}, tokens=tokens)
    assert_refused(run_here(capsys, "validate", str(path)),
                   "tokens: Tuple should have at most 500 items")
