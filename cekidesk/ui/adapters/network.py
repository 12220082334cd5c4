"""The window's network: a connection to a table server (:class:`TableLink`) and the table server
the app hosts itself (:class:`HostedServer`), each on a thread of its own running an asyncio loop, so
that connecting, hosting and stopping never block the window.

A :class:`TableLink` keeps one :class:`~cekidesk.net.client.TableClient`: it connects, creates a
table (the host) or joins one (a seat or as a spectator), and reads the server's frames, each one
handed to the UI thread through a queued signal (``frameArrived``); when the connection drops it
connects again by itself and takes the seat back with its token, telling what it does
(``connectionChanged``: ``reconnecting`` with the seconds so far, ``connected``, ``lost``).  The
window's frames go out through :meth:`TableLink.send` from the UI thread.

A :class:`HostedServer` runs a :class:`~cekidesk.net.server.TableServer` with its tables in the
app's data folder (``tables/``), on the port the host chose (0: any free one).
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import logging
import threading
import time
from collections.abc import Coroutine
from pathlib import Path

from PySide6.QtCore import QObject, Signal, Slot
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from cekidesk.net.client import ServerRefused, TableClient
from cekidesk.net.discovery import Announcer, DiscoveryUnavailable, addresses_for, interfaces_for, open_tables
from cekidesk.net.protocol import Closing, Error, Frame, Join, Joined, Leave, Resume, SeatSpec, TableOptions
from cekidesk.net.server import TableServer
from cekidesk.net.table import TableError
from cekidesk.persistence.saves import SaveFileError

log = logging.getLogger(__name__)

#: how long a dropped connection's pauses between two tries grow to (seconds)
MAX_PAUSE = 2.0
#: the most seats a table has (joining "any free seat" asks each in turn)
MAX_SEATS = 32
#: the errors that mean the table is gone for this connection: no more tries
FINAL = ("no_table", "bad_token", "replaced")


class LoopThread:
    """An asyncio loop on a daemon thread of its own."""

    def __init__(self, name: str):
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self._run, name=name, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.run_forever()
        with contextlib.suppress(Exception):
            self.loop.run_until_complete(self.loop.shutdown_asyncgens())
        self.loop.close()

    def submit(self, coro: Coroutine[object, object, object]) -> concurrent.futures.Future[object] | None:
        """Run ``coro`` on the loop (None: the loop has ended; ``coro`` is dropped)."""
        try:
            return asyncio.run_coroutine_threadsafe(coro, self.loop)
        except RuntimeError:   # (the loop is closed)
            coro.close()
            return None

    def stop(self, wait: float = 0.0) -> None:
        """Stop the loop (its tasks are dropped); ``wait``: seconds to wait for the thread."""
        if self.loop.is_running():
            self.loop.call_soon_threadsafe(self.loop.stop)
        if wait > 0 and threading.current_thread() is not self.thread:
            self.thread.join(wait)


def table_url(address: str, port: int) -> str:
    """The websocket address of ``address`` (a name, an IPv4 or IPv6 address, maybe with ``:port``)."""
    host = address.strip()
    if host.startswith("ws://") or host.startswith("wss://"):
        return host
    if host.count(":") == 1:
        host, _, given = host.partition(":")
        port = int(given) if given.isdigit() else port
    elif host.count(":") > 1 and not host.startswith("["):
        host = f"[{host}]"
    return f"ws://{host}:{port}"


class TableLink(QObject):
    """One connection to a table (see the module docstring).

    Signals: ``frameArrived(frame)`` (every frame of the server, in order, on the UI thread),
    ``created(code)`` (the table this link made), ``connectionChanged(state, seconds)``,
    ``failed(code, message)`` (connecting, creating or joining failed: nothing to show)."""

    frameArrived = Signal(object)
    created = Signal(str)
    connectionChanged = Signal(str, float)
    failed = Signal(str, str)

    def __init__(self, url: str, name: str, parent: QObject | None = None):
        super().__init__(parent)
        self.url, self.name = url, name
        self.client = TableClient(url)
        self._thread = LoopThread("cekidesk-link")
        self._leaving = False
        self._task: concurrent.futures.Future[object] | None = None

    # -- starting -------------------------------------------------------------------------------
    def host(self, game: str, seats: list[SeatSpec], options: dict | None, match_options: dict | None,
             table: TableOptions, seat: int = 0) -> None:
        """Create a table and sit at ``seat`` of it."""
        self._task = self._thread.submit(self._run(create=(game, seats, options, match_options, table), seat=seat))

    def join(self, code: str, seat: int | None) -> None:
        """Sit at ``seat`` of table ``code`` (−1: the first free one; None: watch)."""
        self._task = self._thread.submit(self._run(code=code, seat=seat))

    def resume(self, code: str, token: str) -> None:
        self._task = self._thread.submit(self._run(code=code, token=token))

    # -- frames out -------------------------------------------------------------------------------
    def send(self, frame: Frame) -> None:
        """Send ``frame`` (from the UI thread); one sent while the connection is down is dropped."""
        if not self._leaving:
            self._thread.submit(self._send(frame))

    async def _send(self, frame: Frame) -> None:
        with contextlib.suppress(ConnectionClosed, OSError, AssertionError):
            await self.client.send(frame)

    def drop(self) -> None:
        """Close the socket as a network failure would (the link connects again by itself)."""
        self._thread.submit(self._drop())

    async def _drop(self) -> None:
        if self.client.ws is not None:
            self.client.ws.transport.abort()

    def leave(self) -> None:
        """Leave the table (the seat is given up) and close; the thread ends."""
        if self._leaving:
            return
        self._leaving = True
        self._thread.submit(self._leave())

    def close(self) -> None:
        """Close without leaving (the app quits: the seat waits for its person)."""
        self._leaving = True
        self._thread.submit(self._close())

    async def _leave(self) -> None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.client.send(Leave()), 2)
        await self._close()

    async def _close(self) -> None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.client.close(), 3)
        self._thread.stop()

    # -- the loop ---------------------------------------------------------------------------------
    async def _run(self, *, create: tuple | None = None, code: str | None = None, seat: int | None = 0,
                   token: str | None = None) -> None:
        c = self.client
        try:
            await c.connect()
            if create is not None:
                game, seats, options, match_options, table = create
                code = await c.create(game, seats, options, match_options, table)
                self.created.emit(code)
            assert code is not None
            if token:
                await c.send(Resume(code=code, token=token))
            elif seat is not None and seat < 0:
                await self._any_seat(code)
            else:
                await c.send(Join(code=code, seat=seat, name=self.name))
        except ServerRefused as exc:
            self.failed.emit(exc.code, exc.message)
            return
        except (OSError, TimeoutError, ConnectionClosed, InvalidHandshake, InvalidURI, ValueError) as exc:
            self.failed.emit("connect", str(exc) or type(exc).__name__)
            return
        self.connectionChanged.emit("connected", 0.0)
        await self._read()

    async def _any_seat(self, code: str) -> None:
        """Sit at the first free person's seat of table ``code`` (raises :class:`ServerRefused`)."""
        c = self.client
        for seat in range(MAX_SEATS):
            await c.send(Join(code=code, seat=seat, name=self.name))
            frame = await c.wait_for(lambda f: isinstance(f, (Joined, Error)), 10)
            if isinstance(frame, Joined):
                self.frameArrived.emit(frame)
                return
            assert isinstance(frame, Error)
            if frame.code != "seat_taken":
                raise ServerRefused(frame)
        raise ServerRefused(Error(code="seat_taken", message="no free seat"))

    async def _read(self) -> None:
        c = self.client
        while not self._leaving:
            try:
                frame = await c.recv()
            except (ConnectionClosed, OSError, AssertionError):
                if self._leaving or not await self._again():
                    return
                continue
            except Exception as exc:   # a frame this client cannot read: logged, the link goes on
                log.warning("a frame that cannot be read: %s", exc)
                continue
            self.frameArrived.emit(frame)
            if isinstance(frame, Closing):
                self._leaving = True   # (the server stops: nothing to connect again to)
                return
            if isinstance(frame, Error) and frame.code in FINAL:
                self.connectionChanged.emit("lost", 0.0)
                return

    async def _again(self) -> bool:
        """Connect again and take the seat back (a spectator watches again), trying until it works,
        the table is gone, or the link is left."""
        c, began, pause = self.client, time.monotonic(), 0.05
        while not self._leaving:
            self.connectionChanged.emit("reconnecting", time.monotonic() - began)
            try:
                await c.connect()
                if c.code is not None and c.token is not None:
                    await c.send(Resume(code=c.code, token=c.token))
                elif c.code is not None:
                    await c.send(Join(code=c.code, seat=None, name=self.name))
                c.reconnects += 1
                self.connectionChanged.emit("connected", time.monotonic() - began)
                return True
            except ServerRefused as exc:
                self.failed.emit(exc.code, exc.message)
                self.connectionChanged.emit("lost", time.monotonic() - began)
                return False
            except (OSError, TimeoutError, ConnectionClosed, InvalidHandshake):
                await asyncio.sleep(pause)
                pause = min(MAX_PAUSE, pause * 2)
        return False


class HostedServer(QObject):
    """The table server inside the app (see the module docstring).  Signals: ``listening(port)``,
    ``failed(message)`` (it could not listen), ``stopped``."""

    listening = Signal(int)
    failed = Signal(str)
    stopped = Signal()
    #: the tables are announced on the local network (""), or why not (``DiscoveryUnavailable``'s reason)
    announced = Signal(str)
    #: a saved match is hosted again at the table of this code (:meth:`host_save`)
    hostedSave = Signal(str)

    def __init__(self, data: Path, parent: QObject | None = None):
        super().__init__(parent)
        self.data = Path(data)
        self.server: TableServer | None = None
        self.port = 0
        self._thread: LoopThread | None = None
        self._announcer: Announcer | None = None

    @property
    def running(self) -> bool:
        return self.server is not None

    def start(self, host: str | None = None, port: int = 8765, announce: str = "") -> None:
        """Listen on ``host`` (None: every interface of this computer) and ``port`` (0: any free);
        ``announce``: the host's name to announce the open tables under on the local network ("": not)."""
        if self._thread is not None:
            return
        self._thread = LoopThread("cekidesk-host")
        self._thread.submit(self._start(host, port, announce))

    async def _start(self, host: str | None, port: int, announce: str) -> None:
        server = TableServer(self.data, bot_processes=1)
        try:
            self.port = await server.start(host, port)  # type: ignore[arg-type]
        except OSError as exc:
            server.pool.close()
            self.failed.emit(exc.strerror or str(exc))
            self._end()
            return
        self.server = server
        if announce:
            self._announce(server, host, announce)
        self.listening.emit(self.port)

    def _announce(self, server: TableServer, host: str | None, name: str) -> None:
        """Announce the server's open tables on the local network, kept up to date as they change."""
        try:
            announcer = Announcer(self.port, name, addresses=addresses_for(host), interfaces=interfaces_for(host))
        except DiscoveryUnavailable as exc:
            self.announced.emit(exc.reason)
            return
        self._announcer = announcer

        def changed() -> None:
            announcer.update(open_tables(server.tables.values()))
        server.tables_changed = changed
        changed()
        self.announced.emit("")

    def host_save(self, path: Path) -> None:
        """Host the match saved at ``path`` again (``hostedSave(code)``; ``failed(message)`` if not)."""
        if self._thread is not None:
            self._thread.submit(self._host_save(Path(path)))

    async def _host_save(self, path: Path) -> None:
        server = self.server
        if server is None:
            return
        try:
            code = server.table_from_save(path)
        except (SaveFileError, TableError) as exc:
            self.failed.emit(getattr(exc, "message", "") or str(exc))
            return
        self.hostedSave.emit(code)

    def stop(self, reason: str = "host_quit") -> None:
        """Tell everybody the table closes and stop (the tables stay saved in the data folder)."""
        thread = self._thread
        if thread is None:
            return
        thread.submit(self._stop(reason))

    def stop_now(self, wait: float = 3.0) -> None:
        """Stop and wait for it (the app quits)."""
        thread = self._thread
        if thread is None:
            return
        done = thread.submit(self._stop("host_quit"))
        if done is not None:
            with contextlib.suppress(concurrent.futures.TimeoutError, RuntimeError):
                done.result(wait)

    async def _stop(self, reason: str) -> None:
        server, announcer = self.server, self._announcer
        self.server = self._announcer = None
        if announcer is not None:
            with contextlib.suppress(Exception):
                announcer.close()
        if server is not None:
            server.tables_changed = None
            with contextlib.suppress(Exception):
                await server.stop("host_quit" if reason == "host_quit" else "server_stop")
        self._end()

    def _end(self) -> None:
        thread, self._thread = self._thread, None
        self.stopped.emit()
        if thread is not None:
            thread.stop()

    @Slot()
    def deleteLater(self) -> None:   # noqa: N802 (Qt's name)
        self.stop()
        super().deleteLater()


__all__ = ["HostedServer", "LoopThread", "TableLink", "table_url"]
