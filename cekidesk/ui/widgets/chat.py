"""The chat of a networked table: the lines said so far, a line to write (Enter sends, at most
:data:`MAX_CHAT` characters) and a row of ready phrases in the player's language that send at a
click.

:class:`ChatPanel` takes plain texts and emits :attr:`ChatPanel.messageEntered` with the text to send;
whoever holds the connection sends it and hands the lines that come back to :meth:`~ChatPanel.add_line`
(the own ones too, with ``own=True``) and the table's news to :meth:`~ChatPanel.add_notice`.  Each
new line is also announced to a screen reader (politely), and the list of lines, the line to write
and each phrase carry accessible names.  The phrases wrap onto more rows where the panel is narrow.
"""
from __future__ import annotations

import time

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QSize, Qt, Signal
from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent, QFont, QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from ..foundations.cardpics import FlowLayout as CardFlow
from ..foundations.i18n import QT_TRANSLATE_NOOP

#: the most characters a chat line may have (the server's limit too)
MAX_CHAT = 300
#: the lines kept in the panel (older ones are dropped)
MAX_LINES = 500

#: the ready phrases, sent in the sender's language
PHRASES: tuple[str, ...] = (
    QT_TRANSLATE_NOOP("ChatPanel", "Hello!"),
    QT_TRANSLATE_NOOP("ChatPanel", "Good luck!"),
    QT_TRANSLATE_NOOP("ChatPanel", "Well played!"),
    QT_TRANSLATE_NOOP("ChatPanel", "Good game!"),
    QT_TRANSLATE_NOOP("ChatPanel", "One moment, please."),
    QT_TRANSLATE_NOOP("ChatPanel", "Thank you!"),
    QT_TRANSLATE_NOOP("ChatPanel", "I have to go soon."),
)


def clean_line(text: str) -> str:
    """``text`` as it is sent: control characters (a pasted line break, a tab) as spaces, no spaces
    around it, at most :data:`MAX_CHAT` characters."""
    text = "".join(" " if ch < " " or ch == "\x7f" else ch for ch in text)
    return text.strip()[:MAX_CHAT]


def announce(obj: QObject, text: str) -> None:
    """Ask a screen reader to say ``text`` (politely: after what it is saying)."""
    event = QAccessibleAnnouncementEvent(obj, text)
    event.setPoliteness(QAccessible.AnnouncementPoliteness.Polite)
    QAccessible.updateAccessibility(event)


class FlowLayout(CardFlow):
    """The card pictures' flow layout (:class:`~cekidesk.ui.foundations.cardpics.FlowLayout`) for the
    phrases' buttons: as many rows as the width needs, and no wider than its widest button asks to be
    (a dock or a dialog never widens for a row of phrases)."""

    def __init__(self, parent: QWidget | None = None, spacing: int = 4):
        super().__init__(parent, spacing, spacing)

    def sizeHint(self) -> QSize:
        return self.minimumSize()


class ChatPanel(QWidget):
    """The table's chat: the lines, the line to write and the ready phrases (see the module)."""

    messageEntered = Signal(str)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("chatPanel")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.title = QLabel(self)
        self.title.setObjectName("chatTitle")
        lay.addWidget(self.title)
        self.lines = QListWidget(self)
        self.lines.setObjectName("chatLines")
        self.lines.setWordWrap(True)                     # a long line wraps, never scrolls sideways
        self.lines.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.lines.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.lines.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.lines.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.lines.setResizeMode(QListWidget.ResizeMode.Adjust)
        self.lines.setMinimumHeight(5 * self.fontMetrics().height())
        self.title.setBuddy(self.lines)
        lay.addWidget(self.lines, 1)
        row = QHBoxLayout()
        self.edit = QLineEdit(self)
        self.edit.setObjectName("chatEdit")
        self.edit.setMaxLength(MAX_CHAT)
        self.edit.returnPressed.connect(self.send_typed)
        self.edit.textChanged.connect(self._typed)
        row.addWidget(self.edit, 1)
        self.send_button = QPushButton(self)
        self.send_button.setObjectName("chatSend")
        self.send_button.setAutoDefault(False)     # (Enter in a dialog sends the chat, not the dialog)
        self.send_button.clicked.connect(self.send_typed)
        row.addWidget(self.send_button)
        lay.addLayout(row)
        self.count_label = QLabel(self)
        self.count_label.setObjectName("chatCount")
        self.count_label.hide()
        lay.addWidget(self.count_label)
        self.phrase_row = QWidget(self)
        self.phrase_row.setObjectName("chatPhrases")
        flow = FlowLayout(self.phrase_row)
        self.phrase_buttons: list[QPushButton] = []
        for i, _source in enumerate(PHRASES):
            b = QPushButton(self.phrase_row)
            b.setObjectName(f"chatPhrase{i}")
            b.setAutoDefault(False)
            b.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
            b.clicked.connect(lambda _c=False, i=i: self.send_phrase(i))
            flow.addWidget(b)
            self.phrase_buttons.append(b)
        lay.addWidget(self.phrase_row)
        # Tab goes from the line to write to Send, then along the phrases
        QWidget.setTabOrder(self.edit, self.send_button)
        prev: QWidget = self.send_button
        for b in self.phrase_buttons:
            QWidget.setTabOrder(prev, b)
            prev = b
        self.edit.installEventFilter(self)
        self.retranslate()
        self._typed()

    # -- words ---------------------------------------------------------------------------------
    def retranslate(self) -> None:
        self.title.setText(QCoreApplication.translate("ChatPanel", "C&hat"))
        self.lines.setAccessibleName(QCoreApplication.translate("ChatPanel", "Chat messages"))
        # (short: a narrow chat dock cut the longer hint off; Enter sends, as the tooltip says)
        self.edit.setPlaceholderText(QCoreApplication.translate("ChatPanel", "Your message"))
        self.edit.setToolTip(QCoreApplication.translate("ChatPanel", "Enter sends the message."))
        self.edit.setAccessibleName(QCoreApplication.translate("ChatPanel", "Message to send"))
        self.send_button.setText(QCoreApplication.translate("ChatPanel", "Se&nd"))
        self.phrase_row.setAccessibleName(QCoreApplication.translate("ChatPanel", "Ready phrases"))
        for b, source in zip(self.phrase_buttons, PHRASES, strict=True):
            text = QCoreApplication.translate("ChatPanel", source)
            b.setText(text.replace("&", "&&"))
            b.setToolTip(QCoreApplication.translate("ChatPanel", "Send “{phrase}” to the table").format(phrase=text))
            b.setAccessibleName(b.toolTip())
        self._typed()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def phrase(self, i: int) -> str:
        """The ready phrase ``i`` in the player's language."""
        return QCoreApplication.translate("ChatPanel", PHRASES[i])

    # -- sending -------------------------------------------------------------------------------
    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        # Enter on the line sends it even where a dialog's default button would take the key
        if obj is self.edit and event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent) \
                and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.send_typed()
            return True
        return super().eventFilter(obj, event)

    def send_typed(self) -> None:
        """The line written, if it says anything: emitted and emptied."""
        text = clean_line(self.edit.text())
        if text:
            self.messageEntered.emit(text)
            self.edit.clear()

    def send_phrase(self, i: int) -> None:
        self.messageEntered.emit(self.phrase(i))

    def _typed(self) -> None:
        n = len(self.edit.text())
        self.send_button.setEnabled(bool(clean_line(self.edit.text())))
        near = n >= MAX_CHAT - 50       # the count shows once the end is near
        self.count_label.setVisible(near)
        if near:
            self.count_label.setText(QCoreApplication.translate(
                "ChatPanel", "{count} of {most} characters").format(count=n, most=MAX_CHAT))

    def setEnabled(self, enabled: bool) -> None:
        super().setEnabled(enabled)
        self._typed()

    # -- showing ---------------------------------------------------------------------------------
    def add_line(self, name: str, text: str, own: bool = False) -> None:
        """A line somebody said (``own``: this player), shown and told to a screen reader."""
        said = QCoreApplication.translate("ChatPanel", "{name}: {text}").format(name=name, text=text)
        item = self._add(said, time.strftime("%H:%M"))
        if own:
            f = QFont(self.lines.font())
            f.setBold(True)
            item.setFont(f)
        else:
            announce(self.lines, said)

    def add_notice(self, text: str) -> None:
        """The table's news (somebody joined, left, …), in italics, told to a screen reader."""
        item = self._add(text, time.strftime("%H:%M"))
        f = QFont(self.lines.font())
        f.setItalic(True)
        item.setFont(f)
        item.setData(Qt.ItemDataRole.UserRole, "notice")
        announce(self.lines, text)

    def _add(self, text: str, when: str) -> QListWidgetItem:
        bar = self.lines.verticalScrollBar()
        at_end = bar.value() >= bar.maximum() - 2
        item = QListWidgetItem(text)
        item.setToolTip(when)
        item.setData(Qt.ItemDataRole.AccessibleTextRole, text)
        item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
        self.lines.addItem(item)
        while self.lines.count() > MAX_LINES:
            self.lines.takeItem(0)
        if at_end:            # (somebody reading older lines is not moved away from them)
            self.lines.scrollToBottom()
        return item

    def texts(self) -> list[str]:
        """Every line shown, oldest first (for tests and the screen reader's list)."""
        return [self.lines.item(i).text() for i in range(self.lines.count())]

    def clear(self) -> None:
        self.lines.clear()


__all__ = ["MAX_CHAT", "PHRASES", "ChatPanel", "FlowLayout", "clean_line"]
