"""The end of a hand and of a match: the end-of-hand dialog once the table has shown the hand's end
(after the celebration, or a delay for the reveal), *Next hand* (N), the final standings."""
from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QTimer, Slot
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QDialog

from cekidesk.engine.match import Match

from ...dialogs.hand_end import HandEndDialog
from ...dialogs.standings import StandingsDialog
from ..interface import Change, Feature, WindowInterface

# How long to wait for the table's reveal animation before the end-of-hand dialog (ms).
HAND_END_DELAY = {"off": 0, "fast": 500, "normal": 1000, "slow": 1800}


class HandEnd(Feature):
    """The end-of-hand dialog (``hand_end_dialog``) and the standings (``standings_dialog``).  The
    window hands it ``dress`` (what every end dialog gets besides: Undo's keys, "Play this deal
    again" for a hand's end), ``lesson_ends`` (True: a lesson ends the hand its own way),
    ``new_game`` (the standings' New Game) and ``shown`` (called when a hand's end is shown)."""

    def __init__(self, window: WindowInterface, dress: Callable[[QDialog, Match | None], None],
                 lesson_ends: Callable[[], bool], new_game: Callable[[], object], shown: Callable[[], None]):
        super().__init__(window.widget())
        self.window = window
        self.dress, self.lesson_ends, self.new_game, self.shown = dress, lesson_ends, new_game, shown
        self.hand_end_dialog: HandEndDialog | None = None
        self.standings_dialog: StandingsDialog | None = None
        self._pending = False
        window.table.animationsDone.connect(self.maybe_show_hand_end)
        window.table.celebrationDone.connect(self.maybe_show_hand_end)

    def on_changed(self, change: Change) -> None:
        m = self.window.controller.match
        if change.kind == "started" and m is not None:
            self._pending = False
            self.close_dialogs()
            if m.hand_over() and m.history:  # a game saved between two hands: show how the last one ended
                self._pending = True
                QTimer.singleShot(0, self, self.maybe_show_hand_end)
        elif change.kind == "hand_ended":
            self._pending = True
            self.window.refresh()
            if m is not None and self.window.table.celebrate(m.state.result().winners):
                return   # the end-of-hand dialog comes when the celebration is over (celebrationDone)
            delay = HAND_END_DELAY.get(self.window.settings.animation_speed, 1000)
            if delay <= 0:
                self.maybe_show_hand_end()
            else:
                QTimer.singleShot(delay, self, self.maybe_show_hand_end)

    @Slot()
    def maybe_show_hand_end(self) -> None:
        if not self._pending or self.window.table.celebrating():
            return
        m = self.window.controller.match
        self._pending = False
        if m is None or not m.hand_over() or not m.history:
            return
        if self.lesson_ends():
            return   # a lesson ends with its own notes and summary
        self.show_hand_end()

    def show_hand_end(self) -> HandEndDialog | None:
        w = self.window
        m = w.controller.match
        if m is None or not m.history or not m.hand_over():
            return None
        self.close_dialogs()
        dlg = HandEndDialog(m, w.seat_names(), w.you(), w.card_namer(), w.widget())
        dlg.nextHand.connect(self.next_hand)
        dlg.showStandings.connect(self.show_standings)
        QShortcut(QKeySequence("N"), dlg).activated.connect(dlg.next_button.click)
        self.dress(dlg, m)
        self.hand_end_dialog = dlg
        dlg.open()  # window-modal, does not block
        self.shown()
        return dlg

    def next_hand(self) -> None:
        m = self.window.controller.match
        if m is None or not m.hand_over():
            return
        if m.is_over():
            self.show_standings()
            return
        self._pending = False
        self.close_dialogs()
        self.window.controller.next_hand()
        self.window.give_table_the_keyboard()

    def show_standings(self) -> StandingsDialog | None:
        w = self.window
        m = w.controller.match
        if m is None or not m.is_over():
            return None
        if self.hand_end_dialog is not None:
            self.hand_end_dialog.close()
            self.hand_end_dialog = None
        dlg = StandingsDialog(m, w.seat_names(), w.you(), w.widget())
        dlg.newGame.connect(lambda: QTimer.singleShot(0, self, self.new_game))
        self.dress(dlg, None)
        self.standings_dialog = dlg
        dlg.open()
        return dlg

    def close_dialogs(self) -> None:
        for dlg in (self.hand_end_dialog, self.standings_dialog):
            if dlg is not None:
                dlg.close()
                dlg.deleteLater()
        self.hand_end_dialog = self.standings_dialog = None

    def retranslate(self) -> None:
        """An open end dialog is opened again in the new words."""
        if self.hand_end_dialog is not None and self.hand_end_dialog.isVisible():
            self.hand_end_dialog.close()
            self.hand_end_dialog = None
            self.show_hand_end()
        if self.standings_dialog is not None and self.standings_dialog.isVisible():
            self.standings_dialog.close()
            self.standings_dialog = None
            self.show_standings()

    def close(self) -> None:
        self.close_dialogs()
