"""The content a map refers to by id: weapons, armor and characters.

The bundled catalogue and rosters (assets/) are always there; a map may add characters of
its own. Cross-file references are checked here so a typo in a map names the map's line.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from tactical.core.paths import assets_dir
from tactical.data.character import Character, Roster
from tactical.data.gear import Armor, Catalogue, Weapon
from tactical.data.kinds import load_file
from tactical.data.maps import MapFile
from tactical.data.pictures import picture_problem
from tactical.data.problems import DataError, Problem
from tactical.data.yamlsafe import YamlDocument


@dataclass(frozen=True)
class Library:
    weapons: Mapping[str, Weapon] = field(default_factory=dict)
    armor: Mapping[str, Armor] = field(default_factory=dict)
    characters: Mapping[str, Character] = field(default_factory=dict)

    def with_characters(self, characters: Iterable[Character]) -> Library:
        return Library(self.weapons, self.armor, {**self.characters,
                                                  **{c.id: c for c in characters}})

    def with_catalogue(self, catalogue: Catalogue | Roster | MapFile) -> Library:
        """With the gear of a catalogue, or the gear a roster or map carries itself."""
        return Library({**self.weapons, **{w.id: w for w in catalogue.weapons}},
                       {**self.armor, **{a.id: a for a in catalogue.armor}}, self.characters)


def bundled_files() -> list[Path]:
    root = assets_dir()
    return sorted((root / "catalogue").glob("*.yaml")) + sorted((root / "npcs").glob("*.yaml"))


@cache
def bundled_library() -> Library:
    """The catalogue and rosters shipped in assets/, validated (once per process)."""
    library = Library()
    problems: list[Problem] = []
    rosters: list[tuple[YamlDocument, Roster]] = []
    for path in bundled_files():
        try:
            doc, model = load_file(path)
        except DataError as exc:
            problems.extend(exc.problems)
            continue
        if isinstance(model, Catalogue):
            library = library.with_catalogue(model)
        elif isinstance(model, Roster):
            rosters.append((doc, model))
    for _doc, roster in rosters:
        library = library.with_characters(roster.characters).with_catalogue(roster)
    for doc, roster in rosters:
        problems.extend(character_problems(doc, roster.characters, library, "characters"))
    if problems:
        raise DataError(problems)
    return library


def character_problems(doc: YamlDocument, characters: Iterable[Character], library: Library,
                       field_name: str) -> Iterable[Problem]:
    for index, character in enumerate(characters):
        for slot, known in (("weapons", library.weapons), ("armor", library.armor)):
            for position, item in enumerate(getattr(character, slot)):
                if item not in known:
                    yield doc.problem((field_name, index, slot, position),
                                      f"unknown {slot} id '{item}'; not in the catalogue")


def reference_problems(doc: YamlDocument, model: object, library: Library) -> list[Problem]:
    """Problems with ids that a map or roster names but no loaded file defines."""
    if isinstance(model, Roster):
        library = library.with_characters(model.characters).with_catalogue(model)
        return list(character_problems(doc, model.characters, library, "characters"))
    if not isinstance(model, MapFile):
        return []
    library = library.with_characters(model.characters).with_catalogue(model)
    problems = list(character_problems(doc, model.characters, library, "characters"))
    base = Path(doc.file).parent
    if model.background is not None:
        problem = picture_problem(base, model.background.image)
        if problem:
            problems.append(doc.problem(("background", "image"), problem))
    for index, character in enumerate(model.characters):
        # a portrait not beside the map may be a bundled one (assets/portraits)
        if character.portrait and (base / character.portrait).exists() and \
                (problem := picture_problem(base, character.portrait)):
            problems.append(doc.problem(("characters", index, "portrait"), problem))
    for index, token in enumerate(model.tokens):
        if token.character not in library.characters:
            problems.append(doc.problem(
                ("tokens", index, "character"),
                f"unknown character '{token.character}'; define it under 'characters' "
                "or in a roster in assets/npcs/"))
    return sorted(problems, key=lambda p: (p.line, p.column))


@dataclass(frozen=True)
class LoadedMap:
    """A validated map with every id it names resolved."""

    path: Path
    map: MapFile
    library: Library

    def character(self, token_id: str) -> Character:
        token = next(t for t in self.map.tokens if t.id == token_id)
        return self.library.characters[token.character]


def load_map(path: Path | str, library: Library | None = None) -> LoadedMap:
    """Load a map file and check every reference; DataError lists all problems."""
    doc, model = load_file(path)
    if not isinstance(model, MapFile):
        raise DataError([doc.problem(("kind",), f"expected a map file (kind: map); "
                                                f"found kind '{getattr(model, 'kind', '?')}'")])
    base = bundled_library() if library is None else library
    problems = reference_problems(doc, model, base)
    if problems:
        raise DataError(problems)
    return LoadedMap(Path(path), model,
                     base.with_characters(model.characters).with_catalogue(model))
