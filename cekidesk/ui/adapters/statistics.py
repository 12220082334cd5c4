"""The recorder of the player's statistics in the window: it listens to the controller's ``started``
and ``handEnded`` and lets the session's :class:`~cekidesk.session.statistics.StatisticsKeeper`
write every finished hand of the person's into the
:class:`~cekidesk.persistence.statistics.StatisticsStore` (what is recorded, and what not: see
``cekidesk/session/statistics.py``).  The controller owns the session; the recorder only reads it.
"""
from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QObject, Signal, SignalInstance, Slot

from cekidesk.engine.match import Match
from cekidesk.persistence.saves import Seat
from cekidesk.persistence.statistics import StatisticsStore
from cekidesk.session.statistics import StatisticsKeeper, befores, fingerprint, level_of

__all__ = ["StatisticsRecorder", "befores", "fingerprint", "level_of"]


class _Watched(Protocol):
    """What the recorder reads of the controller."""

    started: SignalInstance
    handEnded: SignalInstance
    match: Match | None
    seats: tuple[Seat, ...]
    undone_hands: frozenset[int]
    counts_for_statistics: bool


class StatisticsRecorder(QObject):
    """Records the person's finished hands.  ``saveFailed(detail)`` is emitted the first time the file
    cannot be written (later hands are kept in memory and written with the next one that can be)."""

    saveFailed = Signal(str)
    recorded = Signal()

    def __init__(self, controller: QObject, store: StatisticsStore, parent: QObject | None = None):
        super().__init__(parent)
        self.controller: _Watched = controller   # type: ignore[assignment]
        self.store = store
        self.keeper = StatisticsKeeper(store)
        self.controller.started.connect(self._on_started)
        self.controller.handEnded.connect(self._on_hand_ended)

    def catch_up(self, hand_ended: bool) -> None:
        """The recorder was made after the match started (the store is loaded off the window's
        thread): know the match now, and record its hand that has just ended (``hand_ended``)."""
        self._on_started()
        if hand_ended:
            self._on_hand_ended()

    @Slot()
    def _on_started(self) -> None:
        c = self.controller
        self.keeper.started(c.match, c.seats, c.undone_hands)

    @Slot()
    def _on_hand_ended(self) -> None:
        c = self.controller
        error = self.keeper.hand_ended(c.match, c.seats, c.undone_hands, c.counts_for_statistics)
        if error is None:
            return
        if error:
            self.saveFailed.emit(error)
        self.recorded.emit()
