"""The waiting room of a networked table, before its match begins: the table code, large, to read out;
this computer's addresses to tell the others (and a button that copies an invitation); the seats —
each one's name, whether a person or a computer player (and its level) sits there, the person's
connection and ready mark —; the host's controls (Start, a seat given to a computer player or opened
for a person, a person removed); Ready and Leave for everybody; and the table's chat.

:class:`WaitingRoom` is a non-modal window of plain data and signals: the window that holds the
connection hands it the table (:meth:`~WaitingRoom.set_table`), the seats as the server tells them
(:meth:`~WaitingRoom.set_seats`, :class:`cekidesk.net.protocol.SeatInfo`) and the connection's state
(:meth:`~WaitingRoom.set_connection`), and sends what the player asks (:attr:`~WaitingRoom.readyToggled`,
:attr:`~WaitingRoom.startRequested`, :attr:`~WaitingRoom.seatKindChosen`,
:attr:`~WaitingRoom.removeRequested`, :attr:`~WaitingRoom.leaveRequested`, and the chat's
``chat.messageEntered``).  Closing it by its title bar or Escape asks to leave (``leaveRequested``);
the window closes it with :meth:`~WaitingRoom.close` once the player has left or the match begins.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QCloseEvent, QFont, QGuiApplication, QShowEvent
from PySide6.QtWidgets import (
    QBoxLayout,
    QComboBox,
    QDialog,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from cekidesk.bots import bot_levels
from cekidesk.games import games
from cekidesk.net.protocol import SeatInfo

from ..foundations import i18n, names
from ..widgets.chat import ChatPanel
from ..widgets.helpers import fit_wrapped_labels
from .join_table import DEFAULT_PORT

#: the connection's states :meth:`WaitingRoom.set_connection` takes
CONNECTION_STATES = ("connected", "reconnecting", "lost")


def with_port(address: str, port: int | None) -> str:
    """``address`` as the others type it: with ``port`` after a colon unless it is the usual one
    (an IPv6 address in brackets then), or as it was if it names a port already."""
    if not port or port == DEFAULT_PORT or address.startswith("[") or address.count(":") == 1:
        return address
    return f"[{address}]:{port}" if ":" in address else f"{address}:{port}"


@dataclass
class _SeatRow:
    """The widgets of one seat's row."""

    number: QLabel
    name: QLabel
    player: QLabel
    connection: QLabel
    ready: QLabel
    kind: QComboBox
    remove: QPushButton

    def widgets(self) -> tuple[QWidget, ...]:
        return (self.number, self.name, self.player, self.connection, self.ready, self.kind, self.remove)


class WaitingRoom(QDialog):
    """The waiting room (see the module)."""

    readyToggled = Signal(bool)
    startRequested = Signal()
    seatKindChosen = Signal(int, str, str)     # seat, "computer" | "person", level ("" for a person)
    removeRequested = Signal(int)
    leaveRequested = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("waitingRoom")
        self.setModal(False)
        self.code = ""
        self.addresses: list[str] = []
        self.game_id = ""
        self.host = False
        self.you: int | None = None
        self.host_seat: int | None = None
        self.seats: list[SeatInfo] = []
        self.connection = "connected"
        self.connection_seconds: float | None = None
        self._rows: list[_SeatRow] = []
        self._build()
        self.retranslate()
        fm = self.fontMetrics()
        self.resize(fm.horizontalAdvance("n") * 140, fm.height() * 38)

    # -- building --------------------------------------------------------------------------------
    def _build(self) -> None:
        """The table and the seats (a page that scrolls down) beside the chat — under it where the
        screen is too narrow for both (the interface at 200 %) —; the news and the buttons below."""
        outer = self.outer = QVBoxLayout(self)
        self.columns = QBoxLayout(QBoxLayout.Direction.LeftToRight)
        outer.addLayout(self.columns, 1)
        self.page = QWidget(self)
        self.page.setObjectName("waitingPage")
        left = self.left_column = QVBoxLayout(self.page)
        left.setContentsMargins(0, 0, 0, 0)
        left.addWidget(self._make_code_box())
        self.seats_box = QGroupBox(self.page)
        self.seats_grid = QGridLayout(self.seats_box)
        for c in (1, 2, 3):
            self.seats_grid.setColumnStretch(c, 1)
        self.seats_grid.setHorizontalSpacing(12)
        self._headers = [QLabel(self.seats_box) for _ in range(5)]
        for c, h in enumerate(self._headers):
            f = h.font()
            f.setBold(True)
            h.setFont(f)
            self.seats_grid.addWidget(h, 0, c)
        left.addWidget(self.seats_box)
        left.addStretch(1)
        scroll = self.page_scroll = QScrollArea(self)
        scroll.setObjectName("waitingScroll")
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)   # (as wide as the page)
        scroll.setWidget(self.page)
        self.columns.addWidget(scroll, 3)
        self.chat = ChatPanel(self)
        self.chat.setMinimumWidth(self._chat_width())
        self.columns.addWidget(self.chat, 2)
        self.connection_line = QLabel(self)
        self.connection_line.setObjectName("connectionLine")
        self.connection_line.setWordWrap(True)
        outer.addWidget(self.connection_line)
        self.start_why = QLabel(self)
        self.start_why.setObjectName("startWhy")
        self.start_why.setWordWrap(True)
        outer.addWidget(self.start_why)
        buttons = QHBoxLayout()
        self.ready_button = QPushButton(self)
        self.ready_button.setObjectName("readyButton")
        self.ready_button.setCheckable(True)
        self.ready_button.setAutoDefault(False)
        self.ready_button.toggled.connect(self._ready_toggled)
        self.start_button = QPushButton(self)
        self.start_button.setObjectName("startButton")
        self.start_button.setAutoDefault(False)
        self.start_button.clicked.connect(self._start)
        self.leave_button = QPushButton(self)
        self.leave_button.setObjectName("leaveButton")
        self.leave_button.setAutoDefault(False)
        self.leave_button.clicked.connect(self.leaveRequested)
        buttons.addWidget(self.ready_button)
        buttons.addWidget(self.start_button)
        buttons.addStretch(1)
        buttons.addWidget(self.leave_button)
        outer.addLayout(buttons)

    def _make_code_box(self) -> QGroupBox:
        box = self.code_box = QGroupBox(self.page)
        lay = QVBoxLayout(box)
        row = QHBoxLayout()
        self.code_title = QLabel(box)
        self.code_label = QLabel(box)
        self.code_label.setObjectName("tableCode")
        f = QFont(self.code_label.font())
        f.setPointSizeF(f.pointSizeF() * 2.4 if f.pointSizeF() > 0 else 24)
        f.setBold(True)
        f.setLetterSpacing(QFont.SpacingType.PercentageSpacing, 125)
        self.code_label.setFont(f)
        self.code_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse
                                                | Qt.TextInteractionFlag.TextSelectableByKeyboard)
        self.copy_button = QPushButton(box)
        self.copy_button.setObjectName("copyInvitation")
        self.copy_button.setAutoDefault(False)
        self.copy_button.clicked.connect(self.copy_invitation)
        row.addWidget(self.code_title)
        row.addWidget(self.code_label)
        row.addStretch(1)
        row.addWidget(self.copy_button)
        lay.addLayout(row)
        self.address_label = QLabel(box)
        self.address_label.setObjectName("addresses")
        self.address_label.setWordWrap(True)
        self.address_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse
                                                   | Qt.TextInteractionFlag.TextSelectableByKeyboard)
        lay.addWidget(self.address_label)
        self.tell_label = QLabel(box)
        self.tell_label.setObjectName("tellOthers")
        self.tell_label.setWordWrap(True)
        lay.addWidget(self.tell_label)
        return box

    def _make_row(self, i: int) -> _SeatRow:
        p = self.seats_box
        row = _SeatRow(QLabel(str(i + 1), p), QLabel(p), QLabel(p), QLabel(p), QLabel(p), QComboBox(p),
                       QPushButton(p))
        row.kind.setObjectName(f"seatKind{i}")
        row.kind.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        row.kind.activated.connect(lambda j, i=i: self._kind_chosen(i, j))
        row.remove.setObjectName(f"removeSeat{i}")
        row.remove.setAutoDefault(False)
        row.remove.clicked.connect(lambda _c=False, i=i: self._remove(i))
        row.name.setObjectName(f"seatName{i}")
        row.connection.setObjectName(f"seatConnection{i}")
        row.ready.setObjectName(f"seatReady{i}")
        row.player.setObjectName(f"seatPlayer{i}")
        for lab in (row.name, row.player, row.connection):
            lab.setWordWrap(True)
            lab.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
            lab.setMinimumWidth(self.fontMetrics().height() * 4)
        actions = QHBoxLayout()
        actions.setContentsMargins(0, 0, 0, 0)
        actions.addWidget(row.kind)
        actions.addWidget(row.remove)
        r = i + 1
        self.seats_grid.setRowStretch(r, 0)
        self.seats_grid.setRowStretch(r + 1, 1)     # (the rows at the top, the room below them)
        for c, w in enumerate((row.number, row.name, row.player, row.connection, row.ready)):
            self.seats_grid.addWidget(w, r, c)
        self.seats_grid.addLayout(actions, r, 5)
        return row

    # -- words ---------------------------------------------------------------------------------
    def retranslate(self) -> None:
        self.setWindowTitle(i18n.latin(lambda: self.tr("Waiting room")))
        self.code_title.setText(self.tr("Table code:"))
        self.copy_button.setText(self.tr("&Copy the invitation"))
        self.copy_button.setToolTip(self.tr("Copy the table code and this computer's addresses, to paste in a "
                                            "message to the others"))
        self.seats_box.setTitle(self.tr("Seats"))
        for h, text in zip(self._headers, (self.tr("Seat"), self.tr("Name"), self.tr("Player"),
                                           self.tr("Connection"), self.tr("Ready")), strict=True):
            h.setText(text)
        self.ready_button.setText(self.tr("I am &ready"))
        self.ready_button.setToolTip(self.tr("Say that you are ready for the match to begin (press again if you "
                                             "are not)"))
        self.start_button.setText(self.tr("&Start the match"))
        self.leave_button.setText(self.tr("&Leave the table"))
        self.chat.retranslate()
        self._show_table()
        self._show_seats()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def showEvent(self, event: QShowEvent) -> None:
        fit_wrapped_labels(self)
        super().showEvent(event)
        self._fit_screen()

    def _chat_width(self) -> int:
        return self.fontMetrics().horizontalAdvance("n") * 36

    def _fit_screen(self) -> None:
        """Within the screen's available area: the chat under the seats where the two side by side are
        wider than the screen; the table and the seats scroll down where they are low, never sideways."""
        screen = self.screen() or QGuiApplication.primaryScreen()
        free = screen.availableGeometry().adjusted(8, 40, -8, -8)
        bar = self.page_scroll.verticalScrollBar().sizeHint().width()
        m = self.outer.contentsMargins()
        room = free.width() - m.left() - m.right()
        need = self.page.minimumSizeHint()
        chat = max(self._chat_width(), self.chat.minimumSizeHint().width())
        side = need.width() + bar + self.columns.spacing() + chat
        direction = QBoxLayout.Direction.LeftToRight if side <= room else QBoxLayout.Direction.TopToBottom
        if self.columns.direction() != direction:
            self.columns.setDirection(direction)
        stacked = direction == QBoxLayout.Direction.TopToBottom
        self.chat.setMinimumWidth(0 if stacked else self._chat_width())
        self.chat.lines.setMinimumHeight((3 if stacked else 5) * self.fontMetrics().height())
        # under the seats the chat takes a few lines more than it must; the seats get the rest
        self.chat.setMaximumHeight(self.chat.minimumSizeHint().height() + 3 * self.fontMetrics().height()
                                   if stacked else 16777215)
        self.page_scroll.setMinimumWidth(min(need.width() + bar, room))
        self.page_scroll.setMinimumHeight(min(need.height(), 6 * self.fontMetrics().height()))
        self.columns.activate()
        least = self.outer.totalMinimumSize()
        self.setMinimumSize(min(least.width(), free.width()), min(least.height(), free.height()))
        self.setMaximumSize(free.size())
        if self.width() > free.width() or self.height() > free.height():
            self.resize(min(self.width(), free.width()), min(self.height(), free.height()))

    # -- the table ------------------------------------------------------------------------------
    def set_table(self, code: str, addresses: Sequence[str], game_id: str, host: bool, you: int | None,
                  host_seat: int | None = None, port: int | None = None) -> None:
        """The table: its ``code``, this computer's ``addresses`` to tell the others (none: the row is
        hidden; ``port``, when it is not the usual 8765, is added to each that names none), the game,
        whether this player is the ``host``, their seat (``you``, None: watching), and the host's seat
        where it is known."""
        self.code, self.addresses, self.game_id = code, [with_port(a, port) for a in addresses], game_id
        self.host, self.you, self.host_seat = host, you, host_seat
        if host and host_seat is None:
            self.host_seat = you
        self._show_table()
        self._show_seats()

    def _show_table(self) -> None:
        titles = {spec.id: names.game_title(spec) for spec in games()}
        # the box's title names the game (no line of its own: the seats need the height)
        self.code_box.setTitle(self.tr("The table: {game}").format(game=titles.get(self.game_id, self.game_id))
                               if self.game_id else self.tr("The table"))
        self.code_label.setText(self.code)
        # a screen reader spells the code letter by letter
        self.code_label.setAccessibleName(self.tr("Table code: {code}").format(code=" ".join(self.code)))
        self.copy_button.setEnabled(bool(self.code))
        self.address_label.setText(self.tr("This computer's address: {addresses}").format(
            addresses="   ".join(self.addresses)) if self.addresses else "")
        self.address_label.setVisible(bool(self.addresses))
        if self.host:
            self.tell_label.setText(self.tr("Tell the others the table code. On the same network they find the "
                                            "table in Game ▸ Join a table…; elsewhere they type an address and "
                                            "the code."))
        else:
            self.tell_label.setText(self.tr("The host starts the match when everybody is ready."))

    def invitation(self) -> str:
        """The text the Copy button copies."""
        if self.addresses:
            return self.tr("Join my CekiDesk table: Game ▸ Join a table…, table code {code}, address {address}").format(
                code=self.code, address=" / ".join(self.addresses))
        return self.tr("Join my CekiDesk table: Game ▸ Join a table…, table code {code}").format(code=self.code)

    def copy_invitation(self) -> None:
        QGuiApplication.clipboard().setText(self.invitation())
        self.chat.add_notice(self.tr("The invitation was copied: paste it in a message to the others."))

    # -- the seats ------------------------------------------------------------------------------
    def set_seats(self, seats: Sequence[SeatInfo]) -> None:
        """The seats as the server tells them now."""
        self.seats = list(seats)
        self._show_seats()

    def set_connection(self, state: str, seconds: float | None = None) -> None:
        """This computer's connection to the table: ``connected``, ``reconnecting`` (for ``seconds``
        so far) or ``lost``."""
        self.connection, self.connection_seconds = state, seconds
        self._show_connection()
        self._show_seats()

    def _show_connection(self) -> None:
        if self.connection == "reconnecting":
            text = self.tr("The connection to the table dropped: connecting again…")
            if self.connection_seconds:
                text = self.tr("The connection to the table dropped: connecting again ({seconds} s)…").format(
                    seconds=int(self.connection_seconds))
        elif self.connection == "lost":
            text = self.tr("The connection to the table is lost. Leave the table, or wait while it tries again.")
        else:
            text = ""
        self.connection_line.setText(text)
        self.connection_line.setVisible(bool(text))

    def _player_text(self, i: int, seat: SeatInfo) -> str:
        if seat.kind == "computer":
            return self.tr("Computer: {level}").format(level=names.bot_level_name(seat.level or "normal"))
        if not seat.held:
            return self.tr("Open: waiting for a person")
        return self.tr("Person, the host") if i == self.host_seat else self.tr("Person")

    def _connection_text(self, i: int, seat: SeatInfo) -> str:
        if seat.kind == "computer" or not seat.held:
            return ""
        if i == self.you and self.connection != "connected":
            return self.tr("Reconnecting") if self.connection == "reconnecting" else self.tr("Lost")
        if seat.computer:
            return self.tr("Away: the computer plays")
        return self.tr("Connected") if seat.present else self.tr("Away")

    def _name_text(self, i: int, seat: SeatInfo) -> str:
        if not seat.held and seat.kind == "person":
            return "—"
        name = seat.name
        if i == self.you:
            name = self.tr("{name} (you)").format(name=name)
        return name

    def _show_seats(self) -> None:
        while len(self._rows) < len(self.seats):
            self._rows.append(self._make_row(len(self._rows)))
        levels = bot_levels(self.game_id) if self.game_id else []
        for i, row in enumerate(self._rows):
            shown = i < len(self.seats)
            for w in row.widgets():
                w.setVisible(shown)
            if shown:
                self._show_seat(i, self.seats[i], row, levels)
        self._show_ready()
        self._show_start()
        self._order_tabs()
        if self.isVisible():
            self._fit_screen()

    def _show_seat(self, i: int, seat: SeatInfo, row: _SeatRow, levels: list[str]) -> None:
        row.name.setText(self._name_text(i, seat))
        f = row.name.font()
        f.setBold(i == self.you)
        row.name.setFont(f)
        row.player.setText(self._player_text(i, seat))
        row.connection.setText(self._connection_text(i, seat))
        ready = seat.ready or seat.kind == "computer"
        row.ready.setText("✓ " + self.tr("Ready") if ready else (self.tr("Not yet") if seat.held else ""))
        row.ready.setAccessibleName(self.tr("Ready") if ready else self.tr("Not ready"))
        # a screen reader hears the whole seat on its number, as a row of the table
        said = [t for t in (row.name.text(), row.player.text(), row.connection.text(),
                            row.ready.accessibleName() if seat.held or ready else "") if t and t != "—"]
        row.number.setAccessibleName(self.tr("Seat {n}: {about}").format(n=i + 1, about="; ".join(said)))
        # the host gives a seat nobody holds to a computer player, or opens it for a person; removes a person
        open_or_computer = seat.kind == "computer" or not seat.held
        row.kind.setVisible(self.host and i != self.you and open_or_computer)
        row.remove.setVisible(self.host and i != self.you and seat.kind == "person" and seat.held)
        row.remove.setText(self.tr("Remove…"))
        row.remove.setToolTip(self.tr("Remove {name} from the table").format(name=seat.name))
        row.remove.setAccessibleName(row.remove.toolTip())
        row.kind.setAccessibleName(self.tr("Who plays seat {n}").format(n=i + 1))
        items = [(self.tr("A person who will join"), "")] + [
            (self.tr("Computer: {level}").format(level=names.bot_level_name(lv)), lv) for lv in levels]
        row.kind.blockSignals(True)
        if [(row.kind.itemText(j), row.kind.itemData(j)) for j in range(row.kind.count())] != items:
            row.kind.clear()     # (only when they change: a combo being used keeps its place)
            for text, data in items:
                row.kind.addItem(text, data)
        current = row.kind.findData(seat.level if seat.kind == "computer" else "")
        row.kind.setCurrentIndex(max(0, current))
        row.kind.blockSignals(False)

    def _order_tabs(self) -> None:
        """Tab goes down the window: Copy, each seat's controls, Ready, Start, Leave, then the chat."""
        chain: list[QWidget] = [self.copy_button]
        for row in self._rows:
            chain += [row.kind, row.remove]
        chain += [self.ready_button, self.start_button, self.leave_button, self.chat.lines, self.chat.edit,
                  self.chat.send_button, *self.chat.phrase_buttons]
        for a, b in zip(chain, chain[1:], strict=False):
            QWidget.setTabOrder(a, b)

    def _you_seat(self) -> SeatInfo | None:
        return self.seats[self.you] if self.you is not None and 0 <= self.you < len(self.seats) else None

    def _show_ready(self) -> None:
        mine = self._you_seat()
        self.ready_button.setVisible(mine is not None)
        self.ready_button.blockSignals(True)
        self.ready_button.setChecked(bool(mine and mine.ready))
        self.ready_button.blockSignals(False)
        self.ready_button.setEnabled(self.connection == "connected")

    def start_problem(self) -> str:
        """Why the host cannot start now ("" : it can)."""
        if self.connection != "connected":
            return self.tr("Wait until the connection to the table is back.")
        if not self.seats:
            return self.tr("Waiting for the table…")
        waiting = [s.name for i, s in enumerate(self.seats)
                   if s.kind == "person" and s.held and not s.ready and i != self.you]
        if waiting:
            return self.tr("Waiting until they are ready: {names}.").format(names=", ".join(waiting))
        return ""

    def _show_start(self) -> None:
        self.start_button.setVisible(self.host)
        if not self.host:
            if self.you is None and self.seats:
                self.start_why.setText(self.tr("You are watching this table."))
            else:
                self.start_why.setText("")
            self.start_why.setVisible(bool(self.start_why.text()))
            return
        problem = self.start_problem()
        self.start_button.setEnabled(not problem)
        open_seats = [str(i + 1) for i, s in enumerate(self.seats) if s.kind == "person" and not s.held]
        note = problem
        if not problem and open_seats:
            note = self.tr("Nobody has taken seat {seats} yet: if you start now, a computer player plays it.").format(
                seats=", ".join(open_seats))
        elif not problem:
            note = self.tr("Everybody is here: start the match when you like.")
        self.start_why.setText(note)
        self.start_why.setVisible(bool(note))

    # -- what the player does -----------------------------------------------------------------------
    def _ready_toggled(self, on: bool) -> None:
        self.readyToggled.emit(on)

    def _start(self) -> None:
        if self.start_problem():
            return
        mine = self._you_seat()
        if mine is not None and not mine.ready:    # (the host who starts is ready)
            self.ready_button.setChecked(True)
        self.startRequested.emit()

    def _kind_chosen(self, i: int, index: int) -> None:
        level = self._rows[i].kind.itemData(index) or ""
        if level:
            self.seatKindChosen.emit(i, "computer", level)
        else:
            self.seatKindChosen.emit(i, "person", "")

    def _remove(self, i: int) -> None:
        if i < len(self.seats) and self.confirm_remove(self.seats[i].name):
            self.removeRequested.emit(i)

    def confirm_remove(self, name: str) -> bool:
        """Ask the host whether to remove ``name`` (a question they answer)."""
        answer = QMessageBox.question(
            self, i18n.latin(lambda: self.tr("Remove a person")),
            self.tr("Remove {name} from the table? They cannot come back to this seat; it is open again for "
                    "somebody to join.").format(name=name),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, QMessageBox.StandardButton.No)
        return answer == QMessageBox.StandardButton.Yes

    def reject(self) -> None:
        """Escape asks to leave (the window closes the room once the player has left)."""
        self.leaveRequested.emit()

    def closeEvent(self, event: QCloseEvent) -> None:
        if event.spontaneous():       # the title bar's close button: leave the table
            event.ignore()
            self.leaveRequested.emit()
            return
        event.accept()        # (not QDialog's: it would ask reject(), which here asks to leave)


__all__ = ["CONNECTION_STATES", "WaitingRoom", "with_port"]
