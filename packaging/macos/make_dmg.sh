#!/usr/bin/env bash
# Pack a built CekiDesk.app as CekiDesk's macOS download, a disk image that shows the app beside a
# link to /Applications (drag one onto the other to install):
#
#   packaging/macos/make_dmg.sh dist/CekiDesk.app dist/CekiDesk-<version>-macos-arm64.dmg
#
# Checks the app's Info.plist first (packaging/macos/check_app.py: a foreground app), then stages the
# .app and an "Applications" symbolic link in a folder and makes a compressed read-only image of it
# with hdiutil (HDIUTIL names another, e.g. for the tests).  PYTHON names the Python (default python3).
set -euo pipefail
[ $# -eq 2 ] || { sed -n '5p' "$0" | sed 's/^# *//' >&2; exit 2; }
app="$1"
dmg="$2"
HERE="$(cd "$(dirname "$0")" && pwd)"
PYTHON="${PYTHON:-python3}"
HDIUTIL="${HDIUTIL:-hdiutil}"
[ -d "$app/Contents" ] || { echo "make_dmg.sh: $app is not an .app: build it first" >&2; exit 1; }
"$PYTHON" "$HERE/check_app.py" "$app" >&2
if command -v plutil >/dev/null 2>&1; then
  plutil -lint "$app/Contents/Info.plist" >&2
fi
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
cp -R "$app" "$stage/"
ln -s /Applications "$stage/Applications"
mkdir -p "$(dirname "$dmg")"
rm -f "$dmg"
"$HDIUTIL" create -volname CekiDesk -srcfolder "$stage" -ov -format UDZO "$dmg" >&2
echo "$dmg"
