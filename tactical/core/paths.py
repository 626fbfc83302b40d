"""Where the bundled content lives: the repository checkout, or a PyInstaller bundle."""

from __future__ import annotations

import sys
from pathlib import Path


def app_root() -> Path:
    """The folder that holds `assets/` and `maps/`."""
    bundle = getattr(sys, "_MEIPASS", None)  # set by PyInstaller's bootloader
    if bundle:
        return Path(bundle)
    return Path(__file__).resolve().parents[2]  # tactical/core/paths.py → the checkout


def assets_dir() -> Path:
    return app_root() / "assets"


def maps_dir() -> Path:
    return app_root() / "maps"


def demo_map() -> Path:
    """The encounter `tactical` opens with no argument."""
    return maps_dir() / "warehouse.yaml"


def font_file() -> Path:
    return assets_dir() / "fonts" / "DejaVuSans.ttf"
