"""An imported Chummer character in the editor (issue 29): placed from its roster, its own
gear comes into the map with it, so the saved map stands alone and validates; a map with
gear of its own keeps it through the editor."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF

from tactical.cli import main
from tactical.data.library import load_map
from tactical.ui.editor import blank_draft
from tactical.ui.editor.model import Draft

FIXTURES = Path(__file__).parents[1] / "data" / "chummer"


@pytest.fixture
def editor(window):
    return window.edit_mode.enter(blank_draft(10, 8), None)


def test_an_imported_character_brings_its_gear_into_the_map(window, editor, tmp_path):
    shutil.copy(FIXTURES / "newer.chum5", tmp_path)
    roster = tmp_path / "party.yaml"
    assert main(["import", str(tmp_path / "newer.chum5"), "--out", str(roster)]) == 0
    assert editor.open_roster(roster)
    editor.drop_characters(["glitch"], QPointF(3.5, 4.0))
    draft = editor.model.draft
    assert [c.id for c in draft.characters] == ["glitch"]
    assert {w.id for w in draft.weapons} == {"glitch-ares-alpha", "glitch-combat-knife"}
    assert [a.id for a in draft.armor] == ["glitch-armor"]
    path = tmp_path / "out" / "map.yaml"
    path.parent.mkdir()
    assert window.edit_mode._save_to(path)
    assert main(["validate", str(path)]) == 0  # no roster needed beside the map
    assert load_map(path).library.weapons["glitch-ares-alpha"].shadowrun.accuracy == 5
    editor.stack.undo()  # one step: token, character and gear
    assert draft.characters == [] and draft.weapons == [] and draft.armor == []


def test_a_maps_own_gear_survives_the_editor() -> None:
    alley = Path(__file__).parents[1] / "scenarios" / "maps" / "chummer_alley.yaml"
    loaded = load_map(alley)
    again = Draft.of(loaded.map, alley.parent).to_map()
    assert again.weapons == loaded.map.weapons and again.armor == loaded.map.armor
