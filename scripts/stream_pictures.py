"""Window grabs of the players' window for docs/streaming.md (issue 28), in a real X session.
`chapter6`: the warehouse demo as a GM plays it (Kicker charges, the shotgun guard's
Snapshot fires, the shield guard's Intercept is declined, Kicker attacks) and the GM pings
a hex; `sr5`: the same map under SR5, Vanya's shot glitching (scripted dice). The players'
window, a plain window of the given size as OBS captures it, is grabbed by ImageMagick's
`import` from the X server (what OBS's window capture reads).

Run inside an X session bigger than the grab (the window has a frame):
  /work/shared/tools/xsession 2200x1250 -- .venv/bin/python scripts/stream_pictures.py \\
      chapter6 1920x1080 docs/player-stream-1080p.png
Needs: xvfb openbox imagemagick. Look at the picture, then quantise it for docs/
(`convert OUT.png -dither None -colors 128 PNG8:OUT.png`) before committing it.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from PySide6.QtCore import QSettings  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from tactical.core.dice import ScriptedDice  # noqa: E402
from tactical.core.paths import demo_map  # noqa: E402
from tactical.encounter.commands import Attack, DeclineReaction, Move, React  # noqa: E402
from tactical.ui.board.ping import Ping  # noqa: E402
from tactical.ui.document import EncounterDocument  # noqa: E402
from tactical.ui.main_window import MainWindow  # noqa: E402
from tests.fights import APPROACH, CHARGE, start  # noqa: E402

DOOR = (13, 7)  # the office door the GM points at


def settle(app: QApplication, seconds: float) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.processEvents()
        time.sleep(0.01)


def chapter6(document: EncounterDocument) -> None:
    start(document, moves=(Move("kicker", APPROACH),))
    assert document.apply(Move("kicker", CHARGE)) is not None
    assert document.apply(React("guard-shotgun")) is not None  # Snapshot: a banner
    for offer in document.state.pending:  # the Intercept declined: Kicker goes on
        document.apply(DeclineReaction(offer=offer.id))
    assert document.apply(Attack("kicker", "guard-shield")) is not None  # result first
    document.pinged.emit(Ping(DOOR))


def sr5(document: EncounterDocument) -> None:
    start(document, {"vanya": 25, "kicker": 20, "guard-shotgun": 12, "guard-shield": 10,
                     "guard-office": 9, "abomination": 8})
    document.encounter.dice = ScriptedDice(d6=GLITCHING * 3)
    assert document.apply(Attack("vanya", "guard-shotgun")) is not None


# Vanya's pool (8 dice, 10 with the smartlink): 7 ones in the first 10, a glitch either way
GLITCHING = [1, 1, 1, 1, 6, 1, 5, 1, 1, 2, 5, 3, 6, 1, 2, 3, 4, 1, 5, 5, 6, 2, 2, 3, 4, 4]
SCENARIOS = {"chapter6": chapter6, "sr5": sr5}


def main(scenario: str, size: str, out: Path) -> int:
    width, height = (int(v) for v in size.split("x"))
    app = QApplication(sys.argv[:1])
    folder = Path(tempfile.mkdtemp())
    window = MainWindow(settings=QSettings(str(folder / "s.ini"), QSettings.Format.IniFormat))
    window.resize(1280, 720)
    window.show()
    assert window.open_path(demo_map(), ruleset=scenario)
    settle(app, 1.0)
    document = window.document
    assert document is not None
    players = window.player_screen.open()
    assert players is not None
    players.showNormal()
    players.resize(width, height)
    players.move(0, 0)
    settle(app, 1.5)
    SCENARIOS[scenario](document)
    settle(app, 1.2)  # the camera and the ring's pulse under way
    window_id = str(int(players.winId()))
    subprocess.run(["import", "-window", window_id, str(out)], check=True)
    print(f"wrote {out} ({width}x{height})", file=sys.stderr)
    players.close()
    window.close()
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 4 or sys.argv[1] not in SCENARIOS:
        print("usage: stream_pictures.py chapter6|sr5 WxH OUT.png", file=sys.stderr)
        raise SystemExit(2)
    raise SystemExit(main(sys.argv[1], sys.argv[2], Path(sys.argv[3])))
