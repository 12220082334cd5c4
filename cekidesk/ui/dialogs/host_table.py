"""Game ▸ Host a table…: the New Game dialog's choices (:class:`NewGameDialog`, reused whole) for a
table that people at other computers join — each seat *You* (the first), *A person who will join*
or a computer player of a level — and the table's own options: how soon a computer player takes
over the seat of somebody who went away, whether a move may be taken back when every person agrees,
whether the table is announced on the local network, and the port.  :class:`HostChoice` is what it
chose."""
from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QRegularExpression, Qt
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import (
    QCheckBox,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from cekidesk.engine.core import GameSpec
from cekidesk.net.protocol import MAX_NAME, TableOptions
from cekidesk.persistence.saves import Seat
from cekidesk.persistence.settings import Settings

from ..foundations import i18n
from .join_table import DEFAULT_PORT, ChoiceError, default_player_name
from .new_game import NewGameConfig, NewGameDialog

#: the ports a hosted table may listen on (below 1024 needs an administrator)
PORTS = (1024, 65535)


@dataclass(frozen=True)
class HostChoice:
    """The table to host: the match (``config``: the game, its options, the seats with the names of
    the host and the computer players, the deal number), each seat's kind (``"you"``, ``"person"``:
    somebody who will join, ``"computer"``: a computer player of the seat's level), how many seconds
    a person may be away before a computer player plays for them, whether a move may be taken back
    when every person agrees, whether the table is announced on the local network, and the port."""

    config: NewGameConfig
    seat_kinds: list[str]
    takeover_after_s: float
    undo: bool
    announce: bool
    port: int


class HostTableDialog(NewGameDialog):
    """Host a table (see the module); :meth:`choice` is what the player chose.  ``name``: the host's
    name to offer (the one used last, where the window keeps it)."""

    def __init__(self, settings: Settings, parent: QWidget | None = None, seed: int | None = None,
                 in_progress: bool = False, name: str = ""):
        self._you_name = name.strip() or default_player_name(settings)
        self._ready = False     # (the New Game dialog builds its seats before this one has its boxes)
        super().__init__(settings, parent, seed=seed, in_progress=in_progress)
        self.setObjectName("hostTableDialog")
        self.setWindowTitle(i18n.latin(lambda: self.tr("Host a table")))
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText(self.tr("&Open the table"))
        # at a networked table moves are taken back only when every person agrees: the table's option
        self.practice_check.hide()
        self.left_column.addWidget(self._make_table_box())
        self._ready = True
        self._game_changed()

    def _make_table_box(self) -> QGroupBox:
        box = QGroupBox(self.tr("Table"), self)
        box.setObjectName("hostTableBox")
        lay = QVBoxLayout(box)
        form = QFormLayout()
        lay.addLayout(form)
        self.takeover_spin = QSpinBox(self)
        self.takeover_spin.setObjectName("takeoverSpin")
        field = TableOptions.model_fields["takeover_after_s"]
        self.takeover_spin.setRange(0, 600)
        self.takeover_spin.setValue(int(field.default))
        self.takeover_spin.setSuffix(self.tr(" s"))
        self.takeover_spin.setToolTip(self.tr("When somebody's connection drops, their seat waits this long for them; "
                                              "then a computer player plays it until they come back (0: at once)."))
        takeover_label = QLabel(self.tr("A computer &plays for somebody away after:"), self)
        takeover_label.setWordWrap(True)
        takeover_label.setBuddy(self.takeover_spin)
        form.addRow(takeover_label, self.takeover_spin)
        self.port_edit = QLineEdit(str(DEFAULT_PORT), self)
        self.port_edit.setObjectName("portEdit")
        self.port_edit.setValidator(QRegularExpressionValidator(QRegularExpression(r"\d{0,5}"), self))
        self.port_edit.setMaximumWidth(self.fontMetrics().horizontalAdvance("0") * 9)
        self.port_edit.setToolTip(self.tr("The others' computers connect to this number (1024 to 65535). "
                                          "Change it only if another program uses it."))
        port_label = QLabel(self.tr("Po&rt:"), self)
        port_label.setBuddy(self.port_edit)
        form.addRow(port_label, self.port_edit)
        self.undo_check = QCheckBox(self.tr("Undo when &every person agrees"), self)
        self.undo_check.setObjectName("agreedUndoCheck")
        self.undo_check.setToolTip(self.tr("A person may ask to take their last move back; it is taken back "
                                           "only if everybody else at the table agrees."))
        lay.addWidget(self.undo_check)
        self.announce_check = QCheckBox(self.tr("&Announce the table on the local network"), self)
        self.announce_check.setObjectName("announceCheck")
        self.announce_check.setChecked(True)
        self.announce_check.setToolTip(self.tr("Computers on the same home or office network see the table in "
                                               "their Join list, with no address to type."))
        lay.addWidget(self.announce_check)
        self.table_problem = QLabel(self)
        self.table_problem.setObjectName("hostProblem")
        self.table_problem.setWordWrap(True)
        self.table_problem.hide()
        lay.addWidget(self.table_problem)
        self.port_edit.textChanged.connect(self._check_seats)
        return box

    # -- the seats -------------------------------------------------------------------------------
    def _build_seats(self, spec: GameSpec) -> None:
        """The New Game dialog's seats, each a person who will join or a computer player; the first
        is *You* (the host), the player's own name."""
        first = not self._seat_rows
        typed = self._you_name_typed() if self._seat_rows else self._you_name
        super()._build_seats(spec)
        if first and len(self._seat_rows) > 1:    # (a table to host is for somebody else to join)
            self._seat_rows[1][2].setCurrentIndex(0)
        for i, (_lab, edit, combo) in enumerate(self._seat_rows):
            if i == 0:
                combo.setItemText(0, self.tr("You"))
                combo.setItemData(0, self.tr("You, at this computer: you host the table"), Qt.ItemDataRole.ToolTipRole)
                combo.setEnabled(False)
                edit.setMaxLength(MAX_NAME)
                edit.setText(typed)
                edit.setPlaceholderText(self.tr("your name"))
                edit.textChanged.connect(self._check_seats)
                edit.setAccessibleName(self.tr("Your name"))
                continue
            combo.setItemText(0, self.tr("A person who will join"))
            combo.setItemData(0, self.tr("Somebody at another computer joins with the table code and plays this "
                                         "seat; nobody yet: a computer player plays it"), Qt.ItemDataRole.ToolTipRole)
            # (its texts whole: the columns go one under the other where the screen is too narrow for them)
            combo.setSizeAdjustPolicy(combo.SizeAdjustPolicy.AdjustToContents)
            self._show_person_name(i)
            fm = edit.fontMetrics()
            edit.setMinimumWidth(max(edit.minimumWidth(), fm.horizontalAdvance(self.tr("their own name"))
                                     + 3 * fm.averageCharWidth()))
        self._check_seats()

    def _show_person_name(self, i: int) -> None:
        """A seat somebody will join has their own name (they type it when they join)."""
        _lab, edit, combo = self._seat_rows[i]
        person = combo.currentData() is None
        edit.setEnabled(not person)
        if person:
            edit.setText("")
            edit.setPlaceholderText(self.tr("their own name"))
        elif not edit.text().strip():
            edit.setText(self._default_name(i))

    def _seat_kind_changed(self, i: int) -> None:
        if i > 0:
            self._show_person_name(i)

    def _name_the_first_person(self) -> None:
        """(The host's seat is always the host's own name.)"""

    def seat_kinds(self) -> list[str]:
        n = self.players_spin.value()
        return ["you" if i == 0 else "person" if combo.currentData() is None else "computer"
                for i, (_lab, _edit, combo) in enumerate(self._seat_rows[:n])]

    def problem(self) -> str:
        """What stops the table from opening, in the player's words, or ""."""
        if "person" not in self.seat_kinds():
            return self.tr("Nobody else will join: choose “A person who will join” for at least one seat, "
                           "or start a game at this computer with Game ▸ New… instead.")
        if not self._you_name_typed():
            return self.tr("Type your name in the first seat: the others at the table see it.")
        port = self.port_edit.text()
        if not port.isdigit() or not PORTS[0] <= int(port) <= PORTS[1]:
            return self.tr("The port must be a number from 1024 to 65535.")
        return ""

    def _you_name_typed(self) -> str:
        return " ".join(self._seat_rows[0][1].text().split())[:MAX_NAME] if self._seat_rows else ""

    def _check_seats(self) -> None:
        if not self._ready:
            return
        problem = self.problem()
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(not problem)
        self.seats_problem.hide()
        self.table_problem.setText(problem)
        self.table_problem.setVisible(bool(problem))

    # -- reading -------------------------------------------------------------------------------
    def config(self) -> NewGameConfig:
        cfg = super().config()
        kinds = self.seat_kinds()
        seats: list[Seat] = []
        for i, (seat, kind) in enumerate(zip(cfg.seats, kinds, strict=True)):
            if kind == "you":
                seats.append(Seat.human(self._you_name_typed() or seat.name))
            elif kind == "person":
                seats.append(Seat.human(self._person_name(i)))   # (their own name once they join)
            else:
                seats.append(seat)
        cfg.seats = seats
        cfg.undo_allowed = self.undo_check.isChecked()
        return cfg

    def choice(self) -> HostChoice:
        """What the player chose; raises :class:`ChoiceError` (its text for the player) when the
        table cannot open as chosen."""
        problem = self.problem()
        if problem:
            raise ChoiceError(problem)
        return HostChoice(self.config(), self.seat_kinds(), float(self.takeover_spin.value()),
                          self.undo_check.isChecked(), self.announce_check.isChecked(), int(self.port_edit.text()))

    def accept(self) -> None:
        if self.problem():
            self._check_seats()
            return
        super().accept()


__all__ = ["PORTS", "HostChoice", "HostTableDialog"]
