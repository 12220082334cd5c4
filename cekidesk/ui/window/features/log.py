"""The game log's feature: what the log (:class:`~cekidesk.ui.window.gamelog.GameLogDock`) shows as the game
changes — a new or opened match afresh, each hand's heading, the moves as the person saw them, and
after an undo, redo or restart the hands the rebuild changed as the rebuilt match played them.

A log made afresh shows the current hand in full and the :data:`HANDS_SHOWN` hands before it in brief
(one line each; the earlier ones come in as the player scrolls up).  The live log keeps that shape as
the match goes on (issue 33: its lines, and what they hold, stay as many from hand to hand): when a
hand begins, the hands more than :data:`HANDS_IN_FULL` before it go to their brief line, and the
briefs beyond :data:`HANDS_SHOWN` go behind the line that says to scroll up — while the player
follows the newest line (or the log is hidden); a player reading back keeps what they read until they
are back at the bottom."""
from __future__ import annotations

from collections.abc import Callable
from types import SimpleNamespace

from PySide6.QtCore import QCoreApplication

from cekidesk.engine.match import HandRecord, Match

from ... import dialogs
from ...foundations import names, theme
from ...games import game_ui
from ..gamelog import LogEntry, Seating, autosave_failed_notice, left_out_notice
from ..interface import Change, Feature, WindowInterface

# how many hands' headings the log feature remembers for an undo (issue 33: a heading holds its hand)
HEADINGS_KEPT = 4
# how many earlier hands a log made afresh shows in brief (issue 33: opening a long match costs its last
# hands, not all of them); the hands before come in, this many at a time, when the player scrolls up
HANDS_SHOWN = 40
# how many finished hands the live log keeps in full above the current one (the earlier ones in brief)
HANDS_IN_FULL = 2


class GameLog(Feature):
    """The log of the game on the table."""

    def __init__(self, window: WindowInterface):
        super().__init__(window.widget())
        self.window = window
        self._shown_match: Match | None = None
        self._card_names: tuple[str, str | None, str] | None = None   # the log's card-name form, game, theme
        # the latest heading of each of the last :data:`HEADINGS_KEPT` hands, by hand index (an undo's log
        # goes back to it; an undo further back builds the log afresh), and of each hand the log shows in
        # full (the hands that go to their brief line begin there)
        self._headings: dict[int, LogEntry] = {}
        # the lines in brief the log shows, oldest first, with their hands' indexes
        self._briefs: list[tuple[int, LogEntry]] = []
        self._seatings: tuple[tuple[object, ...], Seating] | None = None
        # the line that stands for the earlier hands not shown yet, the match and the first hand shown
        self._older: tuple[LogEntry, Match, int] | None = None
        window.log_dock.view.olderWanted.connect(self.show_older)

    def on_changed(self, change: Change) -> None:
        c, dock = self.window.controller, self.window.log_dock
        m = c.match
        if m is None:
            return
        if change.kind == "started":
            if change.rewound:   # an undo, redo or restart rebuilt the match
                self._shown_match = m
                if self._older is not None:   # (the rebuilt match shares the hands before the cut)
                    self._older = (self._older[0], m, self._older[2])
                self.rewind()
            elif m is not self._shown_match:
                self._shown_match = m
                self.rebuild()
            else:
                dock.append([self._heading(m)])
                dock.add_events(c.events_for_log(m.state.deal_events), self._seating(m))
                self.collapse()
        elif change.kind == "moved":
            dock.add_events(list(change.logged), self._seating(m))

    def apply_settings(self) -> None:
        s, m = self.window.settings, self.window.controller.match
        game = m.spec.id if m is not None else None
        if (s.card_names, game, theme.current().name) != self._card_names:
            self._card_names = (s.card_names, game, theme.current().name)
            self.window.log_dock.reword(self.window.card_namer())

    def _seating(self, m: Match) -> Seating:
        """Who sits where, one object for every line while the seats stay as they are (not one a move)."""
        seats, you = self.window.controller.seats, self.window.you()
        key = (m.spec.id, tuple((s.kind, s.name) for s in seats), you)
        if self._seatings is None or self._seatings[0] != key:
            self._seatings = (key, Seating.of(m.spec.id, seats, you))
        return self._seatings[1]

    def _heading(self, m: Match) -> LogEntry:
        """The heading of ``m``'s current hand, worded whenever the log is worded, from what the hand
        is now: the match moves on to other hands, so the number, the dealer and the hand's state are
        kept as they are at this moment.  Each hand's latest heading is kept (an undo's log goes back
        to it)."""
        ui, human, w = game_ui(m.spec.id), self.window.you(), self.window
        hand = SimpleNamespace(spec=m.spec, hand_index=m.hand_index, dealer=m.dealer, state=m.state)
        entry = self._headings[m.hand_index] = LogEntry.notice(
            lambda: ui.hand_heading(hand, w.seat_names(), human), "heading")
        rows = self.window.log_dock.model.rows()
        for old in [h for h, e in self._headings.items() if h <= m.hand_index - HEADINGS_KEPT and id(e) not in rows]:
            del self._headings[old]     # (each keeps its hand's state: a long match kept every one)
        return entry

    def rebuild(self) -> None:
        """A new or loaded match: the log shows the last :data:`HANDS_SHOWN` earlier hands in brief
        (a line above them says that scrolling up shows the ones before, :meth:`show_older`) and the
        current hand in full, as the human saw it — the deal, then the events the match kept while
        its moves were played (or replayed from the save), with a line saying so where a giant
        hand's first events were left out."""
        w = self.window
        c = w.controller
        m = c.match
        self._older, self._briefs = None, []
        if m is None:
            w.log_dock.clear()
            return
        remote = c.remote
        if remote is not None and remote.code is not None:   # (a networked table: its deal number is secret)
            code = remote.code
            entries = [LogEntry.notice(lambda: QCoreApplication.translate(
                "NetworkTable", "{game}, table {code}").format(game=names.game_title(m.spec), code=code), "heading")]
        else:
            entries = [LogEntry.notice(lambda: QCoreApplication.translate(
                "MainWindow", "{game}, deal no. {seed}").format(game=names.game_title(m.spec), seed=m.seed), "heading")]
        first = max(0, m.hand_index - HANDS_SHOWN)
        if first > 0:
            older = self._scroll_up_line()
            entries.append(older)
            self._older = (older, m, first)
        self._briefs = self._summaries(m, first, m.hand_index)
        entries += [e for _, e in self._briefs]
        entries += self._hand_entries(m)
        if c.autosave_failing:   # (the failure may have been told just before, in the log this one replaces)
            entries.append(autosave_failed_notice())
        w.log_dock.show_entries(entries)

    def _summaries(self, m: Match, start: int, stop: int) -> list[tuple[int, LogEntry]]:
        """The lines in brief of ``m``'s finished hands ``start`` to ``stop - 1``, with their hands' indexes."""
        w = self.window

        def summary(rec: HandRecord) -> Callable[[], str]:
            return lambda: w.deal_words().summary(rec.index + 1, dialogs.hand_summary(m, rec, w.seat_names()))

        gone = m.hands_forgotten
        records = m.history[max(0, start - gone):max(0, stop - gone)]
        return [(rec.index, LogEntry.notice(summary(rec))) for rec in records]

    def show_older(self) -> None:
        """The player scrolled up to the top: the :data:`HANDS_SHOWN` hands before the first one shown
        come in above it (the line that stands for them goes once the first hand is shown)."""
        if self._older is None:
            return
        older, m, first = self._older
        model = self.window.log_dock.model
        row = model.row_of(older)
        if m is not self.window.controller.match or row is None:
            self._older = None   # (another match, or a log made anew since: nothing to add)
            return
        start = max(0, first - HANDS_SHOWN)
        briefs = self._summaries(m, start, first)
        added = model.insert(row + 1, [e for _, e in briefs])
        rows = model.rows()
        self._briefs = [b for b in briefs[len(briefs) - added:] + self._briefs if id(b[1]) in rows]
        if start == 0 or added < first - start:   # (all shown, or the log has no room for more)
            self._older = None
            model.remove(row)
            if added < first - start:   # (its 2,000 lines are full: the earlier hands stay out, and it says so)
                model.insert(row, [left_out_notice()])
        else:
            self._older = (older, m, start)

    def collapse(self) -> None:
        """A hand has begun: the hands more than :data:`HANDS_IN_FULL` before it go to their line in
        brief, and the lines in brief beyond :data:`HANDS_SHOWN` go behind the line that says to scroll
        up (:meth:`show_older` brings them back) — the shape of a log made afresh, so that a long
        match's log holds as many lines from hand to hand.  Not while the player reads back in the
        log (the view does not follow the newest line): nothing changes under their eyes; the next
        hand that begins with the view at the bottom (or the log hidden) does it."""
        w = self.window
        m, dock = w.controller.match, w.log_dock
        if m is None or (not dock.view.following and dock.view.isVisible()):
            return
        model = dock.model
        rows = model.rows()
        full = sorted((h, e) for h, e in self._headings.items() if id(e) in rows)
        cut = m.hand_index - HANDS_IN_FULL
        old = [h for h, _ in full if h < cut]
        kept = [h for h, _ in full if h >= cut]
        if old and kept:
            first, last = rows[id(self._headings[old[0]])], rows[id(self._headings[kept[0]])] - 1
            if first <= last:
                briefs = self._summaries(m, old[0], kept[0])
                model.replace(first, last, [e for _, e in briefs])
                for h in old:
                    del self._headings[h]
                rows = model.rows()
                self._briefs += [b for b in briefs if id(b[1]) in rows]
        self._briefs = [b for b in self._briefs if id(b[1]) in rows]
        extra = len(self._briefs) - HANDS_SHOWN
        if extra <= 0:
            return
        first, last = rows[id(self._briefs[0][1])], rows[id(self._briefs[extra - 1][1])]
        if first > last:
            return
        shown = self._briefs[extra][0]      # the first hand still shown in brief
        del self._briefs[:extra]
        if self._older is not None and self._older[1] is m and id(self._older[0]) in rows:
            model.replace(first, last, [])  # (no entries: the rows go)
            self._older = (self._older[0], m, shown)
        else:
            older = self._scroll_up_line()
            model.replace(first, last, [older])
            self._older = (older, m, shown)

    @staticmethod
    def _scroll_up_line() -> LogEntry:
        return LogEntry.notice(lambda: QCoreApplication.translate("GameLog", "Scroll up to see the earlier hands."))

    def _hand_entries(self, m: Match) -> list[LogEntry]:
        """The log of ``m``'s current hand as the person saw it (with several people: its public
        events only, :meth:`GameController.events_for_log`): its heading, the deal, then the
        events ``m`` kept while its moves were played (a line saying so where a giant hand's first
        events were left out)."""
        c, seating = self.window.controller, self._seating(m)
        entries = [self._heading(m)]
        entries += [LogEntry.of_event(e, seating) for e in c.events_for_log(m.state.deal_events)]
        if m.hand_events_dropped:
            entries.append(left_out_notice())
        entries += [LogEntry.of_event(e, seating) for e in c.events_for_log(m.hand_events)]
        return entries

    def rewind(self) -> None:
        """The match was rebuilt (undo, redo, restart): the log keeps its lines up to the heading of
        the earliest hand the rebuild changed, and shows that hand and the ones after it as the
        rebuilt match played them — the same lines the moves wrote when they were played, without
        the notices of the moves taken back (a hint).  Without such a heading (beyond the log's
        length) the log is built afresh, as for an opened game."""
        dock = self.window.log_dock
        m = self.window.controller.match
        assert m is not None, "a rebuilt match"
        entries = dock.model.entries()
        rows = {id(e): i for i, e in enumerate(entries)}
        for hand in range(m.hand_index, -1, -1):
            heading = self._headings.get(hand)
            if heading is not None and id(heading) in rows:
                break
        else:
            self.rebuild()
            return
        kept = entries[:rows[id(heading)]]
        for h in range(hand, m.hand_index):   # (an earlier hand's events: its match, replayed)
            kept += self._hand_entries(m.replayed(m.logs[:h + 1]))
        dock.show_entries(kept + self._hand_entries(m))
