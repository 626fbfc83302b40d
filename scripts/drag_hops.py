"""How far one drag step travels: trace one hex step of a drag in the real board (warehouse,
Kicker's charge) and count the tactical modules it passes through and the cross-module call
edges ("hops"). Run: QT_QPA_PLATFORM=offscreen python scripts/drag_hops.py [--list]"""

from __future__ import annotations

import sys

from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from tactical.core.dice import RandomDice
from tactical.core.paths import maps_dir
from tactical.data.library import load_map
from tactical.encounter.commands import Move, SetInitiative, StartCombat
from tactical.ui.board import BoardScene, BoardView
from tactical.ui.document import EncounterDocument

INITIATIVE = {"kicker": 30, "vanya": 22, "guard-shotgun": 18, "guard-shield": 14,
              "guard-office": 11, "abomination": 9}


def main() -> None:
    app = QApplication.instance() or QApplication(sys.argv)
    document = EncounterDocument.for_map(load_map(maps_dir() / "warehouse.yaml"), RandomDice(6))
    for cid, value in INITIATIVE.items():
        document.apply(SetInitiative(cid, value))
    document.apply(StartCombat())
    document.apply(Move("kicker", ((3, 7), (4, 7), (5, 6), (6, 5), (7, 5))))
    scene = BoardScene(document)
    view = BoardView(scene)
    view.resize(1280, 800)
    view.show()
    view.zoom_to_fit()
    app.processEvents()

    def at(h: tuple[int, int]) -> QPoint:
        return view.mapFromScene(view.board.centre(h))

    def move(h: tuple[int, int]) -> None:
        p = at(h)
        event = QMouseEvent(QEvent.Type.MouseMove, QPointF(p),
                            QPointF(view.viewport().mapToGlobal(p)), Qt.MouseButton.NoButton,
                            Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
        QApplication.sendEvent(view.viewport(), event)
        view.viewport().repaint()

    QTest.mousePress(view.viewport(), Qt.MouseButton.LeftButton,
                     Qt.KeyboardModifier.NoModifier, at((7, 5)))
    for h in ((7, 4), (8, 3)):
        move(h)
    modules: set[str] = set()
    edges: set[tuple[str, str]] = set()
    stack: list[str] = []

    def profile(frame, event, _arg):  # type: ignore[no-untyped-def]
        if event == "call":
            mod = frame.f_globals.get("__name__", "")
            mine = mod.startswith("tactical")
            if mine:
                modules.add(mod)
                if stack and stack[-1] != mod:
                    edges.add((stack[-1], mod))
            stack.append(mod if mine else (stack[-1] if stack else ""))
        elif event == "return" and stack:
            stack.pop()

    sys.setprofile(profile)
    move((9, 2))  # the step where the Snapshot lights up
    sys.setprofile(None)
    print(f"{len(edges)} hops through {len(modules)} modules")
    if "--list" in sys.argv:
        for a, b in sorted(edges):
            print(f"  {a} -> {b}")


if __name__ == "__main__":
    main()
