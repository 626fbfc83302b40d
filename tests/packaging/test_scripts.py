"""The packaging checks `make dist` relies on (issue 17): the size budget fails an oversized
package, and the bundle check fails a bundle that links a library no Depends package
provides or that lacks Qt's xcb plugin (a build machine without the xcb libraries)."""

from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path
from types import ModuleType

import pytest

PACKAGING = Path(__file__).resolve().parents[2] / "packaging"


def load(relative: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(Path(relative).stem, PACKAGING / relative)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_size_check_fails_over_the_budget(tmp_path, monkeypatch, capsys):
    size_check = load("size_check.py")
    bundle = tmp_path / "tactical"
    (bundle / "_internal").mkdir(parents=True)
    (bundle / "_internal" / "lib.so").write_bytes(b"x" * 3000)
    package = tmp_path / "tactical.deb"
    package.write_bytes(b"x" * 500)
    monkeypatch.setattr(size_check, "UNPACKED_BUDGET", 4000)
    monkeypatch.setattr(size_check, "COMPRESSED_BUDGET", 1000)
    assert size_check.main([str(bundle), str(package)]) == 0
    monkeypatch.setattr(size_check, "UNPACKED_BUDGET", 2000)
    monkeypatch.setattr(size_check, "COMPRESSED_BUDGET", 400)
    assert size_check.main([str(bundle), str(package)]) == 1
    err = capsys.readouterr().err
    assert "unpacked" in err and "tactical.deb" in err


@pytest.mark.skipif(not all(shutil.which(t) for t in ("readelf", "ldconfig", "dpkg-query")),
                    reason="needs a Debian system (readelf, ldconfig, dpkg-query)")
def test_the_bundle_check_names_an_uncovered_library_and_a_missing_xcb_plugin(tmp_path):
    bundle_check = load("linux/bundle_check.py")
    program = Path(shutil.which("ls") or "/bin/ls").resolve()  # links libc (and more)
    bundle = tmp_path / "tactical"
    bundle.mkdir()
    shutil.copy(program, bundle / "tactical")
    needed = bundle_check.needed(bundle / "tactical")
    assert "libc.so.6" in needed
    problems = bundle_check.check(bundle, depends=[])
    assert any("libqxcb.so" in p for p in problems)  # no window could open
    assert any("libc.so.6" in p and "libc6, missing from depends.txt" in p for p in problems)
    covered = bundle_check.check(bundle, depends=["libc6", "libselinux1", "libpcre2-8-0"])
    assert not any("libc6" in p for p in covered)


@pytest.mark.skipif(not all(shutil.which(t) for t in ("readelf", "ldconfig", "dpkg-query")),
                    reason="needs a Debian system (readelf, ldconfig, dpkg-query)")
def test_a_library_missing_on_the_build_machine_fails_the_check(tmp_path, monkeypatch):
    """The xcb trap: PyInstaller only warns when the build machine lacks a library."""
    bundle_check = load("linux/bundle_check.py")
    bundle = tmp_path / "tactical"
    bundle.mkdir()
    shutil.copy(Path(shutil.which("ls") or "/bin/ls").resolve(), bundle / "tactical")
    monkeypatch.setattr(bundle_check, "system_libraries", dict)  # a machine without them
    problems = bundle_check.check(bundle, depends=["libc6"])
    assert any("libc.so.6" in p and "neither in the bundle nor on this machine" in p
               for p in problems)


def test_the_cold_start_is_judged_as_a_ratio_to_a_bare_qt_window_not_in_seconds():
    """Issue 23: `make dist` failed at 1.002 s CPU against 1.0 on a loaded machine. The same
    build on a machine twice as loaded (both runs twice as slow) passes alike; an app that
    grew slower against the bare window fails, whatever the load."""
    coldstart = load("coldstart.py")
    quiet_app, quiet_bare = [(0.7, 0.93)] * 5, [(0.2, 0.31)] * 5
    loaded_app = [(w * 2, c * 2) for w, c in quiet_app]
    loaded_bare = [(w * 2, c * 2) for w, c in quiet_bare]
    quiet = coldstart.judge(quiet_app, quiet_bare, 3.5)
    loaded = coldstart.judge(loaded_app, loaded_bare, 3.5)
    assert quiet.ok and loaded.ok
    assert "ratio 3.00 (budget 3.5" in quiet.lines[0] and "ratio 3.00" in loaded.lines[0]
    assert not coldstart.judge(loaded_app, loaded_bare, 3.5, max_cpu=1.0).ok  # the old gate
    slower = coldstart.judge([(1.0, 1.3)] * 5, quiet_bare, 3.5)
    assert not slower.ok and "4.19 bare Qt windows is over 3.5" in slower.lines[-1]
    # medians: one run disturbed by another process does not decide
    noisy = coldstart.judge([*quiet_app[:4], (9.0, 9.0)], [*quiet_bare[:4], (0.01, 0.01)], 3.5)
    assert noisy.ok
