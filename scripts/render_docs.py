"""Regenerate the pictures in docs/ (run: make render-docs): the board through
`tactical render`, and the whole window mid-fight, both at 1920 × 1080; the window at
1280 × 720 (a 720p stream) resolving a Snapshot, the attack panel in view; and the token's
right-click menu open (issue 14).

Look at them before committing: legible on a projector, colours distinguishable.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QSettings  # noqa: E402

from tactical.cli import main as tactical  # noqa: E402
from tactical.encounter import commands as cmd  # noqa: E402

if TYPE_CHECKING:
    from tactical.ui.main_window import MainWindow

INITIATIVE = {"kicker": 30, "vanya": 22, "guard-shotgun": 18, "guard-shield": 14,
              "guard-office": 11, "abomination": 9}
APPROACH = ((3, 7), (4, 7), (5, 6), (6, 5), (7, 5))
DRAG = "7,5 7,4 8,3 9,2 10,2 11,2"  # Kicker's second 10 m move: a Snapshot, an Intercept


def fight_so_far(folder: Path) -> Path:
    """A log of round 1 up to Kicker's first move (for a drag picture that is legal)."""
    from tactical.core.dice import RandomDice
    from tactical.data.library import load_map
    from tactical.encounter.queries.oracle import GeometryOracle
    from tactical.encounter.store import files

    log = folder / "round1.jsonl"
    encounter = files.start(load_map(ROOT / "maps" / "warehouse.yaml"), log, GeometryOracle,
                            RandomDice(1), "docs")
    for cid, value in INITIATIVE.items():
        encounter.apply(cmd.SetInitiative(cid, value))
    encounter.apply(cmd.StartCombat())
    encounter.apply(cmd.Move("kicker", APPROACH))
    encounter.sink.close(finished=False)  # type: ignore[union-attr]
    return log


def board_pictures(folder: Path) -> None:
    golden = ROOT / "tests" / "scenarios" / "warehouse_three_rounds.jsonl"
    runs = [
        [str(golden), "--select", "vanya", "--out", str(DOCS / "board-warehouse.png")],
        [str(fight_so_far(folder)), "--drag", DRAG,
         "--out", str(DOCS / "board-warehouse-drag.png")],
        [str(ROOT / "maps" / "street.yaml"), "--select", "vanya",
         "--out", str(DOCS / "board-street.png")],
    ]
    for args in runs:
        if tactical(["render", *args, "--size", "1920x1080"]) != 0:
            raise SystemExit(f"tactical render failed: {args}")


def player_pictures(folder: Path) -> None:
    """The players' screen (issue 16): what a projector or a stream shows — no NPC numbers,
    no GM zones — in large print, with fog of war, and on a chroma-key background."""
    golden = ROOT / "tests" / "scenarios" / "warehouse_three_rounds.jsonl"
    players = ["--audience", "players"]
    folder = folder / "players"  # a log of its own: board_pictures wrote one already
    folder.mkdir(exist_ok=True)
    runs = [
        [str(golden), *players, "--size", "1920x1080",
         "--out", str(DOCS / "player-warehouse.png")],
        [str(fight_so_far(folder)), *players, "--fog", "--size", "1280x720",
         "--out", str(DOCS / "player-warehouse-fog.png")],
        [str(ROOT / "maps" / "street.yaml"), *players, "--fog", "--key", "--size", "1280x720",
         "--out", str(DOCS / "player-street-key.png")],
    ]
    for args in runs:
        if tactical(["render", *args]) != 0:
            raise SystemExit(f"tactical render failed: {args}")


def _window(folder: str, size: tuple[int, int]) -> MainWindow:
    """The demo mid-fight: Kicker's second move stopped at the shotgun guard's Snapshot."""
    from PySide6.QtWidgets import QApplication

    from tactical.core.paths import demo_map
    from tactical.ui.main_window import MainWindow

    settings = QSettings(str(Path(folder) / f"settings{size[0]}.ini"),
                         QSettings.Format.IniFormat)
    window = MainWindow(settings=settings)
    window.resize(*size)
    window.show()
    window.open_path(demo_map())
    doc = window.document
    assert doc is not None
    for cid, value in INITIATIVE.items():
        doc.apply(cmd.SetInitiative(cid, value))
    doc.apply(cmd.StartCombat())
    doc.apply(cmd.Move("kicker", APPROACH))
    doc.apply(cmd.Move("kicker", ((7, 4), (8, 3), (9, 2), (10, 2), (11, 2))))
    doc.select("guard-shotgun")
    QApplication.processEvents()
    window.zoom_to_fit()
    QApplication.processEvents()
    return window


def window_pictures() -> None:
    from PySide6.QtGui import QPainter
    from PySide6.QtWidgets import QApplication

    from tactical.ui.app import application

    app = application()
    with tempfile.TemporaryDirectory() as folder:
        os.environ["TACTICAL_DATA_DIR"] = folder
        window = _window(folder, (1920, 1080))
        window.grab().save(str(DOCS / "window.png"))
        window.close()

        # 720p, resolving the Snapshot: the attack panel and its Roll button in view
        window = _window(folder, (1280, 720))
        assert window.dock is not None
        window.dock.reactions.buttons["guard-shotgun"][0].click()
        for _ in range(3):
            QApplication.processEvents()
        window.grab().save(str(DOCS / "window-720p-resolve.png"))

        # the token menu on Kicker, whose turn it is (the Snapshot undone): his actions
        # with their costs, then what the GM may do to anyone
        window.undo()
        assert window.view is not None and window.document is not None
        assert window.scene is not None
        kicker = window.document.state.get("kicker")
        point = window.view.mapFromScene(window.scene.centre(kicker.hex))
        window.board_menu(kicker.hex, "kicker", window.view.viewport().mapToGlobal(point))
        QApplication.processEvents()
        menu = window.last_menu
        assert menu is not None
        at = window.mapFromGlobal(menu.pos())
        at.setY(max(0, min(at.y(), window.height() - menu.height())))  # as a screen would
        image = window.grab().toImage()
        painter = QPainter(image)
        painter.drawPixmap(at, menu.grab())
        painter.end()
        image.save(str(DOCS / "window-token-menu.png"))
        menu.close()
        window.close()

        from editor_pictures import editor_pictures  # docs/editor.md (issue 15)

        editor_pictures(DOCS, Path(folder))

        from character_picture import character_picture  # the character form (issue 15)

        character_picture(DOCS, Path(folder))
    del app


if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as scratch:
        board_pictures(Path(scratch))
        player_pictures(Path(scratch))
    window_pictures()
    print("wrote", ", ".join(p.name for p in sorted(DOCS.glob("*.png"))))
