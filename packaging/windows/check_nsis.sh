#!/usr/bin/env bash
# `make check-nsis`: compile tactical.nsi with makensis against a stub payload (a dummy
# tactical.exe and _internal folder) to prove the script is valid; the real payload is
# built on Windows by .github/workflows/release.yml.
# Usage: packaging/windows/check_nsis.sh VERSION
set -euo pipefail
version=${1:?version}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/payload/_internal"
echo "stub" >"$work/payload/tactical.exe"
echo "stub" >"$work/payload/_internal/base_library.zip"
makensis -V2 -WX -DVERSION="$version" -DPAYLOAD="$work/payload" \
  -DOUTFILE="$work/tactical-$version-setup.exe" "$here/tactical.nsi"
test -s "$work/tactical-$version-setup.exe"
echo "check-nsis: tactical.nsi compiles ($(du -k "$work/tactical-$version-setup.exe" | cut -f1) KiB installer with a stub payload)"
