"""The recorder of the player's statistics in the window: it listens to the controller's ``started``
and ``handEnded`` and lets the session's :class:`~cekidesk.session.statistics.StatisticsKeeper`
write every finished hand of the person's into the
:class:`~cekidesk.persistence.statistics.StatisticsStore` (what is recorded, and what not: see
``cekidesk/session/statistics.py``).  The controller owns the session; the recorder only reads it.

Knowing a match again takes a digest of every move before each of its hands (``befores``): for a long
match just opened that is the whole match (half a second at 200,000 moves), so it is made on a thread
of its own, never the window's; a hand that ends meanwhile is recorded once the digests are made.
"""
from __future__ import annotations

import logging
from typing import NamedTuple, Protocol

from PySide6.QtCore import QObject, QThreadPool, Signal, SignalInstance, Slot

from cekidesk.engine.match import Match
from cekidesk.persistence.saves import Seat
from cekidesk.persistence.statistics import StatisticsStore
from cekidesk.session.statistics import (
    StatisticsKeeper,
    befores,
    befores_known,
    digest_hands,
    fingerprint,
    finished_hands,
    level_of,
)

log = logging.getLogger(__name__)

#: a match with at most this many moves in its finished hands has its digests made at once, on
#: the window's thread (a few milliseconds); a longer one on a thread of its own
DIGEST_AT_ONCE_MOST = 4_000

__all__ = ["EndedHand", "StatisticsRecorder", "befores", "fingerprint", "level_of"]


class _Watched(Protocol):
    """What the recorder reads of the controller."""

    started: SignalInstance
    handEnded: SignalInstance
    match: Match | None
    seats: tuple[Seat, ...]
    undone_hands: frozenset[int]
    counts_for_statistics: bool


class EndedHand(NamedTuple):
    """A hand that ended, to be recorded later: the match object it ended in, its index (``hand``), and the
    controller's seats, undone hands and whether the match counts, as they were then."""

    match: Match
    hand: int
    seats: tuple[Seat, ...]
    undone_hands: frozenset[int]
    counts: bool

    @classmethod
    def of(cls, match: Match | None, seats: tuple[Seat, ...], undone_hands: frozenset[int],
           counts: bool) -> EndedHand | None:
        """The hand that has just ended in ``match`` (None: no finished hand), with the table's seats,
        undone hands and whether the match counts."""
        if match is None or not match.history:
            return None
        return cls(match, match.history[-1].index, tuple(seats), frozenset(undone_hands), counts)


class _Digested(QObject):
    """Brings the end of a digest job back to the window's thread (not a child of the recorder: the
    job may end after it is gone)."""

    done = Signal(object)


class StatisticsRecorder(QObject):
    """Records the person's finished hands.  ``saveFailed(detail)`` is emitted the first time the file
    cannot be written (later hands are kept in memory and written with the next one that can be).
    ``digesting`` is the match whose digests are being made on another thread (None: none is)."""

    saveFailed = Signal(str)
    recorded = Signal()

    def __init__(self, controller: QObject, store: StatisticsStore, parent: QObject | None = None):
        super().__init__(parent)
        self.controller: _Watched = controller   # type: ignore[assignment]
        self.store = store
        self.keeper = StatisticsKeeper(store)
        self.digesting: Match | None = None
        self._waiting: list[EndedHand] = []   # hands that ended while the digests were being made
        self._digested = _Digested()
        self._digested.done.connect(self._on_digested)
        self.controller.started.connect(self._on_started)
        self.controller.handEnded.connect(self._on_hand_ended)

    def catch_up(self, ended: list[EndedHand]) -> None:
        """The recorder was made after the match started (the store is loaded off the window's
        thread): know the match now, and record the hands that ended before (``ended``)."""
        self._waiting += ended
        self._on_started()
        self._record_waiting()

    @Slot()
    def _on_started(self) -> None:
        c = self.controller
        m = c.match
        if m is None or m is self.keeper.known:
            return
        if not befores_known(m) and sum(len(h) for h in m.logs[:-1]) > DIGEST_AT_ONCE_MOST:
            self._digest(m)
            return
        self.keeper.started(m, c.seats, c.undone_hands)

    def _digest(self, m: Match) -> None:
        """Make ``m``'s digests on a thread of their own; then know the match on the table."""
        if self.digesting is m:
            return
        self.digesting = m
        starts, logs = finished_hands(m)
        done = self._digested.done   # (the job holds the signal's object, not the recorder)
        holder = self._digested

        def job() -> None:
            try:
                digest_hands(starts, logs)
            except Exception:   # (never: but the recorder must not wait for ever)
                log.exception("the statistics' digests of a match could not be made")
            done.emit((holder, m))

        # (Qt's pool, not ``threading.Thread``, whose ``start`` waits until the thread runs: on a busy
        # machine that wait alone was a quarter of a second of the window's thread)
        QThreadPool.globalInstance().start(job)

    @Slot(object)
    def _on_digested(self, result: tuple[QObject, Match]) -> None:
        if self.digesting is not result[1]:
            return
        self.digesting = None
        self._on_started()
        self._record_waiting()

    @Slot()
    def _on_hand_ended(self) -> None:
        c = self.controller
        ended = EndedHand.of(c.match, c.seats, c.undone_hands, c.counts_for_statistics)
        if ended is None:
            return
        self._waiting.append(ended)
        self._record_waiting()

    def _record_waiting(self) -> None:
        """Record the hands that ended, unless the digests they need are still being made."""
        if self.digesting is not None or not self._waiting:
            return
        waiting, self._waiting = self._waiting, []
        told = False
        for e in waiting:
            last = e is waiting[-1]
            error = self.keeper.hand_ended(e.match, e.seats, e.undone_hands, e.counts,
                                           None if last and e.match is self.controller.match else e.hand)
            if error is None:
                continue
            if error and not told:
                told = True
                self.saveFailed.emit(error)
            self.recorded.emit()
        self._on_started()   # (the match on the table, if a waiting hand was of another one)
