"""The drag summary (the drag in words, over the board) is repainted at every step of a
drag, though a step repaints only the region it changes (the strips of the summary's plate
whose words changed, and no board under the plate: issue 26): the GM reads this step's
metres and reactions, not the first step's or a mix of two — the window shows, pixel for
pixel, what a full repaint draws."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPointF, QRect, Qt
from PySide6.QtGui import QImage, QMouseEvent, QRegion
from PySide6.QtWidgets import QApplication

from tactical.core.dice import RandomDice
from tactical.core.paths import maps_dir
from tactical.data.library import load_map
from tactical.encounter.commands import Move, SetInitiative, StartCombat
from tactical.ui.board import BoardScene, BoardView
from tactical.ui.board.tools.drag import drag_summary
from tactical.ui.document import EncounterDocument


class Painted(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.region = QRegion()

    def eventFilter(self, _watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.region += event.region()  # type: ignore[attr-defined]
        return False


def shown(view: BoardView, rect: QRect) -> QImage:
    """The pixels the window shows there now (the offscreen platform's backing store: what
    the step's partial repaint left), not a fresh rendering."""
    at = view.viewport().mapTo(view, rect.topLeft())
    return view.screen().grabWindow(view.winId(), at.x(), at.y(), rect.width(),
                                    rect.height()).toImage()


def test_each_drag_step_repaints_the_summary_with_that_steps_words(qtbot) -> None:
    document = EncounterDocument.for_map(load_map(maps_dir() / "warehouse.yaml"),
                                         RandomDice(6))
    for i, cid in enumerate(["kicker", "vanya", "guard-shotgun", "guard-shield",
                             "guard-office", "abomination"]):
        document.apply(SetInitiative(cid, 40 - i))
    document.apply(StartCombat())
    document.apply(Move("kicker", ((3, 7), (4, 7), (5, 6), (6, 5), (7, 5))))
    view = BoardView(BoardScene(document))
    qtbot.addWidget(view)
    view.resize(900, 600)
    view.show()
    view.set_zoom(1.3)
    view.centre_on_hex((9, 3))
    QApplication.processEvents()
    painted, board = Painted(), Painted()
    view.words.installEventFilter(painted)  # the summary's plate (board/words.py)
    view.viewport().installEventFilter(board)

    def mouse(kind: QEvent.Type, h: tuple[int, int]) -> None:
        p = QPointF(view.mapFromScene(view.board.centre(h)))
        button = Qt.MouseButton.NoButton if kind == QEvent.Type.MouseMove \
            else Qt.MouseButton.LeftButton
        QApplication.sendEvent(view.viewport(), QMouseEvent(
            kind, p, view.viewport().mapToGlobal(p.toPoint()).toPointF(), button,
            Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier))
        QApplication.processEvents()

    mouse(QEvent.Type.MouseButtonPress, (7, 5))
    seen = []
    for h in ((7, 4), (8, 3), (9, 2)):
        painted.region, board.region = QRegion(), QRegion()
        mouse(QEvent.Type.MouseMove, h)
        words = drag_summary(view.drag_tool)
        seen.append(words[0][0])
        box = view.board.legend.lines_rect(view._hud_box(), words).toAlignedRect()
        assert not box.isEmpty() and view.words.isVisible()
        assert not painted.region.isEmpty(), h  # the metres at least
        inner = box.adjusted(12, 12, -12, -12)  # (the plate's rounded corners aside)
        assert board.region.intersected(QRect(inner)).isEmpty(), h  # no board under it
        after_step = shown(view, box)
        view.viewport().repaint()  # everything drawn afresh
        view.words.repaint()
        assert after_step == shown(view, box), h  # no stale strip, no mix of two steps
    assert len(set(seen)) == 3  # "Kicker moves 2 m of 10 m", "4 m", "6 m"
    view.drag_tool.cancel()
