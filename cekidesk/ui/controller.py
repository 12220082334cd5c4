"""The controller: owns the match and its seats, plays the computer players on a worker thread,
paces their moves, autosaves, and tells the window what changed.

The table never judges legality: it shows ``view.legal`` and hands back the chosen action, which the
controller gives to the engine.  Bots are asked from a ``QThreadPool`` worker and get only the view
of their seat; their answer comes back to the main thread through a queued signal.  A bot that
searches (``Bot.searches``: Hard, Expert) thinks in the bot process
(:class:`~cekidesk.bots.process.BotProcess`): a search on a thread would hold the interpreter lock
and freeze the window.  The worker then only waits for the process's reply, and the bot object the
process sends back (with its memory) replaces the seat's.  A search is cancelled whenever the game
moves on without it (a new game, an opened one, :meth:`GameController.stop`, quitting).
"""
from __future__ import annotations

import logging
import random
import time
from collections.abc import Iterable, Mapping, Sequence
from typing import Protocol

from PySide6.QtCore import QObject, QThreadPool, QTimer, Signal, Slot

from cekidesk.bots import bot_levels, make_bot
from cekidesk.bots.process import BotProcess
from cekidesk.engine.bot import Bot, Decision
from cekidesk.engine.core import Action, EngineError, Event, GameState, View
from cekidesk.engine.match import Match
from cekidesk.games import new_match
from cekidesk.persistence import paths
from cekidesk.persistence.saves import (
    SaveFileError,
    Seat,
    load_match,
    match_to_document,
    save_bytes,
    save_match,
    undo_allowed_by_default,
)
from cekidesk.ui.autosaver import Autosaver
from cekidesk.ui.games import game_ui

log = logging.getLogger(__name__)


# the level the hint asks, and the one it falls back to (in-thread) in a game without it
HINT_LEVEL = "hard"
HINT_FALLBACK = "normal"


class Guide(Protocol):
    """A lesson's guide (:class:`cekidesk.ui.coach.Coach`): while the controller's match is one it
    ``guides`` (the lesson's, or the same rebuilt by an undo), the person may make only the moves it
    ``allows``, the view the table gets is narrowed to them (``narrow``), and nobody moves while it is
    ``waiting`` (a note is being read).  A lesson is never autosaved and no move is made for the
    person by their settings."""

    def guides(self, match: Match) -> bool: ...

    def narrow(self, view: View) -> View: ...

    def allows(self, action: Action) -> bool: ...

    def waiting(self) -> bool: ...


class _BotSignals(QObject):
    done = Signal(int, int, object, object)   # token, seat, Decision, the bot after it (None: the same)
    failed = Signal(int, int, str)            # token, seat, message


class _BotTask:
    """One bot decision, run by the pool as a plain callable: PySide keeps a started ``QRunnable``
    subclass (with its view and RNG, ~7 kB) alive as a child of the pool, one per move for the whole
    session; a callable is let go when it has run.  With a ``process`` (a searching bot) the worker
    only waits for the bot process's reply: a blocking pipe read lets the UI thread run."""

    def __init__(self, token: int, seat: int, bot: Bot, view: View, rng: random.Random, sink: _BotSignals,
                 process: BotProcess | None = None, job: int = 0):
        self.token, self.seat, self.bot, self.view, self.rng, self.sink = token, seat, bot, view, rng, sink
        self.process, self.job = process, job

    def __call__(self) -> None:  # worker thread: touches only its own arguments
        if self.process is not None:
            reply = self.process.run(self.job, self.bot, self.view, self.rng)
            if reply.cancelled:
                return
            if reply.decision is None:
                self.sink.failed.emit(self.token, self.seat, reply.error)
            else:
                self.sink.done.emit(self.token, self.seat, reply.decision, reply.bot)
            return
        try:
            decision = Decision(self.bot.choose(self.view, self.rng))
        except Exception as exc:  # a bot bug must not take the app down
            self.sink.failed.emit(self.token, self.seat, f"{type(exc).__name__}: {exc}")
            return
        self.sink.done.emit(self.token, self.seat, decision, None)


class GameController(QObject):
    """One session at the table.

    Signals:
      * ``started`` — a new or loaded match is in place (the table rebuilds);
      * ``changed(events)`` — an action was played; ``events`` as the human seat may see them;
      * ``handEnded`` / ``matchEnded`` — after the hand's (the match's) last action;
      * ``thinking(seat)`` — a computer player started thinking (−1: nobody);
      * ``problem(message_code, detail)`` — something the window should tell the player;
      * ``autosaveRestored`` — an autosave succeeded after ``problem("autosave_failed", …)``;
      * ``hintReady(decision)`` — the answer to :meth:`request_hint` for the position it was asked
        in (a :class:`~cekidesk.engine.bot.Decision`; None: no hint could be found).  A hint whose
        position has moved on meanwhile is dropped: no signal;
      * ``pausedChanged(paused)`` — the computer players were paused or go on;
      * ``replayFrame(view, events)`` / ``replayEnded`` — the replay of the last round of moves
        (:meth:`start_replay`): a position as the human saw it, with the events that led to it; then
        the live position is the table's again;
      * ``screenChanged`` — several people at one computer: the table was hidden between two
        people's turns, or shows the viewer's hand again (:attr:`screened`, :attr:`human_seat`).

    :meth:`undo`, :meth:`redo` and :meth:`restart_deal` rebuild the match from its log and emit
    ``started`` (with :attr:`rewound` true meanwhile), then ``handEnded`` if a redo ends a hand
    again — so ``handEnded`` may come twice for one hand.
    """

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

    def __init__(self, pace_ms: int = 600, autosave: bool = True, parent: QObject | None = None):
        super().__init__(parent)
        self.match: Match | None = None
        self.seats: tuple[Seat, ...] = ()
        self.bots: dict[int, Bot] = {}
        self.pace_ms = pace_ms
        self.autosave = autosave
        # the player's settings, for the moves a game makes for them (``GameUI.auto_action``)
        self.settings: object | None = None
        #: whether the match's hands go into the player's statistics: False for a lesson and for
        #: anything that is not a real match (set by :meth:`start`, or after it)
        self.counts_for_statistics = True
        self.paused = False
        # the table deals a hand: a computer player's move waits until it is dealt (:meth:`hold`)
        self._held = False
        self._step = False              # paused, one computer move may be played (:meth:`step`)
        # the hand's state before the human's latest move and that move's index in the hand's log
        # (what the replay starts from); None: the human has not moved in this hand since it was shown
        self._turn_start: tuple[GameState, int] | None = None
        self._replay: list[Action] = []   # the moves the replay has still to show
        self._replay_state: GameState | None = None
        self._replay_timer = QTimer(self)
        self._replay_timer.setSingleShot(True)
        self._replay_timer.timeout.connect(self._replay_next)
        self.autosave_failing = False   # the last autosave failed (and that was told)
        self._token = 0
        self._busy_seat = -1
        self._asked_at = 0.0
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._sink = _BotSignals()
        self._sink.done.connect(self._bot_done)
        self._sink.failed.connect(self._bot_failed)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._apply_pending)
        self._pending: tuple[int, int, Action] | None = None
        self._process = BotProcess()    # started when a searching bot is first asked
        self._last_job = 0              # the last job given to the bot process
        self._hint_job = 0              # the hint being searched for the position on the table (0: none)
        self._hint_sink = _BotSignals()
        self._hint_sink.done.connect(self._hint_done)
        self._hint_sink.failed.connect(self._hint_failed)
        self._autosaver = Autosaver(self)   # writes on a thread of its own: no move waits for the disk
        self._autosaver.finished.connect(self._autosaved)
        self._init_undo()
        # a lesson's guide (``cekidesk.ui.coach``); it guides only while its match is this one's
        self.guide: Guide | None = None
        self._viewer = 0           # the human seat whose view the table shows (human_seat)
        self._screened = False     # several humans: the table hides every hand until the viewer is ready
        self._announced: tuple[int, bool, int | None] = (0, False, None)   # as the window was last told
        # the latest move's events as the game log may show them (:attr:`log_viewer`'s secrets only)
        self.logged_events: list[Event] = []
        self.started.connect(self._screen_anew)   # (first: the window rebuilds the table after it)

    # -- sessions -------------------------------------------------------------------------
    @staticmethod
    def make_bots(match: Match, seats: Sequence[Seat], budgets: Mapping[str, float] | None = None) -> dict[int, Bot]:
        """The computer players of ``seats`` for ``match``, by seat; ``budgets``: the thinking time
        by level the player chose (``Settings.bot_budgets``; other levels think for their default
        time).  Raises ``ValueError`` (a :class:`~cekidesk.bots.BotError` for an unknown level) if
        the table cannot play these seats: one per player, at least one of them human (with several,
        the table shows one person's hand at a time)."""
        if len(seats) != match.n_players:
            raise ValueError("one seat per player is needed")
        if not any(s.kind == "human" for s in seats):
            raise ValueError("at least one human seat is needed")
        # a Seat has a level exactly when it is a computer player's
        budgets = budgets or {}
        return {i: make_bot(match.spec.id, s.level, i, budget=budgets.get(s.level))
                for i, s in enumerate(seats) if s.level is not None}

    def start(self, match: Match, seats: Sequence[Seat], bots: dict[int, Bot] | None = None, *,
              undo_allowed: bool | None = None, undone_hands: Iterable[int] = (),
              counts_for_statistics: bool = True) -> None:
        """Replace the session by ``match`` with ``seats`` (and ``bots`` from :meth:`make_bots`, made
        here if not given).  ``undo_allowed``: whether moves may be taken back in this match (None:
        in a practice match, not in a money match); ``undone_hands``: the hands in which that was
        done already (a loaded save); ``counts_for_statistics`` False keeps its hands out of the
        player's statistics.  Raises ``ValueError`` before anything is replaced if the seats cannot
        be played."""
        if bots is None:
            bots = self.make_bots(match, seats)
        self.counts_for_statistics = counts_for_statistics
        self._forget_moves()
        self._turn_start = None
        self.match = match
        self.seats = tuple(seats)
        self.bots = bots
        self._init_undo(undo_allowed_by_default(match.match_options) if undo_allowed is None else undo_allowed,
                        undone_hands)
        self._viewer = self.human_seats[0]
        self._autosave()
        self.started.emit()
        self._after_change()

    def new_match(self, game_id: str, seats: Sequence[Seat], seed: int,
                  options: dict | None = None, match_options: dict | None = None) -> None:
        self.start(new_match(game_id, len(seats), seed, options, match_options), seats)

    def load(self, path) -> None:
        """Open a save file; raises :class:`SaveFileError` (nothing changes) if it is bad."""
        loaded = load_match(path)
        self.start(loaded.match, loaded.seats, undo_allowed=loaded.undo_allowed, undone_hands=loaded.undone_hands)

    def save_as(self, path) -> None:
        if self.match is not None:
            save_match(path, self.match, self.seats, undo_allowed=self.undo_allowed, undone_hands=self.undone_hands)

    def stop(self) -> None:
        """Forget the session (bots' late answers are ignored; a search is cancelled)."""
        self._forget_moves()
        self._pool.waitForDone(2000)

    def shutdown(self) -> None:
        """The app quits: forget the session and end the bot process at once (a search in progress
        stops within one imagined deal; the process is ended, terminated if need be)."""
        self._forget_moves()
        self._process.close()
        self._pool.waitForDone(2000)
        if not self.flush_autosave():
            log.warning("the autosave was still being written when CekiDesk quit")

    def _forget_moves(self) -> None:
        """The session is replaced or ends: every answer still to come is ignored, every search
        running or waiting to run in the bot process is cancelled."""
        self._token += 1
        self._end_replay()
        self._timer.stop()
        self._pending = None
        self._held = False
        self._busy_seat = -1
        self._hint_job = 0
        if self._last_job:
            self._process.cancel(self._last_job)

    def _new_job(self) -> int:
        self._last_job = self._process.next_job()
        return self._last_job

    @property
    def hint_pending(self) -> bool:
        """A hint is being searched for the position on the table."""
        return self._hint_job != 0

    # -- what the window reads -------------------------------------------------------------
    @property
    def human_seat(self) -> int:
        """The seat whose view the table shows now: the only human, or (several people at one
        computer) the human whose turn it is, or was last."""
        return self._viewer

    @property
    def human_seats(self) -> tuple[int, ...]:
        """Every seat a person plays, in seat order."""
        return tuple(i for i, s in enumerate(self.seats) if s.kind == "human")

    @property
    def log_viewer(self) -> int | None:
        """Whose secrets the game log and the shared texts may show: the only human's; with several
        people at one computer nobody's (the log stays on screen while another person plays)."""
        return self._viewer if len(self.human_seats) == 1 else None

    def view(self) -> View:
        assert self.match is not None, "a view needs a match"
        view = self.match.state.view(self.human_seat)
        guide = self.guiding()
        return view if guide is None else guide.narrow(view)

    def deal_events(self) -> list[Event]:
        assert self.match is not None, "a hand's deal needs a match"
        return [e.for_viewer(self.human_seat) for e in self.match.state.deal_events]

    def events_for_log(self, events: Sequence[Event]) -> list[Event]:
        """``events`` as the engine gave them (the deal's, ``Match.hand_events``), as the game log
        may show them: with the secrets of :attr:`log_viewer` only."""
        return [e.for_viewer(self.log_viewer) for e in events]

    def waiting_for_human(self) -> bool:
        """The person whose view the table shows may move now (with several people, once they have
        said they are ready)."""
        return bool(self.match and not self._screened and self.human_seat in self.match.state.to_act()
                    and self.seats[self.human_seat].kind == "human")

    # -- playing --------------------------------------------------------------------------
    @Slot(object)
    def play(self, action: Action) -> bool:
        """The human's move.  Returns False (and changes nothing) if it is not legal now."""
        if self.match is None or self.replaying or not self.waiting_for_human() or action.player != self.human_seat:
            return False
        guide = self.guiding()
        if guide is not None and not guide.allows(action):
            return False
        if self._pending is not None and self._pending[1] == self.human_seat:
            # the person chose before the move made for them was due: theirs counts
            self._pending = None
            self._timer.stop()
        try:
            events = self._apply(action)
        except EngineError:
            return False
        if self._hint_job and self._busy_seat < 0:
            # nobody else's search runs in the process: stop the hint's (cancelling a job cancels
            # the earlier ones too); otherwise its answer is simply dropped when it comes
            self._process.cancel(self._hint_job)
        self._played(events)
        return True

    def next_hand(self) -> None:
        if self.match is None or not self.match.hand_over() or self.match.is_over():
            return
        self.match.next_hand()
        if self._redo and len(self._redo[-1]) > 1:   # the moves taken back go on in this hand
            self._redo[-1].pop(0)
            self._redo_step_done()
        self._hint_job = 0
        self._turn_start = None
        self._autosave()
        self.started.emit()
        self._after_change()

    def _apply(self, action: Action) -> list[Event]:
        """Play ``action`` in the match; before the human's move, keep the state it is played in,
        which the replay of the last round starts from."""
        assert self.match is not None, "a move is played in a match"
        before = self.match.state.clone() if action.player == self.human_seat else None
        events = self.match.apply(action)
        if before is not None:
            self._turn_start = (before, len(self.match.logs[-1]) - 1)
        self._redo_played(action)
        return events

    def set_paused(self, paused: bool) -> None:
        """Stop the computer players (a move already chosen waits) or let them go on."""
        changed = paused != self.paused
        self.paused = paused
        self._step = False
        if paused:
            self._timer.stop()
        elif self._pending is not None:
            self._timer.start(0)
        else:
            self._after_change()
        if changed:
            self.pausedChanged.emit(paused)

    def hold(self, on: bool) -> None:
        """Keep a computer player's chosen move waiting while the table deals the hand (``on``), or
        let it come a pace after the deal is over (or skipped)."""
        was, self._held = self._held, on
        if was and not on and self._pending is not None and not self._timer.isActive() \
                and not (self.paused and not self._step):
            self._timer.start(self.pace_ms)

    def step(self) -> bool:
        """While paused: play exactly one computer player's move (the one waiting, else the next one
        asked).  False if there is nothing to step (not paused, the hand is over, the human's turn)."""
        m = self.match
        if m is None or not self.paused or m.hand_over() or self.replaying:
            return False
        if self._pending is None and self._busy_seat < 0 and not any(q in self.bots for q in m.state.to_act()):
            return False
        self._step = True
        if self._pending is not None:
            self._timer.start(0)
        else:
            self._after_change()
        return True

    def _played(self, events: list[Event]) -> None:
        self._hint_job = 0
        self._autosave()
        self._follow_turn()
        self.logged_events = self.events_for_log(events)
        self.changed.emit([e.for_viewer(self.human_seat) for e in events])
        assert self.match is not None, "a move is played in a match"
        if self.match.hand_over():
            self.handEnded.emit()
            if self.match.is_over():
                self.matchEnded.emit()
            return
        self._after_change()

    def _after_change(self) -> None:
        """Ask the next computer player who must act.  When several seats must act at once (a
        simultaneous decision), every bot seat among them is asked, one after the other as each
        answer is played, while the human may choose at any time."""
        m = self.match
        if m is None or m.hand_over() or (self.paused and not self._step) or self._busy_seat >= 0 \
                or self._pending or self.replaying or self._redo_waits() or self._guide_waits():
            return
        for seat in m.state.to_act():
            if seat in self.bots:
                self._ask_bot(seat)
                return
        self.thinking.emit(-1)
        if self.waiting_for_human():
            self._auto_play()

    def _auto_play(self) -> None:
        """The move the game's UI makes for the person at once, as their settings ask (e.g. claiming a
        winning card, ``GameUI.auto_action``): played after the pace, like a computer player's, so the
        table shows what happened first."""
        m = self.match
        assert m is not None, "a move is made in a match"
        if self.guiding() is not None:
            return   # a lesson teaches the move the settings would make
        action = game_ui(m.spec.id).auto_action(m.state.view(self.human_seat), self.settings)
        if action is None:
            return
        self._pending = (self._token, self.human_seat, action)
        self._timer.start(self.pace_ms)

    def _ask_bot(self, seat: int) -> None:
        m = self.match
        assert m is not None, "a computer player is asked in a match"
        view = m.state.view(seat)
        rng = random.Random(f"{m.seed}:{m.hand_index}:{len(m.logs[-1])}:{seat}")
        self._busy_seat = seat
        self._asked_at = time.monotonic()
        self.thinking.emit(seat)
        bot = self.bots[seat]
        process, job = (self._process, self._new_job()) if bot.searches else (None, 0)
        self._pool.start(_BotTask(self._token, seat, bot, view, rng, self._sink, process, job))

    @Slot(int, int, object, object)
    def _bot_done(self, token: int, seat: int, decision: Decision, bot: Bot | None) -> None:
        if token != self._token:
            return
        if bot is not None:   # the bot as it is after the decision, in the bot process (its memory)
            self.bots[seat] = bot
        self._busy_seat = -1
        self._pending = (token, seat, decision.action)
        if self.paused and not self._step:
            return   # it waits for the pause to end (or a step)
        waited = (time.monotonic() - self._asked_at) * 1000
        pace = 0 if self._screened else self.pace_ms   # (behind the screen nobody watches the move)
        self._timer.start(max(0, int(pace - waited)))

    @Slot()
    def _apply_pending(self) -> None:
        if self._pending is None or self.replaying or self._held or (self.paused and not self._step):
            return
        token, seat, action = self._pending
        self._pending = None
        self._step = False
        if token != self._token or self.match is None:
            return
        try:
            events = self._apply(action)
        except EngineError as exc:
            self.problem.emit("bot_illegal", f"seat {seat}: {exc}")
            return
        self._played(events)

    @Slot(int, int, str)
    def _bot_failed(self, token: int, seat: int, message: str) -> None:
        if token != self._token:
            return
        self._busy_seat = -1
        self.problem.emit("bot_failed", f"seat {seat}: {message}")

    # -- several people at one computer --------------------------------------------------------
    @property
    def screened(self) -> bool:
        """Several people play and the table hides every hand: between two people's turns, and
        until the person whose turn it is (:attr:`human_seat`) says they are ready (:meth:`reveal`)."""
        return self._screened

    def passing_to(self) -> int | None:
        """While :attr:`screened`: the person the computer is handed to (the one to move now), or
        None while only computer players move."""
        m = self.match
        if not self._screened or m is None or self._viewer not in m.state.to_act():
            return None
        return self._viewer

    def reveal(self) -> bool:
        """The person asked for (:meth:`passing_to`) is at the computer: the table shows their view
        and they may move.  False if nobody is asked for."""
        if self.passing_to() is None:
            return False
        self._screened = False
        self._announce()
        self._after_change()   # (a move the settings make for them, ``GameUI.auto_action``)
        return True

    @Slot()
    def _screen_anew(self) -> None:
        """A match or a hand was put on the table (a new one, a loaded one, the next hand, one
        rebuilt by an undo): with several people the table is hidden first, for whoever moves."""
        if len(self.human_seats) > 1:
            self._screened = True
            self._follow_turn(changed=True)
        elif self._screened:   # one person now: nothing is ever hidden
            self._screened = False
            self._announce()

    def _follow_turn(self, changed: bool = False) -> None:
        """Several people at one computer: the table follows the turn.  It keeps showing the person
        who moves on; it is hidden as soon as they have finished (the computer players' moves
        happen behind the screen), and then shows whichever person is to move once they say they
        are ready — in a round everybody chooses at once, the people one after the other.  The end
        of a hand is public: the table is shown.  ``changed``: tell the window even if nothing
        changed here (the table was rebuilt)."""
        m = self.match
        humans = self.human_seats
        if m is None or len(humans) < 2:
            return
        viewer = self._viewer
        acting = [] if m.hand_over() else [q for q in m.state.to_act() if q in humans]
        if m.hand_over():
            self._screened = False
        elif self._viewer not in acting:
            self._screened = True
            if acting:
                self._viewer = acting[0]
        if self._viewer != viewer:
            self._turn_start = None   # the replay of the last round is the new viewer's own
        self._announce(changed)

    def _announce(self, always: bool = False) -> None:
        """Emit ``screenChanged`` if what the window shows for it changed since it was last told
        (or ``always``)."""
        shown = (self._viewer, self._screened, self.passing_to())
        if always or shown != self._announced:
            self._announced = shown
            self.screenChanged.emit()

    # -- the hint -------------------------------------------------------------------------
    def hint_level(self) -> str | None:
        """The level whose move the hint shows in this game: Hard, else Normal (None: neither)."""
        if self.match is None:
            return None
        levels = bot_levels(self.match.spec.id)
        return next((level for level in (HINT_LEVEL, HINT_FALLBACK) if level in levels), None)

    def request_hint(self) -> bool:
        """Ask what the hint level would play for the human now; ``hintReady`` answers.  A searching
        level thinks in the bot process (the window goes on meanwhile); another answers at once,
        on this thread.  False (nothing asked) if no hint can be asked now or one is on its way."""
        m = self.match
        level = self.hint_level()
        if m is None or level is None or not self.waiting_for_human() or self._hint_job:
            return False
        view = self.view()
        rng = random.Random(f"hint:{m.seed}:{len(m.logs[-1])}")
        try:
            bot = make_bot(m.spec.id, level, self.human_seat)
            if not bot.searches:
                self.hintReady.emit(bot.decide(view, rng))
                return True
        except Exception as exc:  # a bot bug must not take the app down
            log.warning("no hint: %s", exc)
            self.hintReady.emit(None)
            return True
        self._hint_job = job = self._new_job()
        self._pool.start(_BotTask(job, self.human_seat, bot, view, rng, self._hint_sink, self._process, job))
        return True

    @Slot(int, int, object, object)
    def _hint_done(self, job: int, seat: int, decision: Decision, bot: Bot | None) -> None:
        if job != self._hint_job:
            return   # the position moved on
        self._hint_job = 0
        self.hintReady.emit(decision)

    @Slot(int, int, str)
    def _hint_failed(self, job: int, seat: int, message: str) -> None:
        if job != self._hint_job:
            return
        self._hint_job = 0
        log.warning("no hint: %s", message)
        self.hintReady.emit(None)

    def skip_pacing(self) -> None:
        """Play a computer player's waiting move now (a click skips the pause between moves; a
        pause of the computer players stays)."""
        if self._pending is not None and not self.paused:
            self._timer.stop()
            self._apply_pending()

    # -- the replay of the last round -------------------------------------------------------
    @property
    def replaying(self) -> bool:
        return self._replay_state is not None

    def can_replay(self) -> bool:
        """Whether there are moves since the human's previous turn to show again."""
        m = self.match
        return (m is not None and self._turn_start is not None and not self.replaying and not self._screened
                and len(m.logs[-1]) > self._turn_start[1])

    def start_replay(self) -> bool:
        """Show again every move since the human's previous turn (their move included): a clone of
        the state they moved in plays the hand's logged moves one by one (the engine is
        deterministic), each as a ``replayFrame`` after the pace; then ``replayEnded``.  The match
        is not touched; the computer players and the human wait meanwhile."""
        if not self.can_replay():
            return False
        assert self.match is not None and self._turn_start is not None
        state, first = self._turn_start
        self._replay_state = state.clone()
        self._replay = list(self.match.logs[-1][first:])
        self._timer.stop()
        self.replayFrame.emit(self._replay_state.view(self.human_seat), [])
        self._replay_timer.start(self.replay_ms())
        return True

    def replay_ms(self) -> int:
        """The time each move of the replay stays in view: the pace, and never less than half a
        second, so that the replay can be followed even with computer players set to instant."""
        return max(500, self.pace_ms)

    @Slot()
    def _replay_next(self) -> None:
        if self._replay_state is None:
            return
        if not self._replay:
            self.stop_replay()
            return
        events = self._replay_state.apply(self._replay.pop(0))
        self.replayFrame.emit(self._replay_state.view(self.human_seat),
                              [e.for_viewer(self.human_seat) for e in events])
        self._replay_timer.start(self.replay_ms())

    def stop_replay(self) -> None:
        """End the replay (a click, Esc, or its last move shown): the live position is shown again and
        the game goes on where it was."""
        if not self._end_replay():
            return
        if self._pending is not None and not self.paused:
            self._timer.start(self.pace_ms)
        else:
            self._after_change()

    def _end_replay(self) -> bool:
        """Forget the replay and tell the window (False: none was shown)."""
        if self._replay_state is None:
            return False
        self._replay_state = None
        self._replay = []
        self._replay_timer.stop()
        self.replayEnded.emit()
        return True

    # -- a lesson's guide (Learn to play) ------------------------------------------------------
    def guiding(self) -> Guide | None:
        """The guide of the lesson on the table (None: an ordinary game)."""
        guide = self.guide
        return guide if guide is not None and self.match is not None and guide.guides(self.match) else None

    def _guide_waits(self) -> bool:
        guide = self.guiding()
        return guide is not None and guide.waiting()

    def guide_read(self) -> None:
        """The guide's notes before the next move are read: the computer players (or the person) go on."""
        self._after_change()

    # -- saving ---------------------------------------------------------------------------
    def _autosave(self) -> None:
        """Save after every move (the file is written on the autosaver's thread).  A failure is told
        once, by ``problem("autosave_failed", …)`` (the window logs it as a warning); while saving
        keeps failing, every later move tries again quietly (debug level only), and the first
        success after that emits ``autosaveRestored``."""
        if not self.autosave or self.match is None or self.guiding() is not None:
            return   # (a lesson leaves the autosave of the game it interrupted as it was)
        if self.match.is_over():
            self._autosaver.remove()
            return
        path = paths.autosave_path()
        try:
            data = save_bytes(match_to_document(self.match, self.seats, undo_allowed=self.undo_allowed,
                                                undone_hands=self.undone_hands), path)
        except SaveFileError as exc:
            self._autosaved(str(exc))
            return
        self._autosaver.write(data)

    @Slot(str)
    def _autosaved(self, error: str) -> None:
        """What the autosaver did: ``error`` is empty when it worked."""
        if error:
            if self.autosave_failing:
                log.debug("autosave still failing: %s", error)
                return
            self.autosave_failing = True
            self.problem.emit("autosave_failed", error)
            return
        if self.autosave_failing:
            self.autosave_failing = False
            log.info("autosave works again")
            self.autosaveRestored.emit()

    def flush_autosave(self) -> bool:
        """Wait until the autosave asked so far is on the disk (or removed); True if it is.  Before
        anything reads the autosave, and before the app quits."""
        return self._autosaver.flush()

    def autosave_exists(self) -> bool:
        """Whether there is an autosave to continue (once what was asked of the autosaver is done;
        this does not wait for it)."""
        return self._autosaver.will_exist()

    # -- undo, redo, restart this deal --------------------------------------------------------
    def _init_undo(self, allowed: bool = False, undone_hands: Iterable[int] = ()) -> None:
        #: moves may be taken back in this match (chosen at its start: a practice match)
        self.undo_allowed = allowed
        #: the hands of the match in which a move was taken back or the deal restarted
        self.undone_hands: frozenset[int] = frozenset(undone_hands)
        #: the match is being rebuilt by an undo, a redo or a restart (while ``started`` is emitted)
        self.rewound = False
        # the tails of the log taken back, the latest last: each one list of actions per hand, the
        # first one the rest of the hand it was cut from
        self._redo: list[list[list[Action]]] = []

    def _human_seat_set(self) -> frozenset[int]:
        return frozenset(i for i, s in enumerate(self.seats) if s.kind == "human")

    def can_undo(self) -> bool:
        """Whether a human's move can be taken back now (the match allows it and one was made)."""
        m = self.match
        humans = self._human_seat_set()
        return m is not None and self.undo_allowed and any(a.player in humans for hand in m.logs for a in hand)

    def can_redo(self) -> bool:
        return self.match is not None and self.undo_allowed and bool(self._redo)

    def undo(self) -> bool:
        """Take back the last move a human chose and every move after it (the computer players',
        across the end of a hand and the start of the next one too): the match is rebuilt by
        replaying its log without that tail, which :meth:`redo` can play again.  A move the game
        made for the person (``GameUI.auto_action``) is taken back with the choice before it, or
        it would only be made again.  False (nothing changes) if undo is off or there is no move
        to take back."""
        if not self.can_undo():
            return False
        assert self.match is not None
        cut = self._undo_point()
        if cut is None:
            return False
        hand, index, rebuilt = cut
        self._take_back(hand, index, rebuilt)
        return True

    def restart_deal(self) -> bool:
        """Play the current hand again from its start (the same cards, the same dealer): an undo of
        every move of the hand, which :meth:`redo` can play again.  False (nothing changes) if
        undo is off or no move was made in it."""
        if not self.can_restart():
            return False
        m = self.match
        assert m is not None
        self._take_back(m.hand_index, 0, m.replayed([*m.logs[:-1], []]))
        return True

    def can_restart(self) -> bool:
        """Whether the hand on the table can be played again from its start (a move was made in it)."""
        return self.match is not None and self.undo_allowed and bool(self.match.logs[-1])

    def redo(self) -> bool:
        """Play again the moves the last undo took back, exactly (never new choices of the computer
        players).  False if there is nothing to redo."""
        if not self.can_redo():
            return False
        m = self.match
        assert m is not None
        tail = self._redo.pop()
        logs = [list(hand) for hand in m.logs]
        logs[-1] += tail[0]
        logs += tail[1:]
        self._rewind(m.replayed(logs))
        return True

    def _undo_point(self) -> tuple[int, int, Match] | None:
        """Where the log is cut: (hand, index of the move, the match rebuilt before it) for the
        last human move that was the person's choice."""
        m = self.match
        assert m is not None
        humans = self._human_seat_set()
        ui = game_ui(m.spec.id)
        for hand in range(len(m.logs) - 1, -1, -1):
            for index in range(len(m.logs[hand]) - 1, -1, -1):
                action = m.logs[hand][index]
                if action.player not in humans:
                    continue
                rebuilt = m.replayed([*m.logs[:hand], m.logs[hand][:index]])
                if ui.auto_action(rebuilt.state.view(action.player), self.settings) is None:
                    return hand, index, rebuilt
        return None

    def _take_back(self, hand: int, index: int, rebuilt: Match) -> None:
        """Keep the log's tail from move ``index`` of ``hand`` for a redo, mark the hands it touches
        as undone, and put ``rebuilt`` (the match without that tail) in place."""
        m = self.match
        assert m is not None
        self._redo.append([list(m.logs[hand][index:])] + [list(h) for h in m.logs[hand + 1:]])
        self.undone_hands |= frozenset(range(hand, len(m.logs)))
        self._rewind(rebuilt)

    def _rewind(self, rebuilt: Match) -> None:
        """Put a rebuilt match in place of the one on the table: whatever was on its way (a computer
        player's move or search, a hint, the replay of the last round) is dropped, the computer
        players start afresh from their seats (a searching one's memory belongs to the moves taken
        back), and the table, log and autosave follow the rebuilt match."""
        self._forget_moves()
        self._turn_start = None
        self.match = rebuilt
        self.bots = {seat: type(bot)(seat=seat, game_id=rebuilt.spec.id, budget=bot.budget)
                     for seat, bot in self.bots.items()}
        self._autosave()
        self.rewound = True
        try:
            self.started.emit()
        finally:
            self.rewound = False
        if rebuilt.hand_over():
            self.handEnded.emit()
            if rebuilt.is_over():
                self.matchEnded.emit()
            return
        self._after_change()

    def _redo_played(self, action: Action) -> None:
        """A move was played: the move a redo would play next keeps the redo (it is the same
        move); any other move is a new one, and the moves taken back are forgotten."""
        if not self._redo:
            return
        tail = self._redo[-1]
        if tail[0] and tail[0][0] == action:
            tail[0].pop(0)
            self._redo_step_done()
        else:
            self._redo.clear()

    def _redo_step_done(self) -> None:
        """Forget the latest redo once nothing of it is left to play."""
        if self._redo and self._redo[-1] == [[]]:
            self._redo.pop()

    def _redo_waits(self) -> bool:
        """After an undo, the computer players wait while a human may move (in a round everybody
        chooses at once they would otherwise choose before the person and end the redo)."""
        m = self.match
        return bool(self._redo) and m is not None and bool(self._human_seat_set() & set(m.state.to_act()))
