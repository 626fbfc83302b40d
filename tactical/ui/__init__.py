"""The Qt side (PySide6). Nothing outside this package imports Qt."""
