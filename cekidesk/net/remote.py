"""The client's mirror of a networked table: :class:`RemoteSession`, what the window's controller
forwards to instead of a local :class:`~cekidesk.session.Session` while it sits at a table of a
table server (issue 30).  No Qt here: frames come in through :meth:`RemoteSession.receive`, frames
go out through the ``send`` callable it is given, and every change is one
:class:`~cekidesk.session.Changes` with the session's own steps, handed back or to ``listener``.

Its :attr:`RemoteSession.match` mirrors the table's match: the finished hands are real — each one
dealt again from its record (seed, dealer, the carry before it), its moves replayed and the record
it gives checked against the table's (the ``hands`` frames) — so the end-of-hand dialog, the score
sheet, the log's headings, the statistics and the hand history work as at a local table; the hand
being played is a :class:`RemoteState` standing in for the engine's state, backed by the seat's
view (the deal's events, who acts, the view itself).  A spectator has no view of its own: its
match is the last finished hand (none before the first one ends), and the hand being played shows
as :class:`Watching` steps.

What only a networked table has comes to ``net_listener`` as the steps of this module
(:data:`NetStep`): the seats changed, a chat line, the connection, the table closing, an undo asked
or refused, this person removed.
"""
from __future__ import annotations

import json
import logging
import random
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from cekidesk.bots import bot_levels, make_bot
from cekidesk.engine.bot import Bot, Decision
from cekidesk.engine.core import Action, ActionParseError, Event, View
from cekidesk.engine.match import Match
from cekidesk.engine.records import HandStart
from cekidesk.games import get_game
from cekidesk.persistence.saves import Seat, record_json
from cekidesk.session import Changes, HandEnded, HintReady, MatchEnded, Played, SeatView, Started, Step
from cekidesk.session.bots import HINT_FALLBACK
from cekidesk.session.scheduler import Scheduler

from . import protocol as wire
from .codec import DecodeError, decode_event, decode_view
from .protocol import (
    ChatLine,
    Error,
    Frame,
    Hands,
    Joined,
    Moved,
    Payload,
    Play,
    Ready,
    SeatInfo,
    Seats,
    TableState,
)

log = logging.getLogger(__name__)


# -- what only a networked table has ----------------------------------------------------------------

@dataclass(frozen=True)
class SeatsChanged:
    """Who sits where now: names, people or computers, connected, ready."""

    seats: tuple[SeatInfo, ...]


@dataclass(frozen=True)
class ChatReceived:
    """A chat line (``seat`` None: a spectator's)."""

    seat: int | None
    name: str
    text: str


@dataclass(frozen=True)
class ConnectionChanged:
    """The connection to the table: ``connected``, ``reconnecting`` (for ``seconds`` so far) or
    ``lost`` (given up)."""

    state: Literal["connected", "reconnecting", "lost"]
    seconds: float = 0.0


@dataclass(frozen=True)
class TableClosing:
    """The table closes: ``host_quit`` (the host's app quit) or ``server_stop``."""

    reason: str


@dataclass(frozen=True)
class UndoAsked:
    seat: int
    name: str


@dataclass(frozen=True)
class UndoRefused:
    seat: int


@dataclass(frozen=True)
class Removed:
    """The host removed this person from the table."""


@dataclass(frozen=True)
class Watching:
    """A spectator: the hand being played (``hand``), how many moves it has, who acts."""

    hand: int
    moves: int
    to_act: tuple[int, ...]


@dataclass(frozen=True)
class Refused:
    """The table refused a request of ours (``code`` as docs/protocol.md names it)."""

    code: str
    message: str


NetStep = (SeatsChanged | ChatReceived | ConnectionChanged | TableClosing | UndoAsked | UndoRefused | Removed
           | Watching | Refused)


class MirrorError(Exception):
    """The table's hands do not give its records (a server of another version, or a bad one)."""


# -- the hand being played ----------------------------------------------------------------------------

class RemoteState:
    """The hand being played as the seat sees it, standing in for the engine's state in the mirrored
    match: only the seat's own view (:meth:`view` of another seat raises ``LookupError``)."""

    def __init__(self, seat: int, view: View, deal_events: list[Event], to_act: tuple[int, ...]):
        self.seat, self._view, self.deal_events, self._to_act = seat, view, deal_events, to_act

    def view(self, player: int) -> View:
        if player != self.seat:
            raise LookupError("a networked table shows only its own seat's view")
        return self._view

    def to_act(self) -> tuple[int, ...]:
        return self._to_act

    def is_terminal(self) -> bool:
        return False

    def moved(self, view: View, to_act: tuple[int, ...]) -> None:
        self._view, self._to_act = view, to_act


def _same_json(value: object) -> object:
    return json.loads(json.dumps(value))


def deal_hand(m: Match, seed: int, dealer: int) -> None:
    """Deal ``m``'s current hand (no move of it played) as its record says: ``seed`` and ``dealer``."""
    m.hand_seed, m.dealer = seed, dealer
    s = m.starts[-1]
    m.starts[-1] = HandStart(s.index, dealer, seed, s.draws, s.scores, s.ledger, s.pot, s.carry)
    m.state = m.spec.new_hand(m.options, m.n_players, seed, dealer, carry=m.carry)
    m.logs[-1] = []
    m.hand_events = deque(maxlen=m.EVENTS_KEPT)
    m.hand_events_dropped = 0


def replay_hand(m: Match, record: Payload, actions: Sequence[str]) -> None:
    """Play finished hand ``m.hand_index`` again from its record's deal, and check that it gives the
    record (raises :class:`MirrorError`)."""
    try:
        seed, dealer = record["seed"], record["dealer"]
        if not isinstance(seed, int) or not isinstance(dealer, int):
            raise MirrorError("a hand's record without its seed")
        deal_hand(m, seed, dealer)
        for text in actions:
            m.apply(Action.parse(text))
    except (ActionParseError, ValueError, KeyError, TypeError) as exc:
        raise MirrorError(f"hand {m.hand_index + 1} cannot be played again: {exc}") from None
    if not m.hand_over() or _same_json(record_json(m.history[-1])) != _same_json(record):
        raise MirrorError(f"hand {m.hand_index + 1} does not give its record")


# -- the session ----------------------------------------------------------------------------------------

Listener = Callable[[Changes], None]
NetListener = Callable[[NetStep], None]


class RemoteSession:
    """See the module docstring.  ``send`` takes the frames for the table (the network adapter puts
    them on the wire); ``scheduler`` runs the hint off the UI thread."""

    def __init__(self, send: Callable[[Frame], None], scheduler: Scheduler, *,
                 hint_levels: Callable[[str], Sequence[str]] = bot_levels,
                 auto_action: Callable[[str, View, object | None], Action | None] | None = None):
        self.send = send
        self.scheduler = scheduler
        self.hint_levels = hint_levels
        #: the move the game makes for the person as their settings ask (``GameUI.auto_action``), as at
        #: a local table
        self.auto_action = auto_action
        self._auto_at: int | None = None
        self.match: Match | None = None
        self.seats: tuple[Seat, ...] = ()
        self.bots: dict[int, Bot] = {}
        self.pace_ms = 0
        self.autosave = False          # (the table server saves the match; the local autosave stays as it was)
        self.settings: object | None = None
        self.counts_for_statistics = True
        self.paused = False
        self.guide: object | None = None
        self.listener: Listener | None = None
        self.net_listener: NetListener | None = None
        #: the table as its last frames told it
        self.code: str | None = None
        self.you: int | None = None
        self.game: str | None = None
        self.status = "waiting"
        self.move = 0
        self.hand = 0
        self.seat_infos: tuple[SeatInfo, ...] = ()
        self.undo_on = False
        self.records: list[Payload] = []
        self.actions: list[list[str]] = []
        self._sent: int | None = None           # the move number our last play was sent at
        self._ending: tuple[int, list[Event]] | None = None   # a hand's last move, its record awaited
        self._frame: TableState | None = None
        self._last_move = 0
        self._own_moves = 0                     # the seat's moves in the hand being played
        #: the host's seat (None: the host holds none)
        self.host: int | None = None
        self._hint_at: int | None = None
        self._hands_done = 0                    # finished hands the mirror holds

    # -- what the window reads ---------------------------------------------------------------------
    @property
    def human_seat(self) -> int:
        return self.you if self.you is not None else 0

    @property
    def human_seats(self) -> tuple[int, ...]:
        return (self.you,) if self.you is not None else ()

    @property
    def log_viewer(self) -> int | None:
        return self.you

    @property
    def spectator(self) -> bool:
        return self.you is None

    undo_allowed = property(lambda self: self.undo_on)
    undone_hands: frozenset[int] = frozenset()
    autosave_failing = False
    replaying = False
    screened = False
    busy_seat = -1
    pending = None

    @property
    def hint_pending(self) -> bool:
        return self._hint_at is not None

    def view(self) -> View:
        return self.view_of(self.human_seat)

    def view_of(self, seat: int) -> View:
        assert self.match is not None, "a view needs a match"
        return self.match.state.view(seat)

    def deal_events(self) -> list[Event]:
        assert self.match is not None, "a hand's deal needs a match"
        return [e.for_viewer(self.you) for e in self.match.state.deal_events]

    def events_for_log(self, events: Sequence[Event]) -> list[Event]:
        return [e.for_viewer(self.you) for e in events]

    def waiting_for_human(self) -> bool:
        m = self.match
        return (m is not None and self.you is not None and not m.hand_over() and self.status == "playing"
                and self.you in m.state.to_act() and self._sent != self.move)

    def passing_to(self) -> int | None:
        return None

    def can_undo(self) -> bool:
        """Whether the others may be asked to take back the seat's last move of the hand (the host's
        table allows it, and the seat moved in this hand)."""
        return self.undo_on and self.match is not None and self.status == "playing" and self._own_moves > 0

    def can_redo(self) -> bool:
        return False

    def can_restart(self) -> bool:
        return False

    def can_replay(self) -> bool:
        return False

    def guiding(self) -> None:
        return None

    def hint_level(self) -> str | None:
        if self.match is None:
            return None
        return HINT_FALLBACK if HINT_FALLBACK in self.hint_levels(self.match.spec.id) else None

    def replay_ms(self) -> int:
        return 0

    def flush_autosave(self) -> bool:
        return True

    def autosave_exists(self) -> bool:
        return False

    # -- what the window does ----------------------------------------------------------------------
    def play(self, action: Action) -> Changes:
        """The person's move: sent to the table when it is legal in the seat's view (``done``); the
        table's ``moved`` frame plays it."""
        if not self.waiting_for_human():
            return self._changes([], done=False)
        view = self.view()
        if action not in view.legal and not any(r.holds(action) for r in view.ranges):
            return self._changes([], done=False)
        self._sent = self.move
        self.send(Play(action=str(action), move=self.move))
        return self._changes([])

    def play_for(self, seat: int, action: Action) -> Changes:
        return self.play(action) if seat == self.you else self._changes([], done=False)

    def next_hand(self) -> Changes:
        """Ready for the next hand (it begins when everybody at the table is)."""
        if self.you is not None and self.status in ("waiting", "hand_over"):
            self.send(Ready())
            return self._changes([])
        return self._changes([], done=False)

    def ready(self) -> None:
        if self.you is not None:
            self.send(Ready())

    def hint(self) -> Changes:
        """The Normal computer player's move for the seat's view, found off the UI thread."""
        m, level = self.match, self.hint_level()
        if m is None or level is None or not self.waiting_for_human() or self._hint_at is not None:
            return self._changes([], done=False)
        view, seat, at = self.view(), self.human_seat, self.move
        rng = random.Random(f"hint:{self.code}:{at}")
        bot = make_bot(m.spec.id, level, seat)
        self._hint_at = at

        def decide() -> Decision | None:
            try:
                return bot.decide(view, rng)
            except Exception as exc:   # a bot bug must not take the app down
                log.warning("no hint: %s", exc)
                return None

        def answered(decision: Decision | None) -> None:
            if self._hint_at != at or self.move != at:
                return   # the position moved on
            self._hint_at = None
            self._hand_out(self._changes([HintReady(decision)]))

        self.scheduler.run_off_thread(decide, answered)
        return self._changes([])

    def undo(self) -> Changes:
        """Ask everybody at the table to agree to take back the seat's last move (the table frame that
        follows an agreement puts the position back; ``UndoRefused`` if not)."""
        if not self.can_undo():
            return self._changes([], done=False)
        self.send(wire.UndoAsk())
        return self._changes([])

    def answer_undo(self, agree: bool) -> None:
        self.send(wire.UndoAnswer(agree=agree))

    def redo(self) -> Changes:
        return self._changes([], done=False)

    def restart_deal(self) -> Changes:
        return self._changes([], done=False)

    def set_paused(self, paused: bool) -> Changes:
        return self._changes([], done=False)

    def hold(self, on: bool) -> None:
        return None

    def step(self) -> Changes:
        return self._changes([], done=False)

    def skip_pacing(self) -> Changes:
        return self._changes([], done=False)

    def reveal(self) -> Changes:
        return self._changes([], done=False)

    def screen_anew(self) -> Changes:
        return self._changes([], done=False)

    def start_replay(self) -> Changes:
        return self._changes([], done=False)

    def stop_replay(self) -> Changes:
        return self._changes([], done=False)

    def guide_read(self) -> Changes:
        return self._changes([], done=False)

    def autosaved(self, error: str) -> Changes:
        return self._changes([], done=False)

    def stop(self) -> Changes:
        self._hint_at = None
        return self._changes([], done=False)

    def shutdown(self) -> Changes:
        return self.stop()

    def save_as(self, path: object) -> None:
        raise NotImplementedError("the table server keeps a networked match")

    def connection(self, state: Literal["connected", "reconnecting", "lost"], seconds: float = 0.0) -> None:
        """What the network adapter tells of the connection."""
        self._tell(ConnectionChanged(state, seconds))

    # -- the frames --------------------------------------------------------------------------------
    def receive(self, frame: Frame) -> None:
        """A frame from the table: what it changes goes to the listeners."""
        if isinstance(frame, Joined):
            self.code, self.you = frame.code, frame.seat
        elif isinstance(frame, Hands):
            self._hands(frame)
        elif isinstance(frame, TableState):
            self._table(frame)
        elif isinstance(frame, Moved):
            self._moved(frame)
        elif isinstance(frame, Seats):
            self._seats(frame.seats)
        elif isinstance(frame, ChatLine):
            self._tell(ChatReceived(frame.seat, frame.name, frame.text))
        elif isinstance(frame, Error):
            self._error(frame)
        elif isinstance(frame, wire.Closing):
            self._tell(TableClosing(frame.reason))
        elif isinstance(frame, wire.UndoAsked):
            if frame.seat != self.you:
                self._tell(UndoAsked(frame.seat, frame.name))
        elif isinstance(frame, wire.UndoRefused):
            self._tell(UndoRefused(frame.seat))
        elif isinstance(frame, wire.Removed):
            self._tell(Removed())

    def _error(self, frame: Error) -> None:
        if frame.code in ("stale", "illegal", "not_your_turn", "not_started"):
            self._sent = None   # our move was not played: the seat may move again
            if self.match is not None:
                self._hand_out(self._changes([], shown=True))
        self._tell(Refused(frame.code, frame.message))

    def _hands(self, frame: Hands) -> None:
        if frame.first > len(self.records):
            return
        end = frame.first + len(frame.records)
        self.records[frame.first:end] = frame.records
        self.actions[frame.first:end] = frame.actions
        if self._ending is not None and len(self.records) > self.hand:
            self._hand_over()

    def _seats(self, seats: Sequence[SeatInfo]) -> None:
        self.seat_infos = tuple(seats)
        names = tuple(Seat.human(s.name) if s.kind == "person" else Seat.bot(s.level or "normal", s.name)
                      for s in seats)
        renamed = self.match is not None and names != self.seats
        self.seats = names
        self._tell(SeatsChanged(self.seat_infos))
        if renamed:
            self._hand_out(self._changes([], shown=True))

    def _table(self, frame: TableState) -> None:
        """The whole table: put anew (joining, taking the seat back, a new hand)."""
        self.code, self.you, self.game, self.status = frame.code, frame.you, frame.game, frame.status
        self.move, self.hand, self._sent, self._ending, self._hint_at = frame.move, frame.hand, None, None, None
        back = frame.move < self._last_move and frame.status == "playing"   # an agreed undo
        self._frame, self._last_move, self.host = frame, frame.move, frame.host
        self.undo_on = frame.table.undo
        self._seats(frame.seats)
        if frame.status == "waiting":
            self.match = None
            self._hand_out(self._changes([Started()]))
            return
        playing = frame.status == "playing"
        finished = frame.hand + (0 if playing else 1)
        if self.you is None and finished == 0:
            self.match = None    # a spectator before the first hand ends: no hand of its own to show
            self._hand_out(self._changes([Started()]))
            self._watching(frame.to_act)
            return
        before = self.match
        try:
            m = self._mirror(finished)
        except MirrorError as exc:
            self._mirror_failed(exc)
            return
        if playing and self.you is not None:
            assert frame.view is not None
            view = decode_view(frame.game, frame.view)
            events = [decode_event(e) for e in frame.events]
            if m.hand_over():
                m.next_hand()
            if back or not isinstance(m.state, RemoteState):
                m.hand_events.clear()
                self._own_moves = 0
            dealer = next((e.data["dealer"] for e in events if isinstance(e.data.get("dealer"), int)), None)
            if dealer is not None:
                m.dealer = dealer
            m.state = RemoteState(self.you, view, events, tuple(frame.to_act))   # type: ignore[assignment]
        self.match = m
        steps: list[Step] = [Started(rewound=back)]
        if not playing:
            steps.append(HandEnded())
            if m.is_over():
                steps.append(MatchEnded())
        if self.you is not None or m is not before or not playing:
            self._hand_out(self._changes(steps))
        if playing and self.you is None:
            self._watching(frame.to_act)

    def _watching(self, to_act: Sequence[int]) -> None:
        self._tell(Watching(self.hand, self.move - sum(len(a) for a in self.actions[:self.hand]), tuple(to_act)))

    def _mirror_failed(self, exc: MirrorError) -> None:
        log.warning("the table's hands cannot be mirrored: %s", exc)
        self._tell(Refused("server_error", str(exc)))

    def _mirror(self, finished: int) -> Match:
        """The match of the table's ``finished`` hands, each played again and checked (its last
        finished hand on the table)."""
        frame = self._frame
        assert frame is not None
        if len(self.records) < finished:
            raise MirrorError("the table's finished hands did not all come")
        m = self.match
        if m is None or m.spec.id != frame.game or self._hands_done > finished:
            m = Match(get_game(frame.game), len(frame.seats), 0, frame.options, frame.match_options)
            self._hands_done = 0
        for i in range(self._hands_done, finished):
            if m.hand_index < i:
                m.next_hand()
            replay_hand(m, self.records[i], self.actions[i])
            if i == 0:   # the table's own number stays secret: the first hand's deal number stands for it
                m.seed, m.first_deal = m.hand_seed, (m.hand_seed, m.dealer)
            self._hands_done = i + 1
        return m

    def _moved(self, frame: Moved) -> None:
        self.move, self.status, self._sent, self._hint_at = frame.move, frame.status, None, None
        events = [decode_event(e) for e in frame.events]
        if frame.status != "playing":
            self._ending = (frame.seat, events)
            if len(self.records) > self.hand:
                self._hand_over()
            return
        m = self.match
        if self.you is None:
            self._watching(frame.to_act)
            return
        if m is None or not isinstance(m.state, RemoteState) or frame.view is None:
            return
        try:
            view = decode_view(m.spec.id, frame.view)
        except DecodeError:
            log.warning("a view that cannot be read")
            return
        m.state.moved(view, tuple(frame.to_act))
        m.hand_events.extend(events)
        self._last_move = frame.move
        if frame.seat == self.you:
            self._own_moves += 1
        self._hand_out(self._changes([Played(frame.seat, tuple(events), tuple(events))], shown=True,
                                     events=events))

    def _hand_over(self) -> None:
        """The hand's last move came, and its record: the hand played again for real, then told."""
        assert self._ending is not None
        seat, events = self._ending
        self._ending = None
        try:
            m = self._mirror(self.hand + 1)
        except MirrorError as exc:
            self._mirror_failed(exc)
            return
        if self.you is None:    # a spectator: the finished hand on the table
            self.match = m
            steps: list[Step] = [Started(), HandEnded()]
        else:
            steps = [Played(seat, tuple(events), tuple(events)), HandEnded()]
        if m.is_over():
            steps.append(MatchEnded())
        self._hand_out(self._changes(steps, shown=True, events=events))

    # -- handing out ------------------------------------------------------------------------------
    def _changes(self, steps: list[Step], *, done: bool = True, shown: bool = False,
                 events: Sequence[Event] = ()) -> Changes:
        m = self.match
        views: tuple[SeatView, ...] = ()
        seen = self.you is not None or (m is not None and m.hand_over())   # (a spectator: a finished hand)
        if m is not None and seen and (shown or any(isinstance(s, Started) for s in steps)):
            views = (SeatView(self.human_seat, self.view(), tuple(e.for_viewer(self.you) for e in events)),)
        return Changes(
            done=done, steps=tuple(steps), views=views, public_events=tuple(e.for_viewer(None) for e in events),
            viewer=self.human_seat, log_viewer=self.log_viewer,
            standings=tuple(m.standings()) if m is not None else (),
            to_act=tuple(m.state.to_act()) if m is not None and not m.hand_over() else (),
            waiting_for_human=self.waiting_for_human(), can_undo=self.can_undo(), paused=False,
            hint_pending=self.hint_pending)

    def _hand_out(self, changes: Changes) -> None:
        if self.listener is not None:
            self.listener(changes)
        if self.auto_action is not None and self.waiting_for_human() and self._auto_at != self.move:
            self._auto_at = self.move
            self.scheduler.call_later(self.pace_ms, self._auto_play)

    def _auto_play(self) -> None:
        """The move the game makes for the person as their settings ask, if it is still theirs."""
        m = self.match
        if m is None or self.auto_action is None or not self.waiting_for_human():
            return
        action = self.auto_action(m.spec.id, self.view(), self.settings)
        if action is not None:
            self._hand_out(self.play(action))

    def _tell(self, step: NetStep) -> None:
        if self.net_listener is not None:
            self.net_listener(step)


__all__ = ["ChatReceived", "ConnectionChanged", "MirrorError", "NetStep", "Refused", "RemoteSession", "RemoteState",
           "Removed", "SeatsChanged", "TableClosing", "UndoAsked", "UndoRefused", "Watching", "deal_hand",
           "replay_hand"]
