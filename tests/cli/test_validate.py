"""`tactical validate`: OK for good files, one line per problem and exit 1 for bad ones."""

from __future__ import annotations

import subprocess
import sys

from tactical.cli import main


def test_every_bundled_file_validates(root, capsys):
    files = sorted(str(p) for p in (root / "maps").glob("*.yaml"))
    files += sorted(str(p) for p in (root / "assets").glob("**/*.yaml"))
    files.append(str(root / "tactical" / "rules" / "chapter6" / "ruleset.yaml"))
    assert main(["validate", *files]) == 0
    out = capsys.readouterr()
    assert out.err == ""
    assert out.out.count(": OK") == len(files)


def test_broken_files_exit_1_with_one_line_each(write, root, capsys):
    good = str(root / "maps" / "warehouse.yaml")
    syntax = write("syntax.yaml", "kind: map\nname: [oops\n")
    bomb = write("bomb.yaml", "kind: map\na: &a [1, 2]\nb: [*a, *a]\n")
    unknown = write("unknown.yaml", "kind: catalogue\narmour: []\n")
    assert main(["validate", good, str(syntax), str(bomb), str(unknown)]) == 1
    out = capsys.readouterr()
    assert out.out == f"{good}: OK\n"
    lines = out.err.splitlines()
    assert len(lines) == 3
    assert lines[0].startswith(f"{syntax}:3:1: (document): YAML syntax error")
    assert lines[1] == (f"{bomb}:3:5: (document): YAML aliases are not allowed (found *a); "
                        "write the value out")
    assert lines[2] == f"{unknown}:2:1: armour: unknown field 'armour'; did you mean 'armor'?"


def test_a_new_roster_checked_with_a_map_that_uses_it(write, capsys):
    roster = write("r.yaml", "kind: characters\ncharacters:\n"
                   "  - {id: newbie, name: Newbie, health: 5, stamina: 5, weapons: [sword],\n"
                   "     attributes: {AG: 1, CU: 1, ST: 1, VI: 1, RE: 1, PR: 1}}\n")
    map_file = write("m.yaml", "kind: map\nname: M\ngrid: {columns: 3, rows: 3}\n"
                     "tokens: [{id: n, character: newbie, side: a, hex: [1, 1]}]\n")
    assert main(["validate", str(map_file)]) == 1
    assert "unknown character 'newbie'" in capsys.readouterr().err
    assert main(["validate", str(roster), str(map_file)]) == 0


def test_no_traceback_from_the_real_command(write):
    bad = write("bad.yaml", "kind: map\nname: 5\ngrid: {columns: x}\n")
    result = subprocess.run([sys.executable, "-m", "tactical", "validate", str(bad)],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert f"{bad}:3:17: grid.columns: Input should be a valid integer" in result.stderr
    assert f"{bad}:3:7: grid.rows: missing required field 'rows'" in result.stderr


def test_a_house_ruleset_file_validates_in_a_fresh_process(root, tmp_path):
    # the base game's schema is its ruleset package's (rules/chapter6/numbers.py): a fresh
    # `tactical validate` must find it before it reads a ruleset file
    house = tmp_path / "house.yaml"
    text = (root / "tactical" / "rules" / "chapter6" / "ruleset.yaml").read_text("utf-8")
    house.write_text(text.replace("default_reach_m: 2", "default_reach_m: 3"), "utf-8")
    done = subprocess.run([sys.executable, "-m", "tactical", "validate", str(house)],
                          capture_output=True, text=True, timeout=120, check=False)
    assert (done.returncode, done.stdout, done.stderr) == (0, f"{house}: OK\n", "")
