"""Reading CekiDesk's own small files safely, and tidying CekiDesk's folders at start (no Qt).

:func:`read_regular_file` is the one way saves and settings are read: a path that leads (through any
links) to a FIFO, a device or a folder is refused *before* it is opened, because opening or reading
such a thing can block the UI thread for ever; the file is opened without blocking and checked
again on the opened descriptor (the path may have been swapped in between), and never more than
``limit + 1`` bytes are read, so a huge or growing file cannot make the app allocate or wait.

:func:`clean_stale_temp_files` removes what an atomic write leaves behind when CekiDesk is killed
half-way (see :mod:`.atomic`): only files named exactly like CekiDesk's own temporary files, in
CekiDesk's own folders, and only once they are old enough that no running CekiDesk is writing them.
"""
from __future__ import annotations

import logging
import os
import stat
import time
from pathlib import Path

from .atomic import remove_stale_temp_files
from .paths import AUTOSAVE_NAME, SAVE_EXTENSION, SETTINGS_NAME, config_dir, data_dir, saves_dir

log = logging.getLogger(__name__)

#: A temporary file untouched for this long belongs to a write that was interrupted: an atomic write
#: of a save takes milliseconds, and a second CekiDesk window writing at the same moment is younger.
STALE_TEMP_SECONDS = 60.0

_OPEN_FLAGS = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
               | getattr(os, "O_BINARY", 0))


class NotAFileError(OSError):
    """The path leads to something that is not an ordinary file; ``is_folder`` tells a folder apart."""

    def __init__(self, path: Path, is_folder: bool):
        super().__init__(f"{path} is not an ordinary file")
        self.is_folder = is_folder


class FileTooLargeError(OSError):
    """The file is larger than the reader's limit (``size``: as far as it is known)."""

    def __init__(self, path: Path, size: int):
        super().__init__(f"{path} is larger than the limit ({size} bytes)")
        self.size = size


def _check_kind(st: os.stat_result, path: Path, limit: int) -> None:
    if not stat.S_ISREG(st.st_mode):
        raise NotAFileError(path, stat.S_ISDIR(st.st_mode))
    if st.st_size > limit:
        raise FileTooLargeError(path, st.st_size)


def check_regular_file(path: str | os.PathLike, limit: int) -> Path:
    """The real path behind ``path`` (links resolved), after checking by ``stat`` alone, without
    opening it, that it is an ordinary file of at most ``limit`` bytes.

    Raises ``FileNotFoundError``, ``PermissionError``, :class:`NotAFileError`,
    :class:`FileTooLargeError` or another ``OSError``.
    """
    real = Path(os.path.realpath(os.fspath(path)))
    _check_kind(os.stat(real), real, limit)
    return real


def read_regular_file(path: str | os.PathLike, limit: int) -> bytes:
    """The contents of the ordinary file at ``path``, of at most ``limit`` bytes (see the module
    docstring).  Raises the errors of :func:`check_regular_file`, and ``OSError`` for a failed read."""
    real = check_regular_file(path, limit)
    fd = os.open(real, _OPEN_FLAGS)
    try:
        _check_kind(os.fstat(fd), real, limit)   # the path may lead elsewhere since the stat
        chunks: list[bytes] = []
        left = limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > limit:   # it grew after the check
        raise FileTooLargeError(real, len(data))
    return data


def clean_stale_temp_files(older_than: float = STALE_TEMP_SECONDS, now: float | None = None) -> list[Path]:
    """Remove the temporary files that interrupted writes of the autosave, the saves in CekiDesk's
    saves folder and the settings left behind (see the module docstring).  Returns what was removed;
    never raises (a file that cannot be removed stays, and is tried again next time)."""
    now = time.time() if now is None else now
    removed: list[Path] = []
    for folder, is_target in ((data_dir(), lambda name: name == AUTOSAVE_NAME),
                              (saves_dir(), lambda name: name.lower().endswith(SAVE_EXTENSION)),
                              (config_dir(), lambda name: name == SETTINGS_NAME)):
        removed += remove_stale_temp_files(folder, is_target, now - older_than)
    if removed:
        log.info("removed %d temporary file(s) left by interrupted saves: %s",
                 len(removed), ", ".join(p.name for p in removed[:10]))
    return removed
