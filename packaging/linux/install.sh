#!/usr/bin/env bash
# Install CekiDesk's desktop entry, AppStream metadata, MIME type and icons under a prefix, so the
# desktop's menu lists CekiDesk with its icon and a double click on a .cekisave file opens it.
#
#   packaging/linux/install.sh [--prefix DIR] [--exec COMMAND] [--uninstall]
#
# Run it after `pip install .` (it renders the icons with the PySide6 CekiDesk runs on; in the Linux
# download, whose install.sh runs this one, they are rendered already, in hicolor/ beside it).  The default
# prefix is ~/.local, which needs no root: the files go to ~/.local/share/{applications,metainfo,
# mime,icons}.  --exec is the command the menu entry runs: by default the `cekidesk` found on the
# PATH now, by its full path (a virtual environment's is not on the desktop's PATH), else plain
# `cekidesk`.  The desktop's caches are refreshed with update-desktop-database, update-mime-database
# and gtk-update-icon-cache where those are installed.  --uninstall removes what this installed.
# PYTHON names the Python to render the icons with (default: python3).
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
APP_ID="$(basename "$HERE"/*.desktop .desktop)"   # the desktop file's id names every file
PYTHON="${PYTHON:-python3}"
prefix="$HOME/.local"
exec_cmd=""
uninstall=0

usage() { sed -n '5p' "$0" | sed 's/^# *//'; }
die() { echo "install.sh: $*" >&2; exit 1; }

while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) [ $# -ge 2 ] || die "--prefix needs a folder"; prefix="$2"; shift 2 ;;
    --prefix=*) prefix="${1#--prefix=}"; shift ;;
    --exec) [ $# -ge 2 ] || die "--exec needs a command"; exec_cmd="$2"; shift 2 ;;
    --exec=*) exec_cmd="${1#--exec=}"; shift ;;
    --uninstall) uninstall=1; shift ;;
    -h|--help) usage; exit 0 ;;
    *) usage >&2; die "unknown argument: $1" ;;
  esac
done
[ -n "$prefix" ] || die "--prefix needs a folder"
prefix="$(mkdir -p "$prefix" 2>/dev/null && cd "$prefix" && pwd)" \
  || die "cannot write under $prefix: choose another --prefix (only a system prefix needs root)"
data="$prefix/share"
desktop="$data/applications/$APP_ID.desktop"
metainfo="$data/metainfo/$APP_ID.metainfo.xml"
mime="$data/mime/packages/$APP_ID.xml"
icons="$data/icons/hicolor"

# The command for the desktop file's Exec key: a bare name or path, or one in double quotes when it
# holds a space or the like; the characters the desktop spec would need escaped are refused.
exec_key() {
  case "$1" in
    *[\"\`\$\\%]*|*$'\n'*) die "--exec: the command may not contain \" \` \$ \\ % or a new line: $1" ;;
    *[!A-Za-z0-9_/.+@,=:-]*) printf '"%s"' "$1" ;;
    *) printf '%s' "$1" ;;
  esac
}

refresh_caches() {
  if command -v update-desktop-database >/dev/null 2>&1; then
    update-desktop-database -q "$data/applications" || true
  fi
  if command -v update-mime-database >/dev/null 2>&1 && [ -d "$data/mime/packages" ]; then
    update-mime-database "$data/mime" || true
  fi
  # An icon cache only where the theme folder is a full theme (a system prefix) or already has one:
  # a new cache in ~/.local would hide icons other programs add later without refreshing it.
  if [ -d "$icons" ]; then
    touch "$icons"
    if command -v gtk-update-icon-cache >/dev/null 2>&1 \
        && { [ -f "$icons/index.theme" ] || [ -f "$icons/icon-theme.cache" ]; }; then
      gtk-update-icon-cache -q -t -f "$icons" || true
    fi
  fi
}

if [ "$uninstall" = 1 ]; then
  rm -f "$desktop" "$metainfo" "$mime" "$icons"/*/apps/"$APP_ID".png "$icons"/scalable/apps/"$APP_ID".svg
  refresh_caches
  echo "CekiDesk's desktop entry, metadata, MIME type and icons are removed from $data."
  exit 0
fi

if [ -z "$exec_cmd" ]; then
  if exec_cmd="$(command -v cekidesk)"; then :; else
    exec_cmd="cekidesk"
    echo "install.sh: 'cekidesk' is not on the PATH: install CekiDesk first (python3 -m pip install .)," \
         "or give its command with --exec." >&2
  fi
fi
exec_value="$(exec_key "$exec_cmd")"

# The icons: rendered beside this script already (the Linux download, packaging/linux/make_tarball.sh),
# else rendered now from the SVG.
if [ -d "$HERE/hicolor" ]; then
  rendered="$HERE"
else
  "$PYTHON" -c "import PySide6.QtSvg" 2>/dev/null \
    || die "$PYTHON has no PySide6 to render the icons with: install CekiDesk first, or set PYTHON"
  rendered="$(mktemp -d)"
  trap 'rm -rf "$rendered"' EXIT
  QT_QPA_PLATFORM=offscreen "$PYTHON" "$HERE/make_icons.py" "$rendered" >/dev/null
fi

mkdir -p "$data/applications" "$data/metainfo" "$data/mime/packages" "$icons"
awk -v exec="$exec_value" '/^Exec=/ { print "Exec=" exec " %f"; next } { print }' \
  "$HERE/$APP_ID.desktop" > "$desktop"
chmod 644 "$desktop"
install -m 644 "$HERE/$APP_ID.metainfo.xml" "$metainfo"
install -m 644 "$HERE/$APP_ID.mime.xml" "$mime"
cp -R "$rendered/hicolor/." "$icons/"
refresh_caches
echo "CekiDesk is in the desktop's menu (Exec=$exec_value %f), and .cekisave files open with it:"
printf '  %s\n' "$desktop" "$metainfo" "$mime" "$icons/*/apps/$APP_ID.*"
