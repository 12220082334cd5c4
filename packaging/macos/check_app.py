"""What a built ``CekiDesk.app``'s Info.plist must say, checked where it is built.

    python3 packaging/macos/check_app.py dist/CekiDesk.app

PyInstaller's BUNDLE writes ``Contents/Info.plist`` from its own defaults, then the spec's
``info_plist`` over them.  One of its defaults comes from the programs: when the COLLECT it is given
took a console program last, it sets ``LSBackgroundOnly`` true — an app macOS then starts without a
Dock icon, a menu bar or a window in front (the self-test, a console program, used to be last).  The
spec now gives the app last and says ``LSBackgroundOnly`` false itself; this check reads the plist
the build wrote, so neither can come undone unseen: ``packaging/cekidesk.spec`` runs it after
BUNDLE (the build fails), the workflow's macOS job and ``packaging/macos/make_dmg.sh`` run it again,
and tests/test_bundles.py runs it over the plist PyInstaller's own BUNDLE code writes on Linux.
"""
from __future__ import annotations

import plistlib
import sys
from pathlib import Path

APP_EXECUTABLE = "cekidesk"


def problems(info: dict, version: str | None = None) -> list[str]:
    """What is wrong with an app's Info.plist (an empty list: nothing)."""
    found = []
    if info.get("LSBackgroundOnly", False) is not False:
        found.append(f"LSBackgroundOnly is {info['LSBackgroundOnly']!r}: macOS would start CekiDesk without a "
                     "window in front, a Dock icon or a menu bar")
    if info.get("LSUIElement", False) is not False:
        found.append(f"LSUIElement is {info['LSUIElement']!r}: CekiDesk would have no Dock icon or menu bar")
    if info.get("CFBundleExecutable") != APP_EXECUTABLE:
        found.append(f"CFBundleExecutable is {info.get('CFBundleExecutable')!r}, not the app ({APP_EXECUTABLE!r})")
    if info.get("CFBundlePackageType") != "APPL":
        found.append(f"CFBundlePackageType is {info.get('CFBundlePackageType')!r}, not 'APPL'")
    if info.get("NSHighResolutionCapable") is not True:
        found.append("NSHighResolutionCapable is not true: the table would be drawn blurred on a Retina screen")
    if version is not None and not (info.get("CFBundleShortVersionString") == info.get("CFBundleVersion") == version):
        found.append(f"the versions are {info.get('CFBundleShortVersionString')!r} and "
                     f"{info.get('CFBundleVersion')!r}, not {version!r}")
    return found


def check_app(app: Path, version: str | None = None) -> list[str]:
    """:func:`problems` of ``app``'s ``Contents/Info.plist``, and of its program being there."""
    plist = app / "Contents" / "Info.plist"
    if not plist.is_file():
        return [f"{plist} is missing"]
    info = plistlib.loads(plist.read_bytes())
    found = problems(info, version)
    program = app / "Contents" / "MacOS" / str(info.get("CFBundleExecutable"))
    if not program.is_file():
        found.append(f"{program} is missing")
    return found


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: check_app.py CekiDesk.app")
    wrong = check_app(Path(sys.argv[1]))
    for line in wrong:
        print(f"check_app.py: {line}", file=sys.stderr)
    if not wrong:
        print(f"check_app.py: {sys.argv[1]}: a foreground app running {APP_EXECUTABLE} (Info.plist as it should be)")
    sys.exit(1 if wrong else 0)
