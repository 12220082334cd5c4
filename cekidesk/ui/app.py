"""Starting the desktop app: the QApplication, logging to a file, the friendly error box, the window."""
from __future__ import annotations

import logging
import logging.handlers
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QTimer, QTranslator
from PySide6.QtGui import QGuiApplication, QIcon
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from cekidesk import __version__
from cekidesk.persistence import paths
from cekidesk.resources import resource

log = logging.getLogger("cekidesk")

LOG_NAME = "cekidesk.log"
# the id of the desktop file (``packaging/linux/<id>.desktop``): on Wayland the window's app id, by
# which the desktop finds CekiDesk's entry and icon
DESKTOP_FILE_ID = "io.github.cekidesk.CekiDesk"

from . import instance  # noqa: E402
from .foundations import i18n  # noqa: E402
from .foundations.qtfix import guard_none_refcount  # noqa: E402,F401  (re-exported)

if TYPE_CHECKING:
    from .main_window import MainWindow


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
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root.addHandler(handler)
    return path if isinstance(handler, logging.handlers.RotatingFileHandler) else None


class ErrorReporter:
    """``sys.excepthook``: an unexpected error is written to the log with its traceback and the
    player sees a short, friendly message box — never the traceback."""

    def __init__(self, parent_getter: Callable[[], object] | None = None):
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
            parent, i18n.latin(lambda: QCoreApplication.translate("ErrorReporter", "Something went wrong")),
            QCoreApplication.translate(
                "ErrorReporter", "CekiDesk ran into an unexpected problem. Your game is saved after every move, so you "
                                 "can carry on, or quit and continue it later.") + "\n\n"
            + QCoreApplication.translate("ErrorReporter", "Details were written to {file}.").format(
                file=str(log_path())))


def _thread_hook(args: threading.ExceptHookArgs) -> None:
    log.error("unexpected error in thread %s", getattr(args.thread, "name", "?"),
              exc_info=args.exc_value)   # (its traceback is the thread's)


def make_application(argv0: str = "cekidesk") -> QApplication:
    from .foundations.heap import give_back_large_buffers

    give_back_large_buffers()
    app = QApplication.instance()
    if app is None:
        app = QApplication([argv0])
    QCoreApplication.setApplicationName(paths.APP_NAME)
    QCoreApplication.setApplicationVersion(__version__)
    QApplication.setApplicationDisplayName(paths.APP_NAME)
    QApplication.setWindowIcon(QIcon(str(resource("icons", "cekidesk.svg"))))
    QGuiApplication.setDesktopFileName(DESKTOP_FILE_ID)
    from .foundations.fonts import install_javanese_font

    install_javanese_font(app)   # aksara Jawa needs the bundled font (see cekidesk/ui/foundations/fonts.py)
    return app  # type: ignore[return-value]


class NoDisplay:
    """The words of a start without a display (:func:`cekidesk.app.display_problem`)."""

    @staticmethod
    def text() -> str:
        # (the names of variables and commands are arguments: they stay as they are in every script)
        names = dict(display="DISPLAY", wayland="WAYLAND_DISPLAY", ssh="ssh -X", selftest="cekidesk-selftest")
        return "\n".join(line.format(**names) for line in [
            QCoreApplication.translate(
                "NoDisplay", "CekiDesk cannot open its window: no graphical desktop was found (neither {display} "
                             "nor {wayland} is set)."),
            QCoreApplication.translate(
                "NoDisplay", "Start CekiDesk from your desktop's menu or from a terminal inside your desktop "
                             "session. Over SSH, connect with X forwarding ({ssh})."),
            QCoreApplication.translate(
                "NoDisplay", "To check this CekiDesk without a display, run {selftest}."),
        ])


def no_display_message() -> str:
    """The lines a start without a display prints (:class:`NoDisplay`), in the player's language (their
    setting, else the system's), made without a display: a QCoreApplication and the translation
    alone.  Javanese in aksara Jawa is printed in Latin letters (a terminal rarely has the script's
    font); ``cekidesk: `` begins the first line."""
    from cekidesk.languages import LANGUAGES, SOURCE
    from cekidesk.persistence.settings import load_settings

    app = QCoreApplication.instance() or QCoreApplication(["cekidesk"])   # (needs no display)
    try:
        chosen = load_settings().language
    except Exception:   # (unreadable settings: the system's language, as the window would do)
        chosen = None
    lang = i18n.resolve(chosen)
    lang = i18n.LATIN_FORM.get(lang, lang)
    translator = QTranslator(app)
    qm = i18n.qm_file(lang) if lang in LANGUAGES and lang != SOURCE else None
    installed = qm is not None and translator.load(str(qm)) and QCoreApplication.installTranslator(translator)
    try:
        return "cekidesk: " + NoDisplay.text()
    finally:
        if installed:
            QCoreApplication.removeTranslator(translator)


def run(new: bool = False, open_path: str | None = None, seed: int | None = None) -> int:
    """Open the window and run until it is closed, or hand ``open_path`` (absolute) to the CekiDesk
    that already runs (see :mod:`cekidesk.ui.instance`).  Returns the exit status."""
    setup_logging()
    guard_none_refcount()
    try:
        handed = instance.hand_over(open_path)            # (before Qt's application: no window)
        app = None if handed else make_application(sys.argv[0] if sys.argv else "cekidesk")
        server = None if handed else instance.claim(open_path)
    except instance.NotAnswering as exc:
        log.warning("a CekiDesk runs but does not answer: %s", exc)
        print("cekidesk: CekiDesk is already running but does not answer; close it, then try again",
              file=sys.stderr)
        return 1
    if app is None or server is None:
        log.info("handed %s to the CekiDesk that runs", open_path or "the request to come forward")
        return 0
    log.info("CekiDesk %s starting", __version__)
    from .main_window import MainWindow

    window = MainWindow()
    sys.excepthook = ErrorReporter(lambda: window)
    threading.excepthook = _thread_hook
    file_events = instance.FileOpenEvents(ignore=open_path, parent=app)
    app.installEventFilter(file_events)
    take_requests(window, server, file_events)
    window.show()
    QTimer.singleShot(0, lambda: window.startup(new=new, open_path=open_path, seed=seed, offer_lesson=True))
    status = app.exec()
    server.close()                 # (a file handed over from now on would not be opened: start anew)
    window.controller.shutdown()   # (done by closing the window too; quitting otherwise must not leave the bot process)
    log.info("CekiDesk closed")
    return status


def take_requests(window: MainWindow, server: instance.InstanceServer, file_events: instance.FileOpenEvents) -> None:
    """The window opens the files handed to the app and comes forward when asked."""
    server.fileRequested.connect(window.open_requested)
    server.raiseRequested.connect(window.come_forward)
    file_events.fileRequested.connect(window.open_requested)
