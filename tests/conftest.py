"""Shared fixtures: paths to the bundled content, and a writer for broken files."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import settings

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

# No test passes or fails on an absolute time: Hypothesis's default 200 ms deadline per
# example failed a geometry property on a loaded machine (timing belongs in tests/bench).
settings.register_profile("tactical", deadline=None)
settings.load_profile("tactical")

ROOT = Path(__file__).resolve().parent.parent


# The kill, fuzz and whole-process tests (`make test` runs them; `make test-fast` leaves them
# out for the inner loop): these folders and files are slow as a whole, and single tests
# elsewhere carry @pytest.mark.slow themselves.
SLOW_PATHS = ("tests/hostile/", "tests/packaging/", "tests/encounter/test_log_crash.py")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        where = Path(str(item.fspath)).resolve().relative_to(ROOT).as_posix()
        if where.startswith(SLOW_PATHS):
            item.add_marker(pytest.mark.slow)


@pytest.fixture(autouse=True, scope="session")
def private_data_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Autosaved encounters go to a temporary folder, never the tester's own."""
    folder = tmp_path_factory.mktemp("tactical-data")
    os.environ["TACTICAL_DATA_DIR"] = str(folder)
    return folder


@pytest.fixture
def root() -> Path:
    return ROOT


@pytest.fixture
def write(tmp_path: Path) -> Callable[[str, str], Path]:
    """write("name.yaml", text) → the path of a new file holding `text`."""

    def _write(name: str, text: str) -> Path:
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return path

    return _write
