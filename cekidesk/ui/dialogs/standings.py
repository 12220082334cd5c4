"""The end of a match: who wins it, and the final standings."""
from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)

from cekidesk.engine.match import Match

from ..foundations import i18n, names
from ..foundations.names import seat_label
from ..games import game_ui
from .common import table_item
from .score_sheet import side_name


def winners_text(match: Match, winners: Sequence[int], seat_names: Sequence[str], human_seat: int) -> str:
    """The headline of the end of a match: who wins it — a side by its players' names."""
    sides = {side_name(match, w, seat_names) for w in winners}
    if match.sides and len(sides) == 1:
        return QCoreApplication.translate("StandingsDialog", "{names} win the match.").format(names=sides.pop())
    if len(winners) > 1:
        return QCoreApplication.translate("StandingsDialog", "A tie: {names} share the match.").format(
            names=", ".join(sorted(sides) if match.sides else (seat_names[w] for w in winners)))
    if winners[0] == human_seat:
        return QCoreApplication.translate("StandingsDialog", "You win the match!")
    return QCoreApplication.translate("StandingsDialog", "{name} wins the match.").format(name=seat_names[winners[0]])


class StandingsDialog(QDialog):
    newGame = Signal()

    def __init__(self, match: Match, seat_names: Sequence[str], human_seat: int, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("standingsDialog")
        self.setWindowTitle(i18n.latin(lambda: self.tr("Final standings")))
        lay = QVBoxLayout(self)
        winners = match.winners() or tuple(match.standings()[:1])
        head = QLabel(self)
        f = QFont(head.font())
        f.setPointSizeF(f.pointSizeF() * 1.5)
        f.setBold(True)
        head.setFont(f)
        head.setText(winners_text(match, winners, seat_names, human_seat))
        self.headline = head
        lay.addWidget(head)
        money = match.match_options.mode == "money"
        order = match.standings()
        out = set(match.out_seats())
        hd = [self.tr("Place"), self.tr("Player"), self.tr("Points")] + ([self.tr("Money")] if money else [])
        if match.sides:
            hd.append(self.tr("Side"))
        table = QTableWidget(len(order), len(hd), self)
        table.setObjectName("standingsTable")
        table.setHorizontalHeaderLabels(hd)
        table.verticalHeader().setVisible(False)
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        place = 0
        prev = None
        for r, seat in enumerate(order):
            key = (seat in winners, seat in out, match.scores[seat], match.ledger[seat])
            if key != prev:
                place = r + 1
                prev = key
            who = seat_label(seat_names, seat, human_seat)
            if seat in out:
                who = self.tr("{name} — out").format(name=who)
            table.setItem(r, 0, table_item(str(place)))
            table.setItem(r, 1, table_item(who, Qt.AlignmentFlag.AlignLeft, bold=seat in winners))
            table.setItem(r, 2, table_item(names.format_points(match.scores[seat])))
            if money:
                table.setItem(r, 3, table_item(names.format_money(match.ledger[seat])))
            if match.sides:
                table.setItem(r, len(hd) - 1,
                              table_item(side_name(match, seat, seat_names), Qt.AlignmentFlag.AlignLeft))
        self.table = table
        lay.addWidget(table)
        lay.addWidget(QLabel(game_ui(match.spec.id).words.played(len(match.history)), self))
        buttons = QDialogButtonBox(self)
        new = buttons.addButton(self.tr("&New game…"), QDialogButtonBox.ButtonRole.AcceptRole)
        new.clicked.connect(self.newGame)
        new.clicked.connect(self.accept)
        close = buttons.addButton(self.tr("Close"), QDialogButtonBox.ButtonRole.RejectRole)
        close.clicked.connect(self.reject)
        lay.addWidget(buttons)
        self.resize(480, 360)


__all__ = ["StandingsDialog", "winners_text"]
