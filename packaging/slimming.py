"""Which of the files PyInstaller collects stay in CekiDesk's bundle (``packaging/cekidesk.spec``).

A plain PyInstaller build carries every Qt plugin of the modules it finds, all of Qt's translations
and the libraries those plugins load; CekiDesk needs few of them.  :func:`wanted` keeps:

* CekiDesk's own files (its package data, its ``.qm`` translations);
* of Qt's translations only ``qtbase_<lang>.qm`` of CekiDesk's languages (``i18n._qt_translator``
  loads them for the standard dialogs' buttons) — PySide6 has none in Indonesian or Javanese today,
  so none is shipped;
* the platform plugins a desktop uses — xcb, Wayland (with its client-side shell, decoration and
  graphics plugins) and offscreen (the self-test) on Linux; windows or cocoa and offscreen on theirs —,
  the SVG image-format and icon-engine plugins (the app icon and every card are SVG), the input
  contexts that let a name be typed with a compose key or an input method, the xdg-desktop-portal
  theme (file dialogs inside a Flatpak sandbox) and the xcb GL integrations;
* the Qt libraries CekiDesk's modules load: QtCore, QtGui, QtWidgets, QtSvg, QtDBus, QtNetwork (one
  CekiDesk at a time talks over a local socket: ``cekidesk/ui/instance.py``), and what the kept
  plugins load.

and drops the GTK theme plugin (and GTK's libraries), the bare-console platforms (eglfs, linuxfb,
vnc, minimal…), every other image format, the virtual keyboard (which loads Qt Quick), the Wayland
compositor's plugins, TLS and network-status plugins (a local socket needs neither), and the Qt
modules nothing loads (Quick, QML, PDF, …).  ``packaging/check_bundle.sh`` proves the result: ``ldd``
finds every library of what is kept, and the self-test and the app run from it.
"""
from __future__ import annotations

import re
import sys
from pathlib import PurePath

from cekidesk.languages import LANGUAGES

#: Qt's own translations CekiDesk would load: qtbase_<lang>.qm of its languages
QT_LANGS = frozenset(lang.qt_locale.split("_")[0] for lang in LANGUAGES.values() if lang.file_suffix)
#: the platform plugins kept, by system (a plugin whose file name holds one of these words)
PLATFORMS = {"linux": ("xcb", "wayland", "offscreen"), "win32": ("windows", "offscreen"),
             "darwin": ("cocoa", "offscreen")}
#: plugin folders dropped whole
DROPPED_PLUGIN_FOLDERS = frozenset({
    "egldeviceintegrations", "generic", "wayland-graphics-integration-server", "networkinformation", "tls",
    "networkaccess", "printsupport", "sqldrivers", "qmllint", "qmltooling", "designer", "vectorimageformats",
    "position", "multimedia", "webview", "sceneparser", "geometryloaders", "renderers", "assetimporters",
    "texttospeech", "canbus", "sensors", "scxmldatamodel", "help", "accessiblebridge"})
#: the image formats kept (Qt reads and writes PNG without a plugin)
KEPT_IMAGE_FORMATS = ("svg",)
#: single plugins dropped from the folders that stay
DROPPED_PLUGINS = {"platformthemes": ("gtk3",), "platforminputcontexts": ("virtualkeyboard",)}
#: Qt libraries of the modules CekiDesk does not use, in every system's naming (libQt6Quick.so.6,
#: Qt6Quick.dll, QtQuick.framework)
DROPPED_QT_LIBS = re.compile(
    r"Qt6?(Quick|Qml|Pdf|VirtualKeyboard|WaylandCompositor|WaylandEglCompositor|EglFS|Labs|Lottie|Designer|"
    r"Help|Sql|Test|UiTools|Concurrent|Xml|Multimedia|Positioning|WebEngine|WebChannel|WebSockets|Charts|"
    r"DataVisualization|3D|Sensors|SerialPort|Bluetooth|Nfc|RemoteObjects|Scxml|StateMachine|TextToSpeech|"
    r"ShaderTools|SpatialAudio|VectorImage|HttpServer|PrintSupport)")


def system(platform: str | None = None) -> str:
    """``linux``, ``win32`` or ``darwin``: the key of :data:`PLATFORMS` for ``platform`` (None: this one)."""
    platform = platform or sys.platform
    return platform if platform in ("win32", "darwin") else "linux"


def plugin_of(dest: str) -> tuple[str, str] | None:
    """(folder, file name) of a Qt plugin's place in the bundle, or None for another file."""
    parts = PurePath(dest.replace("\\", "/")).parts
    if "plugins" not in parts:
        return None
    i = parts.index("plugins")
    return (parts[i + 1], parts[-1]) if len(parts) >= i + 3 else None


def wanted(dest: str, platform: str | None = None) -> bool:
    """Whether the file bound for ``dest`` (its path in the bundle) stays in it, on ``platform``
    (``sys.platform``'s values; None: this system)."""
    path = PurePath(dest.replace("\\", "/"))
    name = path.name
    if "resources_data" in path.parts:
        return True   # CekiDesk's own
    if "translations" in path.parts and name.endswith(".qm"):
        return any(name.endswith(f"_{lang}.qm") for lang in QT_LANGS)
    plugin = plugin_of(dest)
    if plugin is not None:
        folder, file = plugin
        if folder in DROPPED_PLUGIN_FOLDERS:
            return False
        if folder == "platforms":
            return any(p in file for p in PLATFORMS[system(platform)])
        if folder == "imageformats":
            return any(f in file for f in KEPT_IMAGE_FORMATS)
        return not any(d in file for d in DROPPED_PLUGINS.get(folder, ()))
    return not DROPPED_QT_LIBS.search(name) and "gtk" not in name.lower()


def slim(toc: list, platform: str | None = None) -> list:
    """The entries of a PyInstaller TOC (``(dest, source, kind)``) that stay."""
    return [entry for entry in toc if wanted(entry[0], platform)]
