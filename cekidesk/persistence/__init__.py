"""Save files and settings: versioned pydantic JSON documents written atomically (no Qt).

* :mod:`.saves` — ``save_match`` / ``load_match`` and the :class:`SaveFileError` every bad save raises;
* :mod:`.settings` — :class:`Settings`, ``load_settings`` / ``save_settings``;
* :mod:`.paths` — where the settings and the autosave live (platformdirs, app name "CekiDesk");
* :mod:`.atomic` — write-to-temporary-then-replace file writing;
* :mod:`.files` — the safe reader of every file the app reads (ordinary files only, bounded in size;
  JSON bounded in nesting depth and numbers: :func:`.files.loads_bounded`), and the clean-up of
  interrupted writes;
* :mod:`.words` — the refusals' and notices' sentences, translatable without Qt.
"""
from .atomic import atomic_write_bytes, atomic_write_text
from .paths import (
    APP_NAME,
    SAVE_EXTENSION,
    autosave_path,
    config_dir,
    data_dir,
    saves_dir,
    settings_path,
    with_save_extension,
)
from .saves import (
    FORMAT_ID,
    SCHEMA_VERSION,
    Ledger,
    LoadedGame,
    SaveDocument,
    SaveFileError,
    Seat,
    document_to_match,
    load_autosave,
    load_document,
    load_match,
    match_to_document,
    remove_autosave,
    save_autosave,
    save_match,
)
from .settings import Settings, load_settings, save_settings

__all__ = [
    "APP_NAME", "FORMAT_ID", "SAVE_EXTENSION", "SCHEMA_VERSION", "Ledger", "LoadedGame", "SaveDocument",
    "SaveFileError", "Seat", "Settings", "atomic_write_bytes", "atomic_write_text", "autosave_path",
    "config_dir", "data_dir", "document_to_match", "load_autosave", "load_document", "load_match",
    "load_settings", "match_to_document", "remove_autosave", "save_autosave", "save_match",
    "save_settings", "saves_dir", "settings_path", "with_save_extension",
]
