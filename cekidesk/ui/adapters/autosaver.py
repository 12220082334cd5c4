"""The autosave, written on a thread of its own.

The game is saved after every move.  Making the file's bytes is quick and reads the match, so it
stays on the window's thread (the match is never read and changed at once); writing them — a new
file, flushed to the disk, renamed over the old one — can take from a millisecond to tens of them on
a slow or busy disk, and goes to a worker thread, so that no move waits for the disk.

Only the newest request matters: while one file is being written, a newer request replaces any
older one still waiting (a write, or the removal of the autosave when the match is over), and
requests are carried out in the order they were made.  The moves in between are not lost: the
session appends each to the autosave's journal before the next is made
(:mod:`cekidesk.persistence.journal`); once a file is written, its ``written`` callback drops the
journal's lines it holds.  :meth:`Autosaver.flush` waits until
everything asked has been done (before the app quits, and before the autosave is read).
"""
from __future__ import annotations

import threading
from collections.abc import Callable

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal

from cekidesk.persistence.paths import autosave_path
from cekidesk.persistence.saves import SaveFileError, remove_autosave, write_save

# a request: the bytes to write and what to call once they are written, or REMOVE
REMOVE = None
_NOTHING = object()   # no request waiting


class _Signals(QObject):
    done = Signal(str)


class _Write(QRunnable):
    def __init__(self, saver: Autosaver):
        super().__init__()
        self._saver = saver

    def run(self) -> None:
        self._saver._write_next()


#: what :attr:`Autosaver._last` says of a write (the save's bytes, as large as the match, are kept
#: only until they are written)
_WRITE = object()


class Autosaver(QObject):
    """See the module docstring.  ``finished`` is emitted on the window's thread after each file
    operation: an empty text when it worked, otherwise what went wrong (a sentence for the log)."""

    finished = Signal(str)

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)   # one at a time, in order
        self._lock = threading.Lock()
        self._next: object = _NOTHING
        self._last: object = _NOTHING     # the newest request made: REMOVE or WRITE (not its bytes)
        self._signals = _Signals()        # emitted on the worker thread, received on the window's
        self._signals.done.connect(self.finished)

    def write(self, data: bytes, written: Callable[[], None] | None = None) -> None:
        """Write ``data`` (a save file's bytes) as the autosave; ``written`` is called on the writing
        thread once it is on the disk (not if a newer request replaced it before)."""
        self._ask((data, written))

    def remove(self) -> None:
        """Delete the autosave (the match is over)."""
        self._ask(REMOVE)

    def _ask(self, request: tuple[bytes, Callable[[], None] | None] | None) -> None:
        with self._lock:
            waiting = self._next is not _NOTHING
            self._next, self._last = request, (REMOVE if request is REMOVE else _WRITE)
        if not waiting:   # (else the task already waiting takes this newer request)
            self._pool.start(_Write(self))

    def _write_next(self) -> None:
        with self._lock:
            request, self._next = self._next, _NOTHING
        if request is _NOTHING:
            return
        try:
            if request is REMOVE:
                remove_autosave()
            else:
                assert isinstance(request, tuple), "a request is (bytes, written) or REMOVE"
                data, written = request
                write_save(autosave_path(), data)
                if written is not None:
                    written()
        except (SaveFileError, OSError) as exc:
            self._signals.done.emit(str(exc) or type(exc).__name__)
            return
        self._signals.done.emit("")

    def will_exist(self) -> bool:
        """Whether there is an autosave, or will be once the requests made are carried out (without
        waiting for them)."""
        if self._pool.activeThreadCount() == 0 or self._last is _NOTHING:
            return autosave_path().exists()
        return self._last is not REMOVE

    def flush(self, msecs: int = 10_000) -> bool:
        """Wait until every request made so far has been carried out (at most ``msecs``); True if
        they all were."""
        return self._pool.waitForDone(msecs)


__all__ = ["Autosaver"]
