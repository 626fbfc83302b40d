"""The bundled font, loaded once, so text renders the same on every GM's machine."""

from __future__ import annotations

from PySide6.QtGui import QFont, QFontDatabase

from tactical.core.paths import font_file

_family: str | None = None


def load_app_font(point_size: float = 10.0) -> QFont:
    """Register assets/fonts/DejaVuSans.ttf and return it; fall back to the system font."""
    global _family
    if _family is None:
        font_id = QFontDatabase.addApplicationFont(str(font_file()))
        families = QFontDatabase.applicationFontFamilies(font_id) if font_id >= 0 else []
        _family = families[0] if families else ""
    font = QFont(_family) if _family else QFont()
    font.setPointSizeF(point_size)
    return font
