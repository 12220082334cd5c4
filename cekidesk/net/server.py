"""The table server: many tables on one asyncio loop, each connection a websocket speaking the
protocol of :mod:`.protocol` (docs/protocol.md).

:class:`TableServer` keeps the tables by code, creates them, restores them from its data folder
after a restart, and serves connections (:class:`Connection`).  A connection must say hello first
(within ``hello_timeout``), may send at most ``rate`` frames a second (a burst of ``burst``), gets
its frames through a bounded queue (a reader too slow to empty it is closed), and one that sits at
no table for ``idle_timeout`` is closed; the websocket's pings close a connection whose other end
stopped answering.  Every bad frame is answered with an error frame naming what was wrong (never a
file path or an internal); only a connection's own requests are touched by its errors.

``cekidesk-server`` (:func:`cekidesk.net.cli.main`) runs it.
"""
from __future__ import annotations

import asyncio
import collections
import concurrent.futures
import contextlib
import logging
import os
import socket
import ssl
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel, ValidationError
from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.protocol import State

from cekidesk import __version__
from cekidesk.bots import bot_levels
from cekidesk.engine.core import EngineError
from cekidesk.games import get_game, new_match
from cekidesk.persistence.saves import load_match, save_match, with_journal
from cekidesk.session import Session

from .protocol import (
    MAX_FRAME,
    PROTOCOL,
    Chat,
    Closing,
    ClosingReason,
    Create,
    Created,
    Error,
    ErrorCode,
    Frame,
    FrameError,
    Hello,
    Join,
    JsonObject,
    Leave,
    Limits,
    Play,
    Ready,
    Remove,
    Resume,
    SeatKind,
    SeatSpec,
    Start,
    TableOptions,
    UndoAnswer,
    UndoAsk,
    Welcome,
    dump,
    parse_client_frame,
)
from .runtime import BotPool, LoopScheduler, MemorySettler, SaveWriter
from .table import JOURNAL, SeatState, Table, TableError, new_code, read_meta, seat_states

log = logging.getLogger(__name__)

#: close codes: 1008 policy (a bad client), 1013 try again later (the server is full)
POLICY, TRY_LATER, GOING_AWAY = 1008, 1013, 1001


@dataclass(frozen=True)
class ServerLimits:
    """How much a connection may ask (see the module docstring)."""

    rate: float = 30.0              # frames a second, on average
    burst: int = 60                 # frames at once
    strikes: int = 40               # refused frames in a row before the connection is closed
    send_queue: int = 512           # frames waiting for a slow reader before it is closed
    hello_timeout: float = 10.0
    idle_timeout: float = 300.0     # at no table
    ping_interval: float = 20.0
    ping_timeout: float = 20.0
    tables_per_connection: int = 20
    #: the kernel's send buffer per connection (None: the system's, which grows to megabytes): with
    #: the send queue, how much a slow reader may hold up
    socket_buffer: int | None = None
    #: how many bytes websockets keeps unsent before a send waits (then the send queue fills)
    write_limit: int = 64 * 1024
    #: how long the others have to answer an undo asked (s)
    undo_timeout: float = 60.0


class Connection:
    """One client (a :class:`~cekidesk.net.table.Peer`): its table and seat, its send queue, its
    rate bucket."""

    def __init__(self, ws: ServerConnection, limits: ServerLimits):
        self.ws, self.limits = ws, limits
        self.table: Table | None = None
        self.seat: int | None = None
        self.queue: asyncio.Queue[str] = asyncio.Queue(maxsize=limits.send_queue)
        self.closing = False
        self.close_code, self.close_reason = 1000, ""
        self.closed: asyncio.Task[None] | None = None
        self.created = 0
        #: the tables this connection created (it is their host until it takes a seat)
        self.made: list[Table] = []
        self.strikes = 0
        self._tokens = float(limits.burst)
        self._at = time.monotonic()
        #: when the frame being handled was read off the socket (``time.perf_counter``)
        self.read_at: float | None = None
        #: the writer is sending a frame it took from the queue
        self._busy = False
        #: frames may go to the socket at once (:meth:`_write_now`): the websockets connection has
        #: what that needs (websockets 17 has; without it the writer sends every frame, as before)
        self._direct = all(hasattr(ws, name) for name in ("protocol", "paused", "send_in_progress", "send_data"))

    def send(self, frame: Frame) -> None:
        if self.closing:
            return
        text = dump(frame)
        if self._direct and not self._busy and self.queue.empty() and self._write_now(text):
            return
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            log.info("a connection read too slowly: closed")
            if self.table is not None:   # (its seat waits for its person from now on)
                self.table.gone(self)
            self.close(POLICY, "too slow", flush=False)

    def close(self, code: int, reason: str, flush: bool = True) -> None:
        """Close the connection once what waits in its queue is sent (``flush``, at most 2 s), or at
        once; its handler sees ``closing`` after the frame it is on (one waiting is woken by the close)."""
        if not self.closing:
            self.closing = True
            self.close_code, self.close_reason = code, reason
            self.closed = asyncio.get_running_loop().create_task(self._close(flush))

    async def _close(self, flush: bool) -> None:
        if flush:
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self.queue.join(), 2)
        await self.ws.close(self.close_code, self.close_reason)

    def allowed(self) -> bool:
        """Whether one more frame fits the rate (a token bucket)."""
        now = time.monotonic()
        self._tokens = min(self.limits.burst, self._tokens + (now - self._at) * self.limits.rate)
        self._at = now
        if self._tokens >= 1:
            self._tokens -= 1
            return True
        return False

    def _write_now(self, text: str) -> bool:
        """Hand ``text`` to the socket now, as the websocket's ``send`` would, when nothing waits before
        it (the caller saw the queue empty and the writer idle), the connection is open, no message is
        half sent and the socket's buffer is under the write limit; False (nothing done) otherwise:
        then the writer sends it, waiting for the socket as it must.  (Most frames go this way: no
        task is woken and no coroutine run for each of a move's frames.)"""
        ws = self.ws
        if ws.protocol.state is not State.OPEN or ws.paused or ws.send_in_progress is not None:
            return False
        ws.protocol.send_text(text.encode())
        ws.send_data()
        return True

    async def writer(self) -> None:
        with contextlib.suppress(ConnectionClosed):
            while True:
                text = await self.queue.get()
                self._busy = True
                try:
                    await self.ws.send(text)
                finally:
                    self._busy = False
                self.queue.task_done()


class TableServer:
    """The tables and the connections (see the module docstring).  ``data``: the folder of the
    tables' files (``tables/<code>/``)."""

    #: keep what it holds out of the garbage collector's way (:class:`.runtime.MemorySettler`: it
    #: freezes the whole process's objects); None: when its loop runs on the process's main thread
    #: (``cekidesk-server``), not when a program runs it on a thread of its own (the window)
    settle_gc: bool | None = None

    def __init__(self, data: Path, *, max_tables: int = 1000, bot_processes: int = 2,
                 limits: ServerLimits | None = None):
        self.data = Path(data)
        self.max_tables = max_tables
        self.limits = limits or ServerLimits()
        self.tables: dict[str, Table] = {}
        self.pool = BotPool(bot_processes)
        self.executor = concurrent.futures.ThreadPoolExecutor(max_workers=bot_processes + 2,
                                                              thread_name_prefix="cekidesk-table")
        self.connections: set[Connection] = set()
        #: how long the latest people's moves took the server, in seconds (``cekidesk-server --stats``):
        #: from the play frame read off its socket to every frame of the move written to the sockets
        #: (or queued for one whose buffer is full)
        self.move_times: collections.deque[float] = collections.deque(maxlen=200_000)
        self._server: Server | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        #: told (on the loop) when a table was made or closed or its seats changed: ``cekidesk-server
        #: --announce`` announces the open tables again (:mod:`.discovery`)
        self.tables_changed: Callable[[], None] | None = None
        self._memory: MemorySettler | None = None

    # -- running ----------------------------------------------------------------------------------
    async def start(self, host: str = "127.0.0.1", port: int = 8765, tls: ssl.SSLContext | None = None) -> int:
        """Restore the saved tables and listen; the port listened on."""
        self._loop = asyncio.get_running_loop()
        self.restore()
        settle = self.settle_gc if self.settle_gc is not None else threading.current_thread() is threading.main_thread()
        if settle:   # (before anybody connects: its one full collection waits for nobody)
            self._memory = MemorySettler(self._loop)
            self._memory.start()
        self._server = await serve(
            self._serve, host, port, ssl=tls, max_size=MAX_FRAME, max_queue=16,
            ping_interval=self.limits.ping_interval, ping_timeout=self.limits.ping_timeout,
            close_timeout=2, compression=None, write_limit=self.limits.write_limit,
            server_header=f"cekidesk-server/{__version__}")
        return int(self._server.sockets[0].getsockname()[1])

    async def stop(self, reason: ClosingReason = "server_stop") -> None:
        """Tell every connection why (``closing``: ``server_stop``, or ``host_quit`` when the app that
        runs the server is quit by its host), close them (code 1001) and stop; the tables' files stay
        (a restart takes them up, :meth:`table_from_save` hosts a match again)."""
        if self._server is not None:
            self._server.close(close_connections=False)   # (no new connections)
            frame = Closing(reason=reason)
            for conn in list(self.connections):
                if conn.ws.state is State.OPEN:   # (one closing already is left to finish)
                    conn.send(frame)
                    conn.close(GOING_AWAY, reason)
            closing = [c.closed for c in self.connections if c.closed is not None]
            if closing:
                await asyncio.wait(closing, timeout=5)
            self._server.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._server.wait_closed(), 5)
        for table in list(self.tables.values()):
            table.close(remove=False)
        if self._memory is not None:
            self._memory.stop()
        self.pool.close()
        self.executor.shutdown(wait=False, cancel_futures=True)

    def _session_for(self, pace_ms: int) -> Callable[[SaveWriter], Session]:
        loop = self._loop
        assert loop is not None

        def make(writer: SaveWriter) -> Session:
            return Session(LoopScheduler(loop, self.executor), pace_ms=pace_ms, writer=writer, process=self.pool,
                           own_screens=True)
        return make

    def _forget(self, table: Table) -> None:
        self.tables.pop(table.code, None)
        self._tables_changed()

    def _tables_changed(self) -> None:
        if self.tables_changed is not None:
            try:
                self.tables_changed()
            except Exception:
                log.exception("the tables_changed listener failed")

    # -- tables -----------------------------------------------------------------------------------
    def restore(self) -> None:
        """Every table of the data folder back where it was, waiting for its people."""
        root = self.data / "tables"
        if not root.is_dir():
            return
        for folder in sorted(root.iterdir()):
            record = read_meta(folder)
            if record is None or record.code != folder.name or record.code in self.tables:
                log.warning("a table in the data folder cannot be taken up")
                continue
            try:
                table = self._table(record.code, record.game, record.options, record.match_options,
                                    seat_states(record.seats), record.table, folder)
            except (TypeError, ValueError, EngineError) as exc:
                log.warning("a table in the data folder cannot be taken up (%s)", type(exc).__name__)
                continue
            if record.started and not table.restore_match():
                table.close(remove=True)
                continue
            table.host_hash, table.host_seat_open = record.host_sha256, record.host_seat
            table.start_asked, table.from_save = record.start_asked, record.from_save
            if not record.started and record.from_save and not table.restore_pending():
                table.close(remove=True)
                continue
            self.tables[table.code] = table
            table.waiting_for_people()
        log.info("%d tables restored", len(self.tables))

    def _table(self, code: str, game: str, options: JsonObject | None, match_options: JsonObject,
               seats: list[SeatState], topts: TableOptions, folder: Path) -> Table:
        assert self._loop is not None
        model: BaseModel = get_game(game).make_options(options)
        table = Table(code, game, model, match_options, seats, topts, folder, self._loop,
                      self._session_for(topts.pace_ms), self._forget)
        table.on_timed = self.move_times.append
        table.undo_timeout = self.limits.undo_timeout
        table.on_seats = self._tables_changed
        return table

    def create(self, frame: Create, host_seat: int | None = None) -> Table:
        """A new table (raises :class:`TableError` for a request that cannot be one).  Made without a
        connection (a server inside the app), ``host_seat`` names the seat whose first taker becomes
        the host (a ``create`` frame's connection is the host by itself)."""
        if len(self.tables) >= self.max_tables:
            raise TableError("too_many_tables", "the server has as many tables as it may; try later")
        try:
            game = get_game(frame.game)
        except EngineError:
            raise TableError("unknown_game", "there is no such game on this server") from None
        n = len(frame.seats)
        if not game.min_players <= n <= game.max_players:
            raise TableError("bad_seats", f"{game.id} is played by {game.min_players}–{game.max_players} players")
        if not any(s.kind == "person" for s in frame.seats):
            raise TableError("bad_seats", "a table needs at least one person's seat")
        levels = bot_levels(game.id)
        for s in frame.seats:
            if (s.kind == "computer") != (s.level is not None) or (s.level is not None and s.level not in levels):
                raise TableError("bad_seats", f"a computer's seat needs one of the levels {', '.join(levels)}")
        if frame.table.takeover_level not in levels:
            raise TableError("bad_options", f"the takeover level must be one of {', '.join(levels)}")
        try:
            options = game.make_options(frame.options)
            new_match(game.id, n, 0, options, frame.match_options)
        except (EngineError, ValidationError, ValueError, TypeError) as exc:
            raise TableError("bad_options", _options_problem(exc)) from None
        code = new_code()
        while code in self.tables or (self.data / "tables" / code).exists():
            code = new_code()
        seats = [SeatState(kind=s.kind, level=s.level,
                           name=s.name or (f"Seat {i + 1}" if s.kind == "person" else f"Computer {i + 1}"))
                 for i, s in enumerate(frame.seats)]
        table = self._table(code, game.id, options.model_dump(mode="json"), dict(frame.match_options or {}), seats,
                            frame.table, self.data / "tables" / code)
        self.tables[code] = table
        if host_seat is not None and 0 <= host_seat < n and frame.seats[host_seat].kind == "person":
            table.host_seat_open = host_seat
        table.save_meta()
        self._tables_changed()
        return table

    def table_from_save(self, path: str | os.PathLike[str], seats: Sequence[SeatSpec | JsonObject] | None = None, *,
                        table: TableOptions | None = None, host_seat: int | None = None) -> str:
        """Host the saved match at ``path`` (a ``.cekisave``: one this server wrote, or a local one)
        again, as a new table; its code.  ``seats``: as the save has them (None: a person's seat for
        each person of the save, under their name, open for anybody to join; a computer player's for
        each of its computer players), or one :class:`SeatSpec` a seat.  The seat whose first taker
        becomes the host: ``host_seat``, else the host's seat of the table the save belonged to
        (its ``table.json`` beside it), else the first person's seat.  ``table``: the table's options
        (default: those of the table the save belonged to, else the defaults with agreed undo as the
        save allows undo).  The match goes on where the
        save left it once the match begins (as a new table's: everybody ready, or the host's
        ``start``).  A table of this server that the save belongs to and nobody is at is replaced
        by the new one.  Raises :class:`~cekidesk.persistence.saves.SaveFileError` (the save cannot
        be read) or :class:`TableError` (``too_many_tables``; ``bad_seats``; ``bad_options``: the
        match is over).  Called on the server's loop, once it has started."""
        assert self._loop is not None, "start the server first"
        if len(self.tables) >= self.max_tables:
            raise TableError("too_many_tables", "the server has as many tables as it may; try later")
        source = Path(path)
        loaded = load_match(source)
        if (source.parent / JOURNAL).is_file():   # (a table's save: the moves since it in its journal)
            loaded = with_journal(loaded, source.parent / JOURNAL)
        match = loaded.match
        if match.is_over():
            raise TableError("bad_options", "the match in that save is over")
        if seats is None:
            seats = [SeatSpec(kind="person", name=s.name[:40]) if s.kind == "human"
                     else SeatSpec(kind="computer", level=s.level, name=s.name[:40]) for s in loaded.seats]
        try:
            specs = [s if isinstance(s, SeatSpec) else SeatSpec.model_validate(s) for s in seats]
        except ValidationError:
            raise TableError("bad_seats", "the seats are not valid") from None
        if len(specs) != match.n_players:
            raise TableError("bad_seats", f"the saved match has {match.n_players} players")
        self._check_seats(match.spec.id, specs)
        old = self._table_of(source)
        if host_seat is None:
            host_seat = self._host_seat_of(source, old)
        if host_seat is None or not 0 <= host_seat < len(specs) or specs[host_seat].kind != "person":
            host_seat = next(i for i, s in enumerate(specs) if s.kind == "person")
        if table is None:
            table = self._options_of(source, old) or TableOptions(undo=loaded.undo_allowed)
        topts = table
        code = self._new_code()
        states = [SeatState(kind=s.kind, level=s.level,
                            name=s.name or (f"Seat {i + 1}" if s.kind == "person" else f"Computer {i + 1}"))
                  for i, s in enumerate(specs)]
        made = self._table(code, match.spec.id, match.options.model_dump(mode="json"),
                           match.match_options.model_dump(mode="json", exclude_none=True), states, topts,
                           self.data / "tables" / code)
        made.folder.mkdir(parents=True, exist_ok=True)
        first = made.writer.paths[0]
        save_match(first, match, made.save_seats(), undo_allowed=topts.undo, undone_hands=loaded.undone_hands)
        made.writer.written_last(first)
        made.pending, made.from_save, made.host_seat_open = loaded, True, host_seat
        self.tables[code] = made
        made.save_meta()
        self._tables_changed()
        if old is not None and not old.peers():
            self.tables.pop(old.code, None)
            old.close(remove=True)
        self._tables_changed()
        return code

    def _table_of(self, save: Path) -> Table | None:
        """The table of this server whose save ``save`` is."""
        for t in self.tables.values():
            if save.resolve() in {p.resolve() for p in t.writer.paths}:
                return t
        return None

    @staticmethod
    def _host_seat_of(save: Path, table: Table | None) -> int | None:
        """The host's seat of the table the save belonged to (its ``table.json`` beside it)."""
        if table is not None:
            return table.host_seat
        record = read_meta(save.parent)
        if record is None or record.host_sha256 is None:
            return None
        return next((i for i, s in enumerate(record.seats) if s.token_sha256 == record.host_sha256), None)

    @staticmethod
    def _options_of(save: Path, table: Table | None) -> TableOptions | None:
        """The options of the table the save belonged to."""
        if table is not None:
            return table.topts
        record = read_meta(save.parent)
        return record.table if record is not None else None

    def _new_code(self) -> str:
        code = new_code()
        while code in self.tables or (self.data / "tables" / code).exists():
            code = new_code()
        return code

    @staticmethod
    def _check_seats(game_id: str, seats: Sequence[SeatSpec]) -> None:
        if not any(s.kind == "person" for s in seats):
            raise TableError("bad_seats", "a table needs at least one person's seat")
        levels = bot_levels(game_id)
        for s in seats:
            if (s.kind == "computer") != (s.level is not None) or (s.level is not None and s.level not in levels):
                raise TableError("bad_seats", f"a computer's seat needs one of the levels {', '.join(levels)}")

    # -- connections ------------------------------------------------------------------------------
    async def _serve(self, ws: ServerConnection) -> None:
        conn = Connection(ws, self.limits)
        if self.limits.socket_buffer is not None:
            sock = ws.transport.get_extra_info("socket")
            if sock is not None:
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, self.limits.socket_buffer)
        self.connections.add(conn)
        writer = asyncio.get_running_loop().create_task(conn.writer())
        try:
            if await self._hello(conn):
                await self._frames(conn)
        except ConnectionClosed:
            pass
        except Exception:
            log.exception("a connection failed")
            with contextlib.suppress(Exception):
                await ws.close(1011, "server error")
        finally:
            self.connections.discard(conn)
            if conn.table is not None:
                conn.table.gone(conn)
            for made in conn.made:   # (the host of a table it never sat at is gone)
                if made.creator is conn:
                    made.creator = None
            if conn.closed is not None:
                with contextlib.suppress(Exception):
                    await conn.closed
            conn.closing = True
            writer.cancel()

    async def _refuse(self, conn: Connection, code: ErrorCode, message: str, close: int = POLICY) -> None:
        """Tell ``conn`` what was wrong and close it."""
        conn.closing = True
        with contextlib.suppress(ConnectionClosed, asyncio.TimeoutError):
            await asyncio.wait_for(conn.ws.send(dump(Error(code=code, message=message))), 2)
        await conn.ws.close(close, code)

    async def _hello(self, conn: Connection) -> bool:
        try:
            text = await asyncio.wait_for(conn.ws.recv(), self.limits.hello_timeout)
        except TimeoutError:
            await self._refuse(conn, "timeout", "say hello first")
            return False
        try:
            frame = parse_client_frame(text)
        except FrameError as exc:
            await self._refuse(conn, exc.code, exc.message)
            return False
        if not isinstance(frame, Hello):
            await self._refuse(conn, "hello_first", "the first frame must be a hello")
            return False
        if frame.protocol != PROTOCOL:
            await self._refuse(conn, "protocol", f"this server speaks protocol {PROTOCOL} only")
            return False
        conn.send(Welcome(server=f"cekidesk-server {__version__}",
                          limits=Limits(frames_per_second=self.limits.rate, burst=self.limits.burst)))
        return True

    async def _frames(self, conn: Connection) -> None:
        while True:
            timeout = self.limits.idle_timeout if conn.table is None else None
            try:
                text = await asyncio.wait_for(conn.ws.recv(), timeout)
            except TimeoutError:
                await self._refuse(conn, "timeout", "idle for too long at no table", GOING_AWAY)
                return
            conn.read_at = time.perf_counter()
            if conn.closing:
                return
            if not conn.allowed():
                self._strike(conn, Error(code="rate_limited", message="too many frames; slow down",
                                         move=conn.table.move if conn.table is not None else None))
                continue
            try:
                self._handle(conn, parse_client_frame(text))
                conn.strikes = 0
            except FrameError as exc:
                self._strike(conn, self._error(conn, exc.code, exc.message))
            except TableError as exc:
                self._strike(conn, self._error(conn, exc.code, exc.message))
            # (a frame already received is read without a pause: after each one the other
            # connections' frames get their turn, so one connection's burst delays no other table)
            await asyncio.sleep(0)

    def _error(self, conn: Connection, code: ErrorCode, message: str) -> Error:
        return Error(code=code, message=message, move=conn.table.move if conn.table is not None else None)

    def _strike(self, conn: Connection, error: Error) -> None:
        conn.strikes += 1
        conn.send(error)
        if conn.strikes >= self.limits.strikes:
            conn.close(POLICY, "too many bad frames")

    def _handle(self, conn: Connection, frame: Frame) -> None:
        table = conn.table
        if isinstance(frame, Hello):
            raise TableError("bad_frame", "hello was said already")
        if isinstance(frame, Create):
            if conn.created >= self.limits.tables_per_connection:
                raise TableError("too_many_tables", "this connection made as many tables as it may")
            made = self.create(frame)
            conn.created += 1
            made.creator = conn
            conn.made.append(made)
            conn.send(Created(code=made.code, host=True))
            return
        if isinstance(frame, (Join, Resume)):
            if table is not None:
                raise TableError("already_at_table", "leave this table first")
            found = self.tables.get(frame.code)
            if found is None or found.closed:
                raise TableError("no_table", "there is no table with that code")
            if isinstance(frame, Join):
                found.join(conn, frame.seat, frame.name)
            else:
                found.resume(conn, frame.token)
            return
        if table is None:
            raise TableError("not_at_table", "join a table first")
        if isinstance(frame, Ready):
            table.ready(conn)
        elif isinstance(frame, Play):
            table.play(conn, frame.action, frame.move, conn.read_at)
        elif isinstance(frame, Chat):
            table.chat(conn, frame.text)
        elif isinstance(frame, Leave):
            table.leave(conn)
        else:
            self._handle_host(conn, table, frame)

    @staticmethod
    def _handle_host(conn: Connection, table: Table, frame: Frame) -> None:
        """The host's frames and the agreed undo's."""
        if isinstance(frame, Start):
            table.start_now(conn)
        elif isinstance(frame, SeatKind):
            table.set_seat_kind(conn, frame.seat, frame.kind, frame.level)
        elif isinstance(frame, Remove):
            table.remove(conn, frame.seat)
        elif isinstance(frame, UndoAsk):
            table.ask_undo(conn)
        elif isinstance(frame, UndoAnswer):
            table.answer_undo(conn, frame.agree)


def _options_problem(exc: Exception) -> str:
    if isinstance(exc, ValidationError):
        err = exc.errors(include_url=False, include_context=False, include_input=False)[0]
        where = ".".join(str(p) for p in err["loc"]) or "options"
        return f"the options are not valid: {where}: {err['msg']}"[:200]
    return f"the options are not valid: {str(exc)[:160]}"


__all__ = ["Connection", "ServerLimits", "TableServer"]
