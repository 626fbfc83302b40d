"""Check a Linux bundle (dist/tactical/) before it is packaged: every library each of its
ELF files links is either inside the bundle or on this machine, and every one taken from
the machine belongs to a Debian package listed in depends.txt (the .deb's Depends).

A build machine without the xcb libraries makes PyInstaller warn and go on, and the bundle
would then fail on the GM's machine: here that is an error naming what to install.
Usage: python packaging/linux/bundle_check.py dist/tactical packaging/linux/depends.txt
Prints the Depends line on success; exit 1 with the problems otherwise.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

# Libraries Qt's xcb platform plugin needs: without them no window opens (ARCHITECTURE:
# the Linux build machine needs the xcb libraries).
XCB_PLUGIN = "libqxcb.so"


def elf_files(bundle: Path) -> list[Path]:
    found = []
    for path in sorted(bundle.rglob("*")):
        if path.is_file() and not path.is_symlink():
            with path.open("rb") as file:
                if file.read(4) == b"\x7fELF":
                    found.append(path)
    return found


def needed(path: Path) -> list[str]:
    out = subprocess.run(["readelf", "-d", str(path)], capture_output=True, text=True,
                         check=True).stdout
    return [line.split("[", 1)[1].rstrip("]").strip() for line in out.splitlines()
            if "(NEEDED)" in line]


def system_libraries() -> dict[str, str]:
    """Library file name → its path, from the dynamic linker's cache (x86-64 only)."""
    out = subprocess.run(["ldconfig", "-p"], capture_output=True, text=True, check=True).stdout
    found: dict[str, str] = {}
    for line in out.splitlines()[1:]:
        name, _, rest = line.strip().partition(" (")
        if "x86-64" in rest and "=>" in rest:
            found.setdefault(name, rest.split("=>", 1)[1].strip())
    return found


def package_of(path: str) -> str | None:
    candidates = {path, str(Path(path).resolve())}
    candidates |= {"/usr" + p for p in list(candidates) if p.startswith("/lib")}
    candidates |= {p.removeprefix("/usr") for p in list(candidates) if p.startswith("/usr/lib")}
    for candidate in sorted(candidates):
        out = subprocess.run(["dpkg-query", "-S", candidate], capture_output=True, text=True)
        if out.returncode == 0:
            return out.stdout.split(":", 1)[0].strip()
    return None


def read_depends(path: Path) -> list[str]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def check(bundle: Path, depends: list[str]) -> list[str]:
    files = elf_files(bundle)
    inside = {p.name for p in bundle.rglob("*")}
    system = system_libraries()
    problems: list[str] = []
    problems += [f"{p.relative_to(bundle)} is a link to nothing" for p in bundle.rglob("*")
                 if p.is_symlink() and not p.exists()]
    if not any(p.name == XCB_PLUGIN for p in files):
        problems.append(f"Qt's xcb platform plugin ({XCB_PLUGIN}) is not in the bundle")
    from_system: dict[str, set[str]] = {}
    for path in files:
        for name in needed(path):
            if name in inside:
                continue
            where = system.get(name)
            user = str(path.relative_to(bundle))
            if where is None:
                problems.append(f"{name} (needed by {user}) is neither in the bundle nor on "
                                "this machine: install it (make missing-debs lists Qt's)")
                continue
            from_system.setdefault(where, set()).add(user)
    for where, users in sorted(from_system.items()):
        package = package_of(where)
        if package is None:
            problems.append(f"{where} (needed by {sorted(users)[0]}) belongs to no Debian "
                            "package: build on Debian 12 with the libraries from apt")
        elif package not in depends:
            problems.append(f"{where} (needed by {sorted(users)[0]}) comes from the package "
                            f"{package}, missing from depends.txt")
    return problems


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    bundle, depends_file = Path(argv[0]), Path(argv[1])
    depends = read_depends(depends_file)
    problems = check(bundle, depends)
    if problems:
        print(f"bundle check FAILED for {bundle}:", file=sys.stderr)
        for problem in problems:
            print(f"  - {problem}", file=sys.stderr)
        return 1
    print(", ".join(depends))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
