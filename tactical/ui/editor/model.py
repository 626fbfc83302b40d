"""The map being edited: a mutable draft of a MapFile that undo commands change and views
re-read (STYLE: the document owns the state, items re-read it). `to_map()` is validated by
the same schema as `tactical validate`, so what is saved always loads."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from tactical.data.character import Character
from tactical.data.gear import Armor, Weapon
from tactical.data.maps import Background, Cover, Grid, MapFile, Side, Token
from tactical.rules import registry

DEFAULT_SIDES = {"players": Side(name="Players", colour="#3d7be0"),
                 "enemies": Side(name="Enemies", colour="#d04040")}


@dataclass
class Draft:
    name: str
    grid: Grid
    background: Background | None = None
    picture: Path | None = None  # the background's file, wherever it is until saved
    description: str = ""
    ruleset: str = registry.DEFAULT
    sides: dict[str, Side] = field(default_factory=lambda: dict(DEFAULT_SIDES))
    cover: list[Cover] = field(default_factory=list)
    tokens: list[Token] = field(default_factory=list)
    characters: list[Character] = field(default_factory=list)
    weapons: list[Weapon] = field(default_factory=list)  # the map's own gear (imports)
    armor: list[Armor] = field(default_factory=list)

    @classmethod
    def of(cls, m: MapFile, folder: Path | None) -> Draft:
        picture = folder / m.background.image if folder and m.background else None
        # A map without sides gets the tokens' sides named, or Players and Enemies, so
        # the roster panel has sides to offer (a map with sides lists every token's).
        sides = dict(m.sides) or {t.side: Side(name=t.side.replace("-", " ").title())
                                  for t in m.tokens} or dict(DEFAULT_SIDES)
        return cls(name=m.name, grid=m.grid, background=m.background, picture=picture,
                   description=m.description, ruleset=m.ruleset, sides=sides,
                   cover=list(m.cover), tokens=list(m.tokens), characters=list(m.characters),
                   weapons=list(m.weapons), armor=list(m.armor))

    def to_map(self) -> MapFile:
        return MapFile.model_validate({
            "kind": "map", "name": self.name, "description": self.description,
            "ruleset": self.ruleset, "grid": self.grid, "background": self.background,
            "sides": self.sides, "cover": tuple(self.cover), "tokens": tuple(self.tokens),
            "characters": tuple(self.characters), "weapons": tuple(self.weapons),
            "armor": tuple(self.armor)})


class EditorModel(QObject):
    """The draft and a `changed` signal every command emits after changing it."""

    changed = Signal()

    def __init__(self, draft: Draft, path: Path | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.draft = draft
        self.path = path  # where the map was loaded from or last saved

    def touch(self) -> None:
        self.changed.emit()
