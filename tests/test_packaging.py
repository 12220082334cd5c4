"""The installed package must carry every subpackage and the resources."""
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _pyproject():
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_every_python_package_is_installed():
    """setup.py finds the packages: every folder of cekidesk/ with Python files is a package (a
    game's new folders are installed without a line in pyproject.toml or setup.py)."""
    from setuptools import find_packages

    found = set(find_packages(str(ROOT), include=["cekidesk", "cekidesk.*"]))
    with_code = {
        ".".join(p.parent.relative_to(ROOT).parts)
        for p in (ROOT / "cekidesk").rglob("*.py") if "__pycache__" not in p.parts
    }
    assert with_code - found == set(), "these folders need an __init__.py"
    assert "cekidesk.games.ceki" in found and "cekidesk.ui.games.pei" in found
    assert "packages" not in _pyproject()["tool"]["setuptools"]


def test_resources_are_mapped_into_the_package():
    tool = _pyproject()["tool"]["setuptools"]
    assert tool["package-dir"]["cekidesk.resources_data"] == "resources"
    assert (ROOT / "resources" / "cards" / "back.svg").is_file()


def test_console_scripts():
    scripts = _pyproject()["project"]["scripts"]
    assert scripts == {"cekidesk": "cekidesk.app:main", "cekidesk-sim": "cekidesk.sim:main",
                       "cekidesk-selftest": "cekidesk.selftest:main", "cekidesk-server": "cekidesk.net.cli:main"}
