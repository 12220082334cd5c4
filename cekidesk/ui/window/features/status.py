"""The status line (what is going on, in words: whose turn, who is thinking, the hint, the end of a
hand or match), the deal number beside it and the window's title."""
from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication, QLabel

from cekidesk.engine.core import View

from ... import dialogs
from ...foundations import i18n, names
from ...games import game_ui
from ..interface import Feature, WindowInterface


class StatusLine(Feature):
    """``status_label`` and ``info_label`` in the window's status bar.  The window hands it the
    hint's line (``hint_line``), the computer player thinking (``thinking_seat``) and what the pass
    screen waits for (``waiting_text``)."""

    def __init__(self, window: WindowInterface, hint_line: Callable[[], str | None],
                 thinking_seat: Callable[[], int], waiting_text: Callable[[], str]):
        super().__init__(window.widget())
        self.window = window
        self.hint_line, self.thinking_seat, self.waiting_text = hint_line, thinking_seat, waiting_text
        w = window.widget()
        self.status_label = QLabel(w)
        self.status_label.setObjectName("statusLine")
        self.status_label.setTextInteractionFlags(Qt.TextInteractionFlag.NoTextInteraction)
        self.status_label.setWordWrap(True)
        self._fit_font()
        w.statusBar().addWidget(self.status_label, 1)
        self.info_label = QLabel(w)
        self.info_label.setObjectName("infoLabel")
        w.statusBar().addPermanentWidget(self.info_label)

    def _fit_font(self) -> None:
        """The status line a little larger than the interface font (now, and again after a change of
        language, which may change the interface font: aksara Jawa is larger).  A hint with its
        reason can be longer than the window is wide: it wraps onto a second line instead of being
        cut off, in room kept for two lines (the table does not jump when it comes)."""
        f = QFont(QApplication.font())   # (the application's, which a new language changed at once)
        f.setPointSizeF(f.pointSizeF() * 1.15)
        self.status_label.setFont(f)
        self.status_label.setFixedHeight(2 * self.status_label.fontMetrics().lineSpacing() + 2)

    def retranslate(self) -> None:
        self._fit_font()

    def refresh(self) -> None:
        """The status line, the title and the deal number (the first of the window's refreshes)."""
        m = self.window.controller.match
        w = self.window.widget()
        self.status_label.setText(self.status_text())
        if m is None:
            w.setWindowTitle("CekiDesk")
            self.info_label.setText("")
        else:
            # (in the title bar and the task bar, which may have no Javanese font: in Latin letters)
            w.setWindowTitle(i18n.latin(lambda: QCoreApplication.translate(
                "MainWindow", "{game} — deal no. {seed} — CekiDesk").format(
                game=names.game_title(m.spec), seed=m.seed)))
            self.info_label.setText(self.window.deal_words().number(m.hand_index + 1, m.seed))

    def status_text(self) -> str:
        c = self.window.controller
        m = c.match
        if m is None:
            return QCoreApplication.translate("MainWindow", "No game on the table. Choose Game ▸ New… to start one.")
        if c.replaying:
            return QCoreApplication.translate(
                "MainWindow", "The last round again — click the table or press Esc to go back to the game.")
        if c.screened and c.passing_to() is not None:
            return self.waiting_text()
        if m.hand_over():
            return self._hand_over_text()
        if c.waiting_for_human():
            text = self.your_turn_text(c.view())
            hint = self.hint_line()
            if c.hint_pending:
                text += "  " + QCoreApplication.translate("MainWindow", "Thinking about a hint…")
            elif hint is not None:
                text += "  " + hint
            return text
        guide = c.guiding()
        if guide is not None and guide.waiting():   # a lesson's note is up: nobody thinks
            return QCoreApplication.translate("LessonStatus", "A note of the lesson: Enter or Next goes on.")
        seat_names = self.window.seat_names()
        seat = self.thinking_seat()
        if seat < 0:
            to_act = m.state.to_act()
            seat = to_act[0] if to_act else -1
        if 0 <= seat < len(seat_names):
            name = seat_names[seat]
            if c.paused:
                return QCoreApplication.translate("MainWindow", "Paused — {name} is next.").format(name=name)
            return QCoreApplication.translate("MainWindow", "{name} is thinking…").format(name=name)
        return QCoreApplication.translate("MainWindow", "Waiting…")

    def _hand_over_text(self) -> str:
        m = self.window.controller.match
        assert m is not None, "a hand's end needs a match"
        seat_names, human = self.window.seat_names(), self.window.you()
        text = game_ui(m.spec.id).hand_over_text(m.state.result(), seat_names, human)
        if not m.is_over():
            return text + " " + self.window.deal_words().press_next()
        winners = m.winners()
        if m.sides:
            text += " " + dialogs.winners_text(m, winners, seat_names, human)
        elif len(winners) == 1 and winners[0] == human:
            text += " " + QCoreApplication.translate("MainWindow", "You win the match!")
        elif len(winners) == 1:
            text += " " + QCoreApplication.translate("MainWindow", "{name} wins the match.").format(
                name=seat_names[winners[0]])
        else:
            text += " " + QCoreApplication.translate("MainWindow", "The match ends in a tie.")
        return text

    def your_turn_text(self, view: View) -> str:
        m = self.window.controller.match
        if m is None:
            return ""
        return game_ui(m.spec.id).your_turn_text(view, self.window.seat_names())
