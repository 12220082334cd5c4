"""Starting the desktop app: the QApplication, logging to a file, the friendly error box, the window."""
from __future__ import annotations

import ctypes
import logging
import logging.handlers
import sys
import threading
from pathlib import Path
from types import TracebackType
from typing import Any

from PySide6.QtCore import QCoreApplication, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from cekidesk import __version__
from cekidesk.persistence import paths

log = logging.getLogger("cekidesk")

LOG_NAME = "cekidesk.log"

_none_guarded = False


def guard_none_refcount() -> bool:
    """Work around a binding bug: PySide6 6.12.0 on Python 3.11 gives back one reference to ``None``
    too many on every call of a Qt method that returns nothing (and one to ``True`` on every
    ``Signal.emit()``).  After some tens of thousands of calls — a few minutes of play — Python
    aborts with "none_dealloc: deallocating None".  Python 3.12 made these singletons immortal,
    which hides the bug there; PySide6 6.11.x does not have it.

    If a probe shows a leak, give the singleton a cushion of 2**40 references (what immortality
    does in 3.12).  Returns True if a cushion was added.  Idempotent; harmless where nothing leaks.
    (The table widget applies the same shield on import.)
    """
    global _none_guarded
    if _none_guarded or sys.version_info >= (3, 12) or sys.implementation.name != "cpython":
        return False
    from PySide6.QtCore import QObject, Signal

    class _Probe(QObject):
        ping = Signal()

    probe = _Probe()
    applied = False
    for obj, poke in ((None, lambda: probe.setObjectName("probe")), (True, probe.ping.emit),
                      (False, probe.ping.emit)):
        before = sys.getrefcount(obj)
        for _ in range(16):
            poke()
        lost = before - sys.getrefcount(obj)
        if lost >= 16:
            ctypes.c_ssize_t.from_address(id(obj)).value += 1 << 40
            applied = True
            logging.getLogger(__name__).warning(
                "this PySide6 loses references to %r (%d in 16 calls); it was given a reference cushion", obj, lost)
    _none_guarded = True
    return applied


def log_path() -> Path:
    return paths.data_dir() / LOG_NAME


def setup_logging(level: int = logging.INFO) -> Path | None:
    """Log to ``<user data dir>/CekiDesk/cekidesk.log`` (rotated at 1 MB).  Returns the file, or
    None if it cannot be written (then warnings go to standard error only)."""
    root = logging.getLogger()
    root.setLevel(level)
    path = log_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler: logging.Handler = logging.handlers.RotatingFileHandler(
            path, maxBytes=1_000_000, backupCount=2, encoding="utf-8")
    except OSError:
        handler = logging.StreamHandler()
        handler.setLevel(logging.WARNING)
        path = None
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root.addHandler(handler)
    return path


class ErrorReporter:
    """``sys.excepthook``: an unexpected error is written to the log with its traceback and the
    player sees a short, friendly message box — never the traceback."""

    def __init__(self, parent_getter: Any = None):
        self._parent_getter = parent_getter
        self._showing = False
        self.count = 0

    def __call__(self, etype: type[BaseException], value: BaseException, tb: TracebackType | None) -> None:
        if issubclass(etype, KeyboardInterrupt):
            QCoreApplication.quit()
            return
        self.count += 1
        log.error("unexpected error", exc_info=(etype, value, tb))
        if self._showing or QApplication.instance() is None:
            return
        self._showing = True
        try:
            parent = self._parent_getter() if self._parent_getter else None
            self.show_message(parent if isinstance(parent, QWidget) else None)
        except Exception:  # the error box itself must never raise
            log.exception("could not show the error message")
        finally:
            self._showing = False

    @staticmethod
    def show_message(parent: QWidget | None) -> None:
        QMessageBox.critical(
            parent, QCoreApplication.translate("ErrorReporter", "Something went wrong"),
            QCoreApplication.translate("ErrorReporter",
                                       "CekiDesk ran into an unexpected problem. Your game is saved after every move, so you "
               "can carry on, or quit and continue it later.") + "\n\n"
            + QCoreApplication.translate("ErrorReporter", "Details were written to {file}.").format(
                file=str(log_path())))


def _thread_hook(args: threading.ExceptHookArgs) -> None:
    log.error("unexpected error in thread %s", getattr(args.thread, "name", "?"),
              exc_info=(args.exc_type, args.exc_value, args.exc_traceback))


def make_application(argv0: str = "cekidesk") -> QApplication:
    app = QApplication.instance()
    if app is None:
        app = QApplication([argv0])
    QCoreApplication.setApplicationName(paths.APP_NAME)
    QCoreApplication.setApplicationVersion(__version__)
    QApplication.setApplicationDisplayName(paths.APP_NAME)
    return app  # type: ignore[return-value]


def run(new: bool = False, open_path: str | None = None, seed: int | None = None) -> int:
    """Open the window and run until it is closed.  Returns the exit status."""
    setup_logging()
    guard_none_refcount()
    app = make_application(sys.argv[0] if sys.argv else "cekidesk")
    log.info("CekiDesk %s starting", __version__)
    from .main_window import MainWindow

    window = MainWindow()
    sys.excepthook = ErrorReporter(lambda: window)
    threading.excepthook = _thread_hook
    window.show()
    QTimer.singleShot(0, lambda: window.startup(new=new, open_path=open_path, seed=seed))
    status = app.exec()
    log.info("CekiDesk closed")
    return status
