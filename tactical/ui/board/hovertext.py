"""Texts for the status bar and tooltips, from the document alone (no Qt): the hovered hex,
its distance from the selected token, the cover between them and the weapon's band."""

from __future__ import annotations

import shapely

from tactical.core.types import Hex
from tactical.encounter.model import Condition
from tactical.geometry.bands import band_at, weapon_range
from tactical.geometry.hexgrid import hex_distance
from tactical.geometry.sight import CoverLevel, sight
from tactical.ui.document import EncounterDocument
from tactical.ui.rulesets import view_of


def cover_description(document: EncounterDocument, point: tuple[float, float]) -> str:
    """The cover under a point: label, class, height, PT/DR (a tooltip), or ""."""
    mg = document.oracle.geometry
    hits = mg.tree.query(shapely.Point(*point), predicate="intersects")
    if not len(hits):
        return ""
    i = max(hits.tolist(), key=lambda j: (bool(mg.high[j]), int(mg.rank[j])))
    cover_class = mg.classes[i]
    ptdr = document.encounter.ctx.rules.cover_classes.get(cover_class.value)
    height = "high: blocks sight" if mg.high[i] else "low: cover only, does not block sight"
    pt = f" · PT {ptdr.pt} / DR {ptdr.dr}" if ptdr is not None else ""
    return f"{mg.cover_labels[i] or 'Cover'} — {cover_class.value} ({height}){pt}"


def hover_text(document: EncounterDocument, h: Hex | None) -> str:
    """'Hex 9,2 · 10 m from Kicker · full cover (Crates, medium) · Short +0 (Shotgun)'."""
    if h is None:
        return ""
    grid = document.loaded.map.grid
    if not grid.contains(h):
        return f"Hex {h[0]},{h[1]} · off the map"
    parts = [f"Hex {h[0]},{h[1]}"]
    state = document.state
    occupant = state.occupant(h)
    if occupant is not None:
        parts.append(occupant.name)
    mg = document.oracle.geometry
    standing = cover_description(document, mg.centre(h))
    if standing:
        parts.append("in " + standing.split(" — ")[0])
    selected = state.combatants.get(document.selected) if document.selected else None
    if selected is not None and selected.hex != h:
        params = document.oracle.params
        metres = hex_distance(selected.hex, h) * params.metres_per_hex
        parts.append(f"{metres:g} m from {selected.name}")
        library = document.loaded.library
        weapon = library.weapons.get(selected.weapon) if selected.weapon else None
        wr = weapon_range(weapon, params) if weapon is not None else None
        target_prone = occupant is not None and occupant.has(Condition.PRONE)
        seen = sight(mg, selected.hex, h, params, wr, target_prone=target_prone)
        if seen.cover is CoverLevel.NO_LINE_OF_SIGHT:
            parts.append("no line of sight")
        else:
            strongest = seen.strongest
            what = f" ({strongest.label or 'cover'}, {strongest.cover_class.value})" \
                if strongest and seen.cover is not CoverLevel.NONE else ""
            parts.append(f"{seen.cover.value} cover{what}" if seen.cover is not CoverLevel.NONE
                         else "no cover")
        if wr is not None:
            span = band_at(metres, wr, params)
            parts.append(f"{view_of(state).band_label(span)} ({wr.name})" if span
                         else f"beyond {wr.name}'s range")
        elif weapon is not None:
            reach = document.oracle.reactor(state, selected).reach_m
            parts.append(f"within reach ({reach:g} m)" if metres <= reach + 1e-9
                         else f"out of reach ({reach:g} m)")
    return " · ".join(parts)
