"""Campaigns: the party and the state each member carries from fight to fight (format:
docs/formats.md#campaigns; the flow: docs/campaign.md).

A campaign file is read like every other file (bounded, validated, positioned problems),
migrated on read when an older version is opened, and written whole or not at all.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import Field

from tactical.core.atomic import write_file
from tactical.core.errors import TacticalError
from tactical.data.character import Character, Roster
from tactical.data.chummer.importer import read_character
from tactical.data.gear import Slug, duplicate_ids
from tactical.data.kinds import load_file
from tactical.data.problems import DataError, Loc
from tactical.data.schema import Frozen, validate
from tactical.data.yamlsafe import YamlDocument, parse_yaml, read_text

CAMPAIGN_VERSION = 1
#: version n → n + 1, applied in order to an older file's data before it is validated
#: (none yet: version 1 is the first; a later version adds its step here).
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}

Injury = Literal["light", "moderate", "serious", "critical", "lethal"]
#: The conditions that outlast a fight (ruling, docs/campaign.md): the rest (prone, pinned,
#: overwatch, grappled…) belong to the board and the moment.
LastingCondition = Literal["unconscious", "stabilised", "dead"]
LASTING_CONDITIONS: tuple[str, ...] = ("unconscious", "stabilised", "dead")
Care = Literal["none", "medical", "intensive"]
RestKind = Literal["none", "brief", "short", "long", "partial_long"]
LIMIT = 10_000


class Lasting(Frozen):
    """What a member carries out of a fight. `damage`, `stun` and `overflow` are the
    combatant's own fields: Chapter 6 Health lost (Stun's share in `stun`); under Shadowrun
    the Physical boxes filled (`overflow` included) and the Stun boxes filled."""

    damage: int = Field(default=0, ge=0, le=LIMIT)
    stun: int = Field(default=0, ge=0, le=LIMIT)
    overflow: int = Field(default=0, ge=0, le=LIMIT)
    fatigue: int = Field(default=0, ge=0, le=LIMIT)
    injury: Injury | None = None  # Ch.6: the worst injury still healing
    treated: bool = False  # Ch.6 First aid: once per injury
    conditions: tuple[LastingCondition, ...] = ()
    ammo: dict[Slug, int] = Field(default_factory=dict)  # rounds loaded, per weapon id
    edge_spent: int = Field(default=0, ge=0, le=LIMIT)
    # Ch.6 l.742: a stabilised Lethal injury dies within these hours without intensive care
    care_within_hours: int | None = Field(default=None, ge=0, le=LIMIT)
    # days of recovery counted toward a Health a week (Ch.6 l.950, l.954)
    week_days: int = Field(default=0, ge=0, le=6)

    def has(self, condition: str) -> bool:
        return condition in self.conditions


Kit = Literal["medkit", "some_equipment", "improvised", "trauma_kit", "autodoc"]


class FirstAidPlan(Frozen):
    """First aid between fights (Ch.6 l.900-934): one member treats another's injury."""

    healer: Slug
    patient: Slug
    kit: Kit = "medkit"


class RestPlan(Frozen):
    """Time passed between fights (docs/campaign.md): a rest, days of recovery under a
    level of care, and the GM's reload and Edge refresh."""

    rest: RestKind = "none"
    days: int = Field(default=0, ge=0, le=365)
    care: Care = "none"
    reload: bool = False
    refresh_edge: bool = False
    first_aid: tuple[FirstAidPlan, ...] = Field(default=(), max_length=100)

    def title(self) -> str:
        parts = [f"first aid for {', '.join(f.patient for f in self.first_aid)}"] \
            if self.first_aid else []
        parts += [f"{self.rest.replace('_', ' ')} rest"] if self.rest != "none" else []
        if self.days:
            parts.append(f"{self.days} day{'s' if self.days != 1 else ''} of recovery"
                         + (f" ({self.care} care)" if self.care != "none" else ""))
        parts += ["reload"] * self.reload + ["Edge refreshed"] * self.refresh_edge
        return ", ".join(parts) or "nothing"


class Member(Frozen):
    """One of the party: its token id in a fight, its sheet, its lasting state. The sheet
    is the inline `sheet`, a character of the `roster` file, a `.chum5` file, or (none of
    those) the bundled rosters' or the map's character `character`."""

    id: Slug
    character: Slug
    side: Slug = "players"
    sheet: Character | None = None
    roster: str | None = None  # a roster file, relative to the campaign file
    chum5: str | None = None  # a Chummer save file, relative to the campaign file
    state: Lasting = Field(default_factory=Lasting)

    def problems(self) -> Iterable[tuple[Loc, str]]:
        given = [name for name in ("sheet", "roster", "chum5") if getattr(self, name)]
        if len(given) > 1:
            yield (given[1],), f"one sheet per member: {' and '.join(given)} both given"
        if self.sheet is not None and self.sheet.id != self.character:
            yield ("sheet", "id"), f"the sheet's id '{self.sheet.id}' is not the member's " \
                                   f"character '{self.character}'"


class HistoryEntry(Frozen):
    """A fight carried or a rest taken. `before`: the party's states before it, so a rest
    can be taken back until the next fight."""

    kind: Literal["start", "fight", "rest"]  # a fight started, carried back; a rest
    when: str
    title: str
    map: str | None = None
    log: str | None = None  # the fight's encounter log
    changes: tuple[str, ...] = ()
    before: dict[Slug, Lasting] = Field(default_factory=dict)


class Campaign(Frozen):
    kind: Literal["campaign"]
    version: int = Field(default=CAMPAIGN_VERSION, ge=1, le=CAMPAIGN_VERSION)
    name: str = ""
    ruleset: str = Field(default="chapter6", pattern=r"^[a-z][a-z0-9]*$")
    party: tuple[Member, ...] = Field(min_length=1, max_length=100)
    history: tuple[HistoryEntry, ...] = ()

    def problems(self) -> Iterable[tuple[Loc, str]]:
        yield from duplicate_ids("party", self.party)

    def member(self, member_id: str) -> Member:
        return next(m for m in self.party if m.id == member_id)

    def with_states(self, states: dict[str, Lasting], entry: HistoryEntry) -> Campaign:
        party = tuple(m.model_copy(update={"state": states.get(m.id, m.state)})
                      for m in self.party)
        return self.model_copy(update={"party": party, "history": (*self.history, entry)})


# --- reading and writing


def migrate(doc: YamlDocument) -> YamlDocument:
    """An older campaign's data brought up to CAMPAIGN_VERSION (a newer one is refused by
    name: this Tactical cannot know what it means)."""
    data = doc.data
    if not isinstance(data, dict):
        return doc
    version = data.get("version", CAMPAIGN_VERSION)
    if isinstance(version, int) and not isinstance(version, bool):
        if version > CAMPAIGN_VERSION:
            raise DataError([doc.problem(("version",), (
                f"campaign version {version} was written by a newer Tactical; this one "
                f"reads versions 1 to {CAMPAIGN_VERSION}"))])
        for step in range(max(version, 1), CAMPAIGN_VERSION):
            data = {**MIGRATIONS[step](data), "version": step + 1}
    return YamlDocument(doc.file, data, doc.node, doc.marks, doc.bools)


def load_campaign(path: Path | str) -> Campaign:
    """Read a campaign file; DataError names the file, line and field of every problem."""
    file, text, _raw = read_text(path)
    doc = migrate(parse_yaml(text, file))
    data = doc.data
    if not isinstance(data, dict) or data.get("kind") != "campaign":
        found = data.get("kind") if isinstance(data, dict) else type(data).__name__
        raise DataError([doc.problem(("kind",) if isinstance(data, dict) else (),
                                     f"expected a campaign file (kind: campaign); found "
                                     f"{found!r}")])
    return validate(doc, Campaign)


def campaign_text(campaign: Campaign) -> str:
    data = campaign.model_dump(mode="json", by_alias=True, exclude_defaults=True)
    data = {"kind": "campaign", "version": CAMPAIGN_VERSION, "ruleset": campaign.ruleset,
            **data}
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100)


def save_campaign(path: Path, campaign: Campaign) -> None:
    """Whole or not at all (core/atomic.py): a crash mid-save keeps the previous file."""
    write_file(Path(path), campaign_text(campaign).encode("utf-8"))


# --- sheets

#: Readers of character files by suffix: each returns the file's character as a
#: one-character roster with the gear it carries (".chum5": the Chummer import's
#: conversion, tactical/data/chummer/importer.py).
SHEET_READERS: dict[str, Callable[[Path], Roster]] = {".chum5": read_character}


def member_source(member: Member, campaign_file: Path, characters: dict[str, Character]
                  ) -> tuple[Character, Roster | None]:
    """The member's sheet and the roster it comes from, whose gear (an imported
    character's own weapons and armor) goes into the fight's library with it; DataError
    naming the campaign file when it cannot be found."""
    base = Path(campaign_file).parent
    if member.sheet is not None:
        return member.sheet, None
    if member.roster is not None:
        _doc, model = load_file(base / member.roster)
        if not isinstance(model, Roster):
            raise _sheet_error(campaign_file, member, f"{member.roster} is not a roster "
                                                      "(kind: characters)")
        found = next((c for c in model.characters if c.id == member.character), None)
        if found is None:
            raise _sheet_error(campaign_file, member, f"no character '{member.character}' "
                                                      f"in {member.roster}")
        return found, model
    if member.chum5 is not None:
        reader = SHEET_READERS.get(Path(member.chum5).suffix.lower())
        if reader is None:
            raise _sheet_error(campaign_file, member, f"chum5: {member.chum5}: this Tactical "
                                                      "reads only .chum5 files")
        try:
            read = reader(base / member.chum5)
        except TacticalError as error:
            raise _sheet_error(campaign_file, member, f"chum5: {error}") from None
        sheet = read.characters[0]
        if sheet.id != member.character:
            raise _sheet_error(campaign_file, member, (
                f"chum5: {member.chum5} holds '{sheet.id}' ({sheet.name}), not the member's "
                f"character '{member.character}'; set character: {sheet.id}"))
        return sheet, read
    if member.character not in characters:
        raise _sheet_error(campaign_file, member, f"unknown character '{member.character}';"
                                                  " give a sheet, a roster or a .chum5 file")
    return characters[member.character], None


def member_sheet(member: Member, campaign_file: Path,
                 characters: dict[str, Character]) -> Character:
    """The member's sheet (DataError naming the campaign file when it cannot be found)."""
    return member_source(member, campaign_file, characters)[0]


def _sheet_error(campaign_file: Path, member: Member, message: str) -> DataError:
    from tactical.data.problems import Problem

    return DataError([Problem(str(campaign_file), 1, 1, f"party.{member.id}", message)])


def chummer_monitors(member: Member) -> dict[str, int]:
    """What writing a member's wounds back into its .chum5 would write (the Chummer
    write-back's hook): the filled boxes of its condition monitors, overflow counted on
    the Physical monitor as Chummer counts it."""
    return {"physicalcmfilled": member.state.damage, "stuncmfilled": member.state.stun}
