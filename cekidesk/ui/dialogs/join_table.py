"""Game ▸ Join a table…: a table found on the local network (a list that fills by itself), or the
address and table code the host tells; the player's name; watching only.  :class:`JoinChoice` is
what it chose.

The found tables come as plain objects with the fields of ``cekidesk.net.discovery.FoundTable``
(:class:`FoundTableLike`); the window feeds them on its own thread (:meth:`JoinTableDialog.set_found`)
and says what discovery is doing (:meth:`JoinTableDialog.set_discovery_state`).
"""
from __future__ import annotations

import ipaddress
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

from PySide6.QtCore import QCoreApplication, QEvent, Qt, Signal
from PySide6.QtGui import QGuiApplication, QShowEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from cekidesk.games import games
from cekidesk.net.protocol import CODE_ALPHABET, CODE_LENGTH, MAX_NAME
from cekidesk.persistence.settings import Settings

from ..foundations import i18n, names
from ..widgets.helpers import fit_wrapped_labels

#: the port a table server listens on unless told otherwise
DEFAULT_PORT = 8765

_HOST_NAME = re.compile(r"^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?"
                        r"(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?)*\.?$")


class FoundTableLike(Protocol):
    """A table announced on the local network (the fields of ``discovery.FoundTable``)."""

    @property
    def code(self) -> str: ...
    @property
    def game(self) -> str: ...
    @property
    def free_seats(self) -> int: ...
    @property
    def host_name(self) -> str: ...
    @property
    def address(self) -> str: ...
    @property
    def port(self) -> int: ...


@dataclass(frozen=True)
class JoinChoice:
    """Where to join: the server's ``address`` (a host name or an IP address, no brackets) and
    ``port``, the table ``code``, the player's ``name``; ``spectate``: watch only."""

    address: str
    port: int
    code: str
    name: str
    spectate: bool


class ChoiceError(ValueError):
    """What is wrong with a dialog's input, in the player's words (``str(error)``)."""


def normalize_code(text: str) -> str:
    """A table code as typed, the way codes are written: upper case, without the spaces and dashes
    somebody reading it out or copying it may add."""
    return re.sub(r"[\s\-]", "", text).upper()


def code_problem(code: str) -> str:
    """What is wrong with a (normalized) table code, or ""."""
    if not code:
        return QCoreApplication.translate("JoinTableDialog", "Type the table code the host tells you.")
    wrong = sorted({ch for ch in code if ch not in CODE_ALPHABET})
    if wrong:
        return QCoreApplication.translate(
            "JoinTableDialog", "A table code has no {letters}: only the letters A to Z without I, L and O, and the "
            "digits 2 to 9.").format(letters=" ".join(wrong))
    if len(code) != CODE_LENGTH:
        return QCoreApplication.translate(
            "JoinTableDialog", "A table code has 6 characters; this one has {count}.").format(count=len(code))
    return ""


def parse_address(text: str, default_port: int = DEFAULT_PORT) -> tuple[str, int]:
    """``host``, ``host:port``, ``[v6]:port`` or a bare IPv6 address → (host, port); raises
    :class:`ChoiceError` with the player's words when it is not one."""
    text = text.strip()
    if not text:
        raise ChoiceError(QCoreApplication.translate(
            "JoinTableDialog", "Type the host's address (for example 192.168.1.20), or choose a table in the list."))
    text = re.sub(r"^(?:wss?|https?)://", "", text, flags=re.IGNORECASE).rstrip("/")
    host, port_text = text, ""
    bracket = re.fullmatch(r"\[([^\]]+)\](?::(.*))?", text)
    if bracket:
        host, port_text = bracket.group(1), bracket.group(2) or ""
    elif text.count(":") == 1:
        host, port_text = text.split(":")
    port = default_port
    if port_text:
        if not port_text.isdigit() or not 1 <= int(port_text) <= 65535:
            raise ChoiceError(QCoreApplication.translate(
                "JoinTableDialog", "The port after the colon must be a number from 1 to 65535."))
        port = int(port_text)
    try:
        ipaddress.ip_address(host)
    except ValueError:
        if not _HOST_NAME.match(host):
            raise ChoiceError(QCoreApplication.translate(
                "JoinTableDialog", "“{address}” is not an address: type a name such as ayu-laptop.local or "
                "numbers such as 192.168.1.20.").format(address=host)) from None
    return host, port


def default_player_name(settings: Settings) -> str:
    """The name offered to somebody joining: the settings' player name where the settings keep one."""
    value = settings.model_dump().get("player_name")
    return value.strip() if isinstance(value, str) else ""


class JoinTableDialog(QDialog):
    """Join a table (see the module); :meth:`choice` is what the player chose.  ``name``: the name to
    offer (the one used last, where the window keeps it).  ``lookingToggled(bool)``: the player turned
    looking for tables on the network on or off (the window starts or stops looking and keeps the
    choice in the settings)."""

    lookingToggled = Signal(bool)

    def __init__(self, settings: Settings, parent: QWidget | None = None, found: Iterable[FoundTableLike] = (),
                 name: str = ""):
        super().__init__(parent)
        self.setObjectName("joinTableDialog")
        self.settings = settings
        self._found: list[FoundTableLike] = []
        lay = QVBoxLayout(self)
        self.found_box = QGroupBox(self)
        fl = QVBoxLayout(self.found_box)
        # looking for tables on the network, or not (the settings keep the choice)
        self.look_check = QCheckBox(self)
        self.look_check.setObjectName("lookForTables")
        self.look_check.setChecked(settings.look_for_tables)
        self.look_check.toggled.connect(self._look_toggled)
        fl.addWidget(self.look_check)
        self.found_list = QListWidget(self)
        self.found_list.setObjectName("foundTables")
        self.found_list.setWordWrap(True)
        self.found_list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.found_list.setMinimumHeight(4 * self.fontMetrics().height())
        self.found_list.currentRowChanged.connect(self._found_chosen)
        self.found_list.itemActivated.connect(self._found_activated)
        self.found_list.itemDoubleClicked.connect(self._found_activated)
        fl.addWidget(self.found_list, 1)
        self.found_empty = QLabel(self)
        self.found_empty.setObjectName("foundEmpty")
        self.found_empty.setWordWrap(True)
        fl.addWidget(self.found_empty)
        self.discovery_line = QLabel(self)
        self.discovery_line.setObjectName("discoveryState")
        self.discovery_line.setWordWrap(True)
        self.discovery_line.hide()
        fl.addWidget(self.discovery_line)
        lay.addWidget(self.found_box, 1)

        self.typed_box = QGroupBox(self)
        form = self.form = QFormLayout(self.typed_box)
        self.address_edit = QLineEdit(self)
        self.address_edit.setObjectName("addressEdit")
        self.address_edit.setMaxLength(300)
        self.code_edit = QLineEdit(self)
        self.code_edit.setObjectName("codeEdit")
        self.code_edit.setMaxLength(20)
        f = self.code_edit.font()
        f.setLetterSpacing(f.SpacingType.PercentageSpacing, 120)
        self.code_edit.setFont(f)
        self.address_label, self.code_label = QLabel(self), QLabel(self)
        self.address_label.setBuddy(self.address_edit)
        self.code_label.setBuddy(self.code_edit)
        form.addRow(self.address_label, self.address_edit)
        form.addRow(self.code_label, self.code_edit)
        lay.addWidget(self.typed_box)

        you = QFormLayout()
        # the name offered: the one the window knows (the last one used), else the settings' own
        self.name_edit = QLineEdit(name.strip() or default_player_name(settings), self)
        self.name_edit.setObjectName("joinName")
        self.name_edit.setMaxLength(MAX_NAME)
        self.name_label = QLabel(self)
        self.name_label.setBuddy(self.name_edit)
        you.addRow(self.name_label, self.name_edit)
        lay.addLayout(you)
        self.watch_check = QCheckBox(self)
        self.watch_check.setObjectName("watchOnly")
        lay.addWidget(self.watch_check)
        self.problem = QLabel(self)
        self.problem.setObjectName("joinProblem")
        self.problem.setWordWrap(True)
        self.problem.setAccessibleName("")
        lay.addWidget(self.problem)

        self.buttons = QDialogButtonBox(self)
        self.join_button = self.buttons.addButton("", QDialogButtonBox.ButtonRole.AcceptRole)
        self.join_button.setObjectName("joinButton")
        self.cancel_button = self.buttons.addButton("", QDialogButtonBox.ButtonRole.RejectRole)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        lay.addWidget(self.buttons)
        for edit in (self.address_edit, self.code_edit, self.name_edit):
            edit.textEdited.connect(self._edited)
        self.code_edit.editingFinished.connect(self._tidy_code)
        self._touched = False
        self.retranslate()
        self.set_found(list(found))
        fm = self.fontMetrics()      # (larger with the interface's scale and in aksara Jawa)
        self.resize(max(560, fm.horizontalAdvance("n") * 80), max(520, fm.height() * 34))

    # -- words ---------------------------------------------------------------------------------
    def retranslate(self) -> None:
        self.setWindowTitle(i18n.latin(lambda: self.tr("Join a table")))
        self.found_box.setTitle(self.tr("Tables on this network"))
        self.found_list.setAccessibleName(self.tr("Tables on this network"))
        self.found_list.setToolTip(self.tr("Double-click a table, or choose it and press Join."))
        self.typed_box.setTitle(self.tr("Or type what the host tells you"))
        self.address_label.setText(self.tr("&Address:"))
        self.address_edit.setPlaceholderText(self.tr("for example 192.168.1.20 or 192.168.1.20:8765"))
        self.code_label.setText(self.tr("Table &code:"))
        self.code_edit.setPlaceholderText(self.tr("6 letters and digits"))
        self.name_label.setText(self.tr("Your &name:"))
        self.name_edit.setPlaceholderText(self.tr("the name the others see"))
        self.look_check.setText(self.tr("&Look for tables on this network"))
        self.look_check.setToolTip(self.tr("Off: this computer asks nothing on the network; type the address and "
                                           "the code the host tells you."))
        self.watch_check.setText(self.tr("&Watch only (take no seat)"))
        self.watch_check.setToolTip(self.tr("Follow the seats and the chat, and see each hand when it ends; "
                                            "a spectator sees no card of a hand being played."))
        self.join_button.setText(self.tr("&Join"))
        self.cancel_button.setText(self.tr("Cancel"))
        self._fill_found()
        if self._touched:
            self._check()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def showEvent(self, event: QShowEvent) -> None:
        fit_wrapped_labels(self)
        super().showEvent(event)
        screen = self.screen() or QGuiApplication.primaryScreen()
        free = screen.availableGeometry().adjusted(8, 40, -8, -8)     # (a title bar above)
        self.setMaximumSize(free.size())
        if self.width() > free.width() or self.height() > free.height():
            self.resize(min(self.width(), free.width()), min(self.height(), free.height()))

    # -- the found tables ------------------------------------------------------------------------
    def set_found(self, found: list[FoundTableLike]) -> None:
        """The tables discovery found now (the one chosen stays chosen while it is still there)."""
        current = self._chosen_found()
        self._found = sorted(found, key=lambda t: (t.host_name.casefold(), t.code))
        self._fill_found(current)

    def _look_toggled(self, on: bool) -> None:
        self.found_list.setEnabled(on)
        if not on:
            self.set_found([])
        self.lookingToggled.emit(on)

    def set_discovery_state(self, text: str) -> None:
        """A line on what discovery does ("" hides it): off, unavailable and why."""
        self.discovery_line.setText(text)
        self.discovery_line.setVisible(bool(text))

    def _chosen_found(self) -> tuple[str, str, int] | None:
        row = self.found_list.currentRow()
        if 0 <= row < len(self._found):
            t = self._found[row]
            return (t.code, t.address, t.port)
        return None

    def _fill_found(self, keep: tuple[str, str, int] | None = None) -> None:
        keep = keep if keep is not None else self._chosen_found()
        titles = {spec.id: names.game_title(spec) for spec in games()}
        self.found_list.blockSignals(True)
        self.found_list.clear()
        for t in self._found:
            game = titles.get(t.game, t.game)
            text = self.tr("{game} at {host}'s table — free seats: {free}").format(
                game=game, host=t.host_name, free=t.free_seats) if t.free_seats != 0 else \
                self.tr("{game} at {host}'s table — full (you may watch)").format(game=game, host=t.host_name)
            item = QListWidgetItem(text)
            item.setToolTip(self.tr("Table code {code} at {address}").format(
                code=t.code, address=self._shown_address(t.address, t.port)))
            self.found_list.addItem(item)
            if keep == (t.code, t.address, t.port):
                self.found_list.setCurrentItem(item)
        self.found_list.blockSignals(False)
        self.found_empty.setText(self.tr("No table has been found on this network yet. Tables appear here by "
                                         "themselves while this window is open.") if not self._found else "")
        self.found_empty.setVisible(not self._found)

    @staticmethod
    def _shown_address(address: str, port: int) -> str:
        host = f"[{address}]" if ":" in address else address
        return host if port == DEFAULT_PORT else f"{host}:{port}"

    def _found_chosen(self, row: int) -> None:
        if 0 <= row < len(self._found):
            t = self._found[row]
            self.address_edit.setText(self._shown_address(t.address, t.port))
            self.code_edit.setText(t.code)
            self.watch_check.setChecked(t.free_seats == 0)
            if self._touched:
                self._check()

    def _found_activated(self, item: QListWidgetItem) -> None:
        """A double-click (or Enter) on a table joins it."""
        self._found_chosen(self.found_list.row(item))
        self.accept()

    # -- checking ------------------------------------------------------------------------------
    def _edited(self) -> None:
        self.found_list.blockSignals(True)
        self.found_list.setCurrentRow(-1)     # what is typed is no longer the table chosen in the list
        self.found_list.blockSignals(False)
        if self._touched:
            self._check()

    def _tidy_code(self) -> None:
        code = normalize_code(self.code_edit.text())
        if code != self.code_edit.text():
            self.code_edit.setText(code)

    def _check(self) -> str:
        try:
            self.choice()
        except ChoiceError as e:
            self.problem.setText(str(e))
            self.problem.show()
            return str(e)
        self.problem.setText("")
        self.problem.hide()
        return ""

    def choice(self) -> JoinChoice:
        """What the player chose; raises :class:`ChoiceError` (its text for the player) when the
        address, the code or the name is wrong."""
        address, port = parse_address(self.address_edit.text())
        code = normalize_code(self.code_edit.text())
        problem = code_problem(code)
        if problem:
            raise ChoiceError(problem)
        name = " ".join(self.name_edit.text().split())[:MAX_NAME]
        if not name:
            raise ChoiceError(self.tr("Type your name: the others at the table see it."))
        return JoinChoice(address, port, code, name, self.watch_check.isChecked())

    def accept(self) -> None:
        """Join — unless something is wrong: then a line says what, and the dialog stays open with
        the keyboard on what to mend."""
        self._touched = True
        self._tidy_code()
        problem = self._check()
        if problem:
            try:
                parse_address(self.address_edit.text())
            except ChoiceError:
                self.address_edit.setFocus()
                return
            if code_problem(normalize_code(self.code_edit.text())):
                self.code_edit.setFocus()
            else:
                self.name_edit.setFocus()
            return
        super().accept()


__all__ = ["DEFAULT_PORT", "ChoiceError", "FoundTableLike", "JoinChoice", "JoinTableDialog", "code_problem",
           "default_player_name", "normalize_code", "parse_address"]
