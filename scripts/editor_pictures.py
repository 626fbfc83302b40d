"""The pictures of docs/editor.md (called by scripts/render_docs.py): a GM's way from a
picture to a running fight, through the real window at 1920 × 1080."""

from __future__ import annotations

import math
import tempfile
from pathlib import Path

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import QApplication

S3 = math.sqrt(3.0)
PX_PER_M = 25.0  # 50 px a hex
ORIGIN = (40.0, 30.0)


def centre_px(q: int, r: int) -> tuple[float, float]:
    return ORIGIN[0] + S3 * q * PX_PER_M, ORIGIN[1] + (q + 2 * r) * PX_PER_M


def scanned_map(path: Path) -> Path:
    """A hand-drawn-looking bunker floor with a printed flat-top hex grid."""
    image = QImage(1000, 700, QImage.Format.Format_RGB32)
    image.fill(QColor("#7a7263"))
    p = QPainter(image)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.fillRect(QRectF(560, 80, 380, 300), QColor("#8d8676"))  # the office floor
    p.setPen(QPen(QColor("#2e2a25"), 14))
    p.drawLine(560, 80, 940, 80)
    p.drawLine(560, 80, 560, 200)
    p.drawLine(560, 280, 560, 380)
    p.drawLine(560, 380, 940, 380)
    for x, y, w, h in ((180, 150, 90, 120), (300, 470, 140, 60), (720, 520, 160, 90)):
        p.fillRect(QRectF(x, y, w, h), QColor("#9b6a3c"))
        p.setPen(QPen(QColor("#5a3b1e"), 3))
        p.drawRect(QRectF(x, y, w, h))
    p.setPen(QPen(QColor(235, 228, 210, 150), 2))
    radius = 2 / S3 * PX_PER_M
    for q in range(-1, 25):
        for r in range(-14, 16):
            cx, cy = centre_px(q, r)
            if -40 < cx < 1040 and -40 < cy < 740:
                p.drawPolygon(QPolygonF([QPointF(cx + radius * math.cos(math.radians(60 * i)),
                                                 cy + radius * math.sin(math.radians(60 * i)))
                                         for i in range(6)]))
    p.end()
    image.save(str(path))
    return path


def _click(editor: object, metres: tuple[float, float]) -> None:
    from PySide6.QtTest import QTest

    view = editor.view  # type: ignore[attr-defined]
    QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton,
                     Qt.KeyboardModifier.NoModifier, view.mapFromScene(QPointF(*metres)))


def _move(editor: object, metres: tuple[float, float]) -> None:
    from PySide6.QtTest import QTest

    view = editor.view  # type: ignore[attr-defined]
    QTest.mouseMove(view.viewport(), view.mapFromScene(QPointF(*metres)))


def editor_pictures(docs: Path, settings_folder: Path) -> None:
    from PySide6.QtCore import QSettings

    from tactical.data.uvtt import import_uvtt
    from tactical.geometry.layout import hex_corners, hex_to_point, layout_for
    from tactical.ui.main_window import MainWindow

    settings = QSettings(str(settings_folder / "editor.ini"), QSettings.Format.IniFormat)
    window = MainWindow(settings=settings)
    window.resize(1920, 1080)
    window.show()
    QApplication.processEvents()
    mode = window.edit_mode

    def shot(name: str) -> None:
        QApplication.processEvents()
        window.grab().save(str(docs / name))

    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        editor = mode.new_from_picture(scanned_map(folder / "bunker.png"))
        assert editor is not None
        bg = editor.model.draft.background
        assert bg is not None

        def on_picture(px: tuple[float, float]) -> tuple[float, float]:
            assert bg is not None
            return (bg.offset_m[0] + px[0] * bg.metres_per_pixel,
                    bg.offset_m[1] + px[1] * bg.metres_per_pixel)

        QApplication.processEvents()
        editor.view.fit()
        _click(editor, on_picture(centre_px(4, 2)))
        _click(editor, on_picture(centre_px(4, 3)))
        shot("editor-calibrate.png")
        _click(editor, on_picture(centre_px(5, 2)))
        editor.view.fit()
        editor.use("polygon")
        layout = layout_for(editor.model.draft.grid)
        editor.panel.cover.cover_class.setCurrentText("medium")
        editor.panel.cover.cover_height.setCurrentText("low")
        editor.panel.cover.label.setText("Crates")
        c = hex_corners(layout, (3, 2))
        d = hex_corners(layout, (3, 3))
        for p in (c[3], c[4], c[5], d[0], d[1], d[2]):
            _click(editor, p)
        _click(editor, c[3])
        editor.panel.cover.label.setText("")
        e = hex_corners(layout, (8, 6))
        for p in (e[3], e[4], e[5]):
            _click(editor, p)
        _move(editor, hex_to_point(layout, (9, 6)))
        shot("editor-cover.png")
        editor.tool.cancel()
        editor.use("wall")
        for h in ((12, -4), (20, -8), (20, -3)):
            _click(editor, hex_to_point(layout, h))
        editor.tool.cancel()
        editor.use("select")
        from tactical.ui.editor.view import MIME  # noqa: F401 - the drop below uses it

        editor.panel.side.setCurrentIndex(editor.panel.side.findData("players"))
        editor.drop_characters(["kicker", "vanya"], QPointF(*hex_to_point(layout, (2, 6))))
        editor.panel.side.setCurrentIndex(editor.panel.side.findData("enemies"))
        editor.drop_characters(["ganger", "ganger", "ganger"],
                               QPointF(*hex_to_point(layout, (15, -2))))
        editor.select(covers=[0])
        shot("editor-tokens.png")
        maps = folder / "maps"
        maps.mkdir()
        assert mode._save_to(maps / "bunker.yaml")
        mode.toggle.setChecked(False)
        window.zoom_to_fit()
        shot("editor-fight.png")

        import base64
        import json

        walls = [[{"x": 2, "y": 2}, {"x": 14, "y": 2}, {"x": 14, "y": 5}],
                 [{"x": 14, "y": 6}, {"x": 14, "y": 10}, {"x": 2, "y": 10}, {"x": 2, "y": 2}],
                 [{"x": 8, "y": 2}, {"x": 8, "y": 6}]]
        data = QImage(800, 600, QImage.Format.Format_RGB32)
        data.fill(QColor("#5d6b4f"))
        painter = QPainter(data)
        painter.fillRect(QRectF(100, 100, 600, 400), QColor("#a08c6e"))
        painter.end()
        data.save(str(folder / "dd.png"))
        doc = {"format": 0.3, "resolution": {"map_origin": {"x": 0, "y": 0},
                                             "map_size": {"x": 16, "y": 12},
                                             "pixels_per_grid": 50},
               "line_of_sight": walls,
               "portals": [{"bounds": [{"x": 14, "y": 5}, {"x": 14, "y": 6}],
                            "closed": True}],
               "image": base64.b64encode((folder / "dd.png").read_bytes()).decode()}
        (folder / "crypt.dd2vtt").write_text(json.dumps(doc), encoding="utf-8")
        imported = mode.import_file(folder / "crypt.dd2vtt", maps / "crypt.yaml")
        assert imported is not None and import_uvtt is not None
        QApplication.processEvents()
        imported.view.fit()
        imported.select(covers=[len(imported.model.draft.cover) - 1])
        shot("editor-import.png")
        # A fight on it, and the door opened mid-fight (Combat ▸ Doors and cover…).
        crypt = layout_for(imported.model.draft.grid)
        imported.panel.side.setCurrentIndex(imported.panel.side.findData("players"))
        imported.drop_characters(["kicker"], QPointF(*hex_to_point(crypt, (3, 3))))
        imported.panel.side.setCurrentIndex(imported.panel.side.findData("enemies"))
        imported.drop_characters(["security-guard"], QPointF(*hex_to_point(crypt, (9, 0))))
        assert mode._save_to(maps / "crypt.yaml")
        mode.toggle.setChecked(False)
        from tactical.encounter.handlers.terrain import RemoveCover

        mode.terrain.apply(RemoveCover("door-1", "opened"))
        QApplication.processEvents()
        window.zoom_to_fit()
        document = window.document
        assert document is not None
        document.select("security-guard-1")
        QApplication.processEvents()
        window.zoom_to_fit()
        shot("editor-door-open.png")
        window.close()
