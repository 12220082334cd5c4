"""The installed package must carry every subpackage and the resources."""
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _pyproject():
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_every_python_package_is_listed_in_pyproject():
    listed = set(_pyproject()["tool"]["setuptools"]["packages"])
    on_disk = {
        ".".join(p.parent.relative_to(ROOT).parts)
        for p in (ROOT / "cekidesk").rglob("__init__.py")
    }
    assert on_disk - listed == set(), "add these packages to [tool.setuptools] packages"


def test_resources_are_mapped_into_the_package():
    tool = _pyproject()["tool"]["setuptools"]
    assert tool["package-dir"]["cekidesk.resources_data"] == "resources"
    assert (ROOT / "resources" / "cards" / "back.svg").is_file()


def test_console_scripts():
    scripts = _pyproject()["project"]["scripts"]
    assert scripts == {"cekidesk": "cekidesk.app:main", "cekidesk-sim": "cekidesk.sim:main"}
