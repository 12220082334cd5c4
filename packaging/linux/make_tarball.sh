#!/usr/bin/env bash
# Pack a built Linux bundle as CekiDesk's Linux download:
#
#   packaging/linux/make_tarball.sh DIST_FOLDER OUT_DIR
#
# DIST_FOLDER is PyInstaller's dist/CekiDesk (packaging/cekidesk.spec); writes
# OUT_DIR/CekiDesk-<version>-linux-<machine>.tar.gz holding one folder of that name with the three
# programs (cekidesk, cekidesk-sim, cekidesk-selftest) and _internal/, an install.sh
# (bundle-install.sh) that puts CekiDesk in the desktop's menu, and desktop/: the desktop file,
# AppStream metadata, MIME type, the icons rendered to PNGs and the install script they need, and
# licenses/ (a link to _internal/licenses: the licence texts of everything the bundle carries).
# PYTHON names a Python with PySide6 to render the icons (default: python3).  Prints the file.
set -euo pipefail
[ $# -eq 2 ] || { sed -n '2,4p' "$0" | sed 's/^# *//' >&2; exit 2; }
dist="$1"
out="$2"
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
PYTHON="${PYTHON:-python3}"
[ -x "$dist/cekidesk" ] || { echo "make_tarball.sh: $dist has no cekidesk program: build the bundle first" >&2; exit 1; }
version="$(sed -n 's/^__version__ = "\(.*\)"$/\1/p' "$ROOT/cekidesk/__init__.py")"
name="CekiDesk-$version-linux-$(uname -m)"
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/$name/desktop" "$out"
cp -a "$dist/." "$stage/$name/"
install -m 755 "$HERE/bundle-install.sh" "$stage/$name/install.sh"
install -m 755 "$HERE/install.sh" "$stage/$name/desktop/install.sh"
install -m 644 "$HERE"/*.desktop "$HERE"/*.metainfo.xml "$HERE"/*.mime.xml "$stage/$name/desktop/"
QT_QPA_PLATFORM=offscreen "$PYTHON" "$HERE/make_icons.py" "$stage/$name/desktop" >/dev/null
install -m 644 "$ROOT/LICENSE" "$ROOT/resources/fonts/OFL.txt" "$stage/$name/"
# the licence texts of everything the bundle carries (packaging/licenses.py), in reach at the top
[ -d "$stage/$name/_internal/licenses" ] && ln -s _internal/licenses "$stage/$name/licenses"
tarball="$(cd "$out" && pwd)/$name.tar.gz"
tar -C "$stage" --owner=0 --group=0 --numeric-owner -czf "$tarball" "$name"
echo "$tarball"
