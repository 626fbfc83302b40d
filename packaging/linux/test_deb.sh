#!/usr/bin/env bash
# `make test-dist`: install the .deb into a fresh minimal Debian 12 root (apt-get resolves
# its Depends from the mirror), run `tactical --smoke-test` there with a bare environment
# (nothing from the build's venv), check the desktop entry, then upgrade to a bumped
# version and check that the user's settings and autosaved encounters in $HOME survive.
# Usage: packaging/linux/test_deb.sh PACKAGE.deb CACHE_TARBALL    (root; debootstrap)
set -euo pipefail
deb=$(realpath "${1:?the .deb}"); cache=${2:?the debootstrap cache tarball}
here=$(cd "$(dirname "$0")" && pwd)
"$here/debroot.sh" "$cache"
mkdir -p build
root=$(mktemp -d "$PWD/build/debroot.XXXXXX")
mounted=()
cleanup() {
  for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do umount -l "${mounted[i]}" 2>/dev/null || true; done
  rm -rf --one-file-system "$root"
}
trap cleanup EXIT
tar -C "$root" -xzf "$cache"
for fs in proc dev; do  # apt and dpkg's scripts need /dev/null and /proc
  mount --bind "/$fs" "$root/$fs"
  mounted+=("$root/$fs")
done
cp /etc/resolv.conf "$root/etc/resolv.conf"
in_root() { chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root "$@"; }
apt_install() {
  in_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" \
    >"$root/tmp/apt.log" 2>&1 || { tail -30 "$root/tmp/apt.log"; echo "test-dist: apt-get install failed"; exit 1; }
}
smoke() {
  chroot "$root" env -i PATH=/usr/bin:/bin HOME=/tmp QT_QPA_PLATFORM=offscreen tactical --smoke-test
}

echo "test-dist: installing $(basename "$deb") into a fresh Debian 12 root"
cp "$deb" "$root/tmp/tactical.deb"
in_root apt-get update -qq
apt_install /tmp/tactical.deb
echo "test-dist: tactical --smoke-test in the root (env -i, offscreen)"
smoke
desktop=$root/usr/share/applications/tactical.desktop
if command -v desktop-file-validate >/dev/null; then
  desktop-file-validate "$desktop"
  echo "test-dist: desktop entry valid"
fi
for f in usr/bin/tactical usr/share/icons/hicolor/256x256/apps/tactical.png \
  usr/share/mime/packages/tactical.xml opt/tactical/tactical; do
  [ -e "$root/$f" ] || { echo "test-dist: /$f is missing"; exit 1; }
done
if command -v update-mime-database >/dev/null; then  # the MIME XML is well formed
  mime=$(mktemp -d); mkdir -p "$mime/packages"
  cp "$root/usr/share/mime/packages/tactical.xml" "$mime/packages/"
  update-mime-database "$mime" >/dev/null 2>&1 && grep -q tactical-encounter "$mime/types" \
    || { rm -rf "$mime"; echo "test-dist: the MIME XML does not load"; exit 1; }
  rm -rf "$mime"
  echo "test-dist: MIME types load"
fi

echo "test-dist: upgrade keeps the user's settings and encounters"
mkdir -p "$root/root/.config/Tactical" "$root/root/.local/share/Tactical/encounters"
printf '[General]\nrecent=/root/maps/mine.yaml\n' >"$root/root/.config/Tactical/Tactical.conf"
printf '{"format":"tactical-encounter-log","version":1}\n' \
  >"$root/root/.local/share/Tactical/encounters/2026-01-01_000000_mine.jsonl"
before=$(cd "$root/root" && find .config/Tactical .local/share/Tactical -type f -exec sha256sum {} + | sort)
bumped=$(mktemp -d)
dpkg-deb -R "$deb" "$bumped/pkg"
version=$(sed -n 's/^Version: //p' "$bumped/pkg/DEBIAN/control")
sed -i "s/^Version: .*/Version: $version+upgrade1/" "$bumped/pkg/DEBIAN/control"
dpkg-deb --root-owner-group -Zgzip -z1 --build "$bumped/pkg" "$root/tmp/tactical-next.deb" >/dev/null
rm -rf "$bumped"
apt_install /tmp/tactical-next.deb
installed=$(in_root dpkg-query -W -f='${Version}' tactical)
[ "$installed" = "$version+upgrade1" ] || { echo "test-dist: upgrade did not happen ($installed)"; exit 1; }
after=$(cd "$root/root" && find .config/Tactical .local/share/Tactical -type f -exec sha256sum {} + | sort)
[ "$before" = "$after" ] || { echo "test-dist: the upgrade changed the user's files"; exit 1; }
smoke >/dev/null
echo "test-dist: upgraded $version -> $installed; settings and encounters kept; smoke test passes"
echo "test-dist: PASSED"
