#!/usr/bin/env bash
# A minimal Debian 12 root for `make test-dist`, made once and kept as a tarball
# (debootstrap --variant=minbase takes minutes; unpacking the tarball takes seconds).
# Usage: packaging/linux/debroot.sh CACHE_TARBALL   (needs root and debootstrap)
set -euo pipefail
cache=${1:?usage: debroot.sh CACHE_TARBALL}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
if [ -s "$cache" ]; then
  echo "debroot: using the cached root $cache"
  exit 0
fi
command -v debootstrap >/dev/null || { echo "debroot: needs debootstrap (apt-get install debootstrap)"; exit 1; }
[ "$(id -u)" = 0 ] || { echo "debroot: debootstrap and chroot need root"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "debroot: debootstrap --variant=minbase bookworm (once; cached in $cache)"
debootstrap --variant=minbase bookworm "$work/root" "$mirror" >"$work/log" 2>&1 \
  || { tail -20 "$work/log"; echo "debroot: debootstrap failed"; exit 1; }
# the same sources as the mirror, plus updates, so apt-get resolves Depends there
cat >"$work/root/etc/apt/sources.list" <<SOURCES
deb $mirror bookworm main
deb $mirror bookworm-updates main
SOURCES
rm -rf "$work/root/var/cache/apt/archives/"*.deb
mkdir -p "$(dirname "$cache")"
tar -C "$work/root" -czf "$cache.part" .
mv "$cache.part" "$cache"
echo "debroot: cached $(du -h "$cache" | cut -f1) in $cache"
