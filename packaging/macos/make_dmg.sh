#!/usr/bin/env bash
# dist/tactical-<version>-macos.dmg from dist/Tactical.app (built by packaging/tactical.spec
# on macOS): the app beside a link to /Applications, compressed (UDZO). macOS only (hdiutil).
# Usage: packaging/macos/make_dmg.sh VERSION
set -euo pipefail
version=${1:?version}
app=dist/Tactical.app
out=dist/tactical-$version-macos.dmg
[ -d "$app" ] || { echo "make_dmg: no $app (run pyinstaller packaging/tactical.spec first)"; exit 1; }
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
cp -R "$app" "$stage/"
ln -s /Applications "$stage/Applications"
rm -f "$out"
hdiutil create -volname "Tactical $version" -srcfolder "$stage" -ov -format UDZO "$out"
echo "built $out"
