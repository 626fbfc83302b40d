"""Mid-fight terrain changes (issue 15): a door opened or closed, a wall blown open, a cover
piece added. Each is a command in the encounter log like any other, so sight, cover,
passable hexes and reaction triggers follow at once (the oracle rebuilds its geometry for
the state's terrain, encounter/queries/oracle.py) and undo takes them back.

Logs written before these existed never name them: their states keep the map's cover
(EncounterState.cover_removed and cover_added default to nothing).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from pydantic import ValidationError

from tactical.core.errors import InvalidCommand
from tactical.data.maps import Cover, MapFile
from tactical.encounter import commands as cmd
from tactical.encounter import events as ev
from tactical.encounter.batch import Batch, refuse_unless
from tactical.encounter.evolve import handles
from tactical.encounter.model import AddedCover, EncounterState

# --- commands


@dataclass(frozen=True, slots=True)
class RemoveCover:
    """Take a map cover away: open a door (`reason` "opened"), blow a wall open."""

    cover: str  # the cover's id (or cover-<index> for a cover without one)
    reason: str = "removed"


@dataclass(frozen=True, slots=True)
class RestoreCover:
    """Put a removed cover back: close a door."""

    cover: str
    reason: str = "restored"


@dataclass(frozen=True, slots=True)
class AddCover:
    """A new cover piece (rubble, a dropped shutter): the map's cover fields."""

    id: str
    label: str
    cover_class: str
    height: str
    polygon: tuple[tuple[float, float], ...]


# --- events


@ev.event
class CoverRemoved:
    cover: str
    label: str
    reason: str


@ev.event
class CoverRestored:
    cover: str
    label: str
    reason: str


@ev.event
class CoverAdded:
    id: str
    label: str
    cover_class: str
    height: str
    polygon: tuple[tuple[float, float], ...]


@handles(CoverRemoved)
def _removed(state: EncounterState, e: CoverRemoved) -> EncounterState:
    if any(a.id == e.cover for a in state.cover_added):  # an added piece goes entirely
        return replace(state, cover_added=tuple(a for a in state.cover_added
                                                if a.id != e.cover))
    return replace(state, cover_removed=state.cover_removed | {e.cover})


@handles(CoverRestored)
def _restored(state: EncounterState, e: CoverRestored) -> EncounterState:
    return replace(state, cover_removed=state.cover_removed - {e.cover})


@handles(CoverAdded)
def _added(state: EncounterState, e: CoverAdded) -> EncounterState:
    return replace(state, cover_added=(*state.cover_added, AddedCover(
        e.id, e.label, e.cover_class, e.height,
        tuple((float(p[0]), float(p[1])) for p in e.polygon))))


# --- the map as it stands


def map_covers(m: MapFile) -> dict[str, Cover]:
    """The map's covers by id (cover-<index> for a cover without one, as the geometry)."""
    return {c.id or f"cover-{i}": c for i, c in enumerate(m.cover)}


def current_cover(m: MapFile, state: EncounterState) -> tuple[Cover, ...]:
    """The map's cover with the state's terrain changes applied, ids made explicit."""
    kept = tuple(c.model_copy(update={"id": key}) for key, c in map_covers(m).items()
                 if key not in state.cover_removed)
    added = tuple(Cover.model_validate({"id": a.id, "label": a.label, "class": a.cover_class,
                                        "height": a.height, "polygon": a.polygon})
                  for a in state.cover_added)
    return kept + added


def terrain_key(state: EncounterState) -> tuple[frozenset[str], tuple[AddedCover, ...]]:
    return state.cover_removed, state.cover_added


# --- deciding


def _label(batch: Batch, cover: str) -> str:
    covers = map_covers(batch.ctx.loaded.map)
    if cover in covers:
        return covers[cover].label or cover
    added = next((a for a in batch.state.cover_added if a.id == cover), None)
    if added is None:
        known = ", ".join(list(covers)[:8]) or "the map has none"
        raise InvalidCommand(f"no cover '{cover}' on the map (e.g. {known})")
    return added.label or cover


def _standing_in(batch: Batch, cover: Cover) -> list[str]:
    """Combatants whose hex centre a (restored or new) cover would cover."""
    from shapely.geometry import Point, Polygon

    from tactical.geometry.layout import hex_to_point, layout_for

    layout = layout_for(batch.ctx.loaded.map.grid, batch.ctx.rules.metres_per_hex)
    shape = Polygon(cover.polygon)
    return [c.name for c in batch.state if shape.contains(Point(hex_to_point(layout, c.hex)))]


def remove_cover(batch: Batch, command: RemoveCover) -> None:
    label = _label(batch, command.cover)
    refuse_unless((command.cover not in batch.state.cover_removed,
                   f"{label} is already gone"))
    batch.emit(CoverRemoved(command.cover, label, command.reason))


def restore_cover(batch: Batch, command: RestoreCover) -> None:
    label = _label(batch, command.cover)
    cover = map_covers(batch.ctx.loaded.map).get(command.cover)
    refuse_unless((command.cover in batch.state.cover_removed, f"{label} is in place"))
    assert cover is not None
    inside = _standing_in(batch, cover)
    refuse_unless((not inside, f"{', '.join(inside)} stands where {label} would be"))
    batch.emit(CoverRestored(command.cover, label, command.reason))


def add_cover(batch: Batch, command: AddCover) -> None:
    try:
        cover = Cover.model_validate({"id": command.id, "label": command.label,
                                      "class": command.cover_class, "height": command.height,
                                      "polygon": command.polygon})
    except ValidationError as error:
        first = error.errors()[0]
        raise InvalidCommand(f"AddCover: {'.'.join(map(str, first['loc']))}: "
                             f"{first['msg']}") from None
    taken = set(map_covers(batch.ctx.loaded.map)) | {a.id for a in batch.state.cover_added}
    refuse_unless((command.id not in taken, f"a cover '{command.id}' exists already"))
    inside = _standing_in(batch, cover)
    refuse_unless((not inside, f"{', '.join(inside)} stands where it would be"))
    batch.emit(CoverAdded(command.id, command.label, cover.cover_class.value, cover.height,
                          cover.polygon))


HANDLERS: dict[type, Callable[[Batch, Any], None]] = {
    RemoveCover: remove_cover, RestoreCover: restore_cover, AddCover: add_cover}
cmd.COMMAND_TYPES.update({c.__name__: c for c in HANDLERS})
