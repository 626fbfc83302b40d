"""The board scene: built from an EncounterDocument, in metres (y down, origin at hex (0, 0)'s
centre). Items re-read the document on `changed` (once per command: its `Change` says what
to read again) and `selection_changed` through one `sync` path (first build and every
update alike); nothing here writes domain state."""

from __future__ import annotations

import gc
import math
from collections.abc import Callable
from functools import partial
from pathlib import Path

import numpy as np
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
from tactical.encounter.handlers.detection import not_detected_by
from tactical.encounter.handlers.terrain import current_cover, terrain_key
from tactical.encounter.model import Combatant, Condition, EncounterState
from tactical.encounter.queries.audience import AudienceFilter
from tactical.encounter.queries.change import Change
from tactical.encounter.queries.fog import FogOfWar
from tactical.encounter.queries.stream import faces
from tactical.geometry.bands import weapon_range
from tactical.geometry.layout import hex_to_point, point_to_hex
from tactical.geometry.visibility import band_polygons, overwatch_zone, reach_zone
from tactical.ui.board.audience import FogItem, filtered_look
from tactical.ui.board.blast import BlastItem, template_after
from tactical.ui.board.cover import CoverChunk, cover_chunks
from tactical.ui.board.glitch import GlitchMarks
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
    LABEL_HEIGHT,
    NAME_MAX_M,
    NAME_MIN_CAP_PX,
    OVERWATCH_COLOUR,
    REACH_COLOUR,
    TOKEN_RADIUS,
    Z,
    side_colour,
)
from tactical.ui.board.ping import Ping, PingItem
from tactical.ui.board.placement import REACH_M, Obstacles, Wanted, near, place
from tactical.ui.board.portraits import find_portrait, load_portrait
from tactical.ui.board.tokens import ARC_WIDTH, BADGE_R, TokenItem, look_of
from tactical.ui.board.zones import ZoneItem, label_point
from tactical.ui.document import EncounterDocument
from tactical.ui.menus import BOARD_BACKGROUND, LAYERS
from tactical.ui.rulesets import view_of

PIXMAP_CACHE_KB = 192 * 1024
RIDER_OFFSET = 0.6  # of the hex size: a rider drawn up and aside on its mount's hex

_froze_a_board = False  # BoardScene froze what lived (gc.freeze) at least once

#: From this many hexes a board is frozen out of the collector's full walks (see __init__).
FREEZE_HEXES = 10_000


def _release_frozen(big: bool) -> None:
    """Before a board is built: what an earlier big board froze is let go, so a board the
    GM closed is collected, not kept for the session (about 10 MB an open of a 200 × 200
    map otherwise). Collected now, before the new board's items exist, the walk is the
    shorter; the first board has nothing to let go, and a small map only unfreezes."""
    if not _froze_a_board:  # (not gc.get_freeze_count(): it counts by walking them all)
        return
    gc.unfreeze()
    if big:
        gc.collect()


class BoardScene(QGraphicsScene):
    """Signals: `layer_toggled(name, visible)`."""

    layer_toggled = Signal(str, bool)

    def __init__(self, document: EncounterDocument, parent: object | None = None,
                 audience: AudienceFilter | None = None) -> None:
        super().__init__(parent)  # type: ignore[arg-type]
        big = document.loaded.map.grid.columns * document.loaded.map.grid.rows >= FREEZE_HEXES
        _release_frozen(big)
        # Who looks (issue 16): the GM's board by default; the players' window passes theirs
        self.audience = audience or AudienceFilter()
        self._name_scale = 1.0  # token names grown to stay legible (set_detail)
        self.fog: FogOfWar | None = None
        self.fog_item: FogItem | None = None
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
        self.setBackgroundBrush(QBrush(QColor(BOARD_BACKGROUND)))
        minx, miny, maxx, maxy = self.geometry.bounds
        self.map_rect = QRectF(minx, miny, maxx - minx, maxy - miny)
        margin = max(self.map_rect.width(), self.map_rect.height()) * 0.5
        self.setSceneRect(self.map_rect.adjusted(-margin, -margin, margin, margin))
        self._build_static()
        self.tokens: dict[str, TokenItem] = {}
        self.picture_problems: dict[str, str] = {}  # by character: why no portrait shows
        self.zones: list[ZoneItem] = []  # bands or reach of the selected token
        self.zone_labels: list[LabelItem] = []
        self.overwatch: dict[str, tuple[object, ZoneItem]] = {}
        self._zone_key: object = None
        self._trigger_boxes: list[QRectF] = []  # where trigger names were last put
        self._token_ids: list[str] = []  # the tokens in _token_xy's order
        self._token_xy = np.zeros((0, 2))  # their centres at the last sync
        self._shorts: dict[str, str] = {}  # each token's initials (G1, G2 when they clash)
        self._synced: tuple[str | None, str | None] | None = None  # actor, selected then
        self._unseen: frozenset[str] = frozenset()  # not detected by the selected (Ch.6 l.46)
        self.overlay = TriggerOverlay(self, self.layout, self.view)
        # --- audience (issue 16): what only the GM's board draws
        self.legend.visible = self.audience.shows_legend
        if not self.audience.shows_drag:
            self.overlay.set_triggers_visible(False)
        # ---
        document.changed.connect(self.sync)
        self.ping_item = PingItem(document.oracle.params.metres_per_hex)
        self.addItem(self.ping_item)
        self.blast_item = BlastItem(self.layout, self.map.grid)  # issue 27: once thrown
        self.addItem(self.blast_item)
        # issue 25 item 6: a glitched test called out over the roller's token (GM's board)
        self.glitch_marks = GlitchMarks(self, self.layout, self.font()) \
            if self.audience.gm else None
        document.pinged.connect(self._pinged)
        if self.audience.shows_selection:  # the players' screen ignores the GM's clicks
            document.selection_changed.connect(self._selected)
        self.sync()
        # What the board was built from lives as long as the board: keep the collector
        # from walking it again at every full collection (issue 13: pauses over a frame in
        # the middle of a drag on a 400 × 400 map). A small map is never frozen (the
        # collector walks a small board in well under a frame). See _release_frozen.
        global _froze_a_board
        if big:
            gc.freeze()
            _froze_a_board = True

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
        self.cover_chunks: list[CoverChunk] = []
        self._terrain: object = None
        self._sync_terrain(self.document.state)

    # --- reading the document

    def sync(self, change: Change | None = None) -> None:
        """Re-read the state: all of it, or after `change` what it touched (the cover if the
        terrain changed, the fog if a combatant or the terrain did, the tokens it names and
        the actor's); safe to call any number of times."""
        state = self.document.state
        self.blast_item.show_blast(template_after(change, self.blast_item.blast))
        if self.glitch_marks is not None:
            self.glitch_marks.sync(change, state)
        if change is None or change.terrain:
            self._sync_terrain(state)
        if change is None or change.terrain or change.combatants:
            self._sync_fog(state)
        self._sync_rest(state, None if change is None or change.roster else change.combatants)

    def _selected(self, _token: str) -> None:
        self._sync_rest(self.document.state, frozenset())  # the selection then and now

    def _sync_rest(self, state: EncounterState, touched: frozenset[str] | None) -> None:
        """Tokens (every one, or `touched`, and the actor and the selection then and now
        when they changed), Overwatch zones, the selection's bands, then the names: all of
        them, or those near where a token was or is (as a drag step places them)."""
        moved = self._sync_tokens(state, self._tokens_to_sync(state, touched))
        self._sync_overwatch(state)
        self._sync_zones(state)
        self.arrange_labels(moved)

    def _tokens_to_sync(self, state: EncounterState,
                        touched: frozenset[str] | None) -> set[str] | None:
        """The tokens whose look or place may differ from the last sync (None: every one).
        Only the GM's board without fog picks: on the players' screen a move shows or
        hides others; a rider's place depends on its mount's other riders (issue 22: a
        drop on a 400-token map looked at 400 tokens)."""
        if touched is None or self._synced is None or not self.audience.gm \
                or self.fog_item is not None or any(c.riding for c in state) \
                or self._not_detected(state) != self._unseen:  # the badges of others changed
            return None
        few = set(touched)
        if self.overlay.dragged is not None:  # a drag moved it aside (an undo mid-drag)
            few.add(self.overlay.dragged)
        for then, now in zip(self._synced, (state.actor, self.document.selected), strict=True):
            if then != now:  # the ring or the selection went elsewhere: both tokens' looks
                few.update(cid for cid in (then, now) if cid is not None)
        if not few <= self.tokens.keys() or not few <= state.combatants.keys():
            return None
        return few

    def arrange_labels(self, moved: list[QRectF] | None = None) -> None:
        """Put token names and trigger names where they hide no token and no other label
        (below, above, right, left of what they name); a name with no room is hidden (its
        token's tooltip still has it). With `moved` (the rectangles where something changed
        during a drag step), only the trigger names and the names near those rectangles are
        placed again; the others stay where they are, as obstacles."""
        dragged = self.overlay.dragged
        region = None if moved is None else [*moved, *self._trigger_boxes]
        obstacles = Obstacles()
        wanted = [Wanted(label, anchor, gap, True, BADGE_R)
                  for label, anchor, gap in self.overlay.labels
                  if self.overlay.triggers_visible]
        if region is not None:
            region += [QRectF(w.anchor, w.anchor) for w in wanted]
        gap = TOKEN_RADIUS + ARC_WIDTH + 0.04
        show_names = self._layers["tokens"]
        for t in self._tokens_near(region, dragged):
            if not t.isVisible():
                continue
            pos = t.pos()
            obstacles.add(_token_rect(pos))
            if not show_names or t.token_id == dragged:
                continue
            if region is None or near(pos, region):
                wanted.append(Wanted(t.name_label, pos, gap, False, BADGE_R))
            elif t.name_label.isVisible():
                obstacles.add(t.name_label.sceneBoundingRect())
        for label in self.zone_labels:
            if label.isVisible():
                obstacles.add(label.sceneBoundingRect())
        place(wanted, obstacles)
        self._trigger_boxes = [w.label.sceneBoundingRect() for w in wanted if w.keep]

    def _tokens_near(self, region: list[QRectF] | None,
                     dragged: str | None) -> list[TokenItem]:
        """Every token (no region), or those within reach of the region (where they were
        at the last sync, numpy-filtered) and the dragged one."""
        if region is None:
            return list(self.tokens.values())
        xy, reach = self._token_xy, 2 * REACH_M
        mask = np.zeros(len(xy), dtype=bool)
        for r in region:
            mask |= ((xy[:, 0] >= r.left() - reach) & (xy[:, 0] <= r.right() + reach)
                     & (xy[:, 1] >= r.top() - reach) & (xy[:, 1] <= r.bottom() + reach))
        found = [self.tokens[self._token_ids[i]] for i in np.flatnonzero(mask)]
        if dragged in self.tokens and not any(t.token_id == dragged for t in found):
            found.append(self.tokens[dragged])
        return found

    def _sync_tokens(self, state: EncounterState,
                     few: set[str] | None = None) -> list[QRectF] | None:
        """Every token (None: placed afresh, names and all), or the `few`: then where each
        was and is, for the names to move."""
        sides = {k: s.colour for k, s in self.map.sides.items()}
        self._synced = (state.actor, self.document.selected)
        self._unseen = self._not_detected(state)
        if few is not None:
            moved: list[QRectF] = []
            for cid in few:
                item, was = self.tokens[cid], self.tokens[cid].pos()
                self._sync_token(state, state.get(cid), item, sides, self._shorts[cid], {})
                moved += [QRectF(was, was), QRectF(item.pos(), item.pos())]
            self._keep_token_xy()
            return moved
        for gone in set(self.tokens) - set(state.combatants):
            item = self.tokens.pop(gone)
            self.removeItem(item.name_label)
            self.removeItem(item)
        shown = self._shown_ids(state)  # audience (issue 16): hidden and fogged tokens
        for gone in set(self.tokens) - shown:
            item = self.tokens.pop(gone)
            self.removeItem(item.name_label)
            self.removeItem(item)
        shorts = faces((c.id, c.name) for c in state if c.id in shown)  # G1, G2 on a clash
        riders: dict[str, int] = {}
        self._shorts = {}
        for c in state:
            if c.id not in shown:
                continue
            found = self.tokens.get(c.id)
            if found is None:
                item = TokenItem(c.id, self._portrait(c.character))
                if self.audience.gm:
                    item.name_label.setScale(self._name_scale)
                self.tokens[c.id] = item
                self.addItem(item)
                self.addItem(item.name_label)
                self._apply_layer("tokens", item, item.name_label)
            else:
                item = found
            short = shorts[c.id]
            self._shorts[c.id] = short
            self._sync_token(state, c, item, sides, short, riders)
        self._keep_token_xy()
        return None

    def _not_detected(self, state: EncounterState) -> frozenset[str]:
        """Ch.6 l.46: the tokens the selected combatant has not detected (the GM's badge)."""
        selected = self.document.selected
        if not selected or not self.audience.shows_detection:
            return frozenset()
        return frozenset(not_detected_by(state, selected))

    def _sync_token(self, state: EncounterState, c: Combatant, item: TokenItem,
                    sides: dict[str, str | None], short: str, riders: dict[str, int]) -> None:
        look = look_of(self.view, c, side_colour(sides, c.side), state.actor == c.id,
                       self.document.selected == c.id, short,
                       undetected=c.id in self._unseen,
                       side=s.name if (s := self.map.sides.get(c.side)) else None)
        look = filtered_look(self.audience, look, c) or look  # None only if not shown
        item.setZValue(Z.TOKENS + (0.5 if c.riding else 0))
        item.sync(look, self._token_centre(c, riders))

    def _keep_token_xy(self) -> None:
        self._token_ids = list(self.tokens)
        self._token_xy = np.array([(t.x(), t.y()) for t in self.tokens.values()],
                                  dtype=float).reshape(-1, 2)

    def _token_centre(self, c: Combatant, riders: dict[str, int]) -> tuple[float, float]:
        """Where the token is drawn: its hex's centre; a rider (Ch.6 Mount/Dismount, l.208)
        shares its mount's hex and is drawn up and aside, above it, so the mount
        still shows (a second rider on the other side)."""
        x, y = hex_to_point(self.layout, c.hex)
        if c.riding is None:
            return x, y
        k = riders[c.riding] = riders.get(c.riding, 0) + 1
        side = 1 if k % 2 else -1
        return x + side * RIDER_OFFSET * self.layout.size, y - RIDER_OFFSET * self.layout.size

    def _portrait(self, character: str) -> QPixmap | None:
        """The character's portrait for its token (issue 28), read by ui/board/portraits.py;
        a picture that cannot be shown leaves the initials and its reason, naming the file,
        in `picture_problems`."""
        sheet = self.document.loaded.library.characters.get(character)
        name: str | None = getattr(sheet, "portrait", None)
        if not name:
            return None
        path = find_portrait(name, [Path(self.document.loaded.path).parent,
                                    assets_dir() / "npcs", assets_dir() / "portraits"])
        if path is None:
            self.picture_problems[character] = f"the portrait {name!r} was not found"
            return None
        pixmap, problem = load_portrait(path)
        if problem is not None:
            self.picture_problems[character] = problem
        return pixmap

    def _sync_terrain(self, state: EncounterState) -> None:
        """issue 15: the cover as it stands (doors opened, walls blown open mid-fight, and
        after undo); what it clips (range bands, reach, overwatch zones) is drawn again. As
        the map has it when nothing changed (issue 13: copying 5,000 covers to give them
        the ids nothing here reads was a twentieth of opening a 400 × 400 map)."""
        key = terrain_key(state)
        if key == self._terrain:
            return
        first = self._terrain is None
        self._terrain = key
        for chunk in self.cover_chunks:
            self.removeItem(chunk)
        as_it_stands = self.map if not any(key) else \
            self.map.model_copy(update={"cover": current_cover(self.map, state)})
        self.cover_chunks = cover_chunks(as_it_stands)
        for chunk in self.cover_chunks:
            self.addItem(chunk)
            self._apply_layer("cover", chunk)
        if first:
            return
        self.geometry = self.document.oracle.sync(state)
        if self.fog is not None:  # the players' screen: they see through an open door
            self.fog.set_geometry(self.geometry)  # (and no longer through a shut one)
            if self.fog_item is not None:
                self.fog_item.forget()
        self._zone_key = None
        for cid in list(self.overwatch):
            self.removeItem(self.overwatch.pop(cid)[1])

    def _sync_overwatch(self, state: EncounterState) -> None:
        library = self.document.loaded.library
        params = self.document.oracle.params
        wanted: dict[str, object] = {}
        for c in state:
            if c.has(Condition.OVERWATCH) and c.weapon in library.weapons \
                    and self.audience.shows_overwatch(c):
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
            # the zone of the Overwatch condition: the reaction it waits for bears its name
            name = self.view.reaction_title(Condition.OVERWATCH.value)
            item = ZoneItem(Condition.OVERWATCH.value, f"{name}: {c.name}", geom, OVERWATCH_COLOUR,
                            alpha=45, hatched=True, z=Z.ZONES)
            self.addItem(item)
            self._apply_layer("bands", item)
            self.overwatch[cid] = (key, item)

    def _sync_zones(self, state: EncounterState) -> None:
        """The selected token's range bands (ranged weapon) or melee reach."""
        selected = self.document.selected if self.audience.shows_selection else None
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
        labels = [LabelItem(item.label, BAND_LABEL_HEIGHT) for item in self.zones]
        # issue 26: the labels' line keeps clear of the tokens (a band or reach label was
        # drawn over a token's initials): each label's box, grown by a token's radius,
        # must not hold a token's centre
        boxes = [label.boundingRect().adjusted(-TOKEN_RADIUS, -TOKEN_RADIUS, TOKEN_RADIUS,
                                               TOKEN_RADIUS) for label in labels]
        tokens = [hex_to_point(self.layout, c.hex) for c in self.document.state]
        # nor over a token's name (the 720p grab: "Close +0" over "Flat Runner")
        names = [t.name_label.sceneBoundingRect() for t in self.tokens.values()
                 if t.isVisible() and t.name_label.isVisible()]
        plain = [label.boundingRect() for label in labels]

        def covers(point: tuple[float, float], k: int) -> bool:
            box = boxes[k].translated(*point)
            own = plain[k].translated(*point)
            return any(box.contains(QPointF(x, y)) for x, y in tokens) or \
                any(own.intersects(n) for n in names)

        direction = label_point([z.geom for z in self.zones], centre, radii, covers)
        for k, (item, r) in enumerate(zip(self.zones, radii, strict=True)):
            if direction is None or item.geom.is_empty:
                continue
            label = labels[k]
            point = self._label_spot(item, centre, direction, r, partial(covers, k=k))
            label.setPos(*point)
            self.addItem(label)
            self._apply_layer("bands", label)
            self.zone_labels.append(label)

    @staticmethod
    def _label_spot(item: ZoneItem, centre: tuple[float, float],
                    direction: tuple[float, float], r: float,
                    covers: Callable[[tuple[float, float]], bool]) -> tuple[float, float]:
        """Where a zone's label goes: on the labels' line at `r` if that is inside its zone
        and clear of the tokens; else a little out or in, then round the zone at that
        radius; else its representative point (issue 26: never on a token if it can)."""
        turns = [math.atan2(direction[1], direction[0])] + [
            math.radians(10 * step) for step in range(36)]
        for a in turns:
            for d in (0.0, 0.8, -0.8, 1.6, -1.6):
                point = (centre[0] + math.cos(a) * (r + d), centre[1] + math.sin(a) * (r + d))
                if item.geom.contains(shapely.Point(point)) and not covers(point):
                    return point
        rp = item.geom.representative_point()
        if not covers((rp.x, rp.y)):
            return rp.x, rp.y
        x0, y0, x1, y1 = item.geom.bounds  # the band runs off the map: anywhere inside it
        step = max(1.0, max(x1 - x0, y1 - y0) / 20)
        for y in np.arange(y0 + step / 2, y1, step):
            for x in np.arange(x0 + step / 2, x1, step):
                if item.geom.contains(shapely.Point(x, y)) and not covers((x, y)):
                    return float(x), float(y)
        return rp.x, rp.y

    def set_detail(self, px_per_metre: float) -> None:
        """Called by the view when the zoom changes: names too small to read are not even
        painted (an item with opacity 0 costs nothing)."""
        readable = px_per_metre >= LABEL_MIN_PX_PER_M
        # Issue 14: a name stays at least ~12 px tall on screen (capital NAME_MIN_CAP_PX)
        # at the zoom a 720p window fits the map in; names grow up to three times their size.
        k = max(1.0, min(3.0, NAME_MIN_CAP_PX / (LABEL_HEIGHT * px_per_metre))) \
            if readable and self.audience.gm else 1.0  # names not drawn: nothing to grow
        rescaled = False
        self._name_scale = k
        for token in self.tokens.values():
            token.name_label.setOpacity(1.0 if readable else 0.0)
            if self.audience.gm and token.name_label.scale() != k:
                token.name_label.setScale(k)
                token.name_label.set_max_width(NAME_MAX_M / k)
                rescaled = True
        if rescaled:
            self.arrange_labels()

    def _pinged(self, ping: Ping) -> None:
        """The GM pointed at a hex: this board shows the ring there (ui/board/ping.py)."""
        self.ping_item.ping(self.centre(ping.hex), ping.hex)

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
        if name == "tokens" and on:  # names placed anew: one hidden for want of room stays
            self.arrange_labels()  # hidden (1080p grab: Kicker's name alone at the map's corner)
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

    def layer_names(self) -> tuple[str, ...]:
        return LAYERS

    # --- audience and fog (issue 16)

    def _shown_ids(self, state: EncounterState) -> set[str]:
        """The tokens this audience sees: not hidden by the GM, and (fog on) standing where
        the players' side sees — an enemy in the dark is not drawn, not merely covered."""
        fog = self.fog_item.view if self.fog_item is not None else None
        if self.audience.gm and fog is None:
            return set(state.combatants)
        shown = set()
        unnoticed = self.audience.unnoticed(state)  # the party has not detected them
        for c in state:
            if c.id in unnoticed or self.audience.token(c) is None:
                continue
            if fog is not None and not self.audience.is_player_side(c) \
                    and not fog.sees(hex_to_point(self.layout, c.hex)):
                continue
            shown.add(c.id)
        return shown

    def add_gm_only(self, item: QGraphicsItem) -> bool:
        """Add `item` if this scene is the GM's (editor handles, GM notes, anything the GM
        marks as GM-only); on the players' screen it is never added. True if added."""
        if not self.audience.gm:
            return False
        self.addItem(item)
        return True

    def set_fog(self, fog: FogOfWar | None) -> None:
        """Fog of war on (players' screen) or off."""
        self.fog = fog
        if fog is None and self.fog_item is not None:
            self.removeItem(self.fog_item)
            self.fog_item = None
        elif fog is not None and self.fog_item is None:
            self.fog_item = FogItem(self.sceneRect(), self.map_rect)
            self.addItem(self.fog_item)
        self.sync()

    def _sync_fog(self, state: EncounterState) -> None:
        if self.fog is None or self.fog_item is None:
            return
        encounter = self.document.encounter
        view = self.fog.view(state, encounter.initial, encounter.history.effective_events(),
                             self.audience.settings.player_sides)
        self.fog_item.set_view(view)

    def set_audience(self, audience: AudienceFilter) -> None:
        """New settings (a token hidden, a side's detail changed): redraw every token."""
        self.audience = audience
        for cid in list(self.tokens):
            item = self.tokens.pop(cid)
            self.removeItem(item.name_label)
            self.removeItem(item)
        for cid in list(self.overwatch):
            self.removeItem(self.overwatch.pop(cid)[1])
        self.sync()




def _token_rect(centre: QPointF) -> QRectF:
    r = TOKEN_RADIUS + ARC_WIDTH + 0.02
    return QRectF(centre.x() - r, centre.y() - r - BADGE_R * 0.6, 2 * r, 2 * r + BADGE_R * 0.6)
