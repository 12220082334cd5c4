"""The status line (what is going on, in words: whose turn, who is thinking, the hint, the end of a
hand or match), the deal number beside it and the window's title."""
from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QRect, Qt
from PySide6.QtGui import QFont, QFontMetrics, QResizeEvent
from PySide6.QtWidgets import QApplication, QLabel, QWidget

from cekidesk.engine.core import View

from ... import dialogs
from ...foundations import fonts, i18n, names
from ...games import game_ui
from ..history import deal_number
from ..interface import Feature, WindowInterface


class FittedLabel(QLabel):
    """A word-wrapped label of a fixed height (:attr:`lines` lines of its base font: the table never
    jumps or stops a card in flight when a text comes and goes) that shows its whole text: a text
    longer than its lines (a hint with its reasons in aksara Jawa in a narrow window) is drawn a little
    smaller, down to :data:`SMALLEST` of the base size, until it fits.  Only a text that does not fit
    even then (no sentence of the app's) is cut after the last word that fits, with "…", the whole
    text in its tooltip.  ``text()`` is the whole text."""

    # the font sizes tried, as parts of the base font's size
    SCALES = (1.0, 0.94, 0.88, 0.82)
    SMALLEST = SCALES[-1]

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._full = ""
        self.lines = 2
        self.base_font = QFont(self.font())

    def set_base_font(self, font: QFont, lines: int) -> None:
        """The font a text is drawn in when it fits, and the lines kept for it (the label's height)."""
        self.base_font, self.lines = QFont(font), lines
        self.setFont(font)
        self.setFixedHeight(self.height_for(lines))
        self._fit()

    def setText(self, text: str) -> None:  # noqa: N802 (Qt's name)
        self._full = text
        self._fit()

    def text(self) -> str:
        return self._full

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self._fit()

    def height_for(self, lines: int) -> int:
        return lines * QFontMetrics(self.base_font).lineSpacing() + 2

    def _scaled(self, scale: float) -> QFont:
        font = QFont(self.base_font)
        if scale != 1.0:
            font.setPointSizeF(self.base_font.pointSizeF() * scale)
        return font

    @staticmethod
    def _needed(font: QFont, text: str, width: int) -> int:
        flags = int(Qt.TextFlag.TextWordWrap)
        return QFontMetrics(font).boundingRect(QRect(0, 0, width, 1 << 20), flags, text).height() + 2

    def _fit(self) -> None:
        full, width, room = self._full, self.contentsRect().width(), self.height()
        shown, font = full, self.base_font
        if width > 0 and self._needed(font, full, width) > room:
            font = next((f for f in map(self._scaled, self.SCALES) if self._needed(f, full, width) <= room), None) \
                or self._scaled(self.SMALLEST)
            if self._needed(font, full, width) > room:
                lo, hi = 0, len(full)       # the longest beginning that fits with "…"
                while lo < hi:
                    mid = (lo + hi + 1) // 2
                    fits = self._needed(font, full[:mid].rstrip() + "…", width) <= room
                    lo, hi = (mid, hi) if fits else (lo, mid - 1)
                cut = max(full.rfind(" ", 0, lo + 1), full.rfind("\u200b", 0, lo + 1))
                shown = full[:cut if cut > lo - 20 else lo].rstrip(" \u200b") + "…"
        if font != self.font():
            self.setFont(font)
        super().setText(shown)
        self.setToolTip(full if shown != full else "")


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
        self.status_label = FittedLabel(w)
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
        cut off, in room kept for two lines (the table does not jump when it comes), drawn a little
        smaller when it needs more (:class:`FittedLabel`)."""
        f = QFont(QApplication.font())   # (the application's, which a new language changed at once)
        if fonts.interface_scale() < 1.5:   # (the interface's size already makes it large)
            f.setPointSizeF(f.pointSizeF() * 1.15)
        # at a larger interface size (Settings.interface_scale) a hint keeps room for a third line
        self.status_label.set_base_font(f, 2 if fonts.interface_scale() < 1.5 else 3)

    def retranslate(self) -> None:
        self._fit_font()

    def apply_settings(self) -> None:
        self._fit_font()   # (the interface's size may have changed the application font)

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
            remote = self.window.controller.remote
            if remote is not None and remote.code is not None:   # (a networked table: its deal number is secret)
                code = remote.code
                w.setWindowTitle(i18n.latin(lambda: QCoreApplication.translate(
                    "NetworkTable", "{game} — table {code} — CekiDesk").format(
                    game=names.game_title(m.spec), code=code)))
            else:
                w.setWindowTitle(i18n.latin(lambda: QCoreApplication.translate(
                    "MainWindow", "{game} — deal no. {seed} — CekiDesk").format(
                    game=names.game_title(m.spec), seed=deal_number(m, m.hand_index))))
            self.info_label.setText(self.window.deal_words().number(m.hand_index + 1, deal_number(m, m.hand_index)))

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
            if c.remote is not None and seat < len(c.seats) and c.seats[seat].kind == "human" \
                    and seat != c.human_seat:   # a person at another computer: nobody "thinks" here
                return QCoreApplication.translate("MainWindow", "Waiting for {name}…").format(name=name)
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
