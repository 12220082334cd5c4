"""Where the app's art, fonts and translations are.

In the repository they live in the top-level ``resources/`` folder; an installed CekiDesk carries
the same folder as the package data ``cekidesk/resources_data`` (see ``pyproject.toml``).
"""
from __future__ import annotations

from pathlib import Path

_HERE = Path(__file__).resolve().parent
_CANDIDATES = (_HERE / "resources_data", _HERE.parent / "resources")


def resources_dir() -> Path:
    for path in _CANDIDATES:
        if (path / "cards").is_dir():
            return path
    raise FileNotFoundError(
        "CekiDesk's resources are missing; reinstall CekiDesk (looked in: "
        + ", ".join(str(p) for p in _CANDIDATES) + ")")


def resource(*parts: str) -> Path:
    return resources_dir().joinpath(*parts)
