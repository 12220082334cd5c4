#!/usr/bin/env bash
# Prove the Linux desktop files with the desktop's own tools (run by .ci/run, which installs them):
#   desktop-file-validate (desktop-file-utils), appstreamcli validate (appstream),
#   update-mime-database (shared-mime-info) and gio (libglib2.0-bin, only to ask a file's type: it
#   needs no session bus with GIO_USE_VFS=local).
# Checks: the desktop file and the metainfo are valid; a .cekisave file is application/x-cekisave
# once the MIME XML is installed (and is not without it); the metainfo's newest release is the
# package's version; install.sh installs everything under a prefix, valid, and --uninstall removes it.
# Everything is written to a temporary folder; nothing of the user's is touched.
set -euo pipefail
cd "$(dirname "$0")/../.."
HERE=packaging/linux
APP_ID="$(basename "$HERE"/*.desktop .desktop)"   # the desktop file's id names every file
PYTHON="${PYTHON:-python3}"

for tool in desktop-file-validate appstreamcli update-mime-database gio; do
  command -v "$tool" >/dev/null 2>&1 || { echo "check.sh: $tool is missing (see .ci/run for the packages)" >&2; exit 1; }
done
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
fail() { echo "check.sh: FAIL: $*" >&2; exit 1; }

echo "desktop-file-validate $HERE/$APP_ID.desktop"
desktop-file-validate "$HERE/$APP_ID.desktop"   # (prints only problems; a non-zero status on an error)
[ -z "$(desktop-file-validate "$HERE/$APP_ID.desktop")" ] || fail "desktop-file-validate has remarks"

echo "appstreamcli validate --no-net $HERE/$APP_ID.metainfo.xml"
appstreamcli validate --no-net "$HERE/$APP_ID.metainfo.xml"

# The MIME type: a save file (a real one, JSON) is plain text before the XML is known, ours after.
content_type() {
  XDG_DATA_HOME="$1" GIO_USE_VFS=local gio info -a standard::content-type "$2" \
    | sed -n 's/^ *standard::content-type: *//p'
}
save="$tmp/a saved game.cekisave"
cp tests/fixtures/saves/ceki-mid-hand.cekisave "$save"
mkdir -p "$tmp/bare" "$tmp/data/mime/packages"
before="$(content_type "$tmp/bare" "$save")"
[ "$before" != application/x-cekisave ] || fail "the file is application/x-cekisave before the XML is installed"
cp "$HERE/$APP_ID.mime.xml" "$tmp/data/mime/packages/$APP_ID.xml"
XDG_DATA_HOME="$tmp/data" update-mime-database "$tmp/data/mime"
after="$(content_type "$tmp/data" "$save")"
echo "a .cekisave file: $before without CekiDesk's MIME XML, $after with it"
[ "$after" = application/x-cekisave ] || fail "a .cekisave file is $after, not application/x-cekisave"

# The newest release is the package's version (both places the version is written).
"$PYTHON" - "$HERE/$APP_ID.metainfo.xml" <<'EOF'
import re, sys, tomllib, xml.etree.ElementTree as ET
releases = [r.get("version") for r in ET.parse(sys.argv[1]).getroot().iterfind("releases/release")]
package = re.search(r'__version__ = "([^"]+)"', open("cekidesk/__init__.py", encoding="utf-8").read())[1]
project = tomllib.load(open("pyproject.toml", "rb"))["project"]["version"]
print(f"newest release {releases[0] if releases else None}; cekidesk.__version__ {package}; pyproject {project}")
if not releases or releases[0] != package or package != project:
    sys.exit("check.sh: FAIL: the metainfo's newest release must be the package's version")
EOF

# install.sh under a prefix: every file there, the installed desktop file valid too; then removed.
prefix="$tmp/prefix with space"
HOME="$tmp/home" XDG_DATA_HOME="$prefix/share" "$HERE/install.sh" --prefix "$prefix" --exec "$tmp/bin dir/cekidesk" >/dev/null
for f in applications/$APP_ID.desktop metainfo/$APP_ID.metainfo.xml mime/packages/$APP_ID.xml \
         icons/hicolor/scalable/apps/$APP_ID.svg \
         icons/hicolor/{16x16,24x24,32x32,48x48,64x64,128x128,256x256,512x512}/apps/$APP_ID.png; do
  [ -s "$prefix/share/$f" ] || fail "install.sh did not install share/$f"
done
desktop-file-validate "$prefix/share/applications/$APP_ID.desktop"
grep -qxF "Exec=\"$tmp/bin dir/cekidesk\" %f" "$prefix/share/applications/$APP_ID.desktop" \
  || fail "the installed desktop file does not run the --exec command"
[ "$(content_type "$prefix/share" "$save")" = application/x-cekisave ] || fail "install.sh left the MIME database stale"
XDG_DATA_HOME="$prefix/share" "$HERE/install.sh" --prefix "$prefix" --uninstall >/dev/null
left="$(find "$prefix/share" -name "$APP_ID*")"
[ -z "$left" ] || fail "install.sh --uninstall left: $left"
echo "install.sh --prefix: every file installed and valid; --uninstall removed them"
echo "packaging/linux/check.sh: all checks passed"
