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


# --- no import cycles inside tactical/ui/ (issue 22, item 7)

# Cycles between ui modules the check lets pass, each with why; every other cycle fails it.
KNOWN_UI_CYCLES: frozenset[frozenset[str]] = frozenset()  # none: keep it so


def import_cycles(package: str) -> list[list[tuple[str, str, list[int]]]]:
    """The cycles of imports between the modules of `package`: each strongly connected
    component of its import graph, as its imports (importer, imported, line numbers).
    Imports inside functions and under TYPE_CHECKING count: a lazy import that dodges a
    cycle at run time is still a cycle for whoever reads the modules."""
    import grimp

    graph = grimp.build_graph(package.split(".")[0], cache_dir=None)
    modules = {m for m in graph.modules if m == package or m.startswith(package + ".")}
    edges = {m: sorted(i for i in graph.find_modules_directly_imported_by(m) if i in modules)
             for m in sorted(modules)}
    cycles = []
    for component in _strongly_connected(edges):
        inside = set(component)
        cycles.append([(a, b, sorted(d["line_number"] for d in graph.get_import_details(
            importer=a, imported=b))) for a in sorted(inside) for b in edges[a] if b in inside])
    return cycles


def _strongly_connected(edges: dict[str, list[str]]) -> list[list[str]]:
    """Tarjan's components of more than one module (iterative: no recursion limit)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in edges:
        if root in index:
            continue
        work = [(root, iter(edges[root]))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        top = stack.pop()
                        on_stack.discard(top)
                        component.append(top)
                        if top == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
            elif child not in index:
                index[child] = low[child] = len(index)
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(edges[child])))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
    return found


def _named(cycle: list[tuple[str, str, list[int]]]) -> str:
    modules = sorted({a for a, _b, _l in cycle})
    imports = (f"\n    {a} imports {b} (line {', '.join(map(str, lines))})"
               for a, b, lines in cycle)
    return " ↔ ".join(modules) + "".join(imports)


def test_no_import_cycles_between_ui_modules():
    cycles = [c for c in import_cycles("tactical.ui")
              if frozenset(a for a, _b, _l in c) not in KNOWN_UI_CYCLES]
    assert not cycles, "import cycles in tactical/ui/:\n" + "\n".join(map(_named, cycles))


def test_the_cycle_check_names_a_cycle_it_finds(tmp_path, monkeypatch):
    package = tmp_path / "loopy"
    (package / "board").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "board" / "__init__.py").write_text("")
    (package / "board" / "scene.py").write_text("from loopy.board import audience\n")
    (package / "board" / "audience.py").write_text(
        "from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n"
        "    from loopy.board.scene import Scene\n")
    (package / "window.py").write_text("def late():\n    from loopy import editor\n")
    (package / "editor.py").write_text("import loopy.window\n")
    (package / "below.py").write_text("import loopy.window\n")  # imports down: no cycle
    monkeypatch.syspath_prepend(str(tmp_path))
    named = sorted(map(_named, import_cycles("loopy")))
    assert named == [
        "loopy.board.audience ↔ loopy.board.scene"
        "\n    loopy.board.audience imports loopy.board.scene (line 4)"
        "\n    loopy.board.scene imports loopy.board.audience (line 1)",
        "loopy.editor ↔ loopy.window"
        "\n    loopy.editor imports loopy.window (line 1)"
        "\n    loopy.window imports loopy.editor (line 2)",
    ]
