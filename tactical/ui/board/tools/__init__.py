"""The board's tools (a package so that a new tool is one module here)."""
