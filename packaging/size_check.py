"""The size budget of a built package (issue 17): the unpacked bundle at most 120 MiB, each
compressed package (.tar.gz, .deb, .zip, .exe installer, .dmg) at most 50 MiB. Used by
`make dist` and by the release workflow on every platform.

Usage: python packaging/size_check.py BUNDLE_DIR [PACKAGE ...]
Prints every size; exit 1 when one is over its budget.
"""

from __future__ import annotations

import sys
from pathlib import Path

MIB = 1024 * 1024
UNPACKED_BUDGET = 120 * MIB
COMPRESSED_BUDGET = 50 * MIB


def tree_size(folder: Path) -> int:
    """Bytes in every file under `folder` (symlinks count as links, as on disk)."""
    return sum(p.lstat().st_size for p in folder.rglob("*") if p.is_file() or p.is_symlink())


def check(bundle: Path, packages: list[Path]) -> list[str]:
    over = []
    size = tree_size(bundle)
    print(f"bundle   {bundle}: {size / MIB:.1f} MiB (budget {UNPACKED_BUDGET // MIB})")
    if size > UNPACKED_BUDGET:
        over.append(f"{bundle} is {size / MIB:.1f} MiB unpacked")
    for package in packages:
        size = package.stat().st_size
        print(f"package  {package}: {size / MIB:.1f} MiB (budget {COMPRESSED_BUDGET // MIB})")
        if size > COMPRESSED_BUDGET:
            over.append(f"{package} is {size / MIB:.1f} MiB")
    return over


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__, file=sys.stderr)
        return 2
    over = check(Path(argv[0]), [Path(a) for a in argv[1:]])
    for line in over:
        print(f"size check FAILED: {line}", file=sys.stderr)
    return 1 if over else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
