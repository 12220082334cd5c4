"""Issue 17's bundles, as far as they can be checked without building them (packaging/check_bundle.sh,
run by .ci/run, builds and runs the Linux one): the PyInstaller spec (run with PyInstaller's build
steps stood in for), its slimming rules, the Windows installer script, the macOS Info.plist, the
Flatpak manifest, the GitHub workflow, the .ico/.icns icons and the Linux download's install.sh."""
from __future__ import annotations

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
sys.path[:0] = [str(PACKAGING), str(LINUX)]
import make_icons  # noqa: E402
import slimming  # noqa: E402

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
        self.pure, self.scripts = [], scripts
        self.binaries = [("PySide6/Qt/plugins/platformthemes/libqgtk3.so", "/x", "BINARY"),
                         ("PySide6/Qt/plugins/platforms/libqxcb.so", "/x", "BINARY")]
        self.datas = [("PySide6/Qt/translations/qtbase_fr.qm", "/x", "DATA")] + [
            (dest, src, "DATA") for src, dest in kwargs["datas"]]


class PYZ(Step): pass          # noqa: E701
class EXE(Step): pass          # noqa: E701
class COLLECT(Step): pass      # noqa: E701
class BUNDLE(Step): pass       # noqa: E701


def run_spec(platform: str, tmp_path: Path, monkeypatch) -> dict[str, list[Step]]:
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
    spec = PACKAGING / "cekidesk.spec"
    exec(compile(spec.read_text(encoding="utf-8"), str(spec), "exec"), {
        "__name__": "__main__", "SPECPATH": str(PACKAGING), "workpath": str(tmp_path / "work"),
        "Analysis": Analysis, "PYZ": PYZ, "EXE": EXE, "COLLECT": COLLECT, "BUNDLE": BUNDLE})
    steps: dict[str, list[Step]] = {}
    for step in Step.made:
        steps.setdefault(type(step).__name__, []).append(step)
    steps["plugins"] = QtLibraryInfo().collect_plugins("platformthemes")
    return steps


def test_the_spec_makes_three_programs_sharing_one_folder(qapp, tmp_path, monkeypatch):
    steps = run_spec("linux", tmp_path, monkeypatch)
    exes = steps["EXE"]
    assert [e.kwargs["name"] for e in exes] == ["cekidesk"] + [n for n in SCRIPTS if n != "cekidesk"]
    assert all(e.kwargs["exclude_binaries"] and e.kwargs["console"] and e.kwargs["icon"] is None for e in exes)
    (collect,) = steps["COLLECT"]
    assert collect.kwargs["name"] == "CekiDesk" and list(collect.args[:3]) == exes
    shipped = [dest for toc in collect.args[3:] for dest, *_ in toc]
    assert "PySide6/Qt/plugins/platforms/libqxcb.so" in shipped
    assert not any("gtk3" in d or "qtbase_fr" in d for d in shipped)
    assert "BUNDLE" not in steps
    # every console script runs as pip would run it, with the games found
    for analysis, name in zip(steps["Analysis"], [e.kwargs["name"] for e in exes], strict=True):
        module, func = SCRIPTS[name].split(":")
        assert f"from {module} import {func}" in Path(analysis.args[0][0]).read_text(encoding="utf-8")
        assert "cekidesk.games.ceki" in analysis.kwargs["hiddenimports"]
        # nothing of the tools a developer's Python has (they made CI's bundle 100 MB larger)
        assert {"pytest", "hypothesis", "mypy", "IPython", "numpy"} <= set(analysis.kwargs["excludes"])
    # the package data where an installed CekiDesk has it, with every translation compiled
    datas = steps["Analysis"][0].kwargs["datas"]
    assert (str(ROOT / "resources"), "cekidesk/resources_data") in datas
    qms = sorted(Path(src).name for src, dest in datas if dest == "cekidesk/resources_data/translations")
    assert qms == sorted(ts.stem + ".qm" for ts in (ROOT / "translations").glob("cekidesk_*.ts"))
    assert all(Path(src).stat().st_size > 10_000 for src, dest in datas if src.endswith(".qm"))
    # PyInstaller's Qt hooks no longer collect the dropped plugins at all
    assert [Path(src).name for src, _ in steps["plugins"]] == ["libqxdgdesktopportal.so"]


def test_the_spec_makes_a_mac_app(qapp, tmp_path, monkeypatch):
    steps = run_spec("darwin", tmp_path, monkeypatch)
    app, *tools = steps["EXE"]
    assert not app.kwargs["console"] and all(t.kwargs["console"] for t in tools)   # no Terminal for the app
    (bundle,) = steps["BUNDLE"]
    assert bundle.args == (steps["COLLECT"][0],)
    assert bundle.kwargs["name"] == "CekiDesk.app" and bundle.kwargs["bundle_identifier"] == APP_ID
    info = bundle.kwargs["info_plist"]
    assert info["CFBundleShortVersionString"] == info["CFBundleVersion"] == cekidesk.__version__
    assert info["UTExportedTypeDeclarations"][0]["UTTypeIdentifier"] == SAVE_UTI
    icns = Path(bundle.kwargs["icon"])
    assert icns.suffix == ".icns" and app.kwargs["icon"] == str(icns) and icns.read_bytes()[:4] == b"icns"


def test_the_spec_gives_windows_programs_an_ico(qapp, tmp_path, monkeypatch):
    steps = run_spec("win32", tmp_path, monkeypatch)
    app = steps["EXE"][0]
    assert not app.kwargs["console"] and Path(app.kwargs["icon"]).read_bytes()[:4] == b"\0\0\1\0"
    assert "BUNDLE" not in steps


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
    return re.search(rf'^#define {name} "([^"]*)"', iss(), re.M)[1]


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


# -- Flatpak ----------------------------------------------------------------------------------------
def test_flatpak_manifest_agrees_with_the_desktop_files():
    yaml = pytest.importorskip("yaml")
    path = PACKAGING / "flatpak" / f"{APP_ID}.yml"
    manifest = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert manifest["id"] == APP_ID and manifest["command"] in SCRIPTS
    deps, app = manifest["modules"]
    for source in deps["sources"]:
        name = source["url"].rsplit("/", 1)[1]
        assert name.endswith(".whl") and re.fullmatch(r"[0-9a-f]{64}", source["sha256"]), source
    wheels = {s["url"].rsplit("/", 1)[1].split("-")[0].lower() for s in deps["sources"]}
    needed = {re.split(r"[<>=!;\s]", d)[0].lower().replace("-", "_")
              for d in tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["dependencies"]}
    assert needed <= wheels
    assert (path.parent / app["sources"][0]["path"]).resolve() == ROOT
    install = f"packaging/linux/install.sh --prefix /app --exec {manifest['command']}"
    assert any(install in command for command in app["build-commands"])


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
