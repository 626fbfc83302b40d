"""Comments kept on save (issue 15; docs/formats.md#comments): the comments a GM wrote in a
map stay where they were when the map is saved over, load(save(map)) is still the map, and
`tactical validate` passes on what is written."""

from __future__ import annotations

import shutil
from pathlib import Path

from tactical.cli import main
from tactical.data.kinds import load_file
from tactical.data.maps import CoverClass, MapFile
from tactical.data.mapwriter import dump_map, save_map

COMMENTED = Path(__file__).with_name("commented_map.yaml")


def next_line(text: str, line: str) -> str:
    """The line after `line` (which must be in `text` exactly once)."""
    lines = text.splitlines()
    assert lines.count(line) == 1, line
    return lines[lines.index(line) + 1]


def read(path: Path) -> MapFile:
    _, model = load_file(path)
    assert isinstance(model, MapFile)
    return model


def copy(tmp_path: Path) -> Path:
    path = tmp_path / "gate.yaml"
    shutil.copyfile(COMMENTED, path)
    return path


def test_saved_over_every_comment_stays_in_place(tmp_path):
    path = copy(tmp_path)
    m = read(path)
    save_map(m, path)
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# Gatehouse: the west door sticks.\n# Drawn by Ana, 2026.\n"
                           "kind: map\n")  # the GM's header, not the writer's
    assert next_line(text, "# 2 m hexes, flat").startswith("grid: ")
    assert "grid: {columns: 8, rows: 6, orientation: flat}  # room for reinforcements\n" \
        in text
    assert next_line(text, "  # the players") == "  runners: {name: Runners}"
    assert "  corp: {name: Corp}  # security detail\n" in text
    assert next_line(text, "  # the portcullis, raised by a winch in the tower") \
        .startswith("  - {id: portcullis,")
    assert "door: true,  # heavy\n" in text
    assert "  - {id: crates, label: Crates, class: medium, height: low,  # loot\n" in text
    assert next_line(text, "  # no id: found by its shape").startswith("  - {class: light")
    assert next_line(text, "  # Kicker comes in from the west") == \
        "  - {id: kicker, character: kicker, side: runners, hex: [1, 2]}  # wounded"
    assert text.endswith("\n# end of the map\n")
    assert read(path) == m  # the comments change nothing the map says
    assert main(["validate", str(path)]) == 0
    before = path.read_bytes()
    save_map(read(path), path)
    assert path.read_bytes() == before  # stable


def test_a_deleted_item_takes_its_comment_an_edited_one_keeps_it(tmp_path):
    path = copy(tmp_path)
    m = read(path)
    crates = m.cover[1].model_copy(update={"cover_class": CoverClass.TOUGH,
                                           "label": "Steel crates"})
    kicker_gone = tuple(t for t in m.tokens if t.id != "kicker")
    moved = m.cover[2].model_copy(update={"polygon": ((6, 6), (8, 6), (8, 7))})
    save_map(m.model_copy(update={"cover": (m.cover[0], crates, moved),
                                  "tokens": kicker_gone}), path)
    text = path.read_text(encoding="utf-8")
    assert "class: tough, height: low,  # loot\n" in text  # found by its id
    assert "wounded" not in text and "Kicker comes in" not in text
    assert "no id: found by its shape" not in text  # its shape changed: nothing to find it by
    assert "# the portcullis" in text


def test_a_new_map_or_save_as_without_a_source_has_the_writers_header(tmp_path):
    m = read(COMMENTED)
    out = tmp_path / "new.yaml"
    save_map(m, out)  # nothing there before: nothing to keep
    assert out.read_text(encoding="utf-8") == dump_map(m)
    assert dump_map(m).startswith("# Tactical map (format: docs/formats.md#maps).")
    save_map(m, out, comments_from=COMMENTED)  # Save as: the comments of the file opened
    assert "# Drawn by Ana, 2026." in out.read_text(encoding="utf-8")
    save_map(m, out, keep_comments=False)
    assert out.read_text(encoding="utf-8") == dump_map(m)


def test_a_comment_yaml_would_read_as_data_is_dropped_not_written(tmp_path):
    path = tmp_path / "long.yaml"
    # a description written over two lines: a comment at the end of its first line would
    # end the text there, so the writer leaves that one comment out
    path.write_text("kind: map\nname: Long\ndescription: a b  # said once\n"
                    "grid: {columns: 2, rows: 2}\n", encoding="utf-8")
    m = read(path).model_copy(update={"description": "word " * 30})
    save_map(m, path)
    assert read(path) == m
    assert "said once" not in path.read_text(encoding="utf-8")


def test_a_comment_above_a_map_character_stays_with_it(tmp_path):
    from tactical.data.character import Roster

    roster = load_file(Path(__file__).parents[2] / "assets" / "npcs" / "roster.yaml")[1]
    assert isinstance(roster, Roster)
    sheet = roster.characters[0].model_copy(update={"id": "own-boss"})
    m = read(COMMENTED).model_copy(update={"characters": (sheet,)})
    path = tmp_path / "boss.yaml"
    path.write_text(dump_map(m).replace("- id: own-boss", "# the boss: tougher than he looks\n"
                                        "- id: own-boss"), encoding="utf-8")
    save_map(read(path), path)
    text = path.read_text(encoding="utf-8")
    assert next_line(text, "# the boss: tougher than he looks") == "- id: own-boss"
    assert read(path) == m


def test_a_map_saved_with_a_byte_order_mark_keeps_its_comments(tmp_path):
    """Windows Notepad writes a BOM; the map opens (read as utf-8-sig), so its comments must
    be found the same way when it is saved over."""
    path = tmp_path / "gate.yaml"
    path.write_bytes(b"\xef\xbb\xbf" + COMMENTED.read_bytes())
    save_map(read(path), path)
    assert path.read_text(encoding="utf-8").startswith("# Gatehouse: the west door sticks.\n")
