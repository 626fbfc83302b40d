"""Data files: the bundled ones load, and each class of mistake gets one positioned line."""

from __future__ import annotations

import contextlib
import io

import pytest

from tactical.cli import main
from tactical.data.character import Roster
from tactical.data.gear import Catalogue
from tactical.data.kinds import load_file
from tactical.data.library import bundled_library, load_map
from tactical.data.maps import Grid, MapFile, Orientation
from tactical.data.problems import DataError

MAP_HEAD = """kind: map
name: Test
grid: {columns: 6, rows: 5, orientation: flat}
"""


def problems_of(path) -> list[str]:
    with pytest.raises(DataError) as exc:
        load_map(path)
    return [str(p) for p in exc.value.problems]


def test_demo_maps_load_with_every_reference_resolved(root):
    for name in ("warehouse", "street"):
        loaded = load_map(root / "maps" / f"{name}.yaml")
        assert len(loaded.map.tokens) >= 4
        assert {t.side for t in loaded.map.tokens} == set(loaded.map.sides)
        for token in loaded.map.tokens:
            character = loaded.character(token.id)
            assert all(w in loaded.library.weapons for w in character.weapons)


def test_bundled_catalogue_has_every_weapon_and_armor_the_rules_name():
    library = bundled_library()
    names = " ".join(w.name for w in library.weapons.values()).lower()
    for weapon in ("ares predator", "browning ultra-power", "machine pistol", "assault rifle",
                   "shotgun", "sword", "hand razors", "stun baton", "spear", "riot shield"):
        assert weapon in names, weapon
    assert library.weapons["ares-predator"].damage == "4d6+2"
    assert library.weapons["machine-pistol"].modes == ("SA", "BF", "AF")
    armor = {a.id: (a.pt, a.dr) for a in library.armor.values()}
    assert armor["light-armor"] == (15, 20) and armor["medium-armor"] == (25, 40)
    assert armor["heavy-armor"] == (35, 60) and armor["eldritch-armor-1"] == (15, 20)
    for item in ("armor-coat", "lined-coat", "armor-jacket"):
        assert item in armor


def test_bundled_roster_has_the_rule_examples_characters():
    characters = bundled_library().characters
    for ident in ("civilian", "security-guard", "ganger", "kicker", "vanya", "wombat",
                  "cutter", "pangen-abomination"):
        assert ident in characters
    abomination = characters["pangen-abomination"].attributes
    assert 14 + abomination.AG + abomination.CU == 26  # Ch.6 example: Dodge 26
    assert characters["vanya"].skills["ranged_close"] == 14
    assert characters["civilian"].health == 20


def test_wrong_type_names_field_expected_and_found(write):
    path = write("m.yaml", MAP_HEAD.replace("rows: 5", "rows: five"))
    [problem] = problems_of(path)
    assert problem.startswith(f"{path}:3:26: grid.rows: Input should be a valid integer")
    assert problem.endswith("found 'five'")


def test_unknown_field_suggests_the_near_miss(write):
    path = write("m.yaml", MAP_HEAD + "tokens:\n  - {id: a, character: civilian, sied: x, "
                                      "side: x, hex: [0, 0]}\n")
    [problem] = problems_of(path)
    assert problem.startswith(f"{path}:5:34: tokens[0].sied: unknown field 'sied'; "
                              "did you mean 'side'?")


def test_missing_field_points_at_the_mapping_that_lacks_it(write):
    path = write("m.yaml", MAP_HEAD + "tokens:\n  - {id: a, character: civilian, hex: [0, 0]}\n")
    assert problems_of(path) == [f"{path}:5:5: tokens[0].side: missing required field 'side'"]


def test_every_problem_is_reported_not_only_the_first(write):
    path = write("m.yaml", "kind: map\ngrid: {columns: 0, rows: 5, orientation: round}\n")
    found = problems_of(path)
    assert any(".name: missing" in p or ": name: missing" in p for p in found)
    assert any("grid.columns" in p for p in found)
    assert any("grid.orientation" in p and "'round'" in p for p in found)
    assert len(found) == 3


def test_unknown_kind_lists_the_known_ones(write):
    path = write("m.yaml", "kind: mapp\nname: x\n")
    with pytest.raises(DataError) as exc:
        load_file(path)
    assert str(exc.value) == (f"{path}:1:7: kind: 'kind' must be one of: catalogue, characters, "
                              "map, ruleset; found 'mapp'")


def test_token_outside_grid_and_stacked_tokens(write):
    path = write("m.yaml", MAP_HEAD + "tokens:\n"
                 "  - {id: a, character: civilian, side: x, hex: [0, 0]}\n"
                 "  - {id: b, character: civilian, side: x, hex: [0, 0]}\n"
                 "  - {id: c, character: civilian, side: x, hex: [9, 0]}\n")
    assert problems_of(path) == [
        f"{path}:6:48: tokens[1].hex: hex [0, 0] already holds token 'a'",
        f"{path}:7:48: tokens[2].hex: hex [9, 0] is outside the 6×5 grid (column 9, row 4)",
    ]


def test_unknown_character_and_gear_references(write):
    path = write("m.yaml", MAP_HEAD + "tokens:\n"
                 "  - {id: a, character: nobody, side: x, hex: [0, 0]}\n"
                 "characters:\n"
                 "  - id: local\n    name: Local\n"
                 "    attributes: {AG: 1, CU: 1, ST: 1, VI: 1, RE: 1, PR: 1}\n"
                 "    health: 10\n    stamina: 10\n    weapons: [laser-sword]\n")
    assert problems_of(path) == [  # in file order
        f"{path}:5:24: tokens[0].character: unknown character 'nobody'; define it under "
        "'characters' or in a roster in assets/npcs/",
        f"{path}:12:15: characters[0].weapons[0]: unknown weapons id 'laser-sword'; "
        "not in the catalogue",
    ]


def test_degenerate_cover_polygon(write):
    path = write("m.yaml", MAP_HEAD + "cover:\n  - {class: light, height: low, "
                                      "polygon: [[0, 0], [1, 1], [2, 2]]}\n")
    [problem] = problems_of(path)
    assert "cover[0].polygon: the polygon has no area" in problem


def test_missing_background_image(write):
    path = write("m.yaml", MAP_HEAD + "background: {image: nope.png, metres_per_pixel: 0.05}\n")
    [problem] = problems_of(path)
    assert problem.startswith(f"{path}:4:21: background.image: image file not found")


def test_ranged_weapon_needs_its_ranged_fields(write):
    path = write("c.yaml", "kind: catalogue\nweapons:\n  - {id: gun, name: Gun, kind: ranged, "
                           "skill: ranged_close, damage: 3d6+1}\n")
    with pytest.raises(DataError) as exc:
        load_file(path)
    assert str(exc.value).startswith(
        f"{path}:3:5: weapons[0]: a ranged weapon needs effective_range_m, magazine, modes")


def test_bad_dice_expression(write):
    path = write("c.yaml", "kind: catalogue\nweapons:\n  - {id: gun, name: Gun, kind: melee, "
                           "skill: brawl, damage: 3d6+x}\n")
    with pytest.raises(DataError, match=r"weapons\[0\]\.damage: String should match pattern"):
        load_file(path)


def test_duplicate_ids_in_a_roster(write):
    person = ("  - {id: bob, name: Bob, health: 5, stamina: 5,\n"
              "     attributes: {AG: 1, CU: 1, ST: 1, VI: 1, RE: 1, PR: 1}}\n")
    path = write("r.yaml", "kind: characters\ncharacters:\n" + person + person)
    with pytest.raises(DataError) as exc:
        load_file(path)
    assert str(exc.value) == (f"{path}:5:10: characters[1].id: duplicate id 'bob'; "
                              "ids must be unique")


def test_loaded_models_are_frozen(root):
    _doc, model = load_file(root / "assets" / "catalogue" / "gear.yaml")
    assert isinstance(model, Catalogue)
    with pytest.raises(Exception, match="frozen"):
        model.weapons[0].damage = "9d6"  # type: ignore[misc]
    _doc, roster = load_file(root / "assets" / "npcs" / "roster.yaml")
    assert isinstance(roster, Roster)


@pytest.mark.parametrize("orientation", list(Orientation))
def test_grid_offset_round_trip_and_bounds(orientation):
    grid = Grid(columns=7, rows=5, orientation=orientation)
    inside = [grid.axial_of(c, r) for c in range(7) for r in range(5)]
    assert len(set(inside)) == 35 and all(grid.contains(h) for h in inside)
    assert all(grid.offset_of(grid.axial_of(c, r)) == (c, r) for c in range(-3, 9)
               for r in range(-3, 8))
    assert not grid.contains(grid.axial_of(7, 0)) and not grid.contains(grid.axial_of(0, -1))


def test_map_model_is_importable_without_files():
    model = MapFile.model_validate({"kind": "map", "name": "x",
                                    "grid": {"columns": 2, "rows": 2}})
    assert model.grid.orientation is Orientation.FLAT and model.ruleset == "chapter6"


def test_an_attribute_error_names_the_attribute(write):
    path = write("r.yaml", "kind: characters\ncharacters:\n"
                 "  - {id: bob, name: Bob, health: 5, stamina: 5,\n"
                 "     attributes: {AG: 99, CU: 1, ST: 1, VI: 1, RE: 1, PR: 1}}\n")
    with pytest.raises(DataError) as exc:
        load_file(path)
    assert str(exc.value) == (f"{path}:4:23: characters[0].attributes.AG: Input should be "
                              "less than or equal to 20; found 99")


def test_a_value_that_fits_no_union_member_is_one_problem(tmp_path):
    case = tmp_path / "case.json"
    case.write_text('{"ruleset": "sr5", "attacker": {"pool": 9}, "weapon": {"kind": "ranged",'
                    ' "dv": 8}, "defender": {"pool": 5, "armor": -12, "body": 3}}')
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        assert main(["attack", str(case)]) == 1
    lines = err.getvalue().strip().splitlines()
    assert lines == [f"{case}:1:117: defender.armor: Input should be greater than or equal "
                     "to 0; found -12"]
