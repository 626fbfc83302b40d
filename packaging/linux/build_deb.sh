#!/usr/bin/env bash
# dist/tactical_<version>_amd64.deb from the bundle: /opt/tactical, the `tactical` launcher
# in /usr/bin, a desktop entry, the icon and the MIME types of encounter logs and maps.
# User data (settings, recent files, autosaved encounters) lives in the user's home, never
# under /opt, so an upgrade or removal of the package leaves it alone.
# Usage: packaging/linux/build_deb.sh BUNDLE VERSION OUT.deb
set -euo pipefail
bundle=${1:?bundle folder}; version=${2:?version}; out=${3:?output .deb}
here=$(cd "$(dirname "$0")" && pwd)
icons=$here/../icons
depends=$("${PYTHON:-python3}" "$here/bundle_check.py" "$bundle" "$here/depends.txt")
# a bundle runs only on a glibc at least as new as the build machine's
glibc=$(dpkg-query -W -f='${Version}' libc6 | cut -d- -f1)
depends=$(echo "$depends" | sed "s/^libc6,/libc6 (>= $glibc),/")
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
install -d "$root/DEBIAN" "$root/opt" "$root/usr/bin" "$root/usr/share/applications" \
  "$root/usr/share/icons/hicolor/256x256/apps" "$root/usr/share/icons/hicolor/scalable/apps" \
  "$root/usr/share/mime/packages" "$root/usr/share/doc/tactical"
cp -a "$bundle" "$root/opt/tactical"
cat >"$root/usr/bin/tactical" <<'LAUNCHER'
#!/bin/sh
# Tactical (installed in /opt/tactical). Qt wants a UTF-8 locale; a bare environment has none.
if [ -z "${LANG:-}${LC_ALL:-}" ]; then export LANG=C.UTF-8; fi
exec /opt/tactical/tactical "$@"
LAUNCHER
chmod 755 "$root/usr/bin/tactical"
install -m 644 "$here/tactical.desktop" "$root/usr/share/applications/tactical.desktop"
install -m 644 "$here/tactical-mime.xml" "$root/usr/share/mime/packages/tactical.xml"
install -m 644 "$icons/tactical.png" "$root/usr/share/icons/hicolor/256x256/apps/tactical.png"
install -m 644 "$icons/tactical.svg" "$root/usr/share/icons/hicolor/scalable/apps/tactical.svg"
cat >"$root/usr/share/doc/tactical/copyright" <<'COPYRIGHT'
Tactical: proprietary. Bundled: Qt 6 and PySide6 (LGPLv3), Python (PSF), numpy and
OpenBLAS (BSD), shapely and GEOS (BSD, LGPL), pydantic (MIT), PyYAML (MIT), platformdirs
(MIT), DejaVu fonts (see /opt/tactical/_internal/assets/fonts/LICENSE-DejaVu.txt).
COPYRIGHT
find "$root" -type d -exec chmod 755 {} +
size=$(du -sk --apparent-size "$root" | cut -f1)
cat >"$root/DEBIAN/control" <<CONTROL
Package: tactical
Version: $version
Architecture: amd64
Maintainer: Tactical <tactical@localhost>
Installed-Size: $size
Depends: $depends
Recommends: shared-mime-info, desktop-file-utils, hicolor-icon-theme
Section: games
Priority: optional
Description: game master's combat board
 A desktop combat board for game masters: hex map, cover, range bands and live
 reaction triggers. Settings, recent files and autosaved encounters are kept in
 the user's home (~/.config/Tactical, ~/.local/share/Tactical), not in /opt.
CONTROL
mkdir -p "$(dirname "$out")"
dpkg-deb --root-owner-group -Zxz --build "$root" "$out" >/dev/null
echo "built $out"
