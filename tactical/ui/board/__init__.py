"""The board: the encounter's map as a QGraphicsScene in metres, its view, its tools.

    scene = BoardScene(document)          # items re-read the document on every change
    view = BoardView(scene)               # keeps the scene alive; wheel zoom, legend
    view.tools.use("ruler", point)        # a tool of ui/board/tools/ (drag, pan, ruler, aim)
    view.hex_hovered.connect(lambda h: status.showMessage(hover_text(document, h)))
    scene.toggle_layer(LAYERS[0])         # keys 1–5: grid, cover, bands, triggers, tokens
"""

from tactical.ui.board.hovertext import hover_text
from tactical.ui.board.scene import BoardScene
from tactical.ui.board.tools.drag import DragTool
from tactical.ui.board.view import BoardView
from tactical.ui.menus import LAYERS

__all__ = ["LAYERS", "BoardScene", "BoardView", "DragTool", "hover_text"]
