"""The window's hand history: Game ▸ History… (Ctrl+H; ⌘Y on macOS) and its dialog, a finished hand's
replay on the window's table and log (its bar under the table), and "Play this deal again" in the
end-of-hand dialog.  The pieces (the replay, the list, the bar) are :mod:`cekidesk.ui.window.history`."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from types import SimpleNamespace

from PySide6.QtCore import Qt, QTimer, Slot
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QPushButton

from cekidesk.engine.core import Event
from cekidesk.engine.match import Match
from cekidesk.persistence.saves import Seat

from ...games import game_ui
from ..captions import caption_ms, show_captions
from ..gamelog import LogEntry, Seating
from ..history import HISTORY_KEY, HandReplay, HistoryDialog, ReplayBar, display_names, first_human, lay_out_now
from ..interface import Change, Feature, WindowInterface


class HandHistory(Feature):
    """The window's hand history: Game ▸ History… (Ctrl+H), its dialog, a hand's replay on the
    window's table and log (:class:`ReplayBar` under the table), and "Play this deal again" in the
    end-of-hand dialog.  While a replay is shown the computer players of the game on the table are
    paused; closing it gives back the table, the log and the pause exactly as they were.  The window
    hands it "Play this deal again" (``play_again``), the live position after a replay
    (``show_live``) and the commands that play, off during a replay (``playing``)."""

    def __init__(self, window: WindowInterface, play_again: Callable[[Match, int, Sequence[Seat]], bool],
                 show_live: Callable[[], None], playing: Callable[[], list[QAction]]):
        super().__init__(window.widget())
        self.window = window
        self.play_deal_again, self.show_live, self.playing = play_again, show_live, playing
        self.action = window.add_action("", self.show_dialog, HISTORY_KEY, "actHistory")
        self.dialog: HistoryDialog | None = None
        self.bar = ReplayBar(window.widget())
        window.widget().addToolBar(Qt.ToolBarArea.BottomToolBarArea, self.bar)
        self.bar.hide()
        self.bar.moved.connect(self.go)
        self.bar.closed.connect(self.close_replay)
        self.bar.retranslated.connect(self._renamed)
        self.replay: HandReplay | None = None
        self.seats: tuple[Seat, ...] = ()
        self.position = 0
        # what the replay covers up: the game log's lines, whether the computer players were paused,
        # whether the dialog was open
        self._kept: tuple[list[LogEntry], bool, bool] = ([], False, False)
        self.retranslate()

    def retranslate(self) -> None:
        self.action.setText(self.tr("H&istory…"))

    # -- the list ---------------------------------------------------------------------------------
    def show_dialog(self) -> HistoryDialog:
        if self.dialog is None:
            self.dialog = HistoryDialog(self.window.widget())
            self.dialog.replayAsked.connect(self.start)
            self.dialog.playAgainAsked.connect(self.play_again)
        c = self.window.controller
        self.dialog.set_live(c.match, c.seats)
        self.dialog.show()
        self.dialog.raise_()
        self.dialog.table.setFocus()
        return self.dialog

    def on_changed(self, change: Change) -> None:
        """A new hand, match or position (an undo) on the table: a replay shown ends first (the
        table and the log are the game's again), and the list follows."""
        if change.kind not in ("started", "hand_ended"):
            return
        if self.replay is not None:
            self.close_replay(later=True)
        if self.dialog is not None:
            c = self.window.controller
            self.dialog.set_live(c.match, c.seats)

    def play_again(self, match: Match, index: int, seats: Sequence[Seat]) -> None:
        if self.play_deal_again(match, index, seats) and self.dialog is not None:
            self.dialog.hide()

    def add_play_again(self, dialog: QDialog, match: Match, seats: Sequence[Seat]) -> QPushButton | None:
        """A "Play this deal again" button in the end-of-hand ``dialog`` of ``match``'s last hand."""
        box = dialog.findChild(QDialogButtonBox)
        if box is None or not match.history:
            return None
        button = box.addButton(self.tr("Play this deal &again"), QDialogButtonBox.ButtonRole.ActionRole)
        button.setObjectName("playAgainButton")
        button.setToolTip(self.tr("Start a new game whose first hand is dealt exactly like this one"))
        index = match.history[-1].index

        def again() -> None:
            dialog.close()
            QTimer.singleShot(0, self, lambda: self.play_deal_again(match, index, seats))
        button.clicked.connect(again)
        return button

    # -- the replay -------------------------------------------------------------------------------
    def start(self, match: Match, index: int, seats: Sequence[Seat]) -> None:
        """Show finished hand ``index`` of ``match`` (played by ``seats``) on the table, at its deal."""
        w = self.window
        c = w.controller
        if self.replay is not None:
            self.close_replay()
        if c.replaying:      # (the controller's replay of the last round gives the table back first)
            c.stop_replay()
        self.replay = HandReplay(match, index, first_human(seats))
        self.seats = tuple(seats)
        self.position = 0
        dialog_open = self.dialog is not None and self.dialog.isVisible()
        self._kept = (w.log_dock.model.entries(), c.paused, dialog_open)
        if c.match is not None and not c.paused:
            c.set_paused(True)
        if dialog_open and self.dialog is not None:
            self.dialog.hide()
        self.bar.begin(self.replay.length, c.replay_ms())
        self.bar.show()
        lay_out_now(w.widget())     # the table at its size under the bar before it is drawn
        w.table.set_thinking(-1)
        w.table.clear_captions()
        if not self._on_live_table():
            w.table.set_game(match.spec.id, display_names(seats), self.replay.viewer)
        w.table.show_view(self.replay.view(0), self.replay.deal_events)
        w.log_dock.show_entries(self._log(0))
        w.refresh()
        w.table.setFocus()

    @Slot()
    def _renamed(self) -> None:
        """A new language: the replay's seats keep their names (the window has just named the
        table's seats after the game on the table) and the status line says where it is."""
        if self.replay is not None:
            self.window.table.set_seat_names(display_names(self.seats))
            self.window.refresh()

    def _on_live_table(self) -> bool:
        """Whether the hand replayed is of the game on the table, seen from the same seat (the
        table's layout then stays; else the replay's game and seats are set up, and the live ones
        again at the end)."""
        c = self.window.controller
        r = self.replay
        return r is not None and r.match is c.match and r.viewer == c.human_seat

    def _seating(self) -> Seating:
        assert self.replay is not None, "a replay's log needs a replay"
        return Seating.of(self.replay.match.spec.id, self.seats, self.replay.viewer)

    def _log(self, k: int) -> list[LogEntry]:
        """The replayed hand's log up to position ``k``: its heading, the deal, the first ``k`` moves."""
        r = self.replay
        assert r is not None, "a replay's log needs a replay"
        m, rec = r.match, r.record
        ui, seat_names = game_ui(m.spec.id), display_names(self.seats)
        hand = SimpleNamespace(spec=m.spec, hand_index=rec.index, dealer=rec.dealer, state=r.state(0))
        heading = LogEntry.notice(lambda: ui.hand_heading(hand, seat_names, r.viewer), "heading")
        seating = self._seating()
        entries = [heading] + [LogEntry.of_event(e, seating) for e in r.deal_events]
        for step in range(1, k + 1):
            entries += [LogEntry.of_event(e, seating) for e in r.events(step)]
        return entries

    @Slot(int)
    def go(self, k: int) -> None:
        """Show position ``k`` of the replay (one move forward: that move's animation, captions and
        log lines; anywhere else: the position at once, the log up to it)."""
        r = self.replay
        if r is None:
            return
        k = max(0, min(k, r.length))
        w = self.window
        if k != self.position:
            step = k == self.position + 1
            self.position = k
            events = r.events(k) if step else []
            w.table.clear_captions()
            w.table.show_view(r.view(k), events)
            if step:
                self._captions(events)
                w.log_dock.add_events(events, self._seating())
            else:
                w.log_dock.show_entries(self._log(k))
        self.bar.show_position(k)
        w.refresh()

    def _captions(self, events: Sequence[Event]) -> None:
        """Every player's move in words beside the seat, as in the replay of the last round."""
        r = self.replay
        assert r is not None, "captions of a replay need a replay"
        show_captions(self.window, r.match.spec.id, events, r.viewer, display_names(self.seats),
                      caption_ms(self.window.controller.replay_ms()), everyone=True)

    @Slot()
    def close_replay(self, later: bool = False) -> None:
        """Back to the game: its table, log and pause as they were.  The computer players go on
        unless they were paused before the replay (or a new game came meanwhile, which starts
        unpaused); ``later``: once the window has shown a new game or position that came meanwhile."""
        if self.replay is None:
            return
        w = self.window
        c = w.controller
        live_table = self._on_live_table()
        game_id = self.replay.match.spec.id
        self.replay = None
        self.bar.pause()
        self.bar.hide()
        lay_out_now(w.widget())     # the table at its size again before the game is drawn on it
        log_lines, was_paused, dialog_open = self._kept
        self._kept = ([], False, False)
        w.log_dock.show_entries(log_lines)
        if c.match is not None:
            if not live_table:
                w.table.set_game(c.match.spec.id, w.seat_names(), c.human_seat)
            self.show_live()     # the live position, its thinking seat and hint, as after a replay
        if c.paused and not was_paused:
            if later:
                QTimer.singleShot(0, c, lambda: c.set_paused(False))
            else:
                c.set_paused(False)
        else:   # (a saved game's hand with no game on the table: the table is empty again)
            w.table.set_game(game_id, [], 0)
        if dialog_open and self.dialog is not None:
            self.dialog.show()
        w.refresh()

    def refresh(self) -> None:
        """The window's commands and status line while a replay is shown (the window's refresh)."""
        if self.replay is None:
            return
        for a in self.playing():
            a.setEnabled(False)
        r = self.replay
        where = game_ui(r.match.spec.id).words.number(r.index + 1, r.match.seed)
        self.window.set_status(self.tr("{hand}, replayed — Left / Right, Home / End and Space move through it; "
                                       "Esc goes back to the game.").format(hand=where))
