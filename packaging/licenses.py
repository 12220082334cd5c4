"""The licence texts every CekiDesk bundle carries, and the check that they match what it holds.

A bundle (``packaging/cekidesk.spec``) ships other people's work: Qt and PySide6 (LGPL-3.0), Python
(PSF), pydantic, pydantic-core, platformdirs, typing-extensions, annotated-types, typing-inspection
(MIT, PSF), websockets (BSD) where the app uses it, zeroconf (LGPL-2.1-or-later: pure Python with
compiled speed-ups, its licence text from its wheel) and ifaddr (MIT), ICU (Unicode), OpenSSL (Apache-2.0), the Noto
fonts (OFL-1.1), PyInstaller's bootloader, and on Linux the system libraries PyInstaller copies next
to them (libxcb-cursor, libxkbcommon, libstdc++, …).  Their licences ask that their texts travel
with them, so the bundle gets a ``licenses`` folder (``_internal/licenses`` on Linux and Windows,
``Contents/Resources/licenses`` in the ``.app``):

* ``README.txt``: one entry per component — its name, version, licence, the files of the bundle that
  are its, and its texts' file names;
* ``<component>/…``: its licence texts, taken from where they are installed: a Python distribution's
  own licence files (its ``*.dist-info/licenses``), Python's ``LICENSE.txt``, a Debian package's
  ``/usr/share/doc/<package>/copyright`` (and the ``/usr/share/common-licenses`` texts it refers
  to), and, for what ships none (the PySide6 wheels, ICU, OpenSSL), the texts in
  ``packaging/licenses/``;
* ``licenses.json``: the same, for :func:`check`.

:func:`collect` makes them from PyInstaller's TOCs as the spec builds (every file the bundle gets
and every module of its archive is assigned to a component by :func:`component_of`, or the build
stops); :func:`check` (``python3 packaging/licenses.py --check dist/CekiDesk``, run by
``packaging/check_bundle.sh``) reads the built folder — every file in it and every module of each
program's archive — and fails unless each belongs to a listed component whose texts are there, and
each listed component still has something in the bundle.
"""
from __future__ import annotations

import argparse
import functools
import importlib.metadata as metadata
import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from pathlib import Path, PurePosixPath

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
TEXTS = HERE / "licenses"
FOLDER = "licenses"          # the folder's place among the bundle's data (next to cekidesk/, PySide6/)
MANIFEST = "licenses.json"

#: components that are not a Python distribution, or whose distribution carries no licence file:
#: key -> (name, licence, texts in the repository)
FIXED = {
    "cekidesk": ("CekiDesk", "MIT", ("LICENSE",)),
    "noto-fonts": ("Noto Sans Javanese, and the Noto Sans CJK outlines in the card art", "OFL-1.1",
                   ("resources/fonts/OFL.txt",)),
    "pyside6-essentials": ("Qt 6 and PySide6 (PySide6-Essentials)", "LGPL-3.0-only",
                           ("packaging/licenses/LGPL-3.0.txt", "packaging/licenses/GPL-3.0.txt")),
    "shiboken6": ("Shiboken6 (PySide6's binding runtime)", "LGPL-3.0-only",
                  ("packaging/licenses/LGPL-3.0.txt", "packaging/licenses/GPL-3.0.txt")),
    "icu": ("ICU (International Components for Unicode, Qt's text library)", "Unicode-DFS-2016",
            ("packaging/licenses/ICU.txt",)),
    "openssl": ("OpenSSL 3 (Python's ssl module)", "Apache-2.0", ("packaging/licenses/Apache-2.0.txt",)),
    "msvc-runtime": ("Microsoft Visual C++ runtime", "LicenseRef-MSVC-Redistributable",
                     ("packaging/licenses/MSVC-runtime.txt",)),
}
#: Python distributions whose texts are FIXED's (their wheels carry none)
NO_TEXTS_IN_WHEEL = {"pyside6-essentials", "shiboken6"}

#: where a file of the bundle comes from, by its path inside the bundle's contents (first match wins;
#: "dist:<name>" names a Python distribution).  Paths are relative to the folder the programs'
#: libraries are in (``_internal``; ``Contents/Frameworks`` or ``Contents/Resources`` of the .app).
RULES: list[tuple[re.Pattern[str], str]] = [(re.compile(p), c) for p, c in [
    (rf"^{FOLDER}/", ""),                                             # (the licences themselves)
    (r"^cekidesk/resources_data/fonts/", "noto-fonts"),
    (r"^cekidesk/|^cekidesk\.(icns|ico)$", "cekidesk"),
    (r"^(cekidesk|cekidesk-sim|cekidesk-selftest|cekidesk-server)(\.exe)?$", "cekidesk"),
    (r"(^|/)(lib)?icu(data|i18n|uc|io|tu|test)[^/]*\.(so|dll|dylib)[^/]*$", "icu"),
    (r"^PySide6/|^(lib)?Qt6[^/]*$|^Qt[A-Za-z0-9]*\.framework(/|$)|^(lib)?pyside6[^/]*$|^PySide6\.",
     "pyside6-essentials"),
    (r"^shiboken6/|^(lib)?shiboken6[^/]*$", "shiboken6"),
    (r"^pydantic_core/", "dist:pydantic_core"),
    (r"^pydantic/", "dist:pydantic"),
    (r"^websockets/", "dist:websockets"),
    (r"^zeroconf/", "dist:zeroconf"),          # (its compiled modules: _dns, _cache, _services/… .so/.pyd)
    (r"^ifaddr/", "dist:ifaddr"),
    (r"^([A-Za-z0-9_.]+)-[^/]+\.dist-info/", "dist-info"),
    (r"^(lib)?(ssl|crypto)([-.][^/]*)?\.(so|dll|dylib)[^/]*$", "openssl"),
    (r"(?i)^(vcruntime|msvcp|concrt|ucrtbase|api-ms-win-)[^/]*\.dll$", "msvc-runtime"),
    (r"^base_library\.zip$|^python3[\d.]*/|^lib-dynload/|^(lib)?python3[\d.]*(\.so[^/]*|\.dll|\.dylib)$"
     r"|^Python$|^Python\.framework/|^[^/]+\.pyd$|^libffi-\d+\.dll$", "python"),
]]


@dataclass
class Component:
    """One thing the bundle carries under its own licence."""

    key: str
    name: str
    version: str
    licence: str
    texts: list[str]                                   # file names under licenses/<key>/
    files: list[str] = field(default_factory=list)     # bundle paths that are its (as found by the rules)
    modules: list[str] = field(default_factory=list)   # top-level modules of the programs' archive


class LicenseError(Exception):
    """A file or module of the bundle whose licence is not known, or a text that is missing."""


# -- what is whose ---------------------------------------------------------------------------------------
def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def component_of(path: str) -> str | None:
    """The component a bundle path belongs to by :data:`RULES` ("" for the licences, "dist:<name>" for
    a Python distribution), or None when no rule knows it (a system library: see :func:`system_package`)."""
    p = str(PurePosixPath(path.replace("\\", "/")))
    for pattern, comp in RULES:
        m = pattern.search(p)
        if m:
            if comp == "dist-info":
                return "dist:" + m.group(1)
            return comp
    return None


@functools.lru_cache(maxsize=1)
def _packages_distributions() -> dict[str, list[str]]:
    return dict(metadata.packages_distributions())


def module_component(module: str) -> str:
    """The component a top-level module of a program's archive belongs to."""
    top = module.split(".")[0]
    if top == "cekidesk" or re.fullmatch(r"cekidesk(_\w+)?_main", top):   # (the spec's entry scripts)
        return "cekidesk"
    if top.startswith(("pyimod", "pyi_rth", "pyiboot", "_pyi_rth")):
        return "pyinstaller"
    if top in sys.stdlib_module_names or top.startswith("_sysconfigdata") or top in ("__future__", "_bootsubprocess"):
        return "python"
    dists = _packages_distributions().get(top)
    if not dists:
        raise LicenseError(f"the bundled module {top!r} belongs to no installed distribution")
    return "dist:" + dists[0]


def system_package(source: str) -> str | None:
    """The Debian package a system library was copied from (``dpkg -S``), or None."""
    if shutil.which("dpkg") is None:
        return None
    real = os.path.realpath(source)
    candidates = {source, real}
    for p in list(candidates):   # (merged /usr: dpkg knows /usr/lib/… or /lib/…, whichever it installed)
        if p.startswith("/lib"):
            candidates.add("/usr" + p)
        elif p.startswith("/usr/lib"):
            candidates.add(p[len("/usr"):])
    for p in sorted(candidates):
        done = subprocess.run(["dpkg", "-S", p], capture_output=True, text=True)
        if done.returncode == 0 and ":" in done.stdout:
            return done.stdout.split(":")[0].strip()
    return None


# -- the texts ----------------------------------------------------------------------------------------
def python_license() -> Path:
    """The running Python's LICENSE.txt (the bundle's Python is this one)."""
    base = Path(sys.base_prefix)
    version = f"python{sys.version_info.major}.{sys.version_info.minor}"
    for p in (base / "LICENSE.txt", base / "lib" / version / "LICENSE.txt", base / "Lib" / "LICENSE.txt",
              base / "share" / "doc" / version / "LICENSE.txt"):
        if p.is_file():
            return p
    raise LicenseError(f"this Python ({base}) has no LICENSE.txt to bundle")


def dist_texts(dist: metadata.Distribution) -> list[Path]:
    """A distribution's installed licence files (``*.dist-info/licenses/…``, LICENSE*, COPYING*, NOTICE*)."""
    found = []
    for f in dist.files or []:
        name = PurePosixPath(str(f))
        if ".dist-info" in str(f) and ("licenses" in name.parts or re.match(r"(LICEN[CS]E|COPYING|NOTICE|AUTHORS)",
                                                                             name.name, re.I)):
            found.append(Path(dist.locate_file(f)))
    return [p for p in found if p.is_file()]


def _dist_licence(dist: metadata.Distribution) -> str:
    meta = dist.metadata
    expression = meta.get("License-Expression")
    if expression:
        return expression
    classifiers = [c.split(" :: ")[-1] for c in meta.get_all("Classifier") or [] if c.startswith("License ::")]
    text = (meta.get("License") or "").strip()
    if text and len(text) < 80:
        return text
    return " / ".join(classifiers) or "see the texts"


def debian_texts(package: str) -> list[Path]:
    """A Debian package's copyright file and the common licences it refers to."""
    doc = Path("/usr/share/doc") / package / "copyright"
    if not doc.is_file():   # (a package of a multi-arch or versioned name may keep its doc under its source's)
        raise LicenseError(f"the Debian package {package} has no {doc}")
    text = doc.read_text(encoding="utf-8", errors="replace")
    common = sorted(set(re.findall(r"/usr/share/common-licenses/([A-Za-z0-9.+-]+[A-Za-z0-9+])", text)))
    return [doc] + [Path("/usr/share/common-licenses") / c for c in common
                    if (Path("/usr/share/common-licenses") / c).is_file()]


def _debian_version(package: str) -> str:
    done = subprocess.run(["dpkg-query", "-W", "-f=${Version}", package], capture_output=True, text=True)
    return done.stdout.strip() or "?"


# -- collecting, as the bundle is built ------------------------------------------------------------------
def _make(key: str) -> tuple[Component, list[Path]]:
    """The component ``key`` ("dist:…", "debian:…", a FIXED key, "python", "pyinstaller") and its texts."""
    if key.startswith("dist:"):
        dist = metadata.distribution(key[5:])
        norm = _normal(dist.metadata["Name"])
        if norm in FIXED:
            name, licence, texts = FIXED[norm]
            comp = Component(norm, name, dist.version, licence, [])
            return comp, [ROOT / t for t in texts] + ([] if norm in NO_TEXTS_IN_WHEEL else dist_texts(dist))
        texts_found = dist_texts(dist)
        if not texts_found:
            raise LicenseError(f"the distribution {dist.metadata['Name']} carries no licence file")
        return Component(norm, dist.metadata["Name"], dist.version, _dist_licence(dist), []), texts_found
    if key.startswith("debian:"):
        package = key[7:]
        return (Component(key.replace(":", "-"), f"{package} (Debian package)", _debian_version(package),
                          "see the copyright file", []), debian_texts(package))
    if key == "python":
        return Component("python", "Python", sys.version.split()[0], "PSF-2.0", []), [python_license()]
    if key == "pyinstaller":
        dist = metadata.distribution("pyinstaller")
        return (Component("pyinstaller", "PyInstaller's bootloader (the programs' start code)", dist.version,
                          "GPL-2.0-or-later WITH Bootloader-exception", []), dist_texts(dist))
    if key in FIXED:
        name, licence, texts = FIXED[key]
        return Component(key, name, _fixed_version(key), licence, []), [ROOT / t for t in texts]
    raise LicenseError(f"no component {key!r}")


def _fixed_version(key: str, files: Iterable[str] = ()) -> str:
    """The version of a component that is no Python distribution, where it can be told."""
    if key == "cekidesk":
        text = (ROOT / "cekidesk" / "__init__.py").read_text(encoding="utf-8")
        return re.search(r'^__version__ = "([^"]+)"$', text, re.M)[1]   # type: ignore[index]
    if key == "openssl":
        import ssl

        return ssl.OPENSSL_VERSION.split()[1] if ssl.OPENSSL_VERSION.startswith("OpenSSL ") else ""
    if key == "icu":
        majors = {m.group(1) for f in files if (m := re.search(r"icu\w*\.so\.(\d+)|icu\w*?(\d+)\.dll", f))}
        return "".join(sorted(m for m in majors if m))
    return ""


def classify(entries: Iterable[tuple[str, str]], modules: Iterable[str]) -> dict[str, Component]:
    """The components of a bundle made of ``entries`` ((bundle path, source path) of every file) whose
    programs' archives hold ``modules``, each with its files and modules, texts not yet copied."""
    found: dict[str, Component] = {}
    texts: dict[str, list[Path]] = {}
    unknown: list[str] = []

    def add(key: str) -> Component:
        if key in NO_TEXTS_IN_WHEEL:   # (a rule's name of a distribution: its version comes from there)
            key = "dist:" + key
        if key not in found:
            comp, paths = _make(key)
            if comp.key in found:   # (two names of one component: dist:PySide6_Essentials and the rule's)
                found[key] = found[comp.key]
                return found[key]
            found[key] = comp
            texts[comp.key] = paths
        return found[key]

    for dest, source in sorted(set(entries)):
        key = component_of(dest)
        if key == "":
            continue
        if key is None:
            package = system_package(source) if source else None
            if package is None:
                unknown.append(f"{dest} (from {source})")
                continue
            key = "debian:" + package
        add(key).files.append(dest)
    for module in sorted(set(modules)):
        add(module_component(module)).modules.append(module)
    if _installed("pyinstaller"):   # (every program starts with its bootloader; a build always has it)
        add("pyinstaller")
    if unknown:
        raise LicenseError("no licence is known for these files of the bundle (add a rule to packaging/licenses.py): "
                           + "; ".join(unknown))
    result = {}
    for comp in found.values():
        if comp.key == "icu":
            comp.version = _fixed_version("icu", comp.files)
        if comp.key not in result:
            comp.texts = [p.name for p in texts[comp.key]]
            result[comp.key] = comp
            comp.files.sort()
    _texts_of.update(texts)
    return dict(sorted(result.items()))


_texts_of: dict[str, list[Path]] = {}


def _installed(name: str) -> bool:
    try:
        metadata.distribution(name)
    except metadata.PackageNotFoundError:
        return False
    return True


def write(components: dict[str, Component], out: Path) -> Path:
    """The ``licenses`` folder for ``components`` (from :func:`classify`) under ``out``."""
    folder = out / FOLDER
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    lines = ["The licences of what this CekiDesk bundle carries, one entry per component: its name, version and",
             "licence, the folder here that holds its licence texts, and its files in the bundle.", ""]
    for comp in components.values():
        (folder / comp.key).mkdir()
        names = []
        for src in _texts_of[comp.key]:
            name = src.name if src.name not in names else f"{src.parent.name}-{src.name}"
            shutil.copyfile(src, folder / comp.key / name)
            names.append(name)
        comp.texts = names
        what = ", ".join(comp.files[:6]) + (f" and {len(comp.files) - 6} more" if len(comp.files) > 6 else "")
        mods = ", ".join(comp.modules[:6]) + (f" and {len(comp.modules) - 6} more" if len(comp.modules) > 6 else "")
        lines += [f"{comp.name} {comp.version}".rstrip(), f"  licence: {comp.licence}",
                  f"  texts:   {FOLDER}/{comp.key}/ ({', '.join(names)})"]
        lines += [f"  files:   {what}"] if what else []
        lines += [f"  modules: {mods}"] if mods else []
        lines.append("")
    (folder / "README.txt").write_text("\n".join(lines), encoding="utf-8")
    (folder / MANIFEST).write_text(json.dumps([asdict(c) for c in components.values()], indent=1), encoding="utf-8")
    return folder


def collect(file_tocs: Iterable[list], module_tocs: Iterable[list], programs: Iterable[str],
            out: Path) -> list[tuple[str, str, str]]:
    """At build time (``packaging/cekidesk.spec``): the licence folder for PyInstaller's TOCs — the
    binaries and datas given to COLLECT, the analyses' modules and scripts — and ``programs`` (the EXE
    names), written under ``out``, as TOC entries ``(dest, source, "DATA")`` to add to COLLECT."""
    entries = [(dest, source) for toc in file_tocs for dest, source, *_ in toc]
    entries += [(name, "") for name in programs]
    modules = [name for toc in module_tocs for name, *_ in toc]
    components = classify(entries, modules)
    folder = write(components, out)
    return [(f"{FOLDER}/{p.relative_to(folder).as_posix()}", str(p), "DATA") for p in sorted(folder.rglob("*"))
            if p.is_file()]


# -- the check, over a built bundle ------------------------------------------------------------------------
def contents_root(bundle: Path) -> tuple[Path, list[Path]]:
    """The folder the libraries are in and the folders whose files belong to the bundle, of a built
    one-folder bundle (``dist/CekiDesk``) or ``.app``."""
    if (bundle / "Contents").is_dir():
        contents = bundle / "Contents"
        return contents / "Resources", [contents / "Frameworks", contents / "Resources", contents / "MacOS"]
    return bundle / "_internal", [bundle]


def bundle_files(bundle: Path) -> list[str]:
    """Every file (and symlink) of a built bundle, as its path under the libraries' folder (the programs
    as their names)."""
    root, tops = contents_root(bundle)
    seen = set()
    for top in tops:
        for p in top.rglob("*"):
            if p.is_dir() and not p.is_symlink():
                continue
            rel = p.relative_to(top).as_posix()
            if top == bundle and rel.startswith("_internal/"):
                rel = rel[len("_internal/"):]
            seen.add(rel)
    return sorted(seen)


def archive_modules(bundle: Path) -> list[str]:
    """The top-level modules of every program's archive (PyInstaller's PYZ inside each executable)."""
    from PyInstaller.archive.readers import CArchiveReader

    root, tops = contents_root(bundle)
    programs = [p for top in tops for p in top.iterdir()
                if p.is_file() and re.fullmatch(r"cekidesk(-sim|-selftest|-server)?(\.exe)?", p.name)]
    if not programs:
        raise LicenseError(f"{bundle} holds no CekiDesk program")
    modules = set()
    for program in programs:
        reader = CArchiveReader(str(program))
        for name, entry in reader.toc.items():
            if entry[-1] == "z":
                modules |= {m.split(".")[0] for m in reader.open_embedded_archive(name).toc}
            elif entry[-1] in ("m", "s"):
                modules.add(name.split(".")[0])
    return sorted(modules)


def check(bundle: Path) -> list[str]:
    """The problems of a built bundle's licences (none: an empty list): a file or module that belongs to
    no listed component, a listed component with nothing in the bundle, a text missing or empty."""
    root, _ = contents_root(bundle)
    folder = root / FOLDER
    if not (folder / MANIFEST).is_file():
        return [f"{bundle} has no {FOLDER}/{MANIFEST}"]
    listed = {c["key"]: c for c in json.loads((folder / MANIFEST).read_text(encoding="utf-8"))}
    problems = []
    for key, comp in listed.items():
        for text in comp["texts"]:
            p = folder / key / text
            if not p.is_file() or p.stat().st_size < 200:
                problems.append(f"{comp['name']}: its licence text {FOLDER}/{key}/{text} is missing or empty")
        if not comp["texts"]:
            problems.append(f"{comp['name']}: no licence text")
    claimed = {f: key for key, comp in listed.items() for f in comp["files"]}
    by_dist = {_normal(k): k for k in listed}
    used: set[str] = {"pyinstaller"}
    for path in bundle_files(bundle):
        key = component_of(path)
        if key == "":
            continue
        if key is not None and key.startswith("dist:"):
            key = by_dist.get(_normal(key[5:]), key)
        if key is None or key not in listed:
            key = claimed.get(path, key)
        if key is None or key not in listed:
            problems.append(f"{path}: in the bundle, but its licence is not listed")
        else:
            used.add(key)
    for module in archive_modules(bundle):
        key = module_component(module)
        if key.startswith("dist:"):
            key = by_dist.get(_normal(metadata.distribution(key[5:]).metadata["Name"]), key)
        if key not in listed:
            problems.append(f"the module {module}: in the programs, but its licence is not listed")
        else:
            used.add(key)
    for key in sorted(set(listed) - used):
        problems.append(f"{listed[key]['name']}: listed, but nothing of it is in the bundle")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="packaging/licenses.py", description=__doc__.split("\n")[0])
    parser.add_argument("--check", metavar="BUNDLE", type=Path, required=True,
                        help="a built bundle: dist/CekiDesk or dist/CekiDesk.app")
    args = parser.parse_args(argv)
    problems = check(args.check)
    for problem in problems:
        print(f"licenses: {problem}", file=sys.stderr)
    if problems:
        return 1
    root, _ = contents_root(args.check)
    listed = json.loads((root / FOLDER / MANIFEST).read_text(encoding="utf-8"))
    print(f"licenses: every file and module of {args.check.name} belongs to one of its {len(listed)} listed "
          f"components, each with its licence texts: {', '.join(c['key'] for c in listed)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
