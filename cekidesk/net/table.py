"""One table of the server: a :class:`~cekidesk.session.Session` of any game, its seats (people
and computer players), the connections at it, and its files.

The people's seats are the session's human seats, each at a screen of its own (``own_screens``):
a move comes in by seat (:meth:`Session.play_for`), and every change set's views go out, each
connection getting only its seat's view and events (a spectator: no view, the events as a
spectator sees them).  A person who goes away keeps their seat: after the table's
``takeover_after_s`` a computer player of ``takeover_level`` plays it (:meth:`Session.set_computer`)
until they come back with their seat token; after ``seat_kept_s`` the token no longer works and
the seat is open to anybody.

The table's host (docs/protocol.md "The host") starts the match, gives seats to computer players or
opens them, and removes people; its rights go with the token of the seat it took first.  At a table
with ``undo`` a person may ask to take back their last move of the hand: the table waits until every
other person present agrees (:meth:`Session.undo` then takes the moves back), one refuses, or
``undo_timeout`` passes.

Files (``<data>/tables/<code>/``): ``table.json`` (the table: game, options, seats with the
SHA-256 of their tokens, whether the match began) written when it changes, the match's save (the
existing ``.cekisave`` format) written whole by the session at the start of each hand into
``match-a.cekisave`` and ``match-b.cekisave`` in turn (:class:`~.runtime.SaveWriter`), and every
move since, one line of ``match.journal`` each, appended before the move goes out: a restart
continues from the save with more moves that loads, with the journal's moves played on.
"""
from __future__ import annotations

import hashlib
import hmac
import logging
import secrets
import shutil
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Literal, Protocol

from pydantic import BaseModel, ConfigDict, Field

from cekidesk.bots import bot_levels, make_bot
from cekidesk.engine.core import Action, ActionParseError, Event
from cekidesk.engine.match import Match
from cekidesk.games import new_match
from cekidesk.persistence.saves import LoadedGame, SaveFileError, Seat, load_match, record_json, with_journal
from cekidesk.session import Changes, Played, Problem, Session

from .codec import encode, encode_each
from .protocol import (
    CODE_ALPHABET,
    CODE_LENGTH,
    CODE_PATTERN,
    HANDS_PER_FRAME,
    MAX_NAME,
    ChatLine,
    Error,
    ErrorCode,
    Frame,
    Hands,
    Joined,
    JsonObject,
    Left,
    Moved,
    Payload,
    Removed,
    SeatInfo,
    Seats,
    Status,
    TableOptions,
    TableState,
    UndoAsked,
    UndoRefusal,
    UndoRefused,
)
from .runtime import SaveWriter, write_atomically

if TYPE_CHECKING:
    import asyncio

log = logging.getLogger(__name__)

META = "table.json"
SAVES = ("match-a.cekisave", "match-b.cekisave")
#: every move since the last save, one line each (:class:`~.runtime.TableJournal`)
JOURNAL = "match.journal"
META_VERSION: Literal[1] = 1


class Peer(Protocol):
    """A connection as a table sees it."""

    table: Table | None
    seat: int | None

    def send(self, frame: Frame) -> None: ...

    def close(self, code: int, reason: str) -> None: ...


class TableError(Exception):
    """A client's request the table refuses: ``code`` and a message for the client."""

    def __init__(self, code: ErrorCode, message: str):
        super().__init__(message)
        self.code: ErrorCode = code
        self.message = message


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def new_token() -> str:
    """A seat token: 128 random bits."""
    return secrets.token_urlsafe(16)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class SeatState:
    kind: Literal["person", "computer"]
    level: str | None
    name: str
    token_hash: str | None = None     # a person holds the seat (None: open, or a computer's)
    peer: Peer | None = None
    ready: bool = False
    computer: bool = False            # a computer player plays it now
    timers: list[asyncio.TimerHandle] = field(default_factory=list)

    def stop_timers(self) -> None:
        for timer in self.timers:
            timer.cancel()
        self.timers.clear()


@dataclass
class UndoVote:
    """An undo asked by ``seat``: the seats that agreed so far, and the timer that ends the question."""

    seat: int
    timer: asyncio.TimerHandle
    agreed: set[int] = field(default_factory=set)

    def stop(self) -> None:
        self.timer.cancel()


class SeatRecord(BaseModel):
    """A seat as ``table.json`` keeps it (the SHA-256 of its token, never the token)."""

    model_config = ConfigDict(extra="forbid")

    kind: Literal["person", "computer"]
    level: str | None = None
    name: str = Field(min_length=1, max_length=MAX_NAME)
    token_sha256: str | None = Field(None, pattern=r"^[0-9a-f]{64}$")
    computer: bool = False


class TableRecord(BaseModel):
    """``table.json``: the table beside its match's save."""

    model_config = ConfigDict(extra="forbid")

    version: Literal[1] = META_VERSION
    code: str = Field(pattern=CODE_PATTERN)
    game: str
    options: JsonObject
    match_options: JsonObject
    table: TableOptions
    started: bool
    seats: list[SeatRecord] = Field(min_length=1, max_length=64)
    #: the SHA-256 of the host's seat token (None: the host holds no seat)
    host_sha256: str | None = Field(None, pattern=r"^[0-9a-f]{64}$")
    #: a table hosted again from a save: the seat whose first taker becomes its host
    host_seat: int | None = Field(None, ge=0, lt=64)
    #: the host asked the match to begin (once every seat a person holds is ready)
    start_asked: bool = False
    #: the match is a saved one, waiting in the table's saves to be continued
    from_save: bool = False


def _seat_record(s: SeatState) -> SeatRecord:
    return SeatRecord(kind=s.kind, level=s.level, name=s.name, token_sha256=s.token_hash, computer=s.computer)


class Table:
    """See the module docstring.  ``make_session`` builds the table's session (the server gives it
    the loop's scheduler and the shared bot pool); ``on_empty`` is told when the match is over and
    nobody is left."""

    def __init__(self, code: str, game: str, options: BaseModel, match_options: JsonObject,
                 seats: list[SeatState], table: TableOptions, folder: Path, loop: asyncio.AbstractEventLoop,
                 make_session: Callable[[SaveWriter], Session], on_empty: Callable[[Table], None]):
        self.code, self.game, self.options, self.match_options = code, game, options, match_options
        self.seats, self.topts, self.folder, self.loop = seats, table, folder, loop
        self.spectators: set[Peer] = set()
        self.on_empty = on_empty
        #: told how long each person's move took the server (checked, played, saved, sent out), in s
        self.on_timed: Callable[[float], None] | None = None
        #: told when the seats changed (who holds, who is there): the server's ``tables_changed``
        self.on_seats: Callable[[], None] | None = None
        self.started = False
        self.closed = False
        self._retries = 0
        self.writer = SaveWriter((folder / SAVES[0], folder / SAVES[1]), self._save_failed, self._saved,
                                 folder / JOURNAL)
        self.session = make_session(self.writer)
        self.session.autosaves.journal = self.writer.journal   # (the table's own, never the window's)
        self.session.listener = self._changed
        # the host (docs/protocol.md "The host"): the SHA-256 of the token of the seat its rights go
        # with; before it takes one, the connection that created the table, or (a table hosted
        # from a save) the seat whose first taker becomes the host
        self.host_hash: str | None = None
        self.creator: Peer | None = None
        self.host_seat_open: int | None = None
        self.start_asked = False
        #: a saved match waiting to be continued when the match begins (:meth:`TableServer.table_from_save`)
        self.pending: LoadedGame | None = None
        self.from_save = False
        #: an undo being asked, and how long the others have to answer (s)
        self.vote: UndoVote | None = None
        self.undo_timeout = 60.0

    # -- what everybody sees --------------------------------------------------------------------
    @property
    def move(self) -> int:
        m = self.session.match if self.session.match is not None else self._pending_match()
        return sum(len(h) for h in m.logs) if m is not None else 0

    @property
    def status(self) -> Status:
        m = self.session.match
        if m is None:
            return "waiting"
        if m.is_over():
            return "match_over"
        return "hand_over" if m.hand_over() else "playing"

    def seat_infos(self) -> list[SeatInfo]:
        return [SeatInfo(name=s.name, kind=s.kind, level=s.level if s.kind == "computer" else None,
                         held=s.kind == "computer" or s.token_hash is not None, present=s.peer is not None,
                         computer=s.kind == "computer" or s.computer,
                         ready=s.ready or s.kind == "computer" or s.computer) for s in self.seats]

    def peers(self) -> list[Peer]:
        return [s.peer for s in self.seats if s.peer is not None] + list(self.spectators)

    def snapshot(self, seat: int | None) -> TableState:
        m = self.session.match
        view = encode(self.session.view_of(seat)) if m is not None and seat is not None else None
        shown = m if m is not None else self._pending_match()   # (a saved match waiting: where it is)
        return TableState(
            code=self.code, game=self.game, options=self.options.model_dump(mode="json"),
            match_options=self.match_options, seats=self.seat_infos(), you=seat, status=self.status,
            hand=shown.hand_index if shown is not None else 0, move=self.move,
            standings=list(shown.standings()) if shown is not None else [],
            to_act=list(m.state.to_act()) if m is not None and not m.hand_over() else [],
            view=view, events=self._hand_events(seat), host=self.host_seat, table=self.topts.public())

    def _hand_events(self, seat: int | None) -> list[Payload]:
        m = self.session.match
        if m is None:
            return []
        if seat is not None:
            return [encode(e.for_viewer(seat)) for e in m.state.deal_events]
        # a spectator: the whole hand so far, as a spectator sees it (the hand played again from its deal)
        start = m.replayed([*m.logs[:-1], []])
        events: list[Event] = list(start.state.deal_events)
        for action in m.logs[-1]:
            events.extend(start.apply(action))
        return [encode(e.for_viewer(None)) for e in events]

    def hands_frames(self, first: int = 0) -> list[Hands]:
        """The finished hands from ``first`` on, in frames of at most ``HANDS_PER_FRAME`` (a finished
        hand is public at the table; the hand being played is in none of them)."""
        m = self.session.match
        if m is None:
            return []
        done = len(m.history)
        frames = []
        for start in range(first, done, HANDS_PER_FRAME):
            end = min(done, start + HANDS_PER_FRAME)
            frames.append(Hands(move=self.move, first=start,
                                records=[record_json(rec) for rec in m.history[start:end]],
                                actions=[[str(a) for a in m.logs[i]] for i in range(start, end)]))
        return frames

    def _send_hands(self, peer: Peer) -> None:
        for frame in self.hands_frames():
            peer.send(frame)

    def _send_seats(self) -> None:
        frame = Seats(move=self.move, seats=self.seat_infos(), host=self.host_seat)
        for peer in self.peers():
            peer.send(frame)
        if self.on_seats is not None:
            self.on_seats()

    def _send_tables(self) -> None:
        for i, s in enumerate(self.seats):
            if s.peer is not None:
                s.peer.send(self.snapshot(i))
        if self.spectators:
            frame = self.snapshot(None)
            for peer in list(self.spectators):
                peer.send(frame)

    def error(self, code: ErrorCode, message: str) -> Error:
        return Error(code=code, message=message, move=self.move)

    # -- the session's changes --------------------------------------------------------------------
    def _changed(self, changes: Changes) -> None:
        if self.closed:
            return
        if changes.started:
            for s in self.seats:
                s.ready = False
            self._send_tables()
        else:
            played = changes.of(Played)
            if played:
                self._retries = 0
                self._send_move(changes, played[-1].seat)
                if changes.hand_ended and self.session.match is not None:
                    # the hand just ended is public now: everybody gets its record and moves
                    for frame in self.hands_frames(len(self.session.match.history) - 1):
                        for peer in self.peers():
                            peer.send(frame)
        for problem in changes.of(Problem):
            self._problem(problem)
        if changes.hand_ended:
            self.loop.call_soon(self._go_on)

    def _send_move(self, changes: Changes, seat: int) -> None:
        move, status = self.move, self.status
        to_act, standings = list(changes.to_act), list(changes.standings)
        # (frames made here of values the server made: built without checking them again, each field
        # what the frame's model says)
        # every seat's view encoded at once: what they share (the discards, the throws) once
        told = [(s.peer, mine) for i, s in enumerate(self.seats)
                if s.peer is not None and (mine := changes.seat(i)) is not None]
        views = encode_each([mine.view for _, mine in told])
        for (peer, mine), view in zip(told, views, strict=True):
            peer.send(Moved.model_construct(type="moved", move=move, seat=seat, events=[encode(e) for e in mine.events],
                                            view=view, to_act=to_act, standings=standings, status=status))
        if self.spectators:
            frame = Moved.model_construct(type="moved", move=move, seat=seat,
                                          events=[encode(e) for e in changes.public_events],
                                          view=None, to_act=to_act, standings=standings, status=status)
            for peer in list(self.spectators):
                peer.send(frame)

    def _problem(self, problem: Problem) -> None:
        if problem.code == "autosave_failed":
            return
        log.warning("table %s: %s", self.code, problem.code)
        if problem.code in ("bot_failed", "bot_illegal") and self._retries < 5:
            self._retries += 1
            self.loop.call_later(0.5 * self._retries, lambda: self._changed(self.session.go_on()))

    def _save_failed(self, error: str) -> None:
        self.loop.call_soon(lambda: self._changed(self.session.autosaved(error)))

    def _saved(self) -> None:
        """A whole save is on the disk (told from any thread): from now on the session asks for
        one only at the start of each hand, the moves in between going to the journal."""
        self.loop.call_soon_threadsafe(self._landed)

    def _landed(self) -> None:
        if not self.closed:
            self._changed(self.session.autosaved(""))

    # -- seats ------------------------------------------------------------------------------------------
    def join(self, peer: Peer, seat: int | None, name: str) -> None:
        if seat is None:
            self.spectators.add(peer)
            peer.table, peer.seat = self, None
            peer.send(Joined(code=self.code, seat=None, token=None, move=self.move))
            self._send_hands(peer)
            peer.send(self.snapshot(None))
            self._vote_told(peer)
            return
        if not 0 <= seat < len(self.seats):
            raise TableError("seat_taken", "there is no such seat at this table")
        s = self.seats[seat]
        if s.kind != "person" or s.token_hash is not None:
            raise TableError("seat_taken", "that seat is not free")
        token = new_token()
        s.token_hash, s.name, s.ready = token_hash(token), name, False
        self._host_sits(peer, seat)
        self._sit(peer, seat)
        self._rename()
        self.save_meta()
        peer.send(Joined(code=self.code, seat=seat, token=token, move=self.move))
        self._send_hands(peer)
        peer.send(self.snapshot(seat))
        self._send_seats()
        self._vote_told(peer)

    def owns(self, token: str) -> int | None:
        """The seat ``token`` holds (None: none)."""
        digest = token_hash(token)
        found = None
        for i, s in enumerate(self.seats):
            if s.token_hash is not None and hmac.compare_digest(s.token_hash, digest):
                found = i
        return found

    def resume(self, peer: Peer, token: str) -> None:
        seat = self.owns(token)
        if seat is None:
            raise TableError("bad_token", "that token holds no seat at this table")
        s = self.seats[seat]
        if s.peer is not None and s.peer is not peer:
            old = s.peer
            old.send(self.error("replaced", "your seat was taken back from another connection"))
            old.table = old.seat = None
            old.close(1000, "replaced")
        self._sit(peer, seat)
        peer.send(Joined(code=self.code, seat=seat, token=token, move=self.move))
        self._send_hands(peer)
        peer.send(self.snapshot(seat))
        self._send_seats()
        self._vote_told(peer)

    def _sit(self, peer: Peer, seat: int) -> None:
        s = self.seats[seat]
        s.stop_timers()
        s.peer = peer
        peer.table, peer.seat = self, seat
        if s.computer:
            s.computer = False
            self.save_meta()
            if self.session.match is not None:
                self._changed(self.session.set_computer(seat, None))

    def _rename(self) -> None:
        """The session's seats (as the save records them) follow the names at the table."""
        if self.session.match is not None:
            self.session.seats = self.save_seats()

    def save_seats(self) -> tuple[Seat, ...]:
        return tuple(Seat.bot(s.level or "normal", s.name) if s.kind == "computer" else Seat.human(s.name)
                     for s in self.seats)

    def gone(self, peer: Peer) -> None:
        """``peer``'s connection ended (or it left): a seat waits for its person."""
        self.spectators.discard(peer)
        seat = peer.seat
        peer.table = peer.seat = None
        if seat is not None and self.seats[seat].peer is peer:
            self._away(seat)
            self._send_seats()
            self._vote_check()
        self._check_empty()

    def _away(self, seat: int) -> None:
        s = self.seats[seat]
        s.peer = None
        s.stop_timers()
        if not s.computer:
            s.timers.append(self.loop.call_later(self.topts.takeover_after_s, lambda: self._take_over(seat)))
        s.timers.append(self.loop.call_later(self.topts.seat_kept_s, lambda: self._expire(seat)))

    def _take_over(self, seat: int) -> None:
        s = self.seats[seat]
        if s.peer is not None or s.computer or self.closed:
            return
        s.computer = True
        self.save_meta()
        if self.session.match is not None:
            bot = make_bot(self.game, self.topts.takeover_level, seat)
            self._changed(self.session.set_computer(seat, bot))
        self._send_seats()
        self._go_on()

    def _expire(self, seat: int) -> None:
        s = self.seats[seat]
        if s.peer is not None:
            return
        s.token_hash = None
        self.save_meta()
        self._send_seats()

    def leave(self, peer: Peer) -> None:
        seat = peer.seat
        if seat is not None and self.vote is not None and self.vote.seat == seat and self.seats[seat].peer is peer:
            self._undo_over("cancelled")
        peer.send(Left(move=self.move))
        if seat is not None and self.seats[seat].peer is peer:
            s = self.seats[seat]
            s.token_hash = None
            s.ready = False
            self.save_meta()
        self.gone(peer)
        if seat is not None and self.session.match is not None:
            self._take_over(seat)   # (before the match begins the seat is only open again)
        elif seat is not None:
            self._go_on()   # (after the host's start, an open seat does not hold the match up)

    def ready(self, peer: Peer) -> None:
        if peer.seat is None:
            raise TableError("spectator", "a spectator has no seat to be ready at")
        self.seats[peer.seat].ready = True
        self._send_seats()
        self._go_on()

    def _all_ready(self) -> bool:
        people = [s for s in self.seats if s.kind == "person"]
        if not any(s.peer is not None for s in people):
            return False   # the table waits for its people
        if self.start_asked and self.session.match is None:   # (the host said start: open seats do not wait)
            people = [s for s in people if s.token_hash is not None]
        return all(s.computer or (s.peer is not None and s.ready) for s in people)

    def _go_on(self) -> None:
        """Begin the match, or the next hand, once every person is ready (a computer player's seat
        always is)."""
        if self.closed or not self._all_ready():
            return
        status = self.status
        if status == "waiting":
            self._start()
        elif status == "hand_over":
            self._changed(self.session.next_hand())

    def _start(self) -> None:
        if self.start_asked:   # the seats nobody took are played by computer players
            for s in self.seats:
                if s.kind == "person" and s.token_hash is None:
                    s.computer = True
        undone: frozenset[int] = frozenset()
        if self.pending is not None:
            match, undone, self.pending = self.pending.match, self.pending.undone_hands, None
        else:
            seed = self.topts.seed if self.topts.seed is not None else secrets.randbits(62)
            match = new_match(self.game, len(self.seats), seed, self.options, self.match_options)
        seats = self.save_seats()
        bots = self.session.make_bots(match, seats)
        for i, s in enumerate(self.seats):
            if s.kind == "person" and s.computer:
                bots[i] = make_bot(self.game, self.topts.takeover_level, i)
        self.started = True
        self.save_meta()
        self._changed(self.session.start(match, seats, bots, undo_allowed=self.topts.undo, undone_hands=undone))

    # -- moves and chat ---------------------------------------------------------------------------------
    def play(self, peer: Peer, text: str, seen: int | None, read_at: float | None = None) -> None:
        """``peer``'s move ``text`` (``seen``: the move number it last saw); ``read_at``: when its frame
        was read off the socket (``time.perf_counter``), where the move's time (``on_timed``) begins."""
        seat = peer.seat
        if seat is None:
            raise TableError("spectator", "a spectator cannot play")
        m = self.session.match
        if m is None or m.hand_over():
            raise TableError("not_started", "no hand is being played")
        if seen is not None and seen != self.move:
            raise TableError("stale", "a move was played since the one you saw")
        try:
            action = Action.parse(text)
        except ActionParseError:
            raise TableError("bad_action", "that is not a move (e.g. \"2 discard S9\")") from None
        if action.player != seat or seat not in m.state.to_act():
            raise TableError("not_your_turn", "it is not your turn")
        if self.vote is not None:
            raise TableError("undo_pending", "the table waits for the answers to an undo")
        if self.seats[seat].computer:
            raise TableError("not_your_turn", "the computer plays your seat now")
        began = read_at if read_at is not None else time.perf_counter()
        changes = self.session.play_for(seat, action)
        if not changes.done:
            raise TableError("illegal", "that move is not allowed now")
        self._changed(changes)
        if self.on_timed is not None:
            self.on_timed(time.perf_counter() - began)

    def chat(self, peer: Peer, text: str) -> None:
        seat = peer.seat
        name = self.seats[seat].name if seat is not None else "spectator"
        clean = "".join(c if c.isprintable() else " " for c in text).strip()
        if not clean:
            return
        frame = ChatLine(move=self.move, seat=seat, name=name, text=clean)
        for other in self.peers():
            other.send(frame)

    # -- the host ---------------------------------------------------------------------------------------
    @property
    def host_seat(self) -> int | None:
        """The seat whose token holds the host's rights (None: none does)."""
        if self.host_hash is None:
            return None
        for i, s in enumerate(self.seats):
            if s.token_hash is not None and hmac.compare_digest(s.token_hash, self.host_hash):
                return i
        return None

    def is_host(self, peer: Peer) -> bool:
        if peer.seat is not None:
            return peer.seat == self.host_seat
        return self.host_hash is None and peer is self.creator

    def _host_sits(self, peer: Peer, seat: int) -> None:
        """``peer`` took ``seat`` (its token just made): the first seat the host takes is the host's."""
        if self.host_hash is not None:
            return
        if peer is self.creator or (self.creator is None and seat == self.host_seat_open):
            self.host_hash = self.seats[seat].token_hash
            self.creator, self.host_seat_open = None, None

    def _host_only(self, peer: Peer) -> None:
        if not self.is_host(peer):
            raise TableError("not_host", "only the table's host may do that")

    def _seat_no(self, seat: int) -> SeatState:
        if not 0 <= seat < len(self.seats):
            raise TableError("bad_seat", "there is no such seat at this table")
        return self.seats[seat]

    def start_now(self, peer: Peer) -> None:
        """(The host.) Begin the match once every seat a person holds is ready; computer players of
        ``takeover_level`` play the seats nobody holds.  The host is ready by asking."""
        self._host_only(peer)
        if self.started or self.session.match is not None:
            raise TableError("started", "the match has begun")
        if not any(s.kind == "person" and s.token_hash is not None for s in self.seats):
            raise TableError("no_people", "nobody has a seat at this table yet")
        self.start_asked = True
        if peer.seat is not None:
            self.seats[peer.seat].ready = True
        self.save_meta()
        self._send_seats()
        self._go_on()

    def set_seat_kind(self, peer: Peer, seat: int, kind: Literal["person", "computer"], level: str | None) -> None:
        """(The host, before the match.) ``seat`` a computer player's of ``level``, or open for a person."""
        self._host_only(peer)
        if self.started or self.session.match is not None:
            raise TableError("started", "the seats cannot be changed once the match has begun")
        s = self._seat_no(seat)
        if s.kind == "person" and s.token_hash is not None:
            raise TableError("seat_taken", "a person has that seat (remove them first)")
        if kind == "computer":
            levels = bot_levels(self.game)
            if level not in levels:
                raise TableError("bad_seats", f"a computer's seat needs one of the levels {', '.join(levels)}")
            if not any(o.kind == "person" for i, o in enumerate(self.seats) if i != seat):
                raise TableError("bad_seats", "a table needs at least one person's seat")
            name = s.name if s.kind == "computer" else f"Computer {seat + 1}"
            s.kind, s.level, s.name = "computer", level, name
        else:
            if level is not None:
                raise TableError("bad_seats", "a person's seat has no level")
            s.kind, s.level, s.name = "person", None, f"Seat {seat + 1}" if s.kind == "computer" else s.name
        s.stop_timers()
        s.computer, s.ready = False, False
        self.save_meta()
        self._send_seats()
        self._go_on()

    def remove(self, peer: Peer, seat: int) -> None:
        """(The host.) The person at ``seat`` is told and closed, their token dropped; the seat is open
        again, or (once the match began) a computer player plays it at once."""
        self._host_only(peer)
        s = self._seat_no(seat)
        if s.kind != "person" or s.token_hash is None:
            raise TableError("bad_seat", "nobody holds that seat")
        if seat == peer.seat:
            raise TableError("bad_seat", "the host cannot remove themselves (leave the table instead)")
        if self.vote is not None and self.vote.seat == seat:
            self._undo_over("cancelled")
        gone = s.peer
        s.stop_timers()
        s.token_hash, s.peer, s.ready = None, None, False
        if gone is not None:
            gone.send(Removed(move=self.move))
            gone.table = gone.seat = None
            gone.close(1000, "removed")
        self.save_meta()
        if self.session.match is not None and not s.computer:
            self._take_over(seat)   # (tells everybody the seats)
        else:
            self._send_seats()
            self._go_on()
        self._vote_check()

    # -- agreed undo --------------------------------------------------------------------------------------
    def ask_undo(self, peer: Peer) -> None:
        """``peer`` asks to take back its seat's last move of the hand (and every move after it):
        everybody hears the question, the table waits (nobody moves) until every other person present
        agrees (the undo is done), one refuses or ``undo_timeout`` passes (``undo_refused``)."""
        seat = peer.seat
        if seat is None:
            raise TableError("spectator", "a spectator has no move to take back")
        if not self.topts.undo:
            raise TableError("undo_off", "moves are not taken back at this table")
        if self.vote is not None:
            raise TableError("undo_pending", "an undo is being asked already")
        m = self.session.match
        if m is None or self.status != "playing" or not any(a.player == seat for a in m.logs[-1]):
            raise TableError("nothing_to_undo", "you have no move of this hand to take back")
        self.vote = UndoVote(seat, self.loop.call_later(self.undo_timeout, lambda: self._undo_over("timeout")))
        self._changed(self.session.set_paused(True))   # the computer players wait too
        frame = UndoAsked(move=self.move, seat=seat, name=self.seats[seat].name)
        for other in self.peers():
            other.send(frame)
        self._vote_check()

    def answer_undo(self, peer: Peer, agree: bool) -> None:
        seat = peer.seat
        if self.vote is None or seat is None or seat == self.vote.seat:
            raise TableError("not_asked", "nobody asked you about an undo")
        if not agree:
            self._undo_over("refused")
            return
        self.vote.agreed.add(seat)
        self._vote_check()

    def _voters(self) -> set[int]:
        """Who must agree to the undo asked: every other person at the table now (a person gone, or
        played by the computer, does not hold it up; one who comes back is asked again)."""
        assert self.vote is not None
        return {i for i, s in enumerate(self.seats)
                if i != self.vote.seat and s.kind == "person" and s.peer is not None and not s.computer}

    def _vote_told(self, peer: Peer) -> None:
        """Somebody came to the table while an undo is asked: they are asked too (a seat taken again
        answers again, whoever holds it now)."""
        if self.vote is not None:
            v = self.vote
            if peer.seat is not None:
                v.agreed.discard(peer.seat)
            peer.send(UndoAsked(move=self.move, seat=v.seat, name=self.seats[v.seat].name))

    def _vote_check(self) -> None:
        if self.vote is not None and self._voters() <= self.vote.agreed:
            self._undo()

    def _undo_over(self, reason: UndoRefusal) -> None:
        v, self.vote = self.vote, None
        if v is None:
            return
        v.stop()
        frame = UndoRefused(move=self.move, seat=v.seat, reason=reason)
        for other in self.peers():
            other.send(frame)
        if not self.closed:
            self._changed(self.session.set_paused(False))

    def _undo(self) -> None:
        """Everybody agreed: the asker's last move of the hand and every move after it are taken back
        (the session's undo, once per person's move since), the save written again, and everybody gets
        the table anew."""
        v = self.vote
        assert v is not None
        m = self.session.match
        moves = [i for i, a in enumerate(m.logs[-1]) if a.player == v.seat] if m is not None else []
        if m is None or not moves or self.status != "playing":
            self._undo_over("cancelled")
            return
        self.vote = None
        v.stop()
        hand, cut = m.hand_index, moves[-1]
        last: Changes | None = None
        while True:
            changes = self.session.undo()
            if not changes.done:
                break
            last = changes
            now = self.session.match
            if now is None or now.hand_index != hand or len(now.logs[-1]) <= cut:
                break
        self.session.undo_stack.redo.clear()   # (no redo at a table: the computer players need not wait)
        self._both_saves()
        if last is not None:
            self._changed(last)
        self._changed(self.session.set_paused(False))

    def _both_saves(self) -> None:
        """After an undo both saves hold the match as it is now (a restart takes up the save with
        more moves: it must not be the one from before the undo)."""
        for path in self.writer.paths:
            try:
                self.session.save_as(path)
            except (SaveFileError, OSError, ValueError) as exc:
                log.error("table %s could not be saved after an undo: %s", self.code, exc)

    # -- a saved match hosted again -------------------------------------------------------------------------
    def _pending_match(self) -> Match | None:
        return self.pending.match if self.pending is not None else None

    def restore_pending(self) -> bool:
        """(After a restart.) The saved match this table continues, back in waiting; False: none loads."""
        found = []
        for path in self.writer.paths:
            try:
                found.append((path, load_match(path)))
            except SaveFileError:
                pass
        if not found:
            log.warning("table %s: its saved match cannot be read", self.code)
            return False
        path, self.pending = max(found, key=lambda f: (len(f[1].match.logs), len(f[1].match.logs[-1])))
        self.writer.written_last(path)
        return True

    # -- files ------------------------------------------------------------------------------------------
    def save_meta(self) -> None:
        record = TableRecord(code=self.code, game=self.game, options=self.options.model_dump(mode="json"),
                             match_options=self.match_options, table=self.topts, started=self.started,
                             seats=[_seat_record(s) for s in self.seats], host_sha256=self.host_hash,
                             host_seat=self.host_seat_open, start_asked=self.start_asked,
                             from_save=self.from_save)
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            write_atomically(self.folder / META, record.model_dump_json(indent=1).encode())
        except OSError as exc:
            log.error("table %s could not be written: %s", self.code, exc)

    def restore_match(self) -> bool:
        """Put the saved match back on the table (after a restart); False: there is none to continue."""
        found = []
        for path in self.writer.paths:
            try:
                found.append((path, load_match(path)))
            except SaveFileError as exc:
                if exc.reason != "missing":
                    log.warning("table %s: one of its saves cannot be read (%s)", self.code, exc.reason)
        if not found:
            log.warning("table %s: its match cannot be continued", self.code)
            return False
        path, loaded = max(found, key=lambda f: (len(f[1].match.logs), len(f[1].match.logs[-1])))
        self.writer.written_last(path)
        loaded = with_journal(loaded, self.writer.journal.path)   # (the moves since that save)
        bots = self.session.make_bots(loaded.match, self.save_seats())
        for i, s in enumerate(self.seats):
            if s.kind == "person" and s.computer:
                bots[i] = make_bot(self.game, self.topts.takeover_level, i)
        self.started = True
        self.session.start(loaded.match, self.save_seats(), bots, undo_allowed=self.topts.undo,
                           undone_hands=loaded.undone_hands)
        return True

    def waiting_for_people(self) -> None:
        """After a restart nobody is connected: every held seat waits for its person."""
        for i, s in enumerate(self.seats):
            if s.kind == "person" and s.token_hash is not None:
                self._away(i)

    def _check_empty(self) -> None:
        if self.status == "match_over" and not self.peers():
            self.close()
            self.on_empty(self)

    def close(self, remove: bool = True) -> None:
        """The table is done: forget what is on its way, and (``remove``) its files."""
        if self.closed:
            return
        self.closed = True
        if self.vote is not None:
            self.vote.stop()
            self.vote = None
        for s in self.seats:
            s.stop_timers()
        if not remove and self.session.match is not None:
            # the saves hold every move when the server stops (the journal's lines since the hand's
            # start too): a save of the table opens in the window as it was left
            self._both_saves()
        self.session.stop()
        self.writer.close()
        if remove:
            shutil.rmtree(self.folder, ignore_errors=True)


def seat_states(records: list[SeatRecord]) -> list[SeatState]:
    """The seats a table's file records."""
    return [SeatState(kind=r.kind, level=r.level, name=r.name, token_hash=r.token_sha256, computer=r.computer)
            for r in records]


def read_meta(folder: Path) -> TableRecord | None:
    """The table a folder holds (None: none, or a file this server cannot read)."""
    try:
        return TableRecord.model_validate_json((folder / META).read_bytes())
    except (OSError, ValueError):
        return None


__all__ = ["JOURNAL", "META", "Peer", "SAVES", "SeatRecord", "SeatState", "Table", "TableError", "TableRecord",
           "new_code", "new_token", "read_meta", "seat_states", "token_hash"]
