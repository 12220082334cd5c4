"""The recorder of the player's statistics, without a window: every finished hand of the person's
goes into the :class:`~cekidesk.persistence.statistics.StatisticsStore`.

What is recorded, and what not:

* only a match with exactly one human seat against computer players: with several people at one
  computer nobody is "you", so such a match records nothing (and neither does a lesson or anything
  else that does not count for the statistics);
* the level is the computer players' level, or ``"mixed"`` when they differ;
* a hand is keyed by its match and its index: when its end is told again (an undo and a redo, a
  restart of the deal) the record is replaced, never added twice.

A match is known again when it is rebuilt (an undo replays the log into a new match object) or
reopened in a later session (the autosave, a save file): by a digest of what it was started with
and of the actions before each of its recorded hands (:func:`befores`).
"""
from __future__ import annotations

import logging
import threading
from collections.abc import Sequence

from cekidesk.engine.core import Action
from cekidesk.engine.match import Match
from cekidesk.persistence.saves import Seat
from cekidesk.persistence.statistics import MIXED_LEVEL, MatchStat, StatisticsStore, digest

log = logging.getLogger(__name__)


def fingerprint(match: Match, seats: tuple[Seat, ...]) -> str:
    """A digest of what ``match`` was started with: the same for the match rebuilt or reopened."""
    return digest([match.spec.id, match.seed, match.n_players, match.options.model_dump(mode="json"),
                   match.match_options.model_dump(mode="json"), [[s.kind, s.level] for s in seats]])


#: the digests :func:`befores` made, by the hand start (``Match.starts``) they lead to: a match an undo
#: rebuilt shares its earlier hands' starts with the one it came from, so its digests are not made again;
#: :func:`digest_hands` may fill it on another thread (a long match just opened), hence the lock.  Kept as
#: the place of each start (by its ``id``) in two lists, the starts (the very objects: an ``id`` may be a
#: later object's) and their digests, not as a ``(start, digest)`` pair a hand: numbers and strings are
#: nothing for the garbage collector to track, a pair is (issue 33: flat memory over a long match)
_BEFORE: dict[int, int] = {}
_BEFORE_STARTS: list[object] = []
_BEFORE_DIGESTS: list[str] = []
_BEFORE_MOST = 50_000
_BEFORE_LOCK = threading.Lock()


def _remembered(start: object) -> str | None:
    """The digest remembered for this very hand start (the lock held)."""
    place = _BEFORE.get(id(start))
    return _BEFORE_DIGESTS[place] if place is not None and _BEFORE_STARTS[place] is start else None


def _known(starts: Sequence[object], hands: int) -> list[str]:
    """The digests of the hands up to ``hands`` (at most) that are known, from the first on."""
    out = [digest([])]
    with _BEFORE_LOCK:
        while len(out) < hands:
            kept = _remembered(starts[len(out)])
            if kept is None:
                break
            out.append(kept)
    return out


def digest_hands(starts: Sequence[object], logs: Sequence[Sequence[Action]]) -> list[str]:
    """For each hand of a match whose hand starts are ``starts`` and whose hands' moves are ``logs``, a
    digest of every action before it (chained, so the whole list costs one pass over the moves — and
    only over the hands not seen before); remembered for :func:`befores`.  Touches nothing but its
    arguments and the lock-guarded memory of digests: it may run on any thread, over lists the
    match's thread no longer changes (its finished hands)."""
    out = _known(starts, len(logs))
    texts: dict[object, str] = {}
    for hand in range(len(out) - 1, len(logs) - 1):
        words = [texts.get(a) or texts.setdefault(a, str(a)) for a in logs[hand]]
        out.append(digest([out[-1], words]))
    with _BEFORE_LOCK:
        if len(_BEFORE_STARTS) > _BEFORE_MOST:
            _BEFORE.clear()
            _BEFORE_STARTS.clear()
            _BEFORE_DIGESTS.clear()
        for i in range(1, len(out)):
            start = starts[i]
            place = _BEFORE.get(id(start))
            if place is not None and _BEFORE_STARTS[place] is start:
                _BEFORE_DIGESTS[place] = out[i]
            else:
                _BEFORE[id(start)] = len(_BEFORE_STARTS)
                _BEFORE_STARTS.append(start)
                _BEFORE_DIGESTS.append(out[i])
    return out


def befores(match: Match) -> list[str]:
    """For each hand of ``match`` up to the current one, a digest of every action before it (chained,
    so the whole list costs one pass over the log — and only over the hands not seen before)."""
    return digest_hands(match.starts, match.logs)


def befores_known(match: Match) -> bool:
    """Whether :func:`befores` of ``match`` costs no digest: every finished hand's is remembered
    (a few dictionary look-ups a hand)."""
    return len(_known(match.starts, len(match.logs))) >= len(match.logs)


def finished_hands(match: Match) -> tuple[list[object], list[list[Action]]]:
    """What :func:`digest_hands` needs of ``match``, taken on the match's thread so that the digests can
    be made on another: its hand starts and its hands' moves (copies of the lists of hands, not of the
    moves: :func:`digest_hands` reads the finished hands' moves only, which no longer change)."""
    logs = list(match.logs)
    return list(match.starts[:len(logs)]), logs


def level_of(seats: tuple[Seat, ...]) -> str:
    """The computer players' level, or ``mixed``."""
    levels = {s.level for s in seats if s.level is not None}
    return levels.pop() if len(levels) == 1 else MIXED_LEVEL


def person_of(seats: Sequence[Seat]) -> int | None:
    """The one human seat whose hands count, or None."""
    humans = [i for i, s in enumerate(seats) if s.kind == "human"]
    return humans[0] if len(humans) == 1 else None


class StatisticsKeeper:
    """Records the person's finished hands in ``store`` (see the module docstring).  Tell it
    :meth:`started` whenever a match or hand is put on the table and :meth:`hand_ended` at each end
    of a hand."""

    def __init__(self, store: StatisticsStore):
        self.store = store
        self._match: Match | None = None     # the match object last seen
        self._stat: MatchStat | None = None  # its statistics (None: none recorded yet)
        self.failed = False                  # the last save failed (and that was told)

    def started(self, match: Match | None, seats: tuple[Seat, ...], undone_hands: frozenset[int]) -> None:
        """Know the match again if it is the one recorded before (rebuilt, reopened)."""
        m = match
        if m is None or m is self._match:
            return
        self._match = m
        fp = fingerprint(m, seats)
        done = befores(m)[:len(m.history)]
        cur = self._stat if self._stat is not None and self.store.match(self._stat.id) is self._stat else None
        if cur is not None and cur.fingerprint == fp and (cur.agrees(done) or m.hand_index in undone_hands):
            return
        self._stat = self.store.find_match(fp, done) if done else None

    @property
    def known(self) -> Match | None:
        """The match object last seen (:meth:`started`)."""
        return self._match

    def hand_ended(self, match: Match | None, seats: tuple[Seat, ...], undone_hands: frozenset[int],
                   counts: bool = True, index: int | None = None) -> str | None:
        """Record the hand just finished (``index``: that finished hand of ``match``, recorded later
        than its end); None if nothing was recorded, else "" (saved) or, the first time saving fails,
        what went wrong (later hands are kept in memory and written with the next one that can be)."""
        m = match
        seat = person_of(seats)
        if m is None or not m.history or seat is None or not counts:
            return None
        if m is not self._match:
            self.started(m, seats, undone_hands)
        last = index is None or index == m.history[-1].index
        rec = m.history[-1] if index is None else next((r for r in reversed(m.history) if r.index == index), None)
        if rec is None:
            return None
        if self._stat is None or self.store.match(self._stat.id) is not self._stat:
            self._stat = self.store.new_match(m.spec.id, level_of(seats), m.match_options.mode == "money",
                                              fingerprint(m, seats))
        kind = m.spec.win_kind(rec.result, seat) if m.spec.win_kind is not None else None
        self.store.record(self._stat, rec.index, seat in rec.result.winners, kind, rec.result.points[seat],
                          rec.payments[seat], rec.index in undone_hands, befores(m)[rec.index],
                          last and m.is_over(), last and seat in m.winners())
        return self._save()

    def _save(self) -> str:
        try:
            self.store.save()
        except OSError as exc:
            log.warning("the statistics could not be saved: %s", exc)
            if not self.failed:
                self.failed = True
                return exc.strerror or str(exc)
            return ""
        self.failed = False
        return ""


__all__ = ["StatisticsKeeper", "befores", "befores_known", "digest_hands", "finished_hands", "fingerprint", "level_of",
           "person_of"]
