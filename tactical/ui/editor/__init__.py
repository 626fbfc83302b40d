"""The map and encounter editor (issue 15): new maps from a picture or a blank grid, cover,
walls and tokens drawn with tools on one undo stack, saved as documented YAML."""

from tactical.ui.editor.editor import MapEditor, blank_draft, picture_draft

__all__ = ["MapEditor", "blank_draft", "picture_draft"]
