"""Reading CekiDesk's own small files safely, and tidying CekiDesk's folders at start (no Qt).

Every file the app reads — saves, settings, statistics, rule sets — comes through here: the bytes by
:func:`read_regular_file`, the JSON in them by :func:`loads_bounded` (one bounded reader for all:
nesting deeper than :data:`MAX_JSON_DEPTH`, a whole number of more than :data:`MAX_NUMBER_DIGITS`
digits, ``NaN``, ``Infinity`` and ``1e400`` are refused before or while parsing, as a
:class:`JsonBoundsError`, so that no ``RecursionError`` and no absurd number comes out of a file; each
loader's model then bounds its own values).  A path that cannot name a file (a NUL character) is an
``OSError`` (:class:`BadPathError`), like every other path that cannot be read.

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

import errno
import json
import logging
import math
import os
import re
import stat
import time
from array import array
from itertools import accumulate
from pathlib import Path
from typing import Literal

from pydantic import JsonValue

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


class BadPathError(OSError):
    """The path cannot name a file at all: it holds a NUL character (``ValueError`` in ``os``)."""

    def __init__(self, path: object):
        super().__init__(errno.EINVAL, "the file name is not valid", repr(path)[:200])


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

    Raises ``FileNotFoundError``, ``PermissionError``, ``NotADirectoryError`` (a folder on the way
    is a file), :class:`NotAFileError`, :class:`FileTooLargeError`, :class:`BadPathError` (a NUL
    character) or another ``OSError``.
    """
    try:
        real = Path(os.path.realpath(os.fspath(path)))
        st = os.stat(real)
    except ValueError:   # a NUL character (or, on Windows, a name the system cannot take)
        raise BadPathError(path) from None
    _check_kind(st, real, limit)
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


# ---------------------------------------------------------------------------------------------
# Bounded JSON

#: No file of CekiDesk's nests deeper than this (a save: 4 levels; statistics: 6; a rule set: 5).
MAX_JSON_DEPTH = 32
#: Digits a whole number may have in a file: 2**64 has 20.  More is refused before parsing.
MAX_NUMBER_DIGITS = 20

#: a JSON string; an unterminated one runs to the end (so that a search never goes back: linear time)
_STRING = re.compile(rb'"[^"\\]*(?:\\[\s\S][^"\\]*)*"?')
_LONG_NUMBER = re.compile(rb"[0-9]{%d,}" % (MAX_NUMBER_DIGITS + 1))
_KEY_BEFORE = re.compile(rb'"((?:[^"\\]|\\.){1,64})"\s*:[^:]*$', re.DOTALL)
_NOT_BRACKETS = bytes(c for c in range(256) if c not in b"[]{}")
_STEPS = bytes(1 if c in b"[{" else 255 if c in b"]}" else 0 for c in range(256))
_DIGITS = bytes(1 if c in b"0123456789" else 0 for c in range(256))
_LONG_RUN = b"\x01" * (MAX_NUMBER_DIGITS + 1)


class JsonBoundsError(ValueError):
    """JSON text that breaks a bound: ``problem`` is ``"too_deep"`` (nested more than the limit) or
    ``"number"`` (a number with too many digits, or one that is not finite: ``1e400``, ``NaN``);
    ``key`` the name of the entry that holds the number, when it is known."""

    def __init__(self, problem: Literal["too_deep", "number"], key: str | None = None):
        super().__init__(f"the JSON text is {'nested too deeply' if problem == 'too_deep' else 'out of range'}"
                         + (f" (at {key!r})" if key else ""))
        self.problem = problem
        self.key = key


def _depth(data: bytes) -> int:
    """How deep the brackets of ``data`` nest, those in strings counted too (C speed, any size)."""
    return max(accumulate(array("b", data.translate(None, _NOT_BRACKETS).translate(_STEPS))), default=0)


def _has_long_number(data: bytes) -> bool:
    """Whether ``data`` has a run of more than :data:`MAX_NUMBER_DIGITS` digits (in strings too)."""
    return data.translate(_DIGITS).find(_LONG_RUN) >= 0


def _key_of_number(data: bytes) -> str | None:
    """The entry that holds the first over-long number of ``data`` (only run once one was found)."""
    pos = 0
    while True:
        found = _STRING.search(data, pos)
        number = _LONG_NUMBER.search(data, pos, found.start() if found else len(data))
        if number is not None:
            key = _KEY_BEFORE.search(data, max(0, number.start() - 4096), number.start())
            return key.group(1).decode("utf-8", "replace") if key else None
        if found is None:
            return None
        pos = found.end()


def check_json_bounds(data: bytes, max_depth: int = MAX_JSON_DEPTH) -> None:
    """Raise :class:`JsonBoundsError` if the JSON text ``data`` nests deeper than ``max_depth`` or
    holds a whole number of more than :data:`MAX_NUMBER_DIGITS` digits — before any parser sees it,
    so neither ``RecursionError`` nor a huge number can come out of reading a file.  A first pass
    counts brackets and digits in strings too (a few passes at C speed); only a file it finds
    suspect is looked at again without its strings."""
    deep, long = _depth(data) > max_depth, _has_long_number(data)
    if not (deep or long):
        return
    outside = _STRING.sub(b'""', data)
    if deep and _depth(outside) > max_depth:
        raise JsonBoundsError("too_deep")
    if long and _has_long_number(outside):
        raise JsonBoundsError("number", _key_of_number(data))


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise JsonBoundsError("number")
    return value


def _no_constant(name: str) -> float:
    raise JsonBoundsError("number")


def loads_bounded(text: str | bytes, max_depth: int = MAX_JSON_DEPTH) -> JsonValue:
    """The JSON value of ``text`` (bytes: UTF-8, a BOM allowed), bounded as :func:`check_json_bounds`
    says; ``NaN``, ``Infinity`` and floats beyond the double range (``1e400``) are refused too.

    Raises :class:`JsonBoundsError`, ``UnicodeDecodeError`` or ``json.JSONDecodeError`` (all
    ``ValueError``) — never ``RecursionError``."""
    if isinstance(text, str):
        data = text.encode("utf-8", "surrogatepass")
    else:
        data = bytes(text)
        text = data.decode("utf-8-sig")
    check_json_bounds(data, max_depth)
    try:
        value: JsonValue = json.loads(text, parse_float=_finite, parse_constant=_no_constant)
    except RecursionError:   # (cannot happen after the check; kept so that it can never escape)
        raise JsonBoundsError("too_deep") from None
    return value


def read_json_file(path: str | os.PathLike, limit: int, max_depth: int = MAX_JSON_DEPTH) -> JsonValue:
    """The bounded JSON value in the ordinary file at ``path``: :func:`read_regular_file` (at most
    ``limit`` bytes), then :func:`loads_bounded`.  Raises the ``OSError``\\ s of the one and the
    ``ValueError``\\ s of the other."""
    return loads_bounded(read_regular_file(path, limit), max_depth)
