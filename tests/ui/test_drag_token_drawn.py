"""The token the GM drags is drawn where the drag is (issue 13 cached it as a pixmap while it
moves): in the live view and in `tactical render --drag`, the dragged token's disc shows at
the path's end in its side's colour, not an empty hex."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint
from PySide6.QtGui import QImage

from tactical.ui.board import BoardScene, BoardView
from tactical.ui.board.render import render_image
from tests.ui.test_board import CHARGE, at, drag_through, mouse, warehouse


def blue_near(image: QImage, point: QPoint, radius: int = 6) -> bool:
    """Whether the pixels round `point` are the runners' token blue (not the floor's grey)."""
    hits = 0
    for dx in range(-radius, radius + 1, 3):
        for dy in range(-radius, radius + 1, 3):
            c = image.pixelColor(point.x() + dx, point.y() + dy)
            if c.blue() > c.red() + 60 and c.blue() > 120:
                hits += 1
    return hits >= 3


def fitted_view(qtbot) -> BoardView:
    view = BoardView(BoardScene(warehouse()))
    qtbot.addWidget(view)
    view.resize(1280, 800)
    view.show()
    qtbot.waitExposed(view)
    view.zoom_to_fit()
    return view


def test_the_dragged_token_is_drawn_at_the_end_of_the_drag(qtbot):
    view = fitted_view(qtbot)
    drag_through(view, (7, 5), CHARGE)
    image = view.viewport().grab().toImage()
    assert blue_near(image, at(view, CHARGE[-1]))
    mouse(view, QEvent.Type.MouseButtonRelease, at(view, CHARGE[-1]))


def test_the_dragged_token_is_drawn_in_a_rendered_drag(qtbot):
    document = warehouse()
    image = render_image(document, (1280, 800), drag=[(7, 5), *CHARGE], mover="kicker")
    view = fitted_view(qtbot)  # where the path ends, in the same fitted view as the render
    assert blue_near(image, at(view, CHARGE[-1]))
