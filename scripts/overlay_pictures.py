"""The pictures of docs/streaming.md (issue 28): each stream overlay in headless Chromium at
the browser-source size the page gives, on a transparent background (docs/overlay-*.png),
and a 1280 × 720 scene as OBS composes it, the four laid over a checkerboard that shows
their true alpha where a camera or a game would be (docs/streaming-scene.png). The golden
fight (tests/scenarios/warehouse_three_rounds.jsonl) at the latest point where someone acts
and a reaction just fired.

Run: .venv/bin/python scripts/overlay_pictures.py (needs chromium). Look before committing.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QPoint  # noqa: E402
from PySide6.QtGui import QColor, QGuiApplication, QImage, QPainter  # noqa: E402

from tactical.encounter.events import AttackResolved  # noqa: E402
from tactical.encounter.queries.audience import default_settings  # noqa: E402
from tactical.overlay.pages import SIZES  # noqa: E402
from tests.overlay.chromium import Chromium, find  # noqa: E402
from tests.overlay.served import feed_at, golden, serving  # noqa: E402

SCENE = (1280, 720)
#: Where each overlay sits on the 1280 × 720 scene, and at what ?scale=.
PLACES = {"initiative": (0, 0, 1.0), "party": (0, 110, 0.8), "roll": (190, 395, 1.0),
          "banner": (0, 330, 1.0)}


def moment() -> int:
    """The latest event count with an actor and a reaction just fired (a banner on)."""
    view = golden()
    best = len(view.events)
    for count in range(1, len(view.events) + 1):
        event = view.events[count - 1]
        if isinstance(event, AttackResolved) and event.reaction and \
                view.state_at(count).actor is not None:
            best = count
    return best


def main() -> int:
    binary = find()
    if binary is None:
        print("needs chromium (apt-get install chromium)", file=sys.stderr)
        return 1
    app = QGuiApplication.instance() or QGuiApplication([])
    del app
    view = golden()
    feed = feed_at(view, moment(), default_settings(["runners", "corp"]))
    browser = Chromium(binary)
    shots: dict[str, QImage] = {}
    try:
        with serving(feed) as server:
            for topic, (w, h) in SIZES.items():
                browser.open(f"http://127.0.0.1:{server.port}/{topic}", w, h)
                browser.screenshot(DOCS / f"overlay-{topic}.png")
                _x, _y, scale = PLACES[topic]
                browser.open(f"http://127.0.0.1:{server.port}/{topic}?scale={scale:g}",
                             round(w * scale) if topic in ("party",) else w,
                             round(h * scale) if topic in ("party",) else h)
                shots[topic] = QImage.fromData(browser.screenshot())
    finally:
        browser.close()
    scene = QImage(*SCENE, QImage.Format.Format_ARGB32)
    painter = QPainter(scene)
    for i in range(0, SCENE[0], 40):
        for j in range(0, SCENE[1], 40):
            painter.fillRect(i, j, 40, 40, QColor("#8a9a8a" if (i + j) // 40 % 2 else "#b8c4b8"))
    for topic, (x, y, _scale) in PLACES.items():
        painter.drawImage(QPoint(x, y), shots[topic])
    painter.end()
    scene.save(str(DOCS / "streaming-scene.png"))
    print("wrote docs/overlay-*.png and docs/streaming-scene.png", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
