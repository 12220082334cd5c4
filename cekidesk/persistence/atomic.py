"""Atomic file replacement in plain Python (no Qt).

:func:`atomic_write_bytes` writes the new contents to a temporary file in the target's own directory,
flushes it, ``os.fsync``\\ s it, then ``os.replace``\\ s it over the target and finally fsyncs the
directory where the platform allows it.  Readers therefore see either the whole old file or the
whole new one, never a mixture, even if the program or the computer stops half-way.  On any error
the temporary file is removed, the old target is left untouched and the error is raised again.

If the target is a symbolic link, the file it points to is replaced and the link is kept.  A new
file gets the usual permissions (``0666`` less the umask); a replaced file keeps its permissions.

Only a process killed half-way (``kill -9``, a power cut) leaves its temporary file behind;
:func:`remove_stale_temp_files` finds such files by their exact name pattern.
"""
from __future__ import annotations

import contextlib
import os
import re
import stat
import tempfile
import threading
from collections.abc import Callable
from pathlib import Path

TEMP_SUFFIX = ".tmp"
#: The random part ``tempfile.mkstemp`` puts between prefix and suffix (8 of ``[a-z0-9_]`` in CPython;
#: if that ever changes, old temporary files are merely left alone).
_TEMP_NAME = re.compile(r"\.(?P<target>.+)\.[a-z0-9_]{8}" + re.escape(TEMP_SUFFIX), re.DOTALL)

_umask_lock = threading.Lock()
_umask: int | None = None


def _current_umask() -> int:
    global _umask
    if _umask is None:
        with _umask_lock:
            if _umask is None:
                old = os.umask(0o022)
                os.umask(old)
                _umask = old
    return _umask


def temp_prefix(target: str | Path) -> str:
    """The name prefix of the temporary files written next to ``target`` (for tests and clean-up)."""
    return "." + Path(target).name + "."


def temp_target(name: str) -> str | None:
    """The target's name if ``name`` is exactly the name of one of its temporary files, else None."""
    m = _TEMP_NAME.fullmatch(name)
    return m.group("target") if m else None


def remove_stale_temp_files(directory: str | Path, is_target: Callable[[str], bool],
                            older_than: float) -> list[Path]:
    """Remove the temporary files in ``directory`` (not below it) left by writes of targets whose
    name ``is_target`` accepts, if last modified before the time ``older_than`` (seconds since the
    epoch).  Links and anything but ordinary files are left alone.  Returns the files removed;
    never raises."""
    removed: list[Path] = []
    try:
        entries = list(os.scandir(directory))
    except OSError:
        return removed
    for entry in entries:
        target = temp_target(entry.name)
        if target is None or not is_target(target):
            continue
        try:
            st = entry.stat(follow_symlinks=False)
            if stat.S_ISREG(st.st_mode) and st.st_mtime < older_than:
                os.unlink(entry.path)
                removed.append(Path(entry.path))
        except OSError:
            continue
    return removed


def _fsync_dir(directory: str) -> None:
    """Make a rename in ``directory`` durable.  Not possible on Windows; errors are ignored."""
    if os.name == "nt":
        return
    try:
        fd = os.open(directory, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def atomic_write_bytes(path: str | Path, data: bytes) -> None:
    """Replace the file at ``path`` by ``data``, atomically (see the module docstring).

    Raises ``OSError`` (disk full, permission denied …) or ``TypeError`` (``data`` is not bytes)
    with the old file intact and no temporary file left behind.  The parent directory must exist.
    """
    target = os.path.realpath(os.fspath(path))
    directory = os.path.dirname(target) or "."
    try:
        old_mode: int | None = stat.S_IMODE(os.stat(target).st_mode)
    except OSError:
        old_mode = None
    fd, tmp = tempfile.mkstemp(prefix=temp_prefix(target), suffix=TEMP_SUFFIX, dir=directory)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        if os.name != "nt":
            mode = old_mode if old_mode is not None else (0o666 & ~_current_umask())
            with contextlib.suppress(OSError):
                os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _fsync_dir(directory)


def atomic_write_text(path: str | Path, text: str, encoding: str = "utf-8") -> None:
    """:func:`atomic_write_bytes` for text (UTF-8 by default; newlines are written as given)."""
    if not isinstance(text, str):
        raise TypeError(f"atomic_write_text needs a str, not {type(text).__name__}")
    atomic_write_bytes(path, text.encode(encoding))
