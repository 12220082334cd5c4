"""One CekiDesk per user, and files handed to the running one.

Two CekiDesk processes would write the same autosave, so the first one listens on a local socket
(``QLocalServer``: a Unix socket, a named pipe on Windows) named after the user's data folder, and a
second ``cekidesk [FILE]`` hands its file to it instead of opening a window: it connects, sends one
line of JSON (``{"open": "/absolute/path"}``, or ``{}`` to bring the window forward), waits for the
answer ``ok`` and exits.  A name left behind by a CekiDesk that crashed answers no connection: it is
removed and the new process becomes the first.

macOS hands a document double-clicked in the Finder to the running app as a ``QFileOpenEvent`` on
the application object (:class:`FileOpenEvents` turns it into the same request).
"""
from __future__ import annotations

import hashlib
import json
import logging
import os

from PySide6.QtCore import QEvent, QObject, Signal
from PySide6.QtGui import QFileOpenEvent
from PySide6.QtNetwork import QLocalServer, QLocalSocket

from cekidesk.persistence import paths

log = logging.getLogger(__name__)

# how long a second instance waits for the first to connect and to answer (ms): a window busy for
# longer is treated as not answering
ANSWER_MS = 10_000
# the longest message read from a second instance (a path is far shorter)
MAX_MESSAGE = 64 * 1024
ACK = b"ok\n"


def server_name() -> str:
    """The socket's name: one per user and data folder (a user's own folder, hashed: a Windows pipe
    name is seen by every user of the machine, and tests with a folder of their own do not meet)."""
    digest = hashlib.sha256(os.fsencode(paths.data_dir())).hexdigest()[:16]
    return f"CekiDesk-{digest}"


class NotAnswering(Exception):
    """CekiDesk runs (its socket takes connections) but did not take the file."""


def hand_over(path: str | None, timeout_ms: int = ANSWER_MS) -> bool:
    """Give ``path`` (absolute; None: just bring the window forward) to the CekiDesk that runs.
    False if none runs (nobody listens); True once it has taken the request; :class:`NotAnswering`
    if it is there but does not answer."""
    sock = QLocalSocket()
    sock.connectToServer(server_name())
    if not sock.waitForConnected(timeout_ms):
        return False
    message = json.dumps({"open": path} if path is not None else {}).encode("utf-8") + b"\n"
    sock.write(message)
    answer = b""
    while not answer.endswith(b"\n") and sock.waitForReadyRead(timeout_ms):
        answer += bytes(sock.readAll().data())
    sock.disconnectFromServer()
    if answer != ACK:
        raise NotAnswering(f"the running CekiDesk answered {answer!r}")
    return True


def claim(path: str | None) -> InstanceServer | None:
    """Become the running CekiDesk (its server, listening), once :func:`hand_over` found none; None
    if another one started meanwhile and took ``path``.  A name nobody answers on is a crashed
    CekiDesk's: it is replaced.  If the system refuses the socket, CekiDesk runs all the same."""
    server = InstanceServer()
    if server.listen():
        return server
    if hand_over(path):           # (Unix: two started at once, the other one listens first)
        return None
    if not server.listen(replace=True):
        log.warning("cannot listen on %s: %s", server_name(), server.error_text())
    return server


class InstanceServer(QObject):
    """The first instance's socket: every request of a second ``cekidesk`` becomes a signal (after
    the answer is sent, so the second process never waits for a dialog of this window)."""

    fileRequested = Signal(str)
    raiseRequested = Signal()

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self._server = QLocalServer(self)
        self._server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)
        self._server.newConnection.connect(self._accept)

    def listen(self, replace: bool = False) -> bool:
        """Start listening; with ``replace``, a name left by a CekiDesk that crashed (nobody answers
        on it) is removed first.  False if the name is taken or the system refuses the socket."""
        if replace:
            QLocalServer.removeServer(server_name())
        return self._server.listen(server_name())

    def close(self) -> None:
        self._server.close()

    def error_text(self) -> str:
        return self._server.errorString()

    def _accept(self) -> None:
        while (sock := self._server.nextPendingConnection()) is not None:
            sock.readyRead.connect(lambda s=sock: self._read(s))
            sock.disconnected.connect(sock.deleteLater)
            self._read(sock)       # (what came before the connection above)

    def _read(self, sock: QLocalSocket) -> None:
        if not sock.canReadLine():
            if sock.bytesAvailable() > MAX_MESSAGE:
                sock.abort()
            return
        line = bytes(sock.readLine(MAX_MESSAGE).data())
        request = _parse(line)
        if request is None:
            log.warning("ignored a request of another CekiDesk: %r", line[:200])
            sock.abort()
            return
        sock.write(ACK)
        sock.flush()
        sock.disconnectFromServer()
        if "open" in request:
            self.fileRequested.emit(request["open"])
        else:
            self.raiseRequested.emit()


def _parse(line: bytes) -> dict[str, str] | None:
    """A request as sent by :func:`hand_over`, or None."""
    try:
        request = json.loads(line)
    except (ValueError, UnicodeDecodeError):
        return None
    if not isinstance(request, dict) or set(request) - {"open"}:
        return None
    if "open" in request and not (isinstance(request["open"], str) and request["open"]):
        return None
    return request


class FileOpenEvents(QObject):
    """Installed on the QApplication: macOS's "open this document" (``QFileOpenEvent``) becomes
    :attr:`fileRequested`.  Cocoa also reports the file of the command line this way at launch; that
    one (``ignore``) is being opened already and is skipped once."""

    fileRequested = Signal(str)

    def __init__(self, ignore: str | None = None, parent: QObject | None = None):
        super().__init__(parent)
        self._ignore = ignore

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if event.type() != QEvent.Type.FileOpen:
            return False
        assert isinstance(event, QFileOpenEvent)
        path = event.file()
        if not path:           # a link of another kind than a file: not for CekiDesk
            return False
        if self._ignore is not None and os.path.abspath(path) == self._ignore:
            self._ignore = None
            return True
        self.fileRequested.emit(path)
        return True
