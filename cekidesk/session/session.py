"""The session: one match at the table, its seats, and everything that happens at it but drawing.

A :class:`Session` owns the match and its seats (people at this computer, computer players; a
person playing from elsewhere is designed for), asks the computer players for their moves through an
injected :class:`~cekidesk.session.scheduler.Scheduler` and paces them, keeps undo and redo, the
replay of the last round, the hint, the hand-over between people, the lesson's guide, and decides
when the autosave is written (by an injected :class:`~cekidesk.session.seats.AutosaveWriter`).

Operations go in (:meth:`Session.play`, :meth:`Session.undo`, …) and each returns one immutable
:class:`~cekidesk.session.changes.Changes`; what happens later by itself (a computer player's move
arriving, its pace over, a frame of the replay) is one :class:`Changes` too, handed to
:attr:`Session.listener`.  The session never touches a window.
"""
from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path

from cekidesk.bots import bot_levels, make_bot
from cekidesk.bots.process import BotProcess
from cekidesk.engine.bot import Bot
from cekidesk.engine.core import Action, EngineError, Event, GameState, View
from cekidesk.engine.match import Match
from cekidesk.games import new_match
from cekidesk.persistence.saves import (
    Seat,
    load_match,
    save_match,
    unchecked_document,
    undo_allowed_by_default,
)

from .autosave import Autosaves, FullCheck
from .bots import HINT_FALLBACK, HINT_LEVEL, BotAnswer, BotTask
from .changes import (
    Changes,
    HandEnded,
    HintReady,
    MatchEnded,
    PausedChanged,
    Played,
    Problem,
    ReplayEnded,
    ReplayFrame,
    ScreenChanged,
    SeatView,
    Started,
    StatisticsRecorded,
    Step,
    Thinking,
)
from .handover import Handover
from .scheduler import Scheduler, Timer
from .seats import AutoAction, AutosaveWriter, Guide, make_bots, no_auto_action
from .statistics import StatisticsKeeper
from .undo import UndoStack

log = logging.getLogger(__name__)

Listener = Callable[[Changes], None]


class _Operation:
    """The steps of the operation under way, and whether it was accepted."""

    def __init__(self) -> None:
        self.done = True
        self.steps: list[Step] = []
        self.events: list[Event] = []      # the moves' events as the engine gave them (never handed out)
        self.changes: Changes = Changes(done=False)


class Session:
    """One match at the table (see the module docstring).

    Public state a window reads (and a few it sets): :attr:`match`, :attr:`seats`, :attr:`bots`
    (a window may replace a failing seat's bot), :attr:`pace_ms`, :attr:`autosave` (on/off),
    :attr:`settings` (the player's, for the moves a game makes for them), :attr:`counts_for_statistics`,
    :attr:`paused`, :attr:`guide`, :attr:`undo_allowed`, :attr:`undone_hands`, :attr:`statistics`.
    """

    def __init__(self, scheduler: Scheduler, *, pace_ms: int = 600, autosave: bool = True,
                 writer: AutosaveWriter | None = None, auto_action: AutoAction = no_auto_action,
                 hint_levels: Callable[[str], Sequence[str]] = bot_levels, process: BotProcess | None = None,
                 own_screens: bool = False):
        self.scheduler = scheduler
        #: every person plays at a screen of their own (a table server's people, ``cekidesk/net``):
        #: nothing is hidden between turns and each moves when it is theirs (:meth:`play_for`)
        self.own_screens = own_screens
        self.match: Match | None = None
        self.seats: tuple[Seat, ...] = ()
        self.bots: dict[int, Bot] = {}
        self.pace_ms = pace_ms
        self.autosave = autosave
        self.autosaves = Autosaves(writer)
        #: the background check of a match opened from a save's records (None: none was needed)
        self.full_check: FullCheck | None = None
        self.auto_action = auto_action
        self.hint_levels = hint_levels
        self.settings: object | None = None
        #: whether the match's hands go into the player's statistics: False for a lesson
        self.counts_for_statistics = True
        self.statistics: StatisticsKeeper | None = None   # records the person's hands when set
        self.paused = False
        self.guide: Guide | None = None
        self.listener: Listener | None = None
        self.process = process if process is not None else BotProcess()   # started on first use
        self.undo_stack = UndoStack()
        self._held = False                # the table deals: a chosen move waits (:meth:`hold`)
        self._step = False                # paused, one computer move may be played (:meth:`step`)
        # the hand's state before the viewer's latest move and that move's index in the hand's log
        self._turn_start: tuple[GameState, int] | None = None
        self._replay: list[Action] = []
        self._replay_state: GameState | None = None
        self._replay_timer = Timer(scheduler, lambda: self._later(self._replay_next))
        self._timer = Timer(scheduler, lambda: self._later(self._apply_pending))
        self._token = 0
        #: the seat whose computer player is thinking now (−1: none)
        self.busy_seat = -1
        self._asked_at = 0.0
        #: a move chosen and waiting for its pace: (token, seat, action)
        self.pending: tuple[int, int, Action] | None = None
        self._last_job = 0
        self._hint_job = 0
        self.handover = Handover()
        self._op: _Operation | None = None

    # -- operations and their changes ---------------------------------------------------------
    @contextmanager
    def _operation(self) -> Iterator[_Operation]:
        """Collect what happens into one :class:`Changes` (an operation inside another adds to it)."""
        outer = self._op
        op = _Operation() if outer is None else outer
        if outer is not None:
            inner = _Operation()
            yield inner
            inner.changes = self._changes(inner.done, [], [])
            return
        self._op = op
        try:
            yield op
        finally:
            self._op = None
        op.changes = self._changes(op.done, op.steps, op.events)

    def _tell(self, step: Step) -> None:
        if self._op is None:   # (not expected: every step is told inside an operation)
            with self._operation() as op:
                self._tell(step)
            self._hand_out(op.changes)
            return
        self._op.steps.append(step)
        self._keep_statistics(step)

    def _later(self, fn: Callable[[], object]) -> None:
        """Something the scheduler calls: its changes go to the listener."""
        with self._operation() as op:
            fn()
        if op.changes.steps:
            self._hand_out(op.changes)

    def _hand_out(self, changes: Changes) -> None:
        if self.listener is not None:
            self.listener(changes)

    def _changes(self, done: bool, steps: list[Step], events: list[Event]) -> Changes:
        m = self.match
        moved = any(isinstance(s, (Started, Played, ScreenChanged)) for s in steps)   # (or shown anew)
        views = tuple(SeatView(seat, self.view_of(seat), tuple(e.for_viewer(seat) for e in events))
                      for seat in self.watching_seats()) if moved and m is not None else ()
        return Changes(
            done=done, steps=tuple(steps), views=views, public_events=tuple(e.for_viewer(None) for e in events),
            viewer=self.human_seat, log_viewer=self.log_viewer,
            standings=tuple(m.standings()) if m is not None else (),
            to_act=tuple(m.state.to_act()) if m is not None and not m.hand_over() else (),
            waiting_for_human=self.waiting_for_human(), can_undo=self.can_undo(), can_redo=self.can_redo(),
            can_restart=self.can_restart(), can_replay=self.can_replay(), paused=self.paused,
            replaying=self.replaying, screened=self.screened, passing_to=self.passing_to(),
            hint_pending=self.hint_pending)

    def _keep_statistics(self, step: Step) -> None:
        keeper = self.statistics
        if keeper is None:
            return
        if isinstance(step, Started):
            keeper.started(self.match, self.seats, self.undone_hands)
        elif isinstance(step, HandEnded):
            error = keeper.hand_ended(self.match, self.seats, self.undone_hands, self.counts_for_statistics)
            if error is not None:
                self._tell(StatisticsRecorded(error))

    # -- starting and ending ------------------------------------------------------------------
    make_bots = staticmethod(make_bots)

    def start(self, match: Match, seats: Sequence[Seat], bots: dict[int, Bot] | None = None, *,
              undo_allowed: bool | None = None, undone_hands: Iterable[int] = (),
              counts_for_statistics: bool = True) -> Changes:
        """Replace the match by ``match`` with ``seats`` (and ``bots`` from :meth:`make_bots`, made
        here if not given).  ``undo_allowed``: whether moves may be taken back (None: in a practice
        match, not in a money match); ``undone_hands``: the hands in which that was done already;
        ``counts_for_statistics`` False keeps its hands out of the player's statistics.  Raises
        ``ValueError`` before anything is replaced if the seats cannot be played."""
        if bots is None:
            bots = self.make_bots(match, seats)
        with self._operation() as op:
            self.counts_for_statistics = counts_for_statistics
            self._forget_moves()
            self._turn_start = None
            self.match = match
            self.seats = tuple(seats)
            self.bots = bots
            allowed = undo_allowed_by_default(match.match_options) if undo_allowed is None else undo_allowed
            self.undo_stack = UndoStack(allowed, undone_hands)
            self.handover.viewer = self.human_seats[0]
            self._check_saved(match)
            self._autosave()
            self._started()
            self._after_change()
        return op.changes

    def new_match(self, game_id: str, seats: Sequence[Seat], seed: int, options: Mapping[str, object] | None = None,
                  match_options: Mapping[str, object] | None = None) -> Changes:
        return self.start(new_match(game_id, len(seats), seed, dict(options) if options is not None else None,
                                    dict(match_options) if match_options is not None else None), seats)

    def load(self, path: str | Path) -> Changes:
        """Open a save file; raises :class:`SaveFileError` (nothing changes) if it is bad."""
        loaded = load_match(path)
        return self.start(loaded.match, loaded.seats, undo_allowed=loaded.undo_allowed,
                          undone_hands=loaded.undone_hands)

    def save_as(self, path: str | Path) -> None:
        if self.match is not None:
            save_match(path, self.match, self.seats, undo_allowed=self.undo_allowed, undone_hands=self.undone_hands)

    def stop(self) -> Changes:
        """Forget what is on its way (late answers are ignored; a search is cancelled)."""
        with self._operation() as op:
            self._forget_moves()
        self.scheduler.wait_idle(2000)
        return op.changes

    def shutdown(self) -> Changes:
        """The app quits: forget what is on its way and end the bot process at once."""
        with self._operation() as op:
            self._forget_moves()
        self.process.close()
        self.scheduler.wait_idle(2000)
        if not self.flush_autosave():
            log.warning("the autosave was still being written when CekiDesk quit")
        return op.changes

    def _started(self, rewound: bool = False) -> None:
        """A match or hand is on the table: with several people it is screened first, for whoever moves."""
        self._screen_anew()
        self._tell(Started(rewound))

    def _forget_moves(self) -> None:
        """Every answer still to come is ignored, every search in the bot process is cancelled."""
        self._token += 1
        self._end_replay()
        self._timer.stop()
        self.pending = None
        self._held = False
        self.busy_seat = -1
        self._hint_job = 0
        if self._last_job:
            self.process.cancel(self._last_job)

    def _new_job(self) -> int:
        self._last_job = self.process.next_job()
        return self._last_job

    # -- what a window reads ------------------------------------------------------------------
    @property
    def human_seat(self) -> int:
        """The seat whose view the table shows: the only person's, or (several people at one
        computer) the person's whose turn it is, or was last."""
        return self.handover.viewer

    @property
    def human_seats(self) -> tuple[int, ...]:
        """Every seat a person at this computer plays, in seat order."""
        return tuple(i for i, s in enumerate(self.seats) if s.kind == "human")

    def watching_seats(self) -> tuple[int, ...]:
        """The seats whose views each :class:`Changes` carries: every person's."""
        return self.human_seats

    @property
    def log_viewer(self) -> int | None:
        """Whose secrets the game log may show: the only person's; with several nobody's."""
        return self.human_seat if len(self.human_seats) == 1 else None

    @property
    def hint_pending(self) -> bool:
        """A hint is being searched for the position on the table."""
        return self._hint_job != 0

    @property
    def undo_allowed(self) -> bool:
        return self.undo_stack.allowed

    @property
    def undone_hands(self) -> frozenset[int]:
        return self.undo_stack.undone_hands

    @undone_hands.setter
    def undone_hands(self, hands: frozenset[int]) -> None:
        self.undo_stack.undone_hands = frozenset(hands)

    def view(self) -> View:
        """The view the table shows (a lesson's narrowed to the taught move)."""
        return self.view_of(self.human_seat)

    def view_of(self, seat: int) -> View:
        assert self.match is not None, "a view needs a match"
        view = self.match.state.view(seat)
        guide = self.guiding()
        return view if guide is None or seat != self.human_seat else guide.narrow(view)

    def deal_events(self) -> list[Event]:
        assert self.match is not None, "a hand's deal needs a match"
        return [e.for_viewer(self.human_seat) for e in self.match.state.deal_events]

    def events_for_log(self, events: Sequence[Event]) -> list[Event]:
        """``events`` as the engine gave them, as the game log may show them."""
        return [e.for_viewer(self.log_viewer) for e in events]

    def waiting_for_human(self) -> bool:
        """The person whose view the table shows may move now."""
        return bool(self.match and not self.screened and self.human_seat in self.match.state.to_act()
                    and self.seats[self.human_seat].kind == "human")

    # -- playing ------------------------------------------------------------------------------
    def play(self, action: Action) -> Changes:
        """The person's move (``done`` False, nothing changed, if it is not legal now)."""
        with self._operation() as op:
            op.done = self._play(action)
        return op.changes

    def _play(self, action: Action) -> bool:
        if self.match is None or self.replaying or not self.waiting_for_human() or action.player != self.human_seat:
            return False
        guide = self.guiding()
        if guide is not None and not guide.allows(action):
            return False
        if self.pending is not None and self.pending[1] == self.human_seat:
            # the person chose before the move made for them was due: theirs counts
            self.pending = None
            self._timer.stop()
        try:
            events = self._apply(action)
        except EngineError:
            return False
        if self._hint_job and self.busy_seat < 0:
            # nobody else's search runs in the process: stop the hint's
            self.process.cancel(self._hint_job)
        self._played(action.player, events)
        return True

    def play_for(self, seat: int, action: Action) -> Changes:
        """The move of the person at ``seat`` playing at a screen of their own (a table server's
        player: :attr:`own_screens`); ``done`` False, nothing changed, if the seat is not a person's
        (or a computer player plays it now), or the move is not theirs or not legal now."""
        with self._operation() as op:
            op.done = self._play_for(seat, action)
        return op.changes

    def _play_for(self, seat: int, action: Action) -> bool:
        m = self.match
        if m is None or self.replaying or m.hand_over() or not 0 <= seat < len(self.seats) \
                or self.seats[seat].kind != "human" or seat in self.bots or action.player != seat \
                or seat not in m.state.to_act():
            return False
        try:
            events = self._apply(action)
        except EngineError:
            return False
        self._played(seat, events)
        return True

    def set_computer(self, seat: int, bot: Bot | None) -> Changes:
        """A person's seat played by ``bot`` from now on (the person has gone from a table server),
        or, with None, by the person again (a move the computer was choosing for it is dropped)."""
        with self._operation() as op:
            if bot is not None:
                self.bots[seat] = bot
            elif self.bots.pop(seat, None) is not None and (
                    self.busy_seat == seat or (self.pending is not None and self.pending[1] == seat)):
                self._forget_moves()
            self._after_change()
        return op.changes

    def go_on(self) -> Changes:
        """Ask the next computer player who must act, if none is asked (after a computer player's
        ``Problem``, a host may try again)."""
        with self._operation() as op:
            self._after_change()
        return op.changes

    def next_hand(self) -> Changes:
        with self._operation() as op:
            m = self.match
            op.done = m is not None and m.hand_over() and not m.is_over()
            if op.done:
                assert m is not None
                m.next_hand()
                self.undo_stack.hand_begun()
                self._hint_job = 0
                self._turn_start = None
                self._autosave()
                self._started()
                self._after_change()
        return op.changes

    def _apply(self, action: Action) -> list[Event]:
        """Play ``action``; before the viewer's move, keep the state it is played in (the replay's start)."""
        assert self.match is not None, "a move is played in a match"
        before = self.match.state.clone() if action.player == self.human_seat else None
        events = self.match.apply(action)
        if before is not None:
            self._turn_start = (before, len(self.match.logs[-1]) - 1)
        self.undo_stack.played(action)
        return events

    def _played(self, seat: int, events: list[Event]) -> None:
        self._hint_job = 0
        self._autosave()
        self._follow_turn()
        if self._op is not None:
            self._op.events.extend(events)
        self._tell(Played(seat, tuple(e.for_viewer(self.human_seat) for e in events),
                          tuple(self.events_for_log(events))))
        assert self.match is not None, "a move is played in a match"
        if self.match.hand_over():
            self._tell(HandEnded())
            if self.match.is_over():
                self._tell(MatchEnded())
            return
        self._after_change()

    def set_paused(self, paused: bool) -> Changes:
        """Stop the computer players (a move already chosen waits) or let them go on."""
        with self._operation() as op:
            changed = paused != self.paused
            self.paused = paused
            self._step = False
            if paused:
                self._timer.stop()
            elif self.pending is not None:
                self._timer.start(0)
            else:
                self._after_change()
            if changed:
                self._tell(PausedChanged(paused))
        return op.changes

    def hold(self, on: bool) -> None:
        """Keep a chosen move waiting while the table deals (``on``), or let it come a pace after."""
        was, self._held = self._held, on
        if was and not on and self.pending is not None and not self._timer.is_active() \
                and not (self.paused and not self._step):
            self._timer.start(self.pace_ms)

    def step(self) -> Changes:
        """While paused: play exactly one computer player's move (``done`` False: nothing to step)."""
        with self._operation() as op:
            op.done = self._can_step()
            if op.done:
                self._step = True
                if self.pending is not None:
                    self._timer.start(0)
                else:
                    self._after_change()
        return op.changes

    def _can_step(self) -> bool:
        m = self.match
        if m is None or not self.paused or m.hand_over() or self.replaying:
            return False
        return self.pending is not None or self.busy_seat >= 0 or any(q in self.bots for q in m.state.to_act())

    def skip_pacing(self) -> Changes:
        """Play a computer player's waiting move now (a pause of the computer players stays)."""
        with self._operation() as op:
            op.done = self.pending is not None and not self.paused
            if op.done:
                self._timer.stop()
                self._apply_pending()
        return op.changes

    def _after_change(self) -> None:
        """Ask the next computer player who must act (when several must act at once, each bot seat
        among them in turn, while the person may choose at any time)."""
        m = self.match
        if m is None or m.hand_over() or (self.paused and not self._step) or self.busy_seat >= 0 \
                or self.pending or self.replaying or self._redo_waits():
            return
        if self._guide_waits():
            self._tell(Thinking(-1))   # a lesson's note is read: nobody thinks meanwhile
            return
        for seat in m.state.to_act():
            if seat in self.bots:
                self._ask_bot(seat)
                return
        self._tell(Thinking(-1))
        if self.waiting_for_human():
            self._auto_play()

    def _auto_play(self) -> None:
        """The move the game makes for the person as their settings ask, after the pace."""
        m = self.match
        assert m is not None, "a move is made in a match"
        if self.guiding() is not None:
            return   # a lesson teaches the move the settings would make
        action = self.auto_action(m.spec.id, m.state.view(self.human_seat), self.settings)
        if action is None:
            return
        self.pending = (self._token, self.human_seat, action)
        self._timer.start(self.pace_ms)

    def _ask_bot(self, seat: int) -> None:
        m = self.match
        assert m is not None, "a computer player is asked in a match"
        view = m.state.view(seat)
        rng = random.Random(f"{m.seed}:{m.hand_index}:{len(m.logs[-1])}:{seat}")
        self.busy_seat = seat
        self._asked_at = time.monotonic()
        self._tell(Thinking(seat))
        bot = self.bots[seat]
        process, job = (self.process, self._new_job()) if bot.searches else (None, 0)
        self.scheduler.run_off_thread(BotTask(self._token, seat, bot, view, rng, process, job),
                                      lambda answer: self._later(lambda: self._bot_answered(answer)))

    def _bot_answered(self, answer: BotAnswer) -> None:
        if answer.cancelled or answer.token != self._token:
            return
        if answer.decision is None:
            self.busy_seat = -1
            self._tell(Problem("bot_failed", f"seat {answer.seat}: {answer.error}"))
            return
        if answer.bot is not None:   # the bot as it is after the decision, in the bot process (its memory)
            self.bots[answer.seat] = answer.bot
        self.busy_seat = -1
        self.pending = (answer.token, answer.seat, answer.decision.action)
        if self.paused and not self._step:
            return   # it waits for the pause to end (or a step)
        waited = (time.monotonic() - self._asked_at) * 1000
        pace = 0 if self.screened else self.pace_ms   # (behind the screen nobody watches the move)
        self._timer.start(max(0, int(pace - waited)))

    def _apply_pending(self) -> None:
        if self.pending is None or self.replaying or self._held or (self.paused and not self._step):
            return
        token, seat, action = self.pending
        self.pending = None
        self._step = False
        if token != self._token or self.match is None:
            return
        try:
            events = self._apply(action)
        except EngineError as exc:
            self._tell(Problem("bot_illegal", f"seat {seat}: {exc}"))
            return
        self._played(seat, events)

    # -- several people at one computer (``handover.py``) ------------------------------------------
    @property
    def screened(self) -> bool:
        """Several people play and the table hides every hand until the person to move is ready."""
        return self.handover.screened

    def passing_to(self) -> int | None:
        """While :attr:`screened`: the person to hand the computer to, or None while only computer
        players move."""
        return self.handover.passing_to(self.match)

    def reveal(self) -> Changes:
        """The person asked for is at the computer: the table shows their view and they may move."""
        with self._operation() as op:
            op.done = self.passing_to() is not None
            if op.done:
                self._say(self.handover.reveal(self.match))
                self._after_change()   # (a move the settings make for them)
        return op.changes

    def screen_anew(self) -> Changes:
        """Put the table's match on the table again as after a start: with several people it is
        hidden first, for whoever moves (every start, next hand and rebuild does this itself)."""
        with self._operation() as op:
            self._screen_anew()
        return op.changes

    def _screen_anew(self) -> None:
        if self.own_screens:
            return
        self._follow(lambda: self.handover.anew(self.match, self.human_seats))

    def _follow_turn(self) -> None:
        if self.own_screens:
            return
        self._follow(lambda: self.handover.follow(self.match, self.human_seats))

    def _follow(self, move: Callable[[], ScreenChanged | None]) -> None:
        """Move the hand-over on; a new viewer's replay of the last round is their own."""
        viewer = self.handover.viewer
        step = move()
        if self.handover.viewer != viewer:
            self._turn_start = None
        self._say(step)

    def _say(self, step: Step | None) -> None:
        if step is not None:
            self._tell(step)

    # -- the hint -----------------------------------------------------------------------------
    def hint_level(self) -> str | None:
        """The level whose move the hint shows in this game: Hard, else Normal (None: neither)."""
        if self.match is None:
            return None
        levels = self.hint_levels(self.match.spec.id)
        return next((level for level in (HINT_LEVEL, HINT_FALLBACK) if level in levels), None)

    def hint(self) -> Changes:
        """Ask what the hint level would play for the person now; a :class:`HintReady` answers (in
        these changes if the level does not search, else later to the listener).  ``done`` False:
        no hint can be asked now, or one is on its way."""
        with self._operation() as op:
            op.done = self._ask_hint()
        return op.changes

    def _ask_hint(self) -> bool:
        m = self.match
        level = self.hint_level()
        if m is None or level is None or not self.waiting_for_human() or self._hint_job:
            return False
        view = self.view()
        rng = random.Random(f"hint:{m.seed}:{len(m.logs[-1])}")
        try:
            bot = make_bot(m.spec.id, level, self.human_seat)
            if not bot.searches:
                self._tell(HintReady(bot.decide(view, rng)))
                return True
        except Exception as exc:  # a bot bug must not take the app down
            log.warning("no hint: %s", exc)
            self._tell(HintReady(None))
            return True
        self._hint_job = job = self._new_job()
        self.scheduler.run_off_thread(BotTask(job, self.human_seat, bot, view, rng, self.process, job),
                                      lambda answer: self._later(lambda: self._hint_answered(answer)))
        return True

    def _hint_answered(self, answer: BotAnswer) -> None:
        if answer.cancelled or answer.token != self._hint_job:
            return   # the position moved on
        self._hint_job = 0
        if answer.decision is None:
            log.warning("no hint: %s", answer.error)
        self._tell(HintReady(answer.decision))

    # -- the replay of the last round -----------------------------------------------------------
    @property
    def replaying(self) -> bool:
        return self._replay_state is not None

    def can_replay(self) -> bool:
        """Whether there are moves since the viewer's previous turn to show again."""
        m = self.match
        return (m is not None and self._turn_start is not None and not self.replaying and not self.screened
                and len(m.logs[-1]) > self._turn_start[1])

    def start_replay(self) -> Changes:
        """Show again every move since the viewer's previous turn: a clone of the state they moved in
        plays the hand's logged moves, one :class:`ReplayFrame` per pace, then :class:`ReplayEnded`.
        The match is not touched; everybody waits meanwhile."""
        with self._operation() as op:
            op.done = self.can_replay()
            if op.done:
                assert self.match is not None and self._turn_start is not None
                state, first = self._turn_start
                self._replay_state = state.clone()
                self._replay = list(self.match.logs[-1][first:])
                self._timer.stop()
                self._tell(ReplayFrame(self._replay_state.view(self.human_seat), ()))
                self._replay_timer.start(self.replay_ms())
        return op.changes

    def replay_ms(self) -> int:
        """How long each move of the replay stays in view: the pace, at least half a second."""
        return max(500, self.pace_ms)

    def step_replay(self) -> Changes:
        """Show the replay's next move now (after its last, the replay ends)."""
        with self._operation() as op:
            op.done = self.replaying
            if op.done:
                self._replay_next()
        return op.changes

    def _replay_next(self) -> None:
        if self._replay_state is None:
            return
        if not self._replay:
            self._stop_replay()
            return
        events = self._replay_state.apply(self._replay.pop(0))
        self._tell(ReplayFrame(self._replay_state.view(self.human_seat),
                               tuple(e.for_viewer(self.human_seat) for e in events)))
        self._replay_timer.start(self.replay_ms())

    def stop_replay(self) -> Changes:
        """End the replay: the live position is shown again and the game goes on where it was."""
        with self._operation() as op:
            op.done = self._stop_replay()
        return op.changes

    def _stop_replay(self) -> bool:
        if not self._end_replay():
            return False
        if self.pending is not None and not self.paused:
            self._timer.start(self.pace_ms)
        else:
            self._after_change()
        return True

    def _end_replay(self) -> bool:
        if self._replay_state is None:
            return False
        self._replay_state = None
        self._replay = []
        self._replay_timer.stop()
        self._tell(ReplayEnded())
        return True

    # -- a lesson's guide -------------------------------------------------------------------------
    def guiding(self) -> Guide | None:
        """The guide of the lesson on the table (None: an ordinary game)."""
        guide = self.guide
        return guide if guide is not None and self.match is not None and guide.guides(self.match) else None

    def _guide_waits(self) -> bool:
        guide = self.guiding()
        return guide is not None and guide.waiting()

    def guide_read(self) -> Changes:
        """The guide's notes before the next move are read: the game goes on."""
        with self._operation() as op:
            self._after_change()
        return op.changes

    # -- the autosave (``autosave.py``) -----------------------------------------------------------
    @property
    def autosave_failing(self) -> bool:
        """The last autosave failed (and that was told)."""
        return self.autosaves.failing

    def _autosave(self) -> None:
        """Save after every move (a lesson leaves the autosave of the game it interrupted as it was)."""
        if self.autosave and self.match is not None and self.guiding() is None:
            self._say(self.autosaves.request(self.match, self.seats, self.undo_allowed, self.undone_hands))

    def _check_saved(self, match: Match) -> None:
        """A match opened from a save's records: its earlier hands are replayed in the background
        (``Problem("save_damaged")`` if they do not give the records)."""
        document = unchecked_document(match)
        if document is None:
            return
        first = match.starts[0]
        self.full_check = FullCheck(
            document, self.scheduler, lambda: self.match is not None and self.match.starts[0] is first,
            lambda text: self._later(lambda: self._tell(Problem("save_damaged", text))))
        self.full_check.start()

    def autosaved(self, error: str) -> Changes:
        """What the writer did (``error`` empty: it worked)."""
        with self._operation() as op:
            self._say(self.autosaves.done(error))
        return op.changes

    def flush_autosave(self) -> bool:
        """Wait until the autosave asked so far is on the disk (or removed); True if it is."""
        return self.autosaves.flush()

    def autosave_exists(self) -> bool:
        """Whether there is an autosave to continue (once what was asked is done)."""
        return self.autosaves.exists()

    # -- undo, redo, restart this deal --------------------------------------------------------------
    def can_undo(self) -> bool:
        """Whether a person's move can be taken back now (the match allows it and one was made)."""
        m = self.match
        return m is not None and self.undo_allowed and self.undo_stack.has_move(m, frozenset(self.human_seats))

    def can_redo(self) -> bool:
        return self.match is not None and self.undo_allowed and self.undo_stack.can_redo()

    def can_restart(self) -> bool:
        """Whether the hand on the table can be played again from its start (a move was made in it)."""
        return self.match is not None and self.undo_allowed and bool(self.match.logs[-1])

    def undo(self) -> Changes:
        """Take back the last move a person chose and every move after it (the match rebuilt from its
        log without that tail, which :meth:`redo` can play again).  A move the game made for the
        person is taken back with the choice before it.  ``done`` False if nothing can be."""
        with self._operation() as op:
            op.done = False
            if self.can_undo():
                assert self.match is not None
                cut = self.undo_stack.undo_point(self.match, frozenset(self.human_seats), self._made_for_them)
                if cut is not None:
                    self._rewind(self.undo_stack.take_back(self.match, *cut))
                    op.done = True
        return op.changes

    def _made_for_them(self, match: Match, seat: int) -> bool:
        """Whether the game would have made the person's move in ``match`` for them by their settings."""
        return self.auto_action(match.spec.id, match.state.view(seat), self.settings) is not None

    def restart_deal(self) -> Changes:
        """Play the current hand again from its start (an undo of every move of the hand)."""
        with self._operation() as op:
            op.done = self.can_restart()
            if op.done:
                m = self.match
                assert m is not None
                self._rewind(self.undo_stack.take_back(m, m.hand_index, 0, m.replayed([*m.logs[:-1], []])))
        return op.changes

    def redo(self) -> Changes:
        """Play again exactly the moves the last undo took back.  ``done`` False: nothing to redo."""
        with self._operation() as op:
            op.done = self.can_redo()
            if op.done:
                assert self.match is not None
                self._rewind(self.undo_stack.redone(self.match))
        return op.changes

    def _rewind(self, rebuilt: Match) -> None:
        """Put a rebuilt match in place: whatever was on its way is dropped, the computer players
        start afresh from their seats, and the table, log and autosave follow the rebuilt match."""
        self._forget_moves()
        self._turn_start = None
        self.match = rebuilt
        self.bots = {seat: type(bot)(seat=seat, game_id=rebuilt.spec.id, budget=bot.budget)
                     for seat, bot in self.bots.items()}
        self._autosave()
        self._started(rewound=True)
        if rebuilt.hand_over():
            self._tell(HandEnded())
            if rebuilt.is_over():
                self._tell(MatchEnded())
            return
        self._after_change()

    def _redo_waits(self) -> bool:
        """After an undo the computer players wait while a person may move."""
        m = self.match
        return self.undo_stack.can_redo() and m is not None and bool(set(self.human_seats) & set(m.state.to_act()))


__all__ = ["Listener", "Session"]
