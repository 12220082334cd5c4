"""What a Linux screen reader receives from CekiDesk, checked on the real AT-SPI bus.

    python3 tools/atspi_check.py            # needs Xvfb, dbus-run-session, at-spi2-core, python3-pyatspi

Starts Xvfb and a D-Bus session with the AT-SPI bus, runs CekiDesk on xcb with Qt's AT-SPI bridge on
(``QT_LINUX_ACCESSIBILITY_ALWAYS_ON=1``; settings and saves in a temporary home), starts a game of
Ceki and presses Right, Right and D on the table; meanwhile a listener written with ``pyatspi`` (the
library Orca is built on, run with the system's Python) prints every ``object:announcement`` and
focus event CekiDesk sends, then walks the window's accessible tree down to the table's seats, cards
and words.  Exits 1 if no announcement, no focus of a card or no "Card table" was seen, or if the
application did not end cleanly.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

APP = r'''
import sys
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
app = QApplication(sys.argv)
app.setApplicationName("CekiDesk")
from cekidesk.persistence.saves import Seat
from cekidesk.persistence.settings import Settings
from cekidesk.ui.dialogs.new_game import NewGameConfig
from cekidesk.ui.main_window import MainWindow
w = MainWindow(Settings(animation_speed="off", bot_pace_ms=0))
w.resize(1280, 720)
w.show()
w.start_new_game(NewGameConfig("ceki", [Seat.human("You"), Seat.bot("normal", "Budi"), Seat.bot("normal", "Sari")],
                               11, {}, {}))
def keys():
    for k in (Qt.Key.Key_Right, Qt.Key.Key_Right, Qt.Key.Key_D):
        QTest.keyClick(w.table, k)
        app.processEvents()
QTimer.singleShot(6000, keys)
QTimer.singleShot(14000, app.quit)
app.exec()
del w
print("APP ENDED", flush=True)
'''

LISTEN = r'''
import pyatspi
from gi.repository import GLib
seen = []
def on(event):
    try:
        host = event.host_application.name or ""
    except Exception:
        host = ""
    if "ceki" in host.lower():
        line = f"{event.type} | [{event.source.getRoleName()}] {event.source.name!r} | {str(event.any_data)[:160]!r}"
        print(line, flush=True)
def walk(node, depth=0):
    if depth > 8:
        return
    print("  " * depth + f"[{node.getRoleName()}] {node.name!r} {node.description[:100]!r}", flush=True)
    for i in range(min(node.childCount, 60)):
        walk(node.getChildAtIndex(i), depth + 1)
def tree():
    desk = pyatspi.Registry.getDesktop(0)
    for i in range(desk.childCount):
        a = desk.getChildAtIndex(i)
        if a is not None and "ceki" in (a.name or "").lower():
            print("TREE", flush=True)
            walk(a)
    return False
for t in ("object:announcement", "object:state-changed:focused", "focus:"):
    pyatspi.Registry.registerEventListener(on, t)
GLib.timeout_add_seconds(9, tree)
GLib.timeout_add_seconds(16, lambda: pyatspi.Registry.stop())
pyatspi.Registry.start()
'''


def main() -> int:
    for tool in ("Xvfb", "dbus-run-session"):
        if shutil.which(tool) is None:
            print(f"{tool} is not installed")
            return 2
    launcher = "/usr/libexec/at-spi-bus-launcher"
    if not Path(launcher).exists():
        print("at-spi2-core is not installed")
        return 2
    display = f":{90 + os.getpid() % 9}"
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        (home / "app.py").write_text(APP)
        (home / "listen.py").write_text(LISTEN)
        env = {**os.environ, "DISPLAY": display, "QT_QPA_PLATFORM": "xcb", "QT_LINUX_ACCESSIBILITY_ALWAYS_ON": "1",
               "XDG_CONFIG_HOME": str(home / "config"), "XDG_DATA_HOME": str(home / "data"),
               "XDG_STATE_HOME": str(home / "state"), "XDG_CACHE_HOME": str(home / "cache"),
               "PYTHONPATH": str(ROOT)}
        xvfb = subprocess.Popen(["Xvfb", display, "-screen", "0", "1600x1000x24"], stderr=subprocess.DEVNULL)
        try:
            time.sleep(1)
            script = (f"{launcher} --launch-immediately >/dev/null 2>&1 & sleep 1.5; "
                      f"/usr/bin/python3 {home / 'listen.py'} > {home / 'heard.txt'} 2>&1 & "
                      f"{sys.executable} -X faulthandler {home / 'app.py'} > {home / 'app.txt'} 2>&1; echo rc=$?; "
                      "wait %2; kill %1")
            done = subprocess.run(["dbus-run-session", "--", "bash", "-c", script], env=env, capture_output=True,
                                  text=True, timeout=120)
        finally:
            xvfb.terminate()
            xvfb.wait()
        heard = (home / "heard.txt").read_text(errors="replace")
        app = (home / "app.txt").read_text(errors="replace")
    print(heard)
    ok = {"an announcement": "object:announcement | [panel] 'Card table'" in heard,
          "a card's focus": "object:state-changed:focused | [list item]" in heard,
          "the table in the tree": "[panel] 'Card table'" in heard.split("TREE", 1)[-1],
          "a clean end": "APP ENDED" in app and "rc=0" in done.stdout}
    for what, good in ok.items():
        print(f"{'ok' if good else 'MISSING'}: {what}")
    if not all(ok.values()):
        print(app[-2000:])
    return 0 if all(ok.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
