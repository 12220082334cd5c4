"""A small asyncio client of the table server (the window's network play builds on it; the tests and
the benches use it).

:class:`TableClient` keeps one connection: it says hello, creates and joins tables, takes its seat
back with its token, plays and chats, and reads the server's frames (:meth:`TableClient.recv`),
keeping what they say: the table's code, its seat and token, the move number, the status, the last
view (decoded into the game's own view class by :attr:`TableClient.view`), the host's seat and the
table's options.  With ``reconnect`` it connects again by itself when the connection drops (a server
restarting) and takes its seat back, except after the server said its host quit (``closing``) or the
host removed it (``removed``): then there is nothing to go back to.

The host of a table (the connection that created it, then whoever holds the seat it took first)
also starts the match, gives seats to computer players or opens them, and removes people
(:meth:`TableClient.start`, :meth:`~TableClient.set_seat_kind`, :meth:`~TableClient.remove`); at a
table with agreed undo anybody seated asks (:meth:`~TableClient.ask_undo`) and the others answer
(:meth:`~TableClient.answer_undo`).
"""
from __future__ import annotations

import asyncio
import contextlib
import ssl
import time
from collections.abc import Callable, Sequence
from typing import TypeVar

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from cekidesk import __version__
from cekidesk.engine.core import Action, View

from .codec import decode_view
from .protocol import (
    PROTOCOL,
    AnyServerFrame,
    Chat,
    Closing,
    ClosingReason,
    Create,
    Created,
    Error,
    Frame,
    Hands,
    Hello,
    Join,
    Joined,
    JsonObject,
    Leave,
    Moved,
    Payload,
    Play,
    Ready,
    Remove,
    Removed,
    Resume,
    SeatInfo,
    SeatKind,
    Seats,
    SeatSpec,
    Start,
    TableOptions,
    TableState,
    UndoAnswer,
    UndoAsk,
    Welcome,
    dump,
    parse_server_frame,
)

ServerFrame = AnyServerFrame
F = TypeVar("F", bound=Frame)


class ServerRefused(Exception):
    """The server answered with an error frame: ``code``, ``message``."""

    def __init__(self, error: Error):
        super().__init__(f"{error.code}: {error.message}")
        self.code, self.message, self.error = error.code, error.message, error


class TableClient:
    """One connection to a table server (see the module docstring)."""

    def __init__(self, url: str, name: str = f"cekidesk-client {__version__}", *,
                 tls: ssl.SSLContext | None = None, reconnect: bool = False, reconnect_for: float = 60.0,
                 keep_raw: bool = False):
        self.url, self.name, self.tls = url, name, tls
        self.reconnect, self.reconnect_for = reconnect, reconnect_for
        self.ws: ClientConnection | None = None
        self.welcome: Welcome | None = None
        self.code: str | None = None
        self.seat: int | None = None
        self.token: str | None = None
        self.game: str | None = None
        self.move = -1
        self.status = "waiting"
        self.to_act: tuple[int, ...] = ()
        self.seats: list[SeatInfo] = []
        self.table: TableState | None = None
        self.view_data: Payload | None = None
        self._view: View | None = None
        self.reconnects = 0
        #: the table's finished hands as the ``hands`` frames told them: each one's record (as a save
        #: holds it) and its moves' texts, hand 0 first
        self.records: list[Payload] = []
        self.actions: list[list[str]] = []
        #: the host's seat at this table (None: the host holds no seat) and the table's own options,
        #: as the latest ``table`` (and ``seats``) frame said
        self.host: int | None = None
        self.table_options: TableOptions | None = None
        #: this connection created a table (and is its host until it takes a seat there): the codes
        self.created_host = False
        self.created_codes: set[str] = set()
        #: why the server closed (its ``closing`` frame), and whether the host removed us
        self.closing: ClosingReason | None = None
        self.removed = False
        self._tokens, self._at = 0.0, time.monotonic()
        #: every text frame received, as it came (``keep_raw``)
        self.raw: list[str] | None = [] if keep_raw else None

    # -- the connection ---------------------------------------------------------------------------
    async def connect(self) -> Welcome:
        """Connect and say hello; the server's welcome (raises :class:`ServerRefused`)."""
        self.ws = await connect(self.url, ssl=self.tls, max_size=2**22, open_timeout=10, close_timeout=2,
                                compression=None)
        await self._send(Hello(protocol=PROTOCOL, client=self.name))
        frame = await self._read()
        if isinstance(frame, Error):
            raise ServerRefused(frame)
        if not isinstance(frame, Welcome):
            raise ConnectionError("the server did not welcome us")
        self.welcome = frame
        self._tokens, self._at = frame.limits.burst / 2, time.monotonic()
        return frame

    async def close(self) -> None:
        if self.ws is not None:
            with contextlib.suppress(Exception):
                await self.ws.close()

    async def __aenter__(self) -> TableClient:
        await self.connect()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def send(self, frame: Frame) -> None:
        """Send ``frame``, within the rate the server's welcome allows (waiting when it must).  With
        ``reconnect`` on, a connection found closed is made again (and the seat taken back); the
        frame is then dropped: it was in flight when the connection went."""
        try:
            await self._send(frame)
        except ConnectionClosed:
            if not self.reconnect or self.removed or self.closing == "host_quit":
                raise
            await self._reconnect()

    async def _send(self, frame: Frame) -> None:
        assert self.ws is not None, "connect first"
        await self._within_rate()
        await self.ws.send(dump(frame))

    async def _within_rate(self) -> None:
        limits = self.welcome.limits if self.welcome is not None else None
        if limits is None:
            return
        now = time.monotonic()
        self._tokens = min(limits.burst - 1.0, self._tokens + (now - self._at) * limits.frames_per_second)
        self._at = now
        if self._tokens < 1:
            await asyncio.sleep((1 - self._tokens) / limits.frames_per_second)
            self._tokens, self._at = 1.0, time.monotonic()
        self._tokens -= 1

    async def send_text(self, text: str | bytes) -> None:
        """Send anything (the tests' bad clients)."""
        assert self.ws is not None, "connect first"
        await self.ws.send(text)

    async def _read(self) -> ServerFrame:
        assert self.ws is not None, "connect first"
        text = await self.ws.recv()
        if self.raw is not None:
            self.raw.append(text if isinstance(text, str) else text.decode("utf-8", "replace"))
        frame = parse_server_frame(text)
        self._keep(frame)
        return frame

    async def _reconnect(self) -> None:
        """Connect again (backing off) and take the seat back; raises the last error after
        ``reconnect_for`` seconds of trying."""
        deadline = time.monotonic() + self.reconnect_for
        pause = 0.05
        while True:
            try:
                await self.connect()
                if self.code is not None and self.token is not None:
                    await self._send(Resume(code=self.code, token=self.token))
                elif self.code is not None:
                    await self._send(Join(code=self.code))
                self.reconnects += 1
                return
            except (TimeoutError, OSError, ConnectionClosed, InvalidHandshake):
                if time.monotonic() > deadline:
                    raise
                await asyncio.sleep(pause)
                pause = min(1.0, pause * 2)

    async def recv(self, timeout: float | None = None) -> ServerFrame:
        """The next frame from the server (reconnecting first if the connection dropped and
        ``reconnect`` is on)."""
        while True:
            try:
                if timeout is None:
                    return await self._read()
                # (a deadline on this task, not a task of its own for every frame as wait_for makes)
                async with asyncio.timeout(timeout):
                    return await self._read()
            except ConnectionClosed:
                if not self.reconnect or self.removed or self.closing == "host_quit":
                    raise
                await self._reconnect()

    async def wait_for(self, pred: Callable[[ServerFrame], bool], timeout: float = 10.0) -> ServerFrame:
        """The first frame for which ``pred`` holds (raises :class:`ServerRefused` on an error frame
        ``pred`` does not accept, ``TimeoutError`` after ``timeout`` seconds)."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no such frame came")
            frame = await self.recv(left)
            if pred(frame):
                return frame
            if isinstance(frame, Error):
                raise ServerRefused(frame)

    async def expect(self, kind: type[F], timeout: float = 10.0) -> F:
        """The next frame of ``kind`` (as :meth:`wait_for`)."""
        frame = await self.wait_for(lambda f: isinstance(f, kind), timeout)
        assert isinstance(frame, kind)
        return frame

    # -- what the frames say ----------------------------------------------------------------------
    def _keep(self, frame: ServerFrame) -> None:
        if isinstance(frame, Joined):
            if frame.code != self.code:
                self.records, self.actions = [], []
            self.code, self.seat = frame.code, frame.seat
            if frame.token is not None:
                self.token = frame.token
            self.move = frame.move
        elif isinstance(frame, TableState):
            self.table, self.game, self.seats, self.status = frame, frame.game, frame.seats, frame.status
            self.move, self.to_act = frame.move, tuple(frame.to_act)
            self.host, self.table_options = frame.host, frame.table
            self._set_view(frame.view)
        elif isinstance(frame, Moved):
            self.move, self.status, self.to_act = frame.move, frame.status, tuple(frame.to_act)
            self._set_view(frame.view)
        elif isinstance(frame, Seats):
            self.seats, self.host = frame.seats, frame.host
        else:
            self._keep_more(frame)

    def _keep_more(self, frame: ServerFrame) -> None:
        if isinstance(frame, Hands) and frame.first <= len(self.records):
            end = frame.first + len(frame.records)
            self.records[frame.first:end] = frame.records
            self.actions[frame.first:end] = frame.actions
        elif isinstance(frame, Created):
            self.created_host = frame.host
            if frame.host:
                self.created_codes.add(frame.code)
        elif isinstance(frame, Removed):
            self.removed = True
            self.seat = self.token = None
        elif isinstance(frame, Closing):
            self.closing = frame.reason

    def _set_view(self, data: Payload | None) -> None:
        self.view_data, self._view = data, None

    @property
    def view(self) -> View | None:
        """The seat's last view, in the game's own view class (None: a spectator, or no hand yet)."""
        if self._view is None and self.view_data is not None and self.game is not None:
            self._view = decode_view(self.game, self.view_data)
        return self._view

    def my_turn(self) -> bool:
        return self.seat is not None and self.status == "playing" and self.seat in self.to_act

    @property
    def is_host(self) -> bool:
        """Whether this connection is its table's host: it holds the host's seat (or, at no seat
        yet, it created the table)."""
        if self.seat is not None:
            return self.seat == self.host
        return self.code in self.created_codes and self.host is None

    # -- requests ---------------------------------------------------------------------------------
    async def create(self, game: str, seats: Sequence[SeatSpec | JsonObject],
                     options: JsonObject | None = None, match_options: JsonObject | None = None,
                     table: TableOptions | JsonObject | None = None, timeout: float = 10.0) -> str:
        """Create a table; its code."""
        specs = [s if isinstance(s, SeatSpec) else SeatSpec.model_validate(s) for s in seats]
        topts = table if isinstance(table, TableOptions) else TableOptions.model_validate(table or {})
        await self.send(Create(game=game, seats=specs, options=options, match_options=match_options, table=topts))
        return (await self.expect(Created, timeout)).code

    async def join(self, code: str, seat: int | None = None, name: str = "Player", timeout: float = 10.0) -> Joined:
        await self.send(Join(code=code, seat=seat, name=name))
        joined = await self.expect(Joined, timeout)
        await self.expect(TableState, timeout)
        return joined

    async def resume(self, code: str, token: str, timeout: float = 10.0) -> Joined:
        await self.send(Resume(code=code, token=token))
        joined = await self.expect(Joined, timeout)
        await self.expect(TableState, timeout)
        return joined

    async def ready(self) -> None:
        await self.send(Ready())

    async def play(self, action: Action | str, check_move: bool = True) -> None:
        await self.send(Play(action=str(action), move=self.move if check_move else None))

    async def chat(self, text: str) -> None:
        await self.send(Chat(text=text))

    async def leave(self) -> None:
        await self.send(Leave())

    # -- the host's requests (another connection gets ``error not_host``) ----------------------------
    async def start(self) -> None:
        """Begin the match as soon as every seat a person holds is ready (computer players of the
        table's takeover level play the seats nobody holds)."""
        await self.send(Start())

    async def set_seat_kind(self, seat: int, kind: str, level: str | None = None) -> None:
        """Before the match: give ``seat`` to a computer player of ``level`` (``kind`` "computer"), or
        open it for a person to join ("person")."""
        if kind not in ("person", "computer"):
            raise ValueError(f"a seat is a person's or a computer's, not {kind!r}")
        await self.send(SeatKind(seat=seat, kind="computer" if kind == "computer" else "person", level=level))

    async def remove(self, seat: int) -> None:
        """Remove the person at ``seat`` from the table."""
        await self.send(Remove(seat=seat))

    # -- agreed undo ----------------------------------------------------------------------------------
    async def ask_undo(self) -> None:
        """Ask the others to agree to take back this seat's last move of the hand (``undo_asked``
        comes to everybody; ``table`` once it is done, ``undo_refused`` if not)."""
        await self.send(UndoAsk())

    async def answer_undo(self, agree: bool) -> None:
        await self.send(UndoAnswer(agree=agree))


def legal_moves(view: View) -> list[Action]:
    """Every move ``view`` offers its viewer: its legal actions, and each amount range's lowest and
    highest amount."""
    moves = list(view.legal)
    for r in view.ranges:
        moves.append(r.action(view.viewer, r.lo))
        if r.hi != r.lo:
            moves.append(r.action(view.viewer, r.hi))
    return moves


#: what a scripted player does on its turn: the move for its view
Chooser = Callable[[View], Action]


async def autoplay(client: TableClient, choose: Chooser, *, until: Callable[[TableClient], bool] | None = None,
                   frame_timeout: float = 30.0, pause: float | Callable[[], float] = 0.0,
                   on_frame: Callable[[TableClient, ServerFrame], None] | None = None) -> int:
    """Play ``client``'s seat: ready whenever a match or hand waits for it, ``choose`` a move whenever
    it is its turn (``pause`` seconds after its turn came, or ``pause()``: a person's thinking), until the match is
    over (or ``until(client)``); how many moves it sent.  Error
    frames about a move that came too late (``stale``, ``not_your_turn``: another move was made in
    between) are passed over; any other error is raised."""
    done = until or (lambda c: c.status == "match_over")
    sent = 0
    readied: tuple[int, str] | None = None
    acted_on: object = None
    while not done(client):
        if client.seat is not None:
            if client.status in ("waiting", "hand_over") and readied != (client.move, client.status):
                readied = (client.move, client.status)
                await client.ready()
            if client.my_turn() and client.view_data is not None and acted_on is not client.view_data:
                acted_on = client.view_data
                view = client.view
                assert view is not None
                move = choose(view)
                wait = pause() if callable(pause) else pause
                if wait > 0:
                    await asyncio.sleep(wait)
                await client.play(move)
                sent += 1
        frame = await client.recv(frame_timeout)
        if on_frame is not None:
            on_frame(client, frame)
        if isinstance(frame, Joined):
            readied = None   # (a seat taken back: say it anew)
        elif isinstance(frame, Error) and frame.code not in ("stale", "not_your_turn", "illegal"):
            raise ServerRefused(frame)
    return sent


__all__ = ["Chooser", "InvalidURI", "ServerRefused", "TableClient", "autoplay", "legal_moves"]
