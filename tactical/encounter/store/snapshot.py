"""What a log's header carries so it replays the same fight anywhere (issue 11): the map as
validated, every character and catalogue entry, and the rule numbers the fight started with.

A log names its map by path too, but only for the picture under the grid: a copy of the log
in another folder, or a map edited since (a token moved, renamed or removed), replays the
original fight from the snapshot. Old logs without one (format 1 before this) still open:
their map is read from the path, relative to the log's folder (migrate on read).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from tactical.data.character import LEFT_TO_THE_GAME, Character
from tactical.data.gear import Armor, Weapon
from tactical.data.library import Library, LoadedMap, character_problems, load_map
from tactical.data.maps import MapFile
from tactical.data.pictures import picture_problem
from tactical.data.problems import DataError
from tactical.data.schema import validate
from tactical.data.yamlsafe import YamlDocument
from tactical.encounter.store.log import LogError
from tactical.rules import registry
from tactical.rules.basenumbers import BaseNumbers

SNAPSHOT = "snapshot"


def _dump(model: BaseModel) -> dict[str, Any]:
    return model.model_dump(mode="json", by_alias=True)


def _sheet(sheet: Character) -> dict[str, Any]:
    """A sheet as JSON, without the speed and reach it left to the game's numbers: a fight
    resumed under its header's (house) numbers gives those sheets the house's speed and
    reach, as the fight did. (A header written before this lists them: kept as written.)"""
    dump = _dump(sheet)
    for name in LEFT_TO_THE_GAME:
        if name not in sheet.model_fields_set:
            dump.pop(name, None)
    return dump


def snapshot_of(loaded: LoadedMap, ruleset: str, base: BaseNumbers | None = None,
                numbers: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The map, sheets, catalogue and rule numbers, as JSON for the header: the base game's
    numbers the engine plays with (`base`, house rules included) first, then the files of
    the ruleset the fight is played under (`numbers`: the ones it plays with, if not the
    bundled files)."""
    library = loaded.library
    rules: dict[str, Any] = {registry.DEFAULT: (base or registry.base_numbers()).model_dump(
        mode="json", by_alias=True)}
    played = registry.ruleset(ruleset).with_numbers(numbers or {})
    for rid, model in played.number_files().items():
        rules.setdefault(rid, _dump(model))
    return {"map": _dump(loaded.map),
            "characters": [_sheet(c) for c in library.characters.values()],
            "weapons": [_dump(w) for w in library.weapons.values()],
            "armor": [_dump(a) for a in library.armor.values()],
            "rules": rules}


def _list(doc: YamlDocument, snap: dict[str, Any], name: str, model: type[Any]) -> list[Any]:
    items = snap.get(name, [])
    if not isinstance(items, list):
        raise DataError([doc.problem((SNAPSHOT, name), "expected a list")])
    return [validate(doc, model, item, (SNAPSHOT, name, i)) for i, item in enumerate(items)]


def loaded_from_snapshot(header: dict[str, Any], log_path: Path
                         ) -> tuple[LoadedMap, BaseNumbers, dict[str, Any], list[str]]:
    """The map and library the fight started with, its base game's numbers, the other
    rulesets' numbers (by id, as stored: the engine plays with them), and warnings (rule
    numbers that changed since the fight was played)."""
    snap = header[SNAPSHOT]
    # Problems are positioned on line 1 (the header) with the field's path inside it.
    doc = YamlDocument(str(log_path), header, None)
    if not isinstance(snap, dict):
        raise DataError([doc.problem((SNAPSHOT,), "expected an object")])
    mapfile = validate(doc, MapFile, snap.get("map"), (SNAPSHOT, "map"))
    library = Library({w.id: w for w in _list(doc, snap, "weapons", Weapon)},
                      {a.id: a for a in _list(doc, snap, "armor", Armor)},
                      {c.id: c for c in _list(doc, snap, "characters", Character)})
    characters = list(library.characters.values())
    problems = list(character_problems(doc, characters, library, f"{SNAPSHOT}.characters"))
    for index, token in enumerate(mapfile.tokens):
        if token.character not in library.characters:
            problems.append(doc.problem((SNAPSHOT, "map", "tokens", index, "character"),
                                        f"unknown character '{token.character}'"))
    rules = snap.get("rules")
    if not isinstance(rules, dict) or registry.DEFAULT not in rules:
        problems.append(doc.problem((SNAPSHOT, "rules"), "the rule numbers are missing"))
    if problems:
        raise DataError(problems)
    assert isinstance(rules, dict)
    base = registry.read_base_numbers(doc, rules[registry.DEFAULT],
                                      (SNAPSHOT, "rules", registry.DEFAULT))
    warnings = []
    others: dict[str, Any] = {}
    for rid, numbers in rules.items():
        if rid == registry.DEFAULT:
            continue
        try:
            bundled = registry.ruleset(rid)
            current = bundled.number_files().get(rid)
            bundled.with_numbers({rid: numbers})  # validated as the engine will read them
        except registry.UnknownRuleset as error:
            raise DataError([doc.problem((SNAPSHOT, "rules", rid), str(error))]) from None
        except ValidationError as error:
            raise DataError([doc.problem((SNAPSHOT, "rules", rid),
                                         f"not {rid.upper()} rule numbers: "
                                         f"{error.error_count()} problem(s)")]) from None
        others[rid] = numbers
        if current is None or numbers != _dump(current):
            warnings.append(f"{log_path}: the {rid.upper()} rule numbers have changed "
                            "since this fight was played; replaying it under the ones it "
                            "was played with")
    path, mapfile, missing = _picture_home(header, log_path, mapfile)
    warnings += missing
    return LoadedMap(path, mapfile, library), base, others, warnings


def _picture_home(header: dict[str, Any], log_path: Path,
                  mapfile: MapFile) -> tuple[Path, MapFile, list[str]]:
    """Where the background picture is: beside the map the header names, or beside the log
    (a log sent with its picture). The picture is checked like `validate` checks it (a
    regular file, decodable); if it is nowhere, the board shows none and a warning says so."""
    where = header.get("map")
    homes = [Path(where)] if isinstance(where, str) and where else []
    homes.append(log_path)
    if mapfile.background is None:
        return homes[0], mapfile, []
    for home in homes:
        if picture_problem(home.parent, mapfile.background.image) is None:
            return home, mapfile, []
    return (log_path, mapfile.model_copy(update={"background": None}),
            [f"{log_path}: the background picture {mapfile.background.image} was not found "
             "beside the map or the log; the board shows no picture (the fight is the same)"])


def loaded_from_path(header: dict[str, Any], log_path: Path) -> LoadedMap:
    """An old log's map, read from the path in its header (relative to the log's folder)."""
    map_path = header.get("map")
    if not isinstance(map_path, str) or not map_path:
        raise LogError(f"{log_path}:1: map: the log's header names no map")
    candidate = Path(map_path)
    if not candidate.is_absolute():
        candidate = log_path.parent / candidate
    if not candidate.exists():
        raise LogError(f"{log_path}:1: map: this log was written before logs carried their "
                       f"map, and its map {map_path} is not at {candidate}; put the map "
                       "back there (or open the log from the folder it was written in)")
    return load_map(candidate)
