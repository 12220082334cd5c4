"""The Linux desktop integration (``packaging/linux``) and the app icon, as far as Python can check
them without the desktop's tools: the files parse and agree with each other and with the package
(the id, the version, the MIME type and its glob), the icon renders, the window carries it and
names its desktop file, and ``install.sh`` installs under a prefix (``~/.local`` by default).
``packaging/linux/check.sh`` (run by ``.ci/run``) adds the tools' own verdicts."""
from __future__ import annotations

import configparser
import fnmatch
import os
import shutil
import subprocess
import sys
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtGui import QGuiApplication, QImage

import cekidesk
from cekidesk.persistence import paths
from cekidesk.ui import app as ui_app

ROOT = Path(__file__).resolve().parents[1]
LINUX = ROOT / "packaging" / "linux"
ICON = ROOT / "resources" / "icons" / "cekidesk.svg"
MIME_NS = "{http://www.freedesktop.org/standards/shared-mime-info}"
#: where the repository publishes docs/ (the metainfo's screenshots point there)
SCREENSHOT_BASE = "https://raw.githubusercontent.com/cekidesk/CekiDesk/main/docs/"

sys.path.insert(0, str(LINUX))
import make_icons  # noqa: E402


def desktop_file() -> Path:
    (path,) = LINUX.glob("*.desktop")
    return path


APP_ID = desktop_file().stem


def desktop_entry() -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None, delimiters=("=",))
    parser.optionxform = str  # type: ignore[assignment,method-assign]   (keys are case-sensitive)
    parser.read(desktop_file(), encoding="utf-8")
    return parser["Desktop Entry"]


def metainfo() -> ET.Element:
    return ET.parse(LINUX / f"{APP_ID}.metainfo.xml").getroot()


def mime_type() -> ET.Element:
    root = ET.parse(LINUX / f"{APP_ID}.mime.xml").getroot()
    (mt,) = root.iterfind(f"{MIME_NS}mime-type")
    return mt


# ---------------------------------------------------------------------------------------------
# the files agree


def test_the_app_id_is_reverse_dns_and_names_every_file():
    assert APP_ID.count(".") >= 2 and all(part for part in APP_ID.split("."))
    assert make_icons.APP_ID == APP_ID
    assert desktop_entry()["Icon"] == APP_ID
    assert metainfo().findtext("id") == APP_ID
    assert metainfo().find("launchable[@type='desktop-id']").text == desktop_file().name


def test_desktop_entry_keys():
    e = desktop_entry()
    assert e["Type"] == "Application" and e["Name"] == "CekiDesk" and e["Terminal"] == "false"
    assert e["Exec"] == "cekidesk %f"                 # one file, as `cekidesk FILE.cekisave` takes it
    assert e["MimeType"].split(";") == ["application/x-cekisave", ""]
    assert e["Categories"].split(";")[:2] == ["Game", "CardGame"]
    for lang in ("id", "jv"):                        # the languages of the interface, by their locales
        for key in ("Name", "GenericName", "Comment", "Keywords"):
            assert e[f"{key}[{lang}]"].strip(), f"{key}[{lang}]"
    assert e["Comment[id]"] != e["Comment"] != e["Comment[jv]"]


def test_the_newest_release_is_the_package_version():
    releases = [r.get("version") for r in metainfo().iterfind("releases/release")]
    assert releases and releases[0] == cekidesk.__version__
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["version"] == cekidesk.__version__
    dates = [r.get("date") for r in metainfo().iterfind("releases/release")]
    assert dates == sorted(dates, reverse=True), "newest release first"


def test_metainfo_fields():
    m = metainfo()
    assert m.get("type") == "desktop-application"
    assert m.findtext("metadata_license") == "CC0-1.0" and m.findtext("project_license") == "MIT"
    assert m.findtext("name") == "CekiDesk" and m.findtext("summary")
    assert len(m.findall("description/p")) >= 2
    rating = m.find("content_rating[@type='oars-1.1']")
    # OARS 1.1: money-gambling "moderate" is "gambling using 'play' money", the stakes of every game here
    assert {a.get("id"): a.text for a in rating} == {"money-gambling": "moderate"}
    assert m.findtext("provides/mediatype") == mime_type().get("type")


def test_the_screenshots_are_the_readmes_where_docs_are_published():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    images = [i.text for i in metainfo().iterfind("screenshots/screenshot/image")]
    assert images and [s.get("type") for s in metainfo().iterfind("screenshots/screenshot")][0] == "default"
    for url in images:
        assert url.startswith(SCREENSHOT_BASE), url
        name = url.removeprefix(SCREENSHOT_BASE)
        assert (ROOT / "docs" / name).is_file() and f"(docs/{name})" in readme, name


def test_mime_type_for_save_files():
    mt = mime_type()
    assert mt.get("type") == "application/x-cekisave"
    globs = [g.get("pattern") for g in mt.iterfind(f"{MIME_NS}glob")]
    assert globs == ["*" + paths.SAVE_EXTENSION]        # what Save As and the autosave write
    assert fnmatch.fnmatch(paths.autosave_path().name, globs[0]) and not fnmatch.fnmatch("x.cepe.json", globs[0])
    assert mt.find(f"{MIME_NS}generic-icon").get("name")
    assert mt.findtext(f"{MIME_NS}comment")
    assert {c.get("{http://www.w3.org/XML/1998/namespace}lang") for c in mt.iterfind(f"{MIME_NS}comment")} \
        == {None, "id", "jv"}


# ---------------------------------------------------------------------------------------------
# the icon


def _opaque_share(image: QImage) -> float:
    opaque = sum(image.pixelColor(x, y).alpha() > 200 for x in range(image.width()) for y in range(image.height()))
    return opaque / (image.width() * image.height())


def test_make_icons_renders_every_size(qapp, tmp_path):
    written = make_icons.make_icons(tmp_path)
    assert len(written) == len(make_icons.SIZES) + 1
    for size in (16, 24, 32, 48, 64, 128, 256, 512):
        png = tmp_path / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        image = QImage(str(png))
        assert (image.width(), image.height()) == (size, size)
        # the felt square fills most of it; its rounded corners stay transparent
        assert 0.6 < _opaque_share(image) < 1.0, size
        assert image.pixelColor(0, 0).alpha() == 0
    assert (tmp_path / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg").read_bytes() == ICON.read_bytes()


def test_the_icon_reads_at_16_px(qapp, tmp_path):
    """At 16 px the cards still stand out from the felt: light card pixels in the middle, green round them."""
    png = tmp_path / "16.png"
    make_icons.render(ICON, 16, png)
    image = QImage(str(png))
    colours = [image.pixelColor(x, y) for x in range(4, 12) for y in range(3, 13)]
    light = [c for c in colours if c.lightness() > 170]
    assert len(light) >= 12
    edge = image.pixelColor(1, 8)
    assert edge.green() > edge.red() and edge.green() > edge.blue()


def test_the_window_has_the_icon_and_names_its_desktop_file(qtbot):
    from window_helpers import open_window

    ui_app.make_application()
    assert QGuiApplication.desktopFileName() == desktop_file().stem   # Wayland's app id: the right icon
    # under X the desktop matches the window by its WM_CLASS, whose class Qt takes from the app's name
    assert desktop_entry()["StartupWMClass"] == QGuiApplication.applicationName()
    w = open_window(qtbot)
    icon = w.windowIcon()
    assert not icon.isNull()
    assert _opaque_share(icon.pixmap(32, 32).toImage()) > 0.75


# ---------------------------------------------------------------------------------------------
# install.sh (the desktop's cache tools are used where present; none are needed)

needs_bash = pytest.mark.skipif(shutil.which("bash") is None or os.name != "posix", reason="install.sh is for Linux")


def _install(home: Path, *args: str, path: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "HOME": str(home), "PYTHON": sys.executable, "XDG_DATA_HOME": str(home / ".local" / "share")}
    if path is not None:
        env["PATH"] = path
    return subprocess.run(["bash", str(LINUX / "install.sh"), *args], env=env, capture_output=True, text=True,
                          check=False)


def _installed(share: Path) -> set[str]:
    return {str(p.relative_to(share)) for p in share.rglob(f"{APP_ID}*")}


EXPECTED = {f"applications/{APP_ID}.desktop", f"metainfo/{APP_ID}.metainfo.xml", f"mime/packages/{APP_ID}.xml",
            f"icons/hicolor/scalable/apps/{APP_ID}.svg"} | {
    f"icons/hicolor/{n}x{n}/apps/{APP_ID}.png" for n in make_icons.SIZES}


@needs_bash
def test_install_sh_defaults_to_home_local_and_runs_the_cekidesk_on_the_path(tmp_path):
    home = tmp_path / "home"     # (made by conftest.py)
    bindir = tmp_path / "my venv" / "bin"     # a virtual environment's, not on the desktop's PATH
    bindir.mkdir(parents=True)
    (bindir / "cekidesk").write_text("#!/bin/sh\n", encoding="utf-8")
    (bindir / "cekidesk").chmod(0o755)
    result = _install(home, path=f"{bindir}:{os.environ['PATH']}")
    assert result.returncode == 0, result.stderr
    share = home / ".local" / "share"
    assert EXPECTED <= _installed(share)
    assert {p for p in tmp_path.rglob(f"{APP_ID}*")} == {share / f for f in _installed(share)}
    entry = (share / "applications" / f"{APP_ID}.desktop").read_text(encoding="utf-8")
    assert f'\nExec="{bindir}/cekidesk" %f\n' in entry
    assert entry.replace(f'Exec="{bindir}/cekidesk"', "Exec=cekidesk") == desktop_file().read_text(encoding="utf-8")

    result = _install(home, "--uninstall")
    assert result.returncode == 0, result.stderr
    assert _installed(share) == set()


@needs_bash
def test_install_sh_prefix_and_exec(tmp_path):
    prefix = tmp_path / "opt"
    result = _install(tmp_path, "--prefix", str(prefix), "--exec", "/usr/games/cekidesk")
    assert result.returncode == 0, result.stderr
    assert EXPECTED <= _installed(prefix / "share")
    assert "\nExec=/usr/games/cekidesk %f\n" in (prefix / "share" / "applications" / f"{APP_ID}.desktop").read_text()
    assert not (tmp_path / ".local").exists()


@needs_bash
def test_install_sh_refuses_what_it_cannot_do_in_words(tmp_path):
    result = _install(tmp_path, "--exec", 'cekidesk "$(rm -rf ~)"')
    assert result.returncode != 0 and "--exec" in result.stderr and "Traceback" not in result.stderr
    assert not (tmp_path / ".local" / "share" / "applications").exists()
    result = _install(tmp_path, "--bogus")
    assert result.returncode != 0 and "unknown argument: --bogus" in result.stderr
