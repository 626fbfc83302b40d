"""The pictures of docs/streaming.md (issue 28): each stream overlay in headless Chromium at
the browser-source size the page gives, on a transparent background (docs/overlay-*.png),
the roll under SR5 (docs/overlay-roll-sr5.png: hits, ones, a glitch, the dice), and a
1280 × 720 scene as OBS composes it, the four laid over a checkerboard that shows
their true alpha where a camera or a game would be (docs/streaming-scene.png). The golden
fight (tests/scenarios/warehouse_three_rounds.jsonl) at the latest point where someone acts
and a reaction just fired.

Run: .venv/bin/python scripts/overlay_pictures.py (needs chromium); then quantise the scene
(`convert docs/streaming-scene.png -dither None -colors 128 PNG8:…`). Look before committing.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

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


# Vanya's pool (8 dice, 10 with the smartlink): 7 ones in the first 10, a glitch either way
GLITCHING = [1, 1, 1, 1, 6, 1, 5, 1, 1, 2, 5, 3, 6, 1, 2, 3, 4, 1, 5, 5, 6, 2, 2, 3, 4, 4]


def sr5_feed() -> Any:
    """The warehouse under SR5: Vanya's shot glitching (scripted dice), Kicker's Physical
    monitor marked by the GM: the roll overlay's glyphs and dice (docs/overlay-roll-sr5.png)."""
    from tactical.core.dice import RandomDice, ScriptedDice
    from tactical.core.paths import maps_dir
    from tactical.data.library import load_map
    from tactical.encounter import commands as cmd
    from tactical.encounter.context import Context
    from tactical.encounter.encounter import Encounter
    from tactical.encounter.queries.oracle import GeometryOracle
    from tactical.overlay.feed import Feed
    from tactical.overlay.follow import publish
    from tactical.overlay.payload import Payload

    loaded = load_map(maps_dir() / "warehouse.yaml")
    fight = Encounter(Context(loaded, GeometryOracle(loaded), ruleset="sr5"), RandomDice(3))
    for cid, value in {"vanya": 25, "kicker": 20, "guard-shotgun": 12, "guard-shield": 10,
                       "guard-office": 9, "abomination": 8}.items():
        fight.apply(cmd.SetInitiative(cid, value))
    fight.apply(cmd.StartCombat())
    fight.apply(cmd.ApplyDamage("kicker", 3, "physical"))
    fight.dice = ScriptedDice(d6=GLITCHING * 3)
    assert fight.apply(cmd.Attack("vanya", "guard-shotgun")) is not None
    feed = Feed()
    publish(feed, Payload(), fight.state, tuple(fight.history.effective_events()),
            default_settings(["runners", "corp"]))
    return feed


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
        with serving(sr5_feed()) as server:
            w, h = SIZES["roll"]
            browser.open(f"http://127.0.0.1:{server.port}/roll", w, h)
            browser.screenshot(DOCS / "overlay-roll-sr5.png")
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
