"""Where CekiDesk keeps its files on this computer (via platformdirs; no Qt).

* settings: ``<user config dir>/CekiDesk/settings.json``
* the automatic save of the game in progress: ``<user data dir>/CekiDesk/autosave.cekisave``
* the suggested folder for saves the player names: ``<user data dir>/CekiDesk/saves``

The directories are computed on every call (never cached at import), so tests and the environment
can redirect them, and :func:`use_root` keeps them all in one folder for a while (the self-test plays
a game there, never touching the player's).  Nothing here creates a directory; the writers create the
parents they need.
"""
from __future__ import annotations

from pathlib import Path

import platformdirs

APP_NAME = "CekiDesk"
SAVE_EXTENSION = ".cekisave"
AUTOSAVE_NAME = "autosave" + SAVE_EXTENSION
SETTINGS_NAME = "settings.json"

_root: Path | None = None


def use_root(root: Path | None) -> None:
    """From now on keep the settings, the autosave and the saves under ``root`` (its ``config`` and
    ``data`` folders) instead of the user's folders; None: the user's folders again."""
    global _root
    _root = root


def data_dir() -> Path:
    """The per-user data directory (saves and the autosave live here)."""
    if _root is not None:
        return _root / "data"
    return platformdirs.user_data_path(APP_NAME, appauthor=False, roaming=True)


def config_dir() -> Path:
    """The per-user configuration directory (settings live here)."""
    if _root is not None:
        return _root / "config"
    return platformdirs.user_config_path(APP_NAME, appauthor=False, roaming=True)


def autosave_path() -> Path:
    """The file the game in progress is saved to automatically."""
    return data_dir() / AUTOSAVE_NAME


def saves_dir() -> Path:
    """The folder a "Save game" dialog should open in by default."""
    return data_dir() / "saves"


def settings_path() -> Path:
    """The settings file."""
    return config_dir() / SETTINGS_NAME


def with_save_extension(path: str | Path) -> Path:
    """``path`` with the ``.cekisave`` extension added if it has not got it (case-insensitive)."""
    p = Path(path)
    if p.suffix.lower() == SAVE_EXTENSION:
        return p
    return p.with_name(p.name + SAVE_EXTENSION)
