"""Issue 32, Downloads: every bundle carries the licence texts of what it holds (packaging/licenses.py).

The real check runs over the built Linux bundle in packaging/check_bundle.sh (run by .ci/run) and over
the Windows and macOS bundles in the workflow; here its rules, and that it catches what it is for,
over bundles made of a few files: a file or module of no listed component, a missing text, a
component listed with nothing of it in the bundle."""
from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "packaging"))
import licenses  # noqa: E402


@pytest.mark.parametrize("path, component", [
    ("PySide6/Qt/lib/libQt6Core.so.6", "pyside6-essentials"),
    ("libQt6Core.so.6", "pyside6-essentials"),                       # (PyInstaller's link at the top)
    ("PySide6/Qt/plugins/platforms/libqxcb.so", "pyside6-essentials"),
    ("PySide6/Qt/lib/libicuuc.so.73", "icu"),
    ("libicudata.so.73", "icu"),
    ("shiboken6/Shiboken.abi3.so", "shiboken6"),
    ("libshiboken6.abi3.so.6.11", "shiboken6"),
    ("pydantic_core/_pydantic_core.cpython-311-x86_64-linux-gnu.so", "dist:pydantic_core"),
    ("pydantic-2.13.4.dist-info/METADATA", "dist:pydantic"),
    ("zeroconf/_dns.cpython-311-x86_64-linux-gnu.so", "dist:zeroconf"),        # (compiled: files, not modules)
    ("zeroconf/_services/info.cp312-win_amd64.pyd", "dist:zeroconf"),
    ("typing_extensions-4.15.0.dist-info/RECORD", "dist:typing_extensions"),
    ("cekidesk/resources_data/fonts/NotoSansJavanese-Regular.ttf", "noto-fonts"),
    ("cekidesk/resources_data/cards/S9.svg", "cekidesk"),
    ("cekidesk", "cekidesk"), ("cekidesk-selftest.exe", "cekidesk"), ("cekidesk.icns", "cekidesk"),
    ("libssl.so.3", "openssl"), ("libcrypto-3.dll", "openssl"), ("libssl.3.dylib", "openssl"),
    ("base_library.zip", "python"), ("libpython3.11.so.1.0", "python"), ("python312.dll", "python"),
    ("python3.11/lib-dynload/_ssl.cpython-311-x86_64-linux-gnu.so", "python"), ("_ssl.pyd", "python"),
    ("libffi-8.dll", "python"), ("Python", "python"),
    ("VCRUNTIME140.dll", "msvc-runtime"), ("msvcp140_1.dll", "msvc-runtime"),
    ("QtCore.framework", "pyside6-essentials"), ("QtCore.framework/Versions/A/QtCore", "pyside6-essentials"),
    ("licenses/README.txt", ""),
    ("libxcb-cursor.so.0", None), ("libstdc++.so.6", None), ("libfreetype.so.6", None),   # (the system's)
])
def test_every_kind_of_file_has_its_component(path, component):
    assert licenses.component_of(path) == component


@pytest.mark.parametrize("module, component", [
    ("cekidesk", "cekidesk"), ("cekidesk_selftest_main", "cekidesk"), ("json", "python"), ("asyncio", "python"),
    ("_sysconfigdata__linux_x86_64-linux-gnu", "python"), ("pyimod02_importers", "pyinstaller"),
    ("pyi_rth_pyside6", "pyinstaller"), ("pydantic", "dist:pydantic"), ("platformdirs", "dist:platformdirs"),
    ("zeroconf", "dist:zeroconf"), ("ifaddr", "dist:ifaddr"),
])
def test_every_kind_of_module_has_its_component(module, component):
    assert licenses.module_component(module) == component


def test_a_module_of_no_known_distribution_stops_the_build():
    with pytest.raises(licenses.LicenseError, match="'nowhere_module' belongs to no installed distribution"):
        licenses.module_component("nowhere_module")


def test_a_file_of_unknown_origin_stops_the_build(monkeypatch):
    monkeypatch.setattr(licenses, "system_package", lambda source: None)
    with pytest.raises(licenses.LicenseError, match=r"libmystery\.so\.1 \(from /opt/libmystery\.so\.1\)"):
        licenses.classify([("libmystery.so.1", "/opt/libmystery.so.1"), ("cekidesk", "")], ["json"])


def _bundle(tmp_path: Path, monkeypatch) -> Path:
    """A small one-folder bundle with its licences made as the spec makes them (no Debian library in it)."""
    files = {"cekidesk": "", "cekidesk-sim": "", "_internal/PySide6/Qt/lib/libQt6Core.so.6": "",
             "_internal/libicuuc.so.73": "", "_internal/base_library.zip": "",
             "_internal/pydantic_core/_pydantic_core.so": "", "_internal/pydantic-2.13.4.dist-info/METADATA": "",
             "_internal/cekidesk/resources_data/fonts/NotoSansJavanese-Regular.ttf": "",
             "_internal/cekidesk/resources_data/cards/S9.svg": ""}
    bundle = tmp_path / "CekiDesk"
    for name in files:
        (bundle / name).parent.mkdir(parents=True, exist_ok=True)
        (bundle / name).write_bytes(b"x")
    modules = ["cekidesk", "json", "pydantic", "pydantic_core", "typing_extensions"]
    entries = [(name.removeprefix("_internal/"), str(bundle / name)) for name in files]
    monkeypatch.setattr(licenses, "archive_modules", lambda bundle: modules)
    components = licenses.classify(entries, modules)
    licenses.write(components, bundle / "_internal")
    return bundle


def test_a_bundle_with_its_licences_passes(tmp_path, monkeypatch):
    bundle = _bundle(tmp_path, monkeypatch)
    assert licenses.check(bundle) == []
    listed = json.loads((bundle / "_internal/licenses/licenses.json").read_text(encoding="utf-8"))
    keys = {c["key"] for c in listed}
    assert {"cekidesk", "noto-fonts", "pyside6-essentials", "icu", "python", "pydantic", "pydantic-core",
            "typing-extensions", "pyinstaller"} <= keys
    qt = next(c for c in listed if c["key"] == "pyside6-essentials")
    assert qt["licence"] == "LGPL-3.0-only" and qt["texts"] == ["LGPL-3.0.txt", "GPL-3.0.txt"]
    lgpl = (bundle / "_internal/licenses/pyside6-essentials/LGPL-3.0.txt").read_text(encoding="utf-8")
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in lgpl
    python = (bundle / "_internal/licenses/python/LICENSE.txt").read_text(encoding="utf-8")
    assert "PYTHON SOFTWARE FOUNDATION LICENSE" in python
    readme = (bundle / "_internal/licenses/README.txt").read_text(encoding="utf-8")
    assert "Qt 6 and PySide6 (PySide6-Essentials)" in readme and "licence: OFL-1.1" in readme
    assert "ICU (International Components for Unicode, Qt's text library) 73" in readme
    assert licenses.main(["--check", str(bundle)]) == 0


def test_a_file_nobody_listed_fails(tmp_path, monkeypatch):
    bundle = _bundle(tmp_path, monkeypatch)
    (bundle / "_internal/libmystery.so.1").write_bytes(b"x")
    (bundle / "_internal/PySide6/Qt/lib/libQt6Extra.so.6").write_bytes(b"x")   # (a rule knows it: listed)
    assert licenses.check(bundle) == ["libmystery.so.1: in the bundle, but its licence is not listed"]


def test_a_module_nobody_listed_fails(tmp_path, monkeypatch):
    bundle = _bundle(tmp_path, monkeypatch)
    monkeypatch.setattr(licenses, "archive_modules", lambda bundle: ["cekidesk", "json", "platformdirs"])
    problems = licenses.check(bundle)
    assert "the module platformdirs: in the programs, but its licence is not listed" in problems


def test_a_missing_text_or_a_component_gone_fails(tmp_path, monkeypatch):
    bundle = _bundle(tmp_path, monkeypatch)
    (bundle / "_internal/licenses/icu/ICU.txt").unlink()
    shutil.rmtree(bundle / "_internal/pydantic_core")
    monkeypatch.setattr(licenses, "archive_modules", lambda bundle: ["cekidesk", "json", "pydantic",
                                                                     "typing_extensions"])
    problems = licenses.check(bundle)
    assert any(p.startswith("ICU (International Components") and "icu/ICU.txt is missing" in p for p in problems)
    assert any(p.startswith("pydantic_core") and "listed, but nothing of it is in the bundle" in p for p in problems)
    assert licenses.main(["--check", str(bundle)]) == 1


def test_a_bundle_without_licences_fails(tmp_path):
    (tmp_path / "CekiDesk" / "_internal").mkdir(parents=True)
    assert licenses.check(tmp_path / "CekiDesk") == [f"{tmp_path / 'CekiDesk'} has no licenses/licenses.json"]


@pytest.mark.skipif(not Path("/usr/share/doc").is_dir() or shutil.which("dpkg") is None, reason="a Debian system")
def test_a_debian_library_brings_its_copyright_file(tmp_path):
    import ctypes.util

    name = ctypes.util.find_library("z")
    source = next((str(p) for d in ("/lib/x86_64-linux-gnu", "/usr/lib/x86_64-linux-gnu", "/lib/aarch64-linux-gnu",
                                    "/usr/lib/aarch64-linux-gnu") if (p := Path(d) / (name or "")).is_file()), None)
    if source is None:
        pytest.skip("no zlib found where Debian keeps it")
    components = licenses.classify([(Path(source).name, source)], [])
    (key,) = [k for k in components if k.startswith("debian-")]
    assert components[key].files == [Path(source).name] and "copyright" in components[key].texts
