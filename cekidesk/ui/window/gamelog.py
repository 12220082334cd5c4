"""The game log: every public event of the match, in words, in a dock beside the table.

The log keeps *what happened*, not sentences: a :class:`LogEntry` is an engine event as the human
seat saw it (their own secret draws included, other players' hidden) together with the seating
needed to word it, or a heading or notice with a function that words it.  :class:`GameLogModel`
holds the entries and their words in the language now installed; a language change (or another
card-name form) words the same entries again — same lines, same order, "Opened …" and "saved as"
notices included.  :func:`describe_event` turns one event into a sentence through the game's UI
module (:mod:`cekidesk.ui.games`).

The view is a read-only :class:`QPlainTextEdit` fed by the model's signals, not a ``QListView``:
measured with Qt 6.11 (``bench/README.md``), a word-wrapped ``QListView`` asks the size of every row
on each insertion, and a ``QTreeView`` (which measures only the rows on screen) still rebuilds its
table of rows and scrolls to the bottom in time that grows with the log, whereas a plain-text
document appends a paragraph in constant time and lays out only the lines on screen (each line
wrapped in full, never elided; taller aksara Jawa lines get their own height).  Words are made
once per entry when it arrives and again only when the language or the card-name form changes;
a fresh log (a loaded save) words only the entries it keeps, from the newest back.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from PySide6.QtCore import (
    QAbstractListModel,
    QCoreApplication,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QColor, QFont, QPalette, QTextBlockFormat, QTextCharFormat, QTextCursor, QWheelEvent
from PySide6.QtWidgets import QDockWidget, QPlainTextEdit, QWidget

from cekidesk.engine.core import Event

from ..foundations import names, theme
from ..foundations.theme import qc
from ..games import GameUI, game_ui

if TYPE_CHECKING:
    from cekidesk.persistence.saves import Seat

Namer = Callable[[Any], str]
Style = Literal["line", "heading", "important"]

# the colour of a game's important events (a win, a call)
IMPORTANT_COLOUR = QColor("#8a1c10")


def describe_event(event: Event, seat_names: Sequence[str], human_seat: int, game_id: str,
                   namer: Namer | None = None) -> str | None:
    """One sentence for ``event`` of the game ``game_id`` (by the game's UI module), or None for
    events that say nothing to a player.  Card names are given by ``namer`` (the player's chosen
    form; default: the English name)."""
    return game_ui(game_id).describe_event(event, seat_names, human_seat, namer or names.card_name)


@dataclass(frozen=True, slots=True)
class Seating:
    """What wording an event needs besides the event: the game's words and who sits where.

    The seats are kept as stored (kind and name), and shown as :func:`names.seat_display_names`
    says when a line is worded, so a human's default name follows a language change."""

    ui: GameUI
    seats: tuple[tuple[str, str], ...]
    human_seat: int

    @classmethod
    def of(cls, game_id: str, seats: Sequence[Seat], human_seat: int) -> Seating:
        return cls(game_ui(game_id), tuple((s.kind, s.name) for s in seats), human_seat)

    @property
    def seat_names(self) -> list[str]:
        return names.seat_display_names(self.seats)


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One line of the log as what happened: an ``event`` with its ``seating``, or a heading or
    notice whose ``say`` gives its words in the language installed when it is called."""

    style: Style = "line"
    event: Event | None = None
    seating: Seating | None = None
    say: Callable[[], str] | None = None

    @classmethod
    def notice(cls, say: Callable[[], str], style: Style = "line") -> LogEntry:
        return cls(style, say=say)

    @classmethod
    def of_event(cls, event: Event, seating: Seating) -> LogEntry:
        return cls("important" if event.type in seating.ui.important_events else "line", event, seating)

    def words(self, namer: Namer) -> str | None:
        if self.say is not None:
            return self.say()
        s = self.seating
        assert s is not None and self.event is not None, "an entry has words, or an event and its seating"
        return s.ui.describe_event(self.event, s.seat_names, s.human_seat, namer)


def left_out_notice() -> LogEntry:
    """The line that stands for lines left out (the start of a giant hand, or beyond the cap)."""
    return LogEntry.notice(lambda: QCoreApplication.translate("GameLog", "Earlier lines are left out of the log."))


def autosave_failed_notice() -> LogEntry:
    """The line that says automatic saving failed (the window's, and again in a log made afresh)."""
    return LogEntry.notice(lambda: QCoreApplication.translate(
        "MainWindow", "The game could not be saved automatically. CekiDesk keeps trying after every move."),
        "important")


class GameLogModel(QAbstractListModel):
    """The log's entries, oldest first, worded in the current language; at most ``max_lines``
    (the oldest go first).  Entries that say nothing to a player (``words`` None) are not kept."""

    def __init__(self, max_lines: int = 2000, parent=None):
        super().__init__(parent)
        self.max_lines = max_lines
        self.namer: Namer = names.card_name
        self._entries: list[LogEntry] = []
        self._texts: list[str] = []
        # how many entries have ever left the top since the last reset (keeps row stripes steady)
        self.trimmed = 0

    # -- Qt's model interface -------------------------------------------------------------------
    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._entries)

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role != Qt.ItemDataRole.DisplayRole or not index.isValid() or not 0 <= index.row() < len(self._texts):
            return None
        return self._texts[index.row()]

    # -- what the window does -------------------------------------------------------------------
    def entries(self) -> list[LogEntry]:
        return list(self._entries)

    def lines(self) -> list[str]:
        return list(self._texts)

    def style(self, row: int) -> Style:
        return self._entries[row].style

    def text(self, row: int) -> str:
        return self._texts[row]

    def append(self, entries: Sequence[LogEntry]) -> None:
        """Add entries at the bottom (one insertion), then drop the oldest beyond ``max_lines``."""
        worded = self._worded(entries)
        if not worded:
            return
        first = len(self._entries)
        self.beginInsertRows(QModelIndex(), first, first + len(worded) - 1)
        for entry, text in worded:
            self._entries.append(entry)
            self._texts.append(text)
        self.endInsertRows()
        extra = len(self._entries) - self.max_lines
        if extra > 0:
            self.beginRemoveRows(QModelIndex(), 0, extra - 1)
            del self._entries[:extra]
            del self._texts[:extra]
            self.trimmed += extra
            self.endRemoveRows()

    def insert(self, row: int, entries: Sequence[LogEntry]) -> int:
        """Put ``entries`` before row ``row`` (one insertion): as many of the last of them as the log has
        room for under ``max_lines`` (earlier lines brought back, never pushing newer ones out).  How many
        went in."""
        room = max(0, self.max_lines - len(self._entries))
        worded = self._worded(entries)[-room:] if room else []
        if not worded or not 0 <= row <= len(self._entries):
            return 0
        self.beginInsertRows(QModelIndex(), row, row + len(worded) - 1)
        self._entries[row:row] = [e for e, _ in worded]
        self._texts[row:row] = [t for _, t in worded]
        self.endInsertRows()
        return len(worded)

    def remove(self, row: int) -> None:
        """Take row ``row`` out of the log."""
        self.beginRemoveRows(QModelIndex(), row, row)
        del self._entries[row]
        del self._texts[row]
        self.endRemoveRows()

    def replace(self, first: int, last: int, entries: Sequence[LogEntry]) -> int:
        """Put ``entries`` instead of rows ``first`` to ``last`` (older lines told in brief: a removal,
        then an insertion).  How many went in."""
        if not 0 <= first <= last < len(self._entries):
            return 0
        self.beginRemoveRows(QModelIndex(), first, last)
        del self._entries[first:last + 1]
        del self._texts[first:last + 1]
        self.endRemoveRows()
        return self.insert(first, entries)

    def rows(self) -> dict[int, int]:
        """The row of each entry the log holds, by the entry's ``id``."""
        return {id(e): i for i, e in enumerate(self._entries)}

    def row_of(self, entry: LogEntry) -> int | None:
        """The row of this very entry (not an equal one), or None if the log no longer holds it."""
        return next((i for i, e in enumerate(self._entries) if e is entry), None)

    def reset(self, entries: Sequence[LogEntry] = ()) -> None:
        """Show ``entries`` instead of everything before.  Only the last ``max_lines`` are worded
        and kept, under a line that says earlier ones are left out."""
        kept: list[tuple[LogEntry, str]] = []
        for i in range(len(entries) - 1, -1, -1):
            text = entries[i].words(self.namer)
            if not text:
                continue
            if len(kept) == self.max_lines:
                kept[-1] = self._worded([left_out_notice()])[0]
                break
            kept.append((entries[i], text))
        kept.reverse()
        self.beginResetModel()
        self._entries = [e for e, _ in kept]
        self._texts = [t for _, t in kept]
        self.trimmed = 0
        self.endResetModel()

    def reword(self, namer: Namer | None = None) -> None:
        """Word every entry again (a new language or card-name form): same entries, same order."""
        if namer is not None:
            self.namer = namer
        self.beginResetModel()
        self._texts = [e.words(self.namer) or "" for e in self._entries]
        self.endResetModel()

    def _worded(self, entries: Sequence[LogEntry]) -> list[tuple[LogEntry, str]]:
        out = []
        for e in entries:
            text = e.words(self.namer)
            if text:
                out.append((e, text))
        return out


# the player's input on the log's scroll bar
_PLAYER_INPUT = frozenset({QEvent.Type.MouseButtonPress, QEvent.Type.MouseMove, QEvent.Type.MouseButtonRelease,
                           QEvent.Type.Wheel, QEvent.Type.KeyPress})


class GameLogView(QPlainTextEdit):
    """Shows a :class:`GameLogModel`: one paragraph per row, headings bold, a game's important
    events bold and red, every other row on the alternate base colour.

    The view follows the newest line while the player leaves it at the bottom; scrolling up stops
    that (reading back is never interrupted) and scrolling back to the bottom starts it again.  It
    is a state, not a test made at each new line, because the document measures its wrapped lines
    only once they are laid out: the scroll range grows after an insertion, and the view stays
    pinned to the bottom as it does.

    ``olderWanted`` says that the player scrolled to the top (or turned the wheel up there): a log
    that holds back older lines (a long match's earlier hands) may put them in now; lines put in
    above the ones on screen keep those where they were.
    """

    olderWanted = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setReadOnly(True)
        self.setUndoRedoEnabled(False)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)   # the keyboard stays with the table
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.model: GameLogModel | None = None
        self.following = True
        self._pinning = False
        self._writing = False
        bar = self.verticalScrollBar()
        self._player = False    # the player's input on the bar is under way (:meth:`eventFilter`)
        bar.installEventFilter(self)
        bar.valueChanged.connect(self._scrolled)
        bar.rangeChanged.connect(self._range_changed)

    def setModel(self, model: GameLogModel) -> None:
        self.model = model
        model.rowsInserted.connect(self._rows_inserted)
        model.rowsRemoved.connect(self._rows_removed)
        model.modelReset.connect(self._model_reset)
        self._model_reset()

    def at_bottom(self) -> bool:
        bar = self.verticalScrollBar()
        return bar.value() >= bar.maximum()

    def scroll_to_bottom(self) -> None:
        """Show the newest line and follow the next ones."""
        self.following = True
        self._pin()

    def _pin(self) -> None:
        # (re-entered when moving the bar lays lines out again and grows the range: the outer call
        # is still pinning when its own value arrives)
        was, self._pinning = self._pinning, True
        try:
            bar = self.verticalScrollBar()
            bar.setValue(bar.maximum())
        finally:
            self._pinning = was

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.verticalScrollBar() and event.type() in _PLAYER_INPUT:
            self._player_scrolls()
        return super().eventFilter(watched, event)

    def _player_scrolls(self) -> None:
        """The player moves the bar (the wheel, its handle, arrows, track or keys): what the bar does
        until the event has been handled is theirs."""
        if not self._player:
            self._player = True
            QTimer.singleShot(0, self._player_done)

    def _player_done(self) -> None:
        self._player = False
        self.following = self.at_bottom()    # (where the player left it)

    def _scrolled(self, value: int) -> None:
        # Only the player's scrolling starts or stops the following.  The document moves the bar
        # itself while lines are written or laid out (a language change rewrites every line; tall lines
        # of aksara Jawa are laid out a while after they are written, which left the log at its top
        # for the rest of a game): a view that follows the newest line goes back to it, one that does
        # not stays where it is.
        if self._pinning or self._writing:
            return
        bar = self.verticalScrollBar()
        if self._player:
            self.following = value >= bar.maximum()
        elif self.following and value < bar.maximum():
            self._pin()
            return
        if value <= bar.minimum() < bar.maximum():
            self.olderWanted.emit()

    def wheelEvent(self, event: QWheelEvent) -> None:
        self._player_scrolls()
        bar = self.verticalScrollBar()
        if event.angleDelta().y() > 0 and bar.value() <= bar.minimum():   # (up, at the top already)
            self.olderWanted.emit()
        super().wheelEvent(event)

    def _range_changed(self, low: int, high: int) -> None:
        if self.following:
            self._pin()

    # -- following the model ----------------------------------------------------------------------
    def _rows_inserted(self, parent: QModelIndex, first: int, last: int) -> None:
        if last + 1 < self._log_model().rowCount():
            self._insert_within(first, last)
        else:
            self._write_rows(first, last + 1)
        if self.following:
            self._pin()

    def _insert_within(self, first: int, last: int) -> None:
        """The paragraphs of rows ``first`` to ``last`` put in before the row that followed them, the
        stripes kept alternating, and — unless the view follows the newest line — the lines that
        followed them kept where they were on screen (the new ones above, to scroll up to)."""
        doc, m, bar = self.document(), self._log_model(), self.verticalScrollBar()
        value = bar.value()
        blocks, chars = self._formats()
        count = last - first + 1
        cursor = QTextCursor(doc.findBlockByNumber(first))
        self._writing = True
        try:
            cursor.beginEditBlock()
            for row in range(first, last + 1):   # (each splits the block the next row's text begins)
                cursor.insertText(m.text(row), chars[m.style(row)])
                cursor.insertBlock()
            # the stripes of the rows put in, and of the rows after them when they moved by an odd count
            for row in range(first, m.rowCount() if count % 2 else last + 1):
                QTextCursor(doc.findBlockByNumber(row)).setBlockFormat(blocks[(m.trimmed + row) % 2])
            cursor.endEditBlock()
            if not self.following:
                below, above = doc.findBlockByNumber(last + 1), doc.findBlockByNumber(first)
                bar.setValue(value + below.firstLineNumber() - above.firstLineNumber())
        finally:
            self._writing = False

    def _rows_removed(self, parent: QModelIndex, first: int, last: int) -> None:
        """The paragraphs of rows ``first`` to ``last`` taken out; unless the view follows the newest
        line, the lines on screen stay where they were (rows taken from above them move them up by as
        many lines: the view moves with them), or — when the top line on screen was taken — the view
        shows what came after the rows taken."""
        doc, bar = self.document(), self.verticalScrollBar()
        start = doc.findBlockByNumber(first)
        cursor = QTextCursor(start)
        end = doc.findBlockByNumber(last + 1)
        value, shift = bar.value(), 0
        if end.isValid():
            if not self.following:
                top = self.firstVisibleBlock().blockNumber()
                if top > last:
                    shift = end.firstLineNumber() - start.firstLineNumber()
                elif top >= first:
                    shift = value - start.firstLineNumber()
            cursor.setPosition(end.position(), QTextCursor.MoveMode.KeepAnchor)
        else:   # the rows up to the end: take the line break before them too
            cursor.movePosition(QTextCursor.MoveOperation.PreviousCharacter)
            cursor.movePosition(QTextCursor.MoveOperation.End, QTextCursor.MoveMode.KeepAnchor)
        self._writing = True
        try:
            cursor.removeSelectedText()
            if shift:
                bar.setValue(value - shift)
        finally:
            self._writing = False
        self.following = self.following or self.at_bottom()
        m = self._log_model()
        # the block left at ``first`` may carry a removed row's format; rows taken from within move the
        # rows after them (by an odd count: their stripes too)
        stripes = self._formats()[0]
        stop = m.rowCount() if first > 0 and (last - first) % 2 == 0 else first + 1
        for row in range(first, min(stop, m.rowCount())):
            QTextCursor(self.document().findBlockByNumber(row)).setBlockFormat(stripes[(m.trimmed + row) % 2])

    def _model_reset(self) -> None:
        self._writing = True
        try:
            self.clear()
        finally:
            self._writing = False
        self._write_rows(0, self._log_model().rowCount())
        self.scroll_to_bottom()

    def _log_model(self) -> GameLogModel:
        """The model, which the slots that call this were connected to by :meth:`setModel`."""
        assert self.model is not None
        return self.model

    def _write_rows(self, start: int, stop: int) -> None:
        """Append the paragraphs of the model's rows ``start`` to ``stop - 1`` in one edit."""
        cursor = QTextCursor(self.document())
        cursor.movePosition(QTextCursor.MoveOperation.End)
        self._writing = True
        try:
            self._insert_rows(cursor, start, stop)
        finally:
            self._writing = False

    def _insert_rows(self, cursor: QTextCursor, start: int, stop: int) -> None:
        m = self._log_model()
        blocks, chars = self._formats()
        cursor.beginEditBlock()
        for row in range(start, stop):
            block, char = blocks[(m.trimmed + row) % 2], chars[m.style(row)]
            if row > 0:
                cursor.insertBlock(block, char)
            else:   # the document's first, empty paragraph
                cursor.setBlockFormat(block)
                cursor.setBlockCharFormat(char)
            cursor.insertText(m.text(row), char)
        cursor.endEditBlock()

    def _formats(self) -> tuple[tuple[QTextBlockFormat, QTextBlockFormat], dict[str, QTextCharFormat]]:
        """The paragraph formats of even and odd rows, and the character format of each style."""
        striped = QTextBlockFormat()
        striped.setBackground(self.stripe_colour())
        bold = QTextCharFormat()
        bold.setFontWeight(QFont.Weight.Bold)
        important = QTextCharFormat(bold)
        important.setForeground(qc(theme.current().log_important))   # (IMPORTANT_COLOUR in the light theme)
        return (QTextBlockFormat(), striped), {"line": QTextCharFormat(), "heading": bold, "important": important}

    def stripe_colour(self) -> QColor:
        """Every other line's background: the base colour with a touch of the text colour (a plain
        text view has no spacing between paragraphs, so the stripes are what part the lines; the
        style's alternate base is often too pale for that, and this follows dark themes too)."""
        palette = self.palette()
        base = palette.color(QPalette.ColorRole.Base)
        text = palette.color(QPalette.ColorRole.Text)
        mix = zip((base.redF(), base.greenF(), base.blueF()), (text.redF(), text.greenF(), text.blueF()), strict=True)
        return QColor.fromRgbF(*(0.92 * b + 0.08 * t for b, t in mix))


class GameLogDock(QDockWidget):
    """A dock showing the game log, newest at the bottom, with a heading per hand."""

    def __init__(self, parent: QWidget | None = None, max_lines: int = 2000):
        super().__init__(self.tr("Game log"), parent)
        self.setObjectName("gameLogDock")
        # (no style sheet: a widget with one keeps the font it had when polished, and the title would
        # not follow the interface font — in aksara Jawa a larger one, with the script's line height)
        self.model = GameLogModel(max_lines, self)
        self.view = GameLogView(self)
        self.view.setObjectName("gameLogView")
        self.view.setModel(self.model)
        self.setWidget(self.view)
        self.setMinimumWidth(230)
        self.setAllowedAreas(Qt.DockWidgetArea.LeftDockWidgetArea | Qt.DockWidgetArea.RightDockWidgetArea
                             | Qt.DockWidgetArea.BottomDockWidgetArea)

    def clear(self) -> None:
        self.model.reset()

    def show_entries(self, entries: Sequence[LogEntry]) -> None:
        """The log from scratch (a new or loaded match)."""
        self.model.reset(entries)

    def append(self, entries: Sequence[LogEntry]) -> None:
        self.model.append(entries)

    def add_notice(self, say: Callable[[], str], important: bool = False) -> None:
        self.model.append([LogEntry.notice(say, "important" if important else "line")])

    def add_events(self, events: Sequence[Event], seating: Seating) -> None:
        self.model.append([LogEntry.of_event(e, seating) for e in events])

    def reword(self, namer: Namer | None = None) -> None:
        self.model.reword(namer)

    def lines(self) -> list[str]:
        return self.model.lines()


__all__ = ["GameLogDock", "GameLogModel", "GameLogView", "LogEntry", "Seating", "describe_event", "left_out_notice"]
