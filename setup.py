"""Build hook: compile the interface translations while the package is built.

``pip install .`` (with build isolation: PySide6-Essentials is a build requirement in
pyproject.toml) runs ``build_py``, which here also runs PySide6's ``lrelease`` on every
``translations/cekidesk_*.ts`` and puts the ``.qm`` files into the built package as
``cekidesk/resources_data/translations/``.  No manual step; ``*.qm`` files are never committed.
A source checkout compiles them on demand instead (``cekidesk/ui/foundations/i18n.py``).
It also lists the packages (every ``cekidesk*`` package and every folder of ``resources/``, found
on disk).  Everything else about
the package is in pyproject.toml.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from setuptools import find_namespace_packages, find_packages, setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent


def _lrelease() -> list[str]:
    """PySide6's lrelease (the wheels carry one); else Qt's own on the PATH (a PySide6 built from source,
    as in the Flatpak's PySide BaseApp, has none: the KDE SDK's Qt tools have it)."""
    import shutil

    import PySide6  # a build requirement

    exe = Path(PySide6.__file__).resolve().parent / ("lrelease.exe" if sys.platform == "win32" else "lrelease")
    if exe.exists():
        return [str(exe)]
    for name in ("lrelease", "lrelease-qt6", "lrelease6"):
        found = shutil.which(name)
        if found:
            return [found]
    raise RuntimeError(f"PySide6's lrelease is missing ({exe}), and no lrelease is on the PATH")


class BuildWithTranslations(build_py):
    def run(self) -> None:
        super().run()
        sources = sorted((HERE / "translations").glob("cekidesk_*.ts"))
        if not sources:
            raise RuntimeError("translations/cekidesk_*.ts are missing from the source tree")
        out = Path(self.build_lib) / "cekidesk" / "resources_data" / "translations"
        out.mkdir(parents=True, exist_ok=True)
        for ts in sources:
            qm = out / (ts.stem + ".qm")
            self.announce(f"lrelease {ts.name} -> {qm}", level=2)
            subprocess.run(_lrelease() + ["-silent", str(ts), "-qm", str(qm)], check=True)
            if not qm.is_file() or os.path.getsize(qm) == 0:
                raise RuntimeError(f"lrelease made no {qm.name}")


#: every package under cekidesk/ (a new game's packages are found without a line anywhere), plus the
#: resources folder mapped to cekidesk.resources_data in pyproject.toml and each folder in it (to
#: setuptools a folder of data is a package too: one it was not told of draws a warning, and a
#: future setuptools leaves it out), also found on disk
PACKAGES = sorted(find_packages(include=["cekidesk", "cekidesk.*"])) + ["cekidesk.resources_data"] + sorted(
    "cekidesk.resources_data." + name for name in find_namespace_packages(where=str(HERE / "resources")))

if __name__ == "__main__":   # (a build runs this file as __main__; the tests read PACKAGES)
    setup(packages=PACKAGES, cmdclass={"build_py": BuildWithTranslations})
