"""A field with a problem: a red border and the problem as its tooltip (the dialog's
stylesheet draws the border for `problem="true"`)."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

PROBLEM_STYLE = '*[problem="true"] { border: 2px solid #b00020; border-radius: 3px; }'


def mark(widget: QWidget, message: str | None) -> None:
    """Show `message` on `widget` (None: the field is fine). The tooltip keeps the field's
    own help after the problem."""
    help_text = widget.property("help")
    if help_text is None:
        help_text = widget.toolTip()
        widget.setProperty("help", help_text)
    was = bool(widget.property("problem"))
    widget.setProperty("problem", message is not None)
    widget.setToolTip(f"{message}\n{help_text}".strip() if message else str(help_text))
    if was != (message is not None):
        widget.style().unpolish(widget)  # re-read the stylesheet for the new property
        widget.style().polish(widget)
        widget.update()


def is_marked(widget: QWidget) -> bool:
    return bool(widget.property("problem"))
