#!/bin/sh
# CekiDesk's Linux download: put this CekiDesk in the desktop's menu with its icon, and make a double
# click on a .cekisave file open it.  Run it from wherever you unpacked the download (it needs no root):
#
#   ./install.sh                 into ~/.local/share (the menu entry runs ./cekidesk of this folder)
#   ./install.sh --uninstall     takes it out again
#   ./install.sh --prefix DIR    installs elsewhere (--prefix /usr/local as root, for every user)
#
# Moving the folder later breaks the menu entry: run ./install.sh again from the new place.
# (packaging/linux/make_tarball.sh puts this file into the download as install.sh; the work is done by
# desktop/install.sh, the same script a source install runs, told to run this folder's cekidesk.)
HERE="$(cd "$(dirname "$0")" && pwd)"
exec "$HERE/desktop/install.sh" --exec "$HERE/cekidesk" "$@"
