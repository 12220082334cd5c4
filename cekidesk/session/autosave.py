"""When the autosave is written, and what its writer's answers mean.

The session asks for an autosave after every move (a lesson leaves the autosave of the game it
interrupted alone).  Each move is one line appended to the autosave's journal
(:mod:`cekidesk.persistence.journal`) right away, on the session's thread, before another move can
be made: a crash or a kill loses at most the move in flight.  The autosave itself — the whole save
file — is made here (its finished hands' lines cached: :class:`~cekidesk.persistence.saves.SaveCache`,
so making it costs the current hand, not the match) only when the match is put on the table or
rebuilt (an undo, a redo, a restart: a ``cut`` line goes to the journal first), at the start of each
hand, and after :data:`~cekidesk.persistence.journal.LINES_PER_BASE` lines; the injected
:class:`~cekidesk.session.seats.AutosaveWriter` writes it off the session's thread, and once it is on
the disk the journal's lines it holds are dropped.  A failure is told once
(``Problem("autosave_failed")``); while saving keeps failing, every later move tries again quietly,
and the first success after that is :class:`AutosaveRestored`.
"""
from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable

from cekidesk.engine.match import Match
from cekidesk.persistence import paths
from cekidesk.persistence.journal import LINES_PER_BASE, Journal, cut_line, deal_line, match_key, move_line
from cekidesk.persistence.saves import SaveCache, SaveDocument, SaveFileError, Seat, full_check, match_bytes_job

from .changes import AutosaveRestored, Problem
from .scheduler import Scheduler
from .seats import AutosaveWriter

log = logging.getLogger(__name__)

#: an autosave whose finished hands have more lines to make than this (the first after a long match
#: is opened) is made on a thread of its own (and so is every one after it until that one is done)
MAKE_NOW_HANDS = 8


class _Worker:
    """The thread that makes the autosaves' bytes that take long (:data:`MAKE_NOW_HANDS`), one for
    the whole process: started with the first session that autosaves (when it is set up), so that no
    move ever waits for a thread to start — that took a fifth of a second on a busy machine — and a
    server's hundreds of tables share it."""

    def __init__(self) -> None:
        self.jobs: queue.Queue[Callable[[], None]] = queue.Queue()
        self.thread = threading.Thread(target=self._run, name="cekidesk-autosave-maker", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while True:
            self.jobs.get()()   # (a job never raises: _Maker wraps each)


_worker: _Worker | None = None
_worker_lock = threading.Lock()


def _the_worker() -> _Worker:
    global _worker
    with _worker_lock:
        if _worker is None:
            _worker = _Worker()
        return _worker


class _Maker:
    """Makes one session's autosaves' bytes on the :class:`_Worker` and hands them to the writer, in
    the order asked."""

    def __init__(self) -> None:
        self._idle = threading.Condition()
        self.pending = 0
        self.errors: list[str] = []

    def put(self, job: Callable[[], None]) -> None:
        with self._idle:
            self.pending += 1
        _the_worker().jobs.put(lambda: self._run(job))   # (started already: see Autosaves)

    def _run(self, job: Callable[[], None]) -> None:
        try:
            job()
        except SaveFileError as exc:
            self.errors.append(str(exc))
        except Exception:   # a bug must not stop the thread
            log.exception("making the autosave failed")
        finally:
            with self._idle:
                self.pending -= 1
                self._idle.notify_all()

    def join(self) -> None:
        """Wait until every job put so far is done."""
        with self._idle:
            self._idle.wait_for(lambda: not self.pending)


class Autosaves:
    """Asks ``writer`` for the autosave and keeps its ``journal`` (by default the one beside the
    autosave when there is a writer); ``failing``: the last one failed (and that was told)."""

    def __init__(self, writer: AutosaveWriter | None, journal: Journal | None = None):
        self.writer = writer
        self.failing = False
        self.cache = SaveCache()
        self.journal = journal if journal is not None or writer is None else Journal()
        self._match: Match | None = None   # the match the journal follows
        self._hands = 0                     # its hands in the journal
        self._moves = 0                     # the moves of its last hand in the journal
        self._since_base = 0                # lines since the last autosave asked for
        self._maker = _Maker()
        if writer is not None:
            _the_worker()   # (started now, with the session, not by the move that first needs it)
        self._landed = False                # the writer said an autosave asked for since a rebuild worked

    def request(self, match: Match, seats: tuple[Seat, ...], undo_allowed: bool,
                undone_hands: frozenset[int]) -> Problem | AutosaveRestored | None:
        """Save ``match``: its new moves to the journal, the whole autosave when it is due (remove both
        if the match is over)."""
        if self.writer is None:
            return None
        if self._maker.errors:
            return self.done(self._maker.errors.pop())
        if match.is_over():
            self._match = None
            if self.journal is not None:
                self.journal.clear()
            if self._maker.pending:   # (after the autosaves still being made)
                self._maker.put(self.writer.remove)
            else:
                self.writer.remove()
            return None
        lines, base = self._lines(match, undone_hands)
        if match is not self._match:
            self._landed = False
        self._match, self._hands, self._moves = match, len(match.logs), len(match.logs[-1])
        told: Problem | AutosaveRestored | None = None
        if self.journal is not None:
            try:
                self.journal.append(lines)
            except OSError as exc:   # (the whole autosave is asked for instead, and the failure told)
                told = self.done(f"{paths.autosave_path().with_name(self.journal.path.name)}: "
                                 f"{exc.strerror or exc}")
                base = True
        self._since_base += len(lines)
        # until an autosave of this match is on the disk (and while it fails), every move asks for it
        # again: the journal's lines are of use only on top of it (the writer keeps the newest only)
        if not base and self._landed and not self.failing and self._since_base < LINES_PER_BASE:
            return told
        made = self._base(match, seats, undo_allowed, undone_hands)
        return told or made

    def _lines(self, match: Match, undone_hands: frozenset[int]) -> tuple[list[bytes], bool]:
        """The journal's lines for what changed since the last request, and whether the whole
        autosave is due (a match put on the table or rebuilt, a hand dealt)."""
        key = match_key(match)
        old = self._match
        if match is old:
            first, lines, base = self._hands - 1, [], False
            start = self._moves
        else:
            first = -1 if old is None or match_key(old) != key else _shared_hand(old, match)
            if first < 0:   # another match: its autosave comes first, then its moves
                self._moves = 0
                return [], True
            lines, base, start = [cut_line(key, first, undone_hands)], True, 0
        for hand in range(first, len(match.logs)):
            if hand > first or (match is old and hand >= self._hands):
                lines.append(deal_line(key, hand))
                base = True
            begin = start if hand == first else 0
            lines += [move_line(key, hand, i, a) for i, a in enumerate(match.logs[hand][begin:], begin)]
        return lines, base

    def _base(self, match: Match, seats: tuple[Seat, ...], undo_allowed: bool,
              undone_hands: frozenset[int]) -> Problem | AutosaveRestored | None:
        writer = self.writer
        assert writer is not None
        try:
            make, missing = match_bytes_job(match, seats, self.cache, paths.autosave_path(),
                                            undo_allowed=undo_allowed, undone_hands=undone_hands)
        except SaveFileError as exc:
            return self.done(str(exc))
        self._since_base = 0
        journal = self.journal
        through = journal.seq if journal is not None else 0
        written = None if journal is None else (lambda: journal.rotate(through))

        def job() -> None:
            data = make()
            writer.write(data) if written is None else writer.write(data, written)

        if missing <= MAKE_NOW_HANDS and not self._maker.pending:
            try:
                job()
            except SaveFileError as exc:
                return self.done(str(exc))
        else:
            self._maker.put(job)
        return None

    def done(self, error: str) -> Problem | AutosaveRestored | None:
        """What the writer did (``error`` empty: it worked): the step to tell, if any."""
        self._landed = self._landed or not error
        if error:
            if self.failing:
                log.debug("autosave still failing: %s", error)
                return None
            self.failing = True
            return Problem("autosave_failed", error)
        if self.failing:
            self.failing = False
            log.info("autosave works again")
            return AutosaveRestored()
        return None

    def flush(self) -> bool:
        """Wait until the autosave asked so far is on the disk (or removed) and the journal is
        durable; True if they are."""
        self._maker.join()
        if self.journal is not None:
            try:
                self.journal.sync()
            except OSError as exc:
                log.warning("the journal could not be synced: %s", exc)
        return self.writer.flush() if self.writer is not None else True

    def exists(self) -> bool:
        """Whether there is an autosave to continue (once what was asked is done)."""
        if self.writer is None:
            return paths.autosave_path().exists()
        return self._maker.pending > 0 or self.writer.will_exist()


class FullCheck:
    """The check of a match opened from its hands' records against a replay of their moves
    (:func:`~cekidesk.persistence.saves.full_check`), one hand per job on the scheduler's worker, so
    that the window never waits for it and the computer players' jobs go in between.  It goes on while
    ``wanted()`` (the match is still on the table) and calls ``failed(sentence)`` on the session's
    thread if the records are not what the moves give."""

    def __init__(self, document: SaveDocument, scheduler: Scheduler, wanted: Callable[[], bool],
                 failed: Callable[[str], None]):
        self._steps = full_check(document)
        self._scheduler = scheduler
        self._wanted = wanted
        self._failed = failed
        self._timer: object = None
        self.hands = 0          # hands checked so far
        self.finished = False   # all checked (or failed)

    #: the check waits this long after the match is put on the table (the window draws it first)
    DELAY_MS = 1000

    def start(self) -> None:
        """Begin, once the window has had :attr:`DELAY_MS` to put the match on the table."""
        self._timer = self._scheduler.call_later(self.DELAY_MS, self._next)   # (kept: a timer lives by its handle)

    def _next(self) -> None:
        if not self._wanted():
            self.finished = True   # (the match left the table: its check is of no use)
            return
        self._scheduler.run_off_thread(self._step, self._stepped)

    def _step(self) -> str | None:
        """(On the worker.)  One hand: None to go on, "" when all are checked, else what is wrong."""
        try:
            self.hands = next(self._steps)
            return None
        except StopIteration:
            return ""
        except SaveFileError as exc:
            return str(exc)
        except Exception as exc:   # an engine bug must not stop the worker
            log.exception("the check of an opened save failed")
            return str(exc) or type(exc).__name__

    def _stepped(self, outcome: str | None) -> None:
        if outcome is None:
            self._next()
            return
        self.finished = True
        if outcome:
            log.error("an opened save's records do not match its moves: %s", outcome)
            self._failed(outcome)
        else:
            log.info("an opened save's %d earlier hands replayed as recorded", self.hands)


def _shared_hand(old: Match, new: Match) -> int:
    """The last hand whose start ``new`` shares with ``old`` (a match rebuilt from it by an undo, a
    redo or a restart starts from that hand's start: :meth:`~cekidesk.engine.match.Match.rewound`),
    or -1: ``new`` is not one of those."""
    hand = min(len(old.starts), len(new.starts)) - 1
    while hand >= 0 and new.starts[hand] is not old.starts[hand]:
        hand -= 1
    return hand


__all__ = ["Autosaves", "FullCheck"]
