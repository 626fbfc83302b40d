"""The board scene: built from an EncounterDocument, in metres (y down, origin at hex (0, 0)'s
centre). Items re-read the document on `changed` and `selection_changed` through one `sync`
path (first build and every update alike); nothing here writes domain state."""

from __future__ import annotations

from pathlib import Path

import shapely
from PySide6.QtCore import QPointF, QRectF, Signal
from PySide6.QtGui import QBrush, QColor, QPixmap, QPixmapCache, QTransform
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPixmapItem,
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsSceneHelpEvent,
    QToolTip,
)
from shapely.geometry import Polygon

from tactical.core.paths import assets_dir
from tactical.core.types import Hex
from tactical.encounter.model import Condition, EncounterState
from tactical.encounter.terrain import current_cover
from tactical.geometry.bands import weapon_range
from tactical.geometry.layout import hex_to_point, point_to_hex
from tactical.geometry.visibility import band_polygons, overwatch_zone, reach_zone
from tactical.ui.board.cover import CoverChunk, cover_chunks
from tactical.ui.board.grid import GridTile, grid_tiles
from tactical.ui.board.hovertext import cover_description
from tactical.ui.board.labels import MIN_PX_PER_M as LABEL_MIN_PX_PER_M
from tactical.ui.board.labels import LabelItem
from tactical.ui.board.legend import Legend
from tactical.ui.board.overlay import TriggerOverlay
from tactical.ui.board.palette import (
    BAND_ALPHA,
    BAND_COLOURS,
    BAND_LABEL_HEIGHT,
    OVERWATCH_COLOUR,
    REACH_COLOUR,
    TOKEN_RADIUS,
    Z,
    side_colour,
)
from tactical.ui.board.tokens import ARC_WIDTH, BADGE_R, TokenItem, initials, look_of
from tactical.ui.board.zones import ZoneItem, label_point
from tactical.ui.document import EncounterDocument
from tactical.ui.rulesets import view_of

PIXMAP_CACHE_KB = 192 * 1024

#: Layers the main window toggles with keys 1–5, in that order.
LAYERS = ("grid", "cover", "bands", "triggers", "tokens")


class BoardScene(QGraphicsScene):
    """Signals: `layer_toggled(name, visible)`."""

    layer_toggled = Signal(str, bool)

    def __init__(self, document: EncounterDocument, parent: object | None = None) -> None:
        super().__init__(parent)  # type: ignore[arg-type]
        # Grid tiles and cover chunks cache their pixels per zoom (DeviceCoordinateCache):
        # a 1080p screenful of them needs more than Qt's default 10 MB.
        QPixmapCache.setCacheLimit(max(QPixmapCache.cacheLimit(), PIXMAP_CACHE_KB))
        self.document = document
        self.geometry = document.oracle.sync(document.state)  # issue 15: cover as it stands
        self.layout = self.geometry.layout
        self.map = document.loaded.map
        self.view = view_of(document.state)  # what the ruleset shows: tactical/ui/rulesets/
        self.legend = Legend(self.view)
        self._layers: dict[str, bool] = dict.fromkeys(LAYERS, True)
        self.setBackgroundBrush(QBrush(QColor("#1b1c1f")))
        minx, miny, maxx, maxy = self.geometry.bounds
        self.map_rect = QRectF(minx, miny, maxx - minx, maxy - miny)
        margin = max(self.map_rect.width(), self.map_rect.height()) * 0.5
        self.setSceneRect(self.map_rect.adjusted(-margin, -margin, margin, margin))
        self._build_static()
        self.tokens: dict[str, TokenItem] = {}
        self.zones: list[ZoneItem] = []  # bands or reach of the selected token
        self.zone_labels: list[LabelItem] = []
        self.overwatch: dict[str, tuple[object, ZoneItem]] = {}
        self._zone_key: object = None
        self.overlay = TriggerOverlay(self, self.layout, self.view)
        document.changed.connect(self.sync)
        document.selection_changed.connect(self.sync)
        self.sync()

    # --- building

    def _build_static(self) -> None:
        base = QGraphicsRectItem(self.map_rect)
        base.setBrush(QColor("#3a3b3f"))
        base.setPen(QColor(0, 0, 0, 0))
        base.setZValue(Z.BACKGROUND - 1)
        self.addItem(base)
        self.background: QGraphicsPixmapItem | None = None
        bg = self.map.background
        if bg is not None:
            image = Path(self.document.loaded.path).parent / bg.image
            pixmap = QPixmap(str(image))
            if not pixmap.isNull():
                item = QGraphicsPixmapItem(pixmap)
                item.setTransformationMode(
                    item.transformationMode().SmoothTransformation)
                item.setTransform(QTransform.fromScale(bg.metres_per_pixel, bg.metres_per_pixel))
                item.setPos(*bg.offset_m)
                item.setZValue(Z.BACKGROUND)
                self.addItem(item)
                self.background = item
        self.grid_tiles: list[GridTile] = grid_tiles(self.map.grid, self.layout,
                                                     self.document.oracle.params.metres_per_hex)
        for tile in self.grid_tiles:
            self.addItem(tile)
        # issue 15: the cover as it stands (doors opened, walls blown open mid-fight)
        self.cover_chunks: list[CoverChunk] = cover_chunks(self.map.model_copy(
            update={"cover": current_cover(self.map, self.document.state)}))
        for chunk in self.cover_chunks:
            self.addItem(chunk)

    # --- reading the document

    def sync(self, *_: object) -> None:
        """Re-read the whole state; safe to call any number of times."""
        state = self.document.state
        self._sync_tokens(state)
        self._sync_overwatch(state)
        self._sync_zones(state)
        self.arrange_labels()

    def arrange_labels(self) -> None:
        """Put token names and trigger names where they hide no token and no other label
        (below, above, right, left of what they name); a name with no room is hidden (its
        token's tooltip still has it)."""
        tokens = [t for t in self.tokens.values() if t.isVisible()]
        obstacles = [_token_rect(t.pos()) for t in tokens]
        obstacles += [label.sceneBoundingRect() for label in self.zone_labels
                      if label.isVisible()]
        dragged = self.overlay.dragged
        wanted = [(label, anchor, gap, True) for label, anchor, gap in self.overlay.labels
                  if self.overlay.triggers_visible]
        if self._layers["tokens"]:
            wanted += [(t.name_label, t.pos(), TOKEN_RADIUS + ARC_WIDTH + 0.04, False)
                       for t in tokens if t.token_id != dragged]
        for label, anchor, gap, keep in wanted:
            box = label.boundingRect()
            hw, hh = box.width() / 2, box.height() / 2
            candidates = (QPointF(0, gap + hh), QPointF(0, -(gap + hh + BADGE_R)),
                          QPointF(gap + hw, 0), QPointF(-(gap + hw), 0))
            for offset in candidates:
                rect = box.translated(anchor + offset)
                if not any(rect.intersects(o) for o in obstacles):
                    break
            else:
                if not keep:
                    label.setVisible(False)
                    continue
                offset = candidates[0]
            label.setPos(anchor + offset)
            label.setVisible(True)
            obstacles.append(label.sceneBoundingRect())

    def _sync_tokens(self, state: EncounterState) -> None:
        sides = {k: s.colour for k, s in self.map.sides.items()}
        for gone in set(self.tokens) - set(state.combatants):
            item = self.tokens.pop(gone)
            self.removeItem(item.name_label)
            self.removeItem(item)
        names = {c.id: initials(c.name) for c in state}
        clashes = {i for i in names.values() if list(names.values()).count(i) > 1}
        numbers: dict[str, int] = {}
        for c in state:
            found = self.tokens.get(c.id)
            if found is None:
                item = TokenItem(c.id, self._portrait(c.character))
                self.tokens[c.id] = item
                self.addItem(item)
                self.addItem(item.name_label)
                self._apply_layer("tokens", item, item.name_label)
            else:
                item = found
            short = names[c.id]
            if short in clashes:  # "Guard (shotgun)", "Guard (shield)": GS → G1, G2
                numbers[short] = numbers.get(short, 0) + 1
                short = f"{short[0]}{numbers[short]}"
            look = look_of(self.view, c, side_colour(sides, c.side), state.actor == c.id,
                           self.document.selected == c.id, short)
            item.setZValue(Z.TOKENS)
            item.sync(look, hex_to_point(self.layout, c.hex))

    def _portrait(self, character: str) -> Path | None:
        sheet = self.document.loaded.library.characters.get(character)
        name: str | None = getattr(sheet, "portrait", None)
        if not name:
            return None
        for base in (Path(self.document.loaded.path).parent, assets_dir() / "npcs",
                     assets_dir() / "portraits"):
            if (base / name).is_file():
                return base / name
        return None

    def _sync_overwatch(self, state: EncounterState) -> None:
        library = self.document.loaded.library
        params = self.document.oracle.params
        wanted: dict[str, object] = {}
        for c in state:
            if c.has(Condition.OVERWATCH) and c.weapon in library.weapons:
                wanted[c.id] = (c.hex, c.weapon, c.overwatch_zone)
        for cid in list(self.overwatch):
            if self.overwatch[cid][0] != wanted.get(cid):
                self.removeItem(self.overwatch.pop(cid)[1])
        for cid, key in wanted.items():
            if cid in self.overwatch:
                continue
            c = state.get(cid)
            weapon = weapon_range(library.weapons[c.weapon or ""], params)
            if weapon is None:
                continue
            zone = Polygon(c.overwatch_zone) if c.overwatch_zone else None
            geom = overwatch_zone(self.geometry, c.hex, zone, weapon, params).intersection(
                self.geometry.bounds_polygon)
            name = self.view.reaction_title("overwatch")
            item = ZoneItem("overwatch", f"{name}: {c.name}", geom, OVERWATCH_COLOUR,
                            alpha=45, hatched=True, z=Z.ZONES)
            self.addItem(item)
            self._apply_layer("bands", item)
            self.overwatch[cid] = (key, item)

    def _sync_zones(self, state: EncounterState) -> None:
        """The selected token's range bands (ranged weapon) or melee reach."""
        selected = self.document.selected
        c = state.combatants.get(selected) if selected else None
        key = (c.id, c.hex, c.weapon) if c is not None else None
        if key == self._zone_key:
            return
        self._zone_key = key
        for item in (*self.zones, *self.zone_labels):
            self.removeItem(item)
        self.zones, self.zone_labels = [], []
        if c is None:
            return
        library = self.document.loaded.library
        params = self.document.oracle.params
        weapon = library.weapons.get(c.weapon) if c.weapon else None
        wr = weapon_range(weapon, params) if weapon is not None else None
        centre = hex_to_point(self.layout, c.hex)
        if wr is not None:
            bands = band_polygons(self.geometry, c.hex, wr, params)
            for zone in bands:
                label = self.view.band_label(zone.span)
                geom = zone.polygon.intersection(self.geometry.bounds_polygon)
                item = ZoneItem("band", label, geom, BAND_COLOURS[zone.span.band], BAND_ALPHA)
                item.setToolTip(f"{wr.name}: {label} ({zone.span.min_m:g}–"
                                f"{zone.span.max_m:g} m)" + self.view.band_tip_note())
                self.zones.append(item)
            radii = [(z.span.min_m + z.span.max_m) / 2 + (1.0 if i == 0 else 0.0)
                     for i, z in enumerate(bands)]
            self._label_zones(centre, radii)
        else:
            reach = self.document.oracle.reactor(state, c).reach_m
            area = reach_zone(self.geometry, c.hex, reach, params)
            item = ZoneItem("reach", f"Reach {reach:g} m", area.polygon, REACH_COLOUR, 80)
            self.zones.append(item)
            self._label_zones(centre, [reach + 0.2])
        for item in self.zones:
            self.addItem(item)
            self._apply_layer("bands", item)

    def _label_zones(self, centre: tuple[float, float], radii: list[float]) -> None:
        direction = label_point([z.geom for z in self.zones], centre, radii)
        for item, r in zip(self.zones, radii, strict=True):
            if direction is None or item.geom.is_empty:
                continue
            label = LabelItem(item.label, BAND_LABEL_HEIGHT)
            point = (centre[0] + direction[0] * r, centre[1] + direction[1] * r)
            if not item.geom.contains(shapely.Point(point)):
                rp = item.geom.representative_point()
                point = (rp.x, rp.y)
            label.setPos(*point)
            self.addItem(label)
            self._apply_layer("bands", label)
            self.zone_labels.append(label)

    def set_detail(self, px_per_metre: float) -> None:
        """Called by the view when the zoom changes: names too small to read are not even
        painted (an item with opacity 0 costs nothing)."""
        readable = px_per_metre >= LABEL_MIN_PX_PER_M
        for token in self.tokens.values():
            token.name_label.setOpacity(1.0 if readable else 0.0)

    # --- queries

    def centre(self, h: Hex) -> QPointF:
        return QPointF(*hex_to_point(self.layout, h))

    def hex_at(self, pos: QPointF) -> Hex:
        return point_to_hex(self.layout, (pos.x(), pos.y()))

    def token_at(self, pos: QPointF) -> str | None:
        for item in self.items(pos):
            if isinstance(item, TokenItem) and item.isVisible():
                return item.token_id
        occupant = self.document.state.occupant(self.hex_at(pos))
        return occupant.id if occupant is not None and self._layers["tokens"] else None

    def band_items(self) -> list[ZoneItem]:
        return [z for z in self.zones if z.kind == "band"]

    def tooltip_at(self, pos: QPointF) -> str:
        for item in self.items(pos):
            if item.isVisible() and item.toolTip() and not isinstance(item, ZoneItem):
                return item.toolTip()
        if self._layers["cover"]:
            text = cover_description(self.document, (pos.x(), pos.y()))
            if text:
                return text
        for item in self.items(pos):
            if isinstance(item, ZoneItem) and item.isVisible():
                return item.toolTip()
        return ""

    def helpEvent(self, event: QGraphicsSceneHelpEvent) -> None:
        text = self.tooltip_at(event.scenePos())
        if text:
            QToolTip.showText(event.screenPos(), text, event.widget())
        else:
            QToolTip.hideText()
        event.accept()

    # --- layers

    def layer_visible(self, name: str) -> bool:
        return self._layers[name]

    def set_layer_visible(self, name: str, on: bool) -> None:
        if name not in self._layers:
            raise KeyError(f"unknown layer {name!r}; expected one of: {', '.join(LAYERS)}")
        self._layers[name] = on
        for item in self._layer_items(name):
            item.setVisible(on)
        if name == "triggers":
            self.overlay.set_triggers_visible(on)
        self.layer_toggled.emit(name, on)

    def toggle_layer(self, name: str) -> bool:
        self.set_layer_visible(name, not self._layers[name])
        return self._layers[name]

    def _layer_items(self, name: str) -> list[QGraphicsItem]:
        if name == "grid":
            return list(self.grid_tiles)
        if name == "cover":
            return list(self.cover_chunks)
        if name == "bands":
            return [*self.zones, *self.zone_labels, *(z for _k, z in self.overwatch.values())]
        if name == "tokens":
            return [i for t in self.tokens.values() for i in (t, t.name_label)]
        return []

    def _apply_layer(self, name: str, *items: QGraphicsItem) -> None:
        for item in items:
            item.setVisible(self._layers[name])




def _token_rect(centre: QPointF) -> QRectF:
    r = TOKEN_RADIUS + ARC_WIDTH + 0.02
    return QRectF(centre.x() - r, centre.y() - r - BADGE_R * 0.6, 2 * r, 2 * r + BADGE_R * 0.6)
