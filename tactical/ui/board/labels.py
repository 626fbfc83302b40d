"""A text label with a dark halo, in metres, above everything it names."""

from __future__ import annotations

import math
from collections import OrderedDict

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPainterPath, QTransform
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from tactical.ui.board.palette import TEXT, Z
from tactical.ui.board.shapes import draw_halo_text, text_path

MIN_PX_PER_M = 7.0  # smaller than this, labels are unreadable: skip them
IMAGES_KEPT = 1024  # ~10 kB each: names and trigger names at the zooms last drawn

#: Rasterised labels shared by every label with the same text, size, colour and zoom: a
#: trigger's name shown again, or the 400 "Ganger"s of a big map, are rasterised once.
_IMAGES: OrderedDict[tuple[object, ...], tuple[QImage, QPointF]] = OrderedDict()


def elide(text: str, height_m: float, width: float, keep: str = "") -> str:
    """The name in `text` shortened with "…" until it is at most `width` wide at
    `height_m`; what follows " · " (an enemy's coarse state on the players' screen: the one
    thing players know of its wounds) is kept whole after it. With `keep` (the words that
    tell this name from another shortened the same way, `words_apart`), the words before
    them give way, whole words from the end: "Guard (shotgun)" reads "…(shotgun)", not
    "Guard (sh…" (as "Guard (shield)" would), and both guards shortened alike stay alike."""
    def wide(t: str) -> bool:
        return text_path(t, height_m).boundingRect().width() > width

    head, sep, tail = text.partition(" · ")
    if not head or not wide(head):
        return text
    at = head.rfind(keep) if keep else -1
    if at > 0:
        start, end = head[:at].split(), head[at:]
        while start and wide(" ".join(start) + "… " + end):
            start.pop()
        kept = (" ".join(start) + "… " if start else "…") + end
        if not wide(kept):
            return kept + sep + tail
    while len(head) > 1 and wide(head.rstrip() + "…"):
        head = head[:-1]
    return head.rstrip() + "…" + sep + tail


def words_apart(names: list[str]) -> dict[str, str]:
    """For names shortened alike, the words from where each differs from all the others to
    its end ("Guard (shotgun)", "Guard (shield)": "(shotgun)", "(shield)"); "" for a name
    that differs from another only in its first word (its start is kept anyway)."""
    split = {name: name.split(" ") for name in dict.fromkeys(names)}
    out: dict[str, str] = {}
    for name, words in split.items():
        first = 0
        for other, theirs in split.items():
            if other == name:
                continue
            same = 0
            while same < min(len(words), len(theirs)) and words[same] == theirs[same]:
                same += 1
            first = max(first, same)
        out[name] = " ".join(words[first:]) if 0 < first < len(words) else ""
    return out


class LabelItem(QGraphicsItem):
    def __init__(self, text: str = "", height_m: float = 0.5,
                 colour: QColor = TEXT, parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self.setZValue(Z.LABELS)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        # The haloed text is a filled and stroked path (~1 ms or more to rasterise): it is
        # rasterised once per zoom into `_images` and blitted at whole pixels after that.
        # Qt's device cache would rasterise it again whenever the label moves by a
        # fraction of a pixel — every time a drag re-places a name or a trigger's label
        # (issue 13: those repaints were a third of a drag step's paint).
        self.setCacheMode(QGraphicsItem.CacheMode.NoCache)
        self.text = ""  # what is drawn: `full_text`, shortened to `max_width` if given
        self.full_text = ""
        self.max_width: float | None = None  # metres in the label's own units
        self.keep = ""  # the words kept whole when shortened (names that would read alike)
        self._tip = ""  # the tooltip: the whole text when `text` is shortened
        self._height = height_m
        self._colour = QColor(colour)
        self._path = QPainterPath()
        self._rect = QRectF()
        self.set_text(text)

    @property
    def colour(self) -> QColor:
        return QColor(self._colour)

    def set_max_width(self, width: float | None) -> None:
        """At most `width` wide (its own units), shortened with an ellipsis (issue 28: a
        name never wider than about three hexes); None: never shortened."""
        if width != self.max_width:
            self.max_width = width
            self.set_text(self.full_text)

    def set_keep(self, keep: str) -> None:
        """Shortened, keep `keep` (the end of the name) whole: see `elide`."""
        if keep != self.keep:
            self.keep = keep
            self.set_text(self.full_text)

    def set_text(self, text: str, colour: QColor | None = None) -> None:
        self.full_text = text
        if self.max_width is not None:
            text = elide(text, self._height, self.max_width, self.keep)
        if colour is not None:
            self._colour = QColor(colour)
        # shortened: the whole name on hover (issue 28, "full on hover for the GM")
        tip = self.full_text if text != self.full_text else ""
        if tip != self._tip:  # set_text runs at every sync: Qt's setter only on a change
            self._tip = tip
            self.setToolTip(tip)
        if text == self.text:
            self.update()
            return
        self.prepareGeometryChange()
        self.text = text
        self._path = text_path(text, self._height) if text else QPainterPath()
        halo = self._height * 0.35
        self._rect = self._path.boundingRect().adjusted(-halo, -halo, halo, halo)

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        world = painter.worldTransform()
        if option.levelOfDetailFromTransform(world) < MIN_PX_PER_M:
            return
        if world.type().value > QTransform.TransformationType.TxScale.value or self._rect.isEmpty():
            draw_halo_text(painter, self._path, self._height * 0.32, self._colour)
            return  # rotated or sheared (no view of ours does that): draw it as it is
        device = painter.device()
        ratio = device.devicePixelRatioF() if device is not None else 1.0
        image, origin = self._image(world.m11(), world.m22(), ratio)
        # the image's corner at the whole device pixel nearest to where it belongs
        at = world.map(QPointF(0.0, 0.0)) - origin / ratio
        painter.save()
        painter.setWorldTransform(QTransform())
        painter.drawImage(QPointF(round(at.x() * ratio) / ratio,
                                  round(at.y() * ratio) / ratio), image)
        painter.restore()

    def _image(self, sx: float, sy: float, ratio: float) -> tuple[QImage, QPointF]:
        """The label rasterised at `sx`, `sy` device pixels per metre (times `ratio`), and
        where the item's origin is in it (device pixels)."""
        key = (self.text, self._height, self._colour.rgba(), sx, sy, ratio)
        found = _IMAGES.get(key)
        if found is not None:
            _IMAGES.move_to_end(key)
            return found
        kx, ky = sx * ratio, sy * ratio
        r = self._rect
        width = max(1, math.ceil(r.width() * abs(kx)) + 2)
        height = max(1, math.ceil(r.height() * abs(ky)) + 2)
        image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(0)
        origin = QPointF(1.0 - min(r.left() * kx, r.right() * kx),
                         1.0 - min(r.top() * ky, r.bottom() * ky))
        p = QPainter(image)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.translate(origin)
        p.scale(kx, ky)
        draw_halo_text(p, self._path, self._height * 0.32, self._colour)
        p.end()
        image.setDevicePixelRatio(ratio)
        _IMAGES[key] = found = (image, origin)
        if len(_IMAGES) > IMAGES_KEPT:
            _IMAGES.popitem(last=False)
        return found
