"""The bundle leaves out standard modules Tactical never imports (packaging/tactical.spec,
PYTHON_UNUSED): one it does import would make the installed app fail at start. A `make
dist` found two (the Chummer import's xml.sax, the stream overlays' http.server) only in
its smoke test, minutes into a build; this reads the spec and every module's imports."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _excluded() -> list[str]:
    spec = ast.parse((ROOT / "packaging" / "tactical.spec").read_text(encoding="utf-8"))
    for node in ast.walk(spec):
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "PYTHON_UNUSED" for t in node.targets):
            names = ast.literal_eval(node.value)
            assert isinstance(names, list)
            return [str(n) for n in names]
    raise AssertionError("packaging/tactical.spec has no PYTHON_UNUSED list")


def _imports() -> dict[str, str]:
    """Every absolute module name Tactical's code imports → the first file importing it."""
    found: dict[str, str] = {}
    for path in sorted((ROOT / "tactical").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                found.setdefault(name, str(path.relative_to(ROOT)))
    return found


def test_no_module_tactical_imports_is_left_out_of_the_bundle():
    excluded = _excluded()
    assert "tkinter" in excluded  # the list was found and read
    wrong = {name: where for name, where in _imports().items()
             if any(name == x or name.startswith(x + ".") for x in excluded)}
    assert wrong == {}, f"the bundle would leave out what these import: {wrong}"
