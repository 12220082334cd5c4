"""Issue 17's bundles, as far as they can be checked without building them (packaging/check_bundle.sh,
run by .ci/run, builds and runs the Linux one): the PyInstaller spec (run with PyInstaller's build
steps stood in for), its slimming rules, the Windows installer script, the macOS Info.plist, the
Flatpak manifest, the GitHub workflow, the .ico/.icns icons and the Linux download's install.sh."""
from __future__ import annotations

import json
import os
import plistlib
import re
import shutil
import subprocess
import sys
import tomllib
import types
from pathlib import Path

import pytest
from PySide6.QtGui import QImageReader

import cekidesk

ROOT = Path(__file__).resolve().parents[1]
PACKAGING = ROOT / "packaging"
LINUX = PACKAGING / "linux"
sys.path[:0] = [str(PACKAGING), str(LINUX), str(PACKAGING / "windows"), str(PACKAGING / "macos")]
import check_app  # noqa: E402
import make_icons  # noqa: E402
import slimming  # noqa: E402
import winversion  # noqa: E402

APP_ID = make_icons.APP_ID
MIME_NS = "{http://www.freedesktop.org/standards/shared-mime-info}"
#: the saved game's type: its id (the app's id with the file's extension), extension and MIME type
SAVE_UTI = APP_ID.rsplit(".", 1)[0] + ".cekisave"
SAVE_MIME = "application/x-cekisave"
SCRIPTS = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["scripts"]


# -- the slimming rules --------------------------------------------------------------------------------
KEPT = ["PySide6/Qt/plugins/platforms/libqxcb.so", "PySide6/Qt/plugins/platforms/libqwayland.so",
        "PySide6/Qt/plugins/platforms/libqoffscreen.so", "PySide6/Qt/plugins/imageformats/libqsvg.so",
        "PySide6/Qt/plugins/iconengines/libqsvgicon.so", "PySide6/Qt/plugins/wayland-shell-integration/libxdg-shell.so",
        "PySide6/Qt/plugins/platforminputcontexts/libcomposeplatforminputcontextplugin.so",
        "PySide6/Qt/plugins/platformthemes/libqxdgdesktopportal.so", "PySide6/Qt/lib/libQt6Network.so.6",
        "PySide6/Qt/lib/libQt6Svg.so.6", "PySide6/Qt/lib/libQt6WaylandClient.so.6", "libQt6DBus.so.6",
        "cekidesk/resources_data/translations/cekidesk_jv_Java.qm", "cekidesk/resources_data/cards/S9.svg",
        "PySide6/Qt/translations/qtbase_id.qm"]   # (Qt has none today; would be loaded if it had)
DROPPED = ["PySide6/Qt/plugins/platformthemes/libqgtk3.so", "PySide6/Qt/plugins/platforms/libqeglfs.so",
           "PySide6/Qt/plugins/platforms/libqvnc.so", "PySide6/Qt/plugins/platforms/libqminimal.so",
           "PySide6/Qt/plugins/imageformats/libqjpeg.so", "PySide6/Qt/plugins/imageformats/libqpdf.so",
           "PySide6/Qt/plugins/platforminputcontexts/libqtvirtualkeyboardplugin.so",
           "PySide6/Qt/plugins/tls/libqopensslbackend.so", "PySide6/Qt/plugins/networkinformation/libqglib.so",
           "PySide6/Qt/plugins/egldeviceintegrations/libqeglfs-kms-integration.so",
           "PySide6/Qt/plugins/wayland-graphics-integration-server/libqt-wayland-compositor-wayland-egl.so",
           "PySide6/Qt/translations/qtbase_de.qm", "PySide6/Qt/translations/qt_help_fr.qm",
           "PySide6/Qt/lib/libQt6Quick.so.6", "PySide6/Qt/lib/libQt6Pdf.so.6", "libgtk-3.so.0"]


@pytest.mark.parametrize("dest", KEPT)
def test_slimming_keeps(dest):
    assert slimming.wanted(dest, "linux")


@pytest.mark.parametrize("dest", DROPPED)
def test_slimming_drops(dest):
    assert not slimming.wanted(dest, "linux")


def test_slimming_keeps_each_systems_platform_only():
    windows, cocoa = r"PySide6\plugins\platforms\qwindows.dll", "PySide6/Qt/plugins/platforms/libqcocoa.dylib"
    assert slimming.wanted(windows, "win32") and not slimming.wanted(windows, "linux")
    assert slimming.wanted(cocoa, "darwin") and not slimming.wanted(cocoa, "win32")
    assert not slimming.wanted("PySide6/Qt/plugins/platforms/libqxcb.so", "darwin")
    assert not slimming.wanted(r"PySide6\Qt6Quick.dll", "win32")
    assert not slimming.wanted("PySide6/Qt/lib/QtQml.framework/Versions/A/QtQml", "darwin")
    assert slimming.wanted(r"PySide6\plugins\styles\qmodernwindowsstyle.dll", "win32")


def test_slimming_keeps_what_the_installed_pyside6_needs_here():
    """Over the real PySide6 plugin folder: the kinds CekiDesk uses survive, the named drops go."""
    import PySide6

    plugins = Path(PySide6.__file__).parent / "Qt" / "plugins"
    if not plugins.is_dir():
        pytest.skip("this PySide6 keeps its plugins elsewhere")
    kept = {f"{p.parent.name}/{p.name}" for p in plugins.glob("*/*")
            if slimming.wanted(str(p.relative_to(plugins.parents[1])))}
    assert {"imageformats/libqsvg.so", "iconengines/libqsvgicon.so", "platforms/libqxcb.so",
            "platforms/libqoffscreen.so"} <= kept
    assert not any("gtk3" in k or k.startswith(("qmltooling/", "designer/")) for k in kept)


# -- the spec, run with PyInstaller's build steps stood in for ---------------------------------------------
class Step:
    """A stand-in for one of PyInstaller's build steps: records what it was given."""

    made: list = []

    def __init__(self, *args, **kwargs):
        self.args, self.kwargs = args, kwargs
        Step.made.append(self)


class Analysis(Step):
    def __init__(self, scripts, **kwargs):
        super().__init__(scripts, **kwargs)
        self.scripts = [(Path(s).stem, s, "PYSOURCE") for s in scripts] + [("pyi_rth_pyside6", "/x", "PYSOURCE")]
        self.pure = [("cekidesk.app", "/x", "PYMODULE"), ("pydantic.main", "/x", "PYMODULE"),
                     ("json.decoder", "/x", "PYMODULE")]
        self.binaries = [("PySide6/Qt/plugins/platformthemes/libqgtk3.so", "/x", "BINARY"),
                         ("PySide6/Qt/plugins/platforms/libqxcb.so", "/x", "BINARY")]
        self.datas = [("PySide6/Qt/translations/qtbase_fr.qm", "/x", "DATA")] + [
            (dest, src, "DATA") for src, dest in kwargs["datas"]]


class PYZ(Step): pass          # noqa: E701
class EXE(Step): pass          # noqa: E701
class COLLECT(Step): pass      # noqa: E701


class BUNDLE(Step):
    """Records its arguments, then hands them to PyInstaller's own COLLECT and BUNDLE code, run on
    this system (BUNDLE is told it is on macOS): the spec then checks the Info.plist they wrote."""

    real = None   # (set by the test: the function that builds the .app for real)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if BUNDLE.real is not None:
            BUNDLE.real(self)


def run_spec(platform: str, tmp_path: Path, monkeypatch, real_bundle=None) -> dict[str, list[Step]]:
    class QtLibraryInfo:
        def collect_plugins(self, plugin_type):
            return [("/qt/plugins/platformthemes/libqgtk3.so", "PySide6/Qt/plugins/platformthemes"),
                    ("/qt/plugins/platformthemes/libqxdgdesktopportal.so", "PySide6/Qt/plugins/platformthemes")]

    qt = types.SimpleNamespace(QtLibraryInfo=QtLibraryInfo)
    hooks = types.SimpleNamespace(collect_submodules=lambda name: [name + ".games.ceki"], qt=qt)
    for name, module in {"PyInstaller": types.SimpleNamespace(), "PyInstaller.utils": types.SimpleNamespace(),
                         "PyInstaller.utils.hooks": hooks, "PyInstaller.utils.hooks.qt": qt}.items():
        monkeypatch.setitem(sys.modules, name, module)
    from cekidesk.ui.foundations import i18n

    lrelease = i18n.lrelease_command()   # (this system's, whatever system the spec is told it runs on)
    monkeypatch.setattr(i18n, "lrelease_command", lambda: lrelease)
    monkeypatch.setattr(sys, "platform", platform)
    monkeypatch.setattr(sys, "path", list(sys.path))
    Step.made = []
    monkeypatch.setattr(BUNDLE, "real", real_bundle)
    spec = PACKAGING / "cekidesk.spec"
    exec(compile(spec.read_text(encoding="utf-8"), str(spec), "exec"), {
        "__name__": "__main__", "SPECPATH": str(PACKAGING), "workpath": str(tmp_path / "work"),
        "DISTPATH": str(tmp_path / "dist"),
        "Analysis": Analysis, "PYZ": PYZ, "EXE": EXE, "COLLECT": COLLECT, "BUNDLE": BUNDLE})
    steps: dict[str, list[Step]] = {}
    for step in Step.made:
        steps.setdefault(type(step).__name__, []).append(step)
    steps["plugins"] = QtLibraryInfo().collect_plugins("platformthemes")
    return steps


def test_the_spec_makes_every_program_sharing_one_folder(qapp, tmp_path, monkeypatch):
    steps = run_spec("linux", tmp_path, monkeypatch)
    exes = steps["EXE"]
    assert [e.kwargs["name"] for e in exes] == ["cekidesk"] + [n for n in SCRIPTS if n != "cekidesk"]
    assert all(e.kwargs["exclude_binaries"] and e.kwargs["console"] and e.kwargs["icon"] is None for e in exes)
    assert all(e.kwargs["version"] is None for e in exes)   # (a Windows resource only)
    (collect,) = steps["COLLECT"]
    assert collect.kwargs["name"] == "CekiDesk" and list(collect.args[:len(exes)]) == exes[1:] + exes[:1]   # app last
    shipped = [dest for toc in collect.args[len(exes):] for dest, *_ in toc]
    # the licence texts of what it holds (packaging/licenses.py), made from what COLLECT is given
    listed = {c["key"] for c in json.loads(Path(dict((d, src) for d, src, _ in collect.args[-1])[
        "licenses/licenses.json"]).read_text(encoding="utf-8"))}
    assert {"cekidesk", "pyside6-essentials", "python", "pydantic"} <= listed   # (the stand-in's files)
    assert "licenses/pyside6-essentials/LGPL-3.0.txt" in shipped and "licenses/README.txt" in shipped
    assert "PySide6/Qt/plugins/platforms/libqxcb.so" in shipped
    assert not any("gtk3" in d or "qtbase_fr" in d for d in shipped)
    assert "BUNDLE" not in steps
    # every console script runs as pip would run it, with the games found
    for analysis, name in zip(steps["Analysis"], [e.kwargs["name"] for e in exes], strict=True):
        module, func = SCRIPTS[name].split(":")
        assert f"from {module} import {func}" in Path(analysis.args[0][0]).read_text(encoding="utf-8")
        assert "cekidesk.games.ceki" in analysis.kwargs["hiddenimports"]
        # nothing of the tools a developer's Python has (they made CI's bundle 100 MB larger)
        assert {"pytest", "hypothesis", "mypy", "IPython", "numpy", "werkzeug"} <= set(analysis.kwargs["excludes"])
    # the package data where an installed CekiDesk has it, with every translation compiled
    datas = steps["Analysis"][0].kwargs["datas"]
    assert (str(ROOT / "resources"), "cekidesk/resources_data") in datas
    qms = sorted(Path(src).name for src, dest in datas if dest == "cekidesk/resources_data/translations")
    assert qms == sorted(ts.stem + ".qm" for ts in (ROOT / "translations").glob("cekidesk_*.ts"))
    assert all(Path(src).stat().st_size > 10_000 for src, dest in datas if src.endswith(".qm"))
    # PyInstaller's Qt hooks no longer collect the dropped plugins at all
    assert [Path(src).name for src, _ in steps["plugins"]] == ["libqxdgdesktopportal.so"]


def pyinstaller_app_builder(tmp_path: Path, monkeypatch):
    """A function that makes ``CekiDesk.app`` from a BUNDLE stand-in's arguments with PyInstaller's
    own COLLECT and BUNDLE code, on this system: the programs are stand-ins (a few bytes each, with the
    console setting the spec gave them; the other files are left out), BUNDLE is told it runs on macOS,
    and only code signing, which needs macOS's codesign, fails (PyInstaller warns and goes on).  What
    it writes is the Info.plist a macOS build writes from the same arguments.  (Imported before
    :func:`run_spec` stands in for PyInstaller's hooks.)"""
    osx = pytest.importorskip("PyInstaller.building.osx", reason="PyInstaller (the bundle extra)")
    api = pytest.importorskip("PyInstaller.building.api")
    from PyInstaller.config import CONF

    for key, value in dict(workpath=str(tmp_path / "pyi-work"), distpath=str(tmp_path / "dist"),
                           specpath=str(PACKAGING), specnm="cekidesk", code_cache={}, noconfirm=True,
                           upx_available=False).items():
        monkeypatch.setitem(CONF, key, value)
    (tmp_path / "pyi-work").mkdir()
    monkeypatch.setattr(osx, "is_darwin", True)

    def program(name: str, console: bool):
        path = tmp_path / "programs" / name
        path.parent.mkdir(exist_ok=True)
        path.write_bytes(b"\xcf\xfa\xed\xfe stand-in")
        exe = object.__new__(api.EXE)
        vars(exe).update(name=str(path), console=console, dependencies=[], toc=[], append_pkg=True, target_arch=None,
                         codesign_identity=None, entitlements_file=None, contents_directory="_internal",
                         strip=False, upx=False, upx_exclude=[])
        return exe

    def build(bundle: Step, programs=None) -> Path:
        (collect,) = bundle.args
        if programs is None:
            programs = [program(a.kwargs["name"], a.kwargs["console"]) for a in collect.args if isinstance(a, EXE)]
        osx.BUNDLE(api.COLLECT(*programs, name=collect.kwargs["name"]), **bundle.kwargs)
        return Path(CONF["distpath"]) / bundle.kwargs["name"]

    build.program = program
    return build


def test_the_spec_makes_a_foreground_mac_app(qapp, tmp_path, monkeypatch):
    """The spec's BUNDLE arguments, built by PyInstaller's own code: the Info.plist it writes makes a
    foreground app (the spec itself reads it after BUNDLE and stops the build otherwise; this test
    reads it again)."""
    build = pyinstaller_app_builder(tmp_path, monkeypatch)
    steps = run_spec("darwin", tmp_path, monkeypatch, real_bundle=build)
    app, *tools = steps["EXE"]
    assert not app.kwargs["console"] and all(t.kwargs["console"] for t in tools)   # no Terminal for the app
    (bundle,) = steps["BUNDLE"]
    (collect,) = steps["COLLECT"]
    assert bundle.args == (collect,) and [e for e in collect.args if isinstance(e, EXE)][-1] is app   # app last
    assert bundle.kwargs["name"] == "CekiDesk.app" and bundle.kwargs["bundle_identifier"] == APP_ID
    info = bundle.kwargs["info_plist"]
    assert info["CFBundleShortVersionString"] == info["CFBundleVersion"] == cekidesk.__version__
    assert info["UTExportedTypeDeclarations"][0]["UTTypeIdentifier"] == SAVE_UTI and info["LSBackgroundOnly"] is False
    icns = Path(bundle.kwargs["icon"])
    assert icns.suffix == ".icns" and app.kwargs["icon"] == str(icns) and icns.read_bytes()[:4] == b"icns"
    built = tmp_path / "dist" / "CekiDesk.app"
    written = plistlib.loads((built / "Contents" / "Info.plist").read_bytes())
    assert written.get("LSBackgroundOnly", False) is False and written["CFBundleExecutable"] == "cekidesk"
    assert written["NSHighResolutionCapable"] is True and written["CFBundleIdentifier"] == APP_ID
    assert check_app.check_app(built, cekidesk.__version__) == []
    assert sorted(p.name for p in (built / "Contents" / "MacOS").iterdir()) == sorted(SCRIPTS)


def test_pyinstaller_makes_a_background_app_of_a_console_program_given_last(qapp, tmp_path, monkeypatch):
    """Why the order and the plist's own LSBackgroundOnly matter, and that the check sees it: the
    spec's old COLLECT (the self-test last) and a plist without the key give LSBackgroundOnly true."""
    build = pyinstaller_app_builder(tmp_path, monkeypatch)
    icns = tmp_path / "a.icns"
    make_icons.write_icns(icns)
    info = plistlib.loads((PACKAGING / "macos" / "Info.plist").read_bytes())
    del info["LSBackgroundOnly"]
    old = Step(COLLECT(name="CekiDesk"), name="CekiDesk.app", icon=str(icns), bundle_identifier=APP_ID,
               version=cekidesk.__version__, info_plist=info)
    app = build(old, [build.program("cekidesk", False), build.program("cekidesk-selftest", True)])
    assert plistlib.loads((app / "Contents" / "Info.plist").read_bytes())["LSBackgroundOnly"] is True
    (wrong,) = check_app.check_app(app)
    assert wrong.startswith("LSBackgroundOnly is True: macOS would start CekiDesk without a window in front")


def test_check_app_reads_what_matters():
    good = {"CFBundleExecutable": "cekidesk", "CFBundlePackageType": "APPL", "NSHighResolutionCapable": True,
            "CFBundleShortVersionString": "1.0", "CFBundleVersion": "1.0", "LSBackgroundOnly": False}
    absent = {k: v for k, v in good.items() if k != "LSBackgroundOnly"}
    assert check_app.problems(good, "1.0") == [] and check_app.problems(absent, "1.0") == []
    assert len(check_app.problems({**good, "LSUIElement": True, "CFBundleExecutable": "cekidesk-selftest"})) == 2
    assert check_app.problems(good, "1.1")[0].startswith("the versions are '1.0' and '1.0', not '1.1'")


@pytest.mark.skipif(sys.platform == "win32", reason="a shell script")
def test_the_dmg_holds_the_app_beside_an_applications_link(tmp_path, monkeypatch):
    """make_dmg.sh (hdiutil stood in for: it records the folder it is given) checks the app, and packs it
    with a link to /Applications."""
    app = tmp_path / "dist" / "CekiDesk.app"
    (app / "Contents" / "MacOS").mkdir(parents=True)
    (app / "Contents" / "MacOS" / "cekidesk").write_text("program")
    info = plistlib.loads((PACKAGING / "macos" / "Info.plist").read_bytes())
    (app / "Contents" / "Info.plist").write_bytes(plistlib.dumps(info))
    hdiutil = tmp_path / "hdiutil"
    hdiutil.write_text('#!/bin/sh\n# records its arguments and the folder it would pack\necho "$@" > "$RECORD/args"\n'
                       'while [ $# -gt 0 ]; do [ "$1" = -srcfolder ] && ls -l "$2" > "$RECORD/listing" && '
                       'cp -R "$2/CekiDesk.app" "$RECORD/"; shift; done\ntouch "$DMG"\n')
    hdiutil.chmod(0o755)
    dmg = tmp_path / "out" / "CekiDesk-1-macos-arm64.dmg"
    env = dict(os.environ, HDIUTIL=str(hdiutil), RECORD=str(tmp_path), DMG=str(dmg), PYTHON=sys.executable)
    done = subprocess.run([str(PACKAGING / "macos" / "make_dmg.sh"), str(app), str(dmg)], env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == str(dmg) and dmg.is_file()
    args = (tmp_path / "args").read_text().split()
    assert args[:3] == ["create", "-volname", "CekiDesk"] and "UDZO" in args and args[-1] == str(dmg)
    listing = (tmp_path / "listing").read_text()
    assert re.search(r"^l.* Applications -> /Applications$", listing, re.M) and " CekiDesk.app" in listing
    assert (tmp_path / "CekiDesk.app" / "Contents" / "MacOS" / "cekidesk").is_file()
    # a background app is refused before any image is made
    info["LSBackgroundOnly"] = True
    (app / "Contents" / "Info.plist").write_bytes(plistlib.dumps(info))
    dmg.unlink()
    done = subprocess.run([str(PACKAGING / "macos" / "make_dmg.sh"), str(app), str(dmg)], env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode != 0 and "LSBackgroundOnly is True" in done.stderr and not dmg.exists()


def test_the_spec_gives_windows_programs_an_ico_and_a_version(qapp, tmp_path, monkeypatch):
    steps = run_spec("win32", tmp_path, monkeypatch)
    app = steps["EXE"][0]
    assert not app.kwargs["console"] and Path(app.kwargs["icon"]).read_bytes()[:4] == b"\0\0\1\0"
    assert "BUNDLE" not in steps
    numbers = winversion.windows_version(cekidesk.__version__)
    for exe in steps["EXE"]:
        text = Path(exe.kwargs["version"]).read_text(encoding="utf-8")
        assert f"filevers={numbers}" in text and f"StringStruct('ProductVersion', '{cekidesk.__version__}')" in text
        assert f"StringStruct('OriginalFilename', '{exe.kwargs['name']}.exe')" in text


# -- icons ------------------------------------------------------------------------------------------
def _sizes(path: Path) -> list[int]:
    reader = QImageReader(str(path))
    sizes = []
    for i in range(reader.imageCount()):
        reader.jumpToImage(i)
        image = reader.read()
        assert not image.isNull() and image.width() == image.height()
        sizes.append(image.width())
    return sizes


def test_ico_and_icns_hold_every_size(qapp, tmp_path):
    make_icons.write_ico(tmp_path / "a.ico")
    make_icons.write_icns(tmp_path / "a.icns")
    assert _sizes(tmp_path / "a.ico") == list(make_icons.ICO_SIZES)   # (read back by Qt's own readers)
    assert _sizes(tmp_path / "a.icns") == [size for _, size in make_icons.ICNS_TYPES]


# -- macOS ------------------------------------------------------------------------------------------
def test_info_plist_declares_the_saved_game_type():
    import xml.etree.ElementTree as ET

    info = plistlib.loads((PACKAGING / "macos" / "Info.plist").read_bytes())
    assert info["CFBundleIdentifier"] == APP_ID and info["CFBundleExecutable"] == "cekidesk" in SCRIPTS
    assert info["CFBundleShortVersionString"] == info["CFBundleVersion"] == cekidesk.__version__
    assert info["NSHighResolutionCapable"] is True and info["CFBundleIconFile"] == "cekidesk.icns"
    (uti,) = info["UTExportedTypeDeclarations"]
    (doc,) = info["CFBundleDocumentTypes"]
    mime = ET.parse(LINUX / f"{APP_ID}.mime.xml").getroot().find(f"{MIME_NS}mime-type")
    glob = mime.find(f"{MIME_NS}glob").get("pattern")
    assert uti["UTTypeIdentifier"] == SAVE_UTI and "public.json" in uti["UTTypeConformsTo"]
    assert uti["UTTypeTagSpecification"]["public.filename-extension"] == [glob.removeprefix("*.")]
    assert uti["UTTypeTagSpecification"]["public.mime-type"] == [mime.get("type")] == [SAVE_MIME]
    assert doc["LSItemContentTypes"] == [SAVE_UTI] and doc["LSHandlerRank"] == "Owner"
    plistlib.loads((PACKAGING / "macos" / "entitlements.plist").read_bytes())


# -- Windows ----------------------------------------------------------------------------------------
def iss() -> str:
    return (PACKAGING / "windows" / "cekidesk.iss").read_text(encoding="utf-8")


def iss_define(name: str) -> str:
    return re.search(rf'^\s*#define {name} "([^"]*)"', iss(), re.M)[1]


def test_inno_setup_installs_per_user_with_start_menu_and_desktop_icon():
    text = iss()
    for line in ("PrivilegesRequired=lowest", r"DefaultDirName={autopf}\{#AppName}", "ChangesAssociations=yes",
                 "SetupIconFile={#IconFile}", "AppVersion={#AppVersion}"):
        assert line in text.splitlines(), line
    assert re.search(r'^Name: "\{group\}\\\{#AppName\}"; Filename: "\{app\}\\\{#AppExe\}"$', text, re.M)
    assert re.search(r'^Name: "\{autodesktop\}.*Tasks: desktopicon$', text, re.M)
    assert re.search(r'^Name: "desktopicon";.*Flags: unchecked$', text, re.M)
    assert iss_define("AppExe") == "cekidesk.exe" and "cekidesk" in SCRIPTS
    assert (PACKAGING / "windows" / "../../LICENSE").resolve().is_file()   # LicenseFile, relative to the script


def test_inno_setup_associates_saved_games_and_removes_the_association():
    text = iss()
    assert iss_define("SaveExt") == ".cekisave" and iss_define("SaveProgId") == SAVE_UTI
    registry = [line for line in text.splitlines() if line.startswith("Root: HKA;")]
    open_cmd = [line for line in registry if r"shell\open\command" in line]
    assert len(open_cmd) == 1 and 'ValueData: """{app}\\{#AppExe}"" ""%1"""' in open_cmd[0]
    # the extension's values and the ProgID's key go at uninstall
    ext = [line for line in registry if r'Subkey: "Software\Classes\{#SaveExt}' in line]
    assert ext and all("Flags: uninsdeletevalue" in line for line in ext)
    assert any(r'Subkey: "Software\Classes\{#SaveProgId}";' in line and "uninsdeletekey" in line for line in registry)
    assert any(f'ValueData: "{SAVE_MIME}"' in line for line in ext)


#: versions in PEP 440's order (each later than the one before)
ORDERED = ["0.9.9", "1.0.dev0", "1.0.dev5", "1.0a1.dev1", "1.0a1", "1.0a2", "1.0b1", "1.0rc1.dev3", "1.0rc1",
           "1.0rc2", "1.0", "1.0.post1.dev2", "1.0.post1", "1.0.post2", "1.0.1rc1", "1.0.1", "1.1", "2.0"]


def test_windows_versions_keep_pep_440s_order():
    numbers = [winversion.windows_version(v) for v in ORDERED]
    assert numbers == sorted(numbers) and len(set(numbers)) == len(numbers)
    assert all(len(n) == 4 and all(0 <= x <= 65535 for x in n) for n in numbers)
    assert winversion.dotted("0.2.0rc1") == "0.2.0.30199" and winversion.dotted("0.1.0") == "0.1.0.40000"
    try:
        from packaging.version import Version  # (the reference, where it is installed)
    except ImportError:
        return
    assert [str(Version(v)) for v in ORDERED] == ORDERED and sorted(ORDERED, key=Version) == ORDERED


@pytest.mark.parametrize("version", ["1.0a100", "1.0.dev99", "1.0.post255", "1.2.3.4", "1.0+local", "1.0rc1.post1",
                                     "70000.0", "one"])
def test_windows_versions_refuse_what_they_cannot_order(version):
    with pytest.raises(ValueError):
        winversion.windows_version(version)


def test_the_version_resource_is_what_pyinstaller_reads():
    """The version file is the expression PyInstaller evaluates (its load_version_info_from_text_file)
    with the names of PyInstaller.utils.win32.versioninfo, here stood in for: that module imports
    Windows' own modules and cannot be imported elsewhere."""
    names = ("VSVersionInfo", "FixedFileInfo", "StringFileInfo", "StringTable", "StringStruct", "VarFileInfo",
             "VarStruct")
    made: dict[str, list] = {n: [] for n in names}

    def maker(name):
        def make(*args, **kwargs):
            made[name].append((args, kwargs))
            return (name, args, kwargs)
        return make

    text = winversion.version_resource("0.2.0rc1", "cekidesk", "CekiDesk")
    eval(compile(text, "version.txt", "eval"), {n: maker(n) for n in names})
    ((_, ffi),) = made["FixedFileInfo"]
    assert ffi["filevers"] == ffi["prodvers"] == (0, 2, 0, 30199)
    strings = {args[0]: args[1] for args, _ in made["StringStruct"]}
    assert strings["ProductVersion"] == strings["FileVersion"] == "0.2.0rc1"
    assert strings["OriginalFilename"] == "cekidesk.exe" and strings["ProductName"] == "CekiDesk"
    assert made["VarStruct"][0][0] == ("Translation", [1033, 1200])


def test_the_installer_takes_the_file_version_and_speaks_indonesian():
    text = iss()
    for line in ("SourceDir=..\\..", "VersionInfoVersion={#FileVersion}", "VersionInfoTextVersion={#AppVersion}",
                 "LicenseFile=LICENSE", "ShowLanguageDialog=auto"):
        assert line in text.splitlines(), line
    assert re.search(r"^#ifndef FileVersion\n\s+#error", text, re.M)
    languages = dict(re.findall(r'^Name: "(\w+)"; MessagesFile: "([^"]+)"$', text, re.M))
    assert languages == {"english": "compiler:Default.isl",
                         "indonesian": "compiler:Default.isl,packaging\\windows\\Indonesian.isl"}
    # every {cm:…} the script uses exists in both languages
    used = set(re.findall(r"\{cm:(\w+)", text))
    isl = (PACKAGING / "windows" / "Indonesian.isl").read_text(encoding="ascii")
    custom = set(re.findall(r"^(\w+)=", isl.split("[CustomMessages]")[1], re.M))
    own = {m.group(2) for m in re.finditer(r"^(english|indonesian)\.(\w+)=", text, re.M)}
    assert used <= custom | own and {"english.SaveTypeName", "indonesian.SaveTypeName"} <= set(
        re.findall(r"^(\w+\.\w+)=", text, re.M))


#: the messages of every page and box a per-user install and uninstall show
WIZARD_MESSAGES = """SetupAppTitle SetupWindowTitle UninstallAppTitle UninstallAppFullTitle ButtonBack ButtonNext
ButtonInstall ButtonOK ButtonCancel ButtonYes ButtonNo ButtonFinish ButtonBrowse ButtonWizardBrowse ButtonNewFolder
SelectLanguageTitle
SelectLanguageLabel ClickNext WelcomeLabel1 WelcomeLabel2 WizardLicense LicenseLabel LicenseLabel3 LicenseAccepted
LicenseNotAccepted WizardSelectDir SelectDirDesc SelectDirLabel3 SelectDirBrowseLabel DiskSpaceMBLabel WizardSelectTasks
SelectTasksDesc SelectTasksLabel2 WizardReady ReadyLabel1 ReadyLabel2a ReadyLabel2b ReadyMemoDir ReadyMemoTasks
WizardPreparing PreparingDesc WizardInstalling InstallingLabel FinishedHeadingLabel FinishedLabel FinishedLabelNoIcons
ClickFinish RunEntryExec ExitSetupTitle ExitSetupMessage PrivilegesRequiredOverrideInstruction
PrivilegesRequiredOverrideAllUsers PrivilegesRequiredOverrideCurrentUser StatusExtractFiles StatusCreateIcons
StatusCreateRegistryEntries ConfirmUninstall UninstallStatusLabel UninstalledAll WizardUninstalling
StatusUninstalling SetupAppRunningError UninstallAppRunningError""".split()


def test_the_indonesian_messages_cover_every_page():
    isl = (PACKAGING / "windows" / "Indonesian.isl").read_bytes()
    assert isl.isascii()   # (read as plain text by every Inno Setup 6, no byte-order mark needed)
    text = isl.decode("ascii")
    options = dict(re.findall(r"^(\w+)=(.*)$", text.split("[Messages]")[0], re.M))
    assert options["LanguageID"] == "$0421" and options["LanguageName"] == "Bahasa Indonesia"
    messages = dict(re.findall(r"^(\w+)=(.*)$", text.split("[Messages]")[1].split("[CustomMessages]")[0], re.M))
    assert set(WIZARD_MESSAGES) <= set(messages)
    assert all(value.strip() for value in messages.values())
    # the placeholders Inno Setup fills are kept: %1…, [name], [name/ver], [mb], %n
    default_placeholders = {"SetupWindowTitle": "%1", "WelcomeLabel2": "[name/ver]", "DiskSpaceMBLabel": "[mb]",
                            "ConfirmUninstall": "%1", "FinishedLabel": "[name]", "RunEntryExec": "%1"}
    for name, placeholder in default_placeholders.items():
        assert placeholder in messages[name], name
    assert "Setup" not in " ".join(messages.values()).replace("Setup ", "")   # (no English left behind)


def test_the_readmes_iscc_command_works_from_the_repository_root():
    """README's commands, run from the root: the build puts the bundle in dist\\CekiDesk and the icon in
    build\\cekidesk.ico, and iscc, given winversion.py's options and the script's path from the root,
    finds every file relative to the root (SourceDir=..\\.., relative to the script's folder)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    command = "iscc (python packaging/windows/winversion.py) packaging\\windows\\cekidesk.iss"
    assert command in readme and "python3 packaging/linux/make_icons.py --ico build/cekidesk.ico" in readme
    assert "python3 -m PyInstaller --noconfirm --clean packaging/cekidesk.spec" in readme
    script = ROOT / "packaging" / "windows" / "cekidesk.iss"
    source_dir = (script.parent / re.search(r"^SourceDir=(.+)$", iss(), re.M)[1].replace("\\", "/")).resolve()
    assert source_dir == ROOT
    defines = {name: iss_define(name) for name in ("BundleDir", "IconFile", "OutputDir")}
    assert defines == {"BundleDir": "dist\\CekiDesk", "IconFile": "build\\cekidesk.ico", "OutputDir": "dist"}
    for relative in ("LICENSE", "packaging/windows/Indonesian.isl"):
        assert (source_dir / relative).is_file()
    # winversion.py's options are the two the script requires, for this checkout's version
    done = subprocess.run([sys.executable, str(PACKAGING / "windows" / "winversion.py")], capture_output=True,
                          text=True, timeout=60, cwd=ROOT)
    assert done.stdout.splitlines() == [f"/DAppVersion={cekidesk.__version__}",
                                        f"/DFileVersion={winversion.dotted(cekidesk.__version__)}"]
    required = set(re.findall(r"^#ifndef (\w+)\n\s+#error", iss(), re.M))
    assert required == {"AppVersion", "FileVersion"}
    assert command.replace("python ", "python ") in WORKFLOW.read_text(encoding="utf-8")


# -- Flatpak ----------------------------------------------------------------------------------------
def test_flatpak_manifest_agrees_with_the_desktop_files():
    yaml = pytest.importorskip("yaml")
    path = PACKAGING / "flatpak" / f"{APP_ID}.yml"
    manifest = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert manifest["id"] == APP_ID and manifest["command"] in SCRIPTS
    # Flathub's way for a PySide6 app: the KDE runtime, the PySide BaseApp of the same version, cleaned
    assert (manifest["runtime"], manifest["sdk"], manifest["base"]) == ("org.kde.Platform", "org.kde.Sdk",
                                                                         "io.qt.PySide.BaseApp")
    assert manifest["base-version"] == manifest["runtime-version"]
    assert "/app/cleanup-BaseApp.sh" in manifest["cleanup-commands"]
    assert manifest["build-options"]["env"]["BASEAPP_REMOVE_WEBENGINE"] == "1"
    tools, deps, app = manifest["modules"]
    for source in tools["sources"] + deps["sources"]:
        name = source["url"].rsplit("/", 1)[1]
        assert name.endswith(".whl") and re.fullmatch(r"[0-9a-f]{64}", source["sha256"]), source
        assert source["url"].startswith("https://files.pythonhosted.org/packages/")
    # every runtime dependency has a wheel for each architecture Flathub builds, PySide6 from the BaseApp
    needed = {re.split(r"[<>=!;\s]", d)[0].lower().replace("-", "_")
              for d in tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["dependencies"]}
    for arch in ("x86_64", "aarch64"):
        wheels = {}
        for source in deps["sources"]:
            if arch in source.get("only-arches", [arch]):
                name = source["url"].rsplit("/", 1)[1]
                wheels[name.split("-")[0].lower()] = name
        assert needed - {"pyside6_essentials"} <= set(wheels), arch
        for name in wheels.values():   # a compiled wheel for this architecture and the runtime's Python
            tags = name.removesuffix(".whl").split("-")[-3:]
            assert tags[2] == "any" or (arch in tags[2] and tags[0] == "cp313"), name
    assert not any("pyside6" in s["url"].lower() or "shiboken" in s["url"] for s in deps["sources"])
    # setuptools builds the package and is not shipped
    assert not any("setuptools" in s["url"] for s in deps["sources"] + app["sources"] if "url" in s)
    assert [s["url"].rsplit("/", 1)[1].split("-")[0] for s in tools["sources"]] == ["setuptools"]
    assert tools["cleanup"] == ["*"]
    assert not any("setuptools" in c for c in deps["build-commands"])
    assert (path.parent / app["sources"][0]["path"]).resolve() == ROOT
    install = f"packaging/linux/install.sh --prefix /app --exec {manifest['command']}"
    assert any(install in command for command in app["build-commands"])


def test_setup_py_finds_an_lrelease_without_pysides_own(monkeypatch, tmp_path):
    """The BaseApp's PySide6 is built from source, without the wheels' lrelease: Qt's own, on the PATH."""
    import importlib.util

    import PySide6

    spec = importlib.util.spec_from_file_location("cekidesk_setup", ROOT / "setup.py")
    setup_py = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(setup_py)
    assert Path(setup_py._lrelease()[0]).parent == Path(PySide6.__file__).resolve().parent
    fake = tmp_path / "PySide6" / "__init__.py"
    fake.parent.mkdir()
    fake.write_text("")
    monkeypatch.setattr(PySide6, "__file__", str(fake))
    (tmp_path / "bin").mkdir()
    (tmp_path / "bin" / "lrelease").write_text("#!/bin/sh\n")
    (tmp_path / "bin" / "lrelease").chmod(0o755)
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    assert setup_py._lrelease() == [str(tmp_path / "bin" / "lrelease")]
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(RuntimeError, match="no lrelease is on the PATH"):
        setup_py._lrelease()


# -- the GitHub workflow ------------------------------------------------------------------------------
WORKFLOW = ROOT / ".github" / "workflows" / "bundles.yml"


def test_every_path_the_workflow_names_exists():
    text = WORKFLOW.read_text(encoding="utf-8")
    named = set(re.findall(r"(?<![\w/])((?:packaging|cekidesk|resources|translations)[/\\][\w./\\-]+\.\w+)", text))
    assert {"packaging/check_bundle.sh", "packaging/cekidesk.spec", r"packaging\windows\cekidesk.iss",
            "packaging/linux/make_icons.py"} <= named
    missing = [p for p in named if not (ROOT / p.replace("\\", "/")).exists()]
    assert missing == []


def test_the_workflow_builds_on_three_systems_and_releases_on_a_tag():
    yaml = pytest.importorskip("yaml")
    flow = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    jobs = flow["jobs"]
    assert {name: job["runs-on"] for name, job in jobs.items()} == {
        "linux": "ubuntu-22.04", "windows": "windows-latest", "macos": "macos-14", "release": "ubuntu-latest"}
    for name in ("linux", "windows", "macos"):
        steps = jobs[name]["steps"]
        assert any(s.get("with", {}).get("python-version") == "3.12" for s in steps)
        assert any(".[bundle]" in s.get("run", "") for s in steps)
        assert any(s.get("uses", "").startswith("actions/upload-artifact") for s in steps)
        assert any("selftest" in s.get("run", "") or "check_bundle.sh" in s.get("run", "") for s in steps)
    # Linux: the very check .ci/run runs, which also packs the tar.gz the artifact takes
    assert any("packaging/check_bundle.sh --keep dist" in s.get("run", "") for s in jobs["linux"]["steps"])
    assert "bash packaging/check_bundle.sh" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    release = jobs["release"]
    assert release["if"] == "startsWith(github.ref, 'refs/tags/v')"
    assert set(release["needs"]) == {"linux", "windows", "macos"}
    assert any(s.get("uses", "").startswith("softprops/action-gh-release") for s in release["steps"])
    on = flow.get("on", flow.get(True))   # (YAML 1.1 reads the key `on` as true)
    assert on["push"]["tags"] == ["v*"]


# -- the Linux download's install.sh ---------------------------------------------------------------------
@pytest.mark.skipif(sys.platform == "win32", reason="a shell script")
def test_the_downloads_install_sh_installs_its_own_program_without_python(qapp, tmp_path):
    """The download carries icons rendered already: its install.sh needs no Python with PySide6."""
    folder = tmp_path / "CekiDesk 0.1 unpacked"
    (folder / "desktop").mkdir(parents=True)
    shutil.copy(LINUX / "bundle-install.sh", folder / "install.sh")
    shutil.copy(LINUX / "install.sh", folder / "desktop" / "install.sh")
    for f in LINUX.glob(f"{APP_ID}.*"):
        shutil.copy(f, folder / "desktop")
    make_icons.make_icons(folder / "desktop")
    (folder / "cekidesk").write_text("#!/bin/sh\n")
    prefix = tmp_path / "prefix"
    env = dict(os.environ, HOME=str(tmp_path), XDG_DATA_HOME=str(prefix / "share"), PYTHON="/nonexistent/python")
    done = subprocess.run([str(folder / "install.sh"), "--prefix", str(prefix)], env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    desktop = (prefix / "share" / "applications" / f"{APP_ID}.desktop").read_text(encoding="utf-8")
    assert f'Exec="{folder}/cekidesk" %f' in desktop.splitlines()
    assert (prefix / "share/icons/hicolor/512x512/apps" / f"{APP_ID}.png").is_file()
