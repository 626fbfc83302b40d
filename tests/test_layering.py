"""shared/ARCHITECTURE.md: nothing outside tactical/ui/ imports Qt, and imports only point down."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "tactical"

# package → the tactical packages it must not import (layers only point down)
FORBIDDEN = {
    "data": ("tactical.rules", "tactical.geometry", "tactical.encounter", "tactical.ui",
             "tactical.cli"),
    "rules": ("tactical.geometry", "tactical.encounter", "tactical.ui", "tactical.cli"),
    "geometry": ("tactical.rules", "tactical.encounter", "tactical.ui", "tactical.cli"),
    "encounter": ("tactical.ui", "tactical.cli"),
}


def imported_modules(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
    return names


def python_files_outside_ui() -> list[Path]:
    return [p for p in PACKAGE.rglob("*.py") if "ui" not in p.relative_to(PACKAGE).parts[:1]]


def test_only_the_ui_package_imports_qt():
    offenders = [f"{p.relative_to(PACKAGE.parent)} imports {name}"
                 for p in python_files_outside_ui() for name in imported_modules(p)
                 if name.split(".")[0] in ("PySide6", "shiboken6", "PyQt5", "PyQt6")]
    assert offenders == []


def test_the_scan_would_see_a_qt_import(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text("def f():\n    from PySide6.QtCore import QObject\n")
    assert "PySide6.QtCore" in imported_modules(probe)


def test_layers_import_only_downwards():
    offenders = []
    for layer, forbidden in FORBIDDEN.items():
        for path in (PACKAGE / layer).rglob("*.py"):
            offenders += [f"{path.relative_to(PACKAGE.parent)} imports {name}"
                          for name in imported_modules(path) if name.startswith(forbidden)]
    assert offenders == []


def test_the_command_line_loads_qt_only_when_a_window_or_picture_is_wanted():
    """cli/ sits below ui/ but launches it (the GUI, `tactical render`): only lazily, inside
    functions, so `tactical validate` or `attack` never loads Qt."""
    offenders = []
    for path in (PACKAGE / "cli").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:  # module level only
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            offenders += [f"{path.name}: {n}" for n in names
                          if n.startswith(("tactical.ui", "PySide6"))]
    assert offenders == []


def test_validate_runs_without_loading_qt():
    import subprocess
    import sys

    code = ("import sys; from tactical.cli import main; "
            "main(['validate', 'maps/warehouse.yaml']); "
            "print('PySide6' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=PACKAGE.parent, timeout=60)
    assert out.stdout.strip().splitlines()[-1] == "False"
