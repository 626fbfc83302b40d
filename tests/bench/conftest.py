"""Benchmarks are files named bench_*.py, collected only when pytest is pointed at
tests/bench (make bench); the default run skips this folder (pyproject norecursedirs)."""

from __future__ import annotations

from pathlib import Path

import pytest


def pytest_collect_file(parent: pytest.Collector, file_path: Path) -> pytest.Module | None:
    if (file_path.suffix == ".py" and file_path.name.startswith("bench_")
            and not parent.session.isinitpath(file_path)):
        return pytest.Module.from_parent(parent, path=file_path)
    return None
