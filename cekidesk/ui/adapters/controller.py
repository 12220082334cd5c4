"""The controller: the window's adapter of the :class:`~cekidesk.session.session.Session`.

The session (``cekidesk/session``, no Qt) owns the match and its seats, asks the computer players,
paces them, keeps undo and redo, the replay of the last round, the hint, the hand-over between
people, the lesson's guide and the autosave's timing.  The controller gives it a Qt scheduler
(:class:`QtScheduler`: ``QTimer`` for the pace, a ``QThreadPool`` worker for a computer player's
decision, its answer brought back to the UI thread through a queued signal) and the autosave's
writer (:class:`~cekidesk.ui.adapters.autosaver.Autosaver`), forwards the window's calls, and turns every
:class:`~cekidesk.session.changes.Changes` into its signals: ``changes(Changes)`` first, then the
older signals one by one, in the order things happened.

A bot that searches (Hard, Expert) thinks in the bot process (:class:`~cekidesk.bots.process.BotProcess`);
the worker only waits for its reply.  The table never judges legality: it shows ``view.legal`` and
hands back the chosen action, which the session gives to the engine.
"""
from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import TypeVar

from PySide6.QtCore import QObject, QThreadPool, QTimer, Signal, Slot

from cekidesk.bots import bot_levels
from cekidesk.bots.process import BotProcess
from cekidesk.engine.bot import Bot
from cekidesk.engine.core import Action, Event, View
from cekidesk.engine.match import Match
from cekidesk.net.remote import RemoteSession
from cekidesk.persistence.saves import Seat
from cekidesk.session import (
    AutosaveRestored,
    Changes,
    Guide,
    HandEnded,
    HintReady,
    MatchEnded,
    PausedChanged,
    Played,
    Problem,
    ReplayEnded,
    ReplayFrame,
    ScreenChanged,
    Session,
    Started,
    Step,
    Thinking,
)
from cekidesk.session.bots import HINT_FALLBACK, HINT_LEVEL, BotTask
from cekidesk.ui.adapters.autosaver import Autosaver
from cekidesk.ui.games import game_ui

log = logging.getLogger(__name__)

T = TypeVar("T")

# (kept here for the callers that know them by these names)
_BotTask = BotTask
__all__ = ["HINT_FALLBACK", "HINT_LEVEL", "GameController", "Guide", "QtScheduler"]


class _Delivery(QObject):
    done = Signal(object)   # a callable with its result bound, run on the UI thread


class _Job:
    """One job for the pool, as a plain callable: PySide keeps a started ``QRunnable`` subclass alive
    as a child of the pool, one per move for the whole session; a callable is let go when it has run."""

    def __init__(self, job: Callable[[], T], done: Callable[[T], None], sink: _Delivery):
        self.job, self.done, self.sink = job, done, sink

    def __call__(self) -> None:  # worker thread
        job, done, sink = self.job, self.done, self.sink
        del self.job, self.done
        result = job()
        sink.done.emit(lambda: done(result))


class _TimerHandle:
    """A call asked of :class:`QtScheduler`: a single-shot ``QTimer`` of its own."""

    def __init__(self, parent: QObject, ms: int, fn: Callable[[], None]):
        self._fn: Callable[[], None] | None = fn
        self._timer: QTimer | None = QTimer(parent)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._fire)
        self._timer.start(ms)

    def _fire(self) -> None:
        fn = self._fn
        self.cancel()
        if fn is not None:
            fn()

    def cancel(self) -> None:
        self._fn = None
        if self._timer is not None:
            self._timer.stop()
            self._timer.timeout.disconnect(self._fire)
            self._timer.deleteLater()
            self._timer = None


class QtScheduler(QObject):
    """The session's :class:`~cekidesk.session.scheduler.Scheduler` in Qt: a ``QTimer`` per call, one
    ``QThreadPool`` worker for the jobs (one at a time, in order), results back through a queued signal."""

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(1)
        self._sink = _Delivery()
        self._sink.done.connect(self._deliver)

    def call_later(self, ms: int, fn: Callable[[], None]) -> _TimerHandle:
        return _TimerHandle(self, ms, fn)

    def run_off_thread(self, job: Callable[[], T], done: Callable[[T], None]) -> None:
        self.pool.start(_Job(job, done, self._sink))

    def wait_idle(self, ms: int) -> bool:
        return self.pool.waitForDone(ms)

    @Slot(object)
    def _deliver(self, call: Callable[[], None]) -> None:
        call()


class GameController(QObject):
    """One session at the table, for the window.

    Signals:
      * ``changes(Changes)`` — what one operation of the session changed (every other signal below
        follows it, telling the same in pieces);
      * ``started`` — a new or loaded match is in place (the table rebuilds);
      * ``changed(events)`` — an action was played; ``events`` as the human seat may see them;
      * ``handEnded`` / ``matchEnded`` — after the hand's (the match's) last action;
      * ``thinking(seat)`` — a computer player started thinking (−1: nobody);
      * ``problem(message_code, detail)`` — something the window should tell the player;
      * ``autosaveRestored`` — an autosave succeeded after ``problem("autosave_failed", …)``;
      * ``hintReady(decision)`` — the answer to :meth:`request_hint` for the position it was asked
        in (None: no hint could be found); a hint whose position has moved on is dropped;
      * ``pausedChanged(paused)`` — the computer players were paused or go on;
      * ``replayFrame(view, events)`` / ``replayEnded`` — the replay of the last round of moves;
      * ``screenChanged`` — several people at one computer: the table was hidden between two
        people's turns, or shows the viewer's hand again (:attr:`screened`, :attr:`human_seat`).

    :meth:`undo`, :meth:`redo` and :meth:`restart_deal` rebuild the match from its log and emit
    ``started`` (with :attr:`rewound` true meanwhile), then ``handEnded`` if a redo ends a hand
    again — so ``handEnded`` may come twice for one hand.
    """

    changes = Signal(object)
    started = Signal()
    changed = Signal(list)
    handEnded = Signal()
    matchEnded = Signal()
    thinking = Signal(int)
    problem = Signal(str, str)
    autosaveRestored = Signal()
    hintReady = Signal(object)
    pausedChanged = Signal(bool)
    replayFrame = Signal(object, list)
    replayEnded = Signal()
    screenChanged = Signal()
    #: a networked table's own news (:data:`cekidesk.net.remote.NetStep`: seats, chat, connection …)
    netStep = Signal(object)
    #: a new, opened or restarted local game replaced the networked table
    remoteEnded = Signal()

    def __init__(self, pace_ms: int = 600, autosave: bool = True, parent: QObject | None = None):
        super().__init__(parent)
        self.scheduler = QtScheduler(self)
        self._autosaver = Autosaver(self)   # writes on a thread of its own: no move waits for the disk
        self._autosaver.finished.connect(self._autosaved)
        self.session = Session(self.scheduler, pace_ms=pace_ms, autosave=autosave, writer=self._autosaver,
                               auto_action=_auto_action, hint_levels=lambda game_id: bot_levels(game_id))
        self.session.listener = self._arrived
        #: the local session while a networked table is on (:meth:`use_remote`)
        self._local: Session | None = None
        #: the match is being rebuilt by an undo, a redo or a restart (while ``started`` is emitted)
        self.rewound = False
        # the latest move's events as the game log may show them (:attr:`log_viewer`'s secrets only)
        self.logged_events: list[Event] = []
        self._telling = False    # ``started`` is emitted for a Started step of the session
        self.started.connect(self._started_elsewhere)   # (first: the window rebuilds the table after it)

    # -- the session's changes as signals ----------------------------------------------------
    def _arrived(self, changes: Changes) -> None:
        """What happened by itself (a computer player's move, a frame of the replay…)."""
        self._deliver(changes)

    def _deliver(self, changes: Changes) -> Changes:
        self.changes.emit(changes)
        for step in changes.steps:
            self._signal(step)
        return changes

    def _signal(self, step: Step) -> None:
        if isinstance(step, Started):
            self.rewound, self._telling = step.rewound, True
            try:
                self.started.emit()
            finally:
                self.rewound, self._telling = False, False
        elif isinstance(step, Played):
            self.logged_events = list(step.log_events)
            self.changed.emit(list(step.events))
        elif isinstance(step, HandEnded):
            self.handEnded.emit()
        elif isinstance(step, MatchEnded):
            self.matchEnded.emit()
        elif isinstance(step, Thinking):
            self.thinking.emit(step.seat)
        elif isinstance(step, Problem):
            self.problem.emit(step.code, step.detail)
        elif isinstance(step, AutosaveRestored):
            self.autosaveRestored.emit()
        elif isinstance(step, HintReady):
            self.hintReady.emit(step.decision)
        elif isinstance(step, PausedChanged):
            self.pausedChanged.emit(step.paused)
        elif isinstance(step, ReplayFrame):
            self.replayFrame.emit(step.view, list(step.events))
        elif isinstance(step, ReplayEnded):
            self.replayEnded.emit()
        elif isinstance(step, ScreenChanged):
            self.screenChanged.emit()

    @Slot()
    def _started_elsewhere(self) -> None:
        """``started`` emitted by someone else than the session (the window's own rebuild): the
        table is screened anew as after a start."""
        if not self._telling:
            self._deliver(self.session.screen_anew())

    @Slot(str)
    def _autosaved(self, error: str) -> None:
        """What the autosaver did: ``error`` is empty when it worked."""
        if self._local is not None:    # (the local autosave, while a networked table is on)
            self._local.autosaved(error)
            return
        self._deliver(self.session.autosaved(error))

    # -- a networked table ----------------------------------------------------------------------
    @property
    def remote(self) -> RemoteSession | None:
        """The networked table on, if one is (None: the local session)."""
        return self.session if isinstance(self.session, RemoteSession) else None

    def use_remote(self, remote: RemoteSession) -> None:
        """Sit at a networked table: the controller forwards to ``remote`` from now on; the local
        session (its match, its autosave) waits as it is, its computer players stopped."""
        if self._local is None:
            self._local = self.session
            self._deliver(self._local.stop())
        remote.settings = self.session.settings
        remote.pace_ms = self.session.pace_ms
        remote.auto_action = _auto_action
        remote.listener = self._arrived
        remote.net_listener = self.netStep.emit
        self.session = remote  # type: ignore[assignment]  # (the same surface: net/remote.py)

    def _local_again(self) -> None:
        """A local game replaces the networked table (the window's New Game, Open…)."""
        local, self._local = self._local, None
        if local is not None:
            remote = self.remote
            if remote is not None:
                remote.listener = remote.net_listener = None
            self.session = local
            self.remoteEnded.emit()

    def use_local(self) -> None:
        """Back to the local session after a networked table: its match on the table again, as it was."""
        local, self._local = self._local, None
        if local is None:
            return
        remote = self.remote
        if remote is not None:
            remote.listener = remote.net_listener = None
        self.session = local
        m = local.match
        if m is not None:
            self._deliver(local.start(m, local.seats, dict(local.bots), undo_allowed=local.undo_allowed,
                                      undone_hands=local.undone_hands,
                                      counts_for_statistics=local.counts_for_statistics))
        else:
            self._deliver(local.stop())

    # -- the session's state ------------------------------------------------------------------
    @property
    def match(self) -> Match | None:
        return self.session.match

    @property
    def seats(self) -> tuple[Seat, ...]:
        return self.session.seats

    @property
    def bots(self) -> dict[int, Bot]:
        return self.session.bots

    @property
    def pace_ms(self) -> int:
        return self.session.pace_ms

    @pace_ms.setter
    def pace_ms(self, ms: int) -> None:
        self.session.pace_ms = ms

    @property
    def autosave(self) -> bool:
        return self.session.autosave

    @autosave.setter
    def autosave(self, on: bool) -> None:
        self.session.autosave = on

    @property
    def settings(self) -> object | None:
        """The player's settings, for the moves a game makes for them (``GameUI.auto_action``)."""
        return self.session.settings

    @settings.setter
    def settings(self, settings: object | None) -> None:
        self.session.settings = settings

    @property
    def counts_for_statistics(self) -> bool:
        """Whether the match's hands go into the player's statistics (False for a lesson)."""
        return self.session.counts_for_statistics

    @counts_for_statistics.setter
    def counts_for_statistics(self, counts: bool) -> None:
        self.session.counts_for_statistics = counts

    @property
    def paused(self) -> bool:
        return self.session.paused

    @paused.setter
    def paused(self, paused: bool) -> None:
        self.session.paused = paused

    @property
    def guide(self) -> Guide | None:
        """A lesson's guide (``cekidesk.ui.window.coach``); it guides only while its match is this one's."""
        return self.session.guide

    @guide.setter
    def guide(self, guide: Guide | None) -> None:
        self.session.guide = guide

    @property
    def undo_allowed(self) -> bool:
        return self.session.undo_allowed

    @property
    def undone_hands(self) -> frozenset[int]:
        return self.session.undone_hands

    @property
    def autosave_failing(self) -> bool:
        return self.session.autosave_failing

    @property
    def hint_pending(self) -> bool:
        return self.session.hint_pending

    @property
    def human_seat(self) -> int:
        return self.session.human_seat

    @property
    def human_seats(self) -> tuple[int, ...]:
        return self.session.human_seats

    @property
    def log_viewer(self) -> int | None:
        return self.session.log_viewer

    @property
    def replaying(self) -> bool:
        return self.session.replaying

    @property
    def screened(self) -> bool:
        return self.session.screened

    # (what tests look into)
    @property
    def _pending(self) -> tuple[int, int, Action] | None:
        return self.session.pending

    @property
    def _busy_seat(self) -> int:
        return self.session.busy_seat

    @property
    def _redo(self) -> list[list[list[Action]]]:
        return self.session.undo_stack.redo

    @property
    def _process(self) -> BotProcess:
        return self.session.process

    @property
    def _pool(self) -> QThreadPool:
        return self.scheduler.pool

    # -- sessions -------------------------------------------------------------------------
    @staticmethod
    def make_bots(match: Match, seats: Sequence[Seat], budgets: Mapping[str, float] | None = None) -> dict[int, Bot]:
        """The computer players of ``seats`` (see :func:`cekidesk.session.seats.make_bots`)."""
        return Session.make_bots(match, seats, budgets)

    def start(self, match: Match, seats: Sequence[Seat], bots: dict[int, Bot] | None = None, *,
              undo_allowed: bool | None = None, undone_hands: Iterable[int] = (),
              counts_for_statistics: bool = True) -> None:
        """Replace the session's match (see :meth:`Session.start`)."""
        self._local_again()
        self._deliver(self.session.start(match, seats, bots, undo_allowed=undo_allowed, undone_hands=undone_hands,
                                         counts_for_statistics=counts_for_statistics))

    def new_match(self, game_id: str, seats: Sequence[Seat], seed: int,
                  options: dict | None = None, match_options: dict | None = None) -> None:
        self._local_again()
        self._deliver(self.session.new_match(game_id, seats, seed, options, match_options))

    def load(self, path: str | Path) -> None:
        """Open a save file; raises :class:`SaveFileError` (nothing changes) if it is bad."""
        self._local_again()
        self._deliver(self.session.load(path))

    def save_as(self, path: str | Path) -> None:
        self.session.save_as(path)

    def stop(self) -> None:
        """Forget the session (bots' late answers are ignored; a search is cancelled)."""
        self._deliver(self.session.stop())

    def shutdown(self) -> None:
        """The app quits: forget the session and end the bot process at once."""
        if self._local is not None:
            self._local.shutdown()
        self._deliver(self.session.shutdown())

    # -- what the window reads -------------------------------------------------------------
    def view(self) -> View:
        return self.session.view()

    def deal_events(self) -> list[Event]:
        return self.session.deal_events()

    def events_for_log(self, events: Sequence[Event]) -> list[Event]:
        return self.session.events_for_log(events)

    def waiting_for_human(self) -> bool:
        return self.session.waiting_for_human()

    def passing_to(self) -> int | None:
        return self.session.passing_to()

    def can_undo(self) -> bool:
        return self.session.can_undo()

    def can_redo(self) -> bool:
        return self.session.can_redo()

    def can_restart(self) -> bool:
        return self.session.can_restart()

    def can_replay(self) -> bool:
        return self.session.can_replay()

    def guiding(self) -> Guide | None:
        return self.session.guiding()

    def hint_level(self) -> str | None:
        return self.session.hint_level()

    def replay_ms(self) -> int:
        return self.session.replay_ms()

    def flush_autosave(self) -> bool:
        return self.session.flush_autosave()

    def autosave_exists(self) -> bool:
        return self.session.autosave_exists()

    # -- what the window does ----------------------------------------------------------------
    def _done(self, changes: Changes) -> bool:
        return self._deliver(changes).done

    @Slot(object)
    def play(self, action: Action) -> bool:
        """The human's move.  Returns False (and changes nothing) if it is not legal now."""
        return self._done(self.session.play(action))

    def next_hand(self) -> None:
        self._deliver(self.session.next_hand())

    def set_paused(self, paused: bool) -> None:
        self._deliver(self.session.set_paused(paused))

    def hold(self, on: bool) -> None:
        self.session.hold(on)

    def step(self) -> bool:
        return self._done(self.session.step())

    def skip_pacing(self) -> None:
        self._deliver(self.session.skip_pacing())

    def reveal(self) -> bool:
        return self._done(self.session.reveal())

    def request_hint(self) -> bool:
        return self._done(self.session.hint())

    def start_replay(self) -> bool:
        return self._done(self.session.start_replay())

    def stop_replay(self) -> None:
        self._deliver(self.session.stop_replay())

    def guide_read(self) -> None:
        self._deliver(self.session.guide_read())

    def undo(self) -> bool:
        return self._done(self.session.undo())

    def redo(self) -> bool:
        return self._done(self.session.redo())

    def restart_deal(self) -> bool:
        return self._done(self.session.restart_deal())


def _auto_action(game_id: str, view: View, settings: object | None) -> Action | None:
    """The move the game's UI makes for the person as their settings ask (``GameUI.auto_action``)."""
    return game_ui(game_id).auto_action(view, settings)
