"""A campaign's party back into Chummer (docs/campaign.md): for each member whose sheet
comes from a Chummer-imported roster entry (its `chummer:` link) or a `chum5:` file, the
monitors it carries (`chummer_monitors`) written back by the one write-back
(`writeback.plan` / `write_back`): a backup kept, only those elements changed, a file
saved since its import refused unless forced."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from tactical.data.campaign import Campaign, Member, chummer_monitors, member_source
from tactical.data.character import Character
from tactical.data.chummer.writeback import Wounds, WriteBack, plan, write_back


@dataclass(frozen=True)
class PartyWrite:
    """One member's write-back: its sheet, the roster whose link is updated (None for a
    `chum5:` member) and the boxes its campaign state holds."""

    member: Member
    character: Character
    roster: Path | None
    wounds: Wounds


def party_writes(campaign: Campaign, campaign_file: Path) -> list[PartyWrite]:
    """The members linked to a `.chum5`, with what would be written (the others are not
    Chummer characters: nothing to write for them)."""
    base = Path(campaign_file).parent
    writes = []
    for member in campaign.party:
        if member.roster is None and member.chum5 is None:
            continue
        character, _source = member_source(member, campaign_file, {})
        if character.chummer is None:
            continue
        boxes = chummer_monitors(member)
        roster = base / member.roster if member.roster is not None else None
        writes.append(PartyWrite(member, character, roster,
                                 Wounds(boxes["physicalcmfilled"], boxes["stuncmfilled"])))
    return writes


def plan_party(writes: list[PartyWrite], *, force: bool = False) -> list[WriteBack]:
    """What each write would do (nothing written); ChangedSinceImport or TacticalError
    for the first that cannot be written."""
    return [plan(w.character, w.roster, w.wounds, force=force) for w in writes]


def write_party(writes: list[PartyWrite], *, force: bool = False) -> list[WriteBack]:
    """Every member's monitors into its `.chum5`. Every write is planned (checked) first,
    so a refused file writes none of them."""
    plan_party(writes, force=force)
    return [write_back(w.character, w.roster, w.wounds, force=force) for w in writes]
