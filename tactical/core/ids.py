"""Ids the GM never types: made from a name, and made unique among those taken (tokens,
characters, sides, added cover). One rule everywhere: lowercase letters and digits joined
by "-", and "-2", "-3", … for a name already taken."""

from __future__ import annotations

import re
from collections.abc import Container

MAX_LENGTH = 64


def slug(text: str, fallback: str = "") -> str:
    """An id from a name: "Boss ganger 2" → "boss-ganger-2" (`fallback` if none is left)."""
    return "-".join(re.findall(r"[a-z0-9]+", text.lower()))[:MAX_LENGTH] or fallback


def free_number(base: str, taken: Container[str], first: int = 2) -> int:
    """The lowest n from `first` for which `base`-n is not taken."""
    n = first
    while f"{base}-{n}" in taken:
        n += 1
    return n


def unique(base: str, taken: Container[str]) -> str:
    """`base` itself if it is free, else `base`-2, `base`-3, …"""
    if base not in taken:
        return base
    suffix = f"-{free_number(base, taken)}"
    return f"{base[:MAX_LENGTH - len(suffix)]}{suffix}"  # still a valid id (≤ 64)
