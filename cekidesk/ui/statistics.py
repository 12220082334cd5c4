"""The recorder of the player's statistics: it listens to the controller and writes every finished
hand of the person's into the :class:`~cekidesk.persistence.statistics.StatisticsStore`.

The controller owns the session; the recorder only reads it.  What is recorded, and what not:

* only a match with exactly one human seat against computer players: with several people at one
  computer nobody is "you", so such a match records nothing (and neither does a lesson or anything
  else whose ``GameController.counts_for_statistics`` is False);
* the level is the computer players' level, or ``"mixed"`` when they differ;
* a hand is keyed by its match and its index: when ``handEnded`` comes again for the same hand (an
  undo and a redo, a restart of the deal) the record is replaced, never added twice.

A match is known again when it is rebuilt (an undo replays the log into a new match object) or
reopened in a later session (the autosave, a save file): by a digest of what it was started with
and of the actions before each of its recorded hands (:func:`befores`).
"""
from __future__ import annotations

import logging

from PySide6.QtCore import QObject, Signal, Slot

from cekidesk.engine.match import Match
from cekidesk.persistence.saves import Seat
from cekidesk.persistence.statistics import MIXED_LEVEL, MatchStat, StatisticsStore, digest

from .controller import GameController

log = logging.getLogger(__name__)


def fingerprint(match: Match, seats: tuple[Seat, ...]) -> str:
    """A digest of what ``match`` was started with: the same for the match rebuilt or reopened."""
    return digest([match.spec.id, match.seed, match.n_players, match.options.model_dump(mode="json"),
                   match.match_options.model_dump(mode="json"), [[s.kind, s.level] for s in seats]])


def befores(match: Match) -> list[str]:
    """For each hand of ``match`` up to the current one, a digest of every action before it (chained,
    so the whole list costs one pass over the log)."""
    out = [digest([])]
    for actions in match.logs[:-1]:
        out.append(digest([out[-1], [str(a) for a in actions]]))
    return out


def level_of(seats: tuple[Seat, ...]) -> str:
    """The computer players' level, or ``mixed``."""
    levels = {s.level for s in seats if s.level is not None}
    return levels.pop() if len(levels) == 1 else MIXED_LEVEL


class StatisticsRecorder(QObject):
    """Records the person's finished hands (see the module docstring).  ``saveFailed(detail)`` is
    emitted the first time the file cannot be written (later hands are kept in memory and written
    with the next one that can be)."""

    saveFailed = Signal(str)
    recorded = Signal()

    def __init__(self, controller: GameController, store: StatisticsStore, parent: QObject | None = None):
        super().__init__(parent)
        self.controller = controller
        self.store = store
        self._match: Match | None = None     # the match object last seen
        self._stat: MatchStat | None = None  # its statistics (None: none recorded yet)
        self._failed = False
        controller.started.connect(self._on_started)
        controller.handEnded.connect(self._on_hand_ended)

    def catch_up(self, hand_ended: bool) -> None:
        """The recorder was made after the match started (the store is loaded off the window's
        thread): know the match now, and record its hand that has just ended (``hand_ended``)."""
        self._on_started()
        if hand_ended:
            self._on_hand_ended()

    def _person(self) -> int | None:
        """The one human seat whose hands count, or None."""
        humans = self.controller.human_seats
        if len(humans) != 1:
            return None
        return humans[0]

    @Slot()
    def _on_started(self) -> None:
        """Know the match again if it is the one recorded before (rebuilt, reopened)."""
        c = self.controller
        m = c.match
        if m is None or m is self._match:
            return
        self._match = m
        fp = fingerprint(m, c.seats)
        done = befores(m)[:len(m.history)]
        cur = self._stat if self._stat is not None and self.store.match(self._stat.id) is self._stat else None
        if cur is not None and cur.fingerprint == fp and (
                cur.agrees(done) or m.hand_index in c.undone_hands):
            return
        self._stat = self.store.find_match(fp, done) if done else None

    @Slot()
    def _on_hand_ended(self) -> None:
        c = self.controller
        m = c.match
        seat = self._person()
        if m is None or not m.history or seat is None or not c.counts_for_statistics:
            return
        if m is not self._match:
            self._on_started()
        rec = m.history[-1]
        if self._stat is None or self.store.match(self._stat.id) is not self._stat:
            self._stat = self.store.new_match(m.spec.id, level_of(c.seats), m.match_options.mode == "money",
                                              fingerprint(m, c.seats))
        kind = m.spec.win_kind(rec.result, seat) if m.spec.win_kind is not None else None
        self.store.record(self._stat, rec.index, seat in rec.result.winners, kind, rec.result.points[seat],
                          rec.payments[seat], rec.index in c.undone_hands,
                          befores(m)[rec.index], m.is_over(), seat in m.winners())
        self._save()
        self.recorded.emit()

    def _save(self) -> None:
        try:
            self.store.save()
        except OSError as exc:
            log.warning("the statistics could not be saved: %s", exc)
            if not self._failed:
                self._failed = True
                self.saveFailed.emit(exc.strerror or str(exc))
            return
        self._failed = False

