"""Characters and NPCs (format: docs/formats.md#characters)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from pydantic import Field

from tactical.data.gear import Armor, DamageType, Slug, Weapon, duplicate_ids
from tactical.data.pictures import RelativePicture
from tactical.data.problems import Loc
from tactical.data.schema import Frozen


class Attributes(Frozen):
    """Ch.6 attributes: Agility, Cunning, Strength, Vigor, Resolve, Presence."""

    AG: int = Field(ge=0, le=20)
    CU: int = Field(ge=0, le=20)
    ST: int = Field(ge=0, le=20)
    VI: int = Field(ge=0, le=20)
    RE: int = Field(ge=0, le=20)
    PR: int = Field(ge=0, le=20)


class Resistance(Frozen):
    """Ch.6 Resistances and Vulnerabilities: PT/DR changes against one damage type
    (negative numbers are a vulnerability)."""

    damage: DamageType
    pt: int = Field(default=0, ge=-100, le=100)
    dr: int = Field(default=0, ge=-100, le=100)


class ShadowrunStats(Frozen):
    """The numbers the SR4/SR5 rulesets read (attributes and dice pools)."""

    body: int = Field(ge=1, le=20)
    agility: int = Field(ge=1, le=20)
    reaction: int = Field(ge=1, le=20)
    strength: int = Field(ge=1, le=20)
    willpower: int = Field(ge=1, le=20)
    intuition: int = Field(ge=1, le=20)
    logic: int = Field(default=3, ge=1, le=20)
    charisma: int = Field(default=3, ge=1, le=20)
    skills: dict[Slug, int] = Field(default_factory=dict)
    physical_limit: int | None = Field(default=None, ge=1)
    initiative_dice: int = Field(default=1, ge=1, le=5)  # SR5: 1 + enhancements (d6)
    initiative_passes: int = Field(default=1, ge=1, le=4)  # SR4: 1 + cyberware or magic


class ChummerVehicle(Frozen):
    """A vehicle or drone of an imported Chummer character: its Physical monitor."""

    index: int = Field(ge=0)  # its place among the file's <vehicles>
    name: str
    guid: str = ""
    boxes: int = Field(ge=1, le=100)
    filled: int = Field(default=0, ge=0, le=100)


class ChummerLink(Frozen):
    """Where an imported character came from (issue 29): the `.chum5` (a path relative to
    the roster's folder, or absolute), a SHA-256 of its bytes at the import (the
    write-back asks before it writes over a file changed since), and its condition
    monitors as Chummer had them: sizes and boxes already filled."""

    file: str = Field(min_length=1, max_length=4096)
    sha256: str = Field(pattern=r"^[0-9a-f]{64}$")
    edition: Literal["SR4", "SR5"] = "SR5"
    physical_boxes: int = Field(ge=1, le=100)
    stun_boxes: int = Field(ge=1, le=100)
    physical_filled: int = Field(default=0, ge=0, le=200)
    stun_filled: int = Field(default=0, ge=0, le=100)
    vehicles: tuple[ChummerVehicle, ...] = Field(default=(), max_length=100)


class Character(Frozen):
    id: Slug
    name: str
    description: str = ""
    attributes: Attributes
    skills: dict[Slug, int] = Field(default_factory=dict)
    health: int = Field(ge=1, le=1000)
    stamina: int = Field(ge=1, le=1000)
    edge: int = Field(default=0, ge=0, le=20)
    speed_m: float = Field(default=10.0, gt=0, le=200)  # Ch.6 Movement: default 10 m
    reach_m: float = Field(default=2.0, gt=0, le=20)  # Ch.6 Melee: adjacent hex
    size: Literal["small", "medium", "large", "huge"] = "medium"
    # Ch.6 Mount/Dismount (l.208): a mount or vehicle carries this many riders (0: none)
    carries: int = Field(default=0, ge=0, le=20)
    initiative_dice: int = Field(default=1, ge=1, le=6)  # Ch.6 Initiative: 1d6 + AG + CU
    armor: tuple[Slug, ...] = ()  # catalogue ids, worn together (layered)
    weapons: tuple[Slug, ...] = ()  # catalogue ids; the first is the ready weapon
    traits: tuple[Slug, ...] = ()
    resistances: tuple[Resistance, ...] = ()
    portrait: RelativePicture | None = None  # image path, relative to the file
    shadowrun: ShadowrunStats | None = None
    chummer: ChummerLink | None = None  # an imported character's file (docs/campaign.md)


class Roster(Frozen):
    kind: Literal["characters"]
    version: Literal[1] = 1
    name: str = ""
    characters: tuple[Character, ...]
    # gear only this roster's characters use (an import's weapons: docs/formats.md)
    weapons: tuple[Weapon, ...] = ()
    armor: tuple[Armor, ...] = ()

    def problems(self) -> Iterable[tuple[Loc, str]]:
        yield from duplicate_ids("characters", self.characters)
        yield from duplicate_ids("weapons", self.weapons)
        yield from duplicate_ids("armor", self.armor)


#: A sheet's fields that, left out, are the game's numbers (`movement.speed_m`,
#: `default_reach_m`): what a copy of the sheet must leave out too when the sheet did.
LEFT_TO_THE_GAME = ("speed_m", "reach_m")


def sheet_reach_m(sheet: Character, default_reach_m: float) -> float:
    """Ch.6 Melee: the sheet's reach, else the ruleset's `default_reach_m` (an adjacent hex):
    a sheet that does not write its reach takes the game's."""
    return sheet.reach_m if "reach_m" in sheet.model_fields_set else default_reach_m
