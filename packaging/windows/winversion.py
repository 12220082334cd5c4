"""CekiDesk's version (PEP 440, ``cekidesk.__version__``) as Windows wants it.

A Windows program's file version and an installer's ``VersionInfoVersion`` are four numbers of 0–65535
(``0.2.0.30199``); a release of CekiDesk may be ``0.2.0rc1``, ``0.2.0`` or ``0.2.0.post1``.  The first
three numbers are the release's (``0.2`` is ``0.2.0``); the fourth orders what PEP 440 orders:

    ========================  ==========================  ===================
    version                   fourth number               example
    ========================  ==========================  ===================
    X.Y.Z.devM                M                           0.2.0.dev3 → 3
    X.Y.ZaN[.devM]            10000 + 100·N + (M or 99)   0.2.0a1 → 10199
    X.Y.ZbN[.devM]            20000 + 100·N + (M or 99)   0.2.0b2 → 20299
    X.Y.ZrcN[.devM]           30000 + 100·N + (M or 99)   0.2.0rc1 → 30199
    X.Y.Z                     40000                       0.2.0 → 40000
    X.Y.Z.postP[.devM]        40000 + 100·P + (M or 99)   0.2.0.post1 → 40199
    ========================  ==========================  ===================

so a later version always has the larger tuple (tests/test_bundles.py checks it over a list of
versions in PEP 440's order).  A version outside these bounds (N or P over 99 or 254, M over 98, more
than three release numbers, a local version ``+abc``) is refused rather than mapped wrongly.

    python3 packaging/windows/winversion.py            # the options of packaging/windows/cekidesk.iss:
    /DAppVersion=0.1.0                                  #   one a line (PowerShell passes each line
    /DFileVersion=0.1.0.40000                           #   as one argument: iscc (python …) …)
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

VERSION = re.compile(r"^(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:(a|b|rc)(\d+))?(?:\.post(\d+))?(?:\.dev(\d+))?$")
STAGES = {"a": 10000, "b": 20000, "rc": 30000}
FINAL = 40000


def windows_version(version: str) -> tuple[int, int, int, int]:
    """The four numbers of a Windows file version for the PEP 440 (normalized) ``version``."""
    m = VERSION.match(version)
    if m is None:
        raise ValueError(f"{version!r} is not a version this mapping knows (X.Y.Z[aN|bN|rcN][.postP][.devM])")
    major, minor, micro, stage, pre, post, dev = m.groups()
    release = tuple(int(n or 0) for n in (major, minor, micro))
    if any(n > 65535 for n in release):
        raise ValueError(f"{version!r}: a release number over 65535")
    if dev is not None and int(dev) > 98:
        raise ValueError(f"{version!r}: .dev over 98")
    last = 99 if dev is None else int(dev)
    if stage is not None and post is not None:
        raise ValueError(f"{version!r}: a post-release of a pre-release is not mapped")
    if stage is not None:
        if int(pre) > 99:
            raise ValueError(f"{version!r}: a pre-release number over 99")
        build = STAGES[stage] + 100 * int(pre) + last
    elif post is not None:
        if int(post) > 254:
            raise ValueError(f"{version!r}: a post-release number over 254")
        build = FINAL + 100 * int(post) + last
    elif dev is not None:
        build = int(dev)
    else:
        build = FINAL
    return (*release, build)   # type: ignore[return-value]


def dotted(version: str) -> str:
    """:func:`windows_version` as ``"0.2.0.30199"``."""
    return ".".join(str(n) for n in windows_version(version))


def package_version(root: Path | None = None) -> str:
    """``__version__`` of the checkout's ``cekidesk/__init__.py`` (read, not imported)."""
    root = root or Path(__file__).resolve().parents[2]
    text = (root / "cekidesk" / "__init__.py").read_text(encoding="utf-8")
    return re.search(r'^__version__ = "([^"]+)"$', text, re.M)[1]   # type: ignore[index]


def iscc_options(version: str) -> list[str]:
    """The ``/D`` options ``packaging/windows/cekidesk.iss`` needs for ``version``."""
    return [f"/DAppVersion={version}", f"/DFileVersion={dotted(version)}"]


def version_resource(version: str, name: str, description: str) -> str:
    """The text of a PyInstaller version file (``EXE(version=…)``): the program's version in its
    Windows properties, the file version as four numbers and the product version as CekiDesk's own."""
    numbers = windows_version(version)
    strings = {"CompanyName": "The CekiDesk developers", "FileDescription": description, "FileVersion": version,
               "InternalName": name, "LegalCopyright": "© The CekiDesk developers. MIT licence.",
               "OriginalFilename": f"{name}.exe", "ProductName": "CekiDesk", "ProductVersion": version}
    table = ",\n          ".join(f"StringStruct({k!r}, {v!r})" for k, v in strings.items())
    return f"""VSVersionInfo(
  ffi=FixedFileInfo(filevers={numbers}, prodvers={numbers}, mask=0x3f, flags=0x0, OS=0x40004,
                    fileType=0x1, subtype=0x0, date=(0, 0)),
  kids=[
    StringFileInfo([StringTable('040904B0', [
          {table}])]),
    VarFileInfo([VarStruct('Translation', [1033, 1200])])
  ]
)
"""


if __name__ == "__main__":
    print("\n".join(iscc_options(sys.argv[1] if len(sys.argv) > 1 else package_version())))
